import { describe, expect, it } from 'vitest';
import { DistanceSet, pbdStiffness, XpbdWorld } from '../../src/xpbd/index.js';

/** Two particles p1 = (0,0), p2 = (3,4), rest length 4, projected by the real solver stages. */
function pair(w1: number, w2: number, compliance: number, integrator: 'pbd' | 'xpbd') {
  const world = new XpbdWorld({ integrator, gravity: [0, 0, 0], substeps: 1, iterations: 1 });
  const p = world.particles;
  p.add(0, 0, 0, w1);
  p.add(3, 4, 0, w2);
  const set = world.add(new DistanceSet({ compliance }));
  set.add(p, 0, 1, 4);
  world.prepare(0.1);
  world.resetLambda();
  const length = () => Math.hypot(p.x[3] - p.x[0], p.x[4] - p.x[1]);
  return { world, p, set, length };
}

describe('§26.3 distance constraint projection (golden)', () => {
  it('§26.3 equal masses: (0.3, 0.4) and (2.7, 3.6), length 4', () => {
    const { world, p, length } = pair(1, 1, 0, 'pbd');
    world.sweep(0);
    expect(p.position(0)[0]).toBeCloseTo(0.3, 12);
    expect(p.position(0)[1]).toBeCloseTo(0.4, 12);
    expect(p.position(1)[0]).toBeCloseTo(2.7, 12);
    expect(p.position(1)[1]).toBeCloseTo(3.6, 12);
    expect(length()).toBeCloseTo(4, 12);
  });

  it('§26.3 p1 fixed (w1 = 0): p2 moves the whole (−0.6, −0.8) to (2.4, 3.2)', () => {
    const { world, p } = pair(0, 1, 0, 'pbd');
    world.sweep(0);
    expect(p.position(0)).toEqual([0, 0, 0]);
    expect(p.position(1)[0]).toBeCloseTo(2.4, 12);
    expect(p.position(1)[1]).toBeCloseTo(3.2, 12);
  });

  it('§26.3 w1 = 1, w2 = 3: (0.15, 0.2) and (2.55, 3.4), centre of mass unchanged', () => {
    const { world, p } = pair(1, 3, 0, 'pbd');
    const com = (q: number) => (1 * p.x[q] + (1 / 3) * p.x[3 + q]) / (1 + 1 / 3);
    const before = [com(0), com(1)];
    world.sweep(0);
    expect(p.position(0)[0]).toBeCloseTo(0.15, 12);
    expect(p.position(0)[1]).toBeCloseTo(0.2, 12);
    expect(p.position(1)[0]).toBeCloseTo(2.55, 12);
    expect(p.position(1)[1]).toBeCloseTo(3.4, 12);
    expect(com(0)).toBeCloseTo(before[0], 12);
    expect(com(1)).toBeCloseTo(before[1], 12);
  });

  it('§26.3 XPBD α = 0.01, h = 0.1: length 4.3333, λ = −1/3, Δp1 = (0.2, 0.2667); iteration 2 changes nothing', () => {
    const { world, p, set, length } = pair(1, 1, 0.01, 'xpbd');
    world.sweep(0);
    expect(length().toFixed(4)).toBe('4.3333');
    expect(set.lambda[0]).toBeCloseTo(-1 / 3, 12);
    expect(p.position(0)[0].toFixed(4)).toBe('0.2000');
    expect(p.position(0)[1].toFixed(4)).toBe('0.2667');
    const after1 = [...p.x.subarray(0, 6)];
    world.sweep(1);
    expect(set.lambda[0]).toBeCloseTo(-1 / 3, 12);
    [...p.x.subarray(0, 6)].forEach((v, k) => {
      expect(v).toBeCloseTo(after1[k], 12);
    });
    // equilibrium, not a projection: m·|Δp|/h² = 33.3 N = k·C with k = 1/α = 100 N/m
    const moved = Math.hypot(p.x[0], p.x[1]);
    expect(moved / 0.01).toBeCloseTo(100 * (length() - 4), 9);
    expect((moved / 0.01).toFixed(1)).toBe('33.3');
  });

  it('§26.3 XPBD α = 0 (the PBD case): length 4.0000, λ = −0.5, iteration 2 changes nothing', () => {
    const { world, set, length } = pair(1, 1, 0, 'xpbd');
    world.sweep(0);
    expect(length().toFixed(4)).toBe('4.0000');
    expect(set.lambda[0]).toBeCloseTo(-0.5, 12);
    world.sweep(1);
    expect(set.lambda[0]).toBeCloseTo(-0.5, 12);
    expect(length()).toBeCloseTo(4, 12);
  });

  it('§26.3 PBD stiffness k = 0.5, n = 4: k′ = 0.159 and (1 − k′)^4 = 0.5', () => {
    const kp = pbdStiffness(0.5, 4);
    expect(kp.toFixed(3)).toBe('0.159');
    expect((1 - kp) ** 4).toBeCloseTo(0.5, 12);
    expect(pbdStiffness(1, 7)).toBe(1);
    expect(pbdStiffness(0, 3)).toBe(0);
  });

  it('§26.3 PBD with k = 0.5 leaves (1 − k′)^n of the error after n iterations: 0.5 whatever n is', () => {
    for (const n of [1, 4, 16]) {
      const world = new XpbdWorld({ integrator: 'pbd', gravity: [0, 0, 0], iterations: n });
      const p = world.particles;
      p.add(0, 0, 0, 0);
      p.add(5, 0, 0, 1);
      world.add(new DistanceSet({ stiffness: 0.5 })).add(p, 0, 1, 4);
      world.prepare(1 / 60);
      world.resetLambda();
      for (let it = 0; it < n; it++) world.sweep(it);
      expect(p.position(1)[0] - 4).toBeCloseTo(0.5, 10);
    }
  });
});
