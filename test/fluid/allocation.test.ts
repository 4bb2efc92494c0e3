import { describe, expect, it } from 'vitest';
import { SmokeSim, type SmokeOptions } from '../../src/fluid/smoke.js';

/**
 * "No allocation inside step once warmed up" (DESIGN.md): the smoke step works in preallocated
 * typed arrays. Measured as the growth of the V8 heap over many warm steps; a garbage collection
 * in between can only lower the figure, so this can miss garbage but never invent it. The bound
 * is per step and loose enough for the odd optimised-code object V8 may still add; the first
 * wave's step made about 7 KB of garbage per step at 64² (and ~40 KB at 24³), mostly boxed
 * doubles from non-inlined sampling calls in the advection.
 */
function heapGrowthPerStep(options: SmokeOptions, warm: number, steps: number): number {
  const sim = new SmokeSim(options);
  for (let s = 0; s < warm; s++) sim.step(1 / 60);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage().heapUsed;
  for (let s = 0; s < steps; s++) sim.step(1 / 60);
  const after = process.memoryUsage().heapUsed;
  // the plume did run: smoke left the source region
  expect(sim.totalSmoke()).toBeGreaterThan(0);
  return (after - before) / steps;
}

const plume = {
  open: { yMax: true },
  solver: 'mgpcg',
  vorticity: 2,
  buoyancyTemperature: 0.5,
  sources: [{ x: 0.5, y: 0.1, z: 0.5, radius: 0.1, density: 1, temperature: 1 }],
} satisfies Partial<SmokeOptions>;

describe('smoke step allocation (issue 6: no allocation per step)', () => {
  it('2D smoke (64², MGPCG): heap grows by under 1 KB per warm step', () => {
    expect(heapGrowthPerStep({ nx: 64, ny: 64, ...plume }, 40, 150)).toBeLessThan(1024);
  });

  it('3D smoke (16³, MGPCG): heap grows by under 1 KB per warm step', () => {
    expect(heapGrowthPerStep({ nx: 16, ny: 16, nz: 16, ...plume }, 100, 25)).toBeLessThan(1024);
  });
});
