/**
 * Determinism across JavaScript engines (textbook §26.5): the same scenes stepped in Node, in
 * headless Chromium (another V8 build with its own JIT tiers and code paths) and in QuickJS (a
 * different engine altogether, an interpreter compiled to WebAssembly: `quickjs-emscripten`) end with
 * bit-identical state hashes (QuickJS runs the shorter versions: it is about 50× slower), and the
 * hashes are pinned here, so a change that moves any last bit of any scene is
 * seen. (A changed pin after an intended physics change is updated with `vitest -u`; an unintended
 * one is a determinism bug.) Skipped outside CI when Chromium is missing; a failure in CI.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { getQuickJS } from 'quickjs-emscripten';
import { describe, expect, it } from 'vitest';
import { determinismHashes, shortDeterminismHashes } from './scenes.js';

const CHROMIUM = '/usr/bin/chromium';
const HAVE = existsSync(CHROMIUM);
const IN_CI = process.env.CI === 'true';

/** scenes.ts bundled into one script that defines the global `Determinism`. */
async function bundledScenes(): Promise<string> {
  const bundle = await build({
    entryPoints: [join(import.meta.dirname, 'scenes.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'Determinism',
    platform: 'neutral',
    target: 'es2020',
    write: false,
  });
  return bundle.outputFiles[0]!.text;
}

describe('state hashes across JavaScript engines', () => {
  const node = determinismHashes();
  const nodeShort = shortDeterminismHashes();

  it("QuickJS gives the (short scenes') hashes Node gives", async () => {
    const code = await bundledScenes();
    const QuickJS = await getQuickJS();
    const vm = QuickJS.newContext();
    try {
      vm.runtime.setMemoryLimit(512 * 1024 * 1024);
      vm.runtime.setMaxStackSize(4 * 1024 * 1024);
      const result = vm.evalCode(`${code}; JSON.stringify(Determinism.shortDeterminismHashes())`);
      if (result.error) {
        const err = vm.dump(result.error);
        result.error.dispose();
        throw new Error(`QuickJS: ${JSON.stringify(err)}`);
      }
      const fromQuickJs = JSON.parse(vm.dump(result.value) as string);
      result.value.dispose();
      expect(fromQuickJs).toEqual(nodeShort);
    } finally {
      vm.dispose();
    }
  }, 180_000);

  it('short scenes are pinned', () => {
    expect(nodeShort).toMatchInlineSnapshot(`
      {
        "mpm snow on sand (80 substeps)": "4d392cc0b6c6123e",
        "rigid2d chain (20 revolute joints, 120 steps)": "f963e5852c32d9c9",
        "rigid2d pyramid (55 boxes, 120 steps)": "a6506b88ef2e89eb",
        "rigid2d tumbler (60 shapes, 120 steps)": "9026e81ad264b549",
        "rigid3d pyramid hit by a ball (60 steps)": "046b7fcd2ebf5512",
        "smoke 32² (20 steps)": "f9655708079b1bfd",
        "xpbd cloth on a sphere (60 steps)": "c8084cb3c34534e8",
      }
    `);
  });

  it('are the same on every run in one engine', () => {
    expect(determinismHashes()).toEqual(node);
  });

  it('are pinned', () => {
    expect(node).toMatchInlineSnapshot(`
      {
        "mpm snow on sand (800 substeps)": "25bdd2181f51e5f1",
        "rigid2d chain (20 revolute joints, 600 steps)": "14a21c87d18a0d03",
        "rigid2d pyramid (55 boxes, 600 steps)": "32f2d0e3edcebca4",
        "rigid2d tumbler (60 shapes, 600 steps)": "46c66306aac2d79a",
        "rigid3d pyramid hit by a ball (300 steps)": "d7e3f57208cac1da",
        "smoke 32² (120 steps)": "861042f9c690f695",
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
