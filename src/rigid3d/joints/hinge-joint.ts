/**
 * The hinge (revolute) joint (textbook §26.2 "ジョイントとモーター"): the ball joint's point
 * constraint plus the hinge's two rotational constraints — B's axis b stays on A's axis a,
 * C = (a × b)·(y_A, z_A) = 0 with Ċ = (ωB − ωA)·(y_A, z_A), a 2 × 2 block — leaving the rotation
 * θ about the axis free. Optional, each on θ (the twist of B's frame relative to A's about the
 * axis, 2·atan2(q_x, q_w)): a rotational spring (soft, Hz and damping ratio, Catto 2011), a motor
 * driving the relative angular speed along the axis to the target with its accumulated impulse
 * clamped to ±τmax·h, and lower / upper limits — inequalities acting only at the limit
 * (accumulated impulse ≥ 0, speculative inside the range). Solve order: spring, motor, limits,
 * the two rotational rows, the point (last, so it is the most exactly satisfied).
 */
import { makeSoftness } from '../../dynamics/softness.js';

import { pointWarmStartCached, projectAnchorsCaching, solvePointCached } from './ball-joint.js';
import { projectRigidHinge } from './hinge-projection.js';
import {
  anchorsNow,
  atan2Into,
  framesNow,
  J_IMPULSE as J_IMPULSE_,
  J_KIND as J_KIND_,
  type JointContext3,
  type JointKindSolver3,
  rigidAngular,
  smallTurn,
} from './joint-context.js';
import {
  A2_SIZE,
  angular2PointCached,
  angularBlock2Cached,
  angularLimitRow,
  angularRow,
  applyJointImpulse,
  cacheAngular2,
  cachePoint,
  PC_SIZE,
  projectAngular,
  projectAngular2Cached,
} from './joint-rows.js';

import { cacheAnchorsNow3 } from './point-projection.js';

// module-local copies of the imported layout constants (plain constants in the hot loops)
const J_IMPULSE = J_IMPULSE_;
const J_KIND = J_KIND_;

// kind block (shared with the slider, whose rows are linear)
/** spring bias rate */
export const K_SPRING_RATE = J_KIND;
/** spring mass scale */
export const K_SPRING_MASS = J_KIND + 1;
/** spring impulse scale */
export const K_SPRING_IMPULSE = J_KIND + 2;
/** 1 with a spring */
export const K_ENABLE_SPRING = J_KIND + 3;
/** 1 with a motor */
export const K_ENABLE_MOTOR = J_KIND + 4;
/** 1 with limits */
export const K_ENABLE_LIMIT = J_KIND + 5;
/** lower limit */
export const K_LOWER = J_KIND + 6;
/** upper limit */
export const K_UPPER = J_KIND + 7;
/** motor speed */
export const K_MOTOR_SPEED = J_KIND + 8;
/** largest motor impulse per substep (τmax·h or Fmax·h) */
export const K_MAX_MOTOR_IMPULSE = J_KIND + 9;

const HI_POINT = J_IMPULSE;
const HI_ANGULAR = J_IMPULSE + 3;
// the hinge's cached geometry (joint-context.ts `refresh`), after the axial numbers
/** the point block */
const H_POINT = J_KIND + 10;
/** the two rotational rows */
const H_ROWS = H_POINT + PC_SIZE;
/** frame A's x axis, the hinge axis (3) */
const H_AX = H_ROWS + A2_SIZE;
/** the hinge angle (with a spring or limits) */
const H_ANGLE = H_AX + 3;

/** hinge and slider: accumulated spring impulse */
export const HI_SPRING = J_IMPULSE + 5;
/** accumulated motor impulse */
export const HI_MOTOR = J_IMPULSE + 6;
/** accumulated lower-limit impulse */
export const HI_LOWER = J_IMPULSE + 7;
/** accumulated upper-limit impulse */
export const HI_UPPER = J_IMPULSE + 8;

/** The axial features (spring, motor, limits) of a hinge or slider into its kind block. */
export function prepareAxial(ctx: JointContext3, j: number, o: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const HI_LOWER = 21;
  const HI_MOTOR = 20;
  const HI_SPRING = 19;
  const HI_UPPER = 22;
  const JP_DAMPING = 22;
  const JP_ENABLE_LIMIT = 14;
  const JP_ENABLE_MOTOR = 17;
  const JP_ENABLE_SPRING = 20;
  const JP_HERTZ = 21;
  const JP_LOWER = 15;
  const JP_MAX_MOTOR = 19;
  const JP_MOTOR_SPEED = 18;
  const JP_STRIDE = 70;
  const JP_UPPER = 16;
  const K_ENABLE_LIMIT = 37;
  const K_ENABLE_MOTOR = 36;
  const K_ENABLE_SPRING = 35;
  const K_LOWER = 38;
  const K_MAX_MOTOR_IMPULSE = 41;
  const K_MOTOR_SPEED = 40;
  const K_SPRING_IMPULSE = 34;
  const K_SPRING_MASS = 33;
  const K_SPRING_RATE = 32;
  const K_UPPER = 39;
  const jc = ctx.jc;
  const p = ctx.joints.param;
  const q = j * JP_STRIDE;
  if (p[q + JP_ENABLE_SPRING] === 1) {
    makeSoftness(p[q + JP_HERTZ]!, p[q + JP_DAMPING]!, ctx.h, ctx.spring);
    jc[o + K_SPRING_RATE] = ctx.spring.biasRate;
    jc[o + K_SPRING_MASS] = ctx.spring.massScale;
    jc[o + K_SPRING_IMPULSE] = ctx.spring.impulseScale;
  }
  jc[o + K_ENABLE_SPRING] = p[q + JP_ENABLE_SPRING]!;
  jc[o + K_ENABLE_MOTOR] = p[q + JP_ENABLE_MOTOR]!;
  jc[o + K_ENABLE_LIMIT] = p[q + JP_ENABLE_LIMIT]!;
  jc[o + K_LOWER] = p[q + JP_LOWER]!;
  jc[o + K_UPPER] = p[q + JP_UPPER]!;
  jc[o + K_MOTOR_SPEED] = p[q + JP_MOTOR_SPEED]!;
  jc[o + K_MAX_MOTOR_IMPULSE] = p[q + JP_MAX_MOTOR]! * ctx.h;
  if (jc[o + K_ENABLE_SPRING] === 0) jc[o + HI_SPRING] = 0;
  if (jc[o + K_ENABLE_MOTOR] === 0) jc[o + HI_MOTOR] = 0;
  if (jc[o + K_ENABLE_LIMIT] === 0) {
    jc[o + HI_LOWER] = 0;
    jc[o + HI_UPPER] = 0;
  }
}

/** The hinge angle θ = 2·atan2(q_x, q_w) of the relative rotation in t[T_Q] (w ≥ 0), into t[T_FREE]. */
export function hingeAngle(ctx: JointContext3): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const T_ATAN = 86;
  const T_FREE = 72;
  const T_Q = 17;
  const t = ctx.t;
  atan2Into(t, T_Q, T_Q + 3);
  t[T_FREE] = 2 * t[T_ATAN]!;
}

/** The hinge kind's `refresh` pass (exported for the solver's direct dispatch). */
export function refreshHinge(ctx: JointContext3, o: number, oa: number, ob: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const H_ANGLE = 75;
  const H_AX = 72;
  const H_POINT = 42;
  const H_ROWS = 58;
  const K_ENABLE_LIMIT = 37;
  const K_ENABLE_SPRING = 35;
  const T_AX = 21;
  const T_FREE = 72;
  const jc = ctx.jc;
  const t = ctx.t;
  if (jc[o + K_ENABLE_SPRING] !== 1 && jc[o + K_ENABLE_LIMIT] !== 1) {
    projectRigidHinge(ctx, o, oa, ob, o + H_AX, o + H_ROWS, o + H_POINT, false);
    return;
  }
  framesNow(ctx, o, oa, ob);
  if (jc[o + K_ENABLE_SPRING] === 1 || jc[o + K_ENABLE_LIMIT] === 1) {
    hingeAngle(ctx);
    jc[o + H_ANGLE] = t[T_FREE]!;
  }
  jc[o + H_AX] = t[T_AX]!;
  jc[o + H_AX + 1] = t[T_AX + 1]!;
  jc[o + H_AX + 2] = t[T_AX + 2]!;
  hingeRows(ctx);
  cacheAngular2(ctx, o, o + H_ROWS);
  anchorsNow(ctx, o, oa, ob);
  cachePoint(ctx, o, o + H_POINT);
}

/** The hinge kind's `refreshAxes` pass (exported for the solver's direct dispatch). */
export function refreshAxesHinge(ctx: JointContext3, o: number, oa: number, ob: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const A2_C = 6;
  const A2_U = 0;
  const A2_V = 3;
  const H_ANGLE = 75;
  const H_AX = 72;
  const H_POINT = 42;
  const H_ROWS = 58;
  const J_FA = 88;
  const K_ENABLE_LIMIT = 37;
  const K_ENABLE_MOTOR = 36;
  const K_ENABLE_SPRING = 35;
  const SB_DQX = 9;
  const T_AX = 21;
  const T_C = 33;
  const T_FREE = 72;
  const T_U = 36;
  const T_U2 = 39;
  if (!smallTurn(ctx, oa, ob)) {
    refreshHinge(ctx, o, oa, ob);
    return;
  }
  const jc = ctx.jc;
  const t = ctx.t;
  const c = o + H_ROWS;
  if (jc[o + K_ENABLE_SPRING] === 1 || jc[o + K_ENABLE_LIMIT] === 1 || jc[o + K_ENABLE_MOTOR] === 1) {
    framesNow(ctx, o, oa, ob);
    if (jc[o + K_ENABLE_SPRING] === 1 || jc[o + K_ENABLE_LIMIT] === 1) {
      hingeAngle(ctx);
      jc[o + H_ANGLE] = t[T_FREE]!;
    }
    jc[o + H_AX] = t[T_AX]!;
    jc[o + H_AX + 1] = t[T_AX + 1]!;
    jc[o + H_AX + 2] = t[T_AX + 2]!;
    hingeRows(ctx);
    for (let i = 0; i < 3; i++) {
      jc[c + A2_U + i] = t[T_U + i]!;
      jc[c + A2_V + i] = t[T_U2 + i]!;
    }
    jc[c + A2_C] = t[T_C]!;
    jc[c + A2_C + 1] = t[T_C + 1]!;
  } else {
    // the rigid hinge's rows need only frame A's y and z axes (the errors are the projection's)
    // frame A = ΔqA·FA₀ (joint-context.ts quatMulInto, in locals)
    const ss = ctx.ss;
    const qx = ss[oa + SB_DQX]!;
    const qy = ss[oa + SB_DQX + 1]!;
    const qz = ss[oa + SB_DQX + 2]!;
    const qw = ss[oa + SB_DQX + 3]!;
    const fx = jc[o + J_FA]!;
    const fy = jc[o + J_FA + 1]!;
    const fz = jc[o + J_FA + 2]!;
    const fw = jc[o + J_FA + 3]!;
    const ax = qw * fx + qx * fw + qy * fz - qz * fy;
    const ay = qw * fy - qx * fz + qy * fw + qz * fx;
    const az = qw * fz + qx * fy - qy * fx + qz * fw;
    const aw = qw * fw - qx * fx - qy * fy - qz * fz;
    jc[c + A2_U] = 2 * (ax * ay - aw * az);
    jc[c + A2_U + 1] = 1 - 2 * (ax * ax + az * az);
    jc[c + A2_U + 2] = 2 * (ay * az + aw * ax);
    jc[c + A2_V] = 2 * (ax * az + aw * ay);
    jc[c + A2_V + 1] = 2 * (ay * az - aw * ax);
    jc[c + A2_V + 2] = 1 - 2 * (ax * ax + ay * ay);
  }
  cacheAnchorsNow3(ctx, o, oa, ob, o + H_POINT);
}

/** The hinge kind's `warmStart` pass (exported for the solver's direct dispatch). */
export function warmStartHinge(ctx: JointContext3, o: number, oa: number, ob: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const A2_U = 0;
  const A2_V = 3;
  const HI_ANGULAR = 17;
  const HI_LOWER = 21;
  const HI_MOTOR = 20;
  const HI_POINT = 14;
  const HI_SPRING = 19;
  const HI_UPPER = 22;
  const H_AX = 72;
  const H_POINT = 42;
  const H_ROWS = 58;
  const T_L = 51;
  const jc = ctx.jc;
  const t = ctx.t;
  pointWarmStartCached(ctx, o + HI_POINT, o + H_POINT);
  const axial = jc[o + HI_SPRING]! + jc[o + HI_MOTOR]! + jc[o + HI_LOWER]! - jc[o + HI_UPPER]!;
  const l1 = jc[o + HI_ANGULAR]!;
  const l2 = jc[o + HI_ANGULAR + 1]!;
  const u = o + H_ROWS + A2_U;
  const v = o + H_ROWS + A2_V;
  for (let i = 0; i < 3; i++) t[T_L + i] = axial * jc[o + H_AX + i]! + l1 * jc[u + i]! + l2 * jc[v + i]!;
  applyJointImpulse(ctx, o, oa, ob);
}

/** Sets t[T_U] to ±frame A's x axis. */
function axisU(t: Float64Array, sign: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const T_AX = 21;
  const T_U = 36;
  t[T_U] = sign * t[T_AX]!;
  t[T_U + 1] = sign * t[T_AX + 1]!;
  t[T_U + 2] = sign * t[T_AX + 2]!;
}

/** Sets t[T_U] to ±the cached hinge axis of the joint at `o`. */
function cachedAxisU(ctx: JointContext3, o: number, sign: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const H_AX = 72;
  const T_U = 36;
  const t = ctx.t;
  const jc = ctx.jc;
  t[T_U] = sign * jc[o + H_AX]!;
  t[T_U + 1] = sign * jc[o + H_AX + 1]!;
  t[T_U + 2] = sign * jc[o + H_AX + 2]!;
}

/** The two rotational rows' axes y_A, z_A (T_U, T_U2) and errors (a × b)·y_A, (a × b)·z_A (T_C), after framesNow. */
function hingeRows(ctx: JointContext3): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const T_AX = 21;
  const T_AY = 24;
  const T_AZ = 27;
  const T_BX = 30;
  const T_C = 33;
  const T_U = 36;
  const T_U2 = 39;
  const t = ctx.t;
  const ax = t[T_AX]!;
  const ay = t[T_AX + 1]!;
  const az = t[T_AX + 2]!;
  const bx = t[T_BX]!;
  const by = t[T_BX + 1]!;
  const bz = t[T_BX + 2]!;
  const cx = ay * bz - az * by;
  const cy = az * bx - ax * bz;
  const cz = ax * by - ay * bx;
  for (let i = 0; i < 3; i++) {
    t[T_U + i] = t[T_AY + i]!;
    t[T_U2 + i] = t[T_AZ + i]!;
  }
  t[T_C] = cx * t[T_AY]! + cy * t[T_AY + 1]! + cz * t[T_AY + 2]!;
  t[T_C + 1] = cx * t[T_AZ]! + cy * t[T_AZ + 1]! + cz * t[T_AZ + 2]!;
}

/**
 * The projection of the two rotational rows and the point after a substep; the geometry it
 * measures stays in the joint's cache for the next substep's warm start and solve passes.
 */
/** The hinge kind's `project` pass (exported for the solver's direct dispatch). */
export function projectHinge(ctx: JointContext3, o: number, oa: number, ob: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const H_ANGLE = 75;
  const H_AX = 72;
  const H_POINT = 42;
  const H_ROWS = 58;
  const K_ENABLE_LIMIT = 37;
  const K_ENABLE_SPRING = 35;
  const K_LOWER = 38;
  const K_UPPER = 39;
  const T_AX = 21;
  const T_C = 33;
  const T_FREE = 72;
  const T_SB = 62;
  const jc = ctx.jc;
  const t = ctx.t;
  const limit = jc[o + K_ENABLE_LIMIT] === 1;
  if (!limit && jc[o + K_ENABLE_SPRING] !== 1) {
    projectRigidHinge(ctx, o, oa, ob, o + H_AX, o + H_ROWS, o + H_POINT, true);
    return;
  }
  framesNow(ctx, o, oa, ob);
  if (jc[o + K_ENABLE_SPRING] === 1 || limit) {
    hingeAngle(ctx);
    jc[o + H_ANGLE] = t[T_FREE]!;
  }
  jc[o + H_AX] = t[T_AX]!;
  jc[o + H_AX + 1] = t[T_AX + 1]!;
  jc[o + H_AX + 2] = t[T_AX + 2]!;
  hingeRows(ctx);
  cacheAngular2(ctx, o, o + H_ROWS);
  t[T_SB] = ctx.projection;
  projectAngular2Cached(ctx, o, oa, ob, o + H_ROWS);
  if (limit) {
    // a violated limit is projected back onto it
    framesNow(ctx, o, oa, ob);
    hingeAngle(ctx);
    const angle = t[T_FREE]!;
    jc[o + H_ANGLE] = angle;
    const lo = jc[o + K_LOWER]!;
    const hi = jc[o + K_UPPER]!;
    if (angle < lo || angle > hi) {
      t[T_C] = angle < lo ? angle - lo : angle - hi;
      axisU(t, 1);
      projectAngular(ctx, o, oa, ob, 1);
    }
  }
  projectAnchorsCaching(ctx, o, oa, ob, o + H_POINT);
}

/** The hinge's velocity pass on its cached geometry (exported for the solver's direct dispatch). */
export function solveHinge(ctx: JointContext3, o: number, oa: number, ob: number, useBias: boolean): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const HI_ANGULAR = 17;
  const HI_LOWER = 21;
  const HI_MOTOR = 20;
  const HI_POINT = 14;
  const HI_SPRING = 19;
  const HI_UPPER = 22;
  const H_ANGLE = 75;
  const H_AX = 72;
  const H_POINT = 42;
  const H_ROWS = 58;
  const K_ENABLE_LIMIT = 37;
  const K_ENABLE_MOTOR = 36;
  const K_ENABLE_SPRING = 35;
  const K_LOWER = 38;
  const K_MAX_MOTOR_IMPULSE = 41;
  const K_MOTOR_SPEED = 40;
  const K_SPRING_IMPULSE = 34;
  const K_SPRING_MASS = 33;
  const K_SPRING_RATE = 32;
  const K_UPPER = 39;
  const T_B = 54;
  const T_CS = 87;
  const T_HI = 58;
  const T_IS = 56;
  const T_LO = 57;
  const T_MS = 55;
  const jc = ctx.jc;
  const t = ctx.t;
  const spring = jc[o + K_ENABLE_SPRING] === 1;
  const limit = jc[o + K_ENABLE_LIMIT] === 1;
  if (spring) {
    const angle = jc[o + H_ANGLE]!;
    cachedAxisU(ctx, o, 1);
    t[T_B] = jc[o + K_SPRING_RATE]! * angle;
    t[T_MS] = jc[o + K_SPRING_MASS]!;
    t[T_IS] = jc[o + K_SPRING_IMPULSE]!;
    t[T_LO] = Number.NEGATIVE_INFINITY;
    t[T_HI] = Number.POSITIVE_INFINITY;
    angularRow(ctx, o, oa, ob, o + HI_SPRING);
  }
  if (jc[o + K_ENABLE_MOTOR] === 1) {
    cachedAxisU(ctx, o, 1);
    const max = jc[o + K_MAX_MOTOR_IMPULSE]!;
    t[T_B] = -jc[o + K_MOTOR_SPEED]!;
    t[T_MS] = 1;
    t[T_IS] = 0;
    t[T_LO] = -max;
    t[T_HI] = max;
    angularRow(ctx, o, oa, ob, o + HI_MOTOR);
  }
  if (limit) {
    const angle = jc[o + H_ANGLE]!;
    t[T_CS] = angle - jc[o + K_LOWER]!;
    angularLimitRow(ctx, o, oa, ob, o + HI_LOWER, o + H_AX, 1, useBias);
    t[T_CS] = jc[o + K_UPPER]! - angle;
    angularLimitRow(ctx, o, oa, ob, o + HI_UPPER, o + H_AX, -1, useBias);
  }
  // the two rotational rows then the point (both rigid in the soft step) in one call
  rigidAngular(ctx, useBias);
  if (ctx.baumgarte) {
    angularBlock2Cached(ctx, o, oa, ob, o + HI_ANGULAR, o + H_ROWS);
    solvePointCached(ctx, o, oa, ob, o + HI_POINT, o + H_POINT, useBias);
  } else angular2PointCached(ctx, o, oa, ob, o + HI_ANGULAR, o + H_ROWS, o + HI_POINT, o + H_POINT);
}

/** The hinge kind's reaction readout (exported for the solver's direct dispatch). */
export function reactionHinge(ctx: JointContext3, j: number, o: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const HI_ANGULAR = 17;
  const HI_LOWER = 21;
  const HI_MOTOR = 20;
  const HI_POINT = 14;
  const HI_SPRING = 19;
  const HI_UPPER = 22;
  const T_AX = 21;
  const T_AY = 24;
  const T_AZ = 27;
  const js = ctx.joints;
  const jc = ctx.jc;
  const t = ctx.t;
  // the axes at the start of the step (the packed frames, no in-step rotation)
  const axial = jc[o + HI_SPRING]! + jc[o + HI_MOTOR]! + jc[o + HI_LOWER]! - jc[o + HI_UPPER]!;
  const l1 = jc[o + HI_ANGULAR]!;
  const l2 = jc[o + HI_ANGULAR + 1]!;
  startAxes(ctx, o);
  for (let i = 0; i < 3; i++) {
    js.force[3 * j + i] = jc[o + HI_POINT + i]! * ctx.invH;
    js.torque[3 * j + i] = (axial * t[T_AX + i]! + l1 * t[T_AY + i]! + l2 * t[T_AZ + i]!) * ctx.invH;
  }
}

/** Frame A's axes at the start of the step (from the packed frame) into t[T_AX..T_AZ]. */
export function startAxes(ctx: JointContext3, o: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const J_FA = 88;
  const T_AX = 21;
  const T_AY = 24;
  const T_AZ = 27;
  const jc = ctx.jc;
  const t = ctx.t;
  const k = o + J_FA;
  const x = jc[k]!;
  const y = jc[k + 1]!;
  const z = jc[k + 2]!;
  const w = jc[k + 3]!;
  t[T_AX] = 1 - 2 * (y * y + z * z);
  t[T_AX + 1] = 2 * (x * y + w * z);
  t[T_AX + 2] = 2 * (x * z - w * y);
  t[T_AY] = 2 * (x * y - w * z);
  t[T_AY + 1] = 1 - 2 * (x * x + z * z);
  t[T_AY + 2] = 2 * (y * z + w * x);
  t[T_AZ] = 2 * (x * z + w * y);
  t[T_AZ + 1] = 2 * (y * z - w * x);
  t[T_AZ + 2] = 1 - 2 * (x * x + y * y);
}

/** The hinge joint's passes. */
export const hingeJointSolver: JointKindSolver3 = {
  prepare: prepareAxial,
  refresh: refreshHinge,
  refreshAxes: refreshAxesHinge,
  warmStart: warmStartHinge,
  solve: solveHinge,
  reaction: reactionHinge,
  project: projectHinge,
};

/**
 * The hinge kind's offsets in a packed joint and its scratch that the passes use only as local
 * literal copies (test/rigid3d/solver-layout.test.ts checks every copy against these).
 */
export const HINGE_LAYOUT3 = { HI_POINT, HI_ANGULAR, H_ANGLE } as const;
