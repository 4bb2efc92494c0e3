/**
 * The dynamic AABB tree in 3D (`{ dimensions: 3 }`): random insert/move/remove sequences against
 * brute force — box queries, ray casts (slab test), pair search (each overlapping pair once, sorted
 * by id) — plus the stride-array calls (`createProxyFrom`, `moveProxyBox`, `queryFrom`) in 2D giving
 * exactly what the numeric 2D calls give.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { DynamicTree } from '../../src/spatial/dynamic-tree.js';

/** lower bounds, then upper bounds */
type Box3 = [number, number, number, number, number, number];
const overlaps = (a: Box3, b: Box3) =>
  !(a[0] > b[3] || a[1] > b[4] || a[2] > b[5] || b[0] > a[3] || b[1] > a[4] || b[2] > a[5]);

const coord = fc.double({ min: -50, max: 50, noNaN: true, noDefaultInfinity: true });
const size = fc.double({ min: 0, max: 5, noNaN: true, noDefaultInfinity: true });
const disp = fc.double({ min: -3, max: 3, noNaN: true });
const op = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    x: coord,
    y: coord,
    z: coord,
    w: size,
    h: size,
    d: size,
  }),
  fc.record({ kind: fc.constant('destroy' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), dx: disp, dy: disp, dz: disp }),
);

/** Applies a random operation sequence to a 3D tree, mirroring the tight boxes in a plain map. */
function run(ops: Array<Record<string, number | string>>) {
  const tree = new DynamicTree({ dimensions: 3, margin: 0.1 });
  const tight = new Map<number, Box3>();
  const everMoved = new Set<number>();
  for (const o of ops) {
    const ids = [...tight.keys()].sort((a, b) => a - b);
    if (o.kind === 'create' || ids.length === 0) {
      const x = (o.x as number) ?? 0;
      const y = (o.y as number) ?? 0;
      const z = (o.z as number) ?? 0;
      const b: Box3 = [
        x,
        y,
        z,
        x + ((o.w as number) ?? 1),
        y + ((o.h as number) ?? 1),
        z + ((o.d as number) ?? 1),
      ];
      const id = tree.createProxy3(b[0], b[1], b[2], b[3], b[4], b[5], tight.size);
      expect(tight.has(id)).toBe(false);
      tight.set(id, b);
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
      const dz = o.dz as number;
      const nb: Box3 = [b[0] + dx, b[1] + dy, b[2] + dz, b[3] + dx, b[4] + dy, b[5] + dz];
      const reinserted = tree.moveProxy3(id, nb[0], nb[1], nb[2], nb[3], nb[4], nb[5], dx, dy, dz);
      tight.set(id, nb);
      if (reinserted) everMoved.add(id);
    }
  }
  return { tree, tight, everMoved };
}

const fat = (tree: DynamicTree, id: number): Box3 => {
  const f = tree.getFatAABB3(id, { minX: 0, minY: 0, minZ: 0, maxX: 0, maxY: 0, maxZ: 0 });
  return [f.minX, f.minY, f.minZ, f.maxX, f.maxY, f.maxZ];
};

describe('DynamicTree in 3D', () => {
  it('stays valid and keeps every tight box inside its fat box under random insert/move/remove', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 120 }), (ops) => {
        const { tree, tight } = run(ops as never);
        tree.validate();
        expect(tree.proxyCount).toBe(tight.size);
        for (const [id, b] of tight) {
          const f = fat(tree, id);
          for (let a = 0; a < 3; a++) expect(f[a]! <= b[a]! && b[3 + a]! <= f[3 + a]!).toBe(true);
          const g = tree.getFatBox(id, new Float64Array(6), 0);
          expect(Array.from(g)).toEqual(f);
          for (let a = 0; a < 3; a++) {
            expect(tree.fatMin(id, a)).toBe(f[a]);
            expect(tree.fatMax(id, a)).toBe(f[3 + a]);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('box queries return exactly the brute-force set of overlapping fat boxes', () => {
    const ext = fc.double({ min: 0, max: 30, noNaN: true });
    fc.assert(
      fc.property(
        fc.array(op, { minLength: 1, maxLength: 80 }),
        fc.tuple(coord, coord, coord, ext, ext, ext),
        (ops, [x, y, z, w, h, d]) => {
          const { tree, tight } = run(ops as never);
          const q: Box3 = [x, y, z, x + w, y + h, z + d];
          const expected = [...tight.keys()].filter((id) => overlaps(fat(tree, id), q)).sort((a, b) => a - b);
          const found: number[] = [];
          tree.query3(q[0], q[1], q[2], q[3], q[4], q[5], (id) => {
            found.push(id);
            return true;
          });
          expect(found.sort((a, b) => a - b)).toEqual(expected);
          const viaArray: number[] = [];
          tree.queryFrom(Float64Array.from(q), 0, (id) => {
            viaArray.push(id);
            return true;
          });
          expect(viaArray.sort((a, b) => a - b)).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('ray casts visit every fat box the segment crosses (slab test as brute force) and prune the rest', () => {
    const segHitsBox = (p: number[], q: number[], b: Box3) => {
      let t0 = 0;
      let t1 = 1;
      for (let k = 0; k < 3; k++) {
        const d = q[k]! - p[k]!;
        if (Math.abs(d) < 1e-12) {
          if (p[k]! < b[k]! || p[k]! > b[3 + k]!) return false;
        } else {
          let ta = (b[k]! - p[k]!) / d;
          let tb = (b[3 + k]! - p[k]!) / d;
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
        fc.tuple(coord, coord, coord),
        fc.tuple(coord, coord, coord),
        (ops, p, q) => {
          fc.pre(Math.hypot(q[0] - p[0], q[1] - p[1], q[2] - p[2]) > 1e-6);
          const { tree, tight } = run(ops as never);
          const visited = new Set<number>();
          tree.rayCast3(p[0], p[1], p[2], q[0], q[1], q[2], 1, (id, maxFraction) => {
            visited.add(id);
            return maxFraction; // keep going: "all hits"
          });
          for (const id of tight.keys()) {
            const box = fat(tree, id);
            if (segHitsBox(p, q, box)) expect(visited.has(id)).toBe(true);
            // the separating-axis pruning is exact up to rounding: a visited box is (nearly) hit
            if (visited.has(id)) {
              const grown = box.map((v, k) => (k < 3 ? v - 1e-6 : v + 1e-6)) as Box3;
              expect(segHitsBox(p, q, grown)).toBe(true);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a closest-hit ray cast clips the segment: boxes beyond the returned fraction are not visited', () => {
    const t = new DynamicTree({ dimensions: 3, margin: 0 });
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push(t.createProxy3(2 * i, -0.5, -0.5, 2 * i + 1, 0.5, 0.5, i));
    // Box i spans x ∈ [2i, 2i + 1]; the ray from x = −1 to 30 enters it at fraction (2i + 1)/31.
    let closest = 1;
    let best = -1;
    t.rayCast3(-1, 0, 0, 30, 0, 0, 1, (id, maxFraction) => {
      const entry = (2 * t.getUserData(id) + 1) / 31;
      // the segment is already clipped to the closest hit so far: farther boxes are never visited
      expect(entry).toBeLessThanOrEqual(maxFraction);
      if (entry < closest) {
        closest = entry;
        best = id;
      }
      return entry;
    });
    expect(best).toBe(ids[0]);
    expect(closest).toBe(1 / 31);
  });

  it('updatePairs emits each overlapping pair with a moved proxy once, sorted by (min id, max id)', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 80 }), (ops) => {
        const { tree, tight, everMoved } = run(ops as never);
        const n = tree.updatePairs();
        const got: string[] = [];
        for (let k = 0; k < n; k++) got.push(`${tree.pairs[2 * k]},${tree.pairs[2 * k + 1]}`);
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
        expect(tree.updatePairs()).toBe(0);
      }),
      { numRuns: 150 },
    );
  });

  it('is deterministic and keeps the height logarithmic for a lattice of 4,096 boxes', () => {
    const build = () => {
      const t = new DynamicTree({ dimensions: 3 });
      for (let i = 0; i < 4096; i++) {
        const x = i % 16;
        const y = Math.floor(i / 16) % 16;
        const z = Math.floor(i / 256);
        t.createProxy3(x, y, z, x + 0.95, y + 0.95, z + 0.95, i);
      }
      t.validate();
      const n = t.updatePairs();
      return { t, pairs: Array.from(t.pairs.subarray(0, 2 * n)).join(',') };
    };
    const a = build();
    expect(a.pairs).toBe(build().pairs);
    // AVL bounds the height by 1.44·log2(n) ≈ 17.3.
    expect(a.t.height()).toBeLessThanOrEqual(18);
    expect(a.t.areaRatio()).toBeGreaterThan(0);
  });

  it('rejects 2D calls on a 3D tree, bad dimensions, stale ids and non-finite boxes with PhysicsError', () => {
    const t = new DynamicTree({ dimensions: 3 });
    expect(t.dimensions).toBe(3);
    expect(() => t.createProxy(0, 0, 1, 1, 0)).toThrow(/2D call on a 3D tree/);
    const id = t.createProxy3(0, 0, 0, 1, 1, 1, 0);
    expect(() => t.query(0, 0, 1, 1, () => true)).toThrow(PhysicsError);
    expect(() => t.rayCast(0, 0, 1, 1, 1, () => 1)).toThrow(PhysicsError);
    expect(() => t.moveProxy(id, 0, 0, 1, 1, 0, 0)).toThrow(PhysicsError);
    expect(() => t.getFatAABB(id, { minX: 0, minY: 0, maxX: 0, maxY: 0 })).toThrow(PhysicsError);
    expect(() => t.createProxy3(0, 0, 0, 1, Number.NaN, 1, 0)).toThrow(/must be finite/);
    expect(() => t.createProxy3(0, 0, 2, 1, 1, 1, 0)).toThrow(/min must not exceed max/);
    expect(() => t.moveProxy3(id, 0, 0, 0, 1, 1, 1, 0, Number.POSITIVE_INFINITY, 0)).toThrow(/finite/);
    t.destroyProxy(id);
    expect(() => t.moveProxy3(id, 0, 0, 0, 1, 1, 1, 0, 0, 0)).toThrow(/not a live proxy id/);
    expect(() => new DynamicTree({ dimensions: 4 as never })).toThrow(/must be 2 or 3/);
    expect(() => new DynamicTree().query3(0, 0, 0, 1, 1, 1, () => true)).toThrow(/3D call on a 2D tree/);
  });
});

describe('DynamicTree stride-array calls in 2D', () => {
  it('createProxyFrom / moveProxyBox / queryFrom give exactly what createProxy / moveProxy / query give', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(coord, coord, size, size, disp, disp, fc.nat()), { minLength: 1, maxLength: 100 }),
        (steps) => {
          const a = new DynamicTree();
          const b = new DynamicTree();
          const box = new Float64Array(4);
          const d = new Float64Array(2);
          const ids: number[] = [];
          for (const [x, y, w, h, dx, dy, pick] of steps) {
            if (pick % 3 === 0 || ids.length === 0) {
              box.set([x, y, x + w, y + h]);
              const ia = a.createProxy(x, y, x + w, y + h, pick);
              expect(b.createProxyFrom(box, 0, pick)).toBe(ia);
              ids.push(ia);
            } else {
              const id = ids[pick % ids.length]!;
              const mx = a.fatMinX(id) + 0.1 + dx;
              const my = a.fatMinY(id) + 0.1 + dy;
              box.set([mx, my, mx + w, my + h]);
              d.set([dx, dy]);
              expect(b.moveProxyBox(id, box, 0, d, 0)).toBe(a.moveProxy(id, mx, my, mx + w, my + h, dx, dy));
            }
            expect(b.height()).toBe(a.height());
            expect(b.areaRatio()).toBe(a.areaRatio());
          }
          for (const id of ids) {
            const f = a.getFatAABB(id, { minX: 0, minY: 0, maxX: 0, maxY: 0 });
            expect(Array.from(b.getFatBox(id, new Float64Array(4), 0))).toEqual([
              f.minX,
              f.minY,
              f.maxX,
              f.maxY,
            ]);
          }
          const qa: number[] = [];
          const qb: number[] = [];
          a.query(-20, -20, 20, 20, (id) => qa.push(id) > 0);
          b.queryFrom(Float64Array.of(-20, -20, 20, 20), 0, (id) => qb.push(id) > 0);
          expect(qb).toEqual(qa);
          const na = a.updatePairs();
          expect(b.updatePairs()).toBe(na);
          expect(Array.from(b.pairs.subarray(0, 2 * na))).toEqual(Array.from(a.pairs.subarray(0, 2 * na)));
        },
      ),
      { numRuns: 100 },
    );
  });
});
