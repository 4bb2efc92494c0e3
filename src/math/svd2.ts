/**
 * Singular value decomposition of a 2×2 matrix in closed form, F = U·Σ·Vᵀ with U and V rotations
 * (det +1) and Σ = diag(σ₁, σ₂), σ₁ ≥ |σ₂|; σ₂ < 0 when det F < 0 (the sign is kept in Σ so U and V
 * stay rotations, as the material point method's constitutive models expect).
 *
 * Method (Blinn's 2×2 decomposition): with E = (a + d)/2, G = (a − d)/2, H = (c + b)/2,
 * K = (c − b)/2, the matrix is a rotation-scale by (E, K) plus a reflection-scale by (G, H):
 * Q = √(E² + K²), R = √(G² + H²), σ₁ = Q + R, σ₂ = Q − R, and the angles of U and V are
 * (α₂ ± α₁)/2 with α₁ = atan2(H, G), α₂ = atan2(K, E): F = R(φ)·Σ·R(θ). Portable atan2/sin/cos:
 * deterministic.
 */
import { patan2, pcos, psin } from './portable.js';
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
  const e = 0.5 * (a + d);
  const g = 0.5 * (a - d);
  const h = 0.5 * (c + b);
  const k = 0.5 * (c - b);
  const q = Math.sqrt(e * e + k * k);
  const r = Math.sqrt(g * g + h * h);
  const a1 = patan2(h, g);
  const a2 = patan2(k, e);
  const theta = 0.5 * (a2 - a1);
  const phi = 0.5 * (a2 + a1);
  const cu = pcos(phi);
  const su = psin(phi);
  const cv = pcos(theta);
  const sv = psin(theta);
  u[uo] = cu;
  u[uo + 1] = -su;
  u[uo + 2] = su;
  u[uo + 3] = cu;
  // F = R(φ)·Σ·R(θ), so V = R(θ)ᵀ
  v[vo] = cv;
  v[vo + 1] = sv;
  v[vo + 2] = -sv;
  v[vo + 3] = cv;
  sigma[so] = q + r;
  sigma[so + 1] = q - r;
}
