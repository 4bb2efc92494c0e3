/**
 * Fixed-radius neighbour search for particle methods (SPH, DFSPH, PBF, cloth self-collision), 2D and 3D:
 * a uniform grid with a counting sort by cell (Green 2008, "Particle Simulation using CUDA"; Hoetzlein
 * 2014, "Fast Fixed-Radius Nearest Neighbors"), compact neighbour lists in CSR form (offsets +
 * indices) and a Verlet skin (Verlet 1967): the lists hold every pair within `radius + skin` and are
 * rebuilt only when some particle has travelled more than `skin / 2` since the last build, so between
 * rebuilds they still contain every pair within `radius`. With `adaptiveSkin` a build drops the skin
 * while the motion is too fast for it to pay: lists that could not survive a second update cost their
 * wider search for nothing.
 */
import { assertFinite, PhysicsError } from '../core/errors.js';

/** Options of a {@link NeighborSearch}. */
export interface NeighborSearchOptions {
  /** 2: pairs are found in the xy plane (z ignored); 3: in space */
  dim: 2 | 3;
  /** interaction radius: every pair closer than this is listed (the SPH kernel radius h, 2r for contact) */
  radius: number;
  /** extra distance kept in the lists so they survive travel up to skin/2 (default 0.1 · radius) */
  skin?: number;
  /**
   * true: the lists are in cell order and hold each pair once (see {@link NeighborSearch.half});
   * default false: indexed by particle, both directions listed
   */
  half?: boolean;
  /**
   * true: a build uses no skin when the fastest particle's travel per update since the last build
   * exceeds skin/4 (a skin list would be rebuilt after one update anyway), the full skin otherwise;
   * default false: always the skin
   */
  adaptiveSkin?: boolean;
}

/**
 * Neighbour lists of particles stored with stride 3 (`x[3i..3i+2]`, as in the XPBD particle store).
 * Particle i's neighbours (other particles within `radius + buildSkin` at the last build, i itself
 * excluded, both directions listed) are `neighbors[offsets[i] .. offsets[i+1]−1]`, in cell order.
 * `order` is the particles sorted by grid cell (a locality permutation a caller may iterate in or
 * reorder its arrays by). Indices are local: particle `first + i` of the position array is `i`.
 * Deterministic: cells are visited in a fixed order and particles keep id order inside a cell.
 */
export class NeighborSearch {
  /** 2 or 3 */
  readonly dim: 2 | 3;
  /** the interaction radius */
  readonly radius: number;
  /** the Verlet skin */
  readonly skin: number;
  /** radius + skin, the query radius of a build with the skin (also the grid's cell size then) */
  readonly queryRadius: number;
  /**
   * Half lists in cell order: `offsets` and `neighbors` are indexed by the rank s in `order` (the
   * particle `order[s]`) and hold ranks, each pair once under its lower rank — a particle's partners
   * in its own cell after it and in the cells after its own (a half stencil), half the distance
   * checks of the full lists. A caller that keeps its arrays in `order` reads its neighbours nearby.
   */
  readonly half: boolean;
  /** whether builds choose between the skin and none (see {@link NeighborSearchOptions.adaptiveSkin}) */
  readonly adaptiveSkin: boolean;
  /**
   * Half lists only: particles with a local index at or above this one (a static boundary placed after
   * the moving particles) are not listed as pairs among themselves; their pairs with the particles
   * below are. Read at each build; default 2³⁰ − 1: no such particles.
   */
  staticFrom = 0x3fffffff;
  /** the skin of the current lists: `skin`, or 0 when an adaptive build dropped it */
  buildSkin = 0;
  /** CSR offsets, count + 1 entries */
  offsets = new Int32Array(1);
  /** CSR neighbour indices */
  neighbors = new Int32Array(0);
  /** the particles sorted by cell (a permutation of 0 .. count−1) */
  order = new Int32Array(0);
  /** particles in the last build */
  count = 0;
  /** first particle of the position array the lists refer to */
  first = 0;
  /** number of builds so far (a build happens on the first update and when the travel bound is hit) */
  builds = 0;
  /** number of updates that kept the lists */
  reuses = 0;
  /** true when the last build hashed cells into a table (sparse 3D scenes) instead of a dense grid */
  hashed = false;
  private ref = new Float64Array(0);
  private cellOf = new Int32Array(0);
  private cellStart = new Int32Array(1);
  private sorted = new Int32Array(0);
  /** the positions in sorted (cell) order, stride `dim`: the candidate scan reads them contiguously */
  private sortedPos = new Float64Array(0);
  private readonly buckets = new Int32Array(27);
  /** a scan's query: x, y, z and the squared reach */
  private readonly query = new Float64Array(4);
  /** the grid's origin x, y, z */
  private readonly grid = new Float64Array(3);
  /**
   * a build's bounds: min x, y, z, max x, y, z and the sum of the coordinates (NaN catcher); [0] is
   * also the adaptive skin's largest squared travel
   */
  private readonly bounds = new Float64Array(7);
  private nx = 1;
  private ny = 1;
  private nz = 1;
  private tableSize = 1;
  private invCell = 1;
  /** radius + buildSkin: the lists' reach (also the grid's cell size) */
  private reach = 1;
  /** updates the current lists have served, the building one included */
  private served = 0;
  private forced = true;

  constructor(options: NeighborSearchOptions) {
    const dim = options.dim;
    if (dim !== 2 && dim !== 3) {
      throw new PhysicsError('invalid-argument', `neighborSearch.dim: must be 2 or 3, got ${String(dim)}`);
    }
    this.dim = dim;
    this.radius = assertFinite(options.radius, 'neighborSearch.radius');
    if (this.radius <= 0) {
      throw new PhysicsError('invalid-argument', `neighborSearch.radius: must be > 0, got ${this.radius}`);
    }
    this.skin = assertFinite(options.skin ?? 0.1 * this.radius, 'neighborSearch.skin');
    if (this.skin < 0) {
      throw new PhysicsError('invalid-argument', `neighborSearch.skin: must be >= 0, got ${this.skin}`);
    }
    this.queryRadius = this.radius + this.skin;
    this.half = options.half === true;
    this.adaptiveSkin = options.adaptiveSkin === true;
    this.buildSkin = this.skin;
    this.reach = this.queryRadius;
    this.invCell = 1 / this.queryRadius;
  }

  /** Forces a rebuild on the next {@link update} (after particles were moved by hand). */
  invalidate(): void {
    this.forced = true;
  }

  /**
   * Rebuilds the lists if the particle range changed or some particle moved more than skin/2 since
   * the last build; returns true when it rebuilt. Allocates only when the scene grew.
   */
  update(x: Float64Array, first: number, count: number): boolean {
    if (this.forced || count !== this.count || first !== this.first || this.travelled(x)) {
      this.build(x, first, count);
      this.served = 1;
      return true;
    }
    this.reuses++;
    this.served++;
    return false;
  }

  /** The largest distance any particle moved since the last build (0 before the first build). */
  maxTravel(x: Float64Array): number {
    return Math.sqrt(this.maxTravel2(x));
  }

  /** The largest squared travel since the last build. */
  private maxTravel2(x: Float64Array): number {
    const ref = this.ref;
    const o = 3 * this.first;
    const n = this.count;
    let m = 0;
    if (this.dim === 2) {
      for (let i = 0; i < n; i++) {
        const dx = x[o + 3 * i] - ref[3 * i];
        const dy = x[o + 3 * i + 1] - ref[3 * i + 1];
        const d = dx * dx + dy * dy;
        if (d > m) m = d;
      }
    } else {
      for (let i = 0; i < n; i++) {
        const dx = x[o + 3 * i] - ref[3 * i];
        const dy = x[o + 3 * i + 1] - ref[3 * i + 1];
        const dz = x[o + 3 * i + 2] - ref[3 * i + 2];
        const d = dx * dx + dy * dy + dz * dz;
        if (d > m) m = d;
      }
    }
    return m;
  }

  /**
   * True when some particle moved more than skin/2: (2 travel)² > skin², compared where it is
   * computed (a double returned from a call that is not inlined would be boxed on every update).
   */
  private travelled(x: Float64Array): boolean {
    const ref = this.ref;
    const o = 3 * this.first;
    const n = this.count;
    const lim = 0.25 * this.buildSkin * this.buildSkin;
    const dim = this.dim;
    for (let i = 0; i < n; i++) {
      const dx = x[o + 3 * i] - ref[3 * i];
      const dy = x[o + 3 * i + 1] - ref[3 * i + 1];
      const dz = dim === 3 ? x[o + 3 * i + 2] - ref[3 * i + 2] : 0;
      if (dx * dx + dy * dy + dz * dz > lim) return true;
    }
    return false;
  }

  /** Sorts particles first .. first+count−1 into the grid and writes the neighbour lists. */
  build(x: Float64Array, first: number, count: number): void {
    if (!Number.isInteger(first) || first < 0 || !Number.isInteger(count) || count < 0) {
      throw new PhysicsError(
        'invalid-argument',
        `neighborSearch.build: first and count must be integers >= 0, got ${first}, ${count}`,
      );
    }
    if (this.adaptiveSkin) this.chooseSkin(x, first, count);
    this.forced = false;
    this.builds++;
    this.first = first;
    this.count = count;
    const n = count;
    if (this.ref.length < 3 * n) {
      const cap = Math.max(3 * n, 2 * this.ref.length);
      this.ref = new Float64Array(cap);
      this.cellOf = new Int32Array(cap / 3);
      this.sorted = new Int32Array(cap / 3);
      this.sortedPos = new Float64Array(cap);
    }
    if (this.offsets.length < n + 1) this.offsets = new Int32Array(Math.max(n + 1, 2 * this.offsets.length));
    if (this.order.length !== n) this.order = new Int32Array(n);
    if (n === 0) {
      this.offsets[0] = 0;
      return;
    }
    copyRange(this.ref, x, 3 * first, 3 * n);
    this.sortIntoCells(n);
    let m = 0;
    if (!this.half) m = this.writeLists(n);
    else if (this.hashed) m = this.writeHalfHashed(n);
    else m = this.writeHalfLists(n);
    this.offsets[n] = m;
  }

  /**
   * The skin of the coming build (adaptive): none when the largest travel since the last build, per
   * update served, exceeds skin/4 — lists with the skin would not survive two updates at that speed.
   * The first build, and one after a change of the range, takes the skin.
   */
  private chooseSkin(x: Float64Array, first: number, count: number): void {
    let skin = this.skin;
    if (this.builds > 0 && count === this.count && first === this.first && this.served > 0) {
      // the largest squared travel into an array (a double returned from a call that is not inlined
      // is boxed)
      largestTravel2(x, 3 * first, this.ref, count, this.dim, this.bounds);
      const m = this.bounds[0];
      const t = this.served * skin;
      if (16 * m > t * t) skin = 0; // travel per update > skin/4
    }
    this.buildSkin = skin;
    this.reach = this.radius + skin;
    this.invCell = 1 / this.reach;
  }

  /**
   * The grid: its origin, dense dimensions (or the hash table), and the counting sort. Each loop is
   * a function of its own: a build runs once per update, so V8 compiles these loops on stack
   * replacement during the first build, and code after such a loop in the same function (not yet run
   * then, without type feedback) would leave the optimised code at every later build.
   */
  private sortIntoCells(n: number): void {
    const cells = this.gridAndKeys(n);
    const start = this.cellStart;
    prefixSum(start, cells);
    const sorted = this.sorted;
    scatterByCell(this.cellOf, n, start, sorted);
    shiftStarts(start, cells);
    start[0] = 0;
    // the positions in cell order, and the order itself (no subarray view: an allocation per build)
    if (this.dim === 2) sortedPositions2(this.ref, sorted, n, this.sortedPos, this.order);
    else sortedPositions3(this.ref, sorted, n, this.sortedPos, this.order);
  }

  /**
   * The grid of a build (origin, dense dimensions or the hash table, the zeroed cell counts), then each
   * particle's cell into cellOf, counted in cellStart[cell + 1]; returns the number of cells. The grid's
   * numbers are worked out before the loop, in this function (which the loop makes hot early), rather
   * than in the caller, which has no loop and would box each double for many builds before V8
   * optimises it; nothing but the return follows the loop.
   */
  private gridAndKeys(n: number): number {
    const ref = this.ref;
    const dim = this.dim;
    const bounds = this.bounds;
    cellBounds(ref, n, dim, bounds);
    const minX = bounds[0];
    const minY = bounds[1];
    const minZ = bounds[2];
    const maxX = bounds[3];
    const maxY = bounds[4];
    const maxZ = bounds[5];
    if (!Number.isFinite(bounds[6] + minX + maxX + minY + maxY + minZ + maxZ)) {
      throw new PhysicsError('non-finite', 'neighborSearch.build: particle positions must be finite');
    }
    const inv = this.invCell;
    this.grid[0] = minX;
    this.grid[1] = minY;
    this.grid[2] = minZ;
    const nx = Math.floor((maxX - minX) * inv) + 1;
    const ny = Math.floor((maxY - minY) * inv) + 1;
    const nz = dim === 3 ? Math.floor((maxZ - minZ) * inv) + 1 : 1;
    // a dense grid while it is at most 16 cells per particle (its prefix sum stays cheap), else hashed
    const cap = Math.max(65536, 16 * n);
    const hashed = nx * ny * nz > cap;
    this.hashed = hashed;
    this.nx = nx;
    this.ny = ny;
    this.nz = nz;
    let cells = nx * ny * nz;
    let size = 1;
    if (hashed) {
      let t = 1024;
      while (t < 2 * n) t *= 2;
      this.tableSize = t;
      size = t;
      cells = t;
    }
    if (this.cellStart.length < cells + 1)
      this.cellStart = new Int32Array(Math.max(cells + 1, 2 * this.cellStart.length));
    const start = this.cellStart;
    start.fill(0, 0, cells + 1);
    const cellOf = this.cellOf;
    if (hashed) {
      for (let i = 0; i < n; i++) {
        const cx = Math.floor((ref[3 * i] - minX) * inv);
        const cy = Math.floor((ref[3 * i + 1] - minY) * inv);
        const cz = dim === 3 ? Math.floor((ref[3 * i + 2] - minZ) * inv) : 0;
        const h = Math.imul(cx, 92837111) ^ Math.imul(cy, 689287499) ^ Math.imul(cz, 283923481);
        const key = (h >>> 0) & (size - 1);
        cellOf[i] = key;
        start[key + 1]++;
      }
    } else {
      for (let i = 0; i < n; i++) {
        const cx = Math.floor((ref[3 * i] - minX) * inv);
        const cy = Math.floor((ref[3 * i + 1] - minY) * inv);
        const cz = dim === 3 ? Math.floor((ref[3 * i + 2] - minZ) * inv) : 0;
        const key = (cz * ny + cy) * nx + cx;
        cellOf[i] = key;
        start[key + 1]++;
      }
    }
    return cells;
  }

  private hash(cx: number, cy: number, cz: number): number {
    const h = Math.imul(cx, 92837111) ^ Math.imul(cy, 689287499) ^ Math.imul(cz, 283923481);
    return (h >>> 0) & (this.tableSize - 1);
  }

  /**
   * The half lists of a dense grid (see {@link NeighborSearch.half}): for rank s in cell (cx, cy, cz),
   * the ranks after s up to the end of cell cx + 1 of its row, the cells cx − 1 .. cx + 1 of the next
   * row, and (3D) the rows cy − 1 .. cy + 1 of the next plane: every cell after its own that touches it.
   * Returns the number of pairs (offsets[n]).
   */
  private writeHalfLists(n: number): number {
    const start = this.cellStart;
    const sp = this.sortedPos;
    const sorted = this.sorted;
    const fixed = this.staticFrom;
    const offsets = this.offsets;
    const inv = this.invCell;
    const r2 = this.reach * this.reach;
    const q = this.query; // the query point and r², read by the scans (no doubles passed in a call)
    q[3] = r2;
    const dim = this.dim;
    const nx = this.nx;
    const ny = this.ny;
    const nz = this.nz;
    const gx = this.grid[0];
    const gy = this.grid[1];
    const gz = this.grid[2];
    if (this.neighbors.length < 4 * n)
      this.neighbors = new Int32Array(Math.max(4 * n, 2 * this.neighbors.length));
    let nb = this.neighbors;
    let m = 0;
    for (let s = 0; s < n; s++) {
      offsets[s] = m;
      if (nb.length - m < n) {
        const bigger = new Int32Array(Math.max(2 * nb.length, m + n));
        bigger.set(nb.subarray(0, m));
        nb = bigger;
        this.neighbors = nb;
      }
      // the rank's own position from the sorted copy (read in order, not through sorted[s])
      const px = sp[dim * s];
      const py = sp[dim * s + 1];
      q[0] = px;
      q[1] = py;
      const cx = Math.floor((px - gx) * inv);
      const cy = Math.floor((py - gy) * inv);
      const x0 = cx > 0 ? cx - 1 : 0;
      const x1 = cx + 1 < nx ? cx + 1 : nx - 1;
      if (dim === 2) {
        const row = cy * nx;
        if (sorted[s] < fixed) {
          m = scanHalf2(sp, s + 1, start[row + x1 + 1], q, nb, m);
          if (cy + 1 < ny) {
            const next = row + nx;
            m = scanHalf2(sp, start[next + x0], start[next + x1 + 1], q, nb, m);
          }
        } else {
          // a static particle: its partners among the moving ones only
          m = scanHalfMoving2(sp, sorted, fixed, s + 1, start[row + x1 + 1], q, nb, m);
          if (cy + 1 < ny) {
            const next = row + nx;
            m = scanHalfMoving2(sp, sorted, fixed, start[next + x0], start[next + x1 + 1], q, nb, m);
          }
        }
      } else {
        const pz = sp[3 * s + 2];
        q[2] = pz;
        const cz = Math.floor((pz - gz) * inv);
        const row = (cz * ny + cy) * nx;
        m = scanHalf3(sp, s + 1, start[row + x1 + 1], q, nb, m);
        if (cy + 1 < ny) {
          const next = row + nx;
          m = scanHalf3(sp, start[next + x0], start[next + x1 + 1], q, nb, m);
        }
        if (cz + 1 < nz) {
          const y0 = cy > 0 ? cy - 1 : 0;
          const y1 = cy + 1 < ny ? cy + 1 : ny - 1;
          for (let y = y0; y <= y1; y++) {
            const r = ((cz + 1) * ny + y) * nx;
            m = scanHalf3(sp, start[r + x0], start[r + x1 + 1], q, nb, m);
          }
        }
        if (sorted[s] >= fixed) m = dropStatic(nb, sorted, fixed, offsets[s], m);
      }
    }
    return m; // the caller writes offsets[n] (nothing after the loop here, see sortIntoCells)
  }

  /** The half lists of a hashed grid: the ranks after s in the buckets of the 3^dim cells around it. */
  private writeHalfHashed(n: number): number {
    const start = this.cellStart;
    const sp = this.sortedPos;
    const offsets = this.offsets;
    const inv = this.invCell;
    const r2 = this.reach * this.reach;
    const q = this.query; // the query point and r², read by the scans (no doubles passed in a call)
    q[3] = r2;
    const dim = this.dim;
    const buckets = this.buckets;
    let nb = this.neighbors;
    let m = 0;
    for (let s = 0; s < n; s++) {
      offsets[s] = m;
      if (nb.length - m < n) {
        const bigger = new Int32Array(Math.max(2 * nb.length, m + n, 64));
        bigger.set(nb.subarray(0, m));
        nb = bigger;
        this.neighbors = nb;
      }
      const px = sp[dim * s];
      const py = sp[dim * s + 1];
      q[0] = px;
      q[1] = py;
      const pz = dim === 3 ? sp[3 * s + 2] : 0;
      q[2] = pz;
      const cx = Math.floor((px - this.grid[0]) * inv);
      const cy = Math.floor((py - this.grid[1]) * inv);
      const cz = dim === 3 ? Math.floor((pz - this.grid[2]) * inv) : 0;
      let nbk = 0;
      const zr = dim === 3 ? 1 : 0;
      for (let dz = -zr; dz <= zr; dz++) {
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const h = this.hash(cx + dx, cy + dy, cz + dz);
            let dup = false;
            for (let k = 0; k < nbk; k++) if (buckets[k] === h) dup = true;
            if (!dup) buckets[nbk++] = h;
          }
        }
      }
      for (let b = 0; b < nbk; b++) {
        const h = buckets[b];
        const e0 = Math.max(start[h], s + 1);
        m = dim === 2 ? scanHalf2(sp, e0, start[h + 1], q, nb, m) : scanHalf3(sp, e0, start[h + 1], q, nb, m);
      }
      if (this.sorted[s] >= this.staticFrom) m = dropStatic(nb, this.sorted, this.staticFrom, offsets[s], m);
    }
    return m; // the caller writes offsets[n] (nothing after the loop here, see sortIntoCells)
  }

  /** For each particle in id order, the particles of the 3^dim cells around it within the query radius. */
  private writeLists(n: number): number {
    const ref = this.ref;
    const start = this.cellStart;
    const sorted = this.sorted;
    const offsets = this.offsets;
    const inv = this.invCell;
    const r2 = this.reach * this.reach;
    const q = this.query; // the query point and r², read by the scans (no doubles passed in a call)
    q[3] = r2;
    const dim = this.dim;
    const hashed = this.hashed;
    const nx = this.nx;
    const ny = this.ny;
    const nz = this.nz;
    const gx = this.grid[0];
    const gy = this.grid[1];
    const gz = this.grid[2];
    if (this.neighbors.length < 8 * n)
      this.neighbors = new Int32Array(Math.max(8 * n, 2 * this.neighbors.length));
    let nb = this.neighbors;
    const sp = this.sortedPos;
    let m = 0;
    for (let i = 0; i < n; i++) {
      offsets[i] = m;
      const px = ref[3 * i];
      const py = ref[3 * i + 1];
      q[0] = px;
      q[1] = py;
      const pz = ref[3 * i + 2];
      q[2] = pz;
      const cx = Math.floor((px - gx) * inv);
      const cy = Math.floor((py - gy) * inv);
      const cz = dim === 3 ? Math.floor((pz - gz) * inv) : 0;
      // make room for the worst case of this particle before scanning (no check per candidate)
      if (nb.length - m < n) {
        const bigger = new Int32Array(Math.max(2 * nb.length, m + n));
        bigger.set(nb.subarray(0, m));
        nb = bigger;
        this.neighbors = nb;
      }
      if (!hashed) {
        const z0 = cz > 0 ? cz - 1 : 0;
        const z1 = cz + 1 < nz ? cz + 1 : nz - 1;
        const y0 = cy > 0 ? cy - 1 : 0;
        const y1 = cy + 1 < ny ? cy + 1 : ny - 1;
        const x0 = cx > 0 ? cx - 1 : 0;
        const x1 = cx + 1 < nx ? cx + 1 : nx - 1;
        for (let z = z0; z <= z1; z++) {
          for (let y = y0; y <= y1; y++) {
            // the cells x0..x1 of one row are contiguous in the sorted array (and its positions)
            const row = (z * ny + y) * nx;
            const e0 = start[row + x0];
            const e1 = start[row + x1 + 1];
            m =
              dim === 2
                ? scanRow2(sp, sorted, e0, e1, i, q, nb, m)
                : scanRow3(sp, sorted, e0, e1, i, q, nb, m);
          }
        }
      } else {
        const buckets = this.buckets;
        let nbk = 0;
        const zr = dim === 3 ? 1 : 0;
        for (let dz = -zr; dz <= zr; dz++) {
          for (let dy = -1; dy <= 1; dy++) {
            for (let dx = -1; dx <= 1; dx++) {
              const h = this.hash(cx + dx, cy + dy, cz + dz);
              let dup = false;
              for (let k = 0; k < nbk; k++) {
                if (buckets[k] === h) {
                  dup = true;
                  break;
                }
              }
              if (!dup) buckets[nbk++] = h;
            }
          }
        }
        for (let b = 0; b < nbk; b++) {
          const h = buckets[b];
          const e1 = start[h + 1];
          for (let e = start[h]; e < e1; e++) {
            const j = sorted[e];
            if (j === i) continue;
            const dx = ref[3 * j] - px;
            const dy = ref[3 * j + 1] - py;
            const dz = dim === 3 ? ref[3 * j + 2] - pz : 0;
            if (dx * dx + dy * dy + dz * dz <= r2) nb[m++] = j;
          }
        }
      }
    }
    return m; // the caller writes offsets[n] (nothing after the loop here, see sortIntoCells)
  }

  /** Number of listed pairs: each unordered pair appears twice in the full lists, once in the half lists. */
  get listed(): number {
    return this.offsets[this.count];
  }
}

/** The candidates e0 .. e1−1 of the sorted positions (stride 2) within √q[3] of (q[0], q[1]), i excluded, appended to nb (the query in an array: a double passed to a call that is not inlined is boxed). */
function scanRow2(
  sp: Float64Array,
  sorted: Int32Array,
  e0: number,
  e1: number,
  i: number,
  q: Float64Array,
  nb: Int32Array,
  m: number,
): number {
  const px = q[0];
  const py = q[1];
  const r2 = q[3];
  for (let e = e0; e < e1; e++) {
    const dx = sp[2 * e] - px;
    const dy = sp[2 * e + 1] - py;
    if (dx * dx + dy * dy <= r2) {
      const j = sorted[e];
      if (j !== i) nb[m++] = j;
    }
  }
  return m;
}

/** {@link scanRow2} in space (stride 3). */
function scanRow3(
  sp: Float64Array,
  sorted: Int32Array,
  e0: number,
  e1: number,
  i: number,
  q: Float64Array,
  nb: Int32Array,
  m: number,
): number {
  const px = q[0];
  const py = q[1];
  const pz = q[2];
  const r2 = q[3];
  for (let e = e0; e < e1; e++) {
    const dx = sp[3 * e] - px;
    const dy = sp[3 * e + 1] - py;
    const dz = sp[3 * e + 2] - pz;
    if (dx * dx + dy * dy + dz * dz <= r2) {
      const j = sorted[e];
      if (j !== i) nb[m++] = j;
    }
  }
  return m;
}

/** The ranks e0 .. e1−1 whose sorted positions (stride 2) lie within √q[3] of (q[0], q[1]), appended to nb. */
function scanHalf2(
  sp: Float64Array,
  e0: number,
  e1: number,
  q: Float64Array,
  nb: Int32Array,
  m: number,
): number {
  const px = q[0];
  const py = q[1];
  const r2 = q[3];
  for (let e = e0; e < e1; e++) {
    const dx = sp[2 * e] - px;
    const dy = sp[2 * e + 1] - py;
    if (dx * dx + dy * dy <= r2) nb[m++] = e;
  }
  return m;
}

/**
 * {@link scanHalf2} for a static particle: only the ranks whose particle (`sorted[e]`) is below
 * `fixed` (the moving ones) are appended.
 */
function scanHalfMoving2(
  sp: Float64Array,
  sorted: Int32Array,
  fixed: number,
  e0: number,
  e1: number,
  q: Float64Array,
  nb: Int32Array,
  m: number,
): number {
  const px = q[0];
  const py = q[1];
  const r2 = q[3];
  for (let e = e0; e < e1; e++) {
    const dx = sp[2 * e] - px;
    const dy = sp[2 * e + 1] - py;
    if (dx * dx + dy * dy <= r2 && sorted[e] < fixed) nb[m++] = e;
  }
  return m;
}

/** Removes from nb[from .. m−1] the ranks whose particle is static (at or above `fixed`); returns the new end. */
function dropStatic(nb: Int32Array, sorted: Int32Array, fixed: number, from: number, m: number): number {
  let w = from;
  for (let e = from; e < m; e++) {
    const t = nb[e];
    if (sorted[t] < fixed) nb[w++] = t;
  }
  return w;
}

/** {@link scanHalf2} in space (stride 3). */
function scanHalf3(
  sp: Float64Array,
  e0: number,
  e1: number,
  q: Float64Array,
  nb: Int32Array,
  m: number,
): number {
  const px = q[0];
  const py = q[1];
  const pz = q[2];
  const r2 = q[3];
  for (let e = e0; e < e1; e++) {
    const dx = sp[3 * e] - px;
    const dy = sp[3 * e + 1] - py;
    const dz = sp[3 * e + 2] - pz;
    if (dx * dx + dy * dy + dz * dz <= r2) nb[m++] = e;
  }
  return m;
}

/** dst[0 .. count−1] = src[from .. from+count−1]. */
function copyRange(dst: Float64Array, src: Float64Array, from: number, count: number): void {
  for (let k = 0; k < count; k++) dst[k] = src[from + k];
}

/**
 * The bounds of the points ref (stride 3; z ignored in the plane) into out: min x, y, z, max x, y, z,
 * and the sum of every coordinate (NaN compares false with every bound: the sum catches it), written
 * as they change: nothing follows the loop (see NeighborSearch.sortIntoCells).
 */
function cellBounds(ref: Float64Array, n: number, dim: number, out: Float64Array): void {
  let minX = ref[0];
  let minY = ref[1];
  let minZ = dim === 3 ? ref[2] : 0;
  let maxX = minX;
  let maxY = minY;
  let maxZ = minZ;
  let sum = 0;
  out[0] = minX;
  out[1] = minY;
  out[2] = minZ;
  out[3] = maxX;
  out[4] = maxY;
  out[5] = maxZ;
  out[6] = sum;
  for (let i = 0; i < n; i++) {
    const a = ref[3 * i];
    const b = ref[3 * i + 1];
    sum += a + b;
    out[6] = sum;
    if (a < minX) out[0] = minX = a;
    if (a > maxX) out[3] = maxX = a;
    if (b < minY) out[1] = minY = b;
    if (b > maxY) out[4] = maxY = b;
    if (dim === 3) {
      const c = ref[3 * i + 2];
      sum += c;
      out[6] = sum;
      if (c < minZ) out[2] = minZ = c;
      if (c > maxZ) out[5] = maxZ = c;
    }
  }
}

/**
 * The largest squared travel of the points x[o ..] (stride 3) from ref since the last build into
 * out[0], written as it grows: nothing follows the loop (see NeighborSearch.sortIntoCells).
 */
function largestTravel2(
  x: Float64Array,
  o: number,
  ref: Float64Array,
  count: number,
  dim: number,
  out: Float64Array,
): void {
  let m = 0;
  out[0] = m;
  for (let i = 0; i < count; i++) {
    const dx = x[o + 3 * i] - ref[3 * i];
    const dy = x[o + 3 * i + 1] - ref[3 * i + 1];
    const dz = dim === 3 ? x[o + 3 * i + 2] - ref[3 * i + 2] : 0;
    const d = dx * dx + dy * dy + dz * dz;
    if (d > m) out[0] = m = d;
  }
}

/** start[c + 1] += start[c] for c = 0 .. cells−1: the counts become each cell's end. */
function prefixSum(start: Int32Array, cells: number): void {
  for (let c = 0; c < cells; c++) start[c + 1] += start[c];
}

/** The counting sort's placement: point i (in id order) at the next free slot of its cell. */
function scatterByCell(cellOf: Int32Array, n: number, start: Int32Array, sorted: Int32Array): void {
  for (let i = 0; i < n; i++) sorted[start[cellOf[i]]++] = i;
}

/** start[c] = start[c − 1] for c = cells .. 1 (each cell's end becomes the next cell's start); start[0] is the caller's. */
function shiftStarts(start: Int32Array, cells: number): void {
  for (let c = cells; c > 0; c--) start[c] = start[c - 1];
}

/** The positions in cell order (stride 2) and the order itself. */
function sortedPositions2(
  ref: Float64Array,
  sorted: Int32Array,
  n: number,
  sp: Float64Array,
  order: Int32Array,
): void {
  for (let e = 0; e < n; e++) {
    const i = sorted[e];
    sp[2 * e] = ref[3 * i];
    sp[2 * e + 1] = ref[3 * i + 1];
    order[e] = i;
  }
}

/** {@link sortedPositions2} in space (stride 3). */
function sortedPositions3(
  ref: Float64Array,
  sorted: Int32Array,
  n: number,
  sp: Float64Array,
  order: Int32Array,
): void {
  for (let e = 0; e < n; e++) {
    const i = sorted[e];
    sp[3 * e] = ref[3 * i];
    sp[3 * e + 1] = ref[3 * i + 1];
    sp[3 * e + 2] = ref[3 * i + 2];
    order[e] = i;
  }
}
