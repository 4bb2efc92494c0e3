/**
 * Advection, step 2 of Stable Fluids (seed §26.4): ∂s/∂t = −(u·∇)s.
 *
 * - 'semi-lagrangian' (Stam 1999): trace back from each sample point along the velocity,
 *   x − h·u(x), and interpolate the old field there. Every new value is an interpolation of old
 *   values, so it can never leave their range: stable for any time step ("此の段階が爆発出来ない").
 * - 'maccormack' (Selle, Fedkiw, Kim, Liu, Rossignac 2008): a forward semi-Lagrangian step, a
 *   backward one from its result, half the round-trip error added back — second order, much less
 *   numerical dissipation — and a limiter that clamps each new value into the range of the old
 *   samples the forward step mixed, so it stays bounded like the plain step.
 * - 'upwind' (scalars only): the explicit first-order upwind difference in flux form,
 *   sᵢ ← sᵢ − (uh)(sᵢ − sᵢ₋₁) for u > 0; needs the CFL condition u·dt/Δx ≤ 1 and produces
 *   negative smoke and growing spikes beyond it (the seed's uh = 2.6 row).
 *
 * Velocities are stored in metres per second on the faces; positions are in metres.
 */
import { PhysicsError } from '../errors.js';
import type { MacGrid } from './mac-grid.js';
import { sampleCubic2, sampleLinear2, sampleLinear3, stencilRange2, stencilRange3 } from './sampling.js';

export type ScalarAdvectionScheme = 'semi-lagrangian' | 'maccormack' | 'upwind';
export type VelocityAdvectionScheme = 'semi-lagrangian' | 'maccormack';
export type Interpolation = 'linear' | 'cubic';
export type Backtrace = 'euler' | 'rk2';

export interface AdvectionOptions {
  /** default 'semi-lagrangian' */
  scheme?: ScalarAdvectionScheme;
  /** 'linear' (bi/trilinear, default) or 'cubic' (monotone bicubic, 2D only) */
  interpolation?: Interpolation;
  /** 'euler' (the seed's x − h u(x)) or 'rk2' (midpoint, the default) */
  backtrace?: Backtrace;
}

export class Advector {
  readonly grid: MacGrid;
  // velocity the backtrace reads (the grid's own arrays, or a snapshot while advecting velocity)
  private vu: Float64Array;
  private vv: Float64Array;
  private vw: Float64Array;
  private readonly u0: Float64Array;
  private readonly v0: Float64Array;
  private readonly w0: Float64Array;
  private readonly hat: Float64Array;
  private readonly tilde: Float64Array;
  private readonly vel = new Float64Array(3);
  private readonly pos = new Float64Array(3);
  private readonly range = new Float64Array(2);
  private rk2 = true;

  constructor(grid: MacGrid) {
    this.grid = grid;
    this.vu = grid.u;
    this.vv = grid.v;
    this.vw = grid.w;
    this.u0 = new Float64Array(grid.u.length);
    this.v0 = new Float64Array(grid.v.length);
    this.w0 = new Float64Array(grid.w.length);
    const biggest = Math.max(grid.u.length, grid.v.length, grid.w.length, grid.cellCount);
    this.hat = new Float64Array(biggest);
    this.tilde = new Float64Array(biggest);
  }

  /** Velocity at world point (x, y, z) into this.vel (bi/trilinear from the staggered faces). */
  private velocityAt(x: number, y: number, z: number): void {
    const g = this.grid;
    const inv = 1 / g.h;
    const gx = x * inv;
    const gy = y * inv;
    if (g.dim === 2) {
      this.vel[0] = sampleLinear2(this.vu, g.nx + 1, g.ny, gx, gy - 0.5);
      this.vel[1] = sampleLinear2(this.vv, g.nx, g.ny + 1, gx - 0.5, gy);
      this.vel[2] = 0;
    } else {
      const gz = z * inv;
      this.vel[0] = sampleLinear3(this.vu, g.nx + 1, g.ny, g.nz, gx, gy - 0.5, gz - 0.5);
      this.vel[1] = sampleLinear3(this.vv, g.nx, g.ny + 1, g.nz, gx - 0.5, gy, gz - 0.5);
      this.vel[2] = sampleLinear3(this.vw, g.nx, g.ny, g.nz + 1, gx - 0.5, gy - 0.5, gz);
    }
  }

  /** Where the fluid at (x, y, z) came from dt seconds ago, into this.pos. */
  private backtrace(x: number, y: number, z: number, dt: number): void {
    this.velocityAt(x, y, z);
    if (this.rk2) {
      const mx = x - 0.5 * dt * this.vel[0]!;
      const my = y - 0.5 * dt * this.vel[1]!;
      const mz = z - 0.5 * dt * this.vel[2]!;
      this.velocityAt(mx, my, mz);
    }
    this.pos[0] = x - dt * this.vel[0]!;
    this.pos[1] = y - dt * this.vel[1]!;
    this.pos[2] = z - dt * this.vel[2]!;
  }

  /**
   * One semi-Lagrangian pass over a staggered field of sx × sy × sz samples whose sample (a,b,c)
   * sits at ((a+ox)h, (b+oy)h, (c+oz)h). With `limitSrc` set it instead applies the MacCormack
   * correction dst = hat + ½(limitSrc − tilde), clamped to the old samples' range.
   */
  private pass(
    src: Float64Array,
    dst: Float64Array,
    sx: number,
    sy: number,
    sz: number,
    ox: number,
    oy: number,
    oz: number,
    dt: number,
    cubic: boolean,
    correct: boolean,
  ): void {
    const g = this.grid;
    const h = g.h;
    const inv = 1 / h;
    const three = g.dim === 3;
    const hat = this.hat;
    const tilde = this.tilde;
    for (let c = 0; c < sz; c++) {
      const z = three ? (c + oz) * h : 0;
      for (let b = 0; b < sy; b++) {
        const y = (b + oy) * h;
        const row = sx * (b + sy * c);
        for (let a = 0; a < sx; a++) {
          const x = (a + ox) * h;
          this.backtrace(x, y, z, dt);
          const gx = this.pos[0]! * inv - ox;
          const gy = this.pos[1]! * inv - oy;
          const idx = row + a;
          if (!correct) {
            if (three) dst[idx] = sampleLinear3(src, sx, sy, sz, gx, gy, this.pos[2]! * inv - oz);
            else if (cubic) dst[idx] = sampleCubic2(src, sx, sy, gx, gy);
            else dst[idx] = sampleLinear2(src, sx, sy, gx, gy);
          } else {
            let val = hat[idx]! + 0.5 * (src[idx]! - tilde[idx]!);
            if (three) stencilRange3(src, sx, sy, sz, gx, gy, this.pos[2]! * inv - oz, this.range);
            else stencilRange2(src, sx, sy, gx, gy, this.range);
            if (val < this.range[0]!) val = this.range[0]!;
            else if (val > this.range[1]!) val = this.range[1]!;
            dst[idx] = val;
          }
        }
      }
    }
  }

  private advectStaggered(
    src: Float64Array,
    dst: Float64Array,
    sx: number,
    sy: number,
    sz: number,
    ox: number,
    oy: number,
    oz: number,
    dt: number,
    scheme: VelocityAdvectionScheme,
    cubic: boolean,
  ): void {
    if (scheme === 'semi-lagrangian') {
      this.pass(src, dst, sx, sy, sz, ox, oy, oz, dt, cubic, false);
      return;
    }
    const n = sx * sy * sz;
    const hat = this.hat.subarray(0, n);
    const tilde = this.tilde.subarray(0, n);
    this.pass(src, hat, sx, sy, sz, ox, oy, oz, dt, cubic, false);
    this.pass(hat, tilde, sx, sy, sz, ox, oy, oz, -dt, cubic, false);
    this.pass(src, dst, sx, sy, sz, ox, oy, oz, dt, cubic, true);
  }

  private configure(options: AdvectionOptions): boolean {
    this.rk2 = (options.backtrace ?? 'rk2') === 'rk2';
    const cubic = (options.interpolation ?? 'linear') === 'cubic';
    if (cubic && this.grid.dim === 3) {
      throw new PhysicsError('invalid-argument', `advection.interpolation: 'cubic' is 2D only`);
    }
    return cubic;
  }

  /**
   * Advects a cell-centred scalar `src` into `dst` (distinct arrays) through the grid's current
   * velocity for dt seconds. Solid cells get 0.
   */
  advectScalar(src: Float64Array, dst: Float64Array, dt: number, options: AdvectionOptions = {}): void {
    const g = this.grid;
    const cubic = this.configure(options);
    this.vu = g.u;
    this.vv = g.v;
    this.vw = g.w;
    const scheme = options.scheme ?? 'semi-lagrangian';
    if (scheme === 'upwind') this.upwind(src, dst, dt);
    else this.advectStaggered(src, dst, g.nx, g.ny, g.nz, 0.5, 0.5, 0.5, dt, scheme, cubic);
    const solid = g.solid;
    for (let c = 0; c < g.cellCount; c++) if (solid[c]) dst[c] = 0;
  }

  /** Advects the velocity through itself (self-advection), then re-applies the boundaries. */
  advectVelocity(dt: number, options: AdvectionOptions & { scheme?: VelocityAdvectionScheme } = {}): void {
    const g = this.grid;
    const cubic = this.configure(options);
    const scheme = (options.scheme ?? 'semi-lagrangian') as VelocityAdvectionScheme;
    if ((scheme as string) === 'upwind') {
      throw new PhysicsError('invalid-argument', `advection.scheme: 'upwind' is for scalars only`);
    }
    this.u0.set(g.u);
    this.v0.set(g.v);
    this.w0.set(g.w);
    this.vu = this.u0;
    this.vv = this.v0;
    this.vw = this.w0;
    this.advectStaggered(this.u0, g.u, g.nx + 1, g.ny, g.nz, 0, 0.5, 0.5, dt, scheme, cubic);
    this.advectStaggered(this.v0, g.v, g.nx, g.ny + 1, g.nz, 0.5, 0, 0.5, dt, scheme, cubic);
    if (g.dim === 3) this.advectStaggered(this.w0, g.w, g.nx, g.ny, g.nz + 1, 0.5, 0.5, 0, dt, scheme, cubic);
    this.vu = g.u;
    this.vv = g.v;
    this.vw = g.w;
    g.enforceBoundaries();
  }

  /**
   * Explicit first-order upwind in flux form: each face carries u·s of the cell upwind of it, so
   * what leaves one cell enters the next (total conserved in a closed box), and for a uniform u
   * it is exactly the seed's sᵢ ← sᵢ − uh(sᵢ − sᵢ₋₁). Outside an open side the value is the
   * border cell's (zero gradient).
   */
  private upwind(src: Float64Array, dst: Float64Array, dt: number): void {
    const g = this.grid;
    const { nx, ny, nz, u, v, w } = g;
    const k = dt / g.h;
    dst.set(src.subarray(0, g.cellCount));
    const slab = nx * ny;
    for (let kk = 0; kk < nz; kk++) {
      for (let j = 0; j < ny; j++) {
        const rowC = nx * (j + ny * kk);
        const rowU = (nx + 1) * (j + ny * kk);
        for (let i = 0; i <= nx; i++) {
          const vel = u[rowU + i]!;
          if (vel === 0) continue;
          const l = i > 0 ? rowC + i - 1 : rowC;
          const r = i < nx ? rowC + i : rowC + nx - 1;
          const flux = k * vel * (vel > 0 ? src[l]! : src[r]!);
          if (i > 0) dst[rowC + i - 1] = dst[rowC + i - 1]! - flux;
          if (i < nx) dst[rowC + i] = dst[rowC + i]! + flux;
        }
      }
      for (let j = 0; j <= ny; j++) {
        const rowV = nx * (j + (ny + 1) * kk);
        for (let i = 0; i < nx; i++) {
          const vel = v[rowV + i]!;
          if (vel === 0) continue;
          const below = i + nx * ((j > 0 ? j - 1 : 0) + ny * kk);
          const above = i + nx * ((j < ny ? j : ny - 1) + ny * kk);
          const flux = k * vel * (vel > 0 ? src[below]! : src[above]!);
          if (j > 0) dst[below] = dst[below]! - flux;
          if (j < ny) dst[above] = dst[above]! + flux;
        }
      }
    }
    if (g.dim === 3) {
      for (let kk = 0; kk <= nz; kk++) {
        for (let c = 0; c < slab; c++) {
          const vel = w[c + slab * kk]!;
          if (vel === 0) continue;
          const back = c + slab * (kk > 0 ? kk - 1 : 0);
          const front = c + slab * (kk < nz ? kk : nz - 1);
          const flux = k * vel * (vel > 0 ? src[back]! : src[front]!);
          if (kk > 0) dst[back] = dst[back]! - flux;
          if (kk < nz) dst[front] = dst[front]! + flux;
        }
      }
    }
  }
}
