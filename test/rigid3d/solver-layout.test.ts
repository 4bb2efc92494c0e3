/**
 * The 3D solver's packed layouts (contact-solver.ts, solver-step.ts, joints/*.ts): the passes repeat
 * the offsets they use as function-local literals (optimised code reads a module constant through
 * its context with a check at every use; a literal folds into the address). Every local copy must
 * equal the constant of the same name — its file's own definition or import, else the solver
 * modules' export — or a layout change that forgot one would read the wrong number of every constraint.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const FILES = [
  'src/rigid3d/contact-solver.ts',
  'src/rigid3d/solver-step.ts',
  'src/rigid3d/finalize.ts',
  ...readdirSync(join(ROOT, 'src/rigid3d/joints'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `src/rigid3d/joints/${f}`),
];

/** Comments and strings blanked, line breaks kept. */
function code(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/\/\/[^\n]*/g, '')
    .replace(/'(?:[^'\\\n]|\\.)*'/g, "''");
}

/** The integer constants in scope at a file's top level: its imports (their runtime values), then its definitions in order. */
async function fileScope(file: string, text: string): Promise<Map<string, number>> {
  const scope = new Map<string, number>();
  for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    const target = relative(ROOT, join(dirname(join(ROOT, file)), m[2]!)).replace(/\.js$/, '.ts');
    const mod = (await import(pathToFileURL(join(ROOT, target)).href)) as Record<string, unknown>;
    for (const spec of m[1]!.split(',')) {
      const s = spec.trim();
      if (!s || s.startsWith('type ')) continue;
      const [name, alias] = s.split(/\s+as\s+/);
      const v = mod[name!];
      if (typeof v === 'number' && Number.isInteger(v)) scope.set((alias ?? name)!, v);
    }
  }
  for (const m of text.matchAll(/^(?:export )?const ([A-Z][A-Z0-9_]*) = ([^;\n]+);/gm)) {
    const expr = m[2]!.replace(/\b[A-Z][A-Z0-9_]*\b/g, (n) => String(scope.get(n) ?? 'NaN'));
    if (!/^[\d\s+\-*()]+$/.test(expr)) continue;
    const v = Function(`return (${expr});`)() as number;
    if (Number.isInteger(v)) scope.set(m[1]!, v);
  }
  return scope;
}

/** The integer exports of the solver's modules (a name two modules export with different values is left out). */
async function exported(): Promise<Map<string, number>> {
  const all = new Map<string, number>();
  const clash = new Set<string>();
  for (const f of [
    ...FILES,
    'src/rigid3d/contact-store.ts',
    'src/rigid3d/gyroscopic.ts',
    'src/rigid3d/body-store.ts',
  ]) {
    const mod = (await import(pathToFileURL(join(ROOT, f)).href)) as Record<string, unknown>;
    for (const [k, v] of Object.entries(mod)) {
      if (typeof v !== 'number' || !Number.isInteger(v)) continue;
      if (all.has(k) && all.get(k) !== v) clash.add(k);
      all.set(k, v);
    }
  }
  for (const k of clash) all.delete(k);
  return all;
}

describe('rigid3d solver layout', () => {
  it('every function-local copy of a layout offset equals the constant of its name', async () => {
    const exports = await exported();
    let copies = 0;
    for (const f of FILES) {
      const text = readFileSync(join(ROOT, f), 'utf8');
      // the file's own scope first (its definitions, its imports), then the modules' exports
      const scope = new Map([...exports, ...(await fileScope(f, text))]);
      const lines = code(text).split('\n');
      for (let i = 0; i < lines.length; i++) {
        const m = /^\s+const ([A-Z][A-Z0-9_]*) = (-?\d+);/.exec(lines[i]!);
        if (!m) continue;
        copies++;
        expect(scope.has(m[1]!), `${f}:${i + 1} ${m[1]} has no constant of its name`).toBe(true);
        expect(Number(m[2]), `${f}:${i + 1} ${m[1]}`).toBe(scope.get(m[1]!));
      }
    }
    // the passes do use local copies (the joint rows and the contact passes have hundreds)
    expect(copies).toBeGreaterThan(500);
  });
});
