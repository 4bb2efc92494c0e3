/**
 * The inertia tensor in the world (textbook §26.2 "ワールド座標の慣性テンソル"): I is constant only
 * in the body's own frame; a body turned by R has I_world = R I_body Rᵀ and I_world⁻¹ = R I_body⁻¹ Rᵀ
 * (read right to left: turn the world vector into the body, apply the body inertia, turn back;
 * R⁻¹ = Rᵀ makes the inverse cheap). The engine stores I_body⁻¹ once and rebuilds I_world⁻¹ each
 * step. Symmetric tensors are 6 numbers (xx, xy, xz, yy, yz, zz) at an offset; quaternions
 * [x, y, z, w]. Nothing here allocates.
 */
import type { BodyStore3 } from './body-store.js';

/** Any indexable array of numbers. */
type Arr = { [i: number]: number; readonly length: number };

/** Writes the row-major rotation matrix of the unit quaternion (x, y, z, w) at q[qo..qo+3] into out[o..o+8]. */
export function rotationMatrix(out: Arr, o: number, q: Arr, qo: number): void {
  const x = q[qo]!;
  const y = q[qo + 1]!;
  const z = q[qo + 2]!;
  const w = q[qo + 3]!;
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
 * out = R S Rᵀ for the symmetric S at s[so..so+5] and the rotation of the unit quaternion at
 * q[qo..qo+3]: I_world from I_body, or I_world⁻¹ from I_body⁻¹ (§26.2). `out` may not alias `s`.
 */
export function rotateSymmetric(out: Arr, o: number, q: Arr, qo: number, s: Arr, so: number): void {
  rotateSymmetricComponents(out, o, q[qo]!, q[qo + 1]!, q[qo + 2]!, q[qo + 3]!, s, so);
}

/** {@link rotateSymmetric} with the quaternion's components given as numbers. */
export function rotateSymmetricComponents(
  out: Arr,
  o: number,
  x: number,
  y: number,
  z: number,
  w: number,
  s: Arr,
  so: number,
): void {
  const r00 = 1 - 2 * (y * y + z * z);
  const r01 = 2 * (x * y - w * z);
  const r02 = 2 * (x * z + w * y);
  const r10 = 2 * (x * y + w * z);
  const r11 = 1 - 2 * (x * x + z * z);
  const r12 = 2 * (y * z - w * x);
  const r20 = 2 * (x * z - w * y);
  const r21 = 2 * (y * z + w * x);
  const r22 = 1 - 2 * (x * x + y * y);
  const sxx = s[so]!;
  const sxy = s[so + 1]!;
  const sxz = s[so + 2]!;
  const syy = s[so + 3]!;
  const syz = s[so + 4]!;
  const szz = s[so + 5]!;
  // M = R S (rows of R times the columns of S)
  const m00 = r00 * sxx + r01 * sxy + r02 * sxz;
  const m01 = r00 * sxy + r01 * syy + r02 * syz;
  const m02 = r00 * sxz + r01 * syz + r02 * szz;
  const m10 = r10 * sxx + r11 * sxy + r12 * sxz;
  const m11 = r10 * sxy + r11 * syy + r12 * syz;
  const m12 = r10 * sxz + r11 * syz + r12 * szz;
  const m20 = r20 * sxx + r21 * sxy + r22 * sxz;
  const m21 = r20 * sxy + r21 * syy + r22 * syz;
  const m22 = r20 * sxz + r21 * syz + r22 * szz;
  // out = M Rᵀ (upper triangle)
  out[o] = m00 * r00 + m01 * r01 + m02 * r02;
  out[o + 1] = m00 * r10 + m01 * r11 + m02 * r12;
  out[o + 2] = m00 * r20 + m01 * r21 + m02 * r22;
  out[o + 3] = m10 * r10 + m11 * r11 + m12 * r12;
  out[o + 4] = m10 * r20 + m11 * r21 + m12 * r22;
  out[o + 5] = m20 * r20 + m21 * r21 + m22 * r22;
}

/** out[o..o+2] = S v for the symmetric S at s[so..so+5] and v at v[vo..vo+2] (e.g. ω = I_world⁻¹ L). */
export function symmetricMulVec(out: Arr, o: number, s: Arr, so: number, v: Arr, vo: number): void {
  const x = v[vo]!;
  const y = v[vo + 1]!;
  const z = v[vo + 2]!;
  out[o] = s[so]! * x + s[so + 1]! * y + s[so + 2]! * z;
  out[o + 1] = s[so + 1]! * x + s[so + 3]! * y + s[so + 4]! * z;
  out[o + 2] = s[so + 2]! * x + s[so + 4]! * y + s[so + 5]! * z;
}

/**
 * out = S⁻¹ for the symmetric S at s[so..so+5] (cofactors over the determinant); returns the
 * determinant. A singular S (det ≤ 0 or not finite) gives all zeros — an axis with no inertia is
 * treated as infinitely stiff, never as a division by zero.
 */
export function invertSymmetric(out: Arr, o: number, s: Arr, so: number): number {
  const a = s[so]!;
  const b = s[so + 1]!;
  const c = s[so + 2]!;
  const d = s[so + 3]!;
  const e = s[so + 4]!;
  const f = s[so + 5]!;
  const c00 = d * f - e * e;
  const c01 = c * e - b * f;
  const c02 = b * e - c * d;
  const det = a * c00 + b * c01 + c * c02;
  if (!(det > 0) || !Number.isFinite(det)) {
    for (let k = 0; k < 6; k++) out[o + k] = 0;
    return det;
  }
  const inv = 1 / det;
  out[o] = c00 * inv;
  out[o + 1] = c01 * inv;
  out[o + 2] = c02 * inv;
  out[o + 3] = (a * f - c * c) * inv;
  out[o + 4] = (b * c - a * e) * inv;
  out[o + 5] = (a * d - b * b) * inv;
  return det;
}

/** The symmetric 6 of a row-major 3×3 matrix m[mo..mo+8] (its upper triangle). */
export function symmetricFromMatrix(out: Arr, o: number, m: Arr, mo: number): void {
  out[o] = m[mo]!;
  out[o + 1] = m[mo + 1]!;
  out[o + 2] = m[mo + 2]!;
  out[o + 3] = m[mo + 4]!;
  out[o + 4] = m[mo + 5]!;
  out[o + 5] = m[mo + 8]!;
}

/**
 * Rebuilds body slot `i`'s world inverse inertia R I_body⁻¹ Rᵀ from its orientation (§26.2).
 * Written out (not a call with number arguments): it runs for every awake body every step.
 */
export function updateWorldInertia(b: BodyStore3, i: number): void {
  const x = b.qx[i]!;
  const y = b.qy[i]!;
  const z = b.qz[i]!;
  const w = b.qw[i]!;
  const s = b.invInertia;
  const out = b.invInertiaWorld;
  const so = 6 * i;
  const r00 = 1 - 2 * (y * y + z * z);
  const r01 = 2 * (x * y - w * z);
  const r02 = 2 * (x * z + w * y);
  const r10 = 2 * (x * y + w * z);
  const r11 = 1 - 2 * (x * x + z * z);
  const r12 = 2 * (y * z - w * x);
  const r20 = 2 * (x * z - w * y);
  const r21 = 2 * (y * z + w * x);
  const r22 = 1 - 2 * (x * x + y * y);
  const sxx = s[so]!;
  const sxy = s[so + 1]!;
  const sxz = s[so + 2]!;
  const syy = s[so + 3]!;
  const syz = s[so + 4]!;
  const szz = s[so + 5]!;
  const m00 = r00 * sxx + r01 * sxy + r02 * sxz;
  const m01 = r00 * sxy + r01 * syy + r02 * syz;
  const m02 = r00 * sxz + r01 * syz + r02 * szz;
  const m10 = r10 * sxx + r11 * sxy + r12 * sxz;
  const m11 = r10 * sxy + r11 * syy + r12 * syz;
  const m12 = r10 * sxz + r11 * syz + r12 * szz;
  const m20 = r20 * sxx + r21 * sxy + r22 * sxz;
  const m21 = r20 * sxy + r21 * syy + r22 * syz;
  const m22 = r20 * sxz + r21 * syz + r22 * szz;
  out[so] = m00 * r00 + m01 * r01 + m02 * r02;
  out[so + 1] = m00 * r10 + m01 * r11 + m02 * r12;
  out[so + 2] = m00 * r20 + m01 * r21 + m02 * r22;
  out[so + 3] = m10 * r10 + m11 * r11 + m12 * r12;
  out[so + 4] = m10 * r20 + m11 * r21 + m12 * r22;
  out[so + 5] = m20 * r20 + m21 * r21 + m22 * r22;
}
