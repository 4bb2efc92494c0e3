import { type OdeRhs, type OdeScratch, scratchFor } from './ode.js';

/**
 * Explicit (forward) Euler, 14.2 / 26.1: y₁ = y₀ + h·f(t₀, y₀). R(z) = 1 + z.
 * Writes y₁ into `out` (may alias `y`).
 */
export function explicitEuler(
  t: number,
  y: Float64Array,
  h: number,
  f: OdeRhs,
  out: Float64Array,
  scratch?: OdeScratch,
): void {
  const n = y.length;
  const k = scratchFor(n, scratch).k1;
  f(t, y, k);
  for (let i = 0; i < n; i++) out[i] = y[i]! + h * k[i]!;
}
