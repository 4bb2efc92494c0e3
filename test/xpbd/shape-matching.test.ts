import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/errors.js';
import { ShapeMatching, type ShapeMatchingTrace } from '../../src/xpbd/shape-matching.js';

// §26.3 shape matching worked example: a unit-mass square at rest q = (−1,−1), (1,−1), (1,1), (−1,1)
// turned 90° and dented: x = (1,−1), (1,1), (−0.4,0.4), (−1,−1).
const rest = [-1, -1, 1, -1, 1, 1, -1, 1];
const dented = [1, -1, 1, 1, -0.4, 0.4, -1, -1];

describe('shape matching golden (§26.3 計算例)', () => {
  it('§26.3: c = (0.15, −0.15), A11 = 0.6, A12 = −3.4, A21 = 3.4, A22 = −0.6, θ = 90°, the four targets', () => {
    const sm = new ShapeMatching(rest, [1, 1, 1, 1], [[0, 1, 2, 3]], { dim: 2 });
    let t: ShapeMatchingTrace | undefined;
    sm.trace = (tr) => {
      t = tr;
    };
    const goals = new Float64Array(8);
    const theta = sm.clusterGoals(0, dented, false, goals);
    expect(t).toBeDefined();
    expect(t!.centre[0]).toBeCloseTo(0.15, 12);
    expect(t!.centre[1]).toBeCloseTo(-0.15, 12);
    const [a11, a12, a21, a22] = t!.A;
    expect(a11).toBeCloseTo(0.6, 12);
    expect(a12).toBeCloseTo(-3.4, 12);
    expect(a21).toBeCloseTo(3.4, 12);
    expect(a22).toBeCloseTo(-0.6, 12);
    expect((theta * 180) / Math.PI).toBeCloseTo(90, 10);
    const expected = [1.15, -1.15, 1.15, 0.85, -0.85, 0.85, -0.85, -1.15];
    for (let i = 0; i < 8; i++) expect(goals[i]).toBeCloseTo(expected[i]!, 12);
  });

  it('§26.3: with α = 0.5 the dented corner moves from (−0.4, 0.4) to (−0.625, 0.625)', () => {
    const sm = new ShapeMatching(rest, [1, 1, 1, 1], [[0, 1, 2, 3]], { dim: 2, stiffness: 0.5 });
    const x = Float64Array.from(dented);
    sm.project(x, [1, 1, 1, 1]);
    expect(x[4]).toBeCloseTo(-0.625, 12);
    expect(x[5]).toBeCloseTo(0.625, 12);
    // the undented corners move half way to their targets too, e.g. x1 → (1.075, −1.075)
    expect(x[0]).toBeCloseTo(1.075, 12);
    expect(x[1]).toBeCloseTo(-1.075, 12);
  });
});

describe('shape matching behaviour', () => {
  it('a rigidly moved shape is already at its goals (any rotation, 2D and 3D)', () => {
    for (const ang of [0.3, 1.7, -2.9]) {
      const c = Math.cos(ang);
      const s = Math.sin(ang);
      const x = new Float64Array(8);
      for (let i = 0; i < 4; i++) {
        x[2 * i] = c * rest[2 * i]! - s * rest[2 * i + 1]! + 5;
        x[2 * i + 1] = s * rest[2 * i]! + c * rest[2 * i + 1]! - 2;
      }
      const before = Float64Array.from(x);
      new ShapeMatching(rest, [1, 2, 3, 4], [[0, 1, 2, 3]], { dim: 2 }).project(x, [1, 1, 1, 1]);
      for (let i = 0; i < 8; i++) expect(x[i]).toBeCloseTo(before[i]!, 12);
    }
    // 3D: a tetrahedron-like cloud of 5 points rotated about (1, 2, 3) by 1 rad and moved
    const rest3 = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0.3, 0.4, 0.5];
    const ax = [1, 2, 3].map((v) => v / Math.sqrt(14));
    const th = 1;
    const [ux, uy, uz] = ax as [number, number, number];
    const c = Math.cos(th);
    const s = Math.sin(th);
    const Rm = [
      c + ux * ux * (1 - c),
      ux * uy * (1 - c) - uz * s,
      ux * uz * (1 - c) + uy * s,
      uy * ux * (1 - c) + uz * s,
      c + uy * uy * (1 - c),
      uy * uz * (1 - c) - ux * s,
      uz * ux * (1 - c) - uy * s,
      uz * uy * (1 - c) + ux * s,
      c + uz * uz * (1 - c),
    ];
    const x3 = new Float64Array(15);
    for (let i = 0; i < 5; i++) {
      for (let r = 0; r < 3; r++) {
        x3[i * 3 + r] =
          Rm[r * 3]! * rest3[i * 3]! +
          Rm[r * 3 + 1]! * rest3[i * 3 + 1]! +
          Rm[r * 3 + 2]! * rest3[i * 3 + 2]!;
        x3[i * 3 + r]! += r;
      }
    }
    const b3 = Float64Array.from(x3);
    new ShapeMatching(rest3, [1, 1, 1, 1, 1], [[0, 1, 2, 3, 4]], { dim: 3 }).project(x3, [1, 1, 1, 1, 1]);
    for (let i = 0; i < 15; i++) expect(x3[i]).toBeCloseTo(b3[i]!, 9);
  });

  it('conserves the centre of mass and linear momentum of a free cluster', () => {
    const x = Float64Array.from(dented);
    const m = [1, 2, 3, 4];
    const com = (v: ArrayLike<number>, a: number) =>
      (m[0]! * v[a]! + m[1]! * v[2 + a]! + m[2]! * v[4 + a]! + m[3]! * v[6 + a]!) / 10;
    const cx = com(x, 0);
    const cy = com(x, 1);
    new ShapeMatching(rest, m, [[0, 1, 2, 3]], { dim: 2, stiffness: 0.7 }).project(x, [
      1,
      1 / 2,
      1 / 3,
      1 / 4,
    ]);
    expect(com(x, 0)).toBeCloseTo(cx, 12);
    expect(com(x, 1)).toBeCloseTo(cy, 12);
  });

  it('linear mode with β = 1 reproduces a volume-preserving shear exactly; rigid mode does not', () => {
    // shear x' = x + 0.5 y (det 1): a linear map that keeps area
    const x = new Float64Array(8);
    for (let i = 0; i < 4; i++) {
      x[2 * i] = rest[2 * i]! + 0.5 * rest[2 * i + 1]!;
      x[2 * i + 1] = rest[2 * i + 1]!;
    }
    const lin = Float64Array.from(x);
    new ShapeMatching(rest, [1, 1, 1, 1], [[0, 1, 2, 3]], { dim: 2, mode: 'linear', beta: 1 }).project(
      lin,
      [1, 1, 1, 1],
    );
    for (let i = 0; i < 8; i++) expect(lin[i]).toBeCloseTo(x[i]!, 12);
    const rig = Float64Array.from(x);
    new ShapeMatching(rest, [1, 1, 1, 1], [[0, 1, 2, 3]], { dim: 2 }).project(rig, [1, 1, 1, 1]);
    let moved = 0;
    for (let i = 0; i < 8; i++) moved = Math.max(moved, Math.abs(rig[i]! - x[i]!));
    expect(moved).toBeGreaterThan(0.1);
  });

  it('overlapping clusters: a particle in two clusters moves to the average of the two goals', () => {
    // a 3×2 strip of particles; clusters {0,1,3,4} and {1,2,4,5} share the middle column
    const r = [0, 0, 1, 0, 2, 0, 0, 1, 1, 1, 2, 1];
    const x = Float64Array.from(r);
    x[3] = 1.5; // lift the shared middle-bottom particle
    const sm = new ShapeMatching(
      r,
      [1, 1, 1, 1, 1, 1],
      [
        [0, 1, 3, 4],
        [1, 2, 4, 5],
      ],
      { dim: 2 },
    );
    const g0 = new Float64Array(8);
    const g1 = new Float64Array(8);
    sm.clusterGoals(0, x, false, g0);
    sm.clusterGoals(1, x, false, g1);
    sm.project(x, [1, 1, 1, 1, 1, 1]);
    // particle 1 is member 1 of cluster 0 and member 0 of cluster 1
    expect(x[2]).toBeCloseTo((g0[2]! + g1[0]!) / 2, 12);
    expect(x[3]).toBeCloseTo((g0[3]! + g1[1]!) / 2, 12);
  });

  it('pinned particles (w = 0) stay put', () => {
    const x = Float64Array.from(dented);
    new ShapeMatching(rest, [1, 1, 1, 1], [[0, 1, 2, 3]], { dim: 2 }).project(x, [0, 1, 1, 1]);
    expect(x[0]).toBe(1);
    expect(x[1]).toBe(-1);
  });

  it('bad input: out-of-range index, non-positive mass, NaN rest position → PhysicsError naming the field', () => {
    expect(() => new ShapeMatching(rest, [1, 1, 1, 1], [[0, 1, 7]], { dim: 2 })).toThrow(
      /clusters\[0\]\[2\]/,
    );
    expect(() => new ShapeMatching(rest, [1, 0, 1, 1], [[0, 1, 2]], { dim: 2 })).toThrow(/masses\[1\]/);
    expect(
      () => new ShapeMatching([Number.NaN, ...rest.slice(1)], [1, 1, 1, 1], [[0, 1, 2]], { dim: 2 }),
    ).toThrow(PhysicsError);
  });
});
