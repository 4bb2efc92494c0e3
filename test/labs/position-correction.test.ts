import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { correctionAmount, positional_correction } from '../../src/labs/position-correction.js';

describe('positional_correction (the stacking lab, どう動くのか)', () => {
  it('the stacking lab: correction = max(depth − slop, 0)/(inv_m1 + inv_m2)·percent, split by inverse mass', () => {
    // depth 0.05, slop 0.01, percent 0.5, inv masses 1 and 3: correction = 0.04/4·0.5 = 0.005
    expect(correctionAmount(0.05, 1, 3, 0.01, 0.5)).toBeCloseTo(0.005, 15);
    const [a, b] = positional_correction([0, 0], 1, [0, 0.95], 3, [0, 1], 0.05, 0.01, 0.5);
    expect(a[0]).toBe(0);
    expect(a[1]).toBeCloseTo(-0.005, 15);
    expect(b[1]).toBeCloseTo(0.95 + 0.015, 15);
  });

  it('leaves overlaps within the slop alone, and a static body (inv_m = 0) in place', () => {
    expect(positional_correction([1, 2], 1, [3, 4], 1, [1, 0], 0.004, 0.005, 0.8)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    const [ground, box] = positional_correction([0, 0], 0, [0, 0.45], 1, [0, 1], 0.05, 0.01, 1);
    expect(ground).toEqual([0, 0]);
    expect(box[1]).toBeCloseTo(0.49, 15); // percent 1 removes all but the slop at once
  });

  it('keeps the centre of mass, and reduces the overlap by exactly percent·(depth − slop)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.1, max: 10, noNaN: true }),
        fc.double({ min: 0.1, max: 10, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 0, max: 0.2, noNaN: true }),
        fc.double({ min: 0, max: 0.01, noNaN: true }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        (m1, m2, ang, depth, slop, percent) => {
          const n = [Math.cos(ang), Math.sin(ang)] as const;
          const [a, b] = positional_correction([0, 0], 1 / m1, [0, 0], 1 / m2, n, depth, slop, percent);
          expect(Math.abs(m1 * a[0] + m2 * b[0])).toBeLessThan(1e-12);
          expect(Math.abs(m1 * a[1] + m2 * b[1])).toBeLessThan(1e-12);
          const separated = (b[0] - a[0]) * n[0] + (b[1] - a[1]) * n[1];
          expect(separated).toBeCloseTo(Math.max(depth - slop, 0) * percent, 12);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('repeated correction converges to the slop, never below it (no overshoot for percent ≤ 1)', () => {
    for (const percent of [0.2, 0.8]) {
      let depth = 0.1;
      for (let k = 0; k < 200; k++) {
        const [, b] = positional_correction([0, 0], 0, [0, 0], 1, [0, 1], depth, 0.01, percent);
        depth -= b[1];
        expect(depth).toBeGreaterThanOrEqual(0.01 - 1e-15);
      }
      expect(depth).toBeCloseTo(0.01, 9);
    }
  });

  it('rejects bad input naming the field', () => {
    expect(() => positional_correction([0, 0], -1, [0, 0], 1, [0, 1], 0.1)).toThrow(/inv_m1: must be >= 0/);
    expect(() => positional_correction([0, 0], 1, [0, 0], 1, [0, 1], 0.1, 0.01, 1.5)).toThrow(/percent/);
  });
});
