/**
 * The solver's packed layouts (contact-solver.ts, joints/*.ts): the hot passes repeat the offsets
 * they use as function-local literals (optimised code reads a module constant through its context
 * with a check at every use). Every local copy must equal the module's constant of the same name:
 * a layout change that forgot one would read the wrong number of every constraint.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const FILES = [
  'src/rigid2d/contact-solver.ts',
  ...readdirSync(join(ROOT, 'src/rigid2d/joints'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `src/rigid2d/joints/${f}`),
];

/** `const NAME = expression;` at the top level of `text`, evaluated in order over the names of `known`. */
function evaluate(text: string, known: Map<string, number>): Map<string, number> {
  const values = new Map<string, number>();
  const def = /^(?:export )?const ([A-Z][A-Z0-9_]*) = ([^;[]+);/gm;
  // a definition may refer to one further down or in another file: a few rounds settle them
  for (let round = 0; round < 4; round++) {
    for (const m of text.matchAll(def)) {
      const expr = m[2]!.replace(/\b[A-Z][A-Z0-9_]*\b/g, (n) =>
        String(values.get(n) ?? known.get(n) ?? 'NaN'),
      );
      if (!/^[\d\s+\-*()]+$/.test(expr)) continue;
      const v = Function(`return (${expr});`)() as number;
      if (Number.isInteger(v)) values.set(m[1]!, v);
    }
  }
  return values;
}

/**
 * Each file's module constants: its own definitions over the shared layouts it imports (the body
 * state and contact layout, the joint header, the joint store's parameters; two kinds may use the
 * same name for different slots of their own blocks).
 */
function moduleConstants(): Map<string, Map<string, number>> {
  const shared = new Map<string, number>();
  for (const f of [
    'src/rigid2d/joints/joint-store.ts',
    'src/rigid2d/joints/joint-context.ts',
    'src/rigid2d/contact-solver.ts',
    'src/rigid2d/joints/revolute-joint.ts',
  ]) {
    for (const [k, v] of evaluate(readFileSync(join(ROOT, f), 'utf8'), shared)) shared.set(k, v);
  }
  const out = new Map<string, Map<string, number>>();
  for (const f of FILES) {
    const own = evaluate(readFileSync(join(ROOT, f), 'utf8'), shared);
    out.set(f, new Map([...shared, ...own]));
  }
  return out;
}

describe('rigid2d solver layout', () => {
  it('every function-local copy of a layout offset equals its module constant', async () => {
    const perFile = moduleConstants();
    // the exported constants as the modules themselves compute them
    const cs = (await import('../../src/rigid2d/contact-solver.js')) as Record<string, unknown>;
    const jc = (await import('../../src/rigid2d/joints/joint-context.js')) as Record<string, unknown>;
    const jst = (await import('../../src/rigid2d/joints/joint-store.js')) as Record<string, unknown>;
    for (const [mod, f] of [
      [cs, 'src/rigid2d/contact-solver.ts'],
      [jc, 'src/rigid2d/joints/joint-context.ts'],
      [jst, 'src/rigid2d/joints/joint-store.ts'],
    ] as const) {
      const values = perFile.get(f)!;
      for (const [k, v] of Object.entries(mod)) {
        if (typeof v === 'number' && values.has(k)) expect(values.get(k), k).toBe(v);
      }
    }
    let copies = 0;
    for (const f of FILES) {
      const values = perFile.get(f)!;
      const lines = readFileSync(join(ROOT, f), 'utf8').split('\n');
      for (let i = 0; i < lines.length; i++) {
        const m = /^\s+const ([A-Z][A-Z0-9_]*) = (-?\d+);/.exec(lines[i]!);
        if (!m) continue;
        copies++;
        expect(values.has(m[1]!), `${f}:${i + 1} ${m[1]} has no module constant`).toBe(true);
        expect(Number(m[2]), `${f}:${i + 1} ${m[1]}`).toBe(values.get(m[1]!));
      }
    }
    // the passes do use local copies (the solve pass alone has some thirty)
    expect(copies).toBeGreaterThan(100);
  });
});
