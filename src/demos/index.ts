import { femDemos } from './fem.js';
import { flipDemos } from './flip.js';
import { flip3dDemos } from './flip3d.js';
import { fluidDemos } from './fluid.js';
import { integratorsDemos } from './integrators.js';
import { labsDemos } from './labs.js';
import { mpmDemos } from './mpm.js';
import { particlesDemos } from './particles.js';
import { rigid2dDemos } from './rigid2d.js';
import { rigid2dFractureDemos } from './rigid2d-fracture.js';
import { rigid2dJointDemos } from './rigid2d-joints.js';
import { rigid2dRobustnessDemos } from './rigid2d-robustness.js';
import { rigid3dDemos } from './rigid3d.js';
import { rigid3dDriveDemos } from './rigid3d-drive.js';
import { rigid3dFractureDemos } from './rigid3d-fracture.js';
import { rigid3dJointDemos } from './rigid3d-joints.js';
import type { Demo } from './types.js';
import { waterDemos } from './water.js';
import { xpbdDemos } from './xpbd.js';

export * from './types.js';

/** Every demo of the toolkit: the single list the CLI, playground, tests and benchmarks read. */
export const demos: readonly Demo[] = [
  ...integratorsDemos,
  ...rigid2dDemos,
  ...rigid2dJointDemos,
  ...rigid2dRobustnessDemos,
  ...rigid2dFractureDemos,
  ...rigid3dDemos,
  ...rigid3dDriveDemos,
  ...rigid3dFractureDemos,
  ...rigid3dJointDemos,
  ...xpbdDemos,
  ...femDemos,
  ...fluidDemos,
  ...flipDemos,
  ...flip3dDemos,
  ...particlesDemos,
  ...mpmDemos,
  ...waterDemos,
  ...labsDemos,
];

/** The demo with this id (as listed by the CLI and the playground), or undefined. */
export function findDemo(id: string): Demo | undefined {
  return demos.find((d) => d.id === id);
}
