/**
 * Density splat: particles spread onto the nodes of a uniform grid with a smooth kernel, the scalar
 * field whose iso-contour (marching squares) or iso-surface (marching cubes) draws a particle liquid
 * (textbook §26.4 "surfaces"; Müller, Charypar & Gross 2003 §7 colour field). Each particle adds
 * V W(|x_node − x_p|) with the kernel W(r) = c (1 − r²/R²)³ normalised to integrate to 1 and V = d^dim
 * the volume of one particle at spacing d, so the field is ≈ 1 inside a liquid sampled on its rest
 * lattice and falls to 0 within R of its surface; iso = ½ draws the surface about half a spacing out
 * from the outer particles' centres. Any engine's particles (stride 2 or 3, any offset) can be splatted;
 * the field only grows: once sized, a splat allocates nothing.
 */
import { PhysicsError } from '../core/errors.js';

/** Options of a {@link DensitySplat}. */
export interface DensitySplatOptions {
  /** 2 or 3 */
  dim: 2 | 3;
  /** the lower corner of the region covered (the first node) */
  min: number[];
  /** the upper corner of the region covered */
  max: number[];
  /** node spacing of the field */
  cell: number;
  /** empty nodes added around the region so contours close there (default 1) */
  pad?: number;
}

/** A splatted density field on nodes origin + (i, j, k) · cell. */
export class DensitySplat {
  /** 2 or 3 */
  readonly dim: 2 | 3;
  /** node spacing */
  readonly cell: number;
  /** nodes along x */
  readonly nx: number;
  /** nodes along y */
  readonly ny: number;
  /** nodes along z (1 in 2D) */
  readonly nz: number;
  /** the first node's position (x, y, z) */
  readonly origin = new Float64Array(3);
  /** the field, node (i, j, k) at i + nx (j + ny k) */
  readonly field: Float64Array;

  constructor(o: DensitySplatOptions) {
    this.dim = o.dim;
    if (o.dim !== 2 && o.dim !== 3) {
      throw new PhysicsError('invalid-argument', `densitySplat.dim: must be 2 or 3, got ${o.dim}`);
    }
    if (!(o.cell > 0) || !Number.isFinite(o.cell)) {
      throw new PhysicsError(
        'invalid-argument',
        `densitySplat.cell: must be a finite number > 0, got ${o.cell}`,
      );
    }
    this.cell = o.cell;
    const pad = o.pad ?? 1;
    const n = [1, 1, 1];
    for (let k = 0; k < o.dim; k++) {
      const lo = o.min[k];
      const hi = o.max[k];
      if (!Number.isFinite(lo) || !Number.isFinite(hi) || !(hi > lo)) {
        throw new PhysicsError(
          'invalid-argument',
          `densitySplat.max[${k}]: must be finite and above min[${k}], got ${lo} .. ${hi}`,
        );
      }
      this.origin[k] = lo - pad * o.cell;
      n[k] = Math.ceil((hi - lo) / o.cell - 1e-9) + 1 + 2 * pad;
    }
    this.nx = n[0];
    this.ny = n[1];
    this.nz = n[2];
    this.field = new Float64Array(this.nx * this.ny * this.nz);
  }

  /** Sets the field to 0. */
  clear(): void {
    this.field.fill(0);
  }

  /**
   * Adds `count` particles: particle p at x[stride (first + p) ..], radius R (default 2 spacing), each
   * with the volume spacing^dim. Particles beyond the field's region add only the nodes they reach.
   */
  splat(
    x: ArrayLike<number>,
    stride: number,
    first: number,
    count: number,
    spacing: number,
    radius = 2 * spacing,
  ): void {
    this.prepare(spacing, radius);
    const three = this.dim === 3;
    for (let p = 0; p < count; p++) {
      const q = stride * (first + p);
      this.add(x[q], x[q + 1], three ? x[q + 2] : 0);
    }
  }

  /** Adds `count` particles of a 2D engine that keeps x and y in separate arrays (FLIP), as {@link splat}. */
  splatXY(
    xs: ArrayLike<number>,
    ys: ArrayLike<number>,
    count: number,
    spacing: number,
    radius = 2 * spacing,
  ): void {
    this.prepare(spacing, radius);
    for (let p = 0; p < count; p++) this.add(xs[p], ys[p], 0);
  }

  /** the kernel's numbers for a batch: 0 R², 1 1/R², 2 the normalisation times the particle volume, 3 reach */
  private readonly k = new Float64Array(4);

  private prepare(spacing: number, radius: number): void {
    if (!(spacing > 0) || !(radius > 0) || !Number.isFinite(spacing) || !Number.isFinite(radius)) {
      throw new PhysicsError(
        'invalid-argument',
        `densitySplat.splat: spacing and radius must be finite numbers > 0, got ${spacing}, ${radius}`,
      );
    }
    const R2 = radius * radius;
    // ∫ (1 − r²/R²)³ = π R²/4 in 2D, 64 π R³/315 in 3D
    const volume = this.dim === 2 ? spacing * spacing : spacing * spacing * spacing;
    this.k[0] = R2;
    this.k[1] = 1 / R2;
    this.k[2] =
      this.dim === 2 ? (4 / (Math.PI * R2)) * volume : (315 / (64 * Math.PI * R2 * radius)) * volume;
    this.k[3] = Math.ceil(radius / this.cell);
  }

  private add(px: number, py: number, pz: number): void {
    const R2 = this.k[0];
    const invR2 = this.k[1];
    const norm = this.k[2];
    const reach = this.k[3];
    const f = this.field;
    const c = this.cell;
    const inv = 1 / c;
    const nx = this.nx;
    const ny = this.ny;
    const nz = this.nz;
    const ox = this.origin[0];
    const oy = this.origin[1];
    const oz = this.origin[2];
    const three = this.dim === 3;
    const ci = Math.floor((px - ox) * inv);
    const cj = Math.floor((py - oy) * inv);
    const ck = three ? Math.floor((pz - oz) * inv) : 0;
    const i0 = Math.max(0, ci - reach + 1);
    const i1 = Math.min(nx - 1, ci + reach);
    const j0 = Math.max(0, cj - reach + 1);
    const j1 = Math.min(ny - 1, cj + reach);
    const k0 = three ? Math.max(0, ck - reach + 1) : 0;
    const k1 = three ? Math.min(nz - 1, ck + reach) : 0;
    for (let k = k0; k <= k1; k++) {
      const dz = three ? oz + k * c - pz : 0;
      for (let j = j0; j <= j1; j++) {
        const dy = oy + j * c - py;
        const ryz = dy * dy + dz * dz;
        if (ryz >= R2) continue;
        const row = nx * (j + ny * k);
        for (let i = i0; i <= i1; i++) {
          const dx = ox + i * c - px;
          const r2 = dx * dx + ryz;
          if (r2 >= R2) continue;
          const s = 1 - r2 * invR2;
          f[row + i] += norm * s * s * s;
        }
      }
    }
  }
}
