import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { collide3d, updatePairs3 } from '../../src/rigid3d/contact.js';
import { finalizeBodies3 } from '../../src/rigid3d/finalize.js';
import type { World3 } from '../../src/rigid3d/index.js';
import { updateSleep3 } from '../../src/rigid3d/sleep.js';
import { solve3 } from '../../src/rigid3d/solver-step.js';
import { steadyHeapGrowthPerCall } from '../support/steady-heap.js';
import { groundWorld, pyramid3 } from './helpers.js';

/**
 * "No allocation inside step once warm" (docs/design.md) for the 3D step: the growth of the V8
 * heap over windows of warm calls, reading the heap after every call; a window in which the heap
 * shrank saw a collection and is not counted; the least growth over the clean windows is the
 * figure, less the probe's own allocation (test/support/steady-heap.ts); for whole steps it
 * includes the profile's clock reads.
 */
setFlagsFromString('--no-use-osr');
// the figures must not depend on which functions the optimiser inlines (that depends on the load)
setFlagsFromString('--no-turbo-inlining');

/** Every stage of the step but the narrowphase's geometry calls, as `World3.step` runs them. */
function stagesWithoutNarrowphase(world: World3): () => void {
  return () => {
    world.scratch.dt[0] = 1 / 60;
    world.stepEvents.clear();
    updatePairs3(world);
    solve3(world);
    finalizeBodies3(world);
    updateSleep3(world);
    world.stepCount++;
  };
}

describe('rigid3d step allocation', () => {
  it('a warm base-6 pyramid (91 cubes, sleeping off): pairs, solve, finalize and sleep grow the heap by under 1 KB per step', () => {
    const { world } = groundWorld({ enableSleep: false });
    const ids = pyramid3(world, 6);
    for (let s = 0; s < 100; s++) world.step(1 / 60);
    const growth = steadyHeapGrowthPerCall(stagesWithoutNarrowphase(world), {
      warm: 50,
      calls: 10,
      windows: 12,
      bound: 1024,
    });
    expect(world.lastStep.awakeBodies).toBe(ids.length);
    expect(world.lastStep.activeContacts).toBeGreaterThan(100);
    expect(growth).toBeLessThan(1024);
    // the collide stage (the world's own part: transforms, manifold update) is run too, so it stays warm
    collide3d(world);
  });

  it('a warm field of 100 balls resting on the ground: the whole step grows the heap by under 2 KB', () => {
    const { world } = groundWorld({ enableSleep: false });
    for (let i = 0; i < 10; i++)
      for (let j = 0; j < 10; j++) {
        const b = world.createBody({ position: [i * 1.5 - 7, 0.5, j * 1.5 - 7] });
        world.createShape(b, { kind: 'sphere', radius: 0.5 });
      }
    const growth = steadyHeapGrowthPerCall(() => world.step(1 / 60), {
      warm: 200,
      calls: 10,
      windows: 12,
      bound: 2048,
    });
    expect(world.lastStep.activeContacts).toBe(100);
    expect(growth).toBeLessThan(2048);
  });
});
