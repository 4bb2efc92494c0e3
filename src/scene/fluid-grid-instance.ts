/**
 * A running `rikigaku/fluid-grid@1` scene: `loadFluidGridScene` (registered for
 * `rikigaku run scene.json`) validates, builds and returns a `SmokeInstance` — smoke, or fire
 * when the scene asks for it — that steps, draws and takes the pointer like the fluid demos.
 */
import { buildFluidGridSim } from './fluid-grid-build.js';
import { parseFluidGridScene } from './fluid-grid-format.js';
import { SmokeInstance } from './smoke-instance.js';

/** The `rikigaku/fluid-grid@1` scene loader: validate, build, and run. */
export function loadFluidGridScene(json: unknown, loadOptions?: { dt?: number }): SmokeInstance {
  const scene = parseFluidGridScene(json);
  const sim = buildFluidGridSim(scene);
  return new SmokeInstance(sim, loadOptions?.dt ?? scene.dt, scene.fire ? 'fire' : 'smoke');
}
