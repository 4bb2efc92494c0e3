import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { type SmokeOptions, SmokeSim } from '../../src/fluid/smoke.js';
import { steadyHeapGrowthPerCall } from '../support/steady-heap.js';

/**
 * "No allocation in `step` once warm" (docs/design.md): the smoke step works in preallocated
 * typed arrays. Measured as the growth of the V8 heap over windows of warm steps, reading the heap
 * after every step: a window in which the heap ever shrank saw a garbage collection and is not
 * counted, and the figure is the least growth over the clean windows, measured in rounds until the
 * JIT has optimised the step (test/support/steady-heap.ts: how soon it does depends on the
 * machine's load). One simulation per file (another simulation's first steps deoptimise the code
 * this one warmed up; the 2D plume is in allocation.test.ts), without on-stack replacement. The
 * first wave's step failed this by far (about 400 KB per step at 64² under vitest; at 16³ no
 * window was even free of collections), mostly doubles boxed by sampling calls V8 did not inline.
 */
setFlagsFromString('--no-use-osr');
// and without inlining, so what is measured does not depend on which function V8 optimised first
setFlagsFromString('--no-turbo-inlining');

function heapGrowthPerStep(options: SmokeOptions, warm: number, steps: number): number {
  const sim = new SmokeSim(options);
  const perStep = steadyHeapGrowthPerCall(() => sim.step(1 / 60), { warm, calls: steps, bound: 2048 });
  // the plume did run: there is smoke in the box
  expect(sim.totalSmoke()).toBeGreaterThan(0);
  // at least one window was free of garbage collections (else there is nothing to judge)
  expect(perStep).toBeLessThan(Number.POSITIVE_INFINITY);
  return perStep;
}

const plume = {
  open: { yMax: true },
  solver: 'mgpcg',
  vorticity: 2,
  buoyancyTemperature: 0.5,
  sources: [{ x: 0.5, y: 0.1, z: 0.5, radius: 0.1, density: 1, temperature: 1 }],
} satisfies Partial<SmokeOptions>;

describe('smoke step allocation (no allocation per step once warmed up)', () => {
  it('3D smoke (16³, MGPCG): heap grows by under 2 KB per warm step', () => {
    expect(heapGrowthPerStep({ nx: 16, ny: 16, nz: 16, ...plume }, 60, 8)).toBeLessThan(2048);
  });
});
