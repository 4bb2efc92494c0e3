/**
 * 2D convex shapes for the narrowphase (textbook §26.2 "接触の生成").
 *
 * Every shape is a *rounded convex polygon*: up to 8 core vertices swept by a radius.
 * A circle is 1 vertex + radius, a capsule 2 vertices + radius, a segment 2 vertices and no
 * radius, a box 4 vertices. Keeping one representation lets SAT + clipping (sat2d.ts, clip2d.ts)
 * serve every polygon-like pair, with circles as the special case the book mentions.
 * Vertices are counter-clockwise in the shape's local (body) frame; normals are the outward unit
 * normals of edge i (from vertex i to vertex i+1).
 */
import { assertFinite, PhysicsError } from '../core/errors.js';
import { pcos, psin } from '../math/portable.js';

/** The most vertices a polygon may have (Box2D's b2_maxPolygonVertices). */
export const MAX_POLYGON_VERTICES = 8;

/** The kinds of 2D convex shape: circle, capsule, polygon, segment. */
export type ShapeKind = 'circle' | 'capsule' | 'polygon' | 'segment';

/** A rounded convex polygon in a local frame. */
export interface ConvexShape2 {
  /** which kind of shape */
  kind: ShapeKind;
  /** number of core vertices: 1 circle, 2 capsule/segment, 3..8 polygon */
  count: number;
  /** core vertices, x (local frame, counter-clockwise) */
  vx: Float64Array;
  /** core vertices, y */
  vy: Float64Array;
  /** outward unit normals of edge i (vertex i → i+1); for 2 vertices: +n then −n */
  nx: Float64Array;
  /** (see nx) the normals' y components */
  ny: Float64Array;
  /** the rounding radius (circle and capsule radius; 0 for sharp polygons and segments) */
  radius: number;
  /** centroid in the local frame */
  centroidX: number;
  /** (see centroidX) the centroid's y */
  centroidY: number;
  /**
   * chain segments only: the neighbouring points ("ghost vertices") as
   * [prevX, prevY, nextX, nextY, hasPrev, hasNext, oneSided], used to smooth contacts at the joins;
   * oneSided = 1: only the front face (normal 0, right of the direction vertex 0 → 1) collides
   */
  ghost?: Float64Array;
}

function emptyShape(kind: ShapeKind, count: number, radius: number): ConvexShape2 {
  return {
    kind,
    count,
    vx: new Float64Array(MAX_POLYGON_VERTICES),
    vy: new Float64Array(MAX_POLYGON_VERTICES),
    nx: new Float64Array(MAX_POLYGON_VERTICES),
    ny: new Float64Array(MAX_POLYGON_VERTICES),
    radius,
    centroidX: 0,
    centroidY: 0,
  };
}

/** A circle of `radius` centred at (cx, cy) in the local frame. */
export function makeCircle(radius: number, cx = 0, cy = 0, where = 'circle'): ConvexShape2 {
  assertFinite(radius, `${where}.radius`);
  assertFinite(cx, `${where}.center[0]`);
  assertFinite(cy, `${where}.center[1]`);
  if (!(radius > 0))
    throw new PhysicsError('degenerate-shape', `${where}.radius: must be > 0, got ${radius}`);
  const s = emptyShape('circle', 1, radius);
  s.vx[0] = cx;
  s.vy[0] = cy;
  s.centroidX = cx;
  s.centroidY = cy;
  return s;
}

function twoPoint(
  kind: ShapeKind,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  radius: number,
  where: string,
) {
  for (const [v, f] of [
    [x1, 'p1[0]'],
    [y1, 'p1[1]'],
    [x2, 'p2[0]'],
    [y2, 'p2[1]'],
  ] as const)
    assertFinite(v, `${where}.${f}`);
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len = Math.sqrt(dx * dx + dy * dy);
  if (!(len > 1e-9)) {
    throw new PhysicsError('degenerate-shape', `${where}: the two points must differ, got length ${len}`);
  }
  const s = emptyShape(kind, 2, radius);
  s.vx[0] = x1;
  s.vy[0] = y1;
  s.vx[1] = x2;
  s.vy[1] = y2;
  // edge 0 (p1 → p2) has the right-hand normal; edge 1 (p2 → p1) the opposite one
  s.nx[0] = dy / len;
  s.ny[0] = -dx / len;
  s.nx[1] = -dy / len;
  s.ny[1] = dx / len;
  s.centroidX = 0.5 * (x1 + x2);
  s.centroidY = 0.5 * (y1 + y2);
  return s;
}

/** A capsule: the segment p1–p2 swept by `radius`. */
export function makeCapsule(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  radius: number,
  where = 'capsule',
): ConvexShape2 {
  assertFinite(radius, `${where}.radius`);
  if (!(radius > 0))
    throw new PhysicsError('degenerate-shape', `${where}.radius: must be > 0, got ${radius}`);
  return twoPoint('capsule', x1, y1, x2, y2, radius, where);
}

/** A segment (zero thickness; use on static bodies, e.g. chains of ground). */
export function makeSegment(x1: number, y1: number, x2: number, y2: number, where = 'segment'): ConvexShape2 {
  return twoPoint('segment', x1, y1, x2, y2, 0, where);
}

/**
 * A convex polygon from counter-clockwise (or clockwise; it is reordered) points, optionally
 * rounded by `radius`. Rejects non-finite points, fewer than 3 or more than 8 points,
 * repeated points, non-convex outlines and zero area, naming the field in the message.
 */
export function makePolygon(
  points: ArrayLike<readonly [number, number]>,
  radius = 0,
  where = 'polygon',
): ConvexShape2 {
  const n = points.length;
  if (n < 3 || n > MAX_POLYGON_VERTICES) {
    throw new PhysicsError(
      'degenerate-shape',
      `${where}.vertices: need 3 to ${MAX_POLYGON_VERTICES} points, got ${n}`,
    );
  }
  assertFinite(radius, `${where}.radius`);
  if (radius < 0) throw new PhysicsError('degenerate-shape', `${where}.radius: must be >= 0, got ${radius}`);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < n; i++) {
    const p = points[i]!;
    xs.push(assertFinite(p[0], `${where}.vertices[${i}][0]`));
    ys.push(assertFinite(p[1], `${where}.vertices[${i}][1]`));
  }
  // signed area (shoelace); reorder clockwise input
  let area2 = 0;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    area2 += xs[i]! * ys[j]! - xs[j]! * ys[i]!;
  }
  if (area2 < 0) {
    xs.reverse();
    ys.reverse();
    area2 = -area2;
  }
  if (!(area2 > 1e-12)) {
    throw new PhysicsError('degenerate-shape', `${where}.vertices: zero area (collinear or repeated points)`);
  }
  const s = emptyShape('polygon', n, radius);
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const ex = xs[j]! - xs[i]!;
    const ey = ys[j]! - ys[i]!;
    const len = Math.sqrt(ex * ex + ey * ey);
    if (!(len > 1e-9)) {
      throw new PhysicsError('degenerate-shape', `${where}.vertices[${j}]: repeats vertex ${i}`);
    }
    s.vx[i] = xs[i]!;
    s.vy[i] = ys[i]!;
    s.nx[i] = ey / len;
    s.ny[i] = -ex / len;
  }
  // convexity: every vertex must be on the inner side of every edge (strictly turning left)
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const k = (i + 2) % n;
    const cross = (xs[j]! - xs[i]!) * (ys[k]! - ys[j]!) - (ys[j]! - ys[i]!) * (xs[k]! - xs[j]!);
    if (!(cross > 1e-12)) {
      throw new PhysicsError(
        'degenerate-shape',
        `${where}.vertices: not strictly convex at vertex ${j} (cross ${cross.toPrecision(3)})`,
      );
    }
  }
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < n; k++) {
      const d = s.nx[i]! * (xs[k]! - xs[i]!) + s.ny[i]! * (ys[k]! - ys[i]!);
      if (d > 1e-9) throw new PhysicsError('degenerate-shape', `${where}.vertices: not convex (vertex ${k})`);
    }
  }
  const mp = polygonMass(s, 1);
  s.centroidX = mp.cx;
  s.centroidY = mp.cy;
  return s;
}

/** A box of half extents (hw, hh), centred at (cx, cy) and rotated by `angle` in the local frame. */
export function makeBox(
  hw: number,
  hh: number,
  cx = 0,
  cy = 0,
  angle = 0,
  radius = 0,
  where = 'box',
): ConvexShape2 {
  assertFinite(hw, `${where}.halfWidth`);
  assertFinite(hh, `${where}.halfHeight`);
  if (!(hw > 0)) throw new PhysicsError('degenerate-shape', `${where}.halfWidth: must be > 0, got ${hw}`);
  if (!(hh > 0)) throw new PhysicsError('degenerate-shape', `${where}.halfHeight: must be > 0, got ${hh}`);
  assertFinite(cx, `${where}.center[0]`);
  assertFinite(cy, `${where}.center[1]`);
  assertFinite(angle, `${where}.angle`);
  const c = pcos(angle); // portable: identical bits in every JavaScript engine
  const s = psin(angle);
  const corners: [number, number][] = [
    [-hw, -hh],
    [hw, -hh],
    [hw, hh],
    [-hw, hh],
  ];
  const pts = corners.map(([x, y]) => [cx + c * x - s * y, cy + s * x + c * y] as [number, number]);
  const shape = makePolygon(pts, radius, where);
  // exact values for an axis-aligned box (no round-off in the normals)
  if (angle === 0) {
    const nx = [0, 1, 0, -1];
    const ny = [-1, 0, 1, 0];
    for (let i = 0; i < 4; i++) {
      shape.nx[i] = nx[i]!;
      shape.ny[i] = ny[i]!;
    }
  }
  shape.centroidX = cx;
  shape.centroidY = cy;
  return shape;
}

/** Mass, centroid and rotational inertia about the local origin for density `density`. */
export interface MassData2 {
  /** mass, kg */
  mass: number;
  /** centre of mass x, local frame */
  cx: number;
  /** centre of mass y, local frame */
  cy: number;
  /** inertia about the local origin (not the centroid) */
  inertia: number;
}

/** Polygon mass properties by a triangle fan (the core polygon; a rounding radius adds its skin). */
export function polygonMass(s: ConvexShape2, density: number): MassData2 {
  const n = s.count;
  // reference point inside the polygon reduces round-off
  let ox = 0;
  let oy = 0;
  for (let i = 0; i < n; i++) {
    ox += s.vx[i]!;
    oy += s.vy[i]!;
  }
  ox /= n;
  oy /= n;
  let area = 0;
  let cx = 0;
  let cy = 0;
  let inertia = 0;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const e1x = s.vx[i]! - ox;
    const e1y = s.vy[i]! - oy;
    const e2x = s.vx[j]! - ox;
    const e2y = s.vy[j]! - oy;
    const d = e1x * e2y - e1y * e2x;
    const a = 0.5 * d;
    area += a;
    cx += (a * (e1x + e2x)) / 3;
    cy += (a * (e1y + e2y)) / 3;
    const intx2 = e1x * e1x + e2x * e1x + e2x * e2x;
    const inty2 = e1y * e1y + e2y * e1y + e2y * e2y;
    inertia += (0.25 / 3) * d * (intx2 + inty2);
  }
  let mass = density * area;
  cx /= area;
  cy /= area;
  // inertia about the reference point → about the centroid
  let iCentroid = density * inertia - mass * (cx * cx + cy * cy);
  const wx = cx + ox;
  const wy = cy + oy;
  if (s.radius > 0) {
    // rounded skin: approximate by the perimeter strip plus the corner disc (Box2D's approach)
    let perimeter = 0;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      const ex = s.vx[j]! - s.vx[i]!;
      const ey = s.vy[j]! - s.vy[i]!;
      perimeter += Math.sqrt(ex * ex + ey * ey);
    }
    const r = s.radius;
    const skin = density * (perimeter * r + Math.PI * r * r);
    const total = mass + skin;
    iCentroid *= total / mass;
    mass = total;
  }
  return { mass, cx: wx, cy: wy, inertia: iCentroid + mass * (wx * wx + wy * wy) };
}

/** Mass properties of any shape for `density` (kg/m²). */
export function shapeMass(s: ConvexShape2, density: number): MassData2 {
  const r = s.radius;
  if (s.kind === 'circle') {
    const mass = density * Math.PI * r * r;
    const cx = s.vx[0]!;
    const cy = s.vy[0]!;
    return { mass, cx, cy, inertia: mass * (0.5 * r * r + cx * cx + cy * cy) };
  }
  if (s.kind === 'capsule' || s.kind === 'segment') {
    const dx = s.vx[1]! - s.vx[0]!;
    const dy = s.vy[1]! - s.vy[0]!;
    const len = Math.sqrt(dx * dx + dy * dy);
    const cx = 0.5 * (s.vx[0]! + s.vx[1]!);
    const cy = 0.5 * (s.vy[0]! + s.vy[1]!);
    if (r === 0) return { mass: 0, cx, cy, inertia: 0 };
    const boxMass = density * 2 * r * len;
    const circleMass = density * Math.PI * r * r;
    const mass = boxMass + circleMass;
    // rectangle len × 2r about its centre, plus two half discs whose centroids sit 4r/3π beyond the ends
    const iBox = (boxMass * (len * len + 4 * r * r)) / 12;
    const lc = (4 * r) / (3 * Math.PI);
    const h = 0.5 * len;
    const iCircle = circleMass * (0.5 * r * r - lc * lc + (h + lc) * (h + lc));
    const inertia = iBox + iCircle;
    return { mass, cx, cy, inertia: inertia + mass * (cx * cx + cy * cy) };
  }
  return polygonMass(s, density);
}

/**
 * Support function (§26.2 "GJK と EPA"): the shape's farthest core vertex in direction (dx, dy),
 * in the local frame; returns its index. Add `radius · d̂` for the rounded shape.
 */
export function supportIndex(s: ConvexShape2, dx: number, dy: number): number {
  let best = 0;
  let bestDot = s.vx[0]! * dx + s.vy[0]! * dy;
  for (let i = 1; i < s.count; i++) {
    const d = s.vx[i]! * dx + s.vy[i]! * dy;
    if (d > bestDot) {
      best = i;
      bestDot = d;
    }
  }
  return best;
}

/**
 * A 2D rigid transform: translation (px, py) and rotation (c, s) = (cos θ, sin θ).
 * Mutable on purpose: the engine reuses one per body pair instead of allocating.
 */
export class Transform2 {
  // Fields start as numbers (not parameter properties, which a [[Define]] class-field emit would
  // first set to undefined): V8 then keeps them as in-place doubles and `set` allocates nothing.
  /** translation x */
  px = 0.5;
  /** translation y */
  py = 0.5;
  /** cos of the rotation angle */
  c = 1.5;
  /** sin of the rotation angle */
  s = 0.5;
  constructor(px = 0, py = 0, c = 1, s = 0) {
    this.px = px;
    this.py = py;
    this.c = c;
    this.s = s;
  }
  /** Sets translation and rotation (cos, sin) in place; returns this. */
  set(px: number, py: number, c: number, s: number): this {
    this.px = px;
    this.py = py;
    this.c = c;
    this.s = s;
    return this;
  }
}

/** Computes the world AABB of a shape under transform `xf`, writing [minX, minY, maxX, maxY] at `out[o..]`. */
export function computeAabb(s: ConvexShape2, xf: Transform2, out: Float64Array, o: number): void {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < s.count; i++) {
    const x = xf.px + xf.c * s.vx[i]! - xf.s * s.vy[i]!;
    const y = xf.py + xf.s * s.vx[i]! + xf.c * s.vy[i]!;
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
  }
  const r = s.radius;
  out[o] = minX - r;
  out[o + 1] = minY - r;
  out[o + 2] = maxX + r;
  out[o + 3] = maxY + r;
}
