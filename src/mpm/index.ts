/**
 * rikigaku/mpm — the material point method (textbook §26.4): MLS-MPM (Hu et al. 2018) with APIC
 * transfers, for elastic jelly, snow (Stomakhin et al. 2013), sand (Drucker–Prager, Klár et al.
 * 2016) and a weakly compressible fluid.
 */
export * from './material.js';
export * from './mpm2d.js';
export * from './snapshot.js';
