import fc from 'fast-check';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { createNodeCanvas } from '../../src/render/canvas-node.js';
import { GifWriter } from '../../src/render/gif-node.js';
import { drawPlot, groupByMagnitude, niceStep, niceTicks, tickLabel } from '../../src/render/plot.js';
import { plotPanelsToPng } from '../../src/render/plot-node.js';
import { parseGif } from './gif-parse.js';

describe('nice ticks', () => {
  it('steps are 1, 2 or 5 times a power of ten and give about the asked number of intervals', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: 1e-6, max: 1e6, noNaN: true }),
        fc.integer({ min: 2, max: 12 }),
        (lo, span, target) => {
          const step = niceStep(span, target);
          const mant = step / 10 ** Math.floor(Math.log10(step) + 1e-12);
          expect([1, 2, 5, 10].some((m) => Math.abs(mant - m) < 1e-9)).toBe(true);
          const ticks = niceTicks(lo, lo + span, target);
          expect(ticks.length).toBeGreaterThanOrEqual(1);
          expect(ticks.length).toBeLessThanOrEqual(2 * target + 2);
          // within the range, up to rounding (a few ulps of the range's ends)
          const tol = step * 1e-6 + (Math.abs(lo) + span) * 1e-14;
          for (const t of ticks) {
            expect(t).toBeGreaterThanOrEqual(lo - tol);
            expect(t).toBeLessThanOrEqual(lo + span + tol);
          }
          for (let i = 1; i < ticks.length; i++) expect(ticks[i]! - ticks[i - 1]!).toBeCloseTo(step, 6);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('covers 0..2 s with half-second ticks and labels them with one decimal', () => {
    expect(niceTicks(0, 2, 4)).toEqual([0, 0.5, 1, 1.5, 2]);
    expect(niceTicks(0, 2, 4).map((t) => tickLabel(t, 0.5))).toEqual(['0.0', '0.5', '1.0', '1.5', '2.0']);
    expect(niceTicks(-85.3, 341.3, 5)).toEqual([0, 100, 200, 300]);
  });
});

/** Counts pixels of (about) the given colour inside a rectangle. */
function countColour(
  rgba: Uint8ClampedArray,
  width: number,
  rect: [number, number, number, number],
  rgb: [number, number, number],
): number {
  let n = 0;
  for (let y = rect[1]; y < rect[3]; y++) {
    for (let x = rect[0]; x < rect[2]; x++) {
      const i = (y * width + x) * 4;
      if (
        Math.abs(rgba[i]! - rgb[0]) < 40 &&
        Math.abs(rgba[i + 1]! - rgb[1]) < 40 &&
        Math.abs(rgba[i + 2]! - rgb[2]) < 40
      )
        n++;
    }
  }
  return n;
}

describe('drawPlot', () => {
  it('draws each series where its values are: a red line at y = 0.75 in the top half, blue at 0.25 below', () => {
    const W = 400;
    const H = 300;
    const c = createNodeCanvas(W, H);
    const t = [0, 1, 2, 3, 4];
    drawPlot(
      c.ctx,
      { x: 0, y: 0, width: W, height: H },
      [
        { name: 'high', x: t, y: t.map(() => 0.75), color: '#ff0000' },
        { name: 'low', x: t, y: [0.25, 0.25, Number.NaN, 0.25, 0.25], color: '#0000ff' },
      ],
      { yRange: [0, 1], legend: false, title: 'test', xLabel: 'time [s]', yLabel: 'value' },
    );
    const px = c.rgba();
    // the plot frame spans most of the canvas; the red line sits in the upper half, the blue in the lower
    const redTop = countColour(px, W, [0, 0, W, H / 2], [255, 0, 0]);
    const redBottom = countColour(px, W, [0, H / 2, W, H], [255, 0, 0]);
    const blueTop = countColour(px, W, [0, 0, W, H / 2], [0, 0, 255]);
    const blueBottom = countColour(px, W, [0, H / 2, W, H], [0, 0, 255]);
    expect(redTop).toBeGreaterThan(200);
    expect(redBottom).toBe(0);
    expect(blueBottom).toBeGreaterThan(100);
    expect(blueTop).toBe(0);
    // the NaN sample breaks the blue line: fewer blue pixels than red ones
    expect(blueBottom).toBeLessThan(redTop);
  });

  it('fits the data when no range is given and survives empty, single-point and non-finite series', () => {
    const c = createNodeCanvas(320, 200);
    expect(() =>
      drawPlot(c.ctx, { x: 0, y: 0, width: 320, height: 200 }, [
        { name: 'empty', x: [], y: [] },
        { name: 'one', x: [1], y: [5] },
        { name: 'inf', x: [0, 1, 2], y: [Number.POSITIVE_INFINITY, 1e300, -1e300] },
      ]),
    ).not.toThrow();
    expect(countColour(c.rgba(), 320, [0, 0, 320, 200], [255, 255, 255])).toBeGreaterThan(1000);
  });
});

describe('groupByMagnitude and panels', () => {
  const t = [0, 1, 2];
  const s = (name: string, peak: number) => ({ name, x: t, y: [0, -peak, peak / 2] });
  it('puts series of similar size together and separates a small one from a large one', () => {
    const groups = groupByMagnitude([s('x', 1), s('energy', 300), s('v', 3), s('E2', 120), s('zero', 0)]);
    expect(groups.map((g) => g.map((q) => q.name))).toEqual([['x', 'v'], ['energy', 'E2'], ['zero']]);
  });
  it('caps the number of groups by merging the last ones', () => {
    const groups = groupByMagnitude([s('a', 1), s('b', 1e3), s('c', 1e6), s('d', 1e9), s('e', 1e12)], 10, 3);
    expect(groups.map((g) => g.map((q) => q.name))).toEqual([['a'], ['b'], ['c', 'd', 'e']]);
  });
  it('draws one panel per group, stacked', () => {
    const png = PNG.sync.read(plotPanelsToPng([s('x', 1), s('energy', 300)], { title: 'two' }, 400, 200));
    expect([png.width, png.height]).toEqual([400, 400]);
  });
});

describe('GifWriter', () => {
  it('writes a looping GIF89a with one frame per call, the delays in centiseconds and the drawn colours', () => {
    // 320×240 is above the 64k-pixel threshold: the palette comes from every 4th pixel
    for (const [w, h] of [
      [64, 48],
      [320, 240],
    ] as const) {
      const c = createNodeCanvas(w, h);
      const gif = new GifWriter(w, h);
      for (let i = 0; i < 5; i++) {
        c.clear('#ffffff');
        c.ctx.fillStyle = '#ff0000';
        c.ctx.fillRect(i * 10, 10, 10, 10);
        c.ctx.fillStyle = '#00c000';
        c.ctx.fillRect(0, h - 4, 4, 4);
        gif.addFrame(c.rgba(), 40);
      }
      const info = parseGif(gif.finish());
      expect([info.width, info.height, info.loops]).toEqual([w, h, true]);
      expect(info.frames).toHaveLength(5);
      for (const f of info.frames) {
        expect(f.delayCs).toBe(4);
        expect(f.palette.some(([r, g, b]) => r! > 240 && g! < 16 && b! < 16)).toBe(true);
        expect(f.palette.some(([r, g, b]) => r! < 16 && g! > 176 && b! < 16)).toBe(true);
      }
    }
  });

  it('rejects a frame of the wrong size', () => {
    const gif = new GifWriter(8, 8);
    expect(() => gif.addFrame(new Uint8ClampedArray(10), 40)).toThrow(/256 bytes/);
  });
});
