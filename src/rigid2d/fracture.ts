/**
 * Voronoi fracture of a rigid body (textbook §26.5, "ボロノイによる破壊"; the pre-fractured pieces
 * glued by breakable constraints of §14.7).
 *
 * `fractureBody` replaces a body made of one convex polygon by its Voronoi pieces
 * (geometry/voronoi2d.ts): every piece is convex, the pieces tile the polygon, and each takes the
 * rigid motion of the original at its own centre of mass, v + ω × (cᵢ − c), so mass, centre of mass,
 * linear and angular momentum are all conserved (the pieces share the original's density).
 * With `glue`, neighbouring pieces are joined by breakable weld joints at the middle of their
 * shared edge, so the body holds together until a hit pulls the joints past their break force
 * (the wall that crumbles); without it the pieces fly apart at once (glass shot by a ball).
 *
 * `ImpactFracture` does the second case from the world's contact-hit events: a registered body
 * whose hit impulse, estimated as m_eff · v_n with m_eff = mA·mB / (mA + mB) (the impulse that stops
 * the approach of two bodies, textbook §26.2), passes its threshold is fractured around the hit point.
 */
import { PhysicsError } from '../core/errors.js';
import { polygonCentroid } from '../geometry/polygon2d.js';
import { MAX_POLYGON_VERTICES } from '../geometry/shapes2d.js';
import {
  bisectorHalfPlane2,
  clusteredSeeds2,
  type HalfPlane2,
  voronoiCells2,
} from '../geometry/voronoi2d.js';
import { pcos, psin } from '../math/portable.js';
import { Prng } from '../math/prng.js';
import type { BodyId, FilterDef, JointId, ShapeId, Vec2Tuple } from './types.js';
import type { World } from './world.js';

/** How to cut a body and what to do with the pieces. */
export interface FractureOptions {
  /** seed points in the body's local frame (x0, y0, x1, y1, …); default: clustered around `impact` */
  seeds?: ArrayLike<number>;
  /** the impact point in world coordinates (seeds cluster around it), default the body's centre */
  impact?: Vec2Tuple;
  /** number of clustered seeds when `seeds` is not given, default 12 */
  count?: number;
  /** PRNG seed for the clustered seeds, default 1 */
  seed?: number;
  /** clustering: seed distance = radius · u^power; defaults: the body's size and 2 */
  radius?: number;
  /** clustering exponent (see `radius`) */
  power?: number;
  /** material of the pieces; the density defaults to the body's mass / area (so mass is kept) */
  friction?: number;
  /** restitution of the pieces (default: the shape default) */
  restitution?: number;
  /** collision filter of the pieces */
  filter?: FilterDef;
  /** glue neighbouring pieces with weld joints that break above these reactions (N, N·m) */
  glue?: { breakForce: number; breakTorque?: number };
}

/** The pieces of a fractured body. */
export interface FractureResult {
  /** the new bodies, one per non-empty Voronoi cell */
  bodies: BodyId[];
  /** the glue joints (empty without `glue`) */
  joints: JointId[];
  /** each piece's outline in its body's local frame (which is the original body's frame) */
  outlines: Float64Array[];
}

/**
 * Splits `body` — a dynamic body with exactly one polygon (or box) shape — into Voronoi pieces and
 * destroys it. Returns the new bodies, one per non-empty cell, in seed order.
 */
export function fractureBody(world: World, body: BodyId, options: FractureOptions = {}): FractureResult {
  const shapes = world.getBodyShapes(body);
  if (shapes.length !== 1) {
    throw new PhysicsError(
      'invalid-argument',
      `fractureBody: the body must have exactly one shape, it has ${shapes.length}`,
    );
  }
  const geom = world.getShapeGeometry(shapes[0] as ShapeId);
  if (geom.kind !== 'polygon' || geom.radius !== 0) {
    throw new PhysicsError(
      'invalid-argument',
      `fractureBody: the shape must be a sharp polygon or box, got ${geom.kind}`,
    );
  }
  if (world.getBodyType(body) !== 'dynamic') {
    throw new PhysicsError('invalid-argument', 'fractureBody: only dynamic bodies can be fractured');
  }
  const n = geom.count;
  const outline = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    outline[2 * i] = geom.vx[i]!;
    outline[2 * i + 1] = geom.vy[i]!;
  }
  let area = 0;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    area += outline[2 * j]! * outline[2 * i + 1]! - outline[2 * i]! * outline[2 * j + 1]!;
  }
  area *= 0.5;
  const density = world.getMass(body) / area;

  const [px, py] = world.getPosition(body);
  const angle = world.getAngle(body);
  const c = pcos(angle);
  const s = psin(angle);
  let seeds = options.seeds;
  if (seeds === undefined) {
    let lx = polygonCentroid(outline).x;
    let ly = polygonCentroid(outline).y;
    if (options.impact !== undefined) {
      const [ix, iy] = options.impact;
      if (!Number.isFinite(ix) || !Number.isFinite(iy)) {
        throw new PhysicsError('non-finite', `impact: must be finite, got [${ix}, ${iy}]`);
      }
      // world → body frame
      const dx = ix - px;
      const dy = iy - py;
      lx = c * dx + s * dy;
      ly = -s * dx + c * dy;
    }
    const radiusOpt = options.radius;
    const powerOpt = options.power;
    seeds = clusteredSeeds2(outline, lx, ly, options.count ?? 12, new Prng(options.seed ?? 1), {
      ...(radiusOpt !== undefined ? { radius: radiusOpt } : {}),
      ...(powerOpt !== undefined ? { power: powerOpt } : {}),
    });
  }
  const cells = voronoiCells2(outline, seeds);

  const [vx, vy] = world.getLinearVelocity(body);
  const w = world.getAngularVelocity(body);
  const [cx, cy] = world.getWorldCenter(body);
  const awake = world.isAwake(body);
  const bullet = world.isBullet(body);
  world.destroyBody(body);

  const bodies: BodyId[] = [];
  const outlines: Float64Array[] = [];
  for (const cell of cells) {
    const centroid = polygonCentroid(cell.vertices);
    // piece centre of mass in world coordinates, and the rigid velocity there: v + ω × (cᵢ − c)
    const wx = px + c * centroid.x - s * centroid.y;
    const wy = py + s * centroid.x + c * centroid.y;
    const id = world.createBody({
      type: 'dynamic',
      position: [px, py],
      angle,
      linearVelocity: [vx - w * (wy - cy), vy + w * (wx - cx)],
      angularVelocity: w,
      awake,
      bullet,
    });
    for (const part of convexParts(cell.vertices)) {
      world.createShape(id, {
        kind: 'polygon',
        vertices: part,
        density,
        ...(options.friction !== undefined ? { friction: options.friction } : {}),
        ...(options.restitution !== undefined ? { restitution: options.restitution } : {}),
        ...(options.filter !== undefined ? { filter: options.filter } : {}),
      });
    }
    bodies.push(id);
    outlines.push(cell.vertices);
  }

  const joints: JointId[] = [];
  if (options.glue !== undefined) {
    const { breakForce, breakTorque } = options.glue;
    const h: HalfPlane2 = { a: 0, b: 0, c: 0 };
    const size = Math.sqrt(area);
    for (let i = 0; i < cells.length; i++) {
      for (let j = i + 1; j < cells.length; j++) {
        const a = cells[i]!;
        const b = cells[j]!;
        bisectorHalfPlane2(
          seeds[2 * a.seed]!,
          seeds[2 * a.seed + 1]!,
          seeds[2 * b.seed]!,
          seeds[2 * b.seed + 1]!,
          h,
        );
        const edge = sharedEdge(a.vertices, b.vertices, h, 1e-9 * size);
        if (edge === null) continue;
        joints.push(
          world.createJoint({
            kind: 'weld',
            bodyA: bodies[i]!,
            bodyB: bodies[j]!,
            localAnchorA: edge,
            localAnchorB: edge,
            referenceAngle: 0,
            breakForce,
            ...(breakTorque !== undefined ? { breakTorque } : {}),
          }),
        );
      }
    }
  }
  return { bodies, joints, outlines };
}

/** A convex polygon of more than 8 vertices as a fan of convex parts of at most 8 vertices each. */
function convexParts(v: Float64Array): Vec2Tuple[][] {
  const n = v.length >> 1;
  const parts: Vec2Tuple[][] = [];
  if (n <= MAX_POLYGON_VERTICES) {
    const part: Vec2Tuple[] = [];
    for (let i = 0; i < n; i++) part.push([v[2 * i]!, v[2 * i + 1]!]);
    parts.push(part);
    return parts;
  }
  // fan around vertex 0: [0, k, k+1, …, k+6], consecutive fans share the edge 0–k
  for (let k = 1; k < n - 1; k += MAX_POLYGON_VERTICES - 2) {
    const part: Vec2Tuple[] = [[v[0]!, v[1]!]];
    for (let i = k; i <= Math.min(k + MAX_POLYGON_VERTICES - 2, n - 1); i++)
      part.push([v[2 * i]!, v[2 * i + 1]!]);
    if (part.length >= 3) parts.push(part);
  }
  return parts;
}

/**
 * The midpoint of the edge two neighbouring cells share on their bisector line `h`, or null when
 * they only touch at a point (or not at all).
 */
function sharedEdge(a: Float64Array, b: Float64Array, h: HalfPlane2, eps: number): Vec2Tuple | null {
  const len = Math.sqrt(h.a * h.a + h.b * h.b);
  // points of cell a on the line; their extent along the line is the shared edge (the cells are convex)
  let tMin = Infinity;
  let tMax = -Infinity;
  let x0 = 0;
  let y0 = 0;
  let x1 = 0;
  let y1 = 0;
  const dx = -h.b / len;
  const dy = h.a / len;
  let onB = 0;
  for (let i = 0; i < b.length; i += 2) {
    if (Math.abs(h.a * b[i]! + h.b * b[i + 1]! - h.c) <= eps * len) onB++;
  }
  if (onB < 2) return null;
  for (let i = 0; i < a.length; i += 2) {
    const x = a[i]!;
    const y = a[i + 1]!;
    if (Math.abs(h.a * x + h.b * y - h.c) > eps * len) continue;
    const t = x * dx + y * dy;
    if (t < tMin) {
      tMin = t;
      x0 = x;
      y0 = y;
    }
    if (t > tMax) {
      tMax = t;
      x1 = x;
      y1 = y;
    }
  }
  if (!(tMax - tMin > eps)) return null;
  return [0.5 * (x0 + x1), 0.5 * (y0 + y1)];
}

/** Fractures registered bodies when a contact hit's impulse passes their threshold (see the file comment). */
export class ImpactFracture {
  private readonly thresholds = new Map<BodyId, { impulse: number; options: FractureOptions }>();

  constructor(private readonly world: World) {}

  /** Marks `body` to fracture when hit with an impulse above `impulse` (N·s). */
  add(body: BodyId, impulse: number, options: FractureOptions = {}): void {
    if (!(impulse > 0) || !Number.isFinite(impulse)) {
      throw new PhysicsError('invalid-argument', `impulse: must be a positive finite number, got ${impulse}`);
    }
    this.thresholds.set(body, { impulse, options });
  }

  /** Call after each `world.step`: fractures the bodies hit hard enough; returns the results. */
  update(): FractureResult[] {
    const results: FractureResult[] = [];
    const hits = this.world.events().hit;
    const done = new Set<BodyId>();
    // collect first: fracturing destroys bodies the event list still names
    const todo: { body: BodyId; x: number; y: number }[] = [];
    for (const hit of hits) {
      const a = this.world.getShapeBody(hit.shapeA);
      const b = this.world.getShapeBody(hit.shapeB);
      const ma = this.world.getBodyType(a) === 'dynamic' ? this.world.getMass(a) : Number.POSITIVE_INFINITY;
      const mb = this.world.getBodyType(b) === 'dynamic' ? this.world.getMass(b) : Number.POSITIVE_INFINITY;
      const mEff =
        ma === Number.POSITIVE_INFINITY ? mb : mb === Number.POSITIVE_INFINITY ? ma : (ma * mb) / (ma + mb);
      const impulse = mEff * hit.approachSpeed;
      for (const body of [a, b]) {
        const t = this.thresholds.get(body);
        if (t !== undefined && impulse > t.impulse && !done.has(body)) {
          done.add(body);
          todo.push({ body, x: hit.x, y: hit.y });
        }
      }
    }
    for (const { body, x, y } of todo) {
      const t = this.thresholds.get(body)!;
      this.thresholds.delete(body);
      results.push(fractureBody(this.world, body, { ...t.options, impact: [x, y] }));
    }
    return results;
  }
}
