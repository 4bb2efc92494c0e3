/**
 * The 3D joint solver passes (textbook §26.2 "ジョイントとモーター"; the joint part of Box2D v3's
 * solver.c): the dispatch by kind (`JOINT3_SOLVERS`) and the passes the solve stage calls — prepare
 * (once per step: header, impulses, the kind's prepare), warm start and solve (every substep, before
 * the contacts), the relax pass (soft step, no bias), and after the substeps the impulses kept for
 * the next step, the reaction readout and the break test. The layout and the interface a kind
 * implements are in joint-context.ts.
 */
import {
  ballJointSolver,
  projectBall,
  reactionBall,
  refreshAxesBall,
  refreshBall,
  solveBall,
  warmStartBall,
} from './ball-joint.js';
import {
  coneTwistJointSolver,
  prepareConeTwist,
  projectConeTwist,
  reactionConeTwist,
  refreshAxesConeTwist,
  refreshConeTwist,
  solveConeTwist,
  warmStartConeTwist,
} from './cone-twist-joint.js';
import { distanceJointSolver } from './distance-joint.js';
import { fixedJointSolver } from './fixed-joint.js';
import {
  hingeJointSolver,
  prepareAxial,
  projectHinge,
  reactionHinge,
  refreshAxesHinge,
  refreshHinge,
  solveHinge,
  warmStartHinge,
} from './hinge-joint.js';
import type { JointContext3, JointKindSolver3 } from './joint-context.js';
import { JOINT3_KIND_COUNT as JOINT3_KIND_COUNT_ } from './joint-store.js';
import { mouseJointSolver } from './mouse-joint.js';

import { shockPropagation3 } from './shock-propagation.js';
import { sixDofJointSolver } from './six-dof-joint.js';
import { sliderJointSolver } from './slider-joint.js';

// module-local copies of the imported layout constants (plain constants in the hot loops)
const JOINT3_KIND_COUNT = JOINT3_KIND_COUNT_;

/** The solver of each joint kind, indexed by the kind code (joint-store.ts). */
export const JOINT3_SOLVERS: readonly JointKindSolver3[] = [
  ballJointSolver,
  hingeJointSolver,
  sliderJointSolver,
  fixedJointSolver,
  distanceJointSolver,
  coneTwistJointSolver,
  sixDofJointSolver,
  mouseJointSolver,
];
if (JOINT3_SOLVERS.length !== JOINT3_KIND_COUNT) throw new Error('rigid3d: a joint kind has no solver');

/**
 * Packs the `n` joints of `list` into `ctx.jc`: body offsets into `jb` (2 per joint), the header
 * (inverse masses and world inverse inertias, anchors from the centres of mass and the joint frames
 * in the world), the impulses (zero without warm starting), then the kind's prepare.
 */
export function prepareJoints3(
  ctx: JointContext3,
  list: Int32Array,
  n: number,
  jb: Int32Array,
  stateOf: Int32Array,
  warmStarting: boolean,
): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const JC_STRIDE = 96;
  const JI_STRIDE = 18;
  const JOINT3_BALL = 0;
  const JOINT3_CONE_TWIST = 5;
  const JOINT3_HINGE = 1;
  const JP_FA = 6;
  const JP_FB = 10;
  const JP_LA = 0;
  const JP_LB = 3;
  const JP_STRIDE = 70;
  const J_DC = 85;
  const J_FA = 88;
  const J_FB = 92;
  const J_IA = 2;
  const J_IB = 8;
  const J_IMPULSE = 14;
  const J_MA = 0;
  const J_MB = 1;
  const J_RA = 79;
  const J_RB = 82;
  const js = ctx.joints;
  const b = ctx.bodies;
  const jc = ctx.jc;
  const imp = js.impulse;
  const iw = b.invInertiaWorld;
  for (let k = 0; k < n; k++) {
    const j = list[k]!;
    const a = js.bodyA[j]!;
    const bb = js.bodyB[j]!;
    const o = k * JC_STRIDE;
    jb[2 * k] = stateOf[a]!;
    jb[2 * k + 1] = stateOf[bb]!;
    const p = j * JP_STRIDE;
    jc[o + J_MA] = b.invMass[a]!;
    jc[o + J_MB] = b.invMass[bb]!;
    for (let i = 0; i < 6; i++) {
      jc[o + J_IA + i] = iw[6 * a + i]!;
      jc[o + J_IB + i] = iw[6 * bb + i]!;
    }
    packSide(ctx, a, p + JP_LA, p + JP_FA, o + J_RA, o + J_FA);
    packSide(ctx, bb, p + JP_LB, p + JP_FB, o + J_RB, o + J_FB);
    jc[o + J_DC] = b.cx[bb]! - b.cx[a]!;
    jc[o + J_DC + 1] = b.cy[bb]! - b.cy[a]!;
    jc[o + J_DC + 2] = b.cz[bb]! - b.cz[a]!;
    const q = j * JI_STRIDE;
    for (let i = 0; i < JI_STRIDE; i++) jc[o + J_IMPULSE + i] = warmStarting ? imp[q + i]! : 0;
    const kd = js.kind[j]!;
    if (kd === JOINT3_HINGE) prepareAxial(ctx, j, o);
    else if (kd === JOINT3_CONE_TWIST) prepareConeTwist(ctx, j, o);
    else if (kd !== JOINT3_BALL) JOINT3_SOLVERS[kd]!.prepare(ctx, j, o);
  }
}

/** Body slot `i`'s anchor R(q)(local − localCenter) into jc[r..] and frame q·f into jc[f..]. */
function packSide(ctx: JointContext3, i: number, la: number, lf: number, r: number, f: number): void {
  const b = ctx.bodies;
  const p = ctx.joints.param;
  const jc = ctx.jc;
  const x = b.qx[i]!;
  const y = b.qy[i]!;
  const z = b.qz[i]!;
  const w = b.qw[i]!;
  const vx = p[la]! - b.lcx[i]!;
  const vy = p[la + 1]! - b.lcy[i]!;
  const vz = p[la + 2]! - b.lcz[i]!;
  const tx = 2 * (y * vz - z * vy);
  const ty = 2 * (z * vx - x * vz);
  const tz = 2 * (x * vy - y * vx);
  jc[r] = vx + w * tx + (y * tz - z * ty);
  jc[r + 1] = vy + w * ty + (z * tx - x * tz);
  jc[r + 2] = vz + w * tz + (x * ty - y * tx);
  const fx = p[lf]!;
  const fy = p[lf + 1]!;
  const fz = p[lf + 2]!;
  const fw = p[lf + 3]!;
  jc[f] = w * fx + x * fw + y * fz - z * fy;
  jc[f + 1] = w * fy - x * fz + y * fw + z * fx;
  jc[f + 2] = w * fz + x * fy - y * fx + z * fw;
  jc[f + 3] = w * fw - x * fx - y * fy - z * fz;
}

/** Zeroes the accumulated impulses (each substep without warm starting). */
export function resetJointImpulses3(ctx: JointContext3, n: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const JC_STRIDE = 96;
  const JI_STRIDE = 18;
  const J_IMPULSE = 14;
  const jc = ctx.jc;
  for (let k = 0; k < n; k++) jc.fill(0, k * JC_STRIDE + J_IMPULSE, k * JC_STRIDE + J_IMPULSE + JI_STRIDE);
}

/** Applies the accumulated impulses of every packed joint (warm starting, §26.2). */
export function warmStartJoints3(ctx: JointContext3, list: Int32Array, n: number, jb: Int32Array): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const JC_STRIDE = 96;
  const JOINT3_BALL = 0;
  const JOINT3_CONE_TWIST = 5;
  const JOINT3_HINGE = 1;
  const kind = ctx.joints.kind;
  for (let k = 0; k < n; k++) {
    const kd = kind[list[k]!]!;
    const o = k * JC_STRIDE;
    const oa = jb[2 * k]!;
    const ob = jb[2 * k + 1]!;
    if (kd === JOINT3_HINGE) warmStartHinge(ctx, o, oa, ob);
    else if (kd === JOINT3_BALL) warmStartBall(ctx, o, oa, ob);
    else if (kd === JOINT3_CONE_TWIST) warmStartConeTwist(ctx, o, oa, ob);
    else JOINT3_SOLVERS[kd]!.warmStart(ctx, o, oa, ob);
  }
}

/**
 * Measures every packed joint's geometry at the current poses (the kinds' `refresh`): before the
 * first substep (every substep in the PGS modes); the soft step's projection measures it after.
 */
export function refreshJoints3(ctx: JointContext3, list: Int32Array, n: number, jb: Int32Array): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const JC_STRIDE = 96;
  const JOINT3_BALL = 0;
  const JOINT3_CONE_TWIST = 5;
  const JOINT3_HINGE = 1;
  const kind = ctx.joints.kind;
  for (let k = 0; k < n; k++) {
    const kd = kind[list[k]!]!;
    const o = k * JC_STRIDE;
    const oa = jb[2 * k]!;
    const ob = jb[2 * k + 1]!;
    if (kd === JOINT3_HINGE) refreshHinge(ctx, o, oa, ob);
    else if (kd === JOINT3_BALL) refreshBall(ctx, o, oa, ob);
    else if (kd === JOINT3_CONE_TWIST) refreshConeTwist(ctx, o, oa, ob);
    else JOINT3_SOLVERS[kd]!.refresh(ctx, o, oa, ob);
  }
}

/**
 * After a substep's position update (soft step, before the relax passes): every packed joint's
 * anchors and axes at the new poses, the effective masses kept (the kinds' `refreshAxes`).
 */
export function refreshJointAxes3(ctx: JointContext3, list: Int32Array, n: number, jb: Int32Array): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const JC_STRIDE = 96;
  const JOINT3_BALL = 0;
  const JOINT3_CONE_TWIST = 5;
  const JOINT3_HINGE = 1;
  const kind = ctx.joints.kind;
  for (let k = 0; k < n; k++) {
    const kd = kind[list[k]!]!;
    const o = k * JC_STRIDE;
    const oa = jb[2 * k]!;
    const ob = jb[2 * k + 1]!;
    if (kd === JOINT3_HINGE) refreshAxesHinge(ctx, o, oa, ob);
    else if (kd === JOINT3_BALL) refreshAxesBall(ctx, o, oa, ob);
    else if (kd === JOINT3_CONE_TWIST) refreshAxesConeTwist(ctx, o, oa, ob);
    else JOINT3_SOLVERS[kd]!.refreshAxes(ctx, o, oa, ob);
  }
}

/**
 * One Gauss–Seidel pass over the packed joints (`useBias` false: the soft step's relax pass) on the
 * geometry of the last refresh; the hinge, ball and cone-twist passes are called directly (the
 * ragdoll's and the chains' kinds), the others through their kind's solver. `reverse` sweeps the
 * list from its end: the solve stage alternates the direction of its solve passes (symmetric
 * Gauss–Seidel), so a load at either end of a long chain crosses it within one pair of passes
 * instead of one link per pass — with forward sweeps only, a 100-link chain released
 * horizontally fails to carry the whip's tension and tears apart.
 */
export function solveJoints3(
  ctx: JointContext3,
  list: Int32Array,
  n: number,
  jb: Int32Array,
  useBias: boolean,
  reverse: boolean,
): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const JC_STRIDE = 96;
  const JOINT3_BALL = 0;
  const JOINT3_CONE_TWIST = 5;
  const JOINT3_HINGE = 1;
  const kind = ctx.joints.kind;
  for (let q = 0; q < n; q++) {
    const k = reverse ? n - 1 - q : q;
    const kd = kind[list[k]!]!;
    const o = k * JC_STRIDE;
    const oa = jb[2 * k]!;
    const ob = jb[2 * k + 1]!;
    if (kd === JOINT3_HINGE) solveHinge(ctx, o, oa, ob, useBias);
    else if (kd === JOINT3_BALL) solveBall(ctx, o, oa, ob, useBias);
    else if (kd === JOINT3_CONE_TWIST) solveConeTwist(ctx, o, oa, ob, useBias);
    else JOINT3_SOLVERS[kd]!.solve(ctx, o, oa, ob, useBias);
  }
}

/**
 * The position projection of every packed joint's point constraint (after a substep's relax pass);
 * with anchored structures (shock-propagation.ts) in the order nearest the anchors first.
 */
export function projectJoints3(ctx: JointContext3, list: Int32Array, n: number, jb: Int32Array): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const JC_STRIDE = 96;
  const JOINT3_BALL = 0;
  const JOINT3_CONE_TWIST = 5;
  const JOINT3_HINGE = 1;
  const kind = ctx.joints.kind;
  // anchored structures: nearest the anchor first (shock-propagation.ts)
  const sorted = ctx.projScaled;
  const order = ctx.projSorted;
  for (let q = 0; q < n; q++) {
    const k = sorted ? order[q]! : q;
    const kd = kind[list[k]!]!;
    const o = k * JC_STRIDE;
    const oa = jb[2 * k]!;
    const ob = jb[2 * k + 1]!;
    if (kd === JOINT3_HINGE) projectHinge(ctx, o, oa, ob);
    else if (kd === JOINT3_BALL) projectBall(ctx, o, oa, ob);
    else if (kd === JOINT3_CONE_TWIST) projectConeTwist(ctx, o, oa, ob);
    else JOINT3_SOLVERS[kd]!.project(ctx, o, oa, ob);
  }
}

/**
 * After the substeps: the impulses go back to the store (next step's warm start), the reaction
 * force and torque are computed, and joints whose reaction passed breakForce / breakTorque are
 * written to `broken` (returns how many).
 */
export function finishJoints3(ctx: JointContext3, list: Int32Array, n: number, broken: Int32Array): number {
  // the layout as local literals (a module constant is a context load and a check per use)
  const JC_STRIDE = 96;
  const JI_STRIDE = 18;
  const JOINT3_BALL = 0;
  const JOINT3_CONE_TWIST = 5;
  const JOINT3_HINGE = 1;
  const J_IMPULSE = 14;
  const js = ctx.joints;
  const jc = ctx.jc;
  const imp = js.impulse;
  let nBroken = 0;
  for (let k = 0; k < n; k++) {
    const j = list[k]!;
    const o = k * JC_STRIDE;
    const q = j * JI_STRIDE;
    for (let i = 0; i < JI_STRIDE; i++) imp[q + i] = jc[o + J_IMPULSE + i]!;
    const kd = js.kind[j]!;
    if (kd === JOINT3_HINGE) reactionHinge(ctx, j, o);
    else if (kd === JOINT3_BALL) reactionBall(ctx, j, o);
    else if (kd === JOINT3_CONE_TWIST) reactionConeTwist(ctx, j, o);
    else JOINT3_SOLVERS[kd]!.reaction(ctx, j, o);
    const f = js.force;
    const t = js.torque;
    const fx = f[3 * j]!;
    const fy = f[3 * j + 1]!;
    const fz = f[3 * j + 2]!;
    const tx = t[3 * j]!;
    const ty = t[3 * j + 1]!;
    const tz = t[3 * j + 2]!;
    const bf = js.breakForce[j]!;
    const bt = js.breakTorque[j]!;
    if (fx * fx + fy * fy + fz * fz > bf * bf || tx * tx + ty * ty + tz * tz > bt * bt) broken[nBroken++] = j;
  }
  return nBroken;
}

/**
 * The joints' part of the solve stage's preparation: the live joints with an awake body are listed
 * (slot order), the rigid softness set for the substep, and the list packed. Returns how many.
 */
export function prepareJointStep3(
  ctx: JointContext3,
  awake: Uint8Array,
  stateOf: Int32Array,
  warmStarting: boolean,
): number {
  const js = ctx.joints;
  ctx.ensure(js.capacity, ctx.bodies.capacity);
  const list = ctx.list;
  let n = 0;
  for (let j = 0; j < js.count; j++) {
    if (js.alive[j] === 1 && (awake[js.bodyA[j]!] === 1 || awake[js.bodyB[j]!] === 1)) list[n++] = j;
  }
  ctx.n = n;
  if (n > 0) {
    prepareJoints3(ctx, list, n, ctx.jb, stateOf, warmStarting);
    shockPropagation3(ctx, n);
  }
  return n;
}
