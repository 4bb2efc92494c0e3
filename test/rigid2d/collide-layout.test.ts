/**
 * The collide stage's local copies (collide2d.ts's packed pair functions, contact.ts's collide loop
 * and manifold update): the hot functions repeat the strides, flags, kinds and the slop they use as
 * function-local literals (optimised code reads a module constant through its context with a check
 * at every use). Every local copy must equal the module's constant of the same name: a layout change
 * that forgot one would read the wrong number of every shape record or contact.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

/** numbers exported by the modules (the names the copies stand for) */
async function exported(): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const mod of await Promise.all([
    import('../../src/geometry/collide2d.js'),
    import('../../src/rigid2d/contact-store.js'),
    import('../../src/rigid2d/narrowphase.js'),
    import('../../src/rigid2d/shape-store.js'),
    import('../../src/rigid2d/body-store.js'),
  ])) {
    for (const [k, v] of Object.entries(mod as Record<string, unknown>)) {
      if (typeof v === 'number') {
        expect(out.has(k) ? out.get(k) : v, `${k} exported twice with different values`).toBe(v);
        out.set(k, v);
      }
    }
  }
  return out;
}

const NUMBER = /^(-?(?:0x[0-9a-f]+|\d+(?:\.\d+)?(?:e-?\d+)?))$/i;

/** `const NAME = number;` lines of `text`, top level (`indented` false) or inside functions (true). */
function literalConsts(text: string, indented: boolean): { name: string; value: number; line: number }[] {
  const out: { name: string; value: number; line: number }[] = [];
  const lines = text.split('\n');
  const re = indented
    ? /^\s+const ([A-Z][A-Z0-9_]*) = ([^;]+);/
    : /^(?:export )?const ([A-Z][A-Z0-9_]*) = ([^;]+);/;
  for (let i = 0; i < lines.length; i++) {
    const m = re.exec(lines[i]!);
    if (!m || !NUMBER.test(m[2]!.trim())) continue;
    out.push({ name: m[1]!, value: Number(m[2]!.trim()), line: i + 1 });
  }
  return out;
}

/** the only local constants with no module constant of their name (defined once, where used) */
const OWN = new Set(['RECYCLE_COS']);

describe('rigid2d collide stage layout', () => {
  it('every function-local copy of a stride, flag or the slop equals its module constant', async () => {
    const known = await exported();
    // the strides the shape store shares with the packed pair functions
    expect(known.get('SHAPE_VERTS_STRIDE')).toBe(known.get('PACKED_VERTS_STRIDE'));
    let copies = 0;
    for (const f of [
      'src/geometry/collide2d.ts',
      'src/rigid2d/contact.ts',
      'src/rigid2d/contact-store.ts',
      'src/rigid2d/broad-phase.ts',
    ]) {
      const text = readFileSync(join(ROOT, f), 'utf8');
      const values = new Map(known);
      for (const d of literalConsts(text, false)) values.set(d.name, d.value);
      for (const d of literalConsts(text, true)) {
        if (OWN.has(d.name)) continue;
        copies++;
        expect(values.has(d.name), `${f}:${d.line} ${d.name} has no module constant`).toBe(true);
        expect(d.value, `${f}:${d.line} ${d.name}`).toBe(values.get(d.name));
      }
    }
    // the packed pair functions and the collide loop do use local copies
    expect(copies).toBeGreaterThan(30);
  });
});
