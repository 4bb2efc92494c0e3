/**
 * The top-down rebuild of the dynamic AABB tree (median splits of the proxies' box centres, as
 * Box2D v3 rebuilds its moving trees): the tree stays valid, keeps every proxy id, box, filter and
 * the move buffer, answers every query with the same proxies, is balanced, and is tighter than the
 * tree that many moves left behind. 2D and 3D; and rebuilding twice gives the same tree.
 */
import { describe, expect, it } from 'vitest';
import { DynamicTree } from '../../src/spatial/dynamic-tree.js';

/** A small seeded generator (Park–Miller), so every run sees the same boxes. */
function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 48271) % 2147483647;
    return s / 2147483647;
  };
}

function found(tree: DynamicTree, minX: number, minY: number, maxX: number, maxY: number): number[] {
  const out: number[] = [];
  tree.query(minX, minY, maxX, maxY, (id) => {
    out.push(id);
    return true;
  });
  return out.sort((a, b) => a - b);
}

describe('DynamicTree.rebuild', () => {
  it('keeps the proxies and their query results, balances the tree and tightens it after many moves', () => {
    const r = rng(11);
    const tree = new DynamicTree({ margin: 0.1 });
    const ids: number[] = [];
    const box: number[][] = [];
    for (let i = 0; i < 1000; i++) {
      const x = 40 * r();
      const y = 40 * r();
      ids.push(tree.createProxy(x, y, x + 0.5, y + 0.5, i));
      box.push([x, y]);
    }
    tree.setProxyFilter(ids[3]!, 2, 1, 0xffffffff, 0xff);
    tree.updatePairs();
    // many moves: every proxy wanders, re-inserted each time it leaves its fat box
    for (let step = 0; step < 40; step++) {
      for (let i = 0; i < ids.length; i++) {
        const p = box[i]!;
        p[0] = p[0]! + 0.3 * (r() - 0.5);
        p[1] = p[1]! + 0.3 * (r() - 0.5);
        tree.moveProxy(ids[i]!, p[0]!, p[1]!, p[0]! + 0.5, p[1]! + 0.5, 0, 0);
      }
    }
    const moved = tree.movedCount;
    const queries: number[][] = [];
    const results: number[][] = [];
    for (let q = 0; q < 50; q++) {
      const x = 40 * r();
      const y = 40 * r();
      queries.push([x, y, x + 3 * r(), y + 3 * r()]);
      results.push(found(tree, x, y, queries[q]![2]!, queries[q]![3]!));
    }
    const fat = ids.map((id) => tree.getFatAABB(id, { minX: 0, minY: 0, maxX: 0, maxY: 0 }));
    const before = tree.areaRatio();
    tree.rebuild();
    tree.validate();
    expect(tree.proxyCount).toBe(1000);
    expect(tree.movedCount).toBe(moved);
    ids.forEach((id, i) => {
      expect(tree.getUserData(id)).toBe(i);
      expect(tree.getFatAABB(id, { minX: 0, minY: 0, maxX: 0, maxY: 0 })).toEqual(fat[i]);
    });
    expect(tree.proxyCategory(ids[3]!)).toBe(2);
    queries.forEach(([a, b, c, d], q) => {
      expect(found(tree, a!, b!, c!, d!)).toEqual(results[q]);
    });
    // median splits: height ⌈log₂ 1000⌉ = 10
    expect(tree.height()).toBe(10);
    expect(tree.areaRatio()).toBeLessThan(0.8 * before);
  });

  it('gives the same tree when rebuilt twice, and works in 3D', () => {
    const r = rng(5);
    const t3 = new DynamicTree({ dimensions: 3, margin: 0.05 });
    for (let i = 0; i < 300; i++) {
      const x = 10 * r();
      const y = 10 * r();
      const z = 10 * r();
      t3.createProxy3(x, y, z, x + 0.3, y + 0.3, z + 0.3, i);
    }
    t3.rebuild();
    t3.validate();
    const h = t3.height();
    const ratio = t3.areaRatio();
    t3.rebuild();
    t3.validate();
    expect(t3.height()).toBe(h);
    expect(t3.areaRatio()).toBe(ratio);
    expect(h).toBe(9);
    // a tree of one or two proxies is left as it is
    const small = new DynamicTree();
    small.createProxy(0, 0, 1, 1, 0);
    small.rebuild();
    small.validate();
    expect(small.height()).toBe(0);
  });
  it('the pair search of a rebuilt tree reports the same sorted pairs', () => {
    const make = () => {
      const r = rng(3);
      const t = new DynamicTree({ margin: 0.1 });
      const p: number[][] = [];
      const ids: number[] = [];
      for (let i = 0; i < 400; i++) {
        const x = 20 * r();
        const y = 20 * r();
        ids.push(t.createProxy(x, y, x + 0.6, y + 0.6, i));
        p.push([x, y]);
      }
      t.updatePairs();
      for (let step = 0; step < 10; step++) {
        for (let i = 0; i < 400; i++) {
          const q = p[i]!;
          q[0] = q[0]! + 0.4 * (r() - 0.5);
          q[1] = q[1]! + 0.4 * (r() - 0.5);
          t.moveProxy(ids[i]!, q[0]!, q[1]!, q[0]! + 0.6, q[1]! + 0.6, 0, 0);
        }
      }
      return t;
    };
    const a = make();
    const b = make();
    b.rebuild();
    const n = a.updatePairs();
    expect(n).toBeGreaterThan(100);
    expect(b.updatePairs()).toBe(n);
    expect(Array.from(b.pairs.subarray(0, 2 * n))).toEqual(Array.from(a.pairs.subarray(0, 2 * n)));
  });
  it('with rebuildFraction, moves past the share refit in place and the rebuilt tree equals a fresh rebuild', () => {
    const r = rng(9);
    const make = (fraction: number) => new DynamicTree({ margin: 0.1, rebuildFraction: fraction });
    const a = make(0.25);
    const b = make(0);
    const ids: number[] = [];
    const p: number[][] = [];
    for (let i = 0; i < 600; i++) {
      const x = 30 * r();
      const y = 30 * r();
      ids.push(a.createProxy(x, y, x + 0.5, y + 0.5, i));
      b.createProxy(x, y, x + 0.5, y + 0.5, i);
      p.push([x, y]);
    }
    a.updatePairs();
    b.updatePairs();
    expect(a.rebuildDue).toBe(false);
    for (let i = 0; i < 600; i++) {
      const q = p[i]!;
      q[0] = q[0]! + 0.5 * (r() - 0.5);
      q[1] = q[1]! + 0.5 * (r() - 0.5);
      a.moveProxy(ids[i]!, q[0]!, q[1]!, q[0]! + 0.5, q[1]! + 0.5, 0, 0);
      b.moveProxy(ids[i]!, q[0]!, q[1]!, q[0]! + 0.5, q[1]! + 0.5, 0, 0);
    }
    expect(a.movedCount).toBeGreaterThanOrEqual(150);
    expect(a.rebuildDue).toBe(true);
    expect(b.rebuildDue).toBe(false);
    // refitted in place: still a valid tree that finds the same proxies
    a.validate();
    for (let q = 0; q < 30; q++) {
      const x = 30 * r();
      const y = 30 * r();
      expect(found(a, x, y, x + 2, y + 2)).toEqual(found(b, x, y, x + 2, y + 2));
    }
    a.rebuild();
    b.rebuild();
    a.validate();
    expect(a.height()).toBe(b.height());
    expect(a.areaRatio()).toBe(b.areaRatio());
    const n = a.updatePairs();
    expect(b.updatePairs()).toBe(n);
    expect(Array.from(a.pairs.subarray(0, 2 * n))).toEqual(Array.from(b.pairs.subarray(0, 2 * n)));
    expect(() => make(2)).toThrow(/rebuildFraction/);
  });
});
