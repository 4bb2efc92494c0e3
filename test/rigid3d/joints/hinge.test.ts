import { describe, expect, it } from 'vitest';
import { World3 } from '../../../src/rigid3d/index.js';

/** A box on a hinge about the world z axis through its centre, no gravity. */
function spinner(maxMotorTorque: number, motorSpeed: number) {
  const w = new World3({ gravity: [0, 0, 0], enableSleep: false });
  const ground = w.createBody({ type: 'static' });
  const box = w.createBody({ position: [0, 2, 0] });
  w.createShape(box, { kind: 'box', halfExtents: [0.5, 0.25, 0.1], density: 1000 });
  const joint = w.createJoint({
    kind: 'hinge',
    bodyA: ground,
    bodyB: box,
    anchor: [0, 2, 0],
    axis: [0, 0, 1],
    enableMotor: true,
    motorSpeed,
    maxMotorTorque,
  });
  return { w, box, joint };
}

describe('rigid3d hinge joint', () => {
  it('a motor with max torque τ reaches the target speed ω in t = I ω / τ (the clamp ±τ·h per substep)', () => {
    const tau = 2;
    const omega = 3;
    const { w, box, joint } = spinner(tau, omega);
    const I = w.getInertiaWorld(box)[8]!;
    // box 1 × 0.5 × 0.2 m of 1000 kg/m³: m = 100 kg, Izz = m (1² + 0.5²)/12
    expect(I).toBeCloseTo((100 * (1 + 0.25)) / 12, 10);
    const tReach = (I * omega) / tau;
    const dt = 1 / 60;
    const steps = Math.floor(tReach / dt);
    // while accelerating the speed is τ t / I (exactly: the motor impulse is τ h each substep)
    for (let s = 0; s < steps; s++) {
      w.step(dt);
      const t = (s + 1) * dt;
      expect(w.getJointSpeed(joint)).toBeCloseTo((tau * t) / I, 9);
    }
    expect(w.getJointSpeed(joint)).toBeLessThan(omega);
    w.step(dt);
    w.step(dt);
    expect(w.getJointSpeed(joint)).toBeCloseTo(omega, 9);
    // the reaction torque on B is the motor's τ about +z while it accelerates
    const { w: w2, joint: j2 } = spinner(tau, omega);
    w2.step(dt);
    const t2 = w2.getJointReactionTorque(j2);
    expect(t2[2]).toBeCloseTo(tau, 9);
    expect(Math.abs(t2[0]) + Math.abs(t2[1])).toBeLessThan(1e-9);
  });

  it('limits hold under load and release when widened', () => {
    const w = new World3({ enableSleep: false });
    const ground = w.createBody({ type: 'static' });
    // a horizontal 1 m arm hinged at its end about z: gravity turns it down (negative angle)
    // with a heavy ball at its tip (one body, two shapes)
    const arm = w.createBody({ position: [0, 0, 0] });
    w.createShape(arm, { kind: 'box', halfExtents: [0.5, 0.05, 0.05], position: [0.5, 0, 0], density: 1000 });
    w.createShape(arm, { kind: 'sphere', radius: 0.1, position: [1, 0, 0], density: 5000 });
    const j = w.createJoint({
      kind: 'hinge',
      bodyA: ground,
      bodyB: arm,
      anchor: [0, 0, 0],
      axis: [0, 0, 1],
      enableLimit: true,
      lowerAngle: -0.3,
      upperAngle: 0.3,
    });
    let least = 0;
    for (let s = 0; s < 180; s++) {
      w.step(1 / 60);
      least = Math.min(least, w.getJointAngle(j));
    }
    expect(least).toBeGreaterThan(-0.3 - 0.01);
    expect(w.getJointAngle(j)).toBeCloseTo(-0.3, 2);
    // the limit carries the load: reaction torque ≈ the weight's moment about the hinge
    const c = w.getWorldCenter(arm);
    const moment = 10 * w.getMass(arm) * Math.hypot(c[0], c[1]) * Math.cos(0.3);
    expect(w.getJointReactionTorque(j)[2]).toBeCloseTo(moment, -1);
    w.setJointLimits(j, -2, 0.3);
    for (let s = 0; s < 120; s++) w.step(1 / 60);
    expect(w.getJointAngle(j)).toBeLessThan(-1.5);
    expect(w.getJointAngle(j)).toBeGreaterThan(-2 - 0.01);
  });

  it('a pendulum keeps its small-angle period 2π√(I/(m g L)) within 1 % over 20 s', () => {
    const w = new World3({ enableSleep: false });
    const ground = w.createBody({ type: 'static' });
    const L = 1;
    const r = 0.05;
    const theta0 = 0.05;
    const bob = w.createBody({ position: [L * Math.sin(theta0), -L * Math.cos(theta0), 0] });
    w.createShape(bob, { kind: 'sphere', radius: r, density: 1000 });
    w.createJoint({ kind: 'hinge', bodyA: ground, bodyB: bob, anchor: [0, 0, 0], axis: [0, 0, 1] });
    const m = w.getMass(bob);
    const Ipivot = m * L * L + 0.4 * m * r * r;
    const period = 2 * Math.PI * Math.sqrt(Ipivot / (m * 10 * L));
    const dt = 1 / 60;
    const crossings: number[] = [];
    let prevX = w.getPosition(bob)[0];
    for (let s = 1; s <= 20 * 60; s++) {
      w.step(dt);
      const x = w.getPosition(bob)[0];
      if (prevX > 0 && x <= 0) crossings.push((s - 1 + prevX / (prevX - x)) * dt);
      prevX = x;
    }
    expect(crossings.length).toBeGreaterThan(8);
    const measured = (crossings[crossings.length - 1]! - crossings[0]!) / (crossings.length - 1);
    // the finite amplitude lengthens the period by θ₀²/16
    const expected = period * (1 + (theta0 * theta0) / 16);
    expect(Math.abs(measured / expected - 1)).toBeLessThan(0.01);
    // and the amplitude is kept (no energy gained, little lost)
    let maxX = 0;
    for (let s = 0; s < 120; s++) {
      w.step(dt);
      maxX = Math.max(maxX, w.getPosition(bob)[0]);
    }
    expect(maxX).toBeLessThan(L * Math.sin(theta0) * 1.001);
    expect(maxX).toBeGreaterThan(L * Math.sin(theta0) * 0.9);
  });
});
