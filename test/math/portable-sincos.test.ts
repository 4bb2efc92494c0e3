import { describe, expect, it } from 'vitest';
import { pcos, psin, psincosAt } from '../../src/math/portable.js';
import { Prng } from '../../src/math/prng.js';

/** psincosAt (the array form for hot loops) gives exactly psin's and pcos's bits. */
describe('psincosAt', () => {
  it('equals psin and pcos bit for bit, special values included', () => {
    const r = new Prng(1);
    const a = new Float64Array(3);
    const xs = [
      0,
      -0,
      1e-300,
      Math.PI / 4,
      -Math.PI / 4,
      1,
      3,
      -7,
      100,
      1e7,
      2e8,
      -1e12,
      Number.NaN,
      Infinity,
      -Infinity,
    ];
    for (let i = 0; i < 20000; i++) xs.push(r.range(-50, 50), r.range(-1, 1) * 1e-3);
    for (const x of xs) {
      a[0] = x;
      psincosAt(a, 0);
      expect(Object.is(a[1], psin(x))).toBe(true);
      expect(Object.is(a[2], pcos(x))).toBe(true);
    }
  });
});
