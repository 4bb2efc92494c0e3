/**
 * The browser tests' set-up: a Vite build of the playground served by Vite's preview server, the
 * system Chromium driven by playwright-core (never a downloaded browser), and a page that records
 * console errors, page errors and failed requests and has waited for the playground to be ready.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build, type PreviewServer, preview } from 'vite';

/** The system Chromium (override with RIKIGAKU_CHROMIUM, e.g. to check the skip path). */
export const CHROMIUM = process.env.RIKIGAKU_CHROMIUM ?? '/usr/bin/chromium';
/** Whether that Chromium exists (the browser tests are skipped without it outside CI). */
export const HAVE_CHROMIUM = existsSync(CHROMIUM);
/** The repository root. */
export const ROOT = join(import.meta.dirname, '../..');
/** Where the browser tests write screenshots and timings. */
export const ARTIFACTS = join(ROOT, 'test-artifacts/playground');
const CONFIG = join(ROOT, 'playground/vite.config.ts');

/** A built and served playground with a running Chromium. */
export interface PlaygroundBrowser {
  /** the served playground's address */
  url: string;
  /** the Chromium instance */
  browser: Browser;
  /** closes Chromium and the server and removes the build */
  close(): Promise<void>;
}

/** Builds the playground into a temporary folder (named after `prefix`), serves it and starts Chromium. */
export async function startPlayground(prefix: string): Promise<PlaygroundBrowser> {
  const outDir = mkdtempSync(join(tmpdir(), `rikigaku-${prefix}-`));
  let server: PreviewServer | undefined;
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    await server?.close();
    rmSync(outDir, { recursive: true, force: true });
  };
  try {
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
    mkdirSync(ARTIFACTS, { recursive: true });
    return { url: `http://127.0.0.1:${address.port}/`, browser, close };
  } catch (e) {
    await close();
    throw e;
  }
}

/**
 * Opens the playground in a new page of `viewport` size, pushing every console error, page error
 * and failed request into `problems`, and waits until the playground says it is ready.
 */
export async function openPlaygroundPage(
  pg: PlaygroundBrowser,
  viewport: { width: number; height: number },
  timeoutMs: number,
  problems: string[],
): Promise<Page> {
  const page = await pg.browser.newPage({ viewport });
  page.setDefaultTimeout(timeoutMs);
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.goto(pg.url);
  await page.waitForFunction(() => window.__rikigaku?.ready === true);
  return page;
}
