import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { steadyHeapGrowthPerCall } from '../support/steady-heap.js';
import { groundWorld, pyramid } from './helpers.js';

/**
 * "No allocation inside step once warmed up" (docs/design.md): the rigid2d step works in the
 * stores' typed arrays and the solver's reused scratch. Measured as the growth of the V8 heap
 * over a window of warm steps of a standing pyramid (base 20, 210 boxes, sleeping off so every
 * body and contact is solved every step), reading the heap after every step: a window in which the
 * heap ever shrank saw a garbage collection and is not counted. The JIT may still be re-optimising
 * some function in one window, so the steady state is the least growth over the clean windows, less
 * what the heap probe itself allocates (test/support/steady-heap.ts). The figure includes the step
 * profile's clock reads (about 100 bytes per step, profile.ts). One small object per body and
 * step (210 × 32 bytes) would be over the bound; so is the ~40 KB per step the same step costs
 * while its hot loops run unoptimised (every double boxed).
 */
// Judge the step, not the JIT's luck: with on-stack replacement, a solver pass that deoptimised
// early (a branch it had not yet seen) can stay in unoptimised code for hundreds of steps, boxing
// every double (~40 KB per step). Without OSR the pass is re-optimised as a whole within a few steps.
setFlagsFromString('--no-use-osr');

describe('rigid2d step allocation (no allocation per step once warm)', () => {
  // one world per process: a second world's first steps deoptimise code the first one warmed up
  // (V8 code dependencies on the stores' shapes), and the figure would judge the JIT, not the step
  it('a warm base-20 pyramid (sleeping off): heap grows by under 2 KB per step', () => {
    const { world } = groundWorld({ enableSleep: false });
    const ids = pyramid(world, 20);
    // measured until the JIT has settled (bounded rounds), the probe's own cost taken off: steady-heap.ts
    const growth = steadyHeapGrowthPerCall(() => world.step(1 / 60), {
      warm: 200,
      calls: 20,
      windows: 12,
      bound: 2048,
    });
    // the pyramid did run and is still standing: every body awake, contacts solved, profile filled
    expect(world.lastStep.awakeBodies).toBe(ids.length);
    expect(world.lastStep.activeContacts).toBeGreaterThan(300);
    expect(world.profile.step).toBeGreaterThan(0);
    expect(growth).toBeLessThan(2048);
  });
});
