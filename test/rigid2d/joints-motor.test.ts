/**
 * The rigid2d motor joint (textbook §26.2 joints): drives body B to the pose `linearOffset`,
 * `angularOffset` relative to body A, with the force and torque clamped at maxForce / maxTorque
 * and the position error fed back by the correction factor.
 */
import { describe, expect, it } from 'vitest';
import { type BodyId, World, type WorldDef } from '../../src/rigid2d/index.js';
import { MODES } from './helpers.js';

const dt = 1 / 60;

function anchorAndBox(def: WorldDef = {}): { world: World; a: BodyId; b: BodyId } {
  const world = new World({ enableSleep: false, ...def });
  const a = world.createBody({ type: 'static' });
  const b = world.createBody();
  world.createShape(b, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5, density: 1 });
  return { world, a, b };
}

describe('rigid2d motor joint', () => {
  it('drives B to the linear and angular offset from A', () => {
    const { world, a, b } = anchorAndBox({ gravity: [0, 0] });
    const j = world.createJoint({
      kind: 'motor',
      bodyA: a,
      bodyB: b,
      linearOffset: [2, 1],
      angularOffset: 0.5,
      maxForce: 500,
      maxTorque: 100,
    });
    expect(world.getJointKind(j)).toBe('motor');
    expect(world.getJointBodies(j)).toEqual([a, b]);
    for (let i = 0; i < 240; i++) world.step(dt);
    const [x, y] = world.getPosition(b);
    expect(x).toBeCloseTo(2, 3);
    expect(y).toBeCloseTo(1, 3);
    expect(world.getAngle(b)).toBeCloseTo(0.5, 3);
  });

  it.each(MODES)('%s: drives to the offset and holds it against gravity', (mode) => {
    const { world, a, b } = anchorAndBox({ solver: { positionCorrection: mode } });
    world.createJoint({
      kind: 'motor',
      bodyA: a,
      bodyB: b,
      linearOffset: [1, 2],
      angularOffset: -0.3,
      maxForce: 200,
      maxTorque: 50,
    });
    for (let i = 0; i < 300; i++) world.step(dt);
    const [x, y] = world.getPosition(b);
    expect(x).toBeCloseTo(1, 3);
    expect(y).toBeCloseTo(2, 3);
    expect(world.getAngle(b)).toBeCloseTo(-0.3, 3);
  });

  it('holds the offset against gravity (the warm-started impulse carries the weight)', () => {
    const { world, a, b } = anchorAndBox();
    const j = world.createJoint({ kind: 'motor', bodyA: a, bodyB: b, linearOffset: [0, 1], maxForce: 100 });
    for (let i = 0; i < 300; i++) world.step(dt);
    expect(world.getPosition(b)[1]).toBeCloseTo(1, 3);
    expect(Math.abs(world.getJointReactionForce(j)[1])).toBeCloseTo(world.getMass(b) * 10, 3);
  });

  it('the offset is in A’s frame: a rotated A carries the target with it', () => {
    const world = new World({ enableSleep: false, gravity: [0, 0] });
    const a = world.createBody({ type: 'kinematic', angle: Math.PI / 2 });
    const b = world.createBody();
    world.createShape(b, { kind: 'circle', radius: 0.25 });
    world.createJoint({
      kind: 'motor',
      bodyA: a,
      bodyB: b,
      linearOffset: [1, 0],
      maxForce: 100,
      maxTorque: 10,
    });
    for (let i = 0; i < 240; i++) world.step(dt);
    const [x, y] = world.getPosition(b);
    expect(x).toBeCloseTo(0, 3);
    expect(y).toBeCloseTo(1, 3);
  });

  it('the force is clamped at maxForce: a 1 kg body accelerates at no more than maxForce / m', () => {
    const { world, a, b } = anchorAndBox({ gravity: [0, 0] });
    const m = world.getMass(b);
    const j = world.createJoint({
      kind: 'motor',
      bodyA: a,
      bodyB: b,
      linearOffset: [10, 0],
      maxForce: 2,
      maxTorque: 1,
    });
    for (let i = 0; i < 30; i++) {
      world.step(dt);
      expect(Math.hypot(...world.getJointReactionForce(j))).toBeLessThanOrEqual(2 * (1 + 1e-9));
    }
    expect(world.getLinearVelocity(b)[0]).toBeCloseTo((2 / m) * 30 * dt, 6);
  });

  it('the correction factor is the fraction of the error removed per substep: gap (1 − β)⁴ after a step of 4 substeps', () => {
    const gapAfter = (correctionFactor: number): number => {
      const { world, a, b } = anchorAndBox({ gravity: [0, 0] });
      world.createJoint({
        kind: 'motor',
        bodyA: a,
        bodyB: b,
        linearOffset: [1, 0],
        maxForce: 1e6,
        maxTorque: 1e6,
        correctionFactor,
      });
      world.step(dt);
      return 1 - world.getPosition(b)[0];
    };
    expect(gapAfter(0.1)).toBeCloseTo(0.9 ** 4, 9);
    expect(gapAfter(0.6)).toBeCloseTo(0.4 ** 4, 9);
    expect(gapAfter(0.6)).toBeGreaterThan(0); // no overshoot
  });

  it('rejects a correction factor outside 0..1 naming the field', () => {
    const { world, a, b } = anchorAndBox();
    expect(() => world.createJoint({ kind: 'motor', bodyA: a, bodyB: b, correctionFactor: 1.5 })).toThrow(
      /correctionFactor/,
    );
  });
});
