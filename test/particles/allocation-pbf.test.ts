/**
 * "No allocation inside step once warm" for PBF: the least heap growth over windows of warm steps
 * free of collections (test/support/steady-heap.ts), one simulation per file (another simulation's
 * first steps would deoptimise the code this one warmed up), without on-stack replacement.
 */
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { PbfSet } from '../../src/particles/pbf.js';
import type { SolveContext } from '../../src/xpbd/constraint.js';
import { XpbdWorld } from '../../src/xpbd/solver.js';
import { steadyHeapGrowthPerCall } from '../support/steady-heap.js';

setFlagsFromString('--no-use-osr');
// without inlining, so the measurement does not depend on which function the optimiser took first
setFlagsFromString('--no-turbo-inlining');

describe('PBF step allocation', () => {
  it("the fluid's passes of a warm substep (neighbours, 3 sweeps, XSPH and vorticity) allocate nothing", () => {
    const world = new XpbdWorld({ substeps: 2, iterations: 3 });
    const f = world.add(
      new PbfSet(world.particles, {
        dim: 2,
        spacing: 0.02,
        domain: { min: [0, 0], max: [0.4, 0.4] },
        vorticity: 0.01,
      }),
    );
    f.addBlock([0, 0], [0.16, 0.3]);
    for (let s = 0; s < 30; s++) world.step(1 / 60);
    // the set's own work of one substep, on the world's solve context (the XPBD world's step
    // itself is not measured here: it is the same with or without a fluid)
    const ctx = (world as unknown as { ctx: SolveContext }).ctx;
    const substep = () => {
      f.resetLambda();
      for (let it = 0; it < 3; it++) f.solve(ctx, null, 0, f.size());
      f.velocityPass(ctx);
    };
    const perCall = steadyHeapGrowthPerCall(substep, { warm: 60, calls: 8, bound: 64 });
    expect(perCall).toBeLessThan(64);
  });
});
