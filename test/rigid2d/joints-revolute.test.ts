/**
 * The revolute joint (textbook §26.2 "ジョイントとモーター"): a pendulum keeps its small-angle
 * period and its rod length; the motor reaches its target speed in the analytic time I·ω/τ and never
 * exceeds its torque; limits hold under load and release when moving away; the joint runs in every
 * position-correction mode; two runs are bit-identical.
 */
import { describe, expect, it } from 'vitest';
import type { PositionCorrection } from '../../src/rigid2d/index.js';
import { World } from '../../src/rigid2d/index.js';

const DT = 1 / 60;

/** A pendulum: a small dense disc at distance L below a static pivot at the origin, released at angle θ0. */
function pendulum(L: number, theta0: number, mode: PositionCorrection = 'soft-step') {
  const world = new World({ gravity: [0, -10], solver: { positionCorrection: mode }, enableSleep: false });
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

/** Mean period from the upward zero crossings of x(t). */
function measurePeriod(xs: number[], dt: number): number {
  const crossings: number[] = [];
  for (let i = 1; i < xs.length; i++) {
    if (xs[i - 1]! < 0 && xs[i]! >= 0) crossings.push((i - 1 + xs[i - 1]! / (xs[i - 1]! - xs[i]!)) * dt);
  }
  return (crossings[crossings.length - 1]! - crossings[0]!) / (crossings.length - 1);
}

describe('revolute joint: pendulum', () => {
  it('swings (smoke): the bob stays on the circle and moves', () => {
    const { world, bob } = pendulum(1, 0.5);
    const x0 = world.getPosition(bob)[0];
    for (let i = 0; i < 30; i++) world.step(DT);
    const [x, y] = world.getPosition(bob);
    expect(x).toBeLessThan(x0 - 0.05);
    expect(Math.hypot(x, y)).toBeCloseTo(1, 3);
  });

  it('keeps its small-angle period within 1% and its rod length within 0.1% over 20 s', () => {
    const L = 1;
    const r = 0.05;
    const { world, bob } = pendulum(L, 0.05);
    const xs: number[] = [];
    let maxStretch = 0;
    for (let i = 0; i < 20 * 60; i++) {
      world.step(DT);
      const [x, y] = world.getWorldCenter(bob);
      xs.push(x);
      maxStretch = Math.max(maxStretch, Math.abs(Math.hypot(x, y) - L) / L);
    }
    // a disc of radius r on a rod L: T = 2π √((L² + r²/2) / (g L))
    const T = 2 * Math.PI * Math.sqrt((L * L + (r * r) / 2) / (10 * L));
    const measured = measurePeriod(xs, DT);
    expect(Math.abs(measured - T) / T).toBeLessThan(0.01);
    expect(maxStretch).toBeLessThan(0.001);
  });

  it('runs in every position-correction mode (rod length within 1%)', () => {
    for (const mode of ['soft-step', 'baumgarte', 'split-impulse', 'none'] as const) {
      const { world, bob } = pendulum(1, 1.2, mode);
      let maxStretch = 0;
      for (let i = 0; i < 300; i++) {
        world.step(DT);
        const [x, y] = world.getWorldCenter(bob);
        maxStretch = Math.max(maxStretch, Math.abs(Math.hypot(x, y) - 1));
      }
      expect(maxStretch, mode).toBeLessThan(0.01);
    }
  });

  it('two runs are bit-identical', () => {
    const run = () => {
      const { world, bob } = pendulum(1, 1);
      for (let i = 0; i < 200; i++) world.step(DT);
      return [...world.getPosition(bob), world.getAngle(bob), ...world.getLinearVelocity(bob)];
    };
    expect(run()).toEqual(run());
  });
});

/** A disc of radius r, mass m pinned at its centre to the ground, with a motor. */
function motorWheel(speed: number, torque: number) {
  const world = new World({ gravity: [0, -10], enableSleep: false });
  const ground = world.createBody({ type: 'static' });
  const wheel = world.createBody({ position: [0, 2] });
  world.createShape(wheel, { kind: 'circle', radius: 0.5, density: 1 });
  const joint = world.createJoint({
    kind: 'revolute',
    bodyA: ground,
    bodyB: wheel,
    localAnchorA: [0, 2],
    enableMotor: true,
    motorSpeed: speed,
    maxMotorTorque: torque,
  });
  return { world, wheel, joint };
}

describe('revolute joint: motor', () => {
  it('reaches its target speed in the analytic time I·ω/τ', () => {
    const omega = 4;
    const tau = 0.5;
    const { world, wheel, joint } = motorWheel(omega, tau);
    const I = world.getInertia(wheel);
    const tReach = (I * omega) / tau;
    const steps = Math.round(tReach / 2 / DT);
    for (let i = 0; i < steps; i++) world.step(DT);
    // half way: ω = τ t / I
    expect(world.getAngularVelocity(wheel)).toBeCloseTo((tau * steps * DT) / I, 6);
    expect(world.getJointReactionTorque(joint)).toBeCloseTo(tau, 9);
    for (let i = 0; i < steps + 2; i++) world.step(DT);
    expect(Math.abs(world.getAngularVelocity(wheel) - omega)).toBeLessThan(1e-6);
    expect(world.getJointSpeed(joint)).toBeCloseTo(omega, 6);
    // at speed, it needs no torque
    expect(Math.abs(world.getJointReactionTorque(joint))).toBeLessThan(1e-6);
  });

  it('against a blocking load its torque never exceeds τ', () => {
    // an arm of 1 m with a 10 kg bob: gravity torque ≈ 100 N·m, far above the motor's 20 N·m
    const world = new World({ gravity: [0, -10], enableSleep: false });
    const ground = world.createBody({ type: 'static' });
    const arm = world.createBody({ position: [1, 0] });
    world.createShape(arm, { kind: 'circle', radius: 0.1, density: 10 / (Math.PI * 0.01) });
    const joint = world.createJoint({
      kind: 'revolute',
      bodyA: ground,
      bodyB: arm,
      localAnchorB: [-1, 0],
      enableMotor: true,
      motorSpeed: 1,
      maxMotorTorque: 20,
    });
    let maxTorque = 0;
    for (let i = 0; i < 120; i++) {
      world.step(DT);
      maxTorque = Math.max(maxTorque, Math.abs(world.getJointReactionTorque(joint)));
    }
    expect(maxTorque).toBeLessThanOrEqual(20 * (1 + 1e-12));
    expect(maxTorque).toBeGreaterThan(19.999);
    expect(world.getJointAngle(joint)).toBeLessThan(0); // the load wins
  });
});

describe('revolute joint: limits', () => {
  it('hold within a small tolerance under load and release when moving away', () => {
    const world = new World({ gravity: [0, -10], enableSleep: false });
    const ground = world.createBody({ type: 'static' });
    const bar = world.createBody({ position: [1, 0] });
    world.createShape(bar, { kind: 'box', halfWidth: 1, halfHeight: 0.05, density: 10 });
    const joint = world.createJoint({
      kind: 'revolute',
      bodyA: ground,
      bodyB: bar,
      localAnchorB: [-1, 0],
      enableLimit: true,
      lowerAngle: -0.3,
      upperAngle: 0.3,
    });
    let minAngle = 0;
    for (let i = 0; i < 180; i++) {
      world.step(DT);
      minAngle = Math.min(minAngle, world.getJointAngle(joint));
    }
    expect(minAngle).toBeGreaterThan(-0.3 - 0.02);
    expect(world.getJointAngle(joint)).toBeCloseTo(-0.3, 2);
    // the limit carries the weight: torque ≈ m g · (arm · cos θ)
    const m = world.getMass(bar);
    expect(world.getJointReactionTorque(joint)).toBeCloseTo(m * 10 * Math.cos(0.3), 0);
    // lift it: the limit lets go (no torque once it moves away)
    for (let i = 0; i < 12; i++) {
      world.applyTorque(bar, 1.5 * m * 10);
      world.step(DT);
    }
    expect(world.getJointAngle(joint)).toBeGreaterThan(-0.29);
    expect(world.getJointAngle(joint)).toBeLessThan(0.29);
    expect(Math.abs(world.getJointReactionTorque(joint))).toBeLessThan(1e-9);
    // upper limit holds too
    for (let i = 0; i < 120; i++) {
      world.applyTorque(bar, 3 * m * 10);
      world.step(DT);
    }
    expect(world.getJointAngle(joint)).toBeLessThan(0.3 + 0.02);
    expect(world.getJointAngle(joint)).toBeGreaterThan(0.28);
  });
});
