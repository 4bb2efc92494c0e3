/**
 * What the particle fluids share: the checked set-up of a fluid in a box (particle spacing, kernel
 * radius, rest density, the domain), the particle mass calibrated on the rest lattice, and the walls
 * as boundary particles (Akinci et al. 2012, "Versatile Rigid-Fluid Coupling for Incompressible SPH"):
 * each boundary particle b contributes ρ0 ψ_b W to a fluid particle's density and pushes it with the
 * pressure force; ψ_b is its volume. The box walls are sampled on the fluid's own lattice, layers
 * deep enough to fill the kernel's support, so ψ_b = the fluid particle's volume (the value Akinci's
 * ψ_b = 1 / Σ_k W_bk takes inside a uniformly sampled boundary) and a fluid particle touching a wall
 * sees a full neighbourhood.
 */
import { PhysicsError } from '../core/errors.js';
import { checks } from '../core/validate.js';
import { SphKernels } from './kernels.js';

const api = checks('invalid-argument', { nonFinite: 'non-finite' });

/** The box a fluid lives in: walls at min and max on every axis (z ignored in 2D). */
export interface FluidDomain {
  /** lower corner [x, y] or [x, y, z] */
  min: number[];
  /** upper corner */
  max: number[];
  /** no boundary particles on the top (max y) wall; particles are still kept below it (default true) */
  openTop?: boolean;
}

/** The kernel used for the density (and the matching gradient). */
export type DensityKernel = 'poly6' | 'cubic';

/** The set-up every particle fluid takes. */
export interface FluidBoxOptions {
  /** 2 or 3 */
  dim: 2 | 3;
  /** rest spacing d of the particles, m */
  spacing: number;
  /** kernel support radius h, m (default 2d; must lie in [1.5 d, 5 d]) */
  kernelRadius?: number;
  /** rest density ρ0, kg/m³ (default 1000) */
  restDensity?: number;
  /** the walls */
  domain: FluidDomain;
  /**
   * fixed axis-aligned boxes inside the domain ([x, y(, z)] corners), filled with boundary particles on
   * the walls' lattice (Akinci et al. 2012's rigid boundaries, here static)
   */
  obstacles?: { min: number[]; max: number[] }[];
}

/** The checked set-up: kernels, masses, the boundary particles and the box. */
export class FluidBox {
  /** 2 or 3 */
  readonly dim: 2 | 3;
  /** particle spacing d */
  readonly spacing: number;
  /** kernel radius h */
  readonly h: number;
  /** rest density ρ0 */
  readonly restDensity: number;
  /** the kernels for h */
  readonly kernels: SphKernels;
  /** box corners, 3 numbers each (z = 0 in 2D) */
  readonly lo = new Float64Array(3);
  /** upper corner */
  readonly hi = new Float64Array(3);
  /** whether the top wall has no boundary particles */
  readonly openTop: boolean;
  /** boundary particle positions, stride 3 */
  readonly boundary: Float64Array;
  /** number of boundary particles */
  readonly boundaryCount: number;
  /** the fluid particle volume d^dim (also ψ of the wall particles) */
  readonly volume: number;
  /** the obstacles' corners, 6 numbers each (min x, y, z, max x, y, z) */
  obstacleBoxes = new Float64Array(0);

  constructor(options: FluidBoxOptions, where: string) {
    const o = api.object(options, where, null);
    const dim = o.dim;
    if (dim !== 2 && dim !== 3) api.fail(`${where}.dim`, `must be 2 or 3, got ${String(dim)}`);
    this.dim = dim as 2 | 3;
    this.spacing = api.needNumber(o, 'spacing', where, { above: 0 });
    this.h = api.optNumber(o, 'kernelRadius', where, { above: 0 }) ?? 2 * this.spacing;
    const ratio = this.h / this.spacing;
    if (ratio < 1.5 || ratio > 5) {
      throw new PhysicsError(
        'invalid-argument',
        `${where}.kernelRadius: must be between 1.5 and 5 particle spacings (${1.5 * this.spacing} .. ${5 * this.spacing}), got ${this.h} (${ratio.toFixed(3)} spacings)`,
      );
    }
    this.restDensity = api.optNumber(o, 'restDensity', where, { above: 0 }) ?? 1000;
    const d = api.object(o.domain, `${where}.domain`, ['min', 'max', 'openTop']);
    const lo = api.array(d.min, `${where}.domain.min`, dim as number, dim as number);
    const hi = api.array(d.max, `${where}.domain.max`, dim as number, dim as number);
    for (let k = 0; k < (dim as number); k++) {
      this.lo[k] = api.number(lo[k], `${where}.domain.min[${k}]`);
      this.hi[k] = api.number(hi[k], `${where}.domain.max[${k}]`);
      if (!(this.hi[k] - this.lo[k] >= this.spacing)) {
        api.fail(
          `${where}.domain.max[${k}]`,
          `must exceed domain.min[${k}] by at least one spacing, got ${this.hi[k]}`,
        );
      }
    }
    this.openTop = api.optBool(d, 'openTop', `${where}.domain`) ?? true;
    this.kernels = new SphKernels(this.dim, this.h);
    this.volume = dim === 3 ? this.spacing ** 3 : this.spacing ** 2;
    const b = this.sampleWalls(options.obstacles, where);
    this.boundary = b.x;
    this.boundaryCount = b.n;
  }

  /** Σ_j W(x_j) over the rest lattice of spacing d around a particle, itself included. */
  latticeSum(kernel: DensityKernel): number {
    const d = this.spacing;
    const n = Math.ceil(this.h / d);
    const k = this.kernels;
    let s = 0;
    const nz = this.dim === 3 ? n : 0;
    for (let a = -nz; a <= nz; a++) {
      for (let b = -n; b <= n; b++) {
        for (let c = -n; c <= n; c++) {
          const r2 = (a * a + b * b + c * c) * d * d;
          s += kernel === 'poly6' ? k.poly6(r2) : k.cubic(Math.sqrt(r2));
        }
      }
    }
    return s;
  }

  /** The mass that gives a particle of the rest lattice exactly the rest density. */
  particleMass(kernel: DensityKernel): number {
    return this.restDensity / this.latticeSum(kernel);
  }

  /** Layers of lattice points outside the walls, deep enough to fill the kernel support; then the obstacles. */
  private sampleWalls(
    obstacles: { min: number[]; max: number[] }[] | undefined,
    where: string,
  ): { x: Float64Array; n: number } {
    const d = this.spacing;
    const layers = Math.ceil(this.h / d);
    const dim = this.dim;
    const counts = [0, 0, 0];
    const starts = [0, 0, 0];
    for (let k = 0; k < dim; k++) {
      // lattice nodes at lo + (i + ½) d, i from −layers to the last node inside, then layers beyond
      const inside = Math.max(1, Math.floor((this.hi[k] - this.lo[k]) / d + 1e-9));
      starts[k] = -layers;
      counts[k] = inside + 2 * layers;
    }
    if (dim === 2) counts[2] = 1;
    const inside = (k: number, i: number) => i >= 0 && i < counts[k] - 2 * layers;
    const pts: number[] = [];
    for (let c = 0; c < counts[2]; c++) {
      for (let b = 0; b < counts[1]; b++) {
        for (let a = 0; a < counts[0]; a++) {
          const ia = a + starts[0];
          const ib = b + starts[1];
          const ic = dim === 3 ? c + starts[2] : 0;
          const inX = inside(0, ia);
          const inY = inside(1, ib);
          const inZ = dim === 2 || inside(2, ic);
          if (inX && inY && inZ) continue; // the fluid region
          if (this.openTop && ib >= counts[1] - 2 * layers) continue; // above the open top
          pts.push(
            this.lo[0] + (ia + 0.5) * d,
            this.lo[1] + (ib + 0.5) * d,
            dim === 3 ? this.lo[2] + (ic + 0.5) * d : 0,
          );
        }
      }
    }
    const list = obstacles === undefined ? [] : api.array(obstacles, `${where}.obstacles`);
    this.obstacleBoxes = new Float64Array(6 * list.length);
    list.forEach((ob, q) => {
      const path = `${where}.obstacles[${q}]`;
      const o = api.object(ob, path, ['min', 'max']);
      const mn = api.array(o.min, `${path}.min`, dim, dim);
      const mx = api.array(o.max, `${path}.max`, dim, dim);
      const lo = [0, 0, 0];
      const hi = [0, 0, 0];
      for (let k = 0; k < dim; k++) {
        lo[k] = api.number(mn[k], `${path}.min[${k}]`);
        hi[k] = api.number(mx[k], `${path}.max[${k}]`);
        if (!(hi[k] > lo[k])) api.fail(`${path}.max[${k}]`, `must exceed min[${k}] = ${lo[k]}, got ${hi[k]}`);
        if (lo[k] < this.lo[k] || hi[k] > this.hi[k]) {
          api.fail(path, `must lie inside the domain on axis ${'xyz'[k]} (${this.lo[k]} .. ${this.hi[k]})`);
        }
        this.obstacleBoxes[6 * q + k] = lo[k];
        this.obstacleBoxes[6 * q + 3 + k] = hi[k];
      }
      // the lattice nodes lo + (i + ½) d of the domain that fall inside the box
      const first = [0, 0, 0];
      const last = [0, 0, 0];
      for (let k = 0; k < dim; k++) {
        first[k] = Math.ceil((lo[k] - this.lo[k]) / d - 0.5 - 1e-9);
        last[k] = Math.floor((hi[k] - this.lo[k]) / d - 0.5 + 1e-9);
      }
      for (let c = first[2]; c <= (dim === 3 ? last[2] : first[2]); c++) {
        for (let b = first[1]; b <= last[1]; b++) {
          for (let a = first[0]; a <= last[0]; a++) {
            pts.push(
              this.lo[0] + (a + 0.5) * d,
              this.lo[1] + (b + 0.5) * d,
              dim === 3 ? this.lo[2] + (c + 0.5) * d : 0,
            );
          }
        }
      }
    });
    return { x: Float64Array.from(pts), n: pts.length / 3 };
  }

  /** True when (x, y, z) lies inside one of the obstacles (closed boxes). */
  insideObstacle(x: number, y: number, z = 0): boolean {
    const b = this.obstacleBoxes;
    for (let q = 0; q < b.length; q += 6) {
      if (x < b[q] || x > b[q + 3] || y < b[q + 1] || y > b[q + 4]) continue;
      if (this.dim === 3 && (z < b[q + 2] || z > b[q + 5])) continue;
      return true;
    }
    return false;
  }

  /** Throws unless (x, y, z) lies inside the box (the check of every added particle). */
  checkInside(x: number, y: number, z: number, where: string): void {
    api.number(x, `${where}.x`);
    api.number(y, `${where}.y`);
    if (this.dim === 3) api.number(z, `${where}.z`);
    const p = [x, y, z];
    for (let k = 0; k < this.dim; k++) {
      if (p[k] < this.lo[k] || p[k] > this.hi[k]) {
        throw new PhysicsError(
          'invalid-argument',
          `${where}: outside the domain [${this.lo[k]}, ${this.hi[k]}] on axis ${'xyz'[k]}, got ${p[k]}`,
        );
      }
    }
  }
}

/**
 * Keeps fluid particles first .. first+n−1 inside the box (a particle that the pressure did not stop
 * is put back on the wall and loses its velocity into it); returns how many were clamped.
 */
export function clampToBox(
  x: Float64Array,
  v: Float64Array | null,
  first: number,
  n: number,
  lo: Float64Array,
  hi: Float64Array,
  dim: number,
): number {
  let clamped = 0;
  for (let i = first; i < first + n; i++) {
    let hit = false;
    for (let k = 0; k < dim; k++) {
      const q = 3 * i + k;
      const c = x[q];
      if (c < lo[k]) {
        x[q] = lo[k];
        if (v !== null && v[q] < 0) v[q] = 0;
        hit = true;
      } else if (c > hi[k]) {
        x[q] = hi[k];
        if (v !== null && v[q] > 0) v[q] = 0;
        hit = true;
      }
    }
    if (hit) clamped++;
  }
  return clamped;
}
