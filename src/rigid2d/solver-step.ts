/**
 * The solve stage (Box2D v3's solver.c, textbook §26.2): the awake bodies, the joints with an awake
 * body and the touching contacts with an awake body are packed, the constraints prepared once, then
 * each substep integrates velocities → warm starts (joints, then contacts) → solves (joints, then
 * contacts, with the mode's bias) → integrates positions → relaxes (soft step) or corrects
 * positions (split impulse); restitution is applied once at the end, impulses are kept for the next
 * step's warm start, the joints' reactions are read and the joints past their break threshold are
 * reported and destroyed, and the step's motion moves the bodies.
 * The scratch arrays grow with the stores and are reused step after step (no allocation once warm).
 */
import { makeSoftness } from '../dynamics/softness.js';
import {
  type ResolvedSolverSettings,
  SolverStage,
  type SolverTraceEvent,
} from '../dynamics/solver-settings.js';
import { ConstraintGraph } from './constraint-graph.js';
import {
  applyRestitution,
  BIAS_BAUMGARTE,
  BIAS_NONE,
  BIAS_SOFT,
  CONSTRAINT_STRIDE,
  integratePositions,
  integrateVelocities,
  loadBodyStates,
  loadVelocityIncrements,
  prepareContacts,
  resetImpulses,
  SB_STRIDE,
  type SolvePass,
  SV_STRIDE,
  solveContacts,
  solvePositions,
  storeBodyStates,
  storeContacts,
  warmStart,
} from './contact-solver.js';
import { jointBreakEvents } from './joints/joint-break.js';
import { JC_STRIDE, JointContext, setJointSoftness } from './joints/joint-context.js';
import {
  finishJoints,
  prepareJoints,
  resetJointImpulses,
  solveJoints,
  warmStartJoints,
} from './joints/joint-solver.js';
import type { World } from './world.js';

/** What the solve stage needs of a thread pool (solver-threads.ts implements it). */
export interface SolverThreadRunner {
  /** Binds the step's arrays; false when the step runs on the calling thread alone. */
  begin(w: World): boolean;
  /**
   * Prepares the contacts, runs the substeps and restitution and stores the impulses on the threads
   * (bit-identical to the single-thread order); true when it also stored the bodies' states.
   */
  run(w: World): boolean;
}

/** The solver's reusable arrays and per-step numbers (one per world). */
export class SolverScratch {
  /** the awake body slots of this step, and how many */
  awakeList = new Int32Array(64);
  nAwake = 0;
  /** the contacts solved this step */
  active = new Int32Array(64);
  /** the packed constraints of the last solve, and their body offsets and point counts */
  cc: Float64Array = new Float64Array(64 * CONSTRAINT_STRIDE);
  cb: Int32Array = new Int32Array(192);
  /** the awake bodies' packed solver state (contact-solver.ts) and each body slot's offset in it */
  ss: Float64Array = new Float64Array(65 * SB_STRIDE);
  /** the awake bodies' velocity increments per substep (contact-solver.ts `SV_*`), slot k + 1 like `ss` */
  sv: Float64Array = new Float64Array(65 * SV_STRIDE);
  stateOf = new Int32Array(64);
  /** each contact's constraint index in the last solve (−1: none) */
  constraintOf = new Int32Array(64).fill(-1);
  /**
   * The step's numbers for the hot passes. Every number field starts as a double (all are written
   * before the first pass reads them): a field that starts as a small integer changes its
   * representation at the first double written, which deoptimises the solver code compiled for
   * the first world as soon as a second world is made.
   */
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
    trackMaxImpulse: true,
  };
  /** the settings object and substep the softness in `pass` was computed for */
  softFor: ResolvedSolverSettings | null = null;
  softH = -1.5;
  readonly traceEvent: SolverTraceEvent = { stage: SolverStage.solve, substep: 0, iteration: 0 };
  /** the joints solved this step, their bodies' solver-state offsets (2 each), the broken ones */
  jointList = new Int32Array(16);
  jb: Int32Array = new Int32Array(32);
  /** each packed joint's kind and offset in `joints.jc` */
  jk: Int32Array = new Int32Array(16);
  jo: Int32Array = new Int32Array(16);
  broken = new Int32Array(16);
  nJoints = 0;
  /**
   * solve in the constraint graph's colour-major order (a world with `workerCount` ≥ 1, threaded or
   * not); false: the single-thread slot order
   */
  colored = false;
  /** the static contacts while the step's contacts are ordered (static ones last) */
  staticActive = new Int32Array(64);
  /** how many contacts are solved this step */
  nActive = 0;
  /** how many of them have a restitution */
  restituting = 0;
  /** the thread pool of the solve, when the world uses threads (solver-threads.ts) */
  threads: SolverThreadRunner | null = null;
  /** the joint passes' context; its `jc` holds the packed joints */
  readonly joints = new JointContext();
  /** the persistent colours of the contacts and joints (constraint-graph.ts), and the step's colour ranges */
  readonly graph = new ConstraintGraph();
  /** bumped whenever a shared array is replaced (a thread pool binds the new ones) */
  generation = 0;
  /** allocates a Float64Array (on a SharedArrayBuffer while threads are used) */
  f64: (n: number) => Float64Array = (n) => new Float64Array(n);
  /** allocates an Int32Array (on a SharedArrayBuffer while threads are used) */
  i32: (n: number) => Int32Array = (n) => new Int32Array(n);

  /** Grows the joint arrays to the joint store's capacity. */
  ensureJoints(jointCapacity: number): void {
    if (this.jointList.length < jointCapacity) {
      this.jointList = new Int32Array(jointCapacity);
      this.jb = this.i32(2 * jointCapacity);
      this.jk = this.i32(jointCapacity);
      this.jo = this.i32(jointCapacity);
      this.broken = new Int32Array(jointCapacity);
      this.generation++;
    }
    if (this.joints.jc.length < jointCapacity * JC_STRIDE) {
      this.joints.jc = this.f64(jointCapacity * JC_STRIDE);
      this.generation++;
    }
  }

  /** Grows the arrays to the stores' capacities. */
  ensure(bodyCapacity: number, contactCapacity: number): void {
    if (this.awakeList.length < bodyCapacity) {
      this.awakeList = new Int32Array(bodyCapacity);
      this.ss = this.f64((bodyCapacity + 1) * SB_STRIDE);
      this.sv = this.f64((bodyCapacity + 1) * SV_STRIDE);
      this.stateOf = new Int32Array(bodyCapacity);
      this.generation++;
    }
    if (this.active.length < contactCapacity) {
      this.active = new Int32Array(contactCapacity);
      this.staticActive = new Int32Array(contactCapacity);
      this.cc = this.f64(contactCapacity * CONSTRAINT_STRIDE);
      this.cb = this.i32(3 * contactCapacity);
      this.constraintOf = new Int32Array(contactCapacity);
      this.generation++;
    }
    this.graph.ensureBodies(bodyCapacity);
    this.graph.contacts.ensure(contactCapacity);
  }
}

/**
 * The one trace emitter: the live velocities go back to the bodies (so the callback reads them
 * through the world), then the callback gets the reused event object.
 */
function emitTrace(
  w: World,
  trace: (event: SolverTraceEvent) => void,
  stage: SolverStage,
  substep: number,
  iteration: number,
): void {
  const s = w.scratch;
  storeBodyStates(w.bodies, s.awakeList, s.nAwake, s.ss, s.stateOf, false);
  const ev = s.traceEvent;
  ev.stage = stage;
  ev.substep = substep;
  ev.iteration = iteration;
  trace(ev);
}

/**
 * Orders the step's contacts so those with a static or kinematic body come last, each group in
 * its former order (Box2D v3 gives such contacts the last graph colours, so they are solved after
 * the dynamic pairs in every pass). In a Gauss–Seidel pass the ground contact then answers the
 * weight the bodies above have just passed down, and has the final word on the bottom body's
 * velocity; solved first, it lifts the bottom box, the contacts above push it back, and the
 * error is left to the next pass.
 */
function staticContactsLast(
  b: World['bodies'],
  cs: World['contactStore'],
  active: Int32Array,
  nActive: number,
  s: SolverScratch,
): void {
  const invMass = b.invMass;
  const bodyA = cs.bodyA;
  const bodyB = cs.bodyB;
  const rest = s.staticActive;
  let n = 0;
  let m = 0;
  for (let i = 0; i < nActive; i++) {
    const c = active[i]!;
    if (invMass[bodyA[c]!] === 0 || invMass[bodyB[c]!] === 0) rest[m++] = c;
    else active[n++] = c;
  }
  for (let k = 0; k < m; k++) active[n + k] = rest[k]!;
}

/**
 * The step's constraints in the single-thread order: the touching contacts with an awake body in
 * slot order (static ones last with `staticContactsLast`), the joints with an awake body in slot order.
 */
function listConstraintsInSlotOrder(w: World): void {
  const s = w.scratch;
  const b = w.bodies;
  const cs = w.contactStore;
  const active = s.active;
  const constraintOf = s.constraintOf;
  let nActive = 0;
  for (let c = 0; c < cs.count; c++) {
    constraintOf[c] = -1;
    if (cs.pointCount[c]! > 0 && (b.awake[cs.bodyA[c]!] === 1 || b.awake[cs.bodyB[c]!] === 1))
      active[nActive++] = c;
  }
  s.nActive = nActive;
  if (w.solver.staticContactsLast) staticContactsLast(b, cs, active, nActive, s);
  // the joints with an awake body (a jointed pair shares an island, so both are awake)
  const js = w.joints;
  s.ensureJoints(js.capacity);
  const jointList = s.jointList;
  let nJoints = 0;
  for (let j = 0; j < js.count; j++) {
    if (js.alive[j] === 1 && (b.awake[js.bodyA[j]!] === 1 || b.awake[js.bodyB[j]!] === 1))
      jointList[nJoints++] = j;
  }
  s.nJoints = nJoints;
}

/**
 * Lists the step's constraints and colours them (constraint-graph.ts): the touching contacts with an
 * awake body and the joints with an awake body, each list sorted into the colour-major order; the
 * colours of the constraints not listed are released.
 */
function listConstraints(w: World): void {
  const s = w.scratch;
  const b = w.bodies;
  const cs = w.contactStore;
  const awake = b.awake;
  const graph = s.graph;
  const cset = graph.contacts;
  const active = s.active;
  const constraintOf = s.constraintOf;
  const color = cset.color;
  let nActive = 0;
  for (let c = 0; c < cs.count; c++) {
    constraintOf[c] = -1;
    if (cs.pointCount[c]! > 0 && (awake[cs.bodyA[c]!] === 1 || awake[cs.bodyB[c]!] === 1))
      active[nActive++] = c;
    else if (color[c] !== 0) {
      color[c] = 0;
      cset.keyA[c] = 0;
      cset.keyB[c] = 0;
    }
  }
  graph.releaseFrom(cset, cs.count);
  s.nActive = nActive;
  graph.colorInto(
    cset,
    graph.contactMask,
    active,
    nActive,
    cs.bodyA,
    cs.bodyB,
    b.invMass,
    cs.shapeA,
    cs.shapeB,
    w.solver.staticContactsLast,
    graph.contactStart,
  );
  // the joints with an awake body (a jointed pair shares an island, so both are awake)
  const js = w.joints;
  s.ensureJoints(js.capacity);
  const jset = graph.joints;
  jset.ensure(js.capacity);
  const jcolor = jset.color;
  const jointList = s.jointList;
  let nJoints = 0;
  for (let j = 0; j < js.count; j++) {
    if (js.alive[j] === 1 && (awake[js.bodyA[j]!] === 1 || awake[js.bodyB[j]!] === 1))
      jointList[nJoints++] = j;
    else if (jcolor[j] !== 0) {
      jcolor[j] = 0;
      jset.keyA[j] = 0;
    }
  }
  graph.releaseFrom(jset, js.count);
  s.nJoints = nJoints;
  graph.colorInto(
    jset,
    graph.jointMask,
    jointList,
    nJoints,
    js.bodyA,
    js.bodyB,
    b.invMass,
    js.generation,
    null,
    false,
    graph.jointStart,
  );
}

/**
 * The solve stage for a step of `dt` seconds: prepare → substeps → restitution (see contact-solver.ts).
 * In a world with `workerCount` ≥ 1 the constraints are packed in the colour-major order of the
 * constraint graph and solved in it; a pass over them is one sweep on one thread, and the threaded
 * solve (solver-threads.ts) splits each colour between the threads, with the same result bit for bit.
 */
export function solve(w: World, dt: number): void {
  const s = w.scratch;
  const b = w.bodies;
  const cs = w.contactStore;
  s.ensure(b.capacity, cs.capacity);
  const st = w.solver;
  const list = s.awakeList;
  let nAwake = 0;
  for (let i = 0; i < b.count; i++) {
    if (b.awake[i] === 1 && b.alive[i] === 1) list[nAwake++] = i;
  }
  s.nAwake = nAwake;
  if (s.colored) listConstraints(w);
  else listConstraintsInSlotOrder(w);
  const active = s.active;
  const nActive = s.nActive;
  const jointList = s.jointList;
  const nJoints = s.nJoints;
  const js = w.joints;
  w.lastStep.activeContacts = nActive;
  w.lastStep.awakeBodies = nAwake;
  const substeps = st.substeps;
  const h = dt / substeps;
  const cc = s.cc;
  const cb = s.cb;
  const ss = s.ss;
  const stateOf = s.stateOf;
  loadBodyStates(b, list, nAwake, ss, stateOf);
  const jctx = s.joints;
  const jb = s.jb;
  const jk = s.jk;
  jctx.joints = js;
  jctx.bodies = b;
  jctx.ss = ss;
  if (nJoints > 0) {
    jctx.gx = w.gravityX;
    jctx.gy = w.gravityY;
    setJointSoftness(
      jctx,
      st.positionCorrection === 'soft-step',
      st.jointHertz,
      st.jointDampingRatio,
      st.beta,
      h,
    );
    prepareJoints(jctx, jointList, nJoints, jb, jk, s.jo, stateOf, st.warmStarting);
  }
  const trace = st.trace;
  const threads = s.threads;
  // on the threads, the contacts are prepared (and stored back) inside the threaded job
  const parallel = threads !== null && trace === undefined && threads.begin(w);
  if (!parallel)
    s.restituting = prepareContacts(b, cs, active, nActive, st.warmStarting, cc, cb, s.constraintOf, stateOf);
  const pass = s.pass;
  pass.h = h;
  pass.invH = 1 / h;
  pass.gx = w.gravityX;
  pass.gy = w.gravityY;
  pass.beta = st.beta;
  pass.slop = st.slop;
  pass.maxPush = st.maxPushOutSpeed;
  pass.maxTurn = 0.7853981633974483 / substeps;
  pass.restitutionThreshold = st.restitutionThreshold;
  // the points' largest normal impulses matter to the restitution pass only (the threads decide after their prepare)
  pass.trackMaxImpulse = parallel || s.restituting > 0;
  if (s.softFor !== st || s.softH !== h) {
    // contact stiffness is capped at a quarter of the substep rate (Box2D v3); computed again only
    // when the settings or the substep change (no boxed numbers per step)
    s.softFor = st;
    s.softH = h;
    const hertz = Math.min(st.contactHertz, 0.25 / h);
    makeSoftness(hertz, st.contactDampingRatio, h, pass.soft);
    makeSoftness(Math.min(st.staticStiffness * hertz, 0.25 / h), st.contactDampingRatio, h, pass.staticSoft);
  }
  loadVelocityIncrements(b, s.sv, list, nAwake, pass);
  let bodiesStored = false;
  if (threads !== null && parallel) bodiesStored = threads.run(w);
  else substepsOneThread(w);
  if (trace !== undefined) emitTrace(w, trace, SolverStage.restitution, substeps - 1, 1);
  // store impulses for the next step's warm start; the readout gets the current separations
  if (!parallel) storeContacts(ss, cs, active, nActive, cc, cb);
  const nBroken = nJoints > 0 ? finishJoints(jctx, jointList, nJoints, s.jo, jk, s.broken) : 0;
  // velocities back to the bodies; the step's motion moves the transforms once (c += Δp, q ← Δq·q)
  if (!bodiesStored) storeBodyStates(b, list, nAwake, ss, stateOf, true);
  if (nBroken > 0) jointBreakEvents(w, s.broken, nBroken);
}

/** The substeps and the restitution pass on the calling thread alone, in the packed (colour-major) order. */
function substepsOneThread(w: World): void {
  const s = w.scratch;
  const st = w.solver;
  const nAwake = s.nAwake;
  const nActive = s.nActive;
  const nJoints = s.nJoints;
  const cc = s.cc;
  const cb = s.cb;
  const ss = s.ss;
  const sv = s.sv;
  const jctx = s.joints;
  const jb = s.jb;
  const jk = s.jk;
  const jo = s.jo;
  const pass = s.pass;
  const mode = st.positionCorrection;
  const substeps = st.substeps;
  const trace = st.trace;
  const stepCount = w.stepCount;
  for (let sub = 0; sub < substeps; sub++) {
    integrateVelocities(ss, sv, 0, nAwake);
    pass.reverse = ((stepCount * substeps + sub) & 1) === 1;
    if (st.warmStarting) {
      warmStartJoints(jctx, jk, jo, 0, nJoints, jb);
      warmStart(ss, cc, cb, 0, nActive);
    } else if (sub > 0) {
      resetJointImpulses(jctx, jo, 0, nJoints);
      resetImpulses(cc, 0, nActive);
    }
    pass.mode = mode === 'soft-step' ? BIAS_SOFT : mode === 'baumgarte' ? BIAS_BAUMGARTE : BIAS_NONE;
    pass.friction = mode !== 'soft-step' || st.relaxIterations === 0;
    for (let it = 1; it <= st.iterations; it++) {
      if (mode !== 'soft-step') pass.reverse = ((stepCount + it) & 1) === 0;
      solveJoints(jctx, jk, jo, 0, nJoints, jb, true);
      solveContacts(ss, cc, cb, 0, nActive, pass);
      if (trace !== undefined) emitTrace(w, trace, SolverStage.solve, sub, it);
    }
    integratePositions(ss, 0, nAwake, pass);
    if (mode === 'soft-step') {
      pass.mode = BIAS_NONE;
      pass.friction = true;
      for (let it = 1; it <= st.relaxIterations; it++) {
        solveJoints(jctx, jk, jo, 0, nJoints, jb, false);
        solveContacts(ss, cc, cb, 0, nActive, pass);
        if (trace !== undefined) emitTrace(w, trace, SolverStage.relax, sub, it);
      }
    } else if (mode === 'split-impulse') {
      for (let it = 1; it <= st.positionIterations; it++) {
        solvePositions(ss, cc, cb, 0, nActive, st.percent, st.slop, 0.2);
        if (trace !== undefined) emitTrace(w, trace, SolverStage.position, sub, it);
      }
    }
  }
  // restitution 0 everywhere: the pass would change nothing
  if (s.restituting > 0) applyRestitution(ss, cc, cb, 0, nActive, pass);
}
