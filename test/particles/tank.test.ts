/**
 * A resting column of particle fluid keeps its density and its height (DFSPH and PBF). The height
 * is twice the particles' mean height; it settles about 1–2% below the start as the square start
 * lattice repacks (the density error stays near 0.1%).
 */
import { describe, expect, it } from 'vitest';
import { PbfSet } from '../../src/particles/pbf.js';
import { SphFluid } from '../../src/particles/sph.js';
import { XpbdWorld } from '../../src/xpbd/solver.js';

const d = 0.025;
const tank = { min: [0, 0], max: [0.25, 0.8] };

/** Column height as twice the mean height of the particles (a uniform column from y = 0). */
function columnHeight(y: (k: number) => number, n: number): number {
  let s = 0;
  for (let k = 0; k < n; k++) s += y(k);
  return (2 * s) / n;
}

describe('a resting tank (a column of 10 × 24 particles, 10 s)', () => {
  it('DFSPH keeps the density error under 1% and the column height within 2%', () => {
    const f = new SphFluid({ dim: 2, spacing: d, domain: tank, solver: 'dfsph', substeps: 4, viscosity: 1 });
    f.addBlock([0, 0], [0.25, 0.6]);
    expect(f.fluidCount).toBe(240);
    const y = (k: number) => f.x[3 * f.index(k) + 1];
    const h0 = columnHeight(y, f.fluidCount);
    expect(h0).toBeCloseTo(0.6, 9);
    let worstErr = 0;
    let worstHeight = 0;
    for (let s = 0; s < 600; s++) {
      f.step(1 / 60);
      worstErr = Math.max(worstErr, f.stats.densityError);
      worstHeight = Math.max(worstHeight, Math.abs(columnHeight(y, f.fluidCount) / h0 - 1));
      expect(f.stats.densityIterations).toBeLessThan(4 * 100); // converged within the cap every substep
    }
    expect(worstErr).toBeLessThan(0.01);
    expect(worstHeight).toBeLessThan(0.02);
    expect(f.stats.clamped).toBe(0);
  });

  it('PBF (XPBD substeps 8, 4 iterations) keeps the density error under 1% and the column height within 2%', () => {
    const world = new XpbdWorld({ substeps: 8, iterations: 4 });
    const f = world.add(new PbfSet(world.particles, { dim: 2, spacing: d, domain: tank }));
    f.addBlock([0, 0], [0.25, 0.6]);
    const x = world.particles.x;
    const y = (k: number) => x[3 * (f.first + k) + 1];
    const h0 = columnHeight(y, f.count);
    let worstErr = 0;
    let worstHeight = 0;
    for (let s = 0; s < 600; s++) {
      world.step(1 / 60);
      if (s % 10 === 9) worstErr = Math.max(worstErr, f.densityError());
      worstHeight = Math.max(worstHeight, Math.abs(columnHeight(y, f.count) / h0 - 1));
    }
    expect(worstErr).toBeLessThan(0.01);
    expect(worstHeight).toBeLessThan(0.02);
  });
});
