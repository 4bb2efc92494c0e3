/**
 * The 2D narrowphase (textbook §26.2): for a pair of shapes in world placement, the contact
 * normal, the clipped points and their separations. Polygon-like pairs (boxes, polygons,
 * capsules, segments — all rounded convex polygons) use SAT (sat2d.ts) with reference /
 * incident face selection and clipping (clip2d.ts); circles are the special cases.
 * A pair closer than `speculative` (but not yet touching) gets speculative points. Point ids
 * name the pair of features (one of each shape) and do not depend on which shape gives the
 * reference face (Catto, Box2D v3), so warm starting survives a flip of the reference face.
 */
import { ClipResult, clipSegmentToSlab } from './clip2d.js';
import type { Manifold2 } from './manifold2d.js';
import { maxSeparation, type SeparationResult } from './sat2d.js';
import { type ConvexShape2, MAX_POLYGON_VERTICES, Transform2 } from './shapes2d.js';

/** The engine's linear slop (m): the allowed overlap that keeps resting contacts steady (§26.2). */
export const LINEAR_SLOP = 0.005;
/** Default speculative distance: points up to this far apart are kept as contacts (4 × slop). */
export const SPECULATIVE_DISTANCE = 4 * LINEAR_SLOP;

const sepAScratch: SeparationResult = { edge: 0, separation: 0.5 };
const sepBScratch: SeparationResult = { edge: 0, separation: 0.5 };
// placements of one polygon in the other's frame, and the clipping inputs (reused: no allocation)
const bInAScratch = new Transform2();
const aInBScratch = new Transform2();
const segments = new Float64Array(8);
const clipOut = new ClipResult();
// the closest points of the last closestOnPacked: [px, py, qx, qy] (an array: a double written to an
// object field V8 has generalised is a fresh heap number, one per write)
const closest = new Float64Array(4);
const CPX = 0;
const CPY = 1;
const CQX = 2;
const CQY = 3;

/**
 * Closest points p on segment p1–p2 and q on q1–q2 (Ericson, Real-Time Collision Detection §5.1.9),
 * written into `out`.
 */
export function closestOnSegments(
  p1x: number,
  p1y: number,
  p2x: number,
  p2y: number,
  q1x: number,
  q1y: number,
  q2x: number,
  q2y: number,
  out: { px: number; py: number; qx: number; qy: number },
): void {
  const seg = packedScratch;
  seg[0] = p1x;
  seg[1] = p1y;
  seg[2] = p2x;
  seg[3] = p2y;
  seg[4] = q1x;
  seg[5] = q1y;
  seg[6] = q2x;
  seg[7] = q2y;
  closestOnPacked(seg);
  out.px = closest[CPX]!;
  out.py = closest[CPY]!;
  out.qx = closest[CQX]!;
  out.qy = closest[CQY]!;
}
const packedScratch = new Float64Array(8);

/** The separation of polygon 2's core vertices from edge `e` of polygon 1 (polygon 2 placed by `xf`). */
function faceSeparation(
  p1: ConvexShape2,
  p2: ConvexShape2,
  xf: Transform2,
  e: number,
  out: SeparationResult,
): void {
  const nx = p1.nx[e]!;
  const ny = p1.ny[e]!;
  const ox = p1.vx[e]!;
  const oy = p1.vy[e]!;
  let si = Infinity;
  for (let j = 0; j < p2.count; j++) {
    const x = xf.px + xf.c * p2.vx[j]! - xf.s * p2.vy[j]!;
    const y = xf.py + xf.s * p2.vx[j]! + xf.c * p2.vy[j]!;
    const d = nx * (x - ox) + ny * (y - oy);
    if (d < si) si = d;
  }
  out.edge = e;
  out.separation = si;
}

/**
 * {@link closestOnSegments} with the two segments packed as [p1x, p1y, p2x, p2y, q1x, q1y, q2x, q2y]
 * (the narrowphase's form: a call with eight double arguments would box them when not inlined).
 */
function closestOnPacked(seg: Float64Array): void {
  const p1x = seg[0]!;
  const p1y = seg[1]!;
  const q1x = seg[4]!;
  const q1y = seg[5]!;
  const d1x = seg[2]! - p1x;
  const d1y = seg[3]! - p1y;
  const d2x = seg[6]! - q1x;
  const d2y = seg[7]! - q1y;
  const rx = p1x - q1x;
  const ry = p1y - q1y;
  const a = d1x * d1x + d1y * d1y;
  const e = d2x * d2x + d2y * d2y;
  const f = d2x * rx + d2y * ry;
  let s = 0;
  let t = 0;
  if (a <= 1e-18 && e <= 1e-18) {
    s = 0;
    t = 0;
  } else if (a <= 1e-18) {
    t = Math.max(0, Math.min(1, f / e));
  } else {
    const c = d1x * rx + d1y * ry;
    if (e <= 1e-18) {
      s = Math.max(0, Math.min(1, -c / a));
    } else {
      const b = d1x * d2x + d1y * d2y;
      const denom = a * e - b * b;
      s = denom > 1e-18 ? Math.max(0, Math.min(1, (b * f - c * e) / denom)) : 0;
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0;
        s = Math.max(0, Math.min(1, -c / a));
      } else if (t > 1) {
        t = 1;
        s = Math.max(0, Math.min(1, (b - c) / a));
      }
    }
  }
  segmentFractions[0] = s;
  segmentFractions[1] = t;
  closest[CPX] = p1x + s * d1x;
  closest[CPY] = p1y + s * d1y;
  closest[CQX] = q1x + t * d2x;
  closest[CQY] = q1y + t * d2y;
}

/** the fractions s (along p1–p2) and t (along q1–q2) of the last {@link closestOnPacked} */
const segmentFractions = new Float64Array(2);

/**
 * The id of a two-point manifold's point: the facing vertex of A and the facing vertex of B
 * (polygons have at most 255 vertices), tagged so it never equals a circle contact's id.
 */
function pairId(vertexA: number, vertexB: number): number {
  return PAIR_ID | (vertexA << 8) | vertexB;
}
const PAIR_ID = 0x10000;
/** Tag of the one-point manifold of rounded shapes (closest features: edge of A, edge of B). */
const ONE_POINT_ID = 0x20000;

/**
 * Writes a one-point manifold computed in the frame `xf` (a polygon's, or a segment's) from
 * `onePoint` = [nx, ny, mx, my, qx, qy, separation]: unit normal n (negated for the A → B
 * convention when `negate`), the contact point m and the point q on the incident core; then the
 * feature id and the reference edge. (The numbers travel in a scratch array: a call with double
 * arguments that the optimiser does not inline would box each one.)
 */
function setOnePoint(out: Manifold2, xf: Transform2, negate: boolean, id: number, edge: number): Manifold2 {
  const v = onePoint;
  const wnx = xf.c * v[0]! - xf.s * v[1]!;
  const wny = xf.s * v[0]! + xf.c * v[1]!;
  out.pointCount = 1;
  out.normalX = negate ? -wnx : wnx;
  out.normalY = negate ? -wny : wny;
  out.px[0] = xf.px + xf.c * v[2]! - xf.s * v[3]!;
  out.py[0] = xf.py + xf.s * v[2]! + xf.c * v[3]!;
  out.ix[0] = xf.px + xf.c * v[4]! - xf.s * v[5]!;
  out.iy[0] = xf.py + xf.s * v[4]! + xf.c * v[5]!;
  out.separation[0] = v[6]!;
  out.id[0] = id;
  out.referenceEdge = edge;
  return out;
}
const onePoint = new Float64Array(7);

/**
 * The shape pair functions of the narrowphase: the contact manifold of `a` (placed by `xfA`) and
 * `b` (placed by `xfB`) written into `out`, normal from a to b, points kept up to `speculative` apart.
 * (The optional last argument, the forced reference face, is read by `collidePolygons` only.)
 */
export type Collider2 = typeof collidePolygons;

/**
 * The centre of `circle` (placed by `xfC`) in the frame `xf`, Rᵀ(x_world − p), written into
 * `centre` (a scratch pair: returning the two doubles would allocate).
 */
function centreInFrame(circle: ConvexShape2, xfC: Transform2, xf: Transform2): void {
  const wx = xfC.px + xfC.c * circle.vx[0]! - xfC.s * circle.vy[0]!;
  const wy = xfC.py + xfC.s * circle.vx[0]! + xfC.c * circle.vy[0]!;
  const dx = wx - xf.px;
  const dy = wy - xf.py;
  centre[0] = xf.c * dx + xf.s * dy;
  centre[1] = -xf.s * dx + xf.c * dy;
}
const centre = new Float64Array(2);

/** Two circles (§26.2: the normal is along the centre line). */
export const collideCircles: Collider2 = (a, xfA, b, xfB, speculative, out) => {
  out.clear();
  const ax = xfA.px + xfA.c * a.vx[0]! - xfA.s * a.vy[0]!;
  const ay = xfA.py + xfA.s * a.vx[0]! + xfA.c * a.vy[0]!;
  const bx = xfB.px + xfB.c * b.vx[0]! - xfB.s * b.vy[0]!;
  const by = xfB.py + xfB.s * b.vx[0]! + xfB.c * b.vy[0]!;
  const dx = bx - ax;
  const dy = by - ay;
  const dist = Math.sqrt(dx * dx + dy * dy);
  const sep = dist - a.radius - b.radius;
  if (sep > speculative) return out;
  let nx = 0;
  let ny = 1;
  if (dist > 1e-12) {
    nx = dx / dist;
    ny = dy / dist;
  }
  const f = a.radius + 0.5 * sep;
  out.pointCount = 1;
  out.normalX = nx;
  out.normalY = ny;
  out.px[0] = ax + f * nx;
  out.py[0] = ay + f * ny;
  out.ix[0] = bx - b.radius * nx;
  out.iy[0] = by - b.radius * ny;
  out.separation[0] = sep;
  out.id[0] = 0;
  return out;
};

/**
 * A rounded polygon (box, polygon, capsule, segment) against a circle: the face of largest
 * separation, or the nearer end vertex when the centre lies beyond it (the vertex regions).
 * The normal points from the polygon to the circle.
 */
export const collidePolygonCircle: Collider2 = (p, xfA, circle, xfB, speculative, out) => {
  out.clear();
  // circle centre in the polygon's frame
  centreInFrame(circle, xfB, xfA);
  const cx = centre[0]!;
  const cy = centre[1]!;
  const radius = p.radius + circle.radius;
  const n = p.count;
  let edge = 0;
  let maxSep = -Infinity;
  for (let i = 0; i < n; i++) {
    const si = p.nx[i]! * (cx - p.vx[i]!) + p.ny[i]! * (cy - p.vy[i]!);
    if (si > maxSep) {
      maxSep = si;
      edge = i;
    }
  }
  if (maxSep > radius + speculative) return out;
  const i2 = edge + 1 < n ? edge + 1 : 0;
  const v1x = p.vx[edge]!;
  const v1y = p.vy[edge]!;
  const v2x = p.vx[i2]!;
  const v2y = p.vy[i2]!;
  const u1 = (cx - v1x) * (v2x - v1x) + (cy - v1y) * (v2y - v1y);
  const u2 = (cx - v2x) * (v1x - v2x) + (cy - v2y) * (v1y - v2y);
  let nx: number;
  let ny: number;
  let dist: number;
  let qx: number;
  let qy: number;
  let id = edge;
  let vertexRegion = false;
  qx = 0;
  qy = 0;
  // A centre inside a polygon (maxSep ≤ 0) is pushed out through the face; a capsule or segment
  // (two core points) has no inside, and a centre on its axis beyond an end has maxSep = 0 and
  // lies in that end's vertex region.
  const outside = maxSep > 1e-12 || n === 2;
  if (u1 < 0 && outside) {
    qx = v1x;
    qy = v1y;
    vertexRegion = true;
  } else if (u2 < 0 && outside) {
    qx = v2x;
    qy = v2y;
    id = i2 | 0x100;
    vertexRegion = true;
  }
  if (vertexRegion) {
    const ex = cx - qx;
    const ey = cy - qy;
    dist = Math.sqrt(ex * ex + ey * ey);
    if (dist - radius > speculative) return out;
    if (dist > 1e-12) {
      nx = ex / dist;
      ny = ey / dist;
    } else {
      nx = p.nx[edge]!;
      ny = p.ny[edge]!;
    }
  } else {
    nx = p.nx[edge]!;
    ny = p.ny[edge]!;
    dist = maxSep;
    qx = cx - maxSep * nx;
    qy = cy - maxSep * ny;
  }
  const sep = dist - radius;
  const f = circle.radius + 0.5 * sep;
  const v = onePoint;
  v[0] = nx;
  v[1] = ny;
  v[2] = cx - f * nx;
  v[3] = cy - f * ny;
  v[4] = qx;
  v[5] = qy;
  v[6] = sep;
  return setOnePoint(out, xfA, false, id, edge);
};

/**
 * Is `p` a box in its own frame: four vertices whose edge normals are exactly (0, −1), (1, 0),
 * (0, 1), (−1, 0) in that order (what `makeBox` builds without an angle)?
 */
export function isAxisBox(p: ConvexShape2): boolean {
  const nx = p.nx;
  const ny = p.ny;
  return (
    p.count === 4 &&
    nx[0] === 0 &&
    ny[0] === -1 &&
    nx[1] === 1 &&
    ny[1] === 0 &&
    nx[2] === 0 &&
    ny[2] === 1 &&
    nx[3] === -1 &&
    ny[3] === 0
  );
}

/**
 * The box fast path of the separating-axis test (textbook §26.2): `maxSeparation` for an
 * axis-aligned box `p1` (`isAxisBox`) against any polygon `p2` placed by `xf`. Along a box's
 * axis the separation of a vertex is a coordinate difference, and rounding is monotonic, so the
 * minimum over `p2`'s vertices is the bounds of its placed vertices minus the face's offset: the
 * same numbers, bit for bit, as the vertex-by-vertex minimum, in 4 + 4 comparisons per vertex
 * instead of 4 products per vertex and face. Ties go to the lower edge, as in `maxSeparation`.
 */
export function boxSeparation(
  p1: ConvexShape2,
  p2: ConvexShape2,
  xf: Transform2,
  out: SeparationResult,
): void {
  const px = xf.px;
  const py = xf.py;
  const c = xf.c;
  const s = xf.s;
  const v2x = p2.vx;
  const v2y = p2.vy;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let j = 0; j < p2.count; j++) {
    const x = px + c * v2x[j]! - s * v2y[j]!;
    const y = py + s * v2x[j]! + c * v2y[j]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  // edge e starts at vertex e: 0 bottom (normal −y), 1 right (+x), 2 top (+y), 3 left (−x)
  const v1x = p1.vx;
  const v1y = p1.vy;
  const s0 = -(maxY - v1y[0]!);
  const s1 = minX - v1x[1]!;
  const s2 = minY - v1y[2]!;
  const s3 = -(maxX - v1x[3]!);
  let edge = 0;
  let best = s0;
  if (s1 > best) {
    best = s1;
    edge = 1;
  }
  if (s2 > best) {
    best = s2;
    edge = 2;
  }
  if (s3 > best) {
    best = s3;
    edge = 3;
  }
  out.edge = edge;
  out.separation = best;
}

/**
 * The incident edge of polygon `inc` (textbook §26.2): with `turn` = [tc, ts, nx, ny], the edge
 * whose normal, turned by (tc, ts) into the reference frame, is most anti-parallel to the
 * reference normal (nx, ny); ties go to the lower edge. (The numbers travel in a scratch array: a
 * call with double arguments that the optimiser does not inline would box each one.)
 */
export function incidentEdge(inc: ConvexShape2, turn: Float64Array): number {
  const tc = turn[0]!;
  const ts = turn[1]!;
  const nx = turn[2]!;
  const ny = turn[3]!;
  let incEdge = 0;
  let minDot = Infinity;
  for (let j = 0; j < inc.count; j++) {
    const mx = tc * inc.nx[j]! - ts * inc.ny[j]!;
    const my = ts * inc.nx[j]! + tc * inc.ny[j]!;
    const d = mx * nx + my * ny;
    if (d < minDot) {
      minDot = d;
      incEdge = j;
    }
  }
  return incEdge;
}

/**
 * {@link incidentEdge} for an axis-aligned box (`isAxisBox`): its normals (0, −1), (1, 0), (0, 1),
 * (−1, 0) turned by (tc, ts) are (ts, −tc), (tc, ts) and their negatives, so the four dot products
 * are d₀ = ts·nx − tc·ny, d₁ = tc·nx + ts·ny, −d₀ and −d₁: the same numbers, bit for bit (a product
 * with an exact 0 or ±1 is exact, and negation commutes with rounding), in 4 products instead of 16.
 */
export function boxIncidentEdge(turn: Float64Array): number {
  const tc = turn[0]!;
  const ts = turn[1]!;
  const nx = turn[2]!;
  const ny = turn[3]!;
  const d0 = ts * nx - tc * ny;
  const d1 = tc * nx + ts * ny;
  let incEdge = 0;
  let minDot = d0;
  if (d1 < minDot) {
    minDot = d1;
    incEdge = 1;
  }
  if (-d0 < minDot) {
    minDot = -d0;
    incEdge = 2;
  }
  if (-d1 < minDot) incEdge = 3;
  return incEdge;
}
const turnScratch = new Float64Array(4);

/**
 * Two rounded convex polygons (§26.2): SAT over both shapes' edge normals picks the axis of
 * least penetration; the reference face is that edge (on A unless B's is clearly better), the
 * incident face is the other shape's edge most opposed to it, clipped to the reference face's
 * side planes; both clipped points are the manifold (the one farther than `speculative` is a
 * speculative point: a persistent manifold needs it once the pair turns). When the cores are
 * apart and the closest features are two corners much closer than the clipped points, the
 * manifold is one point between the corners (Box2D v3's vertex–vertex case). Normal from A to B. `forced` ≥ 0 skips the choice and uses edge `forced & 0xff` of
 * A (or of B when bit 8 is set) as the reference face.
 */
export function collidePolygons(
  a: ConvexShape2,
  xfA: Transform2,
  b: ConvexShape2,
  xfB: Transform2,
  speculative: number,
  out: Manifold2,
  forced = -1,
): Manifold2 {
  const sepA = sepAScratch;
  const sepB = sepBScratch;
  const bInA = bInAScratch;
  const aInB = aInBScratch;
  out.clear();
  // B in A's frame
  const dx = xfB.px - xfA.px;
  const dy = xfB.py - xfA.py;
  const c = xfA.c * xfB.c + xfA.s * xfB.s;
  const s = xfA.c * xfB.s - xfA.s * xfB.c;
  const px = xfA.c * dx + xfA.s * dy;
  const py = -xfA.s * dx + xfA.c * dy;
  const radius = a.radius + b.radius;
  // A in B's frame: the inverse transform
  const qx = -(c * px + s * py);
  const qy = -(-s * px + c * py);
  // the two relative placements, written field by field: a call with double arguments that the
  // optimiser does not inline boxes each number (allocation per contact)
  bInA.px = px;
  bInA.py = py;
  bInA.c = c;
  bInA.s = s;
  aInB.px = qx;
  aInB.py = qy;
  aInB.c = c;
  aInB.s = -s;
  const boxA = isAxisBox(a);
  const boxB = isAxisBox(b);
  let flip: boolean;
  if (forced >= 0) {
    // the caller names the reference face (chains: the segment's face, see World.collide)
    flip = forced >> 8 === 1;
    const e = forced & 0xff;
    if (flip) faceSeparation(b, a, aInB, e, sepB);
    else faceSeparation(a, b, bInA, e, sepA);
    if ((flip ? sepB : sepA).separation > speculative + radius) return out;
  } else {
    if (boxA) boxSeparation(a, b, bInA, sepA);
    else maxSeparation(a, b, bInA, sepA);
    if (sepA.separation > speculative + radius) return out;
    if (boxB) boxSeparation(b, a, aInB, sepB);
    else maxSeparation(b, a, aInB, sepB);
    if (sepB.separation > speculative + radius) return out;
    flip = sepB.separation > sepA.separation + 0.1 * LINEAR_SLOP;
  }
  let ref: ConvexShape2;
  let inc: ConvexShape2;
  let xf1: Transform2;
  let edge: number;
  // incident placed in the reference frame by (tx, ty, tc, ts)
  let tx: number;
  let ty: number;
  let tc: number;
  let ts: number;
  if (flip) {
    ref = b;
    inc = a;
    xf1 = xfB;
    edge = sepB.edge;
    tx = qx;
    ty = qy;
    tc = c;
    ts = -s;
  } else {
    ref = a;
    inc = b;
    xf1 = xfA;
    edge = sepA.edge;
    tx = px;
    ty = py;
    tc = c;
    ts = s;
  }
  const nx = ref.nx[edge]!;
  const ny = ref.ny[edge]!;
  // incident edge: the one whose normal is most anti-parallel to the reference normal
  const turn = turnScratch;
  turn[0] = tc;
  turn[1] = ts;
  turn[2] = nx;
  turn[3] = ny;
  const incEdge = (flip ? boxA : boxB) ? boxIncidentEdge(turn) : incidentEdge(inc, turn);
  const j2 = incEdge + 1 < inc.count ? incEdge + 1 : 0;
  const ax = tx + tc * inc.vx[incEdge]! - ts * inc.vy[incEdge]!;
  const ay = ty + ts * inc.vx[incEdge]! + tc * inc.vy[incEdge]!;
  const bx = tx + tc * inc.vx[j2]! - ts * inc.vy[j2]!;
  const by = ty + ts * inc.vx[j2]! + tc * inc.vy[j2]!;
  const e2 = edge + 1 < ref.count ? edge + 1 : 0;
  const r1x = ref.vx[edge]!;
  const r1y = ref.vy[edge]!;
  const maxSep = flip ? sepB.separation : sepA.separation;
  // Box2D v3's vertex–vertex test for sharp polygons whose cores are apart: the closest points
  // of the two edges are both end vertices (two cards' corners meeting at an angle, the clipped
  // face points far off or the clip empty)
  let vertexPair = false;
  // the reference and incident edges, packed for the closest-point test and the clipping
  segments[0] = r1x;
  segments[1] = r1y;
  segments[2] = ref.vx[e2]!;
  segments[3] = ref.vy[e2]!;
  segments[4] = ax;
  segments[5] = ay;
  segments[6] = bx;
  segments[7] = by;
  if (maxSep > 0.1 * LINEAR_SLOP) {
    // The cores are apart: measure the true distance between the reference and incident edges.
    closestOnPacked(segments);
    const dx = closest[CQX]! - closest[CPX]!;
    const dy = closest[CQY]! - closest[CPY]!;
    const dist = Math.sqrt(dx * dx + dy * dy);
    if (dist - radius > speculative) return out;
    if (radius > 0) {
      // Rounded shapes: the edge normals alone misjudge rounded ends and corners. Unless the
      // edges face each other (closest direction ≈ the face normal: clip for 2 points below),
      // the contact is one point along the closest direction.
      if (dist > 1e-12 && (dx * nx + dy * ny) / dist < 0.99) {
        return closestPointManifold(out, xf1, flip, ref, edge, incEdge, radius);
      }
    } else {
      const fs = segmentFractions[0]!;
      const ft = segmentFractions[1]!;
      vertexPair = dist > 1e-12 && (fs === 0 || fs === 1) && (ft === 0 || ft === 1);
    }
  }
  if (!clipSegmentToSlab(segments, clipOut)) {
    return vertexPair ? closestPointManifold(out, xf1, flip, ref, edge, incEdge, radius) : out;
  }
  const offset = nx * r1x + ny * r1y;
  const wnx = xf1.c * nx - xf1.s * ny;
  const wny = xf1.s * nx + xf1.c * ny;
  if (vertexPair) {
    // the corners are substantially closer than the clipped face points: one point between them
    const cdx = closest[CQX]! - closest[CPX]!;
    const cdy = closest[CQY]! - closest[CPY]!;
    const vv = Math.sqrt(cdx * cdx + cdy * cdy);
    const s0 = nx * clipOut.x[0]! + ny * clipOut.y[0]! - offset;
    const s1 = nx * clipOut.x[1]! + ny * clipOut.y[1]! - offset;
    if (vv + 0.1 * LINEAR_SLOP < Math.min(s0, s1)) {
      return closestPointManifold(out, xf1, flip, ref, edge, incEdge, radius);
    }
  }
  let count = 0;
  // The points in one order whichever shape is the reference: first the one between A's edge start
  // and B's edge end (the incident b-end when A is the reference, the a-end when B is), so a
  // Gauss–Seidel pass visits the same physical point first when the reference face flips.
  for (let i = 0; i < 2; i++) {
    const k = flip ? i : 1 - i;
    const x = clipOut.x[k]!;
    const y = clipOut.y[k]!;
    const sep = nx * x + ny * y - offset - radius;
    const f = inc.radius + 0.5 * sep;
    const mx = x - f * nx;
    const my = y - f * ny;
    out.px[count] = xf1.px + xf1.c * mx - xf1.s * my;
    out.py[count] = xf1.py + xf1.s * mx + xf1.c * my;
    out.ix[count] = xf1.px + xf1.c * x - xf1.s * y;
    out.iy[count] = xf1.py + xf1.s * x + xf1.c * y;
    out.separation[count] = sep;
    // The feature id names the pair of facing vertices the point lies between, one of each shape,
    // whether or not a side plane cut the incident edge (that flips with sub-micrometre drift when
    // the edges are equally long, as in a column of equal boxes): the a-end of the incident edge
    // (kept, origin 0, or cut at r2, origin 3) faces reference vertex e2, the b-end (origin 1 or 2)
    // faces reference vertex `edge`. Written as (vertex of A, vertex of B), it is the same whichever
    // shape gives the reference face (Catto, Box2D v3 manifold ids).
    const origin = clipOut.origin[k]!;
    const aEnd = origin === 0 || origin === 3;
    const refVertex = aEnd ? e2 : edge;
    const incVertex = aEnd ? incEdge : j2;
    out.id[count] = flip ? pairId(incVertex, refVertex) : pairId(refVertex, incVertex);
    count++;
  }
  out.pointCount = count;
  out.normalX = flip ? -wnx : wnx;
  out.normalY = flip ? -wny : wny;
  out.flip = flip;
  out.referenceEdge = edge;
  out.incidentEdge = incEdge;
  return out;
}

/** The outward normals of an axis-aligned box's edges (`isAxisBox`): bottom, right, top, left. */
const BOX_NX = new Float64Array([0, 1, 0, -1]);
const BOX_NY = new Float64Array([-1, 0, 1, 0]);

/**
 * An axis-aligned box (`isAxisBox`) whose normals are those numbers bit for bit (no −0: what
 * `makeBox` builds), so that {@link collideBoxes}, which knows them, computes with the same numbers.
 */
export function isPackedBox(p: ConvexShape2): boolean {
  if (!isAxisBox(p)) return false;
  for (let i = 0; i < 4; i++)
    if (!Object.is(p.nx[i], BOX_NX[i]) || !Object.is(p.ny[i], BOX_NY[i])) return false;
  return true;
}

/**
 * {@link collidePolygons} for two axis-aligned boxes (`isAxisBox`) read from packed records
 * `va[oa …]`, `vb[ob …]` laid out as [count, radius, x₀, y₀, x₁, y₁, x₂, y₂, x₃, y₃] (the shape
 * store's packed vertices; the normals are the box's axes): the same separating-axis test, the same
 * reference and incident faces, clipping and ids, with the same operations in the same order, so
 * the manifold is the same to the bit — without reaching through two geometry objects to eight
 * arrays for every pair (textbook §26.2 SAT + clipping).
 */
export function collideBoxes(
  va: Float64Array,
  oa: number,
  vb: Float64Array,
  ob: number,
  xfA: Transform2,
  xfB: Transform2,
  speculative: number,
  out: Manifold2,
): Manifold2 {
  out.clear();
  // B in A's frame
  const dx = xfB.px - xfA.px;
  const dy = xfB.py - xfA.py;
  const c = xfA.c * xfB.c + xfA.s * xfB.s;
  const s = xfA.c * xfB.s - xfA.s * xfB.c;
  const px = xfA.c * dx + xfA.s * dy;
  const py = -xfA.s * dx + xfA.c * dy;
  const radiusA = va[oa + 1]!;
  const radiusB = vb[ob + 1]!;
  const radius = radiusA + radiusB;
  // A in B's frame: the inverse transform (rotation c, −s)
  const qx = -(c * px + s * py);
  const qy = -(-s * px + c * py);
  const ns = -s;
  const limit = speculative + radius;
  // boxSeparation(A, B placed by (px, py, c, s))
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let k = ob + 2; k < ob + 10; k += 2) {
    const x = px + c * vb[k]! - s * vb[k + 1]!;
    const y = py + s * vb[k]! + c * vb[k + 1]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  let edgeA = 0;
  let sepA = -(maxY - va[oa + 3]!);
  let t = minX - va[oa + 4]!;
  if (t > sepA) {
    sepA = t;
    edgeA = 1;
  }
  t = minY - va[oa + 7]!;
  if (t > sepA) {
    sepA = t;
    edgeA = 2;
  }
  t = -(maxX - va[oa + 8]!);
  if (t > sepA) {
    sepA = t;
    edgeA = 3;
  }
  if (sepA > limit) return out;
  // boxSeparation(B, A placed by (qx, qy, c, −s))
  minX = Infinity;
  minY = Infinity;
  maxX = -Infinity;
  maxY = -Infinity;
  for (let k = oa + 2; k < oa + 10; k += 2) {
    const x = qx + c * va[k]! - ns * va[k + 1]!;
    const y = qy + ns * va[k]! + c * va[k + 1]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  let edgeB = 0;
  let sepB = -(maxY - vb[ob + 3]!);
  t = minX - vb[ob + 4]!;
  if (t > sepB) {
    sepB = t;
    edgeB = 1;
  }
  t = minY - vb[ob + 7]!;
  if (t > sepB) {
    sepB = t;
    edgeB = 2;
  }
  t = -(maxX - vb[ob + 8]!);
  if (t > sepB) {
    sepB = t;
    edgeB = 3;
  }
  if (sepB > limit) return out;
  // the slop, the layout of `closest` and the scratch arrays as locals (a literal, or one read): optimised
  // code reads a module constant through the module's context with a check at every use
  // (test/rigid2d/collide-layout.test.ts checks every literal copy against its module constant)
  const LINEAR_SLOP = 0.005;
  const CPX = 0;
  const CPY = 1;
  const CQX = 2;
  const CQY = 3;
  const seg = segments;
  const cl = closest;
  const clip = clipOut;
  const radii = pairRadii;
  const fractions = segmentFractions;
  const flip = sepB > sepA + 0.1 * LINEAR_SLOP;
  // reference (r) and incident (i) records, incident placed in the reference frame by (tx, ty, tc, ts)
  const vr = flip ? vb : va;
  const or = flip ? ob : oa;
  const vi = flip ? va : vb;
  const oi = flip ? oa : ob;
  const xf1 = flip ? xfB : xfA;
  const edge = flip ? edgeB : edgeA;
  const tx = flip ? qx : px;
  const ty = flip ? qy : py;
  const tc = c;
  const ts = flip ? ns : s;
  // BOX_NX[edge], BOX_NY[edge] in integers (0, 1, 0, −1 and −1, 0, 1, 0: the same numbers, no −0)
  const nx = (edge & 1) * (2 - edge);
  const ny = (1 - (edge & 1)) * (edge - 1);
  // boxIncidentEdge
  const d0 = ts * nx - tc * ny;
  const d1 = tc * nx + ts * ny;
  let incEdge = 0;
  let minDot = d0;
  if (d1 < minDot) {
    minDot = d1;
    incEdge = 1;
  }
  if (-d0 < minDot) {
    minDot = -d0;
    incEdge = 2;
  }
  if (-d1 < minDot) incEdge = 3;
  const j2 = incEdge + 1 < 4 ? incEdge + 1 : 0;
  const i1 = oi + 2 + 2 * incEdge;
  const i2 = oi + 2 + 2 * j2;
  const ax = tx + tc * vi[i1]! - ts * vi[i1 + 1]!;
  const ay = ty + ts * vi[i1]! + tc * vi[i1 + 1]!;
  const bx = tx + tc * vi[i2]! - ts * vi[i2 + 1]!;
  const by = ty + ts * vi[i2]! + tc * vi[i2 + 1]!;
  const e2 = edge + 1 < 4 ? edge + 1 : 0;
  const r1x = vr[or + 2 + 2 * edge]!;
  const r1y = vr[or + 3 + 2 * edge]!;
  const maxSep = flip ? sepB : sepA;
  const incRadius = flip ? radiusA : radiusB;
  radii[0] = flip ? radiusB : radiusA;
  radii[1] = radius;
  let vertexPair = false;
  seg[0] = r1x;
  seg[1] = r1y;
  seg[2] = vr[or + 2 + 2 * e2]!;
  seg[3] = vr[or + 3 + 2 * e2]!;
  seg[4] = ax;
  seg[5] = ay;
  seg[6] = bx;
  seg[7] = by;
  if (maxSep > 0.1 * LINEAR_SLOP) {
    closestOnPacked(seg);
    const ex = cl[CQX]! - cl[CPX]!;
    const ey = cl[CQY]! - cl[CPY]!;
    const dist = Math.sqrt(ex * ex + ey * ey);
    if (dist - radius > speculative) return out;
    if (radius > 0) {
      if (dist > 1e-12 && (ex * nx + ey * ny) / dist < 0.99) {
        return closestPointManifoldOf(out, xf1, flip, edge, incEdge);
      }
    } else {
      const fs = fractions[0]!;
      const ft = fractions[1]!;
      vertexPair = dist > 1e-12 && (fs === 0 || fs === 1) && (ft === 0 || ft === 1);
    }
  }
  if (!clipSegmentToSlab(seg, clip)) {
    return vertexPair ? closestPointManifoldOf(out, xf1, flip, edge, incEdge) : out;
  }
  const offset = nx * r1x + ny * r1y;
  const wnx = xf1.c * nx - xf1.s * ny;
  const wny = xf1.s * nx + xf1.c * ny;
  if (vertexPair) {
    const cdx = cl[CQX]! - cl[CPX]!;
    const cdy = cl[CQY]! - cl[CPY]!;
    const vv = Math.sqrt(cdx * cdx + cdy * cdy);
    const s0 = nx * clip.x[0]! + ny * clip.y[0]! - offset;
    const s1 = nx * clip.x[1]! + ny * clip.y[1]! - offset;
    if (vv + 0.1 * LINEAR_SLOP < Math.min(s0, s1)) {
      return closestPointManifoldOf(out, xf1, flip, edge, incEdge);
    }
  }
  // the points as in collidePolygons: same order, same ids
  for (let i = 0; i < 2; i++) {
    const k = flip ? i : 1 - i;
    const x = clip.x[k]!;
    const y = clip.y[k]!;
    const sep = nx * x + ny * y - offset - radius;
    const f = incRadius + 0.5 * sep;
    const mx = x - f * nx;
    const my = y - f * ny;
    out.px[i] = xf1.px + xf1.c * mx - xf1.s * my;
    out.py[i] = xf1.py + xf1.s * mx + xf1.c * my;
    out.ix[i] = xf1.px + xf1.c * x - xf1.s * y;
    out.iy[i] = xf1.py + xf1.s * x + xf1.c * y;
    out.separation[i] = sep;
    const origin = clip.origin[k]!;
    const aEnd = origin === 0 || origin === 3;
    const refVertex = aEnd ? e2 : edge;
    const incVertex = aEnd ? incEdge : j2;
    out.id[i] = flip ? pairId(incVertex, refVertex) : pairId(refVertex, incVertex);
  }
  out.pointCount = 2;
  out.normalX = flip ? -wnx : wnx;
  out.normalY = flip ? -wny : wny;
  out.flip = flip;
  out.referenceEdge = edge;
  out.incidentEdge = incEdge;
  return out;
}

/** Numbers per shape of the packed vertex records: count, radius, then (x, y) of up to 8 vertices. */
export const PACKED_VERTS_STRIDE = 2 + 2 * MAX_POLYGON_VERTICES;
/** Numbers per shape of the packed normal records: (nx, ny) of each edge, up to 8. */
export const PACKED_NORMALS_STRIDE = 2 * MAX_POLYGON_VERTICES;

/** scratch of {@link collidePolygonsPacked}: the other shape's vertices placed in a shape's frame */
const placedPacked = new Float64Array(2 * MAX_POLYGON_VERTICES);

/**
 * `maxSeparation` (sat2d.ts) over packed records: over the edge normals of shape 1 (vertices at
 * `v[o1 …]`, normals at `nrm[n1 …]`), the largest separation of shape 2's core vertices (at
 * `v[o2 …]`, placed by `xf`), the same sums in the same order; into `out`.
 */
function packedMaxSeparation(
  v: Float64Array,
  nrm: Float64Array,
  o1: number,
  n1: number,
  o2: number,
  xf: Transform2,
  out: SeparationResult,
): void {
  const px = xf.px;
  const py = xf.py;
  const c = xf.c;
  const s = xf.s;
  const c1 = v[o1]!;
  const c2 = v[o2]!;
  const w = placedPacked;
  for (let j = 0; j < c2; j++) {
    const x = v[o2 + 2 + 2 * j]!;
    const y = v[o2 + 3 + 2 * j]!;
    w[2 * j] = px + c * x - s * y;
    w[2 * j + 1] = py + s * x + c * y;
  }
  let bestEdge = 0;
  let maxSep = -Infinity;
  for (let i = 0; i < c1; i++) {
    const nx = nrm[n1 + 2 * i]!;
    const ny = nrm[n1 + 2 * i + 1]!;
    const ox = v[o1 + 2 + 2 * i]!;
    const oy = v[o1 + 3 + 2 * i]!;
    let si = Infinity;
    for (let j = 0; j < c2; j++) {
      const sij = nx * (w[2 * j]! - ox) + ny * (w[2 * j + 1]! - oy);
      if (sij < si) si = sij;
    }
    if (si > maxSep) {
      maxSep = si;
      bestEdge = i;
    }
  }
  out.edge = bestEdge;
  out.separation = maxSep;
}

/** `boxSeparation` over packed records: shape 1 an axis-aligned box (`isAxisBox`), shape 2 placed by `xf`. */
function packedBoxSeparation(
  v: Float64Array,
  o1: number,
  o2: number,
  xf: Transform2,
  out: SeparationResult,
): void {
  const px = xf.px;
  const py = xf.py;
  const c = xf.c;
  const s = xf.s;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let k = o2 + 2, e = o2 + 2 + 2 * v[o2]!; k < e; k += 2) {
    const x = px + c * v[k]! - s * v[k + 1]!;
    const y = py + s * v[k]! + c * v[k + 1]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const s0 = -(maxY - v[o1 + 3]!);
  const s1 = minX - v[o1 + 4]!;
  const s2 = minY - v[o1 + 7]!;
  const s3 = -(maxX - v[o1 + 8]!);
  let edge = 0;
  let best = s0;
  if (s1 > best) {
    best = s1;
    edge = 1;
  }
  if (s2 > best) {
    best = s2;
    edge = 2;
  }
  if (s3 > best) {
    best = s3;
    edge = 3;
  }
  out.edge = edge;
  out.separation = best;
}

/**
 * {@link collidePolygons} (no forced face) for two rounded convex polygons — boxes, polygons,
 * capsules, segments — read from packed records: vertices `v[PACKED_VERTS_STRIDE·shape …]`
 * ([count, radius, x₀, y₀, …]) and edge normals `nrm[PACKED_NORMALS_STRIDE·shape …]`, with
 * `boxA` / `boxB` saying which is an axis-aligned box (`isAxisBox`). The same operations in the
 * same order, so the manifold is the same to the bit, without reaching through two geometry
 * objects to their eight arrays for every pair (textbook §26.2 SAT + clipping).
 */
export function collidePolygonsPacked(
  v: Float64Array,
  nrm: Float64Array,
  sa: number,
  sb: number,
  boxA: boolean,
  boxB: boolean,
  xfA: Transform2,
  xfB: Transform2,
  speculative: number,
  out: Manifold2,
): Manifold2 {
  out.clear();
  // the packed strides as local literals (see collideBoxes)
  const PACKED_VERTS_STRIDE = 18;
  const PACKED_NORMALS_STRIDE = 16;
  const sepA = sepAScratch;
  const sepB = sepBScratch;
  const bInA = bInAScratch;
  const aInB = aInBScratch;
  const oa = PACKED_VERTS_STRIDE * sa;
  const ob = PACKED_VERTS_STRIDE * sb;
  const na = PACKED_NORMALS_STRIDE * sa;
  const nb = PACKED_NORMALS_STRIDE * sb;
  const dx = xfB.px - xfA.px;
  const dy = xfB.py - xfA.py;
  const c = xfA.c * xfB.c + xfA.s * xfB.s;
  const s = xfA.c * xfB.s - xfA.s * xfB.c;
  const px = xfA.c * dx + xfA.s * dy;
  const py = -xfA.s * dx + xfA.c * dy;
  const radiusA = v[oa + 1]!;
  const radiusB = v[ob + 1]!;
  const radius = radiusA + radiusB;
  const qx = -(c * px + s * py);
  const qy = -(-s * px + c * py);
  bInA.px = px;
  bInA.py = py;
  bInA.c = c;
  bInA.s = s;
  aInB.px = qx;
  aInB.py = qy;
  aInB.c = c;
  aInB.s = -s;
  if (boxA) packedBoxSeparation(v, oa, ob, bInA, sepA);
  else packedMaxSeparation(v, nrm, oa, na, ob, bInA, sepA);
  if (sepA.separation > speculative + radius) return out;
  if (boxB) packedBoxSeparation(v, ob, oa, aInB, sepB);
  else packedMaxSeparation(v, nrm, ob, nb, oa, aInB, sepB);
  if (sepB.separation > speculative + radius) return out;
  // the slop, the layout of `closest` and the scratch arrays as locals (a literal, or one read): optimised
  // code reads a module constant through the module's context with a check at every use
  // (test/rigid2d/collide-layout.test.ts checks every literal copy against its module constant)
  const LINEAR_SLOP = 0.005;
  const CPX = 0;
  const CPY = 1;
  const CQX = 2;
  const CQY = 3;
  const seg = segments;
  const cl = closest;
  const clip = clipOut;
  const radii = pairRadii;
  const fractions = segmentFractions;
  const flip = sepB.separation > sepA.separation + 0.1 * LINEAR_SLOP;
  const or = flip ? ob : oa;
  const nr = flip ? nb : na;
  const oi = flip ? oa : ob;
  const ni = flip ? na : nb;
  const xf1 = flip ? xfB : xfA;
  const edge = flip ? sepB.edge : sepA.edge;
  const tx = flip ? qx : px;
  const ty = flip ? qy : py;
  const tc = c;
  const ts = flip ? -s : s;
  const refCount = v[or]!;
  const incCount = v[oi]!;
  const nx = nrm[nr + 2 * edge]!;
  const ny = nrm[nr + 2 * edge + 1]!;
  let incEdge = 0;
  if (flip ? boxA : boxB) {
    // boxIncidentEdge
    const d0 = ts * nx - tc * ny;
    const d1 = tc * nx + ts * ny;
    let minDot = d0;
    if (d1 < minDot) {
      minDot = d1;
      incEdge = 1;
    }
    if (-d0 < minDot) {
      minDot = -d0;
      incEdge = 2;
    }
    if (-d1 < minDot) incEdge = 3;
  } else {
    // incidentEdge
    let minDot = Infinity;
    for (let j = 0; j < incCount; j++) {
      const inx = nrm[ni + 2 * j]!;
      const iny = nrm[ni + 2 * j + 1]!;
      const mx = tc * inx - ts * iny;
      const my = ts * inx + tc * iny;
      const d = mx * nx + my * ny;
      if (d < minDot) {
        minDot = d;
        incEdge = j;
      }
    }
  }
  const j2 = incEdge + 1 < incCount ? incEdge + 1 : 0;
  const i1 = oi + 2 + 2 * incEdge;
  const i2 = oi + 2 + 2 * j2;
  const ax = tx + tc * v[i1]! - ts * v[i1 + 1]!;
  const ay = ty + ts * v[i1]! + tc * v[i1 + 1]!;
  const bx = tx + tc * v[i2]! - ts * v[i2 + 1]!;
  const by = ty + ts * v[i2]! + tc * v[i2 + 1]!;
  const e2 = edge + 1 < refCount ? edge + 1 : 0;
  const r1x = v[or + 2 + 2 * edge]!;
  const r1y = v[or + 3 + 2 * edge]!;
  const maxSep = flip ? sepB.separation : sepA.separation;
  const incRadius = flip ? radiusA : radiusB;
  radii[0] = flip ? radiusB : radiusA;
  radii[1] = radius;
  let vertexPair = false;
  seg[0] = r1x;
  seg[1] = r1y;
  seg[2] = v[or + 2 + 2 * e2]!;
  seg[3] = v[or + 3 + 2 * e2]!;
  seg[4] = ax;
  seg[5] = ay;
  seg[6] = bx;
  seg[7] = by;
  if (maxSep > 0.1 * LINEAR_SLOP) {
    closestOnPacked(seg);
    const ex = cl[CQX]! - cl[CPX]!;
    const ey = cl[CQY]! - cl[CPY]!;
    const dist = Math.sqrt(ex * ex + ey * ey);
    if (dist - radius > speculative) return out;
    if (radius > 0) {
      if (dist > 1e-12 && (ex * nx + ey * ny) / dist < 0.99) {
        return closestPointManifoldOf(out, xf1, flip, edge, incEdge);
      }
    } else {
      const fs = fractions[0]!;
      const ft = fractions[1]!;
      vertexPair = dist > 1e-12 && (fs === 0 || fs === 1) && (ft === 0 || ft === 1);
    }
  }
  if (!clipSegmentToSlab(seg, clip)) {
    return vertexPair ? closestPointManifoldOf(out, xf1, flip, edge, incEdge) : out;
  }
  const offset = nx * r1x + ny * r1y;
  const wnx = xf1.c * nx - xf1.s * ny;
  const wny = xf1.s * nx + xf1.c * ny;
  if (vertexPair) {
    const cdx = cl[CQX]! - cl[CPX]!;
    const cdy = cl[CQY]! - cl[CPY]!;
    const vv = Math.sqrt(cdx * cdx + cdy * cdy);
    const s0 = nx * clip.x[0]! + ny * clip.y[0]! - offset;
    const s1 = nx * clip.x[1]! + ny * clip.y[1]! - offset;
    if (vv + 0.1 * LINEAR_SLOP < Math.min(s0, s1)) {
      return closestPointManifoldOf(out, xf1, flip, edge, incEdge);
    }
  }
  for (let i = 0; i < 2; i++) {
    const k = flip ? i : 1 - i;
    const x = clip.x[k]!;
    const y = clip.y[k]!;
    const sep = nx * x + ny * y - offset - radius;
    const f = incRadius + 0.5 * sep;
    const mx = x - f * nx;
    const my = y - f * ny;
    out.px[i] = xf1.px + xf1.c * mx - xf1.s * my;
    out.py[i] = xf1.py + xf1.s * mx + xf1.c * my;
    out.ix[i] = xf1.px + xf1.c * x - xf1.s * y;
    out.iy[i] = xf1.py + xf1.s * x + xf1.c * y;
    out.separation[i] = sep;
    const origin = clip.origin[k]!;
    const aEnd = origin === 0 || origin === 3;
    const refVertex = aEnd ? e2 : edge;
    const incVertex = aEnd ? incEdge : j2;
    out.id[i] = flip ? pairId(incVertex, refVertex) : pairId(refVertex, incVertex);
  }
  out.pointCount = 2;
  out.normalX = flip ? -wnx : wnx;
  out.normalY = flip ? -wny : wny;
  out.flip = flip;
  out.referenceEdge = edge;
  out.incidentEdge = incEdge;
  return out;
}

/**
 * {@link collideCircles} over packed records (`v[PACKED_VERTS_STRIDE·shape …]`: count, radius,
 * centre): the same operations in the same order, the same manifold.
 */
export function collideCirclesPacked(
  v: Float64Array,
  sa: number,
  sb: number,
  xfA: Transform2,
  xfB: Transform2,
  speculative: number,
  out: Manifold2,
): Manifold2 {
  out.clear();
  // the packed strides as local literals (see collideBoxes)
  const PACKED_VERTS_STRIDE = 18;
  const oa = PACKED_VERTS_STRIDE * sa;
  const ob = PACKED_VERTS_STRIDE * sb;
  const ra = v[oa + 1]!;
  const rb = v[ob + 1]!;
  const ax = xfA.px + xfA.c * v[oa + 2]! - xfA.s * v[oa + 3]!;
  const ay = xfA.py + xfA.s * v[oa + 2]! + xfA.c * v[oa + 3]!;
  const bx = xfB.px + xfB.c * v[ob + 2]! - xfB.s * v[ob + 3]!;
  const by = xfB.py + xfB.s * v[ob + 2]! + xfB.c * v[ob + 3]!;
  const dx = bx - ax;
  const dy = by - ay;
  const dist = Math.sqrt(dx * dx + dy * dy);
  const sep = dist - ra - rb;
  if (sep > speculative) return out;
  let nx = 0;
  let ny = 1;
  if (dist > 1e-12) {
    nx = dx / dist;
    ny = dy / dist;
  }
  const f = ra + 0.5 * sep;
  out.pointCount = 1;
  out.normalX = nx;
  out.normalY = ny;
  out.px[0] = ax + f * nx;
  out.py[0] = ay + f * ny;
  out.ix[0] = bx - rb * nx;
  out.iy[0] = by - rb * ny;
  out.separation[0] = sep;
  out.id[0] = 0;
  return out;
}

/**
 * {@link collidePolygonCircle} over packed records: the rounded polygon `sp` (vertices at
 * `v[PACKED_VERTS_STRIDE·sp …]`, normals at `nrm[PACKED_NORMALS_STRIDE·sp …]`, placed by `xfP`)
 * against the circle `sc` (placed by `xfC`); the same operations in the same order, the same
 * manifold, normal from the polygon to the circle.
 */
export function collidePolygonCirclePacked(
  v: Float64Array,
  nrm: Float64Array,
  sp: number,
  sc: number,
  xfP: Transform2,
  xfC: Transform2,
  speculative: number,
  out: Manifold2,
): Manifold2 {
  out.clear();
  // the packed strides as local literals (see collideBoxes)
  const PACKED_VERTS_STRIDE = 18;
  const PACKED_NORMALS_STRIDE = 16;
  const op = PACKED_VERTS_STRIDE * sp;
  const np = PACKED_NORMALS_STRIDE * sp;
  const oc = PACKED_VERTS_STRIDE * sc;
  // centreInFrame
  const wx = xfC.px + xfC.c * v[oc + 2]! - xfC.s * v[oc + 3]!;
  const wy = xfC.py + xfC.s * v[oc + 2]! + xfC.c * v[oc + 3]!;
  const ddx = wx - xfP.px;
  const ddy = wy - xfP.py;
  const cx = xfP.c * ddx + xfP.s * ddy;
  const cy = -xfP.s * ddx + xfP.c * ddy;
  const circleRadius = v[oc + 1]!;
  const radius = v[op + 1]! + circleRadius;
  const n = v[op]!;
  let edge = 0;
  let maxSep = -Infinity;
  for (let i = 0; i < n; i++) {
    const si =
      nrm[np + 2 * i]! * (cx - v[op + 2 + 2 * i]!) + nrm[np + 2 * i + 1]! * (cy - v[op + 3 + 2 * i]!);
    if (si > maxSep) {
      maxSep = si;
      edge = i;
    }
  }
  if (maxSep > radius + speculative) return out;
  const i2 = edge + 1 < n ? edge + 1 : 0;
  const v1x = v[op + 2 + 2 * edge]!;
  const v1y = v[op + 3 + 2 * edge]!;
  const v2x = v[op + 2 + 2 * i2]!;
  const v2y = v[op + 3 + 2 * i2]!;
  const u1 = (cx - v1x) * (v2x - v1x) + (cy - v1y) * (v2y - v1y);
  const u2 = (cx - v2x) * (v1x - v2x) + (cy - v2y) * (v1y - v2y);
  let nx: number;
  let ny: number;
  let dist: number;
  let qx = 0;
  let qy = 0;
  let id = edge;
  let vertexRegion = false;
  const outside = maxSep > 1e-12 || n === 2;
  if (u1 < 0 && outside) {
    qx = v1x;
    qy = v1y;
    vertexRegion = true;
  } else if (u2 < 0 && outside) {
    qx = v2x;
    qy = v2y;
    id = i2 | 0x100;
    vertexRegion = true;
  }
  if (vertexRegion) {
    const ex = cx - qx;
    const ey = cy - qy;
    dist = Math.sqrt(ex * ex + ey * ey);
    if (dist - radius > speculative) return out;
    if (dist > 1e-12) {
      nx = ex / dist;
      ny = ey / dist;
    } else {
      nx = nrm[np + 2 * edge]!;
      ny = nrm[np + 2 * edge + 1]!;
    }
  } else {
    nx = nrm[np + 2 * edge]!;
    ny = nrm[np + 2 * edge + 1]!;
    dist = maxSep;
    qx = cx - maxSep * nx;
    qy = cy - maxSep * ny;
  }
  const sep = dist - radius;
  const f = circleRadius + 0.5 * sep;
  const o = onePoint;
  o[0] = nx;
  o[1] = ny;
  o[2] = cx - f * nx;
  o[3] = cy - f * ny;
  o[4] = qx;
  o[5] = qy;
  o[6] = sep;
  return setOnePoint(out, xfP, false, id, edge);
}

/**
 * The one-point manifold along the closest direction between the reference edge `edge` of `ref`
 * and the incident edge `incEdge` (their closest points in `closest`, in the frame `xf1`): unit
 * normal, the point midway between the surfaces, the separation (distance − `radius`), and the id
 * of the two edges written as (edge of A, edge of B) whichever is the reference.
 */
function closestPointManifold(
  out: Manifold2,
  xf1: Transform2,
  flip: boolean,
  ref: ConvexShape2,
  edge: number,
  incEdge: number,
  radius: number,
): Manifold2 {
  pairRadii[0] = ref.radius;
  pairRadii[1] = radius;
  return closestPointManifoldOf(out, xf1, flip, edge, incEdge);
}

/** the reference shape's radius and the sum of both radii, for {@link closestPointManifoldOf} */
const pairRadii = new Float64Array(2);

/** {@link closestPointManifold} with the radii in `pairRadii` (the packed boxes' path has no shape object). */
function closestPointManifoldOf(
  out: Manifold2,
  xf1: Transform2,
  flip: boolean,
  edge: number,
  incEdge: number,
): Manifold2 {
  const radius = pairRadii[1]!;
  const dx = closest[CQX]! - closest[CPX]!;
  const dy = closest[CQY]! - closest[CPY]!;
  const dist = Math.sqrt(dx * dx + dy * dy);
  const ux = dx / dist;
  const uy = dy / dist;
  const sep = dist - radius;
  const f = pairRadii[0]! + 0.5 * sep;
  const v = onePoint;
  v[0] = ux;
  v[1] = uy;
  v[2] = closest[CPX]! + f * ux;
  v[3] = closest[CPY]! + f * uy;
  v[4] = closest[CQX]!;
  v[5] = closest[CQY]!;
  v[6] = sep;
  const id = ONE_POINT_ID | ((flip ? incEdge : edge) << 8) | (flip ? edge : incEdge);
  setOnePoint(out, xf1, flip, id, edge);
  out.flip = flip;
  out.incidentEdge = incEdge;
  return out;
}

/**
 * A circle against face `edge` of a segment (chains: the face normal only). The point must project
 * inside the segment; otherwise there is no contact (the neighbouring segment owns it).
 * The normal points from the segment to the circle; `circleIsA` flips it for a circle as shape A.
 */
export function collideSegmentFaceCircle(
  seg: ConvexShape2,
  xfS: Transform2,
  edge: number,
  circle: ConvexShape2,
  xfC: Transform2,
  speculative: number,
  out: Manifold2,
  circleIsA: boolean,
): Manifold2 {
  out.clear();
  centreInFrame(circle, xfC, xfS);
  const cx = centre[0]!;
  const cy = centre[1]!;
  const x1 = seg.vx[0]!;
  const y1 = seg.vy[0]!;
  const ex = seg.vx[1]! - x1;
  const ey = seg.vy[1]! - y1;
  const t = ((cx - x1) * ex + (cy - y1) * ey) / (ex * ex + ey * ey);
  if (t < 0 || t > 1) return out;
  const nx = seg.nx[edge]!;
  const ny = seg.ny[edge]!;
  const dist = nx * (cx - x1) + ny * (cy - y1);
  const sep = dist - seg.radius - circle.radius;
  if (sep > speculative || dist < 0) return out;
  const f = circle.radius + 0.5 * sep;
  const v = onePoint;
  v[0] = nx;
  v[1] = ny;
  v[2] = cx - f * nx;
  v[3] = cy - f * ny;
  v[4] = cx - dist * nx;
  v[5] = cy - dist * ny;
  v[6] = sep;
  return setOnePoint(out, xfS, circleIsA, edge, edge);
}

/**
 * Any pair of shapes. Segment–segment pairs never collide (both are meant for static ground).
 * The normal always points from `a` to `b`.
 */
export const collideShapes: Collider2 = (a, xfA, b, xfB, speculative, out) => {
  const ka = a.kind;
  const kb = b.kind;
  if (ka === 'circle') {
    if (kb === 'circle') return collideCircles(a, xfA, b, xfB, speculative, out);
    collidePolygonCircle(b, xfB, a, xfA, speculative, out);
    out.normalX = -out.normalX;
    out.normalY = -out.normalY;
    out.flip = true;
    return out;
  }
  if (kb === 'circle') return collidePolygonCircle(a, xfA, b, xfB, speculative, out);
  if (ka === 'segment' && kb === 'segment') return out.clear();
  return collidePolygons(a, xfA, b, xfB, speculative, out);
};
