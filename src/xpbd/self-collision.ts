/** Particle–particle self-collision through a hash grid (textbook §26.3). */
import { assertFinite, PhysicsError } from '../core/errors.js';
import { ParticleHashGrid } from '../spatial/hash-grid.js';
import type { ConstraintSet, SolveContext } from './constraint.js';
import type { Particles } from './particles.js';

export interface SelfCollisionOptions {
  /** particle radius r: two particles keep at least 2r apart */
  radius: number;
  /** particles first .. first+count−1 collide with each other (default: all) */
  first?: number;
  count?: number;
  /** most neighbours kept per particle (default 32) */
  maxNeighbors?: number;
}

/**
 * Particle–particle self-collision (textbook §26.3 "自己衝突"): inequality constraints
 * C = |x_i − x_j| − 2r ≥ 0 between particles closer than 2r, found through a hash grid
 * (src/spatial/hash-grid.ts) once per substep. Pairs that are closer than 2r in the rest state
 * (mesh neighbours) are skipped, so self-collision never fights the cloth's own constraints.
 * The constraint of index c is particle c's list of neighbours j > c (Gauss–Seidel order); in the
 * Jacobi order corrections are averaged per particle (ctx.counts).
 */
export class SelfCollisionSet implements ConstraintSet {
  readonly kind = 'self-collision';
  readonly radius: number;
  readonly first: number;
  private readonly fixedCount: number;
  private readonly grid: ParticleHashGrid;
  private rest: Float64Array;
  private neighborStart = new Int32Array(1);
  private neighbors = new Int32Array(0);
  private readonly found: Int32Array;
  /** pairs found in the last substep */
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
    const n = this.size();
    this.grid = new ParticleHashGrid(2 * this.radius, Math.max(1024, 2 * n));
    this.found = new Int32Array(options.maxNeighbors ?? 32);
    // rest positions: pairs already within 2r at rest are not collisions
    this.rest = particles.x.slice(3 * this.first, 3 * (this.first + n));
  }

  size(): number {
    return this.fixedCount >= 0 ? this.fixedCount : Math.max(0, this.particles.count - this.first);
  }

  particlesOf(c: number, out: number[]): number {
    out[0] = this.first + c;
    return 1;
  }

  /** Once per substep: rebuild the grid and the neighbour lists from the predicted positions. */
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
    const x = this.particles.x;
    this.grid.build(x, this.first, n);
    if (this.neighborStart.length < n + 1) this.neighborStart = new Int32Array(n + 1);
    const d = 2 * this.radius;
    const d2 = d * d;
    let m = 0;
    for (let c = 0; c < n; c++) {
      this.neighborStart[c] = m;
      const i = this.first + c;
      const k = this.grid.query(x, x[3 * i], x[3 * i + 1], x[3 * i + 2], d, this.found);
      for (let q = 0; q < k; q++) {
        const j = this.found[q];
        if (j <= i) continue; // each pair once, from its lower id
        const cj = j - this.first;
        const rr =
          (this.rest[3 * c] - this.rest[3 * cj]) ** 2 +
          (this.rest[3 * c + 1] - this.rest[3 * cj + 1]) ** 2 +
          (this.rest[3 * c + 2] - this.rest[3 * cj + 2]) ** 2;
        if (rr < d2) continue; // neighbours in the rest state
        if (m === this.neighbors.length) {
          const g = new Int32Array(Math.max(64, 2 * m));
          g.set(this.neighbors);
          this.neighbors = g;
        }
        this.neighbors[m++] = j;
      }
    }
    this.neighborStart[n] = m;
    this.pairs = m;
  }

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
