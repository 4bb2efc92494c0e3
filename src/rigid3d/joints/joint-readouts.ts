/**
 * Readouts of a 3D joint from the bodies' current poses (not used by the step): the world anchors,
 * the joint frames and the relative rotation, and from them the hinge angle, the cone-twist's swing
 * and twist angles, the slider translation, the distance and the relative speeds.
 */

import { PhysicsError } from '../../core/errors.js';
import { patan2 } from '../../math/portable.js';
import type { World3 } from '../world.js';
import {
  JOINT3_CONE_TWIST as JOINT3_CONE_TWIST_,
  JOINT3_HINGE as JOINT3_HINGE_,
  JOINT3_KIND_NAMES as JOINT3_KIND_NAMES_,
  JOINT3_SLIDER as JOINT3_SLIDER_,
  JP_FA as JP_FA_,
  JP_FB as JP_FB_,
  JP_LA as JP_LA_,
  JP_LB as JP_LB_,
  JP_STRIDE as JP_STRIDE_,
} from './joint-store.js';

// module-local copies of the imported layout constants (plain constants in the hot loops)
const JOINT3_CONE_TWIST = JOINT3_CONE_TWIST_;
const JOINT3_HINGE = JOINT3_HINGE_;
const JOINT3_KIND_NAMES = JOINT3_KIND_NAMES_;
const JOINT3_SLIDER = JOINT3_SLIDER_;
const JP_FA = JP_FA_;
const JP_FB = JP_FB_;
const JP_LA = JP_LA_;
const JP_LB = JP_LB_;
const JP_STRIDE = JP_STRIDE_;

/** The state of a joint now: world anchors, frames, relative rotation and frame A's x axis. */
export interface JointPose3 {
  /** A's anchor in the world */
  anchorA: [number, number, number];
  /** B's anchor in the world */
  anchorB: [number, number, number];
  /** A's joint frame in the world [x, y, z, w] */
  frameA: [number, number, number, number];
  /** B's joint frame in the world */
  frameB: [number, number, number, number];
  /** conj(frameA)·frameB with w ≥ 0 (B's frame seen from A's) */
  relative: [number, number, number, number];
  /** frame A's x axis (the joint axis) in the world */
  axis: [number, number, number];
}

function mul(a: number[], b: number[]): [number, number, number, number] {
  return [
    a[3]! * b[0]! + a[0]! * b[3]! + a[1]! * b[2]! - a[2]! * b[1]!,
    a[3]! * b[1]! - a[0]! * b[2]! + a[1]! * b[3]! + a[2]! * b[0]!,
    a[3]! * b[2]! + a[0]! * b[1]! - a[1]! * b[0]! + a[2]! * b[3]!,
    a[3]! * b[3]! - a[0]! * b[0]! - a[1]! * b[1]! - a[2]! * b[2]!,
  ];
}

function rotate(q: number[], v: number[]): [number, number, number] {
  const [x, y, z, w] = q as [number, number, number, number];
  const tx = 2 * (y * v[2]! - z * v[1]!);
  const ty = 2 * (z * v[0]! - x * v[2]!);
  const tz = 2 * (x * v[1]! - y * v[0]!);
  return [
    v[0]! + w * tx + (y * tz - z * ty),
    v[1]! + w * ty + (z * tx - x * tz),
    v[2]! + w * tz + (x * ty - y * tx),
  ];
}

/** The pose of joint slot `j` from its bodies' current poses. */
export function jointPose3(w: World3, j: number): JointPose3 {
  const js = w.joints;
  const b = w.bodies;
  const p = js.param;
  const q = j * JP_STRIDE;
  const side = (
    i: number,
    la: number,
    lf: number,
  ): [[number, number, number], [number, number, number, number]] => {
    const qi = [b.qx[i]!, b.qy[i]!, b.qz[i]!, b.qw[i]!];
    const r = rotate(qi, [p[q + la]! - b.lcx[i]!, p[q + la + 1]! - b.lcy[i]!, p[q + la + 2]! - b.lcz[i]!]);
    const f = mul(qi, [p[q + lf]!, p[q + lf + 1]!, p[q + lf + 2]!, p[q + lf + 3]!]);
    return [[b.cx[i]! + r[0], b.cy[i]! + r[1], b.cz[i]! + r[2]], f];
  };
  const [anchorA, frameA] = side(js.bodyA[j]!, JP_LA, JP_FA);
  const [anchorB, frameB] = side(js.bodyB[j]!, JP_LB, JP_FB);
  let rel = mul([-frameA[0], -frameA[1], -frameA[2], frameA[3]], frameB);
  if (rel[3] < 0) rel = [-rel[0], -rel[1], -rel[2], -rel[3]];
  return { anchorA, anchorB, frameA, frameB, relative: rel, axis: rotate(frameA, [1, 0, 0]) };
}

/** Swing and twist angles (rad) of a relative rotation about its x axis (twist axis). */
export function swingTwistAngles(q: readonly number[]): { swing: number; twist: number } {
  const [qx, qy, qz, qw] = q as [number, number, number, number];
  const n = Math.sqrt(qx * qx + qw * qw);
  const tx = n > 1e-9 ? qx / n : 0;
  const tw = n > 1e-9 ? qw / n : 1;
  const sy = qy * tw - qz * tx;
  const sz = qy * tx + qz * tw;
  const sw = qw * tw + qx * tx;
  return { swing: 2 * patan2(Math.sqrt(sy * sy + sz * sz), sw), twist: 2 * patan2(tx, tw) };
}

function requireKind(w: World3, j: number, kinds: readonly number[], what: string): void {
  const k = w.joints.kind[j]!;
  if (!kinds.includes(k)) {
    throw new PhysicsError('invalid-argument', `${what}: not defined for a '${JOINT3_KIND_NAMES[k]}' joint`);
  }
}

/** Hinge angle, or the cone-twist's twist angle (rad, in (−π, π]). */
export function jointAngle3(w: World3, j: number): number {
  requireKind(w, j, [JOINT3_HINGE, JOINT3_CONE_TWIST], 'getJointAngle');
  const r = jointPose3(w, j).relative;
  if (w.joints.kind[j] === JOINT3_CONE_TWIST) return swingTwistAngles(r).twist;
  return 2 * patan2(r[0], r[3]);
}

/** The slider's translation along its axis (m). */
export function jointTranslation3(w: World3, j: number): number {
  requireKind(w, j, [JOINT3_SLIDER], 'getJointTranslation');
  const s = jointPose3(w, j);
  const d = [s.anchorB[0] - s.anchorA[0], s.anchorB[1] - s.anchorA[1], s.anchorB[2] - s.anchorA[2]];
  return d[0]! * s.axis[0] + d[1]! * s.axis[1] + d[2]! * s.axis[2];
}

/** Hinge: relative angular speed about the axis (rad/s); slider: relative speed along it (m/s). */
export function jointSpeed3(w: World3, j: number): number {
  requireKind(w, j, [JOINT3_HINGE, JOINT3_SLIDER], 'getJointSpeed');
  const b = w.bodies;
  const js = w.joints;
  const a = js.bodyA[j]!;
  const bb = js.bodyB[j]!;
  const s = jointPose3(w, j);
  const u = s.axis;
  if (js.kind[j] === JOINT3_HINGE) {
    return u[0] * (b.wx[bb]! - b.wx[a]!) + u[1] * (b.wy[bb]! - b.wy[a]!) + u[2] * (b.wz[bb]! - b.wz[a]!);
  }
  const pv = (i: number, p: [number, number, number]): number[] => {
    const r = [p[0] - b.cx[i]!, p[1] - b.cy[i]!, p[2] - b.cz[i]!];
    return [
      b.vx[i]! + b.wy[i]! * r[2]! - b.wz[i]! * r[1]!,
      b.vy[i]! + b.wz[i]! * r[0]! - b.wx[i]! * r[2]!,
      b.vz[i]! + b.wx[i]! * r[1]! - b.wy[i]! * r[0]!,
    ];
  };
  const va = pv(a, s.anchorB);
  const vb = pv(bb, s.anchorB);
  return u[0] * (vb[0]! - va[0]!) + u[1] * (vb[1]! - va[1]!) + u[2] * (vb[2]! - va[2]!);
}
