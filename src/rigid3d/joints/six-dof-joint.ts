/**
 * The generic six-degree-of-freedom joint (textbook §26.2 "ジョイントとモーター"): each of the
 * three translations along A's frame axes (the anchor separation d·x_A, d·y_A, d·z_A) and each of
 * the three rotations about them (the components of the relative rotation vector
 * θ = 2·atan2(|q_v|, q_w)·q_v/|q_v|, exact for a rotation about one axis) is free, locked
 * (an equality row) or limited (two inequality rows acting only at the limits), and may carry a
 * motor (a velocity row with its accumulated impulse clamped to ±max·h). Linear rows use the lever
 * arms rA + d and rB, as the slider does. Rotations are solved first, translations last.
 */

import { noProjection } from './ball-joint.js';
import { startAxes } from './hinge-joint.js';
import {
  anchorsNow,
  atan2Into,
  equalityRow,
  framesNow,
  J_KIND as J_KIND_,
  type JointContext3,
  type JointKindSolver3,
  limitRow,
  noRefresh,
  T_FREE as T_FREE_,
} from './joint-context.js';
import { angularRow, applyJointImpulse, linearRow } from './joint-rows.js';

// module-local copies of the imported layout constants (plain constants in the hot loops)
const J_KIND = J_KIND_;
const T_FREE = T_FREE_;

/** kind block: per axis mode, lower, upper, motor flag, speed, max impulse (6 numbers × 6 axes) */
const X_AXES = J_KIND;
/** six-dof axis mode: free */
export const DOF_FREE = 0;
/** six-dof axis mode: locked */
export const DOF_LOCKED = 1;
/** six-dof axis mode: limited */
export const DOF_LIMITED = 2;
const THETA = T_FREE; // rotation vector (3)

function prepare(ctx: JointContext3, j: number, o: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const DOF_FREE = 0;
  const DOF_LOCKED = 1;
  const DOF_LOWER = 1;
  const DOF_MAX = 5;
  const DOF_MODE = 0;
  const DOF_MOTOR = 3;
  const DOF_SPEED = 4;
  const DOF_UPPER = 2;
  const JP_DOF = 34;
  const JP_DOF_STRIDE = 6;
  const JP_STRIDE = 70;
  const J_IMPULSE = 14;
  const X_AXES = 32;
  const jc = ctx.jc;
  const p = ctx.joints.param;
  const q = j * JP_STRIDE + JP_DOF;
  for (let a = 0; a < 6; a++) {
    const s = q + a * JP_DOF_STRIDE;
    const k = o + X_AXES + a * JP_DOF_STRIDE;
    jc[k + DOF_MODE] = p[s + DOF_MODE]!;
    jc[k + DOF_LOWER] = p[s + DOF_LOWER]!;
    jc[k + DOF_UPPER] = p[s + DOF_UPPER]!;
    jc[k + DOF_MOTOR] = p[s + DOF_MOTOR]!;
    jc[k + DOF_SPEED] = p[s + DOF_SPEED]!;
    jc[k + DOF_MAX] = p[s + DOF_MAX]! * ctx.h;
    const imp = o + J_IMPULSE + 3 * a;
    if (p[s + DOF_MODE] === DOF_FREE) {
      jc[imp] = 0;
      jc[imp + 1] = 0;
    } else if (p[s + DOF_MODE] === DOF_LOCKED) jc[imp + 1] = 0;
    if (p[s + DOF_MOTOR] !== 1) jc[imp + 2] = 0;
  }
}

/** The rotation vector of t[T_Q] (w ≥ 0) in A's frame into t[THETA..]. */
function rotationVector(t: Float64Array): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const THETA = 72;
  const T_ATAN = 86;
  const T_ATAN_Y = 84;
  const T_Q = 17;
  const x = t[T_Q]!;
  const y = t[T_Q + 1]!;
  const z = t[T_Q + 2]!;
  const s = Math.sqrt(x * x + y * y + z * z);
  let f = 2;
  if (s > 1e-12) {
    t[T_ATAN_Y] = s;
    atan2Into(t, T_ATAN_Y, T_Q + 3);
    f = (2 * t[T_ATAN]!) / s;
  }
  t[THETA] = f * x;
  t[THETA + 1] = f * y;
  t[THETA + 2] = f * z;
}

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

/** Sets ±axis `a` (0..2) of frame A into t[dst..]. */
function setAxis(t: Float64Array, a: number, sign: number, dst: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const T_AX = 21;
  const s = T_AX + 3 * a;
  t[dst] = sign * t[s]!;
  t[dst + 1] = sign * t[s + 1]!;
  t[dst + 2] = sign * t[s + 2]!;
}

function warmStart(ctx: JointContext3, o: number, oa: number, ob: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const J_IMPULSE = 14;
  const T_AX = 21;
  const T_L = 51;
  const T_P = 48;
  const jc = ctx.jc;
  const t = ctx.t;
  framesNow(ctx, o, oa, ob);
  anchorsNow(ctx, o, oa, ob);
  levers(t);
  for (let i = 0; i < 3; i++) {
    t[T_P + i] = 0;
    t[T_L + i] = 0;
  }
  for (let a = 0; a < 6; a++) {
    const imp = o + J_IMPULSE + 3 * a;
    const s = jc[imp]! - jc[imp + 1]! + jc[imp + 2]!;
    if (s === 0) continue;
    const axis = T_AX + 3 * (a % 3);
    const dst = a < 3 ? T_P : T_L;
    for (let i = 0; i < 3; i++) t[dst + i] = t[dst + i]! + s * t[axis + i]!;
  }
  applyJointImpulse(ctx, o, oa, ob);
}

function solve(ctx: JointContext3, o: number, oa: number, ob: number, useBias: boolean): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const DOF_LIMITED = 2;
  const DOF_LOCKED = 1;
  const DOF_LOWER = 1;
  const DOF_MAX = 5;
  const DOF_MODE = 0;
  const DOF_MOTOR = 3;
  const DOF_SPEED = 4;
  const DOF_UPPER = 2;
  const JP_DOF_STRIDE = 6;
  const J_IMPULSE = 14;
  const THETA = 72;
  const T_AX = 21;
  const T_B = 54;
  const T_CS = 87;
  const T_D = 6;
  const T_HI = 58;
  const T_IS = 56;
  const T_LO = 57;
  const T_MS = 55;
  const T_N = 59;
  const T_U = 36;
  const X_AXES = 32;
  const jc = ctx.jc;
  const t = ctx.t;
  framesNow(ctx, o, oa, ob);
  rotationVector(t);
  for (let a = 3; a < 6; a++) {
    const k = o + X_AXES + a * JP_DOF_STRIDE;
    const imp = o + J_IMPULSE + 3 * a;
    const mode = jc[k + DOF_MODE]!;
    const c = t[THETA + a - 3]!;
    if (jc[k + DOF_MOTOR] === 1) {
      setAxis(t, a - 3, 1, T_U);
      const max = jc[k + DOF_MAX]!;
      t[T_B] = -jc[k + DOF_SPEED]!;
      t[T_MS] = 1;
      t[T_IS] = 0;
      t[T_LO] = -max;
      t[T_HI] = max;
      angularRow(ctx, o, oa, ob, imp + 2);
    }
    if (mode === DOF_LOCKED) {
      ctx.t[T_CS] = c;
      equalityRow(ctx, useBias);
      setAxis(t, a - 3, 1, T_U);
      angularRow(ctx, o, oa, ob, imp);
    } else if (mode === DOF_LIMITED) {
      ctx.t[T_CS] = c - jc[k + DOF_LOWER]!;
      limitRow(ctx, useBias);
      setAxis(t, a - 3, 1, T_U);
      angularRow(ctx, o, oa, ob, imp);
      ctx.t[T_CS] = jc[k + DOF_UPPER]! - c;
      limitRow(ctx, useBias);
      setAxis(t, a - 3, -1, T_U);
      angularRow(ctx, o, oa, ob, imp + 1);
    }
  }
  anchorsNow(ctx, o, oa, ob);
  levers(t);
  for (let a = 0; a < 3; a++) {
    const k = o + X_AXES + a * JP_DOF_STRIDE;
    const imp = o + J_IMPULSE + 3 * a;
    const mode = jc[k + DOF_MODE]!;
    const s = T_AX + 3 * a;
    const c = t[T_D]! * t[s]! + t[T_D + 1]! * t[s + 1]! + t[T_D + 2]! * t[s + 2]!;
    if (jc[k + DOF_MOTOR] === 1) {
      setAxis(t, a, 1, T_N);
      const max = jc[k + DOF_MAX]!;
      t[T_B] = -jc[k + DOF_SPEED]!;
      t[T_MS] = 1;
      t[T_IS] = 0;
      t[T_LO] = -max;
      t[T_HI] = max;
      linearRow(ctx, o, oa, ob, imp + 2);
    }
    if (mode === DOF_LOCKED) {
      ctx.t[T_CS] = c;
      equalityRow(ctx, useBias);
      setAxis(t, a, 1, T_N);
      linearRow(ctx, o, oa, ob, imp);
    } else if (mode === DOF_LIMITED) {
      ctx.t[T_CS] = c - jc[k + DOF_LOWER]!;
      limitRow(ctx, useBias);
      setAxis(t, a, 1, T_N);
      linearRow(ctx, o, oa, ob, imp);
      ctx.t[T_CS] = jc[k + DOF_UPPER]! - c;
      limitRow(ctx, useBias);
      setAxis(t, a, -1, T_N);
      linearRow(ctx, o, oa, ob, imp + 1);
    }
  }
}

function reaction(ctx: JointContext3, j: number, o: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const J_IMPULSE = 14;
  const T_AX = 21;
  const js = ctx.joints;
  const jc = ctx.jc;
  const t = ctx.t;
  startAxes(ctx, o);
  for (let i = 0; i < 3; i++) {
    js.force[3 * j + i] = 0;
    js.torque[3 * j + i] = 0;
  }
  for (let a = 0; a < 6; a++) {
    const imp = o + J_IMPULSE + 3 * a;
    const s = (jc[imp]! - jc[imp + 1]! + jc[imp + 2]!) * ctx.invH;
    const axis = T_AX + 3 * (a % 3);
    const out = a < 3 ? js.force : js.torque;
    for (let i = 0; i < 3; i++) out[3 * j + i] = out[3 * j + i]! + s * t[axis + i]!;
  }
}

/** The six-dof joint's passes. */
export const sixDofJointSolver: JointKindSolver3 = {
  prepare,
  refresh: noRefresh,
  refreshAxes: noRefresh,
  warmStart,
  solve,
  reaction,
  project: noProjection,
};

/**
 * The 6-DOF kind's offsets in a packed joint and its scratch that the passes use only as local
 * literal copies (test/rigid3d/solver-layout.test.ts checks every copy against these).
 */
export const SIX_DOF_LAYOUT3 = { X_AXES, THETA } as const;
