/**
 * rikigaku/mpm — the material point method (textbook §26.4): MLS-MPM (Hu et al. 2018) with APIC
 * transfers, for elastic jelly, snow (Stomakhin et al. 2013), sand (Drucker–Prager, Klár et al.
 * 2016) and a weakly compressible fluid, in 2D and 3D.
 */

export * from './drucker-prager.js';
export * from './hencky.js';
export * from './material.js';
export * from './mpm2d.js';
export * from './mpm3d.js';
export * from './snapshot.js';
