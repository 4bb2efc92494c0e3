/**
 * Implicit diffusion, step 3 of Stable Fluids (textbook §26.4): (I − ν h ∇²) u_new = u, solved by
 * conjugate gradient. Implicit Euler again, so any ν and time step are stable. Each velocity
 * component (and any scalar) is diffused on its own staggered samples. Samples that are fixed
 * (faces on walls or touching solids, solid cells) keep their value and enter the neighbours'
 * right-hand sides; the array border is a zero-flux (Neumann) boundary.
 */
import { type CGScratch, conjugateGradient, createCGScratch } from '../math/cg.js';
import type { MacGrid } from './mac-grid.js';

/** Implicit diffusion (viscosity, heat) on a MAC grid: solves (I − ν dt ∇²) q′ = q per field. */
export class Diffuser {
  /** the grid it diffuses on */
  readonly grid: MacGrid;
  private readonly fixed: Uint8Array;
  private readonly rhs: Float64Array;
  private readonly scratch: CGScratch;
  private sx = 0;
  private sy = 0;
  private sz = 0;
  private alpha = 0;
  private readonly applyA: (x: Float64Array, y: Float64Array) => void;

  constructor(grid: MacGrid) {
    this.grid = grid;
    const n = Math.max(grid.u.length, grid.v.length, grid.w.length);
    this.fixed = new Uint8Array(n);
    this.rhs = new Float64Array(n);
    this.scratch = createCGScratch(n);
    this.applyA = (x, y) => this.apply(x, y);
  }

  /** y = A x with A = I + α·(graph Laplacian over the free samples); fixed rows are the identity. */
  private apply(x: Float64Array, y: Float64Array): void {
    const { sx, sy, sz, alpha, fixed } = this;
    const sxy = sx * sy;
    const n = sxy * sz;
    for (let c = 0; c < n; c++) {
      if (fixed[c]) {
        y[c] = x[c]!;
        continue;
      }
      const a = c % sx;
      const b = ((c - a) / sx) % sy;
      const k = Math.floor(c / sxy);
      let count = 0;
      let sum = 0;
      if (a > 0) {
        count++;
        if (!fixed[c - 1]) sum += x[c - 1]!;
      }
      if (a + 1 < sx) {
        count++;
        if (!fixed[c + 1]) sum += x[c + 1]!;
      }
      if (b > 0) {
        count++;
        if (!fixed[c - sx]) sum += x[c - sx]!;
      }
      if (b + 1 < sy) {
        count++;
        if (!fixed[c + sx]) sum += x[c + sx]!;
      }
      if (k > 0) {
        count++;
        if (!fixed[c - sxy]) sum += x[c - sxy]!;
      }
      if (k + 1 < sz) {
        count++;
        if (!fixed[c + sxy]) sum += x[c + sxy]!;
      }
      y[c] = (1 + alpha * count) * x[c]! - alpha * sum;
    }
  }

  /** Diffuses `field` (sx × sy × sz samples) in place; `fixed` samples keep their values. */
  private solve(field: Float64Array, sx: number, sy: number, sz: number, alpha: number): number {
    this.sx = sx;
    this.sy = sy;
    this.sz = sz;
    this.alpha = alpha;
    const n = sx * sy * sz;
    const fixed = this.fixed;
    const rhs = this.rhs.subarray(0, n);
    const sxy = sx * sy;
    for (let c = 0; c < n; c++) {
      if (fixed[c]) {
        rhs[c] = field[c]!;
        continue;
      }
      const a = c % sx;
      const b = ((c - a) / sx) % sy;
      const k = Math.floor(c / sxy);
      let add = 0;
      if (a > 0 && fixed[c - 1]) add += field[c - 1]!;
      if (a + 1 < sx && fixed[c + 1]) add += field[c + 1]!;
      if (b > 0 && fixed[c - sx]) add += field[c - sx]!;
      if (b + 1 < sy && fixed[c + sx]) add += field[c + sx]!;
      if (k > 0 && fixed[c - sxy]) add += field[c - sxy]!;
      if (k + 1 < sz && fixed[c + sxy]) add += field[c + sxy]!;
      rhs[c] = field[c]! + alpha * add;
    }
    const s = this.scratch;
    const res = conjugateGradient(this.applyA, rhs, field.subarray(0, n), {
      tolerance: 1e-8,
      maxIterations: 200,
      scratch: {
        r: s.r.subarray(0, n),
        z: s.z.subarray(0, n),
        p: s.p.subarray(0, n),
        ap: s.ap.subarray(0, n),
      },
    });
    return res.iterations;
  }

  /** Diffuses the velocity with kinematic viscosity ν (m²/s) over dt; returns the CG iterations used. */
  diffuseVelocity(nu: number, dt: number): number {
    const g = this.grid;
    const alpha = (nu * dt) / (g.h * g.h);
    if (alpha === 0) return 0;
    const { nx, ny, nz, solid, open } = g;
    const isSolid = (i: number, j: number, k: number) => solid[i + nx * (j + ny * k)] === 1;
    let its = 0;
    // u faces
    for (let k = 0; k < nz; k++)
      for (let j = 0; j < ny; j++)
        for (let i = 0; i <= nx; i++) {
          const f = i + (nx + 1) * (j + ny * k);
          this.fixed[f] = Number(
            (i === 0 && !open.xMin) ||
              (i === nx && !open.xMax) ||
              (i > 0 && isSolid(i - 1, j, k)) ||
              (i < nx && isSolid(i, j, k)),
          );
        }
    its += this.solve(g.u, nx + 1, ny, nz, alpha);
    for (let k = 0; k < nz; k++)
      for (let j = 0; j <= ny; j++)
        for (let i = 0; i < nx; i++) {
          const f = i + nx * (j + (ny + 1) * k);
          this.fixed[f] = Number(
            (j === 0 && !open.yMin) ||
              (j === ny && !open.yMax) ||
              (j > 0 && isSolid(i, j - 1, k)) ||
              (j < ny && isSolid(i, j, k)),
          );
        }
    its += this.solve(g.v, nx, ny + 1, nz, alpha);
    if (g.dim === 3) {
      for (let k = 0; k <= nz; k++)
        for (let j = 0; j < ny; j++)
          for (let i = 0; i < nx; i++) {
            const f = i + nx * (j + ny * k);
            this.fixed[f] = Number(
              (k === 0 && !open.zMin) ||
                (k === nz && !open.zMax) ||
                (k > 0 && isSolid(i, j, k - 1)) ||
                (k < nz && isSolid(i, j, k)),
            );
          }
      its += this.solve(g.w, nx, ny, nz + 1, alpha);
    }
    return its;
  }

  /** Diffuses a cell-centred scalar with diffusivity κ (m²/s); solid cells are fixed. */
  diffuseScalar(field: Float64Array, kappa: number, dt: number): number {
    const g = this.grid;
    const alpha = (kappa * dt) / (g.h * g.h);
    if (alpha === 0) return 0;
    for (let c = 0; c < g.cellCount; c++) this.fixed[c] = g.solid[c]!;
    return this.solve(field, g.nx, g.ny, g.nz, alpha);
  }
}
