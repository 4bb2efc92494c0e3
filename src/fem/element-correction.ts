import type { SolveContext } from '../xpbd/constraint.js';

/**
 * The XPBD update shared by every FEM element constraint (seed 002 §2–4, §26.3 XPBD):
 *   Δλ = (−C − α̃ λ) / (Σ_j w_j |∇_j C|² + α̃),   λ ← λ + Δλ,   Δx_j = w_j ∇_j C Δλ,
 * for an element of `n` particles `ids[0..n)` whose gradients ∇_j C (3 numbers each; 2D elements
 * leave z = 0) are in `grad[3j..3j+2]`. The multiplier lives at `lambda[li]`.
 * Returns false when the denominator is zero (all pinned and rigid: nothing can move, seed 002 §9).
 * Jacobi order: mass splitting (constraint.ts (a)) — particle j counts with n_j w_j in the denominator,
 * n_j = ctx.degree[j] the number of the set's constraints touching it, so λ keeps its meaning and a
 * compliant element keeps its stiffness; the corrections are then summed, not averaged.
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
  }
  return true;
}

/**
 * Two constraints of one element solved together (Macklin & Müller 2021, §4 "coupled solve"):
 *   [K_aa + α̃_a   K_ab       ] [Δλ_a]   [−C_a − α̃_a λ_a]
 *   [K_ab         K_bb + α̃_b ] [Δλ_b] = [−C_b − α̃_b λ_b],   K_ab = Σ_j w_j ∇_j C_a · ∇_j C_b,
 *   Δx_j = w_j (∇_j C_a Δλ_a + ∇_j C_b Δλ_b).
 * The stable neo-Hookean pair needs it: at rest C_D = √d and C_H = −μ/λ′ are both non-zero and their
 * gradients are parallel, so solved one after the other a stiff C_D would first collapse the element;
 * solved together their forces cancel exactly and nothing moves. Multipliers at lambda[li], lambda[li+1].
 * Jacobi order: mass splitting as in applyElementCorrection.
 */
export function applyElementPair(
  ctx: SolveContext,
  ids: Int32Array,
  io: number,
  n: number,
  gradA: Float64Array,
  gradB: Float64Array,
  Ca: number,
  Cb: number,
  alphaA: number,
  alphaB: number,
  lambda: Float64Array,
  li: number,
  kPrime: number,
): boolean {
  const w = ctx.invMass;
  const jacobi = ctx.jacobi;
  const deg = ctx.degree;
  let kaa = 0;
  let kab = 0;
  let kbb = 0;
  for (let j = 0; j < n; j++) {
    const p = ids[io + j];
    const wj = jacobi ? w[p] * deg[p] : w[p]; // mass splitting in the Jacobi order
    if (wj === 0) continue;
    const a0 = gradA[3 * j];
    const a1 = gradA[3 * j + 1];
    const a2 = gradA[3 * j + 2];
    const b0 = gradB[3 * j];
    const b1 = gradB[3 * j + 1];
    const b2 = gradB[3 * j + 2];
    kaa += wj * (a0 * a0 + a1 * a1 + a2 * a2);
    kab += wj * (a0 * b0 + a1 * b1 + a2 * b2);
    kbb += wj * (b0 * b0 + b1 * b1 + b2 * b2);
  }
  const ata = alphaA * ctx.alphaScale;
  const atb = alphaB * ctx.alphaScale;
  const m11 = kaa + ata;
  const m22 = kbb + atb;
  const det = m11 * m22 - kab * kab;
  if (!(det > 1e-300 * (m11 * m22 + 1e-300))) return false;
  const ra = -Ca - ata * lambda[li];
  const rb = -Cb - atb * lambda[li + 1];
  const dla = (kPrime * (m22 * ra - kab * rb)) / det;
  const dlb = (kPrime * (m11 * rb - kab * ra)) / det;
  lambda[li] += dla;
  lambda[li + 1] += dlb;
  const dx = ctx.dx;
  for (let j = 0; j < n; j++) {
    const p = ids[io + j];
    const wj = w[p];
    if (wj === 0) continue;
    const k = 3 * p;
    dx[k] += wj * (gradA[3 * j] * dla + gradB[3 * j] * dlb);
    dx[k + 1] += wj * (gradA[3 * j + 1] * dla + gradB[3 * j + 1] * dlb);
    dx[k + 2] += wj * (gradA[3 * j + 2] * dla + gradB[3 * j + 2] * dlb);
  }
  return true;
}
