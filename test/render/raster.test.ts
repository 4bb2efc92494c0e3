import { deflateSync, inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { decodePNG, encodePNG } from '../../src/render/png.js';
import { pixelDifference, Raster } from '../../src/render/raster.js';

const px = (d: { width: number; data: ArrayLike<number> }, x: number, y: number): number[] => {
  const i = (y * d.width + x) * 4;
  return [d.data[i]!, d.data[i + 1]!, d.data[i + 2]!];
};

describe('Raster: the impulse lab test pattern (00-check.png)', () => {
  const c = new Raster(64, 64, [0, 0, 0]);
  c.line(0, 0, 63, 63, [255, 255, 255]);
  c.line(0, 32, 63, 32, [255, 0, 0]);

  it('impulse lab, 描画のツールボックス: every pixel is exact, (32,32) is red, decoded from the PNG', () => {
    for (const img of [
      decodePNG(c.toPNG()),
      decodePNG(c.toPNG({ deflate: deflateSync }), { inflate: inflateSync }),
    ]) {
      expect(img.width).toBe(64);
      expect(img.height).toBe(64);
      const bad: string[] = [];
      for (let y = 0; y < 64; y++) {
        for (let x = 0; x < 64; x++) {
          const want = y === 32 ? [255, 0, 0] : x === y ? [255, 255, 255] : [0, 0, 0];
          if (px(img, x, y).join() !== want.join()) bad.push(`(${x},${y}) = ${px(img, x, y)}, want ${want}`);
        }
      }
      expect(bad).toEqual([]);
    }
  });

  it('a third-party decoder (pngjs) reads the same pixels', () => {
    const img = PNG.sync.read(Buffer.from(c.toPNG()));
    expect(img.width).toBe(64);
    expect(px(img, 32, 32)).toEqual([255, 0, 0]);
    expect(px(img, 31, 31)).toEqual([255, 255, 255]);
    expect(px(img, 33, 33)).toEqual([255, 255, 255]);
    expect(px(img, 0, 63)).toEqual([0, 0, 0]);
    let nonBlack = 0;
    for (let i = 0; i < img.data.length; i += 4)
      if (img.data[i] || img.data[i + 1] || img.data[i + 2]) nonBlack++;
    expect(nonBlack).toBe(64 + 63); // the row of 64 and the diagonal minus the shared pixel
  });

  it('drawing order matters: the diagonal drawn last wins the crossing', () => {
    const d = new Raster(64, 64);
    d.line(0, 32, 63, 32, [255, 0, 0]);
    d.line(0, 0, 63, 63, [255, 255, 255]);
    expect(d.get(32, 32)).toEqual([255, 255, 255]);
  });
});

describe('Raster: Bresenham lines', () => {
  it('draw both endpoints, one pixel per step of the major axis, 8-connected, same pixels both ways', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 39 }),
        fc.integer({ min: 0, max: 39 }),
        fc.integer({ min: 0, max: 39 }),
        fc.integer({ min: 0, max: 39 }),
        (x0, y0, x1, y1) => {
          const a = new Raster(40, 40);
          a.line(x0, y0, x1, y1, [9, 9, 9]);
          const lit: [number, number][] = [];
          for (let y = 0; y < 40; y++)
            for (let x = 0; x < 40; x++) if (a.get(x, y)![0] === 9) lit.push([x, y]);
          expect(a.get(x0, y0)).toEqual([9, 9, 9]);
          expect(a.get(x1, y1)).toEqual([9, 9, 9]);
          expect(lit.length).toBe(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0)) + 1);
          // every lit pixel lies within half a pixel of the ideal line (perpendicular distance)
          const len = Math.hypot(x1 - x0, y1 - y0);
          for (const [x, y] of lit) {
            if (len > 0) {
              const dist = Math.abs((x1 - x0) * (y0 - y) - (x0 - x) * (y1 - y0)) / len;
              expect(dist).toBeLessThanOrEqual(0.7072);
            }
          }
          const b = new Raster(40, 40);
          b.line(x1, y1, x0, y0, [9, 9, 9]);
          // reversed direction may pick the other pixel on exact ties only; the counts agree
          expect(pixelDifference(a, new Raster(40, 40))).toBe(pixelDifference(b, new Raster(40, 40)));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('clips silently at the border and ignores out-of-range points', () => {
    const r = new Raster(8, 8);
    r.line(-5, 3, 20, 3, [1, 2, 3]);
    for (let x = 0; x < 8; x++) expect(r.get(x, 3)).toEqual([1, 2, 3]);
    r.point(-1, 0, [7, 7, 7]);
    r.point(8, 0, [7, 7, 7]);
    expect(pixelDifference(r, new Raster(8, 8))).toBe(8);
  });
});

describe('Raster: fills and image difference', () => {
  it('fillRect, fillCircle and fillConvex cover the expected pixel counts', () => {
    const r = new Raster(32, 32);
    r.fillRect(2, 3, 5, 4, [10, 0, 0]);
    expect(pixelDifference(r, new Raster(32, 32))).toBe(20);
    const c = new Raster(32, 32);
    c.fillConvex([4, 4, 12, 4, 12, 10, 4, 10], [0, 10, 0]); // an 8 × 6 square, pixel centres inside
    expect(pixelDifference(c, new Raster(32, 32))).toBe(48);
    const o = new Raster(64, 64);
    o.fillCircle(32, 32, 10, [0, 0, 10]);
    const n = pixelDifference(o, new Raster(64, 64));
    expect(Math.abs(n - Math.PI * 100)).toBeLessThan(12);
  });

  it('pixelDifference counts changed pixels and is 0 for identical rasters', () => {
    const a = new Raster(16, 16, [5, 5, 5]);
    const b = new Raster(16, 16, [5, 5, 5]);
    expect(pixelDifference(a, b)).toBe(0);
    b.point(3, 4, [6, 5, 5]);
    b.point(15, 15, [5, 5, 6]);
    expect(pixelDifference(a, b)).toBe(2);
    expect(() => pixelDifference(a, new Raster(8, 8))).toThrow(PhysicsError);
  });

  it('rejects bad sizes and colours with a message naming the field', () => {
    expect(() => new Raster(0, 4)).toThrow(/raster.width/);
    expect(() => new Raster(4, 4, [0, 300, 0])).toThrow(/raster.bg\[1\]/);
  });
});

describe('PNG codec', () => {
  it('round-trips RGB and RGBA images through our decoder and pngjs, stored and compressed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer(),
        (w, h, seed) => {
          const rgba = new Uint8ClampedArray(w * h * 4);
          let s = seed >>> 0;
          for (let i = 0; i < rgba.length; i++) {
            s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
            rgba[i] = i % 4 === 3 ? 255 : s >>> 24;
          }
          for (const deflate of [undefined, deflateSync]) {
            const bytes = encodePNG(w, h, rgba, { deflate });
            expect(Array.from(decodePNG(bytes, { inflate: inflateSync }).data)).toEqual(Array.from(rgba));
            expect(Array.from(PNG.sync.read(Buffer.from(bytes)).data)).toEqual(Array.from(rgba));
          }
          const withAlpha = encodePNG(w, h, rgba, { color: 'rgba' });
          expect(Array.from(decodePNG(withAlpha).data)).toEqual(Array.from(rgba));
        },
      ),
      { numRuns: 30 },
    );
  });

  it('decodes every filter type written by pngjs', () => {
    const w = 13;
    const h = 9;
    const src = new PNG({ width: w, height: h });
    for (let i = 0; i < w * h * 4; i++) src.data[i] = i % 4 === 3 ? 255 : (i * 37) & 0xff;
    for (const filterType of [0, 1, 2, 3, 4]) {
      const bytes = PNG.sync.write(src, { filterType, colorType: 6 });
      const img = decodePNG(new Uint8Array(bytes), { inflate: inflateSync });
      expect(Array.from(img.data)).toEqual(Array.from(src.data));
    }
  });

  it('refuses a damaged file with a clear message', () => {
    const bytes = new Raster(4, 4).toPNG();
    bytes[20] ^= 1; // inside IHDR
    expect(() => decodePNG(bytes)).toThrow(/IHDR: bad CRC/);
    expect(() => decodePNG(new Uint8Array([1, 2, 3]))).toThrow(/not a PNG/);
  });
});
