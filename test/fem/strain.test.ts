import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import {
  deformationGradient2,
  deformationGradient3,
  restInverse2,
  restInverse3,
} from '../../src/fem/deformation-gradient.js';
import { lameParameters } from '../../src/fem/material.js';
import { corotationalStrain, greenStrain, linearStrain } from '../../src/fem/strain.js';
import { polar3 } from '../../src/math/polar3.js';
import { rotation3 } from '../../src/math/rotation-extraction.js';

/** F of the triangle with rest corners (0,0), (1,0), (0,1) moved to the given corners (stride 3). */
function triangleF(corners: number[]): Float64Array {
  const dm = new Float64Array(4);
  const area = restInverse2(0, 0, 1, 0, 0, 1, dm, 0);
  expect(area).toBe(0.5);
  const x = new Float64Array(9);
  for (let i = 0; i < 3; i++) {
    x[3 * i] = corners[2 * i]!;
    x[3 * i + 1] = corners[2 * i + 1]!;
  }
  const F = new Float64Array(4);
  deformationGradient2(x, 3, 0, 1, 2, dm, 0, F);
  return F;
}

describe('FEM strains golden (§26.3 有限要素法 計算例)', () => {
  it('§26.3: rest triangle (0,0),(1,0),(0,1) has D_m = I; stretching to (1.1, 0) gives F = diag(1.1, 1), ε = diag(0.1, 0)', () => {
    const F = triangleF([0, 0, 1.1, 0, 0, 1]);
    expect(Array.from(F)).toEqual([1.1, 0, 0, 1]);
    const eps = linearStrain(F, 2, new Float64Array(4));
    expect(eps[0]).toBeCloseTo(0.1, 14);
    expect(eps[1]).toBe(0);
    expect(eps[2]).toBe(0);
    expect(eps[3]).toBe(0);
    // the corotational strain agrees for a rotation-free stretch; Green's is 0.105 (= ½(1.21 − 1))
    const co = corotationalStrain(F, 2, new Float64Array(4));
    expect(co[0]).toBeCloseTo(0.1, 14);
    expect(co[3]).toBeCloseTo(0, 14);
    expect(greenStrain(F, 2, new Float64Array(4))[0]).toBeCloseTo(0.105, 14);
  });

  it('§26.3: a pure 90° rotation to (0,0),(0,1),(−1,0): F = [0 −1; 1 0], linear ε = diag(−1, −1), corotational and Green strain 0', () => {
    const F = triangleF([0, 0, 0, 1, -1, 0]);
    expect(Array.from(F)).toEqual([0, -1, 1, 0]);
    expect(Array.from(linearStrain(F, 2, new Float64Array(4)))).toEqual([-1, 0, 0, -1]);
    for (const v of corotationalStrain(F, 2, new Float64Array(4))) expect(v).toBeCloseTo(0, 14);
    for (const v of greenStrain(F, 2, new Float64Array(4))) expect(v).toBeCloseTo(0, 14);
  });
});

describe('FEM strains behaviour', () => {
  it('3D: corotational and Green strain vanish for any rotation of a tetrahedron; linear strain does not', () => {
    const rest = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1];
    const dm = new Float64Array(9);
    expect(restInverse3(rest, 3, 0, 1, 2, 3, dm, 0)).toBeCloseTo(1 / 6, 15);
    // rotation by 2 rad about (2, −1, 2)/3, then shifted
    const u = [2 / 3, -1 / 3, 2 / 3];
    const c = Math.cos(2);
    const s = Math.sin(2);
    const R = [
      [c + u[0]! * u[0]! * (1 - c), u[0]! * u[1]! * (1 - c) - u[2]! * s, u[0]! * u[2]! * (1 - c) + u[1]! * s],
      [u[1]! * u[0]! * (1 - c) + u[2]! * s, c + u[1]! * u[1]! * (1 - c), u[1]! * u[2]! * (1 - c) - u[0]! * s],
      [u[2]! * u[0]! * (1 - c) - u[1]! * s, u[2]! * u[1]! * (1 - c) + u[0]! * s, c + u[2]! * u[2]! * (1 - c)],
    ];
    const x = new Float64Array(12);
    for (let i = 0; i < 4; i++) {
      for (let r = 0; r < 3; r++) {
        x[3 * i + r] =
          7 + R[r]![0]! * rest[3 * i]! + R[r]![1]! * rest[3 * i + 1]! + R[r]![2]! * rest[3 * i + 2]!;
      }
    }
    const F = new Float64Array(9);
    deformationGradient3(x, 3, 0, 1, 2, 3, dm, 0, F);
    for (const v of corotationalStrain(F, 3, new Float64Array(9))) expect(v).toBeCloseTo(0, 10);
    for (const v of greenStrain(F, 3, new Float64Array(9))) expect(v).toBeCloseTo(0, 12);
    const lin = linearStrain(F, 3, new Float64Array(9));
    expect(lin[0]).toBeLessThan(-0.5); // a large rotation reads as a large compression
  });

  it('a stretch plus a rotation: the corotational strain recovers the stretch', () => {
    // F = R(0.8) · diag(1.2, 0.9)
    const c = Math.cos(0.8);
    const s = Math.sin(0.8);
    const F = [c * 1.2, -s * 0.9, s * 1.2, c * 0.9];
    const co = corotationalStrain(F, 2, new Float64Array(4));
    expect(co[0]).toBeCloseTo(0.2, 13);
    expect(co[1]).toBeCloseTo(0, 13);
    expect(co[3]).toBeCloseTo(-0.1, 13);
  });

  it('Lamé parameters from E, ν; bad E, ν and degenerate rest shapes throw PhysicsError naming the field', () => {
    const { mu, lambda } = lameParameters({ youngModulus: 1e6, poissonRatio: 0.25 });
    expect(mu).toBeCloseTo(4e5, 6);
    expect(lambda).toBeCloseTo(4e5, 6);
    expect(lameParameters({ youngModulus: 1e6, poissonRatio: 0.25, planeStress: true }).lambda).toBeCloseTo(
      (1e6 * 0.25) / (1 - 0.0625),
      6,
    );
    expect(() => lameParameters({ youngModulus: -1, poissonRatio: 0.3 })).toThrow(
      /youngModulus: must be > 0/,
    );
    expect(() => lameParameters({ youngModulus: 1, poissonRatio: 0.5 })).toThrow(/poissonRatio/);
    expect(() => lameParameters({ youngModulus: Number.NaN, poissonRatio: 0.3 })).toThrow(PhysicsError);
    expect(() => restInverse2(0, 0, 1, 1, 2, 2, new Float64Array(4), 0, 'tri[4]')).toThrow(
      /tri\[4\]: rest triangle has zero area/,
    );
    expect(() =>
      restInverse3([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0], 3, 0, 1, 2, 3, new Float64Array(9), 0),
    ).toThrow(/zero volume/);
  });
});

describe('rotation extraction', () => {
  it('the warm-startable Newton/Müller iteration (rotation3) agrees with the SVD polar decomposition (math/polar3)', () => {
    let seed = 12345;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648 - 0.5;
    };
    let compared = 0;
    for (let trial = 0; trial < 50; trial++) {
      const A = new Float64Array(9);
      for (let i = 0; i < 9; i++) A[i] = (i % 4 === 0 ? 1 : 0) + 0.8 * rnd();
      // rotate it a lot so the cold start is far from the answer
      const c = Math.cos(2.5);
      const s = Math.sin(2.5);
      const B = new Float64Array([
        c * A[0]! - s * A[3]!,
        c * A[1]! - s * A[4]!,
        c * A[2]! - s * A[5]!,
        s * A[0]! + c * A[3]!,
        s * A[1]! + c * A[4]!,
        s * A[2]! + c * A[5]!,
        A[6]!,
        A[7]!,
        A[8]!,
      ]);
      const det =
        B[0]! * (B[4]! * B[8]! - B[5]! * B[7]!) -
        B[1]! * (B[3]! * B[8]! - B[5]! * B[6]!) +
        B[2]! * (B[3]! * B[7]! - B[4]! * B[6]!);
      if (det < 0.05) continue; // the polar rotation is unique for det A > 0
      const R1 = new Float64Array(9);
      rotation3(B, new Float64Array([1, 0, 0, 0]), 0, R1);
      const R2 = new Float64Array(9);
      polar3(R2, 0, null, 0, B, 0);
      for (let i = 0; i < 9; i++) expect(R1[i]).toBeCloseTo(R2[i]!, 8);
      compared++;
    }
    expect(compared).toBeGreaterThan(20);
  });
});
