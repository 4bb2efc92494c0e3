import type { OdeAccel } from './ode.js';

/**
 * Semi-implicit (symplectic) Euler, 14.2 / 26.1: the velocity first, then the position with the
 * NEW velocity:  v₁ = v₀ + h·a(t₀, x₀, v₀),  x₁ = x₀ + h·v₁.
 * For the undamped spring its step matrix has eigenvalues of modulus exactly 1 while hω < 2
 * (bounded energy); at h = 0.25, ω = 10 it explodes (26.1: x = 1, −5.25, 21.3, …).
 * `acc` is a work array of the velocity length. Outputs may alias inputs.
 */
export const semiImplicitEuler: PartitionedStep = (
  t,
  x,
  v,
  h,
  a,
  xOut,
  vOut,
  acc = new Float64Array(v.length),
) => {
  a(t, x, v, acc);
  kickDrift(x.length, v, acc, h, x, h, xOut, vOut);
};

/**
 * A step of a partitioned (x, v) method: writes x₁, v₁ into `xOut`, `vOut` (which may alias `x`, `v`);
 * `acc` and `work` are work arrays of the state length (allocated when omitted).
 */
export type PartitionedStep = (
  t: number,
  x: Float64Array,
  v: Float64Array,
  h: number,
  a: OdeAccel,
  xOut: Float64Array,
  vOut: Float64Array,
  acc?: Float64Array,
  work?: Float64Array,
) => void;

/**
 * The kick then drift shared by semi-implicit Euler and position Verlet (14.2):
 *   v₁ = v₀ + h·acc,  x₁ = xFrom + hx·v₁  (per component, so the outputs may alias the inputs).
 */
export function kickDrift(
  n: number,
  v: Float64Array,
  acc: Float64Array,
  h: number,
  xFrom: Float64Array,
  hx: number,
  xOut: Float64Array,
  vOut: Float64Array,
): void {
  for (let i = 0; i < n; i++) {
    const v1 = v[i]! + h * acc[i]!;
    vOut[i] = v1;
    xOut[i] = xFrom[i]! + hx * v1;
  }
}
