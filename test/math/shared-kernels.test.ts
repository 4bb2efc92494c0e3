/**
 * The math kernels the engines share (fem, xpbd): their defined edge cases (a singular 3×3
 * inverse, a zero quaternion, a matrix with no rotation in it) and the component-taking variants
 * agreeing bit for bit with the array-taking ones.
 */
import { describe, expect, it } from 'vitest';
import { mat22, mat33, Prng, quat, rotation3 } from '../../src/math/index.js';

function randArr(r: Prng, n: number): Float64Array {
  const a = new Float64Array(n);
  for (let i = 0; i < n; i++) a[i] = r.range(-2, 2);
  return a;
}

describe('mat33.invert', () => {
  it('returns det A, the same value as mat33.det, and out may alias A', () => {
    const r = new Prng(11);
    for (let k = 0; k < 100; k++) {
      const A = randArr(r, 9);
      const Ai = new Float64Array(9);
      expect(mat33.invert(Ai, 0, A, 0)).toBe(mat33.det(A, 0));
      const B = Float64Array.from(A);
      mat33.invert(B, 0, B, 0);
      expect(Array.from(B)).toEqual(Array.from(Ai));
    }
  });
  it('a singular matrix returns 0 and leaves out untouched', () => {
    const out = new Float64Array([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    const before = Array.from(out);
    expect(mat33.invert(out, 1, [1, 2, 3, 2, 4, 6, 0, 1, 1], 0)).toBe(0);
    expect(mat33.invert(out, 1, new Float64Array(9), 0)).toBe(0);
    expect(Array.from(out)).toEqual(before);
  });
  it('reads and writes at offsets', () => {
    const A = new Float64Array([0, 0, 2, 0, 0, 0, 4, 0, 0, 0, 8]);
    const out = new Float64Array(12);
    expect(mat33.invert(out, 3, A, 2)).toBe(64);
    expect(Array.from(out.subarray(3), (v) => v + 0)).toEqual([0.5, 0, 0, 0, 0.25, 0, 0, 0, 0.125]);
  });
});

describe('quaternion kernels', () => {
  it('mulComponents is mul, toMat33Components is toMat33, bit for bit', () => {
    const r = new Prng(12);
    for (let k = 0; k < 100; k++) {
      const a = randArr(r, 4);
      const b = randArr(r, 4);
      const m1 = new Float64Array(4);
      const m2 = new Float64Array(4);
      quat.mul(m1, 0, a, 0, b, 0);
      quat.mulComponents(m2, 0, a[0]!, a[1]!, a[2]!, a[3]!, b[0]!, b[1]!, b[2]!, b[3]!);
      expect(Array.from(m2)).toEqual(Array.from(m1));
      const R1 = new Float64Array(9);
      const R2 = new Float64Array(9);
      quat.toMat33(R1, 0, a, 0);
      quat.toMat33Components(R2, 0, a[0]!, a[1]!, a[2]!, a[3]!);
      expect(Array.from(R2)).toEqual(Array.from(R1));
    }
  });
  it('mulComponents may write into the storage its inputs came from', () => {
    const t = new Float64Array([1, 2, 3, 4]);
    const expected = new Float64Array(4);
    quat.mul(expected, 0, t, 0, new Float64Array([0, 0, -1, 0]), 0);
    quat.mulComponents(t, 0, t[0]!, t[1]!, t[2]!, t[3]!, 0, 0, -1, 0);
    expect(Array.from(t)).toEqual(Array.from(expected));
  });
  it('normalize divides by the length and returns it; a zero quaternion becomes the identity', () => {
    const q = new Float64Array([1, 2, 3, 4]);
    const l = Math.sqrt(30);
    expect(quat.normalize(q, 0, q, 0)).toBe(l);
    expect(Array.from(q)).toEqual([1 / l, 2 / l, 3 / l, 4 / l]);
    const z = new Float64Array(4);
    expect(quat.normalize(z, 0, z, 0)).toBe(0);
    expect(Array.from(z)).toEqual([0, 0, 0, 1]);
  });
});

describe('rotation extraction', () => {
  it('mat22.polar: no rotational information gives R = I; θ is atan2 of the two sums', () => {
    const R = new Float64Array(4);
    mat22.polar(R, 0, null, 0, new Float64Array([1, 1, 1, -1]), 0);
    expect(Array.from(R)).toEqual([1, -0, 0, 1]);
    const A = new Float64Array([0.6, -3.4, 3.4, -0.6]);
    expect(mat22.polar(R, 0, null, 0, A, 0)).toBe(Math.atan2(6.8, 0));
    expect(R[0]).toBe(0);
    expect(R[2]).toBe(1);
  });
  it('rotation3 recovers the rotation of R·S from an identity warm start (w, x, y, z) = (1, 0, 0, 0)', () => {
    const q0 = new Float64Array([0.3, -0.5, 0.2, 0.6]);
    quat.normalize(q0, 0, q0, 0);
    const R0 = new Float64Array(9);
    quat.toMat33(R0, 0, q0, 0);
    const A = new Float64Array(9);
    mat33.mul(A, 0, R0, 0, new Float64Array([1.3, 0.2, 0, 0.2, 0.8, 0.1, 0, 0.1, 1.1]), 0);
    const q = new Float64Array([1, 0, 0, 0]);
    const R = new Float64Array(9);
    const iterations = rotation3(A, q, 0, R);
    expect(iterations).toBeLessThan(40);
    for (let i = 0; i < 9; i++) expect(R[i]).toBeCloseTo(R0[i]!, 10);
    // the warm start is kept: a second call is already converged
    expect(rotation3(A, q, 0, R)).toBeLessThanOrEqual(1);
  });
});
