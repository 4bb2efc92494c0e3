/**
 * Smoothed particle hydrodynamics in a box, 2D and 3D (textbook §26.4 "SPH"):
 * - 'wcsph': weakly compressible SPH after Müller, Charypar & Gross 2003 — poly6 density, the
 *   equation of state p = k(ρ − ρ0) (or Tait's p = B((ρ/ρ0)⁷ − 1), Becker & Teschner 2007), the
 *   symmetric pressure force f_i = −Σ_j m_j (p_i + p_j)/(2ρ_j) ∇W_spiky, viscosity through the
 *   viscosity kernel's Laplacian, symplectic Euler;
 * - 'dfsph': divergence-free SPH (Bender & Koschier 2015): a constant-density solve on the predicted
 *   velocities until the mean compression is under a tolerance, then a divergence-free solve after
 *   the positions moved; both are Jacobi iterations with the factor α_i, and their counts are reported
 *   (with whether each solve reached its tolerance); the density solve is warm-started (Bender &
 *   Koschier 2017), and `adaptiveSubsteps` keeps the substep under CFL and gravity bounds.
 * Walls are boundary particles (Akinci et al. 2012, see fluid-box.ts); optional cohesion-style surface
 * tension (Becker & Teschner 2007). Neighbours come from the shared neighbour search with a skin.
 */
import { assertFinite, PhysicsError } from '../core/errors.js';
import { checks } from '../core/validate.js';
import { NeighborSearch } from '../spatial/neighbor-search.js';
import { clampToBox, type DensityKernel, FluidBox, type FluidBoxOptions } from './fluid-box.js';
import type { SphKernels } from './kernels.js';
import { sphRestore, sphSnapshot, sphStateHash } from './sph-snapshot.js';

const api = checks('invalid-argument', { nonFinite: 'non-finite' });

/** The most substeps `adaptiveSubsteps` splits one step into. */
const MAX_ADAPTIVE_SUBSTEPS = 1000;

/** Which SPH solver steps the fluid. */
export type SphSolver = 'wcsph' | 'dfsph';

/** The equation of state of WCSPH. */
export type EquationOfState = 'linear' | 'tait';

/** Options of an {@link SphFluid} (the box set-up plus the solver's parameters). */
export interface SphOptions extends FluidBoxOptions {
  /** 'dfsph' (default) or 'wcsph' */
  solver?: SphSolver;
  /** density kernel: 'poly6' with spiky gradients (Müller 2003; WCSPH's default), 'cubic' (DFSPH's default) */
  kernel?: DensityKernel;
  /** gravity [gx, gy] or [gx, gy, gz] (default [0, −9.81(, 0)]) */
  gravity?: number[];
  /** WCSPH stiffness k in p = k(ρ − ρ0), m²/s² (the squared speed of sound; default 200 |g| · domain height) */
  stiffness?: number;
  /** WCSPH equation of state (default 'linear') */
  eos?: EquationOfState;
  /**
   * dynamic viscosity μ, Pa·s, through the viscosity kernel's Laplacian (default 0.05 in DFSPH; in WCSPH
   * 0.0125 ρ0 h √k, Monaghan's artificial viscosity with α = 0.1)
   */
  viscosity?: number;
  /** viscosity μ_b, Pa·s, between the fluid and the walls (no-slip friction; default 0: free-slip walls) */
  boundaryViscosity?: number;
  /** cohesion coefficient γ of the surface tension a_i = −γ Σ_j m_j W_ij x_ij (default 0: none) */
  surfaceTension?: number;
  /** substeps per `step(dt)` (default 4) */
  substeps?: number;
  /** DFSPH: largest mean compression (ρ − ρ0)/ρ0 the density solve accepts (default 0.001) */
  maxDensityError?: number;
  /** DFSPH: largest mean compression rate (Dρ/Dt)/ρ0 in 1/s the divergence solve accepts (default 0.3) */
  maxDivergenceError?: number;
  /** DFSPH: most iterations of each solve (default 100) */
  maxIterations?: number;
  /**
   * DFSPH: largest predicted compression of any one particle the density solve accepts (default: no
   * bound, the mean alone decides, as in Bender & Koschier 2015); at large steps the mean alone lets
   * the bottom rows of a tall column sink into the floor (see also `adaptiveSubsteps`)
   */
  maxPeakDensityError?: number;
  /**
   * DFSPH: start the density solve from half the last step's whole κ, applied where the advected
   * velocities compress (Bender & Koschier 2017; default true). The increments are kept ≥ 0, so the
   * halving is what lets an overshoot decay
   */
  warmStart?: boolean;
  /**
   * Split each `step(dt)` into more than `substeps` substeps where the motion needs it (default false):
   * the substep h is kept under the CFL bound 0.4 d / v_max (Monaghan 1992; Bender & Koschier 2015)
   * and under √(0.001 d / |g|), so that gravity's compression of one substep, |g| h², stays under 0.1%
   * of the spacing d (a tall column's density solve holds its bottom rows only then). The count
   * used is in `stats.substeps`.
   */
  adaptiveSubsteps?: boolean;
}

/** Numbers about the last step. */
export interface SphStats {
  /** mean compression max(ρ − ρ0, 0)/ρ0 over the fluid particles after the step */
  densityError: number;
  /** largest (ρ − ρ0)/ρ0 after the step */
  maxDensityError: number;
  /** DFSPH: density-solve iterations in the last step (all substeps) */
  densityIterations: number;
  /** DFSPH: divergence-solve iterations in the last step */
  divergenceIterations: number;
  /** particles put back into the box in the last step */
  clamped: number;
  /** neighbour-list builds in the last step */
  rebuilds: number;
  /** substeps of the last step (the `substeps` option, or more with `adaptiveSubsteps`) */
  substeps: number;
  /** DFSPH: whether every density and divergence solve of the last step reached its tolerance within `maxIterations` */
  converged: boolean;
}

/** An SPH fluid: boundary particles first (indices 0 .. boundaryCount−1), then the fluid particles. */
export class SphFluid {
  /** the solver */
  readonly solver: SphSolver;
  /** the set-up */
  readonly box: FluidBox;
  /** the kernels */
  readonly kernels: SphKernels;
  /** the fluid particle mass */
  readonly mass: number;
  /** 2 or 3 */
  readonly dim: 2 | 3;
  /** positions, stride 3, boundary first */
  x: Float64Array;
  /** velocities, stride 3 */
  v: Float64Array;
  /** densities */
  density: Float64Array;
  /** pressures (WCSPH: the equation of state; DFSPH: ρ_i times the summed κ of both solves) */
  pressure: Float64Array;
  /** number of boundary particles (the first ones) */
  readonly boundaryCount: number;
  /** number of fluid particles */
  fluidCount = 0;
  /** the neighbour search over all particles */
  readonly neighbors: NeighborSearch;
  /** the last step's numbers */
  readonly stats: SphStats = {
    densityError: 0,
    maxDensityError: 0,
    densityIterations: 0,
    divergenceIterations: 0,
    clamped: 0,
    rebuilds: 0,
    substeps: 0,
    converged: true,
  };
  private readonly clock = new Float64Array(1);
  private readonly gravity = new Float64Array(3);
  private readonly params: Float64Array;
  private readonly poly6: boolean;
  private readonly eosTait: boolean;
  private readonly substeps: number;
  private readonly maxIterations: number;
  private readonly warmStart: boolean;
  private readonly adaptive: boolean;
  /** |g|, for the adaptive substep bound */
  private readonly gravityNorm: number;
  /** per particle mass (boundary: ρ0 ψ_b) */
  private m: Float64Array;
  private acc: Float64Array;
  private alpha: Float64Array;
  private kappa: Float64Array;
  /** DFSPH warm start: the summed κ of the last density and divergence solves, per particle */
  private kappaRho: Float64Array;
  private kappaDiv: Float64Array;
  private work: Float64Array;
  private fresh = true;

  constructor(options: SphOptions) {
    const where = 'sph';
    this.box = new FluidBox(options, where);
    const o = options;
    this.solver =
      o.solver === undefined ? 'dfsph' : api.oneOf(o.solver, `${where}.solver`, ['wcsph', 'dfsph']);
    const dfsph = this.solver === 'dfsph';
    const kernel =
      o.kernel === undefined
        ? dfsph
          ? 'cubic'
          : 'poly6'
        : api.oneOf(o.kernel, `${where}.kernel`, ['poly6', 'cubic']);
    this.poly6 = kernel === 'poly6';
    this.dim = this.box.dim;
    this.kernels = this.box.kernels;
    const g = o.gravity ?? (this.dim === 3 ? [0, -9.81, 0] : [0, -9.81]);
    api.array(g, `${where}.gravity`, this.dim, this.dim);
    for (let k = 0; k < this.dim; k++) this.gravity[k] = api.number(g[k], `${where}.gravity[${k}]`);
    const height = this.box.hi[1] - this.box.lo[1];
    const gAbs = Math.sqrt(this.gravity[0] ** 2 + this.gravity[1] ** 2 + this.gravity[2] ** 2);
    const stiffness =
      api.optNumber(o as never, 'stiffness', where, { above: 0 }) ?? 200 * Math.max(gAbs, 1) * height;
    this.eosTait =
      (o.eos === undefined ? 'linear' : api.oneOf(o.eos, `${where}.eos`, ['linear', 'tait'])) === 'tait';
    // WCSPH's default is the shear viscosity of Monaghan's artificial viscosity with α = 0.1,
    // ν = α h c / 8 (c = √k): without it the stiff, explicit scheme boils
    const viscosity =
      api.optNumber(o as never, 'viscosity', where, { min: 0 }) ??
      (dfsph ? 0.05 : 0.0125 * this.box.restDensity * this.box.h * Math.sqrt(stiffness));
    const tension = api.optNumber(o as never, 'surfaceTension', where, { min: 0 }) ?? 0;
    const wallViscosity = api.optNumber(o as never, 'boundaryViscosity', where, { min: 0 }) ?? 0;
    this.substeps = api.optNumber(o as never, 'substeps', where, { min: 1, integer: true }) ?? 4;
    const maxRho = api.optNumber(o as never, 'maxDensityError', where, { above: 0 }) ?? 0.001;
    const maxDiv = api.optNumber(o as never, 'maxDivergenceError', where, { above: 0 }) ?? 0.3;
    this.maxIterations = api.optNumber(o as never, 'maxIterations', where, { min: 1, integer: true }) ?? 100;
    const maxPeak =
      api.optNumber(o as never, 'maxPeakDensityError', where, { above: 0 }) ?? Number.POSITIVE_INFINITY;
    this.warmStart = api.optBool(o as never, 'warmStart', where) ?? true;
    this.adaptive = api.optBool(o as never, 'adaptiveSubsteps', where) ?? false;
    this.gravityNorm = gAbs;
    // 0 stiffness, 1 viscosity, 2 tension, 3 max density error, 4 max divergence error, 5 wall viscosity,
    // 6 the substep h, 7 ρ0, 8 the last mean residual, 9 the last largest residual, 10 the peak
    // tolerance: the passes read their numbers from this array (a
    // double passed to or returned from a call V8 does not inline is boxed, one heap number per call)
    this.params = Float64Array.of(
      stiffness,
      viscosity,
      tension,
      maxRho,
      maxDiv,
      wallViscosity,
      0,
      0,
      0,
      0,
      maxPeak,
    );
    this.mass = this.box.particleMass(kernel);
    this.params[7] = this.box.restDensity;
    this.boundaryCount = this.box.boundaryCount;
    const cap = this.boundaryCount + 64;
    this.x = new Float64Array(3 * cap);
    this.v = new Float64Array(3 * cap);
    this.acc = new Float64Array(3 * cap);
    this.work = new Float64Array(3 * cap);
    this.density = new Float64Array(cap);
    this.pressure = new Float64Array(cap);
    this.alpha = new Float64Array(cap);
    this.kappa = new Float64Array(cap);
    this.kappaRho = new Float64Array(cap);
    this.kappaDiv = new Float64Array(cap);
    this.m = new Float64Array(cap);
    this.x.set(this.box.boundary);
    // ψ_b = the particle volume on the rest lattice, so with the lattice-calibrated mass m_b = ρ0 ψ_b = m
    this.m.fill(this.mass, 0, this.boundaryCount);
    this.density.fill(this.box.restDensity, 0, this.boundaryCount);
    this.neighbors = new NeighborSearch({ dim: this.dim, radius: this.box.h, skin: 0.25 * this.box.spacing });
  }

  /** Simulated time, s. */
  get time(): number {
    return this.clock[0];
  }

  /** The full state as snapshot bytes (particles/sph-snapshot.ts): a restored fluid continues bit-identically. */
  snapshot(): Uint8Array {
    return sphSnapshot(this);
  }

  /** Restores a snapshot into this fluid (built with the same options); a bad one throws `PhysicsError` and changes nothing. */
  restore(bytes: Uint8Array): void {
    sphRestore(this, bytes);
  }

  /** A 64-bit hash (16 hex digits) of the full state, bit for bit. */
  stateHash(): string {
    return sphStateHash(this);
  }

  /** Total number of particles (boundary + fluid). */
  get count(): number {
    return this.boundaryCount + this.fluidCount;
  }

  /** Index of fluid particle k in the arrays. */
  index(k: number): number {
    return this.boundaryCount + k;
  }

  /** Adds a fluid particle (rejected with a PhysicsError outside the domain or with non-finite input). */
  addParticle(x: number, y: number, z = 0, vx = 0, vy = 0, vz = 0): number {
    const k = this.fluidCount;
    const where = `sph.particles[${k}]`;
    this.box.checkInside(x, y, z, where);
    assertFinite(vx, `${where}.vx`);
    assertFinite(vy, `${where}.vy`);
    assertFinite(vz, `${where}.vz`);
    const i = this.boundaryCount + k;
    this.reserve(i + 1);
    this.x[3 * i] = x;
    this.x[3 * i + 1] = y;
    this.x[3 * i + 2] = this.dim === 3 ? z : 0;
    this.v[3 * i] = vx;
    this.v[3 * i + 1] = vy;
    this.v[3 * i + 2] = this.dim === 3 ? vz : 0;
    this.m[i] = this.mass;
    this.density[i] = this.box.restDensity;
    this.fluidCount = k + 1;
    this.fresh = true;
    return k;
  }

  /** Fills the box [min, max] with particles on the rest lattice (centres at min + (i + ½) d); returns how many. */
  addBlock(min: number[], max: number[]): number {
    const d = this.box.spacing;
    const n = [0, 0, 1];
    for (let k = 0; k < this.dim; k++) {
      const lo = api.number(min[k], `sph.addBlock.min[${k}]`);
      const hi = api.number(max[k], `sph.addBlock.max[${k}]`);
      n[k] = Math.max(0, Math.floor((hi - lo) / d + 1e-9));
    }
    let added = 0;
    for (let c = 0; c < n[2]; c++) {
      for (let b = 0; b < n[1]; b++) {
        for (let a = 0; a < n[0]; a++) {
          this.addParticle(
            min[0] + (a + 0.5) * d,
            min[1] + (b + 0.5) * d,
            this.dim === 3 ? min[2] + (c + 0.5) * d : 0,
          );
          added++;
        }
      }
    }
    return added;
  }

  private reserve(n: number): void {
    if (n <= this.m.length) return;
    let cap = this.m.length;
    while (cap < n) cap *= 2;
    const g = <T extends Float64Array>(a: T, size: number): T => {
      const b = new Float64Array(size) as T;
      b.set(a);
      return b;
    };
    this.x = g(this.x, 3 * cap);
    this.v = g(this.v, 3 * cap);
    this.acc = g(this.acc, 3 * cap);
    this.work = g(this.work, 3 * cap);
    this.density = g(this.density, cap);
    this.pressure = g(this.pressure, cap);
    this.alpha = g(this.alpha, cap);
    this.kappa = g(this.kappa, cap);
    this.kappaRho = g(this.kappaRho, cap);
    this.kappaDiv = g(this.kappaDiv, cap);
    this.m = g(this.m, cap);
  }

  /** Advances the fluid by `dt` in `substeps` equal substeps. */
  step(dt: number): void {
    if (!Number.isFinite(dt)) assertFinite(dt, 'sph.step.dt');
    if (dt <= 0) throw new PhysicsError('invalid-argument', `sph.step.dt: must be > 0, got ${dt}`);
    const st = this.stats;
    st.densityIterations = 0;
    st.divergenceIterations = 0;
    st.clamped = 0;
    const builds = this.neighbors.builds;
    const substeps = this.adaptive ? this.adaptiveCount(dt) : this.substeps;
    st.substeps = substeps;
    st.converged = true;
    this.params[6] = dt / substeps;
    for (let s = 0; s < substeps; s++) {
      if (this.solver === 'dfsph') this.substepDfsph();
      else this.substepWcsph();
    }
    st.rebuilds = this.neighbors.builds - builds;
    this.clock[0] += dt;
    this.measure();
  }

  /** The substep count that keeps h under the CFL and gravity bounds (see `adaptiveSubsteps`). */
  private adaptiveCount(dt: number): number {
    const d = this.box.spacing;
    const v = this.v;
    let v2 = 0;
    for (let q = 3 * this.boundaryCount; q < 3 * this.count; q += 3) {
      const s = v[q] * v[q] + v[q + 1] * v[q + 1] + v[q + 2] * v[q + 2];
      if (s > v2) v2 = s;
    }
    let hMax = v2 > 0 ? (0.4 * d) / Math.sqrt(v2) : Number.POSITIVE_INFINITY;
    if (this.gravityNorm > 0) hMax = Math.min(hMax, Math.sqrt((0.001 * d) / this.gravityNorm));
    const need = Math.ceil(dt / hMax);
    return Math.min(Math.max(this.substeps, need), MAX_ADAPTIVE_SUBSTEPS);
  }

  private updateNeighbors(): void {
    if (this.fresh) this.neighbors.invalidate();
    this.fresh = false;
    this.neighbors.update(this.x, 0, this.count);
  }

  /** ρ_i = Σ_j m_j W_ij over the fluid particles (and the pressure from the equation of state). */
  private computeDensities(): void {
    const nb = this.boundaryCount;
    densities(this.x, this.m, this.density, this.neighbors, this.kernels, this.poly6, nb, this.count);
  }

  private substepWcsph(): void {
    const sc = this.params;
    this.updateNeighbors();
    this.computeDensities();
    const nb = this.boundaryCount;
    const n = this.count;
    equationOfState(this.density, this.pressure, nb, n, sc, this.eosTait);
    this.nonPressure();
    wcsphPressure(
      this.x,
      this.m,
      this.density,
      this.pressure,
      this.acc,
      this.neighbors,
      this.kernels,
      this.poly6,
      nb,
      n,
    );
    integrate(this.x, this.v, this.acc, nb, n, sc);
    this.stats.clamped += clampToBox(this.x, this.v, nb, this.fluidCount, this.box.lo, this.box.hi, this.dim);
  }

  private substepDfsph(): void {
    const sc = this.params;
    const h = sc[6];
    const nb = this.boundaryCount;
    const n = this.count;
    const ns = this.neighbors;
    const k = this.kernels;
    if (this.fresh) {
      this.updateNeighbors();
      this.computeDensities();
      dfsphFactors(this.x, this.m, this.density, this.alpha, ns, k, this.poly6, nb, n);
    }
    this.nonPressure();
    // v* = v + h a
    const v = this.v;
    const a = this.acc;
    for (let q = 3 * nb; q < 3 * n; q++) v[q] += h * a[q];
    // constant density: iterate until the mean predicted compression is under the tolerance and no
    // particle's is over the peak tolerance; the increments are ≥ 0 (Bender & Koschier 2015: only
    // compression is corrected, so the free surface pulls nothing). Optionally warm-started with the
    // κ increments of the last solve; the divergence solve starts cold (warm-starting it measured
    // noisy: the resting tank boiled).
    const kr = this.kappaRho;
    const kd = this.kappaDiv;
    const p = this.pressure;
    if (this.warmStart) {
      // Bender & Koschier 2017's warm start: κ starts from the last step's total, here halved and only
      // where the advected velocities compress (predicted ρ* > ρ0, as in their reference code); the
      // solve's increments then add to it, so kr holds the step's whole κ for the next warm start
      predictDensity(
        this.x,
        v,
        this.m,
        this.density,
        this.alpha,
        this.kappa,
        ns,
        k,
        this.poly6,
        nb,
        n,
        sc,
        0,
      );
      const kap = this.kappa;
      for (let i = nb; i < n; i++) kr[i] = kap[i] > 0 ? 0.5 * kr[i] : 0;
      pressureVelocity(this.x, v, this.m, this.density, kr, null, ns, k, this.poly6, nb, n, sc);
    } else kr.fill(0, nb, n);
    p.fill(0, nb, n);
    const tolRho = this.params[3];
    const tolPeak = this.params[10];
    let it = 0;
    let err = Number.POSITIVE_INFINITY;
    sc[9] = Number.POSITIVE_INFINITY;
    while ((err > tolRho || sc[9] > tolPeak || it < 2) && it < this.maxIterations) {
      predictDensity(
        this.x,
        v,
        this.m,
        this.density,
        this.alpha,
        this.kappa,
        ns,
        k,
        this.poly6,
        nb,
        n,
        sc,
        0,
      );
      err = sc[8];
      pressureVelocity(this.x, v, this.m, this.density, this.kappa, kr, ns, k, this.poly6, nb, n, sc);
      it++;
    }
    this.stats.densityIterations += it;
    if (err > tolRho || sc[9] > tolPeak) this.stats.converged = false; // stopped by maxIterations
    integratePositions(this.x, v, nb, n, sc);
    this.stats.clamped += clampToBox(this.x, v, nb, this.fluidCount, this.box.lo, this.box.hi, this.dim);
    this.updateNeighbors();
    this.computeDensities();
    dfsphFactors(this.x, this.m, this.density, this.alpha, ns, k, this.poly6, nb, n);
    // divergence-free: iterate until the mean compression rate is under the tolerance
    kd.fill(0, nb, n);
    const tolDiv = this.params[4] * h;
    it = 0;
    err = Number.POSITIVE_INFINITY;
    while ((err > tolDiv || it < 1) && it < this.maxIterations) {
      predictDensity(
        this.x,
        v,
        this.m,
        this.density,
        this.alpha,
        this.kappa,
        ns,
        k,
        this.poly6,
        nb,
        n,
        sc,
        1,
      );
      err = sc[8];
      pressureVelocity(this.x, v, this.m, this.density, this.kappa, kd, ns, k, this.poly6, nb, n, sc);
      it++;
    }
    this.stats.divergenceIterations += it;
    if (err > tolDiv) this.stats.converged = false;
    for (let i = nb; i < n; i++) p[i] = this.density[i] * (p[i] + kr[i] + kd[i]);
  }

  /** Gravity, viscosity and surface tension into `acc`. */
  private nonPressure(): void {
    nonPressureForces(
      this.x,
      this.v,
      this.m,
      this.density,
      this.acc,
      this.neighbors,
      this.kernels,
      this.poly6,
      this.boundaryCount,
      this.count,
      this.gravity,
      this.params,
    );
  }

  private measure(): void {
    const nb = this.boundaryCount;
    const n = this.count;
    const rho0 = this.box.restDensity;
    if (this.solver === 'wcsph') {
      this.updateNeighbors();
      this.computeDensities();
    }
    let s = 0;
    let m = Number.NEGATIVE_INFINITY;
    for (let i = nb; i < n; i++) {
      const e = (this.density[i] - rho0) / rho0;
      if (e > 0) s += e;
      if (e > m) m = e;
    }
    this.stats.densityError = this.fluidCount > 0 ? s / this.fluidCount : 0;
    this.stats.maxDensityError = this.fluidCount > 0 ? m : 0;
    let sum = 0;
    for (let q = 3 * nb; q < 3 * n; q++) sum += this.x[q] + this.v[q];
    if (!Number.isFinite(sum)) {
      throw new PhysicsError(
        'diverged',
        `sph: particle state became non-finite at t = ${this.time} s (reduce dt or raise substeps)`,
      );
    }
  }
}

// ---------------------------------------------------------------- the passes, plain functions of arrays

/** ρ_i = m_i W(0) + Σ_j m_j W_ij for the fluid particles nb .. n−1. */
function densities(
  x: Float64Array,
  m: Float64Array,
  rho: Float64Array,
  ns: NeighborSearch,
  k: SphKernels,
  poly6: boolean,
  nb: number,
  n: number,
): void {
  const off = ns.offsets;
  const nbr = ns.neighbors;
  const h2 = k.h2;
  const c6 = k.poly6Constant;
  const cc = k.cubicConstant;
  const invH = k.invH;
  // W(0) without a call returning a double; both arms computed, so the merge is of two unboxed doubles
  const w0 = poly6 ? c6 * h2 * h2 * h2 : cc * 1;
  for (let i = nb; i < n; i++) {
    const xi = x[3 * i];
    const yi = x[3 * i + 1];
    const zi = x[3 * i + 2];
    let s = m[i] * w0;
    for (let e = off[i]; e < off[i + 1]; e++) {
      const j = nbr[e];
      const dx = xi - x[3 * j];
      const dy = yi - x[3 * j + 1];
      const dz = zi - x[3 * j + 2];
      const r2 = dx * dx + dy * dy + dz * dz;
      // SphKernels.poly6 / cubic written out (a double returned from a call that is not inlined is boxed)
      let w = 0;
      if (poly6) {
        if (r2 < h2) {
          const d = h2 - r2;
          w = c6 * d * d * d;
        }
      } else {
        const q = Math.sqrt(r2) * invH;
        if (q < 1) {
          if (q <= 0.5) w = cc * (6 * (q * q * q - q * q) + 1);
          else {
            const d = 1 - q;
            w = cc * 2 * d * d * d;
          }
        }
      }
      s += m[j] * w;
    }
    rho[i] = s;
  }
}

/**
 * The WCSPH equation of state: p = k(ρ − ρ0) ('linear', Müller et al. 2003), or Tait's
 * p = B((ρ/ρ0)⁷ − 1) with B = kρ0/7 so that dp/dρ = k at ρ0 ('tait', Becker & Teschner 2007).
 */
export function stateEquation(rho: number, rho0: number, stiffness: number, eos: EquationOfState): number {
  if (eos === 'tait') {
    const r = rho / rho0;
    const r2 = r * r;
    return ((stiffness * rho0) / 7) * (r2 * r2 * r2 * r - 1);
  }
  return stiffness * (rho - rho0);
}

/** p_i from the equation of state for the fluid particles; negative pressures are clamped to 0. */
function equationOfState(
  rho: Float64Array,
  p: Float64Array,
  nb: number,
  n: number,
  sc: Float64Array,
  tait: boolean,
): void {
  const eos: EquationOfState = tait ? 'tait' : 'linear';
  const stiffness = sc[0];
  const rho0 = sc[7];
  for (let i = nb; i < n; i++) {
    // stateEquation written out (a double returned from a call that is not inlined is boxed)
    let q: number;
    if (eos === 'tait') {
      const r = rho[i] / rho0;
      const r2 = r * r;
      q = ((stiffness * rho0) / 7) * (r2 * r2 * r2 * r - 1);
    } else q = stiffness * (rho[i] - rho0);
    p[i] = Math.max(q, 0);
  }
}

/**
 * a_i = g + (μ/ρ_i) Σ_j m_j (v_j − v_i)/ρ_j ∇²W_visc − γ Σ_j m_j W_ij x_ij over the fluid
 * neighbours, plus the walls' friction (μ_b/ρ_i) Σ_b m_b (0 − v_i)/ρ_i ∇²W_visc (no-slip when μ_b > 0).
 */
function nonPressureForces(
  x: Float64Array,
  v: Float64Array,
  m: Float64Array,
  rho: Float64Array,
  acc: Float64Array,
  ns: NeighborSearch,
  k: SphKernels,
  poly6: boolean,
  nb: number,
  n: number,
  g: Float64Array,
  sc: Float64Array,
): void {
  const mu = sc[1];
  const gamma = sc[2];
  const muWall = sc[5];
  const off = ns.offsets;
  const nbr = ns.neighbors;
  const h = k.h;
  const h2 = k.h2;
  const vc = k.viscosityConstant;
  const c6 = k.poly6Constant;
  const cc = k.cubicConstant;
  const invH = k.invH;
  for (let i = nb; i < n; i++) {
    const xi = x[3 * i];
    const yi = x[3 * i + 1];
    const zi = x[3 * i + 2];
    const vxi = v[3 * i];
    const vyi = v[3 * i + 1];
    const vzi = v[3 * i + 2];
    let ax = 0;
    let ay = 0;
    let az = 0;
    let tx = 0;
    let ty = 0;
    let tz = 0;
    let bw = 0;
    for (let e = off[i]; e < off[i + 1]; e++) {
      const j = nbr[e];
      if (j < nb) {
        if (muWall > 0) {
          const dx = xi - x[3 * j];
          const dy = yi - x[3 * j + 1];
          const dz = zi - x[3 * j + 2];
          // SphKernels.viscosityLaplacian written out (no double returned from a call)
          const r = Math.sqrt(dx * dx + dy * dy + dz * dz);
          bw += m[j] * (r >= h ? 0 : vc * (h - r));
        }
        continue;
      }
      const dx = xi - x[3 * j];
      const dy = yi - x[3 * j + 1];
      const dz = zi - x[3 * j + 2];
      const r2 = dx * dx + dy * dy + dz * dz;
      const r = Math.sqrt(r2);
      if (r >= h) continue;
      const lap = (m[j] / rho[j]) * (vc * (h - r)); // r < h here
      ax += lap * (v[3 * j] - vxi);
      ay += lap * (v[3 * j + 1] - vyi);
      az += lap * (v[3 * j + 2] - vzi);
      if (gamma > 0) {
        let wk = 0;
        if (poly6) {
          if (r2 < h2) {
            const d = h2 - r2;
            wk = c6 * d * d * d;
          }
        } else {
          const q = r * invH;
          if (q < 1) {
            if (q <= 0.5) wk = cc * (6 * (q * q * q - q * q) + 1);
            else {
              const d = 1 - q;
              wk = cc * 2 * d * d * d;
            }
          }
        }
        const w = m[j] * wk;
        tx += w * dx;
        ty += w * dy;
        tz += w * dz;
      }
    }
    const s = mu / rho[i];
    const sw = (muWall * bw) / (rho[i] * rho[i]);
    acc[3 * i] = g[0] + s * ax - gamma * tx - sw * vxi;
    acc[3 * i + 1] = g[1] + s * ay - gamma * ty - sw * vyi;
    acc[3 * i + 2] = g[2] + s * az - gamma * tz - sw * vzi;
  }
}

/**
 * acc_i += −Σ_j m_j (p_i + p_j)/(2 ρ_i ρ_j) ∇W_ij (Müller et al. 2003's symmetric force over ρ_i);
 * a boundary neighbour mirrors the fluid particle's pressure and density (p_b = p_i, ρ_b = ρ_i).
 */
function wcsphPressure(
  x: Float64Array,
  m: Float64Array,
  rho: Float64Array,
  p: Float64Array,
  acc: Float64Array,
  ns: NeighborSearch,
  k: SphKernels,
  poly6: boolean,
  nb: number,
  n: number,
): void {
  const off = ns.offsets;
  const nbr = ns.neighbors;
  // the gradient kernels written out: a call per pair returning a double measured several times slower
  const kh = k.h;
  const kinv = 1 / k.h;
  const ks = -3 * k.spikyConstant;
  const kc = (6 * k.cubicConstant) / k.h;
  for (let i = nb; i < n; i++) {
    const xi = x[3 * i];
    const yi = x[3 * i + 1];
    const zi = x[3 * i + 2];
    const pi = p[i];
    const ri = rho[i];
    let ax = 0;
    let ay = 0;
    let az = 0;
    for (let e = off[i]; e < off[i + 1]; e++) {
      const j = nbr[e];
      const dx = xi - x[3 * j];
      const dy = yi - x[3 * j + 1];
      const dz = zi - x[3 * j + 2];
      const r = Math.sqrt(dx * dx + dy * dy + dz * dz);
      let gr = 0;
      if (r < kh && r > 0) {
        if (poly6) {
          const hr = kh - r;
          gr = (ks * hr * hr) / r;
        } else {
          const q = r * kinv;
          if (q <= 0.5) gr = (kc * q * (3 * q - 2)) / r;
          else {
            const dq = 1 - q;
            gr = (-kc * dq * dq) / r;
          }
        }
      }
      if (gr === 0) continue;
      const c = j < nb ? (m[j] * pi) / (ri * ri) : (m[j] * (pi + p[j])) / (2 * ri * rho[j]);
      ax += c * gr * dx;
      ay += c * gr * dy;
      az += c * gr * dz;
    }
    acc[3 * i] -= ax;
    acc[3 * i + 1] -= ay;
    acc[3 * i + 2] -= az;
  }
}

/** Symplectic Euler: v += h a, x += h v. */
function integrate(
  x: Float64Array,
  v: Float64Array,
  a: Float64Array,
  nb: number,
  n: number,
  sc: Float64Array,
): void {
  const h = sc[6];
  for (let q = 3 * nb; q < 3 * n; q++) {
    v[q] += h * a[q];
    x[q] += h * v[q];
  }
}

function integratePositions(x: Float64Array, v: Float64Array, nb: number, n: number, sc: Float64Array): void {
  const h = sc[6];
  for (let q = 3 * nb; q < 3 * n; q++) x[q] += h * v[q];
}

/**
 * DFSPH's factor α_i = ρ_i / (|Σ_j m_j ∇W_ij|² + Σ_{j fluid} |m_j ∇W_ij|²), the sums over fluid and
 * boundary neighbours (0 for a lone particle).
 */
function dfsphFactors(
  x: Float64Array,
  m: Float64Array,
  rho: Float64Array,
  alpha: Float64Array,
  ns: NeighborSearch,
  k: SphKernels,
  poly6: boolean,
  nb: number,
  n: number,
): void {
  const off = ns.offsets;
  const nbr = ns.neighbors;
  // the gradient kernels written out: a call per pair returning a double measured several times slower
  const kh = k.h;
  const kinv = 1 / k.h;
  const ks = -3 * k.spikyConstant;
  const kc = (6 * k.cubicConstant) / k.h;
  for (let i = nb; i < n; i++) {
    const xi = x[3 * i];
    const yi = x[3 * i + 1];
    const zi = x[3 * i + 2];
    let gx = 0;
    let gy = 0;
    let gz = 0;
    let sq = 0;
    for (let e = off[i]; e < off[i + 1]; e++) {
      const j = nbr[e];
      const dx = xi - x[3 * j];
      const dy = yi - x[3 * j + 1];
      const dz = zi - x[3 * j + 2];
      const r = Math.sqrt(dx * dx + dy * dy + dz * dz);
      let gr = 0;
      if (r < kh && r > 0) {
        if (poly6) {
          const hr = kh - r;
          gr = (ks * hr * hr) / r;
        } else {
          const q = r * kinv;
          if (q <= 0.5) gr = (kc * q * (3 * q - 2)) / r;
          else {
            const dq = 1 - q;
            gr = (-kc * dq * dq) / r;
          }
        }
      }
      const c = m[j] * gr;
      if (c === 0) continue;
      gx += c * dx;
      gy += c * dy;
      gz += c * dz;
      if (j >= nb) sq += c * c * (dx * dx + dy * dy + dz * dz);
    }
    const d = gx * gx + gy * gy + gz * gz + sq;
    alpha[i] = d > 1e-9 ? rho[i] / d : 0;
  }
}

/**
 * One DFSPH residual: the density change rate Dρ_i/Dt = Σ_j m_j (v_i − v_j)·∇W_ij, then
 * mode 0 (constant density): the predicted compression ρ*_i − ρ0 = ρ_i + h Dρ_i/Dt − ρ0 and
 * κ_i = max(ρ*_i − ρ0, 0)/h² α_i; mode 1 (divergence-free): κ_i = max(Dρ_i/Dt, 0)/h α_i.
 * Writes the mean positive residual over ρ0 into sc[8] (compression for mode 0, per step for mode 1)
 * and, for mode 0, the largest compression over ρ0 into sc[9].
 */
function predictDensity(
  x: Float64Array,
  v: Float64Array,
  m: Float64Array,
  rho: Float64Array,
  alpha: Float64Array,
  kappa: Float64Array,
  ns: NeighborSearch,
  k: SphKernels,
  poly6: boolean,
  nb: number,
  n: number,
  sc: Float64Array,
  mode: number,
): void {
  const h = sc[6];
  const rho0 = sc[7];
  const off = ns.offsets;
  const nbr = ns.neighbors;
  // the gradient kernels written out: a call per pair returning a double measured several times slower
  const kh = k.h;
  const kinv = 1 / k.h;
  const ks = -3 * k.spikyConstant;
  const kc = (6 * k.cubicConstant) / k.h;
  let err = 0;
  let worst = 0;
  for (let i = nb; i < n; i++) {
    const xi = x[3 * i];
    const yi = x[3 * i + 1];
    const zi = x[3 * i + 2];
    const vxi = v[3 * i];
    const vyi = v[3 * i + 1];
    const vzi = v[3 * i + 2];
    let dr = 0;
    for (let e = off[i]; e < off[i + 1]; e++) {
      const j = nbr[e];
      const dx = xi - x[3 * j];
      const dy = yi - x[3 * j + 1];
      const dz = zi - x[3 * j + 2];
      const r = Math.sqrt(dx * dx + dy * dy + dz * dz);
      let gr = 0;
      if (r < kh && r > 0) {
        if (poly6) {
          const hr = kh - r;
          gr = (ks * hr * hr) / r;
        } else {
          const q = r * kinv;
          if (q <= 0.5) gr = (kc * q * (3 * q - 2)) / r;
          else {
            const dq = 1 - q;
            gr = (-kc * dq * dq) / r;
          }
        }
      }
      const c = m[j] * gr;
      if (c === 0) continue;
      dr += c * ((vxi - v[3 * j]) * dx + (vyi - v[3 * j + 1]) * dy + (vzi - v[3 * j + 2]) * dz);
    }
    let inc: number;
    if (mode === 0) {
      const res = rho[i] + h * dr - rho0;
      inc = (res / (h * h)) * alpha[i];
      if (res > 0) err += res;
      if (res > worst) worst = res;
    } else {
      inc = (dr / h) * alpha[i];
      if (dr > 0) err += h * dr;
    }
    kappa[i] = Math.max(inc, 0);
  }
  sc[8] = n > nb ? err / ((n - nb) * rho0) : 0;
  sc[9] = worst / rho0;
}

/**
 * v_i −= h Σ_j m_j (κ_i/ρ_i + κ_j/ρ_j) ∇W_ij (a boundary neighbour: κ_i/ρ_i, Akinci 2012), Jacobi: every
 * κ was computed from the same velocities. The κ sum per particle is added to `psum` (not for the
 * warm start, which applies the last sums themselves).
 */
function pressureVelocity(
  x: Float64Array,
  v: Float64Array,
  m: Float64Array,
  rho: Float64Array,
  kappa: Float64Array,
  psum: Float64Array | null,
  ns: NeighborSearch,
  k: SphKernels,
  poly6: boolean,
  nb: number,
  n: number,
  sc: Float64Array,
): void {
  const h = sc[6];
  const off = ns.offsets;
  const nbr = ns.neighbors;
  // the gradient kernels written out: a call per pair returning a double measured several times slower
  const kh = k.h;
  const kinv = 1 / k.h;
  const ks = -3 * k.spikyConstant;
  const kc = (6 * k.cubicConstant) / k.h;
  for (let i = nb; i < n; i++) {
    const xi = x[3 * i];
    const yi = x[3 * i + 1];
    const zi = x[3 * i + 2];
    const ki = kappa[i] / rho[i];
    let ax = 0;
    let ay = 0;
    let az = 0;
    for (let e = off[i]; e < off[i + 1]; e++) {
      const j = nbr[e];
      const dx = xi - x[3 * j];
      const dy = yi - x[3 * j + 1];
      const dz = zi - x[3 * j + 2];
      const r = Math.sqrt(dx * dx + dy * dy + dz * dz);
      let gr = 0;
      if (r < kh && r > 0) {
        if (poly6) {
          const hr = kh - r;
          gr = (ks * hr * hr) / r;
        } else {
          const q = r * kinv;
          if (q <= 0.5) gr = (kc * q * (3 * q - 2)) / r;
          else {
            const dq = 1 - q;
            gr = (-kc * dq * dq) / r;
          }
        }
      }
      if (gr === 0) continue;
      const c = m[j] * gr * (j < nb ? ki : ki + kappa[j] / rho[j]);
      ax += c * dx;
      ay += c * dy;
      az += c * dz;
    }
    // κ_j of a neighbour must be this iteration's for every i: write velocities into v only after
    // all κ were computed (they were, in predictDensity), so updating v in place here is Jacobi.
    v[3 * i] -= h * ax;
    v[3 * i + 1] -= h * ay;
    v[3 * i + 2] -= h * az;
    if (psum !== null) psum[i] += kappa[i];
  }
}
