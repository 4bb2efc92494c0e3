/**
 * A 3D particle liquid with a free surface on the MAC grid: PIC, FLIP and APIC (textbook §26.4,
 * "PIC、FLIP、APIC"; Zhu & Bridson 2005 "Animating Sand as a Fluid"; Jiang et al. 2015 "The Affine
 * Particle-in-Cell Method"; Bridson 2015 "Fluid Simulation for Computer Graphics") — the method of
 * `flip2d.ts` with a third axis.
 *
 * The domain is nx × ny × nz cells of size h whose outer layer of cells is solid (the tank's
 * walls); y is up. `step(dt)` runs:
 *   1. advect: x += dt·v with each particle's own velocity (a non-finite position is a
 *      `PhysicsError` naming the particle, before the cell sort reads it);
 *   2. separate: particles closer than `separation` are pushed apart (Gauss–Seidel over the pairs
 *      of neighbouring cells after a counting sort by cell, which also reorders the particle arrays
 *      for memory locality);
 *   3. walls: particles are kept one cell and a quarter cell inside the domain, their normal
 *      velocity into the wall zeroed;
 *   4. labels: cells holding a particle are fluid, the others air; the particle density per cell
 *      is splatted with the trilinear tent at the cell centres;
 *   5. P2G (particle-transfer3d.ts), FLIP's old field saved, gravity added;
 *   6. pressure projection over the fluid cells with the Dirichlet condition p = 0 in the air
 *      (free-surface.ts, any solver of pressure-solvers.ts), the density correction as a target
 *      divergence α (ρ/ρ₀ − 1)/dt in compressed cells, so the volume does not drift;
 *   7. G2P: PIC, FLIP blended by `flipRatio`, or APIC;
 *   8. reseed, volume-neutral: sparse interior cells get the particles crowded cells give up;
 *   9. non-finite check (a `PhysicsError` naming the particle and the step).
 * A warm step allocates nothing (the particle arrays grow by doubling only when particles are added).
 */
import { PhysicsError } from '../core/errors.js';
import { grow } from '../core/grow.js';
import { checks } from '../core/validate.js';
import { Prng } from '../math/prng.js';
import { compactParticles } from './compact-particles.js';
import {
  CELL_AIR,
  CELL_FLUID,
  CELL_SOLID,
  type FreeSurfaceProjectOptions,
  FreeSurfaceProjector,
} from './free-surface.js';
import { MacGrid } from './mac-grid.js';
import { type TransferKernel, type TransferMode, transferModes } from './particle-transfer.js';
import { GridTransfer3D, type TransferParticles3D } from './particle-transfer3d.js';
import { type PressureSolverKind, pressureSolverKinds } from './pressure-solvers.js';

const FLUID = CELL_FLUID;
const AIR = CELL_AIR;
const SOLID = CELL_SOLID;

/** Copies a[order[k]] into a[k] for k < n, through the scratch t (the slots from n on may change). */
function permute(a: Float64Array, order: Int32Array, n: number, t: Float64Array): void {
  for (let k = 0; k < n; k++) t[k] = a[order[k]!]!;
  // a block copy (the slots past n are unused); a loop where the scratch is longer
  if (t.length === a.length) a.set(t);
  else for (let k = 0; k < n; k++) a[k] = t[k]!;
}

/** face[f] += g on every face that received weight in P2G. */
function addToFaces(face: Float64Array, weight: Float64Array, g: number): void {
  for (let f = 0; f < face.length; f++) if (weight[f]! > 0) face[f] = face[f]! + g;
}

/** Options of a {@link FlipSim3D}. */
export interface Flip3DOptions {
  /** cells along x, including the two wall cells (integer in [5, 512]) */
  nx: number;
  /** cells along y (up), including the two wall cells */
  ny: number;
  /** cells along z, including the two wall cells */
  nz: number;
  /** cell size, m (default 1/(ny − 2): the tank's inside is 1 m tall) */
  h?: number;
  /** m/s², default [0, −9.81, 0] */
  gravity?: [number, number, number];
  /** how G2P gives velocities back (default 'flip') */
  transfer?: TransferMode;
  /** FLIP's share in the FLIP/PIC blend, in [0, 1] (default 0.95) */
  flipRatio?: number;
  /** interpolation kernel (default 'linear') */
  kernel?: TransferKernel;
  /** pressure solver (default 'mgpcg') */
  solver?: PressureSolverKind;
  /** relative tolerance of the pressure solve (default 1e-3) */
  tolerance?: number;
  /** iteration cap of the pressure solve (default 200) */
  maxIterations?: number;
  /** push-apart sweeps per step (default 1; 0 turns separation off) */
  separationIterations?: number;
  /** closest distance particles are pushed apart to, in cells, in (0, 1) (default 0.5, the seeding spacing at 8 per cell) */
  separation?: number;
  /** the density correction's strength α in [0, 2] (default 0.5; 0 turns it off) */
  densityCorrection?: number;
  /** reseed sparse interior cells from crowded ones (default true) */
  reseed?: boolean;
  /** fewest particles an interior fluid cell keeps (default 3) */
  minPerCell?: number;
  /** most particles a cell keeps (default 16) */
  maxPerCell?: number;
  /** seed of the jitter and reseeding random numbers (default 1) */
  seed?: number;
  /** the most particles (default 4,000,000) */
  maxParticles?: number;
}

const KEYS = [
  'nx',
  'ny',
  'nz',
  'h',
  'gravity',
  'transfer',
  'flipRatio',
  'kernel',
  'solver',
  'tolerance',
  'maxIterations',
  'separationIterations',
  'separation',
  'densityCorrection',
  'reseed',
  'minPerCell',
  'maxPerCell',
  'seed',
  'maxParticles',
];

const V = checks('invalid-argument');

/** The 3D PIC / FLIP / APIC liquid (see the file comment). */
export class FlipSim3D implements TransferParticles3D {
  /** the MAC grid (walls: the outer layer of solid cells) */
  readonly grid: MacGrid;
  /** the transfers */
  readonly transfer: GridTransfer3D;
  /** the free-surface pressure projection */
  readonly projector: FreeSurfaceProjector;
  /** the transfer mode (may be changed between steps) */
  mode: TransferMode;
  /** FLIP's share of the blend */
  flipRatio: number;
  /** gravity, m/s² */
  gravityX: number;
  /** (see gravityX) */
  gravityY: number;
  /** (see gravityX) */
  gravityZ: number;
  /** pressure solver */
  solver: PressureSolverKind;
  /** relative tolerance of the pressure solve */
  tolerance: number;
  /** iteration cap of the pressure solve */
  maxIterations: number;
  /** push-apart sweeps per step */
  separationIterations: number;
  /** push-apart distance, m */
  readonly separation: number;
  /** density correction strength α */
  densityCorrection: number;
  /** whether reseeding runs */
  reseed: boolean;
  /** fewest particles per interior fluid cell */
  readonly minPerCell: number;
  /** most particles per cell */
  readonly maxPerCell: number;
  /** the most particles */
  readonly maxParticles: number;
  /** rest density: particles per cell when seeded (the density correction's ρ₀) */
  restDensity = 8;
  /** particles in use */
  count = 0;
  /** length of the particle arrays (slots) */
  capacity = 64;
  /** x positions, m */
  x = new Float64Array(64);
  /** y positions, m */
  y = new Float64Array(64);
  /** z positions, m */
  z = new Float64Array(64);
  /** x velocities, m/s */
  vx = new Float64Array(64);
  /** y velocities, m/s */
  vy = new Float64Array(64);
  /** z velocities, m/s */
  vz = new Float64Array(64);
  /** APIC affine velocity, 9 per particle (row-major, c[9p + 3a + b] = ∂v_a/∂x_b) */
  c = new Float64Array(9 * 64);
  /** cell labels of the last step (CELL_AIR / CELL_FLUID / CELL_SOLID) */
  readonly labels: Uint8Array;
  /** particles per cell at the last step */
  readonly counts: Int32Array;
  /** tent-splatted particle density per cell at the last step */
  readonly density: Float64Array;
  /** simulated time, s */
  time = 0;
  /** steps taken */
  steps = 0;
  /** pressure iterations of the last step */
  lastIterations = 0;
  /** particles added by reseeding so far */
  reseeded = 0;
  /** particles removed from crowded cells so far */
  removed = 0;
  /** the random numbers of the jitter and the reseeding */
  readonly rng: Prng;
  private readonly target: Float64Array;
  private readonly cellStart: Int32Array;
  private readonly projectOptions: FreeSurfaceProjectOptions = {
    solver: 'mgpcg',
    tolerance: 1e-3,
    maxIterations: 200,
    targetDivergence: undefined,
  };
  private sorted = new Int32Array(64);
  private cellOf = new Int32Array(64);
  private tx = new Float64Array(64);
  private tc = new Float64Array(9 * 64);

  constructor(options: Flip3DOptions) {
    const o = V.object(options, 'options', KEYS);
    const nx = V.number(o['nx'], 'options.nx', { integer: true, min: 5, max: 512 });
    const ny = V.number(o['ny'], 'options.ny', { integer: true, min: 5, max: 512 });
    const nz = V.number(o['nz'], 'options.nz', { integer: true, min: 5, max: 512 });
    const h = V.optNumber(o, 'h', 'options.h', { above: 0, max: 1e3 }) ?? 1 / (ny - 2);
    let g: number[] = [0, -9.81, 0];
    if (o['gravity'] !== undefined) {
      const a = V.array(o['gravity'], 'options.gravity', 3, 3);
      g = a.map((v, i) => V.number(v, `options.gravity[${i}]`, { min: -1e4, max: 1e4 }));
    }
    this.mode = V.optOneOf(o, 'transfer', 'options.transfer', transferModes) ?? 'flip';
    this.flipRatio = V.optNumber(o, 'flipRatio', 'options.flipRatio', { min: 0, max: 1 }) ?? 0.95;
    const kernel = V.optOneOf(o, 'kernel', 'options.kernel', ['linear', 'quadratic'] as const) ?? 'linear';
    this.solver = V.optOneOf(o, 'solver', 'options.solver', pressureSolverKinds) ?? 'mgpcg';
    this.tolerance = V.optNumber(o, 'tolerance', 'options.tolerance', { min: 0, max: 1 }) ?? 1e-3;
    this.maxIterations =
      V.optNumber(o, 'maxIterations', 'options.maxIterations', { integer: true, min: 1, max: 100000 }) ?? 200;
    this.separationIterations =
      V.optNumber(o, 'separationIterations', 'options.separationIterations', {
        integer: true,
        min: 0,
        max: 50,
      }) ?? 1;
    const sep = V.optNumber(o, 'separation', 'options.separation', { above: 0, max: 0.99 }) ?? 0.5;
    this.densityCorrection =
      V.optNumber(o, 'densityCorrection', 'options.densityCorrection', { min: 0, max: 2 }) ?? 0.5;
    this.reseed = V.optBool(o, 'reseed', 'options.reseed') ?? true;
    this.minPerCell =
      V.optNumber(o, 'minPerCell', 'options.minPerCell', { integer: true, min: 0, max: 64 }) ?? 3;
    this.maxPerCell =
      V.optNumber(o, 'maxPerCell', 'options.maxPerCell', { integer: true, min: 1, max: 64 }) ?? 16;
    if (this.maxPerCell < this.minPerCell) {
      V.fail('options.maxPerCell', `must be >= minPerCell (${this.minPerCell}), got ${this.maxPerCell}`);
    }
    const seed = V.optNumber(o, 'seed', 'options.seed', { integer: true }) ?? 1;
    this.maxParticles =
      V.optNumber(o, 'maxParticles', 'options.maxParticles', { integer: true, min: 1, max: 1e8 }) ??
      4_000_000;
    this.gravityX = g[0]!;
    this.gravityY = g[1]!;
    this.gravityZ = g[2]!;
    this.grid = new MacGrid({ nx, ny, nz, h });
    const solid = this.grid.solid;
    for (let k = 0; k < nz; k++) {
      for (let j = 0; j < ny; j++) {
        for (let i = 0; i < nx; i++) {
          if (i === 0 || j === 0 || k === 0 || i === nx - 1 || j === ny - 1 || k === nz - 1)
            solid[i + nx * (j + ny * k)] = 1;
        }
      }
    }
    this.separation = sep * h;
    this.transfer = new GridTransfer3D(this.grid, kernel);
    this.projector = new FreeSurfaceProjector(this.grid);
    const cells = this.grid.cellCount;
    this.labels = new Uint8Array(cells);
    this.counts = new Int32Array(cells);
    this.density = new Float64Array(cells);
    this.target = new Float64Array(cells);
    this.cellStart = new Int32Array(cells + 1);
    this.rng = new Prng(seed);
  }

  /** Cell size, m. */
  get h(): number {
    return this.grid.h;
  }
  /** Width of the domain (x), m, walls included. */
  get width(): number {
    return this.grid.width;
  }
  /** Height of the domain (y), m, walls included. */
  get height(): number {
    return this.grid.height;
  }
  /** Depth of the domain (z), m, walls included. */
  get depth(): number {
    return this.grid.depth;
  }

  /** Makes room for n particles (doubling), checking maxParticles. */
  private ensure(n: number): void {
    if (n > this.maxParticles) {
      throw new PhysicsError(
        'invalid-argument',
        `particles: ${n} would exceed maxParticles (${this.maxParticles})`,
      );
    }
    if (n <= this.x.length) return;
    let cap = this.x.length;
    while (cap < n) cap *= 2;
    this.x = grow(this.x, cap);
    this.y = grow(this.y, cap);
    this.z = grow(this.z, cap);
    this.vx = grow(this.vx, cap);
    this.vy = grow(this.vy, cap);
    this.vz = grow(this.vz, cap);
    this.c = grow(this.c, 9 * cap);
    this.capacity = cap;
    this.fitScratch();
  }

  /** Sizes the per-particle scratch to the capacity (after growth or a restore). */
  fitScratch(): void {
    const cap = this.x.length;
    this.capacity = cap;
    if (this.sorted.length !== cap) {
      this.sorted = new Int32Array(cap);
      this.cellOf = new Int32Array(cap);
      this.tx = new Float64Array(cap);
      this.tc = new Float64Array(9 * cap);
    }
  }

  /** Adds one particle inside the tank (one cell and a quarter from the walls); returns its index. */
  addParticle(x: number, y: number, z: number, vx = 0, vy = 0, vz = 0): number {
    const p = this.count;
    V.number(x, `particles[${p}].x`);
    V.number(y, `particles[${p}].y`);
    V.number(z, `particles[${p}].z`);
    V.number(vx, `particles[${p}].vx`);
    V.number(vy, `particles[${p}].vy`);
    V.number(vz, `particles[${p}].vz`);
    const h = this.h;
    if (x < h || x > this.width - h || y < h || y > this.height - h || z < h || z > this.depth - h) {
      throw new PhysicsError(
        'invalid-argument',
        `particles[${p}]: (${x}, ${y}, ${z}) is outside the tank's inside [${h}, ${this.width - h}] × [${h}, ${this.height - h}] × [${h}, ${this.depth - h}]`,
      );
    }
    this.ensure(p + 1);
    this.x[p] = x;
    this.y[p] = y;
    this.z[p] = z;
    this.vx[p] = vx;
    this.vy[p] = vy;
    this.vz[p] = vz;
    this.c.fill(0, 9 * p, 9 * p + 9);
    this.count = p + 1;
    return p;
  }

  /**
   * Fills the cells whose centres lie in the box [x0, x1] × [y0, y1] × [z0, z1] (m) with
   * `perSide`³ particles each, on a sub-lattice jittered by `jitter` of its spacing (default
   * 2³ = 8 per cell, jitter 0.25); sets the rest density to perSide³. Returns the number added.
   */
  addBlock(
    min: [number, number, number],
    max: [number, number, number],
    options: { perSide?: number; jitter?: number; velocity?: [number, number, number] } = {},
  ): number {
    const lo = V.array(min, 'block.min', 3, 3).map((v, i) => V.number(v, `block.min[${i}]`));
    const hi = V.array(max, 'block.max', 3, 3).map((v, i) => V.number(v, `block.max[${i}]`));
    const per = V.number(options.perSide ?? 2, 'block.perSide', { integer: true, min: 1, max: 4 });
    const jitter = V.number(options.jitter ?? 0.25, 'block.jitter', { min: 0, max: 1 });
    const vel = options.velocity
      ? V.array(options.velocity, 'block.velocity', 3, 3).map((v, i) => V.number(v, `block.velocity[${i}]`))
      : [0, 0, 0];
    const { nx, ny, nz, h } = this.grid;
    let added = 0;
    for (let k = 1; k < nz - 1; k++) {
      const zc = (k + 0.5) * h;
      if (zc < lo[2]! || zc > hi[2]!) continue;
      for (let j = 1; j < ny - 1; j++) {
        const yc = (j + 0.5) * h;
        if (yc < lo[1]! || yc > hi[1]!) continue;
        for (let i = 1; i < nx - 1; i++) {
          const xc = (i + 0.5) * h;
          if (xc < lo[0]! || xc > hi[0]!) continue;
          for (let cc = 0; cc < per; cc++) {
            for (let b = 0; b < per; b++) {
              for (let a = 0; a < per; a++) {
                const px = (i + (a + 0.5 + jitter * (this.rng.next() - 0.5)) / per) * h;
                const py = (j + (b + 0.5 + jitter * (this.rng.next() - 0.5)) / per) * h;
                const pz = (k + (cc + 0.5 + jitter * (this.rng.next() - 0.5)) / per) * h;
                this.addParticle(px, py, pz, vel[0], vel[1], vel[2]);
                added++;
              }
            }
          }
        }
      }
    }
    this.restDensity = per * per * per;
    return added;
  }

  /** Advances the liquid by dt seconds (see the file comment for the stages). */
  step(dt: number): void {
    if (!(dt > 0 && dt <= 1)) V.number(dt, 'step.dt', { above: 0, max: 1 });
    const sum = this.advect(dt);
    // sum − sum is NaN exactly when a position is NaN or ±∞
    if (!(sum - sum === 0)) this.checkFinite();
    this.clampToWalls();
    // one cell sort per step; later sweeps reuse it (particles move a fraction of a cell)
    this.sortByCell();
    for (let it = 0; it < this.separationIterations; it++) {
      this.pushApart();
      this.clampToWalls();
    }
    this.labelAndSplat();
    const tr = this.transfer;
    tr.toGrid(this, this.mode);
    tr.saveGrid();
    this.addGravity(dt);
    const target = this.densityTarget(dt);
    // one options object for every step (no allocation)
    const po = this.projectOptions;
    po.solver = this.solver;
    po.tolerance = this.tolerance;
    po.maxIterations = this.maxIterations;
    po.targetDivergence = target ? this.target : undefined;
    this.projector.project(dt, this.labels, po);
    this.lastIterations = this.projector.iterations;
    this.markValidFaces();
    tr.toParticles(this, this.mode, this.flipRatio);
    if (this.reseed) this.reseedCells();
    this.checkFinite();
    this.time += dt;
    this.steps++;
  }

  /**
   * x += dt·v for every particle; returns the sum of the new coordinates, by which the caller
   * reports a non-finite position (naming the particle) before the cell sort reads it. A loop of
   * its own, so `step` has no hot loop to be compiled on the stack mid-call.
   */
  private advect(dt: number): number {
    const n = this.count;
    const { x, y, z, vx, vy, vz } = this;
    let sum = 0;
    for (let p = 0; p < n; p++) {
      const px = x[p]! + dt * vx[p]!;
      const py = y[p]! + dt * vy[p]!;
      const pz = z[p]! + dt * vz[p]!;
      x[p] = px;
      y[p] = py;
      z[p] = pz;
      sum += px + py + pz;
    }
    // nothing after the hot loop but the return: code compiled on the stack mid-loop lacks type
    // feedback for what follows and would be thrown away at every step
    return sum;
  }

  /** Keeps every particle one cell plus a quarter cell inside the domain; zeroes velocity into the wall. */
  private clampToWalls(): void {
    // the cell size and the domain from the grid's fields, not through the h/width/height/depth
    // getters: a double returned by a call the optimiser leaves out of line is boxed, once per step
    const g = this.grid;
    const h = g.h;
    const lo = 1.25 * h;
    const hiX = g.nx * h - lo;
    const hiY = g.ny * h - lo;
    const hiZ = g.nz * h - lo;
    const { x, y, z, vx, vy, vz } = this;
    for (let p = 0; p < this.count; p++) {
      const px = x[p]!;
      if (px < lo) {
        x[p] = lo;
        if (vx[p]! < 0) vx[p] = 0;
      } else if (px > hiX) {
        x[p] = hiX;
        if (vx[p]! > 0) vx[p] = 0;
      }
      const py = y[p]!;
      if (py < lo) {
        y[p] = lo;
        if (vy[p]! < 0) vy[p] = 0;
      } else if (py > hiY) {
        y[p] = hiY;
        if (vy[p]! > 0) vy[p] = 0;
      }
      const pz = z[p]!;
      if (pz < lo) {
        z[p] = lo;
        if (vz[p]! < 0) vz[p] = 0;
      } else if (pz > hiZ) {
        z[p] = hiZ;
        if (vz[p]! > 0) vz[p] = 0;
      }
    }
  }

  /** The cell index of particle p. */
  private cellIndexOf(p: number): number {
    const { nx, ny } = this.grid;
    const invH = 1 / this.grid.h;
    return (
      Math.floor(this.x[p]! * invH) +
      nx * (Math.floor(this.y[p]! * invH) + ny * Math.floor(this.z[p]! * invH))
    );
  }

  /**
   * Counting sort of the particles by cell (a stable one: ids in order inside a cell) into
   * `cellStart`, then the particle arrays permuted into that order.
   */
  private sortByCell(): void {
    const cells = this.grid.cellCount;
    const start = this.cellStart;
    const cellOf = this.cellOf;
    start.fill(0);
    for (let p = 0; p < this.count; p++) {
      const c = this.cellIndexOf(p);
      cellOf[p] = c;
      start[c + 1] = start[c + 1]! + 1;
    }
    for (let c = 0; c < cells; c++) start[c + 1] = start[c + 1]! + start[c]!;
    const sorted = this.sorted;
    for (let p = this.count - 1; p >= 0; p--) {
      const c = cellOf[p]!;
      const k = start[c + 1]! - 1;
      start[c + 1] = k;
      sorted[k] = p;
    }
    for (let c = 0; c < cells; c++) start[c] = start[c + 1]!;
    start[cells] = this.count;
    this.reorder();
  }

  /** Permutes the particle arrays into cell order (`sorted`); afterwards particle k is the k-th in cell order. */
  private reorder(): void {
    const n = this.count;
    const s = this.sorted;
    permute(this.x, s, n, this.tx);
    permute(this.y, s, n, this.tx);
    permute(this.z, s, n, this.tx);
    permute(this.vx, s, n, this.tx);
    permute(this.vy, s, n, this.tx);
    permute(this.vz, s, n, this.tx);
    const c = this.c;
    if (this.mode !== 'apic') {
      // only APIC reads the affine matrices: PIC and FLIP leave them 0 instead of carrying them along
      c.fill(0, 0, 9 * n);
      return;
    }
    const tc = this.tc;
    for (let k = 0; k < n; k++) {
      const q = 9 * s[k]!;
      const r = 9 * k;
      for (let e = 0; e < 9; e++) tc[r + e] = c[q + e]!;
    }
    for (let k = 0; k < 9 * n; k++) c[k] = tc[k]!;
  }

  /**
   * One Gauss–Seidel sweep of push-apart over the pairs closer than `separation` (under a cell,
   * so a pair lies in the same or a neighbouring cell): each moves half the overlap. Each pair is
   * visited once, from the cell of lower index: the cell's later particles, its right neighbour's,
   * the next row's and the next slab's cells, all index ranges after the cell sort; a neighbour
   * cell is searched only when the particle lies within `separation` of the face towards it (with
   * half a cell, about 4 of the 13 forward neighbours instead of all).
   */
  private pushApart(): void {
    const { nx, ny, nz, h } = this.grid;
    const slab = nx * ny;
    const d0 = this.separation;
    const d02 = d0 * d0;
    const { x, y, z, cellStart } = this;
    for (let k = 1; k < nz - 1; k++) {
      const z0 = k * h;
      for (let j = 1; j < ny - 1; j++) {
        const y0 = j * h;
        for (let i = 1; i < nx - 1; i++) {
          const x0 = i * h;
          const c = i + nx * (j + ny * k);
          const s0 = cellStart[c]!;
          const s1 = cellStart[c + 1]!;
          for (let p = s0; p < s1; p++) {
            let px = x[p]!;
            let py = y[p]!;
            let pz = z[p]!;
            // which neighbours lie within reach: −1 / +1 per axis (0: neither side)
            const left = px - x0 < d0 ? -1 : 0;
            const right = x0 + h - px < d0 ? 1 : 0;
            const below = py - y0 < d0;
            const above = y0 + h - py < d0;
            const front = z0 + h - pz < d0;
            // ranges: 0 this cell's later particles (and the right cell's), 1 the next row,
            // 2–4 the next slab's rows below, level and above
            for (let r = 0; r < 5; r++) {
              let b: number;
              let t0: number;
              if (r === 0) {
                t0 = p + 1;
                b = c;
              } else if (r === 1) {
                if (!above) continue;
                b = c + nx;
                t0 = cellStart[b + left]!;
              } else {
                if (!front) continue;
                const dj = r - 3;
                if ((dj < 0 && !below) || (dj > 0 && !above)) continue;
                b = c + slab + dj * nx;
                t0 = cellStart[b + left]!;
              }
              const t1 = cellStart[b + right + 1]!;
              for (let q = t0; q < t1; q++) {
                const dx = x[q]! - px;
                const dy = y[q]! - py;
                const dz = z[q]! - pz;
                const dd = dx * dx + dy * dy + dz * dz;
                if (dd >= d02 || dd === 0) continue;
                const d = Math.sqrt(dd);
                const m = (0.5 * (d0 - d)) / d;
                px -= dx * m;
                py -= dy * m;
                pz -= dz * m;
                x[q] = x[q]! + dx * m;
                y[q] = y[q]! + dy * m;
                z[q] = z[q]! + dz * m;
              }
            }
            x[p] = px;
            y[p] = py;
            z[p] = pz;
          }
        }
      }
    }
  }

  /**
   * Labels (solid from the grid, fluid where a particle lies, air elsewhere), particle counts per
   * cell and the density: each particle's trilinear weights at the eight nearest cell centres.
   */
  private labelAndSplat(): void {
    const { nx, ny, nz, solid } = this.grid;
    const invH = 1 / this.h;
    const L = this.labels;
    const counts = this.counts;
    const d = this.density;
    L.fill(AIR);
    counts.fill(0);
    d.fill(0);
    const slab = nx * ny;
    for (let p = 0; p < this.count; p++) {
      const c = this.cellIndexOf(p);
      L[c] = FLUID;
      counts[c] = counts[c]! + 1;
      const fx = this.x[p]! * invH - 0.5;
      const fy = this.y[p]! * invH - 0.5;
      const fz = this.z[p]! * invH - 0.5;
      const i = Math.floor(fx);
      const j = Math.floor(fy);
      const k = Math.floor(fz);
      if (i < 0 || j < 0 || k < 0 || i + 1 >= nx || j + 1 >= ny || k + 1 >= nz) continue;
      const tx = fx - i;
      const ty = fy - j;
      const tz = fz - k;
      const sx = 1 - tx;
      const sy = 1 - ty;
      const sz = 1 - tz;
      const b = i + nx * (j + ny * k);
      d[b] = d[b]! + sx * sy * sz;
      d[b + 1] = d[b + 1]! + tx * sy * sz;
      d[b + nx] = d[b + nx]! + sx * ty * sz;
      d[b + nx + 1] = d[b + nx + 1]! + tx * ty * sz;
      const e = b + slab;
      d[e] = d[e]! + sx * sy * tz;
      d[e + 1] = d[e + 1]! + tx * sy * tz;
      d[e + nx] = d[e + nx]! + sx * ty * tz;
      d[e + nx + 1] = d[e + nx + 1]! + tx * ty * tz;
    }
    for (let c = 0; c < L.length; c++) if (solid[c]) L[c] = SOLID;
  }

  /** Adds g·dt to every face with a velocity (the walls are enforced by the projection). */
  private addGravity(dt: number): void {
    const { u, v, w } = this.grid;
    const gx = this.gravityX * dt;
    const gy = this.gravityY * dt;
    const gz = this.gravityZ * dt;
    const { weightU, weightV, weightW } = this.transfer;
    // one loop per call of addToFaces, a zero component too: code compiled on the stack in one
    // of several loops lacks type feedback for the next ones and would be thrown away every step
    addToFaces(u, weightU, gx);
    addToFaces(v, weightV, gy);
    addToFaces(w, weightW, gz);
  }

  /** Fills the target divergence α (ρ/ρ₀ − 1)/dt in compressed fluid cells; false when the correction is off. */
  private densityTarget(dt: number): boolean {
    const a = this.densityCorrection;
    if (a === 0) return false;
    const { labels, density, target } = this;
    const rho0 = this.restDensity;
    const k = a / (dt * rho0);
    for (let c = 0; c < target.length; c++) {
      const e = density[c]! - rho0;
      target[c] = labels[c] === FLUID && e > 0 ? k * e : 0;
    }
    return true;
  }

  /** Valid faces for G2P: faces that received weight in P2G and touch a fluid cell. */
  private markValidFaces(): void {
    const { nx, ny, nz } = this.grid;
    const { validU, validV, validW } = this.transfer;
    const L = this.labels;
    const slab = nx * ny;
    for (let k = 0; k < nz; k++) {
      for (let j = 0; j < ny; j++) {
        const rowC = nx * (j + ny * k);
        const rowU = (nx + 1) * (j + ny * k);
        for (let i = 0; i <= nx; i++) {
          const f = rowU + i;
          if (validU[f] === 0) continue;
          const l = i > 0 && L[rowC + i - 1] === FLUID;
          const r = i < nx && L[rowC + i] === FLUID;
          if (!l && !r) validU[f] = 0;
        }
      }
      for (let j = 0; j <= ny; j++) {
        const rowV = nx * (j + (ny + 1) * k);
        for (let i = 0; i < nx; i++) {
          const f = rowV + i;
          if (validV[f] === 0) continue;
          const c = i + nx * (j + ny * k);
          const b = j > 0 && L[c - nx] === FLUID;
          const a = j < ny && L[c] === FLUID;
          if (!b && !a) validV[f] = 0;
        }
      }
    }
    for (let k = 0; k <= nz; k++) {
      for (let s = 0; s < slab; s++) {
        const f = s + slab * k;
        if (validW[f] === 0) continue;
        const b = k > 0 && L[f - slab] === FLUID;
        const a = k < nz && L[f] === FLUID;
        if (!b && !a) validW[f] = 0;
      }
    }
  }

  /**
   * Reseeding, volume-neutral (as in 2D): an interior fluid cell (its 26 neighbours all fluid or
   * solid) with fewer than minPerCell particles gets new ones at random points with the mean
   * velocity of its faces; the particles it needs are taken from crowded cells — every particle
   * beyond maxPerCell, then, while more are needed, those beyond restDensity + 1 (the last ones in
   * the cell's id order) — so reseeding moves liquid to where it thinned and never adds volume.
   */
  private reseedCells(): void {
    const { nx, ny, nz, h, u, v, w } = this.grid;
    const { labels, counts } = this;
    const min = this.minPerCell;
    const max = this.maxPerCell;
    let need = 0;
    if (min > 0) {
      for (let k = 1; k < nz - 1; k++) {
        for (let j = 1; j < ny - 1; j++) {
          for (let i = 1; i < nx - 1; i++) {
            const c = i + nx * (j + ny * k);
            if (labels[c] !== FLUID || counts[c]! >= min || !this.interior(c)) continue;
            need += min - counts[c]!;
          }
        }
      }
    }
    const soft = Math.max(min, Math.min(max, this.restDensity + 1));
    let crowded = false;
    for (let c = 0; c < counts.length; c++) {
      if (counts[c]! > max || (need > 0 && counts[c]! > soft)) {
        crowded = true;
        break;
      }
    }
    let budget = 0;
    if (crowded) {
      // stable compaction keeping the first particles of each cell in id order: one pass marks
      // the particles to remove (in `cellOf`), then each array is compacted in its own loop
      const seen = this.cellStart;
      seen.fill(0);
      const drop = this.cellOf;
      const n = this.count;
      let first = n;
      for (let p = 0; p < n; p++) {
        const cell = this.cellIndexOf(p);
        const k = seen[cell]!;
        seen[cell] = k + 1;
        if (k >= max || (k >= soft && budget < need)) {
          budget++;
          counts[cell] = counts[cell]! - 1;
          drop[p] = 1;
          if (first === n) first = p;
        } else drop[p] = 0;
      }
      if (budget > 0) {
        const wr = compactParticles(this.x, drop, first, n, 1);
        compactParticles(this.y, drop, first, n, 1);
        compactParticles(this.z, drop, first, n, 1);
        compactParticles(this.vx, drop, first, n, 1);
        compactParticles(this.vy, drop, first, n, 1);
        compactParticles(this.vz, drop, first, n, 1);
        // PIC and FLIP after the sort hold every affine matrix at 0: nothing to move
        if (this.mode === 'apic') compactParticles(this.c, drop, first, n, 9);
        this.removed += n - wr;
        this.count = wr;
      }
    }
    if (budget === 0) return;
    const slab = nx * ny;
    for (let k = 1; k < nz - 1 && budget > 0; k++) {
      for (let j = 1; j < ny - 1 && budget > 0; j++) {
        for (let i = 1; i < nx - 1 && budget > 0; i++) {
          const c = i + nx * (j + ny * k);
          if (labels[c] !== FLUID || counts[c]! >= min || !this.interior(c)) continue;
          const fu = i + (nx + 1) * (j + ny * k);
          const cu = 0.5 * (u[fu]! + u[fu + 1]!);
          const fv = i + nx * (j + (ny + 1) * k);
          const cv = 0.5 * (v[fv]! + v[fv + nx]!);
          const cw = 0.5 * (w[c]! + w[c + slab]!);
          for (let m = counts[c]!; m < min && budget > 0; m++) {
            // the capacity is never exceeded: every particle added replaces one removed above
            const p = this.count;
            this.x[p] = (i + 0.1 + 0.8 * this.rng.next()) * h;
            this.y[p] = (j + 0.1 + 0.8 * this.rng.next()) * h;
            this.z[p] = (k + 0.1 + 0.8 * this.rng.next()) * h;
            this.vx[p] = cu;
            this.vy[p] = cv;
            this.vz[p] = cw;
            this.c.fill(0, 9 * p, 9 * p + 9);
            this.count = p + 1;
            this.reseeded++;
            counts[c] = counts[c]! + 1;
            budget--;
          }
        }
      }
    }
  }

  /** Whether the cell's 26 neighbours are all fluid or solid. */
  private interior(c: number): boolean {
    const L = this.labels;
    const { nx, ny } = this.grid;
    const slab = nx * ny;
    for (let dk = -1; dk <= 1; dk++) {
      for (let dj = -1; dj <= 1; dj++) {
        const row = c + nx * dj + slab * dk;
        if (L[row - 1] === AIR || L[row] === AIR || L[row + 1] === AIR) return false;
      }
    }
    return true;
  }

  private checkFinite(): void {
    const { x, y, z, vx, vy, vz } = this;
    for (let p = 0; p < this.count; p++) {
      if (!Number.isFinite(x[p]! + y[p]! + z[p]! + vx[p]! + vy[p]! + vz[p]!)) {
        throw new PhysicsError(
          'non-finite',
          `particles[${p}]: position or velocity became non-finite at step ${this.steps + 1} (x ${x[p]}, y ${y[p]}, z ${z[p]}, vx ${vx[p]}, vy ${vy[p]}, vz ${vz[p]})`,
        );
      }
    }
  }

  /**
   * The liquid's volume, m³: Σ over cells of min(1, ρ/ρ₀)·h³, the cells' liquid fractions from the
   * particle density of the last step (a compressed cell counts once).
   */
  volume(): number {
    const d = this.density;
    const rho0 = this.restDensity;
    let s = 0;
    for (let c = 0; c < d.length; c++) s += Math.min(1, d[c]! / rho0);
    const h = this.h;
    return s * h * h * h;
  }

  /** The volume the particles stand for at the rest density, count·h³/ρ₀, m³. */
  particleVolume(): number {
    const h = this.h;
    return (this.count / this.restDensity) * h * h * h;
  }

  /** The number of fluid cells at the last step. */
  fluidCells(): number {
    let n = 0;
    for (let c = 0; c < this.labels.length; c++) if (this.labels[c] === FLUID) n++;
    return n;
  }

  /** Recomputes labels, counts and density from the current positions (for `volume()` before the first step). */
  updateDensity(): void {
    this.labelAndSplat();
  }

  /** Kinetic energy per unit particle mass, ½ Σ |v|² (J/kg summed over particles). */
  kineticEnergy(): number {
    let e = 0;
    for (let p = 0; p < this.count; p++) {
      e += this.vx[p]! * this.vx[p]! + this.vy[p]! * this.vy[p]! + this.vz[p]! * this.vz[p]!;
    }
    return 0.5 * e;
  }

  /** The largest particle speed, m/s. */
  maxSpeed(): number {
    let m = 0;
    for (let p = 0; p < this.count; p++) {
      const s = this.vx[p]! * this.vx[p]! + this.vy[p]! * this.vy[p]! + this.vz[p]! * this.vz[p]!;
      if (s > m) m = s;
    }
    return Math.sqrt(m);
  }

  /**
   * Angular momentum about (ox, oy, oz) per unit particle mass into `out` (a new array when absent),
   * with APIC's affine share when the mode is 'apic'.
   */
  angularMomentum(ox: number, oy: number, oz: number, out = new Float64Array(3)): Float64Array {
    return this.transfer.particleAngularMomentum(this, this.mode === 'apic', ox, oy, oz, out);
  }

  /** The physical pressure (Pa, for the liquid density rho, default 1000 kg/m³) of cell (i, j, k) after the last step of length dt. */
  pressure(i: number, j: number, k: number, dt: number, rho = 1000): number {
    return this.projector.pressure(i, j, k, dt, rho);
  }
}
