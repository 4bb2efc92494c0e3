/**
 * Determinism across JavaScript engines (textbook §26.5): the same scenes stepped in Node and in
 * headless Chromium (another V8 build with its own JIT tiers and code paths) end with bit-identical
 * state hashes, and the hashes are pinned here, so a change that moves any last bit of any scene is
 * seen. (A changed pin after an intended physics change is updated with `vitest -u`; an unintended
 * one is a determinism bug.) Skipped outside CI when Chromium is missing; a failure in CI.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { determinismHashes } from './scenes.js';

const CHROMIUM = '/usr/bin/chromium';
const HAVE = existsSync(CHROMIUM);
const IN_CI = process.env.CI === 'true';

describe('state hashes across JavaScript engines', () => {
  const node = determinismHashes();

  it('are the same on every run in one engine', () => {
    expect(determinismHashes()).toEqual(node);
  });

  it('are pinned', () => {
    expect(node).toMatchInlineSnapshot(`
      {
        "mpm snow on sand (800 substeps)": "4eadc1a49a59f984",
        "rigid2d chain (20 revolute joints, 600 steps)": "9ec9ba17ed56046f",
        "rigid2d pyramid (55 boxes, 600 steps)": "32f2d0e3edcebca4",
        "rigid2d tumbler (60 shapes, 600 steps)": "b1d488f1717f3548",
        "rigid3d pyramid hit by a ball (300 steps)": "20a4afbbeeaaaf5e",
        "smoke 32² (120 steps)": "27f91b39b678c730",
        "xpbd cloth on a sphere (300 steps)": "444fc90410db93a8",
      }
    `);
  });

  if (!HAVE && IN_CI) {
    it('needs Chromium in CI', () => {
      throw new Error(`Chromium not found at ${CHROMIUM}: install it with apt-get install -y chromium`);
    });
    return;
  }
  it.skipIf(!HAVE)(
    'Chromium gives the hashes Node gives',
    async () => {
      const bundle = await build({
        entryPoints: [join(import.meta.dirname, 'scenes.ts')],
        bundle: true,
        format: 'iife',
        globalName: 'Determinism',
        platform: 'browser',
        target: 'es2022',
        write: false,
      });
      const code = bundle.outputFiles[0]!.text;
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: [
          '--disable-background-networking',
          '--disable-component-update',
          '--no-first-run',
          '--no-sandbox',
          '--disable-gpu',
        ],
      });
      try {
        const page = await browser.newPage();
        const fromBrowser = await page.evaluate((src) => {
          const mod = new Function(`${src}; return Determinism;`)() as {
            determinismHashes(): Record<string, string>;
          };
          return mod.determinismHashes();
        }, code);
        expect(fromBrowser).toEqual(node);
      } finally {
        await browser.close();
      }
    },
    120_000,
  );
});
