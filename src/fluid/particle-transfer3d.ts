/**
 * Particle ↔ grid velocity transfers on the faces of a 3D MAC grid (textbook §26.4, "PIC、FLIP、
 * APIC"): the 3D counterpart of `particle-transfer.ts`, the same sums with one more axis.
 *
 * - P2G: u_f = Σ w_fp (u_p + c_p·(x_f − x_p)) / Σ w_fp per face (the affine part only for APIC);
 * - G2P, PIC (Harlow 1964): the interpolated new grid velocity;
 * - G2P, FLIP (Brackbill & Ruppel 1986): u_p + (u_new − u_old), blended with PIC by the ratio r
 *   (Zhu & Bridson 2005);
 * - G2P, APIC (Jiang, Schroeder, Selle, Teran & Stomakhin 2015): PIC's velocity and the affine
 *   matrix C_p = B_p D_p⁻¹, one row per velocity component (9 numbers per particle, row-major:
 *   c[9p + 3a + b] = ∂v_a/∂x_b).
 *
 * u faces sit at (i h, (j+½) h, (k+½) h), v faces at ((i+½) h, j h, (k+½) h), w faces at
 * ((i+½) h, (j+½) h, k h). Kernels per axis: 'linear' (the tent, 2 faces; C from the weights'
 * gradients) and 'quadratic' (the B-spline, 3 faces; D = h²/4·I, with which APIC conserves angular
 * momentum exactly). G2P reads only valid faces (those that received weight, less those the caller
 * clears) and renormalises the weights over them. A stencil that leaves the grid is a
 * `PhysicsError` naming the particle.
 */
import { PhysicsError } from '../core/errors.js';
import type { MacGrid } from './mac-grid.js';
import type { TransferKernel, TransferMode } from './particle-transfer.js';

/**
 * 3D particles as the transfers see them (structure of arrays): positions, velocities and the
 * APIC affine matrix `c`, 9 per particle, row-major (c[9p + 3a + b] = ∂v_a/∂x_b).
 */
export interface TransferParticles3D {
  /** number of particles in use */
  count: number;
  /** x positions, m */
  x: Float64Array;
  /** y positions, m */
  y: Float64Array;
  /** z positions, m */
  z: Float64Array;
  /** x velocities, m/s */
  vx: Float64Array;
  /** y velocities, m/s */
  vy: Float64Array;
  /** z velocities, m/s */
  vz: Float64Array;
  /** APIC affine velocity, 9 per particle (row-major), 1/s */
  c: Float64Array;
}

/** P2G / G2P between particles and the faces of one 3D {@link MacGrid}; scratch allocated once. */
export class GridTransfer3D {
  /** the grid the transfers read and write */
  readonly grid: MacGrid;
  /** the kernel */
  readonly kernel: TransferKernel;
  /** P2G weight sum per u face (the face's mass in particle masses) */
  readonly weightU: Float64Array;
  /** P2G weight sum per v face */
  readonly weightV: Float64Array;
  /** P2G weight sum per w face */
  readonly weightW: Float64Array;
  /** 1 where the u face holds a velocity G2P may read */
  readonly validU: Uint8Array;
  /** (see validU) v faces */
  readonly validV: Uint8Array;
  /** (see validU) w faces */
  readonly validW: Uint8Array;
  /** the grid's u velocities saved before forces and pressure (FLIP's old field) */
  readonly oldU: Float64Array;
  /** (see oldU) v */
  readonly oldV: Float64Array;
  /** (see oldU) w */
  readonly oldW: Float64Array;
  // per axis: weights, affine weights (∂w/∂x for the tent, 4/h·w·(face − position)/h for the
  // B-spline), the base face and the particle's offset from it in cells
  private readonly wt = new Float64Array(9);
  private readonly at = new Float64Array(9);
  private readonly base = new Int32Array(3);
  private readonly frac = new Float64Array(3);
  private readonly n: number;
  private readonly invH: number;

  constructor(grid: MacGrid, kernel: TransferKernel = 'linear') {
    if (grid.dim !== 3)
      throw new PhysicsError('invalid-argument', 'transfer.grid: must be a 3D grid (nz > 1)');
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
    this.weightW = new Float64Array(grid.w.length);
    this.validU = new Uint8Array(grid.u.length);
    this.validV = new Uint8Array(grid.v.length);
    this.validW = new Uint8Array(grid.w.length);
    this.oldU = new Float64Array(grid.u.length);
    this.oldV = new Float64Array(grid.v.length);
    this.oldW = new Float64Array(grid.w.length);
  }

  /**
   * The stencil of particle p for the faces of component `comp` (0 u, 1 v, 2 w): per axis d the
   * base face in base[d], the weights in wt[3d..], the affine weights in at[3d..]; then checks it
   * lies inside the face array. Takes the arrays and an index, so no double crosses a call.
   */
  private stencil(ps: TransferParticles3D, p: number, comp: number): void {
    const invH = this.invH;
    const g = this.grid;
    const wt = this.wt;
    const at = this.at;
    for (let d = 0; d < 3; d++) {
      const f = (d === 0 ? ps.x[p]! : d === 1 ? ps.y[p]! : ps.z[p]!) * invH - (d === comp ? 0 : 0.5);
      const o = 3 * d;
      let b: number;
      if (this.n === 2) {
        b = Math.floor(f);
        const t = f - b;
        wt[o] = 1 - t;
        wt[o + 1] = t;
        at[o] = -invH;
        at[o + 1] = invH;
      } else {
        b = Math.floor(f - 0.5);
        const t = f - b;
        const d0 = 1.5 - t;
        const d1 = t - 1;
        const d2 = t - 0.5;
        wt[o] = 0.5 * d0 * d0;
        wt[o + 1] = 0.75 - d1 * d1;
        wt[o + 2] = 0.5 * d2 * d2;
        const s = 4 * invH;
        at[o] = s * wt[o]! * -t;
        at[o + 1] = s * wt[o + 1]! * (1 - t);
        at[o + 2] = s * wt[o + 2]! * (2 - t);
      }
      this.base[d] = b;
      this.frac[d] = f - b;
      const size = (d === 0 ? g.nx : d === 1 ? g.ny : g.nz) + (d === comp ? 1 : 0);
      if (!(b >= 0 && b + this.n <= size)) {
        throw new PhysicsError(
          'invalid-argument',
          `particles[${p}]: at (${ps.x[p]}, ${ps.y[p]}, ${ps.z[p]}) its transfer stencil leaves the grid (keep particles one cell inside the domain)`,
        );
      }
    }
  }

  /**
   * P2G: the weighted average of the particles' velocities (APIC: with their affine parts) into
   * the grid's u, v and w faces, the weight sums into weightU/V/W; faces that received weight are
   * marked valid, the others get velocity 0.
   */
  toGrid(ps: TransferParticles3D, mode: TransferMode): void {
    const g = this.grid;
    const { u, v, w } = g;
    u.fill(0);
    v.fill(0);
    w.fill(0);
    this.weightU.fill(0);
    this.weightV.fill(0);
    this.weightW.fill(0);
    const apic = mode === 'apic';
    for (let comp = 0; comp < 3; comp++) {
      const vel = comp === 0 ? ps.vx : comp === 1 ? ps.vy : ps.vz;
      const face = comp === 0 ? u : comp === 1 ? v : w;
      const weight = comp === 0 ? this.weightU : comp === 1 ? this.weightV : this.weightW;
      if (this.n === 2 && !apic) this.splatLinear(ps, comp, vel, face, weight);
      else this.splat(ps, comp, vel, face, weight, apic);
    }
    normalise(u, this.weightU, this.validU);
    normalise(v, this.weightV, this.validV);
    normalise(w, this.weightW, this.validW);
  }

  private splat(
    ps: TransferParticles3D,
    comp: number,
    vel: Float64Array,
    face: Float64Array,
    weight: Float64Array,
    apic: boolean,
  ): void {
    const g = this.grid;
    const sx = g.nx + (comp === 0 ? 1 : 0);
    const sxy = sx * (g.ny + (comp === 1 ? 1 : 0));
    const h = g.h;
    const { wt, base, frac, n } = this;
    const c = ps.c;
    const count = ps.count;
    for (let p = 0; p < count; p++) {
      this.stencil(ps, p, comp);
      const bx = base[0]!;
      const by = base[1]!;
      const bz = base[2]!;
      const vp = vel[p]!;
      const q = 9 * p + 3 * comp;
      const cx = apic ? c[q]! * h : 0;
      const cy = apic ? c[q + 1]! * h : 0;
      const cz = apic ? c[q + 2]! * h : 0;
      // the particle's offset from the base face, in cells: face − particle = idx − frac
      const fx = frac[0]!;
      const fy = frac[1]!;
      const fz = frac[2]!;
      for (let kk = 0; kk < n; kk++) {
        const wz = wt[6 + kk]!;
        const ez = vp + cz * (kk - fz);
        for (let jj = 0; jj < n; jj++) {
          const wyz = wt[3 + jj]! * wz;
          const eyz = ez + cy * (jj - fy);
          const row = bx + sx * (by + jj) + sxy * (bz + kk);
          for (let ii = 0; ii < n; ii++) {
            const wgt = wt[ii]! * wyz;
            const f = row + ii;
            face[f] = face[f]! + wgt * (eyz + cx * (ii - fx));
            weight[f] = weight[f]! + wgt;
          }
        }
      }
    }
  }

  /**
   * The base face of particle p along each axis for component comp's tent stencil into base[],
   * the offsets into frac[]; throws when the stencil leaves the face array.
   */
  private linearBase(ps: TransferParticles3D, p: number, comp: number): number {
    const g = this.grid;
    const invH = this.invH;
    const fx = ps.x[p]! * invH - (comp === 0 ? 0 : 0.5);
    const fy = ps.y[p]! * invH - (comp === 1 ? 0 : 0.5);
    const fz = ps.z[p]! * invH - (comp === 2 ? 0 : 0.5);
    const bx = Math.floor(fx);
    const by = Math.floor(fy);
    const bz = Math.floor(fz);
    const sx = g.nx + (comp === 0 ? 1 : 0);
    const sy = g.ny + (comp === 1 ? 1 : 0);
    const sz = g.nz + (comp === 2 ? 1 : 0);
    if (!(bx >= 0 && by >= 0 && bz >= 0 && bx + 2 <= sx && by + 2 <= sy && bz + 2 <= sz)) {
      // the general stencil names the particle
      this.stencil(ps, p, comp);
    }
    this.frac[0] = fx - bx;
    this.frac[1] = fy - by;
    this.frac[2] = fz - bz;
    return bx + sx * (by + sy * bz);
  }

  /** P2G with the tent kernel and no affine part (PIC, FLIP): the general sums with the stencil written out. */
  private splatLinear(
    ps: TransferParticles3D,
    comp: number,
    vel: Float64Array,
    face: Float64Array,
    weight: Float64Array,
  ): void {
    const g = this.grid;
    const sx = g.nx + (comp === 0 ? 1 : 0);
    const sxy = sx * (g.ny + (comp === 1 ? 1 : 0));
    const frac = this.frac;
    const count = ps.count;
    for (let p = 0; p < count; p++) {
      const f0 = this.linearBase(ps, p, comp);
      const tx = frac[0]!;
      const ty = frac[1]!;
      const tz = frac[2]!;
      const vp = vel[p]!;
      for (let kk = 0; kk < 2; kk++) {
        const wz = kk === 0 ? 1 - tz : tz;
        for (let jj = 0; jj < 2; jj++) {
          const wyz = (jj === 0 ? 1 - ty : ty) * wz;
          const f = f0 + sx * jj + sxy * kk;
          const w0 = (1 - tx) * wyz;
          const w1 = tx * wyz;
          face[f] = face[f]! + w0 * vp;
          weight[f] = weight[f]! + w0;
          face[f + 1] = face[f + 1]! + w1 * vp;
          weight[f + 1] = weight[f + 1]! + w1;
        }
      }
    }
  }

  /** G2P with the tent kernel for PIC (r = 0) and FLIP (r the FLIP share): the general sums with the stencil written out. */
  private gatherLinear(
    ps: TransferParticles3D,
    comp: number,
    vel: Float64Array,
    face: Float64Array,
    old: Float64Array,
    valid: Uint8Array,
    r: number,
  ): void {
    const g = this.grid;
    const sx = g.nx + (comp === 0 ? 1 : 0);
    const sxy = sx * (g.ny + (comp === 1 ? 1 : 0));
    const frac = this.frac;
    const count = ps.count;
    for (let p = 0; p < count; p++) {
      const f0 = this.linearBase(ps, p, comp);
      const tx = frac[0]!;
      const ty = frac[1]!;
      const tz = frac[2]!;
      let ws = 0;
      let s = 0;
      let so = 0;
      for (let kk = 0; kk < 2; kk++) {
        const wz = kk === 0 ? 1 - tz : tz;
        for (let jj = 0; jj < 2; jj++) {
          const wyz = (jj === 0 ? 1 - ty : ty) * wz;
          const f = f0 + sx * jj + sxy * kk;
          if (valid[f] !== 0) {
            const w0 = (1 - tx) * wyz;
            ws += w0;
            s += w0 * face[f]!;
            so += w0 * old[f]!;
          }
          if (valid[f + 1] !== 0) {
            const w1 = tx * wyz;
            ws += w1;
            s += w1 * face[f + 1]!;
            so += w1 * old[f + 1]!;
          }
        }
      }
      if (ws > 0) {
        const pic = s / ws;
        vel[p] = r > 0 ? r * (vel[p]! + pic - so / ws) + (1 - r) * pic : pic;
      }
    }
  }

  /** Saves the grid's current face velocities as FLIP's old field (after P2G, before forces). */
  saveGrid(): void {
    this.oldU.set(this.grid.u);
    this.oldV.set(this.grid.v);
    this.oldW.set(this.grid.w);
  }

  /**
   * G2P: each particle's new velocity from the grid. 'pic': the interpolated grid velocity;
   * 'flip': r·(v_p + v_grid − v_old) + (1 − r)·v_grid; 'apic': the grid velocity and the affine
   * matrix. Only valid faces are read (weights renormalised over them).
   */
  toParticles(ps: TransferParticles3D, mode: TransferMode, flipRatio = 1): void {
    const g = this.grid;
    const r = mode === 'flip' ? flipRatio : 0;
    const apic = mode === 'apic';
    for (let comp = 0; comp < 3; comp++) {
      const vel = comp === 0 ? ps.vx : comp === 1 ? ps.vy : ps.vz;
      const face = comp === 0 ? g.u : comp === 1 ? g.v : g.w;
      const old = comp === 0 ? this.oldU : comp === 1 ? this.oldV : this.oldW;
      const valid = comp === 0 ? this.validU : comp === 1 ? this.validV : this.validW;
      if (this.n === 2 && !apic) this.gatherLinear(ps, comp, vel, face, old, valid, r);
      else this.gather(ps, comp, vel, face, old, valid, r, apic);
    }
  }

  private gather(
    ps: TransferParticles3D,
    comp: number,
    vel: Float64Array,
    face: Float64Array,
    old: Float64Array,
    valid: Uint8Array,
    r: number,
    apic: boolean,
  ): void {
    const g = this.grid;
    const sx = g.nx + (comp === 0 ? 1 : 0);
    const sxy = sx * (g.ny + (comp === 1 ? 1 : 0));
    const { wt, at, base, n } = this;
    const c = ps.c;
    const count = ps.count;
    for (let p = 0; p < count; p++) {
      this.stencil(ps, p, comp);
      const bx = base[0]!;
      const by = base[1]!;
      const bz = base[2]!;
      let ws = 0;
      let s = 0;
      let so = 0;
      let gx = 0;
      let gy = 0;
      let gz = 0;
      let nx = 0;
      let ny = 0;
      let nz = 0;
      for (let kk = 0; kk < n; kk++) {
        const wz = wt[6 + kk]!;
        const az = at[6 + kk]!;
        for (let jj = 0; jj < n; jj++) {
          const wy = wt[3 + jj]!;
          const ay = at[3 + jj]!;
          const row = bx + sx * (by + jj) + sxy * (bz + kk);
          for (let ii = 0; ii < n; ii++) {
            const f = row + ii;
            if (valid[f] === 0) continue;
            const wx = wt[ii]!;
            const wgt = wx * wy * wz;
            const vf = face[f]!;
            ws += wgt;
            s += wgt * vf;
            so += wgt * old[f]!;
            if (apic) {
              const ga = at[ii]! * wy * wz;
              const gb = wx * ay * wz;
              const gc = wx * wy * az;
              gx += ga * vf;
              gy += gb * vf;
              gz += gc * vf;
              nx += ga;
              ny += gb;
              nz += gc;
            }
          }
        }
      }
      const q = 9 * p + 3 * comp;
      if (ws > 0) {
        const pic = s / ws;
        vel[p] = r > 0 ? r * (vel[p]! + pic - so / ws) + (1 - r) * pic : pic;
        if (apic) {
          // faces left out count as holding the particle's own velocity: for a full stencil
          // Σ ∇w = 0 and this is C exactly; at the surface it keeps C from seeing a jump to 0
          c[q] = gx - pic * nx;
          c[q + 1] = gy - pic * ny;
          c[q + 2] = gz - pic * nz;
        }
      } else if (apic) {
        c[q] = 0;
        c[q + 1] = 0;
        c[q + 2] = 0;
      }
    }
  }

  /**
   * The particles' angular momentum about (ox, oy, oz) per unit particle mass into out[0..2]:
   * Σ (x − o) × v, plus, for APIC (`affine`), the affine velocities' share (Jiang et al. 2015,
   * §5.3): per axis pair the D-weighted antisymmetric part of C, D = h²/4 for the B-spline and
   * f(1 − f) h² per axis for the tent (f the offset from the staggered faces).
   */
  particleAngularMomentum(
    ps: TransferParticles3D,
    affine: boolean,
    ox: number,
    oy: number,
    oz: number,
    out: Float64Array,
  ): Float64Array {
    const h = this.grid.h;
    let lx = 0;
    let ly = 0;
    let lz = 0;
    const { x, y, z, vx, vy, vz, c } = ps;
    for (let p = 0; p < ps.count; p++) {
      const rx = x[p]! - ox;
      const ry = y[p]! - oy;
      const rz = z[p]! - oz;
      lx += ry * vz[p]! - rz * vy[p]!;
      ly += rz * vx[p]! - rx * vz[p]!;
      lz += rx * vy[p]! - ry * vx[p]!;
      if (!affine) continue;
      let dx = 0.25 * h * h;
      let dy = dx;
      let dz = dx;
      if (this.n === 2) {
        const fx = x[p]! / h - 0.5;
        const fy = y[p]! / h - 0.5;
        const fz = z[p]! / h - 0.5;
        const tx = fx - Math.floor(fx);
        const ty = fy - Math.floor(fy);
        const tz = fz - Math.floor(fz);
        dx = tx * (1 - tx) * h * h;
        dy = ty * (1 - ty) * h * h;
        dz = tz * (1 - tz) * h * h;
      }
      const q = 9 * p;
      // c[q + 3a + b] = ∂v_a/∂x_b
      lx += dy * c[q + 7]! - dz * c[q + 5]!;
      ly += dz * c[q + 2]! - dx * c[q + 6]!;
      lz += dx * c[q + 3]! - dy * c[q + 1]!;
    }
    out[0] = lx;
    out[1] = ly;
    out[2] = lz;
    return out;
  }

  /** The grid's angular momentum about (ox, oy, oz) per unit particle mass, from the P2G weights, into out[0..2]. */
  gridAngularMomentum(ox: number, oy: number, oz: number, out: Float64Array): Float64Array {
    const { nx, ny, nz, h, u, v, w } = this.grid;
    let lx = 0;
    let ly = 0;
    let lz = 0;
    for (let k = 0; k < nz; k++) {
      for (let j = 0; j < ny; j++) {
        for (let i = 0; i <= nx; i++) {
          const f = i + (nx + 1) * (j + ny * k);
          const m = this.weightU[f]! * u[f]!;
          // r × (u, 0, 0) = (0, rz u, −ry u)
          ly += ((k + 0.5) * h - oz) * m;
          lz -= ((j + 0.5) * h - oy) * m;
        }
      }
    }
    for (let k = 0; k < nz; k++) {
      for (let j = 0; j <= ny; j++) {
        for (let i = 0; i < nx; i++) {
          const f = i + nx * (j + (ny + 1) * k);
          const m = this.weightV[f]! * v[f]!;
          // r × (0, v, 0) = (−rz v, 0, rx v)
          lx -= ((k + 0.5) * h - oz) * m;
          lz += ((i + 0.5) * h - ox) * m;
        }
      }
    }
    for (let k = 0; k <= nz; k++) {
      for (let j = 0; j < ny; j++) {
        for (let i = 0; i < nx; i++) {
          const f = i + nx * (j + ny * k);
          const m = this.weightW[f]! * w[f]!;
          // r × (0, 0, w) = (ry w, −rx w, 0)
          lx += ((j + 0.5) * h - oy) * m;
          ly -= ((i + 0.5) * h - ox) * m;
        }
      }
    }
    out[0] = lx;
    out[1] = ly;
    out[2] = lz;
    return out;
  }
}

/** Divides the face sums by their weights; marks the faces that received weight valid. */
function normalise(face: Float64Array, weight: Float64Array, valid: Uint8Array): void {
  for (let f = 0; f < face.length; f++) {
    const wgt = weight[f]!;
    if (wgt > 0) {
      face[f] = face[f]! / wgt;
      valid[f] = 1;
    } else valid[f] = 0;
  }
}
