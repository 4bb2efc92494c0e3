/**
 * Joint readouts from the bodies' current state (Box2D v3's b2RevoluteJoint_GetAngle,
 * b2PrismaticJoint_GetTranslation, …): the world anchors (for drawing), the joint's coordinate —
 * relative angle (revolute, weld), translation along the axis (prismatic, wheel), length (distance)
 * — and its rate of change.
 */
import { patan2 } from '../../math/portable.js';
import type { World } from '../world.js';
import { unwindAngle } from './joint-context.js';
import {
  JOINT_DISTANCE,
  JOINT_MOUSE,
  JOINT_PRISMATIC,
  JOINT_WHEEL,
  JP_ANCHOR_AX,
  JP_AXIS_X,
  JP_REFERENCE_ANGLE,
  JP_STRIDE,
  JP_TARGET_X,
} from './joint-store.js';

/** The world anchors [ax, ay, bx, by] of joint slot `j` (a mouse joint's A anchor is its target). */
export function jointAnchors(w: World, j: number): [number, number, number, number] {
  const js = w.joints;
  const b = w.bodies;
  const p = js.param;
  const q = j * JP_STRIDE;
  const out: [number, number, number, number] = [0, 0, 0, 0];
  for (let k = 0; k < 2; k++) {
    const i = k === 0 ? js.bodyA[j]! : js.bodyB[j]!;
    const c = b.qc[i]!;
    const s = b.qs[i]!;
    const lx = p[q + JP_ANCHOR_AX + 2 * k]! - b.lcx[i]!;
    const ly = p[q + JP_ANCHOR_AX + 2 * k + 1]! - b.lcy[i]!;
    out[2 * k] = b.cx[i]! + c * lx - s * ly;
    out[2 * k + 1] = b.cy[i]! + s * lx + c * ly;
  }
  if (js.kind[j] === JOINT_MOUSE) {
    out[0] = p[q + JP_TARGET_X]!;
    out[1] = p[q + JP_TARGET_X + 1]!;
  }
  return out;
}

/** The relative angle θB − θA − θref in (−π, π]. */
export function jointAngle(w: World, j: number): number {
  const js = w.joints;
  const b = w.bodies;
  const a = js.bodyA[j]!;
  const bb = js.bodyB[j]!;
  const s = b.qc[a]! * b.qs[bb]! - b.qs[a]! * b.qc[bb]!;
  const c = b.qc[a]! * b.qc[bb]! + b.qs[a]! * b.qs[bb]!;
  return unwindAngle(patan2(s, c) - js.param[j * JP_STRIDE + JP_REFERENCE_ANGLE]!);
}

/**
 * The translation of joint slot `j` and its rate: along the axis (prismatic, wheel), the anchor
 * distance (distance joint), the relative angle and ωB − ωA (others: revolute, weld, motor, mouse).
 */
export function jointCoordinate(w: World, j: number, rate: boolean): number {
  const js = w.joints;
  const kind = js.kind[j]!;
  const b = w.bodies;
  const a = js.bodyA[j]!;
  const bb = js.bodyB[j]!;
  if (kind !== JOINT_PRISMATIC && kind !== JOINT_WHEEL && kind !== JOINT_DISTANCE) {
    return rate ? b.w[bb]! - b.w[a]! : jointAngle(w, j);
  }
  const [pax, pay, pbx, pby] = jointAnchors(w, j);
  const dx = pbx - pax;
  const dy = pby - pay;
  const rAx = pax - b.cx[a]!;
  const rAy = pay - b.cy[a]!;
  const rBx = pbx - b.cx[bb]!;
  const rBy = pby - b.cy[bb]!;
  const vAx = b.vx[a]! - b.w[a]! * rAy;
  const vAy = b.vy[a]! + b.w[a]! * rAx;
  const vBx = b.vx[bb]! - b.w[bb]! * rBy;
  const vBy = b.vy[bb]! + b.w[bb]! * rBx;
  if (kind === JOINT_DISTANCE) {
    const len = Math.sqrt(dx * dx + dy * dy);
    if (!rate) return len;
    return len > 0 ? ((vBx - vAx) * dx + (vBy - vAy) * dy) / len : 0;
  }
  const q = j * JP_STRIDE + JP_AXIS_X;
  const lx = js.param[q]!;
  const ly = js.param[q + 1]!;
  const ux = b.qc[a]! * lx - b.qs[a]! * ly;
  const uy = b.qs[a]! * lx + b.qc[a]! * ly;
  if (!rate) return dx * ux + dy * uy;
  // d/dt (d·u) = ḋ·u + d·(ωA × u)
  const wA = b.w[a]!;
  return (vBx - vAx) * ux + (vBy - vAy) * uy + dx * (-wA * uy) + dy * (wA * ux);
}
