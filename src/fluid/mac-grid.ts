/**
 * The MAC (staggered) grid of textbook §26.4 "2×2の格子での圧力投影": velocities live on the cell
 * faces (u on the x-faces, v on the y-faces, w on the z-faces), pressure and carried scalars at
 * the cell centres. A 2D grid is a grid with nz = 1 and no w faces.
 *
 * Layout (cell size h, origin at the lower-left-front corner):
 *   cell (i,j,k)   index i + nx·(j + ny·k)           centre ((i+½)h, (j+½)h, (k+½)h)
 *   u face (i,j,k) index i + (nx+1)·(j + ny·k)       at (i h, (j+½)h, (k+½)h), i = 0..nx
 *   v face (i,j,k) index i + nx·(j + (ny+1)·k)       at ((i+½)h, j h, (k+½)h), j = 0..ny
 *   w face (i,j,k) index i + nx·(j + ny·k)           at ((i+½)h, (j+½)h, k h), k = 0..nz
 * u face i is the left face of cell i, v face j the bottom face of cell j.
 *
 * Solid cells carry a velocity (moving obstacles): a face touching a solid cell takes the solid's
 * normal velocity, so a moving obstacle pushes the fluid through the projection. A closed domain
 * side is a wall (face velocity 0); an open side lets fluid leave (pressure 0 outside).
 */
import { assertFinite, PhysicsError } from '../core/errors.js';

/**
 * The most cells a grid may have (2048², or 161³ in 3D): about 0.3 GB for the smoke simulation's
 * arrays. A larger grid is refused before anything is allocated, naming the sizes.
 */
export const MAX_GRID_CELLS = 4_194_304;

/** Which sides of the domain are open (true) rather than walls. */
export interface DomainSides {
  /** the left side (x = 0) is open: fluid may flow out, pressure 0 there */
  xMin: boolean;
  /** the right side is open */
  xMax: boolean;
  /** the bottom side (y = 0) is open */
  yMin: boolean;
  /** the top side is open */
  yMax: boolean;
  /** the front side (z = 0, 3D) is open */
  zMin: boolean;
  /** the back side (3D) is open */
  zMax: boolean;
}

/** Size, cell size and open sides of a {@link MacGrid}. */
export interface MacGridOptions {
  /** cells along x */
  nx: number;
  /** cells along y */
  ny: number;
  /** 1 (the default) for a 2D grid */
  nz?: number;
  /** cell size in metres (default 1) */
  h?: number;
  /** which sides are open (true) instead of walls; default all closed */
  open?: Partial<DomainSides>;
}

/** A staggered (MAC) grid in 2D or 3D: velocities on the cell faces, scalars at the centres, solid cells with their velocities (textbook §26.4). */
export class MacGrid {
  /** cells along x */
  readonly nx: number;
  /** cells along y */
  readonly ny: number;
  /** cells along z (1 in 2D) */
  readonly nz: number;
  /** 2 or 3 */
  readonly dim: 2 | 3;
  /** cell size in metres */
  readonly h: number;
  /** nx·ny·nz */
  readonly cellCount: number;
  /** which sides of the domain are open (the others are walls) */
  readonly open: DomainSides;
  /** x-face velocities, (nx+1)·ny·nz */
  readonly u: Float64Array;
  /** y-face velocities, nx·(ny+1)·nz */
  readonly v: Float64Array;
  /** z-face velocities, nx·ny·(nz+1); empty in 2D */
  readonly w: Float64Array;
  /** 1 where the cell is solid */
  readonly solid: Uint8Array;
  /** velocity of the solid in each solid cell (x, y, z components) */
  readonly solidU: Float64Array;
  /** y velocity of the solid in each solid cell */
  readonly solidV: Float64Array;
  /** z velocity of the solid in each solid cell (3D) */
  readonly solidW: Float64Array;

  constructor(options: MacGridOptions) {
    const nx = options.nx;
    const ny = options.ny;
    const nz = options.nz ?? 1;
    const h = options.h ?? 1;
    checkSize(nx, 'grid.nx');
    checkSize(ny, 'grid.ny');
    if (!Number.isInteger(nz) || nz < 1) {
      throw new PhysicsError('invalid-argument', `grid.nz: must be an integer >= 1, got ${String(nz)}`);
    }
    if (nz > 1) checkSize(nz, 'grid.nz');
    if (nx * ny * nz > MAX_GRID_CELLS) {
      throw new PhysicsError(
        'invalid-argument',
        `grid.nx: ${nx} × ${ny}${nz > 1 ? ` × ${nz}` : ''} = ${nx * ny * nz} cells is more than the limit of ${MAX_GRID_CELLS} cells`,
      );
    }
    assertFinite(h, 'grid.h');
    if (!(h > 0)) throw new PhysicsError('invalid-argument', `grid.h: must be > 0, got ${h}`);
    this.nx = nx;
    this.ny = ny;
    this.nz = nz;
    this.dim = nz > 1 ? 3 : 2;
    this.h = h;
    this.cellCount = nx * ny * nz;
    const o = options.open ?? {};
    this.open = {
      xMin: o.xMin ?? false,
      xMax: o.xMax ?? false,
      yMin: o.yMin ?? false,
      yMax: o.yMax ?? false,
      zMin: this.dim === 3 && (o.zMin ?? false),
      zMax: this.dim === 3 && (o.zMax ?? false),
    };
    this.u = new Float64Array((nx + 1) * ny * nz);
    this.v = new Float64Array(nx * (ny + 1) * nz);
    this.w = new Float64Array(this.dim === 3 ? nx * ny * (nz + 1) : 0);
    this.solid = new Uint8Array(this.cellCount);
    this.solidU = new Float64Array(this.cellCount);
    this.solidV = new Float64Array(this.cellCount);
    this.solidW = new Float64Array(this.cellCount);
  }

  /** Index of cell (i, j, k) in the cell arrays: i + nx (j + ny k). */
  cellIndex(i: number, j: number, k = 0): number {
    return i + this.nx * (j + this.ny * k);
  }
  /** Index of the x-face left of cell (i, j, k) in `u`. */
  uIndex(i: number, j: number, k = 0): number {
    return i + (this.nx + 1) * (j + this.ny * k);
  }
  /** Index of the y-face below cell (i, j, k) in `v`. */
  vIndex(i: number, j: number, k = 0): number {
    return i + this.nx * (j + (this.ny + 1) * k);
  }
  /** Index of the z-face in front of cell (i, j, k) in `w`. */
  wIndex(i: number, j: number, k = 0): number {
    return i + this.nx * (j + this.ny * k);
  }

  /** Width, height and depth of the domain in metres. */
  get width(): number {
    return this.nx * this.h;
  }
  /** Height of the domain in metres (ny·h). */
  get height(): number {
    return this.ny * this.h;
  }
  /** Depth of the domain in metres (nz·h). */
  get depth(): number {
    return this.nz * this.h;
  }

  /**
   * Sets every face that touches a solid cell or a closed side to the solid's (wall's) normal
   * velocity. Called after anything that writes velocities (forces, advection, diffusion).
   */
  enforceBoundaries(): void {
    const { nx, ny, nz, u, v, w, solid, solidU, solidV, solidW, open } = this;
    if (solid.indexOf(1) < 0) {
      this.enforceSides();
      return;
    }
    for (let k = 0; k < nz; k++) {
      for (let j = 0; j < ny; j++) {
        const rowU = (nx + 1) * (j + ny * k);
        const rowC = nx * (j + ny * k);
        for (let i = 0; i <= nx; i++) {
          const left = i > 0 ? rowC + i - 1 : -1;
          const right = i < nx ? rowC + i : -1;
          if (left >= 0 && solid[left]) u[rowU + i] = solidU[left]!;
          else if (right >= 0 && solid[right]) u[rowU + i] = solidU[right]!;
          else if ((left < 0 && !open.xMin) || (right < 0 && !open.xMax)) u[rowU + i] = 0;
        }
      }
      for (let j = 0; j <= ny; j++) {
        const rowV = nx * (j + (ny + 1) * k);
        for (let i = 0; i < nx; i++) {
          const below = j > 0 ? i + nx * (j - 1 + ny * k) : -1;
          const above = j < ny ? i + nx * (j + ny * k) : -1;
          if (below >= 0 && solid[below]) v[rowV + i] = solidV[below]!;
          else if (above >= 0 && solid[above]) v[rowV + i] = solidV[above]!;
          else if ((below < 0 && !open.yMin) || (above < 0 && !open.yMax)) v[rowV + i] = 0;
        }
      }
    }
    if (this.dim === 3) {
      const slab = nx * ny;
      for (let k = 0; k <= nz; k++) {
        for (let c = 0; c < slab; c++) {
          const back = k > 0 ? c + slab * (k - 1) : -1;
          const front = k < nz ? c + slab * k : -1;
          const f = c + slab * k;
          if (back >= 0 && solid[back]) w[f] = solidW[back]!;
          else if (front >= 0 && solid[front]) w[f] = solidW[front]!;
          else if ((back < 0 && !open.zMin) || (front < 0 && !open.zMax)) w[f] = 0;
        }
      }
    }
  }

  /** `enforceBoundaries` without solid cells: only the faces on closed domain sides are set (to 0). */
  private enforceSides(): void {
    const { nx, ny, nz, u, v, w, open } = this;
    const slab = nx * ny;
    for (let k = 0; k < nz; k++) {
      for (let j = 0; j < ny; j++) {
        const rowU = (nx + 1) * (j + ny * k);
        if (!open.xMin) u[rowU] = 0;
        if (!open.xMax) u[rowU + nx] = 0;
      }
      const rowV = nx * (ny + 1) * k;
      if (!open.yMin) v.fill(0, rowV, rowV + nx);
      if (!open.yMax) v.fill(0, rowV + nx * ny, rowV + nx * (ny + 1));
    }
    if (this.dim === 3) {
      if (!open.zMin) w.fill(0, 0, slab);
      if (!open.zMax) w.fill(0, slab * nz, slab * (nz + 1));
    }
  }

  /**
   * Cell divergence ∇·u = (u_right − u_left + v_top − v_bottom [+ w_front − w_back]) / h,
   * the textbook's "net outflow per volume", for every cell (0 in solid cells).
   */
  divergence(out: Float64Array): Float64Array {
    const { nx, ny, nz, u, v, w, solid, h } = this;
    const inv = 1 / h;
    const slab = nx * ny;
    for (let k = 0; k < nz; k++) {
      for (let j = 0; j < ny; j++) {
        const rowU = (nx + 1) * (j + ny * k);
        const rowV = nx * (j + (ny + 1) * k);
        const rowC = nx * (j + ny * k);
        for (let i = 0; i < nx; i++) {
          const c = rowC + i;
          if (solid[c]) {
            out[c] = 0;
            continue;
          }
          let d = u[rowU + i + 1]! - u[rowU + i]! + v[rowV + nx + i]! - v[rowV + i]!;
          if (nz > 1) d += w[c + slab]! - w[c]!;
          out[c] = d * inv;
        }
      }
    }
    return out;
  }

  /** The largest |∇·u| over the fluid cells. */
  maxDivergence(scratch?: Float64Array): number {
    const d = this.divergence(scratch ?? new Float64Array(this.cellCount));
    let m = 0;
    for (let c = 0; c < d.length; c++) {
      const a = Math.abs(d[c]!);
      if (a > m) m = a;
    }
    return m;
  }

  /** Copies all velocities of `other` (same shape) into this grid. */
  copyVelocityFrom(other: MacGrid): void {
    this.u.set(other.u);
    this.v.set(other.v);
    this.w.set(other.w);
  }
}

function checkSize(n: number, where: string): void {
  if (!Number.isInteger(n) || n < 2) {
    throw new PhysicsError('invalid-argument', `${where}: must be an integer >= 2, got ${String(n)}`);
  }
}
