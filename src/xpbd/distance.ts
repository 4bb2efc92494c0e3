/** Distance constraints (equal, max, min) and their XPBD kernels. */
import { assertFinite, PhysicsError } from '../core/errors.js';
import type { Coloring, ConstraintSet, SolveContext } from './constraint.js';
import { grown, type Particles } from './particles.js';
import { pbdStiffness, StiffnessCorrection } from './stiffness.js';

/** 'equal': C = |p1 − p2| − d = 0; 'max': |p1 − p2| ≤ d (strain limit, tether); 'min': |p1 − p2| ≥ d. */
export type DistanceMode = 'equal' | 'max' | 'min';

/** Options of a {@link DistanceSet}: equality or inequality, and the defaults of added constraints (compliance, damping, PBD stiffness). */
export interface DistanceSetOptions {
  /** equality (default) or one of the inequalities */
  mode?: DistanceMode;
  /** default compliance α in m/N for added constraints (0 = rigid, the PBD case) */
  compliance?: number;
  /**
   * constraint damping β (Macklin, Müller, Chentanez 2016, XPBD paper eq. 25): a damping force −β ∇C ∇Cᵀ v, so β is in
   * N·s/m for a distance (critical for one mass m on stiffness k: 2√(km)); 0 = none. Acts only on
   * compliant constraints (γ = α̃β̃/h vanishes with α).
   */
  damping?: number;
  /** classic PBD stiffness k ∈ [0, 1]; used only by the PBD integrator via k′ */
  stiffness?: number;
  /** the set's name in traces and errors (default 'distance') */
  kind?: string;
}

/**
 * Distance constraints C = |p1 − p2| − d (Müller et al. 2007; textbook §26.3 "距離拘束の射影"):
 * ∇_{p1}C = n̂ = (p1 − p2)/|p1 − p2|, ∇_{p2}C = −n̂, so Σ w|∇C|² = w1 + w2 and
 * Δλ = (−C − α̃λ) / (w1 + w2 + α̃), Δp1 = +w1 Δλ n̂, Δp2 = −w2 Δλ n̂.
 * With mode 'max' and d = 1.1·d0 it is Provot's strain limit (1995), an inequality projected only
 * while violated.
 */
export class DistanceSet implements ConstraintSet {
  readonly kind: string;
  /** equality or one of the inequalities */
  readonly mode: DistanceMode;
  /** constraint damping β, N·s/m */
  damping: number;
  /** classic PBD stiffness k in [0, 1] */
  stiffness: number;
  /** compliance α of constraints added without one, m/N */
  defaultCompliance: number;
  coloring?: Coloring;
  private n = 0;
  /** particle ids, 2 per constraint */
  ids: Int32Array;
  /** rest length d */
  rest: Float64Array;
  /** compliance α (m/N) */
  compliance: Float64Array;
  /** accumulated Lagrange multiplier λ */
  lambda: Float64Array;
  private readonly kPrime = new StiffnessCorrection();
  /** cached: the common compliance, −1 if they differ, −2 unknown */
  private uniform = -2;

  constructor(options: DistanceSetOptions = {}, capacity = 16) {
    this.mode = options.mode ?? 'equal';
    this.kind = options.kind ?? (this.mode === 'equal' ? 'distance' : `distance-${this.mode}`);
    this.defaultCompliance = options.compliance ?? 0;
    this.damping = options.damping ?? 0;
    this.stiffness = options.stiffness ?? 1;
    checkNonNegative(this.defaultCompliance, `${this.kind}.compliance`);
    checkNonNegative(this.damping, `${this.kind}.damping`);
    pbdStiffness(this.stiffness, 1); // validates k
    const cap = Math.max(1, capacity);
    this.ids = new Int32Array(2 * cap);
    this.rest = new Float64Array(cap);
    this.compliance = new Float64Array(cap);
    this.lambda = new Float64Array(cap);
  }

  size(): number {
    return this.n;
  }

  /**
   * Adds a constraint between particles a and b. `rest` defaults to their current distance.
   * Throws for a zero rest length (equality), two pinned particles, or bad indices.
   */
  add(particles: Particles, a: number, b: number, rest?: number, compliance?: number): number {
    const c = this.n;
    const where = `${this.kind}[${c}]`;
    checkIndex(particles, a, `${where}.a`);
    checkIndex(particles, b, `${where}.b`);
    if (a === b)
      throw new PhysicsError('invalid-argument', `${where}: particles must differ, got ${a} twice`);
    const x = particles.x;
    const d =
      rest ??
      Math.sqrt(
        (x[3 * a] - x[3 * b]) ** 2 + (x[3 * a + 1] - x[3 * b + 1]) ** 2 + (x[3 * a + 2] - x[3 * b + 2]) ** 2,
      );
    assertFinite(d, `${where}.rest`);
    if (d < 0 || (this.mode !== 'min' && d <= 1e-12)) {
      throw new PhysicsError('degenerate-shape', `${where}.rest: rest length must be > 0, got ${d}`);
    }
    if (particles.invMass[a] === 0 && particles.invMass[b] === 0) {
      throw new PhysicsError(
        'invalid-argument',
        `${where}: both particles ${a} and ${b} are pinned (invMass 0)`,
      );
    }
    const alpha = compliance ?? this.defaultCompliance;
    checkNonNegative(alpha, `${where}.compliance`);
    if (c === this.rest.length) this.grow();
    this.ids[2 * c] = a;
    this.ids[2 * c + 1] = b;
    this.rest[c] = d;
    this.compliance[c] = alpha;
    this.lambda[c] = 0;
    this.n = c + 1;
    this.coloring = undefined;
    this.uniform = -2;
    return c;
  }

  /** Sets the compliance of constraint c (use this rather than writing `compliance` directly). */
  setCompliance(c: number, alpha: number): void {
    checkNonNegative(alpha, `${this.kind}[${c}].compliance`);
    this.compliance[c] = alpha;
    this.uniform = -2;
  }

  /** The common α when every constraint has the same one, else −1 (cached; `add`/`setCompliance` reset it). */
  private uniformCompliance(): number {
    if (this.uniform === -2) {
      const a = this.n > 0 ? this.compliance[0] : 0;
      this.uniform = a;
      for (let c = 1; c < this.n; c++) {
        if (this.compliance[c] !== a) {
          this.uniform = -1;
          break;
        }
      }
    }
    return this.uniform;
  }

  particlesOf(c: number, out: number[]): number {
    out[0] = this.ids[2 * c];
    out[1] = this.ids[2 * c + 1];
    return 2;
  }

  resetLambda(): void {
    this.lambda.fill(0, 0, this.n);
  }

  solve(ctx: SolveContext, order: Int32Array | null, start: number, end: number): void {
    const x = ctx.x;
    const dx = ctx.dx;
    const w = ctx.invMass;
    const prev = ctx.prev;
    const ids = this.ids;
    const rest = this.rest;
    const comp = this.compliance;
    const lam = this.lambda;
    const alphaScale = ctx.alphaScale;
    const jacobi = ctx.jacobi;
    const deg = ctx.degree;
    const mode = this.mode === 'equal' ? 0 : this.mode === 'max' ? 1 : 2;
    const beta = this.damping;
    const kp = ctx.pbd ? this.kPrime.of(this.stiffness, ctx.iterations) : 1;
    if (mode === 0 && !jacobi && order === null && (beta === 0 || alphaScale === 0)) {
      // the hot path (cloth, ropes): equality, Gauss–Seidel in storage order, no damping, one α
      const uniform = alphaScale === 0 ? 0 : this.uniformCompliance();
      if (uniform >= 0) {
        solveUniformGS(x, w, ids, rest, lam, uniform * alphaScale, kp, start, end);
        return;
      }
    }
    for (let k = start; k < end; k++) {
      const c = order === null ? k : order[k];
      const a = ids[2 * c];
      const b = ids[2 * c + 1];
      const wa = w[a];
      const wb = w[b];
      const ia = 3 * a;
      const ib = 3 * b;
      const ex = x[ia] - x[ib];
      const ey = x[ia + 1] - x[ib + 1];
      const ez = x[ia + 2] - x[ib + 2];
      const len = Math.sqrt(ex * ex + ey * ey + ez * ez);
      if (len < 1e-12) continue; // ∇C undefined
      const C = len - rest[c];
      if ((mode === 1 && C <= 0) || (mode === 2 && C >= 0)) continue; // inequality satisfied
      const inv = 1 / len;
      const nx = ex * inv;
      const ny = ey * inv;
      const nz = ez * inv;
      const alphaTilde = comp[c] * alphaScale;
      let num = -C - alphaTilde * lam[c];
      // Jacobi mass splitting: n_i w_i in the denominator (constraint.ts)
      const wsum = jacobi ? wa * deg[a] + wb * deg[b] : wa + wb;
      let den = wsum + alphaTilde;
      if (beta > 0 && alphaTilde > 0) {
        // γ = α̃ β̃ / h with β̃ = β h² (XPBD paper eq. 25)
        const gamma = alphaTilde * beta * ctx.h;
        const vrel =
          nx * (x[ia] - prev[ia] - x[ib] + prev[ib]) +
          ny * (x[ia + 1] - prev[ia + 1] - x[ib + 1] + prev[ib + 1]) +
          nz * (x[ia + 2] - prev[ia + 2] - x[ib + 2] + prev[ib + 2]);
        num -= gamma * vrel;
        den += gamma * wsum;
      }
      if (den < 1e-12) continue; // both pinned and rigid: nothing can move
      const dl = (kp * num) / den;
      lam[c] += dl;
      const sa = wa * dl;
      const sb = wb * dl;
      dx[ia] += sa * nx;
      dx[ia + 1] += sa * ny;
      dx[ia + 2] += sa * nz;
      dx[ib] -= sb * nx;
      dx[ib + 1] -= sb * ny;
      dx[ib + 2] -= sb * nz;
    }
  }

  energy(x: Float64Array): number {
    let e = 0;
    for (let c = 0; c < this.n; c++) {
      const alpha = this.compliance[c];
      if (alpha <= 0) continue;
      const a = 3 * this.ids[2 * c];
      const b = 3 * this.ids[2 * c + 1];
      const len = Math.sqrt((x[a] - x[b]) ** 2 + (x[a + 1] - x[b + 1]) ** 2 + (x[a + 2] - x[b + 2]) ** 2);
      let C = len - this.rest[c];
      if ((this.mode === 'max' && C < 0) || (this.mode === 'min' && C > 0)) C = 0;
      e += (0.5 * C * C) / alpha;
    }
    return e;
  }

  /** Largest relative stretch (|p1 − p2| − d)/d over the set (0 when empty). */
  maxStretch(x: Float64Array): number {
    let m = 0;
    for (let c = 0; c < this.n; c++) {
      const s = this.stretch(x, c);
      if (s > m) m = s;
    }
    return m;
  }

  /** Relative stretch of constraint c. */
  stretch(x: Float64Array, c: number): number {
    const a = 3 * this.ids[2 * c];
    const b = 3 * this.ids[2 * c + 1];
    const len = Math.sqrt((x[a] - x[b]) ** 2 + (x[a + 1] - x[b + 1]) ** 2 + (x[a + 2] - x[b + 2]) ** 2);
    return (len - this.rest[c]) / this.rest[c];
  }

  private grow(): void {
    const cap = 2 * this.rest.length;
    this.ids = grown(this.ids, 2 * cap);
    this.rest = grown(this.rest, cap);
    this.compliance = grown(this.compliance, cap);
    this.lambda = grown(this.lambda, cap);
  }
}

/**
 * The distance kernel for a set whose constraints share one compliance (α̃ a scalar; 0 for the rigid
 * PBD projection of textbook §26.3), in id order: the cloth benchmark's inner loop.
 * Δλ = (−C − α̃λ)/(w1 + w2 + α̃), Δx1 = +w1 Δλ n̂, Δx2 = −w2 Δλ n̂, with one division.
 */
function solveUniformGS(
  x: Float64Array,
  w: Float64Array,
  ids: Int32Array,
  rest: Float64Array,
  lam: Float64Array,
  alphaTilde: number,
  kp: number,
  start: number,
  end: number,
): void {
  for (let c = start; c < end; c++) {
    const a = ids[2 * c];
    const b = ids[2 * c + 1];
    const wa = w[a];
    const wb = w[b];
    const ia = 3 * a;
    const ib = 3 * b;
    // what does not depend on the positions first, off the critical path: d − α̃λ and the denominator
    const den = wa + wb + alphaTilde;
    const l0 = lam[c];
    const r = rest[c] - alphaTilde * l0;
    const ex = x[ia] - x[ib];
    const ey = x[ia + 1] - x[ib + 1];
    const ez = x[ia + 2] - x[ib + 2];
    const len = Math.sqrt(ex * ex + ey * ey + ez * ez);
    if (len < 1e-12 || den < 1e-12) continue; // ∇C undefined / nothing can move
    // s = Δλ/len, so that Δx = w Δλ n̂ = s (w (x1 − x2)): one division
    const s = (kp * (r - len)) / (den * len);
    lam[c] = l0 + s * len;
    x[ia] += s * (wa * ex);
    x[ia + 1] += s * (wa * ey);
    x[ia + 2] += s * (wa * ez);
    x[ib] -= s * (wb * ex);
    x[ib + 1] -= s * (wb * ey);
    x[ib + 2] -= s * (wb * ez);
  }
}

/** Throws a PhysicsError naming `where` unless `i` is a live particle index of `particles`. */
export function checkIndex(particles: Particles, i: number, where: string): void {
  if (!Number.isInteger(i) || i < 0 || i >= particles.count) {
    throw new PhysicsError(
      'invalid-argument',
      `${where}: particle index must be in [0, ${particles.count}), got ${i}`,
    );
  }
}

/** Throws a PhysicsError naming `where` unless `v` is finite and ≥ 0. */
export function checkNonNegative(v: number, where: string): void {
  assertFinite(v, where);
  if (v < 0) throw new PhysicsError('invalid-argument', `${where}: must be >= 0, got ${v}`);
}
