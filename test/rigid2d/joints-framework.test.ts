/**
 * The joint framework (textbook §26.2 "ジョイントとモーター" and "スリープ"): breakable joints break at
 * their threshold and never below it, with the event; a jointed pair sleeps and wakes together;
 * destroying a body destroys its joints (stale handles); collideConnected false / true; every bad
 * joint parameter is refused with a PhysicsError naming the field.
 */
import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import type { JointDef } from '../../src/rigid2d/index.js';
import { World } from '../../src/rigid2d/index.js';

const DT = 1 / 60;

describe('breakable joints', () => {
  it('break at the threshold (±5%), never below it, with the event', () => {
    for (const F of [50, 200]) {
      const world = new World({ gravity: [0, -10], enableSleep: false });
      const ground = world.createBody({ type: 'static' });
      const bob = world.createBody({ position: [0, -1] });
      world.createShape(bob, { kind: 'circle', radius: 0.1, density: 1 });
      const m = world.getMass(bob);
      const joint = world.createJoint({
        kind: 'revolute',
        bodyA: ground,
        bodyB: bob,
        localAnchorB: [0, 1],
        breakForce: F,
        userData: 'rope',
      });
      let brokeAt = -1;
      for (let i = 0; i < 600 && brokeAt < 0; i++) {
        // a slowly growing downward pull: the load is m g + f
        const f = i * (F / 300);
        world.applyForce(bob, [0, -f]);
        world.step(DT);
        const ev = world.events().jointBreak;
        if (ev.length > 0) {
          expect(ev[0]!.joint).toBe(joint);
          expect(ev[0]!.bodyB).toBe(bob);
          expect(ev[0]!.force).toBeGreaterThan(F);
          brokeAt = m * 10 + f;
        } else if (world.isValid(joint)) {
          expect(Math.hypot(...world.getJointReactionForce(joint))).toBeLessThanOrEqual(F);
        }
      }
      expect(brokeAt / F).toBeGreaterThan(0.95);
      expect(brokeAt / F).toBeLessThan(1.05);
      expect(world.isValid(joint)).toBe(false);
      expect(world.jointCount).toBe(0);
      // free fall afterwards
      const y0 = world.getPosition(bob)[1];
      world.step(DT);
      expect(world.getPosition(bob)[1]).toBeLessThan(y0);
    }
  });

  it('breakTorque: a motor that needs more torque breaks the joint', () => {
    const world = new World({ gravity: [0, 0], enableSleep: false });
    const ground = world.createBody({ type: 'static' });
    const wheel = world.createBody();
    world.createShape(wheel, { kind: 'circle', radius: 0.5, density: 1 });
    const joint = world.createJoint({
      kind: 'revolute',
      bodyA: ground,
      bodyB: wheel,
      enableMotor: true,
      motorSpeed: 10,
      maxMotorTorque: 5,
      breakTorque: 4,
    });
    world.step(DT);
    expect(world.events().jointBreak.length).toBe(1);
    expect(world.events().jointBreak[0]!.torque).toBeCloseTo(5, 9);
    expect(world.isValid(joint)).toBe(false);
  });
});

describe('joints, islands and sleep', () => {
  it('a jointed pair sleeps and wakes together', () => {
    const world = new World({ gravity: [0, -10] });
    const ground = world.createBody({ type: 'static' });
    world.createShape(ground, { kind: 'box', halfWidth: 10, halfHeight: 0.5, center: [0, -0.5] });
    const a = world.createBody({ position: [-1, 0.25] });
    const b = world.createBody({ position: [1, 0.25] });
    world.createShape(a, { kind: 'box', halfWidth: 0.25, halfHeight: 0.25, density: 1 });
    world.createShape(b, { kind: 'box', halfWidth: 0.25, halfHeight: 0.25, density: 1 });
    world.createJoint({ kind: 'distance', bodyA: a, bodyB: b });
    expect(world.getIslandId(a)).toBe(world.getIslandId(b));
    for (let i = 0; i < 120; i++) world.step(DT);
    expect(world.isAwake(a)).toBe(false);
    expect(world.isAwake(b)).toBe(false);
    world.applyLinearImpulse(a, [0, 0.1]);
    expect(world.isAwake(b)).toBe(true);
    // destroying the joint lets them split and sleep apart
    world.destroyJoint(world.jointIds()[0]!);
    for (let i = 0; i < 120; i++) world.step(DT);
    expect(world.getIslandId(a)).not.toBe(world.getIslandId(b));
  });

  it('a sleeping island is woken by a joint to an awake body', () => {
    const world = new World({ gravity: [0, -10] });
    const ground = world.createBody({ type: 'static' });
    world.createShape(ground, { kind: 'box', halfWidth: 10, halfHeight: 0.5, center: [0, -0.5] });
    const a = world.createBody({ position: [0, 0.25] });
    world.createShape(a, { kind: 'box', halfWidth: 0.25, halfHeight: 0.25, density: 1 });
    for (let i = 0; i < 120; i++) world.step(DT);
    expect(world.isAwake(a)).toBe(false);
    const b = world.createBody({ position: [0, 2] });
    world.createShape(b, { kind: 'circle', radius: 0.2, density: 1 });
    world.createJoint({ kind: 'revolute', bodyA: a, bodyB: b, localAnchorA: [0, 1], localAnchorB: [0, -1] });
    expect(world.isAwake(a)).toBe(true);
    expect(world.getIslandId(a)).toBe(world.getIslandId(b));
  });
});

describe('joint handles', () => {
  it('destroying a body destroys its joints; their handles go stale', () => {
    const world = new World();
    const ground = world.createBody({ type: 'static' });
    const a = world.createBody({ position: [0, 1] });
    const b = world.createBody({ position: [0, 2] });
    const j1 = world.createJoint({ kind: 'revolute', bodyA: ground, bodyB: a });
    const j2 = world.createJoint({ kind: 'weld', bodyA: a, bodyB: b });
    const j3 = world.createJoint({ kind: 'revolute', bodyA: ground, bodyB: b });
    expect(world.jointCount).toBe(3);
    expect(world.jointIds()).toEqual([j1, j2, j3]);
    expect(world.getJointKind(j2)).toBe('weld');
    expect(world.getJointBodies(j2)).toEqual([a, b]);
    world.destroyBody(a);
    expect(world.isValid(j1)).toBe(false);
    expect(world.isValid(j2)).toBe(false);
    expect(world.isValid(j3)).toBe(true);
    expect(world.jointCount).toBe(1);
    expect(() => world.getJointKind(j1)).toThrow(/joint: \d+ is not a live joint of this world/);
    expect(() => world.getJointKind(a as never)).toThrow(/it is a body handle/);
    expect(() => world.getPosition(j3 as never)).toThrow(/it is a joint handle/);
    // slots are reused with a new generation
    const j4 = world.createJoint({ kind: 'revolute', bodyA: ground, bodyB: b });
    expect(j4).not.toBe(j1);
    expect(world.isValid(j1)).toBe(false);
    for (let i = 0; i < 10; i++) world.step(DT);
  });
});

describe('collideConnected', () => {
  function overlapping(collideConnected: boolean | undefined) {
    const world = new World({ gravity: [0, 0] });
    const a = world.createBody({ position: [0, 0] });
    const b = world.createBody({ position: [0.3, 0] });
    world.createShape(a, { kind: 'box', halfWidth: 0.25, halfHeight: 0.25, density: 1 });
    world.createShape(b, { kind: 'box', halfWidth: 0.25, halfHeight: 0.25, density: 1 });
    world.createJoint({
      kind: 'revolute',
      bodyA: a,
      bodyB: b,
      localAnchorA: [0.15, 0],
      localAnchorB: [-0.15, 0],
      ...(collideConnected === undefined ? {} : { collideConnected }),
    });
    for (let i = 0; i < 5; i++) world.step(DT);
    return world;
  }
  it('false (default): the jointed bodies do not collide', () => {
    expect(overlapping(undefined).contactCount).toBe(0);
    expect(overlapping(false).contactCount).toBe(0);
  });
  it('true: they do', () => {
    expect(overlapping(true).contactCount).toBeGreaterThan(0);
  });
  it('creating a joint removes the existing contacts between its bodies', () => {
    const world = new World({ gravity: [0, 0] });
    const a = world.createBody({ position: [0, 0] });
    const b = world.createBody({ position: [0.3, 0] });
    world.createShape(a, { kind: 'box', halfWidth: 0.25, halfHeight: 0.25, density: 1 });
    world.createShape(b, { kind: 'box', halfWidth: 0.25, halfHeight: 0.25, density: 1 });
    world.step(DT);
    expect(world.contactCount).toBeGreaterThan(0);
    world.createJoint({
      kind: 'weld',
      bodyA: a,
      bodyB: b,
      localAnchorA: [0.15, 0],
      localAnchorB: [-0.15, 0],
    });
    world.step(DT);
    expect(world.contactCount).toBe(0);
  });
});

describe('joint definitions: bad input', () => {
  const world = new World();
  const ground = world.createBody({ type: 'static' });
  const body = world.createBody({ position: [0, 1] });
  world.createShape(body, { kind: 'circle', radius: 0.1, density: 1 });
  const base = { bodyA: ground, bodyB: body };
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ kind: 'hinge' }, /^joint\.kind: expected 'revolute' \| 'prismatic'/],
    [{ kind: 'revolute', bodyB: ground }, /joint\.bodyB: must differ from bodyA/],
    [{ kind: 'revolute', bodyA: 12345 }, /joint\.bodyA: 12345 is not a live body/],
    [{ kind: 'revolute', localAnchorA: [0] }, /joint\.localAnchorA: expected \[x, y\]/],
    [{ kind: 'revolute', localAnchorB: [0, Number.NaN] }, /joint\.localAnchorB\[1\]/],
    [{ kind: 'revolute', referenceAngle: Number.POSITIVE_INFINITY }, /joint\.referenceAngle/],
    [
      { kind: 'revolute', lowerAngle: 1, upperAngle: 0 },
      /joint\.lowerAngle: must be <= upperAngle, got 1 > 0/,
    ],
    [{ kind: 'revolute', enableLimit: 1 }, /joint\.enableLimit: expected a boolean/],
    [{ kind: 'revolute', enableMotor: 'yes' }, /joint\.enableMotor: expected a boolean/],
    [{ kind: 'revolute', motorSpeed: Number.NaN }, /joint\.motorSpeed/],
    [{ kind: 'revolute', maxMotorTorque: -1 }, /joint\.maxMotorTorque: must be >= 0, got -1/],
    [{ kind: 'revolute', enableSpring: null }, /joint\.enableSpring: expected a boolean/],
    [{ kind: 'revolute', hertz: -2 }, /joint\.hertz: must be >= 0/],
    [{ kind: 'revolute', dampingRatio: -0.1 }, /joint\.dampingRatio: must be >= 0/],
    [{ kind: 'revolute', collideConnected: 'no' }, /joint\.collideConnected: expected a boolean/],
    [{ kind: 'revolute', breakForce: -1 }, /joint\.breakForce: must be >= 0/],
    [{ kind: 'revolute', breakTorque: Number.NaN }, /joint\.breakTorque: expected a number or Infinity/],
    [{ kind: 'prismatic', localAxisA: [0, 0] }, /joint\.localAxisA: must not be zero/],
    [
      { kind: 'prismatic', lowerTranslation: 2, upperTranslation: 1 },
      /joint\.lowerTranslation: must be <= upperTranslation/,
    ],
    [{ kind: 'prismatic', maxMotorForce: -3 }, /joint\.maxMotorForce: must be >= 0/],
    [{ kind: 'distance', length: 0 }, /joint\.length: must be > 0/],
    [{ kind: 'distance', minLength: 2, maxLength: 1 }, /joint\.minLength: must be <= maxLength/],
    [{ kind: 'distance', minLength: -1 }, /joint\.minLength: must be >= 0/],
    [{ kind: 'weld', linearHertz: -1 }, /joint\.linearHertz: must be >= 0/],
    [{ kind: 'weld', angularDampingRatio: -1 }, /joint\.angularDampingRatio: must be >= 0/],
    [{ kind: 'wheel', localAxisA: [Number.NaN, 1] }, /joint\.localAxisA\[0\]/],
    [{ kind: 'wheel', maxMotorTorque: -1 }, /joint\.maxMotorTorque: must be >= 0/],
    [{ kind: 'motor', correctionFactor: 1.5 }, /joint\.correctionFactor: must be <= 1/],
    [{ kind: 'motor', maxForce: -1 }, /joint\.maxForce: must be >= 0/],
    [{ kind: 'motor', linearOffset: [1, 2, 3] }, /joint\.linearOffset: expected \[x, y\]/],
    [{ kind: 'mouse' }, /joint\.target: required for a mouse joint/],
    [{ kind: 'mouse', target: [0, 1], hertz: 0 }, /joint\.hertz: must be > 0/],
    [{ kind: 'mouse', target: [0, 1], maxForce: -1 }, /joint\.maxForce: must be >= 0/],
  ];
  for (const [fields, message] of cases) {
    it(`${JSON.stringify(fields)} → ${message.source}`, () => {
      let error: unknown;
      try {
        world.createJoint({ ...base, ...fields } as unknown as JointDef);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(PhysicsError);
      expect(String((error as Error).message)).toMatch(message);
    });
  }
  it('no joint was made by the refused definitions', () => {
    expect(world.jointCount).toBe(0);
  });

  it('setters validate too', () => {
    const j = world.createJoint({ kind: 'revolute', ...base });
    expect(() => world.setJointLimits(j, 1, 0)).toThrow(/joint\.lower: must be <= upper/);
    expect(() => world.setJointMotor(j, { maxMotorTorque: -1 })).toThrow(
      /joint\.maxMotorTorque: must be >= 0/,
    );
    expect(() => world.setJointMotor(j, { motorSpeed: Number.NaN })).toThrow(/joint\.motorSpeed/);
    expect(() => world.setJointSpring(j, { hertz: -1 })).toThrow(/joint\.hertz: must be >= 0/);
    expect(() => world.setMouseTarget(j, [0, 0])).toThrow(/not a mouse joint/);
    world.setJointLimits(j, -0.5, 0.5);
    world.setJointMotor(j, { enableMotor: true, motorSpeed: 1, maxMotorTorque: 2 });
    world.setJointSpring(j, { enableSpring: true, hertz: 1, dampingRatio: 0.5 });
    world.destroyJoint(j);
    expect(() => world.destroyJoint(j)).toThrow(/destroyJoint: \d+ is not a live joint/);
  });
});

describe('joint debug draw', () => {
  it('draws each joint as a segment between its anchors and two anchor points (on by default)', () => {
    const world = new World();
    const ground = world.createBody({ type: 'static' });
    const a = world.createBody({ position: [1, 0] });
    world.createJoint({
      kind: 'distance',
      bodyA: ground,
      bodyB: a,
      localAnchorA: [0, 1],
      localAnchorB: [0.5, 0],
    });
    const calls: { kind: string; args: number[] }[] = [];
    const dd = {
      polygon: () => {},
      circle: () => {},
      capsule: () => {},
      segment: (...args: number[]) => calls.push({ kind: 'segment', args }),
      point: (...args: number[]) => calls.push({ kind: 'point', args }),
    };
    world.draw(dd);
    expect(calls.map((c) => c.kind)).toEqual(['segment', 'point', 'point']);
    expect(calls[0]!.args.slice(0, 4)).toEqual([0, 1, 1.5, 0]);
    calls.length = 0;
    world.draw(dd, { joints: false });
    expect(calls).toEqual([]);
  });
});
