import type { Demo } from './types.js';

/** Demos of the labs domain, in the order the playground lists them. */
export const labsDemos: Demo[] = [];
