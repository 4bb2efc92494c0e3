import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { nodeSolverThreads } from '../../src/sim/node-threads.js';
import { steadyHeapGrowthPerCall } from '../support/steady-heap.js';
import { pyramidScene } from './scenes-threads.js';

/**
 * The threaded solve allocates nothing per warm step on the calling thread (solver-threads.ts):
 * the step's numbers go through shared typed arrays and the barriers are Atomics on them, no
 * message is posted once the workers hold the arrays. Measured like the single-thread allocation
 * test (allocation.test.ts): the least heap growth over clean windows of warm steps, one world per
 * file, without on-stack replacement.
 */
setFlagsFromString('--no-use-osr');

describe('rigid2d threaded step allocation', () => {
  it('a warm base-20 pyramid on 2 threads: the calling thread’s heap grows by under 2 KB per step', async () => {
    const world = pyramidScene({ workerCount: 2, threads: nodeSolverThreads() }, 20);
    world.step(1 / 60);
    const until = Date.now() + 60_000;
    while (world.threads.readyWorkers < 1 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(world.threads.readyWorkers).toBe(1);
    const before = world.threads.parallelSteps;
    const growth = steadyHeapGrowthPerCall(() => world.step(1 / 60), { warm: 200, calls: 20, bound: 2048 });
    // every measured step ran on both threads
    expect(world.threads.parallelSteps - before).toBeGreaterThan(200);
    world.dispose();
    expect(growth).toBeLessThan(2048);
  }, 120_000);
});
