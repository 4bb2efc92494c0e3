/**
 * Non-finite state never spreads (src/rigid2d/body.ts): magnitudes that can only overflow are
 * rejected where they enter (the definitions, the setters and the `apply…` methods), and a NaN or
 * ∞ that gets into a body's state anyway makes `step` throw `non-finite` naming the body, its field
 * and the step (as the xpbd world names the particle).
 */
import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { World } from '../../src/rigid2d/index.js';

function ballWorld() {
  const world = new World({ gravity: [0, 0] });
  const ball = world.createBody({ position: [0, 0] });
  world.createShape(ball, { kind: 'circle', radius: 0.5 });
  return { world, ball };
}

function expectError(f: () => unknown, code: string, text: string) {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(PhysicsError);
    expect((e as PhysicsError).code).toBe(code);
    expect((e as Error).message).toContain(text);
    return;
  }
  throw new Error(`expected a PhysicsError ${code} (${text})`);
}

describe('magnitude limits at the API boundary', () => {
  it('body definitions: velocity, angular velocity and position past their limits are rejected', () => {
    const world = new World();
    expectError(
      () => world.createBody({ angularVelocity: 1e160 }),
      'invalid-argument',
      'body.angularVelocity',
    );
    expectError(
      () => world.createBody({ linearVelocity: [0, -1e13] }),
      'invalid-argument',
      'body.linearVelocity[1]',
    );
    expectError(() => world.createBody({ position: [1e13, 0] }), 'invalid-argument', 'body.position[0]');
    // at the limit is accepted
    world.createBody({ angularVelocity: 1e12, linearVelocity: [1e12, -1e12], position: [1e12, 0] });
  });

  it('setters and apply methods reject what can only overflow, naming the field', () => {
    const { world, ball } = ballWorld();
    expectError(() => world.setAngularVelocity(ball, 1e160), 'invalid-argument', 'angularVelocity');
    expectError(() => world.setLinearVelocity(ball, [1e13, 0]), 'invalid-argument', 'linearVelocity[0]');
    expectError(() => world.applyForce(ball, [0, 1e31]), 'invalid-argument', 'force[1]');
    expectError(() => world.applyTorque(ball, -1e31), 'invalid-argument', 'torque');
    expectError(() => world.applyLinearImpulse(ball, [1e31, 0]), 'invalid-argument', 'impulse[0]');
    expectError(() => world.setTransform(ball, [0, 1e13], 0), 'invalid-argument', 'position[1]');
    expectError(() => world.setAngularVelocity(ball, Number.NaN), 'non-finite', 'angularVelocity');
    // nothing was written: the body is as it was
    expect(world.getLinearVelocity(ball)).toEqual([0, 0]);
    expect(world.getAngularVelocity(ball)).toBe(0);
    world.applyForce(ball, [1e30, 0]);
    world.step(1 / 60);
    expect(Number.isFinite(world.getPosition(ball)[0])).toBe(true);
  });
});

describe('non-finite state after a step', () => {
  it('a NaN written into the store throws non-finite naming the body and the step', () => {
    const { world } = ballWorld();
    const other = world.createBody({ position: [3, 0] });
    world.createShape(other, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5 });
    world.step(1 / 60);
    world.bodies.vx[world.bodySlot(other)] = Number.NaN;
    expectError(() => world.step(1 / 60), 'non-finite', `(body ${other})`);
    try {
      world.step(1 / 60);
    } catch (e) {
      expect((e as Error).message).toMatch(/after step \d+/);
      expect((e as Error).message).toContain('rebuild');
    }
  });

  it('an angular velocity of ∞ in the store is named', () => {
    const { world, ball } = ballWorld();
    world.bodies.w[world.bodySlot(ball)] = Number.POSITIVE_INFINITY;
    expectError(() => world.step(1 / 60), 'non-finite', 'after step 1');
  });

  it('a huge but accepted force on an almost massless body overflows and is caught', () => {
    const world = new World({ gravity: [0, 0] });
    const feather = world.createBody();
    world.createShape(feather, { kind: 'circle', radius: 1, density: 1e-300 });
    world.applyForce(feather, [1e30, 0]);
    expectError(() => world.step(1 / 60), 'non-finite', `(body ${feather})`);
  });

  it('a finite world steps without a throw (the check costs one pass over the awake bodies)', () => {
    const { world } = ballWorld();
    for (let i = 0; i < 10; i++) world.step(1 / 60);
    expect(world.stepCount).toBe(10);
  });
});
