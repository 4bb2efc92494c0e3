import { describe, expect, it } from 'vitest';
import { type SmokeOptions, SmokeSim } from '../../src/fluid/smoke.js';

/**
 * "No allocation in `step` once warm" (docs/design.md): the smoke step works in preallocated
 * typed arrays. Measured as the growth of the V8 heap over a window of warm steps, reading the
 * heap after every step: a window in which the heap ever shrank saw a garbage collection and is
 * not counted. The JIT may still be re-optimising some function in one window (allocating while
 * it runs unoptimised), so the steady state is the least growth over the clean windows. The
 * figure includes what the heap probe itself allocates (a small object per step). The first
 * wave's step failed this by far (about 400 KB per step at 64² under vitest; at 16³ no window
 * was even free of collections), mostly doubles boxed by sampling calls V8 did not inline.
 */
function heapGrowthPerStep(options: SmokeOptions, warm: number, steps: number): number {
  const sim = new SmokeSim(options);
  for (let s = 0; s < warm; s++) sim.step(1 / 60);
  let least = Number.POSITIVE_INFINITY;
  for (let window = 0; window < 12; window++) {
    const first = process.memoryUsage().heapUsed;
    let last = first;
    let clean = true;
    for (let s = 0; s < steps; s++) {
      sim.step(1 / 60);
      const now = process.memoryUsage().heapUsed;
      if (now < last) clean = false;
      last = now;
    }
    if (clean) least = Math.min(least, (last - first) / steps);
  }
  // the plume did run: there is smoke in the box
  expect(sim.totalSmoke()).toBeGreaterThan(0);
  // at least one window was free of garbage collections (else there is nothing to judge)
  expect(least).toBeLessThan(Number.POSITIVE_INFINITY);
  return least;
}

const plume = {
  open: { yMax: true },
  solver: 'mgpcg',
  vorticity: 2,
  buoyancyTemperature: 0.5,
  sources: [{ x: 0.5, y: 0.1, z: 0.5, radius: 0.1, density: 1, temperature: 1 }],
} satisfies Partial<SmokeOptions>;

describe('smoke step allocation (no allocation per step once warmed up)', () => {
  it('2D smoke (64², MGPCG): heap grows by under 2 KB per warm step', () => {
    expect(heapGrowthPerStep({ nx: 64, ny: 64, ...plume }, 40, 10)).toBeLessThan(2048);
  });

  it('3D smoke (16³, MGPCG): heap grows by under 2 KB per warm step', () => {
    expect(heapGrowthPerStep({ nx: 16, ny: 16, nz: 16, ...plume }, 60, 8)).toBeLessThan(2048);
  });
});
