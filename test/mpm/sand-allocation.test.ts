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
// and without inlining: the step must box no double even when the compiler leaves every call out of
// line, so what it allocates does not depend on which function the (load-dependent, concurrent)
// compiler optimised first (CI once measured 16 KB per step here that no local run showed; the
// Hencky strain's scalar plog and its clamp boxed up to 48 bytes per sand particle when left out of
// line — with inlining off, the old code fails this test every time).
setFlagsFromString('--no-turbo-inlining');

describe('MpmSim2D sand step allocation', () => {
  it('allocates nothing per warm step while a sand column collapses', () => {
    const sim = new MpmSim2D({ resolution: 64, dt: 2e-4, boundary: 'sticky' });
    const s = sim.addMaterial({ kind: 'sand', youngsModulus: 3.5e5, poissonsRatio: 0.3, density: 2200 });
    sim.addBox(0.3, 0.05, 0.7, 0.6, s);
    const perStep = steadyHeapGrowthPerCall(() => sim.step(), { warm: 300, calls: 30, bound: 64 });
    expect(perStep).toBeLessThan(64);
  });
});
