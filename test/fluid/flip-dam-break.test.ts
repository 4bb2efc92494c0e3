/**
 * FLIP dam break (Zhu & Bridson 2005; textbook §26.4) against Martin & Moyce's 1952 experiment, the
 * column of width a and height 2a. With free-slip walls the surge front runs ahead of the experiment
 * by under 15% over the first 0.5 s. With the floor's skin friction (c_f = 0.005, a smooth floor
 * under a turbulent boundary layer) the leading edge of the continuous liquid follows the experiment
 * within 10% from T = 2 (t = 0.14 s) to 0.5 s, and stays ahead of it; in the collapse before T = 2
 * the inviscid column's toe runs up to 11% ahead (more at smaller steps: 17% at dt/4), which the
 * model's friction does not reach.
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

/**
 * The leading edge of the continuous liquid: the particles' x sorted, the last one before the first
 * gap wider than a cell (drops thrown ahead of the surge are not its front).
 */
function leadingEdge(sim: FlipSim2D, scratch: Float64Array): number {
  const n = sim.count;
  const xs = scratch.subarray(0, n);
  xs.set(sim.x.subarray(0, n));
  xs.sort();
  let e = xs[0]!;
  for (let k = 1; k < n; k++) {
    if (xs[k]! - xs[k - 1]! > sim.h) break;
    e = xs[k]!;
  }
  return e;
}

describe('FLIP dam break with the floor’s skin friction (c_f = 0.005)', () => {
  it('the leading edge follows Martin & Moyce within 10% from T = 2 to 0.5 s, ahead of it throughout', () => {
    const a = 0.1;
    const g = 9.81;
    const h = 0.005;
    const sim = new FlipSim2D({
      nx: Math.round(1.2 / h) + 2,
      ny: Math.round(0.3 / h) + 2,
      h,
      wallFriction: 0.005,
    });
    sim.addBlock(h, h, h + a, h + 2 * a);
    const scratch = new Float64Array(2 * sim.count);
    const rows: string[] = [];
    let checked = 0;
    let last = Number.NaN;
    for (let s = 1; s <= 60; s++) {
      sim.step(1 / 120);
      if (s % 6 !== 0) continue;
      const Z = (leadingEdge(sim, scratch) - h) / a;
      const T = sim.time * Math.sqrt((2 * g) / a);
      const ref = martinMoyceZ(T);
      rows.push(`T=${T.toFixed(2)} Z=${Z.toFixed(3)} MM=${ref.toFixed(3)}`);
      if (Number.isNaN(ref)) continue;
      const e = Z / ref - 1;
      expect(e, rows.join('; ')).toBeGreaterThan(0);
      expect(e, rows.join('; ')).toBeLessThan(T < 2 ? 0.15 : 0.1);
      if (T >= 2) checked++;
      last = e;
    }
    expect(checked).toBeGreaterThan(6);
    // friction slows the surge most where it is thin: at 0.5 s the front is within 3% of the
    // experiment (free slip: 9%)
    expect(last, rows.join('; ')).toBeLessThan(0.03);
    expect(sim.time).toBeCloseTo(0.5, 9);
  });

  it('a layer sliding on the floor slows as the wall-stress law says: u(t) = u₀ / (1 + c_f u₀ t / h)', () => {
    // one cell of liquid on the floor, no gravity, a uniform slide: divergence-free, so the
    // projection leaves it alone and only the floor's stress −ρ c_f u² over the cell acts
    const h = 0.01;
    const u0 = 1;
    const run = (cf: number) => {
      const sim = new FlipSim2D({
        nx: 202,
        ny: 10,
        h,
        gravity: [0, 0],
        wallFriction: cf,
        densityCorrection: 0,
      });
      sim.addBlock(0.5, h, 1.0, 2 * h, { jitter: 0, velocity: [u0, 0] });
      for (let s = 0; s < 60; s++) sim.step(1 / 120);
      let lo = Number.POSITIVE_INFINITY;
      let hi = Number.NEGATIVE_INFINITY;
      for (let p = 0; p < sim.count; p++) {
        lo = Math.min(lo, sim.vx[p]!);
        hi = Math.max(hi, sim.vx[p]!);
      }
      return { lo, hi, t: sim.time };
    };
    const free = run(0);
    expect(free.lo).toBe(u0);
    expect(free.hi).toBe(u0);
    const cf = 0.005;
    const r = run(cf);
    const expected = u0 / (1 + (cf * u0 * r.t) / h);
    expect(expected).toBeCloseTo(0.8, 12);
    expect(Math.abs(r.lo / expected - 1)).toBeLessThan(1e-9);
    expect(Math.abs(r.hi / expected - 1)).toBeLessThan(1e-9);
  });

  it('rejects a friction coefficient outside [0, 1], naming the field', () => {
    expect(() => new FlipSim2D({ nx: 10, ny: 10, wallFriction: -0.1 })).toThrow(/options\.wallFriction/);
    expect(() => new FlipSim2D({ nx: 10, ny: 10, wallFriction: Number.NaN })).toThrow(
      /options\.wallFriction/,
    );
  });
});
