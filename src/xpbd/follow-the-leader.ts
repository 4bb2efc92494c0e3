/** Follow-the-leader hair strands (Müller, Kim, Chentanez 2012). */
import { PhysicsError } from '../core/errors.js';
import type { ConstraintSet, SolveContext } from './constraint.js';
import { checkIndex } from './distance.js';
import type { Particles } from './particles.js';

/**
 * Follow-the-leader hair (Müller, Kim, Chentanez, "Fast Simulation of Inextensible Hair and Fur",
 * VRIPHYS 2012; textbook §26.5 "髪"): one pass from root to tip moves each particle to exactly its
 * rest distance from the one before, x_i ← x_{i−1} + L_i (x_i − x_{i−1})/|x_i − x_{i−1}|, so the
 * strand never stretches. The bias this introduces is hidden by the velocity correction (DFTL):
 * v_i ← v_i − s_damping d_{i+1}/h, with d_{i+1} the correction applied to the next particle.
 * Put collision sets before this one so the lengths stay exact.
 */
export class FollowTheLeaderSet implements ConstraintSet {
  readonly kind = 'follow-the-leader';
  /** the DFTL velocity-correction factor s_damping ∈ [0, 1] (the paper uses 0.9) */
  velocityCorrection: number;
  private strands = 0;
  /** strand s owns particles ids[start[s] .. start[s+1]−1], root first */
  start = new Int32Array(9);
  /** the particles, strand after strand */
  ids = new Int32Array(64);
  /** rest distance of each particle to its leader, m */
  rest = new Float64Array(64);
  private corr = new Float64Array(0);

  constructor(options: { velocityCorrection?: number } = {}) {
    this.velocityCorrection = options.velocityCorrection ?? 0.9;
  }

  size(): number {
    return this.strands;
  }

  /** Adds a strand (root first); rest lengths are the current segment lengths. */
  addStrand(p: Particles, particles: number[]): number {
    const s = this.strands;
    const where = `hair[${s}]`;
    if (particles.length < 2)
      throw new PhysicsError('invalid-argument', `${where}: a strand needs >= 2 particles`);
    particles.forEach((i, k) => {
      checkIndex(p, i, `${where}.particles[${k}]`);
    });
    const base = this.start[s];
    const need = base + particles.length;
    if (need > this.ids.length) {
      let cap = this.ids.length;
      while (cap < need) cap *= 2;
      const ids = new Int32Array(cap);
      ids.set(this.ids);
      this.ids = ids;
      const rest = new Float64Array(cap);
      rest.set(this.rest);
      this.rest = rest;
    }
    if (s + 2 > this.start.length) {
      const st = new Int32Array(2 * this.start.length);
      st.set(this.start);
      this.start = st;
    }
    for (let k = 0; k < particles.length; k++) {
      this.ids[base + k] = particles[k];
      if (k > 0) {
        const [ax, ay, az] = p.position(particles[k - 1]);
        const [bx, by, bz] = p.position(particles[k]);
        const L = Math.sqrt((bx - ax) ** 2 + (by - ay) ** 2 + (bz - az) ** 2);
        if (!(L > 1e-12)) {
          throw new PhysicsError(
            'degenerate-shape',
            `${where}.segment[${k - 1}]: rest length must be > 0, got ${L}`,
          );
        }
        this.rest[base + k] = L;
      }
    }
    this.start[s + 1] = need;
    this.strands = s + 1;
    return s;
  }

  particlesOf(c: number, out: number[]): number {
    let m = 0;
    for (let k = this.start[c]; k < this.start[c + 1]; k++) out[m++] = this.ids[k];
    return m;
  }

  resetLambda(): void {
    const n = 3 * this.start[this.strands];
    if (this.corr.length < n) this.corr = new Float64Array(n);
    this.corr.fill(0, 0, n);
  }

  /** The root-to-tip pass; writes positions directly (it is sequential by nature in every order). */
  solve(ctx: SolveContext, order: Int32Array | null, start: number, end: number): void {
    const x = ctx.x;
    const ids = this.ids;
    const corr = this.corr;
    for (let k = start; k < end; k++) {
      const s = order === null ? k : order[k];
      for (let q = this.start[s] + 1; q < this.start[s + 1]; q++) {
        const a = 3 * ids[q - 1];
        const b = 3 * ids[q];
        if (ctx.invMass[ids[q]] === 0) continue;
        const ex = x[b] - x[a];
        const ey = x[b + 1] - x[a + 1];
        const ez = x[b + 2] - x[a + 2];
        const len = Math.sqrt(ex * ex + ey * ey + ez * ez);
        if (len < 1e-12) continue; // direction undefined: leave it for the next substep
        const f = this.rest[q] / len;
        const nx = x[a] + ex * f;
        const ny = x[a + 1] + ey * f;
        const nz = x[a + 2] + ez * f;
        corr[3 * q] += nx - x[b];
        corr[3 * q + 1] += ny - x[b + 1];
        corr[3 * q + 2] += nz - x[b + 2];
        x[b] = nx;
        x[b + 1] = ny;
        x[b + 2] = nz;
      }
    }
  }

  /** DFTL velocity correction v_i −= s d_{i+1}/h (not for the tip, which has no follower). */
  velocityPass(ctx: SolveContext): void {
    const v = ctx.v;
    const s = this.velocityCorrection / ctx.h;
    for (let st = 0; st < this.strands; st++) {
      for (let q = this.start[st] + 1; q + 1 < this.start[st + 1]; q++) {
        const i = 3 * this.ids[q];
        if (ctx.invMass[this.ids[q]] === 0) continue;
        v[i] -= s * this.corr[3 * (q + 1)];
        v[i + 1] -= s * this.corr[3 * (q + 1) + 1];
        v[i + 2] -= s * this.corr[3 * (q + 1) + 2];
      }
    }
  }

  /** Largest |segment length − rest| over all strands (0 after every solve). */
  maxLengthError(x: Float64Array): number {
    let m = 0;
    for (let st = 0; st < this.strands; st++) {
      for (let q = this.start[st] + 1; q < this.start[st + 1]; q++) {
        const a = 3 * this.ids[q - 1];
        const b = 3 * this.ids[q];
        const len = Math.sqrt((x[b] - x[a]) ** 2 + (x[b + 1] - x[a + 1]) ** 2 + (x[b + 2] - x[a + 2]) ** 2);
        m = Math.max(m, Math.abs(len - this.rest[q]));
      }
    }
    return m;
  }
}
