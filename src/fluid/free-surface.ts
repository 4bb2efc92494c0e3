/**
 * The free surface of a particle liquid on the MAC grid (textbook §26.4; Foster & Metaxas 1996,
 * Bridson 2015 "Fluid Simulation for Computer Graphics" §5): every cell is labelled fluid (it holds
 * a particle), air (it holds none) or solid, and the pressure projection solves only over the fluid
 * cells with the Dirichlet condition p = 0 in the air. In the Poisson system an air neighbour adds 1
 * to a fluid cell's diagonal and no coupling, exactly as an open side of the domain does, so every
 * solver of `pressure-solvers.ts` (PCG, MIC(0), multigrid) runs on it unchanged; a fluid region
 * that touches air has no null space, and one walled in on every side keeps its mean pinned.
 *
 * An optional target divergence per cell (the density correction of a FLIP liquid: compressed cells
 * are told to expand) is subtracted from the divergence before the solve.
 */
import { assertFinite, PhysicsError } from '../core/errors.js';
import type { MacGrid } from './mac-grid.js';
import { PoissonSystem } from './poisson.js';
import { type PressureSolveOptions, PressureSolver, type PressureSolverKind } from './pressure-solvers.js';

/** Cell label: no particle, pressure 0. */
export const CELL_AIR = 0;
/** Cell label: holds liquid, an unknown of the pressure solve. */
export const CELL_FLUID = 1;
/** Cell label: a wall or obstacle (the grid's `solid` cells). */
export const CELL_SOLID = 2;

/**
 * Labels the grid's cells from particle positions: solid where `grid.solid` is set, fluid where a
 * particle lies, air elsewhere; also counts the particles per cell into `counts` (if given).
 * Particles outside the grid are ignored.
 */
export function labelCells(
  grid: MacGrid,
  x: Float64Array,
  y: Float64Array,
  count: number,
  labels: Uint8Array,
  counts?: Int32Array,
): void {
  const { nx, ny, h, solid } = grid;
  const invH = 1 / h;
  labels.fill(CELL_AIR);
  counts?.fill(0);
  for (let p = 0; p < count; p++) {
    const i = Math.floor(x[p]! * invH);
    const j = Math.floor(y[p]! * invH);
    if (i < 0 || j < 0 || i >= nx || j >= ny) continue;
    const c = i + nx * j;
    labels[c] = CELL_FLUID;
    if (counts) counts[c] = counts[c]! + 1;
  }
  for (let c = 0; c < labels.length; c++) if (solid[c]) labels[c] = CELL_SOLID;
}

/** Options of a free-surface projection: the solver and its stopping rule. */
export interface FreeSurfaceProjectOptions extends PressureSolveOptions {
  /** default 'mic-pcg' */
  solver?: PressureSolverKind;
  /** desired divergence per cell (1/s), grid-indexed: the density correction */
  targetDivergence?: Float64Array;
}

/** The pressure projection of a 2D or 3D MAC grid over its fluid cells, with p = 0 in air cells. */
export class FreeSurfaceProjector {
  /** the grid it projects */
  readonly grid: MacGrid;
  /** the Poisson system over the fluid cells (rebuilt from the labels at every projection) */
  readonly sys: PoissonSystem;
  /** the pressure solver */
  readonly solver: PressureSolver;
  /** scaled pressure q = p·dt/(ρh) on the padded layout, warm-started from the last projection */
  readonly q: Float64Array;
  /** right-hand side −h·(∇·u − target) on the padded layout */
  readonly b: Float64Array;
  /** iterations of the last solve */
  iterations = 0;
  /** ‖b − A q‖₂ / h after the last solve (the remaining divergence, 1/s) */
  residual = 0;
  private readonly openDiag: Float64Array;

  constructor(grid: MacGrid) {
    this.grid = grid;
    this.sys = new PoissonSystem(grid.nx, grid.ny, grid.nz);
    this.solver = new PressureSolver(this.sys);
    this.q = new Float64Array(this.sys.size);
    this.b = new Float64Array(this.sys.size);
    this.openDiag = new Float64Array(this.sys.size);
  }

  /** Builds the Poisson couplings of the fluid cells: fluid neighbours couple, air and open sides are p = 0, solids add nothing. */
  private build(labels: Uint8Array): void {
    if (this.grid.nz === 1) {
      this.build2D(labels);
      return;
    }
    const g = this.grid;
    const sys = this.sys;
    const { nx, ny, nz, open } = g;
    const { diag, cx, cy, cz } = sys;
    const od = this.openDiag;
    diag.fill(0);
    cx.fill(0);
    cy.fill(0);
    cz.fill(0);
    od.fill(0);
    const slab = nx * ny;
    for (let k = 0; k < nz; k++) {
      for (let j = 0; j < ny; j++) {
        for (let i = 0; i < nx; i++) {
          const g0 = i + nx * (j + ny * k);
          const c = sys.index(i, j, k);
          if (labels[g0] !== CELL_FLUID) {
            this.q[c] = 0;
            continue;
          }
          let d = 0;
          let o = 0;
          if (i + 1 < nx) {
            const l = labels[g0 + 1];
            if (l === CELL_FLUID) {
              cx[c] = 1;
              d++;
            } else if (l === CELL_AIR) o++;
          } else if (open.xMax) o++;
          if (i > 0) {
            const l = labels[g0 - 1];
            if (l === CELL_FLUID) d++;
            else if (l === CELL_AIR) o++;
          } else if (open.xMin) o++;
          if (j + 1 < ny) {
            const l = labels[g0 + nx];
            if (l === CELL_FLUID) {
              cy[c] = 1;
              d++;
            } else if (l === CELL_AIR) o++;
          } else if (open.yMax) o++;
          if (j > 0) {
            const l = labels[g0 - nx];
            if (l === CELL_FLUID) d++;
            else if (l === CELL_AIR) o++;
          } else if (open.yMin) o++;
          if (nz > 1) {
            if (k + 1 < nz) {
              const l = labels[g0 + slab];
              if (l === CELL_FLUID) {
                cz[c] = 1;
                d++;
              } else if (l === CELL_AIR) o++;
            } else if (open.zMax) o++;
            if (k > 0) {
              const l = labels[g0 - slab];
              if (l === CELL_FLUID) d++;
              else if (l === CELL_AIR) o++;
            } else if (open.zMin) o++;
          }
          diag[c] = d + o;
          od[c] = o;
        }
      }
    }
    sys.labelRegions(od);
    this.solver.invalidate();
  }

  /** {@link build} for a 2D grid: the same couplings, row by row on the padded layout. */
  private build2D(labels: Uint8Array): void {
    const { nx, ny, open } = this.grid;
    const sys = this.sys;
    const { diag, cx, cy, cz } = sys;
    const od = this.openDiag;
    const q = this.q;
    diag.fill(0);
    cx.fill(0);
    cy.fill(0);
    cz.fill(0);
    od.fill(0);
    const oxMin = open.xMin ? 1 : 0;
    const oxMax = open.xMax ? 1 : 0;
    const oyMin = open.yMin ? 1 : 0;
    const oyMax = open.yMax ? 1 : 0;
    for (let j = 0; j < ny; j++) {
      const rowG = nx * j;
      const row = sys.rowStart(j);
      for (let i = 0; i < nx; i++) {
        const g0 = rowG + i;
        const c = row + i;
        if (labels[g0] !== CELL_FLUID) {
          q[c] = 0;
          continue;
        }
        let d = 0;
        let o = 0;
        if (i + 1 < nx) {
          const l = labels[g0 + 1];
          if (l === CELL_FLUID) {
            cx[c] = 1;
            d++;
          } else if (l === CELL_AIR) o++;
        } else o += oxMax;
        if (i > 0) {
          const l = labels[g0 - 1];
          if (l === CELL_FLUID) d++;
          else if (l === CELL_AIR) o++;
        } else o += oxMin;
        if (j + 1 < ny) {
          const l = labels[g0 + nx];
          if (l === CELL_FLUID) {
            cy[c] = 1;
            d++;
          } else if (l === CELL_AIR) o++;
        } else o += oyMax;
        if (j > 0) {
          const l = labels[g0 - nx];
          if (l === CELL_FLUID) d++;
          else if (l === CELL_AIR) o++;
        } else o += oyMin;
        diag[c] = d + o;
        od[c] = o;
      }
    }
    sys.labelRegions(od);
    this.solver.invalidate();
  }

  /**
   * Makes the velocity divergence-free (or equal to the target) in every fluid cell, with p = 0 in
   * the air: builds the system from `labels` (CELL_AIR / CELL_FLUID / CELL_SOLID per cell), solves
   * and subtracts the pressure gradient from the faces of fluid cells. Faces touching a solid or a
   * closed side keep their (wall) velocity; faces between two air cells are not touched.
   */
  project(dt: number, labels: Uint8Array, options: FreeSurfaceProjectOptions = {}): void {
    assertFinite(dt, 'project.dt');
    if (!(dt > 0)) throw new PhysicsError('invalid-argument', `project.dt: must be > 0, got ${dt}`);
    const g = this.grid;
    if (labels.length !== g.cellCount) {
      throw new PhysicsError(
        'invalid-argument',
        `project.labels: must have one label per cell (${g.cellCount}), got ${labels.length}`,
      );
    }
    g.enforceBoundaries();
    this.build(labels);
    const sys = this.sys;
    const { nx, ny, nz, u, v, w, h } = g;
    const b = this.b;
    const target = options.targetDivergence;
    const slab = nx * ny;
    b.fill(0);
    for (let k = 0; k < nz; k++) {
      for (let j = 0; j < ny; j++) {
        const rowU = (nx + 1) * (j + ny * k);
        const rowV = nx * (j + (ny + 1) * k);
        const rowC = nx * (j + ny * k);
        const row = sys.rowStart(j, k);
        for (let i = 0; i < nx; i++) {
          const c = row + i;
          if (sys.diag[c] === 0) continue;
          let flux = u[rowU + i + 1]! - u[rowU + i]! + v[rowV + nx + i]! - v[rowV + i]!;
          if (nz > 1) flux += w[rowC + i + slab]! - w[rowC + i]!;
          if (target) flux -= h * target[rowC + i]!;
          b[c] = -flux;
        }
      }
    }
    sys.removeNullspace(b);
    const res = this.solver.solve(options.solver ?? 'mic-pcg', this.q, b, options);
    this.iterations = res.iterations;
    this.residual = res.residualNorm / h;
    this.applyGradient(labels);
  }

  /** u ← u − (q_r − q_l) on every face with a fluid cell on at least one side and no solid on either (air has q = 0). */
  private applyGradient(labels: Uint8Array): void {
    if (this.grid.nz === 1) {
      this.applyGradient2D(labels);
      return;
    }
    const g = this.grid;
    const sys = this.sys;
    const q = this.q;
    const { nx, ny, nz, u, v, w, open } = g;
    for (let k = 0; k < nz; k++) {
      for (let j = 0; j < ny; j++) {
        const row = sys.rowStart(j, k);
        const rowU = (nx + 1) * (j + ny * k);
        const rowC = nx * (j + ny * k);
        for (let i = 0; i <= nx; i++) {
          const ll = i > 0 ? labels[rowC + i - 1]! : open.xMin ? CELL_AIR : CELL_SOLID;
          const rl = i < nx ? labels[rowC + i]! : open.xMax ? CELL_AIR : CELL_SOLID;
          if (ll === CELL_SOLID || rl === CELL_SOLID) continue;
          if (ll !== CELL_FLUID && rl !== CELL_FLUID) continue;
          const ql = ll === CELL_FLUID ? q[row + i - 1]! : 0;
          const qr = rl === CELL_FLUID ? q[row + i]! : 0;
          u[rowU + i] = u[rowU + i]! - (qr - ql);
        }
      }
      for (let j = 0; j <= ny; j++) {
        const rowV = nx * (j + (ny + 1) * k);
        const below = sys.rowStart(j - 1, k);
        const above = below + sys.sy;
        for (let i = 0; i < nx; i++) {
          const bl = j > 0 ? labels[i + nx * (j - 1 + ny * k)]! : open.yMin ? CELL_AIR : CELL_SOLID;
          const al = j < ny ? labels[i + nx * (j + ny * k)]! : open.yMax ? CELL_AIR : CELL_SOLID;
          if (bl === CELL_SOLID || al === CELL_SOLID) continue;
          if (bl !== CELL_FLUID && al !== CELL_FLUID) continue;
          const qb = bl === CELL_FLUID ? q[below + i]! : 0;
          const qa = al === CELL_FLUID ? q[above + i]! : 0;
          v[rowV + i] = v[rowV + i]! - (qa - qb);
        }
      }
    }
    if (nz > 1) {
      for (let k = 0; k <= nz; k++) {
        for (let j = 0; j < ny; j++) {
          for (let i = 0; i < nx; i++) {
            const f = i + nx * (j + ny * k);
            const bk = k > 0 ? labels[f - nx * ny]! : open.zMin ? CELL_AIR : CELL_SOLID;
            const fr = k < nz ? labels[f]! : open.zMax ? CELL_AIR : CELL_SOLID;
            if (bk === CELL_SOLID || fr === CELL_SOLID) continue;
            if (bk !== CELL_FLUID && fr !== CELL_FLUID) continue;
            const qb = bk === CELL_FLUID ? q[sys.index(i, j, k - 1)]! : 0;
            const qf = fr === CELL_FLUID ? q[sys.index(i, j, k)]! : 0;
            w[f] = w[f]! - (qf - qb);
          }
        }
      }
    }
  }

  /**
   * {@link applyGradient} for a 2D grid: the same face updates, with the labels of the domain's
   * outer sides resolved once per row instead of per face.
   */
  private applyGradient2D(labels: Uint8Array): void {
    const g = this.grid;
    const sys = this.sys;
    const q = this.q;
    const { nx, ny, u, v, open } = g;
    const outXMin = open.xMin ? CELL_AIR : CELL_SOLID;
    const outXMax = open.xMax ? CELL_AIR : CELL_SOLID;
    const outYMin = open.yMin ? CELL_AIR : CELL_SOLID;
    const outYMax = open.yMax ? CELL_AIR : CELL_SOLID;
    for (let j = 0; j < ny; j++) {
      const row = sys.rowStart(j);
      const rowU = (nx + 1) * j;
      const rowC = nx * j;
      let ll = outXMin;
      for (let i = 0; i <= nx; i++) {
        const rl = i < nx ? labels[rowC + i]! : outXMax;
        if (ll !== CELL_SOLID && rl !== CELL_SOLID && (ll === CELL_FLUID || rl === CELL_FLUID)) {
          const ql = ll === CELL_FLUID ? q[row + i - 1]! : 0;
          const qr = rl === CELL_FLUID ? q[row + i]! : 0;
          u[rowU + i] = u[rowU + i]! - (qr - ql);
        }
        ll = rl;
      }
    }
    for (let j = 0; j <= ny; j++) {
      const rowV = nx * j;
      const below = sys.rowStart(j - 1);
      const above = below + sys.sy;
      const rb = nx * (j - 1);
      const ra = nx * j;
      for (let i = 0; i < nx; i++) {
        const bl = j > 0 ? labels[rb + i]! : outYMin;
        const al = j < ny ? labels[ra + i]! : outYMax;
        if (bl === CELL_SOLID || al === CELL_SOLID) continue;
        if (bl !== CELL_FLUID && al !== CELL_FLUID) continue;
        const qb = bl === CELL_FLUID ? q[below + i]! : 0;
        const qa = al === CELL_FLUID ? q[above + i]! : 0;
        v[rowV + i] = v[rowV + i]! - (qa - qb);
      }
    }
  }

  /** The physical pressure of cell (i, j, k) after the last projection with step dt and density rho. */
  pressure(i: number, j: number, k: number, dt: number, rho = 1): number {
    return (this.q[this.sys.index(i, j, k)]! * rho * this.grid.h) / dt;
  }
}
