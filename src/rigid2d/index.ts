/**
 * rikigaku/rigid2d — a Box2D-class 2D rigid-body engine (textbook §26.2).
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
 *
 * Joints (textbook §26.2 "ジョイントとモーター"): `world.createJoint({ kind, bodyA, bodyB, … })` for
 * 'revolute' | 'prismatic' | 'distance' | 'weld' | 'wheel' | 'motor' | 'mouse' ({@link JointDef}),
 * with limits, motors, springs (Hz + damping ratio) and break thresholds (`events().jointBreak`);
 * readouts `getJointReactionForce/Torque`, `getJointAngle/Translation/Speed`, `getJointAnchors`.
 * Joints are solved before the contacts in every substep, in every position-correction mode.
 *
 * Handles (`BodyId`, `ShapeId`, `JointId`) are branded numbers carrying a world tag: `world.isValid(id)`
 * says whether one is live here. `world.profile` holds the milliseconds of the last step's stages;
 * `world.readTransforms(out)` packs (x, y, angle) per body for renderers; `world.draw(dd)` walks the
 * world through a `DebugDraw2` backend (debug-draw.ts).
 */

export { makeSoftness, type Softness } from '../dynamics/softness.js';
export {
  type ResolvedSolverSettings,
  resolveSolverSettings,
  SolverStage,
} from '../dynamics/solver-settings.js';
export { BODY_DYNAMIC, BODY_KINEMATIC, BODY_STATIC } from './body-store.js';
export { baumgarteBias } from './contact-solver.js';
export * from './debug-draw.js';
export * from './fracture.js';
export { INDEX_SPAN, KIND_SPAN, TAG_SPAN } from './handles.js';
export {
  KIND_CAPSULE,
  KIND_CHAIN_SEGMENT,
  KIND_CIRCLE,
  KIND_COUNT,
  KIND_POLYGON,
  KIND_SEGMENT,
  type PairCollider,
} from './narrowphase.js';
export { StepProfile } from './profile.js';
export * from './queries.js';
export * from './snapshot.js';
export {
  MAX_SOLVER_WORKERS,
  type SolverThreadFactory,
  type SolverWorkerHandle,
  solverWorkerMessage,
  type ThreadProfile,
  type ThreadStatus,
} from './solver-threads.js';
export * from './types.js';
export { World } from './world.js';
