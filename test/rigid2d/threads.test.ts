/**
 * The multi-threaded solve (solver-threads.ts): the state is bit-identical for 1, 2 and 4 threads
 * (the calling thread and 0, 1, 3 workers) on a pyramid, a jointed scene and a scene that sleeps,
 * wakes and changes; without shared memory or a thread factory the world solves on one thread and
 * says why; `dispose()` stops the workers (the test process does not hang on them).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { World, WorldDef } from '../../src/rigid2d/index.js';
import { nodeSolverThreads } from '../../src/sim/node-threads.js';
import { groundWorld, pyramid } from './helpers.js';
import { jointScene, pyramidScene, sleepScene } from './scenes-threads.js';

const threads = nodeSolverThreads();
const live: World[] = [];

/** Waits (at most 60 s: a worker compiles the sources first) until the world's workers hold its arrays. */
async function ready(world: World): Promise<void> {
  if (!live.includes(world)) live.push(world);
  const until = Date.now() + 60_000;
  while (world.threads.readyWorkers < world.threads.requested - 1 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(world.threads.readyWorkers).toBe(world.threads.requested - 1);
}

afterAll(() => {
  for (const w of live) w.dispose();
});

type Scene = (def: WorldDef) => { world: World; script?: (step: number) => void };

async function hashes(scene: Scene, workerCount: number, steps: number): Promise<string[]> {
  const { world, script } = scene({ workerCount, threads });
  // the first step binds the arrays; the workers take them while the test waits
  script?.(0);
  world.step(1 / 60);
  if (workerCount > 1) await ready(world);
  const out = [world.stateHash()];
  for (let s = 1; s < steps; s++) {
    script?.(s);
    world.step(1 / 60);
    // a step whose arrays grew runs on the calling thread and sends the workers the new ones; wait
    // until they hold them, so how many steps run on all threads does not depend on the load
    if (workerCount > 1 && world.threads.readyWorkers < workerCount - 1) await ready(world);
    if (s % 20 === 0) out.push(world.stateHash());
  }
  out.push(world.stateHash());
  if (workerCount > 1) {
    expect(world.threads.threads).toBe(workerCount);
    // a step right after the arrays grew runs on the calling thread while the workers take the
    // new ones (the same state either way); most steps run on all threads
    expect(world.threads.parallelSteps).toBeGreaterThan((steps - 1) / 2);
  }
  world.dispose();
  return out;
}

const SCENES: [string, Scene, number][] = [
  ['pyramid (base 12)', (def) => ({ world: pyramidScene(def) }), 200],
  ['chain and joint grid with boxes', (def) => ({ world: jointScene(def) }), 200],
  ['stacks that sleep, wake, lose a box and gain a joint', (def) => sleepScene(def), 320],
];

describe('rigid2d multi-threaded solve', () => {
  for (const [name, scene, steps] of SCENES) {
    it(`${name}: the same state bit for bit on 1, 2 and 4 threads`, async () => {
      const one = await hashes(scene, 1, steps);
      expect(await hashes(scene, 2, steps)).toEqual(one);
      expect(await hashes(scene, 4, steps)).toEqual(one);
    }, 180_000);
  }

  it('falls back to one thread, and says why, without SharedArrayBuffer or a thread factory', () => {
    const g = globalThis as { SharedArrayBuffer?: unknown };
    const sab = g.SharedArrayBuffer;
    try {
      g.SharedArrayBuffer = undefined;
      const world = pyramidScene({ workerCount: 4, threads }, 5);
      expect(world.threads.threads).toBe(1);
      expect(world.threads.reason).toMatch(/SharedArrayBuffer/);
      world.step(1 / 60);
    } finally {
      g.SharedArrayBuffer = sab;
    }
    const noFactory = pyramidScene({ workerCount: 2 }, 5);
    expect(noFactory.threads.threads).toBe(1);
    expect(noFactory.threads.reason).toMatch(/thread factory/);
    // the fallback solves in the same colour order: the state is the threaded state
    const threaded = pyramidScene({ workerCount: 1 }, 5);
    for (let s = 0; s < 30; s++) {
      noFactory.step(1 / 60);
      threaded.step(1 / 60);
    }
    expect(noFactory.stateHash()).toBe(threaded.stateHash());
  });

  it('a step with fewer constraints than the threshold stays on the calling thread, with the same state', async () => {
    const small = groundWorld({ workerCount: 2, threads, enableSleep: false }).world;
    const alone = groundWorld({ workerCount: 1, enableSleep: false }).world;
    pyramid(small, 6);
    pyramid(alone, 6);
    small.step(1 / 60);
    alone.step(1 / 60);
    await ready(small);
    for (let s = 0; s < 30; s++) {
      small.step(1 / 60);
      alone.step(1 / 60);
    }
    expect(small.lastStep.activeContacts).toBeLessThan(1024);
    expect(small.threads.parallelSteps).toBe(0);
    expect(small.stateHash()).toBe(alone.stateHash());
  }, 120_000);

  it('dispose() stops the workers; the world goes on alone with the same state', async () => {
    const a = pyramidScene({ workerCount: 2, threads }, 8);
    const b = pyramidScene({ workerCount: 1 }, 8);
    a.step(1 / 60);
    b.step(1 / 60);
    await ready(a);
    for (let s = 0; s < 20; s++) {
      a.step(1 / 60);
      b.step(1 / 60);
    }
    a.dispose();
    expect(a.threads.threads).toBe(1);
    expect(a.threads.reason).toBe('disposed');
    for (let s = 0; s < 20; s++) {
      a.step(1 / 60);
      b.step(1 / 60);
    }
    expect(a.stateHash()).toBe(b.stateHash());
    expect(() => pyramidScene({ workerCount: -1 })).toThrow(/workerCount/);
  }, 120_000);
});
