/** Corotational and stable neo-Hookean tetrahedral finite elements as XPBD constraints. */
import * as mat33 from '../math/mat33.js';
import { rotation3 } from '../math/rotation-extraction.js';
import type { SolveContext } from '../xpbd/constraint.js';
import { grown, type Particles } from '../xpbd/particles.js';
import { pbdStiffness } from '../xpbd/stiffness.js';
import { xpbdUpdate } from '../xpbd/xpbd-update.js';
import { deformationGradient3, restInverse3 } from './deformation-gradient.js';
import { applyElementPair } from './element-correction.js';
import { ELEMENT_MIN_DEN, FemElementSet, type FemSetOptions } from './fem-element-set.js';

/**
 * Linear tetrahedral finite elements as XPBD constraints (textbook §26.3 有限要素法).
 * Each element has F = D_s D_m⁻¹ and an energy density ψ(F) written as two constraints with physical
 * compliances, so E (Young's modulus) and ν (Poisson's ratio) are the inputs and the result does not
 * depend on iteration counts:
 *
 * 'corotational' — corotated linear elasticity, ψ = μ‖F − R‖² + ½λ (tr(RᵀF) − 3)², F = R S:
 *     C_μ = ‖F − R‖_F,     ∂C_μ/∂F = (F − R)/C_μ,   α_μ = 1/(2μV)
 *     C_λ = tr(RᵀF) − 3,   ∂C_λ/∂F = R,             α_λ = 1/(λV)
 *   (both derivatives are exact for the polar R; the strain is S − I, zero for every rotation).
 *
 * 'neo-hookean' — stable neo-Hookean (Smith, de Goes, Kim 2018) in the constraint form of
 *   Macklin & Müller, "A Constraint-based Formulation of Stable Neo-Hookean Materials" (MIG 2021),
 *   ψ = ½μ(tr FᵀF − 3) + ½λ′(det F − γ)², γ = 1 + μ/λ′, λ′ = λ + μ (so small strains match Lamé λ):
 *     C_D = ‖F‖_F,          ∂C_D/∂F = F/‖F‖,          α_D = 1/(μV)
 *     C_H = det F − γ,      ∂C_H/∂F = cof F,          α_H = 1/(λ′V)
 *   It resists inversion (det F < 0 costs energy) where the corotated model only sees S. The two
 *   constraints are solved together as a 2×2 system (applyElementPair), as the paper recommends.
 *   Limit (measured): C_D is not zero at rest, so the shear stiffness μ(I − n̂n̂ᵀ) that the XPBD
 *   (Gauss–Newton) step leaves out acts explicitly; the substep must resolve the shear wave across an
 *   element, h ≲ ℓ/c with c = √(μ/ρ) (e.g. E = 10⁷ Pa, ρ = 10³, ℓ = 0.2 m needs ~40 substeps at 60 Hz,
 *   where E = 10⁶ is fine at 10). The corotational constraints vanish at rest and have no such limit.
 *
 * Gradient of a constraint w.r.t. the particles: with P = ∂C/∂F, ∇_{x_j}C = (P D_m⁻ᵀ)_{:,j−1} for
 * j = 1..3 and ∇_{x_0}C = −Σ_j ∇_{x_j}C.
 */
/** warm-started rotation iterations per element solve (the rotation changes little between substeps) */
const ROTATION_ITERATIONS = 2;

export type { FemModel, FemSetOptions } from './fem-element-set.js';

/** Tetrahedral FEM elements as an XPBD constraint set: one constraint per element on its elastic energy. */
export class FemTetrahedra extends FemElementSet {
  /** warm-start quaternion of the element's rotation (corotational) */
  quat: Float64Array;
  private readonly F = new Float64Array(9);
  private readonly R = new Float64Array(9);
  private readonly P = new Float64Array(9);
  private readonly grad = new Float64Array(12);
  private readonly grad2 = new Float64Array(12);

  constructor(options: FemSetOptions, capacity = 16) {
    super(options, capacity, 4);
    this.quat = new Float64Array(4 * Math.max(1, capacity));
  }

  /** rest volume V per element */
  get volume(): Float64Array {
    return this.measure;
  }

  /** Adds the tetrahedron (a, b, c, d) at its current (rest) shape; returns its index. */
  add(particles: Particles, a: number, b: number, c: number, d: number): number {
    const where = `${this.kind}[${this.n}]`;
    const e = this.begin(particles, [a, b, c, d], where);
    const v = restInverse3(particles.x, 3, a, b, c, d, this.dmInv, 9 * e, where);
    this.quat.set([1, 0, 0, 0], 4 * e);
    return this.commit(e, v);
  }

  solve(ctx: SolveContext, order: Int32Array | null, start: number, end: number): void {
    const kp = ctx.pbd ? pbdStiffness(this.stiffness, ctx.iterations) : 1;
    const { mu, lambda: lam } = this.lame;
    const { F, R, P, grad, ids } = this;
    const neo = this.model === 'neo-hookean';
    const lamNeo = lam + mu;
    const gamma = 1 + mu / lamNeo;
    for (let k = start; k < end; k++) {
      const e = order === null ? k : order[k];
      const V = this.volume[e];
      const io = 4 * e;
      deformationGradient3(ctx.x, 3, ids[io], ids[io + 1], ids[io + 2], ids[io + 3], this.dmInv, 9 * e, F);
      if (neo) {
        // C_D = ‖F‖ and C_H = det F − γ, solved together (see applyElementPair)
        const CD = Math.sqrt(frob2(F));
        if (CD < 1e-12) continue;
        for (let i = 0; i < 9; i++) P[i] = F[i] / CD;
        this.gradients(e, grad);
        cofactor3(F, P);
        this.gradients(e, this.grad2);
        const CH = mat33.det(F, 0) - gamma;
        applyElementPair(
          ctx,
          ids,
          io,
          4,
          grad,
          this.grad2,
          CD,
          CH,
          1 / (mu * V),
          1 / (lamNeo * V),
          this.lambda,
          2 * e,
          kp,
        );
        continue;
      }
      // corotational: shear constraint C_μ = ‖F − R‖
      rotation3(F, this.quat, 4 * e, R, ROTATION_ITERATIONS);
      for (let i = 0; i < 9; i++) P[i] = F[i] - R[i];
      const C = Math.sqrt(frob2(P));
      if (C > 1e-12) {
        for (let i = 0; i < 9; i++) P[i] /= C;
        this.gradients(e, grad);
        xpbdUpdate(ctx, ids, io, 4, grad, C, 1 / (2 * mu * V), this.lambda, 2 * e, kp, ELEMENT_MIN_DEN);
      }
      // then the volumetric constraint C_λ = tr(RᵀF) − 3 on the moved positions (Gauss–Seidel);
      // R is kept from above (it barely moves within one projection)
      if (lam > 0) {
        deformationGradient3(ctx.x, 3, ids[io], ids[io + 1], ids[io + 2], ids[io + 3], this.dmInv, 9 * e, F);
        let Cl = -3;
        for (let i = 0; i < 9; i++) Cl += R[i] * F[i];
        for (let i = 0; i < 9; i++) P[i] = R[i];
        this.gradients(e, grad);
        xpbdUpdate(ctx, ids, io, 4, grad, Cl, 1 / (lam * V), this.lambda, 2 * e + 1, kp, ELEMENT_MIN_DEN);
      }
    }
  }

  /** ∇_{x_j} C = (P D_m⁻ᵀ)_{:,j−1}, ∇_{x_0} C = −Σ_j ∇_{x_j} C, from P = ∂C/∂F (in this.P). */
  private gradients(e: number, grad: Float64Array): void {
    const { P, dmInv } = this;
    const o = 9 * e;
    for (let r = 0; r < 3; r++) {
      let s0 = 0;
      for (let j = 0; j < 3; j++) {
        // (P D_m⁻ᵀ)[r][j] = Σ_c P[r][c] D_m⁻¹[j][c]
        const g =
          P[3 * r] * dmInv[o + 3 * j] +
          P[3 * r + 1] * dmInv[o + 3 * j + 1] +
          P[3 * r + 2] * dmInv[o + 3 * j + 2];
        grad[3 * (j + 1) + r] = g;
        s0 -= g;
      }
      grad[r] = s0;
    }
  }

  energy(x: Float64Array): number {
    const { mu, lambda: lam } = this.lame;
    const { F, R, ids } = this;
    const q = new Float64Array(4);
    let total = 0;
    for (let e = 0; e < this.n; e++) {
      const io = 4 * e;
      deformationGradient3(x, 3, ids[io], ids[io + 1], ids[io + 2], ids[io + 3], this.dmInv, 9 * e, F);
      const V = this.volume[e];
      if (this.model === 'neo-hookean') {
        const lamNeo = lam + mu;
        const gamma = 1 + mu / lamNeo;
        // shifted so the rest state has zero energy: ½μ(‖F‖² − 3) + ½λ′((J − γ)² − (1 − γ)²)
        const J = mat33.det(F, 0);
        total += V * (0.5 * mu * (frob2(F) - 3) + 0.5 * lamNeo * ((J - gamma) ** 2 - (1 - gamma) ** 2));
      } else {
        q.set(this.quat.subarray(4 * e, 4 * e + 4));
        rotation3(F, q, 0, R);
        let dev = 0;
        let tr = -3;
        for (let i = 0; i < 9; i++) {
          dev += (F[i] - R[i]) ** 2;
          tr += R[i] * F[i];
        }
        total += V * (mu * dev + 0.5 * lam * tr * tr);
      }
    }
    return total;
  }

  protected override grow(): void {
    super.grow();
    this.quat = grown(this.quat, 4 * this.measure.length);
  }
}

function frob2(M: Float64Array): number {
  let s = 0;
  for (let i = 0; i < 9; i++) s += M[i] * M[i];
  return s;
}

/** cof F = ∂ det F / ∂F (row-major): column i is the cross product of the other two columns. */
export function cofactor3(F: ArrayLike<number>, out: Float64Array): void {
  out[0] = F[4] * F[8] - F[5] * F[7];
  out[1] = F[5] * F[6] - F[3] * F[8];
  out[2] = F[3] * F[7] - F[4] * F[6];
  out[3] = F[2] * F[7] - F[1] * F[8];
  out[4] = F[0] * F[8] - F[2] * F[6];
  out[5] = F[1] * F[6] - F[0] * F[7];
  out[6] = F[1] * F[5] - F[2] * F[4];
  out[7] = F[2] * F[3] - F[0] * F[5];
  out[8] = F[0] * F[4] - F[1] * F[3];
}
