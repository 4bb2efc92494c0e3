/**
 * rigid2d scenes for the snapshot tests (textbook §26.5): a box pyramid, a jointed scene with every
 * joint kind (a motor and a breakable joint among them), a scene that falls asleep, and bullets
 * fired through thin walls (continuous collision).
 */
import { World } from '../../src/rigid2d/world.js';
import type { Snapshotable } from './helpers.js';

/** A rigid2d scene for the round-trip tests. */
export type Scene2 = Snapshotable & { world: World };

function wrap(world: World): Scene2 {
  return {
    world,
    step: () => world.step(1 / 60),
    snapshot: () => world.snapshot(),
    restore: (b) => world.restore(b),
    stateHash: () => world.stateHash(),
  };
}

/** A ground box (top at y = 0) and a 2D pyramid of unit boxes `base` wide, plus a circle dropped on it. */
export function pyramid2(base = 10, sleep = false): Scene2 {
  const world = new World({ gravity: [0, -10], enableSleep: sleep });
  const ground = world.createBody({ type: 'static' });
  world.createShape(ground, { kind: 'box', halfWidth: base + 20, halfHeight: 0.5, center: [0, -0.5] });
  for (let row = 0; row < base; row++) {
    for (let i = 0; i < base - row; i++) {
      const b = world.createBody({ position: [i - (base - 1 - row) / 2, 0.5 + row] });
      world.createShape(b, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5 });
    }
  }
  const ball = world.createBody({ position: [-base / 2 - 3, 1.5], linearVelocity: [6, 2] });
  world.createShape(ball, { kind: 'circle', radius: 0.4, density: 4 });
  return wrap(world);
}

/** Every joint kind: a revolute chain with a motor, a prismatic slider, a distance spring, a weld, a wheel, a motor joint, a mouse joint, and a breakable revolute joint holding a heavy box. */
export function jointed2(): Scene2 {
  const world = new World({ gravity: [0, -10], enableSleep: false });
  const ground = world.createBody({ type: 'static' });
  world.createShape(ground, { kind: 'box', halfWidth: 30, halfHeight: 0.5, center: [0, -0.5] });
  const box = (x: number, y: number, hw = 0.3, hh = 0.3, density = 1) => {
    const b = world.createBody({ position: [x, y] });
    world.createShape(b, { kind: 'box', halfWidth: hw, halfHeight: hh, density });
    return b;
  };
  const anchor = world.createBody({ type: 'static', position: [0, 8] });
  let prev = anchor;
  for (let i = 0; i < 5; i++) {
    const link = world.createBody({ position: [0.5 * i + 0.25, 8] });
    world.createShape(link, { kind: 'capsule', p1: [-0.25, 0], p2: [0.25, 0], radius: 0.05 });
    world.createJoint({
      kind: 'revolute',
      bodyA: prev,
      bodyB: link,
      localAnchorA: i === 0 ? [0, 0] : [0.25, 0],
      localAnchorB: [-0.25, 0],
      enableMotor: i === 0,
      motorSpeed: 1.5,
      maxMotorTorque: 20,
    });
    prev = link;
  }
  const slider = box(-6, 3);
  world.createJoint({
    kind: 'prismatic',
    bodyA: ground,
    bodyB: slider,
    localAnchorA: [-6, 3],
    localAxisA: [1, 0],
    enableLimit: true,
    lowerTranslation: -1,
    upperTranslation: 1,
    enableMotor: true,
    motorSpeed: 2,
    maxMotorForce: 50,
  });
  const bob = box(-3, 4);
  world.createJoint({
    kind: 'distance',
    bodyA: ground,
    bodyB: bob,
    localAnchorA: [-3, 6],
    length: 1.5,
    enableSpring: true,
    hertz: 3,
    dampingRatio: 0.2,
  });
  const w1 = box(3, 2);
  const w2 = box(3.6, 2);
  world.createJoint({ kind: 'weld', bodyA: w1, bodyB: w2, localAnchorA: [0.3, 0], localAnchorB: [-0.3, 0] });
  const chassis = box(6, 1.5, 0.8, 0.2);
  const wheel = world.createBody({ position: [6, 0.8] });
  world.createShape(wheel, { kind: 'circle', radius: 0.3 });
  world.createJoint({
    kind: 'wheel',
    bodyA: chassis,
    bodyB: wheel,
    localAnchorA: [0, -0.7],
    localAxisA: [0, 1],
    enableSpring: true,
    hertz: 4,
    enableMotor: true,
    motorSpeed: -3,
    maxMotorTorque: 10,
  });
  const follower = box(9, 2);
  world.createJoint({ kind: 'motor', bodyA: ground, bodyB: follower, linearOffset: [9, 3], maxForce: 100 });
  const dragged = box(12, 1);
  world.createJoint({ kind: 'mouse', bodyA: ground, bodyB: dragged, target: [13, 3], maxForce: 200 });
  // a heavy box on a weak pin
  const heavy = box(-9, 5, 0.5, 0.5, 40);
  world.createJoint({
    kind: 'revolute',
    bodyA: ground,
    bodyB: heavy,
    localAnchorA: [-9, 5.5],
    localAnchorB: [0, 0.5],
    breakForce: 600,
  });
  // a ball thrown at it (arriving after about 45 steps) breaks the pin
  const ball = world.createBody({ position: [-13.5, 5], linearVelocity: [6, 3.75] });
  world.createShape(ball, { kind: 'circle', radius: 0.4, density: 30 });
  return wrap(world);
}

/** Two stacks and scattered boxes that fall asleep (islands, sleep timers), a few boxes destroyed (free lists, generations). */
export function sleeping2(): Scene2 {
  const world = new World({ gravity: [0, -10], enableSleep: true });
  const ground = world.createBody({ type: 'static' });
  world.createShape(ground, { kind: 'box', halfWidth: 30, halfHeight: 0.5, center: [0, -0.5] });
  const ids = [];
  for (let s = 0; s < 3; s++) {
    for (let k = 0; k < 5; k++) {
      const b = world.createBody({ position: [-6 + 6 * s, 0.5 + k] });
      world.createShape(b, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5 });
      ids.push(b);
    }
  }
  world.destroyBody(ids[7]!);
  world.destroyBody(ids[3]!);
  const b = world.createBody({ position: [10, 3], angle: 0.4 });
  world.createShape(b, {
    kind: 'polygon',
    vertices: [
      [0, 0],
      [1, 0],
      [0.5, 0.8],
    ],
  });
  return wrap(world);
}

/** Bullets and a fast non-bullet circle fired at thin walls and at a box pile (continuous collision). */
export function bullets2(): Scene2 {
  const world = new World({ gravity: [0, -10], enableSleep: false });
  const ground = world.createBody({ type: 'static' });
  world.createShape(ground, { kind: 'box', halfWidth: 30, halfHeight: 0.5, center: [0, -0.5] });
  const wall = world.createBody({ type: 'static' });
  world.createShape(wall, { kind: 'segment', p1: [8, 0], p2: [8, 6] });
  for (let k = 0; k < 6; k++) {
    const b = world.createBody({ position: [4, 0.25 + 0.5 * k] });
    world.createShape(b, { kind: 'box', halfWidth: 0.25, halfHeight: 0.25 });
  }
  for (let k = 0; k < 4; k++) {
    const b = world.createBody({
      position: [-5, 0.6 + k],
      linearVelocity: [200 + 30 * k, 0],
      bullet: k % 2 === 0,
    });
    world.createShape(b, { kind: 'circle', radius: 0.1, density: 5 });
  }
  return wrap(world);
}

/** A chain ground (ghost vertices), a turning kinematic paddle, a sensor, and circles and capsules poured on them. */
export function chain2(): Scene2 {
  const world = new World({ gravity: [0, -10] });
  const ground = world.createBody({ type: 'static' });
  world.createChain(ground, {
    points: [
      [-10, 5],
      [-5, 0],
      [0, -1],
      [5, 0],
      [10, 5],
    ],
  });
  const paddle = world.createBody({ type: 'kinematic', position: [0, 3], angularVelocity: 1 });
  world.createShape(paddle, { kind: 'box', halfWidth: 2, halfHeight: 0.1 });
  const sensor = world.createBody({ type: 'static', position: [3, 1] });
  world.createShape(sensor, { kind: 'circle', radius: 1, isSensor: true });
  for (let i = 0; i < 20; i++) {
    const b = world.createBody({ position: [-6 + 0.6 * i, 6 + (i % 3)] });
    if (i % 2) world.createShape(b, { kind: 'circle', radius: 0.25 });
    else world.createShape(b, { kind: 'capsule', p1: [-0.2, 0], p2: [0.2, 0], radius: 0.1 });
  }
  return wrap(world);
}
