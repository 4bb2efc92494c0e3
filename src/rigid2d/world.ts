/**
 * The rigid2d world (seed 000 §26.2; seeds 003, 004). `step(dt)` reads like the textbook pipeline:
 *
 *   broadphase (dynamic AABB tree: new pairs) → narrowphase (persistent manifolds, feature ids, events)
 *   → prepare contacts → substeps of [integrate velocities → warm start → solve
 *   → integrate positions → relax / position correction] → restitution → bodies' boxes
 *   → islands and sleep
 *
 * Storage is structure of arrays (body-store.ts, shape-store.ts, contact-store.ts); handles are
 * small integers with a generation counter. During the solve the awake bodies' velocities and
 * in-step motion live in one packed array (contact-solver.ts); islands are persistent (islands.ts).
 * Nothing is allocated inside `step` once warm, except event objects when events happen (and the
 * broadphase tree's boxed arguments when a proxy moves). Hot calls pass doubles through typed
 * arrays or objects, never as arguments of calls the optimiser may not inline (those are boxed).
 */
import { assertFinite, PhysicsError } from '../core/errors.js';
import { IslandStore } from '../dynamics/islands.js';
import { makeSoftness } from '../dynamics/softness.js';
import { collideChainSegment } from '../geometry/chain2d.js';
import { collideShapes, LINEAR_SLOP, SPECULATIVE_DISTANCE } from '../geometry/collide2d.js';
import { Manifold2 } from '../geometry/manifold2d.js';
import {
  type ConvexShape2,
  computeAabb,
  makeBox,
  makeCapsule,
  makeCircle,
  makePolygon,
  makeSegment,
  shapeMass,
  Transform2,
} from '../geometry/shapes2d.js';
import { patan2, pcos, psin } from '../math/portable.js';
import { DynamicTree } from '../spatial/dynamic-tree.js';
import { BODY_DYNAMIC, BODY_KINEMATIC, BODY_STATIC, BodyStore } from './body-store.js';
import {
  applyRestitution,
  BIAS_BAUMGARTE,
  BIAS_NONE,
  BIAS_SOFT,
  C_P0,
  CONSTRAINT_STRIDE,
  integratePositions,
  integrateVelocities,
  loadBodyStates,
  P_NORMAL_IMPULSE,
  P_NORMAL_MASS,
  P_RAX,
  P_RAY,
  P_RBX,
  P_RBY,
  P_STRIDE,
  P_TANGENT_IMPULSE,
  P_TANGENT_MASS,
  prepareContacts,
  resetImpulses,
  SB_STRIDE,
  type SolvePass,
  solveContacts,
  solvePositions,
  storeBodyStates,
  storeImpulses,
  storeSeparations,
  warmStart,
} from './contact-solver.js';
import { CONTACT_EVENTS, CONTACT_SENSOR, CONTACT_TOUCHING, ContactStore } from './contact-store.js';
import { ShapeStore, shouldCollide } from './shape-store.js';
import type {
  BodyDef,
  BodyId,
  BodyType,
  ChainDef,
  ContactBeginEvent,
  ContactInfo,
  PositionCorrection,
  SensorEvent,
  ShapeDef,
  ShapeId,
  SolverSettings,
  SolverTraceEvent,
  Vec2Tuple,
  WorldDef,
  WorldEvents,
} from './types.js';

const INDEX_BITS = 1 << 20;

/** The solver settings with every default filled in. */
export type ResolvedSolverSettings = Required<Omit<SolverSettings, 'trace'>> & {
  trace: SolverSettings['trace'];
};

/** Fills in the defaults of {@link SolverSettings} (they depend on the position-correction mode). */
export function resolveSolverSettings(s: SolverSettings = {}, where = 'solver'): ResolvedSolverSettings {
  const mode: PositionCorrection = s.positionCorrection ?? 'soft-step';
  if (!['soft-step', 'baumgarte', 'split-impulse', 'none'].includes(mode)) {
    throw new PhysicsError(
      'invalid-argument',
      `${where}.positionCorrection: expected 'soft-step' | 'baumgarte' | 'split-impulse' | 'none', got ${String(mode)}`,
    );
  }
  const soft = mode === 'soft-step';
  const r: ResolvedSolverSettings = {
    positionCorrection: mode,
    substeps: s.substeps ?? (soft ? 4 : 1),
    iterations: s.iterations ?? (soft ? 1 : 10),
    relaxIterations: s.relaxIterations ?? 1,
    positionIterations: s.positionIterations ?? 3,
    slop: s.slop ?? LINEAR_SLOP,
    beta: s.beta ?? 0.2,
    percent: s.percent ?? 0.2,
    warmStarting: s.warmStarting ?? true,
    contactHertz: s.contactHertz ?? 30,
    contactDampingRatio: s.contactDampingRatio ?? 10,
    staticStiffness: s.staticStiffness ?? 2,
    maxPushOutSpeed: s.maxPushOutSpeed ?? 3,
    restitutionThreshold: s.restitutionThreshold ?? 1,
    trace: s.trace,
  };
  for (const key of ['substeps', 'iterations'] as const) {
    const v = r[key];
    if (!Number.isInteger(v) || v < 1) {
      throw new PhysicsError('invalid-argument', `${where}.${key}: must be an integer >= 1, got ${v}`);
    }
  }
  for (const key of ['relaxIterations', 'positionIterations'] as const) {
    const v = r[key];
    if (!Number.isInteger(v) || v < 0) {
      throw new PhysicsError('invalid-argument', `${where}.${key}: must be an integer >= 0, got ${v}`);
    }
  }
  for (const key of [
    'slop',
    'beta',
    'percent',
    'contactHertz',
    'contactDampingRatio',
    'staticStiffness',
    'maxPushOutSpeed',
    'restitutionThreshold',
  ] as const) {
    assertFinite(r[key], `${where}.${key}`);
    if (r[key] < 0)
      throw new PhysicsError('invalid-argument', `${where}.${key}: must be >= 0, got ${r[key]}`);
  }
  return r;
}

function vec(v: Vec2Tuple | undefined, where: string, dflt: [number, number] = [0, 0]): [number, number] {
  if (v === undefined) return dflt;
  if (!Array.isArray(v) || v.length !== 2) {
    throw new PhysicsError('invalid-argument', `${where}: expected [x, y], got ${JSON.stringify(v)}`);
  }
  return [assertFinite(v[0], `${where}[0]`), assertFinite(v[1], `${where}[1]`)];
}

function num(v: number | undefined, where: string, dflt: number, min = Number.NEGATIVE_INFINITY): number {
  if (v === undefined) return dflt;
  assertFinite(v, where);
  if (v < min) throw new PhysicsError('invalid-argument', `${where}: must be >= ${min}, got ${v}`);
  return v;
}

/** A 2D rigid-body world. See the module comment for the pipeline and `types.ts` for the definitions. */
export class World {
  /** internal stores (read-only for queries, scene loaders and drawing; do not write) */
  readonly bodies = new BodyStore();
  readonly shapes = new ShapeStore();
  readonly contactStore = new ContactStore();
  /** the broadphase: a dynamic AABB tree of the shapes' fat boxes (userData = shape slot) */
  readonly broadphase: DynamicTree;
  /** persistent islands of the dynamic bodies (islands.ts) */
  readonly islands = new IslandStore();
  private kinematicCount = 0;

  // number fields start as doubles so V8 keeps them unboxed (see Transform2)
  gravityX = 0.5;
  gravityY = 0.5;
  solver: ResolvedSolverSettings;
  enableSleep = true;
  timeToSleep = 0.5;
  sleepTolerance = 0.5;
  hitEventThreshold = 0.5;
  speculativeDistance = 0.5;
  aabbMargin = 0.5;
  /** simulated time and steps taken */
  time = 0;
  stepCount = 0;
  /** figures of the last step: broadphase pairs found, active contacts, awake bodies, contacts created */
  readonly lastStep = { pairTests: 0, activeContacts: 0, awakeBodies: 0, newPairs: 0 };

  private readonly evts: WorldEvents = { begin: [], end: [], hit: [], sensorBegin: [], sensorEnd: [] };
  /** the event objects, reused step after step (the k-th event of a kind is always the same object) */
  private readonly eventPool: WorldEvents = { begin: [], end: [], hit: [], sensorBegin: [], sensorEnd: [] };
  private readonly manifold = new Manifold2();
  private readonly xfA = new Transform2();
  private readonly xfB = new Transform2();
  private active = new Int32Array(64);
  /** the packed constraints of the last solve, and each contact's constraint index (−1: none) */
  private cc = new Float64Array(64 * CONSTRAINT_STRIDE);
  private cb = new Int32Array(192);
  /** the awake bodies' packed solver state (contact-solver.ts) and each body slot's offset in it */
  private ss = new Float64Array(65 * SB_STRIDE);
  private stateOf = new Int32Array(64);
  private constraintOf = new Int32Array(64).fill(-1);
  private awakeList = new Int32Array(64);
  private readonly pass: SolvePass = {
    mode: BIAS_SOFT,
    h: 0.5,
    invH: 0.5,
    gx: 0.5,
    gy: 0.5,
    restitutionThreshold: 0.5,
    beta: 0,
    slop: 0,
    maxPush: 0,
    soft: { biasRate: 0, massScale: 1, impulseScale: 0 },
    staticSoft: { biasRate: 0, massScale: 1, impulseScale: 0 },
    reverse: false,
  };
  /**
   * The speculative distance as an already-boxed number for the narrowphase calls (an element of a
   * generic array is passed as is; an unboxed double argument would allocate a HeapNumber per call).
   */
  private readonly taggedSpeculative: unknown[] = [null];
  /** the settings object and substep the softness in `pass` was computed for */
  private softFor: ResolvedSolverSettings | null = null;
  private softH = -1.5;
  private readonly traceEvent: SolverTraceEvent = { stage: 'solve', substep: 0, iteration: 0 };

  constructor(def: WorldDef = {}) {
    const g = vec(def.gravity, 'world.gravity', [0, -10]);
    this.gravityX = g[0];
    this.gravityY = g[1];
    this.solver = resolveSolverSettings(def.solver, 'world.solver');
    this.enableSleep = def.enableSleep ?? true;
    this.timeToSleep = num(def.timeToSleep, 'world.timeToSleep', 0.5, 0);
    this.sleepTolerance = num(def.sleepTolerance, 'world.sleepTolerance', 0.05, 0);
    this.hitEventThreshold = num(def.hitEventThreshold, 'world.hitEventThreshold', 1, 0);
    this.speculativeDistance = num(
      def.speculativeDistance,
      'world.speculativeDistance',
      SPECULATIVE_DISTANCE,
      0,
    );
    this.aabbMargin = num(def.aabbMargin, 'world.aabbMargin', 0.1, 0);
    this.taggedSpeculative[0] = this.speculativeDistance;
    this.broadphase = new DynamicTree({ margin: this.aabbMargin });
  }

  /** Replaces some solver settings (unnamed ones keep their values unless the mode changes their defaults). */
  setSolver(settings: SolverSettings): void {
    const modeChanged =
      settings.positionCorrection !== undefined &&
      settings.positionCorrection !== this.solver.positionCorrection;
    const base: SolverSettings = modeChanged ? { trace: this.solver.trace } : { ...this.solver };
    this.solver = resolveSolverSettings({ ...base, ...settings }, 'solver');
  }

  setGravity(g: Vec2Tuple): void {
    const [x, y] = vec(g, 'gravity');
    this.gravityX = x;
    this.gravityY = y;
    for (let i = 0; i < this.bodies.count; i++) if (this.bodies.alive[i]) this.wakeBody(i);
  }

  // ---------------------------------------------------------------- handles

  private bodyIndex(id: BodyId, where = 'body'): number {
    const i = typeof id === 'number' ? id % INDEX_BITS : -1;
    const gen = Math.floor(id / INDEX_BITS);
    const b = this.bodies;
    if (!(i >= 0 && i < b.count && b.alive[i] === 1 && b.generation[i] === gen)) {
      throw new PhysicsError('stale-handle', `${where}: ${String(id)} is not a live body of this world`);
    }
    return i;
  }

  private shapeIndex(id: ShapeId, where = 'shape'): number {
    const i = typeof id === 'number' ? id % INDEX_BITS : -1;
    const gen = Math.floor(id / INDEX_BITS);
    const s = this.shapes;
    if (!(i >= 0 && i < s.count && s.alive[i] === 1 && s.generation[i] === gen)) {
      throw new PhysicsError('stale-handle', `${where}: ${String(id)} is not a live shape of this world`);
    }
    return i;
  }

  /** The handle of body slot `i` (for code that walks the stores). */
  bodyId(i: number): BodyId {
    return this.bodies.generation[i]! * INDEX_BITS + i;
  }
  shapeId(i: number): ShapeId {
    return this.shapes.generation[i]! * INDEX_BITS + i;
  }
  /** Slot index of a handle (validated). */
  bodySlot(id: BodyId): number {
    return this.bodyIndex(id);
  }
  shapeSlot(id: ShapeId): number {
    return this.shapeIndex(id);
  }

  // ---------------------------------------------------------------- bodies

  /** Creates a body; see {@link BodyDef}. Returns its handle. */
  createBody(def: BodyDef = {}): BodyId {
    const type = def.type ?? 'dynamic';
    const code =
      type === 'static'
        ? BODY_STATIC
        : type === 'kinematic'
          ? BODY_KINEMATIC
          : type === 'dynamic'
            ? BODY_DYNAMIC
            : -1;
    if (code < 0) {
      throw new PhysicsError(
        'invalid-argument',
        `body.type: expected 'static' | 'kinematic' | 'dynamic', got ${String(type)}`,
      );
    }
    const [x, y] = vec(def.position, 'body.position');
    const angle = num(def.angle, 'body.angle', 0);
    const [vx, vy] = vec(def.linearVelocity, 'body.linearVelocity');
    const w = num(def.angularVelocity, 'body.angularVelocity', 0);
    const ld = num(def.linearDamping, 'body.linearDamping', 0, 0);
    const ad = num(def.angularDamping, 'body.angularDamping', 0, 0);
    const gs = num(def.gravityScale, 'body.gravityScale', 1);
    const b = this.bodies;
    const i = b.allocate();
    b.type[i] = code;
    b.cx[i] = x;
    b.cy[i] = y;
    b.qc[i] = pcos(angle);
    b.qs[i] = psin(angle);
    b.lcx[i] = 0;
    b.lcy[i] = 0;
    b.vx[i] = code === BODY_STATIC ? 0 : vx;
    b.vy[i] = code === BODY_STATIC ? 0 : vy;
    b.w[i] = code === BODY_STATIC ? 0 : w;
    b.fx[i] = 0;
    b.fy[i] = 0;
    b.torque[i] = 0;
    b.linearDamping[i] = ld;
    b.angularDamping[i] = ad;
    b.gravityScale[i] = gs;
    b.fixedRotation[i] = def.fixedRotation ? 1 : 0;
    b.sleepEnabled[i] = def.sleepEnabled === false ? 0 : 1;
    b.awake[i] = code === BODY_STATIC ? 0 : def.awake === false ? 0 : 1;
    b.sleepTime[i] = 0;
    b.dpx[i] = 0;
    b.dpy[i] = 0;
    b.dqc[i] = 1;
    b.dqs[i] = 0;
    b.firstShape[i] = -1;
    b.shapeCount[i] = 0;
    b.contactHead[i] = -1;
    b.contactCount[i] = 0;
    b.maxExtent[i] = 0;
    this.islands.ensureBodies(b.capacity);
    if (code === BODY_DYNAMIC) this.islands.addBody(i);
    else this.islands.noIsland(i);
    if (code === BODY_KINEMATIC) this.kinematicCount++;
    b.userData[i] = def.userData;
    this.updateMass(i);
    return this.bodyId(i);
  }

  /** Destroys a body, its shapes and their contacts (end events are reported). */
  destroyBody(id: BodyId): void {
    const i = this.bodyIndex(id);
    this.wakeBody(i);
    // wake what it touched, then drop its shapes
    for (let e = this.bodies.contactHead[i]!; e !== -1; e = this.contactStore.edgeNext[e]!) {
      const c = e >> 1;
      const other =
        this.contactStore.bodyA[c] === i ? this.contactStore.bodyB[c]! : this.contactStore.bodyA[c]!;
      this.wakeBody(other);
    }
    while (this.bodies.firstShape[i]! !== -1) this.destroyShapeSlot(this.bodies.firstShape[i]!, false);
    this.islands.removeBody(i);
    if (this.bodies.type[i] === BODY_KINEMATIC) this.kinematicCount--;
    this.bodies.free(i);
  }

  /** Live body handles in slot order. */
  bodyIds(): BodyId[] {
    const out: BodyId[] = [];
    for (let i = 0; i < this.bodies.count; i++) if (this.bodies.alive[i]) out.push(this.bodyId(i));
    return out;
  }

  get bodyCount(): number {
    return this.bodies.count - this.bodies.freeList.length;
  }

  getBodyType(id: BodyId): BodyType {
    const t = this.bodies.type[this.bodyIndex(id)];
    return t === BODY_STATIC ? 'static' : t === BODY_KINEMATIC ? 'kinematic' : 'dynamic';
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
    return this.originTransform(this.bodyIndex(id), out);
  }

  getLinearVelocity(id: BodyId): [number, number] {
    const i = this.bodyIndex(id);
    return [this.bodies.vx[i]!, this.bodies.vy[i]!];
  }

  getAngularVelocity(id: BodyId): number {
    return this.bodies.w[this.bodyIndex(id)]!;
  }

  getMass(id: BodyId): number {
    return this.bodies.mass[this.bodyIndex(id)]!;
  }

  /** Rotational inertia about the centre of mass. */
  getInertia(id: BodyId): number {
    return this.bodies.inertia[this.bodyIndex(id)]!;
  }

  getUserData(id: BodyId): unknown {
    return this.bodies.userData[this.bodyIndex(id)];
  }

  isAwake(id: BodyId): boolean {
    return this.bodies.awake[this.bodyIndex(id)] === 1;
  }

  /** Wakes (true) or puts to sleep (false) the body's whole island. */
  setAwake(id: BodyId, awake: boolean): void {
    const i = this.bodyIndex(id);
    if (awake) this.wakeBody(i);
    else if (this.bodies.type[i] !== BODY_STATIC && this.bodies.awake[i]) {
      const b = this.bodies;
      const isl = this.islands;
      const k = isl.islandOf[i]!;
      // a kinematic body has no island: it sleeps alone
      for (let j = k < 0 ? i : isl.head[k]!; j !== -1; j = k < 0 ? -1 : isl.next[j]!) {
        b.awake[j] = 0;
        b.vx[j] = 0;
        b.vy[j] = 0;
        b.w[j] = 0;
      }
    }
  }

  /** Moves the body origin to `position` with `angle` (teleport; wakes it). */
  setTransform(id: BodyId, position: Vec2Tuple, angle: number): void {
    const i = this.bodyIndex(id);
    const [x, y] = vec(position, 'position');
    assertFinite(angle, 'angle');
    const b = this.bodies;
    b.qc[i] = pcos(angle);
    b.qs[i] = psin(angle);
    b.cx[i] = x + (b.qc[i]! * b.lcx[i]! - b.qs[i]! * b.lcy[i]!);
    b.cy[i] = y + (b.qs[i]! * b.lcx[i]! + b.qc[i]! * b.lcy[i]!);
    this.wakeBody(i);
    this.updateBodyBoxes(i, true);
  }

  setLinearVelocity(id: BodyId, v: Vec2Tuple): void {
    const i = this.bodyIndex(id);
    const [x, y] = vec(v, 'linearVelocity');
    if (this.bodies.type[i] === BODY_STATIC) return;
    this.bodies.vx[i] = x;
    this.bodies.vy[i] = y;
    if (x !== 0 || y !== 0) this.wakeBody(i);
  }

  setAngularVelocity(id: BodyId, w: number): void {
    const i = this.bodyIndex(id);
    assertFinite(w, 'angularVelocity');
    if (this.bodies.type[i] === BODY_STATIC || this.bodies.fixedRotation[i]) return;
    this.bodies.w[i] = w;
    if (w !== 0) this.wakeBody(i);
  }

  /** Adds a force (N) at a world point (default: the centre of mass) for the next step; wakes the body. */
  applyForce(id: BodyId, force: Vec2Tuple, point?: Vec2Tuple): void {
    const i = this.bodyIndex(id);
    const [fx, fy] = vec(force, 'force');
    const b = this.bodies;
    if (b.type[i] !== BODY_DYNAMIC) return;
    b.fx[i] = b.fx[i]! + fx;
    b.fy[i] = b.fy[i]! + fy;
    if (point !== undefined) {
      const [px, py] = vec(point, 'point');
      b.torque[i] = b.torque[i]! + (px - b.cx[i]!) * fy - (py - b.cy[i]!) * fx;
    }
    this.wakeBody(i);
  }

  applyTorque(id: BodyId, torque: number): void {
    const i = this.bodyIndex(id);
    assertFinite(torque, 'torque');
    if (this.bodies.type[i] !== BODY_DYNAMIC) return;
    this.bodies.torque[i] = this.bodies.torque[i]! + torque;
    this.wakeBody(i);
  }

  /** Applies an impulse (N·s) at a world point (default: the centre of mass); wakes the body. */
  applyLinearImpulse(id: BodyId, impulse: Vec2Tuple, point?: Vec2Tuple): void {
    const i = this.bodyIndex(id);
    const [jx, jy] = vec(impulse, 'impulse');
    const b = this.bodies;
    if (b.type[i] !== BODY_DYNAMIC) return;
    b.vx[i] = b.vx[i]! + b.invMass[i]! * jx;
    b.vy[i] = b.vy[i]! + b.invMass[i]! * jy;
    if (point !== undefined) {
      const [px, py] = vec(point, 'point');
      b.w[i] = b.w[i]! + b.invI[i]! * ((px - b.cx[i]!) * jy - (py - b.cy[i]!) * jx);
    }
    this.wakeBody(i);
  }

  /** Total kinetic energy ½mv² + ½Iω² of the dynamic bodies. */
  kineticEnergy(): number {
    const b = this.bodies;
    let e = 0;
    for (let i = 0; i < b.count; i++) {
      if (!b.alive[i] || b.type[i] !== BODY_DYNAMIC) continue;
      e +=
        0.5 * b.mass[i]! * (b.vx[i]! * b.vx[i]! + b.vy[i]! * b.vy[i]!) +
        0.5 * b.inertia[i]! * b.w[i]! * b.w[i]!;
    }
    return e;
  }

  /** Total linear momentum of the dynamic bodies. */
  linearMomentum(): [number, number] {
    const b = this.bodies;
    let px = 0;
    let py = 0;
    for (let i = 0; i < b.count; i++) {
      if (!b.alive[i] || b.type[i] !== BODY_DYNAMIC) continue;
      px += b.mass[i]! * b.vx[i]!;
      py += b.mass[i]! * b.vy[i]!;
    }
    return [px, py];
  }

  private originTransform(i: number, out: Transform2): Transform2 {
    const b = this.bodies;
    const c = b.qc[i]!;
    const s = b.qs[i]!;
    return out.set(
      b.cx[i]! - (c * b.lcx[i]! - s * b.lcy[i]!),
      b.cy[i]! - (s * b.lcx[i]! + c * b.lcy[i]!),
      c,
      s,
    );
  }

  /** Recomputes mass, centre of mass and inertia from the shapes (keeping the origin in place). */
  private updateMass(i: number): void {
    const b = this.bodies;
    const sh = this.shapes;
    const xf = this.originTransform(i, this.xfA);
    const ox = xf.px;
    const oy = xf.py;
    let mass = 0;
    let mx = 0;
    let my = 0;
    let inertia = 0;
    for (let s = b.firstShape[i]!; s !== -1; s = sh.next[s]!) {
      if (sh.density[s] === 0) continue;
      const md = shapeMass(sh.geom[s]!, sh.density[s]!);
      mass += md.mass;
      mx += md.mass * md.cx;
      my += md.mass * md.cy;
      inertia += md.inertia;
    }
    let lcx = 0;
    let lcy = 0;
    if (mass > 0) {
      lcx = mx / mass;
      lcy = my / mass;
      inertia -= mass * (lcx * lcx + lcy * lcy);
    }
    if (b.type[i] !== BODY_DYNAMIC) {
      b.mass[i] = 0;
      b.invMass[i] = 0;
      b.inertia[i] = 0;
      b.invI[i] = 0;
    } else {
      if (mass <= 0) {
        mass = 1; // a dynamic body always has mass (Box2D's rule)
        inertia = 0;
      }
      b.mass[i] = mass;
      b.invMass[i] = 1 / mass;
      if (inertia > 0 && !b.fixedRotation[i]) {
        b.inertia[i] = inertia;
        b.invI[i] = 1 / inertia;
      } else {
        b.inertia[i] = 0;
        b.invI[i] = 0;
      }
    }
    b.lcx[i] = lcx;
    b.lcy[i] = lcy;
    const c = b.qc[i]!;
    const s = b.qs[i]!;
    b.cx[i] = ox + c * lcx - s * lcy;
    b.cy[i] = oy + s * lcx + c * lcy;
    // extent for the sleep test
    let ext = 0;
    for (let k = b.firstShape[i]!; k !== -1; k = sh.next[k]!) {
      const g = sh.geom[k]!;
      for (let v = 0; v < g.count; v++) {
        const dx = g.vx[v]! - lcx;
        const dy = g.vy[v]! - lcy;
        const d = Math.sqrt(dx * dx + dy * dy) + g.radius;
        if (d > ext) ext = d;
      }
    }
    b.maxExtent[i] = ext;
  }

  // ---------------------------------------------------------------- shapes

  /** Attaches a shape to a body; see {@link ShapeDef}. Returns its handle. */
  createShape(body: BodyId, def: ShapeDef): ShapeId {
    const bi = this.bodyIndex(body, 'createShape(body)');
    const where = 'shape';
    if (def === null || typeof def !== 'object') {
      throw new PhysicsError('invalid-argument', `${where}: expected a shape definition object`);
    }
    let geom: ConvexShape2;
    switch (def.kind) {
      case 'box': {
        const [cx, cy] = vec(def.center, `${where}.center`);
        geom = makeBox(def.halfWidth, def.halfHeight, cx, cy, def.angle ?? 0, def.radius ?? 0, where);
        break;
      }
      case 'circle': {
        const [cx, cy] = vec(def.center, `${where}.center`);
        geom = makeCircle(def.radius, cx, cy, where);
        break;
      }
      case 'capsule': {
        const [x1, y1] = vec(def.p1, `${where}.p1`);
        const [x2, y2] = vec(def.p2, `${where}.p2`);
        geom = makeCapsule(x1, y1, x2, y2, def.radius, where);
        break;
      }
      case 'segment': {
        const [x1, y1] = vec(def.p1, `${where}.p1`);
        const [x2, y2] = vec(def.p2, `${where}.p2`);
        geom = makeSegment(x1, y1, x2, y2, where);
        break;
      }
      case 'polygon':
        if (!Array.isArray(def.vertices)) {
          throw new PhysicsError('invalid-argument', `${where}.vertices: expected an array of [x, y]`);
        }
        geom = makePolygon(def.vertices, def.radius ?? 0, where);
        break;
      default:
        throw new PhysicsError(
          'invalid-argument',
          `${where}.kind: expected 'box' | 'circle' | 'capsule' | 'segment' | 'polygon', got ${String((def as { kind: unknown }).kind)}`,
        );
    }
    return this.addShape(bi, geom, def);
  }

  /**
   * Creates a chain of segments through `points` (closed when `loop`); returns the segment handles.
   * Each segment knows its neighbours (ghost vertices), so shapes slide over the joins without
   * catching. Two-sided unless `oneSided` (then only the right-hand side of the chain's direction
   * collides; see {@link ChainDef}).
   */
  createChain(body: BodyId, def: ChainDef): ShapeId[] {
    const bi = this.bodyIndex(body, 'createChain(body)');
    const pts = def.points;
    if (!Array.isArray(pts) || pts.length < 2) {
      throw new PhysicsError('invalid-argument', `chain.points: need at least 2 points, got ${pts?.length}`);
    }
    const n = pts.length;
    const ids: ShapeId[] = [];
    const last = def.loop ? n : n - 1;
    const loop = def.loop === true;
    const oneSided = def.oneSided === true;
    for (let k = 0; k < last; k++) {
      const p = vec(pts[k], `chain.points[${k}]`);
      const q = vec(pts[(k + 1) % n], `chain.points[${(k + 1) % n}]`);
      const seg = makeSegment(p[0], p[1], q[0], q[1], `chain.points[${k}]`);
      // ghost vertices: the neighbouring points, so contacts at the joins stay smooth (chain2d.ts)
      const ghost = new Float64Array(7);
      ghost[6] = oneSided ? 1 : 0;
      const hasPrev = loop || k > 0;
      const hasNext = loop || k + 2 < n;
      if (hasPrev) {
        const g = vec(pts[(k - 1 + n) % n], `chain.points[${(k - 1 + n) % n}]`);
        ghost[0] = g[0];
        ghost[1] = g[1];
        ghost[4] = 1;
      }
      if (hasNext) {
        const g = vec(pts[(k + 2) % n], `chain.points[${(k + 2) % n}]`);
        ghost[2] = g[0];
        ghost[3] = g[1];
        ghost[5] = 1;
      }
      seg.ghost = ghost;
      ids.push(this.addShape(bi, seg, def));
    }
    return ids;
  }

  private addShape(bi: number, geom: ConvexShape2, def: ShapeDef | ChainDef): ShapeId {
    const density = num(def.density, 'shape.density', 1, 0);
    const friction = num(def.friction, 'shape.friction', 0.6, 0);
    const restitution = num(def.restitution, 'shape.restitution', 0, 0);
    if (restitution > 1)
      throw new PhysicsError('invalid-argument', `shape.restitution: must be <= 1, got ${restitution}`);
    const f = def.filter ?? {};
    const category = num(f.categoryBits, 'shape.filter.categoryBits', 1, 0);
    const mask = num(f.maskBits, 'shape.filter.maskBits', 0xffffffff, 0);
    const group = num(f.groupIndex, 'shape.filter.groupIndex', 0);
    const sh = this.shapes;
    const s = sh.allocate();
    sh.body[s] = bi;
    sh.geom[s] = geom;
    sh.density[s] = density;
    sh.friction[s] = friction;
    sh.restitution[s] = restitution;
    sh.sensor[s] = def.isSensor ? 1 : 0;
    sh.events[s] = def.enableContactEvents === false ? 0 : 1;
    sh.category[s] = category >>> 0;
    sh.mask[s] = mask >>> 0;
    sh.group[s] = group | 0;
    sh.userData[s] = def.userData;
    const b = this.bodies;
    sh.next[s] = b.firstShape[bi]!;
    b.firstShape[bi] = s;
    b.shapeCount[bi] = b.shapeCount[bi]! + 1;
    this.updateMass(bi);
    const xf = this.originTransform(bi, this.xfA);
    const o = 4 * s;
    computeAabb(geom, xf, sh.aabb, o);
    sh.proxy[s] = this.broadphase.createProxy(
      sh.aabb[o]!,
      sh.aabb[o + 1]!,
      sh.aabb[o + 2]!,
      sh.aabb[o + 3]!,
      s,
    );
    this.copyFat(s);
    this.wakeBody(bi);
    return this.shapeId(s);
  }

  /** Removes a shape and its contacts (end events reported); the body's mass is recomputed. */
  destroyShape(id: ShapeId): void {
    this.destroyShapeSlot(this.shapeIndex(id), true);
  }

  private destroyShapeSlot(s: number, updateMass: boolean): void {
    const sh = this.shapes;
    const cs = this.contactStore;
    const bi = sh.body[s]!;
    const b = this.bodies;
    // contacts of this shape
    for (let e = b.contactHead[bi]!; e !== -1; ) {
      const c = e >> 1;
      const next = cs.edgeNext[e]!;
      if (cs.shapeA[c] === s || cs.shapeB[c] === s) {
        this.endContact(c);
        const other = cs.bodyA[c] === bi ? cs.bodyB[c]! : cs.bodyA[c]!;
        this.wakeBody(other);
        cs.remove(b, c);
        e = b.contactHead[bi]!; // the list changed: restart
        continue;
      }
      e = next;
    }
    // unlink from the body
    if (b.firstShape[bi] === s) b.firstShape[bi] = sh.next[s]!;
    else {
      let p = b.firstShape[bi]!;
      while (sh.next[p] !== s) p = sh.next[p]!;
      sh.next[p] = sh.next[s]!;
    }
    b.shapeCount[bi] = b.shapeCount[bi]! - 1;
    this.broadphase.destroyProxy(sh.proxy[s]!);
    sh.proxy[s] = -1;
    sh.geom[s] = undefined as unknown as ConvexShape2;
    sh.free(s);
    if (updateMass) this.updateMass(bi);
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

  /** Mirrors the tree's fat box of shape `s` into the shape store (read by the narrowphase). */
  private copyFat(s: number): void {
    const sh = this.shapes;
    const t = this.broadphase;
    const p = sh.proxy[s]!;
    const o = 4 * s;
    sh.fat[o] = t.fatMinX(p);
    sh.fat[o + 1] = t.fatMinY(p);
    sh.fat[o + 2] = t.fatMaxX(p);
    sh.fat[o + 3] = t.fatMaxY(p);
  }

  /**
   * Recomputes a body's shape boxes. A box that left its fat box is re-inserted in the tree
   * (fattened ahead of the body's in-step motion) and searched for new pairs next step; `force`
   * (teleports) always searches again. Boxes still inside their fat box cost no tree call.
   */
  private updateBodyBoxes(i: number, force: boolean): void {
    const sh = this.shapes;
    const tree = this.broadphase;
    const xf = this.originTransform(i, this.xfA);
    const aabb = sh.aabb;
    const fat = sh.fat;
    for (let s = this.bodies.firstShape[i]!; s !== -1; s = sh.next[s]!) {
      const o = 4 * s;
      computeAabb(sh.geom[s]!, xf, aabb, o);
      const p = sh.proxy[s]!;
      const escaped =
        aabb[o]! < fat[o]! ||
        aabb[o + 1]! < fat[o + 1]! ||
        aabb[o + 2]! > fat[o + 2]! ||
        aabb[o + 3]! > fat[o + 3]!;
      if (escaped || force) {
        const b = this.bodies;
        if (tree.moveProxyFrom(p, aabb, o, b.dpx, b.dpy, i)) this.copyFat(s);
        else if (force) tree.touchProxy(p);
      }
    }
  }

  // ---------------------------------------------------------------- sleep

  /** Wakes the sleeping island that body slot `i` belongs to. */
  private wakeBody(i: number): void {
    const b = this.bodies;
    if (b.type[i] === BODY_STATIC || b.awake[i]) return;
    const isl = this.islands;
    const k = isl.islandOf[i]!;
    if (k >= 0) {
      for (let j = isl.head[k]!; j !== -1; j = isl.next[j]!) {
        b.awake[j] = 1;
        b.sleepTime[j] = 0;
      }
    }
    b.awake[i] = 1;
    b.sleepTime[i] = 0;
  }

  // ---------------------------------------------------------------- step

  /** Advances the world by `dt` seconds (a fixed step, e.g. 1/60). */
  step(dt: number): void {
    assertFinite(dt, 'step(dt)');
    if (dt <= 0) throw new PhysicsError('invalid-argument', `step(dt): must be > 0, got ${dt}`);
    const ev = this.evts;
    ev.begin.length = 0;
    ev.end.length = 0;
    ev.hit.length = 0;
    ev.sensorBegin.length = 0;
    ev.sensorEnd.length = 0;
    if (this.taggedSpeculative[0] !== this.speculativeDistance)
      this.taggedSpeculative[0] = this.speculativeDistance;
    this.updatePairs();
    this.collide();
    this.solve(dt);
    this.finalizeBodies(dt);
    this.updateSleep();
    this.time += dt;
    this.stepCount++;
  }

  /** Events of the last step. */
  events(): WorldEvents {
    return this.evts;
  }

  /** Broadphase: creates contacts for new overlapping fat boxes. */
  private updatePairs(): void {
    this.lastStep.newPairs = 0;
    const tree = this.broadphase;
    const n = tree.updatePairs();
    this.lastStep.pairTests = n;
    const pairs = tree.pairs;
    for (let k = 0; k < n; k++) {
      const a = tree.getUserData(pairs[2 * k]!);
      const b = tree.getUserData(pairs[2 * k + 1]!);
      if (a < b) this.addPair(a, b);
      else this.addPair(b, a);
    }
  }

  private addPair(a: number, b: number): void {
    const sh = this.shapes;
    const ba = sh.body[a]!;
    const bb = sh.body[b]!;
    if (ba === bb) return;
    const bodies = this.bodies;
    const ta = bodies.type[ba]!;
    const tb = bodies.type[bb]!;
    if (ta !== BODY_DYNAMIC && tb !== BODY_DYNAMIC) return;
    const sensor = sh.sensor[a]! | sh.sensor[b]!;
    if (sh.sensor[a] && sh.sensor[b]) return;
    if (!shouldCollide(sh, a, b)) return;
    const cs = this.contactStore;
    if (cs.find(bodies, a, b, ba, bb) !== -1) return;
    const flags = (sensor ? CONTACT_SENSOR : 0) | (sh.events[a] && sh.events[b] ? CONTACT_EVENTS : 0);
    const c = cs.add(bodies, a, b, ba, bb, flags);
    cs.friction[c] = Math.sqrt(sh.friction[a]! * sh.friction[b]!);
    cs.restitution[c] = Math.max(sh.restitution[a]!, sh.restitution[b]!);
    this.lastStep.newPairs++;
  }

  private endContact(c: number): void {
    const cs = this.contactStore;
    const f = cs.flags[c]!;
    if (!(f & CONTACT_TOUCHING)) return;
    cs.flags[c] = f & ~CONTACT_TOUCHING;
    if (!(f & CONTACT_SENSOR)) this.islands.unlink(cs.bodyA[c]!, cs.bodyB[c]!);
    if (f & CONTACT_SENSOR) {
      const sensorA = this.shapes.sensor[cs.shapeA[c]!] === 1;
      this.sensorEvent(
        this.evts.sensorEnd,
        this.eventPool.sensorEnd,
        this.shapeId(sensorA ? cs.shapeA[c]! : cs.shapeB[c]!),
        this.shapeId(sensorA ? cs.shapeB[c]! : cs.shapeA[c]!),
      );
    } else if (f & CONTACT_EVENTS) {
      this.pairEvent(
        this.evts.end,
        this.eventPool.end,
        this.shapeId(cs.shapeA[c]!),
        this.shapeId(cs.shapeB[c]!),
      );
    }
  }

  /** Appends a begin/end event, reusing the pooled object of its index (no allocation once warm). */
  private pairEvent(list: ContactBeginEvent[], pool: ContactBeginEvent[], a: ShapeId, b: ShapeId): void {
    const k = list.length;
    let e = pool[k];
    if (e === undefined) {
      e = { shapeA: 0, shapeB: 0 };
      pool.push(e);
    }
    e.shapeA = a;
    e.shapeB = b;
    list.push(e);
  }

  private sensorEvent(list: SensorEvent[], pool: SensorEvent[], sensor: ShapeId, visitor: ShapeId): void {
    const k = list.length;
    let e = pool[k];
    if (e === undefined) {
      e = { sensorShape: 0, visitorShape: 0 };
      pool.push(e);
    }
    e.sensorShape = sensor;
    e.visitorShape = visitor;
    list.push(e);
  }

  /** Narrowphase: updates every contact with an awake body (§26.2 SAT + clipping, feature-id matching). */
  private collide(): void {
    const cs = this.contactStore;
    const sh = this.shapes;
    const b = this.bodies;
    const fat = sh.fat;
    const m = this.manifold;
    const xfA = this.xfA;
    const xfB = this.xfB;
    // read as a tagged value: a double held in a local would be boxed afresh for every call below
    const spec = this.taggedSpeculative[0] as number;
    for (let c = cs.count - 1; c >= 0; c--) {
      const ba = cs.bodyA[c]!;
      const bb = cs.bodyB[c]!;
      if (b.awake[ba] === 0 && b.awake[bb] === 0) continue;
      const sa = cs.shapeA[c]!;
      const sb = cs.shapeB[c]!;
      const oa = 4 * sa;
      const ob = 4 * sb;
      if (
        fat[oa]! > fat[ob + 2]! ||
        fat[ob]! > fat[oa + 2]! ||
        fat[oa + 1]! > fat[ob + 3]! ||
        fat[ob + 1]! > fat[oa + 3]!
      ) {
        this.endContact(c);
        cs.remove(b, c);
        continue;
      }
      this.originTransform(ba, xfA);
      this.originTransform(bb, xfB);
      const ga = sh.geom[sa]!;
      const gb = sh.geom[sb]!;
      if (ga.ghost !== undefined) collideChainSegment(ga, xfA, gb, xfB, true, spec, m);
      else if (gb.ghost !== undefined) collideChainSegment(gb, xfB, ga, xfA, false, spec, m);
      else collideShapes(ga, xfA, gb, xfB, spec, m);
      const flags = cs.flags[c]!;
      const was = (flags & CONTACT_TOUCHING) !== 0;
      if (flags & CONTACT_SENSOR) {
        let overlap = false;
        for (let k = 0; k < m.pointCount; k++) if (m.separation[k]! < 0) overlap = true;
        if (overlap && !was) {
          cs.flags[c] = flags | CONTACT_TOUCHING;
          const sensorA = sh.sensor[sa] === 1;
          this.sensorEvent(
            this.evts.sensorBegin,
            this.eventPool.sensorBegin,
            this.shapeId(sensorA ? sa : sb),
            this.shapeId(sensorA ? sb : sa),
          );
        } else if (!overlap && was) {
          this.endContact(c);
        }
        cs.pointCount[c] = 0;
        continue;
      }
      // match the new points to the old ones by feature id (persistent manifold → warm start)
      const base = 2 * c;
      const oldCount = cs.pointCount[c]!;
      const id0 = cs.id[base]!;
      const id1 = cs.id[base + 1]!;
      const n0 = cs.normalImpulse[base]!;
      const n1 = cs.normalImpulse[base + 1]!;
      const t0 = cs.tangentImpulse[base]!;
      const t1 = cs.tangentImpulse[base + 1]!;
      const pc = m.pointCount;
      for (let k = 0; k < pc; k++) {
        const j = base + k;
        const id = m.id[k]!;
        cs.px[j] = m.px[k]!;
        cs.py[j] = m.py[k]!;
        cs.separation[j] = m.separation[k]!;
        cs.id[j] = id;
        if (oldCount > 0 && id === id0) {
          cs.normalImpulse[j] = n0;
          cs.tangentImpulse[j] = t0;
        } else if (oldCount > 1 && id === id1) {
          cs.normalImpulse[j] = n1;
          cs.tangentImpulse[j] = t1;
        } else {
          cs.normalImpulse[j] = 0;
          cs.tangentImpulse[j] = 0;
        }
      }
      for (let j = base + pc; j < base + 2; j++) {
        cs.id[j] = -1;
        cs.normalImpulse[j] = 0;
        cs.tangentImpulse[j] = 0;
      }
      cs.pointCount[c] = pc;
      cs.nx[c] = m.normalX;
      cs.ny[c] = m.normalY;
      const touching = pc > 0;
      if (touching && !was) {
        cs.flags[c] = flags | CONTACT_TOUCHING;
        // touched: wake a sleeping partner's island, and the two islands become one
        if (b.awake[ba] === 0) this.wakeBody(ba);
        if (b.awake[bb] === 0) this.wakeBody(bb);
        this.islands.link(ba, bb);
        if (flags & CONTACT_EVENTS) this.beginEvents(c);
      } else if (!touching && was) {
        this.endContact(c);
      } else if (touching) {
        if (b.awake[ba] === 0) this.wakeBody(ba);
        if (b.awake[bb] === 0) this.wakeBody(bb);
      }
    }
  }

  private beginEvents(c: number): void {
    const cs = this.contactStore;
    const b = this.bodies;
    const sa = this.shapeId(cs.shapeA[c]!);
    const sb = this.shapeId(cs.shapeB[c]!);
    this.pairEvent(this.evts.begin, this.eventPool.begin, sa, sb);
    // approach speed at the deepest point
    let k = 2 * c;
    if (cs.pointCount[c] === 2 && cs.separation[k + 1]! < cs.separation[k]!) k++;
    const a = cs.bodyA[c]!;
    const d = cs.bodyB[c]!;
    const ax = cs.px[k]! - b.cx[a]!;
    const ay = cs.py[k]! - b.cy[a]!;
    const bx = cs.px[k]! - b.cx[d]!;
    const by = cs.py[k]! - b.cy[d]!;
    const dvx = b.vx[d]! - b.w[d]! * by - b.vx[a]! + b.w[a]! * ay;
    const dvy = b.vy[d]! + b.w[d]! * bx - b.vy[a]! - b.w[a]! * ax;
    const approach = -(dvx * cs.nx[c]! + dvy * cs.ny[c]!);
    if (approach > this.hitEventThreshold) {
      const hits = this.evts.hit;
      const pool = this.eventPool.hit;
      let e = pool[hits.length];
      if (e === undefined) {
        // doubles from the start, so V8 stores them in place
        e = { shapeA: 0, shapeB: 0, x: 0.5, y: 0.5, normalX: 0.5, normalY: 0.5, approachSpeed: 0.5 };
        pool.push(e);
      }
      e.shapeA = sa;
      e.shapeB = sb;
      e.x = cs.px[k]!;
      e.y = cs.py[k]!;
      e.normalX = cs.nx[c]!;
      e.normalY = cs.ny[c]!;
      e.approachSpeed = approach;
      hits.push(e);
    }
  }

  private ensureScratch(): void {
    const nb = this.bodies.capacity;
    if (this.awakeList.length < nb) {
      this.awakeList = new Int32Array(nb);
      this.ss = new Float64Array((nb + 1) * SB_STRIDE);
      this.stateOf = new Int32Array(nb);
    }
    const nc = this.contactStore.capacity;
    if (this.active.length < nc) {
      this.active = new Int32Array(nc);
      this.cc = new Float64Array(nc * CONSTRAINT_STRIDE);
      this.cb = new Int32Array(3 * nc);
      this.constraintOf = new Int32Array(nc);
    }
  }

  /** Prepare → substeps → restitution (see contact-solver.ts). */
  private solve(dt: number): void {
    this.ensureScratch();
    const b = this.bodies;
    const cs = this.contactStore;
    const st = this.solver;
    const list = this.awakeList;
    let nAwake = 0;
    for (let i = 0; i < b.count; i++) {
      if (b.awake[i] === 1 && b.alive[i] === 1) list[nAwake++] = i;
    }
    const active = this.active;
    const constraintOf = this.constraintOf;
    let nActive = 0;
    for (let c = 0; c < cs.count; c++) {
      constraintOf[c] = -1;
      if (cs.pointCount[c]! > 0 && (b.awake[cs.bodyA[c]!] === 1 || b.awake[cs.bodyB[c]!] === 1))
        active[nActive++] = c;
    }
    this.lastStep.activeContacts = nActive;
    this.lastStep.awakeBodies = nAwake;
    const substeps = st.substeps;
    const h = dt / substeps;
    const cc = this.cc;
    const cb = this.cb;
    const ss = this.ss;
    const stateOf = this.stateOf;
    loadBodyStates(b, list, nAwake, ss, stateOf);
    prepareContacts(b, cs, active, nActive, st.warmStarting, cc, cb, constraintOf, stateOf);
    const mode = st.positionCorrection;
    const pass = this.pass;
    pass.h = h;
    pass.invH = 1 / h;
    pass.gx = this.gravityX;
    pass.gy = this.gravityY;
    pass.beta = st.beta;
    pass.slop = st.slop;
    pass.maxPush = st.maxPushOutSpeed;
    pass.restitutionThreshold = st.restitutionThreshold;
    if (this.softFor !== st || this.softH !== h) {
      // contact stiffness is capped at a quarter of the substep rate (Box2D v3); computed again only
      // when the settings or the substep change (no boxed numbers per step)
      this.softFor = st;
      this.softH = h;
      const hertz = Math.min(st.contactHertz, 0.25 / h);
      makeSoftness(hertz, st.contactDampingRatio, h, pass.soft);
      makeSoftness(
        Math.min(st.staticStiffness * hertz, 0.25 / h),
        st.contactDampingRatio,
        h,
        pass.staticSoft,
      );
    }
    const trace = st.trace;
    const ev = this.traceEvent;
    for (let sub = 0; sub < substeps; sub++) {
      integrateVelocities(b, ss, list, nAwake, pass);
      pass.reverse = ((this.stepCount * substeps + sub) & 1) === 1;
      if (st.warmStarting) warmStart(ss, cc, cb, nActive, pass);
      else if (sub > 0) resetImpulses(cc, nActive);
      pass.mode = mode === 'soft-step' ? BIAS_SOFT : mode === 'baumgarte' ? BIAS_BAUMGARTE : BIAS_NONE;
      for (let it = 1; it <= st.iterations; it++) {
        if (mode !== 'soft-step') pass.reverse = ((this.stepCount + it) & 1) === 0;
        solveContacts(ss, cc, cb, nActive, pass);
        if (trace !== undefined) {
          storeBodyStates(b, list, nAwake, ss, stateOf, false);
          ev.stage = 'solve';
          ev.substep = sub;
          ev.iteration = it;
          trace(ev);
        }
      }
      integratePositions(ss, nAwake, pass);
      if (mode === 'soft-step') {
        pass.mode = BIAS_NONE;
        for (let it = 1; it <= st.relaxIterations; it++) {
          solveContacts(ss, cc, cb, nActive, pass);
          if (trace !== undefined) {
            storeBodyStates(b, list, nAwake, ss, stateOf, false);
            ev.stage = 'relax';
            ev.substep = sub;
            ev.iteration = it;
            trace(ev);
          }
        }
      } else if (mode === 'split-impulse') {
        for (let it = 1; it <= st.positionIterations; it++) {
          solvePositions(ss, cc, cb, nActive, st.percent, st.slop, 0.2);
          if (trace !== undefined) {
            storeBodyStates(b, list, nAwake, ss, stateOf, false);
            ev.stage = 'position';
            ev.substep = sub;
            ev.iteration = it;
            trace(ev);
          }
        }
      }
    }
    applyRestitution(ss, cc, cb, nActive, pass);
    if (trace !== undefined) {
      storeBodyStates(b, list, nAwake, ss, stateOf, false);
      ev.stage = 'restitution';
      ev.substep = substeps - 1;
      ev.iteration = 1;
      trace(ev);
    }
    // store impulses for the next step's warm start; the readout gets the current separations
    storeImpulses(cs, active, nActive, cc);
    storeSeparations(ss, cs, active, nActive, cc, cb);
    // velocities back to the bodies; the step's motion moves the transforms once (c += Δp, q ← Δq·q)
    storeBodyStates(b, list, nAwake, ss, stateOf, true);
  }

  /** Bodies' boxes (refatten on escape), forces cleared, sleep timers. */
  private finalizeBodies(dt: number): void {
    const b = this.bodies;
    const list = this.awakeList;
    const n = this.lastStep.awakeBodies;
    const tol = this.sleepTolerance;
    for (let k = 0; k < n; k++) {
      const i = list[k]!;
      b.fx[i] = 0;
      b.fy[i] = 0;
      b.torque[i] = 0;
      this.updateBodyBoxes(i, false);
      const v = Math.sqrt(b.vx[i]! * b.vx[i]! + b.vy[i]! * b.vy[i]!);
      const wr = b.maxExtent[i]! * Math.abs(b.w[i]!);
      if (
        !this.enableSleep ||
        b.sleepEnabled[i] === 0 ||
        v > tol ||
        wr > tol ||
        b.type[i] === BODY_KINEMATIC
      ) {
        b.sleepTime[i] = 0;
      } else {
        b.sleepTime[i] = b.sleepTime[i]! + dt;
      }
    }
  }

  /** Calls `visit` for each body joined to `body` by a touching (non-sensor) contact (island splitting). */
  private readonly islandNeighbours = (body: number, visit: (other: number) => void): void => {
    const cs = this.contactStore;
    for (let e = this.bodies.contactHead[body]!; e !== -1; e = cs.edgeNext[e]!) {
      const c = e >> 1;
      const f = cs.flags[c]!;
      if ((f & CONTACT_TOUCHING) === 0 || (f & CONTACT_SENSOR) !== 0) continue;
      // edge 2c is on body A, 2c + 1 on body B
      visit((e & 1) === 1 ? cs.bodyA[c]! : cs.bodyB[c]!);
    }
  };

  /**
   * Islands and sleep (§26.2 "スリープ"): the persistent islands (islands.ts) of the awake bodies
   * are checked. An island that lost touching contacts since it was built is split into its
   * connected parts as soon as one of its bodies has been still for `timeToSleep` (Box2D v3: a body
   * that wants to sleep must not be held awake by a former partner); the parts may sleep from the
   * next step on. An intact island whose every body has been still that long falls asleep as a
   * whole; touching any body of a sleeping island wakes all of it. A body touching a moving
   * kinematic body stays awake.
   */
  private updateSleep(): void {
    const b = this.bodies;
    const cs = this.contactStore;
    const isl = this.islands;
    const list = this.awakeList;
    const n = this.lastStep.awakeBodies;
    if (this.kinematicCount > 0) {
      for (let k = 0; k < n; k++) {
        const kin = list[k]!;
        if (b.type[kin] !== BODY_KINEMATIC) continue;
        if (b.vx[kin] === 0 && b.vy[kin] === 0 && b.w[kin] === 0) continue;
        for (let e = b.contactHead[kin]!; e !== -1; e = cs.edgeNext[e]!) {
          const c = e >> 1;
          if (cs.pointCount[c] === 0) continue;
          b.sleepTime[(e & 1) === 1 ? cs.bodyA[c]! : cs.bodyB[c]!] = 0;
        }
      }
    }
    if (!this.enableSleep) return;
    const stamp = this.stepCount;
    const visit = isl.visit;
    const minSleep = isl.minSleep;
    const maxSleep = isl.maxSleep;
    const islandOf = isl.islandOf;
    // each awake island's smallest and largest sleep time
    for (let k = 0; k < n; k++) {
      const i = list[k]!;
      const j = islandOf[i]!;
      if (j < 0) continue;
      const t = b.sleepTime[i]!;
      if (visit[j] !== stamp) {
        visit[j] = stamp;
        minSleep[j] = t;
        maxSleep[j] = t;
      } else if (t < minSleep[j]!) minSleep[j] = t;
      else if (t > maxSleep[j]!) maxSleep[j] = t;
    }
    const timeToSleep = this.timeToSleep;
    for (let k = 0; k < n; k++) {
      const j = islandOf[list[k]!]!;
      if (j < 0 || visit[j] !== stamp) continue;
      visit[j] = -1; // handled
      if (isl.removed[j]! > 0) {
        if (maxSleep[j]! >= timeToSleep) isl.split(j, this.islandNeighbours);
        continue;
      }
      if (minSleep[j]! < timeToSleep) continue;
      for (let i = isl.head[j]!; i !== -1; i = isl.next[i]!) {
        b.awake[i] = 0;
        b.vx[i] = 0;
        b.vy[i] = 0;
        b.w[i] = 0;
      }
    }
  }

  /** Island id of a body (for drawing): stable across steps while the island lasts; −1 for static and kinematic. */
  getIslandId(id: BodyId): number {
    return this.islands.islandOf[this.bodyIndex(id)]!;
  }

  // ---------------------------------------------------------------- contact readout

  /** Number of contacts with at least one point (touching or speculative), sensors excluded. */
  get contactCount(): number {
    let n = 0;
    const cs = this.contactStore;
    for (let c = 0; c < cs.count; c++) if (cs.pointCount[c]! > 0) n++;
    return n;
  }

  /** Readout of every contact with points: normal, points, separations and the last step's impulses. */
  contacts(): ContactInfo[] {
    const cs = this.contactStore;
    const out: ContactInfo[] = [];
    for (let c = 0; c < cs.count; c++) {
      const pc = cs.pointCount[c]!;
      if (pc === 0) continue;
      const points = [];
      for (let k = 2 * c; k < 2 * c + pc; k++) {
        points.push({
          x: cs.px[k]!,
          y: cs.py[k]!,
          separation: cs.separation[k]!,
          normalImpulse: cs.normalImpulse[k]!,
          tangentImpulse: cs.tangentImpulse[k]!,
          id: cs.id[k]!,
        });
      }
      out.push({
        shapeA: this.shapeId(cs.shapeA[c]!),
        shapeB: this.shapeId(cs.shapeB[c]!),
        bodyA: this.bodyId(cs.bodyA[c]!),
        bodyB: this.bodyId(cs.bodyB[c]!),
        normalX: cs.nx[c]!,
        normalY: cs.ny[c]!,
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
      for (let k = 2 * c; k < 2 * c + cs.pointCount[c]!; k++)
        if (-cs.separation[k]! > d) d = -cs.separation[k]!;
    }
    return d;
  }

  /** The store index of the `index`-th contact with points (the order of `contacts()`). */
  private nthContact(index: number, k: number): number {
    const cs = this.contactStore;
    for (let j = 0, seen = 0; j < cs.count; j++) {
      if (cs.pointCount[j]! > 0) {
        if (seen === index) {
          if (k < cs.pointCount[j]! && this.constraintOf[j]! >= 0) return j;
          break;
        }
        seen++;
      }
    }
    throw new PhysicsError('not-found', `contact ${index} point ${k}: no such point in the last solve`);
  }

  /**
   * The relative normal velocity vn = (vB + ωB×rB − vA − ωA×rA)·n of point `k` of the `index`-th
   * contact (in `contacts()` order) with the live body velocities — for solver traces (§26.2 table).
   */
  contactNormalVelocity(index: number, k = 0): number {
    const cs = this.contactStore;
    const c = this.nthContact(index, k);
    const q = this.constraintOf[c]! * CONSTRAINT_STRIDE + C_P0 + k * P_STRIDE;
    const cc = this.cc;
    const b = this.bodies;
    const a = cs.bodyA[c]!;
    const d = cs.bodyB[c]!;
    const dvx = b.vx[d]! - b.w[d]! * cc[q + P_RBY]! - b.vx[a]! + b.w[a]! * cc[q + P_RAY]!;
    const dvy = b.vy[d]! + b.w[d]! * cc[q + P_RBX]! - b.vy[a]! - b.w[a]! * cc[q + P_RAX]!;
    return dvx * cs.nx[c]! + dvy * cs.ny[c]!;
  }

  /**
   * Live accumulated impulses and effective masses (1/m_eff stored inverted) of point `k` of the
   * `index`-th contact — readable from a trace callback while the solver runs, and after the step.
   */
  contactImpulses(
    index: number,
    k = 0,
  ): { normal: number; tangent: number; normalMass: number; tangentMass: number } {
    const c = this.nthContact(index, k);
    const q = this.constraintOf[c]! * CONSTRAINT_STRIDE + C_P0 + k * P_STRIDE;
    const cc = this.cc;
    return {
      normal: cc[q + P_NORMAL_IMPULSE]!,
      tangent: cc[q + P_TANGENT_IMPULSE]!,
      normalMass: cc[q + P_NORMAL_MASS]!,
      tangentMass: cc[q + P_TANGENT_MASS]!,
    };
  }
}
