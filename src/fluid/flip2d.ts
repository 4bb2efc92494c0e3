/**
 * A 2D particle liquid with a free surface on the MAC grid: PIC, FLIP and APIC (textbook §26.4,
 * "PIC、FLIP、APIC"; Zhu & Bridson 2005 "Animating Sand as a Fluid"; Jiang et al. 2015 "The Affine
 * Particle-in-Cell Method"; Bridson 2015 "Fluid Simulation for Computer Graphics").
 *
 * The domain is nx × ny cells of size h whose outer ring of cells is solid (the tank's walls).
 * `step(dt)` runs:
 *   1. advect: x += dt·v with each particle's own velocity (the same pass counts the particles per
 *      push-apart bin);
 *   2. separate: particles closer than `separation` are pushed apart (Gauss–Seidel over the pairs
 *      of neighbouring bins, the largest fraction of a cell no smaller than `separation`, after a
 *      counting sort by bin that also reorders the particle arrays), so they do not clump;
 *   3. walls: particles are kept one cell and a radius inside the domain, their normal velocity
 *      into the wall zeroed;
 *   4. labels: cells holding a particle are fluid, the others air (free-surface.ts); the particle
 *      density per cell is splatted with the tent kernel at the cell centres;
 *   5. P2G (particle-transfer.ts; for PIC and FLIP with the tent, in one pass with the labels and
 *      the density), FLIP's old field saved, gravity added, walls enforced;
 *   6. pressure projection over the fluid cells with p = 0 in the air, the density correction as
 *      a target divergence: a cell holding more particles than at rest is told to expand,
 *      α (ρ/ρ₀ − 1)/dt, so the liquid's volume does not drift down as particles bunch up;
 *   7. G2P: PIC, FLIP blended by `flipRatio`, or APIC;
 *   8. reseed: interior fluid cells with fewer than `minPerCell` particles get new ones (the
 *      velocity of the cell's faces), cells with more than `maxPerCell` lose the extra ones;
 *   9. non-finite check (a `PhysicsError` naming the particle and the step).
 * A warm step allocates nothing (the particle arrays grow by doubling only when reseeding adds).
 */
import { PhysicsError } from '../core/errors.js';
import { grow } from '../core/grow.js';
import { checks } from '../core/validate.js';
import { pcos, psin } from '../math/portable.js';
import { Prng } from '../math/prng.js';
import { compactParticles } from './compact-particles.js';
import { flip2dRestore, flip2dSnapshot, flip2dStateHash } from './flip2d-snapshot.js';
import {
  CELL_FLUID,
  CELL_SOLID,
  type FreeSurfaceProjectOptions,
  FreeSurfaceProjector,
} from './free-surface.js';
import { MacGrid } from './mac-grid.js';
import {
  GridTransfer2D,
  type TransferKernel,
  type TransferMode,
  type TransferParticles,
  transferModes,
} from './particle-transfer.js';
import { type PressureSolverKind, pressureSolverKinds } from './pressure-solvers.js';

// module-local copies of the imported label constants: the hot loops then read a
// local binding instead of an import (which some module loaders turn into a property lookup)
const FLUID = CELL_FLUID;
const SOLID = CELL_SOLID;

/** Copies a[order[k]] into a[k] for k < n, through the scratch t (the slots from n on may change). */
function permute(a: Float64Array, order: Int32Array, n: number, t: Float64Array): void {
  for (let k = 0; k < n; k++) t[k] = a[order[k]!]!;
  // a block copy (the slots past n are unused); a loop where the scratch is longer
  if (t.length === a.length) a.set(t);
  else for (let k = 0; k < n; k++) a[k] = t[k]!;
}

/** Options of a {@link FlipSim2D}. */
export interface Flip2DOptions {
  /** cells along x, including the two wall cells (integer in [5, 2048]) */
  nx: number;
  /** cells along y, including the two wall cells */
  ny: number;
  /** cell size, m (default 1/ (ny − 2): the tank's inside is 1 m tall) */
  h?: number;
  /** m/s², default [0, −9.81] */
  gravity?: [number, number];
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
  /** closest distance particles are pushed apart to, in cells, in (0, 1) (default 0.5, the seeding spacing at 4 per cell) */
  separation?: number;
  /** the density correction's strength α in [0, 2] (default 0.5; 0 turns it off) */
  densityCorrection?: number;
  /** reseed sparse interior cells and thin crowded ones (default true) */
  reseed?: boolean;
  /** fewest particles an interior fluid cell keeps (default 2) */
  minPerCell?: number;
  /** most particles a cell keeps (default 8) */
  maxPerCell?: number;
  /** seed of the jitter and reseeding random numbers (default 1) */
  seed?: number;
  /** the most particles (default 1,000,000) */
  maxParticles?: number;
  /** the liquid's density, kg/m³ (default 1000): scales the pressure forces on rigid bodies */
  fluidDensity?: number;
  /**
   * skin-friction coefficient c_f of the tank's walls in [0, 1] (default 0: free slip): the liquid
   * next to a wall feels the shear stress τ = ρ c_f |u| u (the quadratic wall-friction law of
   * open-channel flow, c_f = f/8 with Darcy–Weisbach's f; about 0.003–0.006 for a smooth floor
   * under a turbulent boundary layer, Schlichting 1979) spread over its cell
   */
  wallFriction?: number;
}

/**
 * A rigid box coupled two ways with the liquid, as a structural interface any rigid engine adapts
 * to (a demo copies a rigid2d body in and the forces out): the cells whose centres lie inside the
 * box are solid and move with the box's velocity, so the box pushes the liquid through the
 * projection; particles are pushed out of it; and after each step `fx`, `fy`, `torque` hold the
 * liquid's pressure force on it (N per metre of depth, and N·m/m about its centre), which includes
 * buoyancy, ρ g times the submerged area (Archimedes). The caller integrates the box.
 */
export interface FlipBody2D {
  /** centre, m */
  x: number;
  /** (see x) */
  y: number;
  /** rotation, rad */
  angle: number;
  /** velocity of the centre, m/s */
  vx: number;
  /** (see vx) */
  vy: number;
  /** angular velocity, rad/s */
  omega: number;
  /** half extents, m */
  halfWidth: number;
  /** (see halfWidth) */
  halfHeight: number;
  /** written by the step: pressure force on the box, N/m */
  fx: number;
  /** (see fx) */
  fy: number;
  /** written by the step: pressure torque about the centre, N·m/m */
  torque: number;
}

const KEYS = [
  'nx',
  'ny',
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
  'fluidDensity',
  'wallFriction',
];

const V = checks('invalid-argument');

/** The 2D PIC / FLIP / APIC liquid (see the file comment). */
export class FlipSim2D implements TransferParticles {
  /** the MAC grid (walls: the outer ring of solid cells) */
  readonly grid: MacGrid;
  /** the transfers */
  readonly transfer: GridTransfer2D;
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
  /** skin-friction coefficient c_f of the tank's walls (0: free slip) */
  wallFriction: number;
  /** whether reseeding runs */
  reseed: boolean;
  /** fewest particles per interior fluid cell */
  readonly minPerCell: number;
  /** most particles per cell */
  readonly maxPerCell: number;
  /** the most particles */
  readonly maxParticles: number;
  /** rest density: particles per cell when seeded (the density correction's ρ₀) */
  restDensity = 4;
  /** particles in use */
  count = 0;
  /** Slots allocated in the particle arrays (grows by doubling). */
  capacity = 64;
  /**
   * x positions, m. This and the other particle arrays are replaced, not copied into, when the
   * step reorders the particles and when they grow: read them from the sim after each step.
   */
  x = new Float64Array(64);
  /** y positions, m */
  y = new Float64Array(64);
  /** x velocities, m/s */
  vx = new Float64Array(64);
  /** y velocities, m/s */
  vy = new Float64Array(64);
  /** APIC affine velocity, 4 per particle */
  c = new Float64Array(256);
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
  /** particles added and removed by reseeding so far */
  reseeded = 0;
  /** (see reseeded) removed */
  removed = 0;
  private readonly target: Float64Array;
  private readonly projectOptions: FreeSurfaceProjectOptions = {
    solver: 'mgpcg',
    tolerance: 1e-3,
    maxIterations: 200,
    targetDivergence: undefined,
  };
  /** the rigid boxes coupled with the liquid (add with push; see {@link FlipBody2D}) */
  readonly bodies: FlipBody2D[] = [];
  /** the liquid's density, kg/m³ */
  readonly fluidDensity: number;
  private readonly wallSolid: Uint8Array;
  private readonly bodyOf: Int32Array;
  /** The random numbers of the jittered blocks and of the reseeding (part of the snapshot). */
  readonly rng: Prng;
  private cellStart: Int32Array;
  /** push-apart bins per cell side: the bins are the largest cell fraction no smaller than `separation` */
  private readonly binsPerCell: number;
  /** first particle of each push-apart bin after the sort (bins row-major, (nx·m) × (ny·m)) */
  private readonly binStart: Int32Array;
  private sorted = new Int32Array(64);
  private cellOf = new Int32Array(64);
  private tx = new Float64Array(0);
  private tc = new Float64Array(0);
  /** g·dt along x and y for the fused P2G (an array: no double crosses the call) */
  private readonly gravityDt = new Float64Array(2);

  constructor(options: Flip2DOptions) {
    const o = V.object(options, 'options', KEYS);
    const nx = V.number(o['nx'], 'options.nx', { integer: true, min: 5, max: 2048 });
    const ny = V.number(o['ny'], 'options.ny', { integer: true, min: 5, max: 2048 });
    const h = V.optNumber(o, 'h', 'options.h', { above: 0, max: 1e3 }) ?? 1 / (ny - 2);
    const g = o['gravity'] === undefined ? [0, -9.81] : V.vec2(o['gravity'], 'options.gravity');
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
    this.wallFriction = V.optNumber(o, 'wallFriction', 'options.wallFriction', { min: 0, max: 1 }) ?? 0;
    this.reseed = V.optBool(o, 'reseed', 'options.reseed') ?? true;
    this.minPerCell =
      V.optNumber(o, 'minPerCell', 'options.minPerCell', { integer: true, min: 0, max: 64 }) ?? 2;
    this.maxPerCell =
      V.optNumber(o, 'maxPerCell', 'options.maxPerCell', { integer: true, min: 1, max: 64 }) ?? 8;
    if (this.maxPerCell < this.minPerCell) {
      V.fail('options.maxPerCell', `must be >= minPerCell (${this.minPerCell}), got ${this.maxPerCell}`);
    }
    const seed = V.optNumber(o, 'seed', 'options.seed', { integer: true }) ?? 1;
    this.maxParticles =
      V.optNumber(o, 'maxParticles', 'options.maxParticles', { integer: true, min: 1, max: 1e7 }) ??
      1_000_000;
    this.gravityX = g[0]!;
    this.gravityY = g[1]!;
    if (Math.abs(this.gravityX) > 1e4 || Math.abs(this.gravityY) > 1e4) {
      V.fail('options.gravity', 'each component must be within ±1e4 m/s²');
    }
    this.grid = new MacGrid({ nx, ny, h });
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) {
        if (i === 0 || j === 0 || i === nx - 1 || j === ny - 1) this.grid.solid[i + nx * j] = 1;
      }
    }
    this.separation = sep * h;
    let m = Math.max(1, Math.floor(1 / sep));
    while (m > 1 && h / m < this.separation) m--;
    this.binsPerCell = m;
    this.binStart = new Int32Array(nx * m * ny * m + 1);
    this.transfer = new GridTransfer2D(this.grid, kernel);
    this.projector = new FreeSurfaceProjector(this.grid);
    const cells = this.grid.cellCount;
    this.labels = new Uint8Array(cells);
    this.counts = new Int32Array(cells);
    this.density = new Float64Array(cells);
    this.target = new Float64Array(cells);
    this.cellStart = new Int32Array(cells + 1);
    this.rng = new Prng(seed);
    this.fluidDensity =
      V.optNumber(o, 'fluidDensity', 'options.fluidDensity', { above: 0, max: 1e5 }) ?? 1000;
    this.wallSolid = Uint8Array.from(this.grid.solid);
    this.bodyOf = new Int32Array(cells).fill(-1);
  }

  /** Cell size, m. */
  get h(): number {
    return this.grid.h;
  }
  /** Inside width of the tank, m (the domain less its wall cells). */
  get width(): number {
    return this.grid.width;
  }
  /** Height of the domain, m. */
  get height(): number {
    return this.grid.height;
  }

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
    this.vx = grow(this.vx, cap);
    this.vy = grow(this.vy, cap);
    this.c = grow(this.c, 4 * cap);
    this.fitScratch();
  }

  /** Sizes the per-particle scratch to the capacity (after growth or a restore). */
  fitScratch(): void {
    const cap = this.x.length;
    this.capacity = cap;
    if (this.sorted.length !== cap) {
      this.sorted = new Int32Array(cap);
      this.cellOf = new Int32Array(cap);
    }
  }

  /** The full state as snapshot bytes (fluid/flip2d-snapshot.ts): a restored sim continues bit-identically. */
  snapshot(): Uint8Array {
    return flip2dSnapshot(this);
  }

  /** Restores a snapshot into this sim (built with the same options); a bad one throws `PhysicsError` and changes nothing. */
  restore(bytes: Uint8Array): void {
    flip2dRestore(this, bytes);
  }

  /** A 64-bit hash (16 hex digits) of the full state, bit for bit. */
  stateHash(): string {
    return flip2dStateHash(this);
  }

  /** Adds one particle inside the tank (one cell and a radius from the walls); returns its index. */
  addParticle(x: number, y: number, vx = 0, vy = 0): number {
    const p = this.count;
    V.number(x, `particles[${p}].x`);
    V.number(y, `particles[${p}].y`);
    V.number(vx, `particles[${p}].vx`);
    V.number(vy, `particles[${p}].vy`);
    const h = this.h;
    if (x < h || x > this.width - h || y < h || y > this.height - h) {
      throw new PhysicsError(
        'invalid-argument',
        `particles[${p}]: (${x}, ${y}) is outside the tank's inside [${h}, ${this.width - h}] × [${h}, ${this.height - h}]`,
      );
    }
    this.ensure(p + 1);
    this.x[p] = x;
    this.y[p] = y;
    this.vx[p] = vx;
    this.vy[p] = vy;
    this.c.fill(0, 4 * p, 4 * p + 4);
    this.count = p + 1;
    return p;
  }

  /**
   * Fills the cells whose centres lie in [x0, x1] × [y0, y1] (m) with `perSide`² particles each, on a
   * sub-lattice jittered by `jitter` of its spacing (default 2² = 4 per cell, jitter 0.25); sets the
   * rest density to perSide². Returns the number added.
   */
  addBlock(
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    options: { perSide?: number; jitter?: number; velocity?: [number, number] } = {},
  ): number {
    for (const [v, n] of [
      [x0, 'x0'],
      [y0, 'y0'],
      [x1, 'x1'],
      [y1, 'y1'],
    ] as const)
      V.number(v, `block.${n}`);
    const per = V.number(options.perSide ?? 2, 'block.perSide', { integer: true, min: 1, max: 8 });
    const jitter = V.number(options.jitter ?? 0.25, 'block.jitter', { min: 0, max: 1 });
    const vel = options.velocity ? V.vec2(options.velocity, 'block.velocity') : [0, 0];
    const { nx, ny, h } = this.grid;
    let added = 0;
    for (let j = 1; j < ny - 1; j++) {
      const yc = (j + 0.5) * h;
      if (yc < y0 || yc > y1) continue;
      for (let i = 1; i < nx - 1; i++) {
        const xc = (i + 0.5) * h;
        if (xc < x0 || xc > x1) continue;
        for (let b = 0; b < per; b++) {
          for (let a = 0; a < per; a++) {
            const px = (i + (a + 0.5 + jitter * (this.rng.next() - 0.5)) / per) * h;
            const py = (j + (b + 0.5 + jitter * (this.rng.next() - 0.5)) / per) * h;
            this.addParticle(px, py, vel[0], vel[1]);
            added++;
          }
        }
      }
    }
    this.restDensity = per * per;
    return added;
  }

  /** Advances the liquid by dt seconds (see the file comment for the stages). */
  step(dt: number): void {
    V.number(dt, 'step.dt', { above: 0, max: 1 });
    const n = this.count;
    const { x, y, vx, vy } = this;
    const coupled = this.bodies.length > 0;
    if (coupled) this.markBodies();
    // advect, and keep every particle a cell and a quarter inside the domain, its velocity into
    // the wall zeroed
    const h = this.h;
    const r = 0.25 * h;
    const lo = h + r;
    const hiX = this.width - h - r;
    const hiY = this.height - h - r;
    // with push-apart on, the same pass counts the particles per push-apart bin for the sort
    const bin = this.separationIterations > 0;
    const invB = this.binsPerCell / h;
    const bx = this.grid.nx * this.binsPerCell;
    const start = this.binStart;
    const cellOf = this.cellOf;
    if (bin) start.fill(0);
    let bLo = start.length;
    let bHi = -1;
    for (let p = 0; p < n; p++) {
      let px = x[p]! + dt * vx[p]!;
      let py = y[p]! + dt * vy[p]!;
      if (px < lo) {
        px = lo;
        if (vx[p]! < 0) vx[p] = 0;
      } else if (px > hiX) {
        px = hiX;
        if (vx[p]! > 0) vx[p] = 0;
      }
      if (py < lo) {
        py = lo;
        if (vy[p]! < 0) vy[p] = 0;
      } else if (py > hiY) {
        py = hiY;
        if (vy[p]! > 0) vy[p] = 0;
      }
      x[p] = px;
      y[p] = py;
      if (bin) {
        // the walls keep positions positive: truncation is the floor
        const c = ((px * invB) | 0) + bx * ((py * invB) | 0);
        cellOf[p] = c;
        start[c + 1] = start[c + 1]! + 1;
        if (c < bLo) bLo = c;
        if (c > bHi) bHi = c;
      }
    }
    // one cell sort per step; later sweeps reuse it (particles move a fraction of a cell)
    if (bin) this.sortByCell(bLo, bHi);
    for (let it = 0; it < this.separationIterations; it++) this.pushApart();
    if (coupled) this.pushOutOfBodies();
    const tr = this.transfer;
    if (tr.kernel === 'linear' && this.mode !== 'apic') {
      // labels, counts and density in the P2G pass itself
      const L = this.labels;
      L.fill(0);
      // FLIP's old field and gravity in the P2G's pass over the faces
      const g = this.gravityDt;
      g[0] = this.gravityX * dt;
      g[1] = this.gravityY * dt;
      tr.toGridWithCells(this, L, FLUID, this.counts, this.density, g);
      const solid = this.grid.solid;
      for (let c = 0; c < L.length; c++) if (solid[c]) L[c] = SOLID;
    } else {
      this.labelAndSplat();
      tr.toGrid(this, this.mode);
      tr.saveGrid();
      this.addGravity(dt);
    }
    const target = this.densityTarget(dt);
    // one options object for every step (no allocation)
    const po = this.projectOptions;
    po.solver = this.solver;
    po.tolerance = this.tolerance;
    po.maxIterations = this.maxIterations;
    po.targetDivergence = target ? this.target : undefined;
    this.projector.project(dt, this.labels, po);
    this.lastIterations = this.projector.iterations;
    if (this.wallFriction > 0) this.applyWallFriction(dt);
    if (coupled) this.bodyForces(dt);
    this.markValidFaces();
    tr.toParticles(this, this.mode, this.flipRatio);
    if (this.reseed) this.reseedCells();
    this.checkFinite();
    this.time += dt;
    this.steps++;
  }

  /** Solid cells: the walls, and every cell whose centre lies inside a body, moving with the body. */
  private markBodies(): void {
    const g = this.grid;
    const { nx, ny, h, solid, solidU, solidV } = g;
    solid.set(this.wallSolid);
    this.bodyOf.fill(-1);
    for (let k = 0; k < this.bodies.length; k++) {
      const b = this.bodies[k]!;
      const cs = pcos(b.angle);
      const sn = psin(b.angle);
      const ext = Math.abs(cs) * b.halfWidth + Math.abs(sn) * b.halfHeight;
      const eyt = Math.abs(sn) * b.halfWidth + Math.abs(cs) * b.halfHeight;
      const i0 = Math.max(1, Math.floor((b.x - ext) / h));
      const i1 = Math.min(nx - 2, Math.floor((b.x + ext) / h));
      const j0 = Math.max(1, Math.floor((b.y - eyt) / h));
      const j1 = Math.min(ny - 2, Math.floor((b.y + eyt) / h));
      for (let j = j0; j <= j1; j++) {
        for (let i = i0; i <= i1; i++) {
          const dx = (i + 0.5) * h - b.x;
          const dy = (j + 0.5) * h - b.y;
          const lx = cs * dx + sn * dy;
          const ly = -sn * dx + cs * dy;
          if (Math.abs(lx) > b.halfWidth || Math.abs(ly) > b.halfHeight) continue;
          const c = i + nx * j;
          solid[c] = 1;
          solidU[c] = b.vx - b.omega * dy;
          solidV[c] = b.vy + b.omega * dx;
          this.bodyOf[c] = k;
        }
      }
    }
  }

  /**
   * Moves particles that ended up inside a body (less a quarter cell) to its nearest side, and
   * takes away their velocity into the body relative to it.
   */
  private pushOutOfBodies(): void {
    const r = 0.25 * this.h;
    const { x, y, vx, vy } = this;
    for (let k = 0; k < this.bodies.length; k++) {
      const b = this.bodies[k]!;
      const cs = pcos(b.angle);
      const sn = psin(b.angle);
      const hw = b.halfWidth + r;
      const hh = b.halfHeight + r;
      for (let p = 0; p < this.count; p++) {
        const dx = x[p]! - b.x;
        const dy = y[p]! - b.y;
        let lx = cs * dx + sn * dy;
        let ly = -sn * dx + cs * dy;
        const px = hw - Math.abs(lx);
        const py = hh - Math.abs(ly);
        if (px <= 0 || py <= 0) continue;
        // the side of least penetration, its outward normal in the body frame
        let nlx = 0;
        let nly = 0;
        if (px < py) {
          nlx = lx < 0 ? -1 : 1;
          lx = nlx * hw;
        } else {
          nly = ly < 0 ? -1 : 1;
          ly = nly * hh;
        }
        x[p] = b.x + cs * lx - sn * ly;
        y[p] = b.y + sn * lx + cs * ly;
        const nxw = cs * nlx - sn * nly;
        const nyw = sn * nlx + cs * nly;
        const bvx = b.vx - b.omega * (y[p]! - b.y);
        const bvy = b.vy + b.omega * (x[p]! - b.x);
        const vn = (vx[p]! - bvx) * nxw + (vy[p]! - bvy) * nyw;
        if (vn < 0) {
          vx[p] = vx[p]! - vn * nxw;
          vy[p] = vy[p]! - vn * nyw;
        }
      }
    }
  }

  /**
   * The liquid's pressure on each body: every face between a fluid cell and one of the body's
   * cells pushes the body with p·h along the face normal (from the liquid into the body), at the
   * face's centre.
   */
  private bodyForces(dt: number): void {
    const { nx, ny, h } = this.grid;
    const L = this.labels;
    const bodyOf = this.bodyOf;
    const pr = this.projector;
    for (const b of this.bodies) {
      b.fx = 0;
      b.fy = 0;
      b.torque = 0;
    }
    const rho = this.fluidDensity;
    for (let j = 1; j < ny - 1; j++) {
      for (let i = 1; i < nx - 1; i++) {
        const c = i + nx * j;
        const k = bodyOf[c]!;
        if (k < 0) continue;
        const b = this.bodies[k]!;
        for (let d = 0; d < 4; d++) {
          const di = d === 0 ? -1 : d === 1 ? 1 : 0;
          const dj = d === 2 ? -1 : d === 3 ? 1 : 0;
          const nc = c + di + nx * dj;
          if (L[nc] !== FLUID) continue;
          const p = pr.pressure(i + di, j + dj, 0, dt, rho);
          // force on the body points from the fluid cell into the body cell: −(di, dj)
          const fx = -di * p * h;
          const fy = -dj * p * h;
          const mx = (i + 0.5 + 0.5 * di) * h - b.x;
          const my = (j + 0.5 + 0.5 * dj) * h - b.y;
          b.fx += fx;
          b.fy += fy;
          b.torque += mx * fy - my * fx;
        }
      }
    }
  }

  /**
   * The walls' skin friction on the liquid sliding along them: every face of a fluid cell that runs
   * along a tank wall (the two cells beyond it across the flow are wall) loses speed by the wall
   * stress ρ c_f |u| u spread over a cell, du/dt = −c_f |u| u / h, taken implicitly in |u| so that
   * friction slows a face and never turns it round: u ← u / (1 + c_f |u| dt / h).
   */
  private applyWallFriction(dt: number): void {
    const { nx, ny, h, u, v } = this.grid;
    const W = this.wallSolid;
    const L = this.labels;
    const k = (this.wallFriction * dt) / h;
    const su = nx + 1;
    // u faces (i, j): between cells (i − 1, j) and (i, j), against the floor or the ceiling
    for (let j = 1; j < ny - 1; j++) {
      for (let i = 1; i < nx; i++) {
        const c = i + nx * j;
        if (W[c - 1] !== 0 || W[c] !== 0) continue;
        if (L[c - 1] !== FLUID && L[c] !== FLUID) continue;
        const below = W[c - 1 - nx] !== 0 && W[c - nx] !== 0;
        const above = W[c - 1 + nx] !== 0 && W[c + nx] !== 0;
        if (!below && !above) continue;
        const f = i + su * j;
        const uf = u[f]!;
        u[f] = uf / (1 + k * Math.abs(uf));
      }
    }
    // v faces (i, j): between cells (i, j − 1) and (i, j), against the side walls
    for (let j = 1; j < ny; j++) {
      for (let i = 1; i < nx - 1; i++) {
        const c = i + nx * j;
        if (W[c - nx] !== 0 || W[c] !== 0) continue;
        if (L[c - nx] !== FLUID && L[c] !== FLUID) continue;
        const left = W[c - 1 - nx] !== 0 && W[c - 1] !== 0;
        const right = W[c + 1 - nx] !== 0 && W[c + 1] !== 0;
        if (!left && !right) continue;
        const vf = v[c]!;
        v[c] = vf / (1 + k * Math.abs(vf));
      }
    }
  }

  /**
   * Counting sort of the particles by push-apart bin (`binsPerCell`² bins per cell, row-major over
   * the whole domain) into `sorted` / `binStart` (ids in order inside a bin), then the reorder. The
   * advection has already written each particle's bin into `cellOf` and the bins' counts into
   * `binStart[bin + 1]`; lo and hi are the lowest and highest bins holding a particle.
   */
  private sortByCell(lo: number, hi: number): void {
    const bins = this.binStart.length - 1;
    const start = this.binStart;
    const cellOf = this.cellOf;
    const n = this.count;
    // the prefix sums over the bins holding particles; the empty bins past them end at n
    for (let c = lo; c <= hi; c++) start[c + 1] = start[c + 1]! + start[c]!;
    if (hi >= 0) start.fill(n, hi + 2);
    // fill from the back so each bin's ids stay in increasing order: start[c + 1] counts down
    // from the end of bin c to its first entry
    const sorted = this.sorted;
    for (let p = n - 1; p >= 0; p--) {
      const c = cellOf[p]!;
      const k = start[c + 1]! - 1;
      start[c + 1] = k;
      sorted[k] = p;
    }
    // now bin c begins at start[c + 1]: shift down by one
    start.copyWithin(0, 1);
    start[bins] = n;
    this.reorder();
  }

  /**
   * Permutes the particle arrays into cell order (`sorted`), so the transfers and the push-apart
   * walk memory in order; afterwards particle k is the k-th in bin order and `sorted[k]` is its bin.
   */
  private reorder(): void {
    const n = this.count;
    const s = this.sorted;
    if (this.tx.length < this.x.length) {
      this.tx = new Float64Array(this.x.length);
      this.tc = new Float64Array(4 * this.x.length);
    }
    if (this.tx.length === this.x.length) {
      // gather each array into the spare one and swap them: one pass per array instead of two
      let t = this.tx;
      let a = this.x;
      for (let k = 0; k < n; k++) t[k] = a[s[k]!]!;
      this.x = t;
      t = a;
      a = this.y;
      for (let k = 0; k < n; k++) t[k] = a[s[k]!]!;
      this.y = t;
      t = a;
      a = this.vx;
      for (let k = 0; k < n; k++) t[k] = a[s[k]!]!;
      this.vx = t;
      t = a;
      a = this.vy;
      for (let k = 0; k < n; k++) t[k] = a[s[k]!]!;
      this.vy = t;
      this.tx = a;
    } else {
      permute(this.x, s, n, this.tx);
      permute(this.y, s, n, this.tx);
      permute(this.vx, s, n, this.tx);
      permute(this.vy, s, n, this.tx);
    }
    const c = this.c;
    const bin = this.cellOf;
    if (this.mode !== 'apic') {
      // only APIC reads the affine matrices: PIC and FLIP leave them 0 instead of carrying them along
      c.fill(0, 0, 4 * n);
      for (let k = 0; k < n; k++) s[k] = bin[s[k]!]!;
      return;
    }
    const tc = this.tc;
    for (let k = 0; k < n; k++) {
      const q = 4 * s[k]!;
      tc[4 * k] = c[q]!;
      tc[4 * k + 1] = c[q + 1]!;
      tc[4 * k + 2] = c[q + 2]!;
      tc[4 * k + 3] = c[q + 3]!;
    }
    for (let k = 0; k < 4 * n; k++) c[k] = tc[k]!;
    for (let k = 0; k < n; k++) s[k] = bin[s[k]!]!;
  }

  /**
   * One Gauss–Seidel sweep of push-apart over the pairs closer than `separation` (no larger than
   * a bin's side, so a pair lies in the same or a neighbouring bin): each moves half the overlap;
   * then each particle is kept inside the walls (the clamp of the advection).
   */
  private pushApart(): void {
    const bx = this.grid.nx * this.binsPerCell;
    const d0 = this.separation;
    const d02 = d0 * d0;
    // after reorder() the particles of bin c are c's range of indices, in order, and sorted[p]
    // is p's bin
    const { x, y, binStart, sorted: bin } = this;
    const o1 = bx - 1;
    const o2 = bx + 2;
    const n = this.count;
    const { vx, vy } = this;
    const h = this.h;
    const r = 0.25 * h;
    const lo = h + r;
    const hiX = this.width - h - r;
    const hiY = this.height - h - r;
    for (let p = 0; p < n; p++) {
      const c = bin[p]!;
      let px = x[p]!;
      let py = y[p]!;
      // two index ranges cover each pair once: this bin's later particles with the right bin's,
      // and the three bins above (contiguous after the sort)
      const e1 = binStart[c + 2]!;
      for (let q = p + 1; q < e1; q++) {
        const dx = x[q]! - px;
        const dy = y[q]! - py;
        const d2 = dx * dx + dy * dy;
        if (d2 < d02 && d2 > 0) {
          const d = Math.sqrt(d2);
          const s = (0.5 * (d0 - d)) / d;
          px -= dx * s;
          py -= dy * s;
          x[q] = x[q]! + dx * s;
          y[q] = y[q]! + dy * s;
        }
      }
      const e2 = binStart[c + o2]!;
      for (let q = binStart[c + o1]!; q < e2; q++) {
        const dx = x[q]! - px;
        const dy = y[q]! - py;
        const d2 = dx * dx + dy * dy;
        if (d2 < d02 && d2 > 0) {
          const d = Math.sqrt(d2);
          const s = (0.5 * (d0 - d)) / d;
          px -= dx * s;
          py -= dy * s;
          x[q] = x[q]! + dx * s;
          y[q] = y[q]! + dy * s;
        }
      }
      // p is never moved again in this sweep (its later partners come after it): keep it a cell
      // and a quarter inside the domain now, as the advection does
      if (px < lo) {
        px = lo;
        if (vx[p]! < 0) vx[p] = 0;
      } else if (px > hiX) {
        px = hiX;
        if (vx[p]! > 0) vx[p] = 0;
      }
      if (py < lo) {
        py = lo;
        if (vy[p]! < 0) vy[p] = 0;
      } else if (py > hiY) {
        py = hiY;
        if (vy[p]! > 0) vy[p] = 0;
      }
      x[p] = px;
      y[p] = py;
    }
  }

  /**
   * The cell labels, the particles per cell and the particle density, in one pass over the
   * particles: a cell holding a particle is fluid (free-surface.ts's `labelCells`, the solids
   * then overwrite), and each particle adds its tent weights at the four nearest cell centres.
   */
  private labelAndSplat(): void {
    const { nx, ny, solid } = this.grid;
    const invH = 1 / this.h;
    const { x, y, labels: L, counts: n, density: d } = this;
    L.fill(0);
    n.fill(0);
    d.fill(0);
    const count = this.count;
    for (let p = 0; p < count; p++) {
      const sx = x[p]! * invH;
      const sy = y[p]! * invH;
      const ci = Math.floor(sx);
      const cj = Math.floor(sy);
      if (ci >= 0 && cj >= 0 && ci < nx && cj < ny) {
        const cc = ci + nx * cj;
        L[cc] = FLUID;
        n[cc] = n[cc]! + 1;
      }
      const fx = sx - 0.5;
      const fy = sy - 0.5;
      const i = Math.floor(fx);
      const j = Math.floor(fy);
      if (i < 0 || j < 0 || i + 1 >= nx || j + 1 >= ny) continue;
      const tx = fx - i;
      const ty = fy - j;
      const c = i + nx * j;
      d[c] = d[c]! + (1 - tx) * (1 - ty);
      d[c + 1] = d[c + 1]! + tx * (1 - ty);
      d[c + nx] = d[c + nx]! + (1 - tx) * ty;
      d[c + nx + 1] = d[c + nx + 1]! + tx * ty;
    }
    for (let c = 0; c < L.length; c++) if (solid[c]) L[c] = SOLID;
  }

  /** Particle density per cell: each particle's tent weights at the four nearest cell centres. */
  private splatDensity(): void {
    const { nx, ny } = this.grid;
    const invH = 1 / this.h;
    const d = this.density;
    d.fill(0);
    for (let p = 0; p < this.count; p++) {
      const fx = this.x[p]! * invH - 0.5;
      const fy = this.y[p]! * invH - 0.5;
      const i = Math.floor(fx);
      const j = Math.floor(fy);
      const tx = fx - i;
      const ty = fy - j;
      if (i < 0 || j < 0 || i + 1 >= nx || j + 1 >= ny) continue;
      const c = i + nx * j;
      d[c] = d[c]! + (1 - tx) * (1 - ty);
      d[c + 1] = d[c + 1]! + tx * (1 - ty);
      d[c + nx] = d[c + nx]! + (1 - tx) * ty;
      d[c + nx + 1] = d[c + nx + 1]! + tx * ty;
    }
  }

  /** Adds g·dt to every face with a velocity (the walls are enforced by the projection). */
  private addGravity(dt: number): void {
    const { u, v } = this.grid;
    const gx = this.gravityX * dt;
    const gy = this.gravityY * dt;
    const { weightU, weightV } = this.transfer;
    if (gx !== 0) for (let f = 0; f < u.length; f++) if (weightU[f]! > 0) u[f] = u[f]! + gx;
    if (gy !== 0) for (let f = 0; f < v.length; f++) if (weightV[f]! > 0) v[f] = v[f]! + gy;
  }

  /** Fills the target divergence α (ρ/ρ₀ − 1)/dt in compressed fluid cells; false when the correction is off. */
  private densityTarget(dt: number): boolean {
    const a = this.densityCorrection;
    if (a === 0) return false;
    const { labels, density, target } = this;
    const k = a / (dt * this.restDensity);
    const rho0 = this.restDensity;
    for (let c = 0; c < target.length; c++) {
      const e = density[c]! - rho0;
      target[c] = labels[c] === FLUID && e > 0 ? k * e : 0;
    }
    return true;
  }

  /** Valid faces for G2P: faces that received weight in P2G and touch a fluid cell. */
  private markValidFaces(): void {
    const { nx, ny } = this.grid;
    const { validU, validV } = this.transfer;
    const L = this.labels;
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i <= nx; i++) {
        const f = i + (nx + 1) * j;
        if (validU[f] === 0) continue;
        const l = i > 0 && L[i - 1 + nx * j] === FLUID;
        const r = i < nx && L[i + nx * j] === FLUID;
        if (!l && !r) validU[f] = 0;
      }
    }
    for (let j = 0; j <= ny; j++) {
      for (let i = 0; i < nx; i++) {
        const f = i + nx * j;
        if (validV[f] === 0) continue;
        const b = j > 0 && L[i + nx * (j - 1)] === FLUID;
        const a = j < ny && L[i + nx * j] === FLUID;
        if (!b && !a) validV[f] = 0;
      }
    }
  }

  /**
   * Reseeding, volume-neutral: an interior fluid cell (all eight neighbours fluid or solid) with
   * fewer than minPerCell particles gets new ones at random points, with the mean velocity of its
   * faces; the particles it needs are taken from crowded cells — every particle beyond maxPerCell,
   * then, while more are needed, those beyond restDensity + 1 in a cell (highest ids first within
   * the cell's id order) — so reseeding moves liquid to where it thinned out and never adds volume.
   */
  private reseedCells(): void {
    const { nx, ny, h, u, v } = this.grid;
    const { labels, counts } = this;
    const min = this.minPerCell;
    const max = this.maxPerCell;
    // how many particles the sparse interior cells need
    let need = 0;
    if (min > 0) {
      for (let j = 1; j < ny - 1; j++) {
        for (let i = 1; i < nx - 1; i++) {
          const c = i + nx * j;
          if (labels[c] !== FLUID || counts[c]! >= min || !this.interior(c)) continue;
          need += min - counts[c]!;
        }
      }
    }
    let crowded = false;
    const soft = Math.max(min, Math.min(max, this.restDensity + 1));
    for (let c = 0; c < counts.length; c++) {
      if (counts[c]! > max || (need > 0 && counts[c]! > soft)) {
        crowded = true;
        break;
      }
    }
    let budget = 0;
    if (crowded) {
      // stable compaction keeping the first `keep` particles of each cell in id order: one pass
      // marks the particles to remove (in `cellOf`), then each array is compacted in its own loop
      const seen = this.cellStart;
      seen.fill(0);
      const invH = 1 / h;
      const { x, y, cellOf: drop } = this;
      const n = this.count;
      let first = n;
      for (let p = 0; p < n; p++) {
        const cell = Math.floor(x[p]! * invH) + nx * Math.floor(y[p]! * invH);
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
        const w = compactParticles(x, drop, first, n, 1);
        compactParticles(y, drop, first, n, 1);
        compactParticles(this.vx, drop, first, n, 1);
        compactParticles(this.vy, drop, first, n, 1);
        // PIC and FLIP after the sort hold every affine matrix at 0: nothing to move
        if (this.mode === 'apic' || this.separationIterations === 0)
          compactParticles(this.c, drop, first, n, 4);
        this.removed += n - w;
        this.count = w;
      }
    }
    if (budget === 0) return;
    for (let j = 1; j < ny - 1 && budget > 0; j++) {
      for (let i = 1; i < nx - 1 && budget > 0; i++) {
        const c = i + nx * j;
        if (labels[c] !== FLUID || counts[c]! >= min || !this.interior(c)) continue;
        const cu = 0.5 * (u[i + (nx + 1) * j]! + u[i + 1 + (nx + 1) * j]!);
        const cv = 0.5 * (v[c]! + v[c + nx]!);
        for (let k = counts[c]!; k < min && budget > 0; k++) {
          const p = this.count;
          this.ensure(p + 1);
          this.x[p] = (i + 0.1 + 0.8 * this.rng.next()) * h;
          this.y[p] = (j + 0.1 + 0.8 * this.rng.next()) * h;
          this.vx[p] = cu;
          this.vy[p] = cv;
          this.c.fill(0, 4 * p, 4 * p + 4);
          this.count = p + 1;
          this.reseeded++;
          counts[c] = counts[c]! + 1;
          budget--;
        }
      }
    }
  }

  /** Whether the cell's eight neighbours are all fluid or solid. */
  private interior(c: number): boolean {
    const L = this.labels;
    const nx = this.grid.nx;
    return (
      L[c - 1] !== 0 &&
      L[c + 1] !== 0 &&
      L[c - nx] !== 0 &&
      L[c + nx] !== 0 &&
      L[c - nx - 1] !== 0 &&
      L[c - nx + 1] !== 0 &&
      L[c + nx - 1] !== 0 &&
      L[c + nx + 1] !== 0
    );
  }

  private checkFinite(): void {
    const { x, y, vx, vy } = this;
    for (let p = 0; p < this.count; p++) {
      if (!Number.isFinite(x[p]! + y[p]! + vx[p]! + vy[p]!)) {
        throw new PhysicsError(
          'non-finite',
          `particles[${p}]: position or velocity became non-finite at step ${this.steps + 1} (x ${x[p]}, y ${y[p]}, vx ${vx[p]}, vy ${vy[p]})`,
        );
      }
    }
  }

  /**
   * The liquid's volume (area, m²): Σ over cells of min(1, ρ/ρ₀)·h², the cells' liquid fractions
   * from the particle density of the last step (a compressed cell counts once).
   */
  volume(): number {
    const d = this.density;
    const rho0 = this.restDensity;
    let s = 0;
    for (let c = 0; c < d.length; c++) s += Math.min(1, d[c]! / rho0);
    return s * this.h * this.h;
  }

  /** Recomputes the density field from the current positions (for `volume()` before the first step). */
  updateDensity(): void {
    this.splatDensity();
  }

  /** Kinetic energy per unit particle mass, ½ Σ |v|² (J/kg summed over particles). */
  kineticEnergy(): number {
    let e = 0;
    for (let p = 0; p < this.count; p++) e += this.vx[p]! * this.vx[p]! + this.vy[p]! * this.vy[p]!;
    return 0.5 * e;
  }

  /** The largest particle speed, m/s. */
  maxSpeed(): number {
    let m = 0;
    for (let p = 0; p < this.count; p++) {
      const s = this.vx[p]! * this.vx[p]! + this.vy[p]! * this.vy[p]!;
      if (s > m) m = s;
    }
    return Math.sqrt(m);
  }

  /** Angular momentum about (ox, oy) per unit particle mass, with APIC's affine share when the mode is 'apic'. */
  angularMomentum(ox: number, oy: number): number {
    return this.transfer.particleAngularMomentum(this, this.mode === 'apic', ox, oy);
  }
}
