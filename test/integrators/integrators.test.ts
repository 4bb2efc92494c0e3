import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amplification,
  createOdeScratch,
  explicitEuler,
  INTEGRATORS,
  type IntegratorId,
  implicitEuler,
  implicitMidpoint,
  type OdeAccel,
  type OdeJacobian,
  type OdeRhs,
  positionVerlet,
  rk4,
  semiImplicitEuler,
  springEnergy,
  springStep,
  springStepMatrix,
  stabilityFunction,
  velocityVerlet,
} from '../../src/integrators/index.js';

const W2 = 100; // ω² = k/m of the chapter's spring
const GAMMA = 0.7; // some damping for the cross-checks

/** y = (x, v), y' = (v, −ω²x − γv) */
const springRhs: OdeRhs = (_t, y, out) => {
  out[0] = y[1]!;
  out[1] = -W2 * y[0]! - GAMMA * y[1]!;
};
const springJac: OdeJacobian = (_t, _y, J) => {
  J[0] = 0;
  J[1] = 1;
  J[2] = -W2;
  J[3] = -GAMMA;
};
const springAcc: OdeAccel = (_t, x, v, out) => {
  out[0] = -W2 * x[0]! - GAMMA * v[0]!;
};

describe('closed forms agree with the generic integrators on the damped spring', () => {
  const h = 0.03;
  const y0 = [0.8, -1.3];
  const closed = (m: IntegratorId) => {
    const s = new Float64Array(2);
    springStep(m, y0[0]!, y0[1]!, h, W2, GAMMA, s);
    return s;
  };
  const sc = createOdeScratch(2);
  it('first-order methods (explicit Euler, RK4, implicit Euler, implicit midpoint)', () => {
    const out = new Float64Array(2);
    const y = Float64Array.from(y0);
    explicitEuler(0, y, h, springRhs, out, sc);
    expect([...out]).toEqual([...closed('explicit-euler')]);
    rk4(0, y, h, springRhs, out, sc);
    for (let i = 0; i < 2; i++) expect(out[i]).toBeCloseTo(closed('rk4')[i]!, 14);
    const itE = implicitEuler(0, y, h, springRhs, springJac, out, sc);
    for (let i = 0; i < 2; i++) expect(out[i]).toBeCloseTo(closed('implicit-euler')[i]!, 14);
    expect(itE).toBeLessThanOrEqual(2); // linear: one Newton step + one to confirm
    implicitMidpoint(0, y, h, springRhs, springJac, out, sc);
    for (let i = 0; i < 2; i++) expect(out[i]).toBeCloseTo(closed('implicit-midpoint')[i]!, 14);
    // output may alias the input
    rk4(0, y, h, springRhs, y, sc);
    for (let i = 0; i < 2; i++) expect(y[i]).toBeCloseTo(closed('rk4')[i]!, 14);
  });
  it('partitioned methods (semi-implicit Euler, position and velocity Verlet)', () => {
    const x = new Float64Array([y0[0]!]);
    const v = new Float64Array([y0[1]!]);
    const xo = new Float64Array(1);
    const vo = new Float64Array(1);
    const cases: [IntegratorId, typeof semiImplicitEuler][] = [
      ['semi-implicit-euler', semiImplicitEuler],
      ['position-verlet', positionVerlet],
      ['velocity-verlet', velocityVerlet],
    ];
    for (const [id, step] of cases) {
      step(0, x, v, h, springAcc, xo, vo);
      expect(xo[0]).toBeCloseTo(closed(id)[0]!, 14);
      expect(vo[0]).toBeCloseTo(closed(id)[1]!, 14);
    }
  });
});

describe('stability functions R(z)', () => {
  it('R(z) is what each one-step method does to the complex test equation y′ = λy', () => {
    // λ = a + ib as the real system (p, q)′ = (a p − b q, b p + a q)
    const lambdas = [
      [-1, 2],
      [-3, 0.5],
      [0.2, -4],
    ];
    const sc = createOdeScratch(2);
    const R = new Float64Array(2);
    const out = new Float64Array(2);
    for (const [a, b] of lambdas) {
      const f: OdeRhs = (_t, y, o) => {
        o[0] = a! * y[0]! - b! * y[1]!;
        o[1] = b! * y[0]! + a! * y[1]!;
      };
      const J: OdeJacobian = (_t, _y, m) => {
        m.set([a!, -b!, b!, a!]);
      };
      const h = 0.37;
      const y = new Float64Array([1, 0]); // y₀ = 1 ⇒ y₁ = R(z)
      const methods: [IntegratorId, () => void][] = [
        ['explicit-euler', () => explicitEuler(0, y, h, f, out, sc)],
        ['rk4', () => rk4(0, y, h, f, out, sc)],
        ['implicit-euler', () => implicitEuler(0, y, h, f, J, out, sc)],
        ['implicit-midpoint', () => implicitMidpoint(0, y, h, f, J, out, sc)],
      ];
      for (const [id, step] of methods) {
        step();
        stabilityFunction(id, h * a!, h * b!, R);
        expect(out[0]).toBeCloseTo(R[0]!, 13);
        expect(out[1]).toBeCloseTo(R[1]!, 13);
      }
    }
  });
  it('the oscillator step matrix has spectral radius |R(z)| for the one-step methods (one picture for all seven)', () => {
    const P = new Float64Array(4);
    for (const id of ['explicit-euler', 'implicit-euler', 'implicit-midpoint', 'rk4'] as IntegratorId[]) {
      for (const [re, im] of [
        [-0.5, 1.2],
        [-2, 0.3],
        [0.1, 2.5],
      ]) {
        springStepMatrix(id, 1, re! * re! + im! * im!, -2 * re!, P);
        const tr = P[0]! + P[3]!;
        const det = P[0]! * P[3]! - P[1]! * P[2]!;
        const disc = tr * tr - 4 * det;
        const rho =
          disc < 0
            ? Math.sqrt(det)
            : Math.max(Math.abs(tr + Math.sqrt(disc)), Math.abs(tr - Math.sqrt(disc))) / 2;
        expect(rho).toBeCloseTo(amplification(id, re!, im!), 12);
      }
    }
  });
  it('regions: explicit Euler = disc |1 + z| ≤ 1; implicit Euler contains the left half-plane (A-stable)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -5, max: 5, noNaN: true }),
        fc.double({ min: -5, max: 5, noNaN: true }),
        (re, im) => {
          const d2 = (1 + re) ** 2 + im * im;
          fc.pre(Math.abs(d2 - 1) > 1e-9); // not on the boundary circle itself
          const inDisc = d2 <= 1;
          expect(amplification('explicit-euler', re, im) <= 1).toBe(inDisc);
          if (re <= 0) expect(amplification('implicit-euler', re, im)).toBeLessThanOrEqual(1);
          if (re < -1e-9) expect(amplification('implicit-midpoint', re, im)).toBeLessThan(1);
          if (re > 1e-9) expect(amplification('implicit-midpoint', re, im)).toBeGreaterThan(1);
        },
      ),
      { numRuns: 500 },
    );
  });
  it('on the imaginary axis (undamped spring): explicit Euler > 1 for every h, midpoint = 1 exactly, RK4 stable to hω ≈ 2.83', () => {
    for (const hw of [0.01, 0.5, 1, 2, 10]) {
      expect(amplification('explicit-euler', 0, hw)).toBeGreaterThan(1);
      expect(amplification('implicit-midpoint', 0, hw)).toBeCloseTo(1, 15);
      expect(amplification('implicit-euler', 0, hw)).toBeLessThan(1);
    }
    expect(amplification('rk4', 0, 2.8)).toBeLessThan(1);
    expect(amplification('rk4', 0, 2.9)).toBeGreaterThan(1);
    // Verlet: stable (|μ| = 1) exactly while hω < 2, like semi-implicit Euler
    for (const id of ['position-verlet', 'velocity-verlet'] as IntegratorId[]) {
      expect(amplification(id, 0, 1.99)).toBeCloseTo(1, 12);
      expect(amplification(id, 0, 2.01)).toBeGreaterThan(1);
    }
  });
});

describe('behaviour on the spring k = 100, m = 1', () => {
  it('implicit midpoint conserves the linear spring energy to round-off over 10,000 steps (Newton and closed form)', () => {
    const y = new Float64Array([1, 0]);
    const sc = createOdeScratch(2);
    const f: OdeRhs = (_t, s, o) => {
      o[0] = s[1]!;
      o[1] = -W2 * s[0]!;
    };
    const J: OdeJacobian = (_t, _s, m) => m.set([0, 1, -W2, 0]);
    const s = new Float64Array([1, 0]);
    for (let n = 0; n < 10000; n++) {
      implicitMidpoint(0, y, 0.25, f, J, y, sc);
      springStep('implicit-midpoint', s[0]!, s[1]!, 0.25, W2, 0, s);
    }
    expect(Math.abs(springEnergy(y[0]!, y[1]!, 100, 1) - 50) / 50).toBeLessThan(1e-12);
    expect(Math.abs(springEnergy(s[0]!, s[1]!, 100, 1) - 50) / 50).toBeLessThan(1e-12);
  });

  it('RK4 converges at 4th order: the error ratio when halving h is ≈ 16', () => {
    const err = (h: number) => {
      const y = new Float64Array([1, 0]);
      const sc = createOdeScratch(2);
      const f: OdeRhs = (_t, s, o) => {
        o[0] = s[1]!;
        o[1] = -W2 * s[0]!;
      };
      const steps = Math.round(1 / h);
      for (let n = 0; n < steps; n++) rk4(n * h, y, h, f, y, sc);
      return Math.abs(y[0]! - Math.cos(10));
    };
    const r1 = err(0.01) / err(0.005); // hω = 0.1 → 0.05: 14.86 (not yet asymptotic)
    const r2 = err(0.005) / err(0.0025); // 15.46
    expect(r1).toBeGreaterThan(14);
    expect(r2).toBeGreaterThan(15.3);
    expect(r2).toBeLessThan(16.5);
    expect(Math.abs(r2 - 16)).toBeLessThan(Math.abs(r1 - 16)); // approaching 2⁴
  });

  it('observed orders: Euler-type 1, Verlet and midpoint 2, RK4 4 (closed forms; damped spring for the non-Verlet ones)', () => {
    const expected: Record<IntegratorId, number> = {
      'explicit-euler': 1,
      'semi-implicit-euler': 1,
      'implicit-euler': 1,
      'implicit-midpoint': 2,
      'position-verlet': 2,
      'velocity-verlet': 2,
      rk4: 4,
    };
    for (const g of [0, GAMMA]) {
      // exact solution x(t) for x0 = 1, v0 = 0
      const wd = Math.sqrt(W2 - (g * g) / 4);
      const exact = (t: number) =>
        Math.exp((-g * t) / 2) * (Math.cos(wd * t) + ((g / 2) * Math.sin(wd * t)) / wd);
      const err = (id: IntegratorId, h: number) => {
        const s = new Float64Array([1, 0]);
        const steps = Math.round(1 / h);
        for (let n = 0; n < steps; n++) springStep(id, s[0]!, s[1]!, h, W2, g, s);
        return Math.abs(s[0]! - exact(1));
      };
      for (const id of INTEGRATORS) {
        // Verlet's kick sees the old velocity: 2nd order only for position-dependent forces
        if (g > 0 && id.endsWith('verlet')) continue;
        const h = id === 'rk4' ? 0.004 : 0.0005;
        const order = Math.log2(err(id, h) / err(id, h / 2));
        expect(Math.abs(order - expected[id])).toBeLessThan(0.05);
      }
    }
  });

  it('implicit Euler never gains energy, explicit Euler always does (any h, any ω, any start)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-4, max: 10, noNaN: true }),
        fc.double({ min: 0.1, max: 1e4, noNaN: true }),
        fc.double({ min: -2, max: 2, noNaN: true }),
        fc.double({ min: -2, max: 2, noNaN: true }),
        (h, w2, x, v) => {
          fc.pre(x * x + v * v > 1e-6);
          const s = new Float64Array(2);
          const e0 = springEnergy(x, v, w2, 1);
          springStep('implicit-euler', x, v, h, w2, 0, s);
          expect(springEnergy(s[0]!, s[1]!, w2, 1)).toBeLessThan(e0);
          springStep('explicit-euler', x, v, h, w2, 0, s);
          expect(springEnergy(s[0]!, s[1]!, w2, 1)).toBeGreaterThan(e0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('semi-implicit Euler and Verlet keep the energy bounded for hω < 2 over 10,000 steps (no drift)', () => {
    for (const id of ['semi-implicit-euler', 'position-verlet', 'velocity-verlet'] as IntegratorId[]) {
      const s = new Float64Array([1, 0]);
      // hω = 1: the energy oscillates within a fixed band (a nearby "modified energy" is conserved) …
      const band = [
        [Number.POSITIVE_INFINITY, 0],
        [Number.POSITIVE_INFINITY, 0],
      ];
      for (let n = 0; n < 10000; n++) {
        springStep(id, s[0]!, s[1]!, 0.1, W2, 0, s);
        const e = springEnergy(s[0]!, s[1]!, 100, 1);
        const b = band[n < 1000 ? 0 : n >= 9000 ? 1 : -1];
        if (b) {
          b[0] = Math.min(b[0]!, e);
          b[1] = Math.max(b[1]!, e);
        }
      }
      expect(band[1]![1]).toBeLessThanOrEqual(2 * 50 * (1 + 1e-9));
      expect(band[1]![0]).toBeGreaterThan(50 / 3);
      // … and the band of the last 1000 steps is the band of the first 1000: no drift
      expect(band[1]![1] / band[0]![1]).toBeCloseTo(1, 6);
      expect(band[1]![0] / band[0]![0]).toBeCloseTo(1, 6);
    }
  });

  it('unknown integrator id is rejected', () => {
    expect(() => springStep('leapfrog' as IntegratorId, 1, 0, 0.1, 1, 0, new Float64Array(2))).toThrow(
      RangeError,
    );
  });
});
