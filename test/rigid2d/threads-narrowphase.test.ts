/**
 * The narrowphase on the solver's threads (narrowphase-threads.ts): the pairs the collide loop will
 * collide are split in fixed blocks between 1, 2 and 4 threads, each writing its pairs' manifolds
 * into shared arrays; the loop takes them in its own order. The state hash and the begin/end/sensor
 * events of every step are the same bit for bit on 1, 2 and 4 threads, on a pyramid, a jointed
 * scene and a scene whose contacts begin and end all the time (bouncing balls, boxes sliding off
 * a ramp over a gap, a sensor, bodies created and destroyed while it runs).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { World, WorldDef } from '../../src/rigid2d/index.js';
import { nodeSolverThreads } from '../../src/sim/node-threads.js';
import { ground, jointScene, pyramidScene } from './scenes-threads.js';

const threads = nodeSolverThreads();
const live: World[] = [];

afterAll(() => {
  for (const w of live) w.dispose();
});

/** The world's thread pool, with its thresholds at zero so that even small steps run threaded. */
function pool(world: World): { parallelNarrowphases: number } | null {
  const runner = world.scratch.threads as unknown as {
    minConstraints: number;
    minPairs: number;
    parallelNarrowphases: number;
  } | null;
  if (runner !== null) {
    runner.minConstraints = 0;
    runner.minPairs = 0;
  }
  return runner;
}

/** Waits (at most 60 s: a worker compiles the sources first) until the world's workers hold its arrays. */
async function ready(world: World): Promise<void> {
  if (!live.includes(world)) live.push(world);
  const until = Date.now() + 60_000;
  while (world.threads.readyWorkers < world.threads.requested - 1 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(world.threads.readyWorkers).toBe(world.threads.requested - 1);
}

/** Balls that bounce, boxes that slide off a ramp over a gap, a sensor; bodies come and go. */
function bounceScene(def: WorldDef): { world: World; script: (step: number) => void } {
  const world = ground({ enableSleep: false, ...def });
  const ramp = world.createBody({ type: 'static', position: [-6, 4], angle: -0.35 });
  world.createShape(ramp, { kind: 'box', halfWidth: 4, halfHeight: 0.2 });
  const sensor = world.createBody({ type: 'static', position: [0, 1] });
  world.createShape(sensor, { kind: 'box', halfWidth: 1.5, halfHeight: 1, isSensor: true });
  const made: ReturnType<World['createBody']>[] = [];
  for (let i = 0; i < 12; i++) {
    const b = world.createBody({ position: [-3 + 0.6 * i, 3 + 0.9 * (i % 4)], bullet: false });
    world.createShape(b, { kind: 'circle', radius: 0.25, restitution: 0.7 });
    made.push(b);
  }
  const script = (step: number): void => {
    if (step % 15 === 0 && step < 240) {
      const b = world.createBody({ position: [-8 + 0.3 * ((step / 15) % 3), 6.5], angle: 0.1 * (step % 7) });
      world.createShape(b, { kind: 'box', halfWidth: 0.3, halfHeight: 0.2, friction: 0.2 });
      made.push(b);
    }
    if (step % 40 === 20 && made.length > 4) world.destroyBody(made.splice(2, 1)[0]!);
  };
  return { world, script };
}

/** The pairs of an event list by shape slot (a shape id also carries its world's number). */
function pairs(list: readonly { shapeA: unknown; shapeB: unknown }[]): string {
  return list.map((x) => `${(x.shapeA as number) & 0xfffff}:${(x.shapeB as number) & 0xfffff}`).join(',');
}

type Scene = (def: WorldDef) => { world: World; script?: (step: number) => void };

/** The state hash every 10 steps and a digest of every step's events. */
async function run(
  scene: Scene,
  workerCount: number,
  steps: number,
): Promise<{ hashes: string[]; events: string[] }> {
  const { world, script } = scene({ workerCount, threads });
  const p = pool(world);
  script?.(0);
  world.step(1 / 60);
  if (workerCount > 1) await ready(world);
  const hashes = [world.stateHash()];
  const events: string[] = [];
  let begins = 0;
  let ends = 0;
  for (let s = 1; s < steps; s++) {
    // after new shapes or grown arrays the workers take them (that step collides alone): wait for them
    if (workerCount > 1 && world.threads.readyWorkers < workerCount - 1) await ready(world);
    script?.(s);
    world.step(1 / 60);
    const e = world.events();
    begins += e.begin.length;
    ends += e.end.length;
    events.push(`${pairs(e.begin)}|${pairs(e.end)}|${e.sensorBegin.length},${e.sensorEnd.length}`);
    if (s % 10 === 0) hashes.push(world.stateHash());
  }
  hashes.push(world.stateHash());
  if (workerCount > 1) {
    expect(world.threads.threads).toBe(workerCount);
    // most steps collide their pairs on all threads (a step that finds new shapes or arrays runs alone)
    expect(p!.parallelNarrowphases).toBeGreaterThan(steps / 2);
  }
  events.push(`begins ${begins} ends ${ends}`);
  world.dispose();
  return { hashes, events };
}

const SCENES: [string, Scene, number][] = [
  ['pyramid (base 12)', (def) => ({ world: pyramidScene(def) }), 120],
  ['chain and joint grid with boxes', (def) => ({ world: jointScene(def) }), 150],
  ['bouncing balls, boxes off a ramp, a sensor, bodies made and destroyed', bounceScene, 300],
];

describe('rigid2d narrowphase on the solver threads', () => {
  for (const [name, scene, steps] of SCENES) {
    it(`${name}: the same state and events bit for bit on 1, 2 and 4 threads`, async () => {
      const one = await run(scene, 1, steps);
      const two = await run(scene, 2, steps);
      expect(two.hashes).toEqual(one.hashes);
      expect(two.events).toEqual(one.events);
      const four = await run(scene, 4, steps);
      expect(four.hashes).toEqual(one.hashes);
      expect(four.events).toEqual(one.events);
    }, 180_000);
  }

  it('the contact scene really begins and ends contacts', async () => {
    const { events } = await run(bounceScene, 1, 300);
    const [, b, , e] = events[events.length - 1]!.split(' ').map(Number);
    expect(b).toBeGreaterThan(50);
    expect(e).toBeGreaterThan(30);
  }, 60_000);
});
