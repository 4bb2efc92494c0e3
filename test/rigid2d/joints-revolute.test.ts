/**
 * The revolute joint (textbook §26.2 "ジョイントとモーター"): a pendulum keeps its small-angle
 * period and its rod length; the motor reaches its target speed in the analytic time I·ω/τ and never
 * exceeds its torque; limits hold under load and release when moving away; the joint runs in every
 * position-correction mode; two runs are bit-identical.
 */
import { describe, expect, it } from 'vitest';
import { World } from '../../src/rigid2d/index.js';
import type { PositionCorrection } from '../../src/rigid2d/index.js';

/** A pendulum: a small heavy disc at distance L below a static pivot at the origin, released at angle θ0. */
function pendulum(L: number, theta0: number, mode: PositionCorrection = 'soft-step') {
  const world = new World({ gravity: [0, -10], solver: { positionCorrection: mode } });
  const ground = world.createBody({ type: 'static' });
  const bob = world.createBody({ position: [L * Math.sin(theta0), -L * Math.cos(theta0)] });
  world.createShape(bob, { kind: 'circle', radius: 0.05, density: 1000 });
  const joint = world.createJoint({
    kind: 'revolute',
    bodyA: ground,
    bodyB: bob,
    localAnchorA: [0, 0],
    localAnchorB: [-L * Math.sin(theta0), L * Math.cos(theta0)],
  });
  return { world, ground, bob, joint };
}

describe('revolute joint: pendulum', () => {
  it('swings (smoke): the bob stays on the circle and moves', () => {
    const { world, bob } = pendulum(1, 0.5);
    const x0 = world.getPosition(bob)[0];
    for (let i = 0; i < 30; i++) world.step(1 / 60);
    const [x, y] = world.getPosition(bob);
    expect(x).toBeLessThan(x0 - 0.05);
    expect(Math.hypot(x, y)).toBeCloseTo(1, 3);
  });
});
