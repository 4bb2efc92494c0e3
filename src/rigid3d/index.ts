/**
 * rikigaku/rigid3d — a 3D rigid-body engine (textbook §26.2): bodies with quaternions, world
 * inertia R I⁻¹ Rᵀ rebuilt each step, the gyroscopic term integrated implicitly (Catto 2015),
 * the exponential-map orientation step, compound shapes with mass from density, a 3D dynamic AABB
 * tree broadphase, persistent 4-point manifolds with warm starting, the soft-step solver (or PGS +
 * Baumgarte, or split impulse), the friction cone, optional rolling and torsional friction,
 * restitution, islands and sleep, events, sensors, filtering and queries.
 *
 * ```ts
 * const world = new World3({ gravity: [0, -10, 0] });
 * const ground = world.createBody({ type: 'static' });
 * world.createShape(ground, { kind: 'box', halfExtents: [20, 0.5, 20], position: [0, -0.5, 0] });
 * const box = world.createBody({ position: [0, 0.5, 0] });
 * world.createShape(box, { kind: 'box', halfExtents: [0.5, 0.5, 0.5], density: 1000, friction: 0.6 });
 * for (let i = 0; i < 60; i++) world.step(1 / 60);
 * world.getPosition(box); world.getOrientation(box); world.contacts(); world.events();
 * ```
 */

export { SolverStage } from '../dynamics/solver-settings.js';
export { BODY_DYNAMIC, BODY_KINEMATIC, BODY_STATIC } from './body-store.js';
export { CharacterController3, type CharacterDef3 } from './character.js';
export * from './fracture.js';
export * from './fracture-glue.js';
export { GYRO_EXPLICIT, GYRO_IMPLICIT, GYRO_MOMENTUM, GYRO_NONE } from './gyroscopic.js';
export {
  invertSymmetric,
  rotateSymmetric,
  rotateSymmetricComponents,
  rotationMatrix,
  symmetricFromMatrix,
  symmetricMulVec,
} from './inertia.js';
export { firstOrderRaw, integrateExponential, integrateFirstOrder, quaternionAngle } from './orientation.js';
export {
  createRagdoll3,
  HUMANOID_SKELETON,
  type Ragdoll3,
  type RagdollBone3,
  type RagdollDef3,
  type RagdollJoint3,
} from './ragdoll.js';
export * from './snapshot.js';
export * from './types.js';
export {
  RaycastVehicle3,
  type VehicleDef3,
  type VehicleInput3,
  Wheel3,
  type WheelDef3,
} from './vehicle.js';
export { StepProfile3, World3 } from './world.js';
export { UNIT_QUATERNION_TOLERANCE } from './world-settings.js';
