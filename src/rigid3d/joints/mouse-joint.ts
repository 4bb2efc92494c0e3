/**
 * The mouse (target) joint (textbook §26.2 "ジョイントとモーター"; Box2D's mouse joint in 3D):
 * a point of body B is pulled towards a world target by a soft point constraint — a spring–damper
 * of `hertz` and `dampingRatio` (Catto 2011), soft in every pass — whose accumulated impulse is
 * clamped to |λ| ≤ maxForce·h, so a dragged body follows the pointer without ever being torn by
 * an unbounded force. Body A is only the joint's owner (usually a static ground): it feels nothing.
 */

import { makeSoftness } from '../../dynamics/softness.js';

import { noProjection } from './ball-joint.js';
import {
  J_IMPULSE as J_IMPULSE_,
  J_KIND as J_KIND_,
  type JointContext3,
  type JointKindSolver3,
  noRefresh,
  rotateInto,
} from './joint-context.js';
import { applyJointImpulse, pointBlock } from './joint-rows.js';

// module-local copies of the imported layout constants (plain constants in the hot loops)
const J_IMPULSE = J_IMPULSE_;
const J_KIND = J_KIND_;

const M_OFFSET = J_KIND; // cB − target at the start of the step (3)
const M_RATE = J_KIND + 3;
const M_MASS = J_KIND + 4;
const M_IMPULSE = J_KIND + 5;
const M_MAX = J_KIND + 6;
const MI = J_IMPULSE;

function prepare(ctx: JointContext3, j: number, o: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const JP_DAMPING = 22;
  const JP_HERTZ = 21;
  const JP_MAX_FORCE = 33;
  const JP_STRIDE = 70;
  const JP_TARGET = 30;
  const J_IA = 2;
  const J_MA = 0;
  const M_IMPULSE = 37;
  const M_MASS = 36;
  const M_MAX = 38;
  const M_OFFSET = 32;
  const M_RATE = 35;
  const jc = ctx.jc;
  const p = ctx.joints.param;
  const q = j * JP_STRIDE;
  const b = ctx.bodies;
  const bb = ctx.joints.bodyB[j]!;
  // body A feels nothing
  jc[o + J_MA] = 0;
  for (let i = 0; i < 6; i++) jc[o + J_IA + i] = 0;
  jc[o + M_OFFSET] = b.cx[bb]! - p[q + JP_TARGET]!;
  jc[o + M_OFFSET + 1] = b.cy[bb]! - p[q + JP_TARGET + 1]!;
  jc[o + M_OFFSET + 2] = b.cz[bb]! - p[q + JP_TARGET + 2]!;
  makeSoftness(p[q + JP_HERTZ]!, p[q + JP_DAMPING]!, ctx.h, ctx.spring);
  jc[o + M_RATE] = ctx.spring.biasRate;
  jc[o + M_MASS] = ctx.spring.massScale;
  jc[o + M_IMPULSE] = ctx.spring.impulseScale;
  jc[o + M_MAX] = p[q + JP_MAX_FORCE]! * ctx.h;
}

/** B's current anchor into t[T_RB] and t[T_LB]; zero lever on A; C = cB + rB − target into t[T_C]. */
function current(ctx: JointContext3, o: number, ob: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const J_RB = 82;
  const M_OFFSET = 32;
  const SB_DPX = 6;
  const SB_DPY = 7;
  const SB_DPZ = 8;
  const SB_DQX = 9;
  const T_C = 33;
  const T_L = 51;
  const T_LA = 42;
  const T_LB = 45;
  const T_RA = 0;
  const T_RB = 3;
  const ss = ctx.ss;
  const jc = ctx.jc;
  const t = ctx.t;
  rotateInto(ss, ob + SB_DQX, jc, o + J_RB, t, T_RB);
  t[T_C] = jc[o + M_OFFSET]! + ss[ob + SB_DPX]! + t[T_RB]!;
  t[T_C + 1] = jc[o + M_OFFSET + 1]! + ss[ob + SB_DPY]! + t[T_RB + 1]!;
  t[T_C + 2] = jc[o + M_OFFSET + 2]! + ss[ob + SB_DPZ]! + t[T_RB + 2]!;
  for (let i = 0; i < 3; i++) {
    t[T_RA + i] = 0;
    t[T_LA + i] = 0;
    t[T_LB + i] = t[T_RB + i]!;
    t[T_L + i] = 0;
  }
}

function warmStart(ctx: JointContext3, o: number, oa: number, ob: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const MI = 14;
  const T_P = 48;
  const t = ctx.t;
  const jc = ctx.jc;
  current(ctx, o, ob);
  for (let i = 0; i < 3; i++) t[T_P + i] = jc[o + MI + i]!;
  applyJointImpulse(ctx, o, oa, ob);
}

function solve(ctx: JointContext3, o: number, oa: number, ob: number, _useBias: boolean): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const MI = 14;
  const M_IMPULSE = 37;
  const M_MASS = 36;
  const M_MAX = 38;
  const M_RATE = 35;
  const T_P = 48;
  const T_SB = 62;
  const t = ctx.t;
  const jc = ctx.jc;
  current(ctx, o, ob);
  t[T_SB] = jc[o + M_RATE]!;
  t[T_SB + 1] = jc[o + M_MASS]!;
  t[T_SB + 2] = jc[o + M_IMPULSE]!;
  pointBlock(ctx, o, oa, ob, o + MI);
  // clamp |λ| ≤ maxForce·h and take back the excess
  const x = jc[o + MI]!;
  const y = jc[o + MI + 1]!;
  const z = jc[o + MI + 2]!;
  const len = Math.sqrt(x * x + y * y + z * z);
  const max = jc[o + M_MAX]!;
  if (len > max) {
    const s = max / len;
    jc[o + MI] = x * s;
    jc[o + MI + 1] = y * s;
    jc[o + MI + 2] = z * s;
    t[T_P] = x * s - x;
    t[T_P + 1] = y * s - y;
    t[T_P + 2] = z * s - z;
    applyJointImpulse(ctx, o, oa, ob);
  }
}

function reaction(ctx: JointContext3, j: number, o: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const MI = 14;
  const js = ctx.joints;
  const jc = ctx.jc;
  for (let i = 0; i < 3; i++) {
    js.force[3 * j + i] = jc[o + MI + i]! * ctx.invH;
    js.torque[3 * j + i] = 0;
  }
}

/** The mouse joint's passes. */
export const mouseJointSolver: JointKindSolver3 = {
  prepare,
  refresh: noRefresh,
  refreshAxes: noRefresh,
  warmStart,
  solve,
  reaction,
  project: noProjection,
};

/**
 * The mouse kind's offsets in a packed joint and its scratch that the passes use only as local
 * literal copies (test/rigid3d/solver-layout.test.ts checks every copy against these).
 */
export const MOUSE_LAYOUT3 = { M_OFFSET, M_RATE, M_MASS, M_IMPULSE, M_MAX, MI } as const;
