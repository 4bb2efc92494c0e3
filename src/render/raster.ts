/**
 * Raster — a tiny exact-pixel canvas for the lab outputs whose pixels are specified exactly
 * (the impulse lab, "描画のツールボックスを置く": `Canvas(w, h, bg)`, `line`, `write_png`).
 *
 * No anti-aliasing, integer pixel coordinates, y down (row 0 is the top), RGBA storage with
 * alpha always 255. Lines are Bresenham's, endpoints included, so the impulse lab's test pattern
 * (00-check.png) comes out pixel for pixel. Browser-safe: no Node imports.
 */
import { PhysicsError } from '../core/errors.js';
import { encodePNG, type PngEncodeOptions } from './png.js';

/** An 8-bit colour (r, g, b), each 0..255. */
export type RGB = readonly [number, number, number];

function checkColor(rgb: RGB, where: string): void {
  for (let i = 0; i < 3; i++) {
    const c = rgb[i];
    if (typeof c !== 'number' || !Number.isInteger(c) || c < 0 || c > 255) {
      throw new PhysicsError(
        'invalid-argument',
        `${where}[${i}]: must be an integer 0..255, got ${String(c)}`,
      );
    }
  }
}

/** An opaque RGBA image with exact-pixel drawing (points, lines, rectangles, discs, convex polygons) and PNG output, the same in every browser and in Node. */
export class Raster {
  /** width, px */
  readonly width: number;
  /** height, px */
  readonly height: number;
  /** RGBA, row-major from the top-left pixel; alpha is always 255. */
  readonly data: Uint8ClampedArray;

  constructor(width: number, height: number, bg: RGB = [0, 0, 0]) {
    if (!Number.isInteger(width) || width < 1 || width > 16384) {
      throw new PhysicsError('invalid-argument', `raster.width: must be an integer 1..16384, got ${width}`);
    }
    if (!Number.isInteger(height) || height < 1 || height > 16384) {
      throw new PhysicsError('invalid-argument', `raster.height: must be an integer 1..16384, got ${height}`);
    }
    checkColor(bg, 'raster.bg');
    this.width = width;
    this.height = height;
    this.data = new Uint8ClampedArray(width * height * 4);
    this.clear(bg);
  }

  /** Paints every pixel with `rgb`. */
  clear(rgb: RGB): void {
    const d = this.data;
    for (let i = 0; i < d.length; i += 4) {
      d[i] = rgb[0];
      d[i + 1] = rgb[1];
      d[i + 2] = rgb[2];
      d[i + 3] = 255;
    }
  }

  /** Sets pixel (x, y) (truncated to integers); pixels outside the raster are ignored. */
  point(x: number, y: number, rgb: RGB): void {
    const ix = Math.trunc(x);
    const iy = Math.trunc(y);
    if (!(ix >= 0 && ix < this.width && iy >= 0 && iy < this.height)) return;
    const i = (iy * this.width + ix) * 4;
    const d = this.data;
    d[i] = rgb[0];
    d[i + 1] = rgb[1];
    d[i + 2] = rgb[2];
    d[i + 3] = 255;
  }

  /** The colour at (x, y) as [r, g, b], or undefined outside the raster. */
  get(x: number, y: number): [number, number, number] | undefined {
    if (
      !(Number.isInteger(x) && Number.isInteger(y) && x >= 0 && x < this.width && y >= 0 && y < this.height)
    ) {
      return undefined;
    }
    const i = (y * this.width + x) * 4;
    return [this.data[i]!, this.data[i + 1]!, this.data[i + 2]!];
  }

  /**
   * Bresenham's line from (x0, y0) to (x1, y1), both endpoints drawn, all octants; integer
   * error arithmetic only, so every pixel is exact. Later drawing overwrites earlier drawing.
   */
  line(x0: number, y0: number, x1: number, y1: number, rgb: RGB): void {
    let x = Math.trunc(x0);
    let y = Math.trunc(y0);
    const xe = Math.trunc(x1);
    const ye = Math.trunc(y1);
    if (![x, y, xe, ye].every(Number.isFinite)) return;
    const dx = Math.abs(xe - x);
    const dy = -Math.abs(ye - y);
    const sx = x < xe ? 1 : -1;
    const sy = y < ye ? 1 : -1;
    let err = dx + dy;
    for (;;) {
      this.point(x, y, rgb);
      if (x === xe && y === ye) break;
      const e2 = 2 * err;
      if (e2 >= dy) {
        err += dy;
        x += sx;
      }
      if (e2 <= dx) {
        err += dx;
        y += sy;
      }
    }
  }

  /** Fills the w × h rectangle whose top-left pixel is (x, y); clipped to the raster. */
  fillRect(x: number, y: number, w: number, h: number, rgb: RGB): void {
    const x0 = Math.max(0, Math.trunc(x));
    const y0 = Math.max(0, Math.trunc(y));
    const x1 = Math.min(this.width, Math.trunc(x) + Math.trunc(w));
    const y1 = Math.min(this.height, Math.trunc(y) + Math.trunc(h));
    for (let py = y0; py < y1; py++) for (let px = x0; px < x1; px++) this.point(px, py, rgb);
  }

  /** Fills every pixel whose centre lies within distance r of (cx, cy). */
  fillCircle(cx: number, cy: number, r: number, rgb: RGB): void {
    const y0 = Math.max(0, Math.floor(cy - r));
    const y1 = Math.min(this.height - 1, Math.ceil(cy + r));
    const x0 = Math.max(0, Math.floor(cx - r));
    const x1 = Math.min(this.width - 1, Math.ceil(cx + r));
    for (let py = y0; py <= y1; py++) {
      for (let px = x0; px <= x1; px++) {
        const ddx = px + 0.5 - cx;
        const ddy = py + 0.5 - cy;
        if (ddx * ddx + ddy * ddy <= r * r) this.point(px, py, rgb);
      }
    }
  }

  /**
   * Fills a convex polygon given as pixel-space vertices [x0, y0, x1, y1, ...] (either
   * winding): a pixel is filled when its centre is inside or on an edge.
   */
  fillConvex(xy: ArrayLike<number>, rgb: RGB): void {
    const n = xy.length >> 1;
    if (n < 3) return;
    let minY = Number.POSITIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      minY = Math.min(minY, xy[2 * i + 1]!);
      maxY = Math.max(maxY, xy[2 * i + 1]!);
    }
    if (!Number.isFinite(minY) || !Number.isFinite(maxY)) return;
    const py0 = Math.max(0, Math.floor(minY));
    const py1 = Math.min(this.height - 1, Math.ceil(maxY));
    for (let py = py0; py <= py1; py++) {
      const yc = py + 0.5;
      let lo = Number.POSITIVE_INFINITY;
      let hi = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < n; i++) {
        const ax = xy[2 * i]!;
        const ay = xy[2 * i + 1]!;
        const j = (i + 1) % n;
        const bx = xy[2 * j]!;
        const by = xy[2 * j + 1]!;
        // half-open crossing rule: horizontal edges add nothing, shared vertices count once
        if ((ay <= yc && by > yc) || (by <= yc && ay > yc)) {
          const xc = ax + ((yc - ay) * (bx - ax)) / (by - ay);
          lo = Math.min(lo, xc);
          hi = Math.max(hi, xc);
        }
      }
      if (lo > hi) continue;
      const px0 = Math.max(0, Math.ceil(lo - 0.5));
      const px1 = Math.min(this.width - 1, Math.floor(hi - 0.5));
      for (let px = px0; px <= px1; px++) this.point(px, py, rgb);
    }
  }

  /** Encodes the raster as a PNG file (8-bit RGB by default). */
  toPNG(options?: PngEncodeOptions): Uint8Array {
    return encodePNG(this.width, this.height, this.data, options);
  }
}

/**
 * The frame-to-frame image difference of the stacking lab ("連続する2つのフレームの絵の差"): the
 * number of pixels whose colour differs between two rasters of the same size.
 */
export function pixelDifference(a: Raster, b: Raster): number {
  if (a.width !== b.width || a.height !== b.height) {
    throw new PhysicsError(
      'invalid-argument',
      `pixelDifference: rasters must have the same size, got ${a.width}×${a.height} and ${b.width}×${b.height}`,
    );
  }
  const da = a.data;
  const db = b.data;
  let count = 0;
  for (let i = 0; i < da.length; i += 4) {
    if (da[i] !== db[i] || da[i + 1] !== db[i + 1] || da[i + 2] !== db[i + 2]) count++;
  }
  return count;
}
