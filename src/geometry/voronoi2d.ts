/**
 * Voronoi fracture of a convex polygon (textbook §26.5, "ボロノイによる破壊").
 *
 * Each Voronoi cell of seed sᵢ is the intersection, over every other seed sⱼ, of the half-plane of
 * points nearer to sᵢ than to sⱼ. Its boundary is the perpendicular bisector of sᵢ and sⱼ:
 * |p − sᵢ|² ≤ |p − sⱼ|²  ⇔  2(sⱼ − sᵢ)·p ≤ |sⱼ|² − |sᵢ|²  (the book's 8x + 4y = 20, i.e. 2x + y = 5,
 * for s₁ = (0, 0), s₂ = (4, 2)). A cell of the body is the body's polygon clipped by those
 * half-planes one after another — the same Sutherland–Hodgman half-plane clipping as the contact
 * manifolds' — so every piece is convex and the pieces tile the polygon exactly.
 *
 * Seeds clustered around the impact point give small pieces there and large ones far away
 * (`clusteredSeeds2`). Everything here is deterministic: the seeds come from the seeded `Prng`,
 * the cells are computed in seed order, and only +, −, ×, ÷, √ and the portable sine/cosine are used.
 */
import { PhysicsError } from '../core/errors.js';
import { pcos, psin } from '../math/portable.js';
import type { Prng } from '../math/prng.js';
import { polygonSignedArea } from './polygon2d.js';

/** The half-plane a·x + b·y ≤ c. */
export interface HalfPlane2 {
  /** coefficient of x */
  a: number;
  /** coefficient of y */
  b: number;
  /** the bound */
  c: number;
}

/**
 * The half-plane of points at least as near to `s1` as to `s2`: 2(s2 − s1)·p ≤ |s2|² − |s1|².
 * Its boundary line is the perpendicular bisector of the two seeds (textbook §26.5 example:
 * s1 = (0, 0), s2 = (4, 2) → 8x + 4y ≤ 20).
 */
export function bisectorHalfPlane2(
  s1x: number,
  s1y: number,
  s2x: number,
  s2y: number,
  out: HalfPlane2 = { a: 0, b: 0, c: 0 },
): HalfPlane2 {
  out.a = 2 * (s2x - s1x);
  out.b = 2 * (s2y - s1y);
  out.c = s2x * s2x + s2y * s2y - (s1x * s1x + s1y * s1y);
  return out;
}

/**
 * Clips the convex polygon `poly` (x0, y0, x1, y1, …, counter-clockwise) to the half-plane
 * a·x + b·y ≤ c by Sutherland–Hodgman and returns the kept part (possibly empty). Vertices
 * within `eps` of the line count as on it, so a cut never leaves slivers of round-off size.
 */
export function clipPolygonToHalfPlane2(poly: ArrayLike<number>, h: HalfPlane2, eps = 0): Float64Array {
  const n = poly.length >> 1;
  const out: number[] = [];
  const len = Math.sqrt(h.a * h.a + h.b * h.b);
  const tol = eps * len;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const px = poly[2 * i]!;
    const py = poly[2 * i + 1]!;
    const qx = poly[2 * j]!;
    const qy = poly[2 * j + 1]!;
    const dp = h.a * px + h.b * py - h.c;
    const dq = h.a * qx + h.b * qy - h.c;
    // a vertex within the tolerance band counts as on the line, and is kept
    if (dp <= tol) out.push(px, py);
    // the edge crosses the line strictly (one end beyond the band on each side): add the crossing
    if ((dp < -tol && dq > tol) || (dp > tol && dq < -tol)) {
      const t = dp / (dp - dq);
      out.push(px + t * (qx - px), py + t * (qy - py));
    }
  }
  return new Float64Array(out);
}

/** A Voronoi piece of a polygon: its convex outline and the seed it belongs to. */
export interface VoronoiCell2 {
  /** index of the seed in the input list */
  seed: number;
  /** convex polygon, counter-clockwise, x0, y0, x1, y1, … */
  vertices: Float64Array;
  /** area (positive) */
  area: number;
}

/**
 * Splits the convex polygon `polygon` (counter-clockwise) into the Voronoi cells of `seeds`
 * (x0, y0, x1, y1, …): for each seed, the polygon clipped by the bisector half-planes of every
 * other seed (textbook §26.5). Cells with no area (a seed outside the polygon whose region misses
 * it) are left out. Duplicate seeds are rejected: their bisector is undefined.
 */
export function voronoiCells2(polygon: ArrayLike<number>, seeds: ArrayLike<number>): VoronoiCell2[] {
  const m = seeds.length >> 1;
  if (seeds.length % 2 !== 0 || m < 1) {
    throw new PhysicsError('invalid-argument', 'seeds: need at least one (x, y) pair');
  }
  for (let i = 0; i < seeds.length; i++) {
    if (!Number.isFinite(seeds[i]!)) {
      throw new PhysicsError('non-finite', `seeds[${i}]: must be a finite number, got ${seeds[i]}`);
    }
  }
  const total = Math.abs(polygonSignedArea(polygon));
  // size of the polygon: the clipping tolerance and the sliver threshold scale with it
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < polygon.length; i += 2) {
    minX = Math.min(minX, polygon[i]!);
    maxX = Math.max(maxX, polygon[i]!);
    minY = Math.min(minY, polygon[i + 1]!);
    maxY = Math.max(maxY, polygon[i + 1]!);
  }
  const size = Math.max(maxX - minX, maxY - minY);
  const eps = 1e-12 * size;
  const h: HalfPlane2 = { a: 0, b: 0, c: 0 };
  const cells: VoronoiCell2[] = [];
  for (let i = 0; i < m; i++) {
    const sx = seeds[2 * i]!;
    const sy = seeds[2 * i + 1]!;
    let cell: Float64Array = Float64Array.from(polygon);
    for (let j = 0; j < m && cell.length >= 6; j++) {
      if (j === i) continue;
      const tx = seeds[2 * j]!;
      const ty = seeds[2 * j + 1]!;
      if (tx === sx && ty === sy) {
        throw new PhysicsError('invalid-argument', `seeds[${2 * j}]: seed ${j} duplicates seed ${i}`);
      }
      bisectorHalfPlane2(sx, sy, tx, ty, h);
      cell = clipPolygonToHalfPlane2(cell, h, eps);
    }
    if (cell.length < 6) continue;
    const area = polygonSignedArea(cell);
    if (area <= 1e-12 * total) continue;
    cells.push({ seed: i, vertices: cell, area });
  }
  return cells;
}

/**
 * `count` seeds inside the convex polygon, clustered around `(ix, iy)`: the distance from the
 * impact point is `radius · u^power` for a uniform u (power > 1 crowds the seeds near the impact —
 * small pieces there, large far away), the direction uniform. Points outside the polygon are
 * drawn again (at most 64 tries each; then the seed falls back to a uniform point in the polygon's
 * bounding box that lies inside it).
 */
export function clusteredSeeds2(
  polygon: ArrayLike<number>,
  ix: number,
  iy: number,
  count: number,
  rng: Prng,
  options: { radius?: number; power?: number } = {},
): Float64Array {
  if (!Number.isInteger(count) || count < 1 || count > 4096) {
    throw new PhysicsError('invalid-argument', `count: must be an integer in [1, 4096], got ${count}`);
  }
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < polygon.length; i += 2) {
    minX = Math.min(minX, polygon[i]!);
    maxX = Math.max(maxX, polygon[i]!);
    minY = Math.min(minY, polygon[i + 1]!);
    maxY = Math.max(maxY, polygon[i + 1]!);
  }
  const radius = options.radius ?? Math.max(maxX - minX, maxY - minY);
  const power = options.power ?? 2;
  if (!(radius > 0) || !Number.isFinite(radius)) {
    throw new PhysicsError('invalid-argument', `radius: must be a positive finite number, got ${radius}`);
  }
  if (!(power >= 1 && power <= 8)) {
    throw new PhysicsError('invalid-argument', `power: must be in [1, 8], got ${power}`);
  }
  const out = new Float64Array(2 * count);
  for (let k = 0; k < count; k++) {
    let x = Number.NaN;
    let y = Number.NaN;
    for (let tries = 0; tries < 64; tries++) {
      let u = rng.next();
      let r = radius;
      for (let p = 1; p < power; p++) r *= u;
      r *= u;
      u = rng.next() * 2 * Math.PI;
      const cx = ix + r * pcos(u);
      const cy = iy + r * psin(u);
      if (insideConvex(polygon, cx, cy)) {
        x = cx;
        y = cy;
        break;
      }
    }
    while (Number.isNaN(x)) {
      const cx = minX + rng.next() * (maxX - minX);
      const cy = minY + rng.next() * (maxY - minY);
      if (insideConvex(polygon, cx, cy)) {
        x = cx;
        y = cy;
      }
    }
    out[2 * k] = x;
    out[2 * k + 1] = y;
  }
  return out;
}

/** True when (x, y) lies strictly inside the counter-clockwise convex polygon. */
function insideConvex(poly: ArrayLike<number>, x: number, y: number): boolean {
  const n = poly.length >> 1;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const ex = poly[2 * j]! - poly[2 * i]!;
    const ey = poly[2 * j + 1]! - poly[2 * i + 1]!;
    if (ex * (y - poly[2 * i + 1]!) - ey * (x - poly[2 * i]!) <= 0) return false;
  }
  return true;
}
