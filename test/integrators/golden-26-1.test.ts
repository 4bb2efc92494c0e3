import { describe, expect, it } from 'vitest';
import {
  amplification,
  assemble,
  createSpringNetwork,
  implicitEulerNewtonStep,
  setSpring,
  springEnergy,
  springStep,
  springStepMatrix,
  stabilityFunction,
} from '../../src/integrators/index.js';

/** The value as the book prints it: rounded to `digits` decimals. */
const printed = (value: number, digits: number): number => Number(value.toFixed(digits));

/** Runs `steps` closed-form steps of the k = 100, m = 1 spring; returns the states (x, v) per step. */
function run(
  method: Parameters<typeof springStep>[0],
  x0: number,
  v0: number,
  h: number,
  steps: number,
  gamma = 0,
) {
  const xs = [x0];
  const vs = [v0];
  const s = new Float64Array(2);
  for (let n = 0; n < steps; n++) {
    springStep(method, xs[n]!, vs[n]!, h, 100, gamma, s);
    xs.push(s[0]!);
    vs.push(s[1]!);
  }
  return { xs, vs };
}

describe('textbook §26.1 golden values (printed digits)', () => {
  it('§26.1 implicit Euler worked example: v1 = −3.44828, x1 = 0.13793, v2 = −0.95125, x2 = −0.09988', () => {
    const { xs, vs } = run('implicit-euler', 1, 0, 0.25, 2);
    expect(printed(vs[1]!, 5)).toBe(-3.44828);
    expect(printed(xs[1]!, 5)).toBe(0.13793);
    expect(printed(vs[2]!, 5)).toBe(-0.95125);
    expect(printed(xs[2]!, 5)).toBe(-0.09988);
    // check with the first equation: x1 = x0 + h v1 = 1 − 0.86207
    expect(printed(0.25 * vs[1]!, 5)).toBe(-0.86207);
    expect(xs[1]).toBe(1 + 0.25 * vs[1]!);
  });

  it('§26.1 implicit Euler energy: E0 = 50 J, E1 = 5.9453 + 0.9512 = 6.8966 J = 50/7.25, ÷(1 + h²ω²) each step', () => {
    const { xs, vs } = run('implicit-euler', 1, 0, 0.25, 6);
    expect(springEnergy(xs[0]!, vs[0]!, 100, 1)).toBe(50);
    expect(printed(0.5 * vs[1]! ** 2, 4)).toBe(5.9453);
    expect(printed(50 * xs[1]! ** 2, 4)).toBe(0.9512);
    const e1 = springEnergy(xs[1]!, vs[1]!, 100, 1);
    expect(printed(e1, 4)).toBe(6.8966);
    expect(e1).toBeCloseTo(50 / 7.25, 13);
    for (let n = 1; n <= 6; n++) {
      const ratio = springEnergy(xs[n]!, vs[n]!, 100, 1) / springEnergy(xs[n - 1]!, vs[n - 1]!, 100, 1);
      expect(ratio).toBeCloseTo(1 / 7.25, 13);
    }
  });

  it('§26.1 semi-implicit Euler explodes at h = 0.25 (hω = 2.5 > 2): x = 1, −5.25, 21.3, −85.3, 341.3', () => {
    const { xs } = run('semi-implicit-euler', 1, 0, 0.25, 4);
    expect(xs[0]).toBe(1);
    expect(xs[1]).toBe(-5.25);
    expect(xs.slice(2).map((x) => printed(x, 1))).toEqual([21.3, -85.3, 341.3]);
  });

  it('§26.1 semi-implicit Euler needs hω < 2 (h < 0.2 s): its step matrix has |eigenvalues| = 1 exactly below', () => {
    const P = new Float64Array(4);
    for (const h of [0.05, 0.1, 0.15, 0.199]) {
      springStepMatrix('semi-implicit-euler', h, 100, 0, P);
      const det = P[0]! * P[3]! - P[1]! * P[2]!;
      const tr = P[0]! + P[3]!;
      expect(det).toBeCloseTo(1, 14); // |μ|² = det for a complex pair
      expect(tr * tr).toBeLessThan(4 * det); // complex pair ⇒ both on the unit circle
      expect(amplification('semi-implicit-euler', 0, h * 10)).toBeCloseTo(1, 12);
    }
    expect(amplification('semi-implicit-euler', 0, 0.201 * 10)).toBeGreaterThan(1);
    expect(amplification('semi-implicit-euler', 0, 2.5)).toBeGreaterThan(1);
  });

  it('§26.1 energy factors per step: explicit ×(1 + h²ω²), implicit ÷(1 + h²ω²), = |R(±ihω)|²', () => {
    for (const h of [0.01, 0.1, 0.25]) {
      const f = 1 + h * h * 100;
      const ex = run('explicit-euler', 1, 0, h, 3);
      const im = run('implicit-euler', 1, 0, h, 3);
      for (let n = 1; n <= 3; n++) {
        const eEx =
          springEnergy(ex.xs[n]!, ex.vs[n]!, 100, 1) / springEnergy(ex.xs[n - 1]!, ex.vs[n - 1]!, 100, 1);
        const eIm =
          springEnergy(im.xs[n]!, im.vs[n]!, 100, 1) / springEnergy(im.xs[n - 1]!, im.vs[n - 1]!, 100, 1);
        expect(eEx).toBeCloseTo(f, 12);
        expect(eIm).toBeCloseTo(1 / f, 12);
      }
      expect(amplification('explicit-euler', 0, h * 10) ** 2).toBeCloseTo(f, 12);
      expect(amplification('implicit-euler', 0, -h * 10) ** 2).toBeCloseTo(1 / f, 12);
    }
  });

  it('§26.1 h = 0.1 (hω = 1): energy halves every step, 0.5¹⁰ ≈ 0.001 left after 1 s', () => {
    const { xs, vs } = run('implicit-euler', 1, 0, 0.1, 10);
    expect(springEnergy(xs[1]!, vs[1]!, 100, 1) / 50).toBeCloseTo(0.5, 14);
    expect(printed(springEnergy(xs[10]!, vs[10]!, 100, 1) / 50, 3)).toBe(0.001);
  });

  it('§26.1 at 60 Hz the loss is 1/(1 + 100/3600) = 0.973 per step, and 0.973⁶⁰ ≈ 0.19 after one second', () => {
    const { xs, vs } = run('implicit-euler', 1, 0, 1 / 60, 60);
    const e = (n: number) => springEnergy(xs[n]!, vs[n]!, 100, 1);
    expect(printed(e(1) / e(0), 3)).toBe(0.973);
    expect(printed(e(60) / e(0), 2)).toBe(0.19);
  });

  it('§26.1 damper c = 200 N·s/m on 1 kg at 60 Hz: z = −3.33, explicit ×(−2.33), implicit ×0.23; h ≤ 2m/c = 0.01', () => {
    const h = 1 / 60;
    const z = -200 * h;
    expect(printed(z, 2)).toBe(-3.33);
    const R = new Float64Array(2);
    stabilityFunction('explicit-euler', z, 0, R);
    expect(printed(R[0]!, 2)).toBe(-2.33);
    stabilityFunction('implicit-euler', z, 0, R);
    expect(printed(R[0]!, 2)).toBe(0.23);
    // the same factors from the integrators themselves on the pure damper v' = −(c/m) v
    const s = new Float64Array(2);
    springStep('explicit-euler', 0, 1, h, 0, 200, s);
    expect(printed(s[1]!, 2)).toBe(-2.33);
    springStep('implicit-euler', 0, 1, h, 0, 200, s);
    expect(printed(s[1]!, 2)).toBe(0.23);
    // explicit Euler is stable for this damper only while h ≤ 0.01
    expect(amplification('explicit-euler', -200 * 0.01, 0)).toBeCloseTo(1, 14);
    expect(amplification('explicit-euler', -200 * 0.0101, 0)).toBeGreaterThan(1);
    expect(amplification('explicit-euler', -200 * 0.0099, 0)).toBeLessThan(1);
  });

  it('§26.1 Baraff–Witkin Newton step on the 1D spring (∂f/∂x = −100, ∂f/∂v = 0): 7.25 Δv = −25 gives v1', () => {
    // particle 1 at x = 1 on a zero-length spring k = 100 to the pinned particle 0 at the origin
    const net = createSpringNetwork({ dim: 2, particles: 2, springs: 1 });
    net.invMass[0] = 0;
    net.x.set([0, 0, 1, 0]);
    setSpring(net, 0, 0, 1, { stiffness: 100, restLength: 0 });
    const h = 0.25;
    assemble(net, h);
    const e = new Float64Array(4);
    const Ae = new Float64Array(4);
    e[2] = 1;
    net.applyA(e, Ae);
    expect(Ae[2]).toBe(7.25);
    expect(net.rhs[2]).toBe(-25);
    implicitEulerNewtonStep(net, h);
    expect(printed(net.dv[2]!, 5)).toBe(-3.44828);
    expect(printed(net.v[2]!, 5)).toBe(-3.44828);
    expect(printed(net.x[2]!, 5)).toBe(0.13793);
    // exactly the closed form (a linear spring: one Newton step is the exact implicit Euler step)
    const s = new Float64Array(2);
    springStep('implicit-euler', 1, 0, h, 100, 0, s);
    expect(net.v[2]).toBeCloseTo(s[1]!, 14);
    expect(net.x[2]).toBeCloseTo(s[0]!, 14);
    expect([net.x[0], net.x[1], net.v[0], net.v[1]]).toEqual([0, 0, 0, 0]);
  });
});
