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
/** out = A⁻¹ (adjugate / determinant); returns det A (0 leaves `out` untouched: singular). */
export function invert(out: Arr, o: number, a: Arr, ao: number): number {
  const d = det(a, ao);
  if (d === 0) return 0;
  const m = (r: number, c: number): number => a[ao + 3 * r + c]!;
  const inv = 1 / d;
  t9[0] = (m(1, 1) * m(2, 2) - m(1, 2) * m(2, 1)) * inv;
  t9[1] = (m(0, 2) * m(2, 1) - m(0, 1) * m(2, 2)) * inv;
  t9[2] = (m(0, 1) * m(1, 2) - m(0, 2) * m(1, 1)) * inv;
  t9[3] = (m(1, 2) * m(2, 0) - m(1, 0) * m(2, 2)) * inv;
  t9[4] = (m(0, 0) * m(2, 2) - m(0, 2) * m(2, 0)) * inv;
  t9[5] = (m(0, 2) * m(1, 0) - m(0, 0) * m(1, 2)) * inv;
  t9[6] = (m(1, 0) * m(2, 1) - m(1, 1) * m(2, 0)) * inv;
  t9[7] = (m(0, 1) * m(2, 0) - m(0, 0) * m(2, 1)) * inv;
  t9[8] = (m(0, 0) * m(1, 1) - m(0, 1) * m(1, 0)) * inv;
  for (let i = 0; i < 9; i++) out[o + i] = t9[i]!;
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
