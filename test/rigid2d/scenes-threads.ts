/**
 * Small scenes for the constraint-graph and thread tests: a pyramid, a jointed scene (a chain and
 * a grid of revolute joints with a box pile) and a scene that sleeps, is woken and changes
 * (bodies destroyed, joints made and destroyed while it runs).
 */
import { type BodyId, World, type WorldDef } from '../../src/rigid2d/index.js';
import { pyramid } from './helpers.js';

/**
 * Lets every step of a threaded world run on its threads, however small (the solver otherwise
 * keeps steps under `DEFAULT_MIN_PARALLEL` constraints on the calling thread): these scenes are small.
 */
export function parallelAlways(world: World): World {
  const runner = world.scratch.threads as unknown as { minConstraints: number } | null;
  if (runner !== null) runner.minConstraints = 0;
  return world;
}

/** A world with the ground (top at y = 0). */
export function ground(def: WorldDef): World {
  const world = parallelAlways(new World(def));
  const g = world.createBody({ type: 'static' });
  world.createShape(g, { kind: 'box', halfWidth: 100, halfHeight: 0.5, center: [0, -0.5] });
  return world;
}

/** A pyramid of base `base` on the ground, sleeping off. */
export function pyramidScene(def: WorldDef, base = 12): World {
  const world = ground({ enableSleep: false, ...def });
  pyramid(world, base);
  return world;
}

/** A hanging chain of 12 links and a 5×5 grid of discs joined by revolute joints falling on boxes. */
export function jointScene(def: WorldDef): World {
  const world = ground({ enableSleep: false, ...def });
  const anchor = world.createBody({ type: 'static', position: [-10, 12] });
  let prev: BodyId = anchor;
  for (let i = 0; i < 12; i++) {
    const link = world.createBody({ position: [-10 + 0.5 + i, 12] });
    world.createShape(link, { kind: 'box', halfWidth: 0.5, halfHeight: 0.1 });
    world.createJoint({
      kind: 'revolute',
      bodyA: prev,
      bodyB: link,
      localAnchorA: i === 0 ? [0, 0] : [0.5, 0],
      localAnchorB: [-0.5, 0],
    });
    prev = link;
  }
  const grid: BodyId[][] = [];
  for (let i = 0; i < 5; i++) {
    grid.push([]);
    for (let j = 0; j < 5; j++) {
      const b = world.createBody({ position: [5 + i, 4 + j] });
      world.createShape(b, { kind: 'circle', radius: 0.4 });
      grid[i]!.push(b);
      if (i > 0)
        world.createJoint({
          kind: 'revolute',
          bodyA: grid[i - 1]![j]!,
          bodyB: b,
          localAnchorA: [0.5, 0],
          localAnchorB: [-0.5, 0],
        });
      if (j > 0)
        world.createJoint({
          kind: 'revolute',
          bodyA: grid[i]![j - 1]!,
          bodyB: b,
          localAnchorA: [0, 0.5],
          localAnchorB: [0, -0.5],
        });
    }
  }
  for (let k = 0; k < 10; k++) {
    const b = world.createBody({ position: [6 + (k % 3) * 1.1, 0.5 + Math.floor(k / 3)] });
    world.createShape(b, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5 });
  }
  return world;
}

/** Three stacks that fall asleep; the script wakes one, destroys a box and joins two by a joint. */
export function sleepScene(def: WorldDef): { world: World; script: (step: number) => void } {
  const world = ground({ ...def });
  const stacks: BodyId[][] = [];
  for (let s = 0; s < 3; s++) {
    const ids: BodyId[] = [];
    for (let k = 0; k < 5; k++) {
      const b = world.createBody({ position: [s * 4, 0.5 + k] });
      world.createShape(b, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5 });
      ids.push(b);
    }
    stacks.push(ids);
  }
  let joint: ReturnType<World['createJoint']> | null = null;
  const script = (step: number): void => {
    if (step === 150) world.applyLinearImpulse(stacks[0]![4]!, [3, 0]);
    if (step === 170) world.destroyBody(stacks[1]![2]!);
    if (step === 190)
      joint = world.createJoint({
        kind: 'distance',
        bodyA: stacks[2]![4]!,
        bodyB: stacks[0]![0]!,
        length: 4,
      });
    if (step === 230 && joint !== null) world.destroyJoint(joint);
    if (step === 260) world.setAwake(stacks[2]![0]!, false);
  };
  return { world, script };
}
