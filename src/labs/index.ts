/**
 * rikigaku/labs — the two labs of the course as library code: the impulse lab (./impulse.ts) and
 * the stacking lab (./stacking.ts). The physics functions and file producers are browser-safe; only
 * `Lab.run` / `runLab` write files (Node, loaded lazily).
 */
export * from './files.js';
export * from './format.js';
export * from './html.js';
export * from './impulse.js';
export * from './impulse-lab.js';
export * from './position-correction.js';
export * from './registry.js';
export * from './stacking.js';
export * from './stacking-lab.js';
