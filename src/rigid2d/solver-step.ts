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
import {
  applyRestitution,
  BIAS_BAUMGARTE,
  BIAS_NONE,
  BIAS_SOFT,
  CONSTRAINT_STRIDE,
  integratePositions,
  integrateVelocities,
  loadBodyStates,
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

/** The solver's reusable arrays and per-step numbers (one per world). */
export class SolverScratch {
  /** the awake body slots of this step, and how many */
  awakeList = new Int32Array(64);
  nAwake = 0;
  /** the contacts solved this step */
  active = new Int32Array(64);
  /** the static contacts while the step's contacts are ordered (static ones last) */
  staticActive = new Int32Array(64);
  /** the packed constraints of the last solve, and their body offsets and point counts */
  cc = new Float64Array(64 * CONSTRAINT_STRIDE);
  cb = new Int32Array(192);
  /** the awake bodies' packed solver state (contact-solver.ts) and each body slot's offset in it */
  ss = new Float64Array(65 * SB_STRIDE);
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
    soft: { biasRate: 0.5, massScale: 0.5, impulseScale: 0.5 },
    staticSoft: { biasRate: 0.5, massScale: 0.5, impulseScale: 0.5 },
    reverse: false,
    friction: true,
  };
  /** the settings object and substep the softness in `pass` was computed for */
  softFor: ResolvedSolverSettings | null = null;
  softH = -1.5;
  readonly traceEvent: SolverTraceEvent = { stage: SolverStage.solve, substep: 0, iteration: 0 };
  /** the joints solved this step, their bodies' solver-state offsets (2 each), the broken ones */
  jointList = new Int32Array(16);
  jb = new Int32Array(32);
  broken = new Int32Array(16);
  nJoints = 0;
  /** the joint passes' context; its `jc` holds the packed joints */
  readonly joints = new JointContext();

  /** Grows the joint arrays to the joint store's capacity. */
  ensureJoints(jointCapacity: number): void {
    if (this.jointList.length < jointCapacity) {
      this.jointList = new Int32Array(jointCapacity);
      this.jb = new Int32Array(2 * jointCapacity);
      this.broken = new Int32Array(jointCapacity);
    }
    if (this.joints.jc.length < jointCapacity * JC_STRIDE)
      this.joints.jc = new Float64Array(jointCapacity * JC_STRIDE);
  }

  /** Grows the arrays to the stores' capacities. */
  ensure(bodyCapacity: number, contactCapacity: number): void {
    if (this.awakeList.length < bodyCapacity) {
      this.awakeList = new Int32Array(bodyCapacity);
      this.ss = new Float64Array((bodyCapacity + 1) * SB_STRIDE);
      this.stateOf = new Int32Array(bodyCapacity);
    }
    if (this.active.length < contactCapacity) {
      this.active = new Int32Array(contactCapacity);
      this.staticActive = new Int32Array(contactCapacity);
      this.cc = new Float64Array(contactCapacity * CONSTRAINT_STRIDE);
      this.cb = new Int32Array(3 * contactCapacity);
      this.constraintOf = new Int32Array(contactCapacity);
    }
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

/** The solve stage for a step of `dt` seconds: prepare → substeps → restitution (see contact-solver.ts). */
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
  const active = s.active;
  const constraintOf = s.constraintOf;
  let nActive = 0;
  for (let c = 0; c < cs.count; c++) {
    constraintOf[c] = -1;
    if (cs.pointCount[c]! > 0 && (b.awake[cs.bodyA[c]!] === 1 || b.awake[cs.bodyB[c]!] === 1))
      active[nActive++] = c;
  }
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
    prepareJoints(jctx, jointList, nJoints, jb, stateOf, st.warmStarting);
  }
  prepareContacts(b, cs, active, nActive, st.warmStarting, cc, cb, constraintOf, stateOf);
  const mode = st.positionCorrection;
  const pass = s.pass;
  pass.h = h;
  pass.invH = 1 / h;
  pass.gx = w.gravityX;
  pass.gy = w.gravityY;
  pass.beta = st.beta;
  pass.slop = st.slop;
  pass.maxPush = st.maxPushOutSpeed;
  pass.restitutionThreshold = st.restitutionThreshold;
  if (s.softFor !== st || s.softH !== h) {
    // contact stiffness is capped at a quarter of the substep rate (Box2D v3); computed again only
    // when the settings or the substep change (no boxed numbers per step)
    s.softFor = st;
    s.softH = h;
    const hertz = Math.min(st.contactHertz, 0.25 / h);
    makeSoftness(hertz, st.contactDampingRatio, h, pass.soft);
    makeSoftness(Math.min(st.staticStiffness * hertz, 0.25 / h), st.contactDampingRatio, h, pass.staticSoft);
  }
  const trace = st.trace;
  const stepCount = w.stepCount;
  for (let sub = 0; sub < substeps; sub++) {
    integrateVelocities(b, ss, list, nAwake, pass);
    pass.reverse = ((stepCount * substeps + sub) & 1) === 1;
    if (st.warmStarting) {
      warmStartJoints(jctx, jointList, nJoints, jb);
      warmStart(ss, cc, cb, nActive, pass);
    } else if (sub > 0) {
      resetJointImpulses(jctx, nJoints);
      resetImpulses(cc, nActive);
    }
    pass.mode = mode === 'soft-step' ? BIAS_SOFT : mode === 'baumgarte' ? BIAS_BAUMGARTE : BIAS_NONE;
    pass.friction = mode !== 'soft-step' || st.relaxIterations === 0;
    for (let it = 1; it <= st.iterations; it++) {
      if (mode !== 'soft-step') pass.reverse = ((stepCount + it) & 1) === 0;
      solveJoints(jctx, jointList, nJoints, jb, true);
      solveContacts(ss, cc, cb, nActive, pass);
      if (trace !== undefined) emitTrace(w, trace, SolverStage.solve, sub, it);
    }
    integratePositions(ss, nAwake, pass);
    if (mode === 'soft-step') {
      pass.mode = BIAS_NONE;
      pass.friction = true;
      for (let it = 1; it <= st.relaxIterations; it++) {
        solveJoints(jctx, jointList, nJoints, jb, false);
        solveContacts(ss, cc, cb, nActive, pass);
        if (trace !== undefined) emitTrace(w, trace, SolverStage.relax, sub, it);
      }
    } else if (mode === 'split-impulse') {
      for (let it = 1; it <= st.positionIterations; it++) {
        solvePositions(ss, cc, cb, nActive, st.percent, st.slop, 0.2);
        if (trace !== undefined) emitTrace(w, trace, SolverStage.position, sub, it);
      }
    }
  }
  applyRestitution(ss, cc, cb, nActive, pass);
  if (trace !== undefined) emitTrace(w, trace, SolverStage.restitution, substeps - 1, 1);
  // store impulses for the next step's warm start; the readout gets the current separations
  storeImpulses(cs, active, nActive, cc);
  storeSeparations(ss, cs, active, nActive, cc, cb);
  const nBroken = nJoints > 0 ? finishJoints(jctx, jointList, nJoints, s.broken) : 0;
  // velocities back to the bodies; the step's motion moves the transforms once (c += Δp, q ← Δq·q)
  storeBodyStates(b, list, nAwake, ss, stateOf, true);
  if (nBroken > 0) jointBreakEvents(w, s.broken, nBroken);
}
