/**
 * The distance joint (textbook §26.2 "ジョイントとモーター"; Box2D v3's distance joint in 3D): one
 * linear row along n = d/|d| between the two anchors. Rigid (|d| = length, the rigid softness)
 * unless the spring is on; the spring pulls |d| towards `length` with its own Hz and damping ratio
 * (Catto 2011; 0 Hz: no spring force at all); lower / upper limits on |d| (minLength, maxLength)
 * are inequalities acting only at the limit — with the spring on at 0 Hz and a max length that is
 * a rope, slack below its length and taut at it.
 */

import { makeSoftness } from '../../dynamics/softness.js';
import { noProjection } from './ball-joint.js';
import {
  anchorsNow,
  equalityRow,
  J_IMPULSE as J_IMPULSE_,
  J_KIND as J_KIND_,
  type JointContext3,
  type JointKindSolver3,
  limitRow,
  noRefresh,
} from './joint-context.js';
import { applyJointImpulse, linearRow } from './joint-rows.js';

// module-local copies of the imported layout constants (plain constants in the hot loops)
const J_IMPULSE = J_IMPULSE_;
const J_KIND = J_KIND_;

const D_LENGTH = J_KIND;
const D_MIN = J_KIND + 1;
const D_MAX = J_KIND + 2;
const D_SPRING = J_KIND + 3; // 0 rigid, 1 spring with hertz > 0, 2 spring at 0 Hz (free)
const D_RATE = J_KIND + 4;
const D_MASS = J_KIND + 5;
const D_IMPULSE = J_KIND + 6;
const D_LIMIT = J_KIND + 7;
const DI_AXIAL = J_IMPULSE;
const DI_LOWER = J_IMPULSE + 1;
const DI_UPPER = J_IMPULSE + 2;

function prepare(ctx: JointContext3, j: number, o: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const DI_AXIAL = 14;
  const DI_LOWER = 15;
  const DI_UPPER = 16;
  const D_IMPULSE = 38;
  const D_LENGTH = 32;
  const D_LIMIT = 39;
  const D_MASS = 37;
  const D_MAX = 34;
  const D_MIN = 33;
  const D_RATE = 36;
  const D_SPRING = 35;
  const JP_DAMPING = 22;
  const JP_ENABLE_LIMIT = 14;
  const JP_ENABLE_SPRING = 20;
  const JP_HERTZ = 21;
  const JP_LENGTH = 23;
  const JP_LOWER = 15;
  const JP_STRIDE = 70;
  const JP_UPPER = 16;
  const jc = ctx.jc;
  const p = ctx.joints.param;
  const q = j * JP_STRIDE;
  jc[o + D_LENGTH] = p[q + JP_LENGTH]!;
  jc[o + D_MIN] = p[q + JP_LOWER]!;
  jc[o + D_MAX] = p[q + JP_UPPER]!;
  jc[o + D_LIMIT] = p[q + JP_ENABLE_LIMIT]!;
  if (p[q + JP_ENABLE_SPRING] === 1) {
    const hz = p[q + JP_HERTZ]!;
    jc[o + D_SPRING] = hz > 0 ? 1 : 2;
    if (hz > 0) {
      makeSoftness(hz, p[q + JP_DAMPING]!, ctx.h, ctx.spring);
      jc[o + D_RATE] = ctx.spring.biasRate;
      jc[o + D_MASS] = ctx.spring.massScale;
      jc[o + D_IMPULSE] = ctx.spring.impulseScale;
    } else jc[o + DI_AXIAL] = 0;
  } else jc[o + D_SPRING] = 0;
  if (jc[o + D_LIMIT] === 0) {
    jc[o + DI_LOWER] = 0;
    jc[o + DI_UPPER] = 0;
  }
}

/** n = d/|d| (or +y when the anchors coincide) into t[T_N], |d| into t[T_FREE], the anchors as lever arms. */
function axis(t: Float64Array): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const T_D = 6;
  const T_FREE = 72;
  const T_LA = 42;
  const T_LB = 45;
  const T_N = 59;
  const T_RA = 0;
  const T_RB = 3;
  const dx = t[T_D]!;
  const dy = t[T_D + 1]!;
  const dz = t[T_D + 2]!;
  const len = Math.sqrt(dx * dx + dy * dy + dz * dz);
  if (len > 1e-12) {
    t[T_N] = dx / len;
    t[T_N + 1] = dy / len;
    t[T_N + 2] = dz / len;
  } else {
    t[T_N] = 0;
    t[T_N + 1] = 1;
    t[T_N + 2] = 0;
  }
  t[T_FREE] = len;
  for (let i = 0; i < 3; i++) {
    t[T_LA + i] = t[T_RA + i]!;
    t[T_LB + i] = t[T_RB + i]!;
  }
}

function flip(t: Float64Array): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const T_N = 59;
  t[T_N] = -t[T_N]!;
  t[T_N + 1] = -t[T_N + 1]!;
  t[T_N + 2] = -t[T_N + 2]!;
}

function warmStart(ctx: JointContext3, o: number, oa: number, ob: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const DI_AXIAL = 14;
  const DI_LOWER = 15;
  const DI_UPPER = 16;
  const T_L = 51;
  const T_N = 59;
  const T_P = 48;
  const jc = ctx.jc;
  const t = ctx.t;
  anchorsNow(ctx, o, oa, ob);
  axis(t);
  const s = jc[o + DI_AXIAL]! + jc[o + DI_LOWER]! - jc[o + DI_UPPER]!;
  for (let i = 0; i < 3; i++) {
    t[T_P + i] = s * t[T_N + i]!;
    t[T_L + i] = 0;
  }
  applyJointImpulse(ctx, o, oa, ob);
}

function solve(ctx: JointContext3, o: number, oa: number, ob: number, useBias: boolean): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const DI_AXIAL = 14;
  const DI_LOWER = 15;
  const DI_UPPER = 16;
  const D_IMPULSE = 38;
  const D_LENGTH = 32;
  const D_LIMIT = 39;
  const D_MASS = 37;
  const D_MAX = 34;
  const D_MIN = 33;
  const D_RATE = 36;
  const D_SPRING = 35;
  const T_B = 54;
  const T_CS = 87;
  const T_FREE = 72;
  const T_HI = 58;
  const T_IS = 56;
  const T_LO = 57;
  const T_MS = 55;
  const jc = ctx.jc;
  const t = ctx.t;
  anchorsNow(ctx, o, oa, ob);
  axis(t);
  const len = t[T_FREE]!;
  const mode = jc[o + D_SPRING]!;
  if (mode === 0) {
    ctx.t[T_CS] = len - jc[o + D_LENGTH]!;
    equalityRow(ctx, useBias);
    linearRow(ctx, o, oa, ob, o + DI_AXIAL);
  } else if (mode === 1) {
    t[T_B] = jc[o + D_RATE]! * (len - jc[o + D_LENGTH]!);
    t[T_MS] = jc[o + D_MASS]!;
    t[T_IS] = jc[o + D_IMPULSE]!;
    t[T_LO] = Number.NEGATIVE_INFINITY;
    t[T_HI] = Number.POSITIVE_INFINITY;
    linearRow(ctx, o, oa, ob, o + DI_AXIAL);
  }
  if (jc[o + D_LIMIT] === 1) {
    ctx.t[T_CS] = len - jc[o + D_MIN]!;
    limitRow(ctx, useBias);
    linearRow(ctx, o, oa, ob, o + DI_LOWER);
    ctx.t[T_CS] = jc[o + D_MAX]! - len;
    limitRow(ctx, useBias);
    flip(t);
    linearRow(ctx, o, oa, ob, o + DI_UPPER);
  }
}

function reaction(ctx: JointContext3, j: number, o: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const DI_AXIAL = 14;
  const DI_LOWER = 15;
  const DI_UPPER = 16;
  const J_DC = 85;
  const J_RA = 79;
  const J_RB = 82;
  const T_D = 6;
  const T_N = 59;
  const js = ctx.joints;
  const jc = ctx.jc;
  const t = ctx.t;
  // n at the start of the step: the packed anchors with no in-step motion
  for (let i = 0; i < 3; i++) t[T_D + i] = jc[o + J_DC + i]! + jc[o + J_RB + i]! - jc[o + J_RA + i]!;
  axis(t);
  const s = (jc[o + DI_AXIAL]! + jc[o + DI_LOWER]! - jc[o + DI_UPPER]!) * ctx.invH;
  for (let i = 0; i < 3; i++) {
    js.force[3 * j + i] = s * t[T_N + i]!;
    js.torque[3 * j + i] = 0;
  }
}

/** The distance joint's passes. */
export const distanceJointSolver: JointKindSolver3 = {
  prepare,
  refresh: noRefresh,
  refreshAxes: noRefresh,
  warmStart,
  solve,
  reaction,
  project: noProjection,
};

/**
 * The distance kind's offsets in a packed joint and its scratch that the passes use only as local
 * literal copies (test/rigid3d/solver-layout.test.ts checks every copy against these).
 */
export const DISTANCE_LAYOUT3 = {
  D_LENGTH,
  D_MIN,
  D_MAX,
  D_SPRING,
  D_RATE,
  D_MASS,
  D_IMPULSE,
  D_LIMIT,
  DI_AXIAL,
  DI_LOWER,
  DI_UPPER,
} as const;
