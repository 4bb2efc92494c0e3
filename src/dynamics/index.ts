/**
 * rikigaku/dynamics — what the rigid engines (2D now, 3D next) share: the slot store with
 * generation handles, persistent islands, soft-constraint coefficients.
 */

export { IslandStore } from './islands.js';
export { SlotStore } from './slot-store.js';
export { makeSoftness, type Softness } from './softness.js';
