/**
 * The prismatic, weld and mouse joints (textbook §26.2 "ジョイントとモーター"): a slider keeps its
 * body on the axis and inside its limits, and its motor force is clamped; a rigid weld holds a
 * cantilever and a soft one oscillates at its Hz; the mouse joint drags a body to the target.
 */
import { describe, expect, it } from 'vitest';
import { World } from '../../src/rigid2d/index.js';

const DT = 1 / 60;

describe('prismatic joint', () => {
  it('keeps the body on its axis, at its angle, inside its limits', () => {
    const world = new World({ gravity: [0, -10], enableSleep: false });
    const ground = world.createBody({ type: 'static' });
    const slider = world.createBody({ position: [0, 0] });
    world.createShape(slider, { kind: 'box', halfWidth: 0.3, halfHeight: 0.1, density: 5 });
    const u = [Math.SQRT1_2, -Math.SQRT1_2] as const; // down the slope
    const joint = world.createJoint({
      kind: 'prismatic',
      bodyA: ground,
      bodyB: slider,
      localAxisA: [1, -1],
      enableLimit: true,
      lowerTranslation: -0.5,
      upperTranslation: 2,
    });
    world.applyLinearImpulse(slider, [0, 3]); // a kick off the axis
    let maxOff = 0;
    let maxAngle = 0;
    let maxT = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < 240; i++) {
      world.step(DT);
      const [x, y] = world.getWorldCenter(slider);
      maxOff = Math.max(maxOff, Math.abs(-u[1] * x + u[0] * y) - 0);
      maxAngle = Math.max(maxAngle, Math.abs(world.getAngle(slider)));
      maxT = Math.max(maxT, world.getJointTranslation(joint));
    }
    expect(maxOff).toBeLessThan(1e-3);
    expect(maxAngle).toBeLessThan(1e-3);
    expect(maxT).toBeLessThan(2 + 0.01);
    expect(world.getJointTranslation(joint)).toBeCloseTo(2, 2);
    // resting on the upper limit: the axial reaction balances gravity along the slope
    const m = world.getMass(slider);
    const [fx, fy] = world.getJointReactionForce(joint);
    expect(Math.hypot(fx, fy)).toBeCloseTo(m * 10, 0);
  });

  it('its motor drives at the target speed with a force clamped to maxMotorForce', () => {
    const world = new World({ gravity: [0, 0], enableSleep: false });
    const ground = world.createBody({ type: 'static' });
    const slider = world.createBody();
    world.createShape(slider, { kind: 'circle', radius: 0.2, density: 1 });
    const F = 2;
    const joint = world.createJoint({
      kind: 'prismatic',
      bodyA: ground,
      bodyB: slider,
      enableMotor: true,
      motorSpeed: 1,
      maxMotorForce: F,
    });
    const m = world.getMass(slider);
    world.step(DT);
    // v = F t / m while the force saturates
    expect(world.getLinearVelocity(slider)[0]).toBeCloseTo((F * DT) / m, 9);
    expect(world.getJointReactionForce(joint)[0]).toBeCloseTo(F, 9);
    for (let i = 0; i < 120; i++) world.step(DT);
    expect(world.getJointSpeed(joint)).toBeCloseTo(1, 6);
  });
});

describe('weld joint', () => {
  it('rigid: holds a cantilever (tip sags < 1 cm, 2 m beam)', () => {
    const world = new World({ gravity: [0, -10], enableSleep: false });
    const wall = world.createBody({ type: 'static' });
    const beam = world.createBody({ position: [1, 0] });
    world.createShape(beam, { kind: 'box', halfWidth: 1, halfHeight: 0.05, density: 10 });
    const joint = world.createJoint({ kind: 'weld', bodyA: wall, bodyB: beam, localAnchorB: [-1, 0] });
    for (let i = 0; i < 180; i++) world.step(DT);
    const tip = world.getTransform(beam);
    const tipY = tip.py + tip.s * 1;
    expect(Math.abs(tipY)).toBeLessThan(0.01);
    const m = world.getMass(beam);
    expect(world.getJointReactionForce(joint)[1]).toBeCloseTo(m * 10, 1);
    expect(world.getJointReactionTorque(joint)).toBeCloseTo(m * 10 * 1, 1);
  });

  it('soft: oscillates at the given angular Hz', () => {
    const hz = 2;
    const world = new World({ gravity: [0, 0], enableSleep: false });
    const base = world.createBody({ type: 'static' });
    const body = world.createBody();
    world.createShape(body, { kind: 'box', halfWidth: 0.5, halfHeight: 0.1, density: 1 });
    world.createJoint({ kind: 'weld', bodyA: base, bodyB: body, angularHertz: hz, angularDampingRatio: 0 });
    world.setAngularVelocity(body, 1);
    const angles: number[] = [];
    for (let i = 0; i < 5 * 60; i++) {
      world.step(DT);
      angles.push(world.getAngle(body));
    }
    const crossings: number[] = [];
    for (let i = 1; i < angles.length; i++) {
      if (angles[i - 1]! < 0 && angles[i]! >= 0)
        crossings.push(i - 1 + angles[i - 1]! / (angles[i - 1]! - angles[i]!));
    }
    const period = ((crossings[crossings.length - 1]! - crossings[0]!) / (crossings.length - 1)) * DT;
    expect(Math.abs(period * hz - 1)).toBeLessThan(0.03);
  });
});

describe('mouse joint', () => {
  it('drags a body to the target and follows it', () => {
    const world = new World({ gravity: [0, -10], enableSleep: false });
    const ground = world.createBody({ type: 'static' });
    const box = world.createBody({ position: [0, 1] });
    world.createShape(box, { kind: 'box', halfWidth: 0.2, halfHeight: 0.2, density: 1 });
    const joint = world.createJoint({ kind: 'mouse', bodyA: ground, bodyB: box, target: [0, 1] });
    world.setMouseTarget(joint, [2, 3]);
    for (let i = 0; i < 180; i++) world.step(DT);
    const [bx, by] = world.getJointAnchors(joint).slice(2);
    expect(Math.hypot(bx! - 2, by! - 3)).toBeLessThan(0.02);
    expect(world.getJointAnchors(joint).slice(0, 2)).toEqual([2, 3]);
  });

  it('never pulls harder than maxForce', () => {
    const world = new World({ gravity: [0, -10], enableSleep: false });
    const ground = world.createBody({ type: 'static' });
    const box = world.createBody({ position: [0, 1] });
    world.createShape(box, { kind: 'box', halfWidth: 0.2, halfHeight: 0.2, density: 1 });
    const m = world.getMass(box);
    const joint = world.createJoint({
      kind: 'mouse',
      bodyA: ground,
      bodyB: box,
      target: [0, 1],
      maxForce: 0.5 * m * 10,
    });
    world.setMouseTarget(joint, [0, 5]);
    for (let i = 0; i < 60; i++) {
      world.step(DT);
      const [fx, fy] = world.getJointReactionForce(joint);
      expect(Math.hypot(fx, fy)).toBeLessThanOrEqual(0.5 * m * 10 * (1 + 1e-12));
    }
    expect(world.getWorldCenter(box)[1]).toBeLessThan(1); // too weak to lift it
  });
});
