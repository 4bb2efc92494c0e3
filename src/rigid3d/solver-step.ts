/**
 * The solve stage of the 3D world (Box2D v3's solver.c in 3D, textbook §26.2): the awake bodies
 * and the touching contacts with an awake body are packed, the constraints prepared once, then
 * each substep h = dt / substeps:
 *   integrate velocities (gravity, forces, torques through I_world⁻¹, damping, the gyroscopic term)
 *   → warm start → solve (the mode's bias) → integrate positions (exponential map or first order;
 *   the momentum carry in gyroscopic mode 'momentum') → relax (soft step) or split-impulse passes;
 * then restitution, impulses kept for the next step's warm start, and the step's motion moves the
 * bodies. The scratch arrays grow with the stores and are reused (no allocation once warm).
 */
import { makeSoftness } from '../dynamics/softness.js';
import { SolverStage, type SolverTraceEvent } from '../dynamics/solver-settings.js';
import { psincosAt } from '../math/portable.js';
import type { BodyStore3 } from './body-store.js';
import {
  applyRestitution3,
  BIAS_SOFT,
  CONSTRAINT_STRIDE,
  loadBodyStates3,
  prepareContacts3,
  resetImpulses3,
  SB_STRIDE,
  type SolvePass3,
  solveContacts3,
  solvePositions3,
  storeImpulses3,
  storeSeparations3,
  storeTransforms3,
  storeVelocities3,
  warmStart3,
} from './contact-solver.js';
import { carryMomentum, explicitGyroscopic, implicitGyroscopic } from './gyroscopic.js';
import { jointBreakEvents3 } from './joints/joint-break.js';
import { setJointSoftness3 } from './joints/joint-context.js';
import {
  finishJoints3,
  prepareJointStep3,
  projectJoints3,
  refreshJointAxes3,
  refreshJoints3,
  resetJointImpulses3,
  solveJoints3,
  warmStartJoints3,
} from './joints/joint-solver.js';
import type { World3 } from './world.js';

/** The solver's reusable arrays and per-step numbers (one per world). */
export class SolverScratch3 {
  /** the awake body slots of this step, and how many */
  awakeList = new Int32Array(64);
  /** number of awake bodies */
  nAwake = 0;
  /** the contacts solved this step */
  active = new Int32Array(64);
  /** number of active contacts */
  nActive = 0;
  /** the packed constraints */
  cc = new Float64Array(64 * CONSTRAINT_STRIDE);
  /** per constraint: solver offsets of A and B, point count */
  cb = new Int32Array(192);
  /** the packed solver state (slot 0 = static) */
  ss = new Float64Array(65 * SB_STRIDE);
  /** each body slot's offset in `ss` */
  stateOf = new Int32Array(64);
  /** the step dt (finalize reads it here: no boxed argument) */
  readonly dt = new Float64Array(1);
  /** the substep h for the gyroscopic kernels */
  readonly h = new Float64Array(1);
  /** split impulse: percent, slop */
  readonly split = new Float64Array(2);
  /** the current orientation of a body (Δq q) and the one after the rotation */
  readonly qa = new Float64Array(4);
  /** the orientation after the rotation (momentum carry) */
  readonly qb = new Float64Array(4);
  /** the step's numbers for the hot passes (every number starts as a double) */
  readonly pass: SolvePass3 = {
    mode: BIAS_SOFT,
    h: 0.5,
    invH: 0.5,
    gx: 0.5,
    gy: 0.5,
    gz: 0.5,
    restitutionThreshold: 0.5,
    beta: 0.5,
    slop: 0.5,
    maxPush: 0.5,
    soft: { biasRate: 0.5, massScale: 0.5, impulseScale: 0.5 },
    staticSoft: { biasRate: 0.5, massScale: 0.5, impulseScale: 0.5 },
    cone: true,
    reverse: false,
  };
  /** the settings object and substep the softness was computed for */
  softFor: object | null = null;
  /** substep of the cached softness */
  softH = -1.5;
  /** the reused trace event */
  readonly traceEvent: SolverTraceEvent = { stage: SolverStage.solve, substep: 0, iteration: 0 };

  /** Grows the arrays to the stores' capacities. */
  ensure(bodyCapacity: number, contactCapacity: number): void {
    if (this.awakeList.length < bodyCapacity) {
      this.awakeList = new Int32Array(bodyCapacity);
      this.ss = new Float64Array((bodyCapacity + 1) * SB_STRIDE);
      this.stateOf = new Int32Array(bodyCapacity);
    }
    if (this.active.length < contactCapacity) {
      this.active = new Int32Array(contactCapacity);
      this.cc = new Float64Array(contactCapacity * CONSTRAINT_STRIDE);
      this.cb = new Int32Array(3 * contactCapacity);
    }
  }
}

/** Writes the current orientation Δq·q of awake body k (slot i) into out[0..3]. */
function currentOrientation(b: BodyStore3, i: number, ss: Float64Array, o: number, out: Float64Array): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const SB_DQW = 12;
  const SB_DQX = 9;
  const SB_DQY = 10;
  const SB_DQZ = 11;
  const ax = ss[o + SB_DQX]!;
  const ay = ss[o + SB_DQY]!;
  const az = ss[o + SB_DQZ]!;
  const aw = ss[o + SB_DQW]!;
  const qx = b.qx[i]!;
  const qy = b.qy[i]!;
  const qz = b.qz[i]!;
  const qw = b.qw[i]!;
  out[0] = aw * qx + ax * qw + ay * qz - az * qy;
  out[1] = aw * qy - ax * qz + ay * qw + az * qx;
  out[2] = aw * qz + ax * qy - ay * qx + az * qw;
  out[3] = aw * qw - ax * qx - ay * qy - az * qz;
}

/**
 * v ← (v + h(F/m + g·scale))/(1 + h·linearDamping), ω ← (ω + h I_world⁻¹ τ)/(1 + h·angularDamping),
 * then the gyroscopic term ('implicit' or 'explicit') at the current orientation.
 */
function integrateVelocities3(w: World3, list: Int32Array, n: number, ss: Float64Array): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const GYRO_EXPLICIT = 2;
  const GYRO_IMPLICIT = 1;
  const SB_STRIDE = 16;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_VZ = 2;
  const SB_WX = 3;
  const SB_WY = 4;
  const SB_WZ = 5;
  const s = w.scratch;
  const pass = s.pass;
  const b = w.bodies;
  const h = pass.h;
  const gx = pass.gx;
  const gy = pass.gy;
  const gz = pass.gz;
  const gyro = w.gyroscopicCode;
  const iw = b.invInertiaWorld;
  for (let k = 0; k < n; k++) {
    const i = list[k]!;
    const m = b.invMass[i]!;
    if (m === 0) continue; // kinematic
    const o = (k + 1) * SB_STRIDE;
    const gs = b.gravityScale[i]!;
    const ld = 1 / (1 + h * b.linearDamping[i]!);
    const ad = 1 / (1 + h * b.angularDamping[i]!);
    ss[o + SB_VX] = (ss[o + SB_VX]! + h * (m * b.fx[i]! + gs * gx)) * ld;
    ss[o + SB_VY] = (ss[o + SB_VY]! + h * (m * b.fy[i]! + gs * gy)) * ld;
    ss[o + SB_VZ] = (ss[o + SB_VZ]! + h * (m * b.fz[i]! + gs * gz)) * ld;
    const io = 6 * i;
    const tx = b.tx[i]!;
    const ty = b.ty[i]!;
    const tz = b.tz[i]!;
    ss[o + SB_WX] = (ss[o + SB_WX]! + h * (iw[io]! * tx + iw[io + 1]! * ty + iw[io + 2]! * tz)) * ad;
    ss[o + SB_WY] = (ss[o + SB_WY]! + h * (iw[io + 1]! * tx + iw[io + 3]! * ty + iw[io + 4]! * tz)) * ad;
    ss[o + SB_WZ] = (ss[o + SB_WZ]! + h * (iw[io + 2]! * tx + iw[io + 4]! * ty + iw[io + 5]! * tz)) * ad;
    if (gyro === GYRO_IMPLICIT || gyro === GYRO_EXPLICIT) {
      if (ss[o + SB_WX] === 0 && ss[o + SB_WY] === 0 && ss[o + SB_WZ] === 0) continue;
      if (b.invInertia[io] === 0 && b.invInertia[io + 3] === 0 && b.invInertia[io + 5] === 0) continue;
      currentOrientation(b, i, ss, o, s.qa);
      if (gyro === GYRO_IMPLICIT) implicitGyroscopic(ss, o + SB_WX, s.qa, 0, b.inertia, io, s.h, 0);
      else explicitGyroscopic(ss, o + SB_WX, s.qa, 0, b.inertia, b.invInertia, io, s.h, 0);
    }
  }
}

/** the half angle of a substep's rotation, then its sine and cosine (psincosAt) */
const halfAngle = new Float64Array(3);

/**
 * Δp ← Δp + h v and Δq ← exp(hω/2) Δq (or the first-order step) for the awake solver slots; in
 * gyroscopic mode 'momentum' ω is then re-derived from the carried angular momentum.
 */
function integratePositions3(w: World3, list: Int32Array, n: number, ss: Float64Array): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const GYRO_MOMENTUM = 3;
  const SB_DPX = 6;
  const SB_DPY = 7;
  const SB_DPZ = 8;
  const SB_DQW = 12;
  const SB_DQX = 9;
  const SB_DQY = 10;
  const SB_DQZ = 11;
  const SB_STRIDE = 16;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_VZ = 2;
  const SB_WX = 3;
  const SB_WY = 4;
  const SB_WZ = 5;
  const s = w.scratch;
  const h = s.pass.h;
  const b = w.bodies;
  const exponential = w.orientationCode === 0;
  const momentum = w.gyroscopicCode === GYRO_MOMENTUM;
  for (let k = 0; k < n; k++) {
    const o = (k + 1) * SB_STRIDE;
    ss[o + SB_DPX] = ss[o + SB_DPX]! + h * ss[o + SB_VX]!;
    ss[o + SB_DPY] = ss[o + SB_DPY]! + h * ss[o + SB_VY]!;
    ss[o + SB_DPZ] = ss[o + SB_DPZ]! + h * ss[o + SB_VZ]!;
    const wx = ss[o + SB_WX]!;
    const wy = ss[o + SB_WY]!;
    const wz = ss[o + SB_WZ]!;
    if (wx === 0 && wy === 0 && wz === 0) continue;
    const i = list[k]!;
    const carry = momentum && b.invMass[i]! > 0;
    if (carry) currentOrientation(b, i, ss, o, s.qa);
    const qx = ss[o + SB_DQX]!;
    const qy = ss[o + SB_DQY]!;
    const qz = ss[o + SB_DQZ]!;
    const qw = ss[o + SB_DQW]!;
    let ax: number;
    let ay: number;
    let az: number;
    let aw: number;
    if (exponential) {
      const len = Math.sqrt(wx * wx + wy * wy + wz * wz);
      // sin and cos of the half angle through an array: psin(half) / pcos(half) boxed the angle
      // and both results whenever they were not inlined (about 64 bytes per body and substep)
      halfAngle[0] = 0.5 * h * len;
      psincosAt(halfAngle, 0);
      const sn = halfAngle[1]! / len;
      ax = wx * sn;
      ay = wy * sn;
      az = wz * sn;
      aw = halfAngle[2]!;
    } else {
      ax = 0.5 * h * wx;
      ay = 0.5 * h * wy;
      az = 0.5 * h * wz;
      aw = 1;
    }
    const x = aw * qx + ax * qw + ay * qz - az * qy;
    const y = aw * qy - ax * qz + ay * qw + az * qx;
    const z = aw * qz + ax * qy - ay * qx + az * qw;
    const ww = aw * qw - ax * qx - ay * qy - az * qz;
    const m = 1 / Math.sqrt(x * x + y * y + z * z + ww * ww);
    ss[o + SB_DQX] = x * m;
    ss[o + SB_DQY] = y * m;
    ss[o + SB_DQZ] = z * m;
    ss[o + SB_DQW] = ww * m;
    if (carry) {
      currentOrientation(b, i, ss, o, s.qb);
      carryMomentum(ss, o + SB_WX, s.qa, 0, s.qb, 0, b.inertia, b.invInertia, 6 * i);
    }
  }
}

function emitTrace(
  w: World3,
  trace: (event: SolverTraceEvent) => void,
  stage: SolverStage,
  substep: number,
  it: number,
): void {
  const s = w.scratch;
  storeVelocities3(w.bodies, s.awakeList, s.nAwake, s.ss);
  const ev = s.traceEvent;
  ev.stage = stage;
  ev.substep = substep;
  ev.iteration = it;
  trace(ev);
}

/** The solve stage for a step of `dt` seconds (read from `w.scratch.dt[0]`). */
export function solve3(w: World3): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const BIAS_BAUMGARTE = 2;
  const BIAS_NONE = 0;
  const BIAS_SOFT = 1;
  const s = w.scratch;
  const b = w.bodies;
  const cs = w.contactStore;
  s.ensure(b.capacity, cs.capacity);
  const st = w.solver;
  const list = s.awakeList;
  let nAwake = 0;
  for (let i = 0; i < b.count; i++) if (b.awake[i] === 1 && b.alive[i] === 1) list[nAwake++] = i;
  s.nAwake = nAwake;
  const active = s.active;
  let nActive = 0;
  for (let c = 0; c < cs.count; c++) {
    if (cs.pointCount[c]! > 0 && (b.awake[cs.bodyA[c]!] === 1 || b.awake[cs.bodyB[c]!] === 1))
      active[nActive++] = c;
  }
  s.nActive = nActive;
  w.lastStep.activeContacts = nActive;
  w.lastStep.awakeBodies = nAwake;
  const substeps = st.substeps;
  const dt = s.dt[0]!;
  const h = dt / substeps;
  s.h[0] = h;
  const cc = s.cc;
  const cb = s.cb;
  const ss = s.ss;
  loadBodyStates3(b, list, nAwake, ss, s.stateOf);
  prepareContacts3(b, cs, active, nActive, st.warmStarting, cc, cb, s.stateOf);
  const mode = st.positionCorrection;
  // the joints: listed, softness for the substep, packed (textbook §26.2 "ジョイントとモーター")
  const jctx = w.jointContext;
  jctx.ss = ss;
  setJointSoftness3(jctx, mode === 'soft-step', st, s.h);
  const nJoints = w.joints.live > 0 ? prepareJointStep3(jctx, b.awake, s.stateOf, st.warmStarting) : 0;
  const jl = jctx.list;
  const jb = jctx.jb;
  // joint passes per solve or relax pass (0 when there are none)
  const jointIterations = nJoints > 0 ? w.jointIterations : 0;
  const pass = s.pass;
  pass.h = h;
  pass.invH = 1 / h;
  pass.gx = w.gravity[0]!;
  pass.gy = w.gravity[1]!;
  pass.gz = w.gravity[2]!;
  pass.beta = st.beta;
  pass.slop = st.slop;
  pass.maxPush = st.maxPushOutSpeed;
  pass.restitutionThreshold = st.restitutionThreshold;
  pass.cone = w.frictionCode === 0;
  s.split[0] = st.percent;
  s.split[1] = st.slop;
  if (s.softFor !== st || s.softH !== h) {
    s.softFor = st;
    s.softH = h;
    const hertz = Math.min(st.contactHertz, 0.25 / h);
    makeSoftness(hertz, st.contactDampingRatio, h, pass.soft);
    makeSoftness(Math.min(st.staticStiffness * hertz, 0.25 / h), st.contactDampingRatio, h, pass.staticSoft);
  }
  const trace = st.trace;
  const stepCount = w.stepCount;
  for (let sub = 0; sub < substeps; sub++) {
    integrateVelocities3(w, list, nAwake, ss);
    // the joints' solve passes of the substep alternate their sweep direction (symmetric
    // Gauss–Seidel: a long chain's whip crosses it within a pair of passes); the relax passes and
    // the projection sweep forward (a hanging lattice drifts least so)
    let jp = 0;
    pass.reverse = ((stepCount * substeps + sub) & 1) === 1;
    if (nJoints > 0) {
      // the joints' geometry at the substep's poses: measured here before the first substep (and
      // in the PGS modes); in the soft step the previous substep's projection measured it
      if (sub === 0 || mode !== 'soft-step') refreshJoints3(jctx, jl, nJoints, jb);
      if (st.warmStarting) warmStartJoints3(jctx, jl, nJoints, jb);
      else if (sub > 0) resetJointImpulses3(jctx, nJoints);
    }
    if (st.warmStarting) warmStart3(ss, cc, cb, nActive);
    else if (sub > 0) resetImpulses3(cc, nActive);
    pass.mode = mode === 'soft-step' ? BIAS_SOFT : mode === 'baumgarte' ? BIAS_BAUMGARTE : BIAS_NONE;
    for (let it = 1; it <= st.iterations; it++) {
      if (mode !== 'soft-step') pass.reverse = ((stepCount + it) & 1) === 0;
      for (let ji = 1; ji < jointIterations; ji++)
        solveJoints3(jctx, jl, nJoints, jb, true, (jp++ & 1) === 1);
      solveContacts3(ss, cc, cb, nActive, pass);
      if (jointIterations > 0) solveJoints3(jctx, jl, nJoints, jb, true, (jp++ & 1) === 1);
      if (trace !== undefined) emitTrace(w, trace, SolverStage.solve, sub, it);
    }
    integratePositions3(w, list, nAwake, ss);
    if (mode === 'soft-step') {
      pass.mode = BIAS_NONE;
      // the poses moved: the joints' anchors and axes for the relax passes
      if (jointIterations > 0 && st.relaxIterations > 0) refreshJointAxes3(jctx, jl, nJoints, jb);
      for (let it = 1; it <= st.relaxIterations; it++) {
        for (let ji = 1; ji < jointIterations; ji++) solveJoints3(jctx, jl, nJoints, jb, false, false);
        solveContacts3(ss, cc, cb, nActive, pass);
        if (jointIterations > 0) solveJoints3(jctx, jl, nJoints, jb, false, false);
        if (trace !== undefined) emitTrace(w, trace, SolverStage.relax, sub, it);
      }
      if (nJoints > 0) projectJoints3(jctx, jl, nJoints, jb);
    } else if (mode === 'split-impulse') {
      for (let it = 1; it <= st.positionIterations; it++) {
        solvePositions3(ss, cc, cb, nActive, s.split);
        if (trace !== undefined) emitTrace(w, trace, SolverStage.position, sub, it);
      }
    }
  }
  applyRestitution3(ss, cc, cb, nActive, pass);
  if (trace !== undefined) emitTrace(w, trace, SolverStage.restitution, substeps - 1, 1);
  storeImpulses3(cs, active, nActive, cc);
  const nBroken = nJoints > 0 ? finishJoints3(jctx, jl, nJoints, jctx.broken) : 0;
  storeSeparations3(ss, cs, active, nActive, cc, cb);
  storeVelocities3(b, list, nAwake, ss);
  storeTransforms3(b, list, nAwake, ss, s.stateOf);
  if (nBroken > 0) jointBreakEvents3(w, jctx.broken, nBroken);
}
