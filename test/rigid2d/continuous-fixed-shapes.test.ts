/**
 * The continuous stage sweeps fast (non-bullet) bodies only against static and kinematic shapes,
 * and skips the sweeps when the world has none (continuous.ts): the count of such shapes must stay
 * right as shapes and bodies come and go, or walls would silently stop catching fast bodies.
 */
import { describe, expect, it } from 'vitest';
import { World } from '../../src/rigid2d/index.js';

function fireBall(world: World): number {
  const ball = world.createBody({ position: [-2, 0], linearVelocity: [500, 0] });
  world.createShape(ball, { kind: 'circle', radius: 0.05 });
  for (let s = 0; s < 4; s++) world.step(1 / 60);
  return world.getPosition(ball)[0];
}

describe('rigid2d continuous stage: static and kinematic shapes counted', () => {
  it('counts shapes of static and kinematic bodies as they are created and destroyed', () => {
    const world = new World({ gravity: [0, 0] });
    expect(world.shapes.fixedCount).toBe(0);
    const ground = world.createBody({ type: 'static' });
    const s1 = world.createShape(ground, { kind: 'box', halfWidth: 1, halfHeight: 1 });
    world.createShape(ground, { kind: 'circle', radius: 1, center: [3, 0] });
    const kin = world.createBody({ type: 'kinematic' });
    world.createShape(kin, { kind: 'box', halfWidth: 1, halfHeight: 1 });
    const dyn = world.createBody({});
    world.createShape(dyn, { kind: 'circle', radius: 0.5 });
    expect(world.shapes.fixedCount).toBe(3);
    world.destroyShape(s1);
    expect(world.shapes.fixedCount).toBe(2);
    world.destroyBody(ground);
    expect(world.shapes.fixedCount).toBe(1);
    world.destroyBody(dyn);
    expect(world.shapes.fixedCount).toBe(1);
    world.destroyBody(kin);
    expect(world.shapes.fixedCount).toBe(0);
  });

  it('a wall built after another was destroyed still stops a 500 m/s ball', () => {
    const world = new World({ gravity: [0, 0] });
    const old = world.createBody({ type: 'static', position: [5, 0] });
    world.createShape(old, { kind: 'box', halfWidth: 0.005, halfHeight: 1 });
    world.destroyBody(old);
    const wall = world.createBody({ type: 'static' });
    world.createShape(wall, { kind: 'box', halfWidth: 0.005, halfHeight: 1 });
    expect(fireBall(world)).toBeLessThan(0);
    // without any wall the ball flies on (nothing to sweep against)
    expect(fireBall(new World({ gravity: [0, 0] }))).toBeGreaterThan(20);
  });
});
