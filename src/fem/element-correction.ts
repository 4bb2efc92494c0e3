import type { SolveContext } from '../xpbd/constraint.js';

/**
 * The XPBD update shared by every FEM element constraint (seed 002 §2–4, §26.3 XPBD):
 *   Δλ = (−C − α̃ λ) / (Σ_j w_j |∇_j C|² + α̃),   λ ← λ + Δλ,   Δx_j = w_j ∇_j C Δλ,
 * for an element of `n` particles `ids[0..n)` whose gradients ∇_j C (3 numbers each; 2D elements
 * leave z = 0) are in `grad[3j..3j+2]`. The multiplier lives at `lambda[li]`.
 * Returns false when the denominator is zero (all pinned and rigid: nothing can move, seed 002 §9).
 */
export function applyElementCorrection(
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
): boolean {
  const w = ctx.invMass;
  let den = 0;
  for (let j = 0; j < n; j++) {
    const g0 = grad[3 * j];
    const g1 = grad[3 * j + 1];
    const g2 = grad[3 * j + 2];
    den += w[ids[io + j]] * (g0 * g0 + g1 * g1 + g2 * g2);
  }
  const alphaTilde = alpha * ctx.alphaScale;
  den += alphaTilde;
  if (!(den > 1e-300)) return false;
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
    if (ctx.jacobi) ctx.counts[p] += 1;
  }
  return true;
}
