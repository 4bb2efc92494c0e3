import { describe, expect, it } from 'vitest';
import { conjugateGradient, createCGScratch, Prng } from '../../src/math/index.js';

/** Dense SPD A = BᵀB + n·I with a fixed seed, as a matrix-free operator. */
function spd(
  n: number,
  seed: number,
): { A: Float64Array; apply: (x: Float64Array, out: Float64Array) => void } {
  const r = new Prng(seed);
  const B = new Float64Array(n * n);
  for (let i = 0; i < n * n; i++) B[i] = r.range(-1, 1);
  const A = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      let s = 0;
      for (let k = 0; k < n; k++) s += B[k * n + i]! * B[k * n + j]!;
      A[i * n + j] = s + (i === j ? 0.1 * n * (1 + i) : 0);
    }
  }
  const apply = (x: Float64Array, out: Float64Array) => {
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (let j = 0; j < n; j++) s += A[i * n + j]! * x[j]!;
      out[i] = s;
    }
  };
  return { A, apply };
}

describe('conjugateGradient (matrix-free, Shewchuk §B2)', () => {
  it('solves an SPD system to the tolerance, in at most n iterations', () => {
    const n = 30;
    const { apply } = spd(n, 1);
    const xTrue = new Float64Array(n).map((_, i) => Math.sin(i));
    const b = new Float64Array(n);
    apply(xTrue, b);
    const x = new Float64Array(n);
    const res = conjugateGradient(apply, b, x, { tolerance: 1e-12 });
    expect(res.converged).toBe(true);
    expect(res.iterations).toBeLessThanOrEqual(n);
    for (let i = 0; i < n; i++) expect(x[i]).toBeCloseTo(xTrue[i]!, 9);
    const r = new Float64Array(n);
    apply(x, r);
    let rr = 0;
    for (let i = 0; i < n; i++) rr += (b[i]! - r[i]!) ** 2;
    expect(Math.abs(Math.sqrt(rr) - res.residualNorm)).toBeLessThan(1e-8);
  });
  it('a diagonal system converges in as many iterations as distinct eigenvalues (3)', () => {
    const d = [1, 2, 3, 1, 2, 3, 1, 2];
    const apply = (x: Float64Array, out: Float64Array) => {
      for (let i = 0; i < d.length; i++) out[i] = d[i]! * x[i]!;
    };
    const b = new Float64Array([1, 1, 1, 1, 1, 1, 1, 1]);
    const x = new Float64Array(8);
    const res = conjugateGradient(apply, b, x, { tolerance: 1e-12 });
    expect(res.iterations).toBe(3);
    for (let i = 0; i < 8; i++) expect(x[i]).toBeCloseTo(1 / d[i]!, 12);
  });
  it('the Jacobi preconditioner hook cuts iterations on a badly scaled system; trace reports each one', () => {
    const n = 60;
    const { A, apply } = spd(n, 2);
    const b = new Float64Array(n).fill(1);
    const plain = conjugateGradient(apply, b, new Float64Array(n), { tolerance: 1e-10 });
    const residuals: number[] = [];
    const pre = conjugateGradient(apply, b, new Float64Array(n), {
      tolerance: 1e-10,
      precondition: (r, z) => {
        for (let i = 0; i < n; i++) z[i] = r[i]! / A[i * n + i]!;
      },
      trace: (k, rn) => residuals.push(k, rn),
      scratch: createCGScratch(n),
    });
    expect(plain.converged && pre.converged).toBe(true);
    expect(pre.iterations).toBeLessThan(plain.iterations);
    expect(residuals.length).toBe(2 * pre.iterations);
    expect(residuals[residuals.length - 2]).toBe(pre.iterations);
  });
  it('stops at maxIterations and reports not converged; zero right-hand side needs 0 iterations', () => {
    const n = 40;
    const { apply } = spd(n, 3);
    const b = new Float64Array(n).fill(1);
    const res = conjugateGradient(apply, b, new Float64Array(n), { maxIterations: 3, tolerance: 1e-14 });
    expect(res.converged).toBe(false);
    expect(res.iterations).toBe(3);
    const z = conjugateGradient(apply, new Float64Array(n), new Float64Array(n));
    expect(z).toEqual({ iterations: 0, residualNorm: 0, converged: true });
  });
  it('a non-positive-definite operator stops without NaN', () => {
    const apply = (x: Float64Array, out: Float64Array) => {
      out[0] = -x[0]!;
      out[1] = -x[1]!;
    };
    const x = new Float64Array(2);
    const res = conjugateGradient(apply, new Float64Array([1, 2]), x);
    expect(res.converged).toBe(false);
    expect(Number.isFinite(x[0]!) && Number.isFinite(x[1]!)).toBe(true);
  });
});
