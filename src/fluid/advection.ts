/**
 * Advection, step 2 of Stable Fluids (textbook §26.4): ∂s/∂t = −(u·∇)s.
 *
 * - 'semi-lagrangian' (Stam 1999): trace back from each sample point along the velocity,
 *   x − h·u(x), and interpolate the old field there. Every new value is an interpolation of old
 *   values, so it can never leave their range: stable for any time step ("此の段階が爆発出来ない").
 * - 'maccormack' (Selle, Fedkiw, Kim, Liu, Rossignac 2008): a forward semi-Lagrangian step, a
 *   backward one from its result, half the round-trip error added back — second order, much less
 *   numerical dissipation — and a limiter that clamps each new value into the range of the old
 *   samples the forward step mixed, so it stays bounded like the plain step.
 * - 'bfecc' (Kim, Liu, Llamas, Rossignac 2005, back and forth error compensation and correction):
 *   the same round trip estimates the error, which is removed from the old field before one more
 *   semi-Lagrangian step; the same limiter clamps the result.
 * - 'upwind' (scalars only): the explicit first-order upwind difference in flux form,
 *   sᵢ ← sᵢ − (uh)(sᵢ − sᵢ₋₁) for u > 0; needs the CFL condition u·dt/Δx ≤ 1 and produces
 *   negative smoke and growing spikes beyond it (the uh = 2.6 row of the textbook's example).
 * - 'conservative' (scalars only): flux-corrected transport (Boris & Book 1973; Zalesak 1979,
 *   flux-corrected-transport.ts): upwind fluxes plus limited Lax–Wendroff corrections, substepped
 *   to a Courant number of ½ — the total is kept exactly (closed box) and no new extrema appear.
 *
 * Velocities are stored in metres per second on the faces; positions are in metres.
 */
import { PhysicsError } from '../core/errors.js';
import { quoteList, show } from '../core/validate.js';
import { FluxCorrectedTransport } from './flux-corrected-transport.js';
import type { MacGrid } from './mac-grid.js';
import {
  baseIndex,
  clampCoord,
  sampleCubic2,
  sampleLinear2,
  sampleLinear3,
  stencilRange2,
  stencilRange3,
  trilinear,
} from './sampling.js';

/** The schemes for cell-centred scalars (smoke, heat, fuel); see the module comment. */
export type ScalarAdvectionScheme = 'semi-lagrangian' | 'maccormack' | 'bfecc' | 'upwind' | 'conservative';
/** The scalar schemes, for validation. */
export const scalarAdvectionSchemes: readonly ScalarAdvectionScheme[] = [
  'semi-lagrangian',
  'maccormack',
  'bfecc',
  'upwind',
  'conservative',
];
/** The schemes for the velocity's self-advection. */
export type VelocityAdvectionScheme = 'semi-lagrangian' | 'maccormack' | 'bfecc';
/** The velocity schemes, for validation. */
export const velocityAdvectionSchemes: readonly VelocityAdvectionScheme[] = [
  'semi-lagrangian',
  'maccormack',
  'bfecc',
];
/** How a traced point is sampled: bi/trilinear, or monotone bicubic (2D only). */
export type Interpolation = 'linear' | 'cubic';
/**
 * How a sample is traced back: one Euler step (the textbook's x − h u(x)) or the midpoint rule.
 * The midpoint rule's second velocity sample is taken only where the step moves the sample at
 * least 1/64 cell along some axis: slower, the midpoint lies within 1/128 cell of the sample and
 * the two traces differ by at most dt·|∇u|/128 cells, far below the interpolation's own error.
 */
export type Backtrace = 'euler' | 'rk2';

/** The scheme, interpolation and backtrace of one advection call. */
export interface AdvectionOptions {
  /** default 'semi-lagrangian' */
  scheme?: ScalarAdvectionScheme;
  /** 'linear' (bi/trilinear, default) or 'cubic' (monotone bicubic, 2D only) */
  interpolation?: Interpolation;
  /** 'euler' (the textbook's x − h u(x)) or 'rk2' (midpoint, the default) */
  backtrace?: Backtrace;
}

/** Advects cell-centred scalars and the face velocities of one MAC grid (scratch arrays sized once). */
export class Advector {
  /** the MAC grid whose fields are advected */
  readonly grid: MacGrid;
  /** the mass-conserving scheme ('conservative'), with its substep count of the last step */
  readonly fct: FluxCorrectedTransport;
  // velocity the backtrace reads (the grid's own arrays, or a snapshot while advecting velocity)
  private vu: Float64Array;
  private vv: Float64Array;
  private vw: Float64Array;
  private readonly u0: Float64Array;
  private readonly v0: Float64Array;
  private readonly w0: Float64Array;
  private readonly hat: Float64Array;
  private readonly tilde: Float64Array;
  // traced positions (field grid coordinates): forward (f) and, for MacCormack, backward (b)
  private readonly fx: Float64Array;
  private readonly fy: Float64Array;
  private readonly fz: Float64Array;
  private readonly bx: Float64Array;
  private readonly by: Float64Array;
  private readonly bz: Float64Array;
  private readonly one: Float64Array[] = [new Float64Array(0)];
  private readonly oneDst: Float64Array[] = [new Float64Array(0)];
  /** grid point in, velocity out of `midpointVelocity3` (a typed array, so no double is boxed) */
  private readonly mid = new Float64Array(6);
  private readonly range = new Float64Array(2);
  private rk2 = true;
  /**
   * 2D cell fields: per row, the first and last column where any advected field is nonzero (−1 /
   * nx… when none), and the reach (cells) beyond which a backtrace cannot fetch from them; 0 when
   * every sample is traced
   */
  private readonly rowLo: Int32Array;
  private readonly rowHi: Int32Array;
  private reach = 0;

  constructor(grid: MacGrid) {
    this.grid = grid;
    this.fct = new FluxCorrectedTransport(grid);
    this.vu = grid.u;
    this.vv = grid.v;
    this.vw = grid.w;
    this.u0 = new Float64Array(grid.u.length);
    this.v0 = new Float64Array(grid.v.length);
    this.w0 = new Float64Array(grid.w.length);
    const biggest = Math.max(grid.u.length, grid.v.length, grid.w.length, grid.cellCount);
    this.hat = new Float64Array(biggest);
    this.tilde = new Float64Array(biggest);
    this.fx = new Float64Array(biggest);
    this.fy = new Float64Array(biggest);
    this.fz = new Float64Array(grid.dim === 3 ? biggest : 0);
    this.bx = new Float64Array(biggest);
    this.by = new Float64Array(biggest);
    this.bz = new Float64Array(grid.dim === 3 ? biggest : 0);
    this.rowLo = new Int32Array(grid.dim === 2 ? grid.ny : 0);
    this.rowHi = new Int32Array(grid.dim === 2 ? grid.ny : 0);
  }

  /**
   * Where the cell fields `srcs` are nonzero, row by row (`rowLo`, `rowHi`), and how far a
   * backtrace of dt can reach (`reach`): the midpoint and the final velocity are interpolations of
   * face values, so no traced point lies more than dt·max|u|/h cells from its sample in x (likewise
   * y), and its bilinear stencil one cell more. A sample farther than that from every nonzero cell
   * mixes four zeros and comes out +0, which the fused trace then writes without tracing.
   */
  private findOccupied(srcs: readonly Float64Array[], dt: number): void {
    const g = this.grid;
    const { nx, ny, u, v } = g;
    let top = 0;
    for (let q = 0; q < u.length; q++) {
      const a = Math.abs(u[q]!);
      if (!(a <= top)) top = a;
    }
    for (let q = 0; q < v.length; q++) {
      const a = Math.abs(v[q]!);
      if (!(a <= top)) top = a;
    }
    const d = (dt * top) / g.h;
    // a NaN speed (the step's check will name it) or a reach past the grid: trace everything
    if (!(d < nx + ny)) {
      this.reach = 0;
      return;
    }
    this.reach = Math.floor(d) + 2;
    const nf = srcs.length;
    const { rowLo, rowHi } = this;
    for (let j = 0; j < ny; j++) {
      const row = nx * j;
      let lo = nx;
      for (let i = 0; i < nx && lo === nx; i++) {
        for (let f = 0; f < nf; f++) {
          if (srcs[f]![row + i] !== 0) {
            lo = i;
            break;
          }
        }
      }
      let hi = -1;
      for (let i = nx - 1; i >= lo && hi < 0; i--) {
        for (let f = 0; f < nf; f++) {
          if (srcs[f]![row + i] !== 0) {
            hi = i;
            break;
          }
        }
      }
      rowLo[j] = lo;
      rowHi[j] = hi;
    }
  }

  /**
   * The 3D velocity at grid point mid[0..2] (cell units) into mid[3..5], trilinear from the u, v
   * and w faces (component c's samples sit half a cell off in the two other axes). One loop over
   * the components keeps this small enough for V8 to inline the sampling: nothing is boxed.
   */
  private midpointVelocity3(): void {
    const { nx, ny, nz } = this.grid;
    const m = this.mid;
    for (let comp = 0; comp < 3; comp++) {
      const f = comp === 0 ? this.vu : comp === 1 ? this.vv : this.vw;
      const sx = comp === 0 ? nx + 1 : nx;
      const sy = comp === 1 ? ny + 1 : ny;
      const sz = comp === 2 ? nz + 1 : nz;
      const x = clampCoord(comp === 0 ? m[0]! : m[0]! - 0.5, sx - 1);
      const y = clampCoord(comp === 1 ? m[1]! : m[1]! - 0.5, sy - 1);
      const z = clampCoord(comp === 2 ? m[2]! : m[2]! - 0.5, sz - 1);
      const i = baseIndex(x, sx - 1);
      const j = baseIndex(y, sy - 1);
      const k = baseIndex(z, sz - 1);
      m[3 + comp] = trilinear(f, i + sx * (j + sy * k), sx, sx * sy, x - i, y - j, z - k);
    }
  }

  /**
   * Backtraces every sample (a,b,c) of a staggered field of sx × sy × sz samples, sample (a,b,c)
   * sitting at ((a+ox)h, (b+oy)h, (c+oz)h), and stores where it came from in the field's own
   * grid coordinates in px/py/pz. All fields with the same layout share these positions.
   */
  private trace(
    sx: number,
    sy: number,
    sz: number,
    ox: number,
    oy: number,
    oz: number,
    dt: number,
    px: Float64Array,
    py: Float64Array,
    pz: Float64Array,
  ): void {
    if (this.grid.dim === 2) this.trace2D(sx, sy, ox, oy, dt, px, py);
    else this.trace3D(sx, sy, sz, ox, oy, oz, dt, px, py, pz);
  }

  /** The 3D backtrace into px/py/pz (the schemes other than the plain one), the own-position velocity read off the faces as in `trace2D`. */
  private trace3D(
    sx: number,
    sy: number,
    sz: number,
    ox: number,
    oy: number,
    oz: number,
    dt: number,
    px: Float64Array,
    py: Float64Array,
    pz: Float64Array,
  ): void {
    const g = this.grid;
    const { nx, ny, nz, h } = g;
    const slab = nx * ny;
    const mid = this.mid;
    const inv = 1 / h;
    const vu = this.vu;
    const vv = this.vv;
    const vw = this.vw;
    const kind = ox === 0 ? 1 : oy === 0 ? 2 : oz === 0 ? 3 : 0; // 0 cell, 1 u, 2 v, 3 w face
    const rk2 = this.rk2;
    // the midpoint stage only where the step moves the sample 1/64 cell or more (see `Backtrace`)
    const slow = h / (64 * Math.abs(dt));
    const su = nx + 1;
    const sv = ny + 1;
    for (let c = 0; c < sz; c++) {
      const z = (c + oz) * h;
      for (let b = 0; b < sy; b++) {
        const y = (b + oy) * h;
        const row = sx * (b + sy * c);
        for (let a = 0; a < sx; a++) {
          const x = (a + ox) * h;
          let u1: number;
          let v1: number;
          let w1: number;
          if (kind === 0) {
            u1 = 0.5 * (vu[a + su * (b + ny * c)]! + vu[a + 1 + su * (b + ny * c)]!);
            v1 = 0.5 * (vv[a + nx * (b + sv * c)]! + vv[a + nx * (b + 1 + sv * c)]!);
            w1 = 0.5 * (vw[a + nx * (b + ny * c)]! + vw[a + nx * (b + ny * c) + slab]!);
          } else if (kind === 1) {
            const i0 = a > 0 ? a - 1 : 0;
            const di = (a < nx ? a : nx - 1) - i0;
            u1 = vu[a + su * (b + ny * c)]!;
            v1 = mean4(vv, i0 + nx * (b + sv * c), di, nx);
            w1 = mean4(vw, i0 + nx * (b + ny * c), di, slab);
          } else if (kind === 2) {
            const j0 = b > 0 ? b - 1 : 0;
            const dj = (b < ny ? b : ny - 1) - j0;
            v1 = vv[a + nx * (b + sv * c)]!;
            u1 = mean4(vu, a + su * (j0 + ny * c), 1, su * dj);
            w1 = mean4(vw, a + nx * (j0 + ny * c), nx * dj, slab);
          } else {
            const k0 = c > 0 ? c - 1 : 0;
            const dk = (c < nz ? c : nz - 1) - k0;
            w1 = vw[a + nx * (b + ny * c)]!;
            u1 = mean4(vu, a + su * (b + ny * k0), 1, su * ny * dk);
            v1 = mean4(vv, a + nx * (b + sv * k0), nx, nx * sv * dk);
          }
          if (rk2 && (Math.abs(u1) >= slow || Math.abs(v1) >= slow || Math.abs(w1) >= slow)) {
            // midpoint velocity, trilinear from the faces (passed through `mid`: no boxed doubles)
            mid[0] = (x - 0.5 * dt * u1) * inv;
            mid[1] = (y - 0.5 * dt * v1) * inv;
            mid[2] = (z - 0.5 * dt * w1) * inv;
            this.midpointVelocity3();
            u1 = mid[3]!;
            v1 = mid[4]!;
            w1 = mid[5]!;
          }
          px[row + a] = (x - dt * u1) * inv - ox;
          py[row + a] = (y - dt * v1) * inv - oy;
          pz[row + a] = (z - dt * w1) * inv - oz;
        }
      }
    }
  }

  /**
   * `trace3D` fused with the trilinear resampling of every field (plain semi-Lagrangian), with the
   * sampling written out as in `fusedTrace2D` (the same arithmetic as `midpointVelocity3`,
   * `trilinear`, `clampCoord`, `baseIndex` and `mean4`, bit for bit; the clamp bounds are
   * computed integers): nothing is boxed whether or not V8 inlines the helpers.
   */
  private fusedTrace3D(
    sx: number,
    sy: number,
    sz: number,
    ox: number,
    oy: number,
    oz: number,
    dt: number,
    srcs: readonly Float64Array[],
    dsts: readonly Float64Array[],
  ): void {
    const g = this.grid;
    const { nx, ny, nz, h } = g;
    const nf = srcs.length;
    const sxy = sx * sy;
    const slab = nx * ny;
    const inv = 1 / h;
    const vu = this.vu;
    const vv = this.vv;
    const vw = this.vw;
    const kind = ox === 0 ? 1 : oy === 0 ? 2 : oz === 0 ? 3 : 0; // 0 cell, 1 u, 2 v, 3 w face
    const rk2 = this.rk2;
    // the midpoint stage only where the step moves the sample 1/64 cell or more (see `Backtrace`)
    const slow = h / (64 * Math.abs(dt));
    const su = nx + 1;
    const sv = ny + 1;
    // the faces' sample counts and clamp bounds (samples − 1) per axis
    const uxy = su * ny;
    const vxy = nx * sv;
    const wxy = nx * ny;
    const mxu = su - 1;
    const mxc = nx - 1;
    const myv = sv - 1;
    const myc = ny - 1;
    const mzw = nz + 1 - 1;
    const mzc = nz - 1;
    const mx = sx - 1;
    const my = sy - 1;
    const mz = sz - 1;
    for (let c = 0; c < sz; c++) {
      const z = (c + oz) * h;
      for (let b = 0; b < sy; b++) {
        const y = (b + oy) * h;
        const row = sx * (b + sy * c);
        for (let a = 0; a < sx; a++) {
          const x = (a + ox) * h;
          let u1: number;
          let v1: number;
          let w1: number;
          if (kind === 0) {
            u1 = 0.5 * (vu[a + su * (b + ny * c)]! + vu[a + 1 + su * (b + ny * c)]!);
            v1 = 0.5 * (vv[a + nx * (b + sv * c)]! + vv[a + nx * (b + 1 + sv * c)]!);
            w1 = 0.5 * (vw[a + nx * (b + ny * c)]! + vw[a + nx * (b + ny * c) + slab]!);
          } else if (kind === 1) {
            const i0 = a > 0 ? a - 1 : 0;
            const di = (a < nx ? a : nx - 1) - i0;
            u1 = vu[a + su * (b + ny * c)]!;
            let p = i0 + nx * (b + sv * c);
            v1 = 0.25 * (vv[p]! + vv[p + di]! + vv[p + nx]! + vv[p + di + nx]!);
            p = i0 + nx * (b + ny * c);
            w1 = 0.25 * (vw[p]! + vw[p + di]! + vw[p + slab]! + vw[p + di + slab]!);
          } else if (kind === 2) {
            const j0 = b > 0 ? b - 1 : 0;
            const dj = (b < ny ? b : ny - 1) - j0;
            v1 = vv[a + nx * (b + sv * c)]!;
            let p = a + su * (j0 + ny * c);
            let d = su * dj;
            u1 = 0.25 * (vu[p]! + vu[p + 1]! + vu[p + d]! + vu[p + 1 + d]!);
            p = a + nx * (j0 + ny * c);
            d = slab;
            const e = nx * dj;
            w1 = 0.25 * (vw[p]! + vw[p + e]! + vw[p + d]! + vw[p + e + d]!);
          } else {
            const k0 = c > 0 ? c - 1 : 0;
            const dk = (c < nz ? c : nz - 1) - k0;
            w1 = vw[a + nx * (b + ny * c)]!;
            let p = a + su * (b + ny * k0);
            let d = su * ny * dk;
            u1 = 0.25 * (vu[p]! + vu[p + 1]! + vu[p + d]! + vu[p + 1 + d]!);
            p = a + nx * (b + sv * k0);
            d = nx * sv * dk;
            v1 = 0.25 * (vv[p]! + vv[p + nx]! + vv[p + d]! + vv[p + nx + d]!);
          }
          if (rk2 && (Math.abs(u1) >= slow || Math.abs(v1) >= slow || Math.abs(w1) >= slow)) {
            // the midpoint velocity, trilinear from the faces (component q sits half a cell off
            // in the two other axes)
            const gx = (x - 0.5 * dt * u1) * inv;
            const gy = (y - 0.5 * dt * v1) * inv;
            const gz = (z - 0.5 * dt * w1) * inv;
            // u: su × ny × nz samples at (gx, gy − ½, gz − ½)
            let X = gx;
            if (X < 0) X = 0;
            else if (X > mxu) X = mxu;
            let Y = gy - 0.5;
            if (Y < 0) Y = 0;
            else if (Y > myc) Y = myc;
            let Z = gz - 0.5;
            if (Z < 0) Z = 0;
            else if (Z > mzc) Z = mzc;
            let i = X | 0;
            if (i >= mxu) i = mxu - 1;
            let j = Y | 0;
            if (j >= myc) j = myc - 1;
            let k = Z | 0;
            if (k >= mzc) k = mzc - 1;
            let fx = X - i;
            let fy = Y - j;
            let fz = Z - k;
            let q = i + su * (j + ny * k);
            let c00 = vu[q]! + fx * (vu[q + 1]! - vu[q]!);
            let c10 = vu[q + su]! + fx * (vu[q + su + 1]! - vu[q + su]!);
            let c01 = vu[q + uxy]! + fx * (vu[q + uxy + 1]! - vu[q + uxy]!);
            let c11 = vu[q + uxy + su]! + fx * (vu[q + uxy + su + 1]! - vu[q + uxy + su]!);
            let c0 = c00 + fy * (c10 - c00);
            let c1 = c01 + fy * (c11 - c01);
            u1 = c0 + fz * (c1 - c0);
            // v: nx × sv × nz samples at (gx − ½, gy, gz − ½)
            X = gx - 0.5;
            if (X < 0) X = 0;
            else if (X > mxc) X = mxc;
            Y = gy;
            if (Y < 0) Y = 0;
            else if (Y > myv) Y = myv;
            Z = gz - 0.5;
            if (Z < 0) Z = 0;
            else if (Z > mzc) Z = mzc;
            i = X | 0;
            if (i >= mxc) i = mxc - 1;
            j = Y | 0;
            if (j >= myv) j = myv - 1;
            k = Z | 0;
            if (k >= mzc) k = mzc - 1;
            fx = X - i;
            fy = Y - j;
            fz = Z - k;
            q = i + nx * (j + sv * k);
            c00 = vv[q]! + fx * (vv[q + 1]! - vv[q]!);
            c10 = vv[q + nx]! + fx * (vv[q + nx + 1]! - vv[q + nx]!);
            c01 = vv[q + vxy]! + fx * (vv[q + vxy + 1]! - vv[q + vxy]!);
            c11 = vv[q + vxy + nx]! + fx * (vv[q + vxy + nx + 1]! - vv[q + vxy + nx]!);
            c0 = c00 + fy * (c10 - c00);
            c1 = c01 + fy * (c11 - c01);
            v1 = c0 + fz * (c1 - c0);
            // w: nx × ny × sw samples at (gx − ½, gy − ½, gz)
            X = gx - 0.5;
            if (X < 0) X = 0;
            else if (X > mxc) X = mxc;
            Y = gy - 0.5;
            if (Y < 0) Y = 0;
            else if (Y > myc) Y = myc;
            Z = gz;
            if (Z < 0) Z = 0;
            else if (Z > mzw) Z = mzw;
            i = X | 0;
            if (i >= mxc) i = mxc - 1;
            j = Y | 0;
            if (j >= myc) j = myc - 1;
            k = Z | 0;
            if (k >= mzw) k = mzw - 1;
            fx = X - i;
            fy = Y - j;
            fz = Z - k;
            q = i + nx * (j + ny * k);
            c00 = vw[q]! + fx * (vw[q + 1]! - vw[q]!);
            c10 = vw[q + nx]! + fx * (vw[q + nx + 1]! - vw[q + nx]!);
            c01 = vw[q + wxy]! + fx * (vw[q + wxy + 1]! - vw[q + wxy]!);
            c11 = vw[q + wxy + nx]! + fx * (vw[q + wxy + nx + 1]! - vw[q + wxy + nx]!);
            c0 = c00 + fy * (c10 - c00);
            c1 = c01 + fy * (c11 - c01);
            w1 = c0 + fz * (c1 - c0);
          }
          let tx = (x - dt * u1) * inv - ox;
          let ty = (y - dt * v1) * inv - oy;
          let tz = (z - dt * w1) * inv - oz;
          // trilinear weights as in sampleLinear3, shared by all fields
          if (tx < 0) tx = 0;
          else if (tx > mx) tx = mx;
          if (ty < 0) ty = 0;
          else if (ty > my) ty = my;
          if (tz < 0) tz = 0;
          else if (tz > mz) tz = mz;
          let i = tx | 0;
          if (i >= mx) i = mx - 1;
          let j = ty | 0;
          if (j >= my) j = my - 1;
          let k = tz | 0;
          if (k >= mz) k = mz - 1;
          const wx = tx - i;
          const wy = ty - j;
          const wz = tz - k;
          const q = i + sx * j + sxy * k;
          for (let f = 0; f < nf; f++) {
            const src = srcs[f]!;
            const c00 = src[q]! + wx * (src[q + 1]! - src[q]!);
            const c10 = src[q + sx]! + wx * (src[q + sx + 1]! - src[q + sx]!);
            const c01 = src[q + sxy]! + wx * (src[q + sxy + 1]! - src[q + sxy]!);
            const c11 = src[q + sxy + sx]! + wx * (src[q + sxy + sx + 1]! - src[q + sxy + sx]!);
            const c0 = c00 + wy * (c10 - c00);
            const c1 = c01 + wy * (c11 - c01);
            dsts[f]![row + a] = c0 + wz * (c1 - c0);
          }
        }
      }
    }
  }

  /**
   * The 2D backtrace. The velocity at the sample's own position needs no general interpolation:
   * at a cell centre it is the average of the cell's faces, at a u face its own u and the mean of
   * the four v faces around it (and likewise at a v face) — the values bilinear sampling gives
   * there, without its search. The midpoint stage (rk2) then samples bilinearly. The positions go
   * to px/py for the schemes other than the plain one (which takes `fusedTrace2D`).
   */
  private trace2D(
    sx: number,
    sy: number,
    ox: number,
    oy: number,
    dt: number,
    px: Float64Array,
    py: Float64Array,
  ): void {
    const g = this.grid;
    const { nx, ny, h } = g;
    const inv = 1 / h;
    const vu = this.vu;
    const vv = this.vv;
    const su = nx + 1;
    const sv = ny + 1;
    const kind = ox === 0 ? 1 : oy === 0 ? 2 : 0; // 0 cell, 1 u face, 2 v face
    const rk2 = this.rk2;
    // the midpoint stage only where the step moves the sample 1/64 cell or more (see `Backtrace`)
    const slow = h / (64 * Math.abs(dt));
    for (let b = 0; b < sy; b++) {
      const y = (b + oy) * h;
      const row = sx * b;
      for (let a = 0; a < sx; a++) {
        const x = (a + ox) * h;
        let u1: number;
        let v1: number;
        if (kind === 0) {
          u1 = 0.5 * (vu[a + su * b]! + vu[a + 1 + su * b]!);
          v1 = 0.5 * (vv[a + nx * b]! + vv[a + nx * (b + 1)]!);
        } else if (kind === 1) {
          u1 = vu[a + su * b]!;
          const i0 = a > 0 ? a - 1 : 0;
          v1 = mean4(vv, i0 + nx * b, (a < nx ? a : nx - 1) - i0, nx);
        } else {
          v1 = vv[a + nx * b]!;
          const j0 = b > 0 ? b - 1 : 0;
          u1 = mean4(vu, a + su * j0, 1, su * ((b < ny ? b : ny - 1) - j0));
        }
        if (rk2 && (Math.abs(u1) >= slow || Math.abs(v1) >= slow)) {
          // midpoint velocity, sampled from the faces (u samples sit at (i, j+½), v at (i+½, j))
          const gx = (x - 0.5 * dt * u1) * inv;
          const gy = (y - 0.5 * dt * v1) * inv;
          u1 = sampleLinear2(vu, su, ny, gx, gy - 0.5);
          v1 = sampleLinear2(vv, nx, sv, gx - 0.5, gy);
        }
        px[row + a] = (x - dt * u1) * inv - ox;
        py[row + a] = (y - dt * v1) * inv - oy;
      }
    }
  }

  /**
   * `trace2D` fused with the resampling (plain semi-Lagrangian, bilinear): each traced point is
   * resampled at once into every dsts[f] from srcs[f], with the interpolation weights found once
   * for all fields and no position buffers written. The sampling is written out (the same
   * arithmetic as `sampleLinear2`, `bilinear` and `mean4`, bit for bit): a small helper returning
   * a double that V8 does not inline boxes its result for every sample. Cell fields are traced
   * only in the columns a nonzero value is in reach of (`findOccupied`); the others get +0, what
   * the four zeros of their stencil would give.
   */
  private fusedTrace2D(
    sx: number,
    sy: number,
    ox: number,
    oy: number,
    dt: number,
    srcs: readonly Float64Array[],
    dsts: readonly Float64Array[],
  ): void {
    const g = this.grid;
    const { nx, ny, h } = g;
    const inv = 1 / h;
    const vu = this.vu;
    const vv = this.vv;
    const su = nx + 1;
    const kind = ox === 0 ? 1 : oy === 0 ? 2 : 0; // 0 cell, 1 u face, 2 v face
    const rk2 = this.rk2;
    // the midpoint stage only where the step moves the sample 1/64 cell or more (see `Backtrace`)
    const slow = h / (64 * Math.abs(dt));
    const nf = srcs.length;
    const mx = sx - 1;
    const my = sy - 1;
    const hdt = 0.5 * dt;
    const ux = su - 1;
    const uy = ny - 1;
    const vx = nx - 1;
    const vy = ny + 1 - 1;
    const reach = kind === 0 ? this.reach : 0;
    const { rowLo, rowHi } = this;
    for (let b = 0; b < sy; b++) {
      const y = (b + oy) * h;
      const row = sx * b;
      let a0 = 0;
      let a1 = sx;
      if (reach > 0) {
        // the columns a backtrace from this row can fetch a nonzero value from
        let lo = sx;
        let hi = -1;
        // (| 0 keeps these small integers: Math.max/min are typed as any number, which would
        // make the loop index below a double and its stores generic, boxing every value)
        const j0 = Math.max(b - reach, 0) | 0;
        const j1 = Math.min(b + reach, sy - 1) | 0;
        for (let jj = j0; jj <= j1; jj++) {
          if (rowLo[jj]! < lo) lo = rowLo[jj]!;
          if (rowHi[jj]! > hi) hi = rowHi[jj]!;
        }
        a0 = hi < 0 ? sx : Math.max(lo - reach, 0) | 0;
        a1 = hi < 0 ? sx : Math.min(hi + reach + 1, sx) | 0;
        for (let f = 0; f < nf; f++) {
          const dst = dsts[f]!;
          dst.fill(0, row, row + a0);
          dst.fill(0, row + a1, row + sx);
        }
      }
      // the u-face kind's v neighbours, the v-face kind's u neighbours: rows j0, j0 + dj
      const jb = b > 0 ? b - 1 : 0;
      const dj = (b < ny ? b : ny - 1) - jb;
      for (let a = a0; a < a1; a++) {
        const x = (a + ox) * h;
        let u1: number;
        let v1: number;
        if (kind === 0) {
          u1 = 0.5 * (vu[a + su * b]! + vu[a + 1 + su * b]!);
          v1 = 0.5 * (vv[a + nx * b]! + vv[a + nx * (b + 1)]!);
        } else if (kind === 1) {
          u1 = vu[a + su * b]!;
          const i0 = a > 0 ? a - 1 : 0;
          const p = i0 + nx * b;
          const di = (a < nx ? a : nx - 1) - i0;
          v1 = 0.25 * (vv[p]! + vv[p + di]! + vv[p + nx]! + vv[p + di + nx]!);
        } else {
          v1 = vv[a + nx * b]!;
          const p = a + su * jb;
          const d = su * dj;
          u1 = 0.25 * (vu[p]! + vu[p + 1]! + vu[p + d]! + vu[p + 1 + d]!);
        }
        if (rk2 && (Math.abs(u1) >= slow || Math.abs(v1) >= slow)) {
          // midpoint velocity, sampled from the faces (u samples sit at (i, j+½), v at (i+½, j))
          const gx = (x - hdt * u1) * inv;
          const gy = (y - hdt * v1) * inv;
          // u on its su × ny samples at (gx, gy − ½); the clamp bounds are the computed
          // integers ux, uy, vx, vy (a bound read straight off the grid object merged into the
          // clamped double would make V8 keep that double boxed)
          let X = gx;
          if (X < 0) X = 0;
          else if (X > ux) X = ux;
          let Y = gy - 0.5;
          if (Y < 0) Y = 0;
          else if (Y > uy) Y = uy;
          let i = X | 0;
          if (i >= ux) i = ux - 1;
          let j = Y | 0;
          if (j >= uy) j = uy - 1;
          let fx = X - i;
          let fy = Y - j;
          let q = i + su * j;
          let b0 = vu[q]! + fx * (vu[q + 1]! - vu[q]!);
          let b1 = vu[q + su]! + fx * (vu[q + su + 1]! - vu[q + su]!);
          u1 = b0 + fy * (b1 - b0);
          // v on its nx × sv samples at (gx − ½, gy)
          X = gx - 0.5;
          if (X < 0) X = 0;
          else if (X > vx) X = vx;
          Y = gy;
          if (Y < 0) Y = 0;
          else if (Y > vy) Y = vy;
          i = X | 0;
          if (i >= vx) i = vx - 1;
          j = Y | 0;
          if (j >= vy) j = vy - 1;
          fx = X - i;
          fy = Y - j;
          q = i + nx * j;
          b0 = vv[q]! + fx * (vv[q + 1]! - vv[q]!);
          b1 = vv[q + nx]! + fx * (vv[q + nx + 1]! - vv[q + nx]!);
          v1 = b0 + fy * (b1 - b0);
        }
        let tx = (x - dt * u1) * inv - ox;
        let ty = (y - dt * v1) * inv - oy;
        // bilinear weights as in sampleLinear2, shared by all fields
        if (tx < 0) tx = 0;
        else if (tx > mx) tx = mx;
        if (ty < 0) ty = 0;
        else if (ty > my) ty = my;
        let i = tx | 0;
        if (i >= mx) i = mx - 1;
        let j = ty | 0;
        if (j >= my) j = my - 1;
        const wx = tx - i;
        const wy = ty - j;
        const q = i + sx * j;
        for (let f = 0; f < nf; f++) {
          const src = srcs[f]!;
          const b0 = src[q]! + wx * (src[q + 1]! - src[q]!);
          const b1 = src[q + sx]! + wx * (src[q + sx + 1]! - src[q + sx]!);
          dsts[f]![row + a] = b0 + wy * (b1 - b0);
        }
      }
    }
  }

  /** dst[n] = src interpolated at the traced position n. */
  private resample(
    src: Float64Array,
    dst: Float64Array,
    sx: number,
    sy: number,
    sz: number,
    px: Float64Array,
    py: Float64Array,
    pz: Float64Array,
    cubic: boolean,
  ): void {
    const n = sx * sy * sz;
    if (this.grid.dim === 3)
      for (let q = 0; q < n; q++) dst[q] = sampleLinear3(src, sx, sy, sz, px[q]!, py[q]!, pz[q]!);
    else if (cubic) for (let q = 0; q < n; q++) dst[q] = sampleCubic2(src, sx, sy, px[q]!, py[q]!);
    else for (let q = 0; q < n; q++) dst[q] = sampleLinear2(src, sx, sy, px[q]!, py[q]!);
  }

  /**
   * MacCormack's correction dst = hat + ½(src − tilde), clamped into the range of the old samples
   * the forward step mixed (Selle et al. 2008, §3: the limiter keeps the result bounded).
   */
  private correct(src: Float64Array, dst: Float64Array, sx: number, sy: number, sz: number): void {
    const n = sx * sy * sz;
    const { hat, tilde, fx, fy, fz, range } = this;
    const three = this.grid.dim === 3;
    for (let q = 0; q < n; q++) {
      let val = hat[q]! + 0.5 * (src[q]! - tilde[q]!);
      if (three) stencilRange3(src, sx, sy, sz, fx[q]!, fy[q]!, fz[q]!, range);
      else stencilRange2(src, sx, sy, fx[q]!, fy[q]!, range);
      if (val < range[0]!) val = range[0]!;
      else if (val > range[1]!) val = range[1]!;
      dst[q] = val;
    }
  }

  /** Clamps dst[q] into the range of the old samples that the forward step at q mixed. */
  private limit(src: Float64Array, dst: Float64Array, sx: number, sy: number, sz: number): void {
    const n = sx * sy * sz;
    const { fx, fy, fz, range } = this;
    const three = this.grid.dim === 3;
    for (let q = 0; q < n; q++) {
      if (three) stencilRange3(src, sx, sy, sz, fx[q]!, fy[q]!, fz[q]!, range);
      else stencilRange2(src, sx, sy, fx[q]!, fy[q]!, range);
      const v = dst[q]!;
      if (v < range[0]!) dst[q] = range[0]!;
      else if (v > range[1]!) dst[q] = range[1]!;
    }
  }

  /** Advects all fields of one layout (srcs[f] → dsts[f]) with one shared backtrace. */
  private advectLayout(
    srcs: readonly Float64Array[],
    dsts: readonly Float64Array[],
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
    const { fx, fy, fz, bx, by, bz, hat, tilde } = this;
    if (scheme === 'semi-lagrangian' && !cubic) {
      // the common case: trace and resample fused, no position buffers; in 2D the cell fields
      // are traced only where a nonzero value is in reach
      if (this.grid.dim === 2) {
        if (ox !== 0 && oy !== 0) this.findOccupied(srcs, dt);
        else this.reach = 0;
        this.fusedTrace2D(sx, sy, ox, oy, dt, srcs, dsts);
      } else this.fusedTrace3D(sx, sy, sz, ox, oy, oz, dt, srcs, dsts);
      return;
    }
    this.trace(sx, sy, sz, ox, oy, oz, dt, fx, fy, fz);
    if (scheme !== 'semi-lagrangian') this.trace(sx, sy, sz, ox, oy, oz, -dt, bx, by, bz);
    for (let f = 0; f < srcs.length; f++) {
      const src = srcs[f]!;
      const dst = dsts[f]!;
      if (scheme === 'semi-lagrangian') {
        this.resample(src, dst, sx, sy, sz, fx, fy, fz, cubic);
        continue;
      }
      this.resample(src, hat, sx, sy, sz, fx, fy, fz, cubic);
      this.resample(hat, tilde, sx, sy, sz, bx, by, bz, cubic);
      if (scheme === 'maccormack') {
        this.correct(src, dst, sx, sy, sz);
        continue;
      }
      // BFECC: φ' = φ + ½(φ − φ̃), then one more forward step from φ', limited like MacCormack
      const n = sx * sy * sz;
      for (let q = 0; q < n; q++) hat[q] = src[q]! + 0.5 * (src[q]! - tilde[q]!);
      this.resample(hat, dst, sx, sy, sz, fx, fy, fz, cubic);
      this.limit(src, dst, sx, sy, sz);
    }
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
    this.one[0] = src;
    this.oneDst[0] = dst;
    this.advectScalars(this.one, this.oneDst, dt, options);
  }

  /** Advects several cell-centred scalars (srcs[f] → dsts[f]) sharing one backtrace. */
  advectScalars(
    srcs: readonly Float64Array[],
    dsts: readonly Float64Array[],
    dt: number,
    options: AdvectionOptions = {},
  ): void {
    const g = this.grid;
    const cubic = this.configure(options);
    this.vu = g.u;
    this.vv = g.v;
    this.vw = g.w;
    const scheme = options.scheme ?? 'semi-lagrangian';
    if (
      scheme !== 'semi-lagrangian' &&
      scheme !== 'maccormack' &&
      scheme !== 'bfecc' &&
      scheme !== 'upwind' &&
      scheme !== 'conservative'
    ) {
      // an unknown scheme never falls through to another one silently
      throw new PhysicsError(
        'invalid-argument',
        `advection.scheme: expected one of ${quoteList(scalarAdvectionSchemes)}, got ${show(scheme)}`,
      );
    }
    if (scheme === 'upwind') for (let f = 0; f < srcs.length; f++) this.upwind(srcs[f]!, dsts[f]!, dt);
    else if (scheme === 'conservative') this.fct.advect(srcs, dsts, dt);
    else this.advectLayout(srcs, dsts, g.nx, g.ny, g.nz, 0.5, 0.5, 0.5, dt, scheme, cubic);
    const solid = g.solid;
    // (a native scan finds no solid cell far faster than the per-cell test below)
    if (solid.indexOf(1) < 0) return;
    for (let f = 0; f < dsts.length; f++) {
      const dst = dsts[f]!;
      for (let c = 0; c < g.cellCount; c++) if (solid[c]) dst[c] = 0;
    }
  }

  /** Advects the velocity through itself (self-advection), then re-applies the boundaries. */
  advectVelocity(dt: number, options: AdvectionOptions & { scheme?: VelocityAdvectionScheme } = {}): void {
    const g = this.grid;
    const cubic = this.configure(options);
    const scheme = (options.scheme ?? 'semi-lagrangian') as VelocityAdvectionScheme;
    if ((scheme as string) === 'upwind' || (scheme as string) === 'conservative') {
      throw new PhysicsError('invalid-argument', `advection.scheme: '${scheme}' is for scalars only`);
    }
    if (scheme !== 'semi-lagrangian' && scheme !== 'maccormack' && scheme !== 'bfecc') {
      throw new PhysicsError(
        'invalid-argument',
        `advection.scheme: expected one of ${quoteList(velocityAdvectionSchemes)}, got ${show(scheme)}`,
      );
    }
    this.u0.set(g.u);
    this.v0.set(g.v);
    this.w0.set(g.w);
    this.vu = this.u0;
    this.vv = this.v0;
    this.vw = this.w0;
    this.one[0] = this.u0;
    this.oneDst[0] = g.u;
    this.advectLayout(this.one, this.oneDst, g.nx + 1, g.ny, g.nz, 0, 0.5, 0.5, dt, scheme, cubic);
    this.one[0] = this.v0;
    this.oneDst[0] = g.v;
    this.advectLayout(this.one, this.oneDst, g.nx, g.ny + 1, g.nz, 0.5, 0, 0.5, dt, scheme, cubic);
    if (g.dim === 3) {
      this.one[0] = this.w0;
      this.oneDst[0] = g.w;
      this.advectLayout(this.one, this.oneDst, g.nx, g.ny, g.nz + 1, 0.5, 0.5, 0, dt, scheme, cubic);
    }
    this.vu = g.u;
    this.vv = g.v;
    this.vw = g.w;
    g.enforceBoundaries();
  }

  /**
   * Explicit first-order upwind in flux form: each face carries u·s of the cell upwind of it, so
   * what leaves one cell enters the next (total conserved in a closed box), and for a uniform u
   * it is exactly the textbook's sᵢ ← sᵢ − uh(sᵢ − sᵢ₋₁). Outside an open side the value is the
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

/**
 * The mean of the 4 face values f[a], f[a+s1], f[a+s2], f[a+s1+s2] around a face of another
 * direction (a stride of 0 repeats the border face, as the clamped bilinear sample does there).
 */
function mean4(f: Float64Array, a: number, s1: number, s2: number): number {
  return 0.25 * (f[a]! + f[a + s1]! + f[a + s2]! + f[a + s1 + s2]!);
}
