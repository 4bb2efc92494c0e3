/** Particle fluids: SPH kernels, weakly compressible SPH, DFSPH and Position Based Fluids (textbook §26.4). */
export * from './fluid-box.js';
export * from './kernels.js';
export * from './pbf.js';
export * from './sph.js';
export * from './sph-snapshot.js';
