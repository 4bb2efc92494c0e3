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
import { prepareAxial, startAxes } from './hinge-joint.js';
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
} from './joint-context.js';
import { angularBlock3, applyJointImpulse, linearRow, projectAngular } from './joint-rows.js';

// module-local copies of the imported layout constants (plain constants in the hot loops)
const J_IMPULSE = J_IMPULSE_;

const SI_PERP = J_IMPULSE;
const SI_ANGULAR = J_IMPULSE + 2;

/** Lever arms rA + d (A) and rB (B) into t[T_LA], t[T_LB] (after anchorsNow). */
function levers(t: Float64Array): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const T_D = 6;
  const T_LA = 42;
  const T_LB = 45;
  const T_RA = 0;
  const T_RB = 3;
  for (let i = 0; i < 3; i++) {
    t[T_LA + i] = t[T_RA + i]! + t[T_D + i]!;
    t[T_LB + i] = t[T_RB + i]!;
  }
}

function direction(t: Float64Array, axis: number, sign: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const T_N = 59;
  t[T_N] = sign * t[axis]!;
  t[T_N + 1] = sign * t[axis + 1]!;
  t[T_N + 2] = sign * t[axis + 2]!;
}

function warmStart(ctx: JointContext3, o: number, oa: number, ob: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const HI_LOWER = 21;
  const HI_MOTOR = 20;
  const HI_SPRING = 19;
  const HI_UPPER = 22;
  const SI_ANGULAR = 16;
  const SI_PERP = 14;
  const T_AX = 21;
  const T_AY = 24;
  const T_AZ = 27;
  const T_L = 51;
  const T_P = 48;
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
  // the layout as local literals (a module constant is a context load and a check per use)
  const HI_LOWER = 21;
  const HI_MOTOR = 20;
  const HI_SPRING = 19;
  const HI_UPPER = 22;
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
  const SI_ANGULAR = 16;
  const SI_PERP = 14;
  const T_AX = 21;
  const T_AY = 24;
  const T_AZ = 27;
  const T_B = 54;
  const T_CS = 87;
  const T_D = 6;
  const T_HI = 58;
  const T_IS = 56;
  const T_LO = 57;
  const T_MS = 55;
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
  // the layout as local literals (a module constant is a context load and a check per use)
  const T_SB = 62;
  framesNow(ctx, o, oa, ob);
  rotationError(ctx);
  ctx.t[T_SB] = ctx.projection;
  projectAngular(ctx, o, oa, ob, 3);
}

function reaction(ctx: JointContext3, j: number, o: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const HI_LOWER = 21;
  const HI_MOTOR = 20;
  const HI_SPRING = 19;
  const HI_UPPER = 22;
  const SI_ANGULAR = 16;
  const SI_PERP = 14;
  const T_AX = 21;
  const T_AY = 24;
  const T_AZ = 27;
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

/**
 * The slider kind's offsets in a packed joint and its scratch that the passes use only as local
 * literal copies (test/rigid3d/solver-layout.test.ts checks every copy against these).
 */
export const SLIDER_LAYOUT3 = { SI_PERP, SI_ANGULAR } as const;
