import { assertFinite, PhysicsError } from '../core/errors.js';

/**
 * A uniform hash grid for particles (Teschner et al. 2003, "Optimized Spatial Hashing for Collision
 * Detection of Deformable Objects"): cells of size `spacing` are hashed into a fixed table, particles
 * are sorted into the table by counting sort (no per-cell lists, no allocation once sized), and a
 * query visits the 3×3×3 cells around a point. Used for particle–particle self-collision.
 * Deterministic: the hash uses integer arithmetic (Math.imul) and particles keep id order per cell.
 */
export class ParticleHashGrid {
  /** cell size of the grid, m */
  readonly spacing: number;
  /** number of hash buckets */
  readonly tableSize: number;
  /** cellStart[h] .. cellStart[h+1]−1 index `entries` for hash bucket h */
  private cellStart: Int32Array;
  private entries = new Int32Array(0);
  private cellOf = new Int32Array(0);
  private count = 0;
  private readonly buckets = new Int32Array(27);

  constructor(spacing: number, tableSize = 4096) {
    assertFinite(spacing, 'hashGrid.spacing');
    if (spacing <= 0)
      throw new PhysicsError('invalid-argument', `hashGrid.spacing: must be > 0, got ${spacing}`);
    if (!Number.isInteger(tableSize) || tableSize < 1) {
      throw new PhysicsError(
        'invalid-argument',
        `hashGrid.tableSize: must be an integer >= 1, got ${tableSize}`,
      );
    }
    this.spacing = spacing;
    this.tableSize = tableSize;
    this.cellStart = new Int32Array(tableSize + 1);
  }

  private hash(ix: number, iy: number, iz: number): number {
    const h = Math.imul(ix, 92837111) ^ Math.imul(iy, 689287499) ^ Math.imul(iz, 283923481);
    return (h >>> 0) % this.tableSize;
  }

  private cell(v: number): number {
    return Math.floor(v / this.spacing);
  }

  /** Sorts particles first .. first+count−1 (positions x, 3 per particle) into the table. */
  build(x: Float64Array, first: number, count: number): void {
    if (this.entries.length < count) {
      this.entries = new Int32Array(Math.max(count, 2 * this.entries.length));
      this.cellOf = new Int32Array(this.entries.length);
    }
    this.count = count;
    const start = this.cellStart;
    start.fill(0);
    for (let k = 0; k < count; k++) {
      const p = 3 * (first + k);
      const h = this.hash(this.cell(x[p]), this.cell(x[p + 1]), this.cell(x[p + 2]));
      this.cellOf[k] = h;
      start[h + 1]++;
    }
    for (let h = 0; h < this.tableSize; h++) start[h + 1] += start[h];
    // fill in id order, keeping a running cursor per bucket in cellStart[h] (restored below)
    for (let k = 0; k < count; k++) this.entries[start[this.cellOf[k]]++] = first + k;
    for (let h = this.tableSize; h > 0; h--) start[h] = start[h - 1];
    start[0] = 0;
  }

  /**
   * Writes into `out` the particles within `maxDist` of (px, py, pz) (maxDist ≤ spacing), in bucket
   * order, and returns how many (at most out.length).
   */
  query(x: Float64Array, px: number, py: number, pz: number, maxDist: number, out: Int32Array): number {
    const ix = this.cell(px);
    const iy = this.cell(py);
    const iz = this.cell(pz);
    const d2 = maxDist * maxDist;
    const buckets = this.buckets;
    let nb = 0;
    // the distinct buckets of the 27 cells (two cells may hash to the same bucket)
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let dz = -1; dz <= 1; dz++) {
          const h = this.hash(ix + dx, iy + dy, iz + dz);
          let dup = false;
          for (let k = 0; k < nb; k++) {
            if (buckets[k] === h) {
              dup = true;
              break;
            }
          }
          if (!dup) buckets[nb++] = h;
        }
      }
    }
    let n = 0;
    for (let b = 0; b < nb; b++) {
      const h = buckets[b];
      for (let e = this.cellStart[h]; e < this.cellStart[h + 1]; e++) {
        const j = this.entries[e];
        const q = 3 * j;
        const r2 = (x[q] - px) ** 2 + (x[q + 1] - py) ** 2 + (x[q + 2] - pz) ** 2;
        if (r2 <= d2 && n < out.length) out[n++] = j;
      }
    }
    return n;
  }

  /** Number of particles in the last build. */
  get size(): number {
    return this.count;
  }
}
