/**
 * The demo interaction kit: what demos and scene instances share to be grabbed and drawn — the
 * rigid-body and particle mouse grabs, the stretch colour map, clearing and labels. It sits below
 * the scene loaders and imports only core, render and the engines.
 */
export * from './body-grabber.js';
export * from './labels.js';
export * from './particle-grabber.js';
export * from './stretch-color.js';
