import type { DemoInstance } from '../core/demo-instance.js';
import { FLUID_GRID_FORMAT } from './fluid-grid-format.js';
import { loadFluidGridScene } from './fluid-grid-instance.js';
import { PARTICLES_FORMAT } from './particles-format.js';
import { loadParticlesScene } from './particles-instance.js';
import { RIGID2D_FORMAT } from './rigid2d-format.js';
import { loadRigid2dScene } from './rigid2d-instance.js';
import { loadRigid3dScene } from './rigid3d-build.js';
import { RIGID3D_FORMAT } from './rigid3d-format.js';

/**
 * Scene-file loaders by the file's `format` field (e.g. `rikigaku/rigid2d@1`).
 * A loader validates the parsed JSON (throwing PhysicsError 'invalid-scene' with the path of the
 * bad field) and returns a running instance that the CLI steps and draws like a demo.
 */
export type SceneLoader = (json: unknown, options?: { dt?: number }) => DemoInstance;

/** The registered loaders by format name: `rikigaku/rigid2d@1` and `rikigaku/fluid-grid@1`; a host may add its own. */
export const sceneLoaders: Record<string, SceneLoader> = {
  [RIGID2D_FORMAT]: loadRigid2dScene,
  [FLUID_GRID_FORMAT]: loadFluidGridScene,
  [RIGID3D_FORMAT]: loadRigid3dScene,
  [PARTICLES_FORMAT]: loadParticlesScene,
};
