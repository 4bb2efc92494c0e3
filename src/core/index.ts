/**
 * rikigaku/core — what every layer may use: `PhysicsError`, the view transform, the
 * demo-instance contract, the validation kit and typed-array growth (docs/architecture.md).
 */

export { HAS_CLOCK } from './clock.js';
export * from './demo-instance.js';
export * from './errors.js';
export * from './grow.js';
export * from './hash.js';
export * from './snapshot.js';
export * from './validate.js';
export * from './view.js';
