/**
 * The fixed (weld) joint (textbook §26.2 "ジョイントとモーター"): the point constraint plus the
 * three rotational ones — B's frame keeps its orientation relative to A's, C = 2·vec(q) (q the
 * relative rotation, w ≥ 0, rotated into the world), Ċ = ωB − ωA, one 3 × 3 block with
 * K = IA⁻¹ + IB⁻¹. Rigid by default (the joint softness of the solver); with `linearHertz` /
 * `angularHertz` > 0 that part is a spring–damper of its own stiffness (Catto 2011), soft in every
 * pass — a weld that bends (glued pieces, flexible beams).
 */
import { makeSoftness } from '../../dynamics/softness.js';
import { pointWarmStart, projectAnchors } from './ball-joint.js';
import {
  anchorsNow,
  framesNow,
  J_IMPULSE as J_IMPULSE_,
  J_KIND as J_KIND_,
  type JointContext3,
  type JointKindSolver3,
  noRefresh,
  rigidSoftness,
  rotateInto,
} from './joint-context.js';
import { angularBlock3, applyJointImpulse, pointBlock, projectAngular } from './joint-rows.js';

// module-local copies of the imported layout constants (plain constants in the hot loops)
const J_IMPULSE = J_IMPULSE_;
const J_KIND = J_KIND_;

const F_LIN = J_KIND; // 1 soft, rate, mass scale, impulse scale
const F_ANG = J_KIND + 4;
const FI_LINEAR = J_IMPULSE;
const FI_ANGULAR = J_IMPULSE + 3;

function prepare(ctx: JointContext3, j: number, o: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const F_ANG = 36;
  const F_LIN = 32;
  const JP_ANG_DAMPING = 29;
  const JP_ANG_HERTZ = 28;
  const JP_DAMPING = 22;
  const JP_HERTZ = 21;
  const JP_STRIDE = 70;
  const jc = ctx.jc;
  const p = ctx.joints.param;
  const q = j * JP_STRIDE;
  for (let part = 0; part < 2; part++) {
    const hz = p[q + (part === 0 ? JP_HERTZ : JP_ANG_HERTZ)]!;
    const zeta = p[q + (part === 0 ? JP_DAMPING : JP_ANG_DAMPING)]!;
    const k = o + (part === 0 ? F_LIN : F_ANG);
    jc[k] = hz > 0 ? 1 : 0;
    if (hz > 0) {
      makeSoftness(hz, zeta, ctx.h, ctx.spring);
      jc[k + 1] = ctx.spring.biasRate;
      jc[k + 2] = ctx.spring.massScale;
      jc[k + 3] = ctx.spring.impulseScale;
    }
  }
}

/** The fixed joint's rotational error 2·vec(q) in world axes (t[T_Q], t[T_FA] from framesNow) into t[T_C]. */
export function rotationError(ctx: JointContext3): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const T_C = 33;
  const T_FA = 9;
  const T_FREE = 72;
  const T_Q = 17;
  const t = ctx.t;
  t[T_FREE] = 2 * t[T_Q]!;
  t[T_FREE + 1] = 2 * t[T_Q + 1]!;
  t[T_FREE + 2] = 2 * t[T_Q + 2]!;
  rotateInto(t, T_FA, t, T_FREE, t, T_C);
}

/** A part's softness: its own spring when soft; else Baumgarte (PGS) or rigid with projection (soft step). */
function softness(ctx: JointContext3, o: number, k: number, useBias: boolean): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const T_SB = 62;
  const jc = ctx.jc;
  const t = ctx.t;
  if (jc[o + k] === 1) {
    t[T_SB] = jc[o + k + 1]!;
    t[T_SB + 1] = jc[o + k + 2]!;
    t[T_SB + 2] = jc[o + k + 3]!;
  } else if (ctx.baumgarte) rigidSoftness(ctx, useBias);
  else {
    t[T_SB] = 0;
    t[T_SB + 1] = 1;
    t[T_SB + 2] = 0;
  }
}

function warmStart(ctx: JointContext3, o: number, oa: number, ob: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const FI_ANGULAR = 17;
  const FI_LINEAR = 14;
  const T_L = 51;
  const jc = ctx.jc;
  const t = ctx.t;
  anchorsNow(ctx, o, oa, ob);
  pointWarmStart(ctx, o + FI_LINEAR);
  for (let i = 0; i < 3; i++) t[T_L + i] = jc[o + FI_ANGULAR + i]!;
  applyJointImpulse(ctx, o, oa, ob);
}

function solve(ctx: JointContext3, o: number, oa: number, ob: number, useBias: boolean): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const FI_ANGULAR = 17;
  const FI_LINEAR = 14;
  const F_ANG = 36;
  const F_LIN = 32;
  const T_C = 33;
  const T_D = 6;
  const t = ctx.t;
  framesNow(ctx, o, oa, ob);
  rotationError(ctx);
  softness(ctx, o, F_ANG, useBias);
  angularBlock3(ctx, o, oa, ob, o + FI_ANGULAR);
  anchorsNow(ctx, o, oa, ob);
  t[T_C] = t[T_D]!;
  t[T_C + 1] = t[T_D + 1]!;
  t[T_C + 2] = t[T_D + 2]!;
  softness(ctx, o, F_LIN, useBias);
  pointBlock(ctx, o, oa, ob, o + FI_LINEAR);
}

/** The projection of the rotation and the point, each only while that part is rigid. */
function project(ctx: JointContext3, o: number, oa: number, ob: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const F_ANG = 36;
  const F_LIN = 32;
  const T_SB = 62;
  if (ctx.jc[o + F_ANG] !== 1) {
    framesNow(ctx, o, oa, ob);
    rotationError(ctx);
    ctx.t[T_SB] = ctx.projection;
    projectAngular(ctx, o, oa, ob, 3);
  }
  if (ctx.jc[o + F_LIN] !== 1) projectAnchors(ctx, o, oa, ob);
}

function reaction(ctx: JointContext3, j: number, o: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const FI_ANGULAR = 17;
  const FI_LINEAR = 14;
  const js = ctx.joints;
  const jc = ctx.jc;
  for (let i = 0; i < 3; i++) {
    js.force[3 * j + i] = jc[o + FI_LINEAR + i]! * ctx.invH;
    js.torque[3 * j + i] = jc[o + FI_ANGULAR + i]! * ctx.invH;
  }
}

/** The fixed joint's passes. */
export const fixedJointSolver: JointKindSolver3 = {
  prepare,
  refresh: noRefresh,
  refreshAxes: noRefresh,
  warmStart,
  solve,
  reaction,
  project,
};

/**
 * The fixed kind's offsets in a packed joint and its scratch that the passes use only as local
 * literal copies (test/rigid3d/solver-layout.test.ts checks every copy against these).
 */
export const FIXED_LAYOUT3 = { F_LIN, F_ANG, FI_LINEAR, FI_ANGULAR } as const;
