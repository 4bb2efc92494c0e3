/**
 * Public definitions of the rigid2d world (seed 000 §26.2; seeds 003, 004): what a body, a shape
 * and the solver accept. Units are SI (m, kg, s, rad), y up, angles counter-clockwise.
 */

/** A 2-vector as a tuple. */
export type Vec2Tuple = readonly [number, number];

/** A body handle: index plus a generation counter, so a handle of a destroyed body fails loudly. */
export type BodyId = number;
/** A shape handle (same scheme as {@link BodyId}). */
export type ShapeId = number;

export type BodyType = 'static' | 'kinematic' | 'dynamic';

/** `world.createBody(def)` — every field optional. */
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
  filter?: FilterDef;
  /** report begin/end/hit events for this shape, default true */
  enableContactEvents?: boolean;
  userData?: unknown;
}

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
  points: readonly Vec2Tuple[];
  loop?: boolean;
  /**
   * One-sided (Box2D's chains): each segment collides only on its front, the right-hand side of
   * the direction p[k] → p[k+1] — outside a counter-clockwise loop, inside a clockwise one. A shape
   * whose centre is behind a segment passes through it. Default false (two-sided).
   */
  oneSided?: boolean;
}

/**
 * How penetration (position error) is treated — the choices seeds 000 §26.2 and 004 compare:
 * - 'soft-step' (default): Box2D v3 style — constraints prepared once per step; each substep
 *   integrates velocities, warm starts, solves with a soft (spring–damper) bias, integrates
 *   positions and relaxes without bias; restitution is applied once at the end.
 * - 'baumgarte': PGS / sequential impulses where the velocity target is vn ≥ (β/h)·max(d − slop, 0).
 * - 'split-impulse': PGS without bias in the velocities; the overlap is then removed by a separate
 *   position pass (seed 004's rule: correction = max(d − slop, 0)/(Σ inverse masses) × percent)
 *   that moves positions and never touches velocities.
 * - 'none': PGS with no position correction (the lab's "sinking" baseline).
 */
export type PositionCorrection = 'soft-step' | 'baumgarte' | 'split-impulse' | 'none';

/** One trace event of the contact solver (see {@link SolverSettings.trace}). */
export interface SolverTraceEvent {
  /** 'solve' (a velocity iteration), 'relax' (soft-step relax pass), 'position' (split-impulse pass), 'restitution' */
  stage: 'solve' | 'relax' | 'position' | 'restitution';
  /** 0-based substep */
  substep: number;
  /** 1-based iteration within the stage */
  iteration: number;
}

/** Solver settings; every field optional, defaults as listed. */
export interface SolverSettings {
  /** default 'soft-step' */
  positionCorrection?: PositionCorrection;
  /** substeps per step, default 4 for 'soft-step', 1 for the PGS modes */
  substeps?: number;
  /** velocity iterations per substep: default 1 for 'soft-step', 10 for the PGS modes */
  iterations?: number;
  /** soft-step relax passes per substep, default 1 */
  relaxIterations?: number;
  /** split-impulse position passes per substep, default 3 */
  positionIterations?: number;
  /** allowed penetration d_slop in metres, default 0.005 */
  slop?: number;
  /** Baumgarte β, default 0.2 */
  beta?: number;
  /** split-impulse fraction of the overlap removed per position pass (seed 004's percent), default 0.2 */
  percent?: number;
  /** apply last step's impulses first (§26.2 warm starting), default true */
  warmStarting?: boolean;
  /** soft-step contact stiffness in Hz, default 30 (capped at a quarter of the substep rate) */
  contactHertz?: number;
  /** soft-step contact damping ratio, default 10 */
  contactDampingRatio?: number;
  /** soft-step: contacts against static/kinematic bodies are this much stiffer, default 2 */
  staticStiffness?: number;
  /** the largest push-out speed of the position bias (m/s), default 3 */
  maxPushOutSpeed?: number;
  /** restitution is applied only above this approach speed (m/s), default 1 */
  restitutionThreshold?: number;
  /** called after every solver iteration (costs nothing when unset); read the state through the world */
  trace?: ((event: SolverTraceEvent) => void) | undefined;
}

/** `new World(def)` — every field optional. */
export interface WorldDef {
  /** m/s², default [0, -10] */
  gravity?: Vec2Tuple;
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
}

/** One point of a contact readout. */
export interface ContactPointInfo {
  x: number;
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
  shapeA: ShapeId;
  shapeB: ShapeId;
  bodyA: BodyId;
  bodyB: BodyId;
  /** unit normal from A to B */
  normalX: number;
  normalY: number;
  /** tangent = (normalY, −normalX) */
  points: ContactPointInfo[];
}

export interface ContactBeginEvent {
  shapeA: ShapeId;
  shapeB: ShapeId;
}
export interface ContactEndEvent {
  shapeA: ShapeId;
  shapeB: ShapeId;
}
/** A begin-touch whose approach speed exceeded the world's hit threshold. */
export interface ContactHitEvent {
  shapeA: ShapeId;
  shapeB: ShapeId;
  x: number;
  y: number;
  normalX: number;
  normalY: number;
  /** speed of approach along the normal (m/s, positive) */
  approachSpeed: number;
}
export interface SensorEvent {
  sensorShape: ShapeId;
  visitorShape: ShapeId;
}

/** Events of the last `step` (the arrays and the event objects are reused by the next step: copy what you keep). */
export interface WorldEvents {
  begin: ContactBeginEvent[];
  end: ContactEndEvent[];
  hit: ContactHitEvent[];
  sensorBegin: SensorEvent[];
  sensorEnd: SensorEvent[];
}
