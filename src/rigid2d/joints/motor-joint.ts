/**
 * The motor joint (textbook §26.2 "ジョイントとモーター"; the structure of Box2D's motor joint):
 * drives body B's pose relative to body A towards a target — B's origin at `linearOffset` in A's
 * frame, B's angle at angleA + `angularOffset` — with forces no larger than maxForce and torques no
 * larger than maxTorque. Two velocity constraints whose targets feed the current error back:
 *
 * - angular: ωB − ωA + β_c/h·(θB − θA − θoff) = 0, 1/m_eff = iA + iB, accumulated impulse clamped
 *   to ±τmax·h;
 * - linear: vB + ωB×rB − vA − ωA×rA + β_c/h·e = 0 with e = (cB + rB) − (cA + rA), rA the offset
 *   point of A, rB B's origin; solved through the 2×2 effective mass, the accumulated impulse
 *   clamped to the disc |λ| ≤ Fmax·h.
 *
 * β_c is the correction factor (0..1): the fraction of the error removed per substep. The feedback
 * is a velocity target, not a position correction, so it acts in every pass, the soft step's relax
 * pass included: B really moves at the commanded speed, and with an unclamped force the error
 * shrinks by (1 − β_c) per substep without overshoot.
 */
import {
  J_IMPULSE,
  J_KIND,
  type JointContext,
  type JointKindSolver,
  jointAngleNow,
} from './joint-context.js';

// kind block
/** A's offset point relative to A's centre, world axes at the start of the step */
export const M_RAX = J_KIND;
export const M_RAY = J_KIND + 1;
/** the inverse of the 2×2 effective mass (symmetric) */
export const M_K11 = J_KIND + 2;
export const M_K12 = J_KIND + 3;
export const M_K22 = J_KIND + 4;
export const M_ANGULAR_MASS = J_KIND + 5;
export const M_MAX_FORCE_IMPULSE = J_KIND + 6;
export const M_MAX_TORQUE_IMPULSE = J_KIND + 7;
export const M_CORRECTION = J_KIND + 8;
// accumulated impulses (on B)
export const MI_X = J_IMPULSE;
export const MI_Y = J_IMPULSE + 1;
export const MI_ANGULAR = J_IMPULSE + 2;

function prepare(ctx: JointContext, j: number, o: number): void {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const J_MA = 0;
  const J_MB = 1;
  const J_IA = 2;
  const J_IB = 3;
  const J_RAX = 4;
  const J_RAY = 5;
  const J_RBX = 6;
  const J_RBY = 7;
  const J_QAC = 11;
  const J_QAS = 12;
  const JP_MAX_FORCE = 19;
  const JP_MAX_TORQUE = 20;
  const JP_CORRECTION = 21;
  const JP_TARGET_X = 22;
  const JP_TARGET_Y = 23;
  const JP_STRIDE = 24;
  const M_RAX = 21;
  const M_RAY = 22;
  const M_K11 = 23;
  const M_K12 = 24;
  const M_K22 = 25;
  const M_ANGULAR_MASS = 26;
  const M_MAX_FORCE_IMPULSE = 27;
  const M_MAX_TORQUE_IMPULSE = 28;
  const M_CORRECTION = 29;
  const jc = ctx.jc;
  const p = ctx.joints.param;
  const q = j * JP_STRIDE;
  const qc = jc[o + J_QAC]!;
  const qs = jc[o + J_QAS]!;
  const ox = p[q + JP_TARGET_X]!;
  const oy = p[q + JP_TARGET_Y]!;
  const rAx = jc[o + J_RAX]! + qc * ox - qs * oy;
  const rAy = jc[o + J_RAY]! + qs * ox + qc * oy;
  jc[o + M_RAX] = rAx;
  jc[o + M_RAY] = rAy;
  const rBx = jc[o + J_RBX]!;
  const rBy = jc[o + J_RBY]!;
  const mA = jc[o + J_MA]!;
  const mB = jc[o + J_MB]!;
  const iA = jc[o + J_IA]!;
  const iB = jc[o + J_IB]!;
  const k11 = mA + mB + rAy * rAy * iA + rBy * rBy * iB;
  const k12 = -rAy * rAx * iA - rBy * rBx * iB;
  const k22 = mA + mB + rAx * rAx * iA + rBx * rBx * iB;
  let det = k11 * k22 - k12 * k12;
  if (det !== 0) det = 1 / det;
  jc[o + M_K11] = det * k22;
  jc[o + M_K12] = -det * k12;
  jc[o + M_K22] = det * k11;
  const ka = iA + iB;
  jc[o + M_ANGULAR_MASS] = ka > 0 ? 1 / ka : 0;
  jc[o + M_MAX_FORCE_IMPULSE] = p[q + JP_MAX_FORCE]! * ctx.h;
  jc[o + M_MAX_TORQUE_IMPULSE] = p[q + JP_MAX_TORQUE]! * ctx.h;
  jc[o + M_CORRECTION] = p[q + JP_CORRECTION]!;
}

function warmStart(ctx: JointContext, o: number, oa: number, ob: number): void {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const J_MA = 0;
  const J_MB = 1;
  const J_IA = 2;
  const J_IB = 3;
  const J_RBX = 6;
  const J_RBY = 7;
  const M_RAX = 21;
  const M_RAY = 22;
  const MI_X = 13;
  const MI_Y = 14;
  const MI_ANGULAR = 15;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_W = 2;
  const SB_DQC = 5;
  const SB_DQS = 6;
  const ss = ctx.ss;
  const jc = ctx.jc;
  const qAc = ss[oa + SB_DQC]!;
  const qAs = ss[oa + SB_DQS]!;
  const qBc = ss[ob + SB_DQC]!;
  const qBs = ss[ob + SB_DQS]!;
  const rAx = qAc * jc[o + M_RAX]! - qAs * jc[o + M_RAY]!;
  const rAy = qAs * jc[o + M_RAX]! + qAc * jc[o + M_RAY]!;
  const rBx = qBc * jc[o + J_RBX]! - qBs * jc[o + J_RBY]!;
  const rBy = qBs * jc[o + J_RBX]! + qBc * jc[o + J_RBY]!;
  const Px = jc[o + MI_X]!;
  const Py = jc[o + MI_Y]!;
  const L = jc[o + MI_ANGULAR]!;
  const mA = jc[o + J_MA]!;
  const mB = jc[o + J_MB]!;
  ss[oa + SB_VX] = ss[oa + SB_VX]! - mA * Px;
  ss[oa + SB_VY] = ss[oa + SB_VY]! - mA * Py;
  ss[oa + SB_W] = ss[oa + SB_W]! - jc[o + J_IA]! * (rAx * Py - rAy * Px + L);
  ss[ob + SB_VX] = ss[ob + SB_VX]! + mB * Px;
  ss[ob + SB_VY] = ss[ob + SB_VY]! + mB * Py;
  ss[ob + SB_W] = ss[ob + SB_W]! + jc[o + J_IB]! * (rBx * Py - rBy * Px + L);
}

function solve(ctx: JointContext, o: number, oa: number, ob: number, _useBias: boolean): void {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const J_MA = 0;
  const J_MB = 1;
  const J_IA = 2;
  const J_IB = 3;
  const J_RBX = 6;
  const J_RBY = 7;
  const J_DCX = 8;
  const J_DCY = 9;
  const M_RAX = 21;
  const M_RAY = 22;
  const M_K11 = 23;
  const M_K12 = 24;
  const M_K22 = 25;
  const M_ANGULAR_MASS = 26;
  const M_MAX_FORCE_IMPULSE = 27;
  const M_MAX_TORQUE_IMPULSE = 28;
  const M_CORRECTION = 29;
  const MI_X = 13;
  const MI_Y = 14;
  const MI_ANGULAR = 15;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_W = 2;
  const SB_DPX = 3;
  const SB_DPY = 4;
  const SB_DQC = 5;
  const SB_DQS = 6;
  const ss = ctx.ss;
  const jc = ctx.jc;
  const mA = jc[o + J_MA]!;
  const mB = jc[o + J_MB]!;
  const iA = jc[o + J_IA]!;
  const iB = jc[o + J_IB]!;
  let vAx = ss[oa + SB_VX]!;
  let vAy = ss[oa + SB_VY]!;
  let wA = ss[oa + SB_W]!;
  let vBx = ss[ob + SB_VX]!;
  let vBy = ss[ob + SB_VY]!;
  let wB = ss[ob + SB_W]!;
  const feedback = jc[o + M_CORRECTION]! * ctx.invH;

  // angular
  {
    const b = feedback * jointAngleNow(ss, jc, o, oa, ob);
    const old = jc[o + MI_ANGULAR]!;
    const max = jc[o + M_MAX_TORQUE_IMPULSE]!;
    let acc = old - jc[o + M_ANGULAR_MASS]! * (wB - wA + b);
    if (acc < -max) acc = -max;
    else if (acc > max) acc = max;
    const impulse = acc - old;
    jc[o + MI_ANGULAR] = acc;
    wA -= iA * impulse;
    wB += iB * impulse;
  }

  // linear
  {
    const qAc = ss[oa + SB_DQC]!;
    const qAs = ss[oa + SB_DQS]!;
    const qBc = ss[ob + SB_DQC]!;
    const qBs = ss[ob + SB_DQS]!;
    const rAx = qAc * jc[o + M_RAX]! - qAs * jc[o + M_RAY]!;
    const rAy = qAs * jc[o + M_RAX]! + qAc * jc[o + M_RAY]!;
    const rBx = qBc * jc[o + J_RBX]! - qBs * jc[o + J_RBY]!;
    const rBy = qBs * jc[o + J_RBX]! + qBc * jc[o + J_RBY]!;
    // the current error e = (ΔpB − ΔpA) + (rB − rA) + (cB − cA)₀
    const ex = ss[ob + SB_DPX]! - ss[oa + SB_DPX]! + rBx - rAx + jc[o + J_DCX]!;
    const ey = ss[ob + SB_DPY]! - ss[oa + SB_DPY]! + rBy - rAy + jc[o + J_DCY]!;
    const cx = vBx - wB * rBy - vAx + wA * rAy + feedback * ex;
    const cy = vBy + wB * rBx - vAy - wA * rAx + feedback * ey;
    const oldX = jc[o + MI_X]!;
    const oldY = jc[o + MI_Y]!;
    let accX = oldX - (jc[o + M_K11]! * cx + jc[o + M_K12]! * cy);
    let accY = oldY - (jc[o + M_K12]! * cx + jc[o + M_K22]! * cy);
    const max = jc[o + M_MAX_FORCE_IMPULSE]!;
    const len2 = accX * accX + accY * accY;
    if (len2 > max * max) {
      const s = max / Math.sqrt(len2);
      accX *= s;
      accY *= s;
    }
    const ix = accX - oldX;
    const iy = accY - oldY;
    jc[o + MI_X] = accX;
    jc[o + MI_Y] = accY;
    vAx -= mA * ix;
    vAy -= mA * iy;
    wA -= iA * (rAx * iy - rAy * ix);
    vBx += mB * ix;
    vBy += mB * iy;
    wB += iB * (rBx * iy - rBy * ix);
  }
  ss[oa + SB_VX] = vAx;
  ss[oa + SB_VY] = vAy;
  ss[oa + SB_W] = wA;
  ss[ob + SB_VX] = vBx;
  ss[ob + SB_VY] = vBy;
  ss[ob + SB_W] = wB;
}

function reaction(ctx: JointContext, j: number, o: number): void {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const MI_X = 13;
  const MI_Y = 14;
  const MI_ANGULAR = 15;
  const jc = ctx.jc;
  const js = ctx.joints;
  js.forceX[j] = jc[o + MI_X]! * ctx.invH;
  js.forceY[j] = jc[o + MI_Y]! * ctx.invH;
  js.torque[j] = jc[o + MI_ANGULAR]! * ctx.invH;
}

export const motorJointSolver: JointKindSolver = { prepare, warmStart, solve, reaction };
