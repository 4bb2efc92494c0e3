/**
 * The playground in a real browser: build it with Vite into a temp folder, serve it with Vite's
 * preview server on 127.0.0.1, open every demo of the registry in Chromium (playwright-core, the
 * system's /usr/bin/chromium; Playwright never downloads a browser), step it 120 frames through
 * the page's test hook, and check: no console or page error, a non-blank canvas, a screenshot
 * saved to test-artifacts/playground/. Without Chromium the tests are skipped outside CI and
 * fail in CI.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build, type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demos } from '../../src/demos/index.js';
import { workbookSections } from '../../src/workbook/index.js';

/** The system Chromium (override with RIKIGAKU_CHROMIUM, e.g. to check the skip path). */
const CHROMIUM = process.env.RIKIGAKU_CHROMIUM ?? '/usr/bin/chromium';
const HAVE_CHROMIUM = existsSync(CHROMIUM);
const IN_CI = process.env.CI === 'true';
const ROOT = join(import.meta.dirname, '../..');
const CONFIG = join(ROOT, 'playground/vite.config.ts');
const ARTIFACTS = join(ROOT, 'test-artifacts/playground');
const FRAMES = 120;

/** The example scene files, which the playground lists after the registry's demos as `scene-<name>`. */
const SCENES_DIR = join(ROOT, 'examples/scenes');
const scenes = (
  existsSync(SCENES_DIR)
    ? readdirSync(SCENES_DIR)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : []
).map((f) => {
  const json = JSON.parse(readFileSync(join(SCENES_DIR, f), 'utf8')) as { title?: string };
  const name = f.replace(/\.json$/, '');
  return { id: `scene-${name}`, title: json.title ?? name, domain: 'scene', params: [] as unknown[] };
});
/** Everything the sidebar opens: the registry's demos, then the scenes. */
const entries = [...demos, ...scenes];

if (!HAVE_CHROMIUM && !IN_CI) {
  console.log('browser tests skipped: install Chromium with `apt-get install -y chromium`');
}

describe.runIf(!HAVE_CHROMIUM && IN_CI)('browser (CI without Chromium)', () => {
  it('needs Chromium at /usr/bin/chromium', () => {
    throw new Error(
      `browser tests: ${CHROMIUM} is missing; in CI install it with \`apt-get install -y chromium\``,
    );
  });
});

describe.runIf(HAVE_CHROMIUM)('playground in Chromium', () => {
  let outDir: string;
  let server: PreviewServer;
  let browser: Browser;
  let page: Page;
  let url: string;
  const problems: string[] = [];

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'rikigaku-playground-'));
    await build({ configFile: CONFIG, logLevel: 'error', build: { outDir, emptyOutDir: true } });
    server = await preview({
      configFile: CONFIG,
      logLevel: 'error',
      build: { outDir },
      preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
    });
    const address = server.httpServer.address() as AddressInfo;
    url = `http://127.0.0.1:${address.port}/`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--no-sandbox',
        '--disable-gpu',
      ],
    });
    page = await browser.newPage({ viewport: { width: 1100, height: 1100 } });
    page.setDefaultTimeout(15_000);
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.goto(url);
    await page.waitForFunction(() => window.__rikigaku?.ready === true);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('loads without errors and lists every demo of the registry, grouped by domain, then the workbook', async () => {
    expect(await page.evaluate(() => window.__rikigaku!.demoIds())).toEqual(entries.map((d) => d.id));
    const links = await page.$$eval('#demo-list a', (as) => as.map((a) => (a as HTMLElement).dataset.id));
    expect([...links].sort()).toEqual([...entries.map((d) => d.id), 'workbook'].sort());
    const groups = await page.$$eval('#demo-list .group', (gs) =>
      gs.map((g) => (g as HTMLElement).dataset.domain),
    );
    expect(new Set(groups.filter(Boolean))).toEqual(new Set(entries.map((d) => d.domain)));
    // the labs come last among the demo groups, under "Lab"
    if (demos.some((d) => d.domain === 'lab')) {
      expect(groups.filter(Boolean).at(-1)).toBe('lab');
      expect(await page.textContent('.group[data-domain="lab"] h2')).toBe('Lab');
    }
    expect(problems).toEqual([]);
  });

  for (const demo of entries) {
    it(`demo '${demo.id}' runs ${FRAMES} frames without errors and draws something`, async () => {
      problems.length = 0;
      await page.evaluate((id) => window.__rikigaku!.open(id), demo.id);
      expect(await page.textContent('#demo-title')).toBe(demo.title);
      const r = await page.evaluate((n) => window.__rikigaku!.stepFrames(n), FRAMES);
      await page.locator('#demo-page').screenshot({ path: join(ARTIFACTS, `${demo.id}.png`) });
      expect(problems, problems.join('\n')).toEqual([]);
      expect(r.frames).toBe(FRAMES);
      expect(Number.isFinite(r.time)).toBe(true);
      expect(r.time).toBeGreaterThan(0);
      // non-blank: a sample of every 7th pixel has some that are not the white background
      expect(r.painted).toBeGreaterThan(20);
      expect(await page.isHidden('#error')).toBe(true);
      // pointer input reaches the demo in world coordinates without breaking it
      const box = (await page.locator('#view').boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.4);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5, { steps: 3 });
      await page.mouse.up();
      const after = await page.evaluate(() => window.__rikigaku!.stepFrames(5));
      expect(after.frames).toBe(FRAMES + 5);
      expect(problems, problems.join('\n')).toEqual([]);
      // the parameter panel has one control per declared parameter; the live plot exists when there are series
      expect(await page.locator('#gui-host .lil-controller').count()).toBe(demo.params?.length ?? 0);
      expect(await page.locator('#plot .uplot').count()).toBe(r.series > 0 ? 1 : 0);
      expect(await page.locator('#stats span').count()).toBe(r.stats);
      // the 3D and particle demos step thousands of bodies or particles per frame: on a loaded
      // two-core machine (software WebGL for the 3D views) 125 frames can take one or two minutes
    }, 300_000);
  }

  it.runIf(demos.length > 0)(
    'step, play, pause and reset drive the running demo; the filter narrows the list',
    async () => {
      problems.length = 0;
      const demo = demos[0]!;
      await page.evaluate((id) => window.__rikigaku!.open(id), demo.id);
      const frame = async () =>
        Number(/frame (\d+)/.exec((await page.textContent('#readout')) ?? '')?.[1] ?? -1);
      await page.click('#btn-step');
      await page.click('#btn-step');
      expect(await frame()).toBe(2);
      expect(await page.textContent('#btn-play')).toBe('▶ play');
      await page.click('#btn-play');
      expect(await page.textContent('#btn-play')).toBe('pause');
      await page.waitForFunction(
        () => Number(/frame (\d+)/.exec(document.getElementById('readout')!.textContent ?? '')?.[1]) > 5,
      );
      await page.click('#btn-play');
      const paused = await frame();
      expect(paused).toBeGreaterThan(2);
      await page.click('#btn-reset');
      await page.click('#btn-step');
      expect(await frame()).toBe(1);

      await page.fill('#filter', demo.id);
      const visible = await page.$$eval('#demo-list a', (as) =>
        as
          .filter((a) => !(a as HTMLElement).hidden && !(a.parentElement as HTMLElement).hidden)
          .map((a) => (a as HTMLElement).dataset.id),
      );
      expect(visible).toContain(demo.id);
      expect(visible).not.toContain('workbook');
      await page.fill('#filter', '');
      expect(problems).toEqual([]);
    },
  );

  const tunable = demos
    .map((d) => ({ demo: d, index: (d.params ?? []).findIndex((q) => q.kind === 'number' && q.max > q.min) }))
    .find((x) => x.index >= 0);
  it.runIf(tunable !== undefined)(
    'editing a parameter in the panel rebuilds the demo with the new value',
    async () => {
      problems.length = 0;
      const { demo, index } = tunable!;
      const param = demo.params![index]! as {
        key: string;
        kind: 'number';
        default: number;
        min: number;
        max: number;
      };
      const value = param.default === param.min ? param.max : param.min;
      await page.evaluate((id) => window.__rikigaku!.open(id), demo.id);
      await page.evaluate(() => window.__rikigaku!.stepFrames(3));
      expect((await page.evaluate(() => window.__rikigaku!.state())).frames).toBe(3);
      const input = page.locator('#gui-host .lil-controller').nth(index).locator('input').first();
      await input.fill(String(value));
      await input.blur();
      const state = await page.evaluate(() => window.__rikigaku!.state());
      expect(state.id).toBe(demo.id);
      expect(state.params[param.key]).toBe(value);
      expect(state.frames).toBe(0);
      const r = await page.evaluate(() => window.__rikigaku!.stepFrames(10));
      expect(r.frames).toBe(10);
      expect(problems, problems.join('\n')).toEqual([]);
    },
  );

  it('a scene file dropped on the page runs like the examples; a bad one shows its error', async () => {
    problems.length = 0;
    const drop = (name: string, text: string) =>
      page.evaluate(
        ([n, t]) => {
          const dt = new DataTransfer();
          dt.items.add(new File([t!], n!, { type: 'application/json' }));
          window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
        },
        [name, text],
      );
    const scene = {
      format: 'rikigaku/rigid2d@1',
      title: 'Dropped ball',
      bodies: [
        { type: 'static', shapes: [{ kind: 'box', halfWidth: 5, halfHeight: 0.5, center: [0, -0.5] }] },
        { position: [0, 2], shapes: [{ kind: 'circle', radius: 0.5 }] },
      ],
    };
    await drop('dropped.json', JSON.stringify(scene));
    await page.waitForFunction(() => window.__rikigaku!.state().id === 'scene-dropped');
    expect(await page.textContent('#demo-title')).toBe('Dropped ball');
    expect(await page.locator('#demo-list a[data-id="scene-dropped"]').count()).toBe(1);
    await page.evaluate(() => window.__rikigaku!.open('scene-dropped')); // paused and reset: exact stepping
    const r = await page.evaluate(() => window.__rikigaku!.stepFrames(60));
    expect(r.frames).toBe(60);
    expect(r.painted).toBeGreaterThan(20);
    expect(problems).toEqual([]);

    await drop('broken.json', JSON.stringify({ format: 'rikigaku/rigid2d@1', bodies: [{ mass: -1 }] }));
    await page.waitForFunction(() => window.__rikigaku!.state().id === 'scene-broken');
    expect(await page.isVisible('#error')).toBe(true);
    expect(await page.textContent('#error')).toMatch(/^scene-broken: .*bodies\[0\]/);
    await expect.poll(() => problems.length).toBeGreaterThan(0); // the error is also logged to the console
    problems.length = 0;
  });

  it('the workbook page lists the sections and steps through an example one step at a time', async () => {
    problems.length = 0;
    await page.evaluate(() => window.__rikigaku!.open('workbook'));
    const tabs = await page.$$eval('#workbook-page .section-tabs a', (as) => as.length);
    expect(tabs).toBe(workbookSections.length);
    for (const s of workbookSections) {
      await page.evaluate((id) => window.__rikigaku!.open(`workbook/${id}`), s.id);
      const examples = s.examples();
      const cards = page.locator('#workbook-page .wb-example');
      expect(await cards.count()).toBe(examples.length);
      const ex = examples.find((e) => e.steps.length >= 2);
      if (!ex) continue;
      const card = page.locator(`#workbook-page .wb-example[data-id="${ex.id}"]`);
      expect(await card.locator('.wb-step').count()).toBe(1);
      await card.getByRole('button', { name: 'next step ▶' }).click();
      expect(await card.locator('.wb-step').count()).toBe(2);
      if (ex.steps.length > 2) await card.getByRole('button', { name: 'show all' }).click();
      expect(await card.locator('.wb-step').count()).toBe(ex.steps.length);
      expect(await card.getByRole('button', { name: 'show all' }).isDisabled()).toBe(true);
      await card.getByRole('button', { name: '◀ previous' }).click();
      expect(await card.locator('.wb-step').count()).toBe(ex.steps.length - 1);
    }
    await page.screenshot({ path: join(ARTIFACTS, 'workbook.png') });
    expect(problems).toEqual([]);
  });

  it('an unknown hash falls back to the default page without errors', async () => {
    problems.length = 0;
    await page.evaluate(() => window.__rikigaku!.open('no-such-demo'));
    const empty = await page.isVisible('#empty-page');
    expect(empty).toBe(demos.length === 0);
    expect(problems).toEqual([]);
  });
});
