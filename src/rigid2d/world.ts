/**
 * The rigid2d world (textbook §26.2): the public facade over the stores and the step's stages,
 * split by stage after Box2D v3's layout (body.c, shape.c, contact.c, solver.c, island.c,
 * sensor.c, b2World_Step):
 *
 *   pairs (broadphase: new pairs, contact.ts) → collide (narrowphase dispatch table, persistent
 *   manifolds, events; contact.ts, narrowphase.ts, sensor.ts) → solve (prepare, substeps of
 *   integrate velocities → warm start → solve joints and contacts → integrate positions → relax /
 *   position correction, restitution, joint reactions and breaks; solver-step.ts, joints/) →
 *   non-finite check (body.ts) → finalize (bodies' boxes, sleep timers; finalize.ts) → continuous
 *   (time of impact for fast bodies and bullets; continuous.ts) → sleep (islands; sleep.ts)
 *
 * Storage is structure of arrays (body-store.ts, shape-store.ts, contact-store.ts); handles are
 * branded numbers with a generation counter and a world tag (handles.ts). The stage functions take
 * the world and read its stores; nothing is allocated inside `step` once warm, except event objects
 * when events happen (and the broadphase tree's boxed arguments when a proxy moves), and the
 * profile's clock reads (profile.ts). Each stage's wall-clock time lands in `world.profile`.
 */
import { HAS_CLOCK } from '../core/clock.js';
import { assertFinite, PhysicsError } from '../core/errors.js';
import { IslandStore } from '../dynamics/islands.js';
import {
  type ResolvedSolverSettings,
  resolveSolverSettings,
  type SolverSettings,
} from '../dynamics/solver-settings.js';
import { Manifold2 } from '../geometry/manifold2d.js';
import { type ConvexShape2, Transform2 } from '../geometry/shapes2d.js';
import { patan2, pcos, psin } from '../math/portable.js';
import {
  assertFiniteBodies,
  bodyTypeName,
  createBodySlot,
  destroyBodySlot,
  limitMagnitude,
  MAX_COORDINATE,
  MAX_FORCE,
  MAX_SPEED,
  originTransform,
  setBodyBullet,
} from './body.js';
import { BODY_DYNAMIC, BODY_STATIC, BodyStore } from './body-store.js';
import { BroadPhase2 } from './broad-phase.js';
import { collide, updatePairs } from './contact.js';
import { ContactStore } from './contact-store.js';
import { solveContinuous } from './continuous.js';
import { type DebugDraw2, type DebugDrawOptions, drawWorld } from './debug-draw.js';
import { StepEvents } from './events.js';
import { finalizeBodies } from './finalize.js';
import {
  encodeHandle,
  HANDLE_BODY,
  HANDLE_JOINT,
  HANDLE_SHAPE,
  isLiveHandle,
  newWorldTag,
  slotOf,
} from './handles.js';
import { createJointSlot, destroyJointSlot } from './joints/joint-def.js';
import { jointAnchors, jointCoordinate } from './joints/joint-readouts.js';
import {
  JOINT_DISTANCE,
  JOINT_KIND_NAMES,
  JOINT_MOUSE,
  JointStore,
  JP_DAMPING,
  JP_ENABLE_LIMIT,
  JP_ENABLE_MOTOR,
  JP_ENABLE_SPRING,
  JP_HERTZ,
  JP_LOWER,
  JP_MAX_MOTOR,
  JP_MOTOR_SPEED,
  JP_STRIDE,
  JP_TARGET_X,
  JP_TARGET_Y,
  JP_UPPER,
} from './joints/joint-store.js';
import { StepProfile } from './profile.js';
import {
  contactCount,
  contactImpulses,
  contactList,
  contactNormalVelocity,
  kineticEnergy,
  linearMomentum,
  maxPenetration,
  readTransforms,
} from './readouts.js';
import {
  addShape,
  chainSegment,
  chainSegmentCount,
  destroyShapeSlot,
  shapeGeometry,
  updateBodyBoxes,
} from './shape.js';
import { ShapeStore } from './shape-store.js';
import { islandNeighbours, sleepIsland, updateSleep, wakeBody } from './sleep.js';
import {
  rigid2dDynamicRestore,
  rigid2dDynamicSnapshot,
  rigid2dRestore,
  rigid2dSnapshot,
  rigid2dStateHash,
} from './snapshot.js';
import { SolverScratch, solve } from './solver-step.js';
import { type SolverThreads, setupThreads, type ThreadStatus } from './solver-threads.js';
import type {
  BodyDef,
  BodyId,
  BodyType,
  ChainDef,
  ContactInfo,
  JointDef,
  JointId,
  JointKind,
  JointMotorSettings,
  JointSpringSettings,
  ShapeDef,
  ShapeId,
  Vec2Tuple,
  WorldDef,
  WorldEvents,
} from './types.js';
import {
  checkDef,
  checkFlag,
  checkJointDef,
  checkSolverSettings,
  resolveTunables,
  tunable,
  vec,
  WORLD_DEF_KEYS,
} from './world-settings.js';

export { type ResolvedSolverSettings, resolveSolverSettings } from '../dynamics/solver-settings.js';

/** A 2D rigid-body world. See the module comment for the pipeline and `types.ts` for the definitions. */
export class World {
  /** @internal the body store (read-only for queries, scene loaders and drawing; do not write) */
  readonly bodies = new BodyStore();
  /** @internal the shape store */
  readonly shapes = new ShapeStore();
  /** @internal the joint store (joints/joint-store.ts) */
  readonly joints = new JointStore();
  /** @internal the contact store (persistent manifolds) */
  readonly contactStore = new ContactStore();
  /** @internal the broadphase: dynamic AABB trees of the shapes' fat boxes by body type (userData = shape slot) */
  readonly broadphase: BroadPhase2;
  /** @internal persistent islands of the dynamic bodies (dynamics/islands.ts) */
  readonly islands = new IslandStore();
  /** @internal number of kinematic bodies */
  kinematicCount = 0;
  /** @internal this world's handle tag (handles.ts) */
  readonly tag: number;

  // number fields start as doubles so V8 keeps them unboxed (see Transform2)
  /** x of the gravity (m/s²); read it here, change it with `setGravity` */
  gravityX = 0.5;
  /** y of the gravity (m/s²); read it here, change it with `setGravity` */
  gravityY = 0.5;
  /** the solver settings in use, defaults filled in (change them with `setSolver`) */
  solver: ResolvedSolverSettings;
  /** may islands fall asleep ({@link WorldDef.enableSleep}) */
  enableSleep = true;
  /** continuous collision for fast dynamic bodies against static and kinematic shapes (see {@link WorldDef.continuous}); bullets are swept regardless */
  continuous = true;
  private sleepTimeField = 0.5;
  private sleepToleranceField = 0.5;
  private hitThresholdField = 0.5;
  private speculativeField = 0.5;
  private marginField = 0.5;
  /** simulated time (s): the sum of the `dt` of every step */
  time = 0;
  /** number of `step` calls so far */
  stepCount = 0;
  /**
   * figures of the last step: new candidate pairs the broadphase found (pairs of one body and pairs
   * that already have a contact are left out during the search), active contacts, awake bodies,
   * contacts created
   */
  readonly lastStep = { pairTests: 0, activeContacts: 0, awakeBodies: 0, newPairs: 0 };
  /** wall-clock milliseconds of the last step and its stages (profile.ts); reading it changes nothing */
  readonly profile = new StepProfile();
  /** measure the stages into `profile` (default true) */
  profiling = true;

  /** @internal the pooled events of the last step (events.ts) */
  readonly stepEvents = new StepEvents();
  /** @internal the narrowphase's manifold and transforms */
  readonly manifold = new Manifold2();
  /** @internal */
  readonly xfA = new Transform2();
  /** @internal */
  readonly xfB = new Transform2();
  /** @internal the solver's reusable arrays (solver-step.ts) */
  readonly scratch = new SolverScratch();
  /**
   * @internal The speculative distance as an already-boxed number for the narrowphase calls (an
   * element of a generic array is passed as is; an unboxed double argument would allocate a
   * HeapNumber per call).
   */
  readonly taggedSpeculative: unknown[] = [null];
  /** @internal the neighbour walk of the island split (made once) */
  readonly islandNeighbours: (body: number, visit: (other: number) => void) => void;

  /** A world of `def` (every field optional; unknown fields, wrong types and absurd magnitudes throw). */
  constructor(def: WorldDef = {}) {
    checkDef(def, 'world', WORLD_DEF_KEYS, ['enableSleep', 'continuous']);
    const g = vec(def.gravity, 'world.gravity', [0, -10]);
    limitMagnitude(g[0], MAX_SPEED, 'world.gravity[0]');
    limitMagnitude(g[1], MAX_SPEED, 'world.gravity[1]');
    this.gravityX = g[0];
    this.gravityY = g[1];
    checkSolverSettings(def.solver, 'world.solver');
    this.solver = resolveSolverSettings(def.solver, 'world.solver');
    this.enableSleep = def.enableSleep ?? true;
    this.continuous = def.continuous ?? true;
    const t = resolveTunables(def);
    this.sleepTimeField = t.timeToSleep;
    this.sleepToleranceField = t.sleepTolerance;
    this.hitThresholdField = t.hitEventThreshold;
    this.speculativeField = t.speculativeDistance;
    this.marginField = t.aabbMargin;
    this.taggedSpeculative[0] = this.speculativeField;
    this.broadphase = new BroadPhase2(this.marginField, 4 * this.marginField);
    this.tag = newWorldTag();
    this.islandNeighbours = islandNeighbours(this.contactStore, this.joints);
    const n = def.workerCount ?? 0;
    if (!Number.isInteger(n) || n < 0 || n > 64)
      throw new PhysicsError(
        'invalid-argument',
        `world.workerCount: must be an integer in [0, 64], got ${String(n)}`,
      );
    const threads = setupThreads(this.scratch, n, def.threads);
    this.threads = threads.status;
    this.threadRunner = threads.runner;
  }

  /** The solve's threads: how many were asked for, how many are used, and why fewer (docs/threads.md). */
  readonly threads: ThreadStatus;
  private threadRunner: SolverThreads | null;

  /** Stops the world's worker threads (it solves on the calling thread from then on, bit-identically). */
  dispose(): void {
    if (this.threadRunner === null) return;
    this.threadRunner.dispose();
    this.threadRunner = null;
    this.scratch.threads = null;
    const { requested, parallelSteps } = this.threads;
    (this as { threads: ThreadStatus }).threads = {
      requested,
      threads: 1,
      reason: 'disposed',
      parallelSteps,
      readyWorkers: 0,
    };
  }

  // ---------------------------------------------------------------- tunables

  /** seconds below the sleep tolerance before an island sleeps (≥ 0) */
  get timeToSleep(): number {
    return this.sleepTimeField;
  }
  set timeToSleep(v: number) {
    this.sleepTimeField = tunable(v, 'timeToSleep');
  }
  /** a body is "still" when max(|v|, extent·|ω|) is below this (m/s, ≥ 0) */
  get sleepTolerance(): number {
    return this.sleepToleranceField;
  }
  set sleepTolerance(v: number) {
    this.sleepToleranceField = tunable(v, 'sleepTolerance');
  }
  /** begin-touch events faster than this (m/s, ≥ 0) also become hit events */
  get hitEventThreshold(): number {
    return this.hitThresholdField;
  }
  set hitEventThreshold(v: number) {
    this.hitThresholdField = tunable(v, 'hitEventThreshold');
  }
  /** points this far apart are kept as speculative contacts (m, ≥ 0); from the next step on */
  get speculativeDistance(): number {
    return this.speculativeField;
  }
  set speculativeDistance(v: number) {
    this.speculativeField = tunable(v, 'speculativeDistance');
    this.taggedSpeculative[0] = this.speculativeField;
  }
  /** broadphase boxes are fattened by this (m, ≥ 0); applies to every box (re)inserted from now on */
  get aabbMargin(): number {
    return this.marginField;
  }
  set aabbMargin(v: number) {
    this.marginField = tunable(v, 'aabbMargin');
    this.broadphase.margin = this.marginField;
  }

  /** Replaces some solver settings (unnamed ones keep their values unless the mode changes their defaults). */
  setSolver(settings: SolverSettings): void {
    const modeChanged =
      settings.positionCorrection !== undefined &&
      settings.positionCorrection !== this.solver.positionCorrection;
    checkSolverSettings(settings, 'solver');
    const base: SolverSettings = modeChanged ? { trace: this.solver.trace } : { ...this.solver };
    this.solver = resolveSolverSettings({ ...base, ...settings }, 'solver');
  }

  /** Sets the gravity (m/s², each component at most 1e12 in magnitude) and wakes every body. */
  setGravity(g: Vec2Tuple): void {
    const [x, y] = vec(g, 'gravity');
    limitMagnitude(x, MAX_SPEED, 'gravity[0]');
    limitMagnitude(y, MAX_SPEED, 'gravity[1]');
    this.gravityX = x;
    this.gravityY = y;
    for (let i = 0; i < this.bodies.count; i++)
      if (this.bodies.alive[i]) wakeBody(this.bodies, this.islands, i);
  }

  // ---------------------------------------------------------------- handles

  private bodyIndex(id: BodyId, where = 'body'): number {
    return slotOf(this.bodies, this.tag, HANDLE_BODY, id, where);
  }

  private shapeIndex(id: ShapeId, where = 'shape'): number {
    return slotOf(this.shapes, this.tag, HANDLE_SHAPE, id, where);
  }

  /** The handle of body slot `i` (for code that walks the stores). */
  bodyId(i: number): BodyId {
    return encodeHandle(this.bodies.generation[i]!, this.tag, HANDLE_BODY, i) as BodyId;
  }
  /** The handle of shape slot `i`. */
  shapeId(i: number): ShapeId {
    return encodeHandle(this.shapes.generation[i]!, this.tag, HANDLE_SHAPE, i) as ShapeId;
  }
  /** Slot index of a handle (validated). */
  bodySlot(id: BodyId): number {
    return this.bodyIndex(id);
  }
  /** Slot index of a shape handle (validated). */
  shapeSlot(id: ShapeId): number {
    return this.shapeIndex(id);
  }
  /** The handle of joint slot `i`. */
  jointId(i: number): JointId {
    return encodeHandle(this.joints.generation[i]!, this.tag, HANDLE_JOINT, i) as JointId;
  }
  /** Slot index of a joint handle (validated). */
  jointSlot(id: JointId, where = 'joint'): number {
    return slotOf(this.joints, this.tag, HANDLE_JOINT, id, where);
  }
  /** Is `id` a live body, shape or joint handle of this world? (false for destroyed ones and other worlds' handles) */
  isValid(id: BodyId | ShapeId | JointId): boolean {
    return (
      isLiveHandle(this.bodies, this.tag, HANDLE_BODY, id) ||
      isLiveHandle(this.shapes, this.tag, HANDLE_SHAPE, id) ||
      isLiveHandle(this.joints, this.tag, HANDLE_JOINT, id)
    );
  }

  // ---------------------------------------------------------------- bodies

  /** Creates a body; see {@link BodyDef}. Returns its handle. */
  createBody(def: BodyDef = {}): BodyId {
    return this.bodyId(createBodySlot(this, def));
  }

  /** Destroys a body, its shapes and their contacts (end events are reported). */
  destroyBody(id: BodyId): void {
    destroyBodySlot(this, this.bodyIndex(id));
  }

  /** Live body handles in slot order. */
  bodyIds(): BodyId[] {
    const out: BodyId[] = [];
    for (let i = 0; i < this.bodies.count; i++) if (this.bodies.alive[i]) out.push(this.bodyId(i));
    return out;
  }

  /** Number of live bodies. */
  get bodyCount(): number {
    return this.bodies.count - this.bodies.freeList.length;
  }

  /** The body's type: 'static', 'kinematic' or 'dynamic'. */
  getBodyType(id: BodyId): BodyType {
    return bodyTypeName(this.bodies.type[this.bodyIndex(id)]!);
  }

  /** The body origin (the frame its shapes were given in). */
  getPosition(id: BodyId): [number, number] {
    const i = this.bodyIndex(id);
    const b = this.bodies;
    return [
      b.cx[i]! - (b.qc[i]! * b.lcx[i]! - b.qs[i]! * b.lcy[i]!),
      b.cy[i]! - (b.qs[i]! * b.lcx[i]! + b.qc[i]! * b.lcy[i]!),
    ];
  }

  /** The centre of mass in world coordinates. */
  getWorldCenter(id: BodyId): [number, number] {
    const i = this.bodyIndex(id);
    return [this.bodies.cx[i]!, this.bodies.cy[i]!];
  }

  /** Angle in radians (−π, π]. */
  getAngle(id: BodyId): number {
    const i = this.bodyIndex(id);
    return patan2(this.bodies.qs[i]!, this.bodies.qc[i]!);
  }

  /** Writes the body origin transform into `out` (no allocation). */
  getTransform(id: BodyId, out: Transform2 = new Transform2()): Transform2 {
    return originTransform(this.bodies, this.bodyIndex(id), out);
  }

  /**
   * Writes (x, y, angle) of every body's origin into `out`, in body-id (slot) order, for
   * renderers; returns the number of bodies written (`out` needs 3 × bodyCount numbers).
   */
  readTransforms(out: Float64Array): number {
    return readTransforms(this, out);
  }

  /** Velocity of the centre of mass (m/s). */
  getLinearVelocity(id: BodyId): [number, number] {
    const i = this.bodyIndex(id);
    return [this.bodies.vx[i]!, this.bodies.vy[i]!];
  }

  /** Angular velocity (rad/s, counter-clockwise positive). */
  getAngularVelocity(id: BodyId): number {
    return this.bodies.w[this.bodyIndex(id)]!;
  }

  /**
   * Mass (kg): the sum over its shapes of density × area; 1 for a dynamic body without area, 0 for static and
   * kinematic bodies.
   */
  getMass(id: BodyId): number {
    return this.bodies.mass[this.bodyIndex(id)]!;
  }

  /** Rotational inertia about the centre of mass. */
  getInertia(id: BodyId): number {
    return this.bodies.inertia[this.bodyIndex(id)]!;
  }

  /** The `userData` given at creation. */
  getUserData(id: BodyId): unknown {
    return this.bodies.userData[this.bodyIndex(id)];
  }

  /**
   * Is the body awake (simulated this step)? A sleeping body is woken by a contact, a joint, a setter or an
   * `apply…` call.
   */
  isAwake(id: BodyId): boolean {
    return this.bodies.awake[this.bodyIndex(id)] === 1;
  }

  /** Is the body a bullet (continuous collision against every shape, {@link BodyDef.bullet})? */
  isBullet(id: BodyId): boolean {
    return this.bodies.bullet[this.bodyIndex(id)] === 1;
  }

  /** Makes the body a bullet or not (see {@link BodyDef.bullet}); from the next step on. */
  setBullet(id: BodyId, flag: boolean): void {
    const i = this.bodyIndex(id);
    checkFlag(flag, 'setBullet(flag)');
    setBodyBullet(this, i, flag);
  }

  /** Wakes (true) or puts to sleep (false) the body's whole island. */
  setAwake(id: BodyId, awake: boolean): void {
    const i = this.bodyIndex(id);
    checkFlag(awake, 'setAwake(awake)');
    if (awake) wakeBody(this.bodies, this.islands, i);
    else sleepIsland(this.bodies, this.islands, i);
  }

  /** Moves the body origin to `position` with `angle` (teleport; wakes it). */
  setTransform(id: BodyId, position: Vec2Tuple, angle: number): void {
    const i = this.bodyIndex(id);
    const [x, y] = vec(position, 'position');
    assertFinite(angle, 'angle');
    limitMagnitude(x, MAX_COORDINATE, 'position[0]');
    limitMagnitude(y, MAX_COORDINATE, 'position[1]');
    const b = this.bodies;
    b.qc[i] = pcos(angle);
    b.qs[i] = psin(angle);
    b.cx[i] = x + (b.qc[i]! * b.lcx[i]! - b.qs[i]! * b.lcy[i]!);
    b.cy[i] = y + (b.qs[i]! * b.lcx[i]! + b.qc[i]! * b.lcy[i]!);
    wakeBody(b, this.islands, i);
    updateBodyBoxes(this, i, true);
  }

  /**
   * Sets the velocity of the centre of mass (m/s) and wakes the body if it is not zero; ignored for a static
   * body.
   */
  setLinearVelocity(id: BodyId, v: Vec2Tuple): void {
    const i = this.bodyIndex(id);
    const [x, y] = vec(v, 'linearVelocity');
    limitMagnitude(x, MAX_SPEED, 'linearVelocity[0]');
    limitMagnitude(y, MAX_SPEED, 'linearVelocity[1]');
    if (this.bodies.type[i] === BODY_STATIC) return;
    this.bodies.vx[i] = x;
    this.bodies.vy[i] = y;
    if (x !== 0 || y !== 0) wakeBody(this.bodies, this.islands, i);
  }

  /**
   * Sets the angular velocity (rad/s) and wakes the body if it is not zero; ignored for a static or fixed-
   * rotation body.
   */
  setAngularVelocity(id: BodyId, w: number): void {
    const i = this.bodyIndex(id);
    limitMagnitude(assertFinite(w, 'angularVelocity'), MAX_SPEED, 'angularVelocity');
    if (this.bodies.type[i] === BODY_STATIC || this.bodies.fixedRotation[i]) return;
    this.bodies.w[i] = w;
    if (w !== 0) wakeBody(this.bodies, this.islands, i);
  }

  /** Adds a force (N) at a world point (default: the centre of mass) for the next step; wakes the body. */
  applyForce(id: BodyId, force: Vec2Tuple, point?: Vec2Tuple): void {
    const i = this.bodyIndex(id);
    const [fx, fy] = vec(force, 'force');
    limitMagnitude(fx, MAX_FORCE, 'force[0]');
    limitMagnitude(fy, MAX_FORCE, 'force[1]');
    const b = this.bodies;
    if (b.type[i] !== BODY_DYNAMIC) return;
    b.fx[i] = b.fx[i]! + fx;
    b.fy[i] = b.fy[i]! + fy;
    if (point !== undefined) {
      const [px, py] = vec(point, 'point');
      limitMagnitude(px, MAX_COORDINATE, 'point[0]');
      limitMagnitude(py, MAX_COORDINATE, 'point[1]');
      b.torque[i] = b.torque[i]! + (px - b.cx[i]!) * fy - (py - b.cy[i]!) * fx;
    }
    wakeBody(b, this.islands, i);
  }

  /** Adds a torque (N·m) for the next step; wakes the body. Ignored unless the body is dynamic. */
  applyTorque(id: BodyId, torque: number): void {
    const i = this.bodyIndex(id);
    limitMagnitude(assertFinite(torque, 'torque'), MAX_FORCE, 'torque');
    if (this.bodies.type[i] !== BODY_DYNAMIC) return;
    this.bodies.torque[i] = this.bodies.torque[i]! + torque;
    wakeBody(this.bodies, this.islands, i);
  }

  /** Applies an impulse (N·s) at a world point (default: the centre of mass); wakes the body. */
  applyLinearImpulse(id: BodyId, impulse: Vec2Tuple, point?: Vec2Tuple): void {
    const i = this.bodyIndex(id);
    const [jx, jy] = vec(impulse, 'impulse');
    limitMagnitude(jx, MAX_FORCE, 'impulse[0]');
    limitMagnitude(jy, MAX_FORCE, 'impulse[1]');
    const b = this.bodies;
    if (b.type[i] !== BODY_DYNAMIC) return;
    b.vx[i] = b.vx[i]! + b.invMass[i]! * jx;
    b.vy[i] = b.vy[i]! + b.invMass[i]! * jy;
    if (point !== undefined) {
      const [px, py] = vec(point, 'point');
      limitMagnitude(px, MAX_COORDINATE, 'point[0]');
      limitMagnitude(py, MAX_COORDINATE, 'point[1]');
      b.w[i] = b.w[i]! + b.invI[i]! * ((px - b.cx[i]!) * jy - (py - b.cy[i]!) * jx);
    }
    wakeBody(b, this.islands, i);
  }

  /** Total kinetic energy ½mv² + ½Iω² of the dynamic bodies. */
  kineticEnergy(): number {
    return kineticEnergy(this);
  }

  /** Total linear momentum of the dynamic bodies. */
  linearMomentum(): [number, number] {
    return linearMomentum(this);
  }

  // ---------------------------------------------------------------- shapes

  /** Attaches a shape to a body; see {@link ShapeDef}. Returns its handle. */
  createShape(body: BodyId, def: ShapeDef): ShapeId {
    const bi = this.bodyIndex(body, 'createShape(body)');
    return this.shapeId(addShape(this, bi, shapeGeometry(def), def));
  }

  /**
   * Creates a chain of segments through `points` (closed when `loop`); returns the segment handles.
   * Each segment knows its neighbours (ghost vertices), so shapes slide over the joins without
   * catching. Two-sided unless `oneSided` (then only the right-hand side of the chain's direction
   * collides; see {@link ChainDef}).
   */
  createChain(body: BodyId, def: ChainDef): ShapeId[] {
    const bi = this.bodyIndex(body, 'createChain(body)');
    const n = chainSegmentCount(def);
    const ids: ShapeId[] = [];
    for (let k = 0; k < n; k++) ids.push(this.shapeId(addShape(this, bi, chainSegment(def, k), def)));
    return ids;
  }

  /** Removes a shape and its contacts (end events reported); the body's mass is recomputed. */
  destroyShape(id: ShapeId): void {
    destroyShapeSlot(this, this.shapeIndex(id), true);
  }

  /** The body a shape is on. */
  getShapeBody(id: ShapeId): BodyId {
    return this.bodyId(this.shapes.body[this.shapeIndex(id)]!);
  }

  /** A shape's geometry (rounded convex polygon in its body's frame). Do not modify. */
  getShapeGeometry(id: ShapeId): ConvexShape2 {
    return this.shapes.geom[this.shapeIndex(id)]!;
  }

  /** Handles of a body's shapes (most recent first). */
  getBodyShapes(id: BodyId): ShapeId[] {
    const i = this.bodyIndex(id);
    const out: ShapeId[] = [];
    for (let s = this.bodies.firstShape[i]!; s !== -1; s = this.shapes.next[s]!) out.push(this.shapeId(s));
    return out;
  }

  /** Live shape handles in slot order. */
  shapeIds(): ShapeId[] {
    const out: ShapeId[] = [];
    for (let i = 0; i < this.shapes.count; i++) if (this.shapes.alive[i]) out.push(this.shapeId(i));
    return out;
  }

  /** The tight world box [minX, minY, maxX, maxY] of a shape as of the last step. */
  getShapeAabb(id: ShapeId): [number, number, number, number] {
    const s = 4 * this.shapeIndex(id);
    const a = this.shapes.aabb;
    return [a[s]!, a[s + 1]!, a[s + 2]!, a[s + 3]!];
  }

  /** The fattened broadphase box of a shape. */
  getShapeFatAabb(id: ShapeId): [number, number, number, number] {
    const s = 4 * this.shapeIndex(id);
    const a = this.shapes.fat;
    return [a[s]!, a[s + 1]!, a[s + 2]!, a[s + 3]!];
  }

  // ---------------------------------------------------------------- joints

  /**
   * Creates a joint between two bodies (textbook §26.2 "ジョイントとモーター"); see {@link JointDef}.
   * Wakes both bodies; they share an island from now on (they sleep and wake together).
   */
  createJoint(def: JointDef): JointId {
    checkJointDef(def);
    return this.jointId(createJointSlot(this, def));
  }

  /** Destroys a joint (its handle goes stale); wakes its bodies. */
  destroyJoint(id: JointId): void {
    destroyJointSlot(this, this.jointSlot(id, 'destroyJoint'));
  }

  /** Live joint handles in slot order. */
  jointIds(): JointId[] {
    const out: JointId[] = [];
    for (let i = 0; i < this.joints.count; i++) if (this.joints.alive[i]) out.push(this.jointId(i));
    return out;
  }

  /** Number of live joints. */
  get jointCount(): number {
    return this.joints.live;
  }

  /** The joint's kind ('revolute', 'prismatic', …). */
  getJointKind(id: JointId): JointKind {
    return JOINT_KIND_NAMES[this.joints.kind[this.jointSlot(id)]!]!;
  }

  /** The joint's two bodies [bodyA, bodyB]. */
  getJointBodies(id: JointId): [BodyId, BodyId] {
    const j = this.jointSlot(id);
    return [this.bodyId(this.joints.bodyA[j]!), this.bodyId(this.joints.bodyB[j]!)];
  }

  /** The `userData` given at creation. */
  getJointUserData(id: JointId): unknown {
    return this.joints.userData[this.jointSlot(id)];
  }

  /** The joint's reaction force on body B over the last step (N): accumulated impulse / substep. */
  getJointReactionForce(id: JointId): [number, number] {
    const j = this.jointSlot(id);
    return [this.joints.forceX[j]!, this.joints.forceY[j]!];
  }

  /** The joint's reaction torque on body B over the last step (N·m). */
  getJointReactionTorque(id: JointId): number {
    return this.joints.torque[this.jointSlot(id)]!;
  }

  /** World anchors [ax, ay, bx, by] (a mouse joint's A anchor is its target). */
  getJointAnchors(id: JointId): [number, number, number, number] {
    return jointAnchors(this, this.jointSlot(id));
  }

  /** Relative angle θB − θA − θref (rad, in (−π, π]). */
  getJointAngle(id: JointId): number {
    return jointCoordinate(this, this.jointSlot(id), false);
  }

  /** Translation along the axis (prismatic, wheel) or the anchors' distance (distance); others: the angle. */
  getJointTranslation(id: JointId): number {
    return jointCoordinate(this, this.jointSlot(id), false);
  }

  /** Rate of the joint coordinate: ωB − ωA (revolute, weld, …), m/s along the axis (prismatic, wheel) or of the length (distance). */
  getJointSpeed(id: JointId): number {
    return jointCoordinate(this, this.jointSlot(id), true);
  }

  /** Changes the motor of a revolute, prismatic, wheel or distance joint; wakes its bodies. */
  setJointMotor(id: JointId, m: JointMotorSettings): void {
    const j = this.jointSlot(id, 'setJointMotor');
    const p = this.joints.param;
    const q = j * JP_STRIDE;
    if (m.enableMotor !== undefined) {
      if (typeof m.enableMotor !== 'boolean') {
        throw new PhysicsError(
          'invalid-argument',
          `joint.enableMotor: expected a boolean, got ${JSON.stringify(m.enableMotor)}`,
        );
      }
      p[q + JP_ENABLE_MOTOR] = m.enableMotor ? 1 : 0;
    }
    if (m.motorSpeed !== undefined) {
      assertFinite(m.motorSpeed, 'joint.motorSpeed');
      p[q + JP_MOTOR_SPEED] = limitMagnitude(m.motorSpeed, MAX_SPEED, 'joint.motorSpeed');
    }
    for (const key of ['maxMotorTorque', 'maxMotorForce'] as const) {
      const v = m[key];
      if (v === undefined) continue;
      assertFinite(v, `joint.${key}`);
      if (v < 0) throw new PhysicsError('invalid-argument', `joint.${key}: must be >= 0, got ${v}`);
      p[q + JP_MAX_MOTOR] = limitMagnitude(v, MAX_FORCE, `joint.${key}`);
    }
    this.wakeJoint(j);
  }

  /** Sets the limits (angles for revolute, translations for prismatic/wheel, lengths for distance) and enables them. */
  setJointLimits(id: JointId, lower: number, upper: number): void {
    const j = this.jointSlot(id, 'setJointLimits');
    assertFinite(lower, 'joint.lower');
    if (typeof upper !== 'number' || Number.isNaN(upper)) assertFinite(upper, 'joint.upper');
    if (lower > upper) {
      throw new PhysicsError('invalid-argument', `joint.lower: must be <= upper, got ${lower} > ${upper}`);
    }
    limitMagnitude(lower, MAX_COORDINATE, 'joint.lower');
    if (upper !== Number.POSITIVE_INFINITY) limitMagnitude(upper, MAX_COORDINATE, 'joint.upper');
    const kind = this.joints.kind[j]!;
    if (kind === JOINT_DISTANCE && lower < 0) {
      throw new PhysicsError('invalid-argument', `joint.lower: must be >= 0, got ${lower}`);
    }
    if (kind !== JOINT_DISTANCE) assertFinite(upper, 'joint.upper');
    const q = j * JP_STRIDE;
    this.joints.param[q + JP_LOWER] = lower;
    this.joints.param[q + JP_UPPER] = upper;
    this.joints.param[q + JP_ENABLE_LIMIT] = 1;
    this.wakeJoint(j);
  }

  /** Changes a joint's spring (revolute, prismatic, wheel, distance; the mouse joint's stiffness). */
  setJointSpring(id: JointId, sp: JointSpringSettings): void {
    const j = this.jointSlot(id, 'setJointSpring');
    const p = this.joints.param;
    const q = j * JP_STRIDE;
    if (sp.enableSpring !== undefined) {
      if (typeof sp.enableSpring !== 'boolean') {
        throw new PhysicsError(
          'invalid-argument',
          `joint.enableSpring: expected a boolean, got ${JSON.stringify(sp.enableSpring)}`,
        );
      }
      p[q + JP_ENABLE_SPRING] = sp.enableSpring ? 1 : 0;
    }
    for (const [key, off] of [
      ['hertz', JP_HERTZ],
      ['dampingRatio', JP_DAMPING],
    ] as const) {
      const v = sp[key];
      if (v === undefined) continue;
      assertFinite(v, `joint.${key}`);
      if (v < 0 || (key === 'hertz' && v === 0 && this.joints.kind[j] === JOINT_MOUSE)) {
        throw new PhysicsError(
          'invalid-argument',
          `joint.${key}: must be ${key === 'hertz' && this.joints.kind[j] === JOINT_MOUSE ? '>' : '>='} 0, got ${v}`,
        );
      }
      p[q + off] = v;
    }
    this.wakeJoint(j);
  }

  /** Moves a mouse joint's target (world point); wakes the dragged body. */
  setMouseTarget(id: JointId, target: Vec2Tuple): void {
    const j = this.jointSlot(id, 'setMouseTarget');
    if (this.joints.kind[j] !== JOINT_MOUSE) {
      throw new PhysicsError(
        'invalid-argument',
        `setMouseTarget: joint ${id} is a ${JOINT_KIND_NAMES[this.joints.kind[j]!]} joint, not a mouse joint`,
      );
    }
    const [x, y] = vec(target, 'joint.target');
    limitMagnitude(x, MAX_COORDINATE, 'joint.target[0]');
    limitMagnitude(y, MAX_COORDINATE, 'joint.target[1]');
    this.joints.param[j * JP_STRIDE + JP_TARGET_X] = x;
    this.joints.param[j * JP_STRIDE + JP_TARGET_Y] = y;
    this.wakeJoint(j);
  }

  private wakeJoint(j: number): void {
    wakeBody(this.bodies, this.islands, this.joints.bodyA[j]!);
    wakeBody(this.bodies, this.islands, this.joints.bodyB[j]!);
  }

  // ---------------------------------------------------------------- step

  /**
   * Advances the world by `dt` seconds (a fixed step, e.g. 1/60). The stages, each timed into
   * `profile` (the clock does not touch the state, so the step stays deterministic).
   */
  step(dt: number): void {
    assertFinite(dt, 'step(dt)');
    if (dt <= 0) throw new PhysicsError('invalid-argument', `step(dt): must be > 0, got ${dt}`);
    const p = this.profile;
    const timed = this.profiling && HAS_CLOCK;
    const t0 = timed ? performance.now() : 0;
    this.stepEvents.clear();
    updatePairs(this); // broadphase: new pairs become contacts
    const t1 = timed ? performance.now() : 0;
    collide(this); // narrowphase: manifolds, feature ids, begin/end/sensor events
    const t2 = timed ? performance.now() : 0;
    solve(this, dt); // prepare, substeps, restitution, bodies moved
    assertFiniteBodies(this, this.stepCount + 1); // non-finite state throws before it spreads
    const t3 = timed ? performance.now() : 0;
    finalizeBodies(this, dt); // forces cleared, boxes and proxies, sleep timers
    const t35 = timed ? performance.now() : 0;
    solveContinuous(this); // fast bodies and bullets back to their first time of impact
    const t4 = timed ? performance.now() : 0;
    updateSleep(this); // islands split and put to sleep
    this.time += dt;
    this.stepCount++;
    if (timed) {
      const t5 = performance.now();
      p.pairs = t1 - t0;
      p.collide = t2 - t1;
      p.solve = t3 - t2;
      p.finalize = t4 - t3;
      p.continuous = t4 - t35;
      p.sleep = t5 - t4;
      p.step = t5 - t0;
    }
  }

  /** The full state as snapshot bytes (rigid2d/snapshot.ts): a restored world continues bit-identically. */
  snapshot(): Uint8Array {
    this.refitTrees();
    return rigid2dSnapshot(this);
  }

  /** Brings the broadphase trees' inner boxes up to date (DynamicTree.refit) before they are read. */
  private refitTrees(): void {
    const t = this.broadphase.trees;
    for (let k = 0; k < 3; k++) t[k]!.refit();
  }

  /** Restores a full snapshot into this world (built with the same shapes); a bad one throws `PhysicsError` and changes nothing. */
  restore(bytes: Uint8Array): void {
    this.refitTrees(); // no put-off tree work of this world may outlive its state
    rigid2dRestore(this, bytes);
  }

  /** The small rollback snapshot (rigid2d/snapshot.ts): poses, velocities and sleep state, 64 bytes per body. */
  dynamicSnapshot(): Uint8Array {
    return rigid2dDynamicSnapshot(this);
  }

  /** Writes a {@link dynamicSnapshot} back (same live bodies); contacts, joints and islands keep their state. */
  restoreDynamic(bytes: Uint8Array): void {
    rigid2dDynamicRestore(this, bytes);
  }

  /** A 64-bit hash (16 hex digits) of the full state, bit for bit. */
  stateHash(): string {
    this.refitTrees();
    return rigid2dStateHash(this);
  }

  /** Events of the last step. */
  events(): WorldEvents {
    return this.stepEvents.lists;
  }

  /** Island id of a body (for drawing): stable across steps while the island lasts; −1 for static and kinematic. */
  getIslandId(id: BodyId): number {
    return this.islands.islandOf[this.bodyIndex(id)]!;
  }

  /** Draws the world through `dd` (debug-draw.ts): shapes, and on request boxes, contacts, normals, islands. */
  draw(dd: DebugDraw2, options?: DebugDrawOptions): void {
    drawWorld(this, dd, options);
  }

  // ---------------------------------------------------------------- contact readout

  /** Number of contacts with at least one point (touching or speculative), sensors excluded. */
  get contactCount(): number {
    return contactCount(this);
  }

  /** Readout of every contact with points: normal, points, separations and the last step's impulses. */
  contacts(): ContactInfo[] {
    return contactList(this);
  }

  /** The largest penetration depth (−separation) over all contact points, 0 if none. */
  maxPenetration(): number {
    return maxPenetration(this);
  }

  /**
   * The relative normal velocity vn = (vB + ωB×rB − vA − ωA×rA)·n of point `k` of the `index`-th
   * contact (in `contacts()` order) with the live body velocities — for solver traces (§26.2 table).
   */
  contactNormalVelocity(index: number, k = 0): number {
    return contactNormalVelocity(this, index, k);
  }

  /**
   * Live accumulated impulses and effective masses (1/m_eff stored inverted) of point `k` of the
   * `index`-th contact — readable from a trace callback while the solver runs, and after the step.
   */
  contactImpulses(
    index: number,
    k = 0,
  ): { normal: number; tangent: number; normalMass: number; tangentMass: number } {
    return contactImpulses(this, index, k);
  }
}
