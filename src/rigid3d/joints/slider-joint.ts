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
  HI_LOWER,
  HI_MOTOR,
  HI_SPRING,
  HI_UPPER,
  K_ENABLE_LIMIT,
  K_ENABLE_MOTOR,
  K_ENABLE_SPRING,
  K_LOWER,
  K_MAX_MOTOR_IMPULSE,
  K_MOTOR_SPEED,
  K_SPRING_IMPULSE,
  K_SPRING_MASS,
  K_SPRING_RATE,
  K_UPPER,
  prepareAxial,
  startAxes,
} from './hinge-joint.js';
import {
  anchorsNow,
  equalityRow,
  framesNow,
  J_IMPULSE,
  type JointContext3,
  type JointKindSolver3,
  limitRow,
  rigidSoftness,
  T_AX,
  T_AY,
  T_AZ,
  T_B,
  T_D,
  T_HI,
  T_IS,
  T_L,
  T_LA,
  T_LB,
  T_LO,
  T_MS,
  T_N,
  T_P,
  T_RA,
  T_RB,
  T_SB,
} from './joint-context.js';
import { angularBlock3, applyJointImpulse, linearRow, projectAngular } from './joint-rows.js';

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
    limitRow(ctx, s - jc[o + K_LOWER]!, useBias);
    direction(t, T_AX, 1);
    linearRow(ctx, o, oa, ob, o + HI_LOWER);
    limitRow(ctx, jc[o + K_UPPER]! - s, useBias);
    direction(t, T_AX, -1);
    linearRow(ctx, o, oa, ob, o + HI_UPPER);
  }
  rotationError(ctx);
  rigidAngular(ctx, useBias);
  angularBlock3(ctx, o, oa, ob, o + SI_ANGULAR);
  for (let r = 0; r < 2; r++) {
    const axis = r === 0 ? T_AY : T_AZ;
    const C = t[T_D]! * t[axis]! + t[T_D + 1]! * t[axis + 1]! + t[T_D + 2]! * t[axis + 2]!;
    equalityRow(ctx, C, useBias);
    direction(t, axis, 1);
    linearRow(ctx, o, oa, ob, o + SI_PERP + r);
  }
}

/** The rotation lock: Baumgarte in the PGS modes; rigid at the velocity level with projection in the soft step. */
export function rigidAngular(ctx: JointContext3, useBias: boolean): void {
  if (ctx.baumgarte) rigidSoftness(ctx, useBias);
  else {
    ctx.t[T_SB] = 0;
    ctx.t[T_SB + 1] = 1;
    ctx.t[T_SB + 2] = 0;
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
  warmStart,
  solve,
  reaction,
  project,
};
