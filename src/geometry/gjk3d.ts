/**
 * GJK distance in 3D (Gilbert, Johnson & Keerthi, 1988; textbook §26.2 "GJKとEPA").
 *
 * The shapes overlap exactly when the origin lies in their Minkowski difference A − B, whose
 * support function is s_A(d) − s_B(−d). GJK grows a simplex (point, segment, triangle,
 * tetrahedron) of such support points towards the origin. Each round finds the simplex point
 * closest to the origin by its Voronoi regions (Ericson, Real-Time Collision Detection §5.1),
 * drops the vertices that do not contribute and asks for the support point towards the origin.
 * A tetrahedron that encloses the origin means overlap (EPA, epa3d.ts, then measures the depth);
 * when a new support point brings the simplex no closer, the closest point and its barycentric
 * weights give the distance and the closest points on both cores. Radii are subtracted by the
 * caller (`distance − rA − rB`).
 */
import type { ConvexProxy3 } from './support3d.js';

/** Upper bound on GJK rounds. */
export const GJK3_MAX_ITERATIONS = 64;

/** Outcome of `gjk3`, reused between calls. */
export class GjkResult3 {
  /** true when the cores overlap (the origin is inside A − B up to round-off) */
  overlap = false;
  /** distance between the cores (0 on overlap) */
  distance = 0;
  /** closest point on A's core (world xyz) */
  readonly pointA = new Float64Array(3);
  /** closest point on B's core (world xyz) */
  readonly pointB = new Float64Array(3);
  /** unit direction from A to B (pointB − pointA normalised), when separated */
  readonly normal = new Float64Array(3);
  /** support rounds used */
  iterations = 0;
  /** simplex vertex count (1..4) */
  count = 0;
  /** simplex vertices w = a − b (xyz per vertex) */
  readonly w = new Float64Array(12);
  /** the vertices' support points on A */
  readonly a = new Float64Array(12);
  /** the vertices' support points on B */
  readonly b = new Float64Array(12);
  /** barycentric weights of the closest point */
  readonly weight = new Float64Array(4);
  /** the vertices' feature (vertex) indices on A and on B */
  readonly featA = new Int32Array(4);
  /** feature indices on B */
  readonly featB = new Int32Array(4);
}

const tmpA = new Float64Array(3);
const tmpB = new Float64Array(3);
// scratch for the sub-simplex solve: chosen indices and weights
const pick = new Int32Array(4);
const lam = new Float64Array(4);
let pickCount = 0;
// the sub-simplex solves' squared distance (written, not returned: a double returned from a call
// V8 does not inline is boxed, i.e. allocated)
const sq = new Float64Array(1);
const bestPick = new Int32Array(4);
const bestLam = new Float64Array(4);

function dotw(w: Float64Array, i: number, j: number): number {
  return w[3 * i]! * w[3 * j]! + w[3 * i + 1]! * w[3 * j + 1]! + w[3 * i + 2]! * w[3 * j + 2]!;
}

/** Closest point of segment (i, j) to the origin → pick/lam, its squared distance → sq[0]. */
function solveSegment(w: Float64Array, i: number, j: number): void {
  const ax = w[3 * i]!;
  const ay = w[3 * i + 1]!;
  const az = w[3 * i + 2]!;
  const ex = w[3 * j]! - ax;
  const ey = w[3 * j + 1]! - ay;
  const ez = w[3 * j + 2]! - az;
  const ee = ex * ex + ey * ey + ez * ez;
  const t = ee > 0 ? -(ax * ex + ay * ey + az * ez) / ee : 0;
  if (t <= 0) {
    pickCount = 1;
    pick[0] = i;
    lam[0] = 1;
    sq[0] = ax * ax + ay * ay + az * az;
    return;
  }
  if (t >= 1) {
    pickCount = 1;
    pick[0] = j;
    lam[0] = 1;
    sq[0] = dotw(w, j, j);
    return;
  }
  pickCount = 2;
  pick[0] = i;
  pick[1] = j;
  lam[0] = 1 - t;
  lam[1] = t;
  const x = ax + t * ex;
  const y = ay + t * ey;
  const z = az + t * ez;
  sq[0] = x * x + y * y + z * z;
  return;
}

/** Closest point of triangle (i, j, k) to the origin (Ericson §5.1.5) → pick/lam, squared distance → sq[0]. */
function solveTriangle(w: Float64Array, i: number, j: number, k: number): void {
  const ax = w[3 * i]!;
  const ay = w[3 * i + 1]!;
  const az = w[3 * i + 2]!;
  const abx = w[3 * j]! - ax;
  const aby = w[3 * j + 1]! - ay;
  const abz = w[3 * j + 2]! - az;
  const acx = w[3 * k]! - ax;
  const acy = w[3 * k + 1]! - ay;
  const acz = w[3 * k + 2]! - az;
  // p = origin: ap = −a
  const d1 = -(abx * ax + aby * ay + abz * az);
  const d2 = -(acx * ax + acy * ay + acz * az);
  if (d1 <= 0 && d2 <= 0) {
    pickCount = 1;
    pick[0] = i;
    lam[0] = 1;
    sq[0] = ax * ax + ay * ay + az * az;
    return;
  }
  const bx = w[3 * j]!;
  const by = w[3 * j + 1]!;
  const bz = w[3 * j + 2]!;
  const d3 = -(abx * bx + aby * by + abz * bz);
  const d4 = -(acx * bx + acy * by + acz * bz);
  if (d3 >= 0 && d4 <= d3) {
    pickCount = 1;
    pick[0] = j;
    lam[0] = 1;
    sq[0] = bx * bx + by * by + bz * bz;
    return;
  }
  const vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) {
    solveSegment(w, i, j);
    return;
  }
  const cx = w[3 * k]!;
  const cy = w[3 * k + 1]!;
  const cz = w[3 * k + 2]!;
  const d5 = -(abx * cx + aby * cy + abz * cz);
  const d6 = -(acx * cx + acy * cy + acz * cz);
  if (d6 >= 0 && d5 <= d6) {
    pickCount = 1;
    pick[0] = k;
    lam[0] = 1;
    sq[0] = cx * cx + cy * cy + cz * cz;
    return;
  }
  const vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    solveSegment(w, i, k);
    return;
  }
  const va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    solveSegment(w, j, k);
    return;
  }
  const den = va + vb + vc;
  if (!(Math.abs(den) > 0)) {
    solveSegment(w, i, j);
    return;
  }
  const v = vb / den;
  const u = vc / den;
  pickCount = 3;
  pick[0] = i;
  pick[1] = j;
  pick[2] = k;
  lam[0] = 1 - v - u;
  lam[1] = v;
  lam[2] = u;
  const x = ax + abx * v + acx * u;
  const y = ay + aby * v + acy * u;
  const z = az + abz * v + acz * u;
  sq[0] = x * x + y * y + z * z;
  return;
}

/** Signed volume side: is the origin on the far side of face (i, j, k) from vertex l? */
function originOutside(w: Float64Array, i: number, j: number, k: number, l: number): boolean {
  const ax = w[3 * i]!;
  const ay = w[3 * i + 1]!;
  const az = w[3 * i + 2]!;
  const abx = w[3 * j]! - ax;
  const aby = w[3 * j + 1]! - ay;
  const abz = w[3 * j + 2]! - az;
  const acx = w[3 * k]! - ax;
  const acy = w[3 * k + 1]! - ay;
  const acz = w[3 * k + 2]! - az;
  const nx = aby * acz - abz * acy;
  const ny = abz * acx - abx * acz;
  const nz = abx * acy - aby * acx;
  const sp = -(nx * ax + ny * ay + nz * az);
  const sd = nx * (w[3 * l]! - ax) + ny * (w[3 * l + 1]! - ay) + nz * (w[3 * l + 2]! - az);
  return sp * sd < 0;
}

const faces = new Int32Array([0, 1, 2, 3, 0, 1, 3, 2, 0, 2, 3, 1, 1, 2, 3, 0]);

/** Closest point of the tetrahedron to the origin → pick/lam, squared distance → sq[0] (−1 when the origin is inside). */
function solveTetra(w: Float64Array): void {
  let best = Infinity;
  let bestCount = 0;
  for (let f = 0; f < 4; f++) {
    const i = faces[4 * f]!;
    const j = faces[4 * f + 1]!;
    const k = faces[4 * f + 2]!;
    const l = faces[4 * f + 3]!;
    if (!originOutside(w, i, j, k, l)) continue;
    solveTriangle(w, i, j, k);
    const d = sq[0]!;
    if (d < best) {
      best = d;
      bestCount = pickCount;
      for (let m = 0; m < pickCount; m++) {
        bestPick[m] = pick[m]!;
        bestLam[m] = lam[m]!;
      }
    }
  }
  if (bestCount === 0) {
    sq[0] = -1;
    return;
  }
  pickCount = bestCount;
  for (let m = 0; m < bestCount; m++) {
    pick[m] = bestPick[m]!;
    lam[m] = bestLam[m]!;
  }
  sq[0] = best;
  return;
}

/** Keeps only the picked vertices (in pick order) with their weights. */
function compact(s: GjkResult3): void {
  const w = s.w;
  const a = s.a;
  const b = s.b;
  // copy out through the scratch tails (indices ≥ count are free only if we go in order)
  const tw = tmpW;
  for (let m = 0; m < pickCount; m++) {
    const i = pick[m]!;
    for (let c = 0; c < 3; c++) {
      tw[3 * m + c] = w[3 * i + c]!;
      tw[12 + 3 * m + c] = a[3 * i + c]!;
      tw[24 + 3 * m + c] = b[3 * i + c]!;
    }
    tf[m] = s.featA[i]!;
    tf[4 + m] = s.featB[i]!;
  }
  for (let m = 0; m < pickCount; m++) {
    for (let c = 0; c < 3; c++) {
      w[3 * m + c] = tw[3 * m + c]!;
      a[3 * m + c] = tw[12 + 3 * m + c]!;
      b[3 * m + c] = tw[24 + 3 * m + c]!;
    }
    s.featA[m] = tf[m]!;
    s.featB[m] = tf[4 + m]!;
    s.weight[m] = lam[m]!;
  }
  s.count = pickCount;
}
const tmpW = new Float64Array(36);
const tf = new Int32Array(8);

/** the search direction of the next support point (an array, so no double crosses a call) */
const dir = new Float64Array(3);

/** Adds simplex vertex `n`: the support of A − B along `dir` (A along dir, B along −dir). */
function addVertex(s: GjkResult3, n: number, A: ConvexProxy3, B: ConvexProxy3): void {
  s.featA[n] = A.supportAlong(dir, 1, s.a, 3 * n);
  s.featB[n] = B.supportAlong(dir, -1, s.b, 3 * n);
  s.w[3 * n] = s.a[3 * n]! - s.b[3 * n]!;
  s.w[3 * n + 1] = s.a[3 * n + 1]! - s.b[3 * n + 1]!;
  s.w[3 * n + 2] = s.a[3 * n + 2]! - s.b[3 * n + 2]!;
}

/** the squared core distance beyond which a run may stop early ({@link gjk3Within}; +∞ for gjk3) */
const cutSq = new Float64Array(1);

/**
 * Distance between the cores of two convex proxies (radii not subtracted); fills and returns
 * `out`. On overlap `out.overlap` is true and `out` holds the last simplex (for EPA).
 */
export function gjk3(A: ConvexProxy3, B: ConvexProxy3, out: GjkResult3): GjkResult3 {
  cutSq[0] = Number.POSITIVE_INFINITY;
  return run(A, B, out);
}

/**
 * {@link gjk3} for a contact test: as soon as a support plane proves the cores farther apart than
 * `limit[0]` (the lower bound v·w/|v| of the distance, van den Bergen 1999), it stops with
 * `out.distance` = +∞, `out.overlap` false and no witness points or normal; otherwise the same
 * result as gjk3.
 */
export function gjk3Within(
  A: ConvexProxy3,
  B: ConvexProxy3,
  out: GjkResult3,
  limit: Float64Array,
): GjkResult3 {
  cutSq[0] = limit[0]! * limit[0]!;
  return run(A, B, out);
}

function run(A: ConvexProxy3, B: ConvexProxy3, out: GjkResult3): GjkResult3 {
  const s = out;
  const cut = cutSq[0]!;
  A.center(tmpA, 0);
  B.center(tmpB, 0);
  let dx = tmpA[0]! - tmpB[0]!;
  const dy = tmpA[1]! - tmpB[1]!;
  const dz = tmpA[2]! - tmpB[2]!;
  if (dx * dx + dy * dy + dz * dz < 1e-24) dx = 1;
  // first vertex: the support of A − B against the direction towards the origin
  dir[0] = -dx;
  dir[1] = -dy;
  dir[2] = -dz;
  addVertex(s, 0, A, B);
  s.count = 1;
  s.weight[0] = 1;
  s.overlap = false;
  let distSq = dotw(s.w, 0, 0);
  let iter = 0;
  // v: the current closest point of the simplex to the origin
  let vx = s.w[0]!;
  let vy = s.w[1]!;
  let vz = s.w[2]!;
  while (iter < GJK3_MAX_ITERATIONS) {
    iter++;
    if (distSq < 1e-24) {
      s.overlap = true;
      break;
    }
    // new support point towards the origin (−v)
    const n = s.count;
    dir[0] = -vx;
    dir[1] = -vy;
    dir[2] = -vz;
    addVertex(s, n, A, B);
    const wx = s.w[3 * n]!;
    const wy = s.w[3 * n + 1]!;
    const wz = s.w[3 * n + 2]!;
    // no progress: v·v − v·w ≤ ε v·v
    const vw = vx * wx + vy * wy + vz * wz;
    // the support plane along −v separates the cores by v·w/|v| > the caller's limit
    if (vw > 0 && vw * vw > cut * distSq) {
      s.iterations = iter;
      s.overlap = false;
      s.distance = Number.POSITIVE_INFINITY;
      return s;
    }
    if (distSq - vw <= 1e-10 * distSq) break;
    let dup = false;
    for (let m = 0; m < n; m++)
      if (s.w[3 * m] === wx && s.w[3 * m + 1] === wy && s.w[3 * m + 2] === wz) dup = true;
    if (dup) break;
    s.count = n + 1;
    if (s.count === 2) solveSegment(s.w, 0, 1);
    else if (s.count === 3) solveTriangle(s.w, 0, 1, 2);
    else solveTetra(s.w);
    const d2 = sq[0]!;
    if (s.count === 4) {
      if (d2 < 0) {
        s.overlap = true;
        break;
      }
    }
    if (d2 >= distSq) {
      // round-off: no real progress, keep the previous simplex
      s.count = n;
      break;
    }
    compact(s);
    distSq = d2;
    vx = 0;
    vy = 0;
    vz = 0;
    for (let m = 0; m < s.count; m++) {
      vx += s.weight[m]! * s.w[3 * m]!;
      vy += s.weight[m]! * s.w[3 * m + 1]!;
      vz += s.weight[m]! * s.w[3 * m + 2]!;
    }
    distSq = vx * vx + vy * vy + vz * vz;
  }
  s.iterations = iter;
  // witness points
  let ax = 0;
  let ay = 0;
  let az = 0;
  let bx = 0;
  let by = 0;
  let bz = 0;
  for (let m = 0; m < s.count; m++) {
    const l = s.count === 4 ? 0.25 : s.weight[m]!;
    ax += l * s.a[3 * m]!;
    ay += l * s.a[3 * m + 1]!;
    az += l * s.a[3 * m + 2]!;
    bx += l * s.b[3 * m]!;
    by += l * s.b[3 * m + 1]!;
    bz += l * s.b[3 * m + 2]!;
  }
  s.pointA[0] = ax;
  s.pointA[1] = ay;
  s.pointA[2] = az;
  s.pointB[0] = bx;
  s.pointB[1] = by;
  s.pointB[2] = bz;
  if (s.overlap) {
    s.distance = 0;
    s.normal[0] = 0;
    s.normal[1] = 0;
    s.normal[2] = 0;
  } else {
    const d = Math.sqrt(distSq);
    s.distance = d;
    // v = a − b points from B to A
    s.normal[0] = d > 0 ? -vx / d : 0;
    s.normal[1] = d > 0 ? -vy / d : 0;
    s.normal[2] = d > 0 ? -vz / d : 0;
  }
  return s;
}
