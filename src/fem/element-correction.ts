/** The coupled 2×2 XPBD solve of an element's two constraints (Macklin & Müller 2021). */
import type { SolveContext } from '../xpbd/constraint.js';

/**
 * Two constraints of one element solved together (Macklin & Müller 2021, §4 "coupled solve"):
 *   [K_aa + α̃_a   K_ab       ] [Δλ_a]   [−C_a − α̃_a λ_a]
 *   [K_ab         K_bb + α̃_b ] [Δλ_b] = [−C_b − α̃_b λ_b],   K_ab = Σ_j w_j ∇_j C_a · ∇_j C_b,
 *   Δx_j = w_j (∇_j C_a Δλ_a + ∇_j C_b Δλ_b).
 * The stable neo-Hookean pair needs it: at rest C_D = √d and C_H = −μ/λ′ are both non-zero and their
 * gradients are parallel, so solved one after the other a stiff C_D would first collapse the element;
 * solved together their forces cancel exactly and nothing moves. Multipliers at lambda[li], lambda[li+1].
 * Jacobi order: mass splitting as in `xpbdUpdate` (xpbd/xpbd-update.ts).
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
