/**
 * The distance joint (textbook §26.2 "ジョイントとモーター"; the structure of Box2D v3's distance
 * joint): one equation along the current axis u = (pB − pA)/|pB − pA| between the two anchors,
 * C = |pB − pA| − L, Jacobian J = [−u, −rA×u, u, rB×u], effective mass
 * 1/m_eff = mA + mB + iA (rA×u)² + iB (rB×u)².
 *
 * - spring off (or the limits pinned together): a rigid rod of length L — an equality, no
 *   clamping, its bias from the rigid-part softness (joint-context.ts `rigidBias`);
 * - spring on: a soft constraint of `hertz` and `dampingRatio` (Catto, "Soft Constraints", GDC
 *   2011; k = m_eff (2πf)², applied in every pass, relax included, since it is a real spring);
 *   hertz 0 is no spring at all, which with the limits makes a rope;
 * - limits minLength ≤ |pB − pA| ≤ maxLength: two inequalities (accumulated impulse ≥ 0 each),
 *   speculative while inside the range (an approach of C/h per substep is allowed), so the rope is
 *   slack below maxLength;
 * - motor: drives d|pB − pA|/dt to motorSpeed, accumulated impulse clamped to ±Fmax·h.
 */
import { makeSoftness } from '../../dynamics/softness.js';
import { J_IMPULSE, J_KIND, type JointContext, type JointKindSolver, rigidBias } from './joint-context.js';

// kind block
export const D_AXIAL_MASS = J_KIND;
export const D_LENGTH = J_KIND + 1;
export const D_MIN = J_KIND + 2;
export const D_MAX = J_KIND + 3;
/** 1: spring/limit/motor branch, 0: rigid rod */
export const D_SOFT = J_KIND + 4;
/** 1: a spring of hertz > 0 acts */
export const D_SPRING = J_KIND + 5;
export const D_SPRING_RATE = J_KIND + 6;
export const D_SPRING_MASS = J_KIND + 7;
export const D_SPRING_IMPULSE = J_KIND + 8;
export const D_ENABLE_LIMIT = J_KIND + 9;
export const D_ENABLE_MOTOR = J_KIND + 10;
export const D_MOTOR_SPEED = J_KIND + 11;
export const D_MAX_MOTOR_IMPULSE = J_KIND + 12;
/** the axis of the last pass (for the reaction force) */
export const D_AXIS_X = J_KIND + 13;
export const D_AXIS_Y = J_KIND + 14;
// accumulated impulses (along u, on B)
/** the rod or the spring */
export const DI_AXIAL = J_IMPULSE;
export const DI_LOWER = J_IMPULSE + 1;
export const DI_UPPER = J_IMPULSE + 2;
export const DI_MOTOR = J_IMPULSE + 3;

/** the stand-in for an unbounded maxLength (m) */
const HUGE_LENGTH = 1e30;

const bias = new Float64Array(3);
/** the current geometry: rA, rB (rotated by the in-step rotation), the separation and its length */
const g = new Float64Array(7);

/** Current anchors and separation of packed joint `o` into `g`. */
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
  const qAc = ss[oa + SB_DQC]!;
  const qAs = ss[oa + SB_DQS]!;
  const qBc = ss[ob + SB_DQC]!;
  const qBs = ss[ob + SB_DQS]!;
  const rAx = qAc * jc[o + J_RAX]! - qAs * jc[o + J_RAY]!;
  const rAy = qAs * jc[o + J_RAX]! + qAc * jc[o + J_RAY]!;
  const rBx = qBc * jc[o + J_RBX]! - qBs * jc[o + J_RBY]!;
  const rBy = qBs * jc[o + J_RBX]! + qBc * jc[o + J_RBY]!;
  const dx = ss[ob + SB_DPX]! - ss[oa + SB_DPX]! + rBx - rAx + jc[o + J_DCX]!;
  const dy = ss[ob + SB_DPY]! - ss[oa + SB_DPY]! + rBy - rAy + jc[o + J_DCY]!;
  g[0] = rAx;
  g[1] = rAy;
  g[2] = rBx;
  g[3] = rBy;
  g[4] = dx;
  g[5] = dy;
  g[6] = Math.sqrt(dx * dx + dy * dy);
}

function prepare(ctx: JointContext, j: number, o: number): void {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const D_AXIAL_MASS = 21;
  const D_LENGTH = 22;
  const D_MIN = 23;
  const D_MAX = 24;
  const D_SOFT = 25;
  const D_SPRING = 26;
  const D_SPRING_RATE = 27;
  const D_SPRING_MASS = 28;
  const D_SPRING_IMPULSE = 29;
  const D_ENABLE_LIMIT = 30;
  const D_ENABLE_MOTOR = 31;
  const D_MOTOR_SPEED = 32;
  const D_MAX_MOTOR_IMPULSE = 33;
  const D_AXIS_X = 34;
  const D_AXIS_Y = 35;
  const DI_AXIAL = 13;
  const DI_LOWER = 14;
  const DI_UPPER = 15;
  const DI_MOTOR = 16;
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
  const JP_ENABLE_LIMIT = 7;
  const JP_LOWER = 8;
  const JP_UPPER = 9;
  const JP_ENABLE_MOTOR = 10;
  const JP_MOTOR_SPEED = 11;
  const JP_MAX_MOTOR = 12;
  const JP_ENABLE_SPRING = 13;
  const JP_HERTZ = 14;
  const JP_DAMPING = 15;
  const JP_LENGTH = 16;
  const JP_STRIDE = 24;
  const jc = ctx.jc;
  const p = ctx.joints.param;
  const q = j * JP_STRIDE;
  const rAx = jc[o + J_RAX]!;
  const rAy = jc[o + J_RAY]!;
  const rBx = jc[o + J_RBX]!;
  const rBy = jc[o + J_RBY]!;
  let ux = jc[o + J_DCX]! + rBx - rAx;
  let uy = jc[o + J_DCY]! + rBy - rAy;
  const len = Math.sqrt(ux * ux + uy * uy);
  if (len > 0) {
    ux /= len;
    uy /= len;
  } else {
    ux = 0;
    uy = 0;
  }
  const crA = rAx * uy - rAy * ux;
  const crB = rBx * uy - rBy * ux;
  const k = jc[o + J_MA]! + jc[o + J_MB]! + jc[o + J_IA]! * crA * crA + jc[o + J_IB]! * crB * crB;
  jc[o + D_AXIAL_MASS] = k > 0 ? 1 / k : 0;
  jc[o + D_AXIS_X] = ux;
  jc[o + D_AXIS_Y] = uy;
  const hertz = p[q + JP_HERTZ]!;
  makeSoftness(hertz, p[q + JP_DAMPING]!, ctx.h, ctx.spring);
  jc[o + D_SPRING_RATE] = ctx.spring.biasRate;
  jc[o + D_SPRING_MASS] = ctx.spring.massScale;
  jc[o + D_SPRING_IMPULSE] = ctx.spring.impulseScale;
  const spring = p[q + JP_ENABLE_SPRING]!;
  const limit = p[q + JP_ENABLE_LIMIT]!;
  const lower = p[q + JP_LOWER]!;
  const upper = p[q + JP_UPPER]!;
  const soft = spring === 1 && (limit === 0 || lower < upper) ? 1 : 0;
  jc[o + D_SOFT] = soft;
  jc[o + D_SPRING] = soft === 1 && hertz > 0 ? 1 : 0;
  jc[o + D_LENGTH] = p[q + JP_LENGTH]!;
  jc[o + D_MIN] = lower;
  // an unbounded maxLength (the default) becomes a huge finite one: C/h stays finite, so a joint
  // between two bodies of zero mass (effective mass 0) never computes 0·∞
  jc[o + D_MAX] = Math.min(upper, HUGE_LENGTH);
  jc[o + D_ENABLE_LIMIT] = soft === 1 ? limit : 0;
  jc[o + D_ENABLE_MOTOR] = soft === 1 ? p[q + JP_ENABLE_MOTOR]! : 0;
  jc[o + D_MOTOR_SPEED] = p[q + JP_MOTOR_SPEED]!;
  jc[o + D_MAX_MOTOR_IMPULSE] = p[q + JP_MAX_MOTOR]! * ctx.h;
  // parts that do not act carry no impulse into the warm start
  if (soft === 1 && jc[o + D_SPRING] === 0) jc[o + DI_AXIAL] = 0;
  if (jc[o + D_ENABLE_LIMIT] === 0) {
    jc[o + DI_LOWER] = 0;
    jc[o + DI_UPPER] = 0;
  }
  if (jc[o + D_ENABLE_MOTOR] === 0) jc[o + DI_MOTOR] = 0;
}

function warmStart(ctx: JointContext, o: number, oa: number, ob: number): void {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const DI_AXIAL = 13;
  const DI_LOWER = 14;
  const DI_UPPER = 15;
  const DI_MOTOR = 16;
  const J_MA = 0;
  const J_MB = 1;
  const J_IA = 2;
  const J_IB = 3;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_W = 2;
  const ss = ctx.ss;
  const jc = ctx.jc;
  geometry(ss, jc, o, oa, ob);
  const len = g[6]!;
  if (len === 0) return;
  const ux = g[4]! / len;
  const uy = g[5]! / len;
  const axial = jc[o + DI_AXIAL]! + jc[o + DI_LOWER]! - jc[o + DI_UPPER]! + jc[o + DI_MOTOR]!;
  const Px = axial * ux;
  const Py = axial * uy;
  const mA = jc[o + J_MA]!;
  const mB = jc[o + J_MB]!;
  ss[oa + SB_VX] = ss[oa + SB_VX]! - mA * Px;
  ss[oa + SB_VY] = ss[oa + SB_VY]! - mA * Py;
  ss[oa + SB_W] = ss[oa + SB_W]! - jc[o + J_IA]! * (g[0]! * Py - g[1]! * Px);
  ss[ob + SB_VX] = ss[ob + SB_VX]! + mB * Px;
  ss[ob + SB_VY] = ss[ob + SB_VY]! + mB * Py;
  ss[ob + SB_W] = ss[ob + SB_W]! + jc[o + J_IB]! * (g[2]! * Py - g[3]! * Px);
}

function solve(ctx: JointContext, o: number, oa: number, ob: number, useBias: boolean): void {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const D_AXIAL_MASS = 21;
  const D_LENGTH = 22;
  const D_MIN = 23;
  const D_MAX = 24;
  const D_SOFT = 25;
  const D_SPRING = 26;
  const D_SPRING_RATE = 27;
  const D_SPRING_MASS = 28;
  const D_SPRING_IMPULSE = 29;
  const D_ENABLE_LIMIT = 30;
  const D_ENABLE_MOTOR = 31;
  const D_MOTOR_SPEED = 32;
  const D_MAX_MOTOR_IMPULSE = 33;
  const D_AXIS_X = 34;
  const D_AXIS_Y = 35;
  const DI_AXIAL = 13;
  const DI_LOWER = 14;
  const DI_UPPER = 15;
  const DI_MOTOR = 16;
  const J_MA = 0;
  const J_MB = 1;
  const J_IA = 2;
  const J_IB = 3;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_W = 2;
  const ss = ctx.ss;
  const jc = ctx.jc;
  geometry(ss, jc, o, oa, ob);
  const len = g[6]!;
  if (len === 0) return; // the anchors coincide: no axis
  const mA = jc[o + J_MA]!;
  const mB = jc[o + J_MB]!;
  const iA = jc[o + J_IA]!;
  const iB = jc[o + J_IB]!;
  const rAx = g[0]!;
  const rAy = g[1]!;
  const rBx = g[2]!;
  const rBy = g[3]!;
  const ux = g[4]! / len;
  const uy = g[5]! / len;
  jc[o + D_AXIS_X] = ux;
  jc[o + D_AXIS_Y] = uy;
  // angular lever arms of an impulse along u
  const crA = rAx * uy - rAy * ux;
  const crB = rBx * uy - rBy * ux;
  const axialMass = jc[o + D_AXIAL_MASS]!;
  let vAx = ss[oa + SB_VX]!;
  let vAy = ss[oa + SB_VY]!;
  let wA = ss[oa + SB_W]!;
  let vBx = ss[ob + SB_VX]!;
  let vBy = ss[ob + SB_VY]!;
  let wB = ss[ob + SB_W]!;
  // the speed of separation: u·(vB + ωB×rB − vA − ωA×rA)
  let Cdot = 0;
  let impulse = 0;
  // the rigid parts' bias rate, mass and impulse scales (C = 1: no double argument, no boxing)
  rigidBias(ctx, 1, useBias, bias);
  const rate = bias[0]!;
  const rigidMass = bias[1]!;
  const rigidImpulse = bias[2]!;

  if (jc[o + D_SOFT] === 1) {
    if (jc[o + D_SPRING] === 1) {
      Cdot = ux * (vBx - wB * rBy - vAx + wA * rAy) + uy * (vBy + wB * rBx - vAy - wA * rAx);
      const C = len - jc[o + D_LENGTH]!;
      const old = jc[o + DI_AXIAL]!;
      impulse =
        -jc[o + D_SPRING_MASS]! * axialMass * (Cdot + jc[o + D_SPRING_RATE]! * C) -
        jc[o + D_SPRING_IMPULSE]! * old;
      jc[o + DI_AXIAL] = old + impulse;
      vAx -= mA * impulse * ux;
      vAy -= mA * impulse * uy;
      wA -= iA * impulse * crA;
      vBx += mB * impulse * ux;
      vBy += mB * impulse * uy;
      wB += iB * impulse * crB;
    }
    if (jc[o + D_ENABLE_MOTOR] === 1) {
      Cdot = ux * (vBx - wB * rBy - vAx + wA * rAy) + uy * (vBy + wB * rBx - vAy - wA * rAx);
      const old = jc[o + DI_MOTOR]!;
      const max = jc[o + D_MAX_MOTOR_IMPULSE]!;
      let acc = old + axialMass * (jc[o + D_MOTOR_SPEED]! - Cdot);
      if (acc < -max) acc = -max;
      else if (acc > max) acc = max;
      impulse = acc - old;
      jc[o + DI_MOTOR] = acc;
      vAx -= mA * impulse * ux;
      vAy -= mA * impulse * uy;
      wA -= iA * impulse * crA;
      vBx += mB * impulse * ux;
      vBy += mB * impulse * uy;
      wB += iB * impulse * crB;
    }
    if (jc[o + D_ENABLE_LIMIT] === 1) {
      // lower: |d| ≥ minLength, impulse pushes B away from A
      {
        Cdot = ux * (vBx - wB * rBy - vAx + wA * rAy) + uy * (vBy + wB * rBx - vAy - wA * rAx);
        const C = len - jc[o + D_MIN]!;
        let b = 0;
        let massScale = 1;
        let impulseScale = 0;
        if (C > 0) b = C * ctx.invH;
        else {
          b = rate * C;
          massScale = rigidMass;
          impulseScale = rigidImpulse;
        }
        const old = jc[o + DI_LOWER]!;
        let acc = old - massScale * axialMass * (Cdot + b) - impulseScale * old;
        if (acc < 0) acc = 0;
        impulse = acc - old;
        jc[o + DI_LOWER] = acc;
        vAx -= mA * impulse * ux;
        vAy -= mA * impulse * uy;
        wA -= iA * impulse * crA;
        vBx += mB * impulse * ux;
        vBy += mB * impulse * uy;
        wB += iB * impulse * crB;
      }
      // upper: |d| ≤ maxLength, signs flipped so the impulse stays ≥ 0 (pulls B towards A)
      {
        Cdot = -(ux * (vBx - wB * rBy - vAx + wA * rAy) + uy * (vBy + wB * rBx - vAy - wA * rAx));
        const C = jc[o + D_MAX]! - len;
        let b = 0;
        let massScale = 1;
        let impulseScale = 0;
        if (C > 0) b = C * ctx.invH;
        else {
          b = rate * C;
          massScale = rigidMass;
          impulseScale = rigidImpulse;
        }
        const old = jc[o + DI_UPPER]!;
        let acc = old - massScale * axialMass * (Cdot + b) - impulseScale * old;
        if (acc < 0) acc = 0;
        impulse = acc - old;
        jc[o + DI_UPPER] = acc;
        vAx += mA * impulse * ux;
        vAy += mA * impulse * uy;
        wA += iA * impulse * crA;
        vBx -= mB * impulse * ux;
        vBy -= mB * impulse * uy;
        wB -= iB * impulse * crB;
      }
    }
  } else {
    // the rigid rod: an equality, either sign
    Cdot = ux * (vBx - wB * rBy - vAx + wA * rAy) + uy * (vBy + wB * rBx - vAy - wA * rAx);
    const old = jc[o + DI_AXIAL]!;
    impulse = -rigidMass * axialMass * (Cdot + rate * (len - jc[o + D_LENGTH]!)) - rigidImpulse * old;
    jc[o + DI_AXIAL] = old + impulse;
    vAx -= mA * impulse * ux;
    vAy -= mA * impulse * uy;
    wA -= iA * impulse * crA;
    vBx += mB * impulse * ux;
    vBy += mB * impulse * uy;
    wB += iB * impulse * crB;
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
  const D_AXIS_X = 34;
  const D_AXIS_Y = 35;
  const DI_AXIAL = 13;
  const DI_LOWER = 14;
  const DI_UPPER = 15;
  const DI_MOTOR = 16;
  const jc = ctx.jc;
  const js = ctx.joints;
  const f = (jc[o + DI_AXIAL]! + jc[o + DI_LOWER]! - jc[o + DI_UPPER]! + jc[o + DI_MOTOR]!) * ctx.invH;
  js.forceX[j] = f * jc[o + D_AXIS_X]!;
  js.forceY[j] = f * jc[o + D_AXIS_Y]!;
  js.torque[j] = 0;
}

export const distanceJointSolver: JointKindSolver = { prepare, warmStart, solve, reaction };
