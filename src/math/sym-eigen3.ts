/**
 * Eigen decomposition of a symmetric 3×3 matrix by cyclic Jacobi rotations (Golub & Van Loan
 * §8.5): each rotation zeroes one off-diagonal entry a_pq, with t = tan φ chosen as the smaller root
 * of t² + 2θt − 1 = 0, θ = (a_qq − a_pp)/(2 a_pq) — square roots only, no trigonometry.
 * A = V·diag(λ)·Vᵀ, eigenvalues sorted descending, eigenvectors the columns of V (row-major).
 */
import type { Arr } from './vec2.js';

const m = new Float64Array(9);
const v = new Float64Array(9);

/**
 * Writes eigenvalues into `values[vo..vo+2]` (descending) and eigenvectors as the columns of the
 * row-major `vectors[eo..eo+8]`. Reads only the upper triangle of `a`. Returns the sweeps used.
 */
export function symEigen3(values: Arr, vo: number, vectors: Arr, eo: number, a: Arr, ao: number): number {
  m[0] = a[ao]!;
  m[1] = a[ao + 1]!;
  m[2] = a[ao + 2]!;
  m[3] = m[1]!;
  m[4] = a[ao + 4]!;
  m[5] = a[ao + 5]!;
  m[6] = m[2]!;
  m[7] = m[5]!;
  m[8] = a[ao + 8]!;
  v.fill(0);
  v[0] = v[4] = v[8] = 1;
  let sweeps = 0;
  for (; sweeps < 50; sweeps++) {
    const off = m[1]! * m[1]! + m[2]! * m[2]! + m[5]! * m[5]!;
    const diag = m[0]! * m[0]! + m[4]! * m[4]! + m[8]! * m[8]!;
    if (off <= 1e-32 * diag || off === 0) break;
    rotate(0, 1);
    rotate(0, 2);
    rotate(1, 2);
  }
  // sort descending (selection sort of 3, swapping columns of V)
  for (let i = 0; i < 2; i++) {
    let k = i;
    for (let j = i + 1; j < 3; j++) if (m[4 * j]! > m[4 * k]!) k = j;
    if (k !== i) {
      const t = m[4 * i]!;
      m[4 * i] = m[4 * k]!;
      m[4 * k] = t;
      for (let r = 0; r < 3; r++) {
        const u = v[3 * r + i]!;
        v[3 * r + i] = v[3 * r + k]!;
        v[3 * r + k] = u;
      }
    }
  }
  values[vo] = m[0]!;
  values[vo + 1] = m[4]!;
  values[vo + 2] = m[8]!;
  for (let i = 0; i < 9; i++) vectors[eo + i] = v[i]!;
  return sweeps;
}

/** One Jacobi rotation in the (p, q) plane: M ← JᵀMJ, V ← VJ. */
function rotate(p: number, q: number): void {
  const apq = m[3 * p + q]!;
  if (apq === 0) return;
  const app = m[4 * p]!;
  const aqq = m[4 * q]!;
  const theta = (aqq - app) / (2 * apq);
  const t = (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
  const c = 1 / Math.sqrt(t * t + 1);
  const s = t * c;
  for (let k = 0; k < 3; k++) {
    // columns p, q of M
    const mkp = m[3 * k + p]!;
    const mkq = m[3 * k + q]!;
    m[3 * k + p] = c * mkp - s * mkq;
    m[3 * k + q] = s * mkp + c * mkq;
  }
  for (let k = 0; k < 3; k++) {
    // rows p, q of M
    const mpk = m[3 * p + k]!;
    const mqk = m[3 * q + k]!;
    m[3 * p + k] = c * mpk - s * mqk;
    m[3 * q + k] = s * mpk + c * mqk;
  }
  m[3 * p + q] = 0;
  m[3 * q + p] = 0;
  for (let k = 0; k < 3; k++) {
    const vkp = v[3 * k + p]!;
    const vkq = v[3 * k + q]!;
    v[3 * k + p] = c * vkp - s * vkq;
    v[3 * k + q] = s * vkp + c * vkq;
  }
}
