/**
 * The 2D dynamic tree's exact shape is part of the rigid engine's determinism: the pair order and
 * the tree built by a fixed sequence of creates, moves and destroys must not change when the tree's
 * storage changes. The fingerprint (a hash over every `updatePairs` result and the heights, plus
 * the final area ratio) was recorded with the tree as it was before it became dimension-generic.
 */
import { describe, expect, it } from 'vitest';
import { DynamicTree } from '../../src/spatial/dynamic-tree.js';

describe('DynamicTree 2D shape fingerprint', () => {
  it('a fixed sequence of calls gives the recorded pairs, height and area ratio bit for bit', () => {
    const t = new DynamicTree({ margin: 0.1 });
    let s = 7;
    const rnd = () => {
      s = (s * 16807) % 2147483647;
      return s / 2147483647;
    };
    const ids: number[] = [];
    for (let i = 0; i < 500; i++) {
      const x = rnd() * 60;
      const y = rnd() * 60;
      const w = 0.2 + rnd() * 3;
      const h = 0.2 + rnd() * 3;
      ids.push(t.createProxy(x, y, x + w, y + h, i));
    }
    let hash = 0;
    const mix = (v: number) => {
      hash = (Math.imul(hash ^ v, 2654435761) + 0x9e3779b9) | 0;
    };
    const step = () => {
      const n = t.updatePairs();
      mix(n);
      for (let k = 0; k < 2 * n; k++) mix(t.pairs[k]!);
    };
    step();
    const f = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
    for (let r = 0; r < 20; r++) {
      for (let i = 0; i < ids.length; i += 1 + (r % 3)) {
        t.getFatAABB(ids[i]!, f);
        const dx = rnd() - 0.5;
        const dy = rnd() - 0.5;
        t.moveProxy(
          ids[i]!,
          f.minX + 0.1 + dx,
          f.minY + 0.1 + dy,
          f.maxX - 0.1 + dx,
          f.maxY - 0.1 + dy,
          dx,
          dy,
        );
      }
      if (r % 5 === 4) {
        for (let i = r; i < ids.length; i += 37) {
          t.destroyProxy(ids[i]!);
          ids[i] = t.createProxy(0, 0, 1, 1, -i);
        }
      }
      step();
      mix(t.height());
    }
    t.validate();
    expect(hash >>> 0).toBe(777060177);
    expect(t.height()).toBe(11);
    expect(t.areaRatio()).toBe(129.6402658202774);
  });
});
