/**
 * EPA — the expanding polytope algorithm (van den Bergen 2001; textbook §26.2 "GJK and EPA").
 *
 * When GJK's simplex encloses the origin, the shapes overlap. EPA inflates that triangle into a
 * polygon inside the Minkowski difference A − B: it takes the polygon's edge nearest the origin,
 * asks the support function for the farthest point of A − B along that edge's outward normal, and
 * if that point lies beyond the edge, splits the edge there. When the support point no longer
 * moves the edge out, the edge *is* the boundary of A − B nearest the origin: its normal n is the
 * contact normal (from A to B: translating B by depth·n separates the shapes) and its distance from
 * the origin the penetration depth — "the depth SAT finds on its axes, EPA finds as the minimum
 * over all directions" (§26.2).
 *
 * `convexContact` ties GJK, EPA and the rounding radii together into one separation query for
 * any pair of `SupportShape`s (polygons with radius, circles, capsules, segments, custom shapes).
 */
import { GjkResult, gjkDistance } from './gjk2d.js';
import type { Point2, SupportShape } from './support2d.js';

/** Most vertices the expanding polygon may reach (each round adds one). */
export const EPA_MAX_VERTICES = 64;

/** Outcome of EPA, reused between calls. */
export class EpaResult {
  /** penetration depth of the cores (≥ 0) */
  depth = 0;
  /** unit contact normal, from A to B */
  readonly normal: Point2 = { x: 0, y: 0 };
  /** deepest point of A inside B and the matching point on B's surface: pointA = pointB + depth·n */
  readonly pointA: Point2 = { x: 0, y: 0 };
  /** (see pointA) the matching point on B's surface */
  readonly pointB: Point2 = { x: 0, y: 0 };
  /** rounds of expansion used */
  iterations = 0;
  /** final polygon size */
  vertices = 0;
  // Working polygon: Minkowski points w = a − b with their a and b.
  /** working polygon: Minkowski points w = a − b, x */
  readonly wx = new Float64Array(EPA_MAX_VERTICES);
  /** working polygon: w, y */
  readonly wy = new Float64Array(EPA_MAX_VERTICES);
  /** working polygon: the support point a of A, x */
  readonly ax = new Float64Array(EPA_MAX_VERTICES);
  /** working polygon: a, y */
  readonly ay = new Float64Array(EPA_MAX_VERTICES);
  /** working polygon: the support point b of B, x */
  readonly bx = new Float64Array(EPA_MAX_VERTICES);
  /** working polygon: b, y */
  readonly by = new Float64Array(EPA_MAX_VERTICES);
}

const sa: Point2 = { x: 0, y: 0 };
const sb: Point2 = { x: 0, y: 0 };

function supportAt(e: EpaResult, k: number, A: SupportShape, B: SupportShape, dx: number, dy: number): void {
  A.support(dx, dy, sa);
  B.support(-dx, -dy, sb);
  e.ax[k] = sa.x;
  e.ay[k] = sa.y;
  e.bx[k] = sb.x;
  e.by[k] = sb.y;
  e.wx[k] = sa.x - sb.x;
  e.wy[k] = sa.y - sb.y;
}

function copyFromGjk(e: EpaResult, k: number, g: GjkResult, i: number): void {
  e.ax[k] = g.ax[i]!;
  e.ay[k] = g.ay[i]!;
  e.bx[k] = g.bx[i]!;
  e.by[k] = g.by[i]!;
  e.wx[k] = g.wx[i]!;
  e.wy[k] = g.wy[i]!;
}

function move(e: EpaResult, to: number, from: number): void {
  e.ax[to] = e.ax[from]!;
  e.ay[to] = e.ay[from]!;
  e.bx[to] = e.bx[from]!;
  e.by[to] = e.by[from]!;
  e.wx[to] = e.wx[from]!;
  e.wy[to] = e.wy[from]!;
}

/**
 * Penetration of two overlapping cores, starting from GJK's final simplex (`gjk.overlap` must be
 * true). Works on the cores only; `convexContact` adds the radii.
 */
export function epaPenetration(
  A: SupportShape,
  B: SupportShape,
  gjk: GjkResult,
  out: EpaResult = new EpaResult(),
): EpaResult {
  const e = out;
  let n = 0;
  if (gjk.count === 3) {
    for (let i = 0; i < 3; i++) copyFromGjk(e, i, gjk, i);
    n = 3;
  } else {
    // The origin lies on GJK's point or segment: complete a polygon around it with support
    // points on both sides of the segment (or of an arbitrary axis through the point).
    copyFromGjk(e, 0, gjk, 0);
    if (gjk.count === 2) {
      copyFromGjk(e, 2, gjk, 1);
    } else {
      supportAt(e, 2, A, B, 1, 0);
      if (e.wx[2] === e.wx[0] && e.wy[2] === e.wy[0]) supportAt(e, 2, A, B, -1, 0);
    }
    const ex = e.wx[2]! - e.wx[0]!;
    const ey = e.wy[2]! - e.wy[0]!;
    // Slot order w0, w−, w1, w+ is counter-clockwise (w− to the right of w0→w1, w+ to the left).
    supportAt(e, 1, A, B, ey, -ex);
    supportAt(e, 3, A, B, -ey, ex);
    n = 4;
  }
  // Counter-clockwise orientation for a triangle.
  if (n === 3) {
    const cross =
      (e.wx[1]! - e.wx[0]!) * (e.wy[2]! - e.wy[0]!) - (e.wy[1]! - e.wy[0]!) * (e.wx[2]! - e.wx[0]!);
    if (cross < 0) {
      move(e, 3, 1);
      move(e, 1, 2);
      move(e, 2, 3);
    }
  }
  // Drop repeated consecutive points (a flat side of the initial polygon).
  n = dedupe(e, n);

  let iter = 0;
  let best = 0;
  let bestDist = 0;
  let nx = 0;
  let ny = 0;
  for (;;) {
    iter++;
    // The edge nearest the origin (outward normal of a counter-clockwise edge is (e.y, −e.x)).
    bestDist = Infinity;
    best = -1;
    for (let i = 0; i < n; i++) {
      const j = i + 1 === n ? 0 : i + 1;
      const ex = e.wx[j]! - e.wx[i]!;
      const ey = e.wy[j]! - e.wy[i]!;
      const len = Math.sqrt(ex * ex + ey * ey);
      if (len === 0) continue;
      const ux = ey / len;
      const uy = -ex / len;
      const dist = ux * e.wx[i]! + uy * e.wy[i]!;
      if (dist < bestDist) {
        bestDist = dist;
        best = i;
        nx = ux;
        ny = uy;
      }
    }
    if (best < 0) {
      // Everything collapsed to a point: both cores are the same point. Any normal will do.
      bestDist = 0;
      best = 0;
      nx = 1;
      ny = 0;
      break;
    }
    if (n >= EPA_MAX_VERTICES) break;
    // Support point along the edge normal; stop if it does not lie beyond the edge.
    supportAt(e, n, A, B, nx, ny);
    const reach = nx * e.wx[n]! + ny * e.wy[n]!;
    const tol = 1e-10 * (1 + Math.abs(bestDist));
    if (reach - bestDist <= tol) break;
    // Insert the new point after `best` (shift the tail right by one).
    const at = best + 1;
    const nax = e.ax[n]!;
    const nay = e.ay[n]!;
    const nbx = e.bx[n]!;
    const nby = e.by[n]!;
    for (let k = n; k > at; k--) move(e, k, k - 1);
    e.ax[at] = nax;
    e.ay[at] = nay;
    e.bx[at] = nbx;
    e.by[at] = nby;
    e.wx[at] = nax - nbx;
    e.wy[at] = nay - nby;
    n++;
  }
  e.iterations = iter;
  e.vertices = n;
  e.depth = Math.max(0, bestDist);
  e.normal.x = nx;
  e.normal.y = ny;
  // Witness points: the origin's projection onto the nearest edge, in the edge's barycentric terms.
  const i = best;
  const j = i + 1 === n ? 0 : i + 1;
  const ex = e.wx[j]! - e.wx[i]!;
  const ey = e.wy[j]! - e.wy[i]!;
  const ee = ex * ex + ey * ey;
  let t = ee > 0 ? -(e.wx[i]! * ex + e.wy[i]! * ey) / ee : 0;
  t = t < 0 ? 0 : Math.min(t, 1);
  e.pointA.x = e.ax[i]! + t * (e.ax[j]! - e.ax[i]!);
  e.pointA.y = e.ay[i]! + t * (e.ay[j]! - e.ay[i]!);
  e.pointB.x = e.bx[i]! + t * (e.bx[j]! - e.bx[i]!);
  e.pointB.y = e.by[i]! + t * (e.by[j]! - e.by[i]!);
  return e;
}

function dedupe(e: EpaResult, n: number): number {
  let w = 0;
  for (let r = 0; r < n; r++) {
    const prev = w === 0 ? -1 : w - 1;
    if (prev >= 0 && e.wx[prev] === e.wx[r] && e.wy[prev] === e.wy[r]) continue;
    if (w !== r) move(e, w, r);
    w++;
  }
  while (w > 1 && e.wx[w - 1] === e.wx[0] && e.wy[w - 1] === e.wy[0]) w--;
  return w;
}

/** Result of `convexContact`. */
export class ConvexContact {
  /**
   * signed distance between the rounded shapes: > 0 separated by that gap, < 0 overlapping by
   * that depth (penetration = −separation)
   */
  separation = 0;
  /** unit normal from A to B */
  readonly normal: Point2 = { x: 0, y: 0 };
  /** point on A's surface and on B's surface (for overlap: A's deepest point and B's matching point) */
  readonly pointA: Point2 = { x: 0, y: 0 };
  /** (see pointA) the point on B's surface */
  readonly pointB: Point2 = { x: 0, y: 0 };
  /** whether EPA was needed (the cores overlap) */
  usedEpa = false;
  /** the GJK query's result (distance and simplex) */
  readonly gjk = new GjkResult();
  /** the EPA query's result, when the cores overlap */
  readonly epa = new EpaResult();
}

/**
 * Separation or penetration of any two convex `SupportShape`s, radii included:
 * GJK on the cores; if the cores are apart, the rounded distance is the core distance − rA − rB
 * (negative when only the roundings overlap); if the cores overlap, EPA's depth + rA + rB.
 */
export function convexContact(
  A: SupportShape,
  B: SupportShape,
  out: ConvexContact = new ConvexContact(),
): ConvexContact {
  const g = gjkDistance(A, B, false, out.gjk);
  const rA = A.radius;
  const rB = B.radius;
  let nx: number;
  let ny: number;
  let pax: number;
  let pay: number;
  let pbx: number;
  let pby: number;
  if (!g.overlap && g.distance > 0) {
    out.usedEpa = false;
    out.separation = g.distance - rA - rB;
    nx = g.normal.x;
    ny = g.normal.y;
    pax = g.pointA.x;
    pay = g.pointA.y;
    pbx = g.pointB.x;
    pby = g.pointB.y;
  } else {
    const p = epaPenetration(A, B, g, out.epa);
    out.usedEpa = true;
    out.separation = -p.depth - rA - rB;
    nx = p.normal.x;
    ny = p.normal.y;
    pax = p.pointA.x;
    pay = p.pointA.y;
    pbx = p.pointB.x;
    pby = p.pointB.y;
  }
  out.normal.x = nx;
  out.normal.y = ny;
  out.pointA.x = pax + rA * nx;
  out.pointA.y = pay + rA * ny;
  out.pointB.x = pbx - rB * nx;
  out.pointB.y = pby - rB * ny;
  return out;
}
