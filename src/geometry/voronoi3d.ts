/**
 * Voronoi fracture of a convex polyhedron (textbook §26.5, "ボロノイによる破壊", in three dimensions).
 *
 * The Voronoi cell of seed sᵢ is the intersection, over every other seed sⱼ, of the half-space of
 * points nearer to sᵢ than to sⱼ: |p − sᵢ|² ≤ |p − sⱼ|²  ⇔  2(sⱼ − sᵢ)·p ≤ |sⱼ|² − |sᵢ|², whose
 * boundary is the perpendicular bisector plane of the two seeds. A piece of the body is the body's
 * polyhedron clipped by those half-spaces one after another: each face polygon is clipped by
 * Sutherland–Hodgman (as in the contact manifolds), and the points on the cutting plane close the
 * cut with a new cap face. Every piece is convex (an intersection of half-spaces), and the pieces
 * tile the polyhedron: their volumes, computed exactly by the divergence theorem over the face
 * fans, sum to the original's to rounding.
 *
 * A polyhedron here is its faces: each a convex polygon (xyz per vertex, counter-clockwise seen
 * from outside) with its plane n·x = d (n the outward unit normal), so the solid is {x : n·x ≤ d
 * for every face}. `boxPolyhedron3` and `hullPolyhedron3` make one from a box or a `ConvexHull3`.
 * Seeds clustered around an impact point (`clusteredSeeds3`) give small pieces there and large ones
 * far away. Everything is deterministic: seeds from the seeded `Prng`, cells in seed order, only
 * +, −, ×, ÷, √ and the portable sine/cosine.
 */
import { PhysicsError } from '../core/errors.js';
import { pcos, psin } from '../math/portable.js';
import type { Prng } from '../math/prng.js';
import type { ConvexHull3 } from './shapes3d.js';

/** A convex polyhedron as its faces and their planes (see the file comment). */
export interface ConvexPolyhedron3 {
  /** per face its polygon, x0, y0, z0, x1, …, counter-clockwise seen from outside */
  faces: Float64Array[];
  /** per face (nx, ny, nz, d): the outward unit normal and n·x = d on the face */
  planes: Float64Array;
}

/** The half-space a·x ≤ c with a = (ax, ay, az) (not necessarily of unit length). */
export interface HalfSpace3 {
  /** normal x */
  ax: number;
  /** normal y */
  ay: number;
  /** normal z */
  az: number;
  /** the bound */
  c: number;
}

/**
 * The half-space of points at least as near to s1 as to s2: 2(s2 − s1)·p ≤ |s2|² − |s1|². Its
 * boundary is the perpendicular bisector plane of the two seeds (the 3D form of textbook §26.5's
 * 8x + 4y = 20 for s1 = (0, 0), s2 = (4, 2)).
 */
export function bisectorHalfSpace3(
  s1: readonly [number, number, number],
  s2: readonly [number, number, number],
  out: HalfSpace3 = { ax: 0, ay: 0, az: 0, c: 0 },
): HalfSpace3 {
  out.ax = 2 * (s2[0] - s1[0]);
  out.ay = 2 * (s2[1] - s1[1]);
  out.az = 2 * (s2[2] - s1[2]);
  out.c = s2[0] * s2[0] + s2[1] * s2[1] + s2[2] * s2[2] - (s1[0] * s1[0] + s1[1] * s1[1] + s1[2] * s1[2]);
  return out;
}

/** The box |x| ≤ hx, |y| ≤ hy, |z| ≤ hz as a polyhedron. */
export function boxPolyhedron3(hx: number, hy: number, hz: number): ConvexPolyhedron3 {
  if (!(hx > 0 && hy > 0 && hz > 0) || !Number.isFinite(hx + hy + hz)) {
    throw new PhysicsError(
      'invalid-argument',
      `halfExtents: must be positive and finite, got [${hx}, ${hy}, ${hz}]`,
    );
  }
  const c = (i: number): [number, number, number] => [i & 1 ? hx : -hx, i & 2 ? hy : -hy, i & 4 ? hz : -hz];
  const quads = [
    [1, 3, 7, 5],
    [0, 4, 6, 2],
    [2, 6, 7, 3],
    [0, 1, 5, 4],
    [4, 5, 7, 6],
    [0, 2, 3, 1],
  ];
  const faces = quads.map((q) => Float64Array.from(q.flatMap((i) => c(i))));
  return fromFaces(faces);
}

/** A `ConvexHull3` (its core polyhedron; the rounding radius is ignored) as a polyhedron. */
export function hullPolyhedron3(hull: ConvexHull3): ConvexPolyhedron3 {
  const faces: Float64Array[] = [];
  for (let f = 0; f < hull.faceCount; f++) {
    const a = hull.faceStart[f]!;
    const b = hull.faceStart[f + 1]!;
    const poly = new Float64Array(3 * (b - a));
    for (let k = a; k < b; k++) {
      const v = hull.faceVertices[k]!;
      poly[3 * (k - a)] = hull.vertices[3 * v]!;
      poly[3 * (k - a) + 1] = hull.vertices[3 * v + 1]!;
      poly[3 * (k - a) + 2] = hull.vertices[3 * v + 2]!;
    }
    faces.push(poly);
  }
  return fromFaces(faces);
}

/** The polyhedron of `faces` with each face's plane computed by Newell's method. */
function fromFaces(faces: Float64Array[]): ConvexPolyhedron3 {
  const planes = new Float64Array(4 * faces.length);
  faces.forEach((f, i) => {
    const n = faceNormal(f);
    planes[4 * i] = n[0];
    planes[4 * i + 1] = n[1];
    planes[4 * i + 2] = n[2];
    planes[4 * i + 3] = n[3];
  });
  return { faces, planes };
}

/** Newell's normal of a planar polygon, normalised, and d = n·(vertex mean). */
function faceNormal(f: Float64Array): [number, number, number, number] {
  const n = f.length / 3;
  let nx = 0;
  let ny = 0;
  let nz = 0;
  let mx = 0;
  let my = 0;
  let mz = 0;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const x0 = f[3 * i]!;
    const y0 = f[3 * i + 1]!;
    const z0 = f[3 * i + 2]!;
    const x1 = f[3 * j]!;
    const y1 = f[3 * j + 1]!;
    const z1 = f[3 * j + 2]!;
    nx += (y0 - y1) * (z0 + z1);
    ny += (z0 - z1) * (x0 + x1);
    nz += (x0 - x1) * (y0 + y1);
    mx += x0;
    my += y0;
    mz += z0;
  }
  const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
  if (!(len > 0)) return [0, 0, 0, 0];
  nx /= len;
  ny /= len;
  nz /= len;
  return [nx, ny, nz, (nx * mx + ny * my + nz * mz) / n];
}

/**
 * Clips the convex polyhedron to the half-space a·x ≤ c and returns the kept part, or null when
 * nothing of positive volume is kept. Vertices within `eps` (a distance) of the plane count as on
 * it, so a cut never leaves slivers of round-off size; a polyhedron entirely inside is returned as
 * it is.
 */
export function clipPolyhedron3(poly: ConvexPolyhedron3, h: HalfSpace3, eps = 0): ConvexPolyhedron3 | null {
  const len = Math.sqrt(h.ax * h.ax + h.ay * h.ay + h.az * h.az);
  if (!(len > 0))
    throw new PhysicsError('invalid-argument', 'clipPolyhedron3: the half-space normal is zero');
  const tol = eps * len;
  let maxD = -Infinity;
  let minD = Infinity;
  for (const f of poly.faces) {
    for (let i = 0; i < f.length; i += 3) {
      const d = h.ax * f[i]! + h.ay * f[i + 1]! + h.az * f[i + 2]! - h.c;
      if (d > maxD) maxD = d;
      if (d < minD) minD = d;
    }
  }
  if (maxD <= tol) return poly;
  if (minD >= -tol) return null;
  const faces: Float64Array[] = [];
  const planes: number[] = [];
  const cap: number[] = [];
  for (let fi = 0; fi < poly.faces.length; fi++) {
    const f = poly.faces[fi]!;
    const n = f.length / 3;
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      const px = f[3 * i]!;
      const py = f[3 * i + 1]!;
      const pz = f[3 * i + 2]!;
      const qx = f[3 * j]!;
      const qy = f[3 * j + 1]!;
      const qz = f[3 * j + 2]!;
      const dp = h.ax * px + h.ay * py + h.az * pz - h.c;
      const dq = h.ax * qx + h.ay * qy + h.az * qz - h.c;
      if (dp <= tol) {
        out.push(px, py, pz);
        if (dp >= -tol) cap.push(px, py, pz);
      }
      if ((dp < -tol && dq > tol) || (dp > tol && dq < -tol)) {
        const t = dp / (dp - dq);
        const x = px + t * (qx - px);
        const y = py + t * (qy - py);
        const z = pz + t * (qz - pz);
        out.push(x, y, z);
        cap.push(x, y, z);
      }
    }
    if (out.length >= 9) {
      faces.push(new Float64Array(out));
      for (let k = 0; k < 4; k++) planes.push(poly.planes[4 * fi + k]!);
    }
  }
  const capFace = orderCap(cap, h.ax / len, h.ay / len, h.az / len, Math.max(tol / len, 1e-300));
  if (capFace !== null) {
    faces.push(capFace);
    planes.push(h.ax / len, h.ay / len, h.az / len, h.c / len);
  }
  if (faces.length < 4) return null;
  return { faces, planes: new Float64Array(planes) };
}

/**
 * The points on a cutting plane (with repeats) as one convex polygon, counter-clockwise about the
 * outward normal n, or null with fewer than three distinct points. Ordered by a pseudo-angle about
 * their mean (no trigonometry).
 */
function orderCap(pts: number[], nx: number, ny: number, nz: number, eps: number): Float64Array | null {
  const uniq: number[] = [];
  const e2 = eps * eps;
  for (let i = 0; i < pts.length; i += 3) {
    let dup = false;
    for (let k = 0; k < uniq.length; k += 3) {
      const dx = pts[i]! - uniq[k]!;
      const dy = pts[i + 1]! - uniq[k + 1]!;
      const dz = pts[i + 2]! - uniq[k + 2]!;
      if (dx * dx + dy * dy + dz * dz <= e2) {
        dup = true;
        break;
      }
    }
    if (!dup) uniq.push(pts[i]!, pts[i + 1]!, pts[i + 2]!);
  }
  const m = uniq.length / 3;
  if (m < 3) return null;
  let cx = 0;
  let cy = 0;
  let cz = 0;
  for (let i = 0; i < m; i++) {
    cx += uniq[3 * i]!;
    cy += uniq[3 * i + 1]!;
    cz += uniq[3 * i + 2]!;
  }
  cx /= m;
  cy /= m;
  cz /= m;
  // a basis (u, v) of the plane with u × v = n
  let ux: number;
  let uy: number;
  let uz: number;
  if (Math.abs(nx) < 0.57735) {
    ux = 0;
    uy = nz;
    uz = -ny;
  } else {
    ux = -nz;
    uy = 0;
    uz = nx;
  }
  const ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
  ux /= ul;
  uy /= ul;
  uz /= ul;
  const vx = ny * uz - nz * uy;
  const vy = nz * ux - nx * uz;
  const vz = nx * uy - ny * ux;
  const keyed: { a: number; i: number }[] = [];
  for (let i = 0; i < m; i++) {
    const dx = uniq[3 * i]! - cx;
    const dy = uniq[3 * i + 1]! - cy;
    const dz = uniq[3 * i + 2]! - cz;
    const x = dx * ux + dy * uy + dz * uz;
    const y = dx * vx + dy * vy + dz * vz;
    const s = Math.abs(x) + Math.abs(y);
    // pseudo-angle in [0, 4): monotone in the true angle
    const a = s === 0 ? 0 : y >= 0 ? 1 - x / s : 3 + x / s;
    keyed.push({ a, i });
  }
  keyed.sort((p, q) => p.a - q.a || p.i - q.i);
  const out = new Float64Array(3 * m);
  keyed.forEach((k, j) => {
    out[3 * j] = uniq[3 * k.i]!;
    out[3 * j + 1] = uniq[3 * k.i + 1]!;
    out[3 * j + 2] = uniq[3 * k.i + 2]!;
  });
  return out;
}

/**
 * Volume and centroid of a closed polyhedron (faces counter-clockwise from outside) by the
 * divergence theorem: the signed tetrahedra from a reference point to each face's fan triangles.
 */
export function polyhedronVolume3(poly: ConvexPolyhedron3): {
  volume: number;
  centroid: [number, number, number];
} {
  const f0 = poly.faces[0];
  if (f0 === undefined) return { volume: 0, centroid: [0, 0, 0] };
  const rx = f0[0]!;
  const ry = f0[1]!;
  const rz = f0[2]!;
  let vol = 0;
  let sx = 0;
  let sy = 0;
  let sz = 0;
  for (const f of poly.faces) {
    const n = f.length / 3;
    const ax = f[0]! - rx;
    const ay = f[1]! - ry;
    const az = f[2]! - rz;
    for (let i = 1; i + 1 < n; i++) {
      const bx = f[3 * i]! - rx;
      const by = f[3 * i + 1]! - ry;
      const bz = f[3 * i + 2]! - rz;
      const cx = f[3 * i + 3]! - rx;
      const cy = f[3 * i + 4]! - ry;
      const cz = f[3 * i + 5]! - rz;
      const v = (ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx)) / 6;
      vol += v;
      sx += v * (ax + bx + cx);
      sy += v * (ay + by + cy);
      sz += v * (az + bz + cz);
    }
  }
  if (vol === 0) return { volume: 0, centroid: [rx, ry, rz] };
  return { volume: vol, centroid: [rx + sx / (4 * vol), ry + sy / (4 * vol), rz + sz / (4 * vol)] };
}

/** The distinct vertices of a polyhedron (xyz each; points within `eps` of one already kept are merged). */
export function polyhedronVertices3(poly: ConvexPolyhedron3, eps = 0): Float64Array {
  const out: number[] = [];
  const e2 = eps * eps;
  for (const f of poly.faces) {
    for (let i = 0; i < f.length; i += 3) {
      let dup = false;
      for (let k = 0; k < out.length; k += 3) {
        const dx = f[i]! - out[k]!;
        const dy = f[i + 1]! - out[k + 1]!;
        const dz = f[i + 2]! - out[k + 2]!;
        if (dx * dx + dy * dy + dz * dz <= e2) {
          dup = true;
          break;
        }
      }
      if (!dup) out.push(f[i]!, f[i + 1]!, f[i + 2]!);
    }
  }
  return new Float64Array(out);
}

/** A Voronoi piece of a polyhedron. */
export interface VoronoiCell3 {
  /** index of the seed in the input list */
  seed: number;
  /** the convex piece */
  polyhedron: ConvexPolyhedron3;
  /** its distinct vertices, xyz each */
  vertices: Float64Array;
  /** its volume (positive) */
  volume: number;
  /** its volume centroid */
  centroid: [number, number, number];
}

/** The size (largest extent of the bounding box) of a polyhedron. */
function polyhedronSize(poly: ConvexPolyhedron3): { size: number; lo: number[]; hi: number[] } {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (const f of poly.faces) {
    for (let i = 0; i < f.length; i += 3) {
      for (let k = 0; k < 3; k++) {
        lo[k] = Math.min(lo[k]!, f[i + k]!);
        hi[k] = Math.max(hi[k]!, f[i + k]!);
      }
    }
  }
  return { size: Math.max(hi[0]! - lo[0]!, hi[1]! - lo[1]!, hi[2]! - lo[2]!), lo, hi };
}

/**
 * Splits the convex polyhedron into the Voronoi cells of `seeds` (x0, y0, z0, x1, …): for each
 * seed, the polyhedron clipped by the bisector half-spaces of every other seed (textbook §26.5).
 * Cells without volume (a seed whose region misses the solid) are left out; duplicate seeds are
 * rejected (their bisector is undefined).
 */
export function voronoiCells3(poly: ConvexPolyhedron3, seeds: ArrayLike<number>): VoronoiCell3[] {
  const m = seeds.length / 3;
  if (seeds.length % 3 !== 0 || m < 1) {
    throw new PhysicsError('invalid-argument', 'seeds: need at least one (x, y, z) triple');
  }
  for (let i = 0; i < seeds.length; i++) {
    if (!Number.isFinite(seeds[i]!)) {
      throw new PhysicsError('non-finite', `seeds[${i}]: must be a finite number, got ${seeds[i]}`);
    }
  }
  const total = polyhedronVolume3(poly).volume;
  const { size } = polyhedronSize(poly);
  const eps = 1e-12 * size;
  const h: HalfSpace3 = { ax: 0, ay: 0, az: 0, c: 0 };
  const cells: VoronoiCell3[] = [];
  for (let i = 0; i < m; i++) {
    const s: [number, number, number] = [seeds[3 * i]!, seeds[3 * i + 1]!, seeds[3 * i + 2]!];
    let cell: ConvexPolyhedron3 | null = poly;
    for (let j = 0; j < m && cell !== null; j++) {
      if (j === i) continue;
      const t: [number, number, number] = [seeds[3 * j]!, seeds[3 * j + 1]!, seeds[3 * j + 2]!];
      if (t[0] === s[0] && t[1] === s[1] && t[2] === s[2]) {
        throw new PhysicsError('invalid-argument', `seeds[${3 * j}]: seed ${j} duplicates seed ${i}`);
      }
      bisectorHalfSpace3(s, t, h);
      cell = clipPolyhedron3(cell, h, eps);
    }
    if (cell === null) continue;
    const { volume, centroid } = polyhedronVolume3(cell);
    if (!(volume > 1e-12 * total)) continue;
    cells.push({ seed: i, polyhedron: cell, vertices: polyhedronVertices3(cell, 4 * eps), volume, centroid });
  }
  return cells;
}

/** True when the point lies strictly inside the polyhedron (below every face plane). */
export function insidePolyhedron3(poly: ConvexPolyhedron3, x: number, y: number, z: number): boolean {
  const p = poly.planes;
  for (let f = 0; f < p.length; f += 4) {
    if (p[f]! * x + p[f + 1]! * y + p[f + 2]! * z - p[f + 3]! >= 0) return false;
  }
  return true;
}

/**
 * `count` seeds inside the polyhedron, clustered around (ix, iy, iz): the distance from the impact
 * point is `radius · u^power` for a uniform u (power > 1 crowds the seeds near the impact — small
 * pieces there, large far away), the direction uniform on the sphere. Points outside are drawn
 * again (at most 64 tries each; then a uniform point of the bounding box that lies inside).
 */
export function clusteredSeeds3(
  poly: ConvexPolyhedron3,
  ix: number,
  iy: number,
  iz: number,
  count: number,
  rng: Prng,
  options: { radius?: number; power?: number } = {},
): Float64Array {
  if (!Number.isInteger(count) || count < 1 || count > 4096) {
    throw new PhysicsError('invalid-argument', `count: must be an integer in [1, 4096], got ${count}`);
  }
  if (!Number.isFinite(ix) || !Number.isFinite(iy) || !Number.isFinite(iz)) {
    throw new PhysicsError('non-finite', `impact: must be finite, got [${ix}, ${iy}, ${iz}]`);
  }
  const { size, lo, hi } = polyhedronSize(poly);
  const radius = options.radius ?? size;
  const power = options.power ?? 2;
  if (!(radius > 0) || !Number.isFinite(radius)) {
    throw new PhysicsError('invalid-argument', `radius: must be a positive finite number, got ${radius}`);
  }
  if (!(power >= 1 && power <= 8)) {
    throw new PhysicsError('invalid-argument', `power: must be in [1, 8], got ${power}`);
  }
  const out = new Float64Array(3 * count);
  for (let k = 0; k < count; k++) {
    let x = Number.NaN;
    let y = Number.NaN;
    let z = Number.NaN;
    for (let tries = 0; tries < 64; tries++) {
      const u = rng.next();
      let r = radius;
      for (let p = 0; p < power; p++) r *= u;
      const cz = 2 * rng.next() - 1;
      const phi = rng.next() * 2 * Math.PI;
      const rxy = Math.sqrt(Math.max(0, 1 - cz * cz));
      const px = ix + r * rxy * pcos(phi);
      const py = iy + r * rxy * psin(phi);
      const pz = iz + r * cz;
      if (insidePolyhedron3(poly, px, py, pz)) {
        x = px;
        y = py;
        z = pz;
        break;
      }
    }
    while (Number.isNaN(x)) {
      const px = lo[0]! + rng.next() * (hi[0]! - lo[0]!);
      const py = lo[1]! + rng.next() * (hi[1]! - lo[1]!);
      const pz = lo[2]! + rng.next() * (hi[2]! - lo[2]!);
      if (insidePolyhedron3(poly, px, py, pz)) {
        x = px;
        y = py;
        z = pz;
      }
    }
    out[3 * k] = x;
    out[3 * k + 1] = y;
    out[3 * k + 2] = z;
  }
  return out;
}
