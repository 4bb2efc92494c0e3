/**
 * The cone-twist joint (textbook §26.2 "ジョイントとモーター", §25.6's ragdoll shoulders, hips and
 * neck): the point constraint plus limits on the swing–twist decomposition of the relative
 * rotation q = s·τ (τ the twist about A's x axis, the limb's axis; s the swing, a rotation about
 * an axis in A's y–z plane). The swing angle 2·atan2(|s_v|, s_w) stays inside the cone's half
 * angle (one inequality about the swing axis), the twist angle 2·atan2(τ_x, τ_w) between its lower
 * and upper limits (two inequalities about the twist axis), each acting only at the limit
 * (speculative inside); an optional friction torque (each world axis, clamped to ±τf·h) damps the
 * relative rotation, as a ragdoll's muscles at rest do.
 */
import { pointWarmStartCached, projectAnchorsCaching, solvePointCached } from './ball-joint.js';
import { startAxes } from './hinge-joint.js';
import {
  atan2Into,
  framesNow,
  J_IMPULSE as J_IMPULSE_,
  J_KIND as J_KIND_,
  type JointContext3,
  type JointKindSolver3,
  smallTurn,
  T_FREE as T_FREE_,
} from './joint-context.js';
import { angularLimitRow, angularRow, applyJointImpulse, PC_SIZE } from './joint-rows.js';

import { cacheAnchorsNow3, projectPointCaching3 } from './point-projection.js';

// module-local copies of the imported layout constants (plain constants in the hot loops)
const J_IMPULSE = J_IMPULSE_;
const J_KIND = J_KIND_;
const T_FREE = T_FREE_;

const C_CONE = J_KIND;
const C_LOWER = J_KIND + 1;
const C_UPPER = J_KIND + 2;
const C_FRICTION = J_KIND + 3;
const C_SWING_AXIS = J_KIND + 4;
const CI_POINT = J_IMPULSE;
const CI_SWING = J_IMPULSE + 3;
const CI_LOWER = J_IMPULSE + 4;
const CI_UPPER = J_IMPULSE + 5;
const CI_FRICTION = J_IMPULSE + 6;

// scratch: swing angle, twist angle, swing axis (3), twist axis (3), 1 when the swing axis is defined
const S_SWING = T_FREE;
const S_TWIST = T_FREE + 1;
const S_SWING_AXIS = T_FREE + 2;
const S_TWIST_AXIS = T_FREE + 5;
const S_HAS_SWING = T_FREE + 8;
/** numbers of the swing–twist scratch */
const S_SIZE = 9;
// the cached geometry (joint-context.ts `refresh`): the point block, then the swing–twist scratch
const CT_POINT = J_KIND + 7;
const CT_SWING_TWIST = CT_POINT + PC_SIZE;

/** The cone-twist kind's prepare (exported for the solver's direct dispatch). */
export function prepareConeTwist(ctx: JointContext3, j: number, o: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const CI_FRICTION = 20;
  const C_CONE = 32;
  const C_FRICTION = 35;
  const C_LOWER = 33;
  const C_SWING_AXIS = 36;
  const C_UPPER = 34;
  const JP_CONE = 24;
  const JP_FRICTION = 27;
  const JP_STRIDE = 70;
  const JP_TWIST_LOWER = 25;
  const JP_TWIST_UPPER = 26;
  const jc = ctx.jc;
  const p = ctx.joints.param;
  const q = j * JP_STRIDE;
  jc[o + C_CONE] = p[q + JP_CONE]!;
  jc[o + C_LOWER] = p[q + JP_TWIST_LOWER]!;
  jc[o + C_UPPER] = p[q + JP_TWIST_UPPER]!;
  jc[o + C_FRICTION] = p[q + JP_FRICTION]! * ctx.h;
  jc[o + C_SWING_AXIS] = 0;
  jc[o + C_SWING_AXIS + 1] = 0;
  jc[o + C_SWING_AXIS + 2] = 0;
  if (!(jc[o + C_FRICTION]! > 0)) {
    jc[o + CI_FRICTION] = 0;
    jc[o + CI_FRICTION + 1] = 0;
    jc[o + CI_FRICTION + 2] = 0;
  }
}

/**
 * The swing–twist decomposition of t[T_Q] (after framesNow): swing and twist angles, the world
 * swing axis (frame A's y–z plane) and the twist axis (the mean of the two frames' x axes).
 */
export function swingTwist(ctx: JointContext3): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const S_HAS_SWING = 80;
  const S_SWING = 72;
  const S_SWING_AXIS = 74;
  const S_TWIST = 73;
  const S_TWIST_AXIS = 77;
  const T_ATAN = 86;
  const T_ATAN_X = 85;
  const T_ATAN_Y = 84;
  const T_AX = 21;
  const T_AY = 24;
  const T_AZ = 27;
  const T_BX = 30;
  const T_Q = 17;
  const t = ctx.t;
  const qx = t[T_Q]!;
  const qy = t[T_Q + 1]!;
  const qz = t[T_Q + 2]!;
  const qw = t[T_Q + 3]!;
  const n2 = qx * qx + qw * qw;
  let tx = 0;
  let tw = 1;
  if (n2 > 1e-18) {
    const inv = 1 / Math.sqrt(n2);
    tx = qx * inv;
    tw = qw * inv;
  }
  t[T_ATAN_Y] = tx;
  t[T_ATAN_X] = tw;
  atan2Into(t, T_ATAN_Y, T_ATAN_X);
  t[S_TWIST] = 2 * t[T_ATAN]!;
  // s = q·conj(τ): (0, qy·tw − qz·tx, qy·tx + qz·tw, qw·tw + qx·tx)
  const sy = qy * tw - qz * tx;
  const sz = qy * tx + qz * tw;
  const sw = qw * tw + qx * tx;
  const sv = Math.sqrt(sy * sy + sz * sz);
  t[T_ATAN_Y] = sv;
  t[T_ATAN_X] = sw;
  atan2Into(t, T_ATAN_Y, T_ATAN_X);
  t[S_SWING] = 2 * t[T_ATAN]!;
  if (sv > 1e-12) {
    const ay = sy / sv;
    const az = sz / sv;
    for (let i = 0; i < 3; i++) t[S_SWING_AXIS + i] = ay * t[T_AY + i]! + az * t[T_AZ + i]!;
    t[S_HAS_SWING] = 1;
  } else t[S_HAS_SWING] = 0;
  let ux = t[T_AX]! + t[T_BX]!;
  let uy = t[T_AX + 1]! + t[T_BX + 1]!;
  let uz = t[T_AX + 2]! + t[T_BX + 2]!;
  const ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
  if (ul > 1e-12) {
    ux /= ul;
    uy /= ul;
    uz /= ul;
  } else {
    ux = t[T_AX]!;
    uy = t[T_AX + 1]!;
    uz = t[T_AX + 2]!;
  }
  t[S_TWIST_AXIS] = ux;
  t[S_TWIST_AXIS + 1] = uy;
  t[S_TWIST_AXIS + 2] = uz;
}

/** The cone-twist kind's `refresh` pass (exported for the solver's direct dispatch). */
export function refreshConeTwist(ctx: JointContext3, o: number, oa: number, ob: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const CT_POINT = 39;
  const CT_SWING_TWIST = 55;
  const S_SIZE = 9;
  const S_SWING = 72;
  const jc = ctx.jc;
  const t = ctx.t;
  framesNow(ctx, o, oa, ob);
  swingTwist(ctx);
  for (let i = 0; i < S_SIZE; i++) jc[o + CT_SWING_TWIST + i] = t[S_SWING + i]!;
  projectPointCaching3(ctx, o, oa, ob, o + CT_POINT, false);
}

/** The cone-twist kind's `refreshAxes` pass (exported for the solver's direct dispatch). */
export function refreshAxesConeTwist(ctx: JointContext3, o: number, oa: number, ob: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const CT_POINT = 39;
  const CT_SWING_TWIST = 55;
  const S_SIZE = 9;
  const S_SWING = 72;
  if (!smallTurn(ctx, oa, ob)) {
    refreshConeTwist(ctx, o, oa, ob);
    return;
  }
  const jc = ctx.jc;
  const t = ctx.t;
  framesNow(ctx, o, oa, ob);
  swingTwist(ctx);
  for (let i = 0; i < S_SIZE; i++) jc[o + CT_SWING_TWIST + i] = t[S_SWING + i]!;
  cacheAnchorsNow3(ctx, o, oa, ob, o + CT_POINT);
}

/** The cone-twist kind's `warmStart` pass (exported for the solver's direct dispatch). */
export function warmStartConeTwist(ctx: JointContext3, o: number, oa: number, ob: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const CI_FRICTION = 20;
  const CI_LOWER = 18;
  const CI_POINT = 14;
  const CI_SWING = 17;
  const CI_UPPER = 19;
  const CT_POINT = 39;
  const CT_SWING_TWIST = 55;
  const S_HAS_SWING = 80;
  const S_SIZE = 9;
  const S_SWING = 72;
  const S_SWING_AXIS = 74;
  const S_TWIST_AXIS = 77;
  const T_L = 51;
  const jc = ctx.jc;
  const t = ctx.t;
  for (let i = 0; i < S_SIZE; i++) t[S_SWING + i] = jc[o + CT_SWING_TWIST + i]!;
  pointWarmStartCached(ctx, o + CI_POINT, o + CT_POINT);
  const swing = t[S_HAS_SWING] === 1 ? jc[o + CI_SWING]! : 0;
  if (t[S_HAS_SWING] !== 1) jc[o + CI_SWING] = 0;
  const twist = jc[o + CI_LOWER]! - jc[o + CI_UPPER]!;
  for (let i = 0; i < 3; i++) {
    t[T_L + i] = -swing * t[S_SWING_AXIS + i]! + twist * t[S_TWIST_AXIS + i]! + jc[o + CI_FRICTION + i]!;
  }
  applyJointImpulse(ctx, o, oa, ob);
}

/**
 * The cone-twist kind's `project` pass (exported for the solver's direct dispatch): the point
 * projection after a substep; the geometry it measures stays in the joint's cache for the next substep.
 */
export function projectConeTwist(ctx: JointContext3, o: number, oa: number, ob: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const CT_POINT = 39;
  const CT_SWING_TWIST = 55;
  const S_SIZE = 9;
  const S_SWING = 72;
  const jc = ctx.jc;
  const t = ctx.t;
  framesNow(ctx, o, oa, ob);
  swingTwist(ctx);
  for (let i = 0; i < S_SIZE; i++) jc[o + CT_SWING_TWIST + i] = t[S_SWING + i]!;
  projectAnchorsCaching(ctx, o, oa, ob, o + CT_POINT);
}

/** The cone-twist joint's velocity pass on its cached geometry (exported for the solver's direct dispatch). */
export function solveConeTwist(
  ctx: JointContext3,
  o: number,
  oa: number,
  ob: number,
  useBias: boolean,
): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const CI_FRICTION = 20;
  const CI_LOWER = 18;
  const CI_POINT = 14;
  const CI_SWING = 17;
  const CI_UPPER = 19;
  const CT_POINT = 39;
  const CT_SWING_TWIST = 55;
  const C_CONE = 32;
  const C_FRICTION = 35;
  const C_LOWER = 33;
  const C_SWING_AXIS = 36;
  const C_UPPER = 34;
  const S_HAS_SWING = 80;
  const S_SWING = 72;
  const S_SWING_AXIS = 74;
  const S_TWIST = 73;
  const S_TWIST_AXIS = 77;
  const T_B = 54;
  const T_CS = 87;
  const T_HI = 58;
  const T_IS = 56;
  const T_LO = 57;
  const T_MS = 55;
  const T_U = 36;
  const jc = ctx.jc;
  const t = ctx.t;
  // the swing–twist numbers are read from the joint's cache (S_* order at CT_SWING_TWIST)
  const st = o + CT_SWING_TWIST - S_SWING;
  const f = jc[o + C_FRICTION]!;
  if (f > 0) {
    t[T_B] = 0;
    t[T_MS] = 1;
    t[T_IS] = 0;
    for (let i = 0; i < 3; i++) {
      t[T_U] = i === 0 ? 1 : 0;
      t[T_U + 1] = i === 1 ? 1 : 0;
      t[T_U + 2] = i === 2 ? 1 : 0;
      t[T_LO] = -f;
      t[T_HI] = f;
      angularRow(ctx, o, oa, ob, o + CI_FRICTION + i);
    }
  }
  if (jc[st + S_HAS_SWING] === 1) {
    t[T_CS] = jc[o + C_CONE]! - jc[st + S_SWING]!;
    for (let i = 0; i < 3; i++) jc[o + C_SWING_AXIS + i] = jc[st + S_SWING_AXIS + i]!;
    angularLimitRow(ctx, o, oa, ob, o + CI_SWING, st + S_SWING_AXIS, -1, useBias);
  }
  if (jc[o + C_LOWER]! > -Math.PI || jc[o + C_UPPER]! < Math.PI) {
    const twist = jc[st + S_TWIST]!;
    t[T_CS] = twist - jc[o + C_LOWER]!;
    angularLimitRow(ctx, o, oa, ob, o + CI_LOWER, st + S_TWIST_AXIS, 1, useBias);
    t[T_CS] = jc[o + C_UPPER]! - twist;
    angularLimitRow(ctx, o, oa, ob, o + CI_UPPER, st + S_TWIST_AXIS, -1, useBias);
  }
  solvePointCached(ctx, o, oa, ob, o + CI_POINT, o + CT_POINT, useBias);
}

/** The cone-twist kind's reaction readout (exported for the solver's direct dispatch). */
export function reactionConeTwist(ctx: JointContext3, j: number, o: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const CI_FRICTION = 20;
  const CI_LOWER = 18;
  const CI_POINT = 14;
  const CI_SWING = 17;
  const CI_UPPER = 19;
  const C_SWING_AXIS = 36;
  const T_AX = 21;
  const js = ctx.joints;
  const jc = ctx.jc;
  const t = ctx.t;
  startAxes(ctx, o);
  // the twist about the start-of-step axis, the swing about the last swing axis, the friction
  const twist = jc[o + CI_LOWER]! - jc[o + CI_UPPER]!;
  const swing = jc[o + CI_SWING]!;
  for (let i = 0; i < 3; i++) {
    js.force[3 * j + i] = jc[o + CI_POINT + i]! * ctx.invH;
    js.torque[3 * j + i] =
      (twist * t[T_AX + i]! - swing * jc[o + C_SWING_AXIS + i]! + jc[o + CI_FRICTION + i]!) * ctx.invH;
  }
}

/** The cone-twist joint's passes. */
export const coneTwistJointSolver: JointKindSolver3 = {
  prepare: prepareConeTwist,
  refresh: refreshConeTwist,
  refreshAxes: refreshAxesConeTwist,
  warmStart: warmStartConeTwist,
  solve: solveConeTwist,
  reaction: reactionConeTwist,
  project: projectConeTwist,
};

/**
 * The cone-twist kind's offsets in a packed joint and its scratch that the passes use only as local
 * literal copies (test/rigid3d/solver-layout.test.ts checks every copy against these).
 */
export const CONE_TWIST_LAYOUT3 = {
  C_CONE,
  C_LOWER,
  C_UPPER,
  C_FRICTION,
  C_SWING_AXIS,
  CI_POINT,
  CI_SWING,
  CI_LOWER,
  CI_UPPER,
  CI_FRICTION,
  S_SWING,
  S_TWIST,
  S_SWING_AXIS,
  S_TWIST_AXIS,
  S_HAS_SWING,
  S_SIZE,
  CT_SWING_TWIST,
} as const;
