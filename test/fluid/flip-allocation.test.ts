import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { FlipSim2D } from '../../src/fluid/flip2d.js';
import { steadyHeapGrowthPerCall } from '../support/steady-heap.js';

/**
 * "No allocation inside step once warm" for the 2D FLIP liquid (a 60 × 40 dam break, 3,072
 * particles): measured in rounds until V8 has optimised the step (test/support/steady-heap.ts), one
 * simulation in this file and without on-stack replacement (see test/mpm/allocation.test.ts). A
 * fixed warm-up judged once failed on a loaded machine while the step was still unoptimised.
 */
setFlagsFromString('--no-use-osr');
// and without inlining, so the figure does not depend on which function the (load-dependent) compiler
// optimised first: a double crossing a call left out of line is boxed (see test/mpm/allocation3d.test.ts).
setFlagsFromString('--no-turbo-inlining');

describe('FLIP 2D allocation', () => {
  it('allocates nothing in a warm step (heap grows by under 2 KB per step)', () => {
    const sim = new FlipSim2D({ nx: 62, ny: 42, h: 1 / 40 });
    const h = sim.h;
    sim.addBlock(h, h, h + 0.4 * (sim.width - 2 * h), h + 0.8 * (sim.height - 2 * h));
    const perStep = steadyHeapGrowthPerCall(() => sim.step(1 / 60), {
      warm: 40,
      calls: 8,
      windows: 12,
      bound: 2048,
    });
    expect(perStep).toBeLessThan(2048);
  });
});
