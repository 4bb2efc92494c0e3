/**
 * The networked demo in a real browser: the built playground served by Vite's preview server,
 * which also hosts the game server on /net (src/server/vite-plugin.ts, as `npm start` does), and two
 * Chromium pages (playwright-core, the system Chromium, as in playground.test.ts) that join
 * `#net-push-boxes` as two players of one world. Each pushes its disc with the arrow keys, and
 * each sees the other's disc move; the desync check agrees with the server, and catches a desync
 * injected on one page; no page errors.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build, type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CHROMIUM = process.env.RIKIGAKU_CHROMIUM ?? '/usr/bin/chromium';
const HAVE_CHROMIUM = existsSync(CHROMIUM);
const IN_CI = process.env.CI === 'true';
const ROOT = join(import.meta.dirname, '../..');
const CONFIG = join(ROOT, 'playground/vite.config.ts');

describe.runIf(!HAVE_CHROMIUM && IN_CI)('networked demo (CI without Chromium)', () => {
  it('needs Chromium at /usr/bin/chromium', () => {
    throw new Error(`browser tests: ${CHROMIUM} is missing; install it with \`apt-get install -y chromium\``);
  });
});

type NetState = ReturnType<NonNullable<Window['__rikigakuNet']>['state']>;

const netState = (page: Page): Promise<NetState> => page.evaluate(() => window.__rikigakuNet!.state());

/** The position of player `p`'s disc as page `page` sees it. */
async function discOf(page: Page, p: number): Promise<[number, number]> {
  const s = await netState(page);
  return [s.positions[2 * p]!, s.positions[2 * p + 1]!];
}

describe.runIf(HAVE_CHROMIUM)('networked push-boxes demo in Chromium', () => {
  let outDir: string;
  let server: PreviewServer;
  let browser: Browser;
  let url: string;
  const problems: string[] = [];

  async function open(): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
    page.setDefaultTimeout(30_000);
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    await page.goto(`${url}#net-push-boxes`);
    await page.waitForFunction(() => window.__rikigakuNet?.state().connected === true);
    return page;
  }

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'rikigaku-net-demo-'));
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
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('two pages join one world; each pushes, and each sees the other’s disc move', async () => {
    const a = await open();
    const b = await open();
    const [sa, sb] = [await netState(a), await netState(b)];
    expect(sa.players).toBeGreaterThanOrEqual(2);
    expect(sa.player).not.toBe(sb.player);
    expect(await a.textContent('#net-page h1')).toBe('Push boxes over the network');

    // page A pushes right with the arrow key; page B sees A's disc move
    const aFromB = await discOf(b, sa.player);
    await a.bringToFront();
    await a.keyboard.down('ArrowRight');
    await b.waitForFunction(({ p, x0 }) => window.__rikigakuNet!.state().positions[2 * p]! > x0 + 0.5, {
      p: sa.player,
      x0: aFromB[0],
    });
    await a.keyboard.up('ArrowRight');
    // page B pushes up; page A sees B's disc move
    const bFromA = await discOf(a, sb.player);
    await b.bringToFront();
    await b.keyboard.down('ArrowUp');
    await a.waitForFunction(({ p, y0 }) => window.__rikigakuNet!.state().positions[2 * p + 1]! > y0 + 0.5, {
      p: sb.player,
      y0: bFromA[1],
    });
    await b.keyboard.up('ArrowUp');

    // with latency, jitter and loss on page B's link, B re-joins with a lead covering the round
    // trip, its pushes still move its disc, and it keeps rolling back in sync
    for (const [id, v] of [
      ['#net-latencyMs', '100'],
      ['#net-jitterMs', '30'],
      ['#net-loss', '0.1'],
    ] as const)
      await b.$eval(
        id,
        (e, value) => {
          (e as HTMLInputElement).value = value;
          e.dispatchEvent(new Event('input'));
          e.dispatchEvent(new Event('change'));
        },
        v,
      );
    expect(await b.textContent('#net-latencyMs-value')).toBe('100 ms');
    await b.waitForFunction(() => {
      const s = window.__rikigakuNet!.state();
      return s.connected && s.lead === 18;
    });
    const sb2 = await netState(b);
    const bLagged = await discOf(a, sb2.player);
    await b.bringToFront();
    await b.keyboard.down('ArrowLeft');
    await a.waitForFunction(({ p, x0 }) => window.__rikigakuNet!.state().positions[2 * p]! < x0 - 0.5, {
      p: sb2.player,
      x0: bLagged[0],
    });
    await b.keyboard.up('ArrowLeft');
    const before = (await netState(b)).rollbacks;
    await b.waitForFunction(
      ({ r }) => {
        const s = window.__rikigakuNet!.state();
        return s.rollbacks > r + 20 && s.checked >= 2;
      },
      { r: before },
    );
    for (const page of [a, b]) {
      const s = await netState(page);
      expect(s.desyncTick).toBeNull();
      expect(s.error).toBe('');
      await page.waitForFunction(() =>
        document.getElementById('net-desync')!.textContent!.includes('in sync'),
      );
    }
    // an injected desync (one snapshot on page A moved by a micrometre) turns A's indicator red
    await a.click('#net-inject');
    await a.waitForFunction(() => window.__rikigakuNet!.state().desyncTick !== null);
    const tick = (await netState(a)).desyncTick!;
    expect(tick % 30).toBe(0);
    await a.waitForFunction(() => document.getElementById('net-desync')!.textContent!.includes('desync'));
    expect(await a.textContent('#net-desync')).toContain(`tick ${tick}`);
    expect((await netState(b)).desyncTick).toBeNull();
    // RIKIGAKU_NET_SCREENSHOT=file.png keeps a picture of page B for a look
    const shot = process.env.RIKIGAKU_NET_SCREENSHOT;
    if (shot) await b.screenshot({ path: shot, fullPage: true });
    expect(problems).toEqual([]);
    await a.close();
    await b.close();
  }, 120_000);
});
