/**
 * The multi-threaded solve (after the structure of Box2D v3's solver.c stages, Catto 2024): the
 * solver state — packed body states, velocity increments, contact constraints and joints, the
 * colour ranges and the step's numbers — and the body and contact arrays the prepare and store-back
 * passes use live in `SharedArrayBuffer`s; the calling thread works as thread 0 beside the pool's
 * worker threads. One job per step runs every stage — the contacts prepared, then per substep
 * integrate velocities, warm start, solve, integrate positions, relax; restitution after the
 * substeps; the impulses and the bodies' states stored back — each stage's range cut into fixed
 * blocks (four per thread) that the threads take from the stage's counter, then wait until every
 * block of the stage is done: one synchronisation per stage and per colour of a constraint stage.
 * A colour's constraints share no dynamic body (constraint-graph.ts), so the blocks of a colour
 * commute and the state is bit-identical for any number of threads, whoever did which block, and
 * to one thread sweeping the colour-major packed order. The overflow constraints are one block.
 *
 * A wait spins on `Atomics.load` for a while, then sleeps in `Atomics.wait` (worker threads, and a
 * calling thread that may block — not a browser page's main thread, which only spins). A thread
 * that falls behind (a busy machine) is not waited for: the others take its blocks, and a job ends
 * when no worker is inside it (a worker that begins it late leaves it untouched). The engine
 * imports no thread API: a {@link SolverThreadFactory} (rikigaku/threads: Node `worker_threads`,
 * browser `Worker`) starts workers whose entry calls {@link solverWorkerMessage} with each message.
 *
 * The same threads run the narrowphase while the collide loop runs (narrowphase-threads.ts): a
 * job of its own, the listed pairs taken one by one in the loop's order. The workers hold copies of
 * the shapes' geometry, sent when a shape slot's geometry changes (geometry is replaced, never edited).
 */

import { Manifold2 } from '../geometry/manifold2d.js';
import type { ConvexShape2 } from '../geometry/shapes2d.js';
import type { BodyStore } from './body-store.js';
import {
  applyRestitution,
  BIAS_BAUMGARTE,
  BIAS_NONE,
  BIAS_SOFT,
  integratePositions,
  integrateVelocities,
  prepareContacts,
  resetImpulses,
  type SolvePass,
  solveContacts,
  solvePositions,
  storeBodyStates,
  storeContacts,
  warmStart,
} from './contact-solver.js';
import type { ContactStore } from './contact-store.js';
import { JointContext } from './joints/joint-context.js';
import { resetJointImpulses, solveJoints, warmStartJoints } from './joints/joint-solver.js';
import {
  collideListed,
  NarrowphaseAhead,
  type NarrowphaseArrays,
  NarrowphaseWorkspace,
  PAIR_DONE,
  PAIR_FREE,
  PAIR_TAKEN,
} from './narrowphase-threads.js';
import type { SolverScratch, SolverThreadRunner } from './solver-step.js';
import type { World } from './world.js';

/** A started worker thread, as the engine sees it. */
export interface SolverWorkerHandle {
  /** Sends a message to the worker (structured clone; shared buffers are shared, not copied). */
  postMessage(message: unknown): void;
  /** Stops the worker. */
  terminate(): void;
}

/**
 * Starts the solver's worker threads (rikigaku/threads gives one for Node and one for browsers).
 * Each worker's entry passes every message it receives to {@link solverWorkerMessage}.
 */
export interface SolverThreadFactory {
  /** Starts one worker thread running the rigid2d solver entry. */
  spawn(): SolverWorkerHandle;
  /** May the calling thread sleep in `Atomics.wait` (Node: yes; a browser page's main thread: no)? */
  readonly callerCanBlock: boolean;
}

/** Where a world stands with its threads ({@link World.threads}). */
export interface ThreadStatus {
  /** the `workerCount` asked for */
  readonly requested: number;
  /** threads the solve can use (the calling thread included); 1 when it runs alone */
  readonly threads: number;
  /** why fewer threads than asked are used ('' when all are) */
  readonly reason: string;
  /** steps whose solve ran on more than one thread (a worker still starting leaves a step to the caller) */
  readonly parallelSteps: number;
  /** worker threads started and holding the current arrays (a worker takes a moment to start) */
  readonly readyWorkers: number;
  /**
   * while the world has worker threads: set true to time the calling thread's part of the
   * threaded jobs into {@link profile} (default false: each clock read makes a short-lived number)
   */
  timing?: boolean;
  /** while the world has worker threads: where the calling thread's time went in the threaded jobs (while {@link timing} is on) */
  readonly profile?: ThreadProfile;
}

// ---- the control words (Int32Array on a SharedArrayBuffer)
const EPOCH = 0; // bumped to start a job
const I_INSIDE = 1; // workers inside the current job
const CMD = 2; // 1 run, 2 quit
const SEQ = 3; // the binding sequence the workers must hold
const JOB_T = 4; // threads of the job
const I_FINISHED = 5; // the epoch of the job the calling thread last finished
const I_AWAKE = 6;
const I_ACTIVE = 7;
const I_JOINTS = 8;
const I_SUBSTEPS = 9;
const I_ITERATIONS = 10;
const I_RELAX = 11;
const I_POSITION = 12;
const I_WARM = 13;
const I_MODE = 14; // 0 soft step, 1 Baumgarte, 2 split impulse, 3 none
const I_STEP = 15;
const I_COLORS = 16;
const I_BAUMGARTE = 17;
const FAILED = 18; // 1 once a thread threw inside a job: every thread leaves it
const I_JOB = 19; // the job: 0 the solve's substeps, 1 the narrowphase's listed pairs
const I_PAIRS = 20; // the narrowphase job's listed pairs
const I_STORE_BODIES = 21; // 1: the solve job also writes the bodies' states back (no joints this step)
const I_CURSOR = 22; // the narrowphase job: the listed pairs below this are not handed out yet
const I_STOP = 23; // the narrowphase job: 1 once the collide loop is done (the workers leave)
const I_RESTITUTING = 24; // the solve job: prepared constraints with a restitution, summed over the blocks
const I_WORKER_BLOCKS = 25; // blocks of the solve jobs done by workers, over the world's life
const JOB_SOLVE = 0;
const JOB_NARROWPHASE = 1;
const ACK = 32; // ACK + worker index: the binding sequence the worker holds
const CTRL_SIZE = 32 + 64;
const CMD_RUN = 1;
const CMD_QUIT = 2;
const CMD_BIND = 3;
/** below this many constraints a step is solved on the calling thread alone ({@link SolverThreads.minConstraints}) */
export const DEFAULT_MIN_PARALLEL = 1024;
/** below this many listed pairs the narrowphase runs in the collide loop alone ({@link SolverThreads.minPairs}) */
export const DEFAULT_MIN_PARALLEL_PAIRS = 256;
/** the most worker threads a world may start */
export const MAX_SOLVER_WORKERS = 63;

// ---- the step's numbers (Float64Array on a SharedArrayBuffer)
const F_H = 0;
const F_INV_H = 1;
const F_GX = 2;
const F_GY = 3;
const F_REST = 4;
const F_BETA = 5;
const F_SLOP = 6;
const F_PUSH = 7;
const F_SOFT = 8; // 3 numbers
const F_STATIC = 11; // 3 numbers
const F_PERCENT = 14;
const F_JH = 15;
const F_JINV_H = 16;
const F_JBETA = 17;
const F_RIGID = 18; // 3 numbers
const F_SPEC = 21; // the speculative distance of the narrowphase job
const PARAMS_SIZE = 24;

/** spins on a barrier before sleeping */
const SPIN = 4000;
/** a range shorter than this many items per thread is one block (the split would cost more than it saves) */
const MIN_SPLIT = 16;
/** a stage's range is cut into this many blocks per thread (a thread that falls behind leaves its blocks to the others) */
const BLOCKS_PER_THREAD = 4;

/**
 * The body-store arrays the contact prepare and the state store-back read and write (a worker's
 * stand-in for the {@link BodyStore}; on the calling thread, the arrays last sent to the workers).
 */
class BodyArrays {
  cx = new Float64Array(0);
  cy = new Float64Array(0);
  qc = new Float64Array(0);
  qs = new Float64Array(0);
  vx = new Float64Array(0);
  vy = new Float64Array(0);
  w = new Float64Array(0);
  invMass = new Float64Array(0);
  invI = new Float64Array(0);
  dpx = new Float64Array(0);
  dpy = new Float64Array(0);
  dqc = new Float64Array(0);
  dqs = new Float64Array(0);
}

/** The contact-store arrays the contact prepare and the impulse store-back use (a worker's stand-in for the {@link ContactStore}). */
class ContactArrays {
  bodyA = new Int32Array(0);
  bodyB = new Int32Array(0);
  pointCount = new Uint8Array(0);
  nx = new Float64Array(0);
  ny = new Float64Array(0);
  px = new Float64Array(0);
  py = new Float64Array(0);
  qx = new Float64Array(0);
  qy = new Float64Array(0);
  separation = new Float64Array(0);
  friction = new Float64Array(0);
  restitution = new Float64Array(0);
  normalImpulse = new Float64Array(0);
  tangentImpulse = new Float64Array(0);
}

/** Copies the store's arrays into `to` (the same arrays, not their numbers). */
function takeBodyArrays(from: BodyArrays, to: BodyArrays): void {
  to.cx = from.cx;
  to.cy = from.cy;
  to.qc = from.qc;
  to.qs = from.qs;
  to.vx = from.vx;
  to.vy = from.vy;
  to.w = from.w;
  to.invMass = from.invMass;
  to.invI = from.invI;
  to.dpx = from.dpx;
  to.dpy = from.dpy;
  to.dqc = from.dqc;
  to.dqs = from.dqs;
}

/** Copies the store's arrays into `to` (the same arrays, not their numbers). */
function takeContactArrays(from: ContactArrays, to: ContactArrays): void {
  to.bodyA = from.bodyA;
  to.bodyB = from.bodyB;
  to.pointCount = from.pointCount;
  to.nx = from.nx;
  to.ny = from.ny;
  to.px = from.px;
  to.py = from.py;
  to.qx = from.qx;
  to.qy = from.qy;
  to.separation = from.separation;
  to.friction = from.friction;
  to.restitution = from.restitution;
  to.normalImpulse = from.normalImpulse;
  to.tangentImpulse = from.tangentImpulse;
}

/** Are these the arrays `b` holds? */
function sameBodyArrays(a: BodyArrays, b: BodyArrays): boolean {
  return (
    a.cx === b.cx &&
    a.cy === b.cy &&
    a.qc === b.qc &&
    a.qs === b.qs &&
    a.vx === b.vx &&
    a.vy === b.vy &&
    a.w === b.w &&
    a.invMass === b.invMass &&
    a.invI === b.invI &&
    a.dpx === b.dpx &&
    a.dpy === b.dpy &&
    a.dqc === b.dqc &&
    a.dqs === b.dqs
  );
}

/** Are these the arrays `b` holds? */
function sameContactArrays(a: ContactArrays, b: ContactArrays): boolean {
  return (
    a.bodyA === b.bodyA &&
    a.bodyB === b.bodyB &&
    a.pointCount === b.pointCount &&
    a.nx === b.nx &&
    a.ny === b.ny &&
    a.px === b.px &&
    a.py === b.py &&
    a.qx === b.qx &&
    a.qy === b.qy &&
    a.separation === b.separation &&
    a.friction === b.friction &&
    a.restitution === b.restitution &&
    a.normalImpulse === b.normalImpulse &&
    a.tangentImpulse === b.tangentImpulse
  );
}

/** `a` itself when it lives on a SharedArrayBuffer, else a copy of it (same length and numbers) on one. */
function shared<T extends Float64Array | Int32Array | Uint8Array>(a: T): T {
  if (a.buffer instanceof SharedArrayBuffer) return a;
  const C = a.constructor as new (buffer: SharedArrayBuffer) => T;
  const b = new C(new SharedArrayBuffer(a.byteLength));
  b.set(a as never);
  return b;
}

/** Do all the arrays of `b` live on shared buffers? */
function bodyArraysShared(b: BodyArrays): boolean {
  return (
    isShared(b.cx) &&
    isShared(b.cy) &&
    isShared(b.qc) &&
    isShared(b.qs) &&
    isShared(b.vx) &&
    isShared(b.vy) &&
    isShared(b.w) &&
    isShared(b.invMass) &&
    isShared(b.invI) &&
    isShared(b.dpx) &&
    isShared(b.dpy) &&
    isShared(b.dqc) &&
    isShared(b.dqs)
  );
}

/** Do all the arrays of `c` live on shared buffers? */
function contactArraysShared(c: ContactArrays): boolean {
  return (
    isShared(c.bodyA) &&
    isShared(c.bodyB) &&
    isShared(c.pointCount) &&
    isShared(c.nx) &&
    isShared(c.ny) &&
    isShared(c.px) &&
    isShared(c.py) &&
    isShared(c.qx) &&
    isShared(c.qy) &&
    isShared(c.separation) &&
    isShared(c.friction) &&
    isShared(c.restitution) &&
    isShared(c.normalImpulse) &&
    isShared(c.tangentImpulse)
  );
}

/** Does `a` live on a SharedArrayBuffer (a worker sees its numbers, not a copy)? */
function isShared(a: Float64Array | Int32Array | Uint8Array): boolean {
  return a.buffer instanceof SharedArrayBuffer;
}

/** Moves the arrays of `b` onto shared buffers (each replaced by a shared copy unless it is shared already). */
function shareBodyArrays(b: BodyArrays): void {
  b.cx = shared(b.cx);
  b.cy = shared(b.cy);
  b.qc = shared(b.qc);
  b.qs = shared(b.qs);
  b.vx = shared(b.vx);
  b.vy = shared(b.vy);
  b.w = shared(b.w);
  b.invMass = shared(b.invMass);
  b.invI = shared(b.invI);
  b.dpx = shared(b.dpx);
  b.dpy = shared(b.dpy);
  b.dqc = shared(b.dqc);
  b.dqs = shared(b.dqs);
}

/** Moves the arrays of `c` onto shared buffers (each replaced by a shared copy unless it is shared already). */
function shareContactArrays(c: ContactArrays): void {
  c.bodyA = shared(c.bodyA);
  c.bodyB = shared(c.bodyB);
  c.pointCount = shared(c.pointCount);
  c.nx = shared(c.nx);
  c.ny = shared(c.ny);
  c.px = shared(c.px);
  c.py = shared(c.py);
  c.qx = shared(c.qx);
  c.qy = shared(c.qy);
  c.separation = shared(c.separation);
  c.friction = shared(c.friction);
  c.restitution = shared(c.restitution);
  c.normalImpulse = shared(c.normalImpulse);
  c.tangentImpulse = shared(c.tangentImpulse);
}

/** The arrays a thread works on (the calling thread's and each worker's own view of the shared buffers). */
class ThreadView {
  ctrl: Int32Array = new Int32Array(0);
  params: Float64Array = new Float64Array(0);
  /** contact group starts at [0, colors + 2), joint group starts at [32, 32 + colors + 2) */
  ranges: Int32Array = new Int32Array(0);
  ss: Float64Array = new Float64Array(0);
  sv: Float64Array = new Float64Array(0);
  cc: Float64Array = new Float64Array(0);
  cb: Int32Array = new Int32Array(0);
  jb: Int32Array = new Int32Array(0);
  jk: Int32Array = new Int32Array(0);
  jo: Int32Array = new Int32Array(0);
  /** the step's contacts, awake bodies, body slots' solver-state offsets and contacts' constraint indices */
  active: Int32Array = new Int32Array(0);
  awakeList: Int32Array = new Int32Array(0);
  stateOf: Int32Array = new Int32Array(0);
  constraintOf: Int32Array = new Int32Array(0);
  /** the stores the prepare and store-back passes use: the world's own on the calling thread, stand-ins on a worker */
  bodyStore: BodyStore = new BodyArrays() as unknown as BodyStore;
  contactStore: ContactStore = new ContactArrays() as unknown as ContactStore;
  readonly jctx = new JointContext();
  /** the narrowphase job's shared arrays and this thread's shapes, transforms and manifold */
  na: NarrowphaseArrays = {
    job: new Int32Array(0),
    jx: new Float64Array(0),
    mf: new Float64Array(0),
    mi: new Int32Array(0),
    st: new Int32Array(0),
  };
  nws = new NarrowphaseWorkspace();
  readonly pass: SolvePass = {
    mode: BIAS_SOFT,
    h: 0.5,
    invH: 0.5,
    gx: 0.5,
    gy: 0.5,
    restitutionThreshold: 0.5,
    beta: 0.5,
    slop: 0.5,
    maxPush: 0.5,
    maxTurn: 0.5,
    soft: { biasRate: 0.5, massScale: 0.5, impulseScale: 0.5 },
    staticSoft: { biasRate: 0.5, massScale: 0.5, impulseScale: 0.5 },
    reverse: false,
    friction: true,
  };
  /** may this thread sleep in Atomics.wait */
  canBlock = true;
  /** stages begun in the current solve job */
  stage = 0;
  /** per stage of the solve job: blocks taken, blocks done (zeroed by the calling thread before each job) */
  blk: Int32Array = new Int32Array(0);
  /** this thread's index and the job's thread count */
  index = 0;
  threads = 1;
  /** time the barriers' waits (the calling thread, {@link SolverThreads.timing}) */
  timing = false;
  /** milliseconds waited at barriers since the figures were last cleared */
  waited = 0.5;
}

/** Where the calling thread's time goes in threaded steps ({@link SolverThreads.timing}): milliseconds summed over the steps since {@link clear}. */
export class ThreadProfile {
  /** the solve jobs (prepare, substeps, restitution, store-back) as the calling thread ran them, waits included */
  solveJob = 0.5;
  /** the narrowphase jobs (the listed pairs), waits included */
  narrowphaseJob = 0.5;
  /** waiting at the jobs' barriers for the other threads */
  waits = 0.5;
  /** threaded solve jobs timed */
  jobs = 0;

  /** Starts at 0 (the fields are declared as doubles, so no write changes their representation). */
  constructor() {
    this.clear();
  }

  /** All figures back to 0. */
  clear(): void {
    this.solveJob = 0;
    this.narrowphaseJob = 0;
    this.waits = 0;
    this.jobs = 0;
  }
}

const RANGE_JOINTS = 32;

/**
 * The calling thread ends the job `epoch`: marks it finished (a worker that has not begun it by
 * now leaves it at once: a worker that never got a core does not hold the step up) and waits until
 * no worker is inside it (one that began it has no block left to take and leaves at once).
 */
function finishJob(v: ThreadView, epoch: number): void {
  const ctrl = v.ctrl;
  Atomics.store(ctrl, I_FINISHED, epoch);
  if (Atomics.load(ctrl, I_INSIDE) === 0) return;
  if (v.timing) {
    const t0 = performance.now();
    waitOut(v);
    v.waited += performance.now() - t0;
  } else waitOut(v);
}

/** Spins, then sleeps (1 ms at a time), until no worker is inside the job. */
function waitOut(v: ThreadView): void {
  const ctrl = v.ctrl;
  for (let i = 0; i < SPIN; i++) if (Atomics.load(ctrl, I_INSIDE) === 0) return;
  for (let cur = Atomics.load(ctrl, I_INSIDE); cur !== 0; cur = Atomics.load(ctrl, I_INSIDE)) {
    if (Atomics.load(ctrl, FAILED) === 1) failed();
    if (v.canBlock) Atomics.wait(ctrl, I_INSIDE, cur, 1);
  }
}

function failed(): never {
  throw new Error('rigid2d: a solver thread failed during the step');
}

/** Marks the job failed and wakes the calling thread if it waits for the workers (it throws). */
function fail(ctrl: Int32Array): void {
  Atomics.store(ctrl, FAILED, 1);
  Atomics.notify(ctrl, I_INSIDE);
}

// ---- the solve job's stages: each range is cut into fixed blocks; the threads take them in turn
const OP_INTEGRATE_VELOCITIES = 0;
const OP_WARM_JOINTS = 1;
const OP_SOLVE_JOINTS = 2;
const OP_RELAX_JOINTS = 3;
const OP_RESET_JOINTS = 4;
const OP_RESET_CONTACTS = 5;
const OP_WARM = 6;
const OP_SOLVE = 7;
const OP_RESTITUTION = 8;
const OP_POSITION = 9;
const OP_INTEGRATE_POSITIONS = 10;
const OP_PREPARE = 11;
const OP_STORE_CONTACTS = 12;
const OP_STORE_BODIES = 13;

/** Does `op` on the items [lo, hi) (a block of a stage's range). */
function runOp(v: ThreadView, op: number, lo: number, hi: number): void {
  switch (op) {
    case OP_INTEGRATE_VELOCITIES:
      integrateVelocities(v.ss, v.sv, lo, hi);
      break;
    case OP_WARM_JOINTS:
      warmStartJoints(v.jctx, v.jk, v.jo, lo, hi, v.jb);
      break;
    case OP_SOLVE_JOINTS:
      solveJoints(v.jctx, v.jk, v.jo, lo, hi, v.jb, true);
      break;
    case OP_RELAX_JOINTS:
      solveJoints(v.jctx, v.jk, v.jo, lo, hi, v.jb, false);
      break;
    case OP_RESET_JOINTS:
      resetJointImpulses(v.jctx, v.jo, lo, hi);
      break;
    case OP_RESET_CONTACTS:
      resetImpulses(v.cc, lo, hi);
      break;
    case OP_WARM:
      warmStart(v.ss, v.cc, v.cb, lo, hi);
      break;
    case OP_SOLVE:
      solveContacts(v.ss, v.cc, v.cb, lo, hi, v.pass);
      break;
    case OP_RESTITUTION:
      applyRestitution(v.ss, v.cc, v.cb, lo, hi, v.pass);
      break;
    case OP_POSITION:
      solvePositions(v.ss, v.cc, v.cb, lo, hi, v.params[F_PERCENT]!, v.params[F_SLOP]!, 0.2);
      break;
    case OP_INTEGRATE_POSITIONS:
      integratePositions(v.ss, lo, hi, v.pass);
      break;
    case OP_PREPARE: {
      const warm = v.ctrl[I_WARM] === 1;
      const r = prepareContacts(
        v.bodyStore,
        v.contactStore,
        v.active,
        hi,
        warm,
        v.cc,
        v.cb,
        v.constraintOf,
        v.stateOf,
        lo,
      );
      if (r > 0) Atomics.add(v.ctrl, I_RESTITUTING, r);
      break;
    }
    case OP_STORE_CONTACTS:
      storeContacts(v.ss, v.contactStore, v.active, hi, v.cc, v.cb, lo);
      break;
    case OP_STORE_BODIES:
      storeBodyStates(v.bodyStore, v.awakeList, hi, v.ss, v.stateOf, true, lo);
      break;
  }
}

/**
 * One stage over the range [a, b): cut into fixed blocks (the whole range one block when `single`,
 * as the overflow constraints, which share bodies and are solved in order), which the threads take
 * one at a time from the stage's counter until none is left; then each waits until every block is
 * done. Every thread goes through the same stages in the same order (`v.stage` counts them). A
 * block's result does not depend on which thread did it (the items of a stage's range are
 * independent: a colour's constraints share no dynamic body), so the state is the same for any
 * number of threads; a thread that falls behind (a busy machine) is not waited for — the others
 * take its blocks — except for a block it has started.
 */
function stage(v: ThreadView, op: number, a: number, b: number, single: boolean): void {
  const s = 2 * v.stage++;
  const n = b - a;
  if (n <= 0) return;
  const blk = v.blk;
  const parts = BLOCKS_PER_THREAD * v.threads;
  // integer arithmetic: blocks of ⌈n / parts⌉ items, ⌈n / size⌉ of them
  const size = single || n < MIN_SPLIT * v.threads ? n : Math.floor((n + parts - 1) / parts);
  const count = Math.floor((n + size - 1) / size);
  for (;;) {
    const i = Atomics.add(blk, s, 1);
    if (i >= count) break;
    const lo = a + i * size;
    runOp(v, op, lo, Math.min(b, lo + size));
    if (v.index !== 0) Atomics.add(v.ctrl, I_WORKER_BLOCKS, 1);
    if (Atomics.add(blk, s + 1, 1) + 1 === count) Atomics.notify(blk, s + 1);
  }
  if (Atomics.load(blk, s + 1) >= count) return;
  if (v.timing) {
    const t0 = performance.now();
    waitDone(v, s + 1, count);
    v.waited += performance.now() - t0;
  } else waitDone(v, s + 1, count);
}

/** Spins, then sleeps, until the stage's done counter `blk[at]` reaches `count`. */
function waitDone(v: ThreadView, at: number, count: number): void {
  const blk = v.blk;
  const ctrl = v.ctrl;
  for (let i = 0; i < SPIN; i++) if (Atomics.load(blk, at) >= count) return;
  for (let cur = Atomics.load(blk, at); cur < count; cur = Atomics.load(blk, at)) {
    if (Atomics.load(ctrl, FAILED) === 1) failed();
    if (v.canBlock) Atomics.wait(blk, at, cur, 1);
  }
}

/** The stages of one constraint pass: the joints' groups, then the contacts', each group a stage (the overflow group as one block). */
function constraintStage(v: ThreadView, contactOp: number, jointOp: number): void {
  const ctrl = v.ctrl;
  const colors = ctrl[I_COLORS]!;
  const r = v.ranges;
  if (jointOp >= 0 && ctrl[I_JOINTS]! > 0) {
    for (let g = 0; g <= colors; g++)
      stage(v, jointOp, r[RANGE_JOINTS + g]!, r[RANGE_JOINTS + g + 1]!, g === 0);
  }
  for (let g = 0; g <= colors; g++) stage(v, contactOp, r[g]!, r[g + 1]!, g === 0);
}

/** The most stages a solve job goes through (its block counters must fit in `blk`). */
function stagesOfJob(
  substeps: number,
  iterations: number,
  relax: number,
  position: number,
  colors: number,
): number {
  const pass = 2 * (colors + 1);
  return 4 + substeps * (3 + pass * (1 + iterations + relax + position)) + pass;
}

/** Reads the step's numbers into this thread's pass and joint context. */
function loadJob(v: ThreadView): void {
  const p = v.params;
  const pass = v.pass;
  pass.h = p[F_H]!;
  pass.invH = p[F_INV_H]!;
  pass.gx = p[F_GX]!;
  pass.gy = p[F_GY]!;
  pass.restitutionThreshold = p[F_REST]!;
  pass.beta = p[F_BETA]!;
  pass.slop = p[F_SLOP]!;
  pass.maxPush = p[F_PUSH]!;
  pass.soft.biasRate = p[F_SOFT]!;
  pass.soft.massScale = p[F_SOFT + 1]!;
  pass.soft.impulseScale = p[F_SOFT + 2]!;
  pass.staticSoft.biasRate = p[F_STATIC]!;
  pass.staticSoft.massScale = p[F_STATIC + 1]!;
  pass.staticSoft.impulseScale = p[F_STATIC + 2]!;
  const j = v.jctx;
  j.ss = v.ss;
  j.h = p[F_JH]!;
  j.invH = p[F_JINV_H]!;
  j.beta = p[F_JBETA]!;
  j.baumgarte = v.ctrl[I_BAUMGARTE] === 1;
  j.rigid.biasRate = p[F_RIGID]!;
  j.rigid.massScale = p[F_RIGID + 1]!;
  j.rigid.impulseScale = p[F_RIGID + 2]!;
}

/**
 * The solve job as thread `v.index` of `v.threads`: the contacts prepared, the substeps and the
 * restitution pass — the same stages in the same order as the single-thread solve (solver-step.ts)
 * — and the impulses and states stored back, each stage's range in blocks ({@link stage}); a
 * barrier at the end (every thread has left the job before the calling thread goes on).
 */
function runJob(v: ThreadView): void {
  const ctrl = v.ctrl;
  v.stage = 0;
  loadJob(v);
  const pass = v.pass;
  const nAwake = ctrl[I_AWAKE]!;
  const nActive = ctrl[I_ACTIVE]!;
  const nJoints = ctrl[I_JOINTS]!;
  const substeps = ctrl[I_SUBSTEPS]!;
  pass.maxTurn = 0.7853981633974483 / substeps;
  const iterations = ctrl[I_ITERATIONS]!;
  const relaxIterations = ctrl[I_RELAX]!;
  const positionIterations = ctrl[I_POSITION]!;
  const warm = ctrl[I_WARM] === 1;
  const mode = ctrl[I_MODE]!;
  const stepCount = ctrl[I_STEP]!;
  // each constraint's slot is its own: the contacts are prepared in blocks
  stage(v, OP_PREPARE, 0, nActive, false);
  const restituting = Atomics.load(ctrl, I_RESTITUTING);
  for (let sub = 0; sub < substeps; sub++) {
    stage(v, OP_INTEGRATE_VELOCITIES, 0, nAwake, false);
    pass.reverse = ((stepCount * substeps + sub) & 1) === 1;
    if (warm) constraintStage(v, OP_WARM, OP_WARM_JOINTS);
    else if (sub > 0) {
      stage(v, OP_RESET_JOINTS, 0, nJoints, false);
      stage(v, OP_RESET_CONTACTS, 0, nActive, false);
    }
    pass.mode = mode === 0 ? BIAS_SOFT : mode === 1 ? BIAS_BAUMGARTE : BIAS_NONE;
    pass.friction = mode !== 0 || relaxIterations === 0;
    for (let it = 1; it <= iterations; it++) {
      if (mode !== 0) pass.reverse = ((stepCount + it) & 1) === 0;
      constraintStage(v, OP_SOLVE, OP_SOLVE_JOINTS);
    }
    stage(v, OP_INTEGRATE_POSITIONS, 0, nAwake, false);
    if (mode === 0) {
      pass.mode = BIAS_NONE;
      pass.friction = true;
      for (let it = 1; it <= relaxIterations; it++) constraintStage(v, OP_SOLVE, OP_RELAX_JOINTS);
    } else if (mode === 2) {
      for (let it = 1; it <= positionIterations; it++) constraintStage(v, OP_POSITION, -1);
    }
  }
  // restitution 0 everywhere: the pass would change nothing (as on one thread)
  if (restituting > 0) constraintStage(v, OP_RESTITUTION, -1);
  // the impulses and separations back to the contacts, the states back to the bodies
  stage(v, OP_STORE_CONTACTS, 0, nActive, false);
  if (ctrl[I_STORE_BODIES] === 1) stage(v, OP_STORE_BODIES, 0, nAwake, false);
}

/**
 * The narrowphase job on a worker: takes the listed pairs one by one from the last down — the
 * order of the collide loop, which runs meanwhile on the calling thread — and collides each one no
 * other thread has taken, until the list is done or the loop has finished; then a barrier. Who
 * collides a pair cannot change its manifold (the same function and inputs, see narrowphase-threads.ts).
 */
function runNarrowphase(v: ThreadView): void {
  const ctrl = v.ctrl;
  const st = v.na.st;
  for (;;) {
    if (Atomics.load(ctrl, I_STOP) === 1) break;
    const k = Atomics.sub(ctrl, I_CURSOR, 1) - 1;
    if (k < 0) break;
    if (Atomics.compareExchange(st, k, PAIR_FREE, PAIR_TAKEN) !== PAIR_FREE) continue;
    collideListed(v.na, v.nws, k, k + 1);
    Atomics.store(st, k, PAIR_DONE);
  }
}

/** The calling thread's side of the pool: binds the shared arrays, starts each step's job, takes part as thread 0. */
export class SolverThreads implements SolverThreadRunner {
  private readonly view = new ThreadView();
  private readonly workers: SolverWorkerHandle[] = [];
  private boundGeneration = -1;
  /** steps solved on more than one thread */
  parallelSteps = 0;
  /**
   * a step with fewer constraints (contacts and joints) than this is solved on the calling thread
   * alone — the barriers would cost more than the split saves; the state is the same either way
   */
  minConstraints = DEFAULT_MIN_PARALLEL;
  /**
   * a step with fewer listed narrowphase pairs than this collides them in the collide loop alone
   * (the same manifolds either way)
   */
  minPairs = DEFAULT_MIN_PARALLEL_PAIRS;
  /** steps whose narrowphase ran on more than one thread */
  parallelNarrowphases = 0;
  /**
   * time the calling thread's part of the threaded jobs into {@link profile} (default false: each
   * clock read makes a short-lived number, which the allocation tests would count)
   */
  timing = false;
  /** the calling thread's time in the threaded jobs, while {@link timing} is on */
  readonly profile = new ThreadProfile();
  /** the narrowphase ahead of the collide loop (its list and shared arrays) */
  readonly narrowphase: NarrowphaseAhead;
  /** the geometry each shape slot had when it was last sent to the workers */
  private readonly sentGeom: (ConvexShape2 | undefined)[] = [];
  private boundNarrowGeneration = -1;
  private seq = 0;
  private disposed = false;
  /** the world whose stores the workers were last sent */
  private world: World | null = null;
  /** the store and scratch arrays last sent to the workers */
  private readonly boundBodies = new BodyArrays();
  private readonly boundContacts = new ContactArrays();
  private boundActive: Int32Array | null = null;
  private boundAwake: Int32Array | null = null;
  private boundStateOf: Int32Array | null = null;
  private boundConstraintOf: Int32Array | null = null;
  /** were all the arrays last sent to the workers on shared buffers (else a worker holds copies) */
  private boundShared = false;

  /** Starts `count` worker threads with `factory` and moves the world's solver arrays onto shared buffers. */
  constructor(
    private readonly scratch: SolverScratch,
    count: number,
    factory: SolverThreadFactory,
  ) {
    const v = this.view;
    v.ctrl = new Int32Array(new SharedArrayBuffer(4 * CTRL_SIZE));
    v.params = new Float64Array(new SharedArrayBuffer(8 * PARAMS_SIZE));
    v.ranges = new Int32Array(new SharedArrayBuffer(4 * 2 * RANGE_JOINTS));
    v.canBlock = factory.callerCanBlock;
    const s = scratch;
    s.f64 = (n) => new Float64Array(new SharedArrayBuffer(8 * n));
    s.i32 = (n) => new Int32Array(new SharedArrayBuffer(4 * n));
    const f64 = (a: Float64Array): Float64Array => {
      const b = s.f64(a.length);
      b.set(a);
      return b;
    };
    const i32 = (a: Int32Array): Int32Array => {
      const b = s.i32(a.length);
      b.set(a);
      return b;
    };
    s.ss = f64(s.ss);
    s.sv = f64(s.sv);
    s.cc = f64(s.cc);
    s.cb = i32(s.cb);
    s.jb = i32(s.jb);
    s.jk = i32(s.jk);
    s.jo = i32(s.jo);
    s.joints.jc = f64(s.joints.jc);
    s.generation++;
    this.narrowphase = new NarrowphaseAhead(s.f64, s.i32);
    for (let i = 0; i < count; i++) this.workers.push(factory.spawn());
  }

  /** Worker threads holding the current binding. */
  get readyWorkers(): number {
    let n = 0;
    for (let t = 1; t <= this.workers.length; t++)
      if (Atomics.load(this.view.ctrl, ACK + t) === this.seq) n++;
    return n;
  }

  /** Blocks of the solve jobs' stages done by the workers so far (the calling thread does the rest). */
  get workerBlocks(): number {
    return Atomics.load(this.view.ctrl, I_WORKER_BLOCKS);
  }

  /** Worker threads started (the calling thread not counted). */
  get workerCount(): number {
    return this.workers.length;
  }

  /** Sends the current shared arrays to every worker (after they grew). */
  private bind(): void {
    const s = this.scratch;
    const v = this.view;
    this.seq++;
    v.ss = s.ss;
    v.sv = s.sv;
    v.cc = s.cc;
    v.cb = s.cb;
    v.jb = s.jb;
    v.jk = s.jk;
    v.jo = s.jo;
    v.jctx.jc = s.joints.jc;
    v.na = this.narrowphase.arrays;
    v.active = s.active;
    v.awakeList = s.awakeList;
    v.stateOf = s.stateOf;
    v.constraintOf = s.constraintOf;
    this.boundActive = s.active;
    this.boundAwake = s.awakeList;
    this.boundStateOf = s.stateOf;
    this.boundConstraintOf = s.constraintOf;
    const w = this.world;
    if (w !== null) {
      takeBodyArrays(w.bodies, this.boundBodies);
      takeContactArrays(w.contactStore, this.boundContacts);
    }
    // an array that grew within the step is not shared yet: the solve job waits for the next
    // step's collideAhead to share it and bind again
    this.boundShared =
      w !== null &&
      isShared(s.active) &&
      isShared(s.awakeList) &&
      isShared(s.stateOf) &&
      isShared(s.constraintOf) &&
      bodyArraysShared(this.boundBodies) &&
      contactArraysShared(this.boundContacts);
    const na = v.na;
    for (let i = 0; i < this.workers.length; i++) {
      this.workers[i]!.postMessage({
        kind: 'bind',
        index: i + 1,
        seq: this.seq,
        ctrl: v.ctrl,
        params: v.params,
        ranges: v.ranges,
        ss: v.ss,
        sv: v.sv,
        cc: v.cc,
        cb: v.cb,
        jc: v.jctx.jc,
        jb: v.jb,
        jk: v.jk,
        jo: v.jo,
        njob: na.job,
        njx: na.jx,
        nmf: na.mf,
        nmi: na.mi,
        nst: na.st,
        blk: v.blk,
        active: v.active,
        awakeList: v.awakeList,
        stateOf: v.stateOf,
        constraintOf: v.constraintOf,
        bodies: this.boundBodies,
        contacts: this.boundContacts,
      });
    }
    // workers in their loop go back to their event loop and take the new arrays
    Atomics.store(v.ctrl, CMD, CMD_BIND);
    Atomics.store(v.ctrl, SEQ, this.seq);
    Atomics.add(v.ctrl, EPOCH, 1);
    Atomics.notify(v.ctrl, EPOCH);
    this.boundGeneration = s.generation;
    this.boundNarrowGeneration = this.narrowphase.generation;
  }

  /** The threads of a job that hold the current binding (the calling thread counted): 1 when none does. */
  private readyThreads(): number {
    const ctrl = this.view.ctrl;
    let t = 1;
    while (t <= this.workers.length && Atomics.load(ctrl, ACK + t) === this.seq) t++;
    return t;
  }

  /**
   * Sends the workers the geometry of every shape slot that changed since it was last sent (then
   * binds again, so that they take it); true when nothing changed.
   */
  private syncShapes(w: World): boolean {
    const geom = w.shapes.geom;
    const sent = this.sentGeom;
    const n = Math.max(geom.length, sent.length);
    let changed: [number, ConvexShape2 | null][] | null = null;
    for (let i = 0; i < n; i++) {
      const g = geom[i];
      if (g !== sent[i]) {
        changed ??= [];
        changed.push([i, g ?? null]);
        sent[i] = g;
      }
    }
    if (changed === null) return true;
    for (const worker of this.workers) worker.postMessage({ kind: 'shapes', shapes: changed });
    this.bind();
    return false;
  }

  /**
   * The narrowphase ahead of the collide loop (narrowphase-threads.ts): lists the pairs the loop
   * will collide and collides them on the ready threads; the loop then takes each manifold with
   * `narrowphase.take`. A step with too few pairs, or whose workers are not ready (they start, or
   * take new arrays or shapes), leaves every pair to the loop — the same manifolds either way.
   */
  collideAhead(w: World): void {
    const na = this.narrowphase;
    na.done();
    if (this.disposed || this.workers.length === 0) return;
    // before the step holds any of them: the arrays the solve job's prepare and store-back share
    if (!this.storesBound(w)) this.shareStores(w);
    // a world with fewer contacts than the threshold never sends its shapes nor lists its pairs
    if (w.contactStore.count < this.minPairs) return;
    if (!this.syncShapes(w)) return;
    if (this.boundGeneration !== this.scratch.generation || this.boundNarrowGeneration !== na.generation)
      this.bind();
    if (this.readyThreads() < 2) return;
    const n = na.list(w);
    if (n < this.minPairs) return;
    if (this.boundNarrowGeneration !== na.generation) {
      // the list outgrew its arrays: the workers take the new ones, this step collides alone
      this.bind();
      return;
    }
    const v = this.view;
    const ctrl = v.ctrl;
    const ws = na.workspace;
    ws.geom = w.shapes.geom;
    ws.m ??= new Manifold2();
    ws.spec[0] = w.taggedSpeculative[0];
    v.params[F_SPEC] = w.speculativeDistance;
    v.nws = ws;
    v.threads = this.readyThreads();
    ctrl[I_JOB] = JOB_NARROWPHASE;
    ctrl[I_PAIRS] = n;
    ctrl[I_CURSOR] = n;
    ctrl[I_STOP] = 0;
    ctrl[JOB_T] = v.threads;
    v.index = 0;
    Atomics.store(ctrl, CMD, CMD_RUN);
    this.narrowEpoch = Atomics.add(ctrl, EPOCH, 1) + 1;
    Atomics.notify(ctrl, EPOCH);
    // the calling thread goes on to the collide loop while the workers collide; the loop's
    // `narrowphase.done()` ends the job (joinNarrowphase)
    na.started(this.joinNarrowphase);
    this.parallelNarrowphases++;
  }

  /** the epoch of the narrowphase job in flight */
  private narrowEpoch = 0;

  /** Ends the narrowphase job: the workers stop taking pairs; the calling thread waits until they have left it. */
  private readonly joinNarrowphase = (): void => {
    const v = this.view;
    const ctrl = v.ctrl;
    Atomics.store(ctrl, I_STOP, 1);
    const timed = this.timing;
    v.timing = timed;
    if (timed) v.waited = 0;
    try {
      finishJob(v, this.narrowEpoch);
    } catch (e) {
      fail(ctrl);
      this.dispose();
      throw e;
    }
    if (timed) {
      this.profile.narrowphaseJob += v.waited;
      this.profile.waits += v.waited;
    }
  };

  /**
   * Are the stores' and the scratch's arrays those the workers hold? (A store or the scratch that
   * grew replaced some: the next step's {@link collideAhead} shares and sends them.)
   */
  private storesBound(w: World): boolean {
    const s = this.scratch;
    return (
      this.boundShared &&
      this.world === w &&
      s.active === this.boundActive &&
      s.awakeList === this.boundAwake &&
      s.stateOf === this.boundStateOf &&
      s.constraintOf === this.boundConstraintOf &&
      sameBodyArrays(w.bodies, this.boundBodies) &&
      sameContactArrays(w.contactStore, this.boundContacts)
    );
  }

  /**
   * Moves the arrays the solve job's prepare and store-back read and write onto shared buffers —
   * the body store's, the contact store's and the scratch's lists (copies with the same numbers;
   * a store that grows replaces them with unshared ones, shared again here) — and sends them.
   */
  private shareStores(w: World): void {
    this.world = w;
    shareBodyArrays(w.bodies);
    shareContactArrays(w.contactStore);
    const s = this.scratch;
    s.active = shared(s.active);
    s.awakeList = shared(s.awakeList);
    s.stateOf = shared(s.stateOf);
    s.constraintOf = shared(s.constraintOf);
    this.bind();
  }

  /**
   * Binds the step's arrays; false when no worker is ready or the stores' arrays are not those
   * the workers hold (the step then runs on the calling thread alone, with the same result).
   */
  begin(w: World): boolean {
    if (this.disposed || this.workers.length === 0) return false;
    if (this.boundGeneration !== this.scratch.generation) this.bind();
    if (this.scratch.nActive + this.scratch.nJoints < this.minConstraints) return false;
    if (!this.storesBound(w)) return false;
    const st = w.solver;
    const need =
      2 *
      stagesOfJob(
        st.substeps,
        st.iterations,
        st.relaxIterations,
        st.positionIterations,
        this.scratch.graph.colors,
      );
    if (this.view.blk.length < need) {
      // the block counters grow: the workers take them, this step runs alone
      this.view.blk = new Int32Array(new SharedArrayBuffer(8 * need));
      this.bind();
      return false;
    }
    const t = this.readyThreads();
    this.view.threads = t;
    return t > 1;
  }

  /**
   * Prepares the contacts, runs the substeps and restitution and stores the impulses back with the
   * ready workers (see the file comment); the bodies' states too when no joint is solved (the
   * joints' reactions are read before the bodies move). Returns whether it stored the bodies.
   */
  run(w: World): boolean {
    const v = this.view;
    const s = this.scratch;
    const st = w.solver;
    const ctrl = v.ctrl;
    const p = v.params;
    const pass = s.pass;
    p[F_H] = pass.h;
    p[F_INV_H] = pass.invH;
    p[F_GX] = pass.gx;
    p[F_GY] = pass.gy;
    p[F_REST] = pass.restitutionThreshold;
    p[F_BETA] = pass.beta;
    p[F_SLOP] = pass.slop;
    p[F_PUSH] = pass.maxPush;
    p[F_SOFT] = pass.soft.biasRate;
    p[F_SOFT + 1] = pass.soft.massScale;
    p[F_SOFT + 2] = pass.soft.impulseScale;
    p[F_STATIC] = pass.staticSoft.biasRate;
    p[F_STATIC + 1] = pass.staticSoft.massScale;
    p[F_STATIC + 2] = pass.staticSoft.impulseScale;
    p[F_PERCENT] = st.percent;
    const j = s.joints;
    p[F_JH] = j.h;
    p[F_JINV_H] = j.invH;
    p[F_JBETA] = j.beta;
    p[F_RIGID] = j.rigid.biasRate;
    p[F_RIGID + 1] = j.rigid.massScale;
    p[F_RIGID + 2] = j.rigid.impulseScale;
    ctrl[I_AWAKE] = s.nAwake;
    ctrl[I_ACTIVE] = s.nActive;
    ctrl[I_JOINTS] = s.nJoints;
    ctrl[I_SUBSTEPS] = st.substeps;
    ctrl[I_ITERATIONS] = st.iterations;
    ctrl[I_RELAX] = st.relaxIterations;
    ctrl[I_POSITION] = st.positionIterations;
    ctrl[I_WARM] = st.warmStarting ? 1 : 0;
    const mode = st.positionCorrection;
    ctrl[I_MODE] = mode === 'soft-step' ? 0 : mode === 'baumgarte' ? 1 : mode === 'split-impulse' ? 2 : 3;
    ctrl[I_STEP] = w.stepCount | 0;
    ctrl[I_BAUMGARTE] = j.baumgarte ? 1 : 0;
    const storeBodies = s.nJoints === 0;
    ctrl[I_STORE_BODIES] = storeBodies ? 1 : 0;
    v.bodyStore = w.bodies;
    v.contactStore = w.contactStore;
    const graph = s.graph;
    const colors = graph.colors;
    ctrl[I_COLORS] = colors;
    const r = v.ranges;
    for (let g = 0; g <= colors + 1; g++) {
      r[g] = graph.contactStart[g]!;
      r[RANGE_JOINTS + g] = graph.jointStart[g]!;
    }
    ctrl[I_JOB] = JOB_SOLVE;
    ctrl[I_RESTITUTING] = 0;
    v.blk.fill(
      0,
      0,
      2 * stagesOfJob(st.substeps, st.iterations, st.relaxIterations, st.positionIterations, colors),
    );
    ctrl[JOB_T] = v.threads;
    Atomics.store(ctrl, CMD, CMD_RUN);
    const epoch = Atomics.add(ctrl, EPOCH, 1) + 1;
    Atomics.notify(ctrl, EPOCH);
    v.index = 0;
    const timed = this.timing;
    v.timing = timed;
    if (timed) v.waited = 0;
    const t0 = timed ? performance.now() : 0;
    try {
      runJob(v);
      finishJob(v, epoch);
    } catch (e) {
      // a thread failed: the step's solver state is lost; the world goes on alone from the next step
      fail(ctrl);
      this.dispose();
      throw e;
    }
    s.restituting = ctrl[I_RESTITUTING]!;
    if (timed) {
      const pr = this.profile;
      pr.solveJob += performance.now() - t0;
      pr.waits += v.waited;
      pr.jobs++;
    }
    this.parallelSteps++;
    return storeBodies;
  }

  /** Stops the workers (the world solves on the calling thread from now on). */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.narrowphase.done();
    const ctrl = this.view.ctrl;
    Atomics.store(ctrl, CMD, CMD_QUIT);
    Atomics.add(ctrl, EPOCH, 1);
    Atomics.notify(ctrl, EPOCH);
    for (const w of this.workers) w.terminate();
    this.workers.length = 0;
  }
}

// ---- the worker side
let workerView: ThreadView | null = null;
/** a worker's copies of the shapes' geometry, its transforms and manifold */
const workerNarrowphase = new NarrowphaseWorkspace();
workerNarrowphase.m = new Manifold2();

/**
 * A solver worker's message handler: the worker entry (rikigaku/threads) calls it with every message
 * it receives. On a binding it takes the shared arrays, then serves jobs until the calling thread
 * binds new arrays (it returns to take them) or quits.
 */
export function solverWorkerMessage(data: unknown): void {
  const m = data as {
    kind: string;
    index: number;
    seq: number;
    ctrl: Int32Array;
    params: Float64Array;
    ranges: Int32Array;
    ss: Float64Array;
    sv: Float64Array;
    cc: Float64Array;
    cb: Int32Array;
    jc: Float64Array;
    jb: Int32Array;
    jk: Int32Array;
    jo: Int32Array;
    njob: Int32Array;
    njx: Float64Array;
    nmf: Float64Array;
    nmi: Int32Array;
    nst: Int32Array;
    blk: Int32Array;
    active: Int32Array;
    awakeList: Int32Array;
    stateOf: Int32Array;
    constraintOf: Int32Array;
    bodies: BodyArrays;
    contacts: ContactArrays;
    shapes: [number, ConvexShape2 | null][];
  };
  if (m === null || typeof m !== 'object') return;
  if (m.kind === 'shapes') {
    const geom = workerNarrowphase.geom;
    for (const [i, g] of m.shapes) geom[i] = g ?? (undefined as unknown as ConvexShape2);
    return;
  }
  if (m.kind !== 'bind') return;
  const v = workerView ?? new ThreadView();
  workerView = v;
  v.ctrl = m.ctrl;
  v.params = m.params;
  v.ranges = m.ranges;
  v.ss = m.ss;
  v.sv = m.sv;
  v.cc = m.cc;
  v.cb = m.cb;
  v.jctx.jc = m.jc;
  v.jctx.ss = m.ss;
  v.jb = m.jb;
  v.jk = m.jk;
  v.jo = m.jo;
  v.na = { job: m.njob, jx: m.njx, mf: m.nmf, mi: m.nmi, st: m.nst };
  v.blk = m.blk;
  v.active = m.active;
  v.awakeList = m.awakeList;
  v.stateOf = m.stateOf;
  v.constraintOf = m.constraintOf;
  // the stand-ins keep one shape (a class instance) whatever the message brought
  takeBodyArrays(m.bodies, v.bodyStore as unknown as BodyArrays);
  takeContactArrays(m.contacts, v.contactStore as unknown as ContactArrays);
  v.nws = workerNarrowphase;
  v.index = m.index;
  v.canBlock = true;
  const ctrl = v.ctrl;
  if (Atomics.load(ctrl, SEQ) > m.seq) return; // a newer binding is already on its way
  let epoch = Atomics.load(ctrl, EPOCH);
  Atomics.store(ctrl, ACK + m.index, m.seq);
  for (;;) {
    let spins = 0;
    while (Atomics.load(ctrl, EPOCH) === epoch) {
      if (++spins > SPIN) Atomics.wait(ctrl, EPOCH, epoch);
    }
    epoch = Atomics.load(ctrl, EPOCH);
    const cmd = Atomics.load(ctrl, CMD);
    if (cmd === CMD_QUIT) return;
    if (Atomics.load(ctrl, SEQ) > m.seq) return; // new arrays: take them from the next message
    if (cmd !== CMD_RUN) continue;
    const t = ctrl[JOB_T]!;
    if (m.index >= t) continue;
    v.threads = t;
    // inside, then the check: the calling thread either sees this worker inside and waits for
    // it, or has marked the job finished before, and the worker leaves it untouched
    Atomics.add(ctrl, I_INSIDE, 1);
    if (((Atomics.load(ctrl, I_FINISHED) - epoch) | 0) < 0) {
      try {
        if (ctrl[I_JOB] === JOB_NARROWPHASE) {
          const spec = v.params[F_SPEC]!;
          if (v.nws.spec[0] !== spec) v.nws.spec[0] = spec;
          runNarrowphase(v);
        } else runJob(v);
      } catch {
        fail(ctrl);
        return;
      }
    }
    if (Atomics.sub(ctrl, I_INSIDE, 1) === 1) Atomics.notify(ctrl, I_INSIDE);
  }
}

/**
 * Sets up a world's threads for `workerCount` (see `WorldDef.workerCount`): 0 → the single-thread
 * slot order; 1 → colour order on the calling thread; N ≥ 2 → colour order with N − 1 workers
 * from `factory`, or on the calling thread alone when shared memory or the factory is missing.
 * Returns the status and the runner (null without workers).
 */
export function setupThreads(
  scratch: SolverScratch,
  workerCount: number,
  factory: SolverThreadFactory | undefined,
): { status: ThreadStatus; runner: SolverThreads | null } {
  scratch.colored = workerCount >= 1;
  const alone = (reason: string) => ({
    status: { requested: workerCount, threads: 1, reason, parallelSteps: 0, readyWorkers: 0 },
    runner: null,
  });
  if (workerCount <= 1) return alone('');
  if (typeof SharedArrayBuffer !== 'function' || typeof Atomics !== 'object')
    return alone('SharedArrayBuffer is not available here (a page must be cross-origin isolated)');
  if ((globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === false)
    return alone('the page is not cross-origin isolated (COOP/COEP headers), so it has no SharedArrayBuffer');
  if (factory === undefined) return alone('no thread factory: pass `threads` (rikigaku/threads)');
  const runner = new SolverThreads(scratch, workerCount - 1, factory);
  scratch.threads = runner;
  const status = {
    requested: workerCount,
    threads: workerCount,
    reason: '',
    get parallelSteps(): number {
      return runner.parallelSteps;
    },
    get readyWorkers(): number {
      return runner.readyWorkers;
    },
    get timing(): boolean {
      return runner.timing;
    },
    set timing(on: boolean) {
      runner.timing = on;
    },
    profile: runner.profile,
  };
  return { status, runner };
}
