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
  private lambda = new Float64Array(0);
  private delta = new Float64Array(0);
  private vtmp = new Float64Array(0);
  private omega = new Float64Array(0);
  private all = new Float64Array(0);
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
    const d = new Float64Array(cap);
    d.set(this.density);
    this.density = d;
    this.delta = new Float64Array(3 * cap);
    this.vtmp = new Float64Array(3 * cap);
    this.omega = new Float64Array(3 * cap);
    const all = new Float64Array(3 * (cap + nb));
    this.all = all;
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
  }

  /** One Jacobi sweep of every density constraint of the set (start/end cover the whole set). */
  solve(ctx: SolveContext, _order: Int32Array | null, _start: number, _end: number): void {
    const n = this.count;
    if (n === 0) return;
    // the fluid's current positions next to the boundary's: one array for every neighbour
    const all = this.all;
    const x = ctx.x;
    const o = 3 * this.first;
    for (let q = 0; q < 3 * n; q++) all[q] = x[o + q];
    pbfLambdas(
      all,
      this.neighbors,
      n,
      this.kernels,
      this.mass,
      this.box.restDensity,
      this.params[0],
      this.density,
      this.lambda,
    );
    pbfDeltas(
      all,
      this.neighbors,
      n,
      this.kernels,
      this.mass / this.box.restDensity,
      this.lambda,
      this.params,
      this.delta,
    );
    applyDeltas(
      ctx.x,
      ctx.dx,
      this.first,
      n,
      this.delta,
      this.box.lo,
      this.box.hi,
      this.box.dim,
      this.box.openTop,
    );
  }

  /** After the velocity update: XSPH viscosity, then vorticity confinement (when on). */
  velocityPass(ctx: SolveContext): void {
    const n = this.count;
    if (n === 0) return;
    const p = this.params;
    if (p[4] > 0 || p[5] > 0) {
      pbfVelocity(
        ctx.x,
        ctx.v,
        this.first,
        n,
        this.neighbors,
        this.kernels,
        this.mass,
        this.density,
        p[4],
        p[5],
        ctx.h,
        this.vtmp,
        this.omega,
      );
    }
  }

  /** Mean compression max(ρ − ρ0, 0)/ρ0 over the fluid at the current positions (allocation-free). */
  densityError(): number {
    const n = this.count;
    if (n === 0) return 0;
    this.resetLambda();
    const all = this.all;
    const x = this.particles.x;
    const o = 3 * this.first;
    for (let q = 0; q < 3 * n; q++) all[q] = x[o + q];
    pbfLambdas(
      all,
      this.neighbors,
      n,
      this.kernels,
      this.mass,
      this.box.restDensity,
      this.params[0],
      this.density,
      this.lambda,
    );
    const rho0 = this.box.restDensity;
    let s = 0;
    for (let i = 0; i < n; i++) {
      const e = this.density[i] / rho0 - 1;
      if (e > 0) s += e;
    }
    return s / n;
  }
}

/** ρ_i = Σ_j m W_poly6 (self and boundary included), C_i = max(ρ_i/ρ0 − 1, 0), λ_i = −C_i/(Σ|∇C|² + ε). */
function pbfLambdas(
  x: Float64Array,
  ns: NeighborSearch,
  n: number,
  k: SphKernels,
  m: number,
  rho0: number,
  eps: number,
  rho: Float64Array,
  lambda: Float64Array,
): void {
  const off = ns.offsets;
  const nbr = ns.neighbors;
  const w0 = k.poly6(0);
  const c = m / rho0;
  // the kernels written out (poly6 density, spiky gradient): a call per pair measured 5× slower
  const h = k.h;
  const h2 = k.h2;
  const c6 = k.poly6Constant;
  const cs = -3 * k.spikyConstant * c;
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
      if (r2 >= h2) continue;
      const q = h2 - r2;
      s += q * q * q;
      const r = Math.sqrt(r2);
      const hr = h - r;
      const g = r > 0 ? (cs * hr * hr) / r : 0;
      gx += g * dx;
      gy += g * dy;
      gz += g * dz;
      if (j < n) sq += g * g * r2;
    }
    const density = m * (w0 + c6 * s);
    rho[i] = density;
    const C = density / rho0 - 1;
    lambda[i] = C > 0 ? -C / (gx * gx + gy * gy + gz * gz + sq + eps) : 0;
  }
}

/** Δx_i = (m/ρ0) Σ_j (λ_i + λ_j + s_corr) ∇W_spiky (boundary neighbours: λ_j = 0, no s_corr). */
function pbfDeltas(
  x: Float64Array,
  ns: NeighborSearch,
  n: number,
  k: SphKernels,
  c: number,
  lambda: Float64Array,
  p: Float64Array,
  delta: Float64Array,
): void {
  const off = ns.offsets;
  const nbr = ns.neighbors;
  const kc = p[1];
  const exponent = p[2];
  const invWq = p[3];
  const h = k.h;
  const h2 = k.h2;
  const c6 = k.poly6Constant * invWq;
  const cs = -3 * k.spikyConstant;
  for (let i = 0; i < n; i++) {
    const xi = x[3 * i];
    const yi = x[3 * i + 1];
    const zi = x[3 * i + 2];
    const li = lambda[i];
    let sx = 0;
    let sy = 0;
    let sz = 0;
    for (let e = off[i]; e < off[i + 1]; e++) {
      const j = nbr[e];
      const dx = xi - x[3 * j];
      const dy = yi - x[3 * j + 1];
      const dz = zi - x[3 * j + 2];
      let l = j < n ? li + lambda[j] : li;
      const r2 = dx * dx + dy * dy + dz * dz;
      if (r2 >= h2) continue;
      if (j < n && kc > 0) {
        const w = h2 - r2;
        const q = c6 * w * w * w; // W(r)/W(Δq)
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
      const r = Math.sqrt(r2);
      const hr = h - r;
      const g = r > 0 ? (l * cs * hr * hr) / r : 0;
      sx += g * dx;
      sy += g * dy;
      sz += g * dz;
    }
    delta[3 * i] = c * sx;
    delta[3 * i + 1] = c * sy;
    delta[3 * i + 2] = c * sz;
  }
}

/** Adds Δx into dx (x itself in Gauss–Seidel), keeping the particles inside the box. */
function applyDeltas(
  x: Float64Array,
  dx: Float64Array,
  first: number,
  n: number,
  delta: Float64Array,
  lo: Float64Array,
  hi: Float64Array,
  dim: number,
  openTop: boolean,
): void {
  for (let i = 0; i < n; i++) {
    const a = 3 * (first + i);
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
 * η_i = Σ_j (m/ρ_j)|ω_j| ∇W_ij, N = η/|η|, v_i += h ε (N × ω_i). Both read the old velocities.
 */
function pbfVelocity(
  x: Float64Array,
  v: Float64Array,
  first: number,
  n: number,
  ns: NeighborSearch,
  k: SphKernels,
  m: number,
  rho: Float64Array,
  xsph: number,
  eps: number,
  h: number,
  vtmp: Float64Array,
  omega: Float64Array,
): void {
  const off = ns.offsets;
  const nbr = ns.neighbors;
  const o = 3 * first;
  for (let q = 0; q < 3 * n; q++) vtmp[q] = v[o + q];
  for (let i = 0; i < n; i++) {
    const a = o + 3 * i;
    const xi = x[a];
    const yi = x[a + 1];
    const zi = x[a + 2];
    const vxi = vtmp[3 * i];
    const vyi = vtmp[3 * i + 1];
    const vzi = vtmp[3 * i + 2];
    let sx = 0;
    let sy = 0;
    let sz = 0;
    let wx = 0;
    let wy = 0;
    let wz = 0;
    for (let e = off[i]; e < off[i + 1]; e++) {
      const j = nbr[e];
      if (j >= n) continue;
      const b = o + 3 * j;
      const dx = xi - x[b];
      const dy = yi - x[b + 1];
      const dz = zi - x[b + 2];
      const r2 = dx * dx + dy * dy + dz * dz;
      if (r2 >= k.h2) continue;
      const vol = m / rho[j];
      const ux = vtmp[3 * j] - vxi;
      const uy = vtmp[3 * j + 1] - vyi;
      const uz = vtmp[3 * j + 2] - vzi;
      const w = vol * k.poly6(r2);
      sx += w * ux;
      sy += w * uy;
      sz += w * uz;
      if (eps > 0) {
        const g = vol * k.spikyGrad(Math.sqrt(r2));
        const gx = g * dx;
        const gy = g * dy;
        const gz = g * dz;
        wx += uy * gz - uz * gy;
        wy += uz * gx - ux * gz;
        wz += ux * gy - uy * gx;
      }
    }
    v[a] = vxi + xsph * sx;
    v[a + 1] = vyi + xsph * sy;
    v[a + 2] = vzi + xsph * sz;
    omega[3 * i] = wx;
    omega[3 * i + 1] = wy;
    omega[3 * i + 2] = wz;
  }
  if (eps <= 0) return;
  for (let i = 0; i < n; i++) {
    const a = o + 3 * i;
    const xi = x[a];
    const yi = x[a + 1];
    const zi = x[a + 2];
    let ex = 0;
    let ey = 0;
    let ez = 0;
    for (let e = off[i]; e < off[i + 1]; e++) {
      const j = nbr[e];
      if (j >= n) continue;
      const b = o + 3 * j;
      const dx = xi - x[b];
      const dy = yi - x[b + 1];
      const dz = zi - x[b + 2];
      const r2 = dx * dx + dy * dy + dz * dz;
      if (r2 >= k.h2) continue;
      const o0 = omega[3 * j];
      const o1 = omega[3 * j + 1];
      const o2 = omega[3 * j + 2];
      const wj = Math.sqrt(o0 * o0 + o1 * o1 + o2 * o2);
      const g = (m / rho[j]) * wj * k.spikyGrad(Math.sqrt(r2));
      ex += g * dx;
      ey += g * dy;
      ez += g * dz;
    }
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
