import { describe, expect, it } from 'vitest';
import { mat22, mat33, Prng, polar3, quat, symEigen3, vec2, vec3 } from '../../src/math/index.js';

function randMat3(r: Prng, s = 2): Float64Array {
  const m = new Float64Array(9);
  for (let i = 0; i < 9; i++) m[i] = r.range(-s, s);
  return m;
}
function expectOrthonormal3(R: Float64Array, tol = 1e-12): void {
  const RtR = new Float64Array(9);
  mat33.mulTransposeA(RtR, 0, R, 0, R, 0);
  for (let i = 0; i < 9; i++) expect(Math.abs(RtR[i]! - (i % 4 === 0 ? 1 : 0))).toBeLessThan(tol);
  expect(Math.abs(mat33.det(R, 0) - 1)).toBeLessThan(tol);
}

describe('vec2 / vec3 work in place on typed arrays with offsets', () => {
  it('vec2 arithmetic, cross, rotate, normalize', () => {
    const a = new Float64Array([9, 9, 3, 4, 1, 2]);
    vec2.add(a, 0, a, 2, a, 4);
    expect([a[0], a[1]]).toEqual([4, 6]);
    expect(vec2.length(a, 2)).toBe(5);
    expect(vec2.cross(a, 2, a, 4)).toBe(3 * 2 - 4 * 1);
    vec2.perp(a, 0, a, 2);
    expect([a[0], a[1]]).toEqual([-4, 3]);
    vec2.rotate(a, 0, a, 2, 0, 1);
    expect([a[0], a[1]]).toEqual([-4, 3]);
    expect(vec2.normalize(a, 0, a, 2)).toBe(5);
    expect(a[0]).toBeCloseTo(0.6, 15);
    expect(a[1]).toBeCloseTo(0.8, 15);
    vec2.addScaled(a, 4, a, 4, a, 2, 2);
    expect([a[4], a[5]]).toEqual([7, 10]);
  });
  it('vec3 cross is orthogonal and may alias its output', () => {
    const v = new Float64Array([1, 2, 3, -2, 0.5, 4]);
    const d0 = vec3.dot(v, 0, v, 3);
    vec3.cross(v, 0, v, 0, v, 3);
    expect([...v.slice(0, 3)]).toEqual([2 * 4 - 3 * 0.5, 3 * -2 - 1 * 4, 1 * 0.5 - 2 * -2]);
    expect(vec3.dot(v, 0, v, 3)).toBeCloseTo(0, 14);
    expect(d0).toBe(-2 + 1 + 12);
  });
});

describe('quaternions and 3×3 matrices', () => {
  it('rotateVec agrees with toMat33, and q·q* = identity', () => {
    const r = new Prng(1);
    const q = new Float64Array(4);
    const axis = new Float64Array([r.range(-1, 1), r.range(-1, 1), r.range(-1, 1)]);
    vec3.normalize(axis, 0, axis, 0);
    quat.fromAxisAngle(q, 0, axis, 0, 1.3);
    const R = new Float64Array(9);
    quat.toMat33(R, 0, q, 0);
    expectOrthonormal3(R);
    const v = new Float64Array([0.3, -1, 2]);
    const a = new Float64Array(3);
    const b = new Float64Array(3);
    quat.rotateVec(a, 0, q, 0, v, 0);
    mat33.mulVec(b, 0, R, 0, v, 0);
    for (let i = 0; i < 3; i++) expect(a[i]).toBeCloseTo(b[i]!, 14);
    // the axis is fixed by the rotation
    quat.rotateVec(a, 0, q, 0, axis, 0);
    for (let i = 0; i < 3; i++) expect(a[i]).toBeCloseTo(axis[i]!, 14);
    const qc = new Float64Array(4);
    quat.conjugate(qc, 0, q, 0);
    quat.mul(qc, 0, q, 0, qc, 0);
    expect([...qc].map((x) => Math.round(x * 1e12) / 1e12)).toEqual([0, 0, 0, 1]);
  });
  it('integrate: constant ω about z turns by ωT (first order, small h)', () => {
    const q = new Float64Array([0, 0, 0, 1]);
    const w = new Float64Array([0, 0, 2]);
    for (let i = 0; i < 1000; i++) quat.integrate(q, 0, q, 0, w, 0, 0.001);
    const angle = 2 * Math.atan2(q[2]!, q[3]!);
    expect(angle).toBeCloseTo(2, 5);
  });
  it('mat33 invert: A·A⁻¹ = I; mat22 invert too', () => {
    const r = new Prng(2);
    const A = randMat3(r);
    const Ai = new Float64Array(9);
    expect(mat33.invert(Ai, 0, A, 0)).not.toBe(0);
    const P = new Float64Array(9);
    mat33.mul(P, 0, A, 0, Ai, 0);
    for (let i = 0; i < 9; i++) expect(P[i]).toBeCloseTo(i % 4 === 0 ? 1 : 0, 12);
    const B = new Float64Array([2, 1, 1, 3]);
    const Bi = new Float64Array(4);
    expect(mat22.invert(Bi, 0, B, 0)).toBe(5);
    mat22.mul(Bi, 0, B, 0, Bi, 0);
    expect([...Bi].map((x) => Math.round(x * 1e14) / 1e14)).toEqual([1, 0, 0, 1]);
  });
});

describe('polar decomposition A = R S', () => {
  it('2×2 closed form: R rotation (det +1), S symmetric, R S = A', () => {
    const r = new Prng(3);
    const R = new Float64Array(4);
    const S = new Float64Array(4);
    const RS = new Float64Array(4);
    for (let k = 0; k < 200; k++) {
      const A = new Float64Array([r.range(-2, 2), r.range(-2, 2), r.range(-2, 2), r.range(-2, 2)]);
      const theta = mat22.polar(R, 0, S, 0, A, 0);
      expect(Math.abs(mat22.det(R, 0) - 1)).toBeLessThan(1e-14);
      expect(R[0]! * R[0]! + R[2]! * R[2]!).toBeCloseTo(1, 14);
      expect(S[1]).toBe(S[2]);
      mat22.mul(RS, 0, R, 0, S, 0);
      for (let i = 0; i < 4; i++) expect(RS[i]).toBeCloseTo(A[i]!, 12);
      expect(Math.cos(theta)).toBeCloseTo(R[0]!, 12);
      expect(Math.sin(theta)).toBeCloseTo(R[2]!, 12);
      // S positive definite when det A > 0
      if (mat22.det(A, 0) > 1e-6) expect(S[0]! + S[3]!).toBeGreaterThan(0);
    }
  });
  it('2×2: a pure rotation times a stretch gives back that rotation and stretch', () => {
    const c = Math.cos(0.7);
    const s = Math.sin(0.7);
    const A = new Float64Array(4);
    mat22.mul(A, 0, new Float64Array([c, -s, s, c]), 0, new Float64Array([2, 0.5, 0.5, 1]), 0);
    const R = new Float64Array(4);
    const S = new Float64Array(4);
    expect(mat22.polar(R, 0, S, 0, A, 0)).toBeCloseTo(0.7, 14);
    expect([...S].map((x) => Math.round(x * 1e12) / 1e12)).toEqual([2, 0.5, 0.5, 1]);
  });
  it('3×3: orthonormal R with det +1, symmetric S, R S = A (random, reflections, rank-deficient)', () => {
    const r = new Prng(4);
    const R = new Float64Array(9);
    const S = new Float64Array(9);
    const RS = new Float64Array(9);
    const cases: Float64Array[] = [];
    for (let k = 0; k < 200; k++) cases.push(randMat3(r));
    cases.push(new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, -1])); // reflection
    cases.push(new Float64Array([1, 2, 3, 2, 4, 6, 1, 1, 1])); // rank 2
    cases.push(new Float64Array([1, 2, 3, 2, 4, 6, 3, 6, 9])); // rank 1
    cases.push(new Float64Array(9)); // zero
    for (const A of cases) {
      polar3(R, 0, S, 0, A, 0);
      expectOrthonormal3(R, 1e-10);
      for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) expect(S[3 * i + j]).toBe(S[3 * j + i]);
      mat33.mul(RS, 0, R, 0, S, 0);
      for (let i = 0; i < 9; i++) expect(Math.abs(RS[i]! - A[i]!)).toBeLessThan(1e-9);
    }
  });
  it('3×3: recovers a known rotation from R₀·S₀ with S₀ symmetric positive definite', () => {
    const q = new Float64Array(4);
    quat.fromAxisAngle(q, 0, new Float64Array([0, 0.6, 0.8]), 0, 2.1);
    const R0 = new Float64Array(9);
    quat.toMat33(R0, 0, q, 0);
    const S0 = new Float64Array([3, 0.5, 0.1, 0.5, 2, -0.3, 0.1, -0.3, 1]);
    const A = new Float64Array(9);
    mat33.mul(A, 0, R0, 0, S0, 0);
    const R = new Float64Array(9);
    const S = new Float64Array(9);
    polar3(R, 0, S, 0, A, 0);
    for (let i = 0; i < 9; i++) {
      expect(R[i]).toBeCloseTo(R0[i]!, 12);
      expect(S[i]).toBeCloseTo(S0[i]!, 12);
    }
  });
});

describe('symmetric 3×3 eigen decomposition (Jacobi)', () => {
  it('reconstructs A = V Λ Vᵀ with orthonormal V and sorted eigenvalues', () => {
    const r = new Prng(5);
    const lam = new Float64Array(3);
    const V = new Float64Array(9);
    const rec = new Float64Array(9);
    for (let k = 0; k < 200; k++) {
      const B = randMat3(r);
      const A = new Float64Array(9);
      mat33.mulTransposeA(A, 0, B, 0, B, 0);
      A[1] = A[3]! - 1; // make it indefinite-capable but keep symmetry
      A[3] = A[1]!;
      const sweeps = symEigen3(lam, 0, V, 0, A, 0);
      expect(sweeps).toBeLessThan(10);
      expect(lam[0]).toBeGreaterThanOrEqual(lam[1]!);
      expect(lam[1]).toBeGreaterThanOrEqual(lam[2]!);
      const VtV = new Float64Array(9);
      mat33.mulTransposeA(VtV, 0, V, 0, V, 0);
      for (let i = 0; i < 9; i++) expect(Math.abs(VtV[i]! - (i % 4 === 0 ? 1 : 0))).toBeLessThan(1e-13);
      // V Λ Vᵀ
      for (let i = 0; i < 3; i++) {
        for (let j = 0; j < 3; j++) {
          let s = 0;
          for (let m = 0; m < 3; m++) s += V[3 * i + m]! * lam[m]! * V[3 * j + m]!;
          rec[3 * i + j] = s;
        }
      }
      for (let i = 0; i < 9; i++) expect(Math.abs(rec[i]! - A[i]!)).toBeLessThan(1e-12);
    }
  });
  it('known spectrum: [[2,1,0],[1,2,0],[0,0,5]] has eigenvalues 5, 3, 1', () => {
    const lam = new Float64Array(3);
    const V = new Float64Array(9);
    symEigen3(lam, 0, V, 0, new Float64Array([2, 1, 0, 1, 2, 0, 0, 0, 5]), 0);
    expect(lam[0]).toBeCloseTo(5, 14);
    expect(lam[1]).toBeCloseTo(3, 14);
    expect(lam[2]).toBeCloseTo(1, 14);
    expect(Math.abs(V[1]! * V[4]!)).toBeCloseTo(0.5, 14); // eigenvector of 3 is (1,1,0)/√2
  });
});
