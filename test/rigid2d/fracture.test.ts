/** Voronoi fracture of rigid bodies (textbook §26.5): conservation, glue that breaks, impact fracture. */
import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { fractureBody, ImpactFracture } from '../../src/rigid2d/fracture.js';
import { World } from '../../src/rigid2d/world.js';

function plate(world: World, v: [number, number] = [0, 0], w = 0) {
  const b = world.createBody({ position: [1, 2], angle: 0.3, linearVelocity: v, angularVelocity: w });
  world.createShape(b, { kind: 'box', halfWidth: 1, halfHeight: 0.4, density: 2.5 });
  return b;
}

describe('fractureBody', () => {
  it('conserves mass, centre of mass, linear and angular momentum', () => {
    const world = new World({ gravity: [0, 0] });
    const body = plate(world, [3, -1], 2);
    const m = world.getMass(body);
    const [cx, cy] = world.getWorldCenter(body);
    const [px0, py0] = world.linearMomentum();
    // angular momentum about the origin: I ω + m (c × v)
    const [vx, vy] = world.getLinearVelocity(body);
    const L0 = world.getInertia(body) * 2 + m * (cx * vy - cy * vx);
    const r = fractureBody(world, body, { impact: [1.5, 2.2], count: 16, seed: 3 });
    expect(r.bodies.length).toBeGreaterThan(8);
    expect(world.isValid(body)).toBe(false);
    let mass = 0;
    let mx = 0;
    let my = 0;
    let L = 0;
    for (const b of r.bodies) {
      const mb = world.getMass(b);
      const [bx, by] = world.getWorldCenter(b);
      const [bvx, bvy] = world.getLinearVelocity(b);
      mass += mb;
      mx += mb * bx;
      my += mb * by;
      L += world.getInertia(b) * world.getAngularVelocity(b) + mb * (bx * bvy - by * bvx);
    }
    expect(Math.abs(mass - m) / m).toBeLessThan(1e-9);
    expect(Math.abs(mx / mass - cx)).toBeLessThan(1e-9);
    expect(Math.abs(my / mass - cy)).toBeLessThan(1e-9);
    const [px1, py1] = world.linearMomentum();
    expect(Math.abs(px1 - px0)).toBeLessThan(1e-9);
    expect(Math.abs(py1 - py0)).toBeLessThan(1e-9);
    expect(Math.abs(L - L0) / Math.abs(L0)).toBeLessThan(1e-9);
  });

  it('glued pieces hold together under gravity on the ground; a fast ball breaks the glue', () => {
    const world = new World({ gravity: [0, -10] });
    const ground = world.createBody({ type: 'static' });
    world.createShape(ground, { kind: 'box', halfWidth: 10, halfHeight: 0.5, center: [0, -0.5] });
    const wall = world.createBody({ position: [0, 1] });
    world.createShape(wall, { kind: 'box', halfWidth: 0.3, halfHeight: 1, density: 1 });
    const r = fractureBody(world, wall, { count: 10, seed: 2, glue: { breakForce: 200, breakTorque: 50 } });
    expect(r.joints.length).toBeGreaterThanOrEqual(r.bodies.length - 1);
    let broken = 0;
    for (let i = 0; i < 120; i++) {
      world.step(1 / 60);
      broken += world.events().jointBreak.length;
    }
    expect(broken).toBe(0);
    const ball = world.createBody({ position: [-3, 1.2], linearVelocity: [40, 0], bullet: true });
    world.createShape(ball, { kind: 'circle', radius: 0.15, density: 20 });
    for (let i = 0; i < 60; i++) {
      world.step(1 / 60);
      broken += world.events().jointBreak.length;
    }
    expect(broken).toBeGreaterThan(0);
  });

  it('ImpactFracture breaks a plate hit above its threshold and not below', () => {
    for (const [speed, expectBreak] of [
      [2, false],
      [30, true],
    ] as const) {
      const world = new World({ gravity: [0, 0] });
      const glass = world.createBody({ position: [0, 0] });
      world.createShape(glass, { kind: 'box', halfWidth: 0.05, halfHeight: 1, density: 1 });
      const ball = world.createBody({ position: [-2, 0.3], linearVelocity: [speed, 0], bullet: true });
      world.createShape(ball, { kind: 'circle', radius: 0.1, density: 10 });
      const fx = new ImpactFracture(world);
      fx.add(glass, 2, { count: 12 });
      let pieces = 0;
      for (let i = 0; i < 120; i++) {
        world.step(1 / 60);
        for (const r of fx.update()) pieces += r.bodies.length;
      }
      expect(pieces > 0).toBe(expectBreak);
    }
  });

  it('rejects what it cannot cut', () => {
    const world = new World();
    const c = world.createBody();
    world.createShape(c, { kind: 'circle', radius: 1 });
    expect(() => fractureBody(world, c)).toThrow(PhysicsError);
    const s = world.createBody({ type: 'static' });
    world.createShape(s, { kind: 'box', halfWidth: 1, halfHeight: 1 });
    expect(() => fractureBody(world, s)).toThrow(/dynamic/);
    const b = world.createBody();
    world.createShape(b, { kind: 'box', halfWidth: 1, halfHeight: 1 });
    expect(() => fractureBody(world, b, { impact: [Number.NaN, 0] })).toThrow(/impact/);
  });
});
