/**
 * The mouse joint (dragging a body; after the structure of Box2D v3's mouse_joint.c, textbook §26.2
 * "ジョイントとモーター"): a soft spring of `hertz` and damping ratio (Catto, "Soft Constraints",
 * 2011) pulls B's anchor towards a world target, C = (cB + rB) − target, through the 2×2 effective
 * mass of B alone; the accumulated impulse is clamped to |λ| ≤ Fmax·h, so the drag force never
 * exceeds `maxForce`. Body A is not moved (usually a static ground body).
 */
import { makeSoftness } from '../../dynamics/softness.js';
import { J_IMPULSE, J_KIND, type JointContext, type JointKindSolver } from './joint-context.js';

// kind block
export const M_RATE = J_KIND;
export const M_MASS = J_KIND + 1;
export const M_IMPULSE = J_KIND + 2;
export const M_MAX_IMPULSE = J_KIND + 3;
/** cB − target at the start of the step */
export const M_CX = J_KIND + 4;
export const M_CY = J_KIND + 5;
// accumulated impulse
export const MI_X = J_IMPULSE;
export const MI_Y = J_IMPULSE + 1;

function prepare(ctx: JointContext, j: number, o: number): void {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const JP_HERTZ = 14;
  const JP_DAMPING = 15;
  const JP_MAX_FORCE = 19;
  const JP_TARGET_X = 22;
  const JP_TARGET_Y = 23;
  const JP_STRIDE = 24;
  const M_RATE = 21;
  const M_MASS = 22;
  const M_IMPULSE = 23;
  const M_MAX_IMPULSE = 24;
  const M_CX = 25;
  const M_CY = 26;
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
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const J_MB = 1;
  const J_IB = 3;
  const J_RBX = 6;
  const J_RBY = 7;
  const MI_X = 13;
  const MI_Y = 14;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_W = 2;
  const SB_DQC = 5;
  const SB_DQS = 6;
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
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const J_MB = 1;
  const J_IB = 3;
  const J_RBX = 6;
  const J_RBY = 7;
  const M_RATE = 21;
  const M_MASS = 22;
  const M_IMPULSE = 23;
  const M_MAX_IMPULSE = 24;
  const M_CX = 25;
  const M_CY = 26;
  const MI_X = 13;
  const MI_Y = 14;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_W = 2;
  const SB_DPX = 3;
  const SB_DPY = 4;
  const SB_DQC = 5;
  const SB_DQS = 6;
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
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const MI_X = 13;
  const MI_Y = 14;
  const jc = ctx.jc;
  const js = ctx.joints;
  js.forceX[j] = jc[o + MI_X]! * ctx.invH;
  js.forceY[j] = jc[o + MI_Y]! * ctx.invH;
  js.torque[j] = 0;
}

export const mouseJointSolver: JointKindSolver = { prepare, warmStart, solve, reaction };
