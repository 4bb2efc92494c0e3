/**
 * The wheel joint (textbook §26.2 "ジョイントとモーター"; the structure of Box2D v3's wheel joint):
 * B's anchor moves on a line through A's anchor along the axis â fixed in A (a point-on-line
 * constraint), with a suspension spring along the axis and a motor on B's rotation relative to A.
 * With d = (cB + rB) − (cA + rA), the perpendicular p̂ = â⊥ and the translation s = â·d:
 *
 * - point on line: C = p̂·d = 0, J = [−p̂, −(d + rA)×p̂, p̂, rB×p̂] — an equality, either sign, its
 *   bias from the rigid-part softness (`rigidBias`);
 * - suspension: the spring C = s of `hertz` and `dampingRatio` (soft in every pass; Catto, "Soft
 *   Constraints", GDC 2011; k = m_eff (2πf)² with 1/m_eff = mA + mB + iA ((d + rA)×â)² + iB (rB×â)²);
 * - limits lowerTranslation ≤ s ≤ upperTranslation: inequalities (impulse ≥ 0), speculative inside;
 * - motor: ωB − ωA → motorSpeed with 1/m_eff = iA + iB, accumulated impulse clamped to ±τmax·h.
 *
 * Solve order: motor, spring, limits, point-on-line (the hard constraint last).
 */
import { makeSoftness } from '../../dynamics/softness.js';
import { J_IMPULSE, J_KIND, type JointContext, type JointKindSolver, rigidBias } from './joint-context.js';

// kind block
/** the axis in world axes at the start of the step */
export const W_AX = J_KIND;
export const W_AY = J_KIND + 1;
export const W_PERP_MASS = J_KIND + 2;
export const W_AXIAL_MASS = J_KIND + 3;
export const W_MOTOR_MASS = J_KIND + 4;
export const W_SPRING_RATE = J_KIND + 5;
export const W_SPRING_MASS = J_KIND + 6;
export const W_SPRING_IMPULSE = J_KIND + 7;
/** 1: a spring of hertz > 0 acts */
export const W_SPRING = J_KIND + 8;
export const W_ENABLE_LIMIT = J_KIND + 9;
export const W_ENABLE_MOTOR = J_KIND + 10;
export const W_LOWER = J_KIND + 11;
export const W_UPPER = J_KIND + 12;
export const W_MOTOR_SPEED = J_KIND + 13;
export const W_MAX_MOTOR_IMPULSE = J_KIND + 14;
/** the current axis of the last pass (for the reaction force) */
export const W_CAX = J_KIND + 15;
export const W_CAY = J_KIND + 16;
// accumulated impulses (on B)
export const WI_PERP = J_IMPULSE;
export const WI_SPRING = J_IMPULSE + 1;
export const WI_MOTOR = J_IMPULSE + 2;
export const WI_LOWER = J_IMPULSE + 3;
export const WI_UPPER = J_IMPULSE + 4;

const bias = new Float64Array(3);
/** current geometry: rA, rB, d, axis â (rotated by A's in-step rotation) */
const g = new Float64Array(8);

/** The current anchors, separation and axis of packed joint `o` into `g`. */
function geometry(ss: Float64Array, jc: Float64Array, o: number, oa: number, ob: number): void {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const J_RAX = 4;
  const J_RAY = 5;
  const J_RBX = 6;
  const J_RBY = 7;
  const J_DCX = 8;
  const J_DCY = 9;
  const SB_DPX = 3;
  const SB_DPY = 4;
  const SB_DQC = 5;
  const SB_DQS = 6;
  const W_AX = 21;
  const W_AY = 22;
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
  g[6] = qAc * jc[o + W_AX]! - qAs * jc[o + W_AY]!;
  g[7] = qAs * jc[o + W_AX]! + qAc * jc[o + W_AY]!;
}

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
  const J_DCX = 8;
  const J_DCY = 9;
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
  const W_AX = 21;
  const W_AY = 22;
  const W_PERP_MASS = 23;
  const W_AXIAL_MASS = 24;
  const W_MOTOR_MASS = 25;
  const W_SPRING_RATE = 26;
  const W_SPRING_MASS = 27;
  const W_SPRING_IMPULSE = 28;
  const W_SPRING = 29;
  const W_ENABLE_LIMIT = 30;
  const W_ENABLE_MOTOR = 31;
  const W_LOWER = 32;
  const W_UPPER = 33;
  const W_MOTOR_SPEED = 34;
  const W_MAX_MOTOR_IMPULSE = 35;
  const W_CAX = 36;
  const W_CAY = 37;
  const WI_SPRING = 14;
  const WI_MOTOR = 15;
  const WI_LOWER = 16;
  const WI_UPPER = 17;
  const jc = ctx.jc;
  const p = ctx.joints.param;
  const q = j * JP_STRIDE;
  const mA = jc[o + J_MA]!;
  const mB = jc[o + J_MB]!;
  const iA = jc[o + J_IA]!;
  const iB = jc[o + J_IB]!;
  const qc = jc[o + J_QAC]!;
  const qs = jc[o + J_QAS]!;
  const ax = qc * p[q + JP_AXIS_X]! - qs * p[q + JP_AXIS_Y]!;
  const ay = qs * p[q + JP_AXIS_X]! + qc * p[q + JP_AXIS_Y]!;
  jc[o + W_AX] = ax;
  jc[o + W_AY] = ay;
  jc[o + W_CAX] = ax;
  jc[o + W_CAY] = ay;
  const rAx = jc[o + J_RAX]!;
  const rAy = jc[o + J_RAY]!;
  const rBx = jc[o + J_RBX]!;
  const rBy = jc[o + J_RBY]!;
  const dx = jc[o + J_DCX]! + rBx - rAx;
  const dy = jc[o + J_DCY]! + rBy - rAy;
  // perpendicular p̂ = (−ay, ax)
  const s1 = (dx + rAx) * ax - (dy + rAy) * -ay;
  const s2 = rBx * ax - rBy * -ay;
  const kp = mA + mB + iA * s1 * s1 + iB * s2 * s2;
  jc[o + W_PERP_MASS] = kp > 0 ? 1 / kp : 0;
  const a1 = (dx + rAx) * ay - (dy + rAy) * ax;
  const a2 = rBx * ay - rBy * ax;
  const ka = mA + mB + iA * a1 * a1 + iB * a2 * a2;
  jc[o + W_AXIAL_MASS] = ka > 0 ? 1 / ka : 0;
  const km = iA + iB;
  jc[o + W_MOTOR_MASS] = km > 0 ? 1 / km : 0;
  const hertz = p[q + JP_HERTZ]!;
  makeSoftness(hertz, p[q + JP_DAMPING]!, ctx.h, ctx.spring);
  jc[o + W_SPRING_RATE] = ctx.spring.biasRate;
  jc[o + W_SPRING_MASS] = ctx.spring.massScale;
  jc[o + W_SPRING_IMPULSE] = ctx.spring.impulseScale;
  jc[o + W_SPRING] = p[q + JP_ENABLE_SPRING] === 1 && hertz > 0 ? 1 : 0;
  jc[o + W_ENABLE_LIMIT] = p[q + JP_ENABLE_LIMIT]!;
  // a motor on two bodies that cannot rotate does nothing
  jc[o + W_ENABLE_MOTOR] = km > 0 ? p[q + JP_ENABLE_MOTOR]! : 0;
  jc[o + W_LOWER] = p[q + JP_LOWER]!;
  jc[o + W_UPPER] = p[q + JP_UPPER]!;
  jc[o + W_MOTOR_SPEED] = p[q + JP_MOTOR_SPEED]!;
  jc[o + W_MAX_MOTOR_IMPULSE] = p[q + JP_MAX_MOTOR]! * ctx.h;
  if (jc[o + W_SPRING] === 0) jc[o + WI_SPRING] = 0;
  if (jc[o + W_ENABLE_MOTOR] === 0) jc[o + WI_MOTOR] = 0;
  if (jc[o + W_ENABLE_LIMIT] === 0) {
    jc[o + WI_LOWER] = 0;
    jc[o + WI_UPPER] = 0;
  }
}

function warmStart(ctx: JointContext, o: number, oa: number, ob: number): void {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const J_MA = 0;
  const J_MB = 1;
  const J_IA = 2;
  const J_IB = 3;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_W = 2;
  const WI_PERP = 13;
  const WI_SPRING = 14;
  const WI_MOTOR = 15;
  const WI_LOWER = 16;
  const WI_UPPER = 17;
  const ss = ctx.ss;
  const jc = ctx.jc;
  geometry(ss, jc, o, oa, ob);
  const rAx = g[0]!;
  const rAy = g[1]!;
  const rBx = g[2]!;
  const rBy = g[3]!;
  const dx = g[4]!;
  const dy = g[5]!;
  const ax = g[6]!;
  const ay = g[7]!;
  const px = -ay;
  const py = ax;
  const a1 = (dx + rAx) * ay - (dy + rAy) * ax;
  const a2 = rBx * ay - rBy * ax;
  const s1 = (dx + rAx) * py - (dy + rAy) * px;
  const s2 = rBx * py - rBy * px;
  const axial = jc[o + WI_SPRING]! + jc[o + WI_LOWER]! - jc[o + WI_UPPER]!;
  const perp = jc[o + WI_PERP]!;
  const motor = jc[o + WI_MOTOR]!;
  const Px = axial * ax + perp * px;
  const Py = axial * ay + perp * py;
  const LA = axial * a1 + perp * s1 + motor;
  const LB = axial * a2 + perp * s2 + motor;
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
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_W = 2;
  const W_PERP_MASS = 23;
  const W_AXIAL_MASS = 24;
  const W_MOTOR_MASS = 25;
  const W_SPRING_RATE = 26;
  const W_SPRING_MASS = 27;
  const W_SPRING_IMPULSE = 28;
  const W_SPRING = 29;
  const W_ENABLE_LIMIT = 30;
  const W_ENABLE_MOTOR = 31;
  const W_LOWER = 32;
  const W_UPPER = 33;
  const W_MOTOR_SPEED = 34;
  const W_MAX_MOTOR_IMPULSE = 35;
  const W_CAX = 36;
  const W_CAY = 37;
  const WI_PERP = 13;
  const WI_SPRING = 14;
  const WI_MOTOR = 15;
  const WI_LOWER = 16;
  const WI_UPPER = 17;
  const ss = ctx.ss;
  const jc = ctx.jc;
  geometry(ss, jc, o, oa, ob);
  const mA = jc[o + J_MA]!;
  const mB = jc[o + J_MB]!;
  const iA = jc[o + J_IA]!;
  const iB = jc[o + J_IB]!;
  const rAx = g[0]!;
  const rAy = g[1]!;
  const rBx = g[2]!;
  const rBy = g[3]!;
  const dx = g[4]!;
  const dy = g[5]!;
  const ax = g[6]!;
  const ay = g[7]!;
  jc[o + W_CAX] = ax;
  jc[o + W_CAY] = ay;
  const translation = ax * dx + ay * dy;
  const a1 = (dx + rAx) * ay - (dy + rAy) * ax;
  const a2 = rBx * ay - rBy * ax;
  const axialMass = jc[o + W_AXIAL_MASS]!;
  let vAx = ss[oa + SB_VX]!;
  let vAy = ss[oa + SB_VY]!;
  let wA = ss[oa + SB_W]!;
  let vBx = ss[ob + SB_VX]!;
  let vBy = ss[ob + SB_VY]!;
  let wB = ss[ob + SB_W]!;
  let impulse = 0;
  let Cdot = 0;
  // the rigid parts' bias rate, mass and impulse scales (C = 1: no double argument, no boxing)
  rigidBias(ctx, 1, useBias, bias);
  const rate = bias[0]!;
  const rigidMass = bias[1]!;
  const rigidImpulse = bias[2]!;

  // motor on the relative rotation, accumulated impulse clamped to ±τmax·h
  if (jc[o + W_ENABLE_MOTOR] === 1) {
    Cdot = wB - wA - jc[o + W_MOTOR_SPEED]!;
    const old = jc[o + WI_MOTOR]!;
    const max = jc[o + W_MAX_MOTOR_IMPULSE]!;
    let acc = old - jc[o + W_MOTOR_MASS]! * Cdot;
    if (acc < -max) acc = -max;
    else if (acc > max) acc = max;
    impulse = acc - old;
    jc[o + WI_MOTOR] = acc;
    wA -= iA * impulse;
    wB += iB * impulse;
  }

  // the suspension spring along the axis (a real spring: soft in the relax pass too)
  if (jc[o + W_SPRING] === 1) {
    Cdot = ax * (vBx - vAx) + ay * (vBy - vAy) + a2 * wB - a1 * wA;
    const old = jc[o + WI_SPRING]!;
    impulse =
      -jc[o + W_SPRING_MASS]! * axialMass * (Cdot + jc[o + W_SPRING_RATE]! * translation) -
      jc[o + W_SPRING_IMPULSE]! * old;
    jc[o + WI_SPRING] = old + impulse;
    vAx -= mA * impulse * ax;
    vAy -= mA * impulse * ay;
    wA -= iA * impulse * a1;
    vBx += mB * impulse * ax;
    vBy += mB * impulse * ay;
    wB += iB * impulse * a2;
  }

  if (jc[o + W_ENABLE_LIMIT] === 1) {
    // lower: s ≥ lowerTranslation
    {
      const C = translation - jc[o + W_LOWER]!;
      let b = 0;
      let massScale = 1;
      let impulseScale = 0;
      if (C > 0) b = C * ctx.invH;
      else {
        b = rate * C;
        massScale = rigidMass;
        impulseScale = rigidImpulse;
      }
      Cdot = ax * (vBx - vAx) + ay * (vBy - vAy) + a2 * wB - a1 * wA;
      const old = jc[o + WI_LOWER]!;
      let acc = old - massScale * axialMass * (Cdot + b) - impulseScale * old;
      if (acc < 0) acc = 0;
      impulse = acc - old;
      jc[o + WI_LOWER] = acc;
      vAx -= mA * impulse * ax;
      vAy -= mA * impulse * ay;
      wA -= iA * impulse * a1;
      vBx += mB * impulse * ax;
      vBy += mB * impulse * ay;
      wB += iB * impulse * a2;
    }
    // upper: s ≤ upperTranslation (signs flipped so the impulse stays ≥ 0)
    {
      const C = jc[o + W_UPPER]! - translation;
      let b = 0;
      let massScale = 1;
      let impulseScale = 0;
      if (C > 0) b = C * ctx.invH;
      else {
        b = rate * C;
        massScale = rigidMass;
        impulseScale = rigidImpulse;
      }
      Cdot = ax * (vAx - vBx) + ay * (vAy - vBy) + a1 * wA - a2 * wB;
      const old = jc[o + WI_UPPER]!;
      let acc = old - massScale * axialMass * (Cdot + b) - impulseScale * old;
      if (acc < 0) acc = 0;
      impulse = acc - old;
      jc[o + WI_UPPER] = acc;
      vAx += mA * impulse * ax;
      vAy += mA * impulse * ay;
      wA += iA * impulse * a1;
      vBx -= mB * impulse * ax;
      vBy -= mB * impulse * ay;
      wB -= iB * impulse * a2;
    }
  }

  // point on line: p̂·d = 0
  {
    const px = -ay;
    const py = ax;
    const s1 = (dx + rAx) * py - (dy + rAy) * px;
    const s2 = rBx * py - rBy * px;
    Cdot = px * (vBx - vAx) + py * (vBy - vAy) + s2 * wB - s1 * wA;
    const old = jc[o + WI_PERP]!;
    impulse = -rigidMass * jc[o + W_PERP_MASS]! * (Cdot + rate * (px * dx + py * dy)) - rigidImpulse * old;
    jc[o + WI_PERP] = old + impulse;
    vAx -= mA * impulse * px;
    vAy -= mA * impulse * py;
    wA -= iA * impulse * s1;
    vBx += mB * impulse * px;
    vBy += mB * impulse * py;
    wB += iB * impulse * s2;
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
  const W_CAX = 36;
  const W_CAY = 37;
  const WI_PERP = 13;
  const WI_SPRING = 14;
  const WI_MOTOR = 15;
  const WI_LOWER = 16;
  const WI_UPPER = 17;
  const jc = ctx.jc;
  const js = ctx.joints;
  const invH = ctx.invH;
  const ax = jc[o + W_CAX]!;
  const ay = jc[o + W_CAY]!;
  const axial = jc[o + WI_SPRING]! + jc[o + WI_LOWER]! - jc[o + WI_UPPER]!;
  const perp = jc[o + WI_PERP]!;
  js.forceX[j] = (axial * ax - perp * ay) * invH;
  js.forceY[j] = (axial * ay + perp * ax) * invH;
  js.torque[j] = jc[o + WI_MOTOR]! * invH;
}

export const wheelJointSolver: JointKindSolver = { prepare, warmStart, solve, reaction };
