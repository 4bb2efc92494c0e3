/**
 * The mouse joint (dragging a body; after the structure of Box2D v3's mouse_joint.c, textbook §26.2
 * "ジョイントとモーター"): a soft spring of `hertz` and damping ratio (Catto, "Soft Constraints",
 * 2011) pulls B's anchor towards a world target, C = (cB + rB) − target, through the 2×2 effective
 * mass of B alone; the accumulated impulse is clamped to |λ| ≤ Fmax·h, so the drag force never
 * exceeds `maxForce`. Body A is not moved (usually a static ground body).
 */
import { makeSoftness } from '../../dynamics/softness.js';
import { SB_DPX, SB_DPY, SB_DQC, SB_DQS, SB_VX, SB_VY, SB_W } from '../contact-solver.js';
import {
  J_IB,
  J_IMPULSE,
  J_KIND,
  J_MB,
  J_RBX,
  J_RBY,
  type JointContext,
  type JointKindSolver,
} from './joint-context.js';
import { JP_DAMPING, JP_HERTZ, JP_MAX_FORCE, JP_STRIDE, JP_TARGET_X, JP_TARGET_Y } from './joint-store.js';

// kind block
const M_RATE = J_KIND;
const M_MASS = J_KIND + 1;
const M_IMPULSE = J_KIND + 2;
const M_MAX_IMPULSE = J_KIND + 3;
/** cB − target at the start of the step */
const M_CX = J_KIND + 4;
const M_CY = J_KIND + 5;
// accumulated impulse
const MI_X = J_IMPULSE;
const MI_Y = J_IMPULSE + 1;

function prepare(ctx: JointContext, j: number, o: number): void {
  const jc = ctx.jc;
  const p = ctx.joints.param;
  const q = j * JP_STRIDE;
  makeSoftness(p[q + JP_HERTZ]!, p[q + JP_DAMPING]!, ctx.h, ctx.spring);
  jc[o + M_RATE] = ctx.spring.biasRate;
  jc[o + M_MASS] = ctx.spring.massScale;
  jc[o + M_IMPULSE] = ctx.spring.impulseScale;
  jc[o + M_MAX_IMPULSE] = p[q + JP_MAX_FORCE]! * ctx.h;
  const b = ctx.joints.bodyB[j]!;
  jc[o + M_CX] = ctx.bodies.cx[b]! - p[q + JP_TARGET_X]!;
  jc[o + M_CY] = ctx.bodies.cy[b]! - p[q + JP_TARGET_Y]!;
}

function warmStart(ctx: JointContext, o: number, _oa: number, ob: number): void {
  const ss = ctx.ss;
  const jc = ctx.jc;
  const qc = ss[ob + SB_DQC]!;
  const qs = ss[ob + SB_DQS]!;
  const rx = qc * jc[o + J_RBX]! - qs * jc[o + J_RBY]!;
  const ry = qs * jc[o + J_RBX]! + qc * jc[o + J_RBY]!;
  const Px = jc[o + MI_X]!;
  const Py = jc[o + MI_Y]!;
  const mB = jc[o + J_MB]!;
  ss[ob + SB_VX] = ss[ob + SB_VX]! + mB * Px;
  ss[ob + SB_VY] = ss[ob + SB_VY]! + mB * Py;
  ss[ob + SB_W] = ss[ob + SB_W]! + jc[o + J_IB]! * (rx * Py - ry * Px);
}

function solve(ctx: JointContext, o: number, _oa: number, ob: number, _useBias: boolean): void {
  const ss = ctx.ss;
  const jc = ctx.jc;
  const mB = jc[o + J_MB]!;
  const iB = jc[o + J_IB]!;
  const qc = ss[ob + SB_DQC]!;
  const qs = ss[ob + SB_DQS]!;
  const rx = qc * jc[o + J_RBX]! - qs * jc[o + J_RBY]!;
  const ry = qs * jc[o + J_RBX]! + qc * jc[o + J_RBY]!;
  let vx = ss[ob + SB_VX]!;
  let vy = ss[ob + SB_VY]!;
  let w = ss[ob + SB_W]!;
  // the spring acts in every pass (it is soft by design)
  const rate = jc[o + M_RATE]!;
  const Cx = jc[o + M_CX]! + ss[ob + SB_DPX]! + rx;
  const Cy = jc[o + M_CY]! + ss[ob + SB_DPY]! + ry;
  const ux = vx - w * ry + rate * Cx;
  const uy = vy + w * rx + rate * Cy;
  const k11 = mB + iB * ry * ry;
  const k12 = -iB * rx * ry;
  const k22 = mB + iB * rx * rx;
  let det = k11 * k22 - k12 * k12;
  if (det !== 0) det = 1 / det;
  const solX = det * (k22 * ux - k12 * uy);
  const solY = det * (k11 * uy - k12 * ux);
  const oldX = jc[o + MI_X]!;
  const oldY = jc[o + MI_Y]!;
  const massScale = jc[o + M_MASS]!;
  const impulseScale = jc[o + M_IMPULSE]!;
  let ax = oldX - massScale * solX - impulseScale * oldX;
  let ay = oldY - massScale * solY - impulseScale * oldY;
  const len = Math.sqrt(ax * ax + ay * ay);
  const max = jc[o + M_MAX_IMPULSE]!;
  if (len > max) {
    ax *= max / len;
    ay *= max / len;
  }
  jc[o + MI_X] = ax;
  jc[o + MI_Y] = ay;
  const ix = ax - oldX;
  const iy = ay - oldY;
  vx += mB * ix;
  vy += mB * iy;
  w += iB * (rx * iy - ry * ix);
  ss[ob + SB_VX] = vx;
  ss[ob + SB_VY] = vy;
  ss[ob + SB_W] = w;
}

function reaction(ctx: JointContext, j: number, o: number): void {
  const jc = ctx.jc;
  const js = ctx.joints;
  js.forceX[j] = jc[o + MI_X]! * ctx.invH;
  js.forceY[j] = jc[o + MI_Y]! * ctx.invH;
  js.torque[j] = 0;
}

export const mouseJointSolver: JointKindSolver = { prepare, warmStart, solve, reaction };
