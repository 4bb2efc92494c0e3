import type { Demo } from './types.js';

/** Demos of the xpbd domain, in the order the playground lists them. */
export const xpbdDemos: Demo[] = [];
