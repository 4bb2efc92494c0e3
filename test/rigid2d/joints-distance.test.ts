/**
 * The rigid2d distance joint (textbook §26.2 joints; Catto, "Soft Constraints", GDC 2011): a rigid
 * rod holds its length, a rope (limits, spring of 0 Hz) never stretches past maxLength and goes
 * slack below it, and a spring of frequency f oscillates at the analytic period 1/f whatever the
 * substep count.
 */
import { describe, expect, it } from 'vitest';
import { type BodyId, type JointId, World, type WorldDef } from '../../src/rigid2d/index.js';
import { MODES } from './helpers.js';

const dt = 1 / 60;

/** The distance between the joint's two world anchors. */
function anchorDistance(world: World, j: JointId): number {
  const [ax, ay, bx, by] = world.getJointAnchors(j);
  return Math.hypot(bx - ax, by - ay);
}

/** A static pivot at `pivot` and a 1 kg ball (r = 0.1) at `ball`. */
function pivotAndBall(
  def: WorldDef,
  pivot: [number, number],
  ball: [number, number],
): { world: World; ground: BodyId; body: BodyId } {
  const world = new World({ enableSleep: false, ...def });
  const ground = world.createBody({ type: 'static', position: pivot });
  const body = world.createBody({ position: ball });
  world.createShape(body, { kind: 'circle', radius: 0.1, density: 1 / (Math.PI * 0.01) });
  return { world, ground, body };
}

/** Upward zero crossings of a sampled signal (linear interpolation), in seconds. */
function zeroCrossings(samples: number[], h: number): number[] {
  const out: number[] = [];
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1]!;
    const b = samples[i]!;
    if (a < 0 && b >= 0) out.push((i - 1 + a / (a - b)) * h);
  }
  return out;
}

describe('rigid2d distance joint', () => {
  it('a rigid rod (spring off) holds its length within 0.5% while the pendulum swings', () => {
    const { world, ground, body } = pivotAndBall({}, [0, 10], [3, 10]);
    const j = world.createJoint({ kind: 'distance', bodyA: ground, bodyB: body });
    expect(world.getJointKind(j)).toBe('distance');
    expect(anchorDistance(world, j)).toBeCloseTo(3, 12); // length defaults to the current distance
    let worst = 0;
    let lowest = 10;
    for (let i = 0; i < 300; i++) {
      world.step(dt);
      worst = Math.max(worst, Math.abs(anchorDistance(world, j) - 3) / 3);
      lowest = Math.min(lowest, world.getPosition(body)[1]);
    }
    expect(worst).toBeLessThan(0.005);
    expect(lowest).toBeLessThan(7.1); // it really swung through the bottom
    // the rod pulls: tension at the bottom ≈ m g + m v²/L = 10 + 2·10·3/3 = 30 N (energy 2gL)
    expect(Number.isFinite(world.getJointReactionForce(j)[0])).toBe(true);
  });

  it.each(MODES)('%s: the rod holds its length (0.03% soft step, 0.45% Baumgarte β = 0.2)', (mode) => {
    const { world, ground, body } = pivotAndBall({ solver: { positionCorrection: mode } }, [0, 10], [3, 10]);
    const j = world.createJoint({ kind: 'distance', bodyA: ground, bodyB: body });
    let worst = 0;
    for (let i = 0; i < 300; i++) {
      world.step(dt);
      worst = Math.max(worst, Math.abs(anchorDistance(world, j) - 3) / 3);
    }
    expect(worst).toBeLessThan(mode === 'soft-step' ? 0.001 : 0.01);
    expect(world.getJointTranslation(j)).toBeCloseTo(anchorDistance(world, j), 12); // the readout is the length
  });

  it('a rigid rod of an explicit length pulls the ball onto that length', () => {
    const { world, ground, body } = pivotAndBall({ gravity: [0, 0] }, [0, 0], [2.2, 0]);
    const j = world.createJoint({ kind: 'distance', bodyA: ground, bodyB: body, length: 2 });
    for (let i = 0; i < 120; i++) world.step(dt);
    expect(Math.abs(anchorDistance(world, j) - 2) / 2).toBeLessThan(0.005);
  });

  it('a rope (min 0, max L, spring 0 Hz) goes slack below L and never stretches past it by 1%', () => {
    const L = 2;
    // the ball starts 0.5 m below the pivot: 1.5 m of slack rope
    const { world, ground, body } = pivotAndBall({}, [0, 10], [0, 9.5]);
    const j = world.createJoint({
      kind: 'distance',
      bodyA: ground,
      bodyB: body,
      length: L,
      enableLimit: true,
      minLength: 0,
      maxLength: L,
      enableSpring: true,
      hertz: 0,
    });
    // slack: free fall (no rope force) until the rope is taut
    for (let i = 0; i < 10; i++) world.step(dt);
    expect(world.getLinearVelocity(body)[1]).toBeCloseTo(-10 * 10 * dt, 6);
    const [fx, fy] = world.getJointReactionForce(j);
    expect(Math.hypot(fx, fy)).toBeLessThan(1e-9);
    let longest = 0;
    for (let i = 0; i < 240; i++) {
      world.step(dt);
      longest = Math.max(longest, anchorDistance(world, j));
    }
    expect(longest).toBeGreaterThan(L * 0.99); // it came taut
    expect(longest).toBeLessThan(L * 1.01);
    // at rest it hangs at L, the rope holding the ball's weight
    expect(anchorDistance(world, j)).toBeCloseTo(L, 2);
  });

  it('a rope pushed inward goes slack: the ball passes the pivot freely', () => {
    const { world, ground, body } = pivotAndBall({ gravity: [0, 0] }, [0, 0], [1, 0]);
    const j = world.createJoint({
      kind: 'distance',
      bodyA: ground,
      bodyB: body,
      length: 2,
      enableLimit: true,
      minLength: 0,
      maxLength: 2,
      enableSpring: true,
      hertz: 0,
    });
    world.setLinearVelocity(body, [-3, 0]);
    for (let i = 0; i < 30; i++) world.step(dt);
    expect(world.getLinearVelocity(body)[0]).toBeCloseTo(-3, 9);
    expect(anchorDistance(world, j)).toBeCloseTo(0.5, 6);
  });

  /** The period of a 1 kg ball on a distance spring of `hertz` (no damping, no gravity) at `substeps`. */
  function springPeriod(hertz: number, substeps: number): number {
    const { world, ground, body } = pivotAndBall({ gravity: [0, 0], solver: { substeps } }, [0, 0], [2.1, 0]);
    const j = world.createJoint({
      kind: 'distance',
      bodyA: ground,
      bodyB: body,
      length: 2,
      enableSpring: true,
      hertz,
      dampingRatio: 0,
    });
    const samples: number[] = [];
    for (let i = 0; i < 4 * 60; i++) {
      world.step(dt);
      samples.push(anchorDistance(world, j) - 2);
    }
    const z = zeroCrossings(samples, dt);
    expect(z.length).toBeGreaterThanOrEqual(3);
    return (z.at(-1)! - z[0]!) / (z.length - 1);
  }

  it('a spring of f Hz (k = m(2πf)²) oscillates at the analytic period 1/f within 2%, at 4 and 8 substeps alike', () => {
    const f = 1.5;
    const t4 = springPeriod(f, 4);
    const t8 = springPeriod(f, 8);
    expect(Math.abs(t4 * f - 1)).toBeLessThan(0.02);
    expect(Math.abs(t8 * f - 1)).toBeLessThan(0.02);
    expect(Math.abs(t4 / t8 - 1)).toBeLessThan(0.01);
  });

  it('a damped spring comes to rest at its length; setJointSpring changes it live', () => {
    const { world, ground, body } = pivotAndBall({ gravity: [0, 0] }, [0, 0], [2.5, 0]);
    const j = world.createJoint({
      kind: 'distance',
      bodyA: ground,
      bodyB: body,
      length: 2,
      enableSpring: true,
      hertz: 2,
      dampingRatio: 1,
    });
    for (let i = 0; i < 180; i++) world.step(dt);
    expect(anchorDistance(world, j)).toBeCloseTo(2, 3);
    world.setJointSpring(j, { enableSpring: false });
    world.setLinearVelocity(body, [1, 0]);
    world.step(dt);
    expect(Math.abs(anchorDistance(world, j) - 2)).toBeLessThan(0.01); // rigid again
  });

  it('the motor drives the length at motorSpeed, its force clamped at maxMotorForce', () => {
    const { world, ground, body } = pivotAndBall({ gravity: [0, 0] }, [0, 0], [1, 0]);
    const j = world.createJoint({
      kind: 'distance',
      bodyA: ground,
      bodyB: body,
      length: 1,
      enableSpring: true,
      hertz: 0,
      enableMotor: true,
      motorSpeed: 0.5,
      maxMotorForce: 100,
    });
    for (let i = 0; i < 60; i++) world.step(dt);
    expect(world.getLinearVelocity(body)[0]).toBeCloseTo(0.5, 6);
    // a weak motor: the 1 kg ball accelerates at maxMotorForce / m
    world.setJointMotor(j, { motorSpeed: 100, maxMotorForce: 2 });
    const v0 = world.getLinearVelocity(body)[0];
    for (let i = 0; i < 30; i++) world.step(dt);
    expect(world.getLinearVelocity(body)[0] - v0).toBeCloseTo(2 * 30 * dt, 6);
    expect(Math.hypot(...world.getJointReactionForce(j))).toBeLessThanOrEqual(2 * (1 + 1e-9));
  });
  it('joints between two bodies of zero mass (static and kinematic) stay finite, with the default unbounded maxLength', () => {
    const world = new World({ enableSleep: false });
    const g = world.createBody({ type: 'static' });
    const k = world.createBody({ type: 'kinematic', position: [1, 0], linearVelocity: [1, 0] });
    world.createJoint({
      kind: 'distance',
      bodyA: g,
      bodyB: k,
      enableLimit: true,
      minLength: 0.5,
      enableSpring: true,
    });
    world.createJoint({
      kind: 'wheel',
      bodyA: g,
      bodyB: k,
      enableMotor: true,
      maxMotorTorque: 1,
      motorSpeed: 1,
    });
    world.createJoint({ kind: 'motor', bodyA: g, bodyB: k });
    for (let i = 0; i < 30; i++) world.step(dt);
    expect(world.getPosition(k)[0]).toBeCloseTo(1.5, 9);
  });
  it('breaks when the rod tension passes breakForce (a 1 kg ball hanging: 10 N)', () => {
    const hang = (breakForce: number) => {
      const { world, ground, body } = pivotAndBall({}, [0, 10], [0, 8]);
      const j = world.createJoint({ kind: 'distance', bodyA: ground, bodyB: body, breakForce });
      const broken: number[] = [];
      for (let i = 0; i < 30; i++) {
        world.step(dt);
        for (const e of world.events().jointBreak) broken.push(e.force);
      }
      return { world, j, broken };
    };
    const weak = hang(5);
    expect(weak.broken.length).toBe(1);
    expect(weak.broken[0]!).toBeGreaterThan(5);
    expect(weak.world.isValid(weak.j)).toBe(false);
    const strong = hang(20);
    expect(strong.broken.length).toBe(0);
    expect(Math.hypot(...strong.world.getJointReactionForce(strong.j))).toBeCloseTo(10, 3);
  });
});
