/**
 * Determinism (textbook §26.5): the engines' step code uses only operations whose results are the
 * same bits in every JavaScript engine — +, −, ×, ÷, Math.sqrt/abs/min/max/floor/round/sign/fround
 * and the portable functions of src/math (psin, pcos, patan2, pexp, plog). `Math.sin`, `Math.exp`,
 * `Math.hypot`, `**` with a non-integer exponent and the like are only "implementation-approximated"
 * by ECMAScript, so their last bits may differ between V8, SpiderMonkey and JavaScriptCore.
 * A line may opt out with a `portable-math: exempt (reason)` comment on it or the line above
 * (drawing code, colours), which this test lists so the exemptions stay visible.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const ENGINE_FOLDERS = [
  'math',
  'geometry',
  'integrators',
  'spatial',
  'dynamics',
  'rigid2d',
  'rigid3d',
  'xpbd',
  'fem',
  'particles',
  'mpm',
  'fluid',
  'water',
];
const FORBIDDEN =
  /\bMath\.(sin|cos|tan|asin|acos|atan|atan2|sinh|cosh|tanh|asinh|acosh|atanh|exp|expm1|log|log1p|log2|log10|pow|hypot|cbrt)\s*\(/;
/** `x ** e` whose exponent is not a small integer literal */
const NON_INTEGER_POWER = /\*\*\s*(?![0-9]+\b(?!\.))[^\s;,)]/;

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p));
    else if (name.endsWith('.ts')) out.push(p);
  }
  return out;
}

function scan(): { violations: string[]; exempt: string[] } {
  const violations: string[] = [];
  const exempt: string[] = [];
  for (const folder of ENGINE_FOLDERS) {
    let list: string[];
    try {
      list = files(join(ROOT, 'src', folder));
    } catch {
      continue;
    }
    for (const file of list) {
      const lines = readFileSync(file, 'utf8').split('\n');
      let inComment = false;
      lines.forEach((line, i) => {
        const trimmed = line.trim();
        if (trimmed.startsWith('/*')) inComment = true;
        const comment = inComment || trimmed.startsWith('//') || trimmed.startsWith('*');
        if (trimmed.includes('*/')) inComment = false;
        if (comment) return;
        const code = line.replace(/\/\/.*$/, '').replace(/'[^']*'|"[^"]*"|`[^`]*`/g, "''");
        if (!FORBIDDEN.test(code) && !NON_INTEGER_POWER.test(code)) return;
        const where = `${relative(ROOT, file)}:${i + 1}: ${trimmed}`;
        if (
          line.includes('portable-math: exempt') ||
          (lines[i - 1] ?? '').includes('portable-math: exempt')
        ) {
          exempt.push(where);
        } else violations.push(where);
      });
    }
  }
  return { violations, exempt };
}

describe('portable math in the engines (determinism across JavaScript engines)', () => {
  it('no non-portable Math call or non-integer power outside the marked exemptions', () => {
    const { violations } = scan();
    expect(violations).toEqual([]);
  });
  it('the exemptions are few and say why', () => {
    const { exempt } = scan();
    expect(exempt.length).toBeLessThanOrEqual(6);
  });
  it('the patterns catch what they must and let integer powers pass', () => {
    expect(FORBIDDEN.test('const a = Math.hypot(x, y);')).toBe(true);
    expect(FORBIDDEN.test('const a = Math.sqrt(x);')).toBe(false);
    expect(NON_INTEGER_POWER.test('const a = s ** 1.5;')).toBe(true);
    expect(NON_INTEGER_POWER.test('const a = s ** e;')).toBe(true);
    expect(NON_INTEGER_POWER.test('const a = (x - y) ** 2;')).toBe(false);
    expect(NON_INTEGER_POWER.test('const a = lambda ** 5 * b;')).toBe(false);
  });
});
