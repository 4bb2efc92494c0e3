/**
 * Support functions of 3D convex shapes for GJK and EPA (textbook §26.2 "GJKとEPA": "which
 * point of the shape lies farthest in direction d?"). A `ConvexProxy3` is a shape's core (point,
 * segment, box, cylinder, polyhedron or triangle) in world placement plus a rounding radius: the
 * sphere is a point + radius, the capsule a segment + radius, a rounded hull its polyhedron +
 * radius. GJK runs on the cores and subtracts the radii (the Minkowski sum with a sphere adds the
 * radius in every direction), so rounded shapes converge in a few rounds.
 */
import { Pose3 } from './pose3d.js';
import { type ConvexHull3, type ConvexShape3, ShapeKind3 } from './shapes3d.js';

/** Core kinds of a proxy. */
export const CoreKind3 = {
  /** a point (sphere core) */
  POINT: 0,
  /** a segment along local y (capsule core) */
  SEGMENT: 1,
  /** a box */
  BOX: 2,
  /** a cylinder along local y */
  CYLINDER: 3,
  /** a convex polyhedron */
  HULL: 4,
  /** a triangle (local vertices) */
  TRIANGLE: 5,
} as const;

/** A convex shape's core in world placement plus its rounding radius (reused, no allocation). */
export class ConvexProxy3 {
  /** one of {@link CoreKind3} */
  core = 0;
  /** rounding radius added around the core */
  radius = 0;
  /** box half-extents or (0, halfHeight, radius) for segments and cylinders */
  hx = 0;
  /** half-extent y / half height */
  hy = 0;
  /** half-extent z / cylinder radius */
  hz = 0;
  /** the hull, for HULL cores */
  hull: ConvexHull3 | null = null;
  /** triangle vertices in the local frame (9 numbers) */
  readonly tri = new Float64Array(9);
  /** the placement */
  readonly pose = new Pose3();
  private readonly d = new Float64Array(3);

  /** Loads a convex shape placed by `xf[o..o+6]`; returns this. */
  setShape(shape: ConvexShape3, xf: ArrayLike<number>, o: number): this {
    this.pose.set(xf, o);
    this.hull = null;
    switch (shape.kind) {
      case ShapeKind3.SPHERE:
        this.core = CoreKind3.POINT;
        this.radius = shape.radius;
        break;
      case ShapeKind3.CAPSULE:
        this.core = CoreKind3.SEGMENT;
        this.radius = shape.radius;
        this.hx = 0;
        this.hy = shape.halfHeight;
        this.hz = 0;
        break;
      case ShapeKind3.BOX:
        this.core = CoreKind3.BOX;
        this.radius = 0;
        this.hx = shape.hx;
        this.hy = shape.hy;
        this.hz = shape.hz;
        break;
      case ShapeKind3.CYLINDER:
        this.core = CoreKind3.CYLINDER;
        this.radius = 0;
        this.hx = 0;
        this.hy = shape.halfHeight;
        this.hz = shape.radius;
        break;
      case ShapeKind3.HULL:
        this.core = CoreKind3.HULL;
        this.radius = shape.radius;
        this.hull = shape;
        break;
    }
    return this;
  }

  /** Loads a triangle given in `pose`'s local frame (a, b, c at v[0..8]); returns this. */
  setTriangle(v: ArrayLike<number>, pose: Pose3, radius = 0): this {
    this.pose.copy(pose);
    this.core = CoreKind3.TRIANGLE;
    this.radius = radius;
    this.hull = null;
    for (let i = 0; i < 9; i++) this.tri[i] = v[i]!;
    return this;
  }

  /** The world centre of the core's bounds (a point inside the core). */
  center(out: Float64Array, oo: number): void {
    if (this.core === CoreKind3.TRIANGLE) {
      const t = this.tri;
      this.pose.toWorld(
        (t[0]! + t[3]! + t[6]!) / 3,
        (t[1]! + t[4]! + t[7]!) / 3,
        (t[2]! + t[5]! + t[8]!) / 3,
        out,
        oo,
      );
    } else if (this.core === CoreKind3.HULL) {
      const c = this.hull!.centroid;
      this.pose.toWorld(c[0]!, c[1]!, c[2]!, out, oo);
    } else this.pose.toWorld(0, 0, 0, out, oo);
  }

  /**
   * The world support point of the core in world direction (dx, dy, dz), into out[oo..oo+2];
   * returns the local vertex index where the core has vertices (box corner bits, hull vertex,
   * triangle corner, segment end), else 0.
   */
  support(dx: number, dy: number, dz: number, out: Float64Array, oo: number): number {
    const p = this.pose;
    const d = this.d;
    p.unrotate(dx, dy, dz, d, 0);
    return this.supportLocal(out, oo);
  }

  /**
   * `support` along `sign · (n[0], n[1], n[2])`: the direction in an array with a ±1 sign, so a
   * caller with a computed direction hands no fresh doubles across the call (each would be boxed,
   * a heap allocation, when the optimiser does not inline `support`).
   */
  supportAlong(n: ArrayLike<number>, sign: number, out: Float64Array, oo: number): number {
    this.pose.unrotate(sign * n[0]!, sign * n[1]!, sign * n[2]!, this.d, 0);
    return this.supportLocal(out, oo);
  }

  /** The support point for the local direction already in `this.d`. */
  private supportLocal(out: Float64Array, oo: number): number {
    const p = this.pose;
    const d = this.d;
    const lx = d[0]!;
    const ly = d[1]!;
    const lz = d[2]!;
    switch (this.core) {
      case CoreKind3.POINT:
        p.toWorld(0, 0, 0, out, oo);
        return 0;
      case CoreKind3.SEGMENT: {
        const s = ly >= 0 ? 1 : -1;
        p.toWorld(0, s * this.hy, 0, out, oo);
        return ly >= 0 ? 1 : 0;
      }
      case CoreKind3.BOX: {
        const sx = lx >= 0 ? 1 : -1;
        const sy = ly >= 0 ? 1 : -1;
        const sz = lz >= 0 ? 1 : -1;
        p.toWorld(sx * this.hx, sy * this.hy, sz * this.hz, out, oo);
        return (lx >= 0 ? 1 : 0) | (ly >= 0 ? 2 : 0) | (lz >= 0 ? 4 : 0);
      }
      case CoreKind3.CYLINDER: {
        const r = Math.sqrt(lx * lx + lz * lz);
        const y = ly >= 0 ? this.hy : -this.hy;
        if (r > 1e-12) p.toWorld((this.hz * lx) / r, y, (this.hz * lz) / r, out, oo);
        else p.toWorld(this.hz, y, 0, out, oo);
        return 0;
      }
      case CoreKind3.HULL: {
        const h = this.hull!;
        const v = h.vertices;
        let best = 0;
        let bd = -Infinity;
        for (let i = 0; i < h.vertexCount; i++) {
          const s = v[3 * i]! * lx + v[3 * i + 1]! * ly + v[3 * i + 2]! * lz;
          if (s > bd) {
            bd = s;
            best = i;
          }
        }
        p.toWorld(v[3 * best]!, v[3 * best + 1]!, v[3 * best + 2]!, out, oo);
        return best;
      }
      default: {
        const t = this.tri;
        const s0 = t[0]! * lx + t[1]! * ly + t[2]! * lz;
        const s1 = t[3]! * lx + t[4]! * ly + t[5]! * lz;
        const s2 = t[6]! * lx + t[7]! * ly + t[8]! * lz;
        const k = s0 >= s1 ? (s0 >= s2 ? 0 : 2) : s1 >= s2 ? 1 : 2;
        p.toWorld(t[3 * k]!, t[3 * k + 1]!, t[3 * k + 2]!, out, oo);
        return k;
      }
    }
  }
}
