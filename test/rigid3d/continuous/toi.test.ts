import { describe, expect, it } from 'vitest';
import {
  Box3,
  Capsule3,
  Heightfield3,
  Sphere3,
  Sweep3,
  shapeCastToi3,
  TOI3_HIT,
  TOI3_OVERLAPPED,
  TOI3_SEPARATED,
  ToiResult3,
  TriangleMesh3,
  timeOfImpact3,
} from '../../../src/geometry/index.js';

const ID = [0, 0, 0, 0, 0, 0, 1];
const TARGET = 1e-6;
const TOL = 1e-7;

/** A still sweep at centre (x, y, z) with the identity orientation. */
function still(x: number, y: number, z: number): Sweep3 {
  return new Sweep3().setStill(0, 0, 0, x, y, z, 0, 0, 0, 1);
}

describe('time of impact by conservative advancement (Mirtich 1996)', () => {
  it('a sphere falling on a plane: t = gap / speed', () => {
    // the plane: the top face of a thick box at y = 0
    const ground = new Box3(10, 1, 10);
    const ball = new Sphere3(0.25);
    for (const [height, drop] of [
      [1, 2],
      [0.5, 0.3],
      [3, 10],
    ] as const) {
      const sweep = new Sweep3().setFromStep(
        0,
        0,
        0,
        0,
        height - drop,
        0,
        0,
        0,
        0,
        1,
        0,
        -drop,
        0,
        0,
        0,
        0,
        1,
      );
      const out = timeOfImpact3(ball, ID, 0, sweep, ground, ID, 0, still(0, -1, 0), 1, TARGET, TOL);
      const gap = height - 0.25;
      if (gap < drop) {
        expect(out.state).toBe(TOI3_HIT);
        expect(out.t).toBeCloseTo((gap - TARGET) / drop, 6);
        expect(out.normal[1]).toBeCloseTo(-1, 9);
      } else expect(out.state).toBe(TOI3_SEPARATED);
    }
  });

  it('a spinning capsule reaches the plane at the angle asin((h − r)/L)', () => {
    // capsule axis along local y, half-height L = 1, radius r = 0.1, centre at h = 0.6 above the plane;
    // it starts lying along x (a quarter turn about z) and turns by θ = 1 rad about z over the sweep
    const L = 1;
    const r = 0.1;
    const h = 0.6;
    const theta = 1;
    const q0 = [0, 0, Math.sin(Math.PI / 4), Math.cos(Math.PI / 4)] as const;
    // end orientation: Δq q0 with Δq = rotation by −θ about z (the +x end swings down)
    const dq = [0, 0, -Math.sin(theta / 2), Math.cos(theta / 2)] as const;
    const q1 = [0, 0, dq[3] * q0[2] + dq[2] * q0[3], dq[3] * q0[3] - dq[2] * q0[2]] as const;
    const sweep = new Sweep3().setFromStep(0, 0, 0, 0, h, 0, q1[0], q1[1], q1[2], q1[3], 0, 0, 0, ...dq);
    const out = timeOfImpact3(
      new Capsule3(L, r),
      ID,
      0,
      sweep,
      new Box3(10, 1, 10),
      ID,
      0,
      still(0, -1, 0),
      1,
      TARGET,
      TOL,
    );
    expect(out.state).toBe(TOI3_HIT);
    const phi = Math.asin((h - r) / L);
    expect(out.t).toBeCloseTo(phi / theta, 4);
  });

  it('reports overlap at t = 0 and separation when the shapes move apart', () => {
    const a = new Sphere3(0.5);
    const overl = timeOfImpact3(
      a,
      ID,
      0,
      still(0, 0, 0),
      new Box3(1, 1, 1),
      ID,
      0,
      still(0.8, 0, 0),
      1,
      TARGET,
      TOL,
    );
    expect(overl.state).toBe(TOI3_OVERLAPPED);
    expect(overl.t).toBe(0);
    const away = new Sweep3().setFromStep(0, 0, 0, -5, 0, 0, 0, 0, 0, 1, -3, 0, 0, 0, 0, 0, 1);
    const sep = timeOfImpact3(a, ID, 0, away, new Box3(1, 1, 1), ID, 0, still(2, 0, 0), 1, TARGET, TOL);
    expect(sep.state).toBe(TOI3_SEPARATED);
    expect(sep.t).toBe(1);
  });

  it('two moving spheres meet when the gap closes at their relative speed', () => {
    const a = new Sweep3().setFromStep(0, 0, 0, 2, 0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 0, 1); // 0 → 2
    const b = new Sweep3().setFromStep(0, 0, 0, 2, 0, 0, 0, 0, 0, 1, -2, 0, 0, 0, 0, 0, 1); // 4 → 2
    const out = timeOfImpact3(new Sphere3(0.5), ID, 0, a, new Sphere3(0.5), ID, 0, b, 1, TARGET, TOL);
    expect(out.state).toBe(TOI3_HIT);
    // gap 3 closes at 4 per unit t
    expect(out.t).toBeCloseTo(3 / 4, 6);
  });

  it('shape casts of spheres, capsules, boxes against a triangle mesh and a heightfield', () => {
    const out = new ToiResult3();
    // a flat heightfield at y = 0.2 and a two-triangle mesh square at y = 0.2
    const hf = new Heightfield3(5, 5, new Array(25).fill(0.2), 1);
    const mesh = new TriangleMesh3([-2, 0.2, -2, 2, 0.2, -2, 2, 0.2, 2, -2, 0.2, 2], [0, 2, 1, 0, 3, 2]);
    const shapes = [
      { shape: new Sphere3(0.3), bottom: 0.3 },
      { shape: new Capsule3(0.4, 0.1), bottom: 0.5 },
      { shape: new Box3(0.2, 0.25, 0.2), bottom: 0.25 },
    ];
    for (const target of [hf, mesh])
      for (const { shape, bottom } of shapes) {
        const xf = [0.3, 3, -0.4, 0, 0, 0, 1];
        shapeCastToi3(shape, xf, 0, [0, -5, 0], target, ID, 0, TARGET, TOL, out);
        expect(out.state).toBe(TOI3_HIT);
        expect(out.t).toBeCloseTo((3 - bottom - 0.2) / 5, 6);
        expect(out.triangle).toBeGreaterThanOrEqual(0);
        shapeCastToi3(shape, xf, 0, [0, -1, 0], target, ID, 0, TARGET, TOL, out);
        expect(out.state).toBe(TOI3_SEPARATED);
      }
  });
});
