/** Corotational and stable neo-Hookean triangle finite elements (2D) as XPBD constraints. */
import * as mat22 from '../math/mat22.js';
import type { SolveContext } from '../xpbd/constraint.js';
import type { Particles } from '../xpbd/particles.js';
import { pbdStiffness } from '../xpbd/stiffness.js';
import { xpbdUpdate } from '../xpbd/xpbd-update.js';
import { deformationGradient2, restInverse2 } from './deformation-gradient.js';
import { applyElementPair } from './element-correction.js';
import { ELEMENT_MIN_DEN, FemElementSet, type FemSetOptions } from './fem-element-set.js';

/**
 * Linear triangle finite elements in the xy plane (2D soft bodies), the 2D twin of FemTetrahedra:
 * the same two constraints per element with d = 2 (see fem-tetrahedra.ts for the formulas):
 *   corotational: C_μ = ‖F − R‖_F (α = 1/(2μA)),  C_λ = tr(RᵀF) − 2 (α = 1/(λA)),  R from θ = atan2(F21 − F12, F11 + F22)
 *   neo-Hookean:  C_D = ‖F‖_F (α = 1/(μA)),       C_H = det F − γ (α = 1/(λ′A)),  λ′ = λ + μ, γ = 1 + μ/λ′
 * A is the rest area (unit thickness). Use `planeStress: true` for a thin sheet, the default
 * (plane strain) for a slice of a long body. Only x and y are moved; z is left alone.
 */
export class FemTriangles extends FemElementSet {
  private readonly F = new Float64Array(4);
  private readonly R = new Float64Array(4);
  private readonly P = new Float64Array(4);
  private readonly grad = new Float64Array(9);
  private readonly grad2 = new Float64Array(9);

  constructor(options: FemSetOptions, capacity = 16) {
    super(options, capacity, 3);
  }

  /** rest area A per element */
  get area(): Float64Array {
    return this.measure;
  }

  /** Adds triangle (a, b, c) at its current (rest) shape; returns its index. */
  add(particles: Particles, a: number, b: number, c: number): number {
    const where = `${this.kind}[${this.n}]`;
    const e = this.begin(particles, [a, b, c], where);
    const x = particles.x;
    const A = restInverse2(
      x[3 * a],
      x[3 * a + 1],
      x[3 * b],
      x[3 * b + 1],
      x[3 * c],
      x[3 * c + 1],
      this.dmInv,
      4 * e,
      where,
    );
    return this.commit(e, A);
  }

  solve(ctx: SolveContext, order: Int32Array | null, start: number, end: number): void {
    const kp = ctx.pbd ? pbdStiffness(this.stiffness, ctx.iterations) : 1;
    const { mu, lambda: lam } = this.lame;
    const { F, R, P, ids } = this;
    const neo = this.model === 'neo-hookean';
    const lamNeo = lam + mu;
    const gamma = 1 + mu / lamNeo;
    for (let k = start; k < end; k++) {
      const e = order === null ? k : order[k];
      const A = this.area[e];
      const io = 3 * e;
      deformationGradient2(ctx.x, 3, ids[io], ids[io + 1], ids[io + 2], this.dmInv, 4 * e, F);
      if (neo) {
        // C_D = ‖F‖ and C_H = det F − γ solved together (applyElementPair)
        const CD = Math.sqrt(F[0] * F[0] + F[1] * F[1] + F[2] * F[2] + F[3] * F[3]);
        if (CD < 1e-12) continue;
        for (let i = 0; i < 4; i++) P[i] = F[i] / CD;
        this.gradients(e, this.grad);
        // cof F = ∂ det F/∂F = [F22 −F21; −F12 F11]
        P[0] = F[3];
        P[1] = -F[2];
        P[2] = -F[1];
        P[3] = F[0];
        this.gradients(e, this.grad2);
        const CH = mat22.det(F, 0) - gamma;
        applyElementPair(
          ctx,
          ids,
          io,
          3,
          this.grad,
          this.grad2,
          CD,
          CH,
          1 / (mu * A),
          1 / (lamNeo * A),
          this.lambda,
          2 * e,
          kp,
        );
      } else {
        mat22.polar(R, 0, null, 0, F, 0);
        for (let i = 0; i < 4; i++) P[i] = F[i] - R[i];
        const C = Math.sqrt(P[0] * P[0] + P[1] * P[1] + P[2] * P[2] + P[3] * P[3]);
        if (C > 1e-12) {
          for (let i = 0; i < 4; i++) P[i] /= C;
          this.correct(ctx, e, C, 1 / (2 * mu * A), 2 * e, kp);
        }
        if (lam > 0) {
          deformationGradient2(ctx.x, 3, ids[io], ids[io + 1], ids[io + 2], this.dmInv, 4 * e, F);
          mat22.polar(R, 0, null, 0, F, 0);
          const Cl = R[0] * F[0] + R[1] * F[1] + R[2] * F[2] + R[3] * F[3] - 2;
          for (let i = 0; i < 4; i++) P[i] = R[i];
          this.correct(ctx, e, Cl, 1 / (lam * A), 2 * e + 1, kp);
        }
      }
    }
  }

  private correct(ctx: SolveContext, e: number, C: number, alpha: number, li: number, kp: number): void {
    this.gradients(e, this.grad);
    xpbdUpdate(ctx, this.ids, 3 * e, 3, this.grad, C, alpha, this.lambda, li, kp, ELEMENT_MIN_DEN);
  }

  /** ∇_{x_j} C = (P D_m⁻ᵀ)_{:,j−1}, ∇_{x_0} C = −Σ_j ∇_{x_j} C, from P = ∂C/∂F (in this.P). */
  private gradients(e: number, grad: Float64Array): void {
    const { P, dmInv } = this;
    const o = 4 * e;
    for (let r = 0; r < 2; r++) {
      // (P D_m⁻ᵀ)[r][j] = Σ_c P[r][c] D_m⁻¹[j][c]
      const g1 = P[2 * r] * dmInv[o] + P[2 * r + 1] * dmInv[o + 1];
      const g2 = P[2 * r] * dmInv[o + 2] + P[2 * r + 1] * dmInv[o + 3];
      grad[3 + r] = g1;
      grad[6 + r] = g2;
      grad[r] = -g1 - g2;
    }
    grad[2] = grad[5] = grad[8] = 0;
  }

  /** Elastic energy Σ A ψ(F) at positions x (rest state = 0). */
  energy(x: Float64Array): number {
    const { mu, lambda: lam } = this.lame;
    const { F, R, ids } = this;
    let total = 0;
    for (let e = 0; e < this.n; e++) {
      const io = 3 * e;
      deformationGradient2(x, 3, ids[io], ids[io + 1], ids[io + 2], this.dmInv, 4 * e, F);
      const A = this.area[e];
      if (this.model === 'neo-hookean') {
        const lamNeo = lam + mu;
        const gamma = 1 + mu / lamNeo;
        const J = mat22.det(F, 0);
        const f2 = F[0] * F[0] + F[1] * F[1] + F[2] * F[2] + F[3] * F[3];
        total += A * (0.5 * mu * (f2 - 2) + 0.5 * lamNeo * ((J - gamma) ** 2 - (1 - gamma) ** 2));
      } else {
        mat22.polar(R, 0, null, 0, F, 0);
        let dev = 0;
        let tr = -2;
        for (let i = 0; i < 4; i++) {
          dev += (F[i] - R[i]) ** 2;
          tr += R[i] * F[i];
        }
        total += A * (mu * dev + 0.5 * lam * tr * tr);
      }
    }
    return total;
  }
}
