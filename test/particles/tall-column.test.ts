/**
 * A tall resting DFSPH column (Bender & Koschier 2015): 0.5 m × 2 m, 100 layers of 25 particles, in a
 * tank of its own width, steps of 1/240 s. With one substep per step the density solve (judged by
 * the mean compression) let the bottom rows sink into each other until the column blew apart within
 * 0.4 s; with `adaptiveSubsteps` the substep stays under the CFL and gravity bounds (three substeps
 * here), every solve reaches its tolerance, the density error stays under 1% and the column height
 * within 2%.
 */
import { describe, expect, it } from 'vitest';
import { SphFluid } from '../../src/particles/sph.js';

describe('a tall DFSPH column at rest (2,500 particles, 2 m, 1 s of 1/240 s steps)', () => {
  it('with adaptive substeps every solve converges, the density error stays under 1% and the height within 2%', () => {
    const d = 0.02;
    const f = new SphFluid({
      dim: 2,
      spacing: d,
      domain: { min: [0, 0], max: [0.5, 2.4] },
      substeps: 1,
      maxDensityError: 0.005,
      adaptiveSubsteps: true,
    });
    f.addBlock([0, 0], [0.5, 2]);
    expect(f.fluidCount).toBe(2500);
    const height = () => {
      let s = 0;
      for (let k = 0; k < f.fluidCount; k++) s += f.x[3 * f.index(k) + 1]!;
      return (2 * s) / f.fluidCount;
    };
    const h0 = height();
    let worstMean = 0;
    let worstHeight = 0;
    let most = 0;
    for (let s = 0; s < 240; s++) {
      f.step(1 / 240);
      expect(f.stats.converged).toBe(true);
      expect(f.stats.substeps).toBe(3); // ⌈(1/240) / √(0.001 d / g)⌉ while the column is slow
      worstMean = Math.max(worstMean, f.stats.densityError);
      worstHeight = Math.max(worstHeight, Math.abs(height() / h0 - 1));
      most = Math.max(most, f.stats.densityIterations);
    }
    expect(worstMean).toBeLessThan(0.01);
    expect(worstHeight).toBeLessThan(0.02);
    expect(f.stats.clamped).toBe(0);
    expect(most).toBeLessThan(3 * 100);
  });
});
