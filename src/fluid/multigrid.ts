/**
 * A geometric multigrid V-cycle used as the preconditioner of CG ("MGPCG", McAdams, Sifakis,
 * Teran 2010), the fast pressure solver for large grids that textbook §26.4 names
 * ("前処理付き共役勾配法、マルチグリッド").
 *
 * Each coarse cell unites 2×2 (2×2×2) fine cells. Coarse couplings are the sum of the fine
 * couplings crossing the coarse face, scaled by ½ — the Galerkin product PᵀAP with
 * piecewise-constant prolongation P, halved: for a smooth error e, Pᵀ(A e) sums 2^d fine
 * residuals ≈ 2^d h²(−∇²e), and the halved product gives exactly that on open fluid (2 h² … in
 * 2D the rediscretised Laplacian at spacing 2h, in 3D twice it), where the plain Galerkin product
 * would be twice too stiff and halve every coarse correction. Solid and open boundaries carry
 * over cell by cell. Restriction
 * sums the 4 (8) fine residuals, prolongation copies the coarse correction to the children.
 * Smoothing is red–black Gauss–Seidel: red then black before the coarse correction, black then
 * red after, which makes the whole V-cycle a symmetric operator, as CG needs.
 */
import { PoissonSystem } from './poisson.js';

interface Level {
  sys: PoissonSystem;
  /** correction and right-hand side of this level (level 0 runs on the caller's arrays) */
  x: Float64Array;
  b: Float64Array;
  /** for each fine padded index of this level: the padded index of its parent on the next level */
  parent: Int32Array;
  /** 2D: this level's residual b − A x at its live cells, 0 elsewhere (read by the restriction) */
  res: Float64Array;
  /**
   * 2D: the boundary band as stretches of one row, four entries each: [start, end) padded
   * indices, 1 when the stretch lies in a uniform run (the coefficient-free stencil), and the
   * parity k of the row (cell c is red when (c + k) is even); `bandLength` entries are used
   */
  band: Int32Array;
  /** (see band) the entries in use */
  bandLength: number;
  /** scratch: 1 for the cells near a non-uniform one (sized once, when the band is first found) */
  near: Uint8Array;
}

/** Options of the multigrid preconditioner: sweeps and levels. */
export interface MultigridOptions {
  /** red–black sweeps before / after the coarse correction (default 2 / 2) */
  preSweeps?: number;
  /** (see preSweeps) sweeps after the coarse correction */
  postSweeps?: number;
  /** symmetric sweeps on the coarsest level (default 40) */
  coarsestSweeps?: number;
  /** stop coarsening when a level has at most this many cells (default 64) */
  coarsestCells?: number;
  /**
   * extra red–black sweeps, before and after each level's coarse correction, over the cells near
   * the boundary (McAdams, Sifakis, Teran 2010, §4: the error a V-cycle leaves concentrates
   * there); default 0
   */
  boundarySweeps?: number;
  /** how far from a non-uniform cell (wall, solid, open side) the boundary band reaches, in cells (default 2) */
  boundaryWidth?: number;
  /**
   * the finest level that takes the boundary sweeps (0 = the fine grid; default 0). The coarse
   * levels' operators are the least accurate near the boundary: on the 256² smoke plume the
   * sweeps on levels 1 and below alone save as many iterations as on every level, at a fraction
   * of the cost
   */
  boundaryFirstLevel?: number;
}

/** A geometric multigrid V-cycle on the pressure Poisson system, used as the preconditioner of CG (MGPCG; McAdams, Sifakis, Teran 2010). */
export class MultigridPreconditioner {
  /** the grid levels, finest first */
  readonly levels: Level[] = [];
  /** red–black sweeps before the coarse correction */
  readonly preSweeps: number;
  /** red–black sweeps after it */
  readonly postSweeps: number;
  /** symmetric sweeps on the coarsest level */
  readonly coarsestSweeps: number;
  /** extra boundary-band sweeps before and after each coarse correction (2D) */
  readonly boundarySweeps: number;
  /** the band's reach from the non-uniform cells, in cells */
  readonly boundaryWidth: number;
  /** the finest level with boundary sweeps */
  readonly boundaryFirstLevel: number;

  constructor(fine: PoissonSystem, options: MultigridOptions = {}) {
    this.preSweeps = options.preSweeps ?? 2;
    this.postSweeps = options.postSweeps ?? 2;
    this.coarsestSweeps = options.coarsestSweeps ?? 40;
    this.boundarySweeps = options.boundarySweeps ?? 0;
    this.boundaryWidth = options.boundaryWidth ?? 2;
    this.boundaryFirstLevel = options.boundaryFirstLevel ?? 0;
    const limit = options.coarsestCells ?? 64;
    let sys = fine;
    for (;;) {
      const own = this.levels.length === 0 ? 0 : sys.size;
      const level: Level = {
        sys,
        x: new Float64Array(own),
        b: new Float64Array(own),
        parent: new Int32Array(0),
        res: new Float64Array(sys.dim === 2 ? sys.size : 0),
        band: new Int32Array(0),
        bandLength: 0,
        near: new Uint8Array(0),
      };
      this.levels.push(level);
      if (sys.nx * sys.ny * sys.nz <= limit || (sys.nx <= 2 && sys.ny <= 2)) break;
      const coarse = new PoissonSystem(
        Math.ceil(sys.nx / 2),
        Math.ceil(sys.ny / 2),
        sys.dim === 3 ? Math.ceil(sys.nz / 2) : 1,
      );
      level.parent = new Int32Array(sys.size).fill(-1);
      for (let k = 0; k < sys.nz; k++) {
        for (let j = 0; j < sys.ny; j++) {
          for (let i = 0; i < sys.nx; i++) {
            level.parent[sys.index(i, j, k)] = coarse.index(i >> 1, j >> 1, k >> 1);
          }
        }
      }
      sys = coarse;
    }
  }

  /** Rebuilds the coarse operators from the fine one (call after the fine couplings change). */
  update(): void {
    this.levels[0]!.sys.updateInverseDiagonal();
    // the pressure solver has found the fine runs already when it calls this
    if (!this.levels[0]!.sys.runsReady) this.levels[0]!.sys.updateRuns();
    for (let l = 0; l + 1 < this.levels.length; l++) {
      const fineLevel = this.levels[l]!;
      const f = fineLevel.sys;
      const c = this.levels[l + 1]!.sys;
      const parent = fineLevel.parent;
      const s = 0.5;
      c.diag.fill(0);
      c.cx.fill(0);
      c.cy.fill(0);
      c.cz.fill(0);
      const { diag: fd, cx: fx, cy: fy, cz: fz, sy: fsy, sz: fsz } = f;
      const { diag: cd, cx: ccx, cy: ccy, cz: ccz } = c;
      // in 2D only the live stretches (in index order, as the whole range would be; the other
      // cells have diag 0 and are skipped there too)
      const two = f.dim === 2 && f.runsReady;
      const t1 = two ? f.segOffset[f.ny]! : 3;
      for (let t = 0; t < t1; t += 3) {
        const q0 = two ? f.segs[t]! : 0;
        const q1 = two ? f.segs[t + 1]! : f.size;
        for (let q = q0; q < q1; q++) {
          const d = fd[q]!;
          if (d === 0) continue;
          const P = parent[q]!;
          cd[P] = cd[P]! + s * d;
          const ax = fx[q]!;
          if (ax !== 0) {
            const Px = parent[q + 1]!;
            if (Px === P) cd[P] = cd[P]! - 2 * s * ax;
            else ccx[P] = ccx[P]! + s * ax;
          }
          const ay = fy[q]!;
          if (ay !== 0) {
            const Py = parent[q + fsy]!;
            if (Py === P) cd[P] = cd[P]! - 2 * s * ay;
            else ccy[P] = ccy[P]! + s * ay;
          }
          if (fsz > 0) {
            const az = fz[q]!;
            if (az !== 0) {
              const Pz = parent[q + fsz]!;
              if (Pz === P) cd[P] = cd[P]! - 2 * s * az;
              else ccz[P] = ccz[P]! + s * az;
            }
          }
        }
      }
      // round-off can leave a tiny positive diagonal on a coarse cell whose children are fully
      // coupled only among themselves with nothing outside: such a cell has no equation.
      for (let q = 0; q < c.size; q++) if (c.diag[q]! < 1e-12) c.diag[q] = 0;
      c.updateInverseDiagonal();
      if (c.dim === 2) {
        // a coarse cell is live when it has a coupling or a live child (whose residual it sums)
        const live = c.live;
        live.fill(0);
        const { segs: fs, segOffset: fo } = f;
        const t1 = fo[f.ny]!;
        for (let t = 0; t < t1; t += 3) {
          const e = fs[t + 1]!;
          for (let q = fs[t]!; q < e; q++) live[parent[q]!] = 1;
        }
        c.updateRuns(true);
      } else c.updateRuns();
    }
    for (const level of this.levels) level.res.fill(0);
    if (this.boundarySweeps > 0) {
      for (let l = this.boundaryFirstLevel; l < this.levels.length; l++) this.findBand(this.levels[l]!);
    }
  }

  /**
   * The boundary band of a 2D level: live cells within `boundaryWidth` cells (Chebyshev distance)
   * of a live cell outside the uniform runs, as stretches of the live stretches (`Level.band`).
   * Its arrays are sized once; a rebuild (a moving obstacle: every step) allocates nothing.
   */
  private findBand(level: Level): void {
    const sys = level.sys;
    if (sys.dim !== 2) return;
    const { nx, ny, sy, segs, segOffset, live } = sys;
    if (level.near.length !== sys.size) {
      level.near = new Uint8Array(sys.size);
      // a stretch holds at least one cell and ends before the next one starts
      level.band = new Int32Array(4 * sys.size);
    }
    const near = level.near;
    near.fill(0);
    const w = this.boundaryWidth;
    for (let j = 0; j < ny; j++) {
      const s1 = segOffset[j + 1]!;
      for (let t = segOffset[j]!; t < s1; t += 3) {
        if (segs[t + 2] === 1) continue;
        const e = segs[t + 1]!;
        for (let c = segs[t]!; c < e; c++) {
          const i = c - sys.rowStart(j, 0);
          for (let dj = -w; dj <= w; dj++) {
            const jj = j + dj;
            if (jj < 0 || jj >= ny) continue;
            for (let di = -w; di <= w; di++) {
              const ii = i + di;
              if (ii < 0 || ii >= nx) continue;
              near[c + di + dj * sy] = 1;
            }
          }
        }
      }
    }
    // the live stretches cut to the band, in row order
    const out = level.band;
    let n = 0;
    for (let j = 0; j < ny; j++) {
      const k = (j - sys.rowStart(j, 0)) & 1;
      const s1 = segOffset[j + 1]!;
      for (let t = segOffset[j]!; t < s1; t += 3) {
        const e = segs[t + 1]!;
        let c = segs[t]!;
        while (c < e) {
          while (c < e && !(near[c] && live[c])) c++;
          const a = c;
          while (c < e && near[c] && live[c]) c++;
          if (c > a) {
            out[n] = a;
            out[n + 1] = c;
            out[n + 2] = segs[t + 2]!;
            out[n + 3] = k;
            n += 4;
          }
        }
      }
    }
    level.bandLength = n;
  }

  /** z = M⁻¹ r: one V-cycle from zero, run straight on r and z (no copies). */
  apply(r: Float64Array, z: Float64Array): void {
    this.vcycle(0, z, r);
  }

  /** Whether `applyDot` can fuse r·z into the last sweep (2D, more than one level, post-smoothing). */
  canDot(): boolean {
    return this.levels[0]!.sys.sz === 0 && this.levels.length > 1 && this.postSweeps > 0;
  }

  /**
   * z = M⁻¹ r as `apply`, returning r·z summed by the finest level's last red–black sweep as each
   * row is finished (one pass less per CG iteration; needs `canDot`). The rows' sums run in index
   * order, as a separate loop's would.
   */
  applyDot(r: Float64Array, z: Float64Array): number {
    this.applyDotTo(r, z);
    return this.dot[0]!;
  }

  /** `applyDot`, leaving r·z in `dot[0]` instead of returning it. */
  applyDotTo(r: Float64Array, z: Float64Array): void {
    this.dotLast = true;
    this.vcycle(0, z, r);
    this.dotLast = false;
  }

  private dotLast = false;
  /** r·z of the last `applyDot` (a typed array: a double returned by a call V8 did not inline is boxed) */
  readonly dot = new Float64Array(1);

  /** One V-cycle for A x = b on level l, from x = 0. */
  private vcycle(l: number, x: Float64Array, b: Float64Array): void {
    const sys = this.levels[l]!.sys;
    if (l === this.levels.length - 1) {
      x.fill(0);
      for (let s = 0; s < this.coarsestSweeps; s++) liveSweep(sys, x, b, 0);
      for (let s = 0; s < this.coarsestSweeps; s++) liveSweep(sys, x, b, 1);
      return;
    }
    if (sys.sz === 0 && this.preSweeps > 0 && this.postSweeps > 0) {
      this.vcycle2(l, x, b);
      return;
    }
    x.fill(0);
    for (let s = 0; s < this.preSweeps; s++) liveSweep(sys, x, b, 0);
    const next = this.levels[l + 1]!;
    restrictResidual(sys, x, b, next.sys, next.b, this.levels[l]!.res);
    this.vcycle(l + 1, next.x, next.b);
    prolongAdd(sys, x, next.sys, next.x);
    const post = l === 0 && this.dotLast ? this.postSweeps - 1 : this.postSweeps;
    for (let s = 0; s < post; s++) liveSweep(sys, x, b, 1);
    if (post < this.postSweeps) lastSweepDot(sys, x, b, this.dot);
  }

  /**
   * The 2D V-cycle step of a level above the coarsest, as `vcycle` computes it but in fewer passes
   * over memory: the first sweep starts from zero without clearing x (`firstSweepFromZero`), the
   * last pre-smoothing sweep restricts each row's residual as soon as its neighbours are final
   * (`sweepRestrict`), and the first post-smoothing sweep prolongs each row just before it is
   * relaxed (`prolongSweep`), which on the finest level also sums r·z when it is the last sweep.
   * Every value is computed from the same operands as in the separate passes: bit-identical.
   */
  private vcycle2(l: number, x: Float64Array, b: Float64Array): void {
    const sys = this.levels[l]!.sys;
    const pre = this.preSweeps;
    const post = this.postSweeps;
    // sweeps between the first and the restricting one go two per pass (`redBlackDoubleSweep`)
    let s = 0;
    while (s < pre - 1) {
      if (s === 0) firstSweepFromZero(sys, x, b);
      else if (s + 1 < pre - 1) {
        liveDoubleSweep(sys, x, b, 0);
        s++;
      } else liveSweep(sys, x, b, 0);
      s++;
    }
    const next = this.levels[l + 1]!;
    const level = this.levels[l]!;
    for (let k = 0; k < this.boundarySweeps; k++) bandSweep(sys, x, b, level.band, level.bandLength, 0);
    sweepRestrict(sys, x, b, pre === 1, next.sys, next.b, this.levels[l]!.res);
    this.vcycle(l + 1, next.x, next.b);
    const withDot = l === 0 && this.dotLast;
    prolongSweep(sys, x, b, next.sys, next.x, withDot && post === 1, this.dot);
    for (let k = 0; k < this.boundarySweeps; k++) bandSweep(sys, x, b, level.band, level.bandLength, 1);
    // and those between the prolonging one and the last
    const plain = withDot ? post - 1 : post;
    s = 1;
    while (s < plain) {
      if (s + 1 < plain) {
        liveDoubleSweep(sys, x, b, 1);
        s += 2;
      } else {
        liveSweep(sys, x, b, 1);
        s++;
      }
    }
    if (withDot && post > 1) lastSweepDot(sys, x, b, this.dot);
  }
}

/**
 * One red–black Gauss–Seidel sweep over the boundary band only (McAdams et al. 2010's boundary
 * smoothing): red then black (first = 0) before the coarse correction, black then red after, so
 * the V-cycle stays symmetric.
 */
function bandSweep(
  sys: PoissonSystem,
  x: Float64Array,
  b: Float64Array,
  band: Int32Array,
  n: number,
  first: number,
): void {
  const { invDiag, cx, cy, sy } = sys;
  for (let half = 0; half < 2; half++) {
    const color = half === 0 ? first : 1 - first;
    for (let t = 0; t < n; t += 4) {
      const a = band[t]!;
      const e = band[t + 1]!;
      const c0 = a + (((a + band[t + 3]!) ^ color) & 1);
      if (band[t + 2] === 1) {
        for (let c = c0; c < e; c += 2) {
          x[c] = (b[c]! + x[c + 1]! + x[c - 1]! + x[c + sy]! + x[c - sy]!) * 0.25;
        }
        continue;
      }
      for (let c = c0; c < e; c += 2) {
        const d = invDiag[c]!;
        if (d === 0) {
          x[c] = 0;
          continue;
        }
        x[c] =
          (b[c]! +
            cx[c]! * x[c + 1]! +
            cx[c - 1]! * x[c - 1]! +
            cy[c]! * x[c + sy]! +
            cy[c - sy]! * x[c - sy]!) *
          d;
      }
    }
  }
}

/**
 * A red-first sweep (from zero when `fromZero`, as `firstSweepFromZero`) fused with the residual
 * restriction: row m is relaxed red, row m − 1 black, and row m − 2, whose neighbours are then
 * final, restricted.
 */
function sweepRestrict(
  sys: PoissonSystem,
  x: Float64Array,
  b: Float64Array,
  fromZero: boolean,
  coarse: PoissonSystem,
  cb: Float64Array,
  res: Float64Array,
): void {
  const ny = sys.ny;
  for (let m = 0; m <= ny + 1; m++) {
    if (m < ny) {
      if (fromZero) redRowFromZero(sys, x, b, m);
      else relaxLive2(sys, x, b, m, 0);
    }
    if (m >= 1 && m <= ny) relaxLive2(sys, x, b, m - 1, 1);
    if (m >= 2) restrictRow2(sys, x, b, coarse, cb, m - 2, res);
  }
}

/**
 * Row m's red cells from x = 0 (see `firstSweepFromZero`): (b + 0)·(1/diag) on the live stretches;
 * every cell outside them, of either colour, set to 0 (the smoothers never visit those again, and
 * the output array may hold anything before).
 */
function redRowFromZero(sys: PoissonSystem, x: Float64Array, b: Float64Array, m: number): void {
  const { invDiag, nx, segs, segOffset } = sys;
  const row = sys.rowStart(m, 0);
  const par = m & 1;
  let prev = row;
  const s1 = segOffset[m + 1]!;
  for (let s = segOffset[m]!; s < s1; s += 3) {
    const a = segs[s]!;
    const e = segs[s + 1]!;
    if (a > prev) x.fill(0, prev, a);
    for (let c = a + (((a - row) ^ par) & 1); c < e; c += 2) x[c] = (b[c]! + 0) * invDiag[c]!;
    prev = e;
  }
  if (row + nx > prev) x.fill(0, prev, row + nx);
}

/**
 * One colour of row j over its live stretches: the general stencil on mixed stretches, the one
 * without coefficient loads on uniform ones (the same values as `relaxRowPlain2`, bit for bit;
 * the cells outside the stretches keep their 0).
 */
function relaxLive2(sys: PoissonSystem, x: Float64Array, b: Float64Array, j: number, color: number): void {
  const { invDiag, cx, cy, sy, segs, segOffset } = sys;
  const row = sys.rowStart(j, 0);
  const par = (j + color) & 1;
  const s1 = segOffset[j + 1]!;
  for (let s = segOffset[j]!; s < s1; s += 3) {
    const a = segs[s]!;
    const e = segs[s + 1]!;
    const c0 = a + (((a - row) ^ par) & 1);
    if (segs[s + 2] === 1) {
      for (let c = c0; c < e; c += 2) {
        x[c] = (b[c]! + x[c + 1]! + x[c - 1]! + x[c + sy]! + x[c - sy]!) * 0.25;
      }
      continue;
    }
    for (let c = c0; c < e; c += 2) {
      const d = invDiag[c]!;
      if (d === 0) {
        x[c] = 0;
        continue;
      }
      x[c] =
        (b[c]! +
          cx[c]! * x[c + 1]! +
          cx[c - 1]! * x[c - 1]! +
          cy[c]! * x[c + sy]! +
          cy[c - sy]! * x[c - sy]!) *
        d;
    }
  }
}

/** `symmetricSweep` of a 2D level over its live stretches (`relaxLive2`), one row behind. */
function liveSweep(sys: PoissonSystem, x: Float64Array, b: Float64Array, first: number): void {
  if (sys.sz > 0) {
    symmetricSweep(sys, x, b, first);
    return;
  }
  const ny = sys.ny;
  const second = 1 - first;
  for (let m = 0; m <= ny; m++) {
    if (m < ny) relaxLive2(sys, x, b, m, first);
    if (m >= 1) relaxLive2(sys, x, b, m - 1, second);
  }
}

/** `redBlackDoubleSweep` over the live stretches (`relaxLive2`). */
function liveDoubleSweep(sys: PoissonSystem, x: Float64Array, b: Float64Array, first: number): void {
  const ny = sys.ny;
  const second = 1 - first;
  for (let m = 0; m <= ny + 2; m++) {
    if (m < ny) relaxLive2(sys, x, b, m, first);
    if (m >= 1 && m <= ny) relaxLive2(sys, x, b, m - 1, second);
    if (m >= 2 && m <= ny + 1) relaxLive2(sys, x, b, m - 2, first);
    if (m >= 3) relaxLive2(sys, x, b, m - 3, second);
  }
}

/**
 * The prolongation fused with a black-first sweep: row m takes its parents' correction, row m − 1
 * is relaxed black and row m − 2 red (its black neighbours are new by then). With `withDot` it is
 * the last sweep and writes b·x to out[0], each padded row summed once final.
 */
function prolongSweep(
  sys: PoissonSystem,
  x: Float64Array,
  b: Float64Array,
  coarse: PoissonSystem,
  cxv: Float64Array,
  withDot: boolean,
  out: Float64Array,
): void {
  const { diag, ny, segs, segOffset } = sys;
  let dot = 0;
  for (let m = 0; m <= ny + 1; m++) {
    if (m < ny) {
      const row = sys.rowStart(m, 0);
      const crow = coarse.rowStart(m >> 1, 0);
      const s1 = segOffset[m + 1]!;
      for (let s = segOffset[m]!; s < s1; s += 3) {
        const e = segs[s + 1]!;
        for (let c = segs[s]!; c < e; c++) {
          if (diag[c] !== 0) x[c] = x[c]! + cxv[crow + ((c - row) >> 1)]!;
        }
      }
    }
    if (m >= 1 && m <= ny) relaxLive2(sys, x, b, m - 1, 1);
    if (m < 2) continue;
    relaxLive2(sys, x, b, m - 2, 0);
    if (!withDot) continue;
    // the row's other cells hold x = 0 and add +0 to the sum
    const s1 = segOffset[m - 1]!;
    for (let s = segOffset[m - 2]!; s < s1; s += 3) {
      const e = segs[s + 1]!;
      for (let c = segs[s]!; c < e; c++) dot += b[c]! * x[c]!;
    }
  }
  if (withDot) out[0] = dot;
}

/**
 * Two red–black sweeps of a 2D level (colour `first`, then the other, twice) in one pass over
 * memory: row m takes the first sweep's first colour, row m − 1 its second, row m − 2 the second
 * sweep's first colour and row m − 3 its second. Each update reads exactly the neighbour values
 * the two separate sweeps would (the lags keep every row one sweep ahead of the row behind it):
 * bit-identical, in half the passes.
 */
export function redBlackDoubleSweep(
  sys: PoissonSystem,
  x: Float64Array,
  b: Float64Array,
  first: number,
): void {
  const ny = sys.ny;
  const second = 1 - first;
  for (let m = 0; m <= ny + 2; m++) {
    if (m < ny) relaxRowPlain2(sys, x, b, m, first);
    if (m >= 1 && m <= ny) relaxRowPlain2(sys, x, b, m - 1, second);
    if (m >= 2 && m <= ny + 1) relaxRowPlain2(sys, x, b, m - 2, first);
    if (m >= 3) relaxRowPlain2(sys, x, b, m - 3, second);
  }
}

/** Red then black half-sweep (first = 0), or black then red (first = 1). */
function symmetricSweep(sys: PoissonSystem, x: Float64Array, b: Float64Array, first: number): void {
  redBlackSweepFused(sys, x, b, first);
}

/**
 * The first red–black sweep (red, then black) of a 2D V-cycle level from x = 0, without clearing x
 * first: a red cell's neighbours are all black, still 0, so it becomes (b + 0)·(1/diag) — the
 * value the plain sweep computes from zeros, bit for bit (+0 turns −0 into +0 just as the
 * stencil's zero terms do) — and the black half-sweep then overwrites every black cell without
 * reading its old value. The ghost cells are never written and stay 0.
 */
function firstSweepFromZero(sys: PoissonSystem, x: Float64Array, b: Float64Array): void {
  const ny = sys.ny;
  for (let m = 0; m <= ny; m++) {
    if (m < ny) redRowFromZero(sys, x, b, m);
    if (m >= 1) relaxLive2(sys, x, b, m - 1, 1);
  }
}

/**
 * The post-smoothing sweep (black, then red one row behind) of a 2D level that writes b·x to out[0]: once
 * row m's red cells are relaxed the row is final, and its terms are summed then (ghost columns
 * included, as a loop over the whole padded range would: they add +0).
 */
function lastSweepDot(sys: PoissonSystem, x: Float64Array, b: Float64Array, out: Float64Array): void {
  const { ny, segs, segOffset } = sys;
  let dot = 0;
  for (let m = 0; m <= ny; m++) {
    if (m < ny) relaxLive2(sys, x, b, m, 1);
    if (m === 0) continue;
    relaxLive2(sys, x, b, m - 1, 0);
    // the row's other cells hold x = 0 and add +0 to the sum
    const s1 = segOffset[m]!;
    for (let s = segOffset[m - 1]!; s < s1; s += 3) {
      const e = segs[s + 1]!;
      for (let c = segs[s]!; c < e; c++) dot += b[c]! * x[c]!;
    }
  }
  out[0] = dot;
}

/**
 * Restriction Pᵀ of the residual, fused with computing it: each coarse right-hand side is the sum
 * of its children's b − A x, read row by row without a residual array.
 */
function restrictResidual(
  fine: PoissonSystem,
  x: Float64Array,
  b: Float64Array,
  coarse: PoissonSystem,
  cb: Float64Array,
  res: Float64Array,
): void {
  if (fine.sz === 0) {
    restrictResidual2(fine, x, b, coarse, cb, res);
    return;
  }
  const { diag, cx, cy, cz, sy, sz, nx, ny, nz } = fine;
  const three = sz > 0;
  cb.fill(0);
  for (let k = 0; k < nz; k++) {
    for (let j = 0; j < ny; j++) {
      const row = fine.rowStart(j, k);
      const crow = coarse.rowStart(j >> 1, k >> 1);
      // an inactive cell has no diagonal, no couplings and b = 0: it adds exactly 0
      for (let i = 0; i < nx; i++) {
        const c = row + i;
        let r =
          b[c]! -
          diag[c]! * x[c]! +
          cx[c]! * x[c + 1]! +
          cx[c - 1]! * x[c - 1]! +
          cy[c]! * x[c + sy]! +
          cy[c - sy]! * x[c - sy]!;
        if (three) r += cz[c]! * x[c + sz]! + cz[c - sz]! * x[c - sz]!;
        const P = crow + (i >> 1);
        cb[P] = cb[P]! + r;
      }
    }
  }
}

/**
 * `restrictResidual` in 2D: each fine row's residual goes to `res` on its live stretches (the uniform
 * ones load no coefficients), then each live coarse cell takes its two children of the row. The sums
 * run in the general loop's order — 0 + r(2I, 2J) + r(2I+1, 2J), then + r(2I, 2J+1) + r(2I+1, 2J+1) —
 * and a child outside the live stretches holds r = 0 in `res` (as the general loop's ±0 adds nothing
 * to a sum begun at +0), so the result is bit-identical, without clearing cb and without a
 * read-modify-write per fine cell. A coarse cell with no live child is never read.
 */
function restrictResidual2(
  fine: PoissonSystem,
  x: Float64Array,
  b: Float64Array,
  coarse: PoissonSystem,
  cb: Float64Array,
  res: Float64Array,
): void {
  for (let j = 0; j < fine.ny; j++) restrictRow2(fine, x, b, coarse, cb, j, res);
}

/** Row j of `restrictResidual2` (its residual into res, then into the parents). */
function restrictRow2(
  fine: PoissonSystem,
  x: Float64Array,
  b: Float64Array,
  coarse: PoissonSystem,
  cb: Float64Array,
  j: number,
  res: Float64Array,
): void {
  const { diag, cx, cy, sy, segs, segOffset } = fine;
  const s1 = segOffset[j + 1]!;
  for (let s = segOffset[j]!; s < s1; s += 3) {
    const a = segs[s]!;
    const e = segs[s + 1]!;
    if (segs[s + 2] === 1) {
      for (let c = a; c < e; c++) {
        res[c] = b[c]! - 4 * x[c]! + x[c + 1]! + x[c - 1]! + x[c + sy]! + x[c - sy]!;
      }
      continue;
    }
    for (let c = a; c < e; c++) {
      res[c] =
        b[c]! -
        diag[c]! * x[c]! +
        cx[c]! * x[c + 1]! +
        cx[c - 1]! * x[c - 1]! +
        cy[c]! * x[c + sy]! +
        cy[c - sy]! * x[c - sy]!;
    }
  }
  // a parent's second child past an odd row's end is the ghost column, whose res stays 0
  const J = j >> 1;
  const row = fine.rowStart(j, 0);
  const crow = coarse.rowStart(J, 0);
  const cs = coarse.segs;
  const t1 = coarse.segOffset[J + 1]!;
  const even = (j & 1) === 0;
  for (let t = coarse.segOffset[J]!; t < t1; t += 3) {
    const e = cs[t + 1]!;
    for (let P = cs[t]!; P < e; P++) {
      const f = row + 2 * (P - crow);
      cb[P] = (even ? 0 : cb[P]!) + res[f]! + res[f + 1]!;
    }
  }
}

/** Prolongation P: every active fine cell adds its parent's coarse correction. */
function prolongAdd(fine: PoissonSystem, x: Float64Array, coarse: PoissonSystem, cxv: Float64Array): void {
  const { diag, nx, ny, nz } = fine;
  for (let k = 0; k < nz; k++) {
    for (let j = 0; j < ny; j++) {
      const row = fine.rowStart(j, k);
      const crow = coarse.rowStart(j >> 1, k >> 1);
      for (let i = 0; i < nx; i++) {
        const c = row + i;
        if (diag[c] !== 0) x[c] = x[c]! + cxv[crow + (i >> 1)]!;
      }
    }
  }
}

/**
 * One Gauss–Seidel half-sweep over the cells of one colour ((i+j+k) even = 0 "red", odd = 1
 * "black"), optionally over-relaxed by ω; needs `sys.updateInverseDiagonal()`. Cells of one
 * colour have no neighbour of the same colour, so a half-sweep is order-independent: per cell
 * parallel, like the GPU's Jacobi.
 */
export function redBlackSweep(
  sys: PoissonSystem,
  x: Float64Array,
  b: Float64Array,
  color: number,
  omega = 1,
): void {
  for (let k = 0; k < sys.nz; k++) for (let j = 0; j < sys.ny; j++) relaxRow(sys, x, b, j, k, color, omega);
}

/**
 * A full red–black sweep, colour `first` then the other, in one pass over memory: row m of the
 * first colour, then row m − lag of the second, where lag (1 row in 2D, one slab of ny rows in
 * 3D) is just enough for every first-colour neighbour of that row to be new already, while the
 * first colour still reads the second colour's old values. The result is bit-identical to two
 * separate half-sweeps; the rows involved are still in cache.
 */
export function redBlackSweepFused(
  sys: PoissonSystem,
  x: Float64Array,
  b: Float64Array,
  first: number,
  omega = 1,
): void {
  const ny = sys.ny;
  const rows = ny * sys.nz;
  const lag = sys.sz > 0 ? ny : 1;
  const second = 1 - first;
  // (j1, k1): the row of the first colour; (j2, k2): the lagging row of the second
  let j1 = 0;
  let k1 = 0;
  let j2 = 0;
  let k2 = 0;
  for (let m = 0; m < rows + lag; m++) {
    if (m < rows) {
      relaxRow(sys, x, b, j1, k1, first, omega);
      if (++j1 === ny) {
        j1 = 0;
        k1++;
      }
    }
    if (m >= lag) {
      relaxRow(sys, x, b, j2, k2, second, omega);
      if (++j2 === ny) {
        j2 = 0;
        k2++;
      }
    }
  }
}

/**
 * Gauss–Seidel (ω-relaxed) update of the cells of one colour in interior row (j, k). The plain
 * 2D case (the multigrid smoother) takes a branch-free kernel: an inactive cell has 1/diag = 0
 * and no couplings, so the same formula leaves it at 0.
 */
function relaxRow(
  sys: PoissonSystem,
  x: Float64Array,
  b: Float64Array,
  j: number,
  k: number,
  color: number,
  omega: number,
): void {
  if (omega === 1 && sys.sz === 0) relaxRowPlain2(sys, x, b, j, color);
  else relaxRowGeneral(sys, x, b, j, k, color, omega);
}

/**
 * The plain 2D kernel over one colour of row j: the gaps between the uniform runs take the general
 * stencil, the runs (diag 4, couplings 1) one without coefficient loads — the same value bit for
 * bit, since 1·x = x and ¼ = 1/4 exactly.
 */
function relaxRowPlain2(
  sys: PoissonSystem,
  x: Float64Array,
  b: Float64Array,
  j: number,
  color: number,
): void {
  const { invDiag, cx, cy, sy, nx, runs, runOffset } = sys;
  const row = sys.rowStart(j, 0);
  const end = row + nx;
  // this colour's cells c have (c − row) & 1 === par
  const par = (j + color) & 1;
  let c0 = row;
  const r1 = runOffset[j + 1]!;
  for (let r = runOffset[j]!; r <= r1; r += 2) {
    const a = r < r1 ? runs[r]! : end;
    for (let c = c0 + (((c0 - row) ^ par) & 1); c < a; c += 2) {
      // an inactive cell (1/diag = 0) would come out 0 from the formula too: skip its loads
      const d = invDiag[c]!;
      if (d === 0) {
        x[c] = 0;
        continue;
      }
      x[c] =
        (b[c]! +
          cx[c]! * x[c + 1]! +
          cx[c - 1]! * x[c - 1]! +
          cy[c]! * x[c + sy]! +
          cy[c - sy]! * x[c - sy]!) *
        d;
    }
    if (r === r1) break;
    const e = runs[r + 1]!;
    for (let c = a + (((a - row) ^ par) & 1); c < e; c += 2) {
      x[c] = (b[c]! + x[c + 1]! + x[c - 1]! + x[c + sy]! + x[c - sy]!) * 0.25;
    }
    c0 = e;
  }
}

function relaxRowGeneral(
  sys: PoissonSystem,
  x: Float64Array,
  b: Float64Array,
  j: number,
  k: number,
  color: number,
  omega: number,
): void {
  const { invDiag, cx, cy, cz, sy, sz, nx } = sys;
  const row = sys.rowStart(j, k);
  const end = row + nx;
  for (let c = row + ((j + k + color) & 1); c < end; c += 2) {
    const d = invDiag[c]!;
    if (d === 0) continue;
    let s =
      b[c]! + cx[c]! * x[c + 1]! + cx[c - 1]! * x[c - 1]! + cy[c]! * x[c + sy]! + cy[c - sy]! * x[c - sy]!;
    if (sz > 0) s += cz[c]! * x[c + sz]! + cz[c - sz]! * x[c - sz]!;
    const gs = s * d;
    x[c] = omega === 1 ? gs : x[c]! + omega * (gs - x[c]!);
  }
}
