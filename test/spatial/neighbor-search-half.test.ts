/**
 * The neighbour search's half lists in cell order (a half stencil over the sorted particles): every
 * pair within radius + skin appears exactly once, under its lower rank, in 2D, 3D and hashed 3D, and
 * the travel bound keeps them as for the full lists.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NeighborSearch } from '../../src/spatial/neighbor-search.js';

/** Every unordered pair i < j (particle ids) within r, as "i,j" strings, sorted. */
function brutePairs(x: Float64Array, first: number, n: number, r: number, dim: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const a = 3 * (first + i);
      const b = 3 * (first + j);
      const dz = dim === 3 ? x[a + 2]! - x[b + 2]! : 0;
      if ((x[a]! - x[b]!) ** 2 + (x[a + 1]! - x[b + 1]!) ** 2 + dz * dz <= r * r) out.push(`${i},${j}`);
    }
  }
  return out.sort();
}

/** The half lists as particle-id pairs, checking that each sits under its lower rank. */
function halfPairs(s: NeighborSearch): string[] {
  const out: string[] = [];
  for (let r = 0; r < s.count; r++) {
    for (let e = s.offsets[r]!; e < s.offsets[r + 1]!; e++) {
      const t = s.neighbors[e]!;
      expect(t).toBeGreaterThan(r);
      const a = s.order[r]!;
      const b = s.order[t]!;
      out.push(a < b ? `${a},${b}` : `${b},${a}`);
    }
  }
  return out.sort();
}

const coord = (span: number) => fc.double({ min: -span, max: span, noNaN: true });

describe('neighbour search, half lists in cell order', () => {
  for (const dim of [2, 3] as const) {
    it(`${dim}D: each pair within radius + skin exactly once, under its lower rank (vs brute force)`, () => {
      fc.assert(
        fc.property(
          fc.array(fc.tuple(coord(1), coord(1), coord(1)), { minLength: 1, maxLength: 150 }),
          fc.integer({ min: 0, max: 3 }),
          (pts, first) => {
            const x = new Float64Array(3 * (pts.length + first));
            for (let i = 0; i < pts.length; i++) x.set(pts[i]!, 3 * (first + i));
            const s = new NeighborSearch({ dim, radius: 0.2, skin: 0.05, half: true });
            s.update(x, first, pts.length);
            expect(s.hashed).toBe(false);
            expect(halfPairs(s)).toEqual(brutePairs(x, first, pts.length, 0.25, dim));
          },
        ),
        { numRuns: 40, seed: 11 },
      );
    });
  }

  it('a sparse 3D scene uses hashed cells and still lists each pair once', () => {
    const n = 300;
    const x = new Float64Array(3 * n);
    let seed = 3;
    const rnd = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    for (let i = 0; i < 3 * n; i++) x[i] = rnd();
    x[0] = 1000;
    const s = new NeighborSearch({ dim: 3, radius: 0.1, skin: 0, half: true });
    s.update(x, 0, n);
    expect(s.hashed).toBe(true);
    const pairs = halfPairs(s);
    expect(pairs.length).toBeGreaterThan(100);
    expect(pairs).toEqual(brutePairs(x, 0, n, 0.1, 3));
  });

  it('a lattice: a 2D particle away from the edges has its 12 neighbours within 2 spacings, 6 listed under it on average', () => {
    const m = 20;
    const x = new Float64Array(3 * m * m);
    for (let a = 0; a < m; a++) for (let b = 0; b < m; b++) x.set([a, b, 0], 3 * (a * m + b));
    const s = new NeighborSearch({ dim: 2, radius: 2, skin: 0, half: true });
    s.update(x, 0, m * m);
    // (±1,0), (0,±1), (±1,±1), (±2,0), (0,±2): 12 per inner particle, each pair listed once
    expect(halfPairs(s)).toEqual(brutePairs(x, 0, m * m, 2, 2));
    expect(s.listed).toBe(brutePairs(x, 0, m * m, 2, 2).length);
  });
});
