import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { NeighborSearch } from '../../src/spatial/neighbor-search.js';

function bruteForce(x: Float64Array, first: number, n: number, r: number, dim: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < n; i++) {
    const row: number[] = [];
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const a = 3 * (first + i);
      const b = 3 * (first + j);
      const dz = dim === 3 ? x[a + 2] - x[b + 2] : 0;
      const d2 = (x[a] - x[b]) ** 2 + (x[a + 1] - x[b + 1]) ** 2 + dz * dz;
      if (d2 <= r * r) row.push(j);
    }
    out.push(row);
  }
  return out;
}

function lists(s: NeighborSearch): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < s.count; i++) {
    out.push(Array.from(s.neighbors.subarray(s.offsets[i], s.offsets[i + 1])).sort((a, b) => a - b));
  }
  return out;
}

const coord = (span: number) => fc.double({ min: -span, max: span, noNaN: true });

describe('neighbour search (uniform grid, counting sort, CSR lists)', () => {
  for (const dim of [2, 3] as const) {
    it(`${dim}D: the lists are exactly the pairs within radius + skin (vs brute force)`, () => {
      fc.assert(
        fc.property(
          fc.array(fc.tuple(coord(1), coord(1), coord(1)), { minLength: 1, maxLength: 150 }),
          fc.integer({ min: 0, max: 3 }),
          (pts, first) => {
            const x = new Float64Array(3 * (pts.length + first));
            for (let i = 0; i < pts.length; i++) x.set(pts[i], 3 * (first + i));
            const s = new NeighborSearch({ dim, radius: 0.2, skin: 0.05 });
            s.update(x, first, pts.length);
            expect(lists(s)).toEqual(bruteForce(x, first, pts.length, 0.25, dim));
            // order is a permutation
            expect(Array.from(s.order).sort((a, b) => a - b)).toEqual(pts.map((_, i) => i));
          },
        ),
        { numRuns: 40, seed: 7 },
      );
    });
  }

  it('a sparse 3D scene (a far-away particle) switches to hashed cells and still lists the same pairs', () => {
    const n = 300;
    const x = new Float64Array(3 * n);
    let seed = 1;
    const rnd = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    for (let i = 0; i < 3 * n; i++) x[i] = rnd();
    x[0] = 1000; // stretches the bounding box far beyond a dense grid's budget
    const s = new NeighborSearch({ dim: 3, radius: 0.1, skin: 0 });
    s.update(x, 0, n);
    expect(s.hashed).toBe(true);
    expect(lists(s)).toEqual(bruteForce(x, 0, n, 0.1, 3));
  });

  it('keeps the lists while every particle moved less than skin/2, and they still hold every pair within radius', () => {
    const n = 400;
    const x = new Float64Array(3 * n);
    for (let i = 0; i < n; i++) {
      x[3 * i] = (i % 20) * 0.05;
      x[3 * i + 1] = Math.floor(i / 20) * 0.05;
    }
    const s = new NeighborSearch({ dim: 2, radius: 0.1, skin: 0.04 });
    expect(s.update(x, 0, n)).toBe(true);
    // every particle moves by 0.0199 < skin/2 in a direction depending on its index
    for (let i = 0; i < n; i++) {
      const a = (i * 2.399) % (2 * Math.PI);
      x[3 * i] += 0.0199 * Math.cos(a);
      x[3 * i + 1] += 0.0199 * Math.sin(a);
    }
    expect(s.update(x, 0, n)).toBe(false);
    expect(s.reuses).toBe(1);
    const got = lists(s);
    const want = bruteForce(x, 0, n, 0.1, 2);
    for (let i = 0; i < n; i++) for (const j of want[i]) expect(got[i]).toContain(j);
    // one particle past the bound triggers a rebuild
    x[0] += 0.0202;
    expect(s.update(x, 0, n)).toBe(true);
    expect(s.builds).toBe(2);
    expect(lists(s)).toEqual(bruteForce(x, 0, n, 0.14, 2));
  });

  it('the same positions give the same lists and order, bit for bit', () => {
    const n = 500;
    const x = new Float64Array(3 * n);
    for (let i = 0; i < n; i++) {
      x[3 * i] = ((i * 7919) % 113) / 50;
      x[3 * i + 1] = ((i * 104729) % 97) / 50;
      x[3 * i + 2] = ((i * 1299709) % 89) / 50;
    }
    const a = new NeighborSearch({ dim: 3, radius: 0.1 });
    const b = new NeighborSearch({ dim: 3, radius: 0.1 });
    a.update(x, 0, n);
    b.update(x, 0, n);
    expect(Array.from(a.neighbors.subarray(0, a.listed))).toEqual(
      Array.from(b.neighbors.subarray(0, b.listed)),
    );
    expect(Array.from(a.order)).toEqual(Array.from(b.order));
  });

  it('rejects bad options and non-finite positions', () => {
    expect(() => new NeighborSearch({ dim: 2, radius: 0 })).toThrow(/neighborSearch.radius: must be > 0/);
    expect(() => new NeighborSearch({ dim: 2, radius: Number.NaN })).toThrow(PhysicsError);
    expect(() => new NeighborSearch({ dim: 2, radius: 1, skin: -1 })).toThrow(/skin/);
    expect(() => new NeighborSearch({ dim: 4 as 3, radius: 1 })).toThrow(/dim/);
    const s = new NeighborSearch({ dim: 2, radius: 1 });
    expect(() => s.update(Float64Array.from([0, 0, 0, Number.NaN, 0, 0]), 0, 2)).toThrow(/finite/);
  });
});
