/**
 * The rigid2d wheel joint (textbook §26.2 joints; the point-on-line constraint with a suspension
 * spring of Catto, "Soft Constraints", GDC 2011): the suspension settles at m·g/k with
 * k = m(2πf)², the rotational motor spins the wheel up to motorSpeed at τmax/I, the limits stop
 * the travel, and the wheel stays on its axis.
 */
import { describe, expect, it } from 'vitest';
import { type BodyId, World, type WorldDef } from '../../src/rigid2d/index.js';
import { MODES } from './helpers.js';

const dt = 1 / 60;

/** A static chassis at the origin and a wheel (circle r = 0.5, density 1) on it. */
function chassisAndWheel(def: WorldDef = {}): { world: World; chassis: BodyId; wheel: BodyId } {
  const world = new World({ enableSleep: false, ...def });
  const chassis = world.createBody({ type: 'static' });
  const wheel = world.createBody({ position: [0, 0] });
  world.createShape(wheel, { kind: 'circle', radius: 0.5, density: 1 });
  return { world, chassis, wheel };
}

describe('rigid2d wheel joint', () => {
  it('the suspension (f = 1 Hz, ζ = 0.7) settles at m·g/k below the anchor', () => {
    const { world, chassis, wheel } = chassisAndWheel();
    const f = 1;
    const j = world.createJoint({
      kind: 'wheel',
      bodyA: chassis,
      bodyB: wheel,
      localAxisA: [0, 1],
      hertz: f,
      dampingRatio: 0.7,
    });
    expect(world.getJointKind(j)).toBe('wheel');
    for (let i = 0; i < 600; i++) world.step(dt);
    const m = world.getMass(wheel);
    const k = m * (2 * Math.PI * f) ** 2;
    const sag = (m * 10) / k;
    expect(world.getJointTranslation(j)).toBeCloseTo(-sag, 4);
    expect(world.getPosition(wheel)[1]).toBeCloseTo(-sag, 4);
    expect(Math.abs(world.getPosition(wheel)[0])).toBeLessThan(1e-9); // on the axis
    // the spring carries the weight
    expect(Math.abs(world.getJointReactionForce(j)[1])).toBeCloseTo(m * 10, 3);
  });

  it.each(MODES)('%s: the suspension settles at m·g/k in every position-correction mode', (mode) => {
    const { world, chassis, wheel } = chassisAndWheel({ solver: { positionCorrection: mode } });
    const j = world.createJoint({
      kind: 'wheel',
      bodyA: chassis,
      bodyB: wheel,
      localAxisA: [0, 1],
      hertz: 2,
    });
    for (let i = 0; i < 600; i++) world.step(dt);
    expect(world.getJointTranslation(j)).toBeCloseTo(-10 / (4 * Math.PI) ** 2, 4);
  });

  it('the wheel stays on its axis: a sideways push is taken by the point-on-line constraint', () => {
    const { world, chassis, wheel } = chassisAndWheel({ gravity: [5, 0] });
    world.createJoint({ kind: 'wheel', bodyA: chassis, bodyB: wheel, localAxisA: [0, 1] });
    for (let i = 0; i < 120; i++) world.step(dt);
    expect(Math.abs(world.getPosition(wheel)[0])).toBeLessThan(1e-3);
  });

  it('the motor spins the wheel up at τmax/I, then holds motorSpeed', () => {
    const { world, chassis, wheel } = chassisAndWheel({ gravity: [0, 0] });
    const j = world.createJoint({
      kind: 'wheel',
      bodyA: chassis,
      bodyB: wheel,
      localAxisA: [0, 1],
      enableMotor: true,
      motorSpeed: 10,
      maxMotorTorque: 0.5,
    });
    const I = world.getInertia(wheel);
    for (let i = 0; i < 30; i++) world.step(dt);
    expect(world.getAngularVelocity(wheel)).toBeCloseTo((0.5 * 30 * dt) / I, 6);
    expect(Math.abs(world.getJointReactionTorque(j))).toBeCloseTo(0.5, 6);
    for (let i = 0; i < 240; i++) world.step(dt);
    expect(world.getAngularVelocity(wheel)).toBeCloseTo(10, 6);
    expect(Math.abs(world.getJointSpeed(j))).toBeLessThan(1e-9); // no travel along the axis
    world.setJointMotor(j, { motorSpeed: -4, maxMotorTorque: 100 });
    world.step(dt);
    expect(world.getAngularVelocity(wheel)).toBeCloseTo(-4, 6);
  });

  it('the limits stop the suspension travel', () => {
    const { world, chassis, wheel } = chassisAndWheel();
    const j = world.createJoint({
      kind: 'wheel',
      bodyA: chassis,
      bodyB: wheel,
      localAxisA: [0, 1],
      hertz: 1,
      enableLimit: true,
      lowerTranslation: -0.1,
      upperTranslation: 0.1,
    });
    let lowest = 0;
    for (let i = 0; i < 300; i++) {
      world.step(dt);
      lowest = Math.min(lowest, world.getJointTranslation(j));
    }
    expect(lowest).toBeGreaterThan(-0.1 - 0.005);
    expect(world.getJointTranslation(j)).toBeCloseTo(-0.1, 3);
    world.setJointLimits(j, -0.5, 0.5);
    for (let i = 0; i < 600; i++) world.step(dt);
    expect(world.getJointTranslation(j)).toBeCloseTo(-10 / (2 * Math.PI) ** 2, 3);
  });

  it('a car: a box chassis on two motored wheels drives along the ground', () => {
    const world = new World({ enableSleep: false });
    const ground = world.createBody({ type: 'static' });
    world.createShape(ground, { kind: 'box', halfWidth: 100, halfHeight: 0.5, center: [0, -0.5] });
    const car = world.createBody({ position: [0, 1] });
    world.createShape(car, { kind: 'box', halfWidth: 1, halfHeight: 0.25 });
    const joints = [-0.8, 0.8].map((x) => {
      const w = world.createBody({ position: [x, 0.4] });
      world.createShape(w, { kind: 'circle', radius: 0.4, friction: 0.9 });
      return world.createJoint({
        kind: 'wheel',
        bodyA: car,
        bodyB: w,
        localAnchorA: [x, -0.6],
        localAxisA: [0, 1],
        hertz: 4,
        dampingRatio: 0.7,
        enableMotor: true,
        motorSpeed: -5,
        maxMotorTorque: 50,
      });
    });
    for (let i = 0; i < 180; i++) world.step(dt);
    expect(world.getPosition(car)[0]).toBeGreaterThan(3); // rolled to the right (ω < 0)
    expect(world.getPosition(car)[1]).toBeGreaterThan(0.6); // still on its wheels
    for (const j of joints) {
      const [, wheel] = world.getJointBodies(j);
      expect(world.getAngularVelocity(wheel) - world.getAngularVelocity(car)).toBeLessThan(-4);
    }
  });
});
