import { PhysicsError } from '../errors.js';
import { applyCorrection } from './bending.js';
import type { Coloring, ConstraintSet, SolveContext } from './constraint.js';
import { checkIndex, checkNonNegative } from './distance.js';
import type { Particles } from './particles.js';

/**
 * Tetrahedron volume constraints C = V − V0 (seed 002 §4/§8: "знаковий об'єм тетраедра"), with
 * V = ⅙ (x2 − x1)·((x3 − x1) × (x4 − x1)) and
 *   ∇2 = ⅙ (x3 − x1) × (x4 − x1),  ∇3 = ⅙ (x4 − x1) × (x2 − x1),  ∇4 = ⅙ (x2 − x1) × (x3 − x1),
 *   ∇1 = −∇2 − ∇3 − ∇4.
 */
export class TetVolumeSet implements ConstraintSet {
  readonly kind = 'tet-volume';
  coloring?: Coloring;
  private n = 0;
  ids = new Int32Array(64);
  rest = new Float64Array(16);
  compliance = new Float64Array(16);
  lambda = new Float64Array(16);
  private g = new Float64Array(12);

  constructor(readonly defaultCompliance = 0) {
    checkNonNegative(defaultCompliance, 'tet-volume.compliance');
  }

  size(): number {
    return this.n;
  }

  add(p: Particles, a: number, b: number, c: number, d: number, compliance?: number): number {
    const k = this.n;
    const where = `tet-volume[${k}]`;
    [a, b, c, d].forEach((i, j) => {
      checkIndex(p, i, `${where}.x${j + 1}`);
    });
    if ([a, b, c, d].every((i) => p.invMass[i] === 0)) {
      throw new PhysicsError('invalid-argument', `${where}: all four particles are pinned (invMass 0)`);
    }
    const V = this.volume(p.x, a, b, c, d, null);
    if (!(Math.abs(V) > 1e-15)) throw new PhysicsError('degenerate-shape', `${where}: rest volume is zero`);
    const alpha = compliance ?? this.defaultCompliance;
    checkNonNegative(alpha, `${where}.compliance`);
    if (k === this.rest.length) this.grow();
    this.ids.set([a, b, c, d], 4 * k);
    this.rest[k] = V;
    this.compliance[k] = alpha;
    this.n = k + 1;
    return k;
  }

  /** Signed volume and, if `g` is given, its gradient for x1..x4 in g[0..11]. */
  volume(x: Float64Array, i1: number, i2: number, i3: number, i4: number, g: Float64Array | null): number {
    const o = 3 * i1;
    const ax = x[3 * i2] - x[o];
    const ay = x[3 * i2 + 1] - x[o + 1];
    const az = x[3 * i2 + 2] - x[o + 2];
    const bx = x[3 * i3] - x[o];
    const by = x[3 * i3 + 1] - x[o + 1];
    const bz = x[3 * i3 + 2] - x[o + 2];
    const cx = x[3 * i4] - x[o];
    const cy = x[3 * i4 + 1] - x[o + 1];
    const cz = x[3 * i4 + 2] - x[o + 2];
    const s = 1 / 6;
    // b × c, c × a, a × b
    const g2x = (by * cz - bz * cy) * s;
    const g2y = (bz * cx - bx * cz) * s;
    const g2z = (bx * cy - by * cx) * s;
    if (g !== null) {
      g[3] = g2x;
      g[4] = g2y;
      g[5] = g2z;
      g[6] = (cy * az - cz * ay) * s;
      g[7] = (cz * ax - cx * az) * s;
      g[8] = (cx * ay - cy * ax) * s;
      g[9] = (ay * bz - az * by) * s;
      g[10] = (az * bx - ax * bz) * s;
      g[11] = (ax * by - ay * bx) * s;
      g[0] = -g[3] - g[6] - g[9];
      g[1] = -g[4] - g[7] - g[10];
      g[2] = -g[5] - g[8] - g[11];
    }
    return ax * g2x + ay * g2y + az * g2z;
  }

  particlesOf(c: number, out: number[]): number {
    for (let k = 0; k < 4; k++) out[k] = this.ids[4 * c + k];
    return 4;
  }

  resetLambda(): void {
    this.lambda.fill(0, 0, this.n);
  }

  solve(ctx: SolveContext, order: Int32Array | null, start: number, end: number): void {
    const w = ctx.invMass;
    const g = this.g;
    const ids = this.ids;
    for (let k = start; k < end; k++) {
      const c = order === null ? k : order[k];
      const i1 = ids[4 * c];
      const i2 = ids[4 * c + 1];
      const i3 = ids[4 * c + 2];
      const i4 = ids[4 * c + 3];
      const C = this.volume(ctx.x, i1, i2, i3, i4, g) - this.rest[c];
      const at = this.compliance[c] * ctx.alphaScale;
      const j = ctx.jacobi;
      const deg = ctx.degree;
      const den =
        (j ? w[i1] * deg[i1] : w[i1]) * (g[0] * g[0] + g[1] * g[1] + g[2] * g[2]) +
        (j ? w[i2] * deg[i2] : w[i2]) * (g[3] * g[3] + g[4] * g[4] + g[5] * g[5]) +
        (j ? w[i3] * deg[i3] : w[i3]) * (g[6] * g[6] + g[7] * g[7] + g[8] * g[8]) +
        (j ? w[i4] * deg[i4] : w[i4]) * (g[9] * g[9] + g[10] * g[10] + g[11] * g[11]) +
        at;
      if (den < 1e-20) continue; // flat tetrahedron with all gradients zero
      const dl = (-C - at * this.lambda[c]) / den;
      this.lambda[c] += dl;
      applyCorrection(ctx.dx, 3 * i1, w[i1] * dl, g, 0);
      applyCorrection(ctx.dx, 3 * i2, w[i2] * dl, g, 3);
      applyCorrection(ctx.dx, 3 * i3, w[i3] * dl, g, 6);
      applyCorrection(ctx.dx, 3 * i4, w[i4] * dl, g, 9);
    }
  }

  energy(x: Float64Array): number {
    let e = 0;
    const ids = this.ids;
    for (let c = 0; c < this.n; c++) {
      if (this.compliance[c] <= 0) continue;
      const C =
        this.volume(x, ids[4 * c], ids[4 * c + 1], ids[4 * c + 2], ids[4 * c + 3], null) - this.rest[c];
      e += (0.5 * C * C) / this.compliance[c];
    }
    return e;
  }

  private grow(): void {
    const cap = 2 * this.rest.length;
    const ids = new Int32Array(4 * cap);
    ids.set(this.ids);
    this.ids = ids;
    for (const key of ['rest', 'compliance', 'lambda'] as const) {
      const a = new Float64Array(cap);
      a.set(this[key]);
      this[key] = a;
    }
  }
}
