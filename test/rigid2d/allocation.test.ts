import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import type { World } from '../../src/rigid2d/index.js';
import { groundWorld, pyramid } from './helpers.js';

/**
 * "No allocation inside step once warmed up" (docs/design.md): the rigid2d step works in the
 * stores' typed arrays and the solver's reused scratch. Measured as the growth of the V8 heap
 * over a window of warm steps of a standing pyramid (base 20, 210 boxes, sleeping off so every
 * body and contact is solved every step), reading the heap after every step: a window in which the
 * heap ever shrank saw a garbage collection and is not counted. The JIT may still be re-optimising
 * some function in one window, so the steady state is the least growth over the clean windows. The
 * figure includes what the heap probe itself allocates and the step profile's clock reads (about
 * 100 bytes per step, profile.ts): about 500 bytes per step in all. One small object per body and
 * step (210 × 32 bytes) would be over the bound; so is the ~40 KB per step the same step costs
 * while its hot loops run unoptimised (every double boxed).
 */
function heapGrowthPerStep(world: World, warm: number, steps: number): number {
  for (let s = 0; s < warm; s++) world.step(1 / 60);
  let least = Number.POSITIVE_INFINITY;
  for (let window = 0; window < 12; window++) {
    const first = process.memoryUsage().heapUsed;
    let last = first;
    let clean = true;
    for (let s = 0; s < steps; s++) {
      world.step(1 / 60);
      const now = process.memoryUsage().heapUsed;
      if (now < last) clean = false;
      last = now;
    }
    if (clean) least = Math.min(least, (last - first) / steps);
  }
  // at least one window was free of garbage collections (else there is nothing to judge)
  expect(least).toBeLessThan(Number.POSITIVE_INFINITY);
  return least;
}

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
    const growth = heapGrowthPerStep(world, 200, 20);
    // the pyramid did run and is still standing: every body awake, contacts solved, profile filled
    expect(world.lastStep.awakeBodies).toBe(ids.length);
    expect(world.lastStep.activeContacts).toBeGreaterThan(300);
    expect(world.profile.step).toBeGreaterThan(0);
    expect(growth).toBeLessThan(2048);
  });
});
