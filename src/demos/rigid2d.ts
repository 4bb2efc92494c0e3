import type { Demo } from './types.js';

/** Demos of the rigid2d domain, in the order the playground lists them. */
export const rigid2dDemos: Demo[] = [];
