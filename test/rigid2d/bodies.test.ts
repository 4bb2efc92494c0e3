import { describe, expect, it } from 'vitest';
import { World } from '../../src/rigid2d/index.js';
import { groundWorld, stack } from './helpers.js';

const dt = 1 / 60;

describe('rigid2d bodies', () => {
  it('mass and inertia from density: box m = ρ·w·h, I = m(w² + h²)/12; disc I = mr²/2; offset shapes move the centre', () => {
    const world = new World();
    const box = world.createBody();
    world.createShape(box, { kind: 'box', halfWidth: 1, halfHeight: 0.5, density: 3 });
    expect(world.getMass(box)).toBeCloseTo(6, 12);
    expect(world.getInertia(box)).toBeCloseTo((6 * (4 + 1)) / 12, 12);
    const disc = world.createBody();
    world.createShape(disc, { kind: 'circle', radius: 0.5, density: 2 });
    const m = 2 * Math.PI * 0.25;
    expect(world.getMass(disc)).toBeCloseTo(m, 12);
    expect(world.getInertia(disc)).toBeCloseTo(0.5 * m * 0.25, 12);
    const two = world.createBody({ position: [1, 0] });
    world.createShape(two, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5, center: [-1, 0] });
    world.createShape(two, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5, center: [1, 0] });
    expect(world.getWorldCenter(two)).toEqual([1, 0]);
    expect(world.getPosition(two)).toEqual([1, 0]);
    // two unit boxes 2 m apart: I = 2·(1/6) + 2·1² about the centre
    expect(world.getInertia(two)).toBeCloseTo(2 / 6 + 2, 12);
  });

  it('free fall follows v = g t exactly (semi-implicit Euler), gravity scale and linear damping apply', () => {
    const world = new World({ gravity: [0, -10] });
    const a = world.createBody();
    world.createShape(a, { kind: 'circle', radius: 0.1 });
    const half = world.createBody({ gravityScale: 0.5, position: [5, 0] });
    world.createShape(half, { kind: 'circle', radius: 0.1 });
    const damped = world.createBody({ linearDamping: 1, position: [10, 0] });
    world.createShape(damped, { kind: 'circle', radius: 0.1 });
    for (let i = 0; i < 60; i++) world.step(dt);
    expect(world.getLinearVelocity(a)[1]).toBeCloseTo(-10, 10);
    expect(world.getLinearVelocity(half)[1]).toBeCloseTo(-5, 10);
    const vd = world.getLinearVelocity(damped)[1];
    expect(vd).toBeGreaterThan(-10 * (1 - Math.exp(-1)) - 0.1);
    expect(vd).toBeLessThan(-10 * (1 - Math.exp(-1)) + 0.1);
  });

  it('fixed rotation keeps the angle; a kinematic body moves at its velocity and is not pushed', () => {
    const { world } = groundWorld({ enableSleep: false });
    const fixed = world.createBody({ position: [0, 3], angle: 0.3, fixedRotation: true });
    world.createShape(fixed, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5 });
    const kin = world.createBody({
      type: 'kinematic',
      position: [5, 1],
      linearVelocity: [1, 0],
      angularVelocity: 0.5,
    });
    world.createShape(kin, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5 });
    for (let i = 0; i < 120; i++) world.step(dt);
    expect(world.getAngle(fixed)).toBeCloseTo(0.3, 12);
    expect(world.getPosition(kin)[0]).toBeCloseTo(7, 9);
    expect(world.getPosition(kin)[1]).toBeCloseTo(1, 9);
    expect(world.getAngle(kin)).toBeCloseTo(1, 3);
  });

  it('a sleeping island wakes when a body is moved, pushed or given velocity', () => {
    const { world } = groundWorld();
    const ids = stack(world, 3);
    const settle = () => {
      for (let i = 0; i < 120; i++) world.step(dt);
      expect(ids.every((id) => !world.isAwake(id))).toBe(true);
    };
    settle();
    world.applyForce(ids[0]!, [1, 0]);
    expect(ids.every((id) => world.isAwake(id))).toBe(true);
    settle();
    world.setLinearVelocity(ids[2]!, [0.5, 0]);
    expect(ids.every((id) => world.isAwake(id))).toBe(true);
    settle();
    world.setAwake(ids[1]!, true);
    expect(ids.every((id) => world.isAwake(id))).toBe(true);
  });

  it('destroying a body ends its contacts and wakes what it touched', () => {
    const { world } = groundWorld();
    const ids = stack(world, 2);
    for (let i = 0; i < 120; i++) world.step(dt);
    expect(world.isAwake(ids[1]!)).toBe(false);
    world.destroyBody(ids[0]!);
    expect(world.isAwake(ids[1]!)).toBe(true);
    expect(world.events().end.length).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 60; i++) world.step(dt);
    expect(world.getPosition(ids[1]!)[1]).toBeLessThan(0.6); // it fell onto the ground
  });

  it('is deterministic: the same scene stepped twice gives identical bits', () => {
    const run = () => {
      const { world } = groundWorld({ enableSleep: false });
      const ids = stack(world, 5);
      world.setLinearVelocity(ids[4]!, [2, 0]);
      for (let i = 0; i < 240; i++) world.step(dt);
      return ids.flatMap((id) => [...world.getPosition(id), world.getAngle(id)]);
    };
    expect(run()).toEqual(run());
  });
});

describe('rigid2d chains (ghost vertices)', () => {
  it('a box and a capsule slide over the joins of a flat chain without catching', () => {
    const world = new World({ enableSleep: false });
    const g = world.createBody({ type: 'static' });
    const pts: [number, number][] = [];
    for (let i = -10; i <= 40; i++) pts.push([i, 0]);
    world.createChain(g, { points: pts, friction: 0 });
    const box = world.createBody({ position: [0, 0.5], linearVelocity: [5, 0] });
    world.createShape(box, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5, friction: 0 });
    const cap = world.createBody({ position: [0, 2.5], linearVelocity: [5, 0] });
    world.createShape(cap, { kind: 'capsule', p1: [-0.5, 0], p2: [0.5, 0], radius: 0.25, friction: 0 });
    let minV = Number.POSITIVE_INFINITY;
    let maxY = 0;
    let minVc = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 240; i++) {
      world.step(1 / 60);
      minV = Math.min(minV, world.getLinearVelocity(box)[0]);
      maxY = Math.max(maxY, world.getPosition(box)[1]);
      if (i > 60) minVc = Math.min(minVc, world.getLinearVelocity(cap)[0]);
    }
    expect(minV).toBeGreaterThan(4.99); // no catching: the speed stays 5 m/s
    expect(maxY).toBeLessThan(0.51); // and no hop
    expect(minVc).toBeGreaterThan(4.99);
    expect(world.getPosition(box)[0]).toBeCloseTo(20, 1);
  });

  it('a chain bowl (concave corners) holds a pile of mixed shapes', () => {
    const world = new World();
    const bowl = world.createBody({ type: 'static' });
    const pts: [number, number][] = [];
    for (let i = 0; i <= 16; i++) {
      const a = Math.PI + (i / 16) * Math.PI;
      pts.push([5 * Math.cos(a), 5 + 5 * Math.sin(a)]);
    }
    world.createChain(bowl, { points: pts });
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) {
      const b = world.createBody({ position: [-3 + (i % 6), 4 + Math.floor(i / 6)] });
      if (i % 3 === 0) world.createShape(b, { kind: 'circle', radius: 0.3 });
      else if (i % 3 === 1) world.createShape(b, { kind: 'box', halfWidth: 0.3, halfHeight: 0.3 });
      else world.createShape(b, { kind: 'capsule', p1: [-0.2, 0], p2: [0.2, 0], radius: 0.2 });
      ids.push(b);
    }
    for (let i = 0; i < 600; i++) world.step(1 / 60);
    for (const id of ids) {
      const [x, y] = world.getPosition(id);
      expect(Math.hypot(x, y - 5)).toBeLessThan(5); // inside the bowl's circle
    }
  });
});
