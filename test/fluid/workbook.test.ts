import { describe, expect, it } from 'vitest';
import { bottomFaceSequence, runBox, section26_4 } from '../../src/workbook/s26-4.js';

describe('workbook §26.4 (grid parts)', () => {
  const examples = section26_4.examples();
  it('every self-check of every example passes', () => {
    expect(examples.map((e) => e.id)).toEqual([
      '26.4-semi-lagrangian',
      '26.4-upwind',
      '26.4-projection-2x2',
      '26.4-jacobi',
      '26.8-5',
      '26.9-5',
    ]);
    for (const e of examples)
      for (const c of e.checks ?? []) expect(c.pass, `${e.id}: ${c.label}`).toBe(true);
  });

  it('§26.4 2×2: every Gauss–Seidel cell update of sweep 1 is −0.5, 0.25, −0.25, 0', () => {
    const run = runBox((g) => (g.u[g.uIndex(1, 0)] = 1));
    expect(run.cellUpdates.map((u) => u.value)).toEqual([-0.5, 0.25, -0.25, 0]);
    expect(run.cellUpdates.map((u) => u.cell)).toEqual([
      'left-bottom',
      'right-bottom',
      'left-top',
      'right-top',
    ]);
  });

  it('26.8-5: one sweep is not enough — it takes two, and the loop turns counter-clockwise', () => {
    const run = runBox((g) => (g.u[g.uIndex(1, 1)] = -1));
    expect(run.sweeps[0]).toEqual([0, 0, 0.5, -0.25]);
    expect(run.sweepsToZero).toBe(2);
    expect(run.sweeps[1]).toEqual([0.25, 0, 0.5, -0.25]);
    expect(run.sweeps[2]).toEqual(run.sweeps[1]); // the third sweep changes nothing
    expect(run.faces).toEqual({ bottom: 0.25, top: -0.25, left: -0.25, right: 0.25 });
    expect(run.direction).toBe('counter-clockwise');
  });

  it('26.9-5: left column pushed up → one sweep, all faces 0.25, zero divergence, clockwise (the hint)', () => {
    const run = runBox((g) => (g.v[g.vIndex(0, 1)] = 1));
    expect(run.divergenceBefore).toEqual([1, 0, -1, 0]);
    expect(run.sweeps[0]).toEqual([-0.5, -0.25, 0.25, 0]);
    expect(run.sweepsToZero).toBe(1);
    expect(run.faces).toEqual({ bottom: -0.25, top: 0.25, left: 0.25, right: -0.25 });
    expect(run.divergenceAfter).toEqual([0, 0, 0, 0]);
    expect(run.direction).toBe('clockwise');
  });

  it('§26.4: Jacobi 0, 0.5, 0, 0.5, … and weighted Jacobi 0.333, 0.333, 0.259, 0.259, 0.251', () => {
    expect(bottomFaceSequence('jacobi', 4)).toEqual([0, 0.5, 0, 0.5]);
    const wj = bottomFaceSequence('weighted-jacobi', 5);
    [1 / 3, 1 / 3, 7 / 27, 7 / 27].forEach((x, i) => {
      expect(wj[i]).toBeCloseTo(x, 6);
    });
    expect(wj[4]).toBeCloseTo(0.251, 3);
  });
});
