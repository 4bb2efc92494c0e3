/**
 * Continuous collision (src/rigid2d/continuous.ts; textbook §26.2 "すり抜け", conservative
 * advancement after Mirtich 1996): no tunnelling of small fast bodies through thin walls and
 * paddles over seeded random trials (math/prng.ts), the same trials tunnel with `continuous: false`
 * (so the test can fail), bullets against dynamic bodies, and resting stacks unchanged.
 */
import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/math/prng.js';
import { World } from '../../src/rigid2d/index.js';
import { groundWorld, pyramid } from './helpers.js';

/**
 * One trial: a 0.05 m ball at 500 m/s aimed at a random point of a 0.01 m thick, 2 m tall static
 * wall at x = 0, from a random direction within ±60° of +x. Returns true when the ball's centre
 * ever gets behind the wall's far face while beside the wall (a ball sliding off the wall's end
 * may go round it).
 */
function ballThroughWall(rng: Prng, continuous: boolean): boolean {
  const world = new World({ gravity: [0, 0], continuous });
  const wall = world.createBody({ type: 'static' });
  world.createShape(wall, { kind: 'box', halfWidth: 0.005, halfHeight: 1 });
  const yHit = rng.range(-0.8, 0.8);
  const dir = rng.range(-Math.PI / 3, Math.PI / 3);
  const back = rng.range(0.5, 8); // random phase of the step at which the wall is reached
  const ball = world.createBody({
    position: [-back * Math.cos(dir), yHit - back * Math.sin(dir)],
    angle: rng.range(-Math.PI, Math.PI),
    linearVelocity: [500 * Math.cos(dir), 500 * Math.sin(dir)],
  });
  world.createShape(ball, { kind: 'circle', radius: 0.05 });
  let [px, py] = world.getPosition(ball);
  for (let s = 0; s < 8; s++) {
    world.step(1 / 60);
    const [x, y] = world.getPosition(ball);
    if (x > 0.005 && Math.abs(y) < 1) return true; // behind the wall, beside it
    // crossed the wall's plane within its height during the step (through it, not round its end)
    if (x > 0.005 && px <= 0.005 && Math.abs(py + ((y - py) * (0 - px)) / (x - px)) < 1) return true;
    px = x;
    py = y;
  }
  return false;
}

/**
 * One trial: a 0.1 m box (a bullet) at 200 m/s shot along +x at a thin kinematic paddle (2 m by
 * 0.02 m, centred at the origin, near upright, turning at up to ±0.5 rad/s). Returns true when the
 * box's centre ever reaches the far side of the paddle (in the paddle's frame, while beside it).
 */
function boxThroughPaddle(rng: Prng, continuous: boolean, bullet: boolean): boolean {
  const world = new World({ gravity: [0, 0], continuous });
  const paddle = world.createBody({
    type: 'kinematic',
    angle: rng.range(-0.5, 0.5),
    angularVelocity: rng.range(-0.5, 0.5),
  });
  world.createShape(paddle, { kind: 'box', halfWidth: 0.01, halfHeight: 1 });
  const y = rng.range(-0.6, 0.6);
  const box = world.createBody({
    position: [-rng.range(0.5, 3.5), y],
    angle: rng.range(-Math.PI, Math.PI),
    angularVelocity: rng.range(-20, 20),
    linearVelocity: [200, rng.range(-5, 5)],
    bullet,
  });
  world.createShape(box, { kind: 'box', halfWidth: 0.05, halfHeight: 0.05 });
  for (let s = 0; s < 12; s++) {
    world.step(1 / 60);
    const [px, py] = world.getPosition(box);
    const a = world.getAngle(paddle);
    const lx = Math.cos(a) * px + Math.sin(a) * py; // the box centre in the paddle's frame
    const ly = -Math.sin(a) * px + Math.cos(a) * py;
    if (Math.abs(ly) < 1 && lx > 0) return true;
  }
  return false;
}

describe('continuous collision', () => {
  it('a 0.05 m ball at 500 m/s never passes a 0.01 m static wall (1,000 seeded trials)', () => {
    const rng = new Prng(2024);
    let passed = 0;
    for (let k = 0; k < 1000; k++) if (ballThroughWall(rng, true)) passed++;
    expect(passed).toBe(0);
  });

  it('with continuous: false the same ball does tunnel (the test can fail)', () => {
    const rng = new Prng(2024);
    let passed = 0;
    for (let k = 0; k < 200; k++) if (ballThroughWall(rng, false)) passed++;
    expect(passed).toBeGreaterThan(150);
  });

  it('a 0.1 m bullet box at 200 m/s never passes a thin rotating kinematic paddle (1,000 seeded trials)', () => {
    const rng = new Prng(7);
    let passed = 0;
    for (let k = 0; k < 1000; k++) if (boxThroughPaddle(rng, true, true)) passed++;
    expect(passed).toBe(0);
  });

  it('the paddle is passed without continuous collision, and bullets are swept even when continuous is off', () => {
    let off = 0;
    let bulletOff = 0;
    const rngA = new Prng(7);
    const rngB = new Prng(7);
    for (let k = 0; k < 100; k++) {
      if (boxThroughPaddle(rngA, false, false)) off++;
      if (boxThroughPaddle(rngB, false, true)) bulletOff++;
    }
    expect(off).toBeGreaterThan(50);
    expect(bulletOff).toBe(0);
  });

  it('a bullet stops at a thin dynamic plate that an ordinary fast body passes', () => {
    const run = (bullet: boolean) => {
      const world = new World({ gravity: [0, 0] });
      const plate = world.createBody({ position: [0, 0] });
      world.createShape(plate, { kind: 'box', halfWidth: 0.01, halfHeight: 1, density: 50 });
      const ball = world.createBody({ position: [-3, 0.3], linearVelocity: [400, 0], bullet });
      world.createShape(ball, { kind: 'circle', radius: 0.05 });
      expect(world.isBullet(ball)).toBe(bullet);
      for (let s = 0; s < 6; s++) world.step(1 / 60);
      return world.getPosition(ball)[0] - world.getPosition(plate)[0];
    };
    expect(run(false)).toBeGreaterThan(0.01); // passed through
    expect(run(true)).toBeLessThan(0); // stopped on the near side (the plate is pushed along)
  });

  it('a joint with collideConnected false lets its bodies pass through each other, swept or not', () => {
    const run = (jointed: boolean) => {
      const world = new World({ gravity: [0, 0] });
      const wall = world.createBody({ type: 'static' });
      world.createShape(wall, { kind: 'box', halfWidth: 0.005, halfHeight: 1 });
      const ball = world.createBody({ position: [-3, 0], linearVelocity: [500, 0] });
      world.createShape(ball, { kind: 'circle', radius: 0.05 });
      if (jointed) {
        // a slack rope (no force below 100 m): only its collideConnected matters here
        world.createJoint({
          kind: 'distance',
          bodyA: wall,
          bodyB: ball,
          enableLimit: true,
          minLength: 0,
          maxLength: 100,
          enableSpring: true,
          hertz: 0,
        });
      }
      for (let s = 0; s < 3; s++) world.step(1 / 60);
      return world.getPosition(ball)[0];
    };
    expect(run(false)).toBeLessThan(0);
    expect(run(true)).toBeGreaterThan(1);
  });

  it('setBullet switches a body to bullet handling from the next step', () => {
    const world = new World({ gravity: [0, 0] });
    const ball = world.createBody({ position: [-3, 0] });
    world.createShape(ball, { kind: 'circle', radius: 0.05 });
    expect(world.isBullet(ball)).toBe(false);
    world.setBullet(ball, true);
    expect(world.isBullet(ball)).toBe(true);
    world.setBullet(ball, false);
    expect(world.isBullet(ball)).toBe(false);
    expect(world.continuous).toBe(true);
    expect(new World({ continuous: false }).continuous).toBe(false);
  });

  it('the impact pose keeps the velocity: the contact of the next step stops the ball at the wall', () => {
    const world = new World({ gravity: [0, 0] });
    const wall = world.createBody({ type: 'static' });
    world.createShape(wall, { kind: 'box', halfWidth: 0.005, halfHeight: 1 });
    const ball = world.createBody({ position: [-3, 0], linearVelocity: [500, 0] });
    world.createShape(ball, { kind: 'circle', radius: 0.05 });
    world.step(1 / 60);
    // moved back to just before the wall (the linear slop apart), still at full speed
    expect(world.getPosition(ball)[0]).toBeCloseTo(-0.005 - 0.05 - 0.005, 3);
    expect(world.getLinearVelocity(ball)[0]).toBe(500);
    world.step(1 / 60);
    expect(world.getPosition(ball)[0]).toBeLessThan(-0.05);
    expect(world.getLinearVelocity(ball)[0]).toBeLessThan(1);
  });

  it('resting stacks are untouched: a pyramid is bit-identical with continuous on and off', () => {
    const run = (continuous: boolean) => {
      const { world } = groundWorld({ continuous });
      const ids = pyramid(world, 10);
      for (let i = 0; i < 200; i++) world.step(1 / 60);
      return ids.flatMap((id) => [...world.getPosition(id), world.getAngle(id)]);
    };
    expect(run(true)).toEqual(run(false));
  });

  it('profile: the continuous stage is timed, as a part of finalize', () => {
    const { world } = groundWorld();
    pyramid(world, 4);
    for (let i = 0; i < 5; i++) world.step(1 / 60);
    expect(world.profile.continuous).toBeGreaterThanOrEqual(0);
    expect(world.profile.continuous).toBeLessThanOrEqual(world.profile.finalize);
  });
});
