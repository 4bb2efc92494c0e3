/**
 * The point constraint shared by the revolute and weld joints (textbook §26.2, "ジョイントとモーター":
 * the ball joint's equations — two in 2D — solved together and without clamping, so the impulse
 * may take either sign): Ċ = vB + ωB × rB − vA − ωA × rA = 0, with the 2×2 effective mass
 * K = (mA + mB)·1 + iA·[rA]ₓᵀ[rA]ₓ + iB·[rB]ₓᵀ[rB]ₓ and the anchors rA, rB rotated by the step's
 * rotation so far. With a bias, the anchors' separation s (from the bodies' position deltas)
 * feeds back as `rate · s`, and the soft step's mass and impulse scales soften the solve (Catto,
 * "Soft Constraints", GDC 2011). Reads and writes the two bodies' packed velocities in `ctx.ss`
 * and the accumulated impulse at `jc[o + impulse]`, `jc[o + impulse + 1]`.
 */
import type { JointContext } from './joint-context.js';

/**
 * One Gauss–Seidel update of the point constraint of the joint at `o` (bodies at `oa`, `ob` in
 * `ctx.ss`). `biased` false: no position feedback and the full mass (the relax pass); true: `soft`
 * holds [bias rate, mass scale, impulse scale] (`rigidBias`, or a spring's softness).
 */
export function solvePointConstraint(
  ctx: JointContext,
  o: number,
  oa: number,
  ob: number,
  impulse: number,
  biased: boolean,
  soft: Float64Array,
): void {
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
  const qAc = ss[oa + SB_DQC]!;
  const qAs = ss[oa + SB_DQS]!;
  const qBc = ss[ob + SB_DQC]!;
  const qBs = ss[ob + SB_DQS]!;
  const rAx = qAc * jc[o + J_RAX]! - qAs * jc[o + J_RAY]!;
  const rAy = qAs * jc[o + J_RAX]! + qAc * jc[o + J_RAY]!;
  const rBx = qBc * jc[o + J_RBX]! - qBs * jc[o + J_RBY]!;
  const rBy = qBs * jc[o + J_RBX]! + qBc * jc[o + J_RBY]!;
  const vAx = ss[oa + SB_VX]!;
  const vAy = ss[oa + SB_VY]!;
  const wA = ss[oa + SB_W]!;
  const vBx = ss[ob + SB_VX]!;
  const vBy = ss[ob + SB_VY]!;
  const wB = ss[ob + SB_W]!;
  const cdx = vBx - wB * rBy - vAx + wA * rAy;
  const cdy = vBy + wB * rBx - vAy - wA * rAx;
  let bx = 0;
  let by = 0;
  let massScale = 1;
  let impulseScale = 0;
  if (biased) {
    const sx = ss[ob + SB_DPX]! - ss[oa + SB_DPX]! + rBx - rAx + jc[o + J_DCX]!;
    const sy = ss[ob + SB_DPY]! - ss[oa + SB_DPY]! + rBy - rAy + jc[o + J_DCY]!;
    bx = soft[0]! * sx;
    by = soft[0]! * sy;
    massScale = soft[1]!;
    impulseScale = soft[2]!;
  }
  const k11 = mA + mB + rAy * rAy * iA + rBy * rBy * iB;
  const k12 = -rAy * rAx * iA - rBy * rBx * iB;
  const k22 = mA + mB + rAx * rAx * iA + rBx * rBx * iB;
  let det = k11 * k22 - k12 * k12;
  if (det !== 0) det = 1 / det;
  // K⁻¹ (Ċ + bias)
  const ux = cdx + bx;
  const uy = cdy + by;
  const solX = det * (k22 * ux - k12 * uy);
  const solY = det * (k11 * uy - k12 * ux);
  const oldX = jc[o + impulse]!;
  const oldY = jc[o + impulse + 1]!;
  const ix = -massScale * solX - impulseScale * oldX;
  const iy = -massScale * solY - impulseScale * oldY;
  jc[o + impulse] = oldX + ix;
  jc[o + impulse + 1] = oldY + iy;
  ss[oa + SB_VX] = vAx - mA * ix;
  ss[oa + SB_VY] = vAy - mA * iy;
  ss[oa + SB_W] = wA - iA * (rAx * iy - rAy * ix);
  ss[ob + SB_VX] = vBx + mB * ix;
  ss[ob + SB_VY] = vBy + mB * iy;
  ss[ob + SB_W] = wB + iB * (rBx * iy - rBy * ix);
}
