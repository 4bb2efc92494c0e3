import { pcos, psin } from '../math/portable.js';

/**
 * The rotational part R of a matrix A = R S (polar decomposition), used by shape matching and by
 * corotational FEM (§26.3: "共回転FEMは、シェイプマッチングと同じ極分解で先に回転を取り除き").
 * Matrices are row-major Float64Arrays: 2×2 as [a11, a12, a21, a22], 3×3 as [a11, a12, a13, a21, ...].
 */

/**
 * 2D: R = [c −s; s c] with θ = atan2(A21 − A12, A11 + A22) (§26.3). Computed without trigonometry:
 * (c, s) is the normalised vector (A11 + A22, A21 − A12). Writes R into `R` and returns θ.
 * A matrix with no rotational information (both sums zero) gives R = I.
 */
export function rotation2(A: ArrayLike<number>, R: Float64Array): number {
  const x = A[0]! + A[3]!;
  const y = A[2]! - A[1]!;
  const r = Math.sqrt(x * x + y * y);
  const c = r > 1e-300 ? x / r : 1;
  const s = r > 1e-300 ? y / r : 0;
  R[0] = c;
  R[1] = -s;
  R[2] = s;
  R[3] = c;
  return Math.atan2(y, x);
}

/**
 * 3D: the rotation R closest to A, found by the iteration of Müller, Bender, Chentanez, Macklin,
 * "A Robust Method to Extract the Rotational Part of Deformations" (MIG 2016): with r_i and a_i the
 * columns of R and A,
 *   ω = Σ r_i × a_i / (|Σ r_i · a_i| + ε),   q ← quat(ω/|ω|, |ω|) · q
 * until |ω| is tiny. The unit quaternion `q` (w, x, y, z at q[qo..qo+3]) is both the warm start
 * (pass last step's) and the result; R is written into `R`. Returns the iterations used.
 * Unlike an SVD-based polar decomposition it always returns a proper rotation, even for inverted A.
 */
export function rotation3(
  A: ArrayLike<number>,
  q: Float64Array,
  qo: number,
  R: Float64Array,
  maxIterations = 40,
): number {
  let it = 0;
  for (; it < maxIterations; it++) {
    quatToMatrix(q, qo, R);
    // ω numerator: Σ r_i × a_i over the columns i
    let ox = 0;
    let oy = 0;
    let oz = 0;
    let dot = 0;
    for (let i = 0; i < 3; i++) {
      const rx = R[i]!;
      const ry = R[3 + i]!;
      const rz = R[6 + i]!;
      const ax = A[i]!;
      const ay = A[3 + i]!;
      const az = A[6 + i]!;
      ox += ry * az - rz * ay;
      oy += rz * ax - rx * az;
      oz += rx * ay - ry * ax;
      dot += rx * ax + ry * ay + rz * az;
    }
    const inv = 1 / (Math.abs(dot) + 1e-9);
    ox *= inv;
    oy *= inv;
    oz *= inv;
    const w = Math.sqrt(ox * ox + oy * oy + oz * oz);
    if (w < 1e-12) break;
    // q ← quat(axis ω/w, angle w) · q
    const s = psin(0.5 * w) / w;
    const dw = pcos(0.5 * w);
    const dx = ox * s;
    const dy = oy * s;
    const dz = oz * s;
    const qw = q[qo]!;
    const qx = q[qo + 1]!;
    const qy = q[qo + 2]!;
    const qz = q[qo + 3]!;
    let nw = dw * qw - dx * qx - dy * qy - dz * qz;
    let nx = dw * qx + dx * qw + dy * qz - dz * qy;
    let ny = dw * qy - dx * qz + dy * qw + dz * qx;
    let nz = dw * qz + dx * qy - dy * qx + dz * qw;
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
  quatToMatrix(q, qo, R);
  return it;
}

/** Rotation matrix (row-major 3×3) of the unit quaternion (w, x, y, z) at q[o..o+3]. */
export function quatToMatrix(q: ArrayLike<number>, o: number, R: Float64Array): void {
  const w = q[o]!;
  const x = q[o + 1]!;
  const y = q[o + 2]!;
  const z = q[o + 3]!;
  R[0] = 1 - 2 * (y * y + z * z);
  R[1] = 2 * (x * y - w * z);
  R[2] = 2 * (x * z + w * y);
  R[3] = 2 * (x * y + w * z);
  R[4] = 1 - 2 * (x * x + z * z);
  R[5] = 2 * (y * z - w * x);
  R[6] = 2 * (x * z - w * y);
  R[7] = 2 * (y * z + w * x);
  R[8] = 1 - 2 * (x * x + y * y);
}
