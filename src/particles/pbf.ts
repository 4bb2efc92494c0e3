/**
 * Position Based Fluids (Macklin & Müller 2013; textbook §26.4): a constraint set of the XPBD solver
 * (src/xpbd/solver.ts), so a liquid shares its substeps with cloth, ropes and rods. Per fluid particle
 * the density constraint C_i = ρ_i/ρ0 − 1 ≤ 0 (poly6 density, spiky gradients) with the relaxation ε
 * in λ_i = −C_i / (Σ_k |∇_k C_i|² + ε), the artificial pressure s_corr = −k (W(r)/W(Δq))ⁿ against
 * clustering, and after the velocity update XSPH viscosity and vorticity confinement. Every sweep is
 * Jacobi inside the set (all λ from the same positions), so a symmetric start stays symmetric.
 * The walls are boundary particles (Akinci et al. 2012, fluid-box.ts); the constraint is one-sided
 * (a free surface is not pulled together).
 */
import { PhysicsError } from '../core/errors.js';
import { checks } from '../core/validate.js';
import { NeighborSearch } from '../spatial/neighbor-search.js';
import type { ConstraintSet, SolveContext } from '../xpbd/constraint.js';
import type { Particles } from '../xpbd/particles.js';
import { FluidBox, type FluidBoxOptions } from './fluid-box.js';
import type { SphKernels } from './kernels.js';

const api = checks('invalid-argument', { nonFinite: 'non-finite' });

/** Options of a {@link PbfSet}. */
export interface PbfOptions extends FluidBoxOptions {
  /** relaxation ε as a fraction of a rest particle's Σ|∇C|² (default 0.01) */
  relaxation?: number;
  /** artificial pressure strength k (default 0.05; scaled so that s_corr = k acts like a constraint violated by k) */
  artificialPressure?: number;
  /** artificial pressure exponent n (default 4) */
  artificialPressureExponent?: number;
  /** artificial pressure reference distance Δq as a fraction of h (default 0.2) */
  artificialPressureRadius?: number;
  /** XSPH viscosity c: v_i += c Σ_j (m/ρ_j)(v_j − v_i) W_ij (default 0.01) */
  xsph?: number;
  /** vorticity confinement ε_v (default 0: off) */
  vorticity?: number;
}

/** The PBF density constraints over a contiguous range of the XPBD world's particles. */
export class PbfSet implements ConstraintSet {
  /** the set's kind */
  readonly kind = 'pbf';
  /** the box set-up */
  readonly box: FluidBox;
  /** the kernels */
  readonly kernels: SphKernels;
  /** fluid particle mass (inverse mass 1/m in the particle store) */
  readonly mass: number;
  /** the first particle of the fluid in the store */
  readonly first: number;
  /** number of fluid particles */
  count = 0;
  /** neighbour search over the fluid particles followed by the boundary particles */
  readonly neighbors: NeighborSearch;
  /** densities of the last sweep (fluid particles) */
  density = new Float64Array(0);
  /**
   * The sweeps work in a local order, the fluid particles sorted by grid cell (the neighbour search's
   * `order`) so that neighbours are near in memory; `perm[l]` is local particle l's fluid index,
   * `rank` the inverse. Boundary particles keep their places after the fluid (local n + b).
   */
  private perm = new Int32Array(0);
  private rank = new Int32Array(0);
  /** the neighbour-search build the permutation was taken from */
  private permBuild = -1;
  /** local order: densities, λ, Δx (3), and the positions (fluid, then boundary) */
  private rhoLocal = new Float64Array(0);
  private lambda = new Float64Array(0);
  private delta = new Float64Array(0);
  private local = new Float64Array(0);
  /** per local fluid particle: the density sum, ∇_i C_i (3) and Σ_j |∇_j C_i|² of a sweep */
  private sums = new Float64Array(0);
  private vtmp = new Float64Array(0);
  private omega = new Float64Array(0);
  /** positions in store order, fluid then boundary: the neighbour search's input */
  private all = new Float64Array(0);
  /**
   * The substep's pairs (CSR over local indices, each fluid pair once under its lower local index,
   * every fluid–boundary pair): those within h at the predicted positions of the substep's start, the
   * neighbourhoods Macklin & Müller 2013 find once per substep and keep through the iterations.
   */
  private pairOffsets = new Int32Array(1);
  private pairs = new Int32Array(0);
  /** per pair of the sweep: the spiky gradient factor ∇W/|x_ij| · m/ρ0 (0 beyond h) */
  private pairGrad = new Float64Array(0);
  /** per pair of the sweep: (h² − r²)³, poly6 without its constant (0 beyond h) */
  private pairW = new Float64Array(0);
  private readonly params: Float64Array;
  private readonly restGrad: number;

  constructor(
    private readonly particles: Particles,
    options: PbfOptions,
  ) {
    const where = 'pbf';
    this.box = new FluidBox(options, where);
    this.kernels = this.box.kernels;
    this.mass = this.box.particleMass('poly6');
    this.first = particles.count;
    const o = options as never;
    const eps = api.optNumber(o, 'relaxation', where, { min: 0 }) ?? 0.01;
    const k = api.optNumber(o, 'artificialPressure', where, { min: 0 }) ?? 0.05;
    const n = api.optNumber(o, 'artificialPressureExponent', where, { min: 1, integer: true }) ?? 4;
    const dq = api.optNumber(o, 'artificialPressureRadius', where, { above: 0, max: 1 }) ?? 0.2;
    const xsph = api.optNumber(o, 'xsph', where, { min: 0, max: 1 }) ?? 0.01;
    const vort = api.optNumber(o, 'vorticity', where, { min: 0 }) ?? 0;
    this.restGrad = this.restDenominator();
    const wq = this.kernels.poly6((dq * this.box.h) ** 2);
    // 0 ε (absolute), 1 k, 2 n, 3 1/W(Δq), 4 xsph, 5 vorticity
    this.params = Float64Array.of(eps * this.restGrad, k / this.restGrad, n, 1 / wq, xsph, vort);
    this.neighbors = new NeighborSearch({
      dim: this.box.dim,
      radius: this.box.h,
      skin: 0.5 * this.box.spacing,
    });
    this.ensure(0);
  }

  /** Σ_k |∇_k C_i|² of a particle of the rest lattice (the scale of ε and s_corr). */
  private restDenominator(): number {
    const b = this.box;
    const d = b.spacing;
    const n = Math.ceil(b.h / d);
    const c = this.mass / b.restDensity;
    const nz = b.dim === 3 ? n : 0;
    let gx = 0;
    let sq = 0;
    for (let a = -nz; a <= nz; a++) {
      for (let p = -n; p <= n; p++) {
        for (let q = -n; q <= n; q++) {
          const r = Math.sqrt(a * a + p * p + q * q) * d;
          const g = c * this.kernels.spikyGrad(r);
          gx += g * q * d; // the x component; it sums to 0 by symmetry
          sq += g * g * r * r;
        }
      }
    }
    return gx * gx + sq;
  }

  private ensure(n: number): void {
    const nb = this.box.boundaryCount;
    if (this.lambda.length >= n && this.all.length >= 3 * (n + nb)) return;
    const cap = Math.max(n, 2 * this.lambda.length, 64);
    this.lambda = new Float64Array(cap);
    this.rhoLocal = new Float64Array(cap);
    const d = new Float64Array(cap);
    d.set(this.density);
    this.density = d;
    this.delta = new Float64Array(3 * cap);
    this.sums = new Float64Array(5 * cap);
    this.vtmp = new Float64Array(3 * cap);
    this.omega = new Float64Array(3 * cap);
    this.perm = new Int32Array(cap);
    this.rank = new Int32Array(cap);
    this.permBuild = -1;
    this.all = new Float64Array(3 * (cap + nb));
    this.local = new Float64Array(3 * (cap + nb));
  }

  /**
   * Adds a fluid particle at rest (PhysicsError outside the domain). The fluid's particles must be
   * contiguous in the store: add them before anything else is added after the set was created.
   */
  addParticle(x: number, y: number, z = 0): number {
    const where = `pbf.particles[${this.count}]`;
    this.box.checkInside(x, y, z, where);
    if (this.particles.count !== this.first + this.count) {
      throw new PhysicsError(
        'invalid-argument',
        `${where}: the fluid's particles must be contiguous (expected store index ${this.first + this.count}, the store has ${this.particles.count}); add the fluid before other particles`,
      );
    }
    this.particles.add(x, y, this.box.dim === 3 ? z : 0, 1 / this.mass);
    this.ensure(this.count + 1);
    this.density[this.count] = this.box.restDensity;
    return this.count++;
  }

  /** Fills [min, max] with particles on the rest lattice; returns how many. */
  addBlock(min: number[], max: number[]): number {
    const d = this.box.spacing;
    const dim = this.box.dim;
    const n = [0, 0, 1];
    for (let k = 0; k < dim; k++) {
      const lo = api.number(min[k], `pbf.addBlock.min[${k}]`);
      const hi = api.number(max[k], `pbf.addBlock.max[${k}]`);
      n[k] = Math.max(0, Math.floor((hi - lo) / d + 1e-9));
    }
    let added = 0;
    for (let c = 0; c < n[2]; c++) {
      for (let b = 0; b < n[1]; b++) {
        for (let a = 0; a < n[0]; a++) {
          this.addParticle(
            min[0] + (a + 0.5) * d,
            min[1] + (b + 0.5) * d,
            dim === 3 ? min[2] + (c + 0.5) * d : 0,
          );
          added++;
        }
      }
    }
    return added;
  }

  /** One constraint per fluid particle. */
  size(): number {
    return this.count;
  }

  /** Constraint c is fluid particle c's density. */
  particlesOf(c: number, out: number[]): number {
    out[0] = this.first + c;
    return 1;
  }

  /** Once per substep: the neighbour lists of the predicted positions (rebuilt past the travel bound). */
  resetLambda(): void {
    const n = this.count;
    const nb = this.box.boundaryCount;
    const all = this.all;
    const x = this.particles.x;
    const o = 3 * this.first;
    for (let q = 0; q < 3 * n; q++) all[q] = x[o + q];
    if (this.neighbors.count !== n + nb) all.set(this.box.boundary, 3 * n);
    this.neighbors.update(all, 0, n + nb);
    if (this.neighbors.builds !== this.permBuild) this.sortByCell(n, nb);
    this.compactPairs(n);
  }

  /** The local order from the search's cell order (after each build), and the boundary's positions. */
  private sortByCell(n: number, nb: number): void {
    this.permBuild = this.neighbors.builds;
    const order = this.neighbors.order;
    const perm = this.perm;
    const rank = this.rank;
    let l = 0;
    for (let e = 0; e < n + nb; e++) {
      const i = order[e];
      if (i < n) {
        perm[l] = i;
        rank[i] = l++;
      }
    }
    this.local.set(this.box.boundary, 3 * n);
  }

  /**
   * The substep's pair list in local indices: each fluid pair within h once (under the lower local
   * index) and every fluid–boundary pair within h, from the search's lists (which hold every pair
   * within h while no particle travelled past the skin). Also gathers the local positions.
   */
  private compactPairs(n: number): void {
    const ns = this.neighbors;
    const off = ns.offsets;
    const nbr = ns.neighbors;
    if (this.pairOffsets.length < n + 1) {
      this.pairOffsets = new Int32Array(Math.max(n + 1, 2 * this.pairOffsets.length));
    }
    if (this.pairs.length < off[n]) {
      const cap = Math.max(off[n], 2 * this.pairs.length);
      this.pairs = new Int32Array(cap);
      this.pairGrad = new Float64Array(cap);
      this.pairW = new Float64Array(cap);
    }
    const po = this.pairOffsets;
    const pairs = this.pairs;
    const perm = this.perm;
    const rank = this.rank;
    const all = this.all;
    const loc = this.local;
    const h2 = this.kernels.h2;
    let w = 0;
    for (let l = 0; l < n; l++) {
      po[l] = w;
      const i = perm[l];
      const xi = all[3 * i];
      const yi = all[3 * i + 1];
      const zi = all[3 * i + 2];
      loc[3 * l] = xi;
      loc[3 * l + 1] = yi;
      loc[3 * l + 2] = zi;
      for (let e = off[i]; e < off[i + 1]; e++) {
        const j = nbr[e];
        let lj = j;
        if (j < n) {
          lj = rank[j];
          if (lj <= l) continue;
        }
        const dx = xi - all[3 * j];
        const dy = yi - all[3 * j + 1];
        const dz = zi - all[3 * j + 2];
        if (dx * dx + dy * dy + dz * dz < h2) pairs[w++] = lj;
      }
    }
    po[n] = w;
  }

  /** The fluid's positions of the store into the local order. */
  private gather(x: Float64Array, n: number): void {
    const loc = this.local;
    const perm = this.perm;
    const o = 3 * this.first;
    for (let l = 0; l < n; l++) {
      const a = o + 3 * perm[l];
      loc[3 * l] = x[a];
      loc[3 * l + 1] = x[a + 1];
      loc[3 * l + 2] = x[a + 2];
    }
  }

  /** One Jacobi sweep of every density constraint of the set (start/end cover the whole set). */
  solve(ctx: SolveContext, _order: Int32Array | null, _start: number, _end: number): void {
    const n = this.count;
    if (n === 0) return;
    this.gather(ctx.x, n);
    this.lambdas(n);
    pbfDeltas(
      this.local,
      this.pairOffsets,
      this.pairs,
      this.pairGrad,
      this.pairW,
      n,
      this.kernels,
      this.lambda,
      this.params,
      this.delta,
    );
    applyDeltas(
      ctx.x,
      ctx.dx,
      this.first,
      this.perm,
      n,
      this.delta,
      this.box.lo,
      this.box.hi,
      this.box.dim,
      this.box.openTop,
    );
  }

  private lambdas(n: number): void {
    pbfLambdas(
      this.local,
      this.pairOffsets,
      this.pairs,
      n,
      this.kernels,
      this.mass,
      this.box.restDensity,
      this.params[0],
      this.perm,
      this.density,
      this.rhoLocal,
      this.lambda,
      this.sums,
      this.pairGrad,
      this.pairW,
    );
  }

  /** After the velocity update: XSPH viscosity, then vorticity confinement (when on). */
  velocityPass(ctx: SolveContext): void {
    const n = this.count;
    if (n === 0) return;
    const p = this.params;
    if (p[4] > 0 || p[5] > 0) {
      this.gather(ctx.x, n);
      pbfVelocity(
        this.local,
        ctx.v,
        this.first,
        this.perm,
        n,
        this.pairOffsets,
        this.pairs,
        this.kernels,
        this.mass,
        this.rhoLocal,
        p[4],
        p[5],
        ctx.h,
        this.vtmp,
        this.omega,
        this.sums,
      );
    }
  }

  /** Mean compression max(ρ − ρ0, 0)/ρ0 over the fluid at the current positions (allocation-free). */
  densityError(): number {
    const n = this.count;
    if (n === 0) return 0;
    this.resetLambda();
    this.lambdas(n);
    const rho0 = this.box.restDensity;
    let s = 0;
    for (let i = 0; i < n; i++) {
      const e = this.density[i] / rho0 - 1;
      if (e > 0) s += e;
    }
    return s / n;
  }
}

/**
 * ρ_i = Σ_j m W_poly6 (self and boundary included), C_i = max(ρ_i/ρ0 − 1, 0), λ_i = −C_i/(Σ|∇C|² + ε).
 * Each pair of the half list is visited once and adds to both particles (W and |∇W| are symmetric,
 * ∇_j W_ij = −∇_i W_ij); a boundary neighbour adds to the fluid particle only.
 */
function pbfLambdas(
  x: Float64Array,
  off: Int32Array,
  nbr: Int32Array,
  n: number,
  k: SphKernels,
  m: number,
  rho0: number,
  eps: number,
  perm: Int32Array,
  rho: Float64Array,
  rhoLocal: Float64Array,
  lambda: Float64Array,
  acc: Float64Array,
  pairGrad: Float64Array,
  pairW: Float64Array,
): void {
  const w0 = k.poly6(0);
  const c = m / rho0;
  // the kernels written out (poly6 density, spiky gradient): a call per pair measured 5× slower
  const h = k.h;
  const h2 = k.h2;
  const c6 = k.poly6Constant;
  const cs = -3 * k.spikyConstant * c;
  acc.fill(0, 0, 5 * n);
  for (let i = 0; i < n; i++) {
    const xi = x[3 * i];
    const yi = x[3 * i + 1];
    const zi = x[3 * i + 2];
    let s = 0;
    let gx = 0;
    let gy = 0;
    let gz = 0;
    let sq = 0;
    for (let e = off[i]; e < off[i + 1]; e++) {
      const j = nbr[e];
      const dx = xi - x[3 * j];
      const dy = yi - x[3 * j + 1];
      const dz = zi - x[3 * j + 2];
      const r2 = dx * dx + dy * dy + dz * dz;
      if (r2 >= h2) {
        pairGrad[e] = 0;
        pairW[e] = 0;
        continue;
      }
      const q = h2 - r2;
      const w = q * q * q;
      pairW[e] = w;
      s += w;
      const r = Math.sqrt(r2);
      const hr = h - r;
      const g = r > 0 ? (cs * hr * hr) / r : 0;
      pairGrad[e] = g;
      const ux = g * dx;
      const uy = g * dy;
      const uz = g * dz;
      gx += ux;
      gy += uy;
      gz += uz;
      if (j < n) {
        const g2 = g * g * r2;
        sq += g2;
        const b = 5 * j;
        acc[b] += w;
        acc[b + 1] -= ux;
        acc[b + 2] -= uy;
        acc[b + 3] -= uz;
        acc[b + 4] += g2;
      }
    }
    const b = 5 * i;
    acc[b] += s;
    acc[b + 1] += gx;
    acc[b + 2] += gy;
    acc[b + 3] += gz;
    acc[b + 4] += sq;
  }
  for (let i = 0; i < n; i++) {
    const b = 5 * i;
    const density = m * (w0 + c6 * acc[b]);
    rhoLocal[i] = density;
    rho[perm[i]] = density;
    const C = density / rho0 - 1;
    const gx = acc[b + 1];
    const gy = acc[b + 2];
    const gz = acc[b + 3];
    lambda[i] = C > 0 ? -C / (gx * gx + gy * gy + gz * gz + acc[b + 4] + eps) : 0;
  }
}

/**
 * Δx_i = (m/ρ0) Σ_j (λ_i + λ_j + s_corr) ∇W_spiky (boundary neighbours: λ_j = 0, no s_corr); each
 * fluid pair once, adding to i and the opposite to j.
 */
function pbfDeltas(
  x: Float64Array,
  off: Int32Array,
  nbr: Int32Array,
  pairGrad: Float64Array,
  pairW: Float64Array,
  n: number,
  k: SphKernels,
  lambda: Float64Array,
  p: Float64Array,
  delta: Float64Array,
): void {
  const kc = p[1];
  const exponent = p[2];
  const invWq = p[3];
  const c6 = k.poly6Constant * invWq;
  const h2 = k.h2;
  delta.fill(0, 0, 3 * n);
  for (let i = 0; i < n; i++) {
    const xi = x[3 * i];
    const yi = x[3 * i + 1];
    const zi = x[3 * i + 2];
    const li = lambda[i];
    let sx = 0;
    let sy = 0;
    let sz = 0;
    for (let e = off[i]; e < off[i + 1]; e++) {
      // the gradient factor of this pair at these positions, from the λ sweep
      const gf = pairGrad[e];
      if (gf === 0) continue;
      const j = nbr[e];
      const dx = xi - x[3 * j];
      const dy = yi - x[3 * j + 1];
      const dz = zi - x[3 * j + 2];
      const fluid = j < n;
      let l = fluid ? li + lambda[j] : li;
      if (fluid && kc > 0) {
        const q = c6 * pairW[e]; // W(r)/W(Δq)
        let pw: number;
        if (exponent === 4) {
          const q2 = q * q;
          pw = q2 * q2; // the usual n = 4 without the loop
        } else {
          pw = q;
          for (let t = 1; t < exponent; t++) pw *= q;
        }
        l -= kc * pw;
      }
      if (l === 0) continue;
      const g = l * gf;
      const ux = g * dx;
      const uy = g * dy;
      const uz = g * dz;
      sx += ux;
      sy += uy;
      sz += uz;
      if (fluid) {
        delta[3 * j] -= ux;
        delta[3 * j + 1] -= uy;
        delta[3 * j + 2] -= uz;
      }
    }
    delta[3 * i] += sx;
    delta[3 * i + 1] += sy;
    delta[3 * i + 2] += sz;
  }
}

/** Adds Δx into dx (x itself in Gauss–Seidel), keeping the particles inside the box. */
function applyDeltas(
  x: Float64Array,
  dx: Float64Array,
  first: number,
  perm: Int32Array,
  n: number,
  delta: Float64Array,
  lo: Float64Array,
  hi: Float64Array,
  dim: number,
  openTop: boolean,
): void {
  for (let i = 0; i < n; i++) {
    const a = 3 * (first + perm[i]);
    for (let k = 0; k < dim; k++) {
      const cur = x[a + k];
      let t = cur + delta[3 * i + k];
      if (t < lo[k]) t = lo[k];
      else if (t > hi[k] && !(openTop && k === 1)) t = hi[k];
      dx[a + k] += t - cur;
    }
  }
}

/**
 * XSPH: v_i += c Σ_j (m/ρ_j)(v_j − v_i) W_ij; vorticity confinement: ω_i = Σ_j (m/ρ_j)(v_j − v_i) × ∇W_ij,
 * η_i = Σ_j (m/ρ_j)|ω_j| ∇W_ij, N = η/|η|, v_i += h ε (N × ω_i). Both read the old velocities; each
 * fluid pair of the half list once, adding to both particles.
 */
function pbfVelocity(
  x: Float64Array,
  v: Float64Array,
  first: number,
  perm: Int32Array,
  n: number,
  off: Int32Array,
  nbr: Int32Array,
  k: SphKernels,
  m: number,
  rho: Float64Array,
  xsph: number,
  eps: number,
  h: number,
  vtmp: Float64Array,
  omega: Float64Array,
  acc: Float64Array,
): void {
  const o = 3 * first;
  const h2 = k.h2;
  const kh = k.h;
  const c6 = k.poly6Constant;
  const cs = -3 * k.spikyConstant;
  for (let l = 0; l < n; l++) {
    const a = o + 3 * perm[l];
    vtmp[3 * l] = v[a];
    vtmp[3 * l + 1] = v[a + 1];
    vtmp[3 * l + 2] = v[a + 2];
  }
  acc.fill(0, 0, 3 * n);
  omega.fill(0, 0, 3 * n);
  const vort = eps > 0;
  for (let i = 0; i < n; i++) {
    const a = 3 * i;
    const xi = x[a];
    const yi = x[a + 1];
    const zi = x[a + 2];
    const vxi = vtmp[3 * i];
    const vyi = vtmp[3 * i + 1];
    const vzi = vtmp[3 * i + 2];
    const vi = m / rho[i];
    let sx = 0;
    let sy = 0;
    let sz = 0;
    let wx = 0;
    let wy = 0;
    let wz = 0;
    for (let e = off[i]; e < off[i + 1]; e++) {
      const j = nbr[e];
      if (j >= n) continue;
      const b = 3 * j;
      const dx = xi - x[b];
      const dy = yi - x[b + 1];
      const dz = zi - x[b + 2];
      const r2 = dx * dx + dy * dy + dz * dz;
      if (r2 >= h2) continue;
      const vj = m / rho[j];
      const ux = vtmp[3 * j] - vxi;
      const uy = vtmp[3 * j + 1] - vyi;
      const uz = vtmp[3 * j + 2] - vzi;
      const q = h2 - r2;
      const w = c6 * q * q * q;
      sx += vj * w * ux;
      sy += vj * w * uy;
      sz += vj * w * uz;
      acc[3 * j] -= vi * w * ux;
      acc[3 * j + 1] -= vi * w * uy;
      acc[3 * j + 2] -= vi * w * uz;
      if (vort) {
        const r = Math.sqrt(r2);
        const hr = kh - r;
        const g = r > 0 ? (cs * hr * hr) / r : 0;
        const gx = g * dx;
        const gy = g * dy;
        const gz = g * dz;
        const cx = uy * gz - uz * gy;
        const cy = uz * gx - ux * gz;
        const cz = ux * gy - uy * gx;
        wx += vj * cx;
        wy += vj * cy;
        wz += vj * cz;
        omega[3 * j] += vi * cx;
        omega[3 * j + 1] += vi * cy;
        omega[3 * j + 2] += vi * cz;
      }
    }
    acc[3 * i] += sx;
    acc[3 * i + 1] += sy;
    acc[3 * i + 2] += sz;
    omega[3 * i] += wx;
    omega[3 * i + 1] += wy;
    omega[3 * i + 2] += wz;
  }
  for (let i = 0; i < n; i++) {
    const a = o + 3 * perm[i];
    v[a] = vtmp[3 * i] + xsph * acc[3 * i];
    v[a + 1] = vtmp[3 * i + 1] + xsph * acc[3 * i + 1];
    v[a + 2] = vtmp[3 * i + 2] + xsph * acc[3 * i + 2];
  }
  if (!vort) return;
  // η into acc
  acc.fill(0, 0, 3 * n);
  for (let i = 0; i < n; i++) {
    const a = 3 * i;
    const xi = x[a];
    const yi = x[a + 1];
    const zi = x[a + 2];
    const oi0 = omega[3 * i];
    const oi1 = omega[3 * i + 1];
    const oi2 = omega[3 * i + 2];
    const wi = (m / rho[i]) * Math.sqrt(oi0 * oi0 + oi1 * oi1 + oi2 * oi2);
    let ex = 0;
    let ey = 0;
    let ez = 0;
    for (let e = off[i]; e < off[i + 1]; e++) {
      const j = nbr[e];
      if (j >= n) continue;
      const b = 3 * j;
      const dx = xi - x[b];
      const dy = yi - x[b + 1];
      const dz = zi - x[b + 2];
      const r2 = dx * dx + dy * dy + dz * dz;
      if (r2 >= h2) continue;
      const o0 = omega[3 * j];
      const o1 = omega[3 * j + 1];
      const o2 = omega[3 * j + 2];
      const wj = (m / rho[j]) * Math.sqrt(o0 * o0 + o1 * o1 + o2 * o2);
      const r = Math.sqrt(r2);
      const hr = kh - r;
      const g = r > 0 ? (cs * hr * hr) / r : 0;
      ex += wj * g * dx;
      ey += wj * g * dy;
      ez += wj * g * dz;
      acc[3 * j] -= wi * g * dx;
      acc[3 * j + 1] -= wi * g * dy;
      acc[3 * j + 2] -= wi * g * dz;
    }
    acc[3 * i] += ex;
    acc[3 * i + 1] += ey;
    acc[3 * i + 2] += ez;
  }
  for (let i = 0; i < n; i++) {
    const a = o + 3 * perm[i];
    const ex = acc[3 * i];
    const ey = acc[3 * i + 1];
    const ez = acc[3 * i + 2];
    const len = Math.sqrt(ex * ex + ey * ey + ez * ez);
    if (len < 1e-12) continue;
    const nx = ex / len;
    const ny = ey / len;
    const nz = ez / len;
    const ox = omega[3 * i];
    const oy = omega[3 * i + 1];
    const oz = omega[3 * i + 2];
    v[a] += h * eps * (ny * oz - nz * oy);
    v[a + 1] += h * eps * (nz * ox - nx * oz);
    v[a + 2] += h * eps * (nx * oy - ny * ox);
  }
}
