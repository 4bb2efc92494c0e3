/**
 * "Identical bits in every JavaScript engine": the portable sin/cos/atan2/exp computed in Node
 * and in Chromium (another V8 build, with its own JIT tiers) must agree bit for bit on a few
 * thousand inputs. Skipped outside CI when Chromium is missing; a failure in CI.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { patan2, pcos, pexp, psin } from '../../src/math/portable.js';

const CHROMIUM = '/usr/bin/chromium';
const HAVE = existsSync(CHROMIUM);
const IN_CI = process.env.CI === 'true';

/** The inputs: spread over many magnitudes, deterministic (no Math.random). */
function inputs(): number[] {
  const xs: number[] = [0, -0, 1, -1, Math.PI, Math.PI / 2, 1e-300, 5e-324, 700, -745, 1e7, -3.5e6];
  let s = 12345;
  for (let i = 0; i < 3000; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const mant = s / 4294967296 - 0.5;
    const exp = (i % 40) - 20;
    xs.push(mant * 2 ** exp * 10);
  }
  return xs;
}

function bits(values: number[]): string[] {
  const f = new Float64Array(1);
  const u = new BigUint64Array(f.buffer);
  return values.map((v) => {
    f[0] = v;
    return u[0]!.toString(16);
  });
}

function computeAll(
  fns: {
    psin: (x: number) => number;
    pcos: (x: number) => number;
    patan2: (y: number, x: number) => number;
    pexp: (x: number) => number;
  },
  xs: number[],
): number[] {
  const out: number[] = [];
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i]!;
    const y = xs[(i * 7 + 3) % xs.length]!;
    out.push(fns.psin(x), fns.pcos(x), fns.patan2(y, x), fns.pexp(Math.max(-700, Math.min(700, x))));
  }
  return out;
}

describe('portable elementary functions across engines', () => {
  if (!HAVE && IN_CI) {
    it('needs Chromium in CI', () => {
      throw new Error(`Chromium not found at ${CHROMIUM}: install it with apt-get install -y chromium`);
    });
    return;
  }
  it.skipIf(!HAVE)('Node and Chromium produce bit-identical psin, pcos, patan2, pexp', async () => {
    const source = readFileSync(join(import.meta.dirname, '../../src/math/portable.ts'), 'utf8');
    const js = ts
      .transpileModule(source, {
        compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
      })
      .outputText.replace(/^export /gm, '');
    const xs = inputs();
    const node = bits(computeAll({ psin, pcos, patan2, pexp }, xs));
    const browser = await chromium.launch({
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
    try {
      const page = await browser.newPage();
      const fromBrowser = (await page.evaluate(
        ({ code, xs, compute }) => {
          // the transpiled module and the same computation as in Node, shipped into the page
          const fns = new Function(`${code}; return { psin, pcos, patan2, pexp };`)();
          const run = new Function(`return (${compute});`)();
          const values: number[] = run(fns, xs);
          const f = new Float64Array(1);
          const u = new BigUint64Array(f.buffer);
          return values.map((v) => {
            f[0] = v;
            return u[0]!.toString(16);
          });
        },
        { code: js, xs, compute: computeAll.toString() },
      )) as string[];
      expect(fromBrowser.length).toBe(node.length);
      let mismatches = 0;
      for (let i = 0; i < node.length; i++) if (fromBrowser[i] !== node[i]) mismatches++;
      expect(mismatches).toBe(0);
    } finally {
      await browser.close();
    }
  });
});
