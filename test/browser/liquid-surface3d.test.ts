/**
 * The playground's three.js view of the 3D liquids in Chromium (started as in rigid3d.test.ts: a Vite
 * build served by Vite's preview server, the system Chromium through playwright-core): the 3D FLIP
 * dam break and the 3D MPM water draw their liquid as one surface mesh (density splat and marching
 * cubes), the “draw the liquid as” switch turns it into particles and back without rebuilding the
 * simulation, and the picture changes with it. The milliseconds per frame (step and draw, software
 * WebGL) are written to the artifacts, not asserted. Skipped without Chromium outside CI, as the
 * other browser tests.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build, type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CHROMIUM = process.env.RIKIGAKU_CHROMIUM ?? '/usr/bin/chromium';
const HAVE_CHROMIUM = existsSync(CHROMIUM);
const ROOT = join(import.meta.dirname, '../..');
const CONFIG = join(ROOT, 'playground/vite.config.ts');
const ARTIFACTS = join(ROOT, 'test-artifacts/playground');

describe.runIf(HAVE_CHROMIUM)('three.js view of the 3D liquid surfaces', () => {
  let outDir: string;
  let server: PreviewServer;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'rikigaku-liquid3d-'));
    await build({ configFile: CONFIG, logLevel: 'error', build: { outDir, emptyOutDir: true } });
    server = await preview({
      configFile: CONFIG,
      logLevel: 'error',
      build: { outDir },
      preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
    });
    const address = server.httpServer.address() as AddressInfo;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--no-sandbox',
      ],
    });
    page = await browser.newPage({ viewport: { width: 1100, height: 1000 } });
    page.setDefaultTimeout(60_000);
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.goto(`http://127.0.0.1:${address.port}/`);
    await page.waitForFunction(() => window.__rikigaku?.ready === true);
  }, 180_000);

  afterAll(async () => {
    writeFileSync(join(ARTIFACTS, 'liquid-surface3d-timings.json'), `${JSON.stringify(timings, null, 2)}\n`);
    await browser?.close();
    await server?.close();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
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
