/**
 * The joint solver passes (textbook §26.2 "ジョイントとモーター"; the joint part of Box2D v3's
 * solver.c): the dispatch by kind (`JOINT_SOLVERS`) and the passes the solve stage calls — prepare
 * (once per step: header, impulses, the kind's prepare), warm start and solve (every substep, before
 * the contacts), the relax pass (soft step, no bias), and after the substeps the impulses kept for
 * the next step, the reaction readout and the break test. The layout and the interface a kind
 * implements are in joint-context.ts.
 */
import { distanceJointSolver } from './distance-joint.js';
import {
  J_IMPULSE,
  JC_STRIDE,
  type JointContext,
  type JointKindSolver,
  rigidBias,
  rotationAngleAt,
} from './joint-context.js';
import { JOINT_KIND_COUNT, JOINT_REVOLUTE } from './joint-store.js';
import { motorJointSolver } from './motor-joint.js';
import { mouseJointSolver } from './mouse-joint.js';
import { solvePointConstraint } from './point-constraint.js';
import { prismaticJointSolver } from './prismatic-joint.js';
import {
  prepareRevolute,
  RI_UPPER,
  reactionRevolute,
  revoluteAngles,
  revoluteJointSolver,
  solveRevolute,
  warmStartRevolute,
} from './revolute-joint.js';
import { weldJointSolver } from './weld-joint.js';
import { wheelJointSolver } from './wheel-joint.js';

/** The solver of each joint kind, indexed by the kind code (joint-store.ts). */
export const JOINT_SOLVERS: readonly JointKindSolver[] = [
  revoluteJointSolver,
  prismaticJointSolver,
  distanceJointSolver,
  weldJointSolver,
  wheelJointSolver,
  motorJointSolver,
  mouseJointSolver,
];
if (JOINT_SOLVERS.length !== JOINT_KIND_COUNT) throw new Error('rigid2d: a joint kind has no solver');

/**
 * Numbers each kind's packed joint takes in `ctx.jc`: the revolute joint (the common kind of
 * chains and grids) ends its block at J_KIND + 10, so it packs in 32 numbers (four 64-byte cache
 * lines), the others in {@link JC_STRIDE}. The passes stream through the packed joints, so every
 * unused number is memory traffic.
 */
const KIND_STRIDE = new Int32Array(JOINT_KIND_COUNT).fill(JC_STRIDE);
KIND_STRIDE[JOINT_REVOLUTE] = 32;

/**
 * The packed kind code (in `jk`) of a revolute joint without spring, motor or limits — a bare point
 * constraint (the joints of chains and grids): its solve is the point constraint alone, with the
 * rigid-part softness computed once per pass instead of once per joint.
 */
export const JK_PLAIN_REVOLUTE = JOINT_KIND_COUNT;

/** impulses a revolute joint accumulates (point x, y, spring, motor, lower, upper) */
export const REVOLUTE_IMPULSES = RI_UPPER - J_IMPULSE + 1;

/** the rigid-part softness of a pass over the plain revolute joints (one per thread) */
const plainSoft = new Float64Array(3);

/**
 * Packs the `n` joints of `list` into `ctx.jc`: body offsets into `jb` (2 per joint), the header,
 * the impulses (zero without warm starting), then the kind's prepare.
 */
export function prepareJoints(
  ctx: JointContext,
  list: Int32Array,
  n: number,
  jb: Int32Array,
  jk: Int32Array,
  jo: Int32Array,
  stateOf: Int32Array,
  warmStarting: boolean,
): void {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const J_MA = 0;
  const J_MB = 1;
  const J_IA = 2;
  const J_IB = 3;
  const J_RAX = 4;
  const J_RAY = 5;
  const J_RBX = 6;
  const J_RBY = 7;
  const J_DCX = 8;
  const J_DCY = 9;
  const J_ANGLE = 10;
  const J_QAC = 11;
  const J_QAS = 12;
  const J_IMPULSE = 13;
  const JI_STRIDE = 8;
  const JK_PLAIN_REVOLUTE = 7;
  const JOINT_REVOLUTE = 0;
  const JP_REFERENCE_ANGLE = 4;
  const JP_ENABLE_LIMIT = 7;
  const JP_ENABLE_MOTOR = 10;
  const JP_ENABLE_SPRING = 13;
  const JP_STRIDE = 24;
  const RI_SPRING = 15;
  const RI_MOTOR = 16;
  const RI_LOWER = 17;
  const RI_UPPER = 18;
  const js = ctx.joints;
  const b = ctx.bodies;
  const jc = ctx.jc;
  const { cx, cy, qc, qs, lcx, lcy, invMass, invI } = b;
  const param = js.param;
  const imp = js.impulse;
  let o = 0;
  for (let k = 0; k < n; k++) {
    const j = list[k]!;
    const a = js.bodyA[j]!;
    const bb = js.bodyB[j]!;
    jo[k] = o;
    jb[2 * k] = stateOf[a]!;
    jb[2 * k + 1] = stateOf[bb]!;
    const p = j * JP_STRIDE;
    jc[o + J_MA] = invMass[a]!;
    jc[o + J_MB] = invMass[bb]!;
    jc[o + J_IA] = invI[a]!;
    jc[o + J_IB] = invI[bb]!;
    const ac = qc[a]!;
    const as = qs[a]!;
    const bc = qc[bb]!;
    const bs = qs[bb]!;
    const lax = param[p]! - lcx[a]!;
    const lay = param[p + 1]! - lcy[a]!;
    const lbx = param[p + 2]! - lcx[bb]!;
    const lby = param[p + 3]! - lcy[bb]!;
    jc[o + J_RAX] = ac * lax - as * lay;
    jc[o + J_RAY] = as * lax + ac * lay;
    jc[o + J_RBX] = bc * lbx - bs * lby;
    jc[o + J_RBY] = bs * lbx + bc * lby;
    jc[o + J_DCX] = cx[bb]! - cx[a]!;
    jc[o + J_DCY] = cy[bb]! - cy[a]!;
    const kind = js.kind[j]!;
    jk[k] = kind;
    // the relative angle (a series per joint) only where it is read: a revolute joint reads it
    // for its spring and limits only; every other kind may
    if (kind !== JOINT_REVOLUTE || param[p + JP_ENABLE_SPRING] === 1 || param[p + JP_ENABLE_LIMIT] === 1) {
      // (c, s) of ΔqA⁻¹·ΔqB into the angle's slot and the next (written below), its angle, unwound
      // (rotationAngleInto and unwindAngle, with no double crossing a call)
      jc[o + J_ANGLE] = ac * bc + as * bs;
      jc[o + J_ANGLE + 1] = ac * bs - as * bc;
      rotationAngleAt(jc, o + J_ANGLE);
      const rel = jc[o + J_ANGLE]! - param[p + JP_REFERENCE_ANGLE]!;
      jc[o + J_ANGLE] = rel > Math.PI ? rel - 2 * Math.PI : rel <= -Math.PI ? rel + 2 * Math.PI : rel;
    } else {
      jc[o + J_ANGLE] = 0;
    }
    jc[o + J_QAC] = ac;
    jc[o + J_QAS] = as;
    const q = j * JI_STRIDE;
    const oi = o + J_IMPULSE;
    if (warmStarting) {
      jc[oi] = imp[q]!;
      jc[oi + 1] = imp[q + 1]!;
      jc[oi + 2] = imp[q + 2]!;
      jc[oi + 3] = imp[q + 3]!;
      jc[oi + 4] = imp[q + 4]!;
      jc[oi + 5] = imp[q + 5]!;
      jc[oi + 6] = imp[q + 6]!;
      jc[oi + 7] = imp[q + 7]!;
    } else jc.fill(0, oi, oi + JI_STRIDE);
    if (kind !== JOINT_REVOLUTE) JOINT_SOLVERS[kind]!.prepare(ctx, j, o);
    else if (
      param[p + JP_ENABLE_SPRING] === 0 &&
      param[p + JP_ENABLE_MOTOR] === 0 &&
      param[p + JP_ENABLE_LIMIT] === 0
    ) {
      // a bare point constraint: its solve reads the header and the point impulses only, and the
      // spring, motor and limit impulses it warm starts with are zero (see prepareRevolute)
      jk[k] = JK_PLAIN_REVOLUTE;
      jc[oi + RI_SPRING - J_IMPULSE] = 0;
      jc[oi + RI_MOTOR - J_IMPULSE] = 0;
      jc[oi + RI_LOWER - J_IMPULSE] = 0;
      jc[oi + RI_UPPER - J_IMPULSE] = 0;
    } else prepareRevolute(ctx, j, o);
    o += KIND_STRIDE[kind]!;
  }
}

/** Zeroes the accumulated impulses of packed joints [start, end) (each substep without warm starting). */
export function resetJointImpulses(ctx: JointContext, jo: Int32Array, start: number, end: number): void {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const J_IMPULSE = 13;
  const JI_STRIDE = 8;
  const jc = ctx.jc;
  for (let k = start; k < end; k++) jc.fill(0, jo[k]! + J_IMPULSE, jo[k]! + J_IMPULSE + JI_STRIDE);
}

/**
 * Applies the accumulated impulses of packed joints [start, end) (warm starting, §26.2); `jk` holds
 * each packed joint's kind. The revolute joint, the common kind (chains, ragdolls, grids), is called
 * directly so the call can be inlined; the others go through the table.
 */
export function warmStartJoints(
  ctx: JointContext,
  jk: Int32Array,
  jo: Int32Array,
  start: number,
  end: number,
  jb: Int32Array,
): void {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const JK_PLAIN_REVOLUTE = 7;
  const JOINT_REVOLUTE = 0;
  for (let k = start; k < end; k++) {
    const kd = jk[k]!;
    if (kd === JK_PLAIN_REVOLUTE || kd === JOINT_REVOLUTE)
      warmStartRevolute(ctx, jo[k]!, jb[2 * k]!, jb[2 * k + 1]!);
    else JOINT_SOLVERS[kd]!.warmStart(ctx, jo[k]!, jb[2 * k]!, jb[2 * k + 1]!);
  }
}

/**
 * One Gauss–Seidel pass over packed joints [start, end) (`useBias` false: the soft step's relax
 * pass); revolute joints called directly, the plain ones (no spring, motor or limits) straight to
 * their point constraint.
 */
export function solveJoints(
  ctx: JointContext,
  jk: Int32Array,
  jo: Int32Array,
  start: number,
  end: number,
  jb: Int32Array,
  useBias: boolean,
): void {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const JK_PLAIN_REVOLUTE = 7;
  const JOINT_REVOLUTE = 0;
  const RI_X = 13;
  // the bias of a rigid point (error 1: the rate itself), as the revolute joint computes it per joint
  if (useBias && end > start) rigidBias(ctx, 1, true, plainSoft);
  revoluteAngles(ctx, jk, jo, start, end, jb);
  for (let k = start; k < end; k++) {
    const kd = jk[k]!;
    if (kd === JK_PLAIN_REVOLUTE)
      solvePointConstraint(ctx, jo[k]!, jb[2 * k]!, jb[2 * k + 1]!, RI_X, useBias, plainSoft);
    else if (kd === JOINT_REVOLUTE) solveRevolute(ctx, jo[k]!, jb[2 * k]!, jb[2 * k + 1]!, useBias);
    else JOINT_SOLVERS[kd]!.solve(ctx, jo[k]!, jb[2 * k]!, jb[2 * k + 1]!, useBias);
  }
}

/**
 * After the substeps: the impulses go back to the store (next step's warm start), the reaction
 * force and torque are computed, and joints whose reaction passed breakForce / breakTorque are
 * written to `broken` (returns how many).
 */
export function finishJoints(
  ctx: JointContext,
  list: Int32Array,
  n: number,
  jo: Int32Array,
  jk: Int32Array,
  broken: Int32Array,
): number {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const J_IMPULSE = 13;
  const JI_STRIDE = 8;
  const JK_PLAIN_REVOLUTE = 7;
  const JOINT_REVOLUTE = 0;
  const REVOLUTE_IMPULSES = 6;
  const js = ctx.joints;
  const jc = ctx.jc;
  const imp = js.impulse;
  const testBreak = js.breakable > 0;
  let nBroken = 0;
  for (let k = 0; k < n; k++) {
    const j = list[k]!;
    const o = jo[k]!;
    const q = j * JI_STRIDE;
    const kd = jk[k]!;
    if (kd === JK_PLAIN_REVOLUTE || kd === JOINT_REVOLUTE) {
      // the revolute joint's impulses (its other impulse slots hold what prepare loaded: unchanged)
      for (let i = 0; i < REVOLUTE_IMPULSES; i++) imp[q + i] = jc[o + J_IMPULSE + i]!;
      reactionRevolute(ctx, j, o);
    } else {
      for (let i = 0; i < JI_STRIDE; i++) imp[q + i] = jc[o + J_IMPULSE + i]!;
      JOINT_SOLVERS[kd]!.reaction(ctx, j, o);
    }
    if (!testBreak) continue;
    const fx = js.forceX[j]!;
    const fy = js.forceY[j]!;
    if (Math.sqrt(fx * fx + fy * fy) > js.breakForce[j]! || Math.abs(js.torque[j]!) > js.breakTorque[j]!) {
      broken[nBroken++] = j;
    }
  }
  return nBroken;
}
