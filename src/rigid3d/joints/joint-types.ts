/**
 * Public definitions of the 3D joints (textbook §26.2 "ジョイントとモーター"): what
 * `world.createJoint(def)` accepts, chosen by `kind`, and what the joint readouts and events give
 * back. Every definition is given in world coordinates at creation (the anchor point, the joint
 * axis); the engine stores them in each body's frame, so the joint's rest pose is the pose at
 * creation. Units are SI (m, rad, N, N·m).
 */
import type { BodyId3, Vec3Tuple } from '../types.js';

/** A joint handle (same scheme as `BodyId3`, its own brand). */
export type JointId3 = number & { readonly __brand?: 'JointId3' };

/** The joint kinds. */
export type JointKind3 =
  | 'ball'
  | 'hinge'
  | 'slider'
  | 'fixed'
  | 'distance'
  | 'cone-twist'
  | 'six-dof'
  | 'mouse';

/** What every joint definition has. */
export interface JointDefBase3 {
  /** the first body (must differ from bodyB); for 'mouse', any body (usually a static ground) */
  bodyA: BodyId3;
  /** the second body; for 'mouse', the body that is dragged */
  bodyB: BodyId3;
  /** the world point where the bodies are joined, default bodyB's origin (for 'mouse': the target) */
  anchor?: Vec3Tuple;
  /** the anchor in A's body frame (overrides `anchor` for A) */
  localAnchorA?: Vec3Tuple;
  /** the anchor in B's body frame (overrides `anchor` for B) */
  localAnchorB?: Vec3Tuple;
  /** may the two bodies' shapes collide with each other, default false */
  collideConnected?: boolean;
  /** N, default Infinity: the joint breaks when its reaction force exceeds this */
  breakForce?: number;
  /** N·m, default Infinity: the joint breaks when its reaction torque exceeds this */
  breakTorque?: number;
  /** any value the caller wants to find again (not used by the engine) */
  userData?: unknown;
}

/** The joint frame: its x axis is the joint axis, its y axis `normal` (made perpendicular). */
export interface JointFrameDef3 {
  /** world direction of the joint axis (non-zero; normalised) */
  axis?: Vec3Tuple;
  /** world direction of the frame's y axis (the part perpendicular to `axis` is used), default any */
  normal?: Vec3Tuple;
}

/** Ball-and-socket: the anchors coincide, every rotation is free. */
export interface BallJointDef3 extends JointDefBase3 {
  /** selects the ball joint */
  kind: 'ball';
}

/** A hinge: the anchors coincide and B turns about the axis only (limits, motor and spring optional). */
export interface HingeJointDef3 extends JointDefBase3, JointFrameDef3 {
  /** selects the hinge; `axis` defaults to [0, 0, 1] */
  kind: 'hinge';
  /** default false */
  enableLimit?: boolean;
  /** rad in [−π, π], default 0 */
  lowerAngle?: number;
  /** rad in [−π, π], ≥ lowerAngle, default 0 */
  upperAngle?: number;
  /** default false */
  enableMotor?: boolean;
  /** target relative angular speed about the axis (rad/s), default 0 */
  motorSpeed?: number;
  /** N·m ≥ 0, default 0: the motor's impulse per substep is clamped to ±maxMotorTorque·h */
  maxMotorTorque?: number;
  /** a rotational spring towards the creation angle, default false */
  enableSpring?: boolean;
  /** spring frequency (Hz ≥ 0), default 0 */
  hertz?: number;
  /** spring damping ratio ≥ 0, default 0 */
  dampingRatio?: number;
}

/** A slider (prismatic joint): B translates along the axis only, no relative rotation. */
export interface SliderJointDef3 extends JointDefBase3, JointFrameDef3 {
  /** selects the slider ('prismatic' is the same joint); `axis` defaults to [1, 0, 0] */
  kind: 'slider' | 'prismatic';
  /** default false */
  enableLimit?: boolean;
  /** m, default 0 */
  lowerTranslation?: number;
  /** m, ≥ lowerTranslation, default 0 */
  upperTranslation?: number;
  /** default false */
  enableMotor?: boolean;
  /** target speed along the axis (m/s), default 0 */
  motorSpeed?: number;
  /** N ≥ 0, default 0 */
  maxMotorForce?: number;
  /** a linear spring towards the creation position, default false */
  enableSpring?: boolean;
  /** Hz ≥ 0, default 0 */
  hertz?: number;
  /** damping ratio ≥ 0, default 0 */
  dampingRatio?: number;
}

/** Fixed (weld): B keeps its position and orientation relative to A; optionally soft. */
export interface FixedJointDef3 extends JointDefBase3 {
  /** selects the fixed joint */
  kind: 'fixed';
  /** Hz ≥ 0, default 0 (rigid) */
  linearHertz?: number;
  /** default 0 */
  linearDampingRatio?: number;
  /** Hz ≥ 0, default 0 (rigid) */
  angularHertz?: number;
  /** default 0 */
  angularDampingRatio?: number;
}

/** Distance between two anchors: rigid, a spring, or a rope (spring at 0 Hz with a max length). */
export interface DistanceJointDef3 extends Omit<JointDefBase3, 'anchor'> {
  /** selects the distance joint */
  kind: 'distance';
  /** world anchor on A, default A's origin */
  anchorA?: Vec3Tuple;
  /** world anchor on B, default B's origin */
  anchorB?: Vec3Tuple;
  /** rest length (m > 0), default the anchors' distance at creation */
  length?: number;
  /** default false */
  enableLimit?: boolean;
  /** m ≥ 0, default 0 */
  minLength?: number;
  /** m ≥ minLength (Infinity allowed), default Infinity */
  maxLength?: number;
  /** default false (rigid) */
  enableSpring?: boolean;
  /** Hz ≥ 0, default 0 */
  hertz?: number;
  /** damping ratio ≥ 0, default 0 */
  dampingRatio?: number;
}

/** Cone-twist (ragdoll shoulders, hips, neck): the anchors coincide; swing inside a cone, twist limited. */
export interface ConeTwistJointDef3 extends JointDefBase3, JointFrameDef3 {
  /** selects the cone-twist joint; `axis` is the twist axis (along the limb), default [1, 0, 0] */
  kind: 'cone-twist';
  /** the cone's half angle (rad, in [0, π]), default π/4 */
  coneAngle?: number;
  /** rad in [−π, π], default −π/4 */
  lowerTwist?: number;
  /** rad in [−π, π], ≥ lowerTwist, default π/4 */
  upperTwist?: number;
  /** N·m ≥ 0, default 0: a friction torque on the relative rotation */
  maxFrictionTorque?: number;
}

/** One axis of a six-dof joint: free, locked, or limited to [lower, upper], optionally with a motor. */
export type SixDofAxis3 =
  | 'free'
  | 'locked'
  | {
      /** default 'limited' when lower or upper is given, otherwise 'free' */
      mode?: 'free' | 'locked' | 'limited';
      /** m or rad, default 0 */
      lower?: number;
      /** m or rad, ≥ lower, default 0 */
      upper?: number;
      /** target speed (m/s or rad/s); with maxMotorForce > 0 the axis has a motor */
      motorSpeed?: number;
      /** N or N·m ≥ 0, default 0 (no motor) */
      maxMotorForce?: number;
    };

/** The generic joint: each translation and rotation about A's frame axes free, locked or limited. */
export interface SixDofJointDef3 extends JointDefBase3, JointFrameDef3 {
  /** selects the six-dof joint; every axis defaults to 'locked' */
  kind: 'six-dof';
  /** translation along the frame's x axis */
  linearX?: SixDofAxis3;
  /** translation along y */
  linearY?: SixDofAxis3;
  /** translation along z */
  linearZ?: SixDofAxis3;
  /** rotation about x (angular limits in [−π, π]) */
  angularX?: SixDofAxis3;
  /** rotation about y */
  angularY?: SixDofAxis3;
  /** rotation about z */
  angularZ?: SixDofAxis3;
}

/** Pulls a point of body B towards a world target with a soft spring (picking and dragging). */
export interface MouseJointDef3 extends JointDefBase3 {
  /** selects the mouse joint */
  kind: 'mouse';
  /** world point; B's anchor is `anchor` (default the target) */
  target: Vec3Tuple;
  /** Hz > 0, default 5 */
  hertz?: number;
  /** default 0.7 */
  dampingRatio?: number;
  /** N ≥ 0, default 1000 · mass of B · |g| */
  maxForce?: number;
}

/** `world.createJoint(def)`: one of the joint definitions, chosen by `kind`. */
export type JointDef3 =
  | BallJointDef3
  | HingeJointDef3
  | SliderJointDef3
  | FixedJointDef3
  | DistanceJointDef3
  | ConeTwistJointDef3
  | SixDofJointDef3
  | MouseJointDef3;

/** `world.setJointMotor(id, …)`: the fields given are changed (hinge, slider). */
export interface JointMotorSettings3 {
  /** switch the motor on or off */
  enableMotor?: boolean;
  /** rad/s (hinge) or m/s (slider) */
  motorSpeed?: number;
  /** N·m ≥ 0 (hinge) */
  maxMotorTorque?: number;
  /** N ≥ 0 (slider) */
  maxMotorForce?: number;
}

/** `world.setJointSpring(id, …)`: the fields given are changed (hinge, slider, distance, mouse). */
export interface JointSpringSettings3 {
  /** switch the spring on or off (not for mouse joints) */
  enableSpring?: boolean;
  /** Hz ≥ 0 (> 0 for a mouse joint) */
  hertz?: number;
  /** damping ratio ≥ 0 */
  dampingRatio?: number;
}

/** A joint broke (its reaction passed breakForce or breakTorque); the joint is destroyed after the event. */
export interface JointBreakEvent3 {
  /** the joint's handle (no longer valid) */
  joint: JointId3;
  /** its first body */
  bodyA: BodyId3;
  /** its second body */
  bodyB: BodyId3;
  /** |reaction force| that broke it (N) */
  force: number;
  /** |reaction torque| (N·m) */
  torque: number;
}
