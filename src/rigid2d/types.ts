/**
 * Public definitions of the rigid2d world (textbook §26.2): what a body, a shape and the world
 * accept, and what the readouts and events give back. Units are SI (m, kg, s, rad), y up, angles
 * counter-clockwise. The solver settings are shared with the other rigid engines
 * (dynamics/solver-settings.ts) and re-exported here.
 */

import type { SolverSettings } from '../dynamics/solver-settings.js';
import type { SolverThreadFactory } from './solver-threads.js';

export type {
  PositionCorrection,
  SolverSettings,
  SolverTraceEvent,
} from '../dynamics/solver-settings.js';

/** A 2-vector as a tuple. */
export type Vec2Tuple = readonly [number, number];

/**
 * A body handle: slot index, world tag and generation counter in one number (handles.ts), so a
 * handle of a destroyed body or of another world fails loudly at run time. Branded: a
 * {@link ShapeId} is not accepted where a body is expected (a type error). The brand is optional
 * so that handles kept in plain `number` variables still pass; get handles from the world
 * (`createBody`, `bodyIds()`, `bodyId(slot)`), never make them up.
 */
export type BodyId = number & { readonly __brand?: 'BodyId' };
/** A shape handle (same scheme as {@link BodyId}, its own brand). */
export type ShapeId = number & { readonly __brand?: 'ShapeId' };

/** static: never moves; kinematic: moves with its velocity, unaffected by forces; dynamic: simulated. */
export type BodyType = 'static' | 'kinematic' | 'dynamic';

/**
 * `world.createBody(def)` — every field optional. Magnitude limits, checked here and by the
 * setters and `apply…` methods (a larger value can only overflow): |position| ≤ 1e12 m,
 * |velocity| ≤ 1e12 m/s, |angular velocity| ≤ 1e12 rad/s, |force|, |torque| and |impulse| ≤ 1e30
 * (per component). Past them the call throws `invalid-argument` naming the field.
 */
export interface BodyDef {
  /** default 'dynamic' */
  type?: BodyType;
  /** the body origin (the frame its shapes are placed in), default [0, 0] */
  position?: Vec2Tuple;
  /** radians, default 0 */
  angle?: number;
  /** velocity of the centre of mass, default [0, 0] */
  linearVelocity?: Vec2Tuple;
  /** rad/s, default 0 */
  angularVelocity?: number;
  /** v ← v / (1 + h·linearDamping) each substep, default 0 */
  linearDamping?: number;
  /** ω ← ω / (1 + h·angularDamping) each substep, default 0 */
  angularDamping?: number;
  /** multiplies the world gravity for this body, default 1 */
  gravityScale?: number;
  /** no rotation (infinite inertia), default false */
  fixedRotation?: boolean;
  /** may this body fall asleep, default true */
  sleepEnabled?: boolean;
  /** starts awake, default true */
  awake?: boolean;
  /**
   * continuous collision against every shape — static, kinematic and dynamic — so a small fast
   * body (a projectile) never passes through anything; default false (a non-bullet fast body is
   * swept against static and kinematic geometry only, see {@link WorldDef.continuous})
   */
  bullet?: boolean;
  /** any value the caller wants to find again (not used by the engine) */
  userData?: unknown;
}

/** Collision filtering (Box2D's rule): same non-zero group → group sign decides; else category & mask both ways. */
export interface FilterDef {
  /** the bits this shape is, default 0x0001 */
  categoryBits?: number;
  /** the bits this shape collides with, default 0xFFFFFFFF */
  maskBits?: number;
  /** > 0: always collide within the group; < 0: never collide within the group; 0: use bits */
  groupIndex?: number;
}

/** Material and flags common to every shape. */
export interface ShapeMaterialDef {
  /** kg/m², default 1; 0 gives a massless shape (allowed on any body) */
  density?: number;
  /** Coulomb μ, default 0.6; a contact uses √(μA μB) */
  friction?: number;
  /** coefficient of restitution e ∈ [0, 1], default 0; a contact uses max(eA, eB) */
  restitution?: number;
  /** a sensor detects overlap (sensor events) but never collides, default false */
  isSensor?: boolean;
  /** collision filtering (category, mask, group), default: collide with everything */
  filter?: FilterDef;
  /** report begin/end/hit events for this shape, default true */
  enableContactEvents?: boolean;
  /** any value the caller wants to find again (not used by the engine) */
  userData?: unknown;
}

/** `world.createShape(body, def)`: a box, circle, capsule, segment or convex polygon with its material. */
export type ShapeDef = ShapeMaterialDef &
  (
    | {
        kind: 'box';
        halfWidth: number;
        halfHeight: number;
        /** box centre in the body frame, default [0, 0] */
        center?: Vec2Tuple;
        /** box angle in the body frame, default 0 */
        angle?: number;
        /** rounding radius, default 0 */
        radius?: number;
      }
    | { kind: 'circle'; radius: number; center?: Vec2Tuple }
    | { kind: 'capsule'; p1: Vec2Tuple; p2: Vec2Tuple; radius: number }
    | { kind: 'segment'; p1: Vec2Tuple; p2: Vec2Tuple }
    | {
        kind: 'polygon';
        /** 3 to 8 points of a convex outline in the body frame (either winding) */
        vertices: readonly Vec2Tuple[];
        /** rounding radius, default 0 */
        radius?: number;
      }
  );

/** A chain of segments (ground outlines, bowls): consecutive points joined; `loop` closes it. */
export interface ChainDef extends ShapeMaterialDef {
  /** the chain's points in the body frame (m), at least 2 */
  points: readonly Vec2Tuple[];
  /** join the last point back to the first (a closed outline), default false */
  loop?: boolean;
  /**
   * One-sided (Box2D's chains): each segment collides only on its front, the right-hand side of
   * the direction p[k] → p[k+1] — outside a counter-clockwise loop, inside a clockwise one. A shape
   * whose centre is behind a segment passes through it. Default false (two-sided).
   */
  oneSided?: boolean;
}

/** `new World(def)` — every field optional. */
export interface WorldDef {
  /** m/s², default [0, -10] */
  gravity?: Vec2Tuple;
  /**
   * threads of the solve, the calling thread included (default 0: one thread in the slot order).
   * 1 or more: the constraints are solved in the constraint graph's colour order, the same bit for
   * bit for every count; 2 or more start `workerCount − 1` worker threads with `threads` over
   * `SharedArrayBuffer` (without them the world solves on one thread and says why in `world.threads`).
   * Free the workers with `world.dispose()`. See docs/threads.md.
   */
  workerCount?: number;
  /** starts the solver's worker threads (rikigaku/threads: `nodeSolverThreads()`, `webSolverThreads()`) */
  threads?: SolverThreadFactory;
  /**
   * position-correction mode, substeps, iterations and soft-contact coefficients; defaults: 'soft-step' with
   * the values of `resolveSolverSettings`
   */
  solver?: SolverSettings;
  /** allow islands to fall asleep, default true */
  enableSleep?: boolean;
  /** seconds below the sleep tolerance before an island sleeps, default 0.5 */
  timeToSleep?: number;
  /** a body is "still" when max(|v|, extent·|ω|) < this (m/s), default 0.05 */
  sleepTolerance?: number;
  /** begin-touch events faster than this (m/s) also become hit events, default 1 */
  hitEventThreshold?: number;
  /** points this far apart are kept as speculative contacts (m), default 0.02 */
  speculativeDistance?: number;
  /** broadphase boxes are fattened by this (m), default 0.1 */
  aabbMargin?: number;
  /**
   * continuous collision (conservative advancement, textbook §26.2): a dynamic body that moved
   * more than a quarter of its smallest half-size in a step is swept against static and kinematic
   * shapes and moved back to just before the first impact; default true. Bullets are swept
   * whatever this says. (Whatever this says, a step whose solve leaves a body's position, angle
   * or velocity non-finite throws `non-finite` naming the body; the world is then lost: rebuild it.)
   */
  continuous?: boolean;
}

/** One point of a contact readout. */
export interface ContactPointInfo {
  /** world x of the contact point (m), midway between the two surfaces */
  x: number;
  /** world y of the contact point (m) */
  y: number;
  /** negative = penetration depth */
  separation: number;
  /** accumulated normal impulse λn of the last step (N·s per substep for 'soft-step') */
  normalImpulse: number;
  /** accumulated friction impulse λt */
  tangentImpulse: number;
  /** feature id */
  id: number;
}

/** A contact readout (from `world.contacts()`). */
export interface ContactInfo {
  /** the first shape of the pair (the normal points away from it) */
  shapeA: ShapeId;
  /** the second shape of the pair */
  shapeB: ShapeId;
  /** the body of shapeA */
  bodyA: BodyId;
  /** the body of shapeB */
  bodyB: BodyId;
  /** unit normal from A to B */
  normalX: number;
  /** y of the unit normal from A to B */
  normalY: number;
  /** the one or two points of the manifold; the friction tangent is (normalY, −normalX) */
  points: ContactPointInfo[];
}

/** Two shapes began touching this step. */
export interface ContactBeginEvent {
  /** the first shape of the pair */
  shapeA: ShapeId;
  /** the second shape of the pair */
  shapeB: ShapeId;
}
/** Two shapes stopped touching this step (or one was destroyed). */
export interface ContactEndEvent {
  /** the first shape of the pair */
  shapeA: ShapeId;
  /** the second shape of the pair */
  shapeB: ShapeId;
}
/** A begin-touch whose approach speed exceeded the world's hit threshold. */
export interface ContactHitEvent {
  /** the first shape of the pair */
  shapeA: ShapeId;
  /** the second shape of the pair */
  shapeB: ShapeId;
  /** world x of the deepest contact point (m) */
  x: number;
  /** world y of the deepest contact point (m) */
  y: number;
  /** x of the unit contact normal from A to B */
  normalX: number;
  /** y of the unit contact normal from A to B */
  normalY: number;
  /** speed of approach along the normal (m/s, positive) */
  approachSpeed: number;
}
/** A shape entered (begin) or left (end) a sensor shape. */
export interface SensorEvent {
  /** the sensor shape */
  sensorShape: ShapeId;
  /** the shape that entered or left it */
  visitorShape: ShapeId;
}

/** Events of the last `step` (the arrays and the event objects are reused by the next step: copy what you keep). */
export interface WorldEvents {
  /** pairs of shapes that began touching */
  begin: ContactBeginEvent[];
  /** pairs of shapes that stopped touching (or lost a shape) */
  end: ContactEndEvent[];
  /** begin-touches faster than the world's `hitEventThreshold` */
  hit: ContactHitEvent[];
  /** shapes that entered a sensor */
  sensorBegin: SensorEvent[];
  /** shapes that left a sensor (or were destroyed) */
  sensorEnd: SensorEvent[];
  /** joints that broke this step (already destroyed) */
  jointBreak: JointBreakEvent[];
}

// ---------------------------------------------------------------- joints (textbook §26.2 "ジョイントとモーター")

/** A joint handle (same scheme as {@link BodyId}, its own brand). */
export type JointId = number & { readonly __brand?: 'JointId' };

/** The joint kinds (textbook §26.2). */
export type JointKind = 'revolute' | 'prismatic' | 'distance' | 'weld' | 'wheel' | 'motor' | 'mouse';

/** What every joint definition has. */
export interface JointDefBase {
  /** the first body (must differ from bodyB); for 'mouse', any body (usually a static ground) */
  bodyA: BodyId;
  /** the second body; for 'mouse', the body that is dragged */
  bodyB: BodyId;
  /** may the two bodies' shapes collide with each other, default false */
  collideConnected?: boolean;
  /** N, default Infinity: the joint breaks when its reaction force exceeds this */
  breakForce?: number;
  /** N·m, default Infinity: the joint breaks when its reaction torque exceeds this */
  breakTorque?: number;
  /** any value the caller wants to find again (not used by the engine) */
  userData?: unknown;
}

/** A hinge: the anchors coincide, the bodies turn freely (limits, motor and spring optional). */
export interface RevoluteJointDef extends JointDefBase {
  /** selects the revolute joint (a hinge) */
  kind: 'revolute';
  /** the anchor in A's frame (relative to A's origin), default [0, 0] */
  localAnchorA?: Vec2Tuple;
  /** the anchor in B's frame (relative to B's origin), default [0, 0] */
  localAnchorB?: Vec2Tuple;
  /** angleB − angleA at rest, default 0 */
  referenceAngle?: number;
  /** keep angleB − angleA − referenceAngle within [lowerAngle, upperAngle], default false */
  enableLimit?: boolean;
  /** rad, default 0; lowerAngle ≤ upperAngle */
  lowerAngle?: number;
  /** rad, default 0; upperAngle ≥ lowerAngle */
  upperAngle?: number;
  /** drive the relative angular velocity ωB − ωA to motorSpeed, default false */
  enableMotor?: boolean;
  /** rad/s, default 0 */
  motorSpeed?: number;
  /** N·m ≥ 0, default 0 */
  maxMotorTorque?: number;
  /** a rotational spring towards the reference angle */
  enableSpring?: boolean;
  /** Hz ≥ 0, default 0 */
  hertz?: number;
  /** ≥ 0, default 0 */
  dampingRatio?: number;
}

/** A slider: B moves along an axis fixed in A, no relative rotation. */
export interface PrismaticJointDef extends JointDefBase {
  /** selects the prismatic joint (a slider) */
  kind: 'prismatic';
  /** the anchor in A's frame (relative to A's origin), default [0, 0] */
  localAnchorA?: Vec2Tuple;
  /** the anchor in B's frame (relative to B's origin), default [0, 0] */
  localAnchorB?: Vec2Tuple;
  /** the axis in A's frame, default [1, 0] (normalised) */
  localAxisA?: Vec2Tuple;
  /** angleB − angleA kept fixed (rad), default 0 */
  referenceAngle?: number;
  /** keep the translation along the axis within [lowerTranslation, upperTranslation], default false */
  enableLimit?: boolean;
  /** m, default 0 */
  lowerTranslation?: number;
  /** m, default 0; upperTranslation ≥ lowerTranslation */
  upperTranslation?: number;
  /** drive the relative speed along the axis to motorSpeed, default false */
  enableMotor?: boolean;
  /** m/s */
  motorSpeed?: number;
  /** N ≥ 0 */
  maxMotorForce?: number;
  /** a spring along the axis towards translation 0 */
  enableSpring?: boolean;
  /** spring frequency (Hz ≥ 0), default 0 (no spring) */
  hertz?: number;
  /** spring damping ratio ζ ≥ 0 (1 = critical), default 0 */
  dampingRatio?: number;
}

/** A rod, a rope or a spring between two anchors. */
export interface DistanceJointDef extends JointDefBase {
  /** selects the distance joint (rod, rope or spring) */
  kind: 'distance';
  /** the anchor in A's frame (relative to A's origin), default [0, 0] */
  localAnchorA?: Vec2Tuple;
  /** the anchor in B's frame (relative to B's origin), default [0, 0] */
  localAnchorB?: Vec2Tuple;
  /** rest length (m > 0), default: the current distance of the anchors */
  length?: number;
  /** keep the anchor distance within [minLength, maxLength], default false */
  enableLimit?: boolean;
  /** m ≥ 0, default 0 */
  minLength?: number;
  /** m ≥ minLength, default Infinity */
  maxLength?: number;
  /** spring off: a rigid rod of `length` */
  enableSpring?: boolean;
  /**
   * spring frequency (Hz ≥ 0), default 0: with the spring on and hertz 0 there is no spring (a rope between
   * the limits)
   */
  hertz?: number;
  /** spring damping ratio ζ ≥ 0 (1 = critical), default 0 */
  dampingRatio?: number;
  /** drive the rate of change of the anchor distance to motorSpeed, default false */
  enableMotor?: boolean;
  /** m/s (positive lengthens), default 0 */
  motorSpeed?: number;
  /** N ≥ 0, default 0 */
  maxMotorForce?: number;
}

/** Glues B to A (hertz 0 = rigid; > 0 soft). */
export interface WeldJointDef extends JointDefBase {
  /** selects the weld joint */
  kind: 'weld';
  /** the anchor in A's frame (relative to A's origin), default [0, 0] */
  localAnchorA?: Vec2Tuple;
  /** the anchor in B's frame (relative to B's origin), default [0, 0] */
  localAnchorB?: Vec2Tuple;
  /** angleB − angleA kept fixed (rad), default 0 */
  referenceAngle?: number;
  /** Hz ≥ 0, default 0 (rigid) */
  linearHertz?: number;
  /** damping ratio ζ ≥ 0 of the soft linear part, default 0 */
  linearDampingRatio?: number;
  /** Hz ≥ 0 of the angular part, default 0 (rigid) */
  angularHertz?: number;
  /** damping ratio ζ ≥ 0 of the soft angular part, default 0 */
  angularDampingRatio?: number;
}

/** A wheel: B's anchor on a line through A's anchor along the axis, with a suspension spring. */
export interface WheelJointDef extends JointDefBase {
  /** selects the wheel joint */
  kind: 'wheel';
  /** the anchor in A's frame (the chassis), default [0, 0] */
  localAnchorA?: Vec2Tuple;
  /** the anchor in B's frame (the wheel's hub), default [0, 0] */
  localAnchorB?: Vec2Tuple;
  /** suspension axis in A's frame, default [0, 1] */
  localAxisA?: Vec2Tuple;
  /** default true */
  enableSpring?: boolean;
  /** default 1 */
  hertz?: number;
  /** default 0.7 */
  dampingRatio?: number;
  /** keep the suspension travel within [lowerTranslation, upperTranslation], default false */
  enableLimit?: boolean;
  /** m, default 0 */
  lowerTranslation?: number;
  /** m, default 0; upperTranslation ≥ lowerTranslation */
  upperTranslation?: number;
  /** drive the wheel's spin ωB − ωA to motorSpeed, default false */
  enableMotor?: boolean;
  /** rad/s of the wheel */
  motorSpeed?: number;
  /** N·m ≥ 0, default 0 */
  maxMotorTorque?: number;
}

/** Drives B's pose relative to A towards an offset, with a force and torque budget. */
export interface MotorJointDef extends JointDefBase {
  /** selects the motor joint */
  kind: 'motor';
  /** B's target position in A's frame, default [0, 0] */
  linearOffset?: Vec2Tuple;
  /** B's target angle relative to A, default 0 */
  angularOffset?: number;
  /** N ≥ 0, default 1 */
  maxForce?: number;
  /** N·m ≥ 0, default 1 */
  maxTorque?: number;
  /** 0..1, default 0.3 */
  correctionFactor?: number;
}

/** Pulls a point of body B towards a world target with a soft spring (dragging with the mouse). */
export interface MouseJointDef extends JointDefBase {
  /** selects the mouse joint */
  kind: 'mouse';
  /** world point; B's anchor is the point of B under the target at creation */
  target: Vec2Tuple;
  /** Hz > 0, default 5 */
  hertz?: number;
  /** default 0.7 */
  dampingRatio?: number;
  /** N ≥ 0, default 1000 · mass of B · |g| */
  maxForce?: number;
}

/** `world.createJoint(def)`: one of the joint definitions, chosen by `kind`. */
export type JointDef =
  | RevoluteJointDef
  | PrismaticJointDef
  | DistanceJointDef
  | WeldJointDef
  | WheelJointDef
  | MotorJointDef
  | MouseJointDef;

/** `world.setJointMotor(id, …)`: the fields given are changed. */
export interface JointMotorSettings {
  /** switch the motor on or off */
  enableMotor?: boolean;
  /** rad/s for revolute and wheel joints, m/s for prismatic and distance joints */
  motorSpeed?: number;
  /** N·m ≥ 0 (revolute, wheel) */
  maxMotorTorque?: number;
  /** N ≥ 0 (prismatic, distance) */
  maxMotorForce?: number;
}

/** `world.setJointSpring(id, …)`: the fields given are changed. */
export interface JointSpringSettings {
  /** switch the spring on or off */
  enableSpring?: boolean;
  /** spring frequency (Hz ≥ 0; > 0 for a mouse joint) */
  hertz?: number;
  /** spring damping ratio ζ ≥ 0 (1 = critical) */
  dampingRatio?: number;
}

/** A joint broke (its reaction passed breakForce or breakTorque); the joint is destroyed after the event. */
export interface JointBreakEvent {
  /** the joint's handle (no longer valid: the joint is destroyed) */
  joint: JointId;
  /** the joint's first body */
  bodyA: BodyId;
  /** the joint's second body */
  bodyB: BodyId;
  /** the joint's reaction force in the step it broke (N) */
  force: number;
  /** the joint's reaction torque in the step it broke (N·m) */
  torque: number;
}
