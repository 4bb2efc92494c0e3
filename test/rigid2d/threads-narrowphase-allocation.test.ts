import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { nodeSolverThreads } from '../../src/sim/node-threads.js';
import { steadyHeapGrowthPerCall } from '../support/steady-heap.js';
import { pyramidScene } from './scenes-threads.js';

/**
 * The narrowphase on the solver threads (narrowphase-threads.ts) allocates nothing per warm step
 * on the calling thread: the listed pairs, their transforms and manifolds go through shared typed
 * arrays, no message is posted while the shapes stay the same. Measured like the other allocation
 * tests: the least heap growth over clean windows of warm steps, one world per file, without
 * on-stack replacement.
 */
setFlagsFromString('--no-use-osr');

describe('rigid2d threaded narrowphase allocation', () => {
  it('a warm base-20 pyramid colliding its pairs on 2 threads: the calling thread’s heap grows by under 2 KB per step', async () => {
    const world = pyramidScene({ workerCount: 2, threads: nodeSolverThreads() }, 20);
    const runner = world.scratch.threads as unknown as {
      minPairs: number;
      parallelNarrowphases: number;
      narrowphase: { count: number };
    };
    runner.minPairs = 0;
    world.step(1 / 60);
    const until = Date.now() + 60_000;
    while (world.threads.readyWorkers < 1 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(world.threads.readyWorkers).toBe(1);
    world.step(1 / 60);
    const before = runner.parallelNarrowphases;
    const growth = steadyHeapGrowthPerCall(() => world.step(1 / 60), { warm: 200, calls: 20, bound: 2048 });
    // every measured step collided its listed pairs on both threads (the side contacts carry no load)
    expect(runner.parallelNarrowphases - before).toBeGreaterThan(200);
    expect(runner.narrowphase.count).toBeGreaterThan(10);
    world.dispose();
    expect(growth).toBeLessThan(2048);
  }, 120_000);
});
