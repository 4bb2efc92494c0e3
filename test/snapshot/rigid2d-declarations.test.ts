import { describe, expect, it } from 'vitest';
import { type StoreFields, undeclaredArrays } from '../../src/core/snapshot.js';
import { WORLD2_PARTS } from '../../src/rigid2d/snapshot.js';
import { jointed2, sleeping2 } from './rigid2d-scenes.js';

/** Merges the declarations that share one object (e.g. the tree's nodes and its buffers). */
function merged(decls: StoreFields[]): StoreFields {
  return {
    arrays: decls.flatMap((d) => d.arrays),
    scratch: decls.flatMap((d) => d.scratch ?? []),
  };
}

describe('rigid2d: every typed array of every store is declared state or scratch', () => {
  for (const [name, make] of [
    ['jointed scene', jointed2],
    ['sleeping scene', sleeping2],
  ] as const) {
    it(`${name}: world, bodies, shapes, joints, contacts, edge lists, islands, tree, manifold`, () => {
      const s = make();
      for (let k = 0; k < 5; k++) s.step();
      const byObject = new Map<object, { names: string[]; decls: StoreFields[] }>();
      for (const [part, get, decl] of WORLD2_PARTS) {
        const o = get(s.world);
        const e = byObject.get(o) ?? { names: [], decls: [] };
        e.names.push(part);
        e.decls.push(decl);
        byObject.set(o, e);
      }
      expect(byObject.size).toBe(13);
      for (const [o, e] of byObject) {
        expect(undeclaredArrays(o, merged(e.decls)), e.names.join(' + ')).toEqual([]);
      }
      // every declared array exists on its store
      for (const [part, get, decl] of WORLD2_PARTS) {
        const o = get(s.world) as Record<string, unknown>;
        for (const [f] of decl.arrays) expect(ArrayBuffer.isView(o[f]), `${part}.${f}`).toBe(true);
        for (const f of decl.scalars ?? []) expect(typeof o[f], `${part}.${f}`).toMatch(/number|boolean/);
      }
    });
  }
});
