/**
 * Orientation integration (textbook §26.2 "姿勢の積分"). The quaternion derivative is
 * q̇ = ½ (ω, 0) q with ω in world coordinates (Hamilton product). Two ways to take a step h:
 * - the exponential map (default): the exact rotation by |ω|h about ω̂, dq = (sin(|ω|h/2) ω̂,
 *   cos(|ω|h/2)), q ← dq q — from identity with ω = (0, 0, 2), h = 0.1: (0, 0, sin 0.1, cos 0.1),
 *   exactly 0.2 rad;
 * - the book's first-order step q ← normalize(q + h/2 (ω, 0) q): (0, 0, 0.1, 1) of length
 *   1.004988, normalised (0, 0, 0.099504, 0.995037), 0.19934 rad — 0.3 % slow.
 * Only portable sin/cos (math/portable.ts) are used, so the bits are the same in every engine.
 */
import { patan2, pcos, psin } from '../math/portable.js';

type Arr = { [i: number]: number; readonly length: number };

/** Orientation step of the exponential map: out = exp(h ω/2) q, normalised. `out` may alias `q`. */
export function integrateExponential(
  out: Arr,
  o: number,
  q: Arr,
  qo: number,
  w: Arr,
  wo: number,
  h: number,
): void {
  const wx = w[wo]!;
  const wy = w[wo + 1]!;
  const wz = w[wo + 2]!;
  const qx = q[qo]!;
  const qy = q[qo + 1]!;
  const qz = q[qo + 2]!;
  const qw = q[qo + 3]!;
  const len = Math.sqrt(wx * wx + wy * wy + wz * wz);
  if (len === 0) {
    out[o] = qx;
    out[o + 1] = qy;
    out[o + 2] = qz;
    out[o + 3] = qw;
    return;
  }
  const half = 0.5 * h * len;
  const s = psin(half) / len;
  const ax = wx * s;
  const ay = wy * s;
  const az = wz * s;
  const aw = pcos(half);
  let x = aw * qx + ax * qw + ay * qz - az * qy;
  let y = aw * qy - ax * qz + ay * qw + az * qx;
  let z = aw * qz + ax * qy - ay * qx + az * qw;
  let ww = aw * qw - ax * qx - ay * qy - az * qz;
  const m = 1 / Math.sqrt(x * x + y * y + z * z + ww * ww);
  x *= m;
  y *= m;
  z *= m;
  ww *= m;
  out[o] = x;
  out[o + 1] = y;
  out[o + 2] = z;
  out[o + 3] = ww;
}

/**
 * The book's first-order step before normalisation: out = q + h/2 (ω, 0) q. Returns the length
 * of the result (1.004988 for the worked example); {@link integrateFirstOrder} normalises it.
 */
export function firstOrderRaw(
  out: Arr,
  o: number,
  q: Arr,
  qo: number,
  w: Arr,
  wo: number,
  h: number,
): number {
  const qx = q[qo]!;
  const qy = q[qo + 1]!;
  const qz = q[qo + 2]!;
  const qw = q[qo + 3]!;
  const hx = 0.5 * h * w[wo]!;
  const hy = 0.5 * h * w[wo + 1]!;
  const hz = 0.5 * h * w[wo + 2]!;
  const x = qx + (hx * qw + hy * qz - hz * qy);
  const y = qy + (hy * qw + hz * qx - hx * qz);
  const z = qz + (hz * qw + hx * qy - hy * qx);
  const ww = qw - (hx * qx + hy * qy + hz * qz);
  out[o] = x;
  out[o + 1] = y;
  out[o + 2] = z;
  out[o + 3] = ww;
  return Math.sqrt(x * x + y * y + z * z + ww * ww);
}

/** The book's first-order step q ← normalize(q + h/2 (ω, 0) q). `out` may alias `q`. */
export function integrateFirstOrder(
  out: Arr,
  o: number,
  q: Arr,
  qo: number,
  w: Arr,
  wo: number,
  h: number,
): void {
  const l = firstOrderRaw(out, o, q, qo, w, wo, h);
  const m = 1 / l;
  out[o] = out[o]! * m;
  out[o + 1] = out[o + 1]! * m;
  out[o + 2] = out[o + 2]! * m;
  out[o + 3] = out[o + 3]! * m;
}

/** The rotation angle 2·atan2(|v|, w) of a unit quaternion, in [0, 2π] (portable atan2). */
export function quaternionAngle(q: Arr, qo = 0): number {
  const x = q[qo]!;
  const y = q[qo + 1]!;
  const z = q[qo + 2]!;
  return 2 * patan2(Math.sqrt(x * x + y * y + z * z), q[qo + 3]!);
}
