/**
 * The slider (prismatic) joint (textbook §26.2 "ジョイントとモーター"): B moves along A's axis
 * only — the anchor separation d stays on the axis, C = d·y_A = d·z_A = 0 (two linear rows with
 * lever arms rA + d on A and rB on B), and the relative orientation is locked (the fixed joint's
 * rotational block). Optional, each on the translation s = d·x_A: a spring (soft, Hz and damping
 * ratio, Catto 2011), a motor with its accumulated impulse clamped to ±Fmax·h, and lower / upper
 * limits (inequalities, speculative inside the range). Solve order: spring, motor, limits, the
 * rotation, the two perpendicular rows.
 */
import { rotationError } from './fixed-joint.js';
import {
  HI_LOWER as HI_LOWER_,
  HI_MOTOR as HI_MOTOR_,
  HI_SPRING as HI_SPRING_,
  HI_UPPER as HI_UPPER_,
  K_ENABLE_LIMIT as K_ENABLE_LIMIT_,
  K_ENABLE_MOTOR as K_ENABLE_MOTOR_,
  K_ENABLE_SPRING as K_ENABLE_SPRING_,
  K_LOWER as K_LOWER_,
  K_MAX_MOTOR_IMPULSE as K_MAX_MOTOR_IMPULSE_,
  K_MOTOR_SPEED as K_MOTOR_SPEED_,
  K_SPRING_IMPULSE as K_SPRING_IMPULSE_,
  K_SPRING_MASS as K_SPRING_MASS_,
  K_SPRING_RATE as K_SPRING_RATE_,
  K_UPPER as K_UPPER_,
  prepareAxial,
  startAxes,
} from './hinge-joint.js';
import {
  anchorsNow,
  equalityRow,
  framesNow,
  J_IMPULSE as J_IMPULSE_,
  type JointContext3,
  type JointKindSolver3,
  limitRow,
  noRefresh,
  rigidAngular,
  T_AX as T_AX_,
  T_AY as T_AY_,
  T_AZ as T_AZ_,
  T_B as T_B_,
  T_CS as T_CS_,
  T_D as T_D_,
  T_HI as T_HI_,
  T_IS as T_IS_,
  T_L as T_L_,
  T_LA as T_LA_,
  T_LB as T_LB_,
  T_LO as T_LO_,
  T_MS as T_MS_,
  T_N as T_N_,
  T_P as T_P_,
  T_RA as T_RA_,
  T_RB as T_RB_,
  T_SB as T_SB_,
} from './joint-context.js';
import { angularBlock3, applyJointImpulse, linearRow, projectAngular } from './joint-rows.js';

// module-local copies of the imported layout constants (plain constants in the hot loops)
const HI_LOWER = HI_LOWER_;
const HI_MOTOR = HI_MOTOR_;
const HI_SPRING = HI_SPRING_;
const HI_UPPER = HI_UPPER_;
const K_ENABLE_LIMIT = K_ENABLE_LIMIT_;
const K_ENABLE_MOTOR = K_ENABLE_MOTOR_;
const K_ENABLE_SPRING = K_ENABLE_SPRING_;
const K_LOWER = K_LOWER_;
const K_MAX_MOTOR_IMPULSE = K_MAX_MOTOR_IMPULSE_;
const K_MOTOR_SPEED = K_MOTOR_SPEED_;
const K_SPRING_IMPULSE = K_SPRING_IMPULSE_;
const K_SPRING_MASS = K_SPRING_MASS_;
const K_SPRING_RATE = K_SPRING_RATE_;
const K_UPPER = K_UPPER_;
const J_IMPULSE = J_IMPULSE_;
const T_AX = T_AX_;
const T_AY = T_AY_;
const T_AZ = T_AZ_;
const T_B = T_B_;
const T_CS = T_CS_;
const T_D = T_D_;
const T_HI = T_HI_;
const T_IS = T_IS_;
const T_L = T_L_;
const T_LA = T_LA_;
const T_LB = T_LB_;
const T_LO = T_LO_;
const T_MS = T_MS_;
const T_N = T_N_;
const T_P = T_P_;
const T_RA = T_RA_;
const T_RB = T_RB_;
const T_SB = T_SB_;

const SI_PERP = J_IMPULSE;
const SI_ANGULAR = J_IMPULSE + 2;

/** Lever arms rA + d (A) and rB (B) into t[T_LA], t[T_LB] (after anchorsNow). */
function levers(t: Float64Array): void {
  for (let i = 0; i < 3; i++) {
    t[T_LA + i] = t[T_RA + i]! + t[T_D + i]!;
    t[T_LB + i] = t[T_RB + i]!;
  }
}

function direction(t: Float64Array, axis: number, sign: number): void {
  t[T_N] = sign * t[axis]!;
  t[T_N + 1] = sign * t[axis + 1]!;
  t[T_N + 2] = sign * t[axis + 2]!;
}

function warmStart(ctx: JointContext3, o: number, oa: number, ob: number): void {
  const jc = ctx.jc;
  const t = ctx.t;
  framesNow(ctx, o, oa, ob);
  anchorsNow(ctx, o, oa, ob);
  levers(t);
  const axial = jc[o + HI_SPRING]! + jc[o + HI_MOTOR]! + jc[o + HI_LOWER]! - jc[o + HI_UPPER]!;
  const p1 = jc[o + SI_PERP]!;
  const p2 = jc[o + SI_PERP + 1]!;
  for (let i = 0; i < 3; i++) {
    t[T_P + i] = axial * t[T_AX + i]! + p1 * t[T_AY + i]! + p2 * t[T_AZ + i]!;
    t[T_L + i] = jc[o + SI_ANGULAR + i]!;
  }
  applyJointImpulse(ctx, o, oa, ob);
}

function solve(ctx: JointContext3, o: number, oa: number, ob: number, useBias: boolean): void {
  const jc = ctx.jc;
  const t = ctx.t;
  framesNow(ctx, o, oa, ob);
  anchorsNow(ctx, o, oa, ob);
  levers(t);
  const s = t[T_D]! * t[T_AX]! + t[T_D + 1]! * t[T_AX + 1]! + t[T_D + 2]! * t[T_AX + 2]!;
  if (jc[o + K_ENABLE_SPRING] === 1) {
    direction(t, T_AX, 1);
    t[T_B] = jc[o + K_SPRING_RATE]! * s;
    t[T_MS] = jc[o + K_SPRING_MASS]!;
    t[T_IS] = jc[o + K_SPRING_IMPULSE]!;
    t[T_LO] = Number.NEGATIVE_INFINITY;
    t[T_HI] = Number.POSITIVE_INFINITY;
    linearRow(ctx, o, oa, ob, o + HI_SPRING);
  }
  if (jc[o + K_ENABLE_MOTOR] === 1) {
    direction(t, T_AX, 1);
    const max = jc[o + K_MAX_MOTOR_IMPULSE]!;
    t[T_B] = -jc[o + K_MOTOR_SPEED]!;
    t[T_MS] = 1;
    t[T_IS] = 0;
    t[T_LO] = -max;
    t[T_HI] = max;
    linearRow(ctx, o, oa, ob, o + HI_MOTOR);
  }
  if (jc[o + K_ENABLE_LIMIT] === 1) {
    ctx.t[T_CS] = s - jc[o + K_LOWER]!;
    limitRow(ctx, useBias);
    direction(t, T_AX, 1);
    linearRow(ctx, o, oa, ob, o + HI_LOWER);
    ctx.t[T_CS] = jc[o + K_UPPER]! - s;
    limitRow(ctx, useBias);
    direction(t, T_AX, -1);
    linearRow(ctx, o, oa, ob, o + HI_UPPER);
  }
  rotationError(ctx);
  rigidAngular(ctx, useBias);
  angularBlock3(ctx, o, oa, ob, o + SI_ANGULAR);
  for (let r = 0; r < 2; r++) {
    const axis = r === 0 ? T_AY : T_AZ;
    const C = t[T_D]! * t[axis]! + t[T_D + 1]! * t[axis + 1]! + t[T_D + 2]! * t[axis + 2]!;
    ctx.t[T_CS] = C;
    equalityRow(ctx, useBias);
    direction(t, axis, 1);
    linearRow(ctx, o, oa, ob, o + SI_PERP + r);
  }
}

/** The projection of the rotation lock after a substep. */
function project(ctx: JointContext3, o: number, oa: number, ob: number): void {
  framesNow(ctx, o, oa, ob);
  rotationError(ctx);
  ctx.t[T_SB] = ctx.projection;
  projectAngular(ctx, o, oa, ob, 3);
}

function reaction(ctx: JointContext3, j: number, o: number): void {
  const js = ctx.joints;
  const jc = ctx.jc;
  const t = ctx.t;
  startAxes(ctx, o);
  const axial = jc[o + HI_SPRING]! + jc[o + HI_MOTOR]! + jc[o + HI_LOWER]! - jc[o + HI_UPPER]!;
  const p1 = jc[o + SI_PERP]!;
  const p2 = jc[o + SI_PERP + 1]!;
  for (let i = 0; i < 3; i++) {
    js.force[3 * j + i] = (axial * t[T_AX + i]! + p1 * t[T_AY + i]! + p2 * t[T_AZ + i]!) * ctx.invH;
    js.torque[3 * j + i] = jc[o + SI_ANGULAR + i]! * ctx.invH;
  }
}

/** The slider joint's passes. */
export const sliderJointSolver: JointKindSolver3 = {
  prepare: prepareAxial,
  refresh: noRefresh,
  refreshAxes: noRefresh,
  warmStart,
  solve,
  reaction,
  project,
};
