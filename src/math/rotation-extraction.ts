/**
 * The rotational part R of a 3×3 matrix A = R S (polar decomposition) by warm-started iteration,
 * as corotational FEM and shape matching use it every step (textbook §26.3: "共回転FEMは、
 * シェイプマッチングと同じ極分解で先に回転を取り除き"). Row-major 3×3 matrices in Float64Arrays.
 * The closed-form 2D case is `mat22.polar`; the SVD-based 3D decomposition (no warm start, also
 * gives S) is `polar3`.
 */
import { toMat33Components } from './quat.js';
import type { Arr } from './vec2.js';

/**
 * The rotation R closest to the 3×3 matrix A (A = R S with S symmetric), found iteratively and
 * warm-started — the approach of Müller, Bender, Chentanez, Macklin, "A Robust Method to Extract the
 * Rotational Part of Deformations" (MIG 2016), with a Newton step where it is safe:
 *   M = Rᵀ A,   g = (M32 − M23, M13 − M31, M21 − M12)   (= Rᵀ Σ r_i × a_i, zero when M is symmetric)
 *   Newton:  δ = (tr S · I − S)⁻¹ g  with S = sym(M), when that matrix is positive definite
 *            (then the step converges cubically: a pure rotation error ε becomes O(ε³));
 *   Müller:  δ = g / (|tr M| + ε) otherwise (far from the answer, e.g. a half-turn or an inverted A);
 *   R ← R · rot(δ), as the quaternion q ← normalise(q ⊗ (1, δ/2)) — no trigonometry, deterministic.
 * The unit quaternion `q` is the warm start (pass last step's) and the result. It is stored scalar
 * first, (w, x, y, z) at q[qo..qo+3] — unlike the (x, y, z, w) of `quat` — so the identity is
 * [1, 0, 0, 0]; R is written into `R`. Returns the iterations used. Unlike an SVD-based polar decomposition
 * it always returns a proper rotation, even for an inverted A.
 */
export function rotation3(A: Arr, q: Float64Array, qo: number, R: Float64Array, maxIterations = 40): number {
  const a0 = A[0]!;
  const a1 = A[1]!;
  const a2 = A[2]!;
  const a3 = A[3]!;
  const a4 = A[4]!;
  const a5 = A[5]!;
  const a6 = A[6]!;
  const a7 = A[7]!;
  const a8 = A[8]!;
  const scale = a0 * a0 + a1 * a1 + a2 * a2 + a3 * a3 + a4 * a4 + a5 * a5 + a6 * a6 + a7 * a7 + a8 * a8;
  const tol = 1e-26 * (scale + 1e-300);
  let it = 0;
  for (; it < maxIterations; it++) {
    toMat33Components(R, 0, q[qo + 1]!, q[qo + 2]!, q[qo + 3]!, q[qo]!);
    // M = Rᵀ A
    const m00 = R[0]! * a0 + R[3]! * a3 + R[6]! * a6;
    const m01 = R[0]! * a1 + R[3]! * a4 + R[6]! * a7;
    const m02 = R[0]! * a2 + R[3]! * a5 + R[6]! * a8;
    const m10 = R[1]! * a0 + R[4]! * a3 + R[7]! * a6;
    const m11 = R[1]! * a1 + R[4]! * a4 + R[7]! * a7;
    const m12 = R[1]! * a2 + R[4]! * a5 + R[7]! * a8;
    const m20 = R[2]! * a0 + R[5]! * a3 + R[8]! * a6;
    const m21 = R[2]! * a1 + R[5]! * a4 + R[8]! * a7;
    const m22 = R[2]! * a2 + R[5]! * a5 + R[8]! * a8;
    const gx = m21 - m12;
    const gy = m02 - m20;
    const gz = m10 - m01;
    if (gx * gx + gy * gy + gz * gz <= tol) break;
    const t = m00 + m11 + m22;
    // H = tr S · I − S, S = sym(M)
    const h00 = t - m00;
    const h11 = t - m11;
    const h22 = t - m22;
    const h01 = -0.5 * (m01 + m10);
    const h02 = -0.5 * (m02 + m20);
    const h12 = -0.5 * (m12 + m21);
    const c00 = h11 * h22 - h12 * h12;
    const c01 = h02 * h12 - h01 * h22;
    const c02 = h01 * h12 - h02 * h11;
    const det = h00 * c00 + h01 * c01 + h02 * c02;
    let dx: number;
    let dy: number;
    let dz: number;
    if (h00 > 0 && h00 * h11 - h01 * h01 > 0 && det > 1e-12 * t * t * t) {
      const c11 = h00 * h22 - h02 * h02;
      const c12 = h01 * h02 - h00 * h12;
      const c22 = h00 * h11 - h01 * h01;
      const inv = 1 / det;
      dx = (c00 * gx + c01 * gy + c02 * gz) * inv;
      dy = (c01 * gx + c11 * gy + c12 * gz) * inv;
      dz = (c02 * gx + c12 * gy + c22 * gz) * inv;
    } else {
      const inv = 1 / (Math.abs(t) + 1e-9);
      dx = gx * inv;
      dy = gy * inv;
      dz = gz * inv;
    }
    // q ← normalise(q ⊗ (1, δ/2))
    const ex = 0.5 * dx;
    const ey = 0.5 * dy;
    const ez = 0.5 * dz;
    const qw = q[qo]!;
    const qx = q[qo + 1]!;
    const qy = q[qo + 2]!;
    const qz = q[qo + 3]!;
    let nw = qw - qx * ex - qy * ey - qz * ez;
    let nx = qx + qw * ex + qy * ez - qz * ey;
    let ny = qy + qw * ey + qz * ex - qx * ez;
    let nz = qz + qw * ez + qx * ey - qy * ex;
    const n = 1 / Math.sqrt(nw * nw + nx * nx + ny * ny + nz * nz);
    nw *= n;
    nx *= n;
    ny *= n;
    nz *= n;
    q[qo] = nw;
    q[qo + 1] = nx;
    q[qo + 2] = ny;
    q[qo + 3] = nz;
  }
  toMat33Components(R, 0, q[qo + 1]!, q[qo + 2]!, q[qo + 3]!, q[qo]!);
  return it;
}
