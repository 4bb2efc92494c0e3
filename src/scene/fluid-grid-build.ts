/**
 * Building a `rikigaku/fluid-grid@1` scene: the `SmokeSim` of a validated scene (see
 * fluid-grid-format.ts). The simulation checks what needs the grid (a source's centre inside it,
 * obstacle sizes); its errors are re-labelled as scene errors with the scene's paths.
 */
import { PhysicsError } from '../core/errors.js';
import { SmokeSim } from '../fluid/smoke.js';
import type { FluidGridScene } from './fluid-grid-format.js';

/** Creates the simulation of a validated scene. */
export function buildFluidGridSim(scene: FluidGridScene): SmokeSim {
  try {
    return new SmokeSim(scene.options);
  } catch (e) {
    if (e instanceof PhysicsError) {
      throw new PhysicsError(
        'invalid-scene',
        e.message.replace(/^smoke\./, 'scene.').replace(/^grid\./, 'scene.grid.'),
      );
    }
    throw e;
  }
}
