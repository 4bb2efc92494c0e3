/**
 * rikigaku/rigid2d — a Box2D-class 2D rigid-body engine (seed 000 §26.2; seeds 003, 004).
 *
 * ```ts
 * const world = new World({ gravity: [0, -10], solver: { positionCorrection: 'soft-step', substeps: 4 } });
 * const ground = world.createBody({ type: 'static' });
 * world.createShape(ground, { kind: 'box', halfWidth: 20, halfHeight: 0.5, center: [0, -0.5] });
 * const box = world.createBody({ type: 'dynamic', position: [0, 0.5] });
 * world.createShape(box, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5, density: 1, friction: 0.6 });
 * for (let i = 0; i < 60; i++) world.step(1 / 60);
 * world.getPosition(box); world.contacts(); world.events();
 * ```
 *
 * Solver settings (all optional, {@link SolverSettings}): positionCorrection 'soft-step' (default) |
 * 'baumgarte' | 'split-impulse' | 'none'; substeps; iterations; relaxIterations; positionIterations;
 * slop; beta; percent; warmStarting; contactHertz; contactDampingRatio; staticStiffness;
 * maxPushOutSpeed; restitutionThreshold; trace.
 */

export { makeSoftness, type Softness } from '../dynamics/softness.js';
export { BODY_DYNAMIC, BODY_KINEMATIC, BODY_STATIC } from './body-store.js';
export { baumgarteBias } from './contact-solver.js';
export * from './queries.js';
export * from './types.js';
export { type ResolvedSolverSettings, resolveSolverSettings, World } from './world.js';
