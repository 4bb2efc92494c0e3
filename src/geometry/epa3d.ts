/**
 * EPA, the expanding polytope algorithm (van den Bergen, 2001; textbook §26.2 "GJKとEPA"): when
 * GJK ends with the origin inside A − B, the simplex is blown up to a tetrahedron and grown into
 * a polytope inside A − B, always splitting the face nearest to the origin with the support point
 * along its normal, until that face lies on the boundary. Its normal is the contact normal (from A
 * to B) and its distance the penetration depth — the minimum over all directions, which SAT finds
 * only over its candidate axes. Fixed-capacity typed arrays; no allocation per call.
 */
import type { GjkResult3 } from './gjk3d.js';
import type { ConvexProxy3 } from './support3d.js';

/** Polytope capacity (vertices). */
const MAX_V = 128;
/** Polytope capacity (faces). */
const MAX_F = 256;

/** Outcome of `epa3`, reused between calls. */
export class EpaResult3 {
  /** penetration depth of the cores (≥ 0) */
  depth = 0;
  /** unit contact normal from A to B (world) */
  readonly normal = new Float64Array(3);
  /** the deepest point of A's core inside B (world) */
  readonly pointA = new Float64Array(3);
  /** the deepest point of B's core inside A (world) */
  readonly pointB = new Float64Array(3);
  /** expansion rounds used */
  iterations = 0;
}

const vw = new Float64Array(3 * MAX_V);
const va = new Float64Array(3 * MAX_V);
const vb = new Float64Array(3 * MAX_V);
const fi = new Int32Array(3 * MAX_F);
const fn = new Float64Array(4 * MAX_F);
const alive = new Uint8Array(MAX_F);
const edges = new Int32Array(2 * 3 * MAX_F);
let nv = 0;
let nf = 0;

function addVertex(A: ConvexProxy3, B: ConvexProxy3, dx: number, dy: number, dz: number): number {
  const n = nv++;
  A.support(dx, dy, dz, va, 3 * n);
  B.support(-dx, -dy, -dz, vb, 3 * n);
  vw[3 * n] = va[3 * n]! - vb[3 * n]!;
  vw[3 * n + 1] = va[3 * n + 1]! - vb[3 * n + 1]!;
  vw[3 * n + 2] = va[3 * n + 2]! - vb[3 * n + 2]!;
  return n;
}

/** Adds face (i, j, k) with its outward plane; returns false when degenerate. */
function addFace(i: number, j: number, k: number): boolean {
  const ax = vw[3 * i]!;
  const ay = vw[3 * i + 1]!;
  const az = vw[3 * i + 2]!;
  const ux = vw[3 * j]! - ax;
  const uy = vw[3 * j + 1]! - ay;
  const uz = vw[3 * j + 2]! - az;
  const wx = vw[3 * k]! - ax;
  const wy = vw[3 * k + 1]! - ay;
  const wz = vw[3 * k + 2]! - az;
  let nx = uy * wz - uz * wy;
  let ny = uz * wx - ux * wz;
  let nz = ux * wy - uy * wx;
  const l = Math.sqrt(nx * nx + ny * ny + nz * nz);
  if (!(l > 1e-30) || nf >= MAX_F) return false;
  nx /= l;
  ny /= l;
  nz /= l;
  const f = nf++;
  fi[3 * f] = i;
  fi[3 * f + 1] = j;
  fi[3 * f + 2] = k;
  fn[4 * f] = nx;
  fn[4 * f + 1] = ny;
  fn[4 * f + 2] = nz;
  fn[4 * f + 3] = nx * ax + ny * ay + nz * az;
  alive[f] = 1;
  return true;
}

function volume6(i: number, j: number, k: number, l: number): number {
  const ax = vw[3 * i]!;
  const ay = vw[3 * i + 1]!;
  const az = vw[3 * i + 2]!;
  const ux = vw[3 * j]! - ax;
  const uy = vw[3 * j + 1]! - ay;
  const uz = vw[3 * j + 2]! - az;
  const wx = vw[3 * k]! - ax;
  const wy = vw[3 * k + 1]! - ay;
  const wz = vw[3 * k + 2]! - az;
  const tx = vw[3 * l]! - ax;
  const ty = vw[3 * l + 1]! - ay;
  const tz = vw[3 * l + 2]! - az;
  return tx * (uy * wz - uz * wy) + ty * (uz * wx - ux * wz) + tz * (ux * wy - uy * wx);
}

const DIRS = new Float64Array([
  1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0.577, 0.577, 0.577, -0.577, -0.577, -0.577,
]);

/**
 * Penetration of two overlapping cores from GJK's final simplex (`gjk.overlap` must be true).
 * Returns false (and leaves the GJK normal-less) only when the Minkowski difference is flat,
 * i.e. both cores are flat and coplanar.
 */
export function epa3(A: ConvexProxy3, B: ConvexProxy3, gjk: GjkResult3, out: EpaResult3): boolean {
  nv = 0;
  nf = 0;
  for (let m = 0; m < gjk.count; m++) {
    for (let c = 0; c < 3; c++) {
      vw[3 * m + c] = gjk.w[3 * m + c]!;
      va[3 * m + c] = gjk.a[3 * m + c]!;
      vb[3 * m + c] = gjk.b[3 * m + c]!;
    }
    nv++;
  }
  // blow the simplex up to a tetrahedron of positive volume
  for (let d = 0; nv < 4 && d < DIRS.length / 3; d++) {
    const n = addVertex(A, B, DIRS[3 * d]!, DIRS[3 * d + 1]!, DIRS[3 * d + 2]!);
    // keep it only when it adds a dimension
    let ok = true;
    if (n === 1) {
      const dx = vw[3]! - vw[0]!;
      const dy = vw[4]! - vw[1]!;
      const dz = vw[5]! - vw[2]!;
      ok = dx * dx + dy * dy + dz * dz > 1e-20;
    } else if (n === 2) {
      const ux = vw[3]! - vw[0]!;
      const uy = vw[4]! - vw[1]!;
      const uz = vw[5]! - vw[2]!;
      const wx = vw[6]! - vw[0]!;
      const wy = vw[7]! - vw[1]!;
      const wz = vw[8]! - vw[2]!;
      const cx = uy * wz - uz * wy;
      const cy = uz * wx - ux * wz;
      const cz = ux * wy - uy * wx;
      ok = cx * cx + cy * cy + cz * cz > 1e-20;
    } else if (n === 3) ok = Math.abs(volume6(0, 1, 2, 3)) > 1e-18;
    if (!ok) nv--;
    // a triangle: also try both sides of its plane
    if (nv === 3) {
      const ux = vw[3]! - vw[0]!;
      const uy = vw[4]! - vw[1]!;
      const uz = vw[5]! - vw[2]!;
      const wx = vw[6]! - vw[0]!;
      const wy = vw[7]! - vw[1]!;
      const wz = vw[8]! - vw[2]!;
      const cx = uy * wz - uz * wy;
      const cy = uz * wx - ux * wz;
      const cz = ux * wy - uy * wx;
      addVertex(A, B, cx, cy, cz);
      if (Math.abs(volume6(0, 1, 2, 3)) <= 1e-18) {
        nv--;
        addVertex(A, B, -cx, -cy, -cz);
        if (Math.abs(volume6(0, 1, 2, 3)) <= 1e-18) nv--;
      }
    }
  }
  if (nv < 4) return false;
  if (volume6(0, 1, 2, 3) < 0) {
    // swap to make (0, 1, 2) wind with vertex 3 on the negative side
    for (let c = 0; c < 3; c++) {
      let t = vw[c]!;
      vw[c] = vw[3 + c]!;
      vw[3 + c] = t;
      t = va[c]!;
      va[c] = va[3 + c]!;
      va[3 + c] = t;
      t = vb[c]!;
      vb[c] = vb[3 + c]!;
      vb[3 + c] = t;
    }
  }
  // volume6(0,1,2,3) > 0 means 3 lies on the +normal side of (0,1,2): so (0,2,1) faces away from 3
  addFace(0, 2, 1);
  addFace(0, 1, 3);
  addFace(1, 2, 3);
  addFace(2, 0, 3);
  let iter = 0;
  let best = 0;
  for (;;) {
    iter++;
    best = -1;
    let bd = Infinity;
    for (let f = 0; f < nf; f++)
      if (alive[f] && fn[4 * f + 3]! < bd) {
        bd = fn[4 * f + 3]!;
        best = f;
      }
    if (best < 0) return false;
    if (nv >= MAX_V || iter > MAX_V) break;
    const nx = fn[4 * best]!;
    const ny = fn[4 * best + 1]!;
    const nz = fn[4 * best + 2]!;
    const n = addVertex(A, B, nx, ny, nz);
    const wx = vw[3 * n]!;
    const wy = vw[3 * n + 1]!;
    const wz = vw[3 * n + 2]!;
    const gain = nx * wx + ny * wy + nz * wz - bd;
    if (gain <= 1e-9 * Math.max(1, Math.abs(bd)) + 1e-12) {
      nv--;
      break;
    }
    // remove every face that sees w; collect the horizon
    let ne = 0;
    for (let f = 0; f < nf; f++) {
      if (!alive[f]) continue;
      const d = fn[4 * f]! * wx + fn[4 * f + 1]! * wy + fn[4 * f + 2]! * wz - fn[4 * f + 3]!;
      if (d <= 0) continue;
      alive[f] = 0;
      for (let e = 0; e < 3; e++) {
        const p = fi[3 * f + e]!;
        const q = fi[3 * f + ((e + 1) % 3)]!;
        // an edge seen twice (reversed) is interior to the removed region
        let found = -1;
        for (let h = 0; h < ne; h++)
          if (edges[2 * h] === q && edges[2 * h + 1] === p) {
            found = h;
            break;
          }
        if (found >= 0) {
          edges[2 * found] = edges[2 * (ne - 1)]!;
          edges[2 * found + 1] = edges[2 * (ne - 1) + 1]!;
          ne--;
        } else {
          edges[2 * ne] = p;
          edges[2 * ne + 1] = q;
          ne++;
        }
      }
    }
    if (nf + ne > MAX_F) break;
    for (let h = 0; h < ne; h++) addFace(edges[2 * h]!, edges[2 * h + 1]!, n);
    // compact dead faces now and then
    if (nf > MAX_F - 64) {
      let k = 0;
      for (let f = 0; f < nf; f++) {
        if (!alive[f]) continue;
        for (let c = 0; c < 3; c++) fi[3 * k + c] = fi[3 * f + c]!;
        for (let c = 0; c < 4; c++) fn[4 * k + c] = fn[4 * f + c]!;
        alive[k] = 1;
        k++;
      }
      nf = k;
    }
  }
  out.iterations = iter;
  // recompute the best face (the loop may have broken after adding faces)
  let bd = Infinity;
  for (let f = 0; f < nf; f++)
    if (alive[f] && fn[4 * f + 3]! < bd) {
      bd = fn[4 * f + 3]!;
      best = f;
    }
  const nx = fn[4 * best]!;
  const ny = fn[4 * best + 1]!;
  const nz = fn[4 * best + 2]!;
  out.depth = Math.max(0, bd);
  out.normal[0] = nx;
  out.normal[1] = ny;
  out.normal[2] = nz;
  // barycentric coordinates of the projection of the origin, d·n, in the face
  const i = fi[3 * best]!;
  const j = fi[3 * best + 1]!;
  const k = fi[3 * best + 2]!;
  const px = bd * nx;
  const py = bd * ny;
  const pz = bd * nz;
  const ax = vw[3 * i]!;
  const ay = vw[3 * i + 1]!;
  const az = vw[3 * i + 2]!;
  const e0x = vw[3 * j]! - ax;
  const e0y = vw[3 * j + 1]! - ay;
  const e0z = vw[3 * j + 2]! - az;
  const e1x = vw[3 * k]! - ax;
  const e1y = vw[3 * k + 1]! - ay;
  const e1z = vw[3 * k + 2]! - az;
  const qx = px - ax;
  const qy = py - ay;
  const qz = pz - az;
  const d00 = e0x * e0x + e0y * e0y + e0z * e0z;
  const d01 = e0x * e1x + e0y * e1y + e0z * e1z;
  const d11 = e1x * e1x + e1y * e1y + e1z * e1z;
  const d20 = qx * e0x + qy * e0y + qz * e0z;
  const d21 = qx * e1x + qy * e1y + qz * e1z;
  const den = d00 * d11 - d01 * d01;
  let v = den > 0 ? (d11 * d20 - d01 * d21) / den : 0;
  let w = den > 0 ? (d00 * d21 - d01 * d20) / den : 0;
  v = Math.min(1, Math.max(0, v));
  w = Math.min(1 - v, Math.max(0, w));
  const u = 1 - v - w;
  for (let c = 0; c < 3; c++) {
    out.pointA[c] = u * va[3 * i + c]! + v * va[3 * j + c]! + w * va[3 * k + c]!;
    out.pointB[c] = u * vb[3 * i + c]! + v * vb[3 * j + c]! + w * vb[3 * k + c]!;
  }
  return true;
}
