/**
 * Mass-conserving scalar advection on the MAC grid: flux-corrected transport (Boris & Book 1973;
 * the multidimensional limiter of Zalesak 1979), textbook §26.4's advection written in flux form.
 *
 * Every face carries an amount of the scalar from one cell to the other, so what leaves a cell
 * enters its neighbour and the total changes only through open sides (exactly, up to rounding):
 *
 * 1. low order — the donor-cell upwind flux F = c·s_upwind with the face Courant number
 *    c = u·Δt/Δx; with Σ outflow Courant numbers ≤ 1 per cell the result is a convex combination of
 *    old values in a divergence-free flow (no new extrema, never negative);
 * 2. high order — the Lax–Wendroff flux; the difference to the low-order one, the antidiffusive
 *    flux A = ½|c|(1 − |c|)(s_R − s_L), sharpens the profile;
 * 3. limiter — each cell may gain (lose) only as much antidiffusive flux as keeps it within the
 *    range of its own and its face neighbours' old and low-order values (Zalesak's R⁺, R⁻); a face's
 *    flux is scaled by the smaller factor of the two cells it joins, so the correction is also
 *    conservative.
 *
 * The step is split into substeps so that every cell's outflow Courant number is ≤ ½ (at most
 * {@link FCT_MAX_SUBSTEPS}; beyond a Courant number of 32 the bounds are no longer guaranteed).
 * Faces on a closed side or touching a solid cell carry nothing; an open side's outside value is the
 * border cell's (zero gradient), so smoke flows out freely. Scratch arrays are made on first use
 * and reused: nothing is allocated per step.
 */
import type { MacGrid } from './mac-grid.js';

/** The most substeps one conservative advection step is split into. */
export const FCT_MAX_SUBSTEPS = 64;

/** Flux-corrected transport of cell-centred scalars through a MAC grid's face velocities. */
export class FluxCorrectedTransport {
  /** the grid whose face velocities carry the scalars */
  readonly grid: MacGrid;
  /** the number of substeps of the last `advect` call */
  lastSubsteps = 0;
  private cur = new Float64Array(0);
  private low = new Float64Array(0);
  private smax = new Float64Array(0);
  private smin = new Float64Array(0);
  private pin = new Float64Array(0);
  private pout = new Float64Array(0);
  private au = new Float64Array(0);
  private av = new Float64Array(0);
  private aw = new Float64Array(0);

  /** A transport scheme for `grid` (its scratch arrays are made on the first step). */
  constructor(grid: MacGrid) {
    this.grid = grid;
  }

  private ensure(): void {
    const g = this.grid;
    const n = g.cellCount;
    if (this.cur.length === n) return;
    this.cur = new Float64Array(n);
    this.low = new Float64Array(n);
    this.smax = new Float64Array(n);
    this.smin = new Float64Array(n);
    this.pin = new Float64Array(n);
    this.pout = new Float64Array(n);
    this.au = new Float64Array(g.u.length);
    this.av = new Float64Array(g.v.length);
    this.aw = new Float64Array(g.w.length);
  }

  /**
   * The number of substeps for a step of `dt`: the largest outflow Courant number of a cell,
   * Σ max(0, outward face velocity)·dt/h over the faces that carry flux, divided by ½, rounded up.
   */
  substeps(dt: number): number {
    const g = this.grid;
    const { nx, ny, nz, u, v, w, solid, open } = g;
    const k = dt / g.h;
    const slab = nx * ny;
    let cmax = 0;
    for (let kk = 0; kk < nz; kk++) {
      for (let j = 0; j < ny; j++) {
        const rowC = nx * (j + ny * kk);
        const rowU = (nx + 1) * (j + ny * kk);
        const rowV = nx * (j + (ny + 1) * kk);
        for (let i = 0; i < nx; i++) {
          const c = rowC + i;
          if (solid[c]) continue;
          let out = 0;
          const ul = u[rowU + i]!;
          const ur = u[rowU + i + 1]!;
          if (ul < 0 && (i > 0 ? !solid[c - 1] : open.xMin)) out -= ul;
          if (ur > 0 && (i < nx - 1 ? !solid[c + 1] : open.xMax)) out += ur;
          const vb = v[rowV + i]!;
          const vt = v[rowV + nx + i]!;
          if (vb < 0 && (j > 0 ? !solid[c - nx] : open.yMin)) out -= vb;
          if (vt > 0 && (j < ny - 1 ? !solid[c + nx] : open.yMax)) out += vt;
          if (nz > 1) {
            const wb = w[c]!;
            const wf = w[c + slab]!;
            if (wb < 0 && (kk > 0 ? !solid[c - slab] : open.zMin)) out -= wb;
            if (wf > 0 && (kk < nz - 1 ? !solid[c + slab] : open.zMax)) out += wf;
          }
          if (out > cmax) cmax = out;
        }
      }
    }
    const n = Math.ceil(2 * cmax * k);
    return n < 1 ? 1 : Math.min(n, FCT_MAX_SUBSTEPS);
  }

  /**
   * Advects every srcs[f] into dsts[f] (distinct arrays) for `dt` seconds through the grid's
   * current face velocities; all fields share the substep count.
   */
  advect(srcs: readonly Float64Array[], dsts: readonly Float64Array[], dt: number): void {
    this.ensure();
    const n = this.substeps(dt);
    this.lastSubsteps = n;
    const h = dt / n;
    for (let f = 0; f < srcs.length; f++) {
      const cur = this.cur;
      const src = srcs[f]!;
      const dst = dsts[f]!;
      for (let c = 0; c < cur.length; c++) cur[c] = src[c]!;
      for (let s = 0; s < n; s++) this.substep(h);
      for (let c = 0; c < cur.length; c++) dst[c] = cur[c]!;
    }
  }

  /** One substep of `dt` on `cur`: low-order fluxes, bounds, limited antidiffusive fluxes. */
  private substep(dt: number): void {
    const g = this.grid;
    const { nx, ny, nz } = g;
    const k = dt / g.h;
    const { cur, low, smax, smin, pin, pout } = this;
    const n = g.cellCount;
    low.set(cur);
    for (let c = 0; c < n; c++) {
      pin[c] = 0;
      pout[c] = 0;
    }
    // 1. low-order fluxes into `low`, antidiffusive fluxes into au / av / aw
    this.lowOrder(0, g.u, this.au, nx + 1, ny, nx, ny, nz, 1, k);
    this.lowOrder(1, g.v, this.av, nx, ny + 1, nx, ny, nz, nx, k);
    if (nz > 1) this.lowOrder(2, g.w, this.aw, nx, ny, nx, ny, nz, nx * ny, k);
    // 2. bounds: own and neighbours' old and low-order values; antidiffusive in- and outflow sums
    for (let c = 0; c < n; c++) {
      const a = cur[c]!;
      const b = low[c]!;
      smax[c] = Math.max(a, b);
      smin[c] = Math.min(a, b);
    }
    this.bounds(0, this.au, nx + 1, ny, nx, ny, nz, 1);
    this.bounds(1, this.av, nx, ny + 1, nx, ny, nz, nx);
    if (nz > 1) this.bounds(2, this.aw, nx, ny, nx, ny, nz, nx * ny);
    // Zalesak's factors: R⁺ (in pin), R⁻ (in pout)
    for (let c = 0; c < n; c++) {
      const l = low[c]!;
      const p = pin[c]!;
      const q = pout[c]!;
      const up = smax[c]! - l;
      const down = l - smin[c]!;
      pin[c] = p > 0 ? (up < p ? up / p : 1) : 1;
      pout[c] = q > 0 ? (down < q ? down / q : 1) : 1;
    }
    // 3. the low-order result plus the limited antidiffusive fluxes
    cur.set(low);
    this.correct(this.au, nx + 1, ny, nx, ny, nz, 1, 0);
    this.correct(this.av, nx, ny + 1, nx, ny, nz, nx, 1);
    if (nz > 1) this.correct(this.aw, nx, ny, nx, ny, nz, nx * ny, 2);
  }

  /**
   * The faces of direction `dir` (0 x, 1 y, 2 z), laid out fx × fy per slab (fx·fy·(nz or nz+1)),
   * cell stride `stride` along the direction: the donor-cell flux moves the scalar between the two
   * cells (or in/out through an open side) in `low`; the antidiffusive flux of an interior face
   * goes to `a` (0 where the face carries nothing).
   */
  private lowOrder(
    dir: number,
    vel: Float64Array,
    a: Float64Array,
    fx: number,
    fy: number,
    nx: number,
    ny: number,
    nz: number,
    stride: number,
    k: number,
  ): void {
    const { solid, open } = this.grid;
    const { cur, low } = this;
    const fz = dir === 2 ? nz + 1 : nz;
    const last = dir === 0 ? nx : dir === 1 ? ny : nz;
    const openMin = dir === 0 ? open.xMin : dir === 1 ? open.yMin : open.zMin;
    const openMax = dir === 0 ? open.xMax : dir === 1 ? open.yMax : open.zMax;
    for (let kk = 0; kk < fz; kk++) {
      for (let j = 0; j < fy; j++) {
        for (let i = 0; i < fx; i++) {
          const f = i + fx * (j + fy * kk);
          a[f] = 0;
          const cvel = k * vel[f]!;
          if (cvel === 0) continue;
          const along = dir === 0 ? i : dir === 1 ? j : kk;
          // the cell on the high side of the face (its index along the direction is `along`)
          const r = dir === 0 ? i + nx * (j + ny * kk) : dir === 1 ? i + nx * (j + ny * kk) : f;
          if (along === 0) {
            // the domain's low side: in or out through an open side, the outside value the border cell's
            if (!openMin || solid[r]) continue;
            const flux = cvel * cur[r]!;
            low[r] = low[r]! + flux;
            continue;
          }
          const l = r - stride;
          if (along === last) {
            if (!openMax || solid[l]) continue;
            const flux = cvel * cur[l]!;
            low[l] = low[l]! - flux;
            continue;
          }
          if (solid[l] || solid[r]) continue;
          const sl = cur[l]!;
          const sr = cur[r]!;
          const flux = cvel * (cvel > 0 ? sl : sr);
          low[l] = low[l]! - flux;
          low[r] = low[r]! + flux;
          const ac = cvel > 0 ? cvel : -cvel;
          a[f] = 0.5 * ac * (1 - ac) * (sr - sl);
        }
      }
    }
  }

  /** Widens each cell's bounds by its face neighbours' values and sums the antidiffusive in/outflow. */
  private bounds(
    dir: number,
    a: Float64Array,
    fx: number,
    fy: number,
    nx: number,
    ny: number,
    nz: number,
    stride: number,
  ): void {
    const { solid } = this.grid;
    const { cur, low, smax, smin, pin, pout } = this;
    const fz = dir === 2 ? nz + 1 : nz;
    const last = dir === 0 ? nx : dir === 1 ? ny : nz;
    for (let kk = 0; kk < fz; kk++) {
      for (let j = 0; j < fy; j++) {
        for (let i = 0; i < fx; i++) {
          const along = dir === 0 ? i : dir === 1 ? j : kk;
          if (along === 0 || along === last) continue;
          const f = i + fx * (j + fy * kk);
          const r = dir === 2 ? f : i + nx * (j + ny * kk);
          const l = r - stride;
          if (solid[l] || solid[r]) continue;
          // neighbours across a face that can carry flux widen each other's range
          const hiR = Math.max(cur[r]!, low[r]!);
          const loR = Math.min(cur[r]!, low[r]!);
          const hiL = Math.max(cur[l]!, low[l]!);
          const loL = Math.min(cur[l]!, low[l]!);
          if (hiR > smax[l]!) smax[l] = hiR;
          if (loR < smin[l]!) smin[l] = loR;
          if (hiL > smax[r]!) smax[r] = hiL;
          if (loL < smin[r]!) smin[r] = loL;
          const af = a[f]!;
          if (af > 0) {
            pin[r] = pin[r]! + af;
            pout[l] = pout[l]! + af;
          } else if (af < 0) {
            pin[l] = pin[l]! - af;
            pout[r] = pout[r]! - af;
          }
        }
      }
    }
  }

  /** Adds each face's antidiffusive flux, scaled by the limiter, to the two cells it joins. */
  private correct(
    a: Float64Array,
    fx: number,
    fy: number,
    nx: number,
    ny: number,
    nz: number,
    stride: number,
    dir: number,
  ): void {
    const { cur, pin, pout } = this;
    const fz = dir === 2 ? nz + 1 : nz;
    for (let kk = 0; kk < fz; kk++) {
      for (let j = 0; j < fy; j++) {
        for (let i = 0; i < fx; i++) {
          const f = i + fx * (j + fy * kk);
          const af = a[f]!;
          if (af === 0) continue;
          const r = dir === 2 ? f : i + nx * (j + ny * kk);
          const l = r - stride;
          // A > 0 moves the scalar from l to r: r gains (R⁺), l loses (R⁻)
          let cf: number;
          if (af > 0) cf = Math.min(pin[r]!, pout[l]!);
          else cf = Math.min(pin[l]!, pout[r]!);
          const m = cf * af;
          cur[l] = cur[l]! - m;
          cur[r] = cur[r]! + m;
        }
      }
    }
  }
}
