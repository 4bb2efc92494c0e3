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

/**
 * The largest part of a particle's correction in one sweep that becomes velocity, in particle spacings.
 * A particle that travelled more than a spacing into the compressed front or the wall's boundary layer
 * in one substep gets a correction of the order of a spacing, which the velocity update
 * v = (x − x_prev)/h would turn into a spray several times faster than the flow (a dam break's jet shot
 * far above its physical run-up). The particle still moves by the whole correction, but the excess
 * moves x_prev with it, so it corrects the position without adding energy (the pre-stabilisation of
 * Macklin et al. 2014, "Unified Particle Physics for Real-Time Applications", §4.4).
 */
const MAX_SWEEP_CORRECTION = 0.2;

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
  /** neighbour search over the fluid particles followed by the boundary particles (half lists in cell order) */
  readonly neighbors: NeighborSearch;
  /** densities of the last sweep (fluid particles) */
  density = new Float64Array(0);
  /**
   * The sweeps work in the search's cell order: rank s is particle `order[s]` of the search's input
   * (fluid particles first, then the boundary), so neighbours are near in memory. `fluidRanks` lists
   * the fluid's ranks; `fluid[s]` is 1 for a fluid particle, 0 for a boundary one.
   */
  private fluidRanks = new Int32Array(0);
  private fluid = new Float64Array(0);
  /** the neighbour-search build the ranks were taken from */
  private rankBuild = -1;
  /**
   * by rank: densities, λ, Δx (3; 2 in the plane), positions (3; in 2D the third number is the rank's fluid flag,
   * read with its position instead of from a second array)
   */
  private rhoLocal = new Float64Array(0);
  private lambda = new Float64Array(0);
  private delta = new Float64Array(0);
  private local = new Float64Array(0);
  /** by rank: the density sum, ∇_i C_i (3) and Σ_j |∇_j C_i|² of a sweep */
  private sums = new Float64Array(0);
  private vtmp = new Float64Array(0);
  private omega = new Float64Array(0);
  /** positions in store order, fluid then boundary: the neighbour search's input */
  private all = new Float64Array(0);
  /**
   * The substep's pairs (CSR by rank, each pair once under its lower rank, boundary–boundary pairs
   * left out): those within h at the predicted positions of the substep's start, the neighbourhoods
   * Macklin & Müller 2013 find once per substep and keep through the iterations.
   */
  private pairOffsets = new Int32Array(1);
  private pairs = new Int32Array(0);
  /** the set's own CSR arrays for the cut (the pair list is the search's own lists when they are exact) */
  private cutOffsets = new Int32Array(1);
  private cutPairs = new Int32Array(0);
  /**
   * per pair of the sweep, two numbers: [2e] the spiky gradient factor ∇W/|x_ij| · m/ρ0 and [2e + 1]
   * the artificial pressure k (W(r)/W(Δq))ⁿ of a fluid pair (both 0 beyond h; the second 0 for a
   * boundary pair), side by side so the Δx sweep reads one stream
   */
  private pairData = new Float64Array(0);
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
    // 0 ε (absolute), 1 k, 2 n, 3 1/W(Δq), 4 xsph, 5 vorticity, 6 the particle mass, 7 ρ0, 8 the
    // substep h, 9 the largest correction of a sweep that becomes velocity, 10–13 the box in the plane:
    // the passes read their numbers
    // from this array (a double passed to a call V8 does not inline is boxed, one heap number per call)
    this.params = Float64Array.of(
      eps * this.restGrad,
      k / this.restGrad,
      n,
      1 / wq,
      xsph,
      vort,
      this.mass,
      this.box.restDensity,
      0,
      MAX_SWEEP_CORRECTION * this.box.spacing,
      // 10–13 the box in the plane: x from, x to, y from, y to (∞ with an open top)
      this.box.lo[0],
      this.box.hi[0],
      this.box.lo[1],
      this.box.openTop ? Number.POSITIVE_INFINITY : this.box.hi[1],
      // 14–17 the kernels' h, h², poly6 and spiky constants: a number read off an object inside a
      // loop is checked and unboxed at every use (a class field holds it boxed), one read off this
      // array is a plain double
      this.kernels.h,
      this.kernels.h2,
      this.kernels.poly6Constant,
      this.kernels.spikyConstant,
    );
    this.neighbors = new NeighborSearch({
      dim: this.box.dim,
      radius: this.box.h,
      skin: 0.5 * this.box.spacing,
      half: true,
      // a fast flow rebuilds every substep: then the skin only widens the search and the pair cut
      adaptiveSkin: true,
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
    if (this.density.length >= n && this.all.length >= 3 * (n + nb)) return;
    const cap = Math.max(n, 2 * this.density.length, 64);
    const d = new Float64Array(cap);
    d.set(this.density);
    this.density = d;
    const all = cap + nb;
    this.fluidRanks = new Int32Array(cap);
    this.fluid = new Float64Array(all);
    this.rankBuild = -1;
    this.rhoLocal = new Float64Array(all);
    this.lambda = new Float64Array(all);
    this.delta = new Float64Array(3 * all);
    this.local = new Float64Array(3 * all);
    this.sums = new Float64Array(5 * all);
    this.vtmp = new Float64Array(3 * all);
    this.omega = new Float64Array(3 * all);
    this.all = new Float64Array(3 * all);
    this.cutOffsets = new Int32Array(all + 1);
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
    // the copy in a function of its own: this runs once per substep, so V8 compiles a loop here on
    // stack replacement during the first call, and the code after it (then without type feedback)
    // would leave the optimised code at every later call
    copyRange(all, x, o, 3 * n);
    if (this.neighbors.count !== n + nb) all.set(this.box.boundary, 3 * n);
    this.neighbors.staticFrom = n; // the boundary: no boundary–boundary pairs
    this.neighbors.update(all, 0, n + nb);
    if (this.neighbors.builds !== this.rankBuild) this.takeRanks(n, nb);
    else this.gather(x);
    this.compactPairs(n + nb);
  }

  /** After a build: which ranks are fluid, and every rank's position (the boundary's stay). */
  private takeRanks(n: number, nb: number): void {
    this.rankBuild = this.neighbors.builds;
    const order = this.neighbors.order;
    const fr = this.fluidRanks;
    const fluid = this.fluid;
    const all = this.all;
    const loc = this.local;
    const plane = this.box.dim === 2;
    let q = 0;
    for (let s = 0; s < n + nb; s++) {
      const i = order[s];
      loc[3 * s] = all[3 * i];
      loc[3 * s + 1] = all[3 * i + 1];
      if (i < n) {
        fluid[s] = 1;
        fr[q++] = s;
      } else fluid[s] = 0;
      loc[3 * s + 2] = plane ? fluid[s] : all[3 * i + 2];
    }
  }

  /**
   * The substep's pair list: the search's half lists (every pair within h + skin at its build, so
   * every pair within h while no particle travelled past skin/2; the skin may be 0 in a fast flow,
   * see NeighborSearchOptions.adaptiveSkin) cut to the pairs within h now; the search leaves the
   * boundary–boundary pairs out (NeighborSearch.staticFrom). Lists built without a skin are the pair
   * list as they are (no copy).
   */
  private compactPairs(count: number): void {
    const ns = this.neighbors;
    const off = ns.offsets;
    const nbr = ns.neighbors;
    if (this.pairData.length < 2 * off[count]) {
      const cap = Math.max(off[count], this.pairData.length);
      this.pairData = new Float64Array(2 * cap);
    }
    if (ns.buildSkin === 0) {
      // lists without a skin hold exactly the pairs within h (a pair at exactly h adds 0 everywhere)
      this.pairOffsets = off;
      this.pairs = nbr;
      return;
    }
    if (this.cutPairs.length < off[count])
      this.cutPairs = new Int32Array(Math.max(off[count], 2 * this.cutPairs.length));
    this.pairOffsets = this.cutOffsets;
    this.pairs = this.cutPairs;
    const zk = this.box.dim === 3 ? 1 : 0; // in 2D the third number is the fluid flag
    this.pairOffsets[count] = cutToSupport(
      this.local,
      off,
      nbr,
      count,
      zk,
      this.params,
      this.pairOffsets,
      this.pairs,
    );
  }

  /** The fluid's positions of the store into rank order. */
  private gather(x: Float64Array): void {
    const loc = this.local;
    const fr = this.fluidRanks;
    const order = this.neighbors.order;
    const o = 3 * this.first;
    const n = this.count;
    if (this.box.dim === 2) {
      // the third number stays the fluid flag
      for (let q = 0; q < n; q++) {
        const s = fr[q];
        const a = o + 3 * order[s];
        loc[3 * s] = x[a];
        loc[3 * s + 1] = x[a + 1];
      }
      return;
    }
    for (let q = 0; q < n; q++) {
      const s = fr[q];
      const a = o + 3 * order[s];
      loc[3 * s] = x[a];
      loc[3 * s + 1] = x[a + 1];
      loc[3 * s + 2] = x[a + 2];
    }
  }

  /** One Jacobi sweep of every density constraint of the set (start/end cover the whole set). */
  solve(ctx: SolveContext, _order: Int32Array | null, _start: number, _end: number): void {
    const n = this.count;
    if (n === 0) return;
    this.gather(ctx.x);
    this.lambdas();
    if (this.box.dim === 2) {
      pbfDeltas2(
        this.local,
        this.pairOffsets,
        this.pairs,
        this.pairData,
        this.neighbors.count,
        this.lambda,
        this.delta,
        ctx.x,
        ctx.dx,
        ctx.prev,
        this.first,
        this.neighbors.order,
        this.params,
      );
      return;
    }
    pbfDeltas(
      this.local,
      this.pairOffsets,
      this.pairs,
      this.pairData,
      this.neighbors.count,
      this.lambda,
      this.delta,
    );
    applyDeltas(
      ctx.x,
      ctx.dx,
      this.first,
      this.fluidRanks,
      this.neighbors.order,
      n,
      this.delta,
      this.box.lo,
      this.box.hi,
      3,
      this.box.openTop,
      this.params,
      ctx.prev,
    );
  }

  private lambdas(): void {
    (this.box.dim === 2 ? pbfLambdas2 : pbfLambdas)(
      this.local,
      this.fluid,
      this.pairOffsets,
      this.pairs,
      this.neighbors.count,
      this.params,
      this.neighbors.order,
      this.density,
      this.rhoLocal,
      this.lambda,
      this.sums,
      this.pairData,
    );
  }

  /** After the velocity update: XSPH viscosity, then vorticity confinement (when on). */
  velocityPass(ctx: SolveContext): void {
    const n = this.count;
    if (n === 0) return;
    const p = this.params;
    if (this.box.dim === 2 && p[5] === 0) {
      if (p[4] === 0) return;
      this.gather(ctx.x);
      pbfXsph2(
        this.local,
        ctx.v,
        this.first,
        this.fluidRanks,
        this.neighbors.order,
        n,
        this.neighbors.count,
        this.pairOffsets,
        this.pairs,
        p,
        this.rhoLocal,
        this.vtmp,
        this.omega,
        this.sums,
      );
    } else if (p[4] > 0 || p[5] > 0) {
      p[8] = ctx.h;
      this.gather(ctx.x);
      pbfVelocity(
        this.local,
        ctx.v,
        this.first,
        this.fluid,
        this.fluidRanks,
        this.neighbors.order,
        n,
        this.neighbors.count,
        this.pairOffsets,
        this.pairs,
        p,
        this.rhoLocal,
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
    this.lambdas();
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
 * ρ_i = Σ_j m W_poly6 (self and boundary included), C_i = max(ρ_i/ρ0 − 1, 0), λ_i = −C_i/(Σ|∇C|² + ε),
 * over ranks (fluid[s] = 1 for a fluid particle). Each pair is visited once and adds to both ends
 * (W and |∇W| are symmetric, ∇_j W_ij = −∇_i W_ij); Σ_j |∇_j C_i|² counts fluid neighbours only, and
 * a boundary rank's sums are left unused (its λ is 0).
 */
function pbfLambdas(
  x: Float64Array,
  fluid: Float64Array,
  off: Int32Array,
  nbr: Int32Array,
  count: number,
  p: Float64Array,
  order: Int32Array,
  rho: Float64Array,
  rhoLocal: Float64Array,
  lambda: Float64Array,
  acc: Float64Array,
  pair: Float64Array,
): void {
  const eps = p[0];
  const kc = p[1];
  const exponent = p[2];
  const m = p[6];
  const rho0 = p[7];
  const c = m / rho0;
  // the kernels written out (poly6 density, spiky gradient): a call per pair measured 5× slower
  const h = p[14];
  const h2 = p[15];
  const c6 = p[16];
  const cq = c6 * p[3]; // W(r)/W(Δq) = cq (h² − r²)³
  const w0 = c6 * h2 * h2 * h2;
  const cs = -3 * p[17] * c;
  acc.fill(0, 0, 5 * count);
  for (let s = 0; s < count; s++) {
    const xi = x[3 * s];
    const yi = x[3 * s + 1];
    const zi = x[3 * s + 2];
    const fs = fluid[s];
    let sw = 0;
    let gx = 0;
    let gy = 0;
    let gz = 0;
    let sq = 0;
    for (let e = off[s]; e < off[s + 1]; e++) {
      const t = nbr[e] & 0xfffffff; // a rank (below 2²⁸): 3t, 4t need no overflow check
      const dx = xi - x[3 * t];
      const dy = yi - x[3 * t + 1];
      const dz = zi - x[3 * t + 2];
      const r2 = dx * dx + dy * dy + dz * dz;
      if (r2 >= h2) {
        pair[2 * e] = 0;
        pair[2 * e + 1] = 0;
        continue;
      }
      const q = h2 - r2;
      const w = q * q * q;
      const ft = fluid[t];
      // s_corr = k (W(r)/W(Δq))ⁿ once per pair and sweep, 0 unless both ends are fluid (exact: × 1 or × 0)
      const wq = cq * w;
      let pw = wq;
      if (exponent === 4) {
        const q2 = wq * wq;
        pw = q2 * q2; // the usual n = 4 without the loop
      } else for (let a = 1; a < exponent; a++) pw *= wq;
      pair[2 * e + 1] = kc * pw * (fs * ft);
      sw += w;
      const r = Math.sqrt(r2);
      const hr = h - r;
      const g = r > 0 ? (cs * hr * hr) / r : 0;
      pair[2 * e] = g;
      const ux = g * dx;
      const uy = g * dy;
      const uz = g * dz;
      gx += ux;
      gy += uy;
      gz += uz;
      const g2 = g * g * r2;
      sq += g2 * ft;
      const b = 5 * t;
      acc[b] += w;
      acc[b + 1] -= ux;
      acc[b + 2] -= uy;
      acc[b + 3] -= uz;
      acc[b + 4] += g2 * fs;
    }
    const b = 5 * s;
    acc[b] += sw;
    acc[b + 1] += gx;
    acc[b + 2] += gy;
    acc[b + 3] += gz;
    acc[b + 4] += sq;
  }
  for (let s = 0; s < count; s++) {
    if (fluid[s] === 0) {
      lambda[s] = 0;
      continue;
    }
    const b = 5 * s;
    const density = m * (w0 + c6 * acc[b]);
    rhoLocal[s] = density;
    rho[order[s]] = density;
    const C = density / rho0 - 1;
    const gx = acc[b + 1];
    const gy = acc[b + 2];
    const gz = acc[b + 3];
    lambda[s] = C > 0 ? -C / (gx * gx + gy * gy + gz * gz + acc[b + 4] + eps) : 0;
  }
}

/**
 * Δx_i = (m/ρ0) Σ_j (λ_i + λ_j + s_corr) ∇W_spiky (a boundary rank has λ = 0; s_corr between fluid
 * particles only); each pair once, adding to one end and the opposite to the other.
 */
function pbfDeltas(
  x: Float64Array,
  off: Int32Array,
  nbr: Int32Array,
  pair: Float64Array,
  count: number,
  lambda: Float64Array,
  delta: Float64Array,
): void {
  delta.fill(0, 0, 3 * count);
  for (let s = 0; s < count; s++) {
    const xi = x[3 * s];
    const yi = x[3 * s + 1];
    const zi = x[3 * s + 2];
    const ls = lambda[s];
    let sx = 0;
    let sy = 0;
    let sz = 0;
    for (let e = off[s]; e < off[s + 1]; e++) {
      // the gradient factor of this pair at these positions, from the λ sweep
      const gf = pair[2 * e];
      if (gf === 0) continue;
      const t = nbr[e] & 0xfffffff; // a rank (below 2²⁸): 3t, 4t need no overflow check
      const l = ls + lambda[t] - pair[2 * e + 1];
      if (l === 0) continue;
      const g = l * gf;
      const ux = g * (xi - x[3 * t]);
      const uy = g * (yi - x[3 * t + 1]);
      const uz = g * (zi - x[3 * t + 2]);
      sx += ux;
      sy += uy;
      sz += uz;
      delta[3 * t] -= ux;
      delta[3 * t + 1] -= uy;
      delta[3 * t + 2] -= uz;
    }
    delta[3 * s] += sx;
    delta[3 * s + 1] += sy;
    delta[3 * s + 2] += sz;
  }
}

/** {@link pbfLambdas} in the plane (z left out, four sums per rank). */
function pbfLambdas2(
  x: Float64Array,
  _fluid: Float64Array, // the plane reads the flag with the position (see PbfSet.local)
  off: Int32Array,
  nbr: Int32Array,
  count: number,
  p: Float64Array,
  order: Int32Array,
  rho: Float64Array,
  rhoLocal: Float64Array,
  lambda: Float64Array,
  acc: Float64Array,
  pair: Float64Array,
): void {
  const eps = p[0];
  const m = p[6];
  const rho0 = p[7];
  const c = m / rho0;
  const h = p[14];
  const h2 = p[15];
  const c6 = p[16];
  const w0 = c6 * h2 * h2 * h2;
  const cs = -3 * p[17] * c;
  acc.fill(0, 0, 4 * count);
  for (let s = 0; s < count; s++) {
    const xi = x[3 * s];
    const yi = x[3 * s + 1];
    const fs = x[3 * s + 2]; // the fluid flag (see PbfSet.local)
    touch(nbr, pair, acc);
    let sw = 0;
    let gx = 0;
    let gy = 0;
    let sq = 0;
    const e1 = off[s + 1];
    for (let e = off[s]; e < e1; e++) {
      const t = nbr[e] & 0xfffffff; // a rank (below 2²⁸): 3t, 4t need no overflow check
      const dx = xi - x[3 * t];
      const dy = yi - x[3 * t + 1];
      const r2 = dx * dx + dy * dy;
      // no branch on the rare pair that left the support: w = g = 0 adds nothing
      let w = 0;
      let g = 0;
      if (r2 < h2) {
        const q = h2 - r2;
        w = q * q * q;
        const r = Math.sqrt(r2);
        const hr = h - r;
        g = r > 0 ? (cs * hr * hr) / r : 0;
      }
      const ft = x[3 * t + 2];
      pair[e] = g; // s_corr is the Δx pass's own (it has the same differences)
      sw += w;
      const ux = g * dx;
      const uy = g * dy;
      gx += ux;
      gy += uy;
      const g2 = g * g * r2;
      sq += g2 * ft;
      const b = 4 * t;
      acc[b] += w;
      acc[b + 1] -= ux;
      acc[b + 2] -= uy;
      acc[b + 3] += g2 * fs;
    }
    // every pair of rank s is under s or a lower rank: its sums are complete, λ_s follows now
    if (fs === 0) {
      lambda[s] = 0;
      continue;
    }
    const b = 4 * s;
    const density = m * (w0 + c6 * (acc[b] + sw));
    rhoLocal[s] = density;
    rho[order[s]] = density;
    const C = density / rho0 - 1;
    const tx = acc[b + 1] + gx;
    const ty = acc[b + 2] + gy;
    lambda[s] = C > 0 ? -C / (tx * tx + ty * ty + (acc[b + 3] + sq) + eps) : 0;
  }
}

/**
 * {@link pbfDeltas} in the plane (Δx with stride 2), each fluid rank's Δx added into dx as soon as
 * its row is done (every pair of a rank is under it or a lower rank), as {@link applyDeltas} does:
 * inside the box (p[10..13]), the excess over MAX_SWEEP_CORRECTION (p[9]) moving x_prev too.
 */
function pbfDeltas2(
  loc: Float64Array,
  off: Int32Array,
  nbr: Int32Array,
  pair: Float64Array,
  count: number,
  lambda: Float64Array,
  delta: Float64Array,
  x: Float64Array,
  dx: Float64Array,
  prev: Float64Array,
  first: number,
  order: Int32Array,
  p: Float64Array,
): void {
  const kc = p[1];
  const exponent = p[2];
  const h2 = p[15];
  const cq = p[16] * p[3]; // W(r)/W(Δq) = cq (h² − r²)³, as in the λ pass
  const m2 = p[9] * p[9];
  const x0 = p[10];
  const x1 = p[11];
  const y0 = p[12];
  const y1 = p[13];
  const o = 3 * first;
  delta.fill(0, 0, 2 * count); // stride 2 in the plane
  for (let s = 0; s < count; s++) {
    const xi = loc[3 * s];
    const yi = loc[3 * s + 1];
    const ls = lambda[s];
    const fs = loc[3 * s + 2]; // the fluid flag
    touch(nbr, pair, delta);
    let sx = 0;
    let sy = 0;
    const e1 = off[s + 1];
    for (let e = off[s]; e < e1; e++) {
      // a pair that left the support has gf = 0 and adds nothing (no branch)
      const gf = pair[e];
      const t = nbr[e] & 0xfffffff; // a rank (below 2²⁸): 3t, 4t need no overflow check
      const ex = xi - loc[3 * t];
      const ey = yi - loc[3 * t + 1];
      // s_corr = k (W(r)/W(Δq))ⁿ from the λ pass's positions (the same differences, the same
      // operations), 0 unless both ends are fluid (exact: × 1 or × 0) and beyond h
      const r2 = ex * ex + ey * ey;
      const q = r2 < h2 ? h2 - r2 : 0;
      const wq = cq * (q * q * q);
      let pw = wq;
      if (exponent === 4) {
        const q2 = wq * wq;
        pw = q2 * q2; // the usual n = 4 without the loop
      } else for (let a = 1; a < exponent; a++) pw *= wq;
      const g = (ls + lambda[t] - kc * pw * (fs * loc[3 * t + 2])) * gf;
      const ux = g * ex;
      const uy = g * ey;
      sx += ux;
      sy += uy;
      delta[2 * t] -= ux;
      delta[2 * t + 1] -= uy;
    }
    if (fs === 0) continue; // a boundary rank (the fluid flag) does not move
    const ux = delta[2 * s] + sx;
    const uy = delta[2 * s + 1] + sy;
    const a = o + 3 * order[s];
    const cx = x[a];
    let tx = cx + ux;
    if (tx < x0) tx = x0;
    else if (tx > x1) tx = x1;
    dx[a] += tx - cx;
    const cy = x[a + 1];
    let ty = cy + uy;
    if (ty < y0) ty = y0;
    else if (ty > y1) ty = y1;
    dx[a + 1] += ty - cy;
    const l2 = ux * ux + uy * uy;
    if (l2 > m2) {
      // the excess over the bound of the move made moves x_prev too (no velocity from it)
      const c = 1 - Math.sqrt(m2 / l2);
      prev[a] += c * (tx - cx);
      prev[a + 1] += c * (ty - cy);
    }
  }
}

/**
 * Adds Δx of the fluid ranks into dx (x itself in Gauss–Seidel), keeping the particles inside the box;
 * the part of a Δx longer than MAX_SWEEP_CORRECTION spacings (p[9]) moves x_prev as well.
 */
function applyDeltas(
  x: Float64Array,
  dx: Float64Array,
  first: number,
  fluidRanks: Int32Array,
  order: Int32Array,
  n: number,
  delta: Float64Array,
  lo: Float64Array,
  hi: Float64Array,
  dim: number,
  openTop: boolean,
  p: Float64Array,
  prev: Float64Array,
): void {
  const m2 = p[9] * p[9];
  for (let q = 0; q < n; q++) {
    const s = fluidRanks[q];
    const a = 3 * (first + order[s]);
    const ux = delta[3 * s];
    const uy = delta[3 * s + 1];
    const uz = delta[3 * s + 2];
    const l2 = ux * ux + uy * uy + uz * uz;
    // the excess over the bound of the move made moves x_prev too (no velocity from it)
    const c = l2 > m2 ? 1 - Math.sqrt(m2 / l2) : 0;
    for (let k = 0; k < dim; k++) {
      const cur = x[a + k];
      let t = cur + delta[3 * s + k];
      if (t < lo[k]) t = lo[k];
      else if (t > hi[k] && !(openTop && k === 1)) t = hi[k];
      dx[a + k] += t - cur;
      prev[a + k] += c * (t - cur);
    }
  }
}

/**
 * XSPH alone in the plane (no vorticity confinement): v_i += c Σ_j (m/ρ_j)(v_j − v_i) W_ij over the
 * fluid pairs (the flag is the third number of a rank's position), from the old velocities, each pair
 * once; the volumes m/ρ are taken once per particle.
 */
function pbfXsph2(
  x: Float64Array,
  v: Float64Array,
  first: number,
  fluidRanks: Int32Array,
  order: Int32Array,
  n: number,
  count: number,
  off: Int32Array,
  nbr: Int32Array,
  p: Float64Array,
  rho: Float64Array,
  vtmp: Float64Array,
  vol: Float64Array,
  acc: Float64Array,
): void {
  // three loops, three functions: nothing follows a loop in its function (see copyRange's callers)
  xsphGather2(v, first, fluidRanks, order, n, p, rho, vtmp, vol);
  acc.fill(0, 0, 2 * count);
  xsphSums2(x, count, off, nbr, p, vtmp, vol, acc);
  xsphApply2(v, first, fluidRanks, order, n, p, vtmp, acc);
}

/** {@link pbfXsph2}: the fluid ranks' velocities (stride 2) and volumes m/ρ. */
function xsphGather2(
  v: Float64Array,
  first: number,
  fluidRanks: Int32Array,
  order: Int32Array,
  n: number,
  p: Float64Array,
  rho: Float64Array,
  vtmp: Float64Array,
  vol: Float64Array,
): void {
  const m = p[6];
  const o = 3 * first;
  for (let q = 0; q < n; q++) {
    const s = fluidRanks[q];
    const a = o + 3 * order[s];
    vtmp[2 * s] = v[a];
    vtmp[2 * s + 1] = v[a + 1];
    vol[s] = m / rho[s];
  }
}

/** {@link pbfXsph2}: Σ_j (m/ρ_j)(v_j − v_i) W_ij into acc (stride 2), each fluid pair once. */
function xsphSums2(
  x: Float64Array,
  count: number,
  off: Int32Array,
  nbr: Int32Array,
  p: Float64Array,
  vtmp: Float64Array,
  vol: Float64Array,
  acc: Float64Array,
): void {
  const h2 = p[15];
  const c6 = p[16];
  for (let i = 0; i < count; i++) {
    if (x[3 * i + 2] === 0) continue; // the fluid flag
    const xi = x[3 * i];
    const yi = x[3 * i + 1];
    const vxi = vtmp[2 * i];
    const vyi = vtmp[2 * i + 1];
    const vi = vol[i];
    touch(nbr, acc, acc);
    let sx = 0;
    let sy = 0;
    const e1 = off[i + 1];
    for (let e = off[i]; e < e1; e++) {
      const j = nbr[e] & 0xfffffff; // a rank (below 2²⁸): 3j, 2j need no overflow check
      if (x[3 * j + 2] === 0) continue;
      const dx = xi - x[3 * j];
      const dy = yi - x[3 * j + 1];
      const r2 = dx * dx + dy * dy;
      if (r2 >= h2) continue;
      const vj = vol[j];
      const ux = vtmp[2 * j] - vxi;
      const uy = vtmp[2 * j + 1] - vyi;
      const q = h2 - r2;
      const w = c6 * q * q * q;
      sx += vj * w * ux;
      sy += vj * w * uy;
      acc[2 * j] -= vi * w * ux;
      acc[2 * j + 1] -= vi * w * uy;
    }
    acc[2 * i] += sx;
    acc[2 * i + 1] += sy;
  }
}

/** {@link pbfXsph2}: v_i = v_i + c acc_i for the fluid ranks. */
function xsphApply2(
  v: Float64Array,
  first: number,
  fluidRanks: Int32Array,
  order: Int32Array,
  n: number,
  p: Float64Array,
  vtmp: Float64Array,
  acc: Float64Array,
): void {
  const xsph = p[4];
  const o = 3 * first;
  for (let q = 0; q < n; q++) {
    const s = fluidRanks[q];
    const a = o + 3 * order[s];
    v[a] = vtmp[2 * s] + xsph * acc[2 * s];
    v[a + 1] = vtmp[2 * s + 1] + xsph * acc[2 * s + 1];
  }
}

/**
 * XSPH: v_i += c Σ_j (m/ρ_j)(v_j − v_i) W_ij; vorticity confinement: ω_i = Σ_j (m/ρ_j)(v_j − v_i) × ∇W_ij,
 * η_i = Σ_j (m/ρ_j)|ω_j| ∇W_ij, N = η/|η|, v_i += h ε (N × ω_i). Both read the old velocities; each
 * fluid pair once (by rank), adding to both particles.
 */
function pbfVelocity(
  x: Float64Array,
  v: Float64Array,
  first: number,
  fluid: Float64Array,
  fluidRanks: Int32Array,
  order: Int32Array,
  n: number,
  count: number,
  off: Int32Array,
  nbr: Int32Array,
  p: Float64Array,
  rho: Float64Array,
  vtmp: Float64Array,
  omega: Float64Array,
  acc: Float64Array,
): void {
  const xsph = p[4];
  const eps = p[5];
  const m = p[6];
  const h = p[8];
  const o = 3 * first;
  const h2 = p[15];
  const kh = p[14];
  const c6 = p[16];
  const cs = -3 * p[17];
  for (let q = 0; q < n; q++) {
    const s = fluidRanks[q];
    const a = o + 3 * order[s];
    vtmp[3 * s] = v[a];
    vtmp[3 * s + 1] = v[a + 1];
    vtmp[3 * s + 2] = v[a + 2];
  }
  acc.fill(0, 0, 3 * count);
  omega.fill(0, 0, 3 * count);
  const vort = eps > 0;
  for (let i = 0; i < count; i++) {
    if (fluid[i] === 0) continue;
    const a = 3 * i;
    const xi = x[a];
    const yi = x[a + 1];
    const zi = x[a + 2];
    const vxi = vtmp[a];
    const vyi = vtmp[a + 1];
    const vzi = vtmp[a + 2];
    const vi = m / rho[i];
    let sx = 0;
    let sy = 0;
    let sz = 0;
    let wx = 0;
    let wy = 0;
    let wz = 0;
    for (let e = off[i]; e < off[i + 1]; e++) {
      const j = nbr[e];
      if (fluid[j] === 0) continue;
      const b = 3 * j;
      const dx = xi - x[b];
      const dy = yi - x[b + 1];
      const dz = zi - x[b + 2];
      const r2 = dx * dx + dy * dy + dz * dz;
      if (r2 >= h2) continue;
      const vj = m / rho[j];
      const ux = vtmp[b] - vxi;
      const uy = vtmp[b + 1] - vyi;
      const uz = vtmp[b + 2] - vzi;
      const q = h2 - r2;
      const w = c6 * q * q * q;
      sx += vj * w * ux;
      sy += vj * w * uy;
      sz += vj * w * uz;
      acc[b] -= vi * w * ux;
      acc[b + 1] -= vi * w * uy;
      acc[b + 2] -= vi * w * uz;
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
        omega[b] += vi * cx;
        omega[b + 1] += vi * cy;
        omega[b + 2] += vi * cz;
      }
    }
    acc[a] += sx;
    acc[a + 1] += sy;
    acc[a + 2] += sz;
    omega[a] += wx;
    omega[a + 1] += wy;
    omega[a + 2] += wz;
  }
  for (let q = 0; q < n; q++) {
    const s = fluidRanks[q];
    const a = o + 3 * order[s];
    v[a] = vtmp[3 * s] + xsph * acc[3 * s];
    v[a + 1] = vtmp[3 * s + 1] + xsph * acc[3 * s + 1];
    v[a + 2] = vtmp[3 * s + 2] + xsph * acc[3 * s + 2];
  }
  if (!vort) return;
  // η into acc
  acc.fill(0, 0, 3 * count);
  for (let i = 0; i < count; i++) {
    if (fluid[i] === 0) continue;
    const a = 3 * i;
    const xi = x[a];
    const yi = x[a + 1];
    const zi = x[a + 2];
    const oi0 = omega[a];
    const oi1 = omega[a + 1];
    const oi2 = omega[a + 2];
    const wi = (m / rho[i]) * Math.sqrt(oi0 * oi0 + oi1 * oi1 + oi2 * oi2);
    let ex = 0;
    let ey = 0;
    let ez = 0;
    for (let e = off[i]; e < off[i + 1]; e++) {
      const j = nbr[e];
      if (fluid[j] === 0) continue;
      const b = 3 * j;
      const dx = xi - x[b];
      const dy = yi - x[b + 1];
      const dz = zi - x[b + 2];
      const r2 = dx * dx + dy * dy + dz * dz;
      if (r2 >= h2) continue;
      const o0 = omega[b];
      const o1 = omega[b + 1];
      const o2 = omega[b + 2];
      const wj = (m / rho[j]) * Math.sqrt(o0 * o0 + o1 * o1 + o2 * o2);
      const r = Math.sqrt(r2);
      const hr = kh - r;
      const g = r > 0 ? (cs * hr * hr) / r : 0;
      ex += wj * g * dx;
      ey += wj * g * dy;
      ez += wj * g * dz;
      acc[b] -= wi * g * dx;
      acc[b + 1] -= wi * g * dy;
      acc[b + 2] -= wi * g * dz;
    }
    acc[a] += ex;
    acc[a + 1] += ey;
    acc[a + 2] += ez;
  }
  for (let q = 0; q < n; q++) {
    const i = fluidRanks[q];
    const a = o + 3 * order[i];
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

/**
 * One read of each array before a pass's loops: V8 checks an array's map and loads its length and
 * data pointer at the first access and does not hoist those out of a loop, so a parameter first read
 * inside the pair loop is checked at every pair; read once before, the checks inside are redundant.
 */
function touch(a: Int32Array, b: Float64Array, c: Float64Array): void {
  void (a[0] + b[0] + c[0]);
}

/** dst[0 .. count−1] = src[from .. from+count−1]. */
function copyRange(dst: Float64Array, src: Float64Array, from: number, count: number): void {
  for (let k = 0; k < count; k++) dst[k] = src[from + k];
}

/**
 * The pairs of the lists (off, nbr) closer than h (√p[15]) at the positions loc into (po, pairs);
 * returns their number (po[count], the caller's: nothing follows the loop, see NeighborSearch's
 * sortIntoCells). zk: 1 in space, 0 in the plane (the third number is the fluid flag).
 */
function cutToSupport(
  loc: Float64Array,
  off: Int32Array,
  nbr: Int32Array,
  count: number,
  zk: number,
  p: Float64Array,
  po: Int32Array,
  pairs: Int32Array,
): number {
  const h2 = p[15];
  let w = 0;
  for (let s = 0; s < count; s++) {
    po[s] = w;
    const xi = loc[3 * s];
    const yi = loc[3 * s + 1];
    const zi = loc[3 * s + 2];
    for (let e = off[s]; e < off[s + 1]; e++) {
      const t = nbr[e];
      const dx = xi - loc[3 * t];
      const dy = yi - loc[3 * t + 1];
      const dz = zk * (zi - loc[3 * t + 2]);
      if (dx * dx + dy * dy + dz * dz < h2) pairs[w++] = t;
    }
  }
  return w;
}
