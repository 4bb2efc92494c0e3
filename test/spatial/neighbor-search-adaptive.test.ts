/**
 * The neighbour search's adaptive skin: a build drops the Verlet skin while the fastest particle
 * travels more than skin/4 per update (lists with the skin would not survive a second update) and
 * takes it again once the motion slows; with or without the skin the lists hold every pair within the
 * radius at every update (vs brute force), and a slow scene keeps reusing its lists.
 */
import { describe, expect, it } from 'vitest';
import { NeighborSearch } from '../../src/spatial/neighbor-search.js';

/** Every unordered pair i < j within r, as "i,j" strings, sorted. */
function brutePairs(x: Float64Array, n: number, r: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if ((x[3 * i]! - x[3 * j]!) ** 2 + (x[3 * i + 1]! - x[3 * j + 1]!) ** 2 < r * r) out.push(`${i},${j}`);
    }
  }
  return out.sort();
}

/** The half lists' pairs within r at the positions x (the lists may hold more: the skin). */
function listedWithin(s: NeighborSearch, x: Float64Array, r: number): string[] {
  const out: string[] = [];
  for (let a = 0; a < s.count; a++) {
    for (let e = s.offsets[a]!; e < s.offsets[a + 1]!; e++) {
      const i = s.order[a]!;
      const j = s.order[s.neighbors[e]!]!;
      if ((x[3 * i]! - x[3 * j]!) ** 2 + (x[3 * i + 1]! - x[3 * j + 1]!) ** 2 < r * r)
        out.push(i < j ? `${i},${j}` : `${j},${i}`);
    }
  }
  return out.sort();
}

describe('neighbour search, adaptive skin', () => {
  // a 20 × 20 lattice of spacing 0.1, radius 0.2, skin 0.05: the skin pays while a particle moves
  // less than 0.0125 per update
  const n = 400;
  const lattice = (x: Float64Array) => {
    for (let i = 0; i < n; i++) {
      x[3 * i] = 0.1 * (i % 20);
      x[3 * i + 1] = 0.1 * Math.floor(i / 20);
    }
  };
  /** a shear flow with speed `v` at the top row, per update */
  const shear = (x: Float64Array, v: number) => {
    for (let i = 0; i < n; i++) x[3 * i] += (v * x[3 * i + 1]!) / 1.9;
  };

  it('drops the skin in a fast flow and takes it again when it slows; the lists stay complete', () => {
    const x = new Float64Array(3 * n);
    lattice(x);
    const s = new NeighborSearch({ dim: 2, radius: 0.2, skin: 0.05, half: true, adaptiveSkin: true });
    s.update(x, 0, n);
    expect(s.buildSkin).toBe(0.05); // the first build takes the skin
    const skins: number[] = [];
    for (let k = 0; k < 30; k++) {
      shear(x, k < 15 ? 0.03 : 0.002); // 0.03 per update: 2.4 × skin/4; then 0.002: 0.16 × skin/4
      s.update(x, 0, n);
      skins.push(s.buildSkin);
      expect(listedWithin(s, x, 0.2)).toEqual(brutePairs(x, n, 0.2));
    }
    // fast: after the first rebuild measures the speed, every build is skinless (and each update rebuilds)
    expect(skins.slice(1, 15).every((v) => v === 0)).toBe(true);
    // slow again: the skin comes back and the lists are reused
    expect(skins[29]).toBe(0.05);
    const builds = s.builds;
    for (let k = 0; k < 5; k++) {
      shear(x, 0.002);
      s.update(x, 0, n);
    }
    expect(s.builds - builds).toBeLessThanOrEqual(1);
  });

  it('without the option the skin never changes (the fast flow rebuilds with it)', () => {
    const x = new Float64Array(3 * n);
    lattice(x);
    const s = new NeighborSearch({ dim: 2, radius: 0.2, skin: 0.05, half: true });
    for (let k = 0; k < 10; k++) {
      shear(x, 0.03);
      s.update(x, 0, n);
      expect(s.buildSkin).toBe(0.05);
      expect(listedWithin(s, x, 0.2)).toEqual(brutePairs(x, n, 0.2));
    }
  });
});
