/**
 * Vorticity confinement (Fedkiw, Stam, Jensen, "Visual Simulation of Smoke", SIGGRAPH 2001,
 * eq. 9–11; textbook §26.4 "渦を測り、小さな渦を回し直す力を加えて"): measure the curl ω = ∇ × u at
 * the cell centres, point N = ∇|ω| / |∇|ω|| towards stronger rotation, and add the force
 * f = ε h (N × ω), which spins up the small eddies that numerical dissipation smeared out.
 * Central differences at interior cells; the cell forces are averaged onto the faces.
 */
import type { MacGrid } from './mac-grid.js';

/** Vorticity confinement (Fedkiw, Stam, Jensen 2001): adds back the small swirls numerical diffusion removes. */
export class VorticityConfinement {
  /** the grid it acts on */
  readonly grid: MacGrid;
  private readonly cu: Float64Array;
  private readonly cv: Float64Array;
  private readonly cw: Float64Array;
  private readonly fx: Float64Array;
  private readonly fy: Float64Array;
  private readonly fz: Float64Array;
  /** ω_z (2D: the whole curl), ω_x, ω_y and |ω| per cell */
  readonly omega: Float64Array;
  private readonly omegaX: Float64Array;
  private readonly omegaY: Float64Array;
  private readonly omegaMag: Float64Array;

  constructor(grid: MacGrid) {
    this.grid = grid;
    const n = grid.cellCount;
    this.cu = new Float64Array(n);
    this.cv = new Float64Array(n);
    this.cw = new Float64Array(n);
    this.fx = new Float64Array(n);
    this.fy = new Float64Array(n);
    this.fz = new Float64Array(n);
    this.omega = new Float64Array(n);
    this.omegaX = new Float64Array(n);
    this.omegaY = new Float64Array(n);
    this.omegaMag = new Float64Array(n);
  }

  /** Cell-centre velocities (the average of each cell's two faces per axis). */
  private cellVelocities(): void {
    const g = this.grid;
    const { nx, ny, nz, u, v, w } = g;
    const slab = nx * ny;
    for (let k = 0; k < nz; k++)
      for (let j = 0; j < ny; j++) {
        const rowU = (nx + 1) * (j + ny * k);
        const rowV = nx * (j + (ny + 1) * k);
        const rowC = nx * (j + ny * k);
        for (let i = 0; i < nx; i++) {
          const c = rowC + i;
          this.cu[c] = 0.5 * (u[rowU + i]! + u[rowU + i + 1]!);
          this.cv[c] = 0.5 * (v[rowV + i]! + v[rowV + i + nx]!);
        }
      }
    // 2D: cw stays 0 from the allocation
    if (nz > 1) for (let c = 0; c < this.cw.length; c++) this.cw[c] = 0.5 * (w[c]! + w[c + slab]!);
  }

  /**
   * The buoyancy weights [a, b] that `apply` uses with a density and a heat field: the smoke's
   * f = (−a s + b ΔT) ŷ on the v faces (set them before such a call)
   */
  readonly buoyancy = new Float64Array(2);

  /**
   * Adds dt·f to the face velocities for confinement strength ε (nothing when ε = 0). With
   * `density` and `heat` (2D) it first adds the smoke's buoyancy dt·(−a s + b ΔT) to each v face
   * (a, b from `buoyancy`), in the same pass, just before the face is first read: the same sums
   * as the buoyancy pass followed by this one, one pass over the faces less.
   */
  apply(eps: number, dt: number, density?: Float64Array, heat?: Float64Array): void {
    if (eps === 0) return;
    if (this.grid.nz === 1) {
      this.apply2(eps, dt, density ?? null, heat ?? null);
      return;
    }
    const g = this.grid;
    const { nx, ny, nz, h, u, v, w, solid } = g;
    this.cellVelocities();
    const { cu, cv, cw, omega, omegaX, omegaY, fx, fy, fz } = this;
    const mag = this.omegaMag;
    const inv2h = 1 / (2 * h);
    const sy = nx;
    const sz = nx * ny;
    const three = nz > 1;
    // the loops below write every interior cell they later read; in 2D the border cells are
    // never written (still 0 from the allocation) and a solid cell's force is zeroed where it is
    // skipped, so nothing needs clearing; 3D clears as before
    if (three) {
      omega.fill(0);
      mag.fill(0);
      fx.fill(0);
      fy.fill(0);
      omegaX.fill(0);
      omegaY.fill(0);
      fz.fill(0);
    }
    const k0 = three ? 1 : 0;
    const k1 = three ? nz - 1 : 1;
    // ω (z component in 2D; all three in 3D, |ω| kept in `omega`)
    for (let k = k0; k < k1; k++)
      for (let j = 1; j < ny - 1; j++)
        for (let i = 1; i < nx - 1; i++) {
          const c = i + sy * j + sz * k;
          const wz = (cv[c + 1]! - cv[c - 1]! - cu[c + sy]! + cu[c - sy]!) * inv2h;
          omega[c] = wz;
          if (!three) {
            mag[c] = Math.abs(wz);
            continue;
          }
          const wx = (cw[c + sy]! - cw[c - sy]! - cv[c + sz]! + cv[c - sz]!) * inv2h;
          const wy = (cu[c + sz]! - cu[c - sz]! - cw[c + 1]! + cw[c - 1]!) * inv2h;
          omegaX[c] = wx;
          omegaY[c] = wy;
          mag[c] = Math.sqrt(wx * wx + wy * wy + wz * wz);
        }
    for (let k = k0 + (three ? 1 : 0); k < k1 - (three ? 1 : 0); k++)
      for (let j = 2; j < ny - 2; j++)
        for (let i = 2; i < nx - 2; i++) {
          const c = i + sy * j + sz * k;
          if (solid[c]) {
            fx[c] = 0;
            fy[c] = 0;
            continue;
          }
          const gx = (mag[c + 1]! - mag[c - 1]!) * inv2h;
          const gy = (mag[c + sy]! - mag[c - sy]!) * inv2h;
          const gz = three ? (mag[c + sz]! - mag[c - sz]!) * inv2h : 0;
          const len = Math.sqrt(gx * gx + gy * gy + gz * gz) + 1e-20;
          const Nx = gx / len;
          const Ny = gy / len;
          const Nz = gz / len;
          if (!three) {
            const wz = omega[c]!;
            fx[c] = eps * h * Ny * wz;
            fy[c] = -eps * h * Nx * wz;
          } else {
            const wx = omegaX[c]!;
            const wy = omegaY[c]!;
            const wz = omega[c]!;
            fx[c] = eps * h * (Ny * wz - Nz * wy);
            fy[c] = eps * h * (Nz * wx - Nx * wz);
            fz[c] = eps * h * (Nx * wy - Ny * wx);
          }
        }
    const half = 0.5 * dt;
    // the u faces of row j and the v faces below it in one pass (independent updates)
    for (let k = 0; k < nz; k++)
      for (let j = 0; j < ny; j++) {
        const rowC = sy * j + sz * k;
        const rowU = (nx + 1) * (j + ny * k);
        for (let i = 1; i < nx; i++) u[rowU + i] = u[rowU + i]! + half * (fx[rowC + i]! + fx[rowC + i - 1]!);
        if (j === 0) continue;
        const rowV = nx * (j + (ny + 1) * k);
        for (let i = 0; i < nx; i++) v[rowV + i] = v[rowV + i]! + half * (fy[rowC + i]! + fy[rowC + i - sy]!);
      }
    if (three)
      for (let k = 1; k < nz; k++)
        for (let c0 = 0; c0 < sz; c0++) {
          const c = c0 + sz * k;
          w[c] = w[c]! + dt * 0.5 * (fz[c]! + fz[c - sz]!);
        }
  }

  /**
   * `apply` in 2D in one pass over the rows, each stage a few rows behind the one it reads: row m's
   * cell velocities, row m − 1's curl, row m − 2's force and row m − 3's faces (which no later
   * cell velocity reads). The same formulas on the same operands as the separate passes of the
   * general path: bit-identical, with the rows involved still in cache.
   */
  private apply2(eps: number, dt: number, s: Float64Array | null, T: Float64Array | null): void {
    const { nx, ny, h, u, v, solid } = this.grid;
    const { cu, cv, omega, fx, fy } = this;
    const mag = this.omegaMag;
    const inv2h = 1 / (2 * h);
    const half = 0.5 * dt;
    const su = nx + 1;
    const a = this.buoyancy[0]!;
    const b = this.buoyancy[1]!;
    for (let m = 0; m <= ny + 2; m++) {
      // buoyancy on face row m + 1 (rows 1 … ny − 1), which row m's cell velocities read first
      if (s !== null && T !== null && m + 1 < ny) {
        const below = nx * m;
        const above = nx * (m + 1);
        for (let i = 0; i < nx; i++) {
          const f = 0.5 * (-a * (s[below + i]! + s[above + i]!) + b * (T[below + i]! + T[above + i]!));
          v[above + i] = v[above + i]! + dt * f;
        }
      }
      if (m < ny) {
        const rowU = su * m;
        const rowV = nx * m;
        for (let i = 0; i < nx; i++) {
          cu[rowV + i] = 0.5 * (u[rowU + i]! + u[rowU + i + 1]!);
          cv[rowV + i] = 0.5 * (v[rowV + i]! + v[rowV + i + nx]!);
        }
      }
      const jb = m - 1;
      if (jb >= 1 && jb < ny - 1) {
        for (let i = 1; i < nx - 1; i++) {
          const c = i + nx * jb;
          const wz = (cv[c + 1]! - cv[c - 1]! - cu[c + nx]! + cu[c - nx]!) * inv2h;
          omega[c] = wz;
          mag[c] = Math.abs(wz);
        }
      }
      const jc = m - 2;
      if (jc >= 2 && jc < ny - 2) {
        for (let i = 2; i < nx - 2; i++) {
          const c = i + nx * jc;
          if (solid[c]) {
            fx[c] = 0;
            fy[c] = 0;
            continue;
          }
          const gx = (mag[c + 1]! - mag[c - 1]!) * inv2h;
          const gy = (mag[c + nx]! - mag[c - nx]!) * inv2h;
          const gz = 0;
          const len = Math.sqrt(gx * gx + gy * gy + gz * gz) + 1e-20;
          const Nx = gx / len;
          const Ny = gy / len;
          const wz = omega[c]!;
          fx[c] = eps * h * Ny * wz;
          fy[c] = -eps * h * Nx * wz;
        }
      }
      const jd = m - 3;
      if (jd >= 0) {
        const rowC = nx * jd;
        const rowU = su * jd;
        for (let i = 1; i < nx; i++) u[rowU + i] = u[rowU + i]! + half * (fx[rowC + i]! + fx[rowC + i - 1]!);
        if (jd === 0) continue;
        const rowV = nx * jd;
        for (let i = 0; i < nx; i++) v[rowV + i] = v[rowV + i]! + half * (fy[rowC + i]! + fy[rowC + i - nx]!);
      }
    }
  }
}
