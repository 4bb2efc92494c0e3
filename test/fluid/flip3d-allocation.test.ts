import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { FlipSim3D } from '../../src/fluid/flip3d.js';
import { steadyHeapGrowthPerCall } from '../support/steady-heap.js';

/**
 * "No allocation inside step once warm", in a file of its own (one simulation per process), without
 * on-stack replacement: the least heap growth over windows of steps that saw no garbage collection.
 */
setFlagsFromString('--no-use-osr');
// and without inlining, so the figure does not depend on which function the (load-dependent) compiler
// optimised first: a double crossing a call left out of line is boxed (see test/mpm/allocation3d.test.ts).
setFlagsFromString('--no-turbo-inlining');

describe('FlipSim3D step allocation', () => {
  it('allocates nothing per warm step (APIC dam break with push-apart and reseeding, MGPCG)', () => {
    const sim = new FlipSim3D({ nx: 14, ny: 10, nz: 8, h: 0.1, transfer: 'apic' });
    const h = sim.h;
    sim.addBlock([h, h, h], [0.6, 0.7, sim.depth - h]);
    const perStep = steadyHeapGrowthPerCall(() => sim.step(1 / 60), { warm: 60, calls: 10, bound: 256 });
    expect(perStep).toBeLessThan(256);
  });
});
