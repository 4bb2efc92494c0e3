/**
 * The mouse (target) joint (textbook §26.2 "ジョイントとモーター"; Box2D's mouse joint in 3D):
 * a point of body B is pulled towards a world target by a soft point constraint — a spring–damper
 * of `hertz` and `dampingRatio` (Catto 2011), soft in every pass — whose accumulated impulse is
 * clamped to |λ| ≤ maxForce·h, so a dragged body follows the pointer without ever being torn by
 * an unbounded force. Body A is only the joint's owner (usually a static ground): it feels nothing.
 */

import { makeSoftness } from '../../dynamics/softness.js';
import {
  SB_DPX as SB_DPX_,
  SB_DPY as SB_DPY_,
  SB_DPZ as SB_DPZ_,
  SB_DQX as SB_DQX_,
} from '../contact-solver.js';
import { noProjection } from './ball-joint.js';
import {
  J_IA as J_IA_,
  J_IMPULSE as J_IMPULSE_,
  J_KIND as J_KIND_,
  J_MA as J_MA_,
  J_RB as J_RB_,
  type JointContext3,
  type JointKindSolver3,
  noRefresh,
  rotateInto,
  T_C as T_C_,
  T_L as T_L_,
  T_LA as T_LA_,
  T_LB as T_LB_,
  T_P as T_P_,
  T_RA as T_RA_,
  T_RB as T_RB_,
  T_SB as T_SB_,
} from './joint-context.js';
import { applyJointImpulse, pointBlock } from './joint-rows.js';
import {
  JP_DAMPING as JP_DAMPING_,
  JP_HERTZ as JP_HERTZ_,
  JP_MAX_FORCE as JP_MAX_FORCE_,
  JP_STRIDE as JP_STRIDE_,
  JP_TARGET as JP_TARGET_,
} from './joint-store.js';

// module-local copies of the imported layout constants (plain constants in the hot loops)
const SB_DPX = SB_DPX_;
const SB_DPY = SB_DPY_;
const SB_DPZ = SB_DPZ_;
const SB_DQX = SB_DQX_;
const J_IA = J_IA_;
const J_IMPULSE = J_IMPULSE_;
const J_KIND = J_KIND_;
const J_MA = J_MA_;
const J_RB = J_RB_;
const T_C = T_C_;
const T_L = T_L_;
const T_LA = T_LA_;
const T_LB = T_LB_;
const T_P = T_P_;
const T_RA = T_RA_;
const T_RB = T_RB_;
const T_SB = T_SB_;
const JP_DAMPING = JP_DAMPING_;
const JP_HERTZ = JP_HERTZ_;
const JP_MAX_FORCE = JP_MAX_FORCE_;
const JP_STRIDE = JP_STRIDE_;
const JP_TARGET = JP_TARGET_;

const M_OFFSET = J_KIND; // cB − target at the start of the step (3)
const M_RATE = J_KIND + 3;
const M_MASS = J_KIND + 4;
const M_IMPULSE = J_KIND + 5;
const M_MAX = J_KIND + 6;
const MI = J_IMPULSE;

function prepare(ctx: JointContext3, j: number, o: number): void {
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
  const t = ctx.t;
  const jc = ctx.jc;
  current(ctx, o, ob);
  for (let i = 0; i < 3; i++) t[T_P + i] = jc[o + MI + i]!;
  applyJointImpulse(ctx, o, oa, ob);
}

function solve(ctx: JointContext3, o: number, oa: number, ob: number, _useBias: boolean): void {
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
