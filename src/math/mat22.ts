/**
 * 2×2 matrices stored row-major as 4 numbers at an offset: [m00, m01, m10, m11].
 * Functions write into `out` at offset `o` (may alias inputs).
 */
import { patan2 } from './portable.js';
import type { Arr } from './vec2.js';

export function identity(out: Arr, o: number): void {
  out[o] = 1;
  out[o + 1] = 0;
  out[o + 2] = 0;
  out[o + 3] = 1;
}
export function mul(out: Arr, o: number, a: Arr, ao: number, b: Arr, bo: number): void {
  const a0 = a[ao]!;
  const a1 = a[ao + 1]!;
  const a2 = a[ao + 2]!;
  const a3 = a[ao + 3]!;
  const b0 = b[bo]!;
  const b1 = b[bo + 1]!;
  const b2 = b[bo + 2]!;
  const b3 = b[bo + 3]!;
  out[o] = a0 * b0 + a1 * b2;
  out[o + 1] = a0 * b1 + a1 * b3;
  out[o + 2] = a2 * b0 + a3 * b2;
  out[o + 3] = a2 * b1 + a3 * b3;
}
/** out(vec2) = M·v */
export function mulVec(out: Arr, o: number, m: Arr, mo: number, v: Arr, vo: number): void {
  const x = v[vo]!;
  const y = v[vo + 1]!;
  out[o] = m[mo]! * x + m[mo + 1]! * y;
  out[o + 1] = m[mo + 2]! * x + m[mo + 3]! * y;
}
export function transpose(out: Arr, o: number, a: Arr, ao: number): void {
  const b = a[ao + 1]!;
  out[o] = a[ao]!;
  out[o + 1] = a[ao + 2]!;
  out[o + 2] = b;
  out[o + 3] = a[ao + 3]!;
}
export function det(a: Arr, ao: number): number {
  return a[ao]! * a[ao + 3]! - a[ao + 1]! * a[ao + 2]!;
}
/** out = A⁻¹; returns det A (0 leaves `out` untouched: singular). */
export function invert(out: Arr, o: number, a: Arr, ao: number): number {
  const d = det(a, ao);
  if (d === 0) return 0;
  const inv = 1 / d;
  const a0 = a[ao]!;
  const a1 = a[ao + 1]!;
  const a2 = a[ao + 2]!;
  const a3 = a[ao + 3]!;
  out[o] = a3 * inv;
  out[o + 1] = -a1 * inv;
  out[o + 2] = -a2 * inv;
  out[o + 3] = a0 * inv;
  return d;
}

/**
 * Polar decomposition A = R·S in closed form (corotational FEM and 2D shape matching, textbook
 * §26.3): R is the rotation closest to A, with angle θ = atan2(m10 − m01, m00 + m11), computed
 * without trigonometry as (cos θ, sin θ) = the normalised vector (m00 + m11, m10 − m01); S = Rᵀ·A is
 * symmetric. (When det A < 0, S has a negative eigenvalue: R stays a proper rotation, det R = +1.)
 * A matrix with no rotational information (both sums zero) gives R = I. Returns θ, the portable
 * atan2 of the two sums (it is reported, never fed back into R).
 */
export function polar(rOut: Arr, ro: number, sOut: Arr | null, so: number, a: Arr, ao: number): number {
  const a0 = a[ao]!;
  const a1 = a[ao + 1]!;
  const a2 = a[ao + 2]!;
  const a3 = a[ao + 3]!;
  const x = a0 + a3;
  const y = a2 - a1;
  const l = Math.sqrt(x * x + y * y);
  // l is 0 or ≥ 1e-162 (squares underflow below that), so this is the l > 0 test; NaN gives R = I
  const c = l > 1e-300 ? x / l : 1;
  const s = l > 1e-300 ? y / l : 0;
  rOut[ro] = c;
  rOut[ro + 1] = -s;
  rOut[ro + 2] = s;
  rOut[ro + 3] = c;
  if (sOut) {
    // S = Rᵀ A, then symmetrised against round-off.
    const s00 = c * a0 + s * a2;
    const s01 = c * a1 + s * a3;
    const s10 = -s * a0 + c * a2;
    const s11 = -s * a1 + c * a3;
    const off = 0.5 * (s01 + s10);
    sOut[so] = s00;
    sOut[so + 1] = off;
    sOut[so + 2] = off;
    sOut[so + 3] = s11;
  }
  return patan2(y, x);
}
