/**
 * Singular value decomposition of a 2×2 matrix in closed form, F = U·Σ·Vᵀ with U and V rotations
 * (det +1) and Σ = diag(σ₁, σ₂), σ₁ ≥ |σ₂|; σ₂ < 0 when det F < 0 (the sign is kept in Σ so U and V
 * stay rotations, as the material point method's constitutive models expect).
 *
 * Method, without trigonometry (only +, −, ×, ÷ and √, so it is deterministic and cheap):
 * 1. the polar rotation R of F = [[a, b], [c, d]] has (cos, sin) ∝ (a + d, c − b); S = Rᵀ F is then
 *    symmetric with trace |(a + d, c − b)| ≥ 0;
 * 2. one Jacobi rotation V diagonalises S = V Σ Vᵀ (Golub & Van Loan, §8.5: t = sign(τ)/(|τ| + √(1+τ²)),
 *    τ = (s₁₁ − s₀₀)/(2 s₀₁)), the larger eigenvalue first;
 * 3. U = R V, so U Σ Vᵀ = R S = F.
 */
import type { Arr } from './vec2.js';

/**
 * Writes U (row-major 2×2) to u[uo..uo+3], the singular values to sigma[so], sigma[so+1] and V to
 * v[vo..vo+3] for F = f[fo..fo+3] (row-major: a b / c d).
 */
export function svd2(
  u: Arr,
  uo: number,
  sigma: Arr,
  so: number,
  v: Arr,
  vo: number,
  f: Arr,
  fo: number,
): void {
  const a = f[fo]!;
  const b = f[fo + 1]!;
  const c = f[fo + 2]!;
  const d = f[fo + 3]!;
  // 1. polar rotation R = [[rc, −rs], [rs, rc]]
  let rc = a + d;
  let rs = c - b;
  const rn = Math.sqrt(rc * rc + rs * rs);
  if (rn > 0) {
    rc /= rn;
    rs /= rn;
  } else {
    rc = 1;
    rs = 0;
  }
  // S = Rᵀ F (symmetric up to round-off: use the mean of the off-diagonal pair)
  const s00 = rc * a + rs * c;
  const s11 = -rs * b + rc * d;
  const s01 = 0.5 * (rc * b + rs * d + (-rs * a + rc * c));
  // 2. Jacobi rotation J = [[jc, js], [−js, jc]] with Jᵀ S J diagonal
  let jc = 1;
  let js = 0;
  let e0 = s00;
  let e1 = s11;
  if (s01 !== 0) {
    const tau = (s11 - s00) / (2 * s01);
    const t = (tau >= 0 ? 1 : -1) / (Math.abs(tau) + Math.sqrt(1 + tau * tau));
    jc = 1 / Math.sqrt(1 + t * t);
    js = t * jc;
    e0 = s00 - t * s01;
    e1 = s11 + t * s01;
  }
  // V's columns are the eigenvectors (jc, −js) for e0 and (js, jc) for e1; larger first, det V = +1
  let v00 = jc;
  let v01 = js;
  let v10 = -js;
  let v11 = jc;
  if (e1 > e0) {
    // swap the columns and negate the new second one: still a rotation
    const t0 = v00;
    const t1 = v10;
    v00 = v01;
    v10 = v11;
    v01 = -t0;
    v11 = -t1;
    const e = e0;
    e0 = e1;
    e1 = e;
  }
  v[vo] = v00;
  v[vo + 1] = v01;
  v[vo + 2] = v10;
  v[vo + 3] = v11;
  // 3. U = R V
  u[uo] = rc * v00 - rs * v10;
  u[uo + 1] = rc * v01 - rs * v11;
  u[uo + 2] = rs * v00 + rc * v10;
  u[uo + 3] = rs * v01 + rc * v11;
  sigma[so] = e0;
  sigma[so + 1] = e1;
}
