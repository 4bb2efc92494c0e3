/**
 * The pressure solvers of textbook §26.4, all on the same `PoissonSystem` A p = b:
 *
 * - 'gauss-seidel': each cell in turn, p = (Σ neighbour p − divergence)/(number of neighbours),
 *   using the newest neighbour values; the order is row by row from the bottom-left
 *   (textbook §26.4: "左下、右下、左上、右上").
 * - 'jacobi': every cell from the old values at once (the GPU's per-cell stencil, §26.5). On the
 *   2×2 box of textbook §26.4 it swings between two states forever.
 * - 'weighted-jacobi': moves only ω = 2/3 of the way each time, and converges.
 * - 'sor': red–black successive over-relaxation (ω default 2/(1+sin(π/n)), the optimum for the
 *   Poisson model problem).
 * - 'cg': conjugate gradient without preconditioner, 'mic-pcg': CG with MIC(0),
 *   'mgpcg': CG with a multigrid V-cycle — the default for large grids.
 *
 * Each reports its iterations and the final residual ‖b − A p‖₂, which after the projection is
 * the remaining divergence. `tolerance` is relative to ‖b‖₂ (the divergence before projection).
 */
import { PhysicsError } from '../core/errors.js';
import { quoteList, show } from '../core/validate.js';
import { psin } from '../math/portable.js';
import { MIC0 } from './mic0.js';
import { type MultigridOptions, MultigridPreconditioner, redBlackSweepFused } from './multigrid.js';
import { activeSquaredTo, type PoissonSystem } from './poisson.js';

/** The pressure solvers: stationary sweeps (Jacobi, weighted Jacobi, Gauss–Seidel, red–black SOR) and the conjugate-gradient family (plain, MIC(0)- and multigrid-preconditioned). */
export type PressureSolverKind =
  | 'jacobi'
  | 'weighted-jacobi'
  | 'gauss-seidel'
  | 'sor'
  | 'cg'
  | 'mic-pcg'
  | 'mgpcg';

/** Every {@link PressureSolverKind}, in the order the playground and the benchmarks list them. */
export const pressureSolverKinds: readonly PressureSolverKind[] = [
  'jacobi',
  'weighted-jacobi',
  'gauss-seidel',
  'sor',
  'cg',
  'mic-pcg',
  'mgpcg',
];

/** How long a pressure solve runs: its tolerance and iteration cap, and the SOR factor. */
export interface PressureSolveOptions {
  /** stop when ‖b − A p‖ ≤ tolerance·‖b‖ (default 1e-5); 0 runs exactly maxIterations */
  tolerance?: number;
  /** default: 60 for the stationary methods (textbook §26.4's toy plume), 500 for the CG family */
  maxIterations?: number;
  /** relaxation factor for 'weighted-jacobi' (default 2/3) and 'sor' */
  omega?: number;
  /** stationary methods: test the residual every this many sweeps (default 1 with a trace, else 4) */
  checkEvery?: number;
  /** called after each iteration (sweep) with the current pressure and residual norm */
  trace?: (iteration: number, p: Float64Array, residualNorm: number) => void;
  /** 'gauss-seidel' only: called after each single cell update (padded index, new value) */
  onCellUpdate?: (cell: number, value: number) => void;
}

/** What a pressure solve did: the solver, its iterations and the final residual. */
export interface PressureSolveResult {
  /** the solver used */
  solver: PressureSolverKind;
  /** iterations (sweeps) done */
  iterations: number;
  /** ‖b − A p‖₂ at the end */
  residualNorm: number;
  /** ‖b‖₂ */
  initialNorm: number;
  /** whether the tolerance was reached */
  converged: boolean;
}

/** Solves the pressure Poisson system A p = b of a MAC grid with any {@link PressureSolverKind}; the scratch arrays are allocated once. */
export class PressureSolver {
  /** the Poisson system it solves */
  readonly sys: PoissonSystem;
  private readonly tmp: Float64Array;
  private readonly r: Float64Array;
  // PCG vectors: residual, preconditioned residual, search direction, A·direction
  private readonly cr: Float64Array;
  private readonly cz: Float64Array;
  private readonly cs: Float64Array;
  private readonly cas: Float64Array;
  /** the CG family's scalars: [0] the target residual, [1] ‖b‖, [2] the residual, [3] r·z */
  private readonly sc = new Float64Array(4);
  private mic: MIC0 | null = null;
  private mg: MultigridPreconditioner | null = null;
  private micStale = true;
  private invStale = true;
  private mgStale = true;
  private runsStale = true;

  /** the report of the last solve (reused: copy it if you keep it across solves) */
  readonly result: PressureSolveResult = {
    solver: 'mgpcg',
    iterations: 0,
    residualNorm: 0,
    initialNorm: 0,
    converged: true,
  };

  /** the V-cycle's settings for 'mgpcg' (sweeps, levels) */
  readonly multigrid: MultigridOptions;

  /** `multigrid`: the V-cycle's settings for 'mgpcg' (default: the preconditioner's own defaults) */
  constructor(sys: PoissonSystem, multigrid: MultigridOptions = {}) {
    this.sys = sys;
    this.multigrid = multigrid;
    this.tmp = new Float64Array(sys.size);
    this.r = new Float64Array(sys.size);
    this.cr = new Float64Array(sys.size);
    this.cz = new Float64Array(sys.size);
    this.cs = new Float64Array(sys.size);
    this.cas = new Float64Array(sys.size);
  }

  /** Marks the preconditioners out of date (call when the system's couplings changed). */
  invalidate(): void {
    this.micStale = true;
    this.mgStale = true;
    this.invStale = true;
    this.runsStale = true;
    this.sys.clearRuns();
  }

  /**
   * Solves A p = b, improving the initial guess in p. `b` must be consistent (see removeNullspace)
   * and 0 on the inactive cells (they have no equation; the CG family visits only the live cells).
   * `rhsNorm`: ‖b‖₂ over the active cells when the caller has summed it already (in index order,
   * as `activeNorm` does), which saves a pass; negative (the default) computes it.
   */
  solve(
    kind: PressureSolverKind,
    p: Float64Array,
    b: Float64Array,
    options: PressureSolveOptions = {},
    rhsNorm = -1,
  ): PressureSolveResult {
    const sys = this.sys;
    if (this.runsStale) {
      sys.updateRuns();
      this.runsStale = false;
    }
    const tol = options.tolerance ?? 1e-5;
    // ‖b‖ over the active cells, its square through sys.scalars (a double returned by a call left out
    // of line would be boxed)
    let bNorm = rhsNorm;
    if (!(rhsNorm >= 0)) {
      activeSquaredTo(sys, b);
      bNorm = Math.sqrt(sys.scalars[0]!);
    }
    const target = tol * (bNorm > 0 ? bNorm : 1);
    if (kind === 'cg' || kind === 'mic-pcg' || kind === 'mgpcg') {
      if (kind === 'mic-pcg') {
        if (!this.mic) this.mic = new MIC0(sys);
        if (this.micStale) {
          this.mic.factor();
          this.micStale = false;
        }
      } else if (kind === 'mgpcg') {
        if (!this.mg) this.mg = new MultigridPreconditioner(sys, this.multigrid);
        if (this.mgStale) {
          this.mg.update();
          this.mgStale = false;
        }
      }
      const pre = kind === 'mic-pcg' ? 1 : kind === 'mgpcg' ? 2 : 0;
      this.sc[0] = target;
      this.sc[1] = bNorm;
      return this.pcg(kind, pre, p, b, options.maxIterations ?? 500, options.trace);
    }
    if (kind !== 'jacobi' && kind !== 'weighted-jacobi' && kind !== 'gauss-seidel' && kind !== 'sor') {
      // an unknown kind never falls through to Jacobi silently
      throw new PhysicsError(
        'invalid-argument',
        `pressure.solver: expected one of ${quoteList(pressureSolverKinds)}, got ${show(kind)}`,
      );
    }
    const maxIter = options.maxIterations ?? 60;
    const trace = options.trace;
    const every = trace ? 1 : Math.max(1, options.checkEvery ?? 4);
    let omega = options.omega ?? 1;
    if (kind === 'weighted-jacobi') omega = options.omega ?? 2 / 3;
    if (kind === 'sor' && options.omega === undefined) {
      const n = Math.max(sys.nx, sys.ny, sys.nz);
      omega = 2 / (1 + psin(Math.PI / n));
    }
    if (kind === 'sor' && this.invStale) {
      sys.updateInverseDiagonal();
      this.invStale = false;
    }
    let rNorm = sys.residual(p, b, this.r);
    if (tol > 0 && rNorm <= target) {
      return this.report(kind, 0, rNorm, bNorm, true);
    }
    let it = 0;
    while (it < maxIter) {
      it++;
      if (kind === 'gauss-seidel') this.gaussSeidelSweep(p, b, options.onCellUpdate);
      else if (kind === 'sor') {
        redBlackSweepFused(sys, p, b, 0, omega);
      } else this.jacobiSweep(p, b, omega);
      if (trace || (tol > 0 && it % every === 0) || it === maxIter) {
        rNorm = sys.residual(p, b, this.r);
        trace?.(it, p, rNorm);
        if (tol > 0 && rNorm <= target) break;
      }
    }
    // the last sweep always ran the residual test (it === maxIter or it converged)
    return this.report(kind, it, rNorm, bNorm, rNorm <= target);
  }

  /**
   * Preconditioned conjugate gradient (Shewchuk 1994, §B3) specialised to the Poisson system:
   * in place over the padded arrays, with A·s fused with s·As and the update of p and r fused
   * with ‖r‖², and the preconditioner (pre: 0 none, 1 MIC(0), 2 multigrid V-cycle) called
   * directly, instead of the generic callback `math/cg.ts` (fewer passes over memory, no
   * closures). With the copy-free V-cycle it took the 256² smoke projection from ≈ 22 to ≈ 19 ms
   * of CPU time at the same 4 iterations. The target and ‖b‖ come in `sc`, and the kernels' dot
   * products come back through typed arrays: no double crosses a call, so nothing is boxed
   * whether or not V8 inlines them.
   */
  private pcg(
    kind: PressureSolverKind,
    pre: number,
    p: Float64Array,
    b: Float64Array,
    maxIter: number,
    trace: PressureSolveOptions['trace'],
  ): PressureSolveResult {
    const sys = this.sys;
    const { first, end } = sys;
    const r = this.cr;
    const z = this.cz;
    const s = this.cs;
    const as = this.cas;
    const sc = this.sc;
    const out = sys.scalars;
    const target = sc[0]!;
    // r = b − A p, in one pass
    sys.residualSquaredTo(p, b, r);
    let rr = out[0]!;
    let rNorm = Math.sqrt(rr);
    sc[2] = rNorm;
    if (rNorm <= target) return this.reportFrom(kind, 0, true);
    this.precondition(pre, r, z);
    let rz = sc[3]!;
    s.set(z);
    sys.applyTo(s, as);
    let sAs = out[0]!;
    for (let k = 1; k <= maxIter; k++) {
      if (!(sAs > 0)) return this.reportFrom(kind, k - 1, false);
      const alpha = rz / sAs;
      rr = 0;
      if (sys.runsReady) {
        // 2D: only the live stretches, where s and A s can be nonzero (elsewhere p and r stay)
        const { segs, segOffset, ny } = sys;
        const t1 = segOffset[ny]!;
        for (let t = 0; t < t1; t += 3) {
          const e = segs[t + 1]!;
          for (let c = segs[t]!; c < e; c++) {
            p[c] = p[c]! + alpha * s[c]!;
            const v = r[c]! - alpha * as[c]!;
            r[c] = v;
            rr += v * v;
          }
        }
      } else {
        for (let c = first; c < end; c++) {
          p[c] = p[c]! + alpha * s[c]!;
          const v = r[c]! - alpha * as[c]!;
          r[c] = v;
          rr += v * v;
        }
      }
      rNorm = Math.sqrt(rr);
      sc[2] = rNorm;
      trace?.(k, p, rNorm);
      if (rNorm <= target) return this.reportFrom(kind, k, true);
      this.precondition(pre, r, z);
      const rzNew = sc[3]!;
      out[1] = rzNew / rz;
      rz = rzNew;
      // s ← z + β s fused with the next iteration's A·s
      sys.updateApplyTo(z, s, as);
      sAs = out[0]!;
    }
    return this.reportFrom(kind, maxIter, false);
  }

  /** z = M⁻¹ r (projected off the closed regions' constants); leaves r·z in `sc[3]`. */
  private precondition(pre: number, r: Float64Array, z: Float64Array): void {
    const sys = this.sys;
    // the V-cycle's last sweep sums r·z as it finishes each row (2D, nothing to project off)
    if (pre === 2 && sys.closedRegions === 0 && this.mg!.canDot()) {
      this.mg!.applyDotTo(r, z);
      this.sc[3] = this.mg!.dot[0]!;
      return;
    }
    if (pre === 1) this.mic!.apply(r, z);
    else if (pre === 2) this.mg!.apply(r, z);
    else z.set(r);
    if (pre !== 0) sys.removeNullspace(z);
    let rz = 0;
    for (let c = sys.first; c < sys.end; c++) rz += r[c]! * z[c]!;
    this.sc[3] = rz;
  }

  /** The CG family's report, its norms read from `sc` ([1] ‖b‖, [2] the residual): no double crosses a call. */
  private reportFrom(
    solver: PressureSolverKind,
    iterations: number,
    converged: boolean,
  ): PressureSolveResult {
    const r = this.result;
    r.solver = solver;
    r.iterations = iterations;
    r.residualNorm = this.sc[2]!;
    r.initialNorm = this.sc[1]!;
    r.converged = converged;
    return r;
  }

  private report(
    solver: PressureSolverKind,
    iterations: number,
    residualNorm: number,
    initialNorm: number,
    converged: boolean,
  ): PressureSolveResult {
    const r = this.result;
    r.solver = solver;
    r.iterations = iterations;
    r.residualNorm = residualNorm;
    r.initialNorm = initialNorm;
    r.converged = converged;
    return r;
  }

  /** Lexicographic Gauss–Seidel: p_c = (b_c + Σ coupling·p_nb)/diag with the newest values. */
  private gaussSeidelSweep(
    p: Float64Array,
    b: Float64Array,
    onCell?: (cell: number, value: number) => void,
  ): void {
    const { diag, cx, cy, cz, sy, sz, size } = this.sys;
    const start = sz > 0 ? sz : sy;
    for (let c = start; c < size - start; c++) {
      const d = diag[c]!;
      if (d === 0) continue;
      let s =
        b[c]! + cx[c]! * p[c + 1]! + cx[c - 1]! * p[c - 1]! + cy[c]! * p[c + sy]! + cy[c - sy]! * p[c - sy]!;
      if (sz > 0) s += cz[c]! * p[c + sz]! + cz[c - sz]! * p[c - sz]!;
      p[c] = s / d;
      onCell?.(c, p[c]!);
    }
  }

  /** (Weighted) Jacobi: every cell from the previous values; ω = 1 is the plain method. */
  private jacobiSweep(p: Float64Array, b: Float64Array, omega: number): void {
    const { diag, cx, cy, cz, sy, sz, size } = this.sys;
    const old = this.tmp;
    old.set(p);
    const start = sz > 0 ? sz : sy;
    for (let c = start; c < size - start; c++) {
      const d = diag[c]!;
      if (d === 0) continue;
      let s =
        b[c]! +
        cx[c]! * old[c + 1]! +
        cx[c - 1]! * old[c - 1]! +
        cy[c]! * old[c + sy]! +
        cy[c - sy]! * old[c - sy]!;
      if (sz > 0) s += cz[c]! * old[c + sz]! + cz[c - sz]! * old[c - sz]!;
      p[c] = old[c]! + omega * (s / d - old[c]!);
    }
  }
}
