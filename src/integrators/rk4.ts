import { type OdeRhs, type OdeScratch, scratchFor } from './ode.js';

/**
 * Classic fourth-order Runge–Kutta (14.2): four slopes k₁…k₄ at t, t+h/2, t+h/2, t+h and
 * y₁ = y₀ + h/6·(k₁ + 2k₂ + 2k₃ + k₄). Global error O(h⁴); R(z) = 1 + z + z²/2 + z³/6 + z⁴/24.
 * Writes y₁ into `out` (may alias `y`).
 */
export function rk4(
  t: number,
  y: Float64Array,
  h: number,
  f: OdeRhs,
  out: Float64Array,
  scratch?: OdeScratch,
): void {
  const n = y.length;
  const s = scratchFor(n, scratch);
  const { k1, k2, k3, k4, tmp } = s;
  const h2 = 0.5 * h;
  f(t, y, k1);
  for (let i = 0; i < n; i++) tmp[i] = y[i]! + h2 * k1[i]!;
  f(t + h2, tmp, k2);
  for (let i = 0; i < n; i++) tmp[i] = y[i]! + h2 * k2[i]!;
  f(t + h2, tmp, k3);
  for (let i = 0; i < n; i++) tmp[i] = y[i]! + h * k3[i]!;
  f(t + h, tmp, k4);
  const h6 = h / 6;
  for (let i = 0; i < n; i++) out[i] = y[i]! + h6 * (k1[i]! + 2 * k2[i]! + 2 * k3[i]! + k4[i]!);
}
