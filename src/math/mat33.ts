/**
 * 3×3 matrices stored row-major as 9 numbers at an offset: [m00 m01 m02 m10 … m22].
 * Functions write into `out` at offset `o`; products read all inputs first, so `out` may alias.
 */
import type { Arr } from './vec2.js';

const t9 = new Float64Array(9);

export function identity(out: Arr, o: number): void {
  for (let i = 0; i < 9; i++) out[o + i] = i % 4 === 0 ? 1 : 0;
}
export function copy(out: Arr, o: number, a: Arr, ao: number): void {
  for (let i = 0; i < 9; i++) out[o + i] = a[ao + i]!;
}
export function mul(out: Arr, o: number, a: Arr, ao: number, b: Arr, bo: number): void {
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      t9[3 * i + j] =
        a[ao + 3 * i]! * b[bo + j]! +
        a[ao + 3 * i + 1]! * b[bo + 3 + j]! +
        a[ao + 3 * i + 2]! * b[bo + 6 + j]!;
    }
  }
  for (let i = 0; i < 9; i++) out[o + i] = t9[i]!;
}
/** out = A·Bᵀ */
export function mulTransposeB(out: Arr, o: number, a: Arr, ao: number, b: Arr, bo: number): void {
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      t9[3 * i + j] =
        a[ao + 3 * i]! * b[bo + 3 * j]! +
        a[ao + 3 * i + 1]! * b[bo + 3 * j + 1]! +
        a[ao + 3 * i + 2]! * b[bo + 3 * j + 2]!;
    }
  }
  for (let i = 0; i < 9; i++) out[o + i] = t9[i]!;
}
/** out = Aᵀ·B */
export function mulTransposeA(out: Arr, o: number, a: Arr, ao: number, b: Arr, bo: number): void {
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      t9[3 * i + j] =
        a[ao + i]! * b[bo + j]! + a[ao + 3 + i]! * b[bo + 3 + j]! + a[ao + 6 + i]! * b[bo + 6 + j]!;
    }
  }
  for (let i = 0; i < 9; i++) out[o + i] = t9[i]!;
}
/** out(vec3) = M·v */
export function mulVec(out: Arr, o: number, m: Arr, mo: number, v: Arr, vo: number): void {
  const x = v[vo]!;
  const y = v[vo + 1]!;
  const z = v[vo + 2]!;
  out[o] = m[mo]! * x + m[mo + 1]! * y + m[mo + 2]! * z;
  out[o + 1] = m[mo + 3]! * x + m[mo + 4]! * y + m[mo + 5]! * z;
  out[o + 2] = m[mo + 6]! * x + m[mo + 7]! * y + m[mo + 8]! * z;
}
/** out(vec3) = Mᵀ·v */
export function mulTransposeVec(out: Arr, o: number, m: Arr, mo: number, v: Arr, vo: number): void {
  const x = v[vo]!;
  const y = v[vo + 1]!;
  const z = v[vo + 2]!;
  out[o] = m[mo]! * x + m[mo + 3]! * y + m[mo + 6]! * z;
  out[o + 1] = m[mo + 1]! * x + m[mo + 4]! * y + m[mo + 7]! * z;
  out[o + 2] = m[mo + 2]! * x + m[mo + 5]! * y + m[mo + 8]! * z;
}
export function transpose(out: Arr, o: number, a: Arr, ao: number): void {
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) t9[3 * j + i] = a[ao + 3 * i + j]!;
  for (let i = 0; i < 9; i++) out[o + i] = t9[i]!;
}
export function det(a: Arr, ao: number): number {
  return (
    a[ao]! * (a[ao + 4]! * a[ao + 8]! - a[ao + 5]! * a[ao + 7]!) -
    a[ao + 1]! * (a[ao + 3]! * a[ao + 8]! - a[ao + 5]! * a[ao + 6]!) +
    a[ao + 2]! * (a[ao + 3]! * a[ao + 7]! - a[ao + 4]! * a[ao + 6]!)
  );
}
/**
 * out = A⁻¹ by the adjugate (cofactor expansion along the first row); returns det A.
 * Singular A (det A = 0 exactly) returns 0 and leaves `out` untouched — callers test the returned
 * determinant (and usually reject small ones relative to the matrix's scale). A NaN determinant
 * gives a NaN inverse. All entries are read first, so `out` may alias `a`.
 */
export function invert(out: Arr, o: number, a: Arr, ao: number): number {
  const m00 = a[ao]!;
  const m01 = a[ao + 1]!;
  const m02 = a[ao + 2]!;
  const m10 = a[ao + 3]!;
  const m11 = a[ao + 4]!;
  const m12 = a[ao + 5]!;
  const m20 = a[ao + 6]!;
  const m21 = a[ao + 7]!;
  const m22 = a[ao + 8]!;
  // the first-column cofactors; det A = m00·c00 + m01·c10 + m02·c20 (the same value as `det`)
  const c00 = m11 * m22 - m12 * m21;
  const c10 = -(m10 * m22 - m12 * m20);
  const c20 = m10 * m21 - m11 * m20;
  const d = m00 * c00 + m01 * c10 + m02 * c20;
  if (d === 0) return 0;
  const inv = 1 / d;
  out[o] = c00 * inv;
  out[o + 1] = -(m01 * m22 - m02 * m21) * inv;
  out[o + 2] = (m01 * m12 - m02 * m11) * inv;
  out[o + 3] = c10 * inv;
  out[o + 4] = (m00 * m22 - m02 * m20) * inv;
  out[o + 5] = -(m00 * m12 - m02 * m10) * inv;
  out[o + 6] = c20 * inv;
  out[o + 7] = -(m00 * m21 - m01 * m20) * inv;
  out[o + 8] = (m00 * m11 - m01 * m10) * inv;
  return d;
}
/** out = the skew matrix [v]ₓ with [v]ₓ·w = v × w. */
export function skew(out: Arr, o: number, v: Arr, vo: number): void {
  const x = v[vo]!;
  const y = v[vo + 1]!;
  const z = v[vo + 2]!;
  out[o] = 0;
  out[o + 1] = -z;
  out[o + 2] = y;
  out[o + 3] = z;
  out[o + 4] = 0;
  out[o + 5] = -x;
  out[o + 6] = -y;
  out[o + 7] = x;
  out[o + 8] = 0;
}
