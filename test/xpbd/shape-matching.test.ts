import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { latticeClusters } from '../../src/fem/soft-body.js';
import { tetrahedralizeBox } from '../../src/fem/tetrahedralize.js';
import { ShapeMatching, type ShapeMatchingTrace } from '../../src/xpbd/shape-matching.js';
import { type SolverOrder, XpbdWorld } from '../../src/xpbd/solver.js';

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

describe('shape matching as an XPBD constraint set', () => {
  function dentedSquareWorld(order: SolverOrder, mode: 'rigid' | 'linear', clusters: boolean) {
    const world = new XpbdWorld({ substeps: 4, order, gravity: [0, 0, 0] });
    const p = world.particles;
    const n = 5;
    for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) p.add(i * 0.25, j * 0.25, 0, 1 / (1 + 0.1 * i));
    const cl: number[][] = [];
    if (clusters) {
      for (let j = 0; j + 2 < n; j += 2) {
        for (let i = 0; i + 2 < n; i += 2) {
          const c: number[] = [];
          for (let b = 0; b <= 2; b++) for (let a = 0; a <= 2; a++) c.push(i + a + (j + b) * n);
          cl.push(c);
        }
      }
    } else cl.push(Array.from({ length: n * n }, (_, k) => k));
    world.add(ShapeMatching.fromParticles(p, cl, { dim: 2, mode, stiffness: 0.2 }));
    // dent one corner and push another
    p.setPosition(n * n - 1, 0.7, 0.7, 0);
    p.setVelocity(0, -1, 0.5, 0);
    return world;
  }

  it('Gauss–Seidel, Jacobi and graph-coloured orders give the same motion (clusters read the same positions)', () => {
    for (const [mode, clusters] of [
      ['rigid', false],
      ['linear', false],
      ['rigid', true],
    ] as const) {
      const runs = (['gauss-seidel', 'jacobi', 'colored'] as const).map((order) => {
        const w = dentedSquareWorld(order, mode, clusters);
        for (let f = 0; f < 30; f++) w.step(1 / 60);
        return Float64Array.from(w.particles.x.subarray(0, 3 * w.particles.count));
      });
      for (let k = 0; k < runs[0]!.length; k++) {
        expect(runs[1]![k]).toBeCloseTo(runs[0]![k]!, 9);
        expect(runs[2]![k]).toBeCloseTo(runs[0]![k]!, 9);
      }
    }
  });

  it('a dented body springs back to its rest shape and keeps its linear momentum', () => {
    const w = dentedSquareWorld('gauss-seidel', 'rigid', true);
    const p = w.particles;
    const momentum = () => {
      let mx = 0;
      let my = 0;
      for (let i = 0; i < p.count; i++) {
        mx += p.v[3 * i]! / p.invMass[i]!;
        my += p.v[3 * i + 1]! / p.invMass[i]!;
      }
      return [mx, my];
    };
    const m0 = momentum();
    for (let f = 0; f < 120; f++) w.step(1 / 60);
    const m1 = momentum();
    expect(m1[0]).toBeCloseTo(m0[0]!, 9);
    expect(m1[1]).toBeCloseTo(m0[1]!, 9);
    // the dented corner is back at distance √2 · 1 m from the opposite corner (rest shape)
    const d = Math.hypot(p.x[3 * 24]! - p.x[0]!, p.x[3 * 24 + 1]! - p.x[1]!);
    expect(d).toBeCloseTo(Math.SQRT2, 2);
  });
});

describe('shape matching: 3D linear mode and lattice clusters', () => {
  it('3D linear mode with β = 1 reproduces a volume-preserving shear exactly', () => {
    const rest3 = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1, 0.5, 0.2, 0.7];
    const x = new Float64Array(rest3.length);
    for (let i = 0; i < rest3.length; i += 3) {
      x[i] = rest3[i]! + 0.4 * rest3[i + 1]! - 0.2 * rest3[i + 2]!; // det = 1 (upper-triangular shear)
      x[i + 1] = rest3[i + 1]! + 0.3 * rest3[i + 2]!;
      x[i + 2] = rest3[i + 2]!;
    }
    const before = Float64Array.from(x);
    const sm = new ShapeMatching(rest3, [1, 1, 1, 1, 1, 1], [[0, 1, 2, 3, 4, 5]], {
      dim: 3,
      mode: 'linear',
      beta: 1,
    });
    sm.project(x, [1, 1, 1, 1, 1, 1]);
    for (let i = 0; i < x.length; i++) expect(x[i]).toBeCloseTo(before[i]!, 10);
  });

  it('lattice clusters of a tetrahedralised box overlap and cover every vertex', () => {
    const mesh = tetrahedralizeBox([1, 1, 1], [4, 4, 4]);
    const clusters = latticeClusters(mesh.vertices, 3, 0.5);
    expect(clusters.length).toBe(8);
    const seen = new Uint8Array(mesh.vertices.length / 3);
    for (const c of clusters) for (const v of c) seen[v]! += 1;
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...seen)).toBe(8); // the centre vertex belongs to all eight
  });
});
