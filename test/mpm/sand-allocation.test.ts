import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { MpmSim2D } from '../../src/mpm/mpm2d.js';
import { steadyHeapGrowthPerCall } from '../support/steady-heap.js';

/**
 * "No allocation inside step once warm" for sand (Drucker–Prager, Klár et al. 2016), whose return
 * mapping used to allocate about 17–30 bytes per particle per step (the projected singular values
 * passed as doubles to an out-of-line call, boxed on the heap). One simulation in this file,
 * without on-stack replacement (see allocation.test.ts).
 */
setFlagsFromString('--no-use-osr');

describe('MpmSim2D sand step allocation', () => {
  it('allocates nothing per warm step while a sand column collapses', () => {
    const sim = new MpmSim2D({ resolution: 64, dt: 2e-4, boundary: 'sticky' });
    const s = sim.addMaterial({ kind: 'sand', youngsModulus: 3.5e5, poissonsRatio: 0.3, density: 2200 });
    sim.addBox(0.3, 0.05, 0.7, 0.6, s);
    const perStep = steadyHeapGrowthPerCall(() => sim.step(), { warm: 300, calls: 30, bound: 64 });
    expect(perStep).toBeLessThan(64);
  });
});
