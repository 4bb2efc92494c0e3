import { describe, expect, it } from 'vitest';
import { createRagdoll3, World3 } from '../../../src/rigid3d/index.js';

function scene(): World3 {
  const w = new World3();
  const ground = w.createBody({ type: 'static' });
  w.createShape(ground, { kind: 'box', halfExtents: [10, 0.5, 10], position: [0, -0.5, 0] });
  createRagdoll3(w, { position: [0, 2, 0], orientation: [0.2, 0, 0, Math.sqrt(0.96)] });
  const a = w.createBody({ position: [3, 2, 0] });
  w.createShape(a, { kind: 'box', halfExtents: [0.3, 0.1, 0.1] });
  w.createJoint({
    kind: 'hinge',
    bodyA: ground,
    bodyB: a,
    anchor: [2.7, 2, 0],
    axis: [0, 0, 1],
    enableMotor: true,
    motorSpeed: 2,
    maxMotorTorque: 5,
  });
  const b = w.createBody({ position: [3.8, 2, 0] });
  w.createShape(b, { kind: 'sphere', radius: 0.15 });
  w.createJoint({
    kind: 'distance',
    bodyA: a,
    bodyB: b,
    anchorA: [3.3, 2, 0],
    anchorB: [3.8, 2, 0],
    breakForce: 400,
  });
  return w;
}

describe('rigid3d snapshot with joints', () => {
  it('a jointed scene restored mid-motion continues bit-identically (joint store, warm-start impulses, joint lists)', () => {
    const w = scene();
    for (let s = 0; s < 40; s++) w.step(1 / 60);
    const bytes = w.snapshot();
    const hash = w.stateHash();
    for (let s = 0; s < 40; s++) w.step(1 / 60);
    const after = w.stateHash();
    const positions = w.bodyIds().map((id) => w.getPosition(id));
    const other = scene();
    other.restore(bytes);
    expect(other.stateHash()).toBe(hash);
    expect(other.jointCount).toBe(w.jointCount);
    for (let s = 0; s < 40; s++) other.step(1 / 60);
    expect(other.stateHash()).toBe(after);
    expect(other.bodyIds().map((id) => other.getPosition(id))).toEqual(positions);
  });
});
