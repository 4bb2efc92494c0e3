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
  /** the support point in the core's frame, before the pose */
  private readonly local = new Float64Array(3);

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
    // Pose3.unrotate written out: three computed doubles would be boxed at an un-inlined call
    const p = this.pose;
    const x = sign * n[0]!;
    const y = sign * n[1]!;
    const z = sign * n[2]!;
    const d = this.d;
    d[0] = p.r00 * x + p.r10 * y + p.r20 * z;
    d[1] = p.r01 * x + p.r11 * y + p.r21 * z;
    d[2] = p.r02 * x + p.r12 * y + p.r22 * z;
    return this.supportLocal(out, oo);
  }

  /**
   * The support point for the local direction already in `this.d`. The local point goes to the
   * world through `world` (Pose3.toWorld written out once): computed doubles handed to an
   * un-inlined call would be boxed, a heap allocation per support point.
   */
  private supportLocal(out: Float64Array, oo: number): number {
    const d = this.d;
    const lx = d[0]!;
    const ly = d[1]!;
    const lz = d[2]!;
    const l = this.local;
    let k = 0;
    switch (this.core) {
      case CoreKind3.POINT:
        l[0] = 0;
        l[1] = 0;
        l[2] = 0;
        break;
      case CoreKind3.SEGMENT: {
        const s = ly >= 0 ? 1 : -1;
        l[0] = 0;
        l[1] = s * this.hy;
        l[2] = 0;
        k = ly >= 0 ? 1 : 0;
        break;
      }
      case CoreKind3.BOX: {
        const sx = lx >= 0 ? 1 : -1;
        const sy = ly >= 0 ? 1 : -1;
        const sz = lz >= 0 ? 1 : -1;
        l[0] = sx * this.hx;
        l[1] = sy * this.hy;
        l[2] = sz * this.hz;
        k = (lx >= 0 ? 1 : 0) | (ly >= 0 ? 2 : 0) | (lz >= 0 ? 4 : 0);
        break;
      }
      case CoreKind3.CYLINDER: {
        const r = Math.sqrt(lx * lx + lz * lz);
        l[1] = ly >= 0 ? this.hy : -this.hy;
        if (r > 1e-12) {
          l[0] = (this.hz * lx) / r;
          l[2] = (this.hz * lz) / r;
        } else {
          l[0] = this.hz;
          l[2] = 0;
        }
        break;
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
        l[0] = v[3 * best]!;
        l[1] = v[3 * best + 1]!;
        l[2] = v[3 * best + 2]!;
        k = best;
        break;
      }
      default: {
        const t = this.tri;
        const s0 = t[0]! * lx + t[1]! * ly + t[2]! * lz;
        const s1 = t[3]! * lx + t[4]! * ly + t[5]! * lz;
        const s2 = t[6]! * lx + t[7]! * ly + t[8]! * lz;
        k = s0 >= s1 ? (s0 >= s2 ? 0 : 2) : s1 >= s2 ? 1 : 2;
        l[0] = t[3 * k]!;
        l[1] = t[3 * k + 1]!;
        l[2] = t[3 * k + 2]!;
      }
    }
    const p = this.pose;
    const x = l[0]!;
    const y = l[1]!;
    const z = l[2]!;
    out[oo] = p.px + p.r00 * x + p.r01 * y + p.r02 * z;
    out[oo + 1] = p.py + p.r10 * x + p.r11 * y + p.r12 * z;
    out[oo + 2] = p.pz + p.r20 * x + p.r21 * y + p.r22 * z;
    return k;
  }
}
