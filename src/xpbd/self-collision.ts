/** Particle–particle self-collision through the shared neighbour search (textbook §26.3). */
import { assertFinite, PhysicsError } from '../core/errors.js';
import { NeighborSearch } from '../spatial/neighbor-search.js';
import type { ConstraintSet, SolveContext } from './constraint.js';
import type { Particles } from './particles.js';

/** Options of a {@link SelfCollisionSet}. */
export interface SelfCollisionOptions {
  /** particle radius r: two particles keep at least 2r apart */
  radius: number;
  /** particles first .. first+count−1 collide with each other (default: all) */
  first?: number;
  /** how many particles collide (default: all from `first`) */
  count?: number;
  /** most pairs kept per particle (default: no limit) */
  maxNeighbors?: number;
  /**
   * Verlet skin of the pair lists (default 2r): pairs within 2r + skin are listed, and the lists are
   * rebuilt only when a particle has moved more than skin/2 since the last build
   */
  skin?: number;
  /**
   * optional speed limit, m/s: after each substep's velocity update no particle of the set moves
   * faster (Ten Minute Physics' self-collision cloth keeps 0.2 thickness per substep); default none
   */
  maxSpeed?: number;
}

/**
 * Particle–particle self-collision (textbook §26.3 "自己衝突"): inequality constraints
 * C = |x_i − x_j| − 2r ≥ 0 between particles closer than 2r. The candidate pairs come from the
 * shared neighbour search (src/spatial/neighbor-search.ts) with a Verlet skin: every pair within
 * 2r + skin is listed, and the list is rebuilt only when some particle has moved more than skin/2
 * since the last build (a travel bound), so a pair that comes into contact within the skin is
 * already listed — not rebuilt blindly every substep. Pairs that are closer than 2r in the rest
 * state (mesh neighbours) are skipped, so self-collision never fights the cloth's own constraints.
 * The constraint of index c is particle c's list of neighbours j > c (Gauss–Seidel order); in the
 * Jacobi order corrections are averaged per particle (ctx.counts).
 */
export class SelfCollisionSet implements ConstraintSet {
  /** the set's kind */
  readonly kind = 'self-collision';
  /** particle radius r */
  readonly radius: number;
  /** first colliding particle */
  readonly first: number;
  /** the neighbour search (radius 2r, the given skin) */
  readonly search: NeighborSearch;
  private readonly fixedCount: number;
  private readonly maxPerParticle: number;
  private readonly maxSpeed: number;
  private rest: Float64Array;
  private neighborStart = new Int32Array(1);
  private neighbors = new Int32Array(0);
  /** pairs in the current list (within 2r + skin at its build) */
  pairs = 0;

  constructor(
    private readonly particles: Particles,
    options: SelfCollisionOptions,
  ) {
    this.radius = assertFinite(options.radius, 'selfCollision.radius');
    if (this.radius <= 0)
      throw new PhysicsError('invalid-argument', `selfCollision.radius: must be > 0, got ${this.radius}`);
    this.first = options.first ?? 0;
    this.fixedCount = options.count ?? -1;
    const cap = options.maxNeighbors ?? -1;
    if (cap !== -1 && (!Number.isInteger(cap) || cap < 1)) {
      throw new PhysicsError(
        'invalid-argument',
        `selfCollision.maxNeighbors: must be an integer >= 1, got ${cap}`,
      );
    }
    this.maxPerParticle = cap === -1 ? 0x7fffffff : cap;
    const skin = assertFinite(options.skin ?? 2 * this.radius, 'selfCollision.skin');
    if (skin < 0) throw new PhysicsError('invalid-argument', `selfCollision.skin: must be >= 0, got ${skin}`);
    this.search = new NeighborSearch({ dim: 3, radius: 2 * this.radius, skin });
    this.maxSpeed = assertFinite(options.maxSpeed ?? 0, 'selfCollision.maxSpeed');
    if (this.maxSpeed < 0) {
      throw new PhysicsError(
        'invalid-argument',
        `selfCollision.maxSpeed: must be >= 0, got ${this.maxSpeed}`,
      );
    }
    if (this.maxSpeed === 0) this.velocityPass = undefined;
    const n = this.size();
    // rest positions: pairs already within 2r at rest are not collisions
    this.rest = particles.x.slice(3 * this.first, 3 * (this.first + n));
  }

  /** Number of constraints: one per colliding particle. */
  size(): number {
    return this.fixedCount >= 0 ? this.fixedCount : Math.max(0, this.particles.count - this.first);
  }

  /** Constraint c is particle first + c with its pairs. */
  particlesOf(c: number, out: number[]): number {
    out[0] = this.first + c;
    return 1;
  }

  /**
   * Once per substep: refresh the neighbour search on the predicted positions; only when it rebuilt
   * (a particle passed the travel bound, or the particle count changed) are the pair lists rewritten.
   */
  resetLambda(): void {
    const n = this.size();
    if (this.rest.length < 3 * n) {
      const r = new Float64Array(3 * n);
      r.set(this.rest);
      r.set(
        this.particles.x.subarray(3 * (this.first + this.rest.length / 3), 3 * (this.first + n)),
        this.rest.length,
      );
      this.rest = r;
    }
    if (!this.search.update(this.particles.x, this.first, n)) return;
    if (this.neighborStart.length < n + 1) this.neighborStart = new Int32Array(n + 1);
    const d = 2 * this.radius;
    const d2 = d * d;
    const off = this.search.offsets;
    const found = this.search.neighbors;
    const rest = this.rest;
    if (this.neighbors.length < this.search.listed) this.neighbors = new Int32Array(this.search.listed);
    const out = this.neighbors;
    const cap = this.maxPerParticle;
    let m = 0;
    for (let c = 0; c < n; c++) {
      this.neighborStart[c] = m;
      const limit = m + cap;
      for (let e = off[c]; e < off[c + 1] && m < limit; e++) {
        const cj = found[e];
        if (cj <= c) continue; // each pair once, from its lower id
        const ex = rest[3 * c] - rest[3 * cj];
        const ey = rest[3 * c + 1] - rest[3 * cj + 1];
        const ez = rest[3 * c + 2] - rest[3 * cj + 2];
        if (ex * ex + ey * ey + ez * ez < d2) continue; // neighbours in the rest state
        out[m++] = this.first + cj;
      }
    }
    this.neighborStart[n] = m;
    this.pairs = m;
  }

  /** The speed limit (only when `maxSpeed` is set): v ← v · min(1, maxSpeed/|v|). */
  velocityPass?: (ctx: SolveContext) => void = (ctx: SolveContext): void => {
    const v = ctx.v;
    const vmax = this.maxSpeed;
    const v2max = vmax * vmax;
    const end = this.first + this.size();
    for (let i = this.first; i < end; i++) {
      const a = 3 * i;
      const s2 = v[a] * v[a] + v[a + 1] * v[a + 1] + v[a + 2] * v[a + 2];
      if (s2 <= v2max) continue;
      const k = vmax / Math.sqrt(s2);
      v[a] *= k;
      v[a + 1] *= k;
      v[a + 2] *= k;
    }
  };

  /** One pass over the pairs of particles start .. end−1: push every pair closer than 2r apart. */
  solve(ctx: SolveContext, order: Int32Array | null, start: number, end: number): void {
    const x = ctx.x;
    const dx = ctx.dx;
    const w = ctx.invMass;
    const d = 2 * this.radius;
    for (let k = start; k < end; k++) {
      const c = order === null ? k : order[k];
      const i = this.first + c;
      for (let e = this.neighborStart[c]; e < this.neighborStart[c + 1]; e++) {
        const j = this.neighbors[e];
        const wi = w[i];
        const wj = w[j];
        const ws = wi + wj;
        if (ws === 0) continue;
        const a = 3 * i;
        const b = 3 * j;
        const ex = x[a] - x[b];
        const ey = x[a + 1] - x[b + 1];
        const ez = x[a + 2] - x[b + 2];
        const len = Math.sqrt(ex * ex + ey * ey + ez * ez);
        if (len >= d || len < 1e-12) continue; // separated, or direction undefined
        const s = (d - len) / (ws * len); // −C/(w_i + w_j), along (x_i − x_j)/len
        dx[a] += wi * s * ex;
        dx[a + 1] += wi * s * ey;
        dx[a + 2] += wi * s * ez;
        dx[b] -= wj * s * ex;
        dx[b + 1] -= wj * s * ey;
        dx[b + 2] -= wj * s * ez;
        if (ctx.jacobi) {
          ctx.counts[i]++;
          ctx.counts[j]++;
        }
      }
    }
  }
}
