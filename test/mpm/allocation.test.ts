import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { MpmSim2D } from '../../src/mpm/mpm2d.js';
import { steadyHeapGrowthPerCall } from '../support/steady-heap.js';

/**
 * "No allocation inside step once warm": measured as the rigid2d allocation test does — the least
 * heap growth over windows of steps that saw no garbage collection — in a file of its own (one
 * simulation per process: other simulations' first steps deoptimise the code this one warmed up),
 * without on-stack replacement (a loop that deoptimised early may otherwise stay unoptimised).
 */
setFlagsFromString('--no-use-osr');
// and without inlining: the step must box no double even when the compiler leaves every call out of
// line, so what it allocates does not depend on which function the (load-dependent, concurrent)
// compiler optimised first (CI once measured 16 KB per step here that no local run showed; the
// Hencky strain's scalar plog and its clamp boxed up to 48 bytes per sand particle when left out of
// line — with inlining off, the old code fails this test every time).
setFlagsFromString('--no-turbo-inlining');

describe('MpmSim2D step allocation', () => {
  // Sand is left out: its step still allocates about 15–30 bytes per particle (not found yet; the
  // return mapping's log/exp are optimised and inlined, see the closing notes).
  it('allocates nothing per warm step (jelly, snow, fluid)', () => {
    const sim = new MpmSim2D({ resolution: 64, dt: 2e-4 });
    const m = sim.addMaterial({ kind: 'snow' });
    const j = sim.addMaterial({ kind: 'jelly' });
    const f = sim.addMaterial({ kind: 'fluid' });
    sim.addBox(0.1, 0.2, 0.3, 0.4, m);
    sim.addBox(0.4, 0.2, 0.6, 0.4, j);
    sim.addBox(0.7, 0.2, 0.9, 0.4, f);
    // keeps measuring (bounded) until the JIT has optimised the step: see steady-heap.ts
    const perStep = steadyHeapGrowthPerCall(() => sim.step(), { warm: 300, calls: 30, bound: 64 });
    expect(perStep).toBeLessThan(64);
  });
});
