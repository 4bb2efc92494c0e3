import type { Demo } from './types.js';

/** Demos of the integrators domain, in the order the playground lists them. */
export const integratorsDemos: Demo[] = [];
