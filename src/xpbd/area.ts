import { PhysicsError } from '../errors.js';
import { applyCorrection } from './bending.js';
import type { Coloring, ConstraintSet, SolveContext } from './constraint.js';
import { checkIndex, checkNonNegative } from './distance.js';
import type { Particles } from './particles.js';

/**
 * Triangle area constraints C = A − A0 with A = ½|(x2 − x1) × (x3 − x1)| (seed 000 §26.3: shear by
 * "三角形の面積の拘束"). With a = x2 − x1, b = x3 − x1, n̂ = a × b/|a × b|:
 *   ∇2 = ½ b × n̂,  ∇3 = ½ n̂ × a,  ∇1 = −∇2 − ∇3.
 */
export class TriangleAreaSet implements ConstraintSet {
  readonly kind = 'area';
  coloring?: Coloring;
  private n = 0;
  ids = new Int32Array(48);
  rest = new Float64Array(16);
  compliance = new Float64Array(16);
  lambda = new Float64Array(16);
  private g = new Float64Array(9);

  constructor(readonly defaultCompliance = 0) {
    checkNonNegative(defaultCompliance, 'area.compliance');
  }

  size(): number {
    return this.n;
  }

  add(p: Particles, a: number, b: number, c: number, restArea?: number, compliance?: number): number {
    const k = this.n;
    const where = `area[${k}]`;
    [a, b, c].forEach((i, j) => {
      checkIndex(p, i, `${where}.x${j + 1}`);
    });
    if (p.invMass[a] === 0 && p.invMass[b] === 0 && p.invMass[c] === 0) {
      throw new PhysicsError('invalid-argument', `${where}: all three particles are pinned (invMass 0)`);
    }
    const A = restArea ?? this.area(p.x, a, b, c, null);
    if (!(A > 1e-14))
      throw new PhysicsError('degenerate-shape', `${where}.rest: rest area must be > 0, got ${A}`);
    const alpha = compliance ?? this.defaultCompliance;
    checkNonNegative(alpha, `${where}.compliance`);
    if (k === this.rest.length) this.grow();
    this.ids[3 * k] = a;
    this.ids[3 * k + 1] = b;
    this.ids[3 * k + 2] = c;
    this.rest[k] = A;
    this.compliance[k] = alpha;
    this.n = k + 1;
    return k;
  }

  /** Area of the triangle and, if `g` is given, its gradient for x1..x3 in g[0..8]. */
  area(x: Float64Array, i1: number, i2: number, i3: number, g: Float64Array | null): number {
    const o = 3 * i1;
    const ax = x[3 * i2] - x[o];
    const ay = x[3 * i2 + 1] - x[o + 1];
    const az = x[3 * i2 + 2] - x[o + 2];
    const bx = x[3 * i3] - x[o];
    const by = x[3 * i3 + 1] - x[o + 1];
    const bz = x[3 * i3 + 2] - x[o + 2];
    const cx = ay * bz - az * by;
    const cy = az * bx - ax * bz;
    const cz = ax * by - ay * bx;
    const len = Math.sqrt(cx * cx + cy * cy + cz * cz);
    if (g !== null && len > 1e-14) {
      const s = 0.5 / len;
      const nx = cx * s;
      const ny = cy * s;
      const nz = cz * s; // ½ n̂
      g[3] = by * nz - bz * ny;
      g[4] = bz * nx - bx * nz;
      g[5] = bx * ny - by * nx;
      g[6] = ny * az - nz * ay;
      g[7] = nz * ax - nx * az;
      g[8] = nx * ay - ny * ax;
      g[0] = -g[3] - g[6];
      g[1] = -g[4] - g[7];
      g[2] = -g[5] - g[8];
    }
    return 0.5 * len;
  }

  particlesOf(c: number, out: number[]): number {
    out[0] = this.ids[3 * c];
    out[1] = this.ids[3 * c + 1];
    out[2] = this.ids[3 * c + 2];
    return 3;
  }

  resetLambda(): void {
    this.lambda.fill(0, 0, this.n);
  }

  solve(ctx: SolveContext, order: Int32Array | null, start: number, end: number): void {
    const w = ctx.invMass;
    const g = this.g;
    for (let k = start; k < end; k++) {
      const c = order === null ? k : order[k];
      const i1 = this.ids[3 * c];
      const i2 = this.ids[3 * c + 1];
      const i3 = this.ids[3 * c + 2];
      const A = this.area(ctx.x, i1, i2, i3, g);
      if (A < 1e-14) continue; // collapsed: ∇C undefined
      const C = A - this.rest[c];
      const at = this.compliance[c] * ctx.alphaScale;
      const j = ctx.jacobi;
      const deg = ctx.degree;
      const den =
        (j ? w[i1] * deg[i1] : w[i1]) * (g[0] * g[0] + g[1] * g[1] + g[2] * g[2]) +
        (j ? w[i2] * deg[i2] : w[i2]) * (g[3] * g[3] + g[4] * g[4] + g[5] * g[5]) +
        (j ? w[i3] * deg[i3] : w[i3]) * (g[6] * g[6] + g[7] * g[7] + g[8] * g[8]) +
        at;
      if (den < 1e-14) continue;
      const dl = (-C - at * this.lambda[c]) / den;
      this.lambda[c] += dl;
      applyCorrection(ctx.dx, 3 * i1, w[i1] * dl, g, 0);
      applyCorrection(ctx.dx, 3 * i2, w[i2] * dl, g, 3);
      applyCorrection(ctx.dx, 3 * i3, w[i3] * dl, g, 6);
    }
  }

  energy(x: Float64Array): number {
    let e = 0;
    for (let c = 0; c < this.n; c++) {
      if (this.compliance[c] <= 0) continue;
      const C = this.area(x, this.ids[3 * c], this.ids[3 * c + 1], this.ids[3 * c + 2], null) - this.rest[c];
      e += (0.5 * C * C) / this.compliance[c];
    }
    return e;
  }

  private grow(): void {
    const cap = 2 * this.rest.length;
    const ids = new Int32Array(3 * cap);
    ids.set(this.ids);
    this.ids = ids;
    for (const key of ['rest', 'compliance', 'lambda'] as const) {
      const a = new Float64Array(cap);
      a.set(this[key]);
      this[key] = a;
    }
  }
}
