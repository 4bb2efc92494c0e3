/**
 * rikigaku/fluid — grid fluids (textbook §26.4): MAC grid, advection, diffusion, projection,
 * smoke and fire.
 */
export * from './advection.js';
export * from './blackbody.js';
export * from './diffusion.js';
export * from './flip2d.js';
export * from './flip2d-snapshot.js';
export * from './flip3d.js';
export * from './flip3d-snapshot.js';
export * from './flux-corrected-transport.js';
export * from './free-surface.js';
export * from './mac-grid.js';
export * from './mic0.js';
export * from './multigrid.js';
export * from './particle-transfer.js';
export * from './particle-transfer3d.js';
export * from './poisson.js';
export * from './presets.js';
export * from './pressure-solvers.js';
export * from './projection.js';
export * from './sampling.js';
export * from './smoke.js';
export * from './snapshot.js';
export * from './vorticity-confinement.js';
