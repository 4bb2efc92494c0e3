/** Meshless shape matching (Müller, Heidelberger, Teschner, Gross 2005) as a constraint set. */
import { assertFinite, PhysicsError } from '../core/errors.js';
import * as mat22 from '../math/mat22.js';
import * as mat33 from '../math/mat33.js';
import { rotation3 } from '../math/rotation-extraction.js';
import type { Coloring, ConstraintSet, SolveContext } from './constraint.js';
import type { Particles } from './particles.js';
import { nthRoot, pbdStiffness } from './stiffness.js';

/**
 * Shape matching (Müller, Heidelberger, Teschner, Gross, "Meshless Deformations Based on Shape
 * Matching", SIGGRAPH 2005; §26.3 シェイプマッチング). No mesh: each cluster remembers its rest
 * offsets q_i − c_0; every solve finds the rigid motion that best maps them onto the current x_i,
 *   c = Σ m_i x_i / Σ m_i,   A = Σ_i m_i (x_i − c)(q_i − c_0)ᵀ,   A = R S,   g_i = R (q_i − c_0) + c,
 * and pulls each particle the fraction α of the way to its goal g_i.
 *   - 'rigid': R is the rotational part of A (2D: θ = atan2(A21 − A12, A11 + A22)).
 *   - 'linear': the whole linear map A·A_qq⁻¹ (A_qq = Σ m (q − c_0)(q − c_0)ᵀ) divided by
 *     det^(1/d) so volume is kept, blended as β·linear + (1 − β)·R — stretching becomes possible.
 *   - several overlapping clusters: every particle moves towards the average of its clusters' goals,
 *     which gives local wobble ("重なり合うクラスタに分けると局所的な揺れが出ます").
 *
 * Storage: particle positions in a flat Float64Array with `stride` numbers per particle (x, y[, z]);
 * the matching itself runs in `dim` = 2 (x, y) or 3 dimensions. Clusters are stored CSR-style
 * (`clusterStart`, `members`), and nothing is allocated per solve.
 *
 * As an XPBD `ConstraintSet` (one "constraint" per cluster) it is a position projection without
 * compliance: the fraction α is applied once per sweep (in classic PBD as k′ = 1 − (1 − α)^(1/n)),
 * so its stiffness depends on the substep count like PBD's. In every solver order the clusters of
 * a sweep read the same positions and each particle moves to the average of its goals (Müller's
 * overlapping-cluster rule), which makes Gauss–Seidel, Jacobi and coloured orders agree.
 */
export type ShapeMatchingMode = 'rigid' | 'linear';

/** Options of a shape-matching set (Müller et al. 2005): dimension, mode (rigid or linear) and stiffness. */
export interface ShapeMatchingOptions {
  /** 2 or 3: the dimensions matched (2 uses x, y only) */
  dim: 2 | 3;
  /** numbers per particle in the position array (default: dim) */
  stride?: number;
  /** 'rigid' (default) or 'linear' */
  mode?: ShapeMatchingMode;
  /** linear mode: blend β between the rotation (0) and the volume-kept linear map (1); default 0.5 */
  beta?: number;
  /** fraction α ∈ [0, 1] of the way to the goal per solve (default 1) */
  stiffness?: number;
}

/** What one cluster's matching computed, for the workbook and tests (the trace callback's argument). */
export interface ShapeMatchingTrace {
  /** the cluster traced */
  cluster: number;
  /** current centre of mass c */
  centre: number[];
  /** the moment matrix A = Σ m (x − c)(q − c0)ᵀ, row-major */
  A: number[];
  /** the rotation R, row-major */
  R: number[];
  /** 2D: the angle θ of R, radians */
  theta: number;
  /** goal positions g_i of the cluster's members, flat (dim per member) */
  goals: number[];
}

/** Shape matching (Müller, Heidelberger, Teschner, Gross 2005): pulls the particles toward the best rigid (or linear) transform of their rest shape. */
export class ShapeMatching implements ConstraintSet {
  readonly kind = 'shape-matching';
  coloring?: Coloring;
  /** 2 or 3: the dimensions matched */
  readonly dim: 2 | 3;
  /** numbers per particle in the position array */
  readonly stride: number;
  /** 'rigid' (rotation only) or 'linear' (blended with the best linear map) */
  mode: ShapeMatchingMode;
  /** 'linear' mode: the blend β between the rotation and the linear map */
  beta: number;
  /** fraction of the way to the goal positions per iteration, in [0, 1] */
  stiffness: number;
  /** cluster k's members are members[clusterStart[k] .. clusterStart[k+1]) */
  readonly clusterStart: Int32Array;
  /** the particles of every cluster, cluster after cluster */
  readonly members: Int32Array;
  /** per membership: mass weight m_i / (number of clusters holding particle i) */
  readonly weight: Float64Array;
  /** per membership: rest offset q_i − c_0 (dim numbers) */
  readonly restOffset: Float64Array;
  /** per cluster: A_qq⁻¹ (dim² numbers) for the linear mode */
  readonly aqqInv: Float64Array;
  /** per cluster: warm-start quaternion (3D) */
  readonly quat: Float64Array;
  /** optional: called after each cluster's goals are computed (costs nothing when unset) */
  trace: ((t: ShapeMatchingTrace) => void) | undefined;

  // per-particle accumulators for overlapping clusters, and small scratch matrices
  private readonly goalSum: Float64Array;
  private readonly goalCount: Float64Array;
  private readonly A = new Float64Array(9);
  private readonly R = new Float64Array(9);
  private readonly T = new Float64Array(9);
  /** the linear map A·A_qq⁻¹ of the linear mode (every entry the mode reads is rewritten per cluster) */
  private readonly L = new Float64Array(9);
  private readonly c = new Float64Array(3);

  /**
   * @param rest rest positions (flat, `stride` per particle) — usually the initial positions
   * @param masses per-particle mass weights m_i (> 0; give pinned particles a large weight)
   * @param clusters lists of particle indices, one per cluster (clusters may overlap)
   */
  constructor(
    rest: ArrayLike<number>,
    masses: ArrayLike<number>,
    clusters: readonly (readonly number[])[],
    options: ShapeMatchingOptions,
  ) {
    const d = options.dim;
    if (d !== 2 && d !== 3)
      throw new PhysicsError('invalid-argument', `shapeMatching.dim: must be 2 or 3, got ${d}`);
    this.dim = d;
    this.stride = options.stride ?? d;
    this.mode = options.mode ?? 'rigid';
    this.beta = options.beta ?? 0.5;
    this.stiffness = options.stiffness ?? 1;
    this.trace = undefined;
    const nParticles = Math.floor(rest.length / this.stride);
    if (clusters.length === 0)
      throw new PhysicsError('invalid-argument', 'shapeMatching.clusters: must not be empty');
    let total = 0;
    for (const cl of clusters) total += cl.length;
    this.clusterStart = new Int32Array(clusters.length + 1);
    this.members = new Int32Array(total);
    this.weight = new Float64Array(total);
    this.restOffset = new Float64Array(total * d);
    this.aqqInv = new Float64Array(clusters.length * d * d);
    this.quat = new Float64Array(clusters.length * 4);
    let maxId = -1;
    for (const cl of clusters) for (const p of cl) maxId = Math.max(maxId, p);
    this.goalSum = new Float64Array((maxId + 1) * d);
    this.goalCount = new Float64Array(maxId + 1);
    // a particle in c clusters lends each of them the mass m_i / c: then every cluster's correction
    // Σ (m_i/c_i)(g_i − x_i) = 0 and the averaged corrections keep the body's momentum exactly
    const memberships = new Float64Array(Math.max(0, maxId + 1));
    for (const cl of clusters) for (const p of cl) if (p >= 0 && p <= maxId) memberships[p]! += 1;
    let m = 0;
    for (let k = 0; k < clusters.length; k++) {
      const cl = clusters[k]!;
      if (cl.length < d) {
        throw new PhysicsError(
          'invalid-argument',
          `shapeMatching.clusters[${k}]: needs at least ${d} particles, got ${cl.length}`,
        );
      }
      this.clusterStart[k] = m;
      this.quat[k * 4] = 1;
      // rest centre of mass c_0
      const c0 = [0, 0, 0];
      let msum = 0;
      for (let j = 0; j < cl.length; j++) {
        const p = cl[j]!;
        if (!Number.isInteger(p) || p < 0 || p >= nParticles) {
          throw new PhysicsError(
            'invalid-argument',
            `shapeMatching.clusters[${k}][${j}]: particle index ${p} out of range [0, ${nParticles})`,
          );
        }
        const mp = assertFinite(masses[p]!, `shapeMatching.masses[${p}]`);
        if (!(mp > 0))
          throw new PhysicsError('invalid-argument', `shapeMatching.masses[${p}]: must be > 0, got ${mp}`);
        const w = mp / memberships[p]!;
        for (let a = 0; a < d; a++)
          c0[a]! += w * assertFinite(rest[p * this.stride + a]!, `shapeMatching.rest[${p}]`);
        msum += w;
      }
      for (let a = 0; a < d; a++) c0[a]! /= msum;
      const aqq = [0, 0, 0, 0, 0, 0, 0, 0, 0];
      for (let j = 0; j < cl.length; j++, m++) {
        const p = cl[j]!;
        const w = masses[p]! / memberships[p]!;
        this.members[m] = p;
        this.weight[m] = w;
        for (let a = 0; a < d; a++) this.restOffset[m * d + a] = rest[p * this.stride + a]! - c0[a]!;
        for (let r = 0; r < d; r++) {
          for (let c = 0; c < d; c++)
            aqq[r * d + c]! += w * this.restOffset[m * d + r]! * this.restOffset[m * d + c]!;
        }
      }
      // A_qq⁻¹ (only the linear mode needs it; a flat cluster has none and falls back to rigid)
      const o = k * d * d;
      if (d === 2) {
        const det = mat22.det(aqq, 0);
        if (Math.abs(det) > 1e-14) {
          this.aqqInv[o] = aqq[3]! / det;
          this.aqqInv[o + 1] = -aqq[1]! / det;
          this.aqqInv[o + 2] = -aqq[2]! / det;
          this.aqqInv[o + 3] = aqq[0]! / det;
        }
      } else {
        const tmp = new Float64Array(9);
        const det = mat33.invert(tmp, 0, aqq, 0);
        if (Math.abs(det) > 1e-14) this.aqqInv.set(tmp, o);
      }
    }
    this.clusterStart[clusters.length] = m;
  }

  /**
   * Shape matching over the particles of an XPBD world: rest shape = current positions, mass
   * weights m_i = 1/w_i, pinned particles (w_i = 0) weighted 10⁶ × the heaviest free one so the
   * cluster's frame follows them.
   */
  static fromParticles(
    particles: Particles,
    clusters: readonly (readonly number[])[],
    options: Omit<ShapeMatchingOptions, 'stride'>,
  ): ShapeMatching {
    const n = particles.count;
    const masses = new Float64Array(n);
    let heaviest = 0;
    for (let i = 0; i < n; i++) {
      const w = particles.invMass[i]!;
      if (w > 0) heaviest = Math.max(heaviest, 1 / w);
    }
    for (let i = 0; i < n; i++) {
      const w = particles.invMass[i]!;
      masses[i] = w > 0 ? 1 / w : 1e6 * (heaviest > 0 ? heaviest : 1);
    }
    return new ShapeMatching(particles.x.subarray(0, 3 * n), masses, clusters, { ...options, stride: 3 });
  }

  /** Number of clusters. */
  get clusterCount(): number {
    return this.clusterStart.length - 1;
  }

  size(): number {
    return this.clusterCount;
  }

  particlesOf(c: number, out: number[]): number {
    const s0 = this.clusterStart[c]!;
    const s1 = this.clusterStart[c + 1]!;
    for (let m = s0; m < s1; m++) out[m - s0] = this.members[m]!;
    return s1 - s0;
  }

  resetLambda(): void {
    // no multipliers: shape matching is a plain (compliance-free) projection
  }

  /** ConstraintSet: clusters start..end−1 (in `order` if given) of one sweep. */
  solve(ctx: SolveContext, order: Int32Array | null, start: number, end: number): void {
    const alpha = ctx.pbd ? pbdStiffness(this.stiffness, ctx.iterations) : this.stiffness;
    this.projectRange(ctx.x, ctx.invMass, alpha, order, start, end, ctx.jacobi ? ctx.dx : null, ctx.counts);
  }

  /**
   * One shape-matching projection: computes every cluster's goals from the current positions `x`
   * and moves each particle with inverse mass w_i > 0 the fraction `stiffness` (α) of the way to the
   * average of its goals. Particles with w_i = 0 (pinned) stay.
   */
  project(x: Float64Array, invMass: ArrayLike<number>, stiffness = this.stiffness): void {
    this.projectRange(x, invMass, stiffness, null, 0, this.clusterCount, null, null);
  }

  private projectRange(
    x: Float64Array,
    invMass: ArrayLike<number>,
    stiffness: number,
    order: Int32Array | null,
    start: number,
    end: number,
    jacobiDx: Float64Array | null,
    counts: Float64Array | null,
  ): void {
    const d = this.dim;
    const st = this.stride;
    this.goalSum.fill(0);
    this.goalCount.fill(0);
    for (let k = start; k < end; k++) this.clusterGoals(order === null ? k : order[k]!, x, true);
    const n = this.goalCount.length;
    for (let p = 0; p < n; p++) {
      const cnt = this.goalCount[p]!;
      if (cnt === 0 || invMass[p] === 0) continue;
      for (let a = 0; a < d; a++) {
        const step = stiffness * (this.goalSum[p * d + a]! / cnt - x[p * st + a]!);
        if (jacobiDx) jacobiDx[p * st + a] = jacobiDx[p * st + a]! + step;
        else x[p * st + a] = x[p * st + a]! + step;
      }
      if (counts && jacobiDx) counts[p] = counts[p]! + 1;
    }
  }

  /**
   * Computes cluster k's goals g_i = T (q_i − c_0) + c. With `accumulate`, adds them into the
   * per-particle sums; otherwise writes them flat into `out` (dim numbers per member).
   * Returns the 2D angle θ of R (0 in 3D).
   */
  clusterGoals(k: number, x: ArrayLike<number>, accumulate: boolean, out?: Float64Array): number {
    const d = this.dim;
    const st = this.stride;
    const s0 = this.clusterStart[k]!;
    const s1 = this.clusterStart[k + 1]!;
    const { A, R, T, c } = this;
    // centre of mass c
    c[0] = c[1] = c[2] = 0;
    let msum = 0;
    for (let m = s0; m < s1; m++) {
      const p = this.members[m]! * st;
      const w = this.weight[m]!;
      for (let a = 0; a < d; a++) c[a] = c[a]! + w * x[p + a]!;
      msum += w;
    }
    for (let a = 0; a < d; a++) c[a] = c[a]! / msum;
    // A = Σ m (x − c)(q − c0)ᵀ
    A.fill(0);
    for (let m = s0; m < s1; m++) {
      const p = this.members[m]! * st;
      const w = this.weight[m]!;
      for (let r = 0; r < d; r++) {
        const xr = w * (x[p + r]! - c[r]!);
        for (let col = 0; col < d; col++)
          A[r * d + col] = A[r * d + col]! + xr * this.restOffset[m * d + col]!;
      }
    }
    let theta = 0;
    if (d === 2) theta = mat22.polar(R, 0, null, 0, A, 0);
    else rotation3(A, this.quat, k * 4, R);
    // T: R, or the blend β·(A A_qq⁻¹ / det^(1/d)) + (1 − β)·R
    const dd = d * d;
    for (let i = 0; i < dd; i++) T[i] = R[i]!;
    if (this.mode === 'linear') this.blendLinear(k, A, R, T);
    if (this.trace) this.emitTrace(k, theta);
    for (let m = s0; m < s1; m++) {
      const p = this.members[m]!;
      for (let r = 0; r < d; r++) {
        let g = c[r]!;
        for (let col = 0; col < d; col++) g += T[r * d + col]! * this.restOffset[m * d + col]!;
        if (accumulate) this.goalSum[p * d + r] = this.goalSum[p * d + r]! + g;
        else if (out) out[(m - s0) * d + r] = g;
      }
      if (accumulate) this.goalCount[p] = this.goalCount[p]! + 1;
    }
    return theta;
  }

  private blendLinear(k: number, A: Float64Array, R: Float64Array, T: Float64Array): void {
    const d = this.dim;
    const o = k * d * d;
    const L = this.L;
    let any = false;
    for (let r = 0; r < d; r++) {
      for (let col = 0; col < d; col++) {
        let s = 0;
        for (let j = 0; j < d; j++) s += A[r * d + j]! * this.aqqInv[o + j * d + col]!;
        L[r * d + col] = s;
        if (s !== 0) any = true;
      }
    }
    if (!any) return;
    const det = d === 2 ? mat22.det(L, 0) : mat33.det(L, 0);
    // keep volume: divide by det^(1/d); an inverted or flat map falls back to the rotation
    if (!(det > 1e-12)) return;
    const scale = 1 / (d === 2 ? Math.sqrt(det) : nthRoot(det, 3));
    const b = this.beta;
    for (let i = 0; i < d * d; i++) T[i] = b * L[i]! * scale + (1 - b) * R[i]!;
  }

  private emitTrace(k: number, theta: number): void {
    const d = this.dim;
    const s0 = this.clusterStart[k]!;
    const s1 = this.clusterStart[k + 1]!;
    const goals: number[] = [];
    for (let m = s0; m < s1; m++) {
      for (let r = 0; r < d; r++) {
        let g = this.c[r]!;
        for (let col = 0; col < d; col++) g += this.T[r * d + col]! * this.restOffset[m * d + col]!;
        goals.push(g);
      }
    }
    this.trace?.({
      cluster: k,
      centre: Array.from(this.c.subarray(0, d)),
      A: Array.from(this.A.subarray(0, d * d)),
      R: Array.from(this.R.subarray(0, d * d)),
      theta,
      goals,
    });
  }
}
