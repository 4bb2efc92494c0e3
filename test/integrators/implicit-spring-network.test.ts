import { describe, expect, it } from 'vitest';
import {
  assemble,
  createSpringNetwork,
  implicitEulerNewtonStep,
  type SpringNetwork,
  setSpring,
  springNetworkEnergy,
} from '../../src/integrators/index.js';
import { solveDense } from '../../src/math/dense-solve.js';
import { Prng } from '../../src/math/prng.js';

/** A vertical chain of `n` particles 1 m apart hanging from pinned particle 0 (3D). */
function chain(n: number, k: number, c: number, mass = 1): SpringNetwork {
  const net = createSpringNetwork({ dim: 3, particles: n, springs: n - 1 });
  for (let i = 0; i < n; i++) {
    net.x[3 * i + 1] = -i;
    net.invMass[i] = i === 0 ? 0 : 1 / mass;
    if (i > 0) net.fExt[3 * i + 1] = -9.81 * mass;
  }
  for (let s = 0; s < n - 1; s++) setSpring(net, s, s, s + 1, { stiffness: k, damping: c });
  return net;
}

/** A 2D triangulated grid with random masses, springs along edges and diagonals. */
function grid2d(w: number, hgt: number, seed: number): SpringNetwork {
  const r = new Prng(seed);
  const n = w * hgt;
  const edges: [number, number][] = [];
  for (let y = 0; y < hgt; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (x + 1 < w) edges.push([i, i + 1]);
      if (y + 1 < hgt) edges.push([i, i + w]);
      if (x + 1 < w && y + 1 < hgt) edges.push([i, i + w + 1]);
    }
  }
  const net = createSpringNetwork({ dim: 2, particles: n, springs: edges.length });
  for (let i = 0; i < n; i++) {
    net.x[2 * i] = (i % w) * 0.1 + r.range(-0.02, 0.02);
    net.x[2 * i + 1] = Math.floor(i / w) * 0.1 + r.range(-0.02, 0.02);
    net.invMass[i] = 1 / r.range(0.01, 10); // masses over three decades
  }
  edges.forEach(([i, j], s) => {
    setSpring(net, s, i, j, { stiffness: 1000, damping: 0.5, restLength: 0.1 });
  });
  net.invMass[0] = 0;
  net.invMass[w - 1] = 0;
  return net;
}

/** The dense matrix of the operator, column by column. */
function denseOf(net: SpringNetwork): Float64Array {
  const N = net.dim * net.n;
  const A = new Float64Array(N * N);
  const e = new Float64Array(N);
  const col = new Float64Array(N);
  for (let j = 0; j < N; j++) {
    e.fill(0);
    e[j] = 1;
    net.applyA(e, col);
    for (let i = 0; i < N; i++) A[i * N + j] = col[i]!;
  }
  return A;
}

describe('Baraff–Witkin implicit Euler Newton step (26.1)', () => {
  it('the operator is symmetric, and CG with the block-Jacobi preconditioner matches a dense solve', () => {
    const net = grid2d(5, 4, 1);
    for (let i = 0; i < net.v.length; i++) net.v[i] = Math.sin(i);
    assemble(net, 0.02);
    const N = net.dim * net.n;
    const A = denseOf(net);
    for (let i = 0; i < N; i++)
      for (let j = 0; j < i; j++) expect(A[i * N + j]).toBeCloseTo(A[j * N + i]!, 12);
    const x = new Float64Array(N);
    solveDense(N, A.slice(), net.rhs.slice(), x);
    const v0 = net.v.slice();
    implicitEulerNewtonStep(net, 0.02, { tolerance: 1e-13 });
    for (let i = 0; i < N; i++) expect(net.dv[i]).toBeCloseTo(x[i]!, 9);
    // pinned particles (0 and 4) keep Δv = 0
    for (const p of [0, 4]) {
      expect(net.dv[2 * p]).toBe(0);
      expect(net.dv[2 * p + 1]).toBe(0);
      expect(net.v[2 * p]).toBe(v0[2 * p]);
    }
  });

  it('∂f/∂x blocks match finite differences of the spring forces (no compression clamp)', () => {
    const net = grid2d(3, 3, 2);
    net.clampCompression = false;
    net.fExt.fill(0);
    net.v.fill(0);
    net.invMass.fill(1);
    const h = 1; // with h = 1 and zero damping, B = K, so (A − M) = −∂f/∂x
    for (let s = 0; s < net.m; s++) net.damping[s] = 0;
    assemble(net, h);
    const N = net.dim * net.n;
    const A = denseOf(net);
    const f0 = net.f0.slice();
    const eps = 1e-6;
    for (let j = 0; j < N; j++) {
      const keep = net.x[j]!;
      net.x[j] = keep + eps;
      assemble(net, h);
      const fp = net.f0.slice();
      net.x[j] = keep - eps;
      assemble(net, h);
      const fm = net.f0.slice();
      net.x[j] = keep;
      for (let i = 0; i < N; i++) {
        const dfdx = (fp[i]! - fm[i]!) / (2 * eps);
        const fromA = -(A[i * N + j]! - (i === j ? 1 : 0));
        expect(Math.abs(dfdx - fromA)).toBeLessThan(1e-4 * (1 + Math.abs(dfdx)));
      }
    }
    expect(f0.length).toBe(N);
  });

  it('the preconditioner cuts CG iterations on masses spanning three decades', () => {
    const a = grid2d(10, 10, 3);
    const b = grid2d(10, 10, 3);
    const ra = implicitEulerNewtonStep(a, 0.01, { precondition: false, tolerance: 1e-10 });
    const rb = implicitEulerNewtonStep(b, 0.01, { tolerance: 1e-10 });
    expect(ra.converged && rb.converged).toBe(true);
    expect(rb.iterations).toBeLessThan(ra.iterations);
    for (let i = 0; i < a.x.length; i++) expect(b.x[i]).toBeCloseTo(a.x[i]!, 9);
  });

  it('a stiff hanging chain is stable at large steps (hω ≫ 2) and settles at the static extensions m·g·(below)/k', () => {
    const n = 6;
    const k = 1e4;
    const net = chain(n, k, 5);
    const h = 1 / 30; // ω = √(k/m) = 100: hω ≈ 3.3, explicit methods would explode
    let maxV = 0;
    for (let step = 0; step < 600; step++) {
      implicitEulerNewtonStep(net, h);
      for (let i = 0; i < net.v.length; i++) maxV = Math.max(maxV, Math.abs(net.v[i]!));
    }
    expect(maxV).toBeLessThan(1);
    for (let s = 0; s < n - 1; s++) {
      const len = net.x[3 * s + 1]! - net.x[3 * (s + 1) + 1]!;
      const below = n - 1 - s;
      expect(len - 1).toBeCloseTo((below * 9.81) / k, 7);
      expect(Math.abs(net.x[3 * (s + 1)]!)).toBeLessThan(1e-12); // stays on the vertical line
    }
  });

  it('an undamped network never gains energy under implicit Euler (numerical damping only)', () => {
    const net = grid2d(6, 6, 4);
    for (let s = 0; s < net.m; s++) net.damping[s] = 0;
    const r = new Prng(9);
    for (let i = 0; i < net.v.length; i++) net.v[i] = r.range(-1, 1);
    net.invMass[0] = 1;
    net.invMass[5] = 1;
    const e0 = springNetworkEnergy(net);
    let prev = e0;
    for (let step = 0; step < 200; step++) {
      implicitEulerNewtonStep(net, 0.01);
      const e = springNetworkEnergy(net);
      expect(e).toBeLessThanOrEqual(prev * (1 + 1e-9));
      prev = e;
    }
    expect(prev).toBeLessThan(e0);
    // momentum is conserved (no external forces, nothing pinned)
    let px = 0;
    let py = 0;
    for (let i = 0; i < net.n; i++) {
      px += net.v[2 * i]! / net.invMass[i]!;
      py += net.v[2 * i + 1]! / net.invMass[i]!;
    }
    let px0 = 0;
    const r2 = new Prng(9);
    const v0 = new Float64Array(net.v.length).map(() => r2.range(-1, 1));
    let py0 = 0;
    for (let i = 0; i < net.n; i++) {
      px0 += v0[2 * i]! / net.invMass[i]!;
      py0 += v0[2 * i + 1]! / net.invMass[i]!;
    }
    expect(px).toBeCloseTo(px0, 8);
    expect(py).toBeCloseTo(py0, 8);
  });

  it('is deterministic: two runs give identical bits', () => {
    const a = grid2d(6, 6, 5);
    const b = grid2d(6, 6, 5);
    for (let i = 0; i < 20; i++) {
      implicitEulerNewtonStep(a, 0.02);
      implicitEulerNewtonStep(b, 0.02);
    }
    expect(Array.from(a.x)).toEqual(Array.from(b.x));
  });

  it('rejects bad construction arguments', () => {
    expect(() => createSpringNetwork({ dim: 4 as 3, particles: 2, springs: 1 })).toThrow(RangeError);
    const net = createSpringNetwork({ dim: 2, particles: 2, springs: 1 });
    expect(() => setSpring(net, 0, 1, 1, { stiffness: 1 })).toThrow(/distinct/);
    expect(() => setSpring(net, 1, 0, 1, { stiffness: 1 })).toThrow(/out of range/);
  });
});
