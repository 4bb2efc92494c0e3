/**
 * The discrete pressure Poisson system of textbook §26.4: for every fluid cell
 *   Σ_{fluid neighbours} (p_nb − p) − (open neighbours)·p = divergence
 * (in units where h = ρ = dt = 1; the projection scales). Wall and solid faces add no term
 * ("壁の面は速度0で、項を加えません"); an open side is a neighbour with p = 0 outside.
 *
 * We store its negative, A p = b with b = −divergence, which is symmetric positive
 * (semi)definite: (A p)_c = diag_c p_c − Σ coupling·p_nb. Every solver of `pressure-solvers.ts`
 * runs on this one structure. The cells are padded with one inactive ghost layer on every side,
 * so each active cell has all its neighbours at valid indices (couplings to ghosts are 0) and the
 * inner loops need no bounds checks. Coarse multigrid levels use the same structure.
 *
 * A closed region (no open neighbour anywhere in it) has a singular system, solvable only when
 * its divergences sum to zero; `removeNullspace` subtracts each such region's mean.
 */
export class PoissonSystem {
  /** interior size */
  readonly nx: number;
  /** (see nx) interior cells along y */
  readonly ny: number;
  /** interior cells along z (1 in 2D) */
  readonly nz: number;
  /** padded size (nz stays 1 in 2D) */
  readonly px: number;
  /** (see px) padded size along y */
  readonly py: number;
  /** padded size along z */
  readonly pz: number;
  /** padded strides: +1 in x, sy in y, sz in z (sz = 0 in 2D) */
  readonly sy: number;
  /** (see sy) the padded stride in z */
  readonly sz: number;
  /** number of padded cells: the length of every per-cell array */
  readonly size: number;
  /** the padded index range [first, end) that holds every interior cell (ghost slabs excluded) */
  readonly first: number;
  /** (see first) one past the last padded index of an interior cell */
  readonly end: number;
  /** 2 or 3 */
  readonly dim: 2 | 3;
  /** diagonal; 0 marks an inactive cell (solid, ghost) */
  readonly diag: Float64Array;
  /** 1/diag (0 for inactive cells), filled by `updateInverseDiagonal` for the smoothers */
  readonly invDiag: Float64Array;
  /** coupling between cell c and c+1 / c+sy / c+sz (≥ 0) */
  readonly cx: Float64Array;
  /** (see cx) coupling between c and c + sy */
  readonly cy: Float64Array;
  /** (see cx) coupling between c and c + sz */
  readonly cz: Float64Array;
  /** closed-region label per cell (≥ 1), 0 for inactive cells or cells of regions with an open side */
  readonly region: Int32Array;
  /**
   * Uniform runs (2D only): for interior row j, the pairs runs[runOffset[j] … runOffset[j+1]) are
   * [start, end) padded index ranges of cells with diag 4 and all four couplings 1 — open fluid
   * away from walls and solids. There the smoothers, the residual and A·x take a kernel that loads
   * no coefficients; the result is bit-identical (1·x = x and ¼ is exact). Built by `updateRuns`;
   * none until then, and `clearRuns` drops them when the couplings change.
   */
  readonly runs: Int32Array;
  /** (see runs) where row j's runs start; ny + 1 entries */
  readonly runOffset: Int32Array;
  /** whether `runs` describes the current couplings */
  runsReady = false;
  /**
   * Live cells (2D only): 1 for a cell with a diagonal or a coupling, or (on a multigrid level) a
   * cell with a live child; 0 for a cell that takes no part in the system (air, solid). Built by
   * `updateRuns` (a coarse level's by the multigrid, which adds the children).
   */
  readonly live: Uint8Array;
  /**
   * Live stretches (2D only): for interior row j, the triples segs[segOffset[j] … segOffset[j+1])
   * are [start, end, uniform] padded index ranges of live cells, uniform (1) where every cell is
   * in a uniform run, 0 otherwise. The multigrid's smoothers, restriction and prolongation visit
   * only these; until `updateRuns` (and after `clearRuns`) each row is one general stretch.
   */
  readonly segs: Int32Array;
  /** (see segs) where row j's triples start; ny + 1 entries */
  readonly segOffset: Int32Array;
  /** number of closed regions (labels 1..closedRegions) */
  closedRegions = 0;
  /**
   * The fused kernels' scalars: [0] the dot product `applyTo`, `updateApplyTo`,
   * `residualSquaredTo` and `activeSquaredTo` leave, [1] the β that `updateApplyTo` reads. A double returned from or
   * passed to a call that V8 does not inline is boxed; through this array nothing is.
   */
  readonly scalars = new Float64Array(2);
  private regionSum = new Float64Array(8);
  private regionCount = new Float64Array(8);
  private stack: Int32Array;
  private openFlags = new Uint8Array(8);
  private relabel = new Int32Array(8);

  constructor(nx: number, ny: number, nz = 1) {
    this.nx = nx;
    this.ny = ny;
    this.nz = nz;
    this.dim = nz > 1 ? 3 : 2;
    this.px = nx + 2;
    this.py = ny + 2;
    this.pz = this.dim === 3 ? nz + 2 : 1;
    this.sy = this.px;
    this.sz = this.dim === 3 ? this.px * this.py : 0;
    this.size = this.px * this.py * this.pz;
    this.first = this.dim === 3 ? this.sz : this.sy;
    this.end = this.size - this.first;
    this.diag = new Float64Array(this.size);
    this.invDiag = new Float64Array(this.size);
    this.cx = new Float64Array(this.size);
    this.cy = new Float64Array(this.size);
    this.cz = new Float64Array(this.size);
    this.region = new Int32Array(this.size);
    this.stack = new Int32Array(this.size);
    const two = this.dim === 2;
    this.runs = new Int32Array(two ? (nx + 2) * ny : 0);
    this.runOffset = new Int32Array(two ? ny + 1 : 0);
    this.live = new Uint8Array(two ? this.size : 0);
    this.segs = new Int32Array(two ? 3 * (nx + 1) * ny : 0);
    this.segOffset = new Int32Array(two ? ny + 1 : 0);
    this.wholeRowSegments();
  }

  /** Each row one general stretch: every cell visited, as before any `updateRuns`. */
  private wholeRowSegments(): void {
    if (this.dim !== 2) return;
    const { segs, segOffset, nx, ny } = this;
    for (let j = 0; j < ny; j++) {
      const row = this.rowStart(j, 0);
      segOffset[j] = 3 * j;
      segs[3 * j] = row;
      segs[3 * j + 1] = row + nx;
      segs[3 * j + 2] = 0;
    }
    segOffset[ny] = 3 * ny;
  }

  /**
   * Finds the uniform runs and the live stretches of every row (see `runs`, `live`, `segs`); call
   * after the couplings change (the pressure solver does, after `invalidate`). `keepLive`: cells
   * already marked in `live` stay live (a multigrid level marks the parents of live cells first).
   * 3D systems keep none.
   */
  updateRuns(keepLive = false): void {
    if (this.dim !== 2) return;
    const { diag, cx, cy, sy, nx, ny, runs, runOffset, live, segs, segOffset } = this;
    let n = 0;
    let m = 0;
    for (let j = 0; j < ny; j++) {
      runOffset[j] = n;
      segOffset[j] = m;
      const row = this.rowStart(j, 0);
      const end = row + nx;
      // one pass: each cell's kind (−1 not live, 0 general, 1 uniform); a change of kind closes a
      // stretch, and a closed uniform stretch is also a uniform run
      let kind = -1;
      for (let c = row; c <= end; c++) {
        let k = -1;
        if (c < end) {
          const d = diag[c]!;
          const a = cx[c]!;
          const w = cx[c - 1]!;
          const u = cy[c]!;
          const v = cy[c - sy]!;
          if (d === 4 && a === 1 && w === 1 && u === 1 && v === 1) k = 1;
          else if (d !== 0 || a !== 0 || w !== 0 || u !== 0 || v !== 0 || (keepLive && live[c] === 1)) k = 0;
          live[c] = k >= 0 ? 1 : 0;
        }
        if (k === kind) continue;
        if (kind >= 0) {
          segs[m - 2] = c;
          if (kind === 1) {
            runs[n++] = segs[m - 3]!;
            runs[n++] = c;
          }
        }
        if (k >= 0) {
          segs[m] = c;
          segs[m + 1] = c;
          segs[m + 2] = k;
          m += 3;
        }
        kind = k;
      }
    }
    runOffset[ny] = n;
    segOffset[ny] = m;
    this.runsReady = true;
  }

  /** Forgets the uniform runs (every cell then takes the general kernel) until `updateRuns`. */
  clearRuns(): void {
    this.runOffset.fill(0);
    this.wholeRowSegments();
    this.runsReady = false;
  }

  /** Padded index of interior cell (i, j, k). */
  index(i: number, j: number, k = 0): number {
    return this.dim === 3 ? i + 1 + this.px * (j + 1 + this.py * (k + 1)) : i + 1 + this.px * (j + 1);
  }

  /** First padded index of interior row (j, k); cells of the row follow contiguously. */
  rowStart(j: number, k = 0): number {
    return this.index(0, j, k);
  }

  /** Fills `invDiag` from `diag` (0 for inactive cells), after the coefficients change. */
  updateInverseDiagonal(): void {
    const { diag, invDiag } = this;
    for (let c = 0; c < this.size; c++) invDiag[c] = diag[c] === 0 ? 0 : 1 / diag[c]!;
  }

  /**
   * y = A x over the active cells (inactive entries of y are set to 0); returns x·y, which CG
   * needs next, so it costs no second pass. An inactive cell has diag 0 and no couplings (they
   * are 0 on both sides), so y = 0 there without a branch. The in-plane stencil runs first; a 3D
   * system adds its z couplings in a second pass, which keeps the 2D loop free of a dimension
   * test (measured ~20% faster at 256²). The stencil is written out rather than called: a small
   * helper returning a double, if V8 does not inline it, boxes its result for every cell.
   */
  apply(x: Float64Array, y: Float64Array): number {
    this.applyTo(x, y);
    return this.scalars[0]!;
  }

  /** `apply`, leaving x·y in `scalars[0]` instead of returning it. */
  applyTo(x: Float64Array, y: Float64Array): void {
    if (this.runsReady) {
      this.applyRuns(x, y);
      return;
    }
    const { diag, cx, cy, cz, sy, sz, first, end } = this;
    let dot = 0;
    for (let c = first; c < end; c++) {
      const xc = x[c]!;
      const a =
        diag[c]! * xc -
        cx[c]! * x[c + 1]! -
        cx[c - 1]! * x[c - 1]! -
        cy[c]! * x[c + sy]! -
        cy[c - sy]! * x[c - sy]!;
      y[c] = a;
      dot += xc * a;
    }
    if (sz > 0) {
      dot = 0;
      for (let c = first; c < end; c++) {
        const a = y[c]! - cz[c]! * x[c + sz]! - cz[c - sz]! * x[c - sz]!;
        y[c] = a;
        dot += x[c]! * a;
      }
    }
    this.scalars[0] = dot;
  }

  /**
   * `apply` in 2D with the uniform runs: the same sums in the same order (bit-identical), the runs
   * without coefficient loads. Each padded row (ghost columns included) is the gaps between its
   * runs, taken by the general stencil, and the runs.
   */
  private applyRuns(x: Float64Array, y: Float64Array): void {
    const { diag, cx, cy, sy, ny, runs, runOffset } = this;
    let dot = 0;
    for (let j = 0; j < ny; j++) {
      let c0 = sy * (j + 1);
      const rowEnd = c0 + sy;
      const r1 = runOffset[j + 1]!;
      for (let r = runOffset[j]!; r <= r1; r += 2) {
        const a = r < r1 ? runs[r]! : rowEnd;
        for (let c = c0; c < a; c++) {
          const xc = x[c]!;
          const v =
            diag[c]! * xc -
            cx[c]! * x[c + 1]! -
            cx[c - 1]! * x[c - 1]! -
            cy[c]! * x[c + sy]! -
            cy[c - sy]! * x[c - sy]!;
          y[c] = v;
          dot += xc * v;
        }
        if (r === r1) break;
        const e = runs[r + 1]!;
        for (let c = a; c < e; c++) {
          const xc = x[c]!;
          const v = 4 * xc - x[c + 1]! - x[c - 1]! - x[c + sy]! - x[c - sy]!;
          y[c] = v;
          dot += xc * v;
        }
        c0 = e;
      }
    }
    this.scalars[0] = dot;
  }

  /**
   * s ← z + β s, then y = A s; returns s·y (CG's direction update fused with its next product).
   * In 2D with the uniform runs one pass does both: row j + 1 of s is updated just before row j of
   * A s, which reads rows j − 1 … j + 1, and only the live stretches (`segs`) are visited: the other
   * cells have no equation, and CG keeps z, s and A s at 0 there (its first A s writes every cell),
   * so the same sums as the two separate loops, in the same order: bit-identical.
   */
  updateApply(z: Float64Array, beta: number, s: Float64Array, y: Float64Array): number {
    this.scalars[1] = beta;
    this.updateApplyTo(z, s, y);
    return this.scalars[0]!;
  }

  /** `updateApply` with β read from `scalars[1]` and s·y left in `scalars[0]`. */
  updateApplyTo(z: Float64Array, s: Float64Array, y: Float64Array): void {
    const { first, end } = this;
    const beta = this.scalars[1]!;
    if (!this.runsReady) {
      for (let c = first; c < end; c++) s[c] = z[c]! + beta * s[c]!;
      this.applyTo(s, y);
      return;
    }
    const { diag, cx, cy, sy, ny, segs, segOffset } = this;
    let dot = 0;
    for (let m = 0; m <= ny; m++) {
      if (m < ny) {
        const t1 = segOffset[m + 1]!;
        for (let t = segOffset[m]!; t < t1; t += 3) {
          const e = segs[t + 1]!;
          for (let c = segs[t]!; c < e; c++) s[c] = z[c]! + beta * s[c]!;
        }
      }
      if (m === 0) continue;
      const j = m - 1;
      const t1 = segOffset[j + 1]!;
      for (let t = segOffset[j]!; t < t1; t += 3) {
        const a = segs[t]!;
        const e = segs[t + 1]!;
        if (segs[t + 2] === 1) {
          for (let c = a; c < e; c++) {
            const xc = s[c]!;
            const v = 4 * xc - s[c + 1]! - s[c - 1]! - s[c + sy]! - s[c - sy]!;
            y[c] = v;
            dot += xc * v;
          }
          continue;
        }
        for (let c = a; c < e; c++) {
          const xc = s[c]!;
          const v =
            diag[c]! * xc -
            cx[c]! * s[c + 1]! -
            cx[c - 1]! * s[c - 1]! -
            cy[c]! * s[c + sy]! -
            cy[c - sy]! * s[c - sy]!;
          y[c] = v;
          dot += xc * v;
        }
      }
    }
    this.scalars[0] = dot;
  }

  /**
   * r = b − A x over the padded range [first, end) (ghost columns included), returning Σ r²: CG's
   * starting residual in one pass, the same values and the same sum, in the same order, as `apply`
   * into a scratch array followed by the subtraction (the uniform runs take the coefficient-free
   * stencil, as in `apply`).
   */
  residualSquared(x: Float64Array, b: Float64Array, r: Float64Array): number {
    this.residualSquaredTo(x, b, r);
    return this.scalars[0]!;
  }

  /** `residualSquared`, leaving Σ r² in `scalars[0]`. */
  residualSquaredTo(x: Float64Array, b: Float64Array, r: Float64Array): void {
    const { diag, cx, cy, cz, sy, sz, first, end, ny, runs, runOffset } = this;
    let rr = 0;
    if (sz > 0 || !this.runsReady) {
      for (let c = first; c < end; c++) {
        let a =
          diag[c]! * x[c]! -
          cx[c]! * x[c + 1]! -
          cx[c - 1]! * x[c - 1]! -
          cy[c]! * x[c + sy]! -
          cy[c - sy]! * x[c - sy]!;
        if (sz > 0) a = a - cz[c]! * x[c + sz]! - cz[c - sz]! * x[c - sz]!;
        const v = b[c]! - a;
        r[c] = v;
        rr += v * v;
      }
      this.scalars[0] = rr;
      return;
    }
    for (let j = 0; j < ny; j++) {
      let c0 = sy * (j + 1);
      const rowEnd = c0 + sy;
      const r1 = runOffset[j + 1]!;
      for (let k = runOffset[j]!; k <= r1; k += 2) {
        const a0 = k < r1 ? runs[k]! : rowEnd;
        for (let c = c0; c < a0; c++) {
          const a =
            diag[c]! * x[c]! -
            cx[c]! * x[c + 1]! -
            cx[c - 1]! * x[c - 1]! -
            cy[c]! * x[c + sy]! -
            cy[c - sy]! * x[c - sy]!;
          const v = b[c]! - a;
          r[c] = v;
          rr += v * v;
        }
        if (k === r1) break;
        const e = runs[k + 1]!;
        for (let c = a0; c < e; c++) {
          const v = b[c]! - (4 * x[c]! - x[c + 1]! - x[c - 1]! - x[c + sy]! - x[c - sy]!);
          r[c] = v;
          rr += v * v;
        }
        c0 = e;
      }
    }
    this.scalars[0] = rr;
  }

  /** r = b − A x (0 on inactive cells); returns ‖r‖₂. */
  residual(x: Float64Array, b: Float64Array, r: Float64Array): number {
    this.apply(x, r);
    let s = 0;
    const diag = this.diag;
    for (let c = 0; c < this.size; c++) {
      if (diag[c] === 0) {
        r[c] = 0;
        continue;
      }
      const v = b[c]! - r[c]!;
      r[c] = v;
      s += v * v;
    }
    return Math.sqrt(s);
  }

  /**
   * Labels the closed regions (connected sets of active cells with no open neighbour), by flood
   * fill in index order, so the labels are deterministic. Call after the couplings change.
   */
  labelRegions(openDiag: Float64Array): void {
    const { diag, cx, cy, cz, sy, sz, region, stack } = this;
    region.fill(-1);
    for (let c = 0; c < this.size; c++) if (diag[c] === 0) region[c] = 0;
    // pass 1: flood fill every connected set with its own id 1, 2, ...; note which touch an open side
    let comps = 0;
    let open = this.openFlags;
    for (let seed = 0; seed < this.size; seed++) {
      if (region[seed] !== -1) continue;
      const id = ++comps;
      if (open.length <= id) {
        const grown = new Uint8Array(2 * id + 2);
        grown.set(open);
        open = grown;
      }
      open[id] = 0;
      let top = 0;
      stack[top++] = seed;
      region[seed] = id;
      while (top > 0) {
        const c = stack[--top]!;
        if (openDiag[c]! > 0) open[id] = 1;
        if (cx[c]! > 0 && region[c + 1] === -1) {
          region[c + 1] = id;
          stack[top++] = c + 1;
        }
        if (cx[c - 1]! > 0 && region[c - 1] === -1) {
          region[c - 1] = id;
          stack[top++] = c - 1;
        }
        if (cy[c]! > 0 && region[c + sy] === -1) {
          region[c + sy] = id;
          stack[top++] = c + sy;
        }
        if (cy[c - sy]! > 0 && region[c - sy] === -1) {
          region[c - sy] = id;
          stack[top++] = c - sy;
        }
        if (sz > 0) {
          if (cz[c]! > 0 && region[c + sz] === -1) {
            region[c + sz] = id;
            stack[top++] = c + sz;
          }
          if (cz[c - sz]! > 0 && region[c - sz] === -1) {
            region[c - sz] = id;
            stack[top++] = c - sz;
          }
        }
      }
    }
    this.openFlags = open;
    // pass 2: number the closed sets 1..closedRegions in order, open ones become 0
    let closed = 0;
    const relabel =
      this.relabel.length > comps ? this.relabel : (this.relabel = new Int32Array(2 * comps + 2));
    for (let id = 1; id <= comps; id++) relabel[id] = open[id] ? 0 : ++closed;
    for (let c = 0; c < this.size; c++) {
      const id = region[c]!;
      if (id > 0) region[c] = relabel[id]!;
    }
    this.closedRegions = closed;
    if (this.regionSum.length < closed + 1) {
      this.regionSum = new Float64Array(2 * closed + 2);
      this.regionCount = new Float64Array(2 * closed + 2);
    }
  }

  /**
   * Subtracts, in each closed region, the mean of x over the region: makes a right-hand side
   * consistent (Σ b = 0 per region) and pins the free constant of a pressure.
   */
  removeNullspace(x: Float64Array): void {
    const n = this.closedRegions;
    if (n === 0) return;
    const { region, regionSum, regionCount } = this;
    regionSum.fill(0, 0, n + 1);
    regionCount.fill(0, 0, n + 1);
    for (let c = 0; c < this.size; c++) {
      const r = region[c]!;
      if (r > 0) {
        regionSum[r] = regionSum[r]! + x[c]!;
        regionCount[r] = regionCount[r]! + 1;
      }
    }
    for (let r = 1; r <= n; r++) regionSum[r] = regionSum[r]! / regionCount[r]!;
    for (let c = 0; c < this.size; c++) {
      const r = region[c]!;
      if (r > 0) x[c] = x[c]! - regionSum[r]!;
    }
  }
}

/** ‖x‖₂ over the active cells. */
export function activeNorm(sys: PoissonSystem, x: Float64Array): number {
  activeSquaredTo(sys, x);
  return Math.sqrt(sys.scalars[0]!);
}

/** Σ x² over the active cells, left in `sys.scalars[0]` (nothing boxed when the call stays out of line). */
export function activeSquaredTo(sys: PoissonSystem, x: Float64Array): void {
  let s = 0;
  const diag = sys.diag;
  for (let c = 0; c < sys.size; c++) if (diag[c] !== 0) s += x[c]! * x[c]!;
  sys.scalars[0] = s;
}
