/**
 * "No allocation inside step once warm" for DFSPH: the least heap growth over windows of warm steps
 * free of collections (test/support/steady-heap.ts), one simulation per file (another simulation's
 * first steps would deoptimise the code this one warmed up), without on-stack replacement.
 */
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { SphFluid } from '../../src/particles/sph.js';
import { steadyHeapGrowthPerCall } from '../support/steady-heap.js';

setFlagsFromString('--no-use-osr');
// without inlining, so the measurement does not depend on which function the optimiser took first
setFlagsFromString('--no-turbo-inlining');

describe('DFSPH step allocation', () => {
  it('allocates nothing per warm step (a small dam break, 2 substeps)', () => {
    const f = new SphFluid({ dim: 2, spacing: 0.02, domain: { min: [0, 0], max: [0.4, 0.4] }, substeps: 2 });
    f.addBlock([0, 0], [0.16, 0.3]);
    const perStep = steadyHeapGrowthPerCall(() => f.step(1 / 60), { warm: 60, calls: 8, bound: 64 });
    expect(perStep).toBeLessThan(64);
  });
});
