/** Triangle area constraints (textbook §26.3). */
import { PhysicsError } from '../core/errors.js';
import type { SolveContext } from './constraint.js';
import { checkIndex } from './distance.js';
import { ElementConstraintSet } from './element-constraint-set.js';
import type { Particles } from './particles.js';
import { xpbdUpdate } from './xpbd-update.js';

/**
 * Triangle area constraints C = A − A0 with A = ½|(x2 − x1) × (x3 − x1)| (textbook §26.3: shear by
 * "三角形の面積の拘束"). With a = x2 − x1, b = x3 − x1, n̂ = a × b/|a × b|:
 *   ∇2 = ½ b × n̂,  ∇3 = ½ n̂ × a,  ∇1 = −∇2 − ∇3.
 */
export class TriangleAreaSet extends ElementConstraintSet {
  readonly kind = 'area';

  constructor(defaultCompliance = 0) {
    super(3, defaultCompliance, 'area');
  }

  /** Adds an area constraint on triangle (a, b, c) (rest area: the current one by default); returns its index. */
  add(p: Particles, a: number, b: number, c: number, restArea?: number, compliance?: number): number {
    const where = `area[${this.n}]`;
    [a, b, c].forEach((i, j) => {
      checkIndex(p, i, `${where}.x${j + 1}`);
    });
    if (p.invMass[a] === 0 && p.invMass[b] === 0 && p.invMass[c] === 0) {
      throw new PhysicsError('invalid-argument', `${where}: all three particles are pinned (invMass 0)`);
    }
    const A = restArea ?? this.area(p.x, a, b, c, null);
    if (!(A > 1e-14))
      throw new PhysicsError('degenerate-shape', `${where}.rest: rest area must be > 0, got ${A}`);
    return this.store([a, b, c], A, compliance, where);
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

  solve(ctx: SolveContext, order: Int32Array | null, start: number, end: number): void {
    const g = this.g;
    for (let k = start; k < end; k++) {
      const c = order === null ? k : order[k];
      const i1 = this.ids[3 * c];
      const i2 = this.ids[3 * c + 1];
      const i3 = this.ids[3 * c + 2];
      const A = this.area(ctx.x, i1, i2, i3, g);
      if (A < 1e-14) continue; // collapsed: ∇C undefined
      const C = A - this.rest[c];
      xpbdUpdate(ctx, this.ids, 3 * c, 3, g, C, this.compliance[c], this.lambda, c, 1, 1e-14);
    }
  }

  protected measure(x: Float64Array, c: number): number {
    return this.area(x, this.ids[3 * c], this.ids[3 * c + 1], this.ids[3 * c + 2], null);
  }
}
