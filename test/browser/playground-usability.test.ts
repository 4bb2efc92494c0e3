/**
 * What a new user meets first in the playground, in a real browser (the built page served by
 * Vite's preview server, driven in the system Chromium through playwright-core, as in
 * playground.test.ts): a newly opened demo runs, even after pausing or visiting the workbook;
 * switching demos over and over (the balloon among them) raises no error and keeps the live plot
 * going; the canvas and the live plot draw each series in the demo's declared colour; display
 * switches apply without restarting the simulation; the parameter panel never covers the canvas;
 * the live plot has one y axis per unit, named, wide enough for its labels, with its legend in view;
 * an unknown `#demo` and a filter without matches say so; the page works at 420 px.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build, type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDemo } from '../../src/demos/index.js';
import { resolveSeriesStyles } from '../../src/render/plot.js';

const CHROMIUM = process.env.RIKIGAKU_CHROMIUM ?? '/usr/bin/chromium';
const HAVE_CHROMIUM = existsSync(CHROMIUM);
const IN_CI = process.env.CI === 'true';
const ROOT = join(import.meta.dirname, '../..');
const CONFIG = join(ROOT, 'playground/vite.config.ts');

describe.runIf(!HAVE_CHROMIUM && IN_CI)('playground usability (CI without Chromium)', () => {
  it('needs Chromium at /usr/bin/chromium', () => {
    throw new Error(`browser tests: ${CHROMIUM} is missing; install it with \`apt-get install -y chromium\``);
  });
});

/** The frame counter and simulated time of the readout. */
async function readout(page: Page): Promise<{ t: number; frame: number }> {
  const text = (await page.textContent('#readout')) ?? '';
  return {
    t: Number(/t = ([\d.]+) s/.exec(text)?.[1] ?? Number.NaN),
    frame: Number(/frame (\d+)/.exec(text)?.[1] ?? Number.NaN),
  };
}

/** Waits until the open demo has run more than `n` frames (it is running, not paused). */
async function runsPast(page: Page, n: number): Promise<void> {
  await page.waitForFunction(
    (m) => Number(/frame (\d+)/.exec(document.getElementById('readout')!.textContent ?? '')?.[1]) > m,
    n,
  );
}

/**
 * Waits until demo `id` is the open one and has run more than `n` frames. A click on a demo link
 * routes through the `hashchange` event, so right after it the readout may still be the previous
 * demo's.
 */
async function runsOnceOpen(page: Page, id: string, n: number): Promise<void> {
  await page.waitForFunction(
    ({ want, m }) => {
      const s = window.__rikigaku!.state();
      return s.id === want && s.frames > m;
    },
    { want: id, m: n },
  );
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe.runIf(HAVE_CHROMIUM)('playground usability in Chromium', () => {
  let outDir: string;
  let server: PreviewServer;
  let browser: Browser;
  let url: string;
  const problems: string[] = [];

  /** A fresh page of the given size on `hash`, its errors collected into `problems`. */
  async function open(width: number, height: number, hash: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height } });
    page.setDefaultTimeout(20_000);
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    await page.goto(`${url}#${hash}`);
    await page.waitForFunction(() => window.__rikigaku?.ready === true);
    return page;
  }

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'rikigaku-usability-'));
    await build({ configFile: CONFIG, logLevel: 'error', build: { outDir, emptyOutDir: true } });
    server = await preview({
      configFile: CONFIG,
      logLevel: 'error',
      build: { outDir },
      preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
    });
    url = `http://127.0.0.1:${(server.httpServer.address() as AddressInfo).port}/`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--disable-background-networking', '--no-first-run', '--no-sandbox', '--disable-gpu'],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('a newly opened demo runs, after pausing a demo and after the workbook page', async () => {
    problems.length = 0;
    const page = await open(1280, 800, 'spring');
    await runsPast(page, 3);
    await page.click('#btn-play');
    expect(await page.textContent('#btn-play')).toBe('▶ play');
    await page.click('#demo-list a[data-id="rigid2d-stack"]');
    await runsOnceOpen(page, 'rigid2d-stack', 3);
    expect(await page.textContent('#btn-play')).toBe('pause');
    await page.click('#demo-list a[data-id="workbook"]');
    expect(await page.isVisible('#workbook-page')).toBe(true);
    await page.click('#demo-list a[data-id="fem-cantilever"]');
    await runsOnceOpen(page, 'fem-cantilever', 3);
    expect(await page.evaluate(() => window.__rikigaku!.running())).toBe(true);
    // back from the workbook to the demo that was open before it: it runs too
    await page.click('#demo-list a[data-id="workbook"]');
    await page.click('#demo-list a[data-id="fem-cantilever"]');
    const before = (await readout(page)).frame;
    await runsPast(page, before + 3);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('switching demos over and over (the balloon among them) raises no error and the plot keeps up', async () => {
    problems.length = 0;
    const page = await open(1280, 800, 'spring');
    const others = [
      'spring',
      'rigid2d-crate',
      'fem-cantilever',
      'xpbd-cloth-substeps',
      'fluid-smoke-plume',
      'lab-bounce',
      'xpbd-chain',
    ];
    for (let i = 0; i < 14; i++) {
      const id = i % 2 === 0 ? 'xpbd-balloon' : others[(i >> 1) % others.length]!;
      await page.click(`#demo-list a[data-id="${id}"]`);
      await runsOnceOpen(page, id, 4);
      expect(await page.isHidden('#error'), `${id}: ${await page.textContent('#error')}`).toBe(true);
      const plot = await page.evaluate(() => window.__rikigaku!.plot());
      expect(plot.length, id).toBeGreaterThan(0);
      // the plot holds this demo's samples, up to the current time
      const { t } = await readout(page);
      for (const p of plot) {
        expect(p.samples, id).toBeGreaterThan(1);
        expect(p.lastTime, id).toBeGreaterThan(0);
        expect(p.lastTime, id).toBeLessThanOrEqual(t + 1e-3);
      }
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  for (const id of ['spring', 'fem-cantilever']) {
    it(`${id}: the live plot and the canvas use the colours the demo declares`, async () => {
      problems.length = 0;
      const demo = findDemo(id)!;
      const page = await open(1280, 800, id);
      await page.evaluate((d) => window.__rikigaku!.open(d), id);
      await page.evaluate(() => window.__rikigaku!.stepFrames(40));
      const plot = await page.evaluate(() => window.__rikigaku!.plot());
      const keys = plot.flatMap((p) => p.keys);
      const want = resolveSeriesStyles(keys, demo.series);
      expect(plot.flatMap((p) => p.colors)).toEqual(want.map((s) => s.color));
      for (const s of want) expect(demo.series!.find((d) => d.key === s.key)!.color).toBe(s.color);
      // the canvas has pixels of each declared colour (within antialiasing)
      const counts = await page.evaluate(
        (colors) => {
          const c = document.getElementById('view') as HTMLCanvasElement;
          const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
          const rgb = colors.map((h) => [1, 3, 5].map((i) => Number.parseInt(h.slice(i, i + 2), 16)));
          const n = rgb.map(() => 0);
          for (let i = 0; i < data.length; i += 4) {
            rgb.forEach(([r, g, b], k) => {
              if (Math.abs(data[i]! - r!) + Math.abs(data[i + 1]! - g!) + Math.abs(data[i + 2]! - b!) < 24)
                n[k]!++;
            });
          }
          return n;
        },
        want.map((s) => s.color),
      );
      want.forEach((s, k) => {
        expect(counts[k], `${s.key} ${s.color} on the canvas`).toBeGreaterThan(10);
      });
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it('display switches (draw contacts, which curves) apply live: the simulation keeps its time', async () => {
    problems.length = 0;
    const page = await open(1280, 800, 'rigid2d-crate');
    await runsPast(page, 20);
    const before = await readout(page);
    const row = page.locator('#gui-host .lil-controller', { hasText: 'draw contacts' });
    await row.locator('input[type="checkbox"]').check();
    expect((await page.evaluate(() => window.__rikigaku!.state())).params.contacts).toBe(true);
    // not rebuilt: the frame count did not start over
    expect((await page.evaluate(() => window.__rikigaku!.state())).frames).toBeGreaterThanOrEqual(
      before.frame,
    );
    await runsPast(page, before.frame + 5);
    const after = await readout(page);
    expect(after.frame).toBeGreaterThan(before.frame);
    expect(after.t).toBeGreaterThan(before.t);
    // the spring's curve switches too: a new curve joins the plot, the time runs on
    await page.click('#demo-list a[data-id="spring"]');
    await runsOnceOpen(page, 'spring', 20);
    const s0 = await readout(page);
    const midpoint = page.locator('#gui-host .lil-controller', { hasText: 'implicit midpoint' });
    await midpoint.locator('input[type="checkbox"]').check();
    expect((await page.evaluate(() => window.__rikigaku!.state())).frames).toBeGreaterThanOrEqual(s0.frame);
    await runsPast(page, s0.frame + 5);
    const s1 = await readout(page);
    expect(s1.frame).toBeGreaterThan(s0.frame);
    const keys = (await page.evaluate(() => window.__rikigaku!.plot())).flatMap((p) => p.keys);
    expect(keys).toContain('implicit-midpoint');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the live plot: one y axis per unit, axes named, y labels fit (minus signs too), legend in view', async () => {
    problems.length = 0;
    const page = await open(1280, 800, 'rigid2d-crate');
    await page.evaluate(() => window.__rikigaku!.open('rigid2d-crate'));
    await page.evaluate(() => window.__rikigaku!.stepFrames(30));
    const crate = await page.evaluate(() => window.__rikigaku!.plot());
    expect(crate.map((p) => p.unit)).toEqual(['J', 'm']);
    for (const p of crate) {
      expect(p.xLabel).toBe('time [s]');
      expect(p.yLabel).toContain(`[${p.unit}]`);
    }
    // the first legend is above its plot and inside the window, without scrolling
    const legend = (await page.locator('#plot .u-legend').first().boundingBox())!;
    const canvas = (await page.locator('#plot .u-over').first().boundingBox())!;
    expect(legend.y).toBeLessThan(canvas.y);
    expect(legend.y + legend.height).toBeLessThanOrEqual(800);
    // negative, many-digit tick labels (the cantilever's tip sinks below 0) fit the axis
    await page.evaluate(() => window.__rikigaku!.open('fem-cantilever'));
    await page.evaluate(() => window.__rikigaku!.stepFrames(60));
    const beam = await page.evaluate(() => window.__rikigaku!.plot());
    expect(beam).toHaveLength(1);
    expect(beam[0]!.yLabel).toBe('[m]');
    expect(beam[0]!.negativeLabels).toBe(true);
    expect(beam[0]!.yAxisSize).toBeGreaterThanOrEqual(beam[0]!.yLabelsWidth);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the parameter panel never covers the canvas (wide and 420 px)', async () => {
    problems.length = 0;
    for (const [w, h] of [
      [1280, 800],
      [420, 860],
    ] as const) {
      const page = await open(w, h, 'rigid2d-crate');
      const panel = (await page.locator('#gui-host').boundingBox())!;
      const view = (await page.locator('#view').boundingBox())!;
      expect(panel.width).toBeGreaterThan(100);
      expect(
        overlaps(panel, view),
        `${w}px: panel ${JSON.stringify(panel)} over canvas ${JSON.stringify(view)}`,
      ).toBe(false);
      await page.close();
    }
    expect(problems).toEqual([]);
  });

  it('at 420 px wide the page fits: no sideways scrolling, a wide canvas, the list and the controls', async () => {
    problems.length = 0;
    const page = await open(420, 860, 'rigid2d-pyramid');
    await runsPast(page, 3);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(420);
    const view = (await page.locator('#view').boundingBox())!;
    expect(view.width).toBeGreaterThan(360);
    expect(view.height).toBeGreaterThan(200);
    expect(view.x).toBeGreaterThanOrEqual(0);
    expect(view.x + view.width).toBeLessThanOrEqual(420);
    expect(await page.isVisible('#filter')).toBe(true);
    const play = (await page.locator('#btn-play').boundingBox())!;
    expect(play.x + play.width).toBeLessThanOrEqual(420);
    const plot = (await page.locator('#plot').boundingBox())!;
    expect(plot.x + plot.width).toBeLessThanOrEqual(420);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('an unknown #demo says so; a filter without matches says so', async () => {
    problems.length = 0;
    const page = await open(1280, 800, 'no-such-demo');
    expect(await page.isVisible('#notice')).toBe(true);
    expect(await page.textContent('#notice')).toContain('no-such-demo');
    await page.click('#demo-list a[data-id="rigid2d-stack"]');
    expect(await page.isHidden('#notice')).toBe(true);
    await page.fill('#filter', 'zzzz-nothing');
    expect(await page.isVisible('#demo-list .no-match')).toBe(true);
    expect(await page.textContent('#demo-list .no-match')).toContain('no demo matches');
    await page.fill('#filter', 'pyramid');
    expect(await page.isHidden('#demo-list .no-match')).toBe(true);
    expect(await page.isVisible('#demo-list a[data-id="rigid2d-pyramid"]')).toBe(true);
    // the API reference is linked when built, otherwise the sidebar says how to build it
    expect(await page.textContent('#api-link')).toContain('API reference');
    const href = await page.getAttribute('#api-link', 'href');
    if (existsSync(join(ROOT, 'docs/api/index.html'))) {
      expect(href).toBe('api/index.html');
      expect((await page.request.get(new URL(href!, url).href)).status()).toBe(200);
    } else {
      expect(href).toBeNull();
    }
    expect(problems).toEqual([]);
    await page.close();
  });
});
