/**
 * The playground's three.js view of the 3D liquids in Chromium (started as in rigid3d.test.ts: a Vite
 * build served by Vite's preview server, the system Chromium through playwright-core): the 3D FLIP
 * dam break and the 3D MPM water draw their liquid as one surface mesh (density splat and marching
 * cubes), the “draw the liquid as” switch turns it into particles and back without rebuilding the
 * simulation, and the picture changes with it. The milliseconds per frame (step and draw, software
 * WebGL) are written to the artifacts, not asserted. Skipped without Chromium outside CI, as the
 * other browser tests.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTIFACTS,
  HAVE_CHROMIUM,
  openPlaygroundPage,
  type PlaygroundBrowser,
  startPlayground,
} from '../support/playground-browser.js';

describe.runIf(HAVE_CHROMIUM)('three.js view of the 3D liquid surfaces', () => {
  let pg: PlaygroundBrowser | undefined;
  let page: Page;
  const problems: string[] = [];
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    pg = await startPlayground('liquid3d');
    page = await openPlaygroundPage(pg, { width: 1100, height: 1000 }, 60_000, problems);
  }, 180_000);

  afterAll(async () => {
    writeFileSync(join(ARTIFACTS, 'liquid-surface3d-timings.json'), `${JSON.stringify(timings, null, 2)}\n`);
    await pg?.close();
  });

  /** A hash of a sample of the canvas pixels. */
  const picture = () =>
    page.evaluate(() => {
      const c = document.getElementById('view') as HTMLCanvasElement;
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let h = 0;
      for (let i = 0; i < d.length; i += 4 * 97)
        h = (Math.imul(h, 31) + d[i]! + 7 * d[i + 1]! + 13 * d[i + 2]!) | 0;
      return h;
    });

  /** Picks a value of the lil-gui choice labelled `label`. */
  const choose = async (label: string, value: string) => {
    await page.locator('#gui-host .lil-controller', { hasText: label }).locator('select').selectOption(value);
  };

  for (const id of ['flip-3d-dam-break', 'mpm-3d-water-jelly']) {
    it(`${id}: the liquid is one surface mesh; the switch shows the particles and back`, async () => {
      problems.length = 0;
      await page.evaluate((d) => window.__rikigaku!.open(d), id);
      await page.evaluate(() => window.__rikigaku!.stepFrames(20));
      const t0 = Date.now();
      await page.evaluate(() => window.__rikigaku!.stepFrames(5));
      timings[`${id} ms per frame (surface)`] = (Date.now() - t0) / 5;
      expect(await page.evaluate(() => window.__rikigaku3d?.active)).toBe(true);
      const tris = await page.evaluate(() => window.__rikigaku3d!.surfaceTriangles());
      expect(tris).toBeGreaterThan(200);
      const spheres = await page.evaluate(() => window.__rikigaku3d!.cloudCount());
      const surfaced = await picture();
      await page.locator('#demo-page').screenshot({ path: join(ARTIFACTS, `${id}-surface.png`) });
      const frames = await page.evaluate(() => window.__rikigaku!.state().frames);

      await choose('draw the liquid as', 'dots');
      const t1 = Date.now();
      await page.evaluate(() => window.__rikigaku!.stepFrames(1));
      timings[`${id} ms per frame (dots)`] = Date.now() - t1;
      expect(await page.evaluate(() => window.__rikigaku3d!.surfaceTriangles())).toBe(0);
      // the display switch keeps the running simulation (one more frame, not a reset)
      expect(await page.evaluate(() => window.__rikigaku!.state().frames)).toBe(frames + 1);
      expect(await page.evaluate(() => window.__rikigaku3d!.cloudCount())).toBeGreaterThan(spheres + 1000);
      expect(await picture()).not.toBe(surfaced);
      await page.locator('#demo-page').screenshot({ path: join(ARTIFACTS, `${id}-dots.png`) });

      await choose('draw the liquid as', 'surface');
      await page.evaluate(() => window.__rikigaku!.stepFrames(1));
      expect(await page.evaluate(() => window.__rikigaku3d!.surfaceTriangles())).toBeGreaterThan(200);
      expect(await page.evaluate(() => window.__rikigaku3d!.cloudCount())).toBe(spheres);
      expect(problems, problems.join('\n')).toEqual([]);
    }, 300_000);
  }
});
