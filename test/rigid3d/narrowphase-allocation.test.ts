import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { steadyHeapGrowthPerCall } from '../support/steady-heap.js';
import { groundWorld, pyramid3 } from './helpers.js';

/**
 * The whole 3D step of a box pyramid, narrowphase included, allocates nothing once warm. The box
 * contacts (SAT, box faces and edges, clipping, reduction to 4 points) used to allocate about
 * 200 bytes per contact and step: each double handed to a function the optimiser did not inline
 * was boxed (500 KB per step on the base-10 pyramid). One simulation per file (see steady-heap.ts).
 */
setFlagsFromString('--no-use-osr');
// and without inlining, so the figure does not depend on which function the (load-dependent) compiler
// optimised first: a double crossing a call left out of line is boxed (see test/mpm/allocation3d.test.ts).
setFlagsFromString('--no-turbo-inlining');

describe('rigid3d whole-step allocation', () => {
  it('a warm base-6 box pyramid (91 cubes, about 500 box contacts, sleeping off): under 2 KB per whole step', () => {
    const { world } = groundWorld({ enableSleep: false });
    const ids = pyramid3(world, 6);
    const growth = steadyHeapGrowthPerCall(() => world.step(1 / 60), {
      warm: 300,
      calls: 10,
      windows: 12,
      bound: 2048,
    });
    expect(world.lastStep.awakeBodies).toBe(ids.length);
    expect(world.lastStep.activeContacts).toBeGreaterThan(300);
    expect(growth).toBeLessThan(2048);
  });
});
