/**
 * Workbook §26.1 (time integration revisited): the chapter's worked examples, exercise 26.8-1 and
 * hand-computation task 26.9-1, every number computed by the integrators of `src/integrators`
 * (closed-form spring steps, stability functions, the Baraff–Witkin Newton step).
 */
import {
  amplification,
  createSpringNetwork,
  INTEGRATOR_NAMES,
  INTEGRATORS,
  type IntegratorId,
  implicitEulerNewtonStep,
  setSpring,
  springEnergy,
  springStep,
  stabilityFunction,
} from '../integrators/index.js';
import type { WorkbookExample, WorkbookSection } from './types.js';

/** Steps a spring (k, m) with `method` from (x0, v0); rows of n, x, v, E. */
function trajectory(
  method: IntegratorId,
  k: number,
  m: number,
  x0: number,
  v0: number,
  h: number,
  steps: number,
) {
  const s = new Float64Array([x0, v0]);
  const rows: { n: number; x: number; v: number; e: number }[] = [
    { n: 0, x: x0, v: v0, e: springEnergy(x0, v0, k, m) },
  ];
  for (let n = 1; n <= steps; n++) {
    springStep(method, s[0]!, s[1]!, h, k / m, 0, s);
    rows.push({ n, x: s[0]!, v: s[1]!, e: springEnergy(s[0]!, s[1]!, k, m) });
  }
  return rows;
}

/** The largest hω (or −hλ) for which `method` stays stable on the imaginary (or negative real) axis. */
function stabilityLimit(method: IntegratorId, axis: 'imag' | 'real'): number {
  let lo = 0;
  let hi = 10;
  for (let i = 0; i < 60; i++) {
    const mid = 0.5 * (lo + hi);
    const a = axis === 'imag' ? amplification(method, 0, mid) : amplification(method, -mid, 0);
    if (a <= 1 + 1e-12) lo = mid;
    else hi = mid;
  }
  return lo;
}

const r = (x: number, d: number): number => Number(x.toFixed(d));
/** as the book prints it: 5 decimals */
const f5 = (x: number): string => x.toFixed(5);

function stiffness(): WorkbookExample {
  const k = 100;
  const m = 1;
  const omega = Math.sqrt(k / m);
  const limit = stabilityLimit('semi-implicit-euler', 'imag'); // hω < 2
  const rows = trajectory('semi-implicit-euler', k, m, 1, 0, 0.25, 4);
  const omegaCloth = Math.sqrt(k / 0.01);
  return {
    id: '26.1-stiffness',
    title: 'Stiffness: the exploding spring (k = 100 N/m, m = 1 kg)',
    kind: 'example',
    steps: [
      {
        title: 'natural frequency and period',
        values: { omega, period: (2 * Math.PI) / omega },
      },
      {
        title: 'stability limit of semi-implicit Euler (bisection of |R(ihω)| ≤ 1)',
        lines: ['the largest stable hω on the imaginary axis, and the step it allows'],
        values: { hOmegaMax: limit, hMax: limit / omega },
      },
      {
        title: 'semi-implicit Euler at h = 0.25 s (hω = 2.5): it explodes',
        table: { columns: ['n', 'x', 'v'], rows: rows.map((q) => [q.n, r(q.x, 4), r(q.v, 4)]) },
      },
      {
        title: 'a 10 g cloth particle on the same spring',
        values: { omega: omegaCloth, hMax: limit / omegaCloth },
      },
    ],
    checks: [
      { label: 'period 2π/10 ≈ 0.63 s', pass: r((2 * Math.PI) / omega, 2) === 0.63 },
      { label: 'semi-implicit Euler needs hω < 2, i.e. h < 0.2 s', pass: r(limit / omega, 6) === 0.2 },
      {
        label: 'x = 1, −5.25, 21.3, −85.3, 341.3',
        pass:
          rows[0]!.x === 1 &&
          rows[1]!.x === -5.25 &&
          rows
            .slice(2)
            .map((q) => r(q.x, 1))
            .join() === '21.3,-85.3,341.3',
      },
      {
        label: 'cloth particle: ω = 100 rad/s, h < 0.02 s',
        pass: omegaCloth === 100 && r(limit / omegaCloth, 6) === 0.02,
      },
    ],
    conclusion: 'The stiffest spring of the scene sets the time step of every explicit method.',
  };
}

function implicitEulerExample(): WorkbookExample {
  const h = 0.25;
  const rows = trajectory('implicit-euler', 100, 1, 1, 0, h, 2);
  const [, s1, s2] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
  const kinetic = 0.5 * s1.v * s1.v;
  const potential = 0.5 * 100 * s1.x * s1.x;
  return {
    id: '26.1-implicit-euler',
    title: 'Implicit Euler worked example: x0 = 1, v0 = 0, h = 0.25, ω² = 100',
    kind: 'example',
    steps: [
      {
        title: 'closed form',
        lines: ['v(n+1) = (v(n) − hω² x(n)) / (1 + h²ω²),  x(n+1) = (x(n) + h v(n)) / (1 + h²ω²)'],
        values: { hOmega2: h * 100, denominator: 1 + h * h * 100 },
      },
      {
        title: 'step 1',
        lines: [`v1 = (0 − 25·1)/7.25 = ${f5(s1.v)},  x1 = (1 + 0.25·0)/7.25 = ${f5(s1.x)}`],
        values: { v1: s1.v, x1: s1.x },
      },
      {
        title: 'step 2',
        lines: [
          `v2 = (${f5(s1.v)} − 25·${f5(s1.x)})/7.25 = ${f5(s2.v)},  x2 = (${f5(s1.x)} + 0.25·(${f5(s1.v)}))/7.25 = ${f5(s2.x)}`,
        ],
        values: { v2: s2.v, x2: s2.x },
      },
      { title: 'check with the first equation', values: { 'x0 + h v1': 1 + h * s1.v, 'h v1': h * s1.v } },
      {
        title: 'energy E = ½mv² + ½kx²',
        values: { E0: rows[0]!.e, kinetic1: kinetic, potential1: potential, E1: s1.e, '50/7.25': 50 / 7.25 },
      },
      {
        title: 'energy per step',
        table: {
          columns: ['n', 'x', 'v', 'E', 'E(n)/E(n−1)'],
          rows: rows.map((q, i) => [q.n, q.x, q.v, q.e, i ? q.e / rows[i - 1]!.e : '']),
        },
      },
    ],
    checks: [
      { label: 'v1 = −3.44828', pass: r(s1.v, 5) === -3.44828 },
      { label: 'x1 = 0.13793', pass: r(s1.x, 5) === 0.13793 },
      { label: 'v2 = −0.95125', pass: r(s2.v, 5) === -0.95125 },
      { label: 'x2 = −0.09988', pass: r(s2.x, 5) === -0.09988 },
      { label: 'x1 = x0 + h v1 = 1 − 0.86207', pass: r(h * s1.v, 5) === -0.86207 && s1.x === 1 + h * s1.v },
      {
        label: 'E1 = 5.9453 + 0.9512 = 6.8966 J = 50/7.25',
        pass: r(kinetic, 4) === 5.9453 && r(potential, 4) === 0.9512 && r(s1.e, 4) === 6.8966,
      },
      {
        label: 'energy divided by 1 + h²ω² = 7.25 every step',
        pass: Math.abs(s2.e / s1.e - 1 / 7.25) < 1e-12,
      },
    ],
    conclusion:
      'Implicit Euler divides the energy by 1 + h²ω² every step: it cannot explode, whatever the step.',
  };
}

function numericalDamping(): WorkbookExample {
  const at01 = trajectory('implicit-euler', 100, 1, 1, 0, 0.1, 10);
  const at60 = trajectory('implicit-euler', 100, 1, 1, 0, 1 / 60, 60);
  const e0 = at01[0]!.e;
  return {
    id: '26.1-numerical-damping',
    title: 'Numerical damping of implicit Euler',
    kind: 'example',
    steps: [
      {
        title: 'h = 0.1 s (hω = 1): energy ratio per step',
        table: { columns: ['n', 'E', 'E/E0'], rows: at01.map((q) => [q.n, q.e, q.e / e0]) },
      },
      {
        title: 'h = 1/60 s',
        values: { perStep: at60[1]!.e / e0, afterOneSecond: at60[60]!.e / e0 },
      },
    ],
    checks: [
      { label: 'h = 0.1: energy halves every step', pass: Math.abs(at01[1]!.e / e0 - 0.5) < 1e-12 },
      { label: 'after 1 s only 0.5¹⁰ ≈ 0.001 is left', pass: r(at01[10]!.e / e0, 3) === 0.001 },
      { label: '60 Hz: 1/(1 + 100/3600) = 0.973 per step', pass: r(at60[1]!.e / e0, 3) === 0.973 },
      { label: '60 Hz: 0.973⁶⁰ ≈ 0.19 after one second', pass: r(at60[60]!.e / e0, 2) === 0.19 },
    ],
    conclusion: 'Stable, but numerically damped: welcome for cloth, wrong for pendulums and orbits.',
  };
}

function stabilityRegions(): WorkbookExample {
  const R = new Float64Array(2);
  const c = 200;
  const h = 1 / 60;
  const z = (-c / 1) * h;
  stabilityFunction('explicit-euler', z, 0, R);
  const explicitFactor = R[0]!;
  stabilityFunction('implicit-euler', z, 0, R);
  const implicitFactor = R[0]!;
  const hMaxDamper = stabilityLimit('explicit-euler', 'real') / c;
  const table = INTEGRATORS.map((id) => [
    INTEGRATOR_NAMES[id],
    amplification(id, 0, 1),
    amplification(id, 0, 2.5),
    amplification(id, z, 0),
  ]);
  const springEx = amplification('explicit-euler', 0, 1) ** 2;
  const springIm = amplification('implicit-euler', 0, 1) ** 2;
  return {
    id: '26.1-stability',
    title: 'Stability regions: R(z) on the test equation dy/dt = λy, z = hλ',
    kind: 'example',
    steps: [
      {
        title: 'undamped spring, h = 0.1, ω = 10: z = ±i',
        lines: [
          '|1 + ihω|² = 1 + h²ω² (explicit), |1/(1 − ihω)|² = 1/(1 + h²ω²) (implicit): the energy factors',
        ],
        values: { explicitSquared: springEx, implicitSquared: springIm },
      },
      {
        title: 'damper c = 200 N·s/m on 1 kg at 60 Hz',
        values: { z, explicitFactor, implicitFactor, hMaxExplicit: hMaxDamper },
      },
      {
        title: '|R(z)| of every method at the example points (≤ 1 is stable)',
        lines: [
          'semi-implicit Euler and Verlet treat x and v differently: for them |R(z)| is the spectral radius of',
          'the step matrix for the oscillator with eigenvalues z and z̄ (at z = −3.33 a critically damped spring)',
        ],
        table: { columns: ['method', 'z = i (h = 0.1)', 'z = 2.5i (h = 0.25)', 'z = −3.33'], rows: table },
      },
    ],
    checks: [
      {
        label: 'spring: explicit factor 1 + h²ω² = 2, implicit 1/(1 + h²ω²) = 0.5',
        pass: r(springEx, 12) === 2 && r(springIm, 12) === 0.5,
      },
      { label: 'damper: z = −3.33', pass: r(z, 2) === -3.33 },
      {
        label: 'explicit Euler multiplies the velocity by −2.33 (adds energy)',
        pass: r(explicitFactor, 2) === -2.33,
      },
      { label: 'implicit Euler by 0.23 (gentle decay)', pass: r(implicitFactor, 2) === 0.23 },
      { label: 'explicit Euler needs h ≤ 2m/c = 0.01 s', pass: r(hMaxDamper, 9) === 0.01 },
      {
        label: 'implicit midpoint: |R| = 1 on the imaginary axis',
        pass: Math.abs(amplification('implicit-midpoint', 0, 1) - 1) < 1e-15,
      },
    ],
    conclusion:
      'Explicit Euler touches the imaginary axis only at 0: unstable for any undamped spring; implicit Euler is A-stable.',
  };
}

function newtonStep(): WorkbookExample {
  const h = 0.25;
  const net = createSpringNetwork({ dim: 2, particles: 2, springs: 1 });
  net.invMass[0] = 0; // the wall
  net.x.set([0, 0, 1, 0]);
  setSpring(net, 0, 0, 1, { stiffness: 100, restLength: 0 });
  const residuals: number[] = [];
  const res = implicitEulerNewtonStep(net, h, { trace: (_k, rn) => residuals.push(rn) });
  // the 1D matrix entry: A = M − h ∂f/∂v − h² ∂f/∂x applied to a unit Δv of particle 1
  const e = new Float64Array(4);
  const ae = new Float64Array(4);
  e[2] = 1;
  net.applyA(e, ae);
  return {
    id: '26.1-newton-step',
    title: 'Baraff–Witkin: one Newton step of implicit Euler on the 1D spring',
    kind: 'example',
    steps: [
      {
        title: 'linearised system (M − h ∂f/∂v − h² ∂f/∂x) Δv = h (f0 + h ∂f/∂x v0)',
        lines: ['∂f/∂x = −100, ∂f/∂v = 0, f0 = −100, v0 = 0'],
        values: { A: ae[2]!, rhs: net.rhs[2]!, f0: net.f0[2]! },
      },
      { title: 'conjugate gradient', values: { iterations: res.iterations, residuals } },
      {
        title: 'result',
        lines: [
          `Δv = −25/7.25 = ${f5(net.dv[2]!)} ⇒ v1 = ${f5(net.v[2]!)}, x1 = x0 + h v1 = ${f5(net.x[2]!)}`,
        ],
        values: { dv: net.dv[2]!, v1: net.v[2]!, x1: net.x[2]! },
      },
    ],
    checks: [
      { label: '7.25 Δv = −25', pass: ae[2] === 7.25 && net.rhs[2] === -25 },
      { label: 'Δv = v1 = −3.44828, as in the worked example', pass: r(net.v[2]!, 5) === -3.44828 },
      { label: 'x1 = 0.13793', pass: r(net.x[2]!, 5) === 0.13793 },
    ],
    conclusion: 'For a linear spring one Newton step is the exact implicit Euler step.',
  };
}

function exercise1(): WorkbookExample {
  const k = 400;
  const m = 1;
  const h = 0.05;
  const rows = trajectory('implicit-euler', k, m, 0.1, 0, h, 2);
  const ex = trajectory('explicit-euler', k, m, 0.1, 0, h, 2);
  const fImp = rows[1]!.e / rows[0]!.e;
  const fExp = ex[1]!.e / ex[0]!.e;
  return {
    id: '26.8-1',
    title: 'Exercise 26.8-1: m = 1 kg, k = 400 N/m, x0 = 0.1 m, v0 = 0, implicit Euler with h = 0.05 s',
    kind: 'exercise',
    steps: [
      {
        title: 'two implicit Euler steps',
        table: { columns: ['n', 'x', 'v', 'E'], rows: rows.map((q) => [q.n, q.x, q.v, q.e]) },
      },
      {
        title: 'energy factor per step',
        lines: ['h²ω² = 0.05² · 400 = 1'],
        values: { implicit: fImp, implicitStep2: rows[2]!.e / rows[1]!.e, explicit: fExp },
      },
      {
        title: 'explicit Euler for comparison',
        table: { columns: ['n', 'x', 'v', 'E'], rows: ex.map((q) => [q.n, q.x, q.v, q.e]) },
      },
    ],
    checks: [
      { label: 'E0 = ½ · 400 · 0.1² = 2 J', pass: rows[0]!.e === 2 },
      {
        label: 'implicit Euler halves the energy each step (÷ 1 + h²ω² = 2): 1 J, 0.5 J',
        pass: r(rows[1]!.e, 12) === 1 && r(rows[2]!.e, 12) === 0.5,
      },
      { label: 'explicit Euler doubles it (× 2)', pass: r(fExp, 12) === 2 },
    ],
    conclusion:
      'Each implicit step multiplies the energy by 1/(1 + h²ω²) = 0.5; explicit Euler by 1 + h²ω² = 2.',
  };
}

function task1(): WorkbookExample {
  const k = 100;
  const m = 1;
  const h = 0.1;
  const ex = trajectory('explicit-euler', k, m, 0.2, 0, h, 1);
  const im = trajectory('implicit-euler', k, m, 0.2, 0, h, 1);
  return {
    id: '26.9-1',
    title: 'Task 26.9-1: explicit vs implicit, k = 100 N/m, m = 1 kg, x0 = 0.2 m, v0 = 0, h = 0.1 s',
    kind: 'task',
    steps: [
      { title: 'before', values: { x0: 0.2, v0: 0, E0: ex[0]!.e } },
      {
        title: 'explicit Euler: x1 = x0 + h v0, v1 = v0 − hω² x0',
        values: { x1: ex[1]!.x, v1: ex[1]!.v, E1: ex[1]!.e },
      },
      {
        title: 'implicit Euler (26.1 closed form): v1 = (v0 − hω² x0)/(1 + h²ω²), x1 = x0 + h v1',
        values: { x1: im[1]!.x, v1: im[1]!.v, E1: im[1]!.e, 'x0 + h v1': 0.2 + h * im[1]!.v },
      },
    ],
    checks: [
      { label: 'energy starts at 2 J', pass: ex[0]!.e === 2 },
      { label: 'explicit Euler doubles it (hω = 1): 4 J', pass: r(ex[1]!.e, 12) === 4 },
      { label: 'implicit Euler halves it: 1 J', pass: r(im[1]!.e, 12) === 1 },
      { label: 'the implicit result satisfies x1 = x0 + h v1', pass: im[1]!.x === 0.2 + h * im[1]!.v },
    ],
    conclusion: `Explicit: x1 = ${r(ex[1]!.x, 6)}, v1 = ${r(ex[1]!.v, 6)}, E = ${r(ex[1]!.e, 6)} J. Implicit: x1 = ${r(im[1]!.x, 6)}, v1 = ${r(im[1]!.v, 6)}, E = ${r(im[1]!.e, 6)} J.`,
  };
}

/** Workbook §26.1. */
export const section26_1: WorkbookSection = {
  id: '26.1',
  title: 'Time integration revisited',
  examples: () => [
    stiffness(),
    implicitEulerExample(),
    numericalDamping(),
    stabilityRegions(),
    newtonStep(),
    exercise1(),
    task1(),
  ],
};
