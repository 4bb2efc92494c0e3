/** Storage shared by scalar constraints over a fixed number of particles. */
import type { Coloring, ConstraintSet, SolveContext } from './constraint.js';
import { checkNonNegative } from './distance.js';
import { grown } from './particles.js';

/**
 * Storage shared by the scalar constraints over a fixed number of particles — triangle area (3),
 * tetrahedron volume (4), dihedral bending (4): particle ids, rest value, compliance α and the
 * multiplier λ per constraint in typed arrays that grow by doubling, λ reset once per substep
 * (Macklin et al. 2019), and the elastic energy ½C²/α. A subclass computes C and ∇C and hands them to
 * `xpbdUpdate` (xpbd-update.ts) — the generic XPBD update of Macklin, Müller, Chentanez 2016, where
 * only C and its gradient change from one constraint kind to the next.
 */
export abstract class ElementConstraintSet implements ConstraintSet {
  abstract readonly kind: string;
  coloring?: Coloring;
  protected n = 0;
  /** particle ids, `nodes` per constraint */
  ids: Int32Array;
  /** rest value of C's measure (area, volume, angle) */
  rest: Float64Array;
  /** compliance α */
  compliance: Float64Array;
  /** accumulated Lagrange multiplier λ */
  lambda: Float64Array;
  /** gradient scratch, 3 per particle */
  protected readonly g: Float64Array;

  constructor(
    protected readonly nodes: number,
    readonly defaultCompliance: number,
    name: string,
  ) {
    checkNonNegative(defaultCompliance, `${name}.compliance`);
    this.ids = new Int32Array(16 * nodes);
    this.rest = new Float64Array(16);
    this.compliance = new Float64Array(16);
    this.lambda = new Float64Array(16);
    this.g = new Float64Array(3 * nodes);
  }

  size(): number {
    return this.n;
  }

  particlesOf(c: number, out: number[]): number {
    const m = this.nodes;
    for (let k = 0; k < m; k++) out[k] = this.ids[m * c + k];
    return m;
  }

  resetLambda(): void {
    this.lambda.fill(0, 0, this.n);
  }

  abstract solve(ctx: SolveContext, order: Int32Array | null, start: number, end: number): void;

  /** The measure (area, volume, angle) of constraint c at positions x; NaN when degenerate. */
  protected abstract measure(x: Float64Array, c: number): number;

  /** Elastic energy Σ ½ C²/α of the compliant constraints. */
  energy(x: Float64Array): number {
    let e = 0;
    for (let c = 0; c < this.n; c++) {
      const alpha = this.compliance[c];
      if (alpha <= 0) continue;
      const m = this.measure(x, c);
      if (Number.isNaN(m)) continue;
      const C = m - this.rest[c];
      e += (0.5 * C * C) / alpha;
    }
    return e;
  }

  /** Stores a validated constraint (compliance defaults to the set's) and returns its index. */
  protected store(list: number[], rest: number, compliance: number | undefined, where: string): number {
    const c = this.n;
    const alpha = compliance ?? this.defaultCompliance;
    checkNonNegative(alpha, `${where}.compliance`);
    if (c === this.rest.length) this.grow();
    this.ids.set(list, this.nodes * c);
    this.rest[c] = rest;
    this.compliance[c] = alpha;
    this.lambda[c] = 0;
    this.n = c + 1;
    this.coloring = undefined;
    return c;
  }

  private grow(): void {
    const cap = 2 * this.rest.length;
    this.ids = grown(this.ids, this.nodes * cap);
    this.rest = grown(this.rest, cap);
    this.compliance = grown(this.compliance, cap);
    this.lambda = grown(this.lambda, cap);
  }
}
