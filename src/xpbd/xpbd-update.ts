/** The XPBD multiplier update shared by scalar constraints over n particles. */
import type { SolveContext } from './constraint.js';

/**
 * The XPBD update shared by the scalar constraints of n particles (Macklin, Müller, Chentanez 2016;
 * textbook §26.3 XPBD) — area, tetrahedron volume, dihedral bending and the FEM elements — once
 * each has computed C and its gradients ∇_j C (3 numbers per particle, in `grad[3j..3j+2]`; 2D
 * leaves z = 0):
 *   Δλ = k′ (−C − α̃ λ) / (Σ_j w_j |∇_j C|² + α̃),   α̃ = α/h²,   λ ← λ + Δλ,   Δx_j = w_j ∇_j C Δλ.
 * The particles are `ids[io .. io+n)`, the multiplier `lambda[li]`; k′ is 1 except in classic PBD.
 * Returns false, changing nothing, when the denominator is not above `minDen` (all pinned and rigid,
 * or every gradient zero: nothing can move).
 * Jacobi order: mass splitting (constraint.ts (a)) — particle j counts with n_j w_j in the
 * denominator, n_j = ctx.degree[j], so λ keeps its meaning; the corrections are then summed.
 */
export function xpbdUpdate(
  ctx: SolveContext,
  ids: Int32Array,
  io: number,
  n: number,
  grad: Float64Array,
  C: number,
  alpha: number,
  lambda: Float64Array,
  li: number,
  kPrime: number,
  minDen: number,
): boolean {
  const w = ctx.invMass;
  const jacobi = ctx.jacobi;
  const deg = ctx.degree;
  let den = 0;
  for (let j = 0; j < n; j++) {
    const g0 = grad[3 * j];
    const g1 = grad[3 * j + 1];
    const g2 = grad[3 * j + 2];
    const p = ids[io + j];
    den += (jacobi ? w[p] * deg[p] : w[p]) * (g0 * g0 + g1 * g1 + g2 * g2);
  }
  const alphaTilde = alpha * ctx.alphaScale;
  den += alphaTilde;
  if (!(den > minDen)) return false;
  const dl = (kPrime * (-C - alphaTilde * lambda[li])) / den;
  lambda[li] += dl;
  const dx = ctx.dx;
  for (let j = 0; j < n; j++) {
    const p = ids[io + j];
    const s = w[p] * dl;
    if (s === 0) continue;
    const k = 3 * p;
    dx[k] += s * grad[3 * j];
    dx[k + 1] += s * grad[3 * j + 1];
    dx[k + 2] += s * grad[3 * j + 2];
  }
  return true;
}
