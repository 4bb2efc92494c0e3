/**
 * A particle liquid drawn as a surface (textbook §26.4 "surfaces"): the particles are splatted into a
 * density field (`spatial/density-splat.ts`), marching squares traces its iso-contour at half the rest
 * density (`geometry/marching-squares.ts`), and the closed loops are filled as one path (even-odd, so
 * bubbles stay holes) with water shading — a deep-to-light vertical gradient and a bright surface line,
 * the colours of the water demos. Works for any particle engine (SPH, PBF, FLIP, MPM): the caller hands
 * positions with their stride.
 */
import { toPxX, toPxY, type View } from '../core/view.js';
import { MarchingSquares } from '../geometry/marching-squares.js';
import { DensitySplat } from '../spatial/density-splat.js';

/** Options of a {@link LiquidSurface2D}. */
export interface LiquidSurfaceOptions {
  /** the region the liquid stays in (the tank's inside), lower corner [x, y] */
  min: number[];
  /** upper corner [x, y] */
  max: number[];
  /** the particles' rest spacing */
  spacing: number;
  /** node spacing of the density field (default: the particle spacing) */
  cell?: number;
  /** splat kernel radius (default 2 spacings) */
  radius?: number;
  /** the iso level in units of the rest density (default 0.5) */
  iso?: number;
}

/** The iso-contour of a particle liquid in 2D, refreshed by {@link update}, drawn by {@link draw}. */
export class LiquidSurface2D {
  /** the density field */
  readonly splat: DensitySplat;
  /** the contour of the last update */
  readonly contour = new MarchingSquares();
  /** the particle spacing */
  readonly spacing: number;
  /** the splat radius */
  readonly radius: number;
  /** the iso level (fraction of the rest density) */
  readonly iso: number;
  private readonly top: number;
  private readonly bottom: number;

  constructor(o: LiquidSurfaceOptions) {
    this.spacing = o.spacing;
    this.radius = o.radius ?? 2 * o.spacing;
    this.iso = o.iso ?? 0.5;
    const cell = o.cell ?? o.spacing;
    const pad = Math.ceil(this.radius / cell) + 1;
    this.splat = new DensitySplat({ dim: 2, min: o.min, max: o.max, cell, pad });
    this.bottom = o.min[1];
    this.top = o.max[1];
  }

  /** Splats `count` particles (particle p at x[stride (first + p)], x[… + 1]) and traces the contour. */
  update(x: ArrayLike<number>, stride: number, first: number, count: number): void {
    const s = this.splat;
    s.clear();
    s.splat(x, stride, first, count, this.spacing, this.radius);
    this.contour.contour(s.field, s.nx, s.ny, this.iso, s.origin[0], s.origin[1], s.cell);
    this.contour.loops();
  }

  /** The same for a 2D engine that keeps x and y in separate arrays (FLIP). */
  updateXY(xs: ArrayLike<number>, ys: ArrayLike<number>, count: number): void {
    const s = this.splat;
    s.clear();
    s.splatXY(xs, ys, count, this.spacing, this.radius);
    this.contour.contour(s.field, s.nx, s.ny, this.iso, s.origin[0], s.origin[1], s.cell);
    this.contour.loops();
  }

  /** Area inside the contour (m²): the liquid's drawn area. */
  area(): number {
    return this.contour.area();
  }

  /** Fills the liquid with the water shading, shifted by (ox, oy) metres. */
  draw(ctx: CanvasRenderingContext2D, view: View, ox = 0, oy = 0): void {
    const c = this.contour;
    if (c.loopCount === 0) return;
    const p = c.vertices;
    ctx.beginPath();
    for (let l = 0; l < c.loopCount; l++) {
      const a = c.loopStart[l];
      const b = c.loopStart[l + 1];
      for (let q = a; q < b; q++) {
        const v = 2 * c.loopVertices[q];
        const X = toPxX(view, ox + p[v]);
        const Y = toPxY(view, oy + p[v + 1]);
        if (q === a) ctx.moveTo(X, Y);
        else ctx.lineTo(X, Y);
      }
      ctx.closePath();
    }
    const yTop = toPxY(view, oy + this.top);
    const yBottom = toPxY(view, oy + this.bottom);
    const grad = ctx.createLinearGradient(0, yTop, 0, yBottom);
    grad.addColorStop(0, '#5fa8dc');
    grad.addColorStop(1, '#1d4e89');
    ctx.fillStyle = grad;
    ctx.fill('evenodd');
    ctx.strokeStyle = '#b9dcf5';
    ctx.lineWidth = 1.5;
    ctx.stroke();
  }
}
