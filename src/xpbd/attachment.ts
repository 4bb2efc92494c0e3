/** Attachments of particles to movable points in space. */
import { assertFinite } from '../core/errors.js';
import type { ConstraintSet, SolveContext } from './constraint.js';
import { checkIndex, checkNonNegative } from './distance.js';
import type { Particles } from './particles.js';

/**
 * Attachments of particles to points in space (a hook, a moving hand, the mouse): C = |x − t| with
 * compliance α (0 = rigid). The targets `target[3c..3c+2]` may be moved between frames. An
 * attachment of rest distance 0 has ∇C = (x − t)/|x − t|, so the step is Δx = w Δλ n̂ with
 * Δλ = (−C − α̃λ)/(w + α̃). (Rigid bodies of rigid2d/rigid3d can drive targets through the same fields.)
 */
export class AttachmentSet implements ConstraintSet {
  readonly kind = 'attachment';
  private n = 0;
  /** the attached particle of each constraint */
  ids = new Int32Array(8);
  /** the target point of each constraint, 3 numbers each */
  target = new Float64Array(24);
  /** compliance α of each constraint, m/N */
  compliance = new Float64Array(8);
  /** accumulated Lagrange multiplier λ of each constraint this substep */
  lambda = new Float64Array(8);
  /** constraints with active = 0 are skipped (released grabs) */
  active = new Uint8Array(8);
  /**
   * impulse (N·s) each attachment has applied to its particle since `clearImpulses()`: Σ Δλ n̂ / h over
   * iterations and substeps (the XPBD force is λ∇C/h²). A two-way coupling applies its opposite to the
   * body the target belongs to (see body-attachment.ts).
   */
  impulse = new Float64Array(24);

  size(): number {
    return this.n;
  }

  /** Attaches particle i to the point (x, y, z) (default: where it is now). */
  add(p: Particles, i: number, target?: [number, number, number], compliance = 0): number {
    const c = this.n;
    checkIndex(p, i, `attachment[${c}].particle`);
    checkNonNegative(compliance, `attachment[${c}].compliance`);
    const t = target ?? p.position(i);
    t.forEach((v, k) => {
      assertFinite(v, `attachment[${c}].target[${k}]`);
    });
    if (c === this.compliance.length) this.grow();
    this.ids[c] = i;
    this.target.set(t, 3 * c);
    this.compliance[c] = compliance;
    this.active[c] = 1;
    this.n = c + 1;
    return c;
  }

  /** Zeroes the accumulated impulses (call once per frame after reading them). */
  clearImpulses(): void {
    this.impulse.fill(0);
  }

  /** Moves constraint c's target point to (x, y, z). */
  setTarget(c: number, x: number, y: number, z: number): void {
    this.target[3 * c] = assertFinite(x, `attachment[${c}].target.x`);
    this.target[3 * c + 1] = assertFinite(y, `attachment[${c}].target.y`);
    this.target[3 * c + 2] = assertFinite(z, `attachment[${c}].target.z`);
  }

  /** Re-attaches constraint c to particle i (e.g. a mouse grab moving to another particle) and activates it. */
  setParticle(p: Particles, c: number, i: number): void {
    checkIndex(p, i, `attachment[${c}].particle`);
    this.ids[c] = i;
    this.active[c] = 1;
  }

  particlesOf(c: number, out: number[]): number {
    out[0] = this.ids[c];
    return 1;
  }

  resetLambda(): void {
    this.lambda.fill(0, 0, this.n);
  }

  solve(ctx: SolveContext, order: Int32Array | null, start: number, end: number): void {
    const x = ctx.x;
    for (let k = start; k < end; k++) {
      const c = order === null ? k : order[k];
      if (this.active[c] === 0) continue;
      const i = this.ids[c];
      const w = ctx.invMass[i];
      const p = 3 * i;
      const ex = x[p] - this.target[3 * c];
      const ey = x[p + 1] - this.target[3 * c + 1];
      const ez = x[p + 2] - this.target[3 * c + 2];
      const C = Math.sqrt(ex * ex + ey * ey + ez * ez);
      if (C < 1e-12) continue;
      const at = this.compliance[c] * ctx.alphaScale;
      const den = (ctx.jacobi ? w * ctx.degree[i] : w) + at;
      if (den < 1e-12) continue; // pinned particle, rigid attachment: nothing to do
      const dl = (-C - at * this.lambda[c]) / den;
      this.lambda[c] += dl;
      const s = (w * dl) / C;
      ctx.dx[p] += s * ex;
      ctx.dx[p + 1] += s * ey;
      ctx.dx[p + 2] += s * ez;
      const j = dl / (C * ctx.h);
      this.impulse[3 * c] += j * ex;
      this.impulse[3 * c + 1] += j * ey;
      this.impulse[3 * c + 2] += j * ez;
    }
  }

  energy(x: Float64Array): number {
    let e = 0;
    for (let c = 0; c < this.n; c++) {
      if (this.active[c] === 0 || this.compliance[c] <= 0) continue;
      const p = 3 * this.ids[c];
      const C2 =
        (x[p] - this.target[3 * c]) ** 2 +
        (x[p + 1] - this.target[3 * c + 1]) ** 2 +
        (x[p + 2] - this.target[3 * c + 2]) ** 2;
      e += (0.5 * C2) / this.compliance[c];
    }
    return e;
  }

  private grow(): void {
    const cap = 2 * this.compliance.length;
    const ids = new Int32Array(cap);
    ids.set(this.ids);
    this.ids = ids;
    const act = new Uint8Array(cap);
    act.set(this.active);
    this.active = act;
    const t = new Float64Array(3 * cap);
    t.set(this.target);
    this.target = t;
    const im = new Float64Array(3 * cap);
    im.set(this.impulse);
    this.impulse = im;
    for (const key of ['compliance', 'lambda'] as const) {
      const a = new Float64Array(cap);
      a.set(this[key]);
      this[key] = a;
    }
  }
}
