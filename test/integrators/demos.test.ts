import { describe, expect, it } from 'vitest';
import { integratorsDemos } from '../../src/demos/integrators.js';
import { resolveParams } from '../../src/demos/types.js';
import { amplification, springStep } from '../../src/integrators/index.js';

const find = (id: string) => integratorsDemos.find((d) => d.id === id)!;

describe('integrator demos (26.1)', () => {
  it('spring: at h = 0.25 the series follow the integrators; after 2 s only implicit Euler is bounded', () => {
    const demo = find('spring');
    const inst = demo.create(resolveParams(demo, { h: '0.25' }));
    const s = new Float64Array([1, 0]);
    for (let f = 0; f < 30; f++) inst.step(); // t = 0.5 s = 2 steps
    springStep('implicit-euler', 1, 0, 0.25, 100, 0, s);
    springStep('implicit-euler', s[0]!, s[1]!, 0.25, 100, 0, s);
    expect(inst.series!()['implicit-euler']).toBeCloseTo(s[0]!, 12); // −0.09988, the worked example's x2
    expect(Number(inst.series!()['implicit-euler']!.toFixed(5))).toBe(-0.09988);
    for (let f = 30; f < 119; f++) inst.step();
    const x = inst.series!();
    expect(Math.abs(x['implicit-euler']!)).toBeLessThan(0.05);
    expect(Math.abs(x['explicit-euler']!)).toBeGreaterThan(100);
    expect(Math.abs(x['semi-implicit-euler']!)).toBeGreaterThan(100);
    expect(Object.keys(x).sort()).toEqual([
      'exact',
      'explicit-euler',
      'implicit-euler',
      'semi-implicit-euler',
    ]);
  });
  it('spring: at h = 0.1 semi-implicit Euler stays bounded and oscillates; the run restarts every 2 s', () => {
    const demo = find('spring');
    const inst = demo.create(resolveParams(demo, { h: '0.1', 'show-rk4': true }));
    let maxSemi = 0;
    for (let f = 0; f < 120; f++) {
      inst.step();
      maxSemi = Math.max(maxSemi, Math.abs(inst.series!()['semi-implicit-euler']!));
    }
    expect(maxSemi).toBeLessThanOrEqual(1 + 1e-12);
    expect(maxSemi).toBeGreaterThan(0.99);
    expect(inst.series!().rk4).toBeDefined();
    inst.step(); // 2 s + one frame: a new run from x = 1
    expect(inst.series!()['implicit-euler']).toBeGreaterThan(0.9);
  });
  it('stability-regions: the series are |R(i·hω)| of each method along the animated probe', () => {
    const demo = find('stability-regions');
    const inst = demo.create(resolveParams(demo));
    for (let f = 0; f < 90; f++) inst.step();
    const s = inst.series!();
    expect(s.hOmega).toBeCloseTo(0.75, 12);
    expect(s['explicit-euler']).toBeCloseTo(amplification('explicit-euler', 0, 0.75), 15);
    expect(s['implicit-midpoint']).toBeCloseTo(1, 14);
  });
});
