/**
 * The playground's three.js view of the 3D demos in Chromium (started as in playground.test.ts:
 * a Vite build served by Vite's preview server, the system Chromium through playwright-core):
 * a rigid3d demo opens in the three.js view, the canvas shows a picture (not the background
 * alone), the wireframe switch works, orbiting changes the picture, and dragging a box with the
 * mouse lifts it. Skipped without Chromium outside CI, as the other browser tests.
 */
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

describe.runIf(HAVE_CHROMIUM)('three.js view of the rigid3d demos', () => {
  let pg: PlaygroundBrowser | undefined;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    pg = await startPlayground('playground3d');
    page = await openPlaygroundPage(pg, { width: 1100, height: 1000 }, 20_000, problems);
  }, 120_000);

  afterAll(async () => {
    await pg?.close();
  });

  /** A hash of a sample of the canvas pixels and how many differ from the scene background. */
  const picture = () =>
    page.evaluate(() => {
      const c = document.getElementById('view') as HTMLCanvasElement;
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let h = 0;
      let other = 0;
      for (let i = 0; i < d.length; i += 4 * 97) {
        h = (Math.imul(h, 31) + d[i]! + 7 * d[i + 1]! + 13 * d[i + 2]!) | 0;
        // the three.js background is #eef0f3
        if (Math.abs(d[i]! - 0xee) + Math.abs(d[i + 1]! - 0xf0) + Math.abs(d[i + 2]! - 0xf3) > 12) other++;
      }
      return { h, other };
    });

  it('opens a rigid3d demo in the three.js view and draws it; orbit and wireframe change the picture', async () => {
    problems.length = 0;
    await page.evaluate(() => window.__rikigaku!.open('rigid3d-stack'));
    const r = await page.evaluate(() => window.__rikigaku!.stepFrames(30));
    expect(r.frames).toBe(30);
    expect(await page.evaluate(() => window.__rikigaku3d?.active)).toBe(true);
    const p0 = await picture();
    expect(p0.other).toBeGreaterThan(100);
    await page.locator('#demo-page').screenshot({ path: join(ARTIFACTS, 'rigid3d-three-view.png') });
    // orbit: drag on empty space near the top corner
    const box = (await page.locator('#view').boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + 40);
    await page.mouse.down();
    await page.mouse.move(box.x + 130, box.y + 60, { steps: 4 });
    await page.mouse.up();
    await page.evaluate(() => window.__rikigaku!.stepFrames(1));
    const p1 = await picture();
    expect(p1.h).not.toBe(p0.h);
    await page.click('#btn-wireframe');
    expect(await page.evaluate(() => window.__rikigaku3d!.wireframe)).toBe(true);
    await page.evaluate(() => window.__rikigaku!.stepFrames(1));
    expect((await picture()).h).not.toBe(p1.h);
    await page.click('#btn-wireframe');
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('dragging the top box with the mouse lifts it', async () => {
    problems.length = 0;
    await page.evaluate(() => window.__rikigaku!.open('rigid3d-stack'));
    await page.evaluate(() => window.__rikigaku!.stepFrames(20));
    // body 0 is the ground, 1..10 the boxes bottom to top
    const top = 10;
    const y0 = await page.evaluate((b) => window.__rikigaku3d!.bodyPosition(b)[1], top);
    const at = await page.evaluate((b) => {
      const v = window.__rikigaku3d!;
      const p = v.bodyPosition(b);
      return v.screenOf(p[0], p[1], p[2]);
    }, top);
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    for (let k = 1; k <= 6; k++) {
      await page.mouse.move(at.x, at.y - 15 * k);
      await page.evaluate(() => window.__rikigaku!.stepFrames(10));
    }
    const y1 = await page.evaluate((b) => window.__rikigaku3d!.bodyPosition(b)[1], top);
    await page.mouse.up();
    expect(y1).toBeGreaterThan(y0 + 0.5);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
