/**
 * Unit quaternions stored as 4 numbers [x, y, z, w] at an offset (w is the scalar part).
 * q = (sin(θ/2)·axis, cos(θ/2)) rotates by θ about the unit axis (textbook §26.2).
 */
import { pcos, psin } from './portable.js';
import type { Arr } from './vec2.js';

export function identity(out: Arr, o: number): void {
  out[o] = 0;
  out[o + 1] = 0;
  out[o + 2] = 0;
  out[o + 3] = 1;
}
/** From a unit axis and an angle (portable trig: deterministic). */
export function fromAxisAngle(out: Arr, o: number, axis: Arr, ao: number, angle: number): void {
  const s = psin(0.5 * angle);
  out[o] = axis[ao]! * s;
  out[o + 1] = axis[ao + 1]! * s;
  out[o + 2] = axis[ao + 2]! * s;
  out[o + 3] = pcos(0.5 * angle);
}
/** Hamilton product out = a·b (rotation b first, then a). */
export function mul(out: Arr, o: number, a: Arr, ao: number, b: Arr, bo: number): void {
  mulComponents(
    out,
    o,
    a[ao]!,
    a[ao + 1]!,
    a[ao + 2]!,
    a[ao + 3]!,
    b[bo]!,
    b[bo + 1]!,
    b[bo + 2]!,
    b[bo + 3]!,
  );
}
/**
 * Hamilton product out = a·b of quaternions given by their components (x, y, z, w) — for kernels
 * that form a factor on the fly (a conjugate, a pure vector (v, 0)) without storing it first.
 * The inputs are plain numbers, so `out` may be the storage they were read from.
 */
export function mulComponents(
  out: Arr,
  o: number,
  ax: number,
  ay: number,
  az: number,
  aw: number,
  bx: number,
  by: number,
  bz: number,
  bw: number,
): void {
  out[o] = aw * bx + ax * bw + ay * bz - az * by;
  out[o + 1] = aw * by - ax * bz + ay * bw + az * bx;
  out[o + 2] = aw * bz + ax * by - ay * bx + az * bw;
  out[o + 3] = aw * bw - ax * bx - ay * by - az * bz;
}
export function conjugate(out: Arr, o: number, a: Arr, ao: number): void {
  out[o] = -a[ao]!;
  out[o + 1] = -a[ao + 1]!;
  out[o + 2] = -a[ao + 2]!;
  out[o + 3] = a[ao + 3]!;
}
/**
 * out = a/|a| (each component divided by the length); returns the old length. `out` may alias `a`.
 * A zero quaternion has no direction: it gives the identity (and returns 0).
 */
export function normalize(out: Arr, o: number, a: Arr, ao: number): number {
  const x = a[ao]!;
  const y = a[ao + 1]!;
  const z = a[ao + 2]!;
  const w = a[ao + 3]!;
  const l = Math.sqrt(x * x + y * y + z * z + w * w);
  if (l === 0) {
    identity(out, o);
    return 0;
  }
  out[o] = x / l;
  out[o + 1] = y / l;
  out[o + 2] = z / l;
  out[o + 3] = w / l;
  return l;
}
/** out(vec3) = q·v·q*, the rotation of v by unit q. */
export function rotateVec(out: Arr, o: number, q: Arr, qo: number, v: Arr, vo: number): void {
  const qx = q[qo]!;
  const qy = q[qo + 1]!;
  const qz = q[qo + 2]!;
  const qw = q[qo + 3]!;
  const vx = v[vo]!;
  const vy = v[vo + 1]!;
  const vz = v[vo + 2]!;
  // t = 2 q×v ; v' = v + w t + q×t
  const tx = 2 * (qy * vz - qz * vy);
  const ty = 2 * (qz * vx - qx * vz);
  const tz = 2 * (qx * vy - qy * vx);
  out[o] = vx + qw * tx + (qy * tz - qz * ty);
  out[o + 1] = vy + qw * ty + (qz * tx - qx * tz);
  out[o + 2] = vz + qw * tz + (qx * ty - qy * tx);
}
/** out(mat33, row-major) = the rotation matrix of unit q. */
export function toMat33(out: Arr, o: number, q: Arr, qo: number): void {
  toMat33Components(out, o, q[qo]!, q[qo + 1]!, q[qo + 2]!, q[qo + 3]!);
}
/**
 * out(mat33, row-major) = the rotation matrix of the unit quaternion with components (x, y, z, w)
 * — also for storage in another component order, e.g. (w, x, y, z) in `rotation3`.
 */
export function toMat33Components(out: Arr, o: number, x: number, y: number, z: number, w: number): void {
  out[o] = 1 - 2 * (y * y + z * z);
  out[o + 1] = 2 * (x * y - w * z);
  out[o + 2] = 2 * (x * z + w * y);
  out[o + 3] = 2 * (x * y + w * z);
  out[o + 4] = 1 - 2 * (x * x + z * z);
  out[o + 5] = 2 * (y * z - w * x);
  out[o + 6] = 2 * (x * z - w * y);
  out[o + 7] = 2 * (y * z + w * x);
  out[o + 8] = 1 - 2 * (x * x + y * y);
}
/**
 * First-order quaternion integration (textbook §26.2): q ← normalize(q + h/2 · (ω, 0)·q), ω in world frame.
 */
export function integrate(out: Arr, o: number, q: Arr, qo: number, w: Arr, wo: number, h: number): void {
  const qx = q[qo]!;
  const qy = q[qo + 1]!;
  const qz = q[qo + 2]!;
  const qw = q[qo + 3]!;
  const wx = w[wo]! * 0.5 * h;
  const wy = w[wo + 1]! * 0.5 * h;
  const wz = w[wo + 2]! * 0.5 * h;
  out[o] = qx + (wx * qw + wy * qz - wz * qy);
  out[o + 1] = qy + (wy * qw + wz * qx - wx * qz);
  out[o + 2] = qz + (wz * qw + wx * qy - wy * qx);
  out[o + 3] = qw - (wx * qx + wy * qy + wz * qz);
  normalize(out, o, out, o);
}
