import { describe, expect, it } from 'vitest';
import { World } from '../../src/rigid2d/index.js';
import { buildBenchmark } from '../../src/scene/builders/box2d-benchmarks.js';
import { DynamicTree } from '../../src/spatial/dynamic-tree.js';

/**
 * The broadphase's filter bits (Box2D v3's tree keeps category bits per node and their union in
 * the inner nodes): a masked query and the pair search skip subtrees without an accepted bit, and
 * must report exactly what a brute-force filter over the unmasked results reports. The stretch of
 * a fat box along the motion is capped by `displacementLimit`.
 */

/** A small deterministic generator (tests only). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

interface Proxy {
  id: number;
  category: number;
  layers: number;
  mask: number;
  pairLayers: number;
}

function randomTree(seed: number, n: number): { tree: DynamicTree; proxies: Proxy[] } {
  const rnd = lcg(seed);
  const tree = new DynamicTree({ margin: 0.1 });
  const proxies: Proxy[] = [];
  for (let i = 0; i < n; i++) {
    const x = 20 * rnd();
    const y = 20 * rnd();
    const w = 0.2 + rnd();
    const id = tree.createProxy(x, y, x + w, y + w, i);
    const p = {
      id,
      category: 1 << Math.floor(4 * rnd()),
      layers: 1 << Math.floor(3 * rnd()),
      mask: rnd() < 0.2 ? 0xffffffff : 1 + Math.floor(15 * rnd()),
      pairLayers: rnd() < 0.5 ? 0xff : 1 << Math.floor(3 * rnd()),
    };
    tree.setProxyFilter(id, p.category, p.layers, p.mask, p.pairLayers);
    proxies.push(p);
  }
  return { tree, proxies };
}

describe('broadphase filter bits', () => {
  it('a masked query reports exactly the unmasked hits whose bits pass, in the same order', () => {
    const { tree, proxies } = randomTree(7, 400);
    const byId = new Map(proxies.map((p) => [p.id, p]));
    const rnd = lcg(11);
    for (let t = 0; t < 60; t++) {
      const x = 20 * rnd();
      const y = 20 * rnd();
      const s = 3 * rnd();
      const mask = 1 + Math.floor(15 * rnd());
      const layers = 1 + Math.floor(7 * rnd());
      const all: number[] = [];
      tree.query(x, y, x + s, y + s, (id) => {
        all.push(id);
        return true;
      });
      const masked: number[] = [];
      tree.queryMasked(x, y, x + s, y + s, mask, layers, (id) => {
        masked.push(id);
        return true;
      });
      const expected = all.filter((id) => {
        const p = byId.get(id)!;
        return (p.category & mask) !== 0 && (p.layers & layers) !== 0;
      });
      expect(masked).toEqual(expected);
    }
  });

  it('the pair search reports exactly the pairs whose masks accept each other, after moves too', () => {
    const { tree, proxies } = randomTree(3, 300);
    const byId = new Map(proxies.map((p) => [p.id, p]));
    // the same boxes without filter bits
    const plain = new DynamicTree({ margin: 0.1 });
    const rnd = lcg(5);
    const boxes = proxies.map((p) => {
      const b = tree.getFatAABB(p.id, { minX: 0, minY: 0, maxX: 0, maxY: 0 });
      return plain.createProxy(b.minX + 0.1, b.minY + 0.1, b.maxX - 0.1, b.maxY - 0.1, p.id);
    });
    const accepted = (a: Proxy, b: Proxy) =>
      (a.mask & b.category) !== 0 &&
      (b.mask & a.category) !== 0 &&
      (a.pairLayers & b.layers) !== 0 &&
      (b.pairLayers & a.layers) !== 0;
    for (let round = 0; round < 4; round++) {
      const n = tree.updatePairs();
      const m = plain.updatePairs();
      const got: string[] = [];
      for (let k = 0; k < n; k++) got.push(`${tree.pairs[2 * k]}-${tree.pairs[2 * k + 1]}`);
      const want: string[] = [];
      for (let k = 0; k < m; k++) {
        const a = plain.getUserData(plain.pairs[2 * k]!);
        const b = plain.getUserData(plain.pairs[2 * k + 1]!);
        if (accepted(byId.get(a)!, byId.get(b)!)) want.push(`${Math.min(a, b)}-${Math.max(a, b)}`);
      }
      expect(got.sort()).toEqual(want.sort());
      expect(got.length).toBeGreaterThan(0);
      // move a third of the proxies by the same amounts in both trees
      for (let i = 0; i < proxies.length; i += 3) {
        const dx = 2 * rnd() - 1;
        const dy = 2 * rnd() - 1;
        for (const [t, id] of [
          [tree, proxies[i]!.id],
          [plain, boxes[i]!],
        ] as const) {
          const b = t.getFatAABB(id, { minX: 0, minY: 0, maxX: 0, maxY: 0 });
          t.moveProxy(id, b.minX + 0.1 + dx, b.minY + 0.1 + dy, b.maxX - 0.1 + dx, b.maxY - 0.1 + dy, dx, dy);
        }
      }
      tree.validate();
    }
  });

  it('caps the stretch of a fat box along the motion at displacementLimit', () => {
    const tree = new DynamicTree({ margin: 0.1, displacementLimit: 0.4 });
    const id = tree.createProxy(0, 0, 1, 1, 0);
    tree.moveProxy(id, 5, 0, 6, 1, 5, 0);
    const b = tree.getFatAABB(id, { minX: 0, minY: 0, maxX: 0, maxY: 0 });
    expect(b.maxX).toBeCloseTo(6 + 0.1 + 0.4, 12);
    expect(b.minX).toBeCloseTo(5 - 0.1, 12);
    expect(() => new DynamicTree({ displacementLimit: -1 })).toThrow(/displacementLimit/);
  });

  it('rigid2d: the joint grid, whose circles never collide with each other, finds no pairs at all', () => {
    const run = buildBenchmark('joint-grid', 'small');
    let pairs = 0;
    for (let i = 0; i < 30; i++) {
      run.step(1 / 60);
      pairs += run.world.lastStep.pairTests;
    }
    expect(pairs).toBe(0);
    expect(run.world.contactCount).toBe(0);
  });

  it('rigid2d: a fast body still meets a static wall in the continuous stage, and static pairs are never searched', () => {
    const world = new World({ gravity: [0, 0] });
    const wall = world.createBody({ type: 'static', position: [2, 0] });
    world.createShape(wall, { kind: 'box', halfWidth: 0.005, halfHeight: 2 });
    // static shapes next to the wall: their pairs with it are never reported
    for (let k = 0; k < 5; k++) {
      const s = world.createBody({ type: 'static', position: [2.2, -1 + 0.5 * k] });
      world.createShape(s, { kind: 'box', halfWidth: 0.1, halfHeight: 0.1 });
    }
    world.step(1 / 60);
    expect(world.lastStep.pairTests).toBe(0);
    const ball = world.createBody({ position: [0, 0], linearVelocity: [500, 0] });
    world.createShape(ball, { kind: 'circle', radius: 0.05 });
    for (let i = 0; i < 10; i++) world.step(1 / 60);
    expect(world.getPosition(ball)[0]).toBeLessThan(2);
  });
});
