/**
 * Singular value decomposition of a 3×3 matrix, F = U·Σ·Vᵀ with U and V proper rotations (det +1)
 * and Σ = diag(σ₀, σ₁, σ₂), σ₀ ≥ σ₁ ≥ |σ₂|; σ₂ < 0 when det F < 0 (the sign is kept in Σ so that U
 * and V stay rotations, as the material point method's constitutive models expect — the 3D
 * counterpart of svd2). Row-major 3×3 matrices in typed arrays with offsets.
 *
 * Method (only +, −, ×, ÷ and √: deterministic, no trigonometry):
 * 1. FᵀF = V·Λ·Vᵀ by cyclic Jacobi rotations (`symEigen3`, Golub & Van Loan §8.5), eigenvalues
 *    descending; V made proper by flipping its last column if det V = −1;
 * 2. u₀ = F v₀ / |F v₀|; u₁ = F v₁ minus its u₀ part, normalised (any unit vector ⟂ u₀ when F has
 *    rank 1); u₂ = u₀ × u₁ — so U is a rotation whatever F is;
 * 3. σₖ = uₖ · F vₖ (σ₂ then carries det F's sign), which reproduces F = U Σ Vᵀ to round-off.
 * The eigenvalues of FᵀF are σ², so singular values below about 1e-8 σ₀ lose relative accuracy;
 * deformation gradients of a simulation stay far from that.
 */
import { symEigen3 } from './sym-eigen3.js';
import type { Arr } from './vec2.js';

const ata = new Float64Array(9);
const lam = new Float64Array(3);
const V = new Float64Array(9);

/**
 * Writes U (row-major) to u[uo..uo+8], the singular values to sigma[so..so+2] and V to v[vo..vo+8]
 * for F = f[fo..fo+8] (row-major). Returns the Jacobi sweeps used.
 */
export function svd3(
  u: Arr,
  uo: number,
  sigma: Arr,
  so: number,
  v: Arr,
  vo: number,
  f: Arr,
  fo: number,
): number {
  const f0 = f[fo]!;
  const f1 = f[fo + 1]!;
  const f2 = f[fo + 2]!;
  const f3 = f[fo + 3]!;
  const f4 = f[fo + 4]!;
  const f5 = f[fo + 5]!;
  const f6 = f[fo + 6]!;
  const f7 = f[fo + 7]!;
  const f8 = f[fo + 8]!;
  // 1. FᵀF (upper triangle is what symEigen3 reads)
  ata[0] = f0 * f0 + f3 * f3 + f6 * f6;
  ata[1] = f0 * f1 + f3 * f4 + f6 * f7;
  ata[2] = f0 * f2 + f3 * f5 + f6 * f8;
  ata[4] = f1 * f1 + f4 * f4 + f7 * f7;
  ata[5] = f1 * f2 + f4 * f5 + f7 * f8;
  ata[8] = f2 * f2 + f5 * f5 + f8 * f8;
  const sweeps = symEigen3(lam, 0, V, 0, ata, 0);
  let v0 = V[0]!;
  let v1 = V[1]!;
  let v2 = V[2]!;
  let v3 = V[3]!;
  let v4 = V[4]!;
  let v5 = V[5]!;
  let v6 = V[6]!;
  let v7 = V[7]!;
  let v8 = V[8]!;
  const detV = v0 * (v4 * v8 - v5 * v7) - v1 * (v3 * v8 - v5 * v6) + v2 * (v3 * v7 - v4 * v6);
  if (detV < 0) {
    v2 = -v2;
    v5 = -v5;
    v8 = -v8;
  }
  // 2. F v₀, F v₁, F v₂ (V's columns)
  let ax = f0 * v0 + f1 * v3 + f2 * v6;
  let ay = f3 * v0 + f4 * v3 + f5 * v6;
  let az = f6 * v0 + f7 * v3 + f8 * v6;
  const bx0 = f0 * v1 + f1 * v4 + f2 * v7;
  const by0 = f3 * v1 + f4 * v4 + f5 * v7;
  const bz0 = f6 * v1 + f7 * v4 + f8 * v7;
  const cx = f0 * v2 + f1 * v5 + f2 * v8;
  const cy = f3 * v2 + f4 * v5 + f5 * v8;
  const cz = f6 * v2 + f7 * v5 + f8 * v8;
  let la = Math.sqrt(ax * ax + ay * ay + az * az);
  const sigma0 = la;
  if (!(la > 0)) {
    // F = 0: any rotations; take the identity
    ax = 1;
    ay = 0;
    az = 0;
    la = 1;
    v0 = 1;
    v1 = 0;
    v2 = 0;
    v3 = 0;
    v4 = 1;
    v5 = 0;
    v6 = 0;
    v7 = 0;
    v8 = 1;
  }
  const u0x = ax / la;
  const u0y = ay / la;
  const u0z = az / la;
  const d = u0x * bx0 + u0y * by0 + u0z * bz0;
  let bx = bx0 - d * u0x;
  let by = by0 - d * u0y;
  let bz = bz0 - d * u0z;
  let lb = Math.sqrt(bx * bx + by * by + bz * bz);
  if (!(lb > 1e-12 * la)) {
    // rank 1: a unit vector perpendicular to u₀ (crossed with the axis it is least aligned with)
    const axis = Math.abs(u0x) < 0.577 ? 0 : Math.abs(u0y) < 0.577 ? 1 : 2;
    const ex = axis === 0 ? 1 : 0;
    const ey = axis === 1 ? 1 : 0;
    const ez = axis === 2 ? 1 : 0;
    bx = u0y * ez - u0z * ey;
    by = u0z * ex - u0x * ez;
    bz = u0x * ey - u0y * ex;
    lb = Math.sqrt(bx * bx + by * by + bz * bz);
  }
  const u1x = bx / lb;
  const u1y = by / lb;
  const u1z = bz / lb;
  const u2x = u0y * u1z - u0z * u1y;
  const u2y = u0z * u1x - u0x * u1z;
  const u2z = u0x * u1y - u0y * u1x;
  // 3. σₖ = uₖ · F vₖ
  sigma[so] = sigma0;
  sigma[so + 1] = u1x * bx0 + u1y * by0 + u1z * bz0;
  sigma[so + 2] = u2x * cx + u2y * cy + u2z * cz;
  // U's columns are u₀, u₁, u₂
  u[uo] = u0x;
  u[uo + 1] = u1x;
  u[uo + 2] = u2x;
  u[uo + 3] = u0y;
  u[uo + 4] = u1y;
  u[uo + 5] = u2y;
  u[uo + 6] = u0z;
  u[uo + 7] = u1z;
  u[uo + 8] = u2z;
  v[vo] = v0;
  v[vo + 1] = v1;
  v[vo + 2] = v2;
  v[vo + 3] = v3;
  v[vo + 4] = v4;
  v[vo + 5] = v5;
  v[vo + 6] = v6;
  v[vo + 7] = v7;
  v[vo + 8] = v8;
  return sweeps;
}
