/**
 * The CLI's `series.png` draws each curve in the colour the demo declares — the colour its canvas
 * (`final.png`) and the playground's live plot use: the spring's exact solution grey, explicit
 * Euler red, and so on; the cantilever's linear beam red and corotational beam blue.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { findDemo } from '../../src/demos/index.js';
import { resolveParams } from '../../src/demos/types.js';
import { resolveSeriesStyles } from '../../src/render/plot.js';
import { record } from '../../src/render/record-node.js';

/** How many pixels of the PNG are within a small distance of each colour. */
function colourCounts(file: string, colours: string[]): number[] {
  const png = PNG.sync.read(readFileSync(file));
  const rgb = colours.map((h) => [1, 3, 5].map((i) => Number.parseInt(h.slice(i, i + 2), 16)));
  const n = rgb.map(() => 0);
  for (let i = 0; i < png.data.length; i += 4) {
    rgb.forEach(([r, g, b], k) => {
      const d =
        Math.abs(png.data[i]! - r!) + Math.abs(png.data[i + 1]! - g!) + Math.abs(png.data[i + 2]! - b!);
      if (d < 24) n[k]!++;
    });
  }
  return n;
}

describe('series.png colours', () => {
  for (const [id, seconds] of [
    ['spring', 1],
    ['fem-cantilever', 0.5],
  ] as const) {
    it(`${id}: series.png and final.png both show every curve in its declared colour`, async () => {
      const demo = findDemo(id)!;
      const inst = demo.create(resolveParams(demo));
      const keys = Object.keys(inst.series!());
      const colours = resolveSeriesStyles(keys, demo.series).map((s) => s.color);
      const dir = mkdtempSync(join(tmpdir(), 'rikigaku-series-png-'));
      try {
        await record(inst, {
          seconds,
          view: demo.view(480, 320),
          outDir: dir,
          name: id,
          series: demo.series!,
        });
        const plot = colourCounts(join(dir, 'series.png'), colours);
        const final = colourCounts(join(dir, 'final.png'), colours);
        keys.forEach((k, i) => {
          expect(plot[i], `${k} ${colours[i]} in series.png`).toBeGreaterThan(20);
          expect(final[i], `${k} ${colours[i]} in final.png`).toBeGreaterThan(5);
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
