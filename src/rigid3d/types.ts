/**
 * Public definitions of the rigid3d world (textbook §26.2): what a body, a shape and the world
 * accept, and what the readouts and events give back. Units are SI (m, kg, s, rad), y up by
 * default (gravity [0, −10, 0]); quaternions are [x, y, z, w] (scalar last, as in math/quat.ts).
 * The solver settings are shared with the 2D engine (dynamics/solver-settings.ts).
 */
import type { SolverSettings } from '../dynamics/solver-settings.js';

export type {
  PositionCorrection,
  SolverSettings,
  SolverTraceEvent,
} from '../dynamics/solver-settings.js';

/** A 3-vector as a tuple. */
export type Vec3Tuple = readonly [number, number, number];
/** A quaternion [x, y, z, w] (scalar last). */
export type QuatTuple = readonly [number, number, number, number];

/**
 * A body handle: slot index, world tag and generation in one number (handles.ts); a handle of a
 * destroyed body or of another world fails with `stale-handle`. Branded, so a {@link ShapeId3}
 * is a type error where a body is expected.
 */
export type BodyId3 = number & { readonly __brand?: 'BodyId3' };
/** A shape handle (same scheme as {@link BodyId3}, its own brand). */
export type ShapeId3 = number & { readonly __brand?: 'ShapeId3' };

/** The three kinds of body: static (never moves), kinematic (moves by its velocity), dynamic. */
export type BodyType3 = 'static' | 'kinematic' | 'dynamic';

/**
 * How the gyroscopic term ω × (Iω) of Euler's equations (textbook §26.2) is integrated:
 * - 'implicit' (default): one Newton step of the implicit (backward Euler) equation in the body
 *   frame, I(ω₂ − ω₁) + h ω₂ × Iω₂ = 0 (Catto, GDC 2015) — never adds energy, so a fast-spinning
 *   thin rod stays calm; it loses a little angular momentum (about 1e-3 relative per 10 s at
 *   1/60 s with 4 substeps for a tumbling box);
 * - 'momentum': the world angular momentum L = I_world ω is carried unchanged across each
 *   orientation update (ω ← I_world(q′)⁻¹ I_world(q) ω) — conserves L to rounding, but energy may
 *   grow for long thin bodies;
 * - 'explicit': ω ← ω − h I_world⁻¹ (ω × I_world ω) — gains energy (the textbook's warning);
 * - 'none': the term is dropped (stable but "too stable": a free body keeps its ω, not its L).
 */
export type GyroscopicMode = 'implicit' | 'momentum' | 'explicit' | 'none';

/**
 * How the orientation follows ω (textbook §26.2 "姿勢の積分"):
 * - 'exponential' (default): q ← exp(h ω / 2) q, the exact rotation by |ω|h about ω̂ (portable
 *   sin/cos, so every JavaScript engine gives the same bits);
 * - 'first-order': q ← normalize(q + h/2 (ω, 0) q), the book's explicit Euler step (0.3 % slow
 *   at ωh = 0.2).
 */
export type OrientationMode = 'exponential' | 'first-order';

/**
 * How the two friction directions are clamped (textbook §26.2 "摩擦円錐"):
 * - 'cone' (default): the accumulated tangent impulse vector (λ₁, λ₂) is clamped to the disc of
 *   radius μλn — the true Coulomb cone, isotropic: a box slides the same in every direction;
 * - 'pyramid': each direction on its own to ±μλn (the four-sided pyramid most engines use; up to
 *   √2 more friction along the diagonals of the tangent basis).
 */
export type FrictionModel = 'cone' | 'pyramid';

/**
 * `world.createBody(def)` — every field optional. Magnitude limits (a larger value can only
 * overflow): |position| ≤ 1e12 m, |velocity| ≤ 1e12 m/s, |angular velocity| ≤ 1e12 rad/s,
 * |force|, |torque|, |impulse| ≤ 1e30 per component; past them `invalid-argument` naming the field.
 */
export interface BodyDef3 {
  /** default 'dynamic' */
  type?: BodyType3;
  /** the body origin (the frame its shapes are placed in), default [0, 0, 0] */
  position?: Vec3Tuple;
  /**
   * orientation [x, y, z, w], default [0, 0, 0, 1]. A quaternion within 1e-6 of unit length is
   * normalised; one further off is refused (`invalid-argument`): it is almost surely a mistake
   * (Euler angles, a non-normalised axis), not rounding.
   */
  orientation?: QuatTuple;
  /** velocity of the centre of mass, default [0, 0, 0] */
  linearVelocity?: Vec3Tuple;
  /** world angular velocity (rad/s), default [0, 0, 0] */
  angularVelocity?: Vec3Tuple;
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
  /**
   * a bullet: the continuous stage sweeps it against every shape, dynamic ones included (not only
   * static and kinematic ones), so it cannot pass through thin or fast bodies; default false
   */
  bullet?: boolean;
  /** starts awake, default true */
  awake?: boolean;
  /** any value the caller wants to find again (not used by the engine) */
  userData?: unknown;
}

/** Collision filtering (Box2D's rule): same non-zero group → the group's sign decides; else category & mask both ways. */
export interface FilterDef3 {
  /** the bits this shape is, default 0x0001 */
  categoryBits?: number;
  /** the bits this shape collides with, default 0xFFFFFFFF */
  maskBits?: number;
  /** > 0: always collide within the group; < 0: never; 0: use the bits */
  groupIndex?: number;
}

/** Material, placement and flags common to every shape. */
export interface ShapeMaterialDef3 {
  /** kg/m³, default 1000 (water); 0 gives a massless shape. Negative is refused. */
  density?: number;
  /** Coulomb μ, default 0.6; a contact uses √(μA μB) */
  friction?: number;
  /** coefficient of restitution e ∈ [0, 1], default 0; a contact uses max(eA, eB) */
  restitution?: number;
  /**
   * rolling resistance (m, ≥ 0), default 0: a contact resists relative rolling with a torque up
   * to this lever arm × the normal force — a ball on a flat floor comes to rest
   */
  rollingResistance?: number;
  /** torsional friction (m, ≥ 0), default 0: resists spinning about the normal up to this lever arm × the normal force */
  torsionalFriction?: number;
  /** a sensor detects overlap (sensor events) but never collides, default false */
  isSensor?: boolean;
  /** collision filter bits */
  filter?: FilterDef3;
  /** report begin/end/hit events for this shape, default true */
  enableContactEvents?: boolean;
  /** the shape's placement in the body frame, default [0, 0, 0] */
  position?: Vec3Tuple;
  /** the shape's orientation in the body frame, default identity (same unit rule as {@link BodyDef3.orientation}) */
  orientation?: QuatTuple;
  /** any value the caller wants to find again */
  userData?: unknown;
}

/** The geometry of a shape: the kind and its sizes (in the shape's own frame). */
export type ShapeGeometryDef3 =
  | { kind: 'sphere'; radius: number }
  | { kind: 'box'; halfExtents: Vec3Tuple }
  /** along the local y axis: the core segment y ∈ [−halfHeight, halfHeight] swept by radius */
  | { kind: 'capsule'; halfHeight: number; radius: number }
  /** along the local y axis */
  | { kind: 'cylinder'; halfHeight: number; radius: number }
  /**
   * the convex hull of `points` (xyz per point, built by quickhull; coplanar and duplicate points
   * are merged, a cloud without volume is refused), at most `maxVertices` vertices (default all),
   * rounded by `radius` (default 0)
   */
  | { kind: 'hull'; points: ArrayLike<number>; maxVertices?: number; radius?: number }
  /** a prebuilt geometry object of rikigaku/geometry (a `ConvexHull3`, `TriangleMesh3`, `Heightfield3`, …) */
  | { kind: 'geometry'; shape: import('../geometry/shapes3d.js').Shape3 };

/** `world.createShape(body, def)`: a geometry plus its material. */
export type ShapeDef3 = ShapeMaterialDef3 & ShapeGeometryDef3;

/** `new World3(def)` — every field optional. */
export interface WorldDef3 {
  /** m/s², default [0, −10, 0] */
  gravity?: Vec3Tuple;
  /** the contact solver (shared with rigid2d): soft step by default, PGS + Baumgarte, split impulse */
  solver?: SolverSettings;
  /** default 'implicit' (see {@link GyroscopicMode}) */
  gyroscopic?: GyroscopicMode;
  /** default 'exponential' (see {@link OrientationMode}) */
  orientation?: OrientationMode;
  /** default 'cone' (see {@link FrictionModel}) */
  friction?: FrictionModel;
  /** allow islands to fall asleep, default true */
  enableSleep?: boolean;
  /**
   * joint passes per solver pass (an integer ≥ 1), default 2: Gauss–Seidel over a chain converges
   * with the passes, so long chains and heavy loads stretch less (a 100:1 load on a chain: use 4)
   */
  jointIterations?: number;
  /**
   * continuous collision for fast bodies against static and kinematic shapes (time of impact by
   * conservative advancement), default true; bullets are swept whatever this says
   */
  continuous?: boolean;
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
export interface ContactPointInfo3 {
  /** world point, midway between the surfaces */
  x: number;
  /** world point y */
  y: number;
  /** world point z */
  z: number;
  /** negative = penetration depth */
  separation: number;
  /** accumulated normal impulse λn of the last step */
  normalImpulse: number;
  /** accumulated friction impulses along the two tangents */
  tangentImpulse1: number;
  /** second tangent's accumulated impulse */
  tangentImpulse2: number;
  /** feature id */
  id: number;
}

/** A contact readout (from `world.contacts()`). */
export interface ContactInfo3 {
  /** the first shape (the normal points from it) */
  shapeA: ShapeId3;
  /** the second shape */
  shapeB: ShapeId3;
  /** shapeA's body */
  bodyA: BodyId3;
  /** shapeB's body */
  bodyB: BodyId3;
  /** unit normal from A to B */
  normal: [number, number, number];
  /** the manifold's points (≤ 4) */
  points: ContactPointInfo3[];
}

/** Two shapes began or ended touching. */
export interface ContactEvent3 {
  /** the first shape */
  shapeA: ShapeId3;
  /** the second shape */
  shapeB: ShapeId3;
}

/** A begin-touch whose approach speed exceeded the world's hit threshold. */
export interface ContactHitEvent3 {
  /** the first shape */
  shapeA: ShapeId3;
  /** the second shape */
  shapeB: ShapeId3;
  /** the deepest point x */
  x: number;
  /** the deepest point y */
  y: number;
  /** the deepest point z */
  z: number;
  /** the normal (A → B) x */
  normalX: number;
  /** the normal y */
  normalY: number;
  /** the normal z */
  normalZ: number;
  /** speed of approach along the normal (m/s, positive) */
  approachSpeed: number;
}

/** A shape entered or left a sensor. */
export interface SensorEvent3 {
  /** the sensor shape */
  sensorShape: ShapeId3;
  /** the shape that entered or left */
  visitorShape: ShapeId3;
}

/** Events of the last `step` (arrays and objects are reused by the next step: copy what you keep). */
export interface WorldEvents3 {
  /** contacts that began touching */
  begin: ContactEvent3[];
  /** contacts that stopped touching */
  end: ContactEvent3[];
  /** begins faster than the hit threshold */
  hit: ContactHitEvent3[];
  /** shapes that entered a sensor */
  sensorBegin: SensorEvent3[];
  /** shapes that left a sensor */
  sensorEnd: SensorEvent3[];
  /** joints that broke (and were destroyed) */
  jointBreak: import('./joints/joint-types.js').JointBreakEvent3[];
}

/** Which shapes a query sees: filter bits like a shape's, and an optional predicate. */
export interface QueryFilter3 {
  /** the query's category bits, default 0xFFFFFFFF */
  categoryBits?: number;
  /** the categories it sees, default 0xFFFFFFFF */
  maskBits?: number;
  /** skip sensors, default true */
  skipSensors?: boolean;
  /** a final say per shape (called only for shapes that pass the bits) */
  predicate?: (shape: ShapeId3) => boolean;
}

/** One ray-cast hit. */
export interface RayHitInfo3 {
  /** the shape hit */
  shape: ShapeId3;
  /** its body */
  body: BodyId3;
  /** the hit point */
  point: [number, number, number];
  /** the surface normal at the hit (facing the ray) */
  normal: [number, number, number];
  /** the fraction of the ray's length, in [0, 1] */
  fraction: number;
}

export type * from './joints/joint-types.js';
