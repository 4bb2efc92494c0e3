import type { Demo } from './types.js';

/** Demos of the fluid domain, in the order the playground lists them. */
export const fluidDemos: Demo[] = [];
