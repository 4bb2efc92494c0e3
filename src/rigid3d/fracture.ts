/**
 * Voronoi fracture of a 3D rigid body (textbook §26.5, "ボロノイによる破壊"; Voronoi pieces are
 * convex, so they suit convex collision).
 *
 * `fractureBody3` replaces a dynamic body made of one box or sharp convex hull by its Voronoi
 * pieces (geometry/voronoi3d.ts): every piece is a convex hull, the pieces tile the solid, and they
 * share the original's density (its mass over its volume), so the total mass and the centre of mass
 * are kept. Each piece takes the rigid motion of the original at its own centre of mass,
 * v + ω × (cᵢ − c), and the original's ω: linear momentum Σ mᵢvᵢ = Mv and, by the parallel-axis
 * theorem, angular momentum are conserved at the break.
 *
 * `ImpactFracture3` spawns the pieces at an impact: a registered body whose contact-hit impulse,
 * estimated from the world's hit events as m_eff · v_n with m_eff = mA·mB / (mA + mB) (the impulse
 * that stops the approach of two bodies, textbook §26.2), passes its threshold is fractured with
 * its seeds clustered around the hit point (small pieces there, large far away).
 */
import { PhysicsError } from '../core/errors.js';
import { ShapeKind3 } from '../geometry/shapes3d.js';
import {
  boxPolyhedron3,
  type ConvexPolyhedron3,
  clusteredSeeds3,
  hullPolyhedron3,
  polyhedronVolume3,
  type VoronoiCell3,
  voronoiCells3,
} from '../geometry/voronoi3d.js';
import { Prng } from '../math/prng.js';
import type { BodyId3, FilterDef3, Vec3Tuple } from './types.js';
import type { World3 } from './world.js';

/** How to cut a body and what to give the pieces. */
export interface FractureOptions3 {
  /** seed points in the body's frame (x0, y0, z0, x1, …); default: clustered around `impact` */
  seeds?: ArrayLike<number>;
  /** the impact point in world coordinates (seeds cluster around it), default the body's centre of mass */
  impact?: Vec3Tuple;
  /** number of clustered seeds when `seeds` is not given, default 12 */
  count?: number;
  /** PRNG seed of the clustered seeds, default 1 */
  seed?: number;
  /** clustering: a seed's distance from the impact is radius · u^power; default the body's size */
  radius?: number;
  /** clustering exponent (see `radius`), default 2 */
  power?: number;
  /** Coulomb μ of the pieces (default: the original shape's) */
  friction?: number;
  /** restitution of the pieces (default: the original shape's) */
  restitution?: number;
  /** collision filter of the pieces (default: the original shape's) */
  filter?: FilterDef3;
}

/** The pieces of a fractured body. */
export interface FractureResult3 {
  /** the new bodies, one per non-empty Voronoi cell, in seed order */
  bodies: BodyId3[];
  /** each piece's cell in its body's frame (which is the original body's frame) */
  cells: VoronoiCell3[];
  /** pairs [i, j] of pieces (indices into `bodies`) that share a face, with the face's centre and area */
  neighbours: { a: number; b: number; center: [number, number, number]; area: number }[];
}

/** The polyhedron moved by the placement (p, q): x ↦ R(q)x + p. */
function placePolyhedron(poly: ConvexPolyhedron3, t: readonly number[]): ConvexPolyhedron3 {
  const [px, py, pz, qx, qy, qz, qw] = t as [number, number, number, number, number, number, number];
  const rot = (x: number, y: number, z: number): [number, number, number] => {
    const tx = 2 * (qy * z - qz * y);
    const ty = 2 * (qz * x - qx * z);
    const tz = 2 * (qx * y - qy * x);
    return [
      x + qw * tx + (qy * tz - qz * ty),
      y + qw * ty + (qz * tx - qx * tz),
      z + qw * tz + (qx * ty - qy * tx),
    ];
  };
  const faces = poly.faces.map((f) => {
    const g = new Float64Array(f.length);
    for (let i = 0; i < f.length; i += 3) {
      const r = rot(f[i]!, f[i + 1]!, f[i + 2]!);
      g[i] = r[0] + px;
      g[i + 1] = r[1] + py;
      g[i + 2] = r[2] + pz;
    }
    return g;
  });
  const planes = new Float64Array(poly.planes.length);
  for (let k = 0; k < poly.planes.length; k += 4) {
    const n = rot(poly.planes[k]!, poly.planes[k + 1]!, poly.planes[k + 2]!);
    planes[k] = n[0];
    planes[k + 1] = n[1];
    planes[k + 2] = n[2];
    planes[k + 3] = poly.planes[k + 3]! + n[0] * px + n[1] * py + n[2] * pz;
  }
  return { faces, planes };
}

/** The body's solid as a polyhedron in its own frame, or a clear error if it cannot be cut. */
function bodyPolyhedron(world: World3, body: BodyId3): ConvexPolyhedron3 {
  if (world.getBodyType(body) !== 'dynamic') {
    throw new PhysicsError('invalid-argument', 'fractureBody3: only dynamic bodies can be fractured');
  }
  const shapes = world.getBodyShapes(body);
  if (shapes.length !== 1) {
    throw new PhysicsError(
      'invalid-argument',
      `fractureBody3: the body must have exactly one shape, it has ${shapes.length}`,
    );
  }
  const shape = shapes[0]!;
  const g = world.getShapeGeometry(shape);
  let poly: ConvexPolyhedron3;
  if (g.kind === ShapeKind3.BOX) poly = boxPolyhedron3(g.hx, g.hy, g.hz);
  else if (g.kind === ShapeKind3.HULL && g.radius === 0) poly = hullPolyhedron3(g);
  else {
    throw new PhysicsError(
      'invalid-argument',
      'fractureBody3: the shape must be a box or a sharp convex hull',
    );
  }
  return placePolyhedron(poly, world.getShapeLocalTransform(shape));
}

/**
 * Splits `body` — a dynamic body with exactly one box or sharp hull shape — into Voronoi pieces and
 * destroys it (see the file comment). Returns the new bodies, one per non-empty cell, in seed order.
 */
export function fractureBody3(world: World3, body: BodyId3, options: FractureOptions3 = {}): FractureResult3 {
  const poly = bodyPolyhedron(world, body);
  const whole = polyhedronVolume3(poly);
  const mass = world.getMass(body);
  const density = mass / whole.volume;
  const [px, py, pz] = world.getPosition(body);
  const q = world.getOrientation(body);
  const [qx, qy, qz, qw] = q;
  // world → body: Rᵀ(x − p), the rotation by the conjugate quaternion
  const toBody = (x: number, y: number, z: number): [number, number, number] => {
    const dx = x - px;
    const dy = y - py;
    const dz = z - pz;
    const tx = 2 * (-qy * dz + qz * dy);
    const ty = 2 * (-qz * dx + qx * dz);
    const tz = 2 * (-qx * dy + qy * dx);
    return [
      dx + qw * tx + (-qy * tz + qz * ty),
      dy + qw * ty + (-qz * tx + qx * tz),
      dz + qw * tz + (-qx * ty + qy * tx),
    ];
  };
  const toWorld = (x: number, y: number, z: number): [number, number, number] => {
    const tx = 2 * (qy * z - qz * y);
    const ty = 2 * (qz * x - qx * z);
    const tz = 2 * (qx * y - qy * x);
    return [
      px + x + qw * tx + (qy * tz - qz * ty),
      py + y + qw * ty + (qz * tx - qx * tz),
      pz + z + qw * tz + (qx * ty - qy * tx),
    ];
  };
  let seeds = options.seeds;
  if (seeds === undefined) {
    let local = whole.centroid;
    if (options.impact !== undefined) {
      const [ix, iy, iz] = options.impact;
      if (!Number.isFinite(ix) || !Number.isFinite(iy) || !Number.isFinite(iz)) {
        throw new PhysicsError('non-finite', `impact: must be finite, got [${ix}, ${iy}, ${iz}]`);
      }
      local = toBody(ix, iy, iz);
    }
    seeds = clusteredSeeds3(
      poly,
      local[0],
      local[1],
      local[2],
      options.count ?? 12,
      new Prng(options.seed ?? 1),
      {
        ...(options.radius !== undefined ? { radius: options.radius } : {}),
        ...(options.power !== undefined ? { power: options.power } : {}),
      },
    );
  }
  const cells = voronoiCells3(poly, seeds);

  // the pieces take the original shape's material and filter unless the options say otherwise
  const st = world.shapes;
  const slot = world.shapeSlot(world.getBodyShapes(body)[0]!);
  const friction = options.friction ?? st.friction[slot]!;
  const restitution = options.restitution ?? st.restitution[slot]!;
  const rollingResistance = st.rolling[slot]!;
  const torsionalFriction = st.torsion[slot]!;
  const filter = options.filter ?? {
    categoryBits: st.category[slot]!,
    maskBits: st.mask[slot]!,
    groupIndex: st.group[slot]!,
  };
  const [vx, vy, vz] = world.getLinearVelocity(body);
  const w = world.getAngularVelocity(body);
  const [cx, cy, cz] = world.getWorldCenter(body);
  const awake = world.isAwake(body);
  world.destroyBody(body);

  const bodies: BodyId3[] = [];
  for (const cell of cells) {
    const [wx, wy, wz] = toWorld(cell.centroid[0], cell.centroid[1], cell.centroid[2]);
    const rx = wx - cx;
    const ry = wy - cy;
    const rz = wz - cz;
    const id = world.createBody({
      type: 'dynamic',
      position: [px, py, pz],
      orientation: q,
      // the rigid motion at the piece's centre of mass: v + ω × r
      linearVelocity: [vx + w[1] * rz - w[2] * ry, vy + w[2] * rx - w[0] * rz, vz + w[0] * ry - w[1] * rx],
      angularVelocity: w,
      awake,
    });
    world.createShape(id, {
      kind: 'hull',
      points: cell.vertices,
      density,
      friction,
      restitution,
      rollingResistance,
      torsionalFriction,
      filter,
    });
    bodies.push(id);
  }
  return { bodies, cells, neighbours: sharedFaces(cells, seeds) };
}

/**
 * The faces two cells share: for each pair, the face of cell a on the bisector plane of the two
 * seeds (its centre and area), when it has area. The glue points of pre-fractured pieces.
 */
function sharedFaces(cells: VoronoiCell3[], seeds: ArrayLike<number>): FractureResult3['neighbours'] {
  const out: FractureResult3['neighbours'] = [];
  for (let i = 0; i < cells.length; i++) {
    const a = cells[i]!;
    const sa = [seeds[3 * a.seed]!, seeds[3 * a.seed + 1]!, seeds[3 * a.seed + 2]!];
    for (let j = i + 1; j < cells.length; j++) {
      const b = cells[j]!;
      const sb = [seeds[3 * b.seed]!, seeds[3 * b.seed + 1]!, seeds[3 * b.seed + 2]!];
      let nx = sb[0]! - sa[0]!;
      let ny = sb[1]! - sa[1]!;
      let nz = sb[2]! - sa[2]!;
      const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
      nx /= len;
      ny /= len;
      nz /= len;
      const d = 0.5 * (nx * (sa[0]! + sb[0]!) + ny * (sa[1]! + sb[1]!) + nz * (sa[2]! + sb[2]!));
      const p = a.polyhedron;
      for (let f = 0; f < p.faces.length; f++) {
        const fn = [p.planes[4 * f]!, p.planes[4 * f + 1]!, p.planes[4 * f + 2]!, p.planes[4 * f + 3]!];
        if (
          fn[0]! * nx + fn[1]! * ny + fn[2]! * nz < 1 - 1e-9 ||
          Math.abs(fn[3]! - d) > 1e-9 * (1 + Math.abs(d))
        )
          continue;
        const face = p.faces[f]!;
        // area and centre of the face polygon (fan from its first vertex)
        let area = 0;
        let sx = 0;
        let sy = 0;
        let sz = 0;
        for (let k = 3; k + 3 < face.length; k += 3) {
          const ux = face[k]! - face[0]!;
          const uy = face[k + 1]! - face[1]!;
          const uz = face[k + 2]! - face[2]!;
          const wx = face[k + 3]! - face[0]!;
          const wy = face[k + 4]! - face[1]!;
          const wz = face[k + 5]! - face[2]!;
          const cxp = uy * wz - uz * wy;
          const cyp = uz * wx - ux * wz;
          const czp = ux * wy - uy * wx;
          const t = 0.5 * Math.sqrt(cxp * cxp + cyp * cyp + czp * czp);
          area += t;
          sx += (t * (3 * face[0]! + ux + wx)) / 3;
          sy += (t * (3 * face[1]! + uy + wy)) / 3;
          sz += (t * (3 * face[2]! + uz + wz)) / 3;
        }
        // area³ against volume² compares like with like (both length⁶)
        if (area * area * area > 1e-36 * a.volume * a.volume)
          out.push({ a: i, b: j, center: [sx / area, sy / area, sz / area], area });
        break;
      }
    }
  }
  return out;
}

const NO_RESULTS: readonly FractureResult3[] = Object.freeze([]);

/** Fractures registered bodies when a contact hit's impulse passes their threshold (see the file comment). */
export class ImpactFracture3 {
  private readonly thresholds = new Map<BodyId3, { impulse: number; options: FractureOptions3 }>();

  /** @param world the world whose hit events are read */
  constructor(private readonly world: World3) {}

  /** Marks `body` to fracture when hit with an impulse above `impulse` (N·s). */
  add(body: BodyId3, impulse: number, options: FractureOptions3 = {}): void {
    if (!(impulse > 0) || !Number.isFinite(impulse)) {
      throw new PhysicsError('invalid-argument', `impulse: must be a positive finite number, got ${impulse}`);
    }
    bodyPolyhedron(this.world, body);
    this.thresholds.set(body, { impulse, options });
  }

  /** How many registered bodies are still whole. */
  get pending(): number {
    return this.thresholds.size;
  }

  /**
   * Call after each `world.step`: fractures the bodies hit hard enough and returns their pieces
   * (a step without hits allocates nothing and returns the same empty list).
   */
  update(): readonly FractureResult3[] {
    const world = this.world;
    if (this.thresholds.size === 0 || world.events().hit.length === 0) return NO_RESULTS;
    const results: FractureResult3[] = [];
    const done = new Set<BodyId3>();
    // collect first: fracturing destroys bodies the event list still names
    const todo: { body: BodyId3; x: number; y: number; z: number }[] = [];
    for (const hit of world.events().hit) {
      if (!world.isValid(hit.shapeA) || !world.isValid(hit.shapeB)) continue;
      const a = world.getShapeBody(hit.shapeA);
      const b = world.getShapeBody(hit.shapeB);
      const ma = world.getBodyType(a) === 'dynamic' ? world.getMass(a) : Number.POSITIVE_INFINITY;
      const mb = world.getBodyType(b) === 'dynamic' ? world.getMass(b) : Number.POSITIVE_INFINITY;
      const mEff =
        ma === Number.POSITIVE_INFINITY ? mb : mb === Number.POSITIVE_INFINITY ? ma : (ma * mb) / (ma + mb);
      const impulse = mEff * hit.approachSpeed;
      for (const body of [a, b]) {
        const t = this.thresholds.get(body);
        if (t !== undefined && impulse > t.impulse && !done.has(body)) {
          done.add(body);
          todo.push({ body, x: hit.x, y: hit.y, z: hit.z });
        }
      }
    }
    for (const { body, x, y, z } of todo) {
      const t = this.thresholds.get(body)!;
      this.thresholds.delete(body);
      results.push(fractureBody3(world, body, { ...t.options, impact: [x, y, z] }));
    }
    return results;
  }
}
