import type { Demo } from './types.js';

/** Demos of soft bodies, shape matching, FEM and implicit cloth, in the order the playground lists them. */
export const femDemos: Demo[] = [];
