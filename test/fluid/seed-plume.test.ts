import { describe, expect, it } from 'vitest';
import { seedPlumeOptions } from '../../src/fluid/presets.js';
import { SmokeSim } from '../../src/fluid/smoke.js';

/** Highest row holding smoke above `level`, and the smoke's width in a row. */
function top(sim: SmokeSim, level = 0.05): number {
  const g = sim.grid;
  for (let j = g.ny - 1; j >= 0; j--)
    for (let i = 0; i < g.nx; i++) if (sim.density[g.cellIndex(i, j)]! > level) return j;
  return -1;
}
function width(sim: SmokeSim, j: number, level = 0.05): number {
  const g = sim.grid;
  let n = 0;
  for (let i = 0; i < g.nx; i++) if (sim.density[g.cellIndex(i, j)]! > level) n++;
  return n;
}

describe('the toy plume of textbook §26.4', () => {
  it('§26.4 plume (72×112, 60 Jacobi sweeps): the column rises at 60/120/180/240 steps and grows a mushroom head', () => {
    const sim = new SmokeSim(seedPlumeOptions());
    expect(sim.solver).toBe('jacobi');
    expect(sim.pressureIterations).toBe(60);
    const tops: number[] = [];
    for (let s = 1; s <= 240; s++) {
      const r = sim.step(1 / 60);
      expect(r.iterations).toBe(60);
      if (s % 60 === 0) tops.push(top(sim));
    }
    for (let k = 1; k < 4; k++) expect(tops[k]!).toBeGreaterThan(tops[k - 1]!);
    expect(tops[0]!).toBeGreaterThan(10);
    expect(tops[3]!).toBeLessThan(112);
    // the head (just below the top) is much wider than the column halfway up to it
    const head = Math.max(...[4, 6, 8, 10, 12].map((d) => width(sim, tops[3]! - d)));
    const stem = width(sim, Math.round(tops[3]! * 0.35));
    expect(head).toBeGreaterThan(2.5 * stem);
  });
});
