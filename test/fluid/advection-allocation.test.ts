import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { SmokeSim } from '../../src/fluid/smoke.js';

/**
 * "No allocation inside step once warm" for the conservative (flux-corrected) smoke advection, in a
 * file of its own and without on-stack replacement, as the rigid2d allocation test does: other
 * simulations' first steps in the same process deoptimise code this one warmed up, and a loop that
 * deoptimised early may otherwise stay unoptimised (boxing every double) for hundreds of steps.
 */
setFlagsFromString('--no-use-osr');
// and without inlining, so what is measured does not depend on which function V8 optimised first
setFlagsFromString('--no-turbo-inlining');

describe("'conservative' advection allocates nothing per warm step", () => {
  it('2D smoke (48², open top): heap grows by under 2 KB per warm step', () => {
    const sim = new SmokeSim({
      nx: 48,
      ny: 48,
      open: { yMax: true },
      scalarAdvection: 'conservative',
      sources: [{ x: 0.5, y: 0.1, radius: 0.1, density: 1, temperature: 1 }],
    });
    for (let s = 0; s < 120; s++) sim.step(1 / 60);
    // under load the optimising compiler (a background thread) may finish late: keep measuring
    // windows until one is clean and under the bound, up to 40 windows
    let least = Number.POSITIVE_INFINITY;
    for (let window = 0; window < 40 && !(least < 2048); window++) {
      const first = process.memoryUsage().heapUsed;
      let last = first;
      let clean = true;
      for (let s = 0; s < 10; s++) {
        sim.step(1 / 60);
        const now = process.memoryUsage().heapUsed;
        if (now < last) clean = false;
        last = now;
      }
      if (clean) least = Math.min(least, (last - first) / 10);
    }
    expect(sim.totalSmoke()).toBeGreaterThan(0);
    expect(least).toBeLessThan(2048);
  });
});
