import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { hangingJointChain } from '../support/rigid2d-joint-chain.js';
import { steadyHeapGrowthPerCall } from '../support/steady-heap.js';

/**
 * "No allocation inside step once warmed up" (docs/design.md) with joints: a hanging chain of 100
 * revolute links (limits on, a holding motor at the top) plus a prismatic slider and a weld,
 * sleeping off, measured like allocation.test.ts — the least heap growth per step over the windows
 * free of garbage collection. The scene hangs at rest: a moving body's broadphase proxy update
 * boxes its arguments (world.ts), which this test does not judge.
 */
setFlagsFromString('--no-use-osr');

describe('rigid2d step allocation with joints', () => {
  it('a warm 100-link chain: heap grows by under 40 bytes per joint and step', () => {
    const world = hangingJointChain();
    // measured in rounds until the step is optimised (test/support/steady-heap.ts)
    const least = steadyHeapGrowthPerCall(() => world.step(1 / 60), {
      warm: 200,
      calls: 20,
      windows: 12,
      bound: 40 * 102,
    });
    // measured: about 3.2 KB per step for the 102 joints (≈ 31 bytes per joint and step after 200
    // steps: functions called once a step — the prismatic and weld joints' prepare and readout,
    // the contact passes with no contact — still run unoptimised and box their numbers; after
    // 3,000 steps it is ≈ 5 bytes, see perf-joints-allocation.test.ts) — bounded here so it cannot
    // grow unnoticed
    expect(least).toBeLessThan(40 * 102);
    expect(world.jointCount).toBe(102);
  });
});
