import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { hangingJointChain } from '../support/rigid2d-joint-chain.js';
import { steadyHeapGrowthPerCall } from '../support/steady-heap.js';

/**
 * "No allocation inside step once warmed up" (docs/design.md) for the joint solver, warm in the
 * full sense: the 100-link chain of joints-allocation.test.ts (limits, a holding motor, a prismatic
 * slider and a weld) after 3,000 steps, when even the functions called once a step (a lone
 * prismatic or weld joint's prepare and readout, the joint softness) run optimised. The heap may
 * grow only by what the measurement itself allocates (process.memoryUsage returns a new object per
 * call): under 10 bytes per joint and step.
 */
setFlagsFromString('--no-use-osr');

describe('rigid2d joints: no allocation per step once warm', () => {
  it('a 100-link chain after 3,000 steps: heap grows by under 10 bytes per joint and step', () => {
    const world = hangingJointChain();
    // measured in rounds until the step is optimised (test/support/steady-heap.ts)
    const least = steadyHeapGrowthPerCall(() => world.step(1 / 60), {
      warm: 3000,
      calls: 20,
      windows: 12,
      bound: 10 * 102,
    });
    // measured ≈ 5 bytes per joint and step (≈ 500 B per step, most of it the measurement's own objects)
    expect(least).toBeLessThan(10 * 102);
    expect(world.jointCount).toBe(102);
  });
});
