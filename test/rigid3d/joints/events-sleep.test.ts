import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../../src/core/errors.js';
import { type BodyId3, type JointDef3, World3 } from '../../../src/rigid3d/index.js';

function hanging(breakForce: number) {
  const w = new World3();
  const ground = w.createBody({ type: 'static' });
  const box = w.createBody({ position: [0, -1, 0] });
  w.createShape(box, { kind: 'box', halfExtents: [0.1, 0.1, 0.1], density: 1000 });
  const j = w.createJoint({ kind: 'ball', bodyA: ground, bodyB: box, anchor: [0, 0, 0], breakForce });
  return { w, box, j };
}

describe('rigid3d joints: breaking, islands and sleep, errors', () => {
  it('a breakable joint holds below its threshold and breaks above it, with an event', () => {
    // an 8 kg box hangs: the joint carries 80 N
    const strong = hanging(100);
    for (let s = 0; s < 60; s++) strong.w.step(1 / 60);
    expect(strong.w.jointCount).toBe(1);
    expect(strong.w.getJointReactionForce(strong.j)[1]).toBeCloseTo(80, 6);
    const weak = hanging(60);
    let event: { force: number; joint: number } | undefined;
    for (let s = 0; s < 10 && event === undefined; s++) {
      weak.w.step(1 / 60);
      const e = weak.w.events().jointBreak[0];
      if (e) event = { force: e.force, joint: e.joint };
    }
    expect(event).toBeDefined();
    expect(event!.force).toBeGreaterThan(60);
    expect(event!.joint).toBe(weak.j);
    expect(weak.w.jointCount).toBe(0);
    expect(weak.w.isValid(weak.j)).toBe(false);
    for (let s = 0; s < 30; s++) weak.w.step(1 / 60);
    expect(weak.w.getPosition(weak.box)[1]).toBeLessThan(-2);
  });

  it('a jointed island falls asleep together and wakes together', () => {
    const w = new World3();
    const ground = w.createBody({ type: 'static' });
    w.createShape(ground, { kind: 'box', halfExtents: [10, 0.5, 10], position: [0, -0.5, 0] });
    const a = w.createBody({ position: [0, 0.25, 0] });
    w.createShape(a, { kind: 'box', halfExtents: [0.25, 0.25, 0.25] });
    const b = w.createBody({ position: [3, 0.25, 0] });
    w.createShape(b, { kind: 'box', halfExtents: [0.25, 0.25, 0.25] });
    const other = w.createBody({ position: [-3, 0.25, 0] });
    w.createShape(other, { kind: 'box', halfExtents: [0.25, 0.25, 0.25] });
    w.createJoint({ kind: 'distance', bodyA: a, bodyB: b, anchorA: [0, 0.25, 0], anchorB: [3, 0.25, 0] });
    expect(w.getIslandId(a)).toBe(w.getIslandId(b));
    expect(w.getIslandId(a)).not.toBe(w.getIslandId(other));
    for (let s = 0; s < 120; s++) w.step(1 / 60);
    expect(w.isAwake(a)).toBe(false);
    expect(w.isAwake(b)).toBe(false);
    // poking one end wakes the other end, not the unjointed box
    w.applyLinearImpulse(a, [0, 0, 1]);
    expect(w.isAwake(b)).toBe(true);
    expect(w.isAwake(other)).toBe(false);
    w.step(1 / 60);
    expect(w.isAwake(b)).toBe(true);
  });

  it('collideConnected false keeps the jointed pair from colliding; true lets it', () => {
    for (const collide of [false, true]) {
      const w = new World3({ gravity: [0, 0, 0] });
      const a = w.createBody({ position: [0, 0, 0] });
      w.createShape(a, { kind: 'box', halfExtents: [0.5, 0.5, 0.5] });
      const b = w.createBody({ position: [0.8, 0, 0] });
      w.createShape(b, { kind: 'box', halfExtents: [0.5, 0.5, 0.5] });
      w.createJoint({ kind: 'ball', bodyA: a, bodyB: b, anchor: [0.4, 0, 0], collideConnected: collide });
      w.step(1 / 60);
      expect(w.contactCount).toBe(collide ? 1 : 0);
    }
  });

  it('bad joint definitions get PhysicsErrors naming the field', () => {
    const w = new World3();
    const a = w.createBody();
    w.createShape(a, { kind: 'sphere', radius: 0.5 });
    const b = w.createBody({ position: [1, 0, 0] });
    w.createShape(b, { kind: 'sphere', radius: 0.5 });
    const s = w.createBody({ type: 'static' });
    const bad: [unknown, RegExp][] = [
      [{ kind: 'spring', bodyA: a, bodyB: b }, /joint\.kind/],
      [{ kind: 'ball', bodyA: a, bodyB: a }, /joint\.bodyB: must differ/],
      [{ kind: 'ball', bodyA: 12345, bodyB: b }, /joint\.bodyA/],
      [
        { kind: 'ball', bodyA: s, bodyB: w.createBody({ type: 'static' }) },
        /joint\.bodyB: one of the two bodies must be dynamic/,
      ],
      [{ kind: 'hinge', bodyA: a, bodyB: b, axis: [0, 0, 0] }, /joint\.axis: must not be zero/],
      [
        { kind: 'hinge', bodyA: a, bodyB: b, lowerAngle: 1, upperAngle: 0 },
        /joint\.lowerAngle: must be <= upperAngle/,
      ],
      [{ kind: 'hinge', bodyA: a, bodyB: b, upperAngle: 4 }, /joint\.upperAngle: must be <= /],
      [{ kind: 'hinge', bodyA: a, bodyB: b, maxMotorTorque: -1 }, /joint\.maxMotorTorque: must be >= 0/],
      [{ kind: 'hinge', bodyA: a, bodyB: b, enableMotor: 1 }, /joint\.enableMotor: expected a boolean/],
      [{ kind: 'ball', bodyA: a, bodyB: b, anchor: [0, Number.NaN, 0] }, /joint\.anchor\[1\]/],
      [{ kind: 'ball', bodyA: a, bodyB: b, breakForce: -5 }, /joint\.breakForce: must be >= 0/],
      [
        { kind: 'distance', bodyA: a, bodyB: b, minLength: 2, maxLength: 1 },
        /joint\.minLength: must be <= maxLength/,
      ],
      [{ kind: 'cone-twist', bodyA: a, bodyB: b, coneAngle: 4 }, /joint\.coneAngle: must be <= /],
      [
        { kind: 'six-dof', bodyA: a, bodyB: b, angularX: { lower: 1, upper: 0 } },
        /joint\.angularX\.lower: must be <= angularX\.upper/,
      ],
      [{ kind: 'six-dof', bodyA: a, bodyB: b, linearY: 'loose' }, /joint\.linearY: expected/],
      [{ kind: 'mouse', bodyA: s, bodyB: b }, /joint\.target: required/],
      [{ kind: 'mouse', bodyA: s, bodyB: b, target: [0, 0, 0], hertz: 0 }, /joint\.hertz: must be > 0/],
    ];
    for (const [def, message] of bad) {
      let err: unknown;
      try {
        w.createJoint(def as JointDef3);
      } catch (e) {
        err = e;
      }
      expect(err, JSON.stringify(def)).toBeInstanceOf(PhysicsError);
      expect((err as Error).message).toMatch(message);
    }
    expect(w.jointCount).toBe(0);
    const j = w.createJoint({ kind: 'hinge', bodyA: a, bodyB: b });
    expect(() => w.setJointLimits(j, 1, 0)).toThrow(/setJointLimits\(lower\): must be <= upper/);
    expect(() => w.setJointMotor(j, { maxMotorTorque: -1 })).toThrow(/setJointMotor\.maxMotorTorque/);
    expect(() => w.getJointTranslation(j)).toThrow(/not defined for a 'hinge' joint/);
    w.destroyBody(b as BodyId3);
    expect(w.jointCount).toBe(0);
    expect(() => w.destroyJoint(j)).toThrow(PhysicsError);
  });
});
