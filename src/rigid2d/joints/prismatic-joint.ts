/**
 * The prismatic joint (a slider; textbook §26.2 "ジョイントとモーター", after the structure of
 * Box2D v3's prismatic_joint.c): B's anchor moves along an axis fixed in A and the bodies keep their
 * relative angle — two equations solved together, the perpendicular offset d·n = 0 and the angle
 * θ = 0, through a 2×2 effective mass, without clamping. Along the axis, with translation x = d·u
 * (d = pB − pA, u the axis turned with A), optional: a spring towards x = 0 (soft, Hz and damping
 * ratio), a motor with its accumulated force impulse clamped to ±Fmax·h, and lower / upper limits
 * (inequalities, speculative inside the range). The axial Jacobian is (−u, −(d + rA)×u; u, rB×u).
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

// kind block
export const P_AXIS_X = J_KIND;
export const P_AXIS_Y = J_KIND + 1;
export const P_SPRING_RATE = J_KIND + 2;
export const P_SPRING_MASS = J_KIND + 3;
export const P_SPRING_IMPULSE = J_KIND + 4;
export const P_ENABLE_SPRING = J_KIND + 5;
export const P_ENABLE_MOTOR = J_KIND + 6;
export const P_ENABLE_LIMIT = J_KIND + 7;
export const P_LOWER = J_KIND + 8;
export const P_UPPER = J_KIND + 9;
export const P_MOTOR_SPEED = J_KIND + 10;
export const P_MAX_MOTOR_IMPULSE = J_KIND + 11;
// accumulated impulses
export const PI_PERP = J_IMPULSE;
export const PI_ANGLE = J_IMPULSE + 1;
export const PI_SPRING = J_IMPULSE + 2;
export const PI_MOTOR = J_IMPULSE + 3;
export const PI_LOWER = J_IMPULSE + 4;
export const PI_UPPER = J_IMPULSE + 5;

const bias = new Float64Array(3);

function prepare(ctx: JointContext, j: number, o: number): void {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const J_QAC = 11;
  const J_QAS = 12;
  const JP_AXIS_X = 5;
  const JP_AXIS_Y = 6;
  const JP_ENABLE_LIMIT = 7;
  const JP_LOWER = 8;
  const JP_UPPER = 9;
  const JP_ENABLE_MOTOR = 10;
  const JP_MOTOR_SPEED = 11;
  const JP_MAX_MOTOR = 12;
  const JP_ENABLE_SPRING = 13;
  const JP_HERTZ = 14;
  const JP_DAMPING = 15;
  const JP_STRIDE = 24;
  const P_AXIS_X = 21;
  const P_AXIS_Y = 22;
  const P_SPRING_RATE = 23;
  const P_SPRING_MASS = 24;
  const P_SPRING_IMPULSE = 25;
  const P_ENABLE_SPRING = 26;
  const P_ENABLE_MOTOR = 27;
  const P_ENABLE_LIMIT = 28;
  const P_LOWER = 29;
  const P_UPPER = 30;
  const P_MOTOR_SPEED = 31;
  const P_MAX_MOTOR_IMPULSE = 32;
  const PI_SPRING = 15;
  const PI_MOTOR = 16;
  const PI_LOWER = 17;
  const PI_UPPER = 18;
  const jc = ctx.jc;
  const p = ctx.joints.param;
  const q = j * JP_STRIDE;
  const c = jc[o + J_QAC]!;
  const s = jc[o + J_QAS]!;
  const lx = p[q + JP_AXIS_X]!;
  const ly = p[q + JP_AXIS_Y]!;
  jc[o + P_AXIS_X] = c * lx - s * ly;
  jc[o + P_AXIS_Y] = s * lx + c * ly;
  if (p[q + JP_ENABLE_SPRING] === 1) {
    makeSoftness(p[q + JP_HERTZ]!, p[q + JP_DAMPING]!, ctx.h, ctx.spring);
    jc[o + P_SPRING_RATE] = ctx.spring.biasRate;
    jc[o + P_SPRING_MASS] = ctx.spring.massScale;
    jc[o + P_SPRING_IMPULSE] = ctx.spring.impulseScale;
  }
  jc[o + P_ENABLE_SPRING] = p[q + JP_ENABLE_SPRING]!;
  jc[o + P_ENABLE_MOTOR] = p[q + JP_ENABLE_MOTOR]!;
  jc[o + P_ENABLE_LIMIT] = p[q + JP_ENABLE_LIMIT]!;
  jc[o + P_LOWER] = p[q + JP_LOWER]!;
  jc[o + P_UPPER] = p[q + JP_UPPER]!;
  jc[o + P_MOTOR_SPEED] = p[q + JP_MOTOR_SPEED]!;
  jc[o + P_MAX_MOTOR_IMPULSE] = p[q + JP_MAX_MOTOR]! * ctx.h;
  if (jc[o + P_ENABLE_SPRING] === 0) jc[o + PI_SPRING] = 0;
  if (jc[o + P_ENABLE_MOTOR] === 0) jc[o + PI_MOTOR] = 0;
  if (jc[o + P_ENABLE_LIMIT] === 0) {
    jc[o + PI_LOWER] = 0;
    jc[o + PI_UPPER] = 0;
  }
}

/** The current anchors, offset d and axis u, written to `g` (rA, rB, d, u: 8 numbers). */
function geometry(
  ss: Float64Array,
  jc: Float64Array,
  o: number,
  oa: number,
  ob: number,
  g: Float64Array,
): void {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const J_RAX = 4;
  const J_RAY = 5;
  const J_RBX = 6;
  const J_RBY = 7;
  const J_DCX = 8;
  const J_DCY = 9;
  const P_AXIS_X = 21;
  const P_AXIS_Y = 22;
  const SB_DPX = 3;
  const SB_DPY = 4;
  const SB_DQC = 5;
  const SB_DQS = 6;
  const qAc = ss[oa + SB_DQC]!;
  const qAs = ss[oa + SB_DQS]!;
  const qBc = ss[ob + SB_DQC]!;
  const qBs = ss[ob + SB_DQS]!;
  const rAx = qAc * jc[o + J_RAX]! - qAs * jc[o + J_RAY]!;
  const rAy = qAs * jc[o + J_RAX]! + qAc * jc[o + J_RAY]!;
  const rBx = qBc * jc[o + J_RBX]! - qBs * jc[o + J_RBY]!;
  const rBy = qBs * jc[o + J_RBX]! + qBc * jc[o + J_RBY]!;
  g[0] = rAx;
  g[1] = rAy;
  g[2] = rBx;
  g[3] = rBy;
  g[4] = ss[ob + SB_DPX]! - ss[oa + SB_DPX]! + jc[o + J_DCX]! + rBx - rAx;
  g[5] = ss[ob + SB_DPY]! - ss[oa + SB_DPY]! + jc[o + J_DCY]! + rBy - rAy;
  g[6] = qAc * jc[o + P_AXIS_X]! - qAs * jc[o + P_AXIS_Y]!;
  g[7] = qAs * jc[o + P_AXIS_X]! + qAc * jc[o + P_AXIS_Y]!;
}

const geo = new Float64Array(8);

function warmStart(ctx: JointContext, o: number, oa: number, ob: number): void {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const J_MA = 0;
  const J_MB = 1;
  const J_IA = 2;
  const J_IB = 3;
  const PI_PERP = 13;
  const PI_ANGLE = 14;
  const PI_SPRING = 15;
  const PI_MOTOR = 16;
  const PI_LOWER = 17;
  const PI_UPPER = 18;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_W = 2;
  const ss = ctx.ss;
  const jc = ctx.jc;
  geometry(ss, jc, o, oa, ob, geo);
  const rAx = geo[0]!;
  const rAy = geo[1]!;
  const rBx = geo[2]!;
  const rBy = geo[3]!;
  const dx = geo[4]!;
  const dy = geo[5]!;
  const ux = geo[6]!;
  const uy = geo[7]!;
  const a1 = (dx + rAx) * uy - (dy + rAy) * ux;
  const a2 = rBx * uy - rBy * ux;
  // n = perp(u) = (−uy, ux)
  const s1 = (dx + rAx) * ux + (dy + rAy) * uy;
  const s2 = rBx * ux + rBy * uy;
  const axial = jc[o + PI_SPRING]! + jc[o + PI_MOTOR]! + jc[o + PI_LOWER]! - jc[o + PI_UPPER]!;
  const perp = jc[o + PI_PERP]!;
  const ang = jc[o + PI_ANGLE]!;
  const Px = axial * ux - perp * uy;
  const Py = axial * uy + perp * ux;
  const LA = axial * a1 + perp * s1 + ang;
  const LB = axial * a2 + perp * s2 + ang;
  const mA = jc[o + J_MA]!;
  const mB = jc[o + J_MB]!;
  ss[oa + SB_VX] = ss[oa + SB_VX]! - mA * Px;
  ss[oa + SB_VY] = ss[oa + SB_VY]! - mA * Py;
  ss[oa + SB_W] = ss[oa + SB_W]! - jc[o + J_IA]! * LA;
  ss[ob + SB_VX] = ss[ob + SB_VX]! + mB * Px;
  ss[ob + SB_VY] = ss[ob + SB_VY]! + mB * Py;
  ss[ob + SB_W] = ss[ob + SB_W]! + jc[o + J_IB]! * LB;
}

function solve(ctx: JointContext, o: number, oa: number, ob: number, useBias: boolean): void {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const J_MA = 0;
  const J_MB = 1;
  const J_IA = 2;
  const J_IB = 3;
  const P_SPRING_RATE = 23;
  const P_SPRING_MASS = 24;
  const P_SPRING_IMPULSE = 25;
  const P_ENABLE_SPRING = 26;
  const P_ENABLE_MOTOR = 27;
  const P_ENABLE_LIMIT = 28;
  const P_LOWER = 29;
  const P_UPPER = 30;
  const P_MOTOR_SPEED = 31;
  const P_MAX_MOTOR_IMPULSE = 32;
  const PI_PERP = 13;
  const PI_ANGLE = 14;
  const PI_SPRING = 15;
  const PI_MOTOR = 16;
  const PI_LOWER = 17;
  const PI_UPPER = 18;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_W = 2;
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
  geometry(ss, jc, o, oa, ob, geo);
  const rAx = geo[0]!;
  const rAy = geo[1]!;
  const rBx = geo[2]!;
  const rBy = geo[3]!;
  const dx = geo[4]!;
  const dy = geo[5]!;
  const ux = geo[6]!;
  const uy = geo[7]!;
  const translation = ux * dx + uy * dy;
  // axial Jacobian
  const a1 = (dx + rAx) * uy - (dy + rAy) * ux;
  const a2 = rBx * uy - rBy * ux;
  const ka = mA + mB + iA * a1 * a1 + iB * a2 * a2;
  const axialMass = ka > 0 ? 1 / ka : 0;

  if (jc[o + P_ENABLE_SPRING] === 1) {
    const C = translation;
    const b = jc[o + P_SPRING_RATE]! * C;
    const Cdot = ux * (vBx - vAx) + uy * (vBy - vAy) + a2 * wB - a1 * wA;
    const old = jc[o + PI_SPRING]!;
    const impulse = -axialMass * jc[o + P_SPRING_MASS]! * (Cdot + b) - jc[o + P_SPRING_IMPULSE]! * old;
    jc[o + PI_SPRING] = old + impulse;
    vAx -= mA * impulse * ux;
    vAy -= mA * impulse * uy;
    wA -= iA * impulse * a1;
    vBx += mB * impulse * ux;
    vBy += mB * impulse * uy;
    wB += iB * impulse * a2;
  }

  if (jc[o + P_ENABLE_MOTOR] === 1) {
    const Cdot = ux * (vBx - vAx) + uy * (vBy - vAy) + a2 * wB - a1 * wA;
    const old = jc[o + PI_MOTOR]!;
    const max = jc[o + P_MAX_MOTOR_IMPULSE]!;
    let acc = old + axialMass * (jc[o + P_MOTOR_SPEED]! - Cdot);
    if (acc < -max) acc = -max;
    else if (acc > max) acc = max;
    const impulse = acc - old;
    jc[o + PI_MOTOR] = acc;
    vAx -= mA * impulse * ux;
    vAy -= mA * impulse * uy;
    wA -= iA * impulse * a1;
    vBx += mB * impulse * ux;
    vBy += mB * impulse * uy;
    wB += iB * impulse * a2;
  }

  if (jc[o + P_ENABLE_LIMIT] === 1) {
    for (let side = 0; side < 2; side++) {
      // lower: C = x − lower ≥ 0 pushes B along +u; upper: C = upper − x ≥ 0 pushes along −u
      const sign = side === 0 ? 1 : -1;
      const C = side === 0 ? translation - jc[o + P_LOWER]! : jc[o + P_UPPER]! - translation;
      let b = 0;
      let massScale = 1;
      let impulseScale = 0;
      if (C > 0) b = C * ctx.invH;
      else {
        rigidBias(ctx, C, useBias, bias);
        b = bias[0]!;
        massScale = bias[1]!;
        impulseScale = bias[2]!;
      }
      const slot = side === 0 ? PI_LOWER : PI_UPPER;
      const Cdot = sign * (ux * (vBx - vAx) + uy * (vBy - vAy) + a2 * wB - a1 * wA);
      const old = jc[o + slot]!;
      let acc = old - axialMass * massScale * (Cdot + b) - impulseScale * old;
      if (acc < 0) acc = 0;
      const impulse = sign * (acc - old);
      jc[o + slot] = acc;
      vAx -= mA * impulse * ux;
      vAy -= mA * impulse * uy;
      wA -= iA * impulse * a1;
      vBx += mB * impulse * ux;
      vBy += mB * impulse * uy;
      wB += iB * impulse * a2;
    }
  }

  // perpendicular offset and relative angle, solved together
  {
    const nx = -uy;
    const ny = ux;
    const s1 = (dx + rAx) * ny - (dy + rAy) * nx;
    const s2 = rBx * ny - rBy * nx;
    const c1 = nx * (vBx - vAx) + ny * (vBy - vAy) + s2 * wB - s1 * wA;
    const c2 = wB - wA;
    let b1 = 0;
    let b2 = 0;
    let massScale = 1;
    let impulseScale = 0;
    if (useBias) {
      rigidBias(ctx, 1, true, bias);
      b1 = bias[0]! * (nx * dx + ny * dy);
      b2 = bias[0]! * jointAngleNow(ss, jc, o, oa, ob);
      massScale = bias[1]!;
      impulseScale = bias[2]!;
    }
    const k11 = mA + mB + iA * s1 * s1 + iB * s2 * s2;
    const k12 = iA * s1 + iB * s2;
    let k22 = iA + iB;
    if (k22 === 0) k22 = 1; // both rotations fixed: the angle row is free
    let det = k11 * k22 - k12 * k12;
    if (det !== 0) det = 1 / det;
    const u1 = c1 + b1;
    const u2 = c2 + b2;
    const x1 = det * (k22 * u1 - k12 * u2);
    const x2 = det * (k11 * u2 - k12 * u1);
    const oldP = jc[o + PI_PERP]!;
    const oldA = jc[o + PI_ANGLE]!;
    const i1 = -massScale * x1 - impulseScale * oldP;
    const i2 = -massScale * x2 - impulseScale * oldA;
    jc[o + PI_PERP] = oldP + i1;
    jc[o + PI_ANGLE] = oldA + i2;
    const Px = i1 * nx;
    const Py = i1 * ny;
    vAx -= mA * Px;
    vAy -= mA * Py;
    wA -= iA * (i1 * s1 + i2);
    vBx += mB * Px;
    vBy += mB * Py;
    wB += iB * (i1 * s2 + i2);
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
  const P_AXIS_X = 21;
  const P_AXIS_Y = 22;
  const PI_PERP = 13;
  const PI_ANGLE = 14;
  const PI_SPRING = 15;
  const PI_MOTOR = 16;
  const PI_LOWER = 17;
  const PI_UPPER = 18;
  const jc = ctx.jc;
  const js = ctx.joints;
  const invH = ctx.invH;
  // the axis at the end of the step is close enough to the start's for a readout
  const ux = jc[o + P_AXIS_X]!;
  const uy = jc[o + P_AXIS_Y]!;
  const axial = jc[o + PI_SPRING]! + jc[o + PI_MOTOR]! + jc[o + PI_LOWER]! - jc[o + PI_UPPER]!;
  const perp = jc[o + PI_PERP]!;
  js.forceX[j] = (axial * ux - perp * uy) * invH;
  js.forceY[j] = (axial * uy + perp * ux) * invH;
  js.torque[j] = jc[o + PI_ANGLE]! * invH;
}

export const prismaticJointSolver: JointKindSolver = { prepare, warmStart, solve, reaction };
