import type { OdeAccel } from './ode.js';

/**
 * Semi-implicit (symplectic) Euler, 14.2 / 26.1: the velocity first, then the position with the
 * NEW velocity:  v₁ = v₀ + h·a(t₀, x₀, v₀),  x₁ = x₀ + h·v₁.
 * For the undamped spring its step matrix has eigenvalues of modulus exactly 1 while hω < 2
 * (bounded energy); at h = 0.25, ω = 10 it explodes (26.1: x = 1, −5.25, 21.3, …).
 * `acc` is a work array of the velocity length. Outputs may alias inputs.
 */
export function semiImplicitEuler(
  t: number,
  x: Float64Array,
  v: Float64Array,
  h: number,
  a: OdeAccel,
  xOut: Float64Array,
  vOut: Float64Array,
  acc: Float64Array = new Float64Array(v.length),
): void {
  const n = x.length;
  a(t, x, v, acc);
  for (let i = 0; i < n; i++) {
    const v1 = v[i]! + h * acc[i]!;
    vOut[i] = v1;
    xOut[i] = x[i]! + h * v1;
  }
}
