import { kickDrift, type PartitionedStep } from './semi-implicit-euler.js';

/**
 * Position Verlet (Störmer–Verlet, "drift–kick–drift"), 14.2: half a step of position, a full
 * velocity kick at the midpoint, half a step of position:
 *   x½ = x₀ + h/2·v₀,  v₁ = v₀ + h·a(x½, v₀),  x₁ = x½ + h/2·v₁.
 * Second order, symplectic; stable for the undamped spring while hω < 2. A velocity-dependent
 * force (damping) is evaluated with v₀, which makes the step first order in that force.
 * `acc` and `xHalf` are work arrays of the state length. Outputs may alias inputs.
 */
export const positionVerlet: PartitionedStep = (t, x, v, h, a, xOut, vOut, work1, work2) => {
  const n = x.length;
  const acc = work1 ?? new Float64Array(n);
  const xHalf = work2 ?? new Float64Array(n);
  const h2 = 0.5 * h;
  for (let i = 0; i < n; i++) xHalf[i] = x[i]! + h2 * v[i]!;
  a(t + h2, xHalf, v, acc);
  kickDrift(n, v, acc, h, xHalf, h2, xOut, vOut);
};

/**
 * Velocity Verlet ("kick–drift–kick"), 14.2:
 *   v½ = v₀ + h/2·a(x₀, v₀),  x₁ = x₀ + h·v½,  v₁ = v½ + h/2·a(x₁, v½).
 * Second order, symplectic for position-only forces; stable for the undamped spring while hω < 2.
 * Velocity-dependent forces see v½ in the second kick. `acc` and `vHalf` are work arrays.
 */
export const velocityVerlet: PartitionedStep = (t, x, v, h, a, xOut, vOut, work1, work2) => {
  const n = x.length;
  const acc = work1 ?? new Float64Array(n);
  const vHalf = work2 ?? new Float64Array(n);
  const h2 = 0.5 * h;
  a(t, x, v, acc);
  for (let i = 0; i < n; i++) {
    vHalf[i] = v[i]! + h2 * acc[i]!;
    xOut[i] = x[i]! + h * vHalf[i]!;
  }
  a(t + h, xOut, vHalf, acc);
  for (let i = 0; i < n; i++) vOut[i] = vHalf[i]! + h2 * acc[i]!;
};
