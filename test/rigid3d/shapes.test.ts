import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { Heightfield3, TriangleMesh3 } from '../../src/geometry/shapes3d.js';
import { World3 } from '../../src/rigid3d/index.js';
import { groundWorld } from './helpers.js';

/** The 8 corners of a cube of half-size h, plus points inside and on its faces (quickhull drops them). */
function cubeCloud(h: number): number[] {
  const pts: number[] = [];
  for (const x of [-h, h]) for (const y of [-h, h]) for (const z of [-h, h]) pts.push(x, y, z);
  pts.push(0, 0, 0, h, 0, 0, 0, h, 0, 0.2 * h, -0.3 * h, 0.1 * h, h, h, h); // inside, on faces, a duplicate
  return pts;
}

describe('rigid3d shapes', () => {
  it('every convex kind comes to rest on the ground at its own height', () => {
    const { world } = groundWorld();
    const cases = [
      [{ kind: 'sphere' as const, radius: 0.4 }, 0.4],
      [{ kind: 'box' as const, halfExtents: [0.3, 0.2, 0.5] as const }, 0.2],
      [{ kind: 'cylinder' as const, halfHeight: 0.3, radius: 0.4 }, 0.3],
      [{ kind: 'hull' as const, points: cubeCloud(0.35) }, 0.35],
    ] as const;
    const ids = cases.map(([shape], k) => {
      const b = world.createBody({ position: [3 * k, 1.5, 0] });
      world.createShape(b, shape);
      return b;
    });
    // a capsule lies down: its axis (local y) turned onto x by 90° about z
    const cap = world.createBody({ position: [12, 1.5, 0], orientation: [0, 0, Math.SQRT1_2, Math.SQRT1_2] });
    world.createShape(cap, { kind: 'capsule', halfHeight: 0.5, radius: 0.25 });
    for (let s = 0; s < 180; s++) world.step(1 / 60);
    cases.forEach(([, h], k) => {
      expect(world.getPosition(ids[k]!)[1], `case ${k}`).toBeGreaterThan(h - 0.01);
      expect(world.getPosition(ids[k]!)[1], `case ${k}`).toBeLessThan(h + 0.005);
    });
    expect(world.getPosition(cap)[1]).toBeCloseTo(0.25, 2);
    expect(world.getMass(ids[3]!)).toBeCloseTo(1000 * 0.7 ** 3, 6);
  });

  it('degenerate hulls (all points coplanar, all equal) are refused with degenerate-shape naming the points', () => {
    const world = new World3();
    const b = world.createBody();
    const flat = [0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 1, 0.5, 0, 0.5];
    for (const points of [flat, [1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3]]) {
      try {
        world.createShape(b, { kind: 'hull', points });
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(PhysicsError);
        expect((e as PhysicsError).code).toBe('degenerate-shape');
        expect((e as Error).message).toMatch(/^shape\.points/);
      }
    }
    expect(() =>
      world.createShape(b, { kind: 'hull', points: [0, 0, Number.NaN, 1, 0, 0, 0, 1, 0, 0, 0, 1] }),
    ).toThrow(/shape\.points\[2\]/);
  });

  it('ray casts: the closest hit, every hit in order, and a filtered cast', () => {
    const world = new World3({ gravity: [0, 0, 0] });
    const shapes = [2, 4, 6].map((x) => {
      const b = world.createBody({ type: 'static', position: [x, 0, 0] });
      return world.createShape(b, {
        kind: 'box',
        halfExtents: [0.5, 0.5, 0.5],
        filter: { categoryBits: x === 2 ? 2 : 1 },
      });
    });
    world.step(1 / 60);
    const hit = world.rayCast([0, 0, 0], [10, 0, 0]);
    expect(hit!.shape).toBe(shapes[0]);
    expect(hit!.fraction).toBeCloseTo(0.15, 12);
    expect(hit!.normal.map((v) => Math.round(v))).toEqual([-1, 0, 0]);
    expect(world.rayCastAll([0, 0, 0], [10, 0, 0]).map((h) => h.shape)).toEqual(shapes);
    expect(world.rayCast([0, 0, 0], [10, 0, 0], { maskBits: 1 })!.shape).toBe(shapes[1]);
    expect(world.rayCast([0, 2, 0], [10, 2, 0])).toBeNull();
  });

  it('a ball rolls over heightfield terrain and a box rests on a mesh floor, neither falling through', () => {
    const world = new World3({ enableSleep: false });
    const rows = 17;
    const heights: number[] = [];
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < rows; c++) heights.push(0.3 * Math.sin(0.5 * c) * Math.cos(0.4 * r));
    const terrain = world.createBody({ type: 'static' });
    world.createShape(terrain, { kind: 'geometry', shape: new Heightfield3(rows, rows, heights, 1) });
    const ball = world.createBody({ position: [-3, 1.5, 0.5], linearVelocity: [2, 0, 0] });
    world.createShape(ball, { kind: 'sphere', radius: 0.4 });
    // a flat mesh floor of two triangles, far from the terrain
    const mesh = new TriangleMesh3([20, 0, -2, 24, 0, -2, 24, 0, 2, 20, 0, 2], [0, 2, 1, 0, 3, 2]);
    const floor = world.createBody({ type: 'static' });
    world.createShape(floor, { kind: 'geometry', shape: mesh });
    const box = world.createBody({ position: [22, 1, 0] });
    world.createShape(box, { kind: 'box', halfExtents: [0.3, 0.3, 0.3] });
    let lowest = Number.POSITIVE_INFINITY;
    for (let s = 0; s < 180; s++) {
      world.step(1 / 60);
      lowest = Math.min(lowest, world.getPosition(ball)[1]);
    }
    expect(lowest).toBeGreaterThan(-0.3 + 0.4 - 0.02); // never below the lowest terrain + its radius
    expect(world.getPosition(ball)[0]).toBeGreaterThan(-3); // it rolled on
    expect(world.getPosition(box)[1]).toBeCloseTo(0.3, 2);
  });

  it('rolling resistance brings a rolling ball to rest; without it the ball keeps rolling', () => {
    const run = (rollingResistance: number) => {
      const { world } = groundWorld({ enableSleep: false });
      const ball = world.createBody({
        position: [0, 0.5, 0],
        linearVelocity: [3, 0, 0],
        angularVelocity: [0, 0, -6],
      });
      world.createShape(ball, { kind: 'sphere', radius: 0.5, rollingResistance });
      for (let s = 0; s < 240; s++) world.step(1 / 60);
      return world.getLinearVelocity(ball)[0];
    };
    expect(run(0)).toBeGreaterThan(2.9);
    expect(Math.abs(run(0.05))).toBeLessThan(0.05);
  });

  it('a kinematic platform moves by its velocity and carries a box resting on it', () => {
    const world = new World3({ enableSleep: false });
    const platform = world.createBody({ type: 'kinematic', position: [0, 0, 0], linearVelocity: [1, 0, 0] });
    world.createShape(platform, { kind: 'box', halfExtents: [3, 0.25, 3] });
    const box = world.createBody({ position: [0, 0.75, 0] });
    world.createShape(box, { kind: 'box', halfExtents: [0.5, 0.5, 0.5] });
    for (let s = 0; s < 120; s++) world.step(1 / 60);
    expect(world.getPosition(platform)[0]).toBeCloseTo(2, 10);
    expect(world.getLinearVelocity(box)[0]).toBeCloseTo(1, 2);
    expect(world.getPosition(box)[0]).toBeGreaterThan(1.8);
  });
});
