/**
 * Particle ↔ grid velocity transfers on the MAC grid's staggered faces (textbook §26.4, "PIC、FLIP、
 * APIC"), written once for every hybrid method:
 *
 * - P2G: each face velocity is the kernel-weighted average of the particles' velocities,
 *   u_f = Σ w_fp u_p / Σ w_fp (APIC adds the particle's affine velocity, u_p + c_p·(x_f − x_p));
 * - G2P, PIC (Harlow 1964): the particle takes the interpolated new grid velocity;
 * - G2P, FLIP (Brackbill & Ruppel 1986): the particle keeps its own velocity plus the interpolated
 *   change of the grid velocity, u_p + (u_new − u_old); a blend ratio r mixes the two,
 *   r·FLIP + (1 − r)·PIC (Zhu & Bridson 2005): the textbook's 2.4 → 1.5 (PIC), 1.9 (FLIP), 1.88 (95 %);
 * - G2P, APIC (Jiang, Schroeder, Selle, Teran & Stomakhin 2015): PIC's velocity plus the affine
 *   matrix C_p = B_p D_p⁻¹ per particle, one row per velocity component.
 *
 * The u faces sit at (i h, (j+½) h), the v faces at ((i+½) h, j h). Two kernels per axis:
 * 'linear' (the tent, 2 faces per axis; C from the weights' gradients, which equals B D⁻¹ for
 * multilinear weights) and 'quadratic' (the B-spline, 3 faces per axis; D = h²/4·I, so
 * C = 4/h² Σ w v (x_f − x_p)ᵀ, with which APIC conserves angular momentum exactly, transfers and
 * particle motion together). Every particle carries the same mass.
 *
 * A face is valid when it received weight in P2G or was marked valid by the caller (the free-surface
 * solver marks the faces of fluid cells); G2P sums over the valid faces of a particle's stencil and
 * renormalises the weights, so faces in the air never feed a particle a velocity nobody computed.
 * The stencil of every particle must lie inside the grid: a particle closer than one cell to the
 * domain's edge gets a `PhysicsError` naming it.
 */
import { PhysicsError } from '../core/errors.js';
import type { MacGrid } from './mac-grid.js';

/** How G2P gives the velocity back: PIC, FLIP (blended with PIC by `flipRatio`) or APIC. */
export type TransferMode = 'pic' | 'flip' | 'apic';

/** The interpolation kernel per axis: the tent (2 faces) or the quadratic B-spline (3 faces). */
export type TransferKernel = 'linear' | 'quadratic';

/** Every {@link TransferMode}. */
export const transferModes: readonly TransferMode[] = ['pic', 'flip', 'apic'];

/**
 * Particles as the transfers see them (structure of arrays): positions, velocities and the APIC
 * affine matrix `c` (4 per particle, row-major: c[4p] = ∂u/∂x, c[4p+1] = ∂u/∂y, c[4p+2] = ∂v/∂x,
 * c[4p+3] = ∂v/∂y).
 */
export interface TransferParticles {
  /** number of particles in use */
  count: number;
  /** x positions, m */
  x: Float64Array;
  /** y positions, m */
  y: Float64Array;
  /** x velocities, m/s */
  vx: Float64Array;
  /** y velocities, m/s */
  vy: Float64Array;
  /** APIC affine velocity, 4 per particle (row-major), 1/s */
  c: Float64Array;
}

/** P2G / G2P between particles and the faces of one 2D {@link MacGrid}; scratch allocated once. */
export class GridTransfer2D {
  /** the grid the transfers read and write */
  readonly grid: MacGrid;
  /** the kernel */
  readonly kernel: TransferKernel;
  /** P2G weight sum per u face (the face's mass in particle masses) */
  readonly weightU: Float64Array;
  /** P2G weight sum per v face */
  readonly weightV: Float64Array;
  /** 1 where the u face holds a velocity G2P may read */
  readonly validU: Uint8Array;
  /** 1 where the v face holds a velocity G2P may read */
  readonly validV: Uint8Array;
  /** the grid's u velocities saved before forces and pressure (FLIP's old field) */
  readonly oldU: Float64Array;
  /** the grid's v velocities saved before forces and pressure */
  readonly oldV: Float64Array;
  private readonly wx = new Float64Array(3);
  private readonly wy = new Float64Array(3);
  private readonly ax = new Float64Array(3);
  private readonly ay = new Float64Array(3);
  private readonly n: number;
  private readonly invH: number;
  private readonly base = new Int32Array(2);

  constructor(grid: MacGrid, kernel: TransferKernel = 'linear') {
    if (grid.dim !== 2)
      throw new PhysicsError('invalid-argument', 'transfer.grid: must be a 2D grid (nz = 1)');
    if (kernel !== 'linear' && kernel !== 'quadratic') {
      throw new PhysicsError(
        'invalid-argument',
        `transfer.kernel: expected 'linear' or 'quadratic', got ${String(kernel).slice(0, 40)}`,
      );
    }
    this.grid = grid;
    this.kernel = kernel;
    this.n = kernel === 'linear' ? 2 : 3;
    this.invH = 1 / grid.h;
    this.weightU = new Float64Array(grid.u.length);
    this.weightV = new Float64Array(grid.v.length);
    this.validU = new Uint8Array(grid.u.length);
    this.validV = new Uint8Array(grid.v.length);
    this.oldU = new Float64Array(grid.u.length);
    this.oldV = new Float64Array(grid.v.length);
  }

  /**
   * The stencil of particle p for the u faces (comp 0, at (i, j + ½)) or the v faces (comp 1, at
   * (i + ½, j)): the base face per axis in `base`, the weights in wx / wy and the affine weights in
   * ax / ay (∂w/∂x for the tent, 4/h · w · (face − position)/h for the B-spline). Takes the arrays
   * and an index, not the coordinates, so no double crosses a call boundary (which would box it).
   */
  private stencil(x: Float64Array, y: Float64Array, p: number, comp: number): void {
    const invH = this.invH;
    for (let d = 0; d < 2; d++) {
      const f = (d === 0 ? x[p]! : y[p]!) * invH - (d === comp ? 0 : 0.5);
      const w = d === 0 ? this.wx : this.wy;
      const a = d === 0 ? this.ax : this.ay;
      if (this.n === 2) {
        const b = Math.floor(f);
        const t = f - b;
        w[0] = 1 - t;
        w[1] = t;
        a[0] = -invH;
        a[1] = invH;
        this.base[d] = b;
      } else {
        const b = Math.floor(f - 0.5);
        const t = f - b;
        const d0 = 1.5 - t;
        const d1 = t - 1;
        const d2 = t - 0.5;
        w[0] = 0.5 * d0 * d0;
        w[1] = 0.75 - d1 * d1;
        w[2] = 0.5 * d2 * d2;
        const s = 4 * invH;
        a[0] = s * w[0] * -t;
        a[1] = s * w[1] * (1 - t);
        a[2] = s * w[2] * (2 - t);
        this.base[d] = b;
      }
    }
  }

  /** Throws when the stencil at base (bx, by) leaves a face array of width fw and height fh. */
  private check(p: number, bx: number, by: number, fw: number, fh: number, ps: TransferParticles): void {
    if (!(bx >= 0 && by >= 0 && bx + this.n <= fw && by + this.n <= fh)) {
      throw new PhysicsError(
        'invalid-argument',
        `particles[${p}]: at (${ps.x[p]}, ${ps.y[p]}) its transfer stencil leaves the grid (keep particles one cell inside the domain)`,
      );
    }
  }

  /**
   * P2G: writes the weighted average of the particles' velocities (APIC: with their affine parts)
   * into the grid's u and v faces, the weight sums into weightU / weightV and marks the faces that
   * received weight valid. Faces without weight get velocity 0.
   */
  toGrid(ps: TransferParticles, mode: TransferMode): void {
    if (this.n === 2 && mode !== 'apic') {
      this.toGridLinear(ps);
      return;
    }
    const g = this.grid;
    const { nx, ny, h, u, v } = g;
    const invH = 1 / h;
    const { wx, wy, weightU, weightV, n, base } = this;
    const apic = mode === 'apic';
    const { x, y, vx, vy, c } = ps;
    u.fill(0);
    v.fill(0);
    weightU.fill(0);
    weightV.fill(0);
    const su = nx + 1;
    const count = ps.count;
    for (let p = 0; p < count; p++) {
      const px = x[p]! * invH;
      const py = y[p]! * invH;
      // u faces: at (i, j + ½) in cell units
      this.stencil(x, y, p, 0);
      let bx = base[0]!;
      let by = base[1]!;
      this.check(p, bx, by, nx + 1, ny, ps);
      const up = vx[p]!;
      const cux = apic ? c[4 * p]! * h : 0;
      const cuy = apic ? c[4 * p + 1]! * h : 0;
      let dxf = bx - px;
      let dyf = by - (py - 0.5);
      for (let b = 0; b < n; b++) {
        const row = (by + b) * su + bx;
        const wyb = wy[b]!;
        const ey = cuy * (dyf + b);
        for (let a = 0; a < n; a++) {
          const w = wx[a]! * wyb;
          const f = row + a;
          u[f] = u[f]! + w * (up + cux * (dxf + a) + ey);
          weightU[f] = weightU[f]! + w;
        }
      }
      // v faces: at (i + ½, j)
      this.stencil(x, y, p, 1);
      bx = base[0]!;
      by = base[1]!;
      this.check(p, bx, by, nx, ny + 1, ps);
      const vp = vy[p]!;
      const cvx = apic ? c[4 * p + 2]! * h : 0;
      const cvy = apic ? c[4 * p + 3]! * h : 0;
      dxf = bx - (px - 0.5);
      dyf = by - py;
      for (let b = 0; b < n; b++) {
        const row = (by + b) * nx + bx;
        const wyb = wy[b]!;
        const ey = cvy * (dyf + b);
        for (let a = 0; a < n; a++) {
          const w = wx[a]! * wyb;
          const f = row + a;
          v[f] = v[f]! + w * (vp + cvx * (dxf + a) + ey);
          weightV[f] = weightV[f]! + w;
        }
      }
    }
    this.normalise();
  }

  /**
   * P2G with the tent kernel and no affine part (PIC and FLIP), the stencil written out: the same
   * sums, in the same order, as the general path, without its per-particle stencil arrays.
   */
  private toGridLinear(ps: TransferParticles): void {
    const g = this.grid;
    const { nx, ny, u, v } = g;
    const invH = this.invH;
    const { weightU, weightV } = this;
    const { x, y, vx, vy } = ps;
    u.fill(0);
    v.fill(0);
    weightU.fill(0);
    weightV.fill(0);
    const su = nx + 1;
    const count = ps.count;
    for (let p = 0; p < count; p++) {
      const px = x[p]! * invH;
      const py = y[p]! * invH;
      // u faces at (i, j + ½)
      let bx = Math.floor(px);
      const fy = py - 0.5;
      let by = Math.floor(fy);
      if (!(bx >= 0 && by >= 0 && bx + 2 <= nx + 1 && by + 2 <= ny)) this.check(p, bx, by, nx + 1, ny, ps);
      let tx = px - bx;
      let ty = fy - by;
      let w0 = 1 - tx;
      let w1 = 1 - ty;
      let f = by * su + bx;
      const up = vx[p]!;
      let w = w0 * w1;
      u[f] = u[f]! + w * up;
      weightU[f] = weightU[f]! + w;
      w = tx * w1;
      u[f + 1] = u[f + 1]! + w * up;
      weightU[f + 1] = weightU[f + 1]! + w;
      f += su;
      w = w0 * ty;
      u[f] = u[f]! + w * up;
      weightU[f] = weightU[f]! + w;
      w = tx * ty;
      u[f + 1] = u[f + 1]! + w * up;
      weightU[f + 1] = weightU[f + 1]! + w;
      // v faces at (i + ½, j)
      const fx = px - 0.5;
      bx = Math.floor(fx);
      by = Math.floor(py);
      if (!(bx >= 0 && by >= 0 && bx + 2 <= nx && by + 2 <= ny + 1)) this.check(p, bx, by, nx, ny + 1, ps);
      tx = fx - bx;
      ty = py - by;
      w0 = 1 - tx;
      w1 = 1 - ty;
      f = by * nx + bx;
      const vp = vy[p]!;
      w = w0 * w1;
      v[f] = v[f]! + w * vp;
      weightV[f] = weightV[f]! + w;
      w = tx * w1;
      v[f + 1] = v[f + 1]! + w * vp;
      weightV[f + 1] = weightV[f + 1]! + w;
      f += nx;
      w = w0 * ty;
      v[f] = v[f]! + w * vp;
      weightV[f] = weightV[f]! + w;
      w = tx * ty;
      v[f + 1] = v[f + 1]! + w * vp;
      weightV[f + 1] = weightV[f + 1]! + w;
    }
    this.normalise();
  }

  /**
   * P2G with the tent kernel for PIC and FLIP (as {@link toGrid}), fused with a particle liquid's
   * cell bookkeeping in the same pass over the particles: `labels` gets `fluidLabel` in every cell
   * holding a particle (the caller clears it first and marks its solids after), `counts` the
   * particles per cell and `density` the particles' tent weights at the four nearest cell centres
   * (both cleared here). The same sums in the same order as the separate passes.
   *
   * With `gravityDt` (the velocity increments g·dt along x and y), the pass over the faces that
   * normalises also saves FLIP's old field ({@link saveGrid}) and then adds the increment to every
   * face that received weight: the same values as the three passes one after the other.
   */
  toGridWithCells(
    ps: TransferParticles,
    labels: Uint8Array,
    fluidLabel: number,
    counts: Int32Array,
    density: Float64Array,
    gravityDt?: Float64Array,
  ): void {
    const g = this.grid;
    const { nx, ny, u, v } = g;
    const invH = this.invH;
    const { weightU, weightV } = this;
    const { x, y, vx, vy } = ps;
    u.fill(0);
    v.fill(0);
    weightU.fill(0);
    weightV.fill(0);
    counts.fill(0);
    density.fill(0);
    const su = nx + 1;
    const count = ps.count;
    for (let p = 0; p < count; p++) {
      const px = x[p]! * invH;
      const py = y[p]! * invH;
      // u faces at (i, j + ½)
      const ci = Math.floor(px);
      const fy = py - 0.5;
      const dj = Math.floor(fy);
      if (!(ci >= 0 && dj >= 0 && ci + 2 <= nx + 1 && dj + 2 <= ny)) this.check(p, ci, dj, nx + 1, ny, ps);
      let tx = px - ci;
      const ty = fy - dj;
      let w0 = 1 - tx;
      const w1 = 1 - ty;
      let f = dj * su + ci;
      const up = vx[p]!;
      let w = w0 * w1;
      u[f] = u[f]! + w * up;
      weightU[f] = weightU[f]! + w;
      w = tx * w1;
      u[f + 1] = u[f + 1]! + w * up;
      weightU[f + 1] = weightU[f + 1]! + w;
      f += su;
      w = w0 * ty;
      u[f] = u[f]! + w * up;
      weightU[f] = weightU[f]! + w;
      w = tx * ty;
      u[f + 1] = u[f + 1]! + w * up;
      weightU[f + 1] = weightU[f + 1]! + w;
      // v faces at (i + ½, j)
      const fx = px - 0.5;
      const di = Math.floor(fx);
      const cj = Math.floor(py);
      if (!(di >= 0 && cj >= 0 && di + 2 <= nx && cj + 2 <= ny + 1)) this.check(p, di, cj, nx, ny + 1, ps);
      tx = fx - di;
      const tv = py - cj;
      w0 = 1 - tx;
      const v1 = 1 - tv;
      f = cj * nx + di;
      const vp = vy[p]!;
      w = w0 * v1;
      v[f] = v[f]! + w * vp;
      weightV[f] = weightV[f]! + w;
      w = tx * v1;
      v[f + 1] = v[f + 1]! + w * vp;
      weightV[f + 1] = weightV[f + 1]! + w;
      f += nx;
      w = w0 * tv;
      v[f] = v[f]! + w * vp;
      weightV[f] = weightV[f]! + w;
      w = tx * tv;
      v[f + 1] = v[f + 1]! + w * vp;
      weightV[f + 1] = weightV[f + 1]! + w;
      // the cell (ci, cj) holds the particle; the cell centres around it are the v stencil's
      // columns and the u stencil's rows
      const cc = ci + nx * cj;
      labels[cc] = fluidLabel;
      counts[cc] = counts[cc]! + 1;
      const c = di + nx * dj;
      density[c] = density[c]! + w0 * w1;
      density[c + 1] = density[c + 1]! + tx * w1;
      density[c + nx] = density[c + nx]! + w0 * ty;
      density[c + nx + 1] = density[c + nx + 1]! + tx * ty;
    }
    if (gravityDt) this.normaliseSaveAdd(gravityDt);
    else this.normalise();
  }

  /** {@link normalise}, {@link saveGrid} and the increments g[0] (u) and g[1] (v) on faces with weight, in one pass. */
  private normaliseSaveAdd(g: Float64Array): void {
    const { u, v } = this.grid;
    const { validU, validV, weightU, weightV, oldU, oldV } = this;
    const gx = g[0]!;
    const gy = g[1]!;
    for (let f = 0; f < u.length; f++) {
      const w = weightU[f]!;
      if (w > 0) {
        const uf = u[f]! / w;
        validU[f] = 1;
        oldU[f] = uf;
        u[f] = gx !== 0 ? uf + gx : uf;
      } else {
        validU[f] = 0;
        oldU[f] = u[f]!;
      }
    }
    for (let f = 0; f < v.length; f++) {
      const w = weightV[f]!;
      if (w > 0) {
        const vf = v[f]! / w;
        validV[f] = 1;
        oldV[f] = vf;
        v[f] = gy !== 0 ? vf + gy : vf;
      } else {
        validV[f] = 0;
        oldV[f] = v[f]!;
      }
    }
  }

  /** Divides the face sums by their weights and marks the faces that received weight valid. */
  private normalise(): void {
    const { u, v } = this.grid;
    const { validU, validV, weightU, weightV } = this;
    for (let f = 0; f < u.length; f++) {
      const w = weightU[f]!;
      if (w > 0) {
        u[f] = u[f]! / w;
        validU[f] = 1;
      } else validU[f] = 0;
    }
    for (let f = 0; f < v.length; f++) {
      const w = weightV[f]!;
      if (w > 0) {
        v[f] = v[f]! / w;
        validV[f] = 1;
      } else validV[f] = 0;
    }
  }

  /** Saves the grid's current face velocities as FLIP's old field (call after P2G, before forces). */
  saveGrid(): void {
    this.oldU.set(this.grid.u);
    this.oldV.set(this.grid.v);
  }

  /**
   * G2P: gives each particle its new velocity from the grid. 'pic': the interpolated grid
   * velocity; 'flip': flipRatio·(v_p + v_grid − v_old) + (1 − flipRatio)·v_grid; 'apic': the grid
   * velocity and the affine matrix c. Only valid faces are read (weights renormalised over them).
   */
  toParticles(ps: TransferParticles, mode: TransferMode, flipRatio = 1): void {
    if (this.n === 2 && mode !== 'apic') {
      this.toParticlesLinear(ps, mode === 'flip' ? flipRatio : 0);
      return;
    }
    const g = this.grid;
    const { nx, ny, u, v } = g;
    const { wx, wy, ax, ay, n, validU, validV, oldU, oldV, base } = this;
    const flip = mode === 'flip';
    const apic = mode === 'apic';
    const r = flip ? flipRatio : 0;
    const { x, y, vx, vy, c } = ps;
    const su = nx + 1;
    const count = ps.count;
    for (let p = 0; p < count; p++) {
      // u
      this.stencil(x, y, p, 0);
      let bx = base[0]!;
      let by = base[1]!;
      this.check(p, bx, by, nx + 1, ny, ps);
      let ws = 0;
      let s = 0;
      let so = 0;
      let gx = 0;
      let gy = 0;
      let ngx = 0;
      let ngy = 0;
      for (let b = 0; b < n; b++) {
        const row = (by + b) * su + bx;
        for (let a = 0; a < n; a++) {
          const f = row + a;
          if (validU[f] === 0) continue;
          const w = wx[a]! * wy[b]!;
          const uf = u[f]!;
          ws += w;
          s += w * uf;
          so += w * oldU[f]!;
          if (apic) {
            const gxa = ax[a]! * wy[b]!;
            const gya = wx[a]! * ay[b]!;
            gx += gxa * uf;
            gy += gya * uf;
            ngx += gxa;
            ngy += gya;
          }
        }
      }
      if (ws > 0) {
        const pic = s / ws;
        vx[p] = r > 0 ? r * (vx[p]! + pic - so / ws) + (1 - r) * pic : pic;
        if (apic) {
          // faces left out count as holding the particle's own velocity: for a full stencil
          // Σ ∇w = 0 and this is C exactly; at the surface it keeps C from seeing a jump to 0
          c[4 * p] = gx - pic * ngx;
          c[4 * p + 1] = gy - pic * ngy;
        }
      } else if (apic) {
        c[4 * p] = 0;
        c[4 * p + 1] = 0;
      }
      // v
      this.stencil(x, y, p, 1);
      bx = base[0]!;
      by = base[1]!;
      this.check(p, bx, by, nx, ny + 1, ps);
      ws = 0;
      s = 0;
      so = 0;
      gx = 0;
      gy = 0;
      ngx = 0;
      ngy = 0;
      for (let b = 0; b < n; b++) {
        const row = (by + b) * nx + bx;
        for (let a = 0; a < n; a++) {
          const f = row + a;
          if (validV[f] === 0) continue;
          const w = wx[a]! * wy[b]!;
          const vf = v[f]!;
          ws += w;
          s += w * vf;
          so += w * oldV[f]!;
          if (apic) {
            const gxa = ax[a]! * wy[b]!;
            const gya = wx[a]! * ay[b]!;
            gx += gxa * vf;
            gy += gya * vf;
            ngx += gxa;
            ngy += gya;
          }
        }
      }
      if (ws > 0) {
        const pic = s / ws;
        vy[p] = r > 0 ? r * (vy[p]! + pic - so / ws) + (1 - r) * pic : pic;
        if (apic) {
          // faces left out count as holding the particle's own velocity: for a full stencil
          // Σ ∇w = 0 and this is C exactly; at the surface it keeps C from seeing a jump to 0
          c[4 * p + 2] = gx - pic * ngx;
          c[4 * p + 3] = gy - pic * ngy;
        }
      } else if (apic) {
        c[4 * p + 2] = 0;
        c[4 * p + 3] = 0;
      }
    }
  }

  /**
   * G2P with the tent kernel for PIC (r = 0) and FLIP (r = the FLIP share), the stencil written out:
   * the same sums, in the same order, as the general path.
   */
  private toParticlesLinear(ps: TransferParticles, r: number): void {
    const { nx, ny, u, v } = this.grid;
    const { validU, validV, oldU, oldV } = this;
    const invH = this.invH;
    const { x, y, vx, vy } = ps;
    const su = nx + 1;
    const count = ps.count;
    for (let p = 0; p < count; p++) {
      const px = x[p]! * invH;
      const py = y[p]! * invH;
      // u faces
      let bx = Math.floor(px);
      let fy = py - 0.5;
      let by = Math.floor(fy);
      if (!(bx >= 0 && by >= 0 && bx + 2 <= nx + 1 && by + 2 <= ny)) this.check(p, bx, by, nx + 1, ny, ps);
      let tx = px - bx;
      let ty = fy - by;
      let w0 = 1 - tx;
      let w1 = 1 - ty;
      let f = by * su + bx;
      let ws = 0;
      let sum = 0;
      let so = 0;
      let w = 0;
      if (validU[f] !== 0) {
        w = w0 * w1;
        ws += w;
        sum += w * u[f]!;
        so += w * oldU[f]!;
      }
      if (validU[f + 1] !== 0) {
        w = tx * w1;
        ws += w;
        sum += w * u[f + 1]!;
        so += w * oldU[f + 1]!;
      }
      f += su;
      if (validU[f] !== 0) {
        w = w0 * ty;
        ws += w;
        sum += w * u[f]!;
        so += w * oldU[f]!;
      }
      if (validU[f + 1] !== 0) {
        w = tx * ty;
        ws += w;
        sum += w * u[f + 1]!;
        so += w * oldU[f + 1]!;
      }
      if (ws > 0) {
        const pic = sum / ws;
        vx[p] = r > 0 ? r * (vx[p]! + pic - so / ws) + (1 - r) * pic : pic;
      }
      // v faces
      fy = px - 0.5;
      bx = Math.floor(fy);
      by = Math.floor(py);
      if (!(bx >= 0 && by >= 0 && bx + 2 <= nx && by + 2 <= ny + 1)) this.check(p, bx, by, nx, ny + 1, ps);
      tx = fy - bx;
      ty = py - by;
      w0 = 1 - tx;
      w1 = 1 - ty;
      f = by * nx + bx;
      ws = 0;
      sum = 0;
      so = 0;
      if (validV[f] !== 0) {
        w = w0 * w1;
        ws += w;
        sum += w * v[f]!;
        so += w * oldV[f]!;
      }
      if (validV[f + 1] !== 0) {
        w = tx * w1;
        ws += w;
        sum += w * v[f + 1]!;
        so += w * oldV[f + 1]!;
      }
      f += nx;
      if (validV[f] !== 0) {
        w = w0 * ty;
        ws += w;
        sum += w * v[f]!;
        so += w * oldV[f]!;
      }
      if (validV[f + 1] !== 0) {
        w = tx * ty;
        ws += w;
        sum += w * v[f + 1]!;
        so += w * oldV[f + 1]!;
      }
      if (ws > 0) {
        const pic = sum / ws;
        vy[p] = r > 0 ? r * (vy[p]! + pic - so / ws) + (1 - r) * pic : pic;
      }
    }
  }

  /**
   * The grid's angular momentum about (ox, oy) per unit particle mass, from the P2G weights:
   * Σ_v m_f (x_f − ox) v_f − Σ_u m_f (y_f − oy) u_f.
   */
  gridAngularMomentum(ox = 0, oy = 0): number {
    const { nx, ny, h, u, v } = this.grid;
    let L = 0;
    for (let j = 0; j < ny; j++) {
      const yf = (j + 0.5) * h - oy;
      for (let i = 0; i <= nx; i++) {
        const f = j * (nx + 1) + i;
        L -= this.weightU[f]! * yf * u[f]!;
      }
    }
    for (let j = 0; j <= ny; j++) {
      for (let i = 0; i < nx; i++) {
        const f = j * nx + i;
        L += this.weightV[f]! * ((i + 0.5) * h - ox) * v[f]!;
      }
    }
    return L;
  }

  /**
   * The particles' angular momentum about (ox, oy) per unit particle mass, Σ (x − ox) v − (y − oy) u,
   * plus, for APIC (`affine`), the affine velocities' share Σ (D C)ᵀ : ε (Jiang et al. 2015, §5.3):
   * h²/4 (c_vx − c_uy) per particle for the quadratic kernel, f(1 − f) h² per axis for the tent.
   */
  particleAngularMomentum(ps: TransferParticles, affine: boolean, ox = 0, oy = 0): number {
    const h = this.grid.h;
    let L = 0;
    const count = ps.count;
    for (let p = 0; p < count; p++) {
      L += (ps.x[p]! - ox) * ps.vy[p]! - (ps.y[p]! - oy) * ps.vx[p]!;
      if (!affine) continue;
      let dvx: number;
      let duy: number;
      if (this.n === 3) {
        dvx = 0.25 * h * h;
        duy = dvx;
      } else {
        const fx = ps.x[p]! / h - 0.5;
        const tx = fx - Math.floor(fx);
        const fy = ps.y[p]! / h - 0.5;
        const ty = fy - Math.floor(fy);
        dvx = tx * (1 - tx) * h * h;
        duy = ty * (1 - ty) * h * h;
      }
      L += dvx * ps.c[4 * p + 2]! - duy * ps.c[4 * p + 1]!;
    }
    return L;
  }
}
