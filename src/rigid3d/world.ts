/**
 * The rigid3d world (textbook §26.2): the public facade over the stores and the step's stages,
 * split by stage after Box2D v3's layout:
 *
 *   pairs (3D dynamic AABB tree, fat boxes, id-sorted pairs; contact.ts) → collide (collide3 into
 *   persistent manifolds of ≤ 4 points, feature ids for warm starting, begin / end / hit / sensor
 *   events; contact.ts) → solve (prepare, substeps of integrate velocities with the gyroscopic
 *   term → warm start → solve → integrate orientations → relax or split-impulse passes,
 *   restitution; solver-step.ts, contact-solver.ts) → non-finite check (body.ts) → finalize
 *   (forces cleared, world inverse inertia R I⁻¹ Rᵀ rebuilt, boxes and proxies, sleep timers;
 *   finalize.ts) → continuous (time of impact of fast bodies and bullets; continuous.ts) → sleep
 *   (persistent islands; sleep.ts)
 *
 * Storage is structure of arrays (body-store.ts, shape-store.ts, contact-store.ts); handles are
 * numbers with a generation counter and a world tag (handles.ts). Nothing is allocated inside
 * `step` once warm, except event objects when more events happen than ever before.
 */
import { HAS_CLOCK } from '../core/clock.js';
import { assertFinite, PhysicsError } from '../core/errors.js';
import { IslandStore } from '../dynamics/islands.js';
import {
  type ResolvedSolverSettings,
  resolveSolverSettings,
  type SolverSettings,
} from '../dynamics/solver-settings.js';
import { Manifold3 } from '../geometry/manifold3d.js';
import type { Shape3 } from '../geometry/shapes3d.js';
import { DynamicTree } from '../spatial/dynamic-tree.js';
import {
  assertFiniteBodies3,
  bodyTypeName3,
  createBodySlot3,
  destroyBodySlot3,
  limitVec,
  MAX_COORDINATE,
  MAX_FORCE,
  MAX_SPEED,
  originTransform3,
  updateMass3,
} from './body.js';
import { BODY_DYNAMIC, BODY_KINEMATIC, BODY_STATIC, BodyStore3 } from './body-store.js';
import { collide3d, updatePairs3 } from './contact.js';
import { CONTACT_SENSOR, ContactStore3, MAX_POINTS } from './contact-store.js';
import { booleanOption, solveContinuous3 } from './continuous.js';
import { StepEvents3 } from './events.js';
import { finalizeBodies3 } from './finalize.js';
import { GYRO_EXPLICIT, GYRO_IMPLICIT, GYRO_MOMENTUM, GYRO_NONE } from './gyroscopic.js';
import {
  encodeHandle,
  HANDLE_BODY,
  HANDLE_JOINT,
  HANDLE_SHAPE,
  isLiveHandle,
  newWorldTag,
  slotOf,
} from './handles.js';
import { updateWorldInertia } from './inertia.js';
import { JointContext3 } from './joints/joint-context.js';
import { createJointSlot3, destroyBodyJoints3, destroyJointSlot3 } from './joints/joint-def.js';
import {
  jointAngle3,
  jointPose3,
  jointSpeed3,
  jointTranslation3,
  swingTwistAngles,
} from './joints/joint-readouts.js';
import {
  setJointLimits3,
  setJointMotor3,
  setJointSpring3,
  setMouseTarget3,
} from './joints/joint-settings.js';
import { JOINT3_KIND_NAMES, JointStore3 } from './joints/joint-store.js';
import type {
  JointDef3,
  JointId3,
  JointKind3,
  JointMotorSettings3,
  JointSpringSettings3,
} from './joints/joint-types.js';
import { overlapShape, rayCastAll, rayCastClosest, shapeCast } from './queries.js';
import { addShape3, destroyShapeSlot3, shapeGeometry3, updateBodyBoxes3 } from './shape.js';
import { ShapeStore3 } from './shape-store.js';
import { islandNeighbours3, sleepIsland3, updateSleep3, wakeBody3 } from './sleep.js';
import { rigid3dRestore, rigid3dSnapshot, rigid3dStateHash } from './snapshot.js';
import { SolverScratch3, solve3 } from './solver-step.js';
import type {
  BodyDef3,
  BodyId3,
  BodyType3,
  ContactInfo3,
  FrictionModel,
  GyroscopicMode,
  OrientationMode,
  QuatTuple,
  QueryFilter3,
  RayHitInfo3,
  ShapeDef3,
  ShapeId3,
  Vec3Tuple,
  WorldDef3,
  WorldEvents3,
} from './types.js';
import { choice, num, quat, resolveTunables3, tunable, vec3 } from './world-settings.js';

const GYRO_MODES: readonly GyroscopicMode[] = ['implicit', 'momentum', 'explicit', 'none'];
const GYRO_CODES = [GYRO_IMPLICIT, GYRO_MOMENTUM, GYRO_EXPLICIT, GYRO_NONE];

/** Milliseconds of the last step's stages (wall clock; reading it changes nothing). */
export class StepProfile3 {
  /** broadphase pairs */
  pairs = 0.5;
  /** narrowphase */
  collide = 0.5;
  /** solver */
  solve = 0.5;
  /** finalize (boxes, inertia, sleep timers) */
  finalize = 0.5;
  /** islands and sleep */
  sleep = 0.5;
  /** continuous collision (time of impact of fast bodies and bullets) */
  continuous = 0.5;
  /** the whole step */
  step = 0.5;
}

/** A 3D rigid-body world. See the module comment for the stages and `types.ts` for the definitions. */
export class World3 {
  /** @internal the body store (read-only outside the engine) */
  readonly bodies = new BodyStore3();
  /** @internal the shape store */
  readonly shapes = new ShapeStore3();
  /** @internal the contact store (persistent manifolds) */
  readonly contactStore = new ContactStore3();
  /** @internal the broadphase: a 3D dynamic AABB tree of the shapes' fat boxes (userData = shape slot) */
  readonly broadphase: DynamicTree;
  /** @internal persistent islands of the dynamic bodies */
  readonly islands = new IslandStore();
  /** @internal number of kinematic bodies */
  kinematicCount = 0;
  /** @internal this world's handle tag */
  readonly tag: number;
  /** gravity (m/s²); change it with {@link World3.setGravity} */
  readonly gravity = new Float64Array(3);
  /** the resolved solver settings (change them with {@link World3.setSolver}) */
  solver: ResolvedSolverSettings;
  /** the gyroscopic mode (see {@link GyroscopicMode}) */
  readonly gyroscopic: GyroscopicMode;
  /** the orientation integrator (see {@link OrientationMode}) */
  readonly orientation: OrientationMode;
  /** the friction model (see {@link FrictionModel}) */
  readonly friction: FrictionModel;
  /** @internal solver codes of the three modes */
  readonly gyroscopicCode: number;
  /** @internal 0 exponential, 1 first order */
  readonly orientationCode: number;
  /** @internal 0 cone, 1 pyramid */
  readonly frictionCode: number;
  /** allow islands to fall asleep */
  enableSleep = true;
  /** sweep fast bodies against static and kinematic shapes (continuous.ts); bullets are swept regardless */
  continuous = true;
  private sleepTimeField = 0.5;
  private sleepToleranceField = 0.5;
  private hitThresholdField = 0.5;
  private speculativeField = 0.5;
  /** simulated time (s) */
  time = 0;
  /** steps taken */
  stepCount = 0;
  /** figures of the last step */
  readonly lastStep = { pairTests: 0, activeContacts: 0, awakeBodies: 0, newPairs: 0, continuousMoved: 0 };
  /** wall-clock milliseconds of the last step's stages */
  readonly profile = new StepProfile3();
  /** measure the stages into `profile` (default true) */
  profiling = true;
  /** @internal pooled events of the last step */
  readonly stepEvents = new StepEvents3();
  /** @internal the narrowphase's manifold */
  readonly manifold = new Manifold3();
  /** @internal the two shape transforms of a collide call (7 + 7 numbers) */
  readonly collideXf = new Float64Array(14);
  /** @internal the collide stage's shape world transforms (7 per shape slot, computed once per stage) */
  shapeXf = new Float64Array(0);
  /** @internal per shape slot: the collide stage call whose transform `shapeXf` holds */
  shapeXfStamp = new Int32Array(0);
  /** @internal collide stage calls so far (the stamp of `shapeXf`) */
  collideTick = 0;
  /** @internal scratch transforms for shape boxes and mass updates */
  readonly scratchXf = new Float64Array(14);
  /** @internal broadphase displacement scratch */
  readonly scratchDisp = new Float64Array(3);
  /** @internal last step's impulses of a contact, while its manifold is rewritten */
  readonly keepImpulses = new Float64Array(3 * MAX_POINTS);
  /** @internal last step's ids of a contact */
  readonly keepIds = new Uint32Array(MAX_POINTS);
  /** @internal the solver's reusable arrays */
  readonly scratch = new SolverScratch3();
  /** @internal the speculative distance as an already-boxed value for the narrowphase calls */
  readonly taggedSpeculative: unknown[] = [null];
  /** @internal the neighbour walk of the island split */
  readonly islandNeighbours: (body: number, visit: (other: number) => void) => void;
  /** @internal the joint store */
  readonly joints = new JointStore3();
  /** @internal the joint solver's context and packed joints */
  readonly jointContext = new JointContext3();
  /** joint passes per solver pass (see {@link WorldDef3.jointIterations}) */
  readonly jointIterations: number;

  constructor(def: WorldDef3 = {}) {
    if (def === null || typeof def !== 'object') {
      throw new PhysicsError('invalid-argument', `world: expected an object, got ${JSON.stringify(def)}`);
    }
    const g = vec3(def.gravity, 'world.gravity', [0, -10, 0]);
    this.gravity.set(g);
    this.solver = resolveSolverSettings(def.solver, 'world.solver');
    this.gyroscopic = choice(def.gyroscopic, 'world.gyroscopic', GYRO_MODES, 'implicit');
    this.gyroscopicCode = GYRO_CODES[GYRO_MODES.indexOf(this.gyroscopic)]!;
    this.orientation = choice(
      def.orientation,
      'world.orientation',
      ['exponential', 'first-order'],
      'exponential',
    );
    this.orientationCode = this.orientation === 'exponential' ? 0 : 1;
    this.friction = choice(def.friction, 'world.friction', ['cone', 'pyramid'], 'cone');
    this.frictionCode = this.friction === 'cone' ? 0 : 1;
    this.enableSleep = def.enableSleep ?? true;
    this.continuous = booleanOption(def.continuous, 'world.continuous', true);
    const t = resolveTunables3(def);
    this.sleepTimeField = t.timeToSleep;
    this.sleepToleranceField = t.sleepTolerance;
    this.hitThresholdField = t.hitEventThreshold;
    this.speculativeField = t.speculativeDistance;
    this.taggedSpeculative[0] = this.speculativeField;
    this.broadphase = new DynamicTree({ dimensions: 3, margin: t.aabbMargin });
    this.tag = newWorldTag();
    this.islandNeighbours = islandNeighbours3(this.contactStore, this.joints);
    this.jointContext.joints = this.joints;
    this.jointIterations = num(def.jointIterations, 'world.jointIterations', 2, 1);
    if (!Number.isInteger(this.jointIterations)) {
      throw new PhysicsError(
        'invalid-argument',
        `world.jointIterations: must be an integer, got ${this.jointIterations}`,
      );
    }
    this.jointContext.bodies = this.bodies;
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
  /** points this far apart are kept as speculative contacts (m, ≥ 0) */
  get speculativeDistance(): number {
    return this.speculativeField;
  }
  set speculativeDistance(v: number) {
    this.speculativeField = tunable(v, 'speculativeDistance');
    this.taggedSpeculative[0] = this.speculativeField;
  }

  /** Replaces some solver settings (the others keep their values unless the mode changes their defaults). */
  setSolver(settings: SolverSettings): void {
    const modeChanged =
      settings.positionCorrection !== undefined &&
      settings.positionCorrection !== this.solver.positionCorrection;
    const base: SolverSettings = modeChanged ? { trace: this.solver.trace } : { ...this.solver };
    this.solver = resolveSolverSettings({ ...base, ...settings }, 'solver');
  }

  /** Sets the gravity (m/s²) and wakes every body. */
  setGravity(g: Vec3Tuple): void {
    this.gravity.set(vec3(g, 'gravity'));
    for (let i = 0; i < this.bodies.count; i++)
      if (this.bodies.alive[i]) wakeBody3(this.bodies, this.islands, i);
  }

  // ---------------------------------------------------------------- handles

  private bodyIndex(id: BodyId3, where = 'body'): number {
    return slotOf(this.bodies, this.tag, HANDLE_BODY, id, where);
  }
  private shapeIndex(id: ShapeId3, where = 'shape'): number {
    return slotOf(this.shapes, this.tag, HANDLE_SHAPE, id, where);
  }
  /** The handle of body slot `i`. */
  bodyId(i: number): BodyId3 {
    return encodeHandle(this.bodies.generation[i]!, this.tag, HANDLE_BODY, i) as BodyId3;
  }
  /** The handle of shape slot `i`. */
  shapeId(i: number): ShapeId3 {
    return encodeHandle(this.shapes.generation[i]!, this.tag, HANDLE_SHAPE, i) as ShapeId3;
  }
  /** Slot index of a body handle (validated). */
  bodySlot(id: BodyId3): number {
    return this.bodyIndex(id);
  }
  /** Slot index of a shape handle (validated). */
  shapeSlot(id: ShapeId3): number {
    return this.shapeIndex(id);
  }
  /** Is `id` a live body or shape handle of this world? */
  isValid(id: BodyId3 | ShapeId3 | JointId3): boolean {
    return (
      isLiveHandle(this.bodies, this.tag, HANDLE_BODY, id) ||
      isLiveHandle(this.shapes, this.tag, HANDLE_SHAPE, id) ||
      isLiveHandle(this.joints, this.tag, HANDLE_JOINT, id)
    );
  }

  // ---------------------------------------------------------------- bodies

  /** Creates a body; see {@link BodyDef3}. Returns its handle. */
  createBody(def: BodyDef3 = {}): BodyId3 {
    return this.bodyId(createBodySlot3(this, def));
  }

  /** Destroys a body, its shapes and their contacts (end events are reported). */
  destroyBody(id: BodyId3): void {
    const i = this.bodyIndex(id);
    destroyBodyJoints3(this, i);
    destroyBodySlot3(this, i);
  }

  /** Live body handles in slot order. */
  bodyIds(): BodyId3[] {
    const out: BodyId3[] = [];
    for (let i = 0; i < this.bodies.count; i++) if (this.bodies.alive[i]) out.push(this.bodyId(i));
    return out;
  }

  /** Number of live bodies. */
  get bodyCount(): number {
    return this.bodies.count - this.bodies.freeList.length;
  }

  /** The body's type. */
  getBodyType(id: BodyId3): BodyType3 {
    return bodyTypeName3(this.bodies.type[this.bodyIndex(id)]!);
  }

  /** The body origin (the frame its shapes were given in). */
  getPosition(id: BodyId3): [number, number, number] {
    const xf = this.scratchXf;
    originTransform3(this.bodies, this.bodyIndex(id), xf, 0);
    return [xf[0]!, xf[1]!, xf[2]!];
  }

  /** The centre of mass in world coordinates. */
  getWorldCenter(id: BodyId3): [number, number, number] {
    const i = this.bodyIndex(id);
    return [this.bodies.cx[i]!, this.bodies.cy[i]!, this.bodies.cz[i]!];
  }

  /** The orientation quaternion [x, y, z, w]. */
  getOrientation(id: BodyId3): [number, number, number, number] {
    const i = this.bodyIndex(id);
    const b = this.bodies;
    return [b.qx[i]!, b.qy[i]!, b.qz[i]!, b.qw[i]!];
  }

  /** The centre-of-mass velocity. */
  getLinearVelocity(id: BodyId3): [number, number, number] {
    const i = this.bodyIndex(id);
    return [this.bodies.vx[i]!, this.bodies.vy[i]!, this.bodies.vz[i]!];
  }

  /** The world angular velocity ω. */
  getAngularVelocity(id: BodyId3): [number, number, number] {
    const i = this.bodyIndex(id);
    return [this.bodies.wx[i]!, this.bodies.wy[i]!, this.bodies.wz[i]!];
  }

  /** The mass (0 for static and kinematic bodies). */
  getMass(id: BodyId3): number {
    return this.bodies.mass[this.bodyIndex(id)]!;
  }

  /** The body's local centre of mass (in the body frame). */
  getLocalCenter(id: BodyId3): [number, number, number] {
    const i = this.bodyIndex(id);
    return [this.bodies.lcx[i]!, this.bodies.lcy[i]!, this.bodies.lcz[i]!];
  }

  /** The body-space inertia tensor about the centre of mass, row-major 3×3 (kg·m²). */
  getInertiaBody(id: BodyId3): number[] {
    const s = this.bodies.inertia;
    const o = 6 * this.bodyIndex(id);
    return [s[o]!, s[o + 1]!, s[o + 2]!, s[o + 1]!, s[o + 3]!, s[o + 4]!, s[o + 2]!, s[o + 4]!, s[o + 5]!];
  }

  /** The world inverse inertia R I_body⁻¹ Rᵀ as the engine holds it, row-major 3×3 (§26.2). */
  getInverseInertiaWorld(id: BodyId3): number[] {
    const s = this.bodies.invInertiaWorld;
    const o = 6 * this.bodyIndex(id);
    return [s[o]!, s[o + 1]!, s[o + 2]!, s[o + 1]!, s[o + 3]!, s[o + 4]!, s[o + 2]!, s[o + 4]!, s[o + 5]!];
  }

  /** The world inertia tensor R I_body Rᵀ, row-major 3×3. */
  getInertiaWorld(id: BodyId3): number[] {
    const i = this.bodyIndex(id);
    const b = this.bodies;
    // R I Rᵀ with R from the orientation
    const q = [b.qx[i]!, b.qy[i]!, b.qz[i]!, b.qw[i]!];
    const R = rotation(q);
    const I = this.getInertiaBody(id);
    const m = new Array<number>(9).fill(0);
    for (let r = 0; r < 3; r++)
      for (let c = 0; c < 3; c++) {
        let s = 0;
        for (let k = 0; k < 3; k++)
          for (let l = 0; l < 3; l++) s += R[3 * r + k]! * I[3 * k + l]! * R[3 * c + l]!;
        m[3 * r + c] = s;
      }
    return m;
  }

  /** The world angular momentum L = I_world ω about the centre of mass. */
  getAngularMomentum(id: BodyId3): [number, number, number] {
    const I = this.getInertiaWorld(id);
    const w = this.getAngularVelocity(id);
    return [
      I[0]! * w[0] + I[1]! * w[1] + I[2]! * w[2],
      I[3]! * w[0] + I[4]! * w[1] + I[5]! * w[2],
      I[6]! * w[0] + I[7]! * w[1] + I[8]! * w[2],
    ];
  }

  /** The user value of a body. */
  getUserData(id: BodyId3): unknown {
    return this.bodies.userData[this.bodyIndex(id)];
  }

  /** Is the body awake? */
  isAwake(id: BodyId3): boolean {
    return this.bodies.awake[this.bodyIndex(id)] === 1;
  }

  /** Is the body a bullet (swept against every shape by the continuous stage)? */
  isBullet(id: BodyId3): boolean {
    return this.bodies.bullet[this.bodyIndex(id)] === 1;
  }

  /** Makes the body a bullet or not (see {@link BodyDef3.bullet}). */
  setBullet(id: BodyId3, bullet: boolean): void {
    this.bodies.bullet[this.bodyIndex(id)] = booleanOption(bullet, 'setBullet(bullet)', false) ? 1 : 0;
  }

  /** Wakes (true) or puts to sleep (false) the body's whole island. */
  setAwake(id: BodyId3, awake: boolean): void {
    const i = this.bodyIndex(id);
    if (awake) wakeBody3(this.bodies, this.islands, i);
    else sleepIsland3(this.bodies, this.islands, i);
  }

  /** Moves the body origin to `position` with `orientation` (a teleport; wakes it). */
  setTransform(id: BodyId3, position: Vec3Tuple, orientation: QuatTuple): void {
    const i = this.bodyIndex(id);
    const p = vec3(position, 'position');
    const q = quat(orientation, 'orientation');
    limitVec(p, MAX_COORDINATE, 'position');
    const b = this.bodies;
    b.qx[i] = q[0];
    b.qy[i] = q[1];
    b.qz[i] = q[2];
    b.qw[i] = q[3];
    // centre of mass = origin + R·lc
    b.cx[i] = 0;
    b.cy[i] = 0;
    b.cz[i] = 0;
    const xf = this.scratchXf;
    originTransform3(b, i, xf, 0);
    b.cx[i] = p[0] - xf[0]!;
    b.cy[i] = p[1] - xf[1]!;
    b.cz[i] = p[2] - xf[2]!;
    updateWorldInertia(b, i);
    updateBodyBoxes3(this, i, false);
    wakeBody3(b, this.islands, i);
  }

  /** Sets the centre-of-mass velocity (ignored for static bodies; wakes the body). */
  setLinearVelocity(id: BodyId3, v: Vec3Tuple): void {
    const i = this.bodyIndex(id);
    const u = vec3(v, 'linearVelocity');
    limitVec(u, MAX_SPEED, 'linearVelocity');
    const b = this.bodies;
    if (b.type[i] === BODY_STATIC) return;
    b.vx[i] = u[0];
    b.vy[i] = u[1];
    b.vz[i] = u[2];
    if (u[0] !== 0 || u[1] !== 0 || u[2] !== 0) wakeBody3(b, this.islands, i);
  }

  /** Sets the world angular velocity (ignored for static and fixed-rotation bodies; wakes the body). */
  setAngularVelocity(id: BodyId3, w: Vec3Tuple): void {
    const i = this.bodyIndex(id);
    const u = vec3(w, 'angularVelocity');
    limitVec(u, MAX_SPEED, 'angularVelocity');
    const b = this.bodies;
    if (b.type[i] === BODY_STATIC || b.fixedRotation[i]) return;
    b.wx[i] = u[0];
    b.wy[i] = u[1];
    b.wz[i] = u[2];
    if (u[0] !== 0 || u[1] !== 0 || u[2] !== 0) wakeBody3(b, this.islands, i);
  }

  /** Adds a force (N) at a world point (default: the centre of mass) for the next step; wakes the body. */
  applyForce(id: BodyId3, force: Vec3Tuple, point?: Vec3Tuple): void {
    const i = this.bodyIndex(id);
    const f = vec3(force, 'force');
    limitVec(f, MAX_FORCE, 'force');
    const b = this.bodies;
    if (b.type[i] !== BODY_DYNAMIC) return;
    b.fx[i] = b.fx[i]! + f[0];
    b.fy[i] = b.fy[i]! + f[1];
    b.fz[i] = b.fz[i]! + f[2];
    if (point !== undefined) {
      const p = vec3(point, 'point');
      const rx = p[0] - b.cx[i]!;
      const ry = p[1] - b.cy[i]!;
      const rz = p[2] - b.cz[i]!;
      b.tx[i] = b.tx[i]! + (ry * f[2] - rz * f[1]);
      b.ty[i] = b.ty[i]! + (rz * f[0] - rx * f[2]);
      b.tz[i] = b.tz[i]! + (rx * f[1] - ry * f[0]);
    }
    wakeBody3(b, this.islands, i);
  }

  /** Adds a torque (N·m, world axes) for the next step; wakes the body. */
  applyTorque(id: BodyId3, torque: Vec3Tuple): void {
    const i = this.bodyIndex(id);
    const t = vec3(torque, 'torque');
    limitVec(t, MAX_FORCE, 'torque');
    const b = this.bodies;
    if (b.type[i] !== BODY_DYNAMIC) return;
    b.tx[i] = b.tx[i]! + t[0];
    b.ty[i] = b.ty[i]! + t[1];
    b.tz[i] = b.tz[i]! + t[2];
    wakeBody3(b, this.islands, i);
  }

  /** Applies an impulse (N·s) at a world point (default: the centre of mass); wakes the body. */
  applyLinearImpulse(id: BodyId3, impulse: Vec3Tuple, point?: Vec3Tuple): void {
    const i = this.bodyIndex(id);
    const j = vec3(impulse, 'impulse');
    limitVec(j, MAX_FORCE, 'impulse');
    const b = this.bodies;
    if (b.type[i] !== BODY_DYNAMIC) return;
    const m = b.invMass[i]!;
    b.vx[i] = b.vx[i]! + m * j[0];
    b.vy[i] = b.vy[i]! + m * j[1];
    b.vz[i] = b.vz[i]! + m * j[2];
    if (point !== undefined) {
      const p = vec3(point, 'point');
      const rx = p[0] - b.cx[i]!;
      const ry = p[1] - b.cy[i]!;
      const rz = p[2] - b.cz[i]!;
      this.addAngularImpulse(i, ry * j[2] - rz * j[1], rz * j[0] - rx * j[2], rx * j[1] - ry * j[0]);
    }
    wakeBody3(b, this.islands, i);
  }

  /** Applies an angular impulse (N·m·s, world axes): Δω = I_world⁻¹ ΔL; wakes the body. */
  applyAngularImpulse(id: BodyId3, impulse: Vec3Tuple): void {
    const i = this.bodyIndex(id);
    const j = vec3(impulse, 'impulse');
    limitVec(j, MAX_FORCE, 'impulse');
    if (this.bodies.type[i] !== BODY_DYNAMIC) return;
    this.addAngularImpulse(i, j[0], j[1], j[2]);
    wakeBody3(this.bodies, this.islands, i);
  }

  private addAngularImpulse(i: number, x: number, y: number, z: number): void {
    const b = this.bodies;
    const s = b.invInertiaWorld;
    const o = 6 * i;
    b.wx[i] = b.wx[i]! + s[o]! * x + s[o + 1]! * y + s[o + 2]! * z;
    b.wy[i] = b.wy[i]! + s[o + 1]! * x + s[o + 3]! * y + s[o + 4]! * z;
    b.wz[i] = b.wz[i]! + s[o + 2]! * x + s[o + 4]! * y + s[o + 5]! * z;
  }

  /** Total kinetic energy ½ m v² + ½ ω·I_world ω of the dynamic bodies. */
  kineticEnergy(): number {
    let e = 0;
    const b = this.bodies;
    for (let i = 0; i < b.count; i++) {
      if (!b.alive[i] || b.type[i] !== BODY_DYNAMIC) continue;
      const v2 = b.vx[i]! * b.vx[i]! + b.vy[i]! * b.vy[i]! + b.vz[i]! * b.vz[i]!;
      const L = this.getAngularMomentum(this.bodyId(i));
      e += 0.5 * b.mass[i]! * v2 + 0.5 * (L[0] * b.wx[i]! + L[1] * b.wy[i]! + L[2] * b.wz[i]!);
    }
    return e;
  }

  /** Total linear momentum Σ m v of the dynamic bodies. */
  linearMomentum(): [number, number, number] {
    const b = this.bodies;
    const p: [number, number, number] = [0, 0, 0];
    for (let i = 0; i < b.count; i++) {
      if (!b.alive[i] || b.type[i] !== BODY_DYNAMIC) continue;
      p[0] += b.mass[i]! * b.vx[i]!;
      p[1] += b.mass[i]! * b.vy[i]!;
      p[2] += b.mass[i]! * b.vz[i]!;
    }
    return p;
  }

  // ---------------------------------------------------------------- shapes

  /** Attaches a shape to a body; see {@link ShapeDef3}. Returns its handle. The body's mass is recomputed. */
  createShape(body: BodyId3, def: ShapeDef3): ShapeId3 {
    const bi = this.bodyIndex(body, 'createShape(body)');
    return this.shapeId(addShape3(this, bi, shapeGeometry3(def), def));
  }

  /** Removes a shape and its contacts (end events reported); the body's mass is recomputed. */
  destroyShape(id: ShapeId3): void {
    destroyShapeSlot3(this, this.shapeIndex(id), true);
  }

  /** The body a shape is on. */
  getShapeBody(id: ShapeId3): BodyId3 {
    return this.bodyId(this.shapes.body[this.shapeIndex(id)]!);
  }

  /** A shape's geometry (in its own frame). Do not modify. */
  getShapeGeometry(id: ShapeId3): Shape3 {
    return this.shapes.geom[this.shapeIndex(id)]!;
  }

  /** A shape's placement in its body's frame [px, py, pz, qx, qy, qz, qw]. */
  getShapeLocalTransform(id: ShapeId3): number[] {
    const o = 7 * this.shapeIndex(id);
    return Array.from(this.shapes.local.subarray(o, o + 7));
  }

  /** Handles of a body's shapes (most recent first). */
  getBodyShapes(id: BodyId3): ShapeId3[] {
    const i = this.bodyIndex(id);
    const out: ShapeId3[] = [];
    for (let s = this.bodies.firstShape[i]!; s !== -1; s = this.shapes.next[s]!) out.push(this.shapeId(s));
    return out;
  }

  /** Live shape handles in slot order. */
  shapeIds(): ShapeId3[] {
    const out: ShapeId3[] = [];
    for (let i = 0; i < this.shapes.count; i++) if (this.shapes.alive[i]) out.push(this.shapeId(i));
    return out;
  }

  /** The tight world box [minX, minY, minZ, maxX, maxY, maxZ] of a shape as of the last step. */
  getShapeAabb(id: ShapeId3): number[] {
    const o = 6 * this.shapeIndex(id);
    return Array.from(this.shapes.aabb.subarray(o, o + 6));
  }

  /** Recomputes a body's mass from its shapes (after changing densities through a rebuild). */
  resetMass(id: BodyId3): void {
    updateMass3(this, this.bodyIndex(id));
  }

  // ---------------------------------------------------------------- joints

  /** The handle of joint slot `i`. */
  jointId(i: number): JointId3 {
    return encodeHandle(this.joints.generation[i]!, this.tag, HANDLE_JOINT, i) as JointId3;
  }

  /** Slot index of a joint handle (validated; errors name `where`). */
  jointSlot(id: JointId3, where = 'joint'): number {
    return slotOf(this.joints, this.tag, HANDLE_JOINT, id, where);
  }

  /**
   * Creates a joint between two bodies (textbook §26.2 "ジョイントとモーター"), chosen by `kind`:
   * 'ball', 'hinge', 'slider' ('prismatic'), 'fixed', 'distance', 'cone-twist', 'six-dof', 'mouse';
   * see {@link JointDef3}. Anchors and axes are world coordinates at creation. Both bodies wake.
   */
  createJoint(def: JointDef3): JointId3 {
    return this.jointId(createJointSlot3(this, def));
  }

  /** Destroys a joint (its bodies wake). */
  destroyJoint(id: JointId3): void {
    destroyJointSlot3(this, this.jointSlot(id, 'destroyJoint'));
  }

  /** Live joint handles in slot order. */
  jointIds(): JointId3[] {
    const out: JointId3[] = [];
    for (let i = 0; i < this.joints.count; i++) if (this.joints.alive[i]) out.push(this.jointId(i));
    return out;
  }

  /** Number of live joints. */
  get jointCount(): number {
    return this.joints.live;
  }

  /** The joint's kind. */
  getJointKind(id: JointId3): JointKind3 {
    return JOINT3_KIND_NAMES[this.joints.kind[this.jointSlot(id)]!]!;
  }

  /** The joint's two bodies [A, B]. */
  getJointBodies(id: JointId3): [BodyId3, BodyId3] {
    const j = this.jointSlot(id);
    return [this.bodyId(this.joints.bodyA[j]!), this.bodyId(this.joints.bodyB[j]!)];
  }

  /** The joint's user value. */
  getJointUserData(id: JointId3): unknown {
    return this.joints.userData[this.jointSlot(id)];
  }

  /** The last step's reaction force on body B (N, world axes); A feels the opposite. */
  getJointReactionForce(id: JointId3): [number, number, number] {
    const j = 3 * this.jointSlot(id);
    const f = this.joints.force;
    return [f[j]!, f[j + 1]!, f[j + 2]!];
  }

  /** The last step's reaction torque on body B (N·m, world axes, about the anchor). */
  getJointReactionTorque(id: JointId3): [number, number, number] {
    const j = 3 * this.jointSlot(id);
    const t = this.joints.torque;
    return [t[j]!, t[j + 1]!, t[j + 2]!];
  }

  /** The two anchors in the world now [ax, ay, az, bx, by, bz] (they coincide when the joint holds). */
  getJointAnchors(id: JointId3): [number, number, number, number, number, number] {
    const s = jointPose3(this, this.jointSlot(id));
    return [...s.anchorA, ...s.anchorB];
  }

  /** The joint axis (frame A's x axis) in the world now. */
  getJointAxis(id: JointId3): [number, number, number] {
    return jointPose3(this, this.jointSlot(id)).axis;
  }

  /** Hinge: the angle about the axis; cone-twist: the twist angle (rad, (−π, π], 0 at creation). */
  getJointAngle(id: JointId3): number {
    return jointAngle3(this, this.jointSlot(id, 'getJointAngle'));
  }

  /** Cone-twist (or any joint): the swing angle of B's axis away from A's (rad, [0, π]). */
  getJointSwingAngle(id: JointId3): number {
    return swingTwistAngles(jointPose3(this, this.jointSlot(id, 'getJointSwingAngle')).relative).swing;
  }

  /** Slider: the translation along the axis (m, 0 at creation). */
  getJointTranslation(id: JointId3): number {
    return jointTranslation3(this, this.jointSlot(id, 'getJointTranslation'));
  }

  /** Hinge: relative angular speed about the axis (rad/s); slider: relative speed along it (m/s). */
  getJointSpeed(id: JointId3): number {
    return jointSpeed3(this, this.jointSlot(id, 'getJointSpeed'));
  }

  /** Changes a hinge's or slider's motor (the fields given); wakes the bodies. */
  setJointMotor(id: JointId3, motor: JointMotorSettings3): void {
    setJointMotor3(this, this.jointSlot(id, 'setJointMotor'), motor);
  }

  /** Changes a hinge's, slider's or distance joint's limits (enables them); wakes the bodies. */
  setJointLimits(id: JointId3, lower: number, upper: number): void {
    setJointLimits3(this, this.jointSlot(id, 'setJointLimits'), lower, upper);
  }

  /** Changes a hinge's, slider's, distance or mouse joint's spring (the fields given); wakes the bodies. */
  setJointSpring(id: JointId3, spring: JointSpringSettings3): void {
    setJointSpring3(this, this.jointSlot(id, 'setJointSpring'), spring);
  }

  /** Moves a mouse joint's target (world point); wakes the dragged body. */
  setJointTarget(id: JointId3, target: Vec3Tuple): void {
    setMouseTarget3(this, this.jointSlot(id, 'setJointTarget'), vec3(target, 'setJointTarget(target)'));
  }

  // ---------------------------------------------------------------- step

  /**
   * Advances the world by `dt` seconds (a fixed step, e.g. 1/60): pairs → collide → solve →
   * non-finite check → finalize → continuous (fast bodies and bullets) → sleep, each timed into `profile`.
   */
  step(dt: number): void {
    assertFinite(dt, 'step(dt)');
    if (dt <= 0) throw new PhysicsError('invalid-argument', `step(dt): must be > 0, got ${dt}`);
    const p = this.profile;
    const timed = this.profiling && HAS_CLOCK;
    const t0 = timed ? performance.now() : 0;
    this.scratch.dt[0] = dt;
    this.stepEvents.clear();
    updatePairs3(this);
    const t1 = timed ? performance.now() : 0;
    collide3d(this);
    const t2 = timed ? performance.now() : 0;
    solve3(this);
    assertFiniteBodies3(this, this.stepCount + 1);
    const t3 = timed ? performance.now() : 0;
    finalizeBodies3(this);
    const t4 = timed ? performance.now() : 0;
    this.lastStep.continuousMoved = solveContinuous3(this);
    const tc = timed ? performance.now() : 0;
    updateSleep3(this);
    this.time += dt;
    this.stepCount++;
    if (timed) {
      const t5 = performance.now();
      p.pairs = t1 - t0;
      p.collide = t2 - t1;
      p.solve = t3 - t2;
      p.finalize = t4 - t3;
      p.continuous = tc - t4;
      p.sleep = t5 - tc;
      p.step = t5 - t0;
    }
  }

  /** The full state as snapshot bytes (rigid3d/snapshot.ts): a restored world continues bit-identically. */
  snapshot(): Uint8Array {
    return rigid3dSnapshot(this);
  }

  /** Restores a full snapshot into this world (built with the same shapes); a bad one throws `PhysicsError` and changes nothing. */
  restore(bytes: Uint8Array): void {
    rigid3dRestore(this, bytes);
  }

  /** A 64-bit hash (16 hex digits) of the full state, bit for bit. */
  stateHash(): string {
    return rigid3dStateHash(this);
  }

  /** Events of the last step (reused arrays and objects: copy what you keep). */
  events(): WorldEvents3 {
    return this.stepEvents.lists;
  }

  /** Island id of a body (stable while the island lasts); −1 for static and kinematic bodies. */
  getIslandId(id: BodyId3): number {
    return this.islands.islandOf[this.bodyIndex(id)]!;
  }

  // ---------------------------------------------------------------- readouts

  /** Number of contacts with at least one point, sensors excluded. */
  get contactCount(): number {
    const cs = this.contactStore;
    let n = 0;
    for (let c = 0; c < cs.count; c++) if (cs.pointCount[c]! > 0 && !(cs.flags[c]! & CONTACT_SENSOR)) n++;
    return n;
  }

  /** Readout of every contact with points: normal, points, separations and the last step's impulses. */
  contacts(): ContactInfo3[] {
    const cs = this.contactStore;
    const out: ContactInfo3[] = [];
    for (let c = 0; c < cs.count; c++) {
      const pc = cs.pointCount[c]!;
      if (pc === 0 || cs.flags[c]! & CONTACT_SENSOR) continue;
      const points = [];
      for (let k = 0; k < pc; k++) {
        const j = MAX_POINTS * c + k;
        points.push({
          x: cs.px[j]!,
          y: cs.py[j]!,
          z: cs.pz[j]!,
          separation: cs.separation[j]!,
          normalImpulse: cs.normalImpulse[j]!,
          tangentImpulse1: cs.tangentImpulse1[j]!,
          tangentImpulse2: cs.tangentImpulse2[j]!,
          id: cs.id[j]!,
        });
      }
      out.push({
        shapeA: this.shapeId(cs.shapeA[c]!),
        shapeB: this.shapeId(cs.shapeB[c]!),
        bodyA: this.bodyId(cs.bodyA[c]!),
        bodyB: this.bodyId(cs.bodyB[c]!),
        normal: [cs.nx[c]!, cs.ny[c]!, cs.nz[c]!],
        points,
      });
    }
    return out;
  }

  /** The largest penetration depth (−separation) over all contact points, 0 if none. */
  maxPenetration(): number {
    const cs = this.contactStore;
    let d = 0;
    for (let c = 0; c < cs.count; c++) {
      if (cs.flags[c]! & CONTACT_SENSOR) continue;
      for (let k = 0; k < cs.pointCount[c]!; k++) d = Math.max(d, -cs.separation[MAX_POINTS * c + k]!);
    }
    return d;
  }

  /**
   * Writes [px, py, pz, qx, qy, qz, qw] of every live body's origin into `out`, in slot order, for
   * renderers; returns the number of bodies written (`out` needs 7 × bodyCount numbers).
   */
  readTransforms(out: Float64Array): number {
    let n = 0;
    for (let i = 0; i < this.bodies.count; i++) {
      if (!this.bodies.alive[i]) continue;
      originTransform3(this.bodies, i, out, 7 * n);
      n++;
    }
    return n;
  }

  // ---------------------------------------------------------------- queries

  /** The first shape the segment `from` → `to` hits (filtered), or null. */
  rayCast(from: Vec3Tuple, to: Vec3Tuple, filter?: QueryFilter3): RayHitInfo3 | null {
    return rayCastClosest(this, vec3(from, 'rayCast(from)'), vec3(to, 'rayCast(to)'), filter);
  }

  /** Every shape the segment `from` → `to` hits (filtered), nearest first. */
  rayCastAll(from: Vec3Tuple, to: Vec3Tuple, filter?: QueryFilter3): RayHitInfo3[] {
    return rayCastAll(this, vec3(from, 'rayCastAll(from)'), vec3(to, 'rayCastAll(to)'), filter);
  }

  /** The shapes that overlap the shape `def` placed at `position` / `orientation` (filtered), in slot order. */
  overlap(def: ShapeDef3, position: Vec3Tuple, orientation?: QuatTuple, filter?: QueryFilter3): ShapeId3[] {
    return overlapShape(
      this,
      shapeGeometry3(def, 'overlap(shape)'),
      vec3(position, 'overlap(position)'),
      quat(orientation, 'overlap(orientation)'),
      filter,
    );
  }

  /**
   * Sweeps the shape `def` from `position` along `translation` (orientation fixed) and returns the
   * first shape it touches with the fraction of the sweep, or null.
   */
  shapeCast(
    def: ShapeDef3,
    position: Vec3Tuple,
    orientation: QuatTuple | undefined,
    translation: Vec3Tuple,
    filter?: QueryFilter3,
  ): {
    shape: ShapeId3;
    fraction: number;
    normal: [number, number, number];
    point: [number, number, number];
  } | null {
    return shapeCast(
      this,
      shapeGeometry3(def, 'shapeCast(shape)'),
      vec3(position, 'shapeCast(position)'),
      quat(orientation, 'shapeCast(orientation)'),
      vec3(translation, 'shapeCast(translation)'),
      filter,
    );
  }

  /** Number of kinematic bodies (for tests of the bookkeeping). */
  get kinematicBodies(): number {
    return this.kinematicCount;
  }
}

function rotation(q: number[]): number[] {
  const [x, y, z, w] = q as [number, number, number, number];
  return [
    1 - 2 * (y * y + z * z),
    2 * (x * y - w * z),
    2 * (x * z + w * y),
    2 * (x * y + w * z),
    1 - 2 * (x * x + z * z),
    2 * (y * z - w * x),
    2 * (x * z - w * y),
    2 * (y * z + w * x),
    1 - 2 * (x * x + y * y),
  ];
}

export { BODY_DYNAMIC, BODY_KINEMATIC, BODY_STATIC };
