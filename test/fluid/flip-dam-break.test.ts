/**
 * FLIP dam break (Zhu & Bridson 2005; textbook §26.4): the surge front of a column of width a and
 * height 2a runs ahead of Martin & Moyce's 1952 experiment (inviscid, free-slip floor) by under 15%
 * over the first 0.5 s.
 */
import { describe, expect, it } from 'vitest';
import { FlipSim2D } from '../../src/fluid/flip2d.js';

/**
 * Martin & Moyce 1952, "An Experimental Study of the Collapse of Liquid Columns on a Rigid
 * Horizontal Plane", the column of width a and height 2a: the surge front's distance from the back
 * wall Z = z/a against the non-dimensional time T = t √(2g/a).
 */
const martinMoyce = [
  [0.832, 1.217],
  [1.219, 1.474],
  [1.997, 2.292],
  [2.547, 2.995],
  [3.345, 4.134],
  [4.034, 4.944],
  [4.418, 5.881],
  [5.091, 6.98],
  [5.685, 7.945],
  [6.306, 8.966],
  [6.822, 9.986],
  [7.439, 10.963],
];

/** Martin & Moyce's front Z at time T, interpolated (NaN beyond the data). */
function martinMoyceZ(T: number): number {
  if (T < martinMoyce[0]![0]!) return Number.NaN;
  for (let k = 1; k < martinMoyce.length; k++) {
    const [t0, z0] = martinMoyce[k - 1]!;
    const [t1, z1] = martinMoyce[k]!;
    if (T <= t1!) return z0! + ((z1! - z0!) * (T - t0!)) / (t1! - t0!);
  }
  return Number.NaN;
}

describe('FLIP dam break (column 0.1 m × 0.2 m, 5 mm cells, 3,200 particles)', () => {
  it('the front runs ahead of Martin & Moyce by under 15% over the first 0.5 s', () => {
    const a = 0.1;
    const g = 9.81;
    const h = 0.005;
    // the tank's inside starts one cell in (the outer ring of cells is the wall)
    const sim = new FlipSim2D({ nx: Math.round(1.2 / h) + 2, ny: Math.round(0.3 / h) + 2, h });
    sim.addBlock(h, h, h + a, h + 2 * a);
    const rows: string[] = [];
    let checked = 0;
    for (let s = 1; s <= 60; s++) {
      sim.step(1 / 120);
      if (s % 6 !== 0) continue;
      let front = 0;
      for (let p = 0; p < sim.count; p++) front = Math.max(front, sim.x[p]!);
      const Z = (front - h) / a;
      const T = sim.time * Math.sqrt((2 * g) / a);
      const ref = martinMoyceZ(T);
      rows.push(`T=${T.toFixed(2)} Z=${Z.toFixed(3)} MM=${ref.toFixed(3)}`);
      if (Number.isNaN(ref)) continue;
      // inviscid, with free-slip walls: ahead of the experiment (whose floor drags), but within 15%
      expect(Z / ref - 1, rows.join('; ')).toBeGreaterThan(0);
      expect(Z / ref - 1, rows.join('; ')).toBeLessThan(0.15);
      checked++;
    }
    expect(checked).toBeGreaterThan(6);
    expect(sim.time).toBeCloseTo(0.5, 9);
  });
});
