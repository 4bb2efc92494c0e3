import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { DynamicTree } from '../../src/spatial/dynamic-tree.js';

type Box = { minX: number; minY: number; maxX: number; maxY: number };
const overlaps = (a: Box, b: Box) =>
  !(a.minX > b.maxX || a.minY > b.maxY || b.minX > a.maxX || b.minY > a.maxY);

const coord = fc.double({ min: -50, max: 50, noNaN: true, noDefaultInfinity: true });
const size = fc.double({ min: 0, max: 5, noNaN: true, noDefaultInfinity: true });
const op = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), x: coord, y: coord, w: size, h: size }),
  fc.record({ kind: fc.constant('destroy' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('move' as const),
    pick: fc.nat(),
    dx: fc.double({ min: -3, max: 3, noNaN: true }),
    dy: fc.double({ min: -3, max: 3, noNaN: true }),
  }),
);

/** Applies a random operation sequence, mirroring the tight boxes in a plain map. */
function run(ops: Array<Record<string, number | string>>) {
  const tree = new DynamicTree({ margin: 0.1 });
  const tight = new Map<number, Box>();
  const everMoved = new Set<number>();
  for (const o of ops) {
    const ids = [...tight.keys()].sort((a, b) => a - b);
    if (o.kind === 'create' || ids.length === 0) {
      const x = (o.x as number) ?? 0;
      const y = (o.y as number) ?? 0;
      const w = (o.w as number) ?? 1;
      const h = (o.h as number) ?? 1;
      const id = tree.createProxy(x, y, x + w, y + h, tight.size);
      expect(tight.has(id)).toBe(false);
      tight.set(id, { minX: x, minY: y, maxX: x + w, maxY: y + h });
      everMoved.add(id);
    } else if (o.kind === 'destroy') {
      const id = ids[(o.pick as number) % ids.length]!;
      tree.destroyProxy(id);
      tight.delete(id);
      everMoved.delete(id);
    } else {
      const id = ids[(o.pick as number) % ids.length]!;
      const b = tight.get(id)!;
      const dx = o.dx as number;
      const dy = o.dy as number;
      const nb = { minX: b.minX + dx, minY: b.minY + dy, maxX: b.maxX + dx, maxY: b.maxY + dy };
      const reinserted = tree.moveProxy(id, nb.minX, nb.minY, nb.maxX, nb.maxY, dx, dy);
      tight.set(id, nb);
      if (reinserted) everMoved.add(id);
    }
  }
  return { tree, tight, everMoved };
}

const fat = (tree: DynamicTree, id: number): Box =>
  tree.getFatAABB(id, { minX: 0, minY: 0, maxX: 0, maxY: 0 });

describe('DynamicTree', () => {
  it('stays valid and keeps every tight box inside its fat box under random insert/move/remove', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 120 }), (ops) => {
        const { tree, tight } = run(ops as never);
        tree.validate();
        expect(tree.proxyCount).toBe(tight.size);
        for (const [id, b] of tight) {
          const f = fat(tree, id);
          expect(f.minX <= b.minX && f.minY <= b.minY && b.maxX <= f.maxX && b.maxY <= f.maxY).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('box queries return exactly the brute-force set of overlapping fat boxes', () => {
    fc.assert(
      fc.property(
        fc.array(op, { minLength: 1, maxLength: 80 }),
        coord,
        coord,
        fc.double({ min: 0, max: 30, noNaN: true }),
        fc.double({ min: 0, max: 30, noNaN: true }),
        (ops, x, y, w, h) => {
          const { tree, tight } = run(ops as never);
          const q = { minX: x, minY: y, maxX: x + w, maxY: y + h };
          const found: number[] = [];
          tree.query(q.minX, q.minY, q.maxX, q.maxY, (id) => {
            found.push(id);
            return true;
          });
          const expected = [...tight.keys()].filter((id) => overlaps(fat(tree, id), q));
          expect(found.sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('ray casts visit every fat box the segment crosses (slab test as brute force)', () => {
    const segHitsBox = (x1: number, y1: number, x2: number, y2: number, b: Box) => {
      let t0 = 0;
      let t1 = 1;
      const d = [x2 - x1, y2 - y1];
      const p = [x1, y1];
      const lo = [b.minX, b.minY];
      const hi = [b.maxX, b.maxY];
      for (let k = 0; k < 2; k++) {
        if (Math.abs(d[k]!) < 1e-12) {
          if (p[k]! < lo[k]! || p[k]! > hi[k]!) return false;
        } else {
          let ta = (lo[k]! - p[k]!) / d[k]!;
          let tb = (hi[k]! - p[k]!) / d[k]!;
          if (ta > tb) [ta, tb] = [tb, ta];
          t0 = Math.max(t0, ta);
          t1 = Math.min(t1, tb);
          if (t0 > t1 + 1e-9) return false;
        }
      }
      return true;
    };
    fc.assert(
      fc.property(
        fc.array(op, { minLength: 1, maxLength: 80 }),
        coord,
        coord,
        coord,
        coord,
        (ops, x1, y1, x2, y2) => {
          fc.pre(Math.hypot(x2 - x1, y2 - y1) > 1e-6);
          const { tree, tight } = run(ops as never);
          const visited = new Set<number>();
          tree.rayCast(x1, y1, x2, y2, 1, (id, maxFraction) => {
            visited.add(id);
            return maxFraction; // keep going: "all hits"
          });
          for (const id of tight.keys()) {
            if (segHitsBox(x1, y1, x2, y2, fat(tree, id))) expect(visited.has(id)).toBe(true);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('updatePairs emits each overlapping pair with a moved proxy once, sorted by (min id, max id)', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 80 }), (ops) => {
        const { tree, tight, everMoved } = run(ops as never);
        const n = tree.updatePairs();
        const got: string[] = [];
        for (let k = 0; k < n; k++) {
          const a = tree.pairs[2 * k]!;
          const b = tree.pairs[2 * k + 1]!;
          expect(a).toBeLessThan(b);
          if (k > 0) {
            const pa = tree.pairs[2 * k - 2]!;
            const pb = tree.pairs[2 * k - 1]!;
            expect(pa < a || (pa === a && pb < b)).toBe(true);
          }
          got.push(`${a},${b}`);
        }
        const ids = [...tight.keys()].sort((a, b) => a - b);
        const expected: string[] = [];
        for (let i = 0; i < ids.length; i++) {
          for (let j = i + 1; j < ids.length; j++) {
            const a = ids[i]!;
            const b = ids[j]!;
            if ((everMoved.has(a) || everMoved.has(b)) && overlaps(fat(tree, a), fat(tree, b))) {
              expected.push(`${a},${b}`);
            }
          }
        }
        expect(got).toEqual(expected);
        // The move buffer is consumed: a second call finds nothing new.
        expect(tree.updatePairs()).toBe(0);
      }),
      { numRuns: 150 },
    );
  });

  it('skips pairs with the same userData when asked (shapes of one body), and clears the move buffer', () => {
    const t = new DynamicTree({ margin: 0 });
    const a = t.createProxy(0, 0, 1, 1, 7);
    const b = t.createProxy(0.5, 0, 1.5, 1, 7);
    const c = t.createProxy(1, 0, 2, 1, 8);
    expect(t.updatePairs(true)).toBe(2);
    expect(Array.from(t.pairs.subarray(0, 4))).toEqual([
      Math.min(a, c),
      Math.max(a, c),
      Math.min(b, c),
      Math.max(b, c),
    ]);
    t.touchProxy(a);
    t.clearMoveBuffer();
    expect(t.movedCount).toBe(0);
    expect(t.updatePairs()).toBe(0);
    t.touchProxy(a);
    expect(t.updatePairs()).toBe(2); // a–b and a–c
  });

  it('is deterministic: the same calls give the same ids, boxes and pairs', () => {
    const build = () => {
      const t = new DynamicTree();
      const ids: number[] = [];
      for (let i = 0; i < 200; i++) {
        ids.push(t.createProxy(i % 20, Math.floor(i / 20), (i % 20) + 0.9, Math.floor(i / 20) + 0.9, i));
      }
      t.updatePairs();
      for (let i = 0; i < 200; i += 3) t.moveProxy(ids[i]!, (i % 20) + 0.5, 0, (i % 20) + 1.4, 0.9, 0.5, 0);
      t.updatePairs();
      return Array.from(t.pairs.subarray(0, 2 * t.pairCount)).join(',');
    };
    expect(build()).toBe(build());
  });

  it('keeps the height logarithmic for a grid of 4,096 boxes', () => {
    const t = new DynamicTree();
    for (let i = 0; i < 4096; i++)
      t.createProxy(i % 64, Math.floor(i / 64), (i % 64) + 1, Math.floor(i / 64) + 1, i);
    t.validate();
    // A perfectly balanced tree has height 12; AVL bounds it by 1.44·log2(n) ≈ 17.3.
    expect(t.height()).toBeLessThanOrEqual(18);
  });

  it('does not re-insert a proxy that stays inside its fat box', () => {
    const t = new DynamicTree({ margin: 0.1 });
    const id = t.createProxy(0, 0, 1, 1, 7);
    t.updatePairs();
    expect(t.moveProxy(id, 0.05, 0, 1.05, 1, 0.05, 0)).toBe(false);
    expect(t.movedCount).toBe(0);
    expect(t.moveProxy(id, 0.5, 0, 1.5, 1, 0.45, 0)).toBe(true);
    // Stretched ahead of the motion by 4 × 0.45.
    const f = fat(t, id);
    expect(f.maxX).toBeCloseTo(1.5 + 0.1 + 1.8, 12);
    expect(f.minX).toBeCloseTo(0.4, 12);
    expect(t.getUserData(id)).toBe(7);
  });

  it('rejects stale ids and non-finite boxes with PhysicsError', () => {
    const t = new DynamicTree();
    const id = t.createProxy(0, 0, 1, 1, 0);
    t.destroyProxy(id);
    expect(() => t.destroyProxy(id)).toThrow(/DynamicTree.destroyProxy: 0 is not a live proxy id/);
    expect(() => t.createProxy(0, 0, Number.NaN, 1, 0)).toThrow(PhysicsError);
    expect(() => t.createProxy(0, 0, Number.POSITIVE_INFINITY, 1, 0)).toThrow(/must be finite/);
    expect(() => t.createProxy(2, 0, 1, 1, 0)).toThrow(/min must not exceed max/);
  });
});
