/**
 * rikigaku/dynamics — what the rigid engines (2D now, 3D next) share: the slot store with
 * generation handles, persistent islands, soft-constraint coefficients, solver settings, the bodies'
 * contact edge lists and pooled event lists. Typed-array growth is `grow` in core/grow.ts.
 */

export { EdgeLists } from './edge-lists.js';
export { EventPool } from './event-pool.js';
export * from './handles.js';
export { IslandStore } from './islands.js';
export { SlotStore } from './slot-store.js';
export { makeSoftness, type Softness } from './softness.js';
export {
  type PositionCorrection,
  type ResolvedSolverSettings,
  resolveSolverSettings,
  type SolverSettings,
  SolverStage,
  type SolverTraceEvent,
} from './solver-settings.js';
