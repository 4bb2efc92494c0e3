/**
 * Convex polygons as flat coordinate lists `x0, y0, x1, y1, …`: validation (finite numbers,
 * enough vertices, convexity, winding, area, coincident or collinear vertices), area and centroid,
 * and the convex hull of a point cloud (Andrew's monotone chain).
 *
 * SAT, clipping and GJK (textbook §26.2) all assume a convex polygon with counter-clockwise
 * vertices and no repeated or collinear vertices: every edge normal is then a distinct outward
 * face normal. `validateConvexPolygon` is the single gate that enforces this, for the API
 * (`createShape`) and for scene files alike.
 */
import { PhysicsError } from '../core/errors.js';

/** Box2D's limit, and ours: a polygon shape holds at most this many vertices (as in shapes2d.ts). */
const MAX_POLYGON_VERTICES = 8;

/**
 * Relative tolerance for degeneracy: lengths below `DEGENERATE_TOLERANCE × size` (size = the
 * larger side of the polygon's bounding box) count as zero, areas below `… × size²` as zero.
 */
export const DEGENERATE_TOLERANCE = 1e-6;

/** Signed area of a polygon by the shoelace formula: positive when counter-clockwise. */
export function polygonSignedArea(v: ArrayLike<number>): number {
  const n = v.length >> 1;
  let twice = 0;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    twice += v[2 * j]! * v[2 * i + 1]! - v[2 * i]! * v[2 * j + 1]!;
  }
  return 0.5 * twice;
}

/** Area centroid of a simple polygon (the centre of mass at uniform density). */
export function polygonCentroid(v: ArrayLike<number>, out: { x: number; y: number } = { x: 0, y: 0 }) {
  const n = v.length >> 1;
  // Triangle fan around the first vertex; subtracting it keeps the sums well conditioned.
  const ox = v[0]!;
  const oy = v[1]!;
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 1; i + 1 < n; i++) {
    const ax = v[2 * i]! - ox;
    const ay = v[2 * i + 1]! - oy;
    const bx = v[2 * i + 2]! - ox;
    const by = v[2 * i + 3]! - oy;
    const a = 0.5 * (ax * by - ay * bx);
    area += a;
    cx += (a * (ax + bx)) / 3;
    cy += (a * (ay + by)) / 3;
  }
  out.x = ox + cx / area;
  out.y = oy + cy / area;
  return out;
}

function fail(where: string, what: string): never {
  throw new PhysicsError('degenerate-shape', `${where}: ${what}`);
}

/**
 * Checks that `vertices` (x0, y0, x1, y1, …) describe a proper convex polygon and returns its
 * vertices as a new `Float64Array` in counter-clockwise order (a clockwise input is reversed,
 * starting from the same first vertex). Throws `PhysicsError` naming `where` when:
 * - the list is not an array of numbers, has an odd length, or holds a non-finite value
 *   (`non-finite`: `where[5]: must be a finite number, got NaN`);
 * - it has fewer than 3 or more than 8 vertices;
 * - two consecutive vertices coincide, three consecutive vertices are collinear, or the area is zero;
 * - the polygon is not convex (some vertex lies outside an edge's inner half-plane — this also
 *   rejects self-intersecting "star" polygons whose turns all have the same sign).
 */
export function validateConvexPolygon(vertices: ArrayLike<number>, where: string): Float64Array {
  if (
    vertices === null ||
    typeof vertices !== 'object' ||
    typeof (vertices as { length?: unknown }).length !== 'number'
  ) {
    throw new PhysicsError(
      'invalid-argument',
      `${where}: expected an array of numbers x0, y0, x1, y1, …, got ${describe(vertices)}`,
    );
  }
  const len = vertices.length;
  for (let i = 0; i < len; i++) {
    const value = vertices[i];
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new PhysicsError('non-finite', `${where}[${i}]: must be a finite number, got ${describe(value)}`);
    }
  }
  if (len % 2 !== 0) fail(where, `expected pairs of coordinates x0, y0, x1, y1, …, got ${len} numbers`);
  const n = len / 2;
  if (n < 3) fail(where, `a polygon needs at least 3 vertices, got ${n}`);
  if (n > MAX_POLYGON_VERTICES)
    fail(where, `a polygon holds at most ${MAX_POLYGON_VERTICES} vertices, got ${n}`);

  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = vertices[2 * i]!;
    const y = vertices[2 * i + 1]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const size = Math.max(maxX - minX, maxY - minY);
  const linTol = DEGENERATE_TOLERANCE * size;

  const area = polygonSignedArea(vertices);
  if (!(Math.abs(area) > DEGENERATE_TOLERANCE * size * size)) {
    fail(where, `polygon has zero area (all vertices on one line or point)`);
  }
  // Orient counter-clockwise.
  const v = new Float64Array(len);
  if (area > 0) {
    for (let i = 0; i < len; i++) v[i] = vertices[i]!;
  } else {
    for (let i = 0; i < n; i++) {
      const k = (n - i) % n;
      v[2 * i] = vertices[2 * k]!;
      v[2 * i + 1] = vertices[2 * k + 1]!;
    }
  }
  // Index in the caller's numbering, for messages.
  const orig = (i: number) => (area > 0 ? i : (n - i) % n);

  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const ex = v[2 * j]! - v[2 * i]!;
    const ey = v[2 * j + 1]! - v[2 * i + 1]!;
    const edgeLen = Math.sqrt(ex * ex + ey * ey);
    if (edgeLen <= linTol) {
      const a = Math.min(orig(i), orig(j));
      const b = Math.max(orig(i), orig(j));
      fail(where, `vertices ${a} and ${b} coincide`);
    }
  }
  for (let i = 0; i < n; i++) {
    const h = (i + n - 1) % n;
    const j = (i + 1) % n;
    const ax = v[2 * i]! - v[2 * h]!;
    const ay = v[2 * i + 1]! - v[2 * h + 1]!;
    const bx = v[2 * j]! - v[2 * i]!;
    const by = v[2 * j + 1]! - v[2 * i + 1]!;
    const cross = ax * by - ay * bx;
    const la = Math.sqrt(ax * ax + ay * ay);
    const lb = Math.sqrt(bx * bx + by * by);
    // The vertex's distance from the line through its neighbours' edge, relative to the size.
    if (Math.abs(cross) <= linTol * Math.max(la, lb)) {
      fail(where, `vertex ${orig(i)} lies on the line through its neighbours (collinear vertices)`);
    }
  }
  // Convexity: every vertex must lie on the inner (left) side of every edge.
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const px = v[2 * i]!;
    const py = v[2 * i + 1]!;
    const ex = v[2 * j]! - px;
    const ey = v[2 * j + 1]! - py;
    const el = Math.sqrt(ex * ex + ey * ey);
    for (let k = 0; k < n; k++) {
      if (k === i || k === j) continue;
      const side = (ex * (v[2 * k + 1]! - py) - ey * (v[2 * k]! - px)) / el;
      if (side <= linTol) fail(where, `polygon is not convex`);
    }
  }
  return v;
}

function describe(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}

/**
 * Convex hull of a point cloud (Andrew's monotone chain), returned counter-clockwise as a
 * flat `Float64Array`, starting at the lowest-leftmost point, without collinear or repeated
 * points (points closer than `weld` to an already accepted hull point are merged).
 * Deterministic: the sort is on (x, y) with the input index as a tie breaker.
 * Throws `non-finite` on NaN/±Infinity. May return fewer than 3 points for degenerate input —
 * pass the result through `validateConvexPolygon` to turn that into a clear error.
 */
export function computeHull(points: ArrayLike<number>, weld = 0): Float64Array {
  const n = points.length >> 1;
  for (let i = 0; i < 2 * n; i++) {
    const value = points[i];
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new PhysicsError(
        'non-finite',
        `hull.points[${i}]: must be a finite number, got ${describe(value)}`,
      );
    }
  }
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const px = (i: number) => points[2 * i]!;
  const py = (i: number) => points[2 * i + 1]!;
  const sorted = Array.from(order).sort((a, b) => px(a) - px(b) || py(a) - py(b) || a - b);
  // Drop (welded) duplicates.
  const uniq: number[] = [];
  const weld2 = weld * weld;
  for (const i of sorted) {
    let dup = false;
    for (const k of uniq) {
      const dx = px(i) - px(k);
      const dy = py(i) - py(k);
      if (dx * dx + dy * dy <= weld2) {
        dup = true;
        break;
      }
    }
    if (!dup) uniq.push(i);
  }
  if (uniq.length < 3) {
    const out = new Float64Array(2 * uniq.length);
    uniq.forEach((i, k) => {
      out[2 * k] = px(i);
      out[2 * k + 1] = py(i);
    });
    return out;
  }
  const cross = (o: number, a: number, b: number) =>
    (px(a) - px(o)) * (py(b) - py(o)) - (py(a) - py(o)) * (px(b) - px(o));
  const hull: number[] = [];
  // Lower chain, then upper chain; "<= 0" pops collinear points.
  for (const i of uniq) {
    while (hull.length >= 2 && cross(hull[hull.length - 2]!, hull[hull.length - 1]!, i) <= 0) hull.pop();
    hull.push(i);
  }
  const lowerSize = hull.length + 1;
  for (let k = uniq.length - 2; k >= 0; k--) {
    const i = uniq[k]!;
    while (hull.length >= lowerSize && cross(hull[hull.length - 2]!, hull[hull.length - 1]!, i) <= 0)
      hull.pop();
    hull.push(i);
  }
  hull.pop(); // the first point closes the loop
  // Start at the lowest (then leftmost) point, a conventional and deterministic choice.
  let start = 0;
  for (let k = 1; k < hull.length; k++) {
    const a = hull[k]!;
    const b = hull[start]!;
    if (py(a) < py(b) || (py(a) === py(b) && px(a) < px(b))) start = k;
  }
  const out = new Float64Array(2 * hull.length);
  for (let k = 0; k < hull.length; k++) {
    const i = hull[(start + k) % hull.length]!;
    out[2 * k] = px(i);
    out[2 * k + 1] = py(i);
  }
  return out;
}
