/**
 * The revolute joint (a hinge; textbook §26.2 "ジョイントとモーター", after the structure of Box2D
 * v3's revolute_joint.c): the point constraint C = (cB + rB) − (cA + rA) = 0, two equations solved
 * together through the 2×2 effective mass K = (mA + mB)·1 − [rA]ₓ² iA − [rB]ₓ² iB without clamping
 * (the impulse may take either sign); optional, each on the relative angle θ = θB − θA − θref:
 * a rotational spring (soft, Hz and damping ratio, Catto 2011), a motor driving ωB − ωA to the
 * target speed with its accumulated impulse clamped to ±τmax·h, and lower / upper limits — an
 * inequality active only at the limit (accumulated impulse ≥ 0), speculative when inside the range
 * (the approach speed C/h is allowed). Solve order: spring, motor, limits, point (the point last,
 * so it is the most exactly satisfied).
 */

import { makeSoftness } from '../../dynamics/softness.js';
import {
  J_IMPULSE,
  J_KIND,
  type JointContext,
  type JointKindSolver,
  jointAngleInto,
  rigidBias,
} from './joint-context.js';
import { solvePointConstraint } from './point-constraint.js';

// kind block
export const R_AXIAL_MASS = J_KIND;
export const R_SPRING_RATE = J_KIND + 1;
export const R_SPRING_MASS = J_KIND + 2;
export const R_SPRING_IMPULSE = J_KIND + 3;
export const R_ENABLE_SPRING = J_KIND + 4;
export const R_ENABLE_MOTOR = J_KIND + 5;
export const R_ENABLE_LIMIT = J_KIND + 6;
export const R_LOWER = J_KIND + 7;
export const R_UPPER = J_KIND + 8;
export const R_MOTOR_SPEED = J_KIND + 9;
export const R_MAX_MOTOR_IMPULSE = J_KIND + 10;
// accumulated impulses
export const RI_X = J_IMPULSE;
export const RI_Y = J_IMPULSE + 1;
export const RI_SPRING = J_IMPULSE + 2;
export const RI_MOTOR = J_IMPULSE + 3;
export const RI_LOWER = J_IMPULSE + 4;
export const RI_UPPER = J_IMPULSE + 5;
/**
 * a free impulse slot (a revolute joint keeps six): the current relative angle in the pass, with the
 * next slot as its scratch (see {@link revoluteAngles})
 */
export const R_ANGLE_NOW = J_IMPULSE + 6;

/** the rigid-part softness of a pass (rate, mass scale, impulse scale at error 1) */
const bias = new Float64Array(3);

/** Prepares the revolute joint in slot `j`, packed at `o`: axial mass, spring softness, motor and limit settings. */
export function prepareRevolute(ctx: JointContext, j: number, o: number): void {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const J_IA = 2;
  const J_IB = 3;
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
  const R_AXIAL_MASS = 21;
  const R_SPRING_RATE = 22;
  const R_SPRING_MASS = 23;
  const R_SPRING_IMPULSE = 24;
  const R_ENABLE_SPRING = 25;
  const R_ENABLE_MOTOR = 26;
  const R_ENABLE_LIMIT = 27;
  const R_LOWER = 28;
  const R_UPPER = 29;
  const R_MOTOR_SPEED = 30;
  const R_MAX_MOTOR_IMPULSE = 31;
  const RI_SPRING = 15;
  const RI_MOTOR = 16;
  const RI_LOWER = 17;
  const RI_UPPER = 18;
  const jc = ctx.jc;
  const p = ctx.joints.param;
  const q = j * JP_STRIDE;
  const k = jc[o + J_IA]! + jc[o + J_IB]!;
  jc[o + R_AXIAL_MASS] = k > 0 ? 1 / k : 0;
  if (p[q + JP_ENABLE_SPRING] === 1) {
    makeSoftness(p[q + JP_HERTZ]!, p[q + JP_DAMPING]!, ctx.h, ctx.spring);
    jc[o + R_SPRING_RATE] = ctx.spring.biasRate;
    jc[o + R_SPRING_MASS] = ctx.spring.massScale;
    jc[o + R_SPRING_IMPULSE] = ctx.spring.impulseScale;
  }
  jc[o + R_ENABLE_SPRING] = p[q + JP_ENABLE_SPRING]!;
  jc[o + R_ENABLE_MOTOR] = p[q + JP_ENABLE_MOTOR]!;
  jc[o + R_ENABLE_LIMIT] = p[q + JP_ENABLE_LIMIT]!;
  jc[o + R_LOWER] = p[q + JP_LOWER]!;
  jc[o + R_UPPER] = p[q + JP_UPPER]!;
  jc[o + R_MOTOR_SPEED] = p[q + JP_MOTOR_SPEED]!;
  jc[o + R_MAX_MOTOR_IMPULSE] = p[q + JP_MAX_MOTOR]! * ctx.h;
  if (jc[o + R_ENABLE_SPRING] === 0) jc[o + RI_SPRING] = 0;
  if (jc[o + R_ENABLE_MOTOR] === 0) jc[o + RI_MOTOR] = 0;
  if (jc[o + R_ENABLE_LIMIT] === 0) {
    jc[o + RI_LOWER] = 0;
    jc[o + RI_UPPER] = 0;
  }
}

/** Warm start of the revolute joint at `o` (bodies at `oa`, `ob`): its accumulated impulses applied. */
export function warmStartRevolute(ctx: JointContext, o: number, oa: number, ob: number): void {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const J_MA = 0;
  const J_MB = 1;
  const J_IA = 2;
  const J_IB = 3;
  const J_RAX = 4;
  const J_RAY = 5;
  const J_RBX = 6;
  const J_RBY = 7;
  const RI_X = 13;
  const RI_Y = 14;
  const RI_SPRING = 15;
  const RI_MOTOR = 16;
  const RI_LOWER = 17;
  const RI_UPPER = 18;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_W = 2;
  const SB_DQC = 5;
  const SB_DQS = 6;
  const ss = ctx.ss;
  const jc = ctx.jc;
  const mA = jc[o + J_MA]!;
  const mB = jc[o + J_MB]!;
  const iA = jc[o + J_IA]!;
  const iB = jc[o + J_IB]!;
  // current anchors r = R(Δq)·r₀
  const qAc = ss[oa + SB_DQC]!;
  const qAs = ss[oa + SB_DQS]!;
  const qBc = ss[ob + SB_DQC]!;
  const qBs = ss[ob + SB_DQS]!;
  const rAx = qAc * jc[o + J_RAX]! - qAs * jc[o + J_RAY]!;
  const rAy = qAs * jc[o + J_RAX]! + qAc * jc[o + J_RAY]!;
  const rBx = qBc * jc[o + J_RBX]! - qBs * jc[o + J_RBY]!;
  const rBy = qBs * jc[o + J_RBX]! + qBc * jc[o + J_RBY]!;
  const Px = jc[o + RI_X]!;
  const Py = jc[o + RI_Y]!;
  const axial = jc[o + RI_SPRING]! + jc[o + RI_MOTOR]! + jc[o + RI_LOWER]! - jc[o + RI_UPPER]!;
  ss[oa + SB_VX] = ss[oa + SB_VX]! - mA * Px;
  ss[oa + SB_VY] = ss[oa + SB_VY]! - mA * Py;
  ss[oa + SB_W] = ss[oa + SB_W]! - iA * (rAx * Py - rAy * Px + axial);
  ss[ob + SB_VX] = ss[ob + SB_VX]! + mB * Px;
  ss[ob + SB_VY] = ss[ob + SB_VY]! + mB * Py;
  ss[ob + SB_W] = ss[ob + SB_W]! + iB * (rBx * Py - rBy * Px + axial);
}

/**
 * The current relative angle of every revolute joint with a spring or limits among packed joints
 * [start, end), into its `R_ANGLE_NOW` slot — a sweep before each velocity pass. The angle depends on
 * the bodies' rotations only, which no velocity pass changes, so the numbers are those the solve
 * would compute for itself; computed apart, the joints' angle series (a division and a polynomial)
 * overlap one another instead of lengthening each joint's chain of dependent impulses.
 */
export function revoluteAngles(
  ctx: JointContext,
  jk: Int32Array,
  jo: Int32Array,
  start: number,
  end: number,
  jb: Int32Array,
): void {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const JOINT_REVOLUTE = 0;
  const R_ENABLE_SPRING = 25;
  const R_ENABLE_LIMIT = 27;
  const R_ANGLE_NOW = 19;
  const ss = ctx.ss;
  const jc = ctx.jc;
  for (let k = start; k < end; k++) {
    if (jk[k] !== JOINT_REVOLUTE) continue;
    const o = jo[k]!;
    if (jc[o + R_ENABLE_SPRING] === 1 || jc[o + R_ENABLE_LIMIT] === 1)
      jointAngleInto(ss, jc, o, jb[2 * k]!, jb[2 * k + 1]!, jc, o + R_ANGLE_NOW);
  }
}

/**
 * One Gauss–Seidel update of the revolute joint at `o`: spring, motor, limits, then the point. A
 * spring or limits read the angle that the pass's sweep ({@link revoluteAngles}, run by solveJoints
 * before every pass) left in the joint's `R_ANGLE_NOW` slot.
 */
export function solveRevolute(ctx: JointContext, o: number, oa: number, ob: number, useBias: boolean): void {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const J_IA = 2;
  const J_IB = 3;
  const R_AXIAL_MASS = 21;
  const R_SPRING_RATE = 22;
  const R_SPRING_MASS = 23;
  const R_SPRING_IMPULSE = 24;
  const R_ENABLE_SPRING = 25;
  const R_ENABLE_MOTOR = 26;
  const R_ENABLE_LIMIT = 27;
  const R_LOWER = 28;
  const R_UPPER = 29;
  const R_MOTOR_SPEED = 30;
  const R_MAX_MOTOR_IMPULSE = 31;
  const RI_X = 13;
  const RI_SPRING = 15;
  const RI_MOTOR = 16;
  const RI_LOWER = 17;
  const RI_UPPER = 18;
  const R_ANGLE_NOW = 19;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_W = 2;
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
  const axialMass = jc[o + R_AXIAL_MASS]!;
  const angular = jc[o + R_ENABLE_SPRING] === 1 || jc[o + R_ENABLE_LIMIT] === 1;
  // the rigid parts' softness at error 1 (the limits scale the rate by their error, the point reads it)
  if (useBias) rigidBias(ctx, 1, true, bias);
  // the current angle, from this pass's angle sweep (revoluteAngles)
  const angle = angular ? jc[o + R_ANGLE_NOW]! : 0;

  // spring towards θ = 0 (soft in every pass, Catto 2011)
  if (jc[o + R_ENABLE_SPRING] === 1) {
    const C = angle;
    const b = jc[o + R_SPRING_RATE]! * C;
    const Cdot = wB - wA;
    const old = jc[o + RI_SPRING]!;
    const impulse = -jc[o + R_SPRING_MASS]! * axialMass * (Cdot + b) - jc[o + R_SPRING_IMPULSE]! * old;
    jc[o + RI_SPRING] = old + impulse;
    wA -= iA * impulse;
    wB += iB * impulse;
  }

  // motor: accumulated impulse clamped to ±τmax·h
  if (jc[o + R_ENABLE_MOTOR] === 1) {
    const Cdot = wB - wA - jc[o + R_MOTOR_SPEED]!;
    const old = jc[o + RI_MOTOR]!;
    const max = jc[o + R_MAX_MOTOR_IMPULSE]!;
    let acc = old - axialMass * Cdot;
    if (acc < -max) acc = -max;
    else if (acc > max) acc = max;
    const impulse = acc - old;
    jc[o + RI_MOTOR] = acc;
    wA -= iA * impulse;
    wB += iB * impulse;
  }

  // limits: inequalities, speculative inside the range
  if (jc[o + R_ENABLE_LIMIT] === 1) {
    {
      const C = angle - jc[o + R_LOWER]!;
      let b = 0;
      let massScale = 1;
      let impulseScale = 0;
      if (C > 0) b = C * ctx.invH;
      else if (useBias) {
        // rigidBias(ctx, C, …) with no double passed: the rate at error 1 times C, the same product
        b = bias[0]! * C;
        massScale = bias[1]!;
        impulseScale = bias[2]!;
      }
      const Cdot = wB - wA;
      const old = jc[o + RI_LOWER]!;
      let acc = old - massScale * axialMass * (Cdot + b) - impulseScale * old;
      if (acc < 0) acc = 0;
      const impulse = acc - old;
      jc[o + RI_LOWER] = acc;
      wA -= iA * impulse;
      wB += iB * impulse;
    }
    {
      const C = jc[o + R_UPPER]! - angle;
      let b = 0;
      let massScale = 1;
      let impulseScale = 0;
      if (C > 0) b = C * ctx.invH;
      else if (useBias) {
        // rigidBias(ctx, C, …) with no double passed: the rate at error 1 times C, the same product
        b = bias[0]! * C;
        massScale = bias[1]!;
        impulseScale = bias[2]!;
      }
      const Cdot = wA - wB;
      const old = jc[o + RI_UPPER]!;
      let acc = old - massScale * axialMass * (Cdot + b) - impulseScale * old;
      if (acc < 0) acc = 0;
      const impulse = acc - old;
      jc[o + RI_UPPER] = acc;
      wA += iA * impulse;
      wB -= iB * impulse;
    }
  }

  ss[oa + SB_VX] = vAx;
  ss[oa + SB_VY] = vAy;
  ss[oa + SB_W] = wA;
  ss[ob + SB_VX] = vBx;
  ss[ob + SB_VY] = vBy;
  ss[ob + SB_W] = wB;
  // the point constraint (2 equations, no clamping), last: it matters most
  solvePointConstraint(ctx, o, oa, ob, RI_X, useBias, bias);
}

/** The revolute joint's reaction force and torque (accumulated impulses / h) into the joint store. */
export function reactionRevolute(ctx: JointContext, j: number, o: number): void {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const RI_X = 13;
  const RI_Y = 14;
  const RI_SPRING = 15;
  const RI_MOTOR = 16;
  const RI_LOWER = 17;
  const RI_UPPER = 18;
  const jc = ctx.jc;
  const js = ctx.joints;
  const invH = ctx.invH;
  js.forceX[j] = jc[o + RI_X]! * invH;
  js.forceY[j] = jc[o + RI_Y]! * invH;
  js.torque[j] = (jc[o + RI_SPRING]! + jc[o + RI_MOTOR]! + jc[o + RI_LOWER]! - jc[o + RI_UPPER]!) * invH;
}

export const revoluteJointSolver: JointKindSolver = {
  prepare: prepareRevolute,
  warmStart: warmStartRevolute,
  solve: solveRevolute,
  reaction: reactionRevolute,
};
