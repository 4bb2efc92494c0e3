/**
 * Ready-made smoke setups. `seedPlumeOptions` is the toy plume of textbook §26.4 (72×112 cells,
 * semi-Lagrangian advection, buoyancy, a little vorticity confinement, 60 Jacobi iterations per
 * step): a hot source at the bottom whose smoke rises as a column and rolls up into a mushroom
 * head, shown at 60, 120, 180 and 240 steps of 1/60 s. The domain is 72/112 m wide and 1 m high.
 */
import type { SmokeOptions } from './smoke.js';

/** Frame step in seconds of the textbook's toy plume. */
export const SEED_PLUME_DT = 1 / 60;

/** The toy smoke plume of textbook §26.4 (72×112 cells, 60 Jacobi iterations, buoyancy, vorticity confinement); `overrides` replace any option. */
export function seedPlumeOptions(overrides: Partial<SmokeOptions> = {}): SmokeOptions {
  return {
    nx: 72,
    ny: 112,
    solver: 'jacobi',
    pressureIterations: 60,
    tolerance: 0,
    velocityAdvection: 'semi-lagrangian',
    scalarAdvection: 'semi-lagrangian',
    buoyancyDensity: 0.05,
    buoyancyTemperature: 0.4,
    vorticity: 3,
    sources: [{ x: 36 / 112, y: 0.08, radius: 0.045, density: 1, temperature: 1 }],
    ...overrides,
  };
}

/** The same plume with the fast, less dissipative choices: MGPCG to 1e-5 and MacCormack. */
export function modernPlumeOptions(overrides: Partial<SmokeOptions> = {}): SmokeOptions {
  return seedPlumeOptions({
    solver: 'mgpcg',
    pressureIterations: 200,
    tolerance: 1e-5,
    velocityAdvection: 'maccormack',
    scalarAdvection: 'maccormack',
    ...overrides,
  });
}
