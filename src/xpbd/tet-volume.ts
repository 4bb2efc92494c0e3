/** Tetrahedron volume constraints. */
import { PhysicsError } from '../core/errors.js';
import type { SolveContext } from './constraint.js';
import { checkIndex } from './distance.js';
import { ElementConstraintSet } from './element-constraint-set.js';
import type { Particles } from './particles.js';
import { xpbdUpdate } from './xpbd-update.js';

/**
 * Tetrahedron volume constraints C = V − V0 (Müller et al. 2007; as XPBD constraints: Macklin,
 * Müller, Chentanez 2016), with the signed volume
 * V = ⅙ (x2 − x1)·((x3 − x1) × (x4 − x1)) and
 *   ∇2 = ⅙ (x3 − x1) × (x4 − x1),  ∇3 = ⅙ (x4 − x1) × (x2 − x1),  ∇4 = ⅙ (x2 − x1) × (x3 − x1),
 *   ∇1 = −∇2 − ∇3 − ∇4.
 */
export class TetVolumeSet extends ElementConstraintSet {
  readonly kind = 'tet-volume';

  constructor(defaultCompliance = 0) {
    super(4, defaultCompliance, 'tet-volume');
  }

  /** Adds a volume constraint on tetrahedron (a, b, c, d) at its current volume; returns its index. */
  add(p: Particles, a: number, b: number, c: number, d: number, compliance?: number): number {
    const where = `tet-volume[${this.n}]`;
    [a, b, c, d].forEach((i, j) => {
      checkIndex(p, i, `${where}.x${j + 1}`);
    });
    if ([a, b, c, d].every((i) => p.invMass[i] === 0)) {
      throw new PhysicsError('invalid-argument', `${where}: all four particles are pinned (invMass 0)`);
    }
    const V = this.volume(p.x, a, b, c, d, null);
    if (!(Math.abs(V) > 1e-15)) throw new PhysicsError('degenerate-shape', `${where}: rest volume is zero`);
    return this.store([a, b, c, d], V, compliance, where);
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

  solve(ctx: SolveContext, order: Int32Array | null, start: number, end: number): void {
    const g = this.g;
    const ids = this.ids;
    for (let k = start; k < end; k++) {
      const c = order === null ? k : order[k];
      const i1 = ids[4 * c];
      const i2 = ids[4 * c + 1];
      const i3 = ids[4 * c + 2];
      const i4 = ids[4 * c + 3];
      const C = this.volume(ctx.x, i1, i2, i3, i4, g) - this.rest[c];
      // a flat tetrahedron has all gradients zero: nothing to do
      xpbdUpdate(ctx, ids, 4 * c, 4, g, C, this.compliance[c], this.lambda, c, 1, 1e-20);
    }
  }

  protected measure(x: Float64Array, c: number): number {
    const ids = this.ids;
    return this.volume(x, ids[4 * c], ids[4 * c + 1], ids[4 * c + 2], ids[4 * c + 3], null);
  }
}
