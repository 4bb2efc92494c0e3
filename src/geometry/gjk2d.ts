/**
 * GJK distance (Gilbert–Johnson–Keerthi 1988; textbook §26.2 "GJK and EPA").
 *
 * Two convex shapes overlap exactly when the origin lies inside their Minkowski difference
 * A − B = {a − b}. GJK never builds A − B: its support function is s_{A−B}(d) = s_A(d) − s_B(−d).
 * It grows a simplex (point, segment, triangle) of such support points towards the origin:
 * each round finds the point of the simplex closest to the origin (barycentric "Voronoi region"
 * solve, as in Box2D's b2Distance), drops the vertices that do not contribute, and asks for the
 * support point in the direction of the origin. If the triangle ever encloses the origin the shapes
 * overlap (EPA then measures how deeply, `epa2d.ts`); if a new support point brings the simplex no
 * closer, the closest simplex point gives the distance and, through the same barycentric weights,
 * the closest points on A and on B.
 *
 * GJK works on the shapes' cores (`SupportShape.support`); `gjkDistance(…, true)` then subtracts the
 * radii. The result object is reusable: no allocation per call.
 */
import type { Point2, SupportShape } from './support2d.js';

/** Outcome of a GJK run, reused between calls. */
export class GjkResult {
  /** true when the cores overlap (the origin is inside A − B, up to round-off) */
  overlap = false;
  /** distance between the cores (or between the rounded shapes with `useRadii`, ≥ 0); 0 on overlap */
  distance = 0;
  /** closest point on A and on B (world) */
  readonly pointA: Point2 = { x: 0, y: 0 };
  /** (see pointA) the closest point on B */
  readonly pointB: Point2 = { x: 0, y: 0 };
  /** unit normal from A to B (pointB − pointA normalised); (0, 0) when overlapping */
  readonly normal: Point2 = { x: 0, y: 0 };
  /** support-point rounds used */
  iterations = 0;
  /** final simplex: `count` vertices w = a − b with their a, b and barycentric weights */
  count = 0;
  /** final simplex: Minkowski points w = a − b, x */
  readonly wx = new Float64Array(3);
  /** final simplex: w, y */
  readonly wy = new Float64Array(3);
  /** final simplex: the support point a of A, x */
  readonly ax = new Float64Array(3);
  /** final simplex: a, y */
  readonly ay = new Float64Array(3);
  /** final simplex: the support point b of B, x */
  readonly bx = new Float64Array(3);
  /** final simplex: b, y */
  readonly by = new Float64Array(3);
  /** final simplex: barycentric weight of each vertex */
  readonly weight = new Float64Array(3);
}

/** Upper bound on GJK rounds (Box2D uses 20; polygons here converge in a handful). */
export const GJK_MAX_ITERATIONS = 32;

const scratchA: Point2 = { x: 0, y: 0 };
const scratchB: Point2 = { x: 0, y: 0 };

/**
 * Distance between two convex shapes given by support functions. With `useRadii`, the rounding
 * radii are subtracted and the witness points moved onto the rounded surfaces (if the rounded
 * shapes overlap, distance is 0 and both points are the midpoint, Box2D's convention).
 */
export function gjkDistance(
  A: SupportShape,
  B: SupportShape,
  useRadii = false,
  out: GjkResult = new GjkResult(),
): GjkResult {
  const s = out;
  // First vertex: the support points of A towards B and of B towards A.
  A.center(scratchA);
  B.center(scratchB);
  let dx = scratchB.x - scratchA.x;
  let dy = scratchB.y - scratchA.y;
  if (dx === 0 && dy === 0) dx = 1;
  addVertex(s, 0, A, B, dx, dy);
  s.count = 1;
  s.weight[0] = 1;
  s.overlap = false;

  let iter = 0;
  while (iter < GJK_MAX_ITERATIONS) {
    iter++;
    if (s.count === 2) solve2(s);
    else if (s.count === 3) solve3(s);
    if (s.count === 3) {
      s.overlap = true;
      break;
    }
    // Closest point of the simplex to the origin, and the search direction towards the origin.
    let px = 0;
    let py = 0;
    for (let i = 0; i < s.count; i++) {
      px += s.weight[i]! * s.wx[i]!;
      py += s.weight[i]! * s.wy[i]!;
    }
    const pp = px * px + py * py;
    if (pp < 1e-28 * (1 + scaleOf(s))) {
      // The origin lies on the simplex: the cores touch or overlap.
      s.overlap = true;
      break;
    }
    dx = -px;
    dy = -py;
    const k = s.count;
    addVertex(s, k, A, B, dx, dy);
    // Converged when the new support point is no farther along −p than the simplex already is
    // (relative tolerance), or when it repeats a simplex vertex.
    const progress = pp - (px * s.wx[k]! + py * s.wy[k]!);
    let duplicate = false;
    for (let i = 0; i < k; i++) {
      if (s.wx[i] === s.wx[k] && s.wy[i] === s.wy[k]) duplicate = true;
    }
    if (duplicate || progress <= 1e-12 * pp) break;
    s.count = k + 1;
  }
  s.iterations = iter;

  // Witness points from the barycentric weights.
  let pax = 0;
  let pay = 0;
  let pbx = 0;
  let pby = 0;
  for (let i = 0; i < s.count; i++) {
    const w = s.weight[i]!;
    pax += w * s.ax[i]!;
    pay += w * s.ay[i]!;
    pbx += w * s.bx[i]!;
    pby += w * s.by[i]!;
  }
  s.pointA.x = pax;
  s.pointA.y = pay;
  s.pointB.x = pbx;
  s.pointB.y = pby;
  if (s.overlap) {
    s.distance = 0;
    s.normal.x = 0;
    s.normal.y = 0;
    if (s.count === 3) {
      s.pointB.x = pax;
      s.pointB.y = pay;
    }
    return s;
  }
  const ex = pbx - pax;
  const ey = pby - pay;
  const d = Math.sqrt(ex * ex + ey * ey);
  s.distance = d;
  s.normal.x = ex / d;
  s.normal.y = ey / d;
  if (useRadii) {
    const rA = A.radius;
    const rB = B.radius;
    if (d > rA + rB) {
      s.distance = d - rA - rB;
      s.pointA.x += rA * s.normal.x;
      s.pointA.y += rA * s.normal.y;
      s.pointB.x -= rB * s.normal.x;
      s.pointB.y -= rB * s.normal.y;
    } else {
      s.distance = 0;
      const mx = 0.5 * (pax + pbx);
      const my = 0.5 * (pay + pby);
      s.pointA.x = s.pointB.x = mx;
      s.pointA.y = s.pointB.y = my;
    }
  }
  return s;
}

function scaleOf(s: GjkResult): number {
  let m = 0;
  for (let i = 0; i < s.count; i++) m = Math.max(m, s.wx[i]! * s.wx[i]! + s.wy[i]! * s.wy[i]!);
  return m;
}

/** Simplex vertex k := s_A(d) − s_B(−d). */
function addVertex(s: GjkResult, k: number, A: SupportShape, B: SupportShape, dx: number, dy: number): void {
  A.support(dx, dy, scratchA);
  B.support(-dx, -dy, scratchB);
  s.ax[k] = scratchA.x;
  s.ay[k] = scratchA.y;
  s.bx[k] = scratchB.x;
  s.by[k] = scratchB.y;
  s.wx[k] = scratchA.x - scratchB.x;
  s.wy[k] = scratchA.y - scratchB.y;
}

function copyVertex(s: GjkResult, to: number, from: number): void {
  s.ax[to] = s.ax[from]!;
  s.ay[to] = s.ay[from]!;
  s.bx[to] = s.bx[from]!;
  s.by[to] = s.by[from]!;
  s.wx[to] = s.wx[from]!;
  s.wy[to] = s.wy[from]!;
  s.weight[to] = s.weight[from]!;
}

/**
 * Closest point of segment w1w2 to the origin in barycentric form. Regions: vertex 1
 * (−w1·e12 ≤ 0), vertex 2 (w2·e12 ≤ 0), else the edge with weights ∝ (w2·e12, −w1·e12).
 */
function solve2(s: GjkResult): void {
  const w1x = s.wx[0]!;
  const w1y = s.wy[0]!;
  const w2x = s.wx[1]!;
  const w2y = s.wy[1]!;
  const ex = w2x - w1x;
  const ey = w2y - w1y;
  const d2 = -(w1x * ex + w1y * ey);
  if (d2 <= 0) {
    s.weight[0] = 1;
    s.count = 1;
    return;
  }
  const d1 = w2x * ex + w2y * ey;
  if (d1 <= 0) {
    copyVertex(s, 0, 1);
    s.weight[0] = 1;
    s.count = 1;
    return;
  }
  const inv = 1 / (d1 + d2);
  s.weight[0] = d1 * inv;
  s.weight[1] = d2 * inv;
  s.count = 2;
}

/** Closest point of triangle w1w2w3 to the origin: test the vertex, edge and face regions. */
function solve3(s: GjkResult): void {
  const w1x = s.wx[0]!;
  const w1y = s.wy[0]!;
  const w2x = s.wx[1]!;
  const w2y = s.wy[1]!;
  const w3x = s.wx[2]!;
  const w3y = s.wy[2]!;

  const e12x = w2x - w1x;
  const e12y = w2y - w1y;
  const d12_1 = w2x * e12x + w2y * e12y;
  const d12_2 = -(w1x * e12x + w1y * e12y);

  const e13x = w3x - w1x;
  const e13y = w3y - w1y;
  const d13_1 = w3x * e13x + w3y * e13y;
  const d13_2 = -(w1x * e13x + w1y * e13y);

  const e23x = w3x - w2x;
  const e23y = w3y - w2y;
  const d23_1 = w3x * e23x + w3y * e23y;
  const d23_2 = -(w2x * e23x + w2y * e23y);

  // Signed areas of the sub-triangles with the origin, oriented like the whole triangle.
  const n123 = e12x * e13y - e12y * e13x;
  const d123_1 = n123 * (w2x * w3y - w2y * w3x);
  const d123_2 = n123 * (w3x * w1y - w3y * w1x);
  const d123_3 = n123 * (w1x * w2y - w1y * w2x);

  if (d12_2 <= 0 && d13_2 <= 0) {
    s.weight[0] = 1;
    s.count = 1;
    return;
  }
  if (d12_1 > 0 && d12_2 > 0 && d123_3 <= 0) {
    const inv = 1 / (d12_1 + d12_2);
    s.weight[0] = d12_1 * inv;
    s.weight[1] = d12_2 * inv;
    s.count = 2;
    return;
  }
  if (d13_1 > 0 && d13_2 > 0 && d123_2 <= 0) {
    const inv = 1 / (d13_1 + d13_2);
    s.weight[0] = d13_1 * inv;
    copyVertex(s, 1, 2);
    s.weight[1] = d13_2 * inv;
    s.count = 2;
    return;
  }
  if (d12_1 <= 0 && d23_2 <= 0) {
    copyVertex(s, 0, 1);
    s.weight[0] = 1;
    s.count = 1;
    return;
  }
  if (d13_1 <= 0 && d23_1 <= 0) {
    copyVertex(s, 0, 2);
    s.weight[0] = 1;
    s.count = 1;
    return;
  }
  if (d23_1 > 0 && d23_2 > 0 && d123_1 <= 0) {
    const inv = 1 / (d23_1 + d23_2);
    copyVertex(s, 0, 2);
    s.weight[0] = d23_2 * inv;
    s.weight[1] = d23_1 * inv;
    s.count = 2;
    return;
  }
  const inv = 1 / (d123_1 + d123_2 + d123_3);
  s.weight[0] = d123_1 * inv;
  s.weight[1] = d123_2 * inv;
  s.weight[2] = d123_3 * inv;
  s.count = 3;
}
