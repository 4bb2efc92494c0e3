/**
 * The weld joint (textbook §26.2 "ジョイントとモーター", after the structure of Box2D v3's
 * weld_joint.c): B is glued to A — the relative angle θ = θB − θA − θref = 0 (one equation,
 * effective mass 1/(IA⁻¹ + IB⁻¹)) and the point constraint (cB + rB) − (cA + rA) = 0 (two equations,
 * 2×2 effective mass), solved without clamping. Hertz 0 makes a part rigid (the solver's joint
 * softness in the soft step, Baumgarte in the PGS modes); hertz > 0 makes it a spring–damper of
 * that frequency and damping ratio (Catto, "Soft Constraints", 2011), soft in every pass.
 */
import { makeSoftness } from '../../dynamics/softness.js';
import {
  J_IMPULSE,
  J_KIND,
  type JointContext,
  type JointKindSolver,
  jointAngleNow,
  rigidBias,
} from './joint-context.js';
import { solvePointConstraint } from './point-constraint.js';

// kind block: each part's softness (rate, mass scale, impulse scale) and whether it is a spring
export const W_AXIAL_MASS = J_KIND;
export const W_LIN_SPRING = J_KIND + 1;
export const W_LIN_RATE = J_KIND + 2;
export const W_LIN_MASS = J_KIND + 3;
export const W_LIN_IMPULSE = J_KIND + 4;
export const W_ANG_SPRING = J_KIND + 5;
export const W_ANG_RATE = J_KIND + 6;
export const W_ANG_MASS = J_KIND + 7;
export const W_ANG_IMPULSE = J_KIND + 8;
// accumulated impulses
export const WI_X = J_IMPULSE;
export const WI_Y = J_IMPULSE + 1;
export const WI_ANGLE = J_IMPULSE + 2;

const bias = new Float64Array(3);

function prepare(ctx: JointContext, j: number, o: number): void {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const J_IA = 2;
  const J_IB = 3;
  const JP_HERTZ = 14;
  const JP_DAMPING = 15;
  const JP_ANGULAR_HERTZ = 17;
  const JP_ANGULAR_DAMPING = 18;
  const JP_STRIDE = 24;
  const W_LIN_SPRING = 22;
  const W_LIN_RATE = 23;
  const W_AXIAL_MASS = 21;
  const W_LIN_MASS = 24;
  const W_LIN_IMPULSE = 25;
  const W_ANG_SPRING = 26;
  const W_ANG_RATE = 27;
  const W_ANG_MASS = 28;
  const W_ANG_IMPULSE = 29;
  const jc = ctx.jc;
  const p = ctx.joints.param;
  const q = j * JP_STRIDE;
  const k = jc[o + J_IA]! + jc[o + J_IB]!;
  jc[o + W_AXIAL_MASS] = k > 0 ? 1 / k : 0;
  const lh = p[q + JP_HERTZ]!;
  jc[o + W_LIN_SPRING] = lh > 0 ? 1 : 0;
  makeSoftness(lh, p[q + JP_DAMPING]!, ctx.h, ctx.spring);
  jc[o + W_LIN_RATE] = ctx.spring.biasRate;
  jc[o + W_LIN_MASS] = ctx.spring.massScale;
  jc[o + W_LIN_IMPULSE] = ctx.spring.impulseScale;
  const ah = p[q + JP_ANGULAR_HERTZ]!;
  jc[o + W_ANG_SPRING] = ah > 0 ? 1 : 0;
  makeSoftness(ah, p[q + JP_ANGULAR_DAMPING]!, ctx.h, ctx.spring);
  jc[o + W_ANG_RATE] = ctx.spring.biasRate;
  jc[o + W_ANG_MASS] = ctx.spring.massScale;
  jc[o + W_ANG_IMPULSE] = ctx.spring.impulseScale;
}

function warmStart(ctx: JointContext, o: number, oa: number, ob: number): void {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const J_MA = 0;
  const J_MB = 1;
  const J_IA = 2;
  const J_IB = 3;
  const J_RAX = 4;
  const J_RAY = 5;
  const J_RBX = 6;
  const J_RBY = 7;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_W = 2;
  const SB_DQC = 5;
  const SB_DQS = 6;
  const WI_X = 13;
  const WI_Y = 14;
  const WI_ANGLE = 15;
  const ss = ctx.ss;
  const jc = ctx.jc;
  const qAc = ss[oa + SB_DQC]!;
  const qAs = ss[oa + SB_DQS]!;
  const qBc = ss[ob + SB_DQC]!;
  const qBs = ss[ob + SB_DQS]!;
  const rAx = qAc * jc[o + J_RAX]! - qAs * jc[o + J_RAY]!;
  const rAy = qAs * jc[o + J_RAX]! + qAc * jc[o + J_RAY]!;
  const rBx = qBc * jc[o + J_RBX]! - qBs * jc[o + J_RBY]!;
  const rBy = qBs * jc[o + J_RBX]! + qBc * jc[o + J_RBY]!;
  const Px = jc[o + WI_X]!;
  const Py = jc[o + WI_Y]!;
  const ang = jc[o + WI_ANGLE]!;
  const mA = jc[o + J_MA]!;
  const mB = jc[o + J_MB]!;
  ss[oa + SB_VX] = ss[oa + SB_VX]! - mA * Px;
  ss[oa + SB_VY] = ss[oa + SB_VY]! - mA * Py;
  ss[oa + SB_W] = ss[oa + SB_W]! - jc[o + J_IA]! * (rAx * Py - rAy * Px + ang);
  ss[ob + SB_VX] = ss[ob + SB_VX]! + mB * Px;
  ss[ob + SB_VY] = ss[ob + SB_VY]! + mB * Py;
  ss[ob + SB_W] = ss[ob + SB_W]! + jc[o + J_IB]! * (rBx * Py - rBy * Px + ang);
}

function solve(ctx: JointContext, o: number, oa: number, ob: number, useBias: boolean): void {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const J_IA = 2;
  const J_IB = 3;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_W = 2;
  const W_LIN_SPRING = 22;
  const W_LIN_RATE = 23;
  const W_AXIAL_MASS = 21;
  const W_LIN_MASS = 24;
  const W_LIN_IMPULSE = 25;
  const W_ANG_SPRING = 26;
  const W_ANG_RATE = 27;
  const W_ANG_MASS = 28;
  const W_ANG_IMPULSE = 29;
  const WI_X = 13;
  const WI_ANGLE = 15;
  const ss = ctx.ss;
  const jc = ctx.jc;
  const iA = jc[o + J_IA]!;
  const iB = jc[o + J_IB]!;
  const vAx = ss[oa + SB_VX]!;
  const vAy = ss[oa + SB_VY]!;
  let wA = ss[oa + SB_W]!;
  const vBx = ss[ob + SB_VX]!;
  const vBy = ss[ob + SB_VY]!;
  let wB = ss[ob + SB_W]!;

  // angular part
  {
    let b = 0;
    let massScale = 1;
    let impulseScale = 0;
    if (jc[o + W_ANG_SPRING] === 1) {
      b = jc[o + W_ANG_RATE]! * jointAngleNow(ss, jc, o, oa, ob);
      massScale = jc[o + W_ANG_MASS]!;
      impulseScale = jc[o + W_ANG_IMPULSE]!;
    } else if (useBias) {
      rigidBias(ctx, jointAngleNow(ss, jc, o, oa, ob), true, bias);
      b = bias[0]!;
      massScale = bias[1]!;
      impulseScale = bias[2]!;
    }
    const Cdot = wB - wA;
    const old = jc[o + WI_ANGLE]!;
    const impulse = -jc[o + W_AXIAL_MASS]! * massScale * (Cdot + b) - impulseScale * old;
    jc[o + WI_ANGLE] = old + impulse;
    wA -= iA * impulse;
    wB += iB * impulse;
  }

  ss[oa + SB_VX] = vAx;
  ss[oa + SB_VY] = vAy;
  ss[oa + SB_W] = wA;
  ss[ob + SB_VX] = vBx;
  ss[ob + SB_VY] = vBy;
  ss[ob + SB_W] = wB;
  // linear part: the point constraint, soft when the weld has a linear spring
  const spring = jc[o + W_LIN_SPRING] === 1;
  if (spring) {
    bias[0] = jc[o + W_LIN_RATE]!;
    bias[1] = jc[o + W_LIN_MASS]!;
    bias[2] = jc[o + W_LIN_IMPULSE]!;
  } else if (useBias) {
    rigidBias(ctx, 1, true, bias);
  }
  solvePointConstraint(ctx, o, oa, ob, WI_X, spring || useBias, bias);
}

function reaction(ctx: JointContext, j: number, o: number): void {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const WI_X = 13;
  const WI_Y = 14;
  const WI_ANGLE = 15;
  const jc = ctx.jc;
  const js = ctx.joints;
  js.forceX[j] = jc[o + WI_X]! * ctx.invH;
  js.forceY[j] = jc[o + WI_Y]! * ctx.invH;
  js.torque[j] = jc[o + WI_ANGLE]! * ctx.invH;
}

export const weldJointSolver: JointKindSolver = { prepare, warmStart, solve, reaction };
