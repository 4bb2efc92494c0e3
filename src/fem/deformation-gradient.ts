/** The deformation gradient F = D_s D_m⁻¹ of linear triangles and tetrahedra (textbook §26.3). */
import { PhysicsError } from '../core/errors.js';
import * as mat33 from '../math/mat33.js';

/**
 * The deformation gradient of a linear element (§26.3, 有限要素法):
 *   F = D_s D_m⁻¹
 * where the columns of D_m are the element's edge vectors at rest (x_1 − x_0, x_2 − x_0[, x_3 − x_0])
 * and the columns of D_s the same edges now. Triangles in 2D, tetrahedra in 3D.
 * Matrices are row-major: 2×2 [a11, a12, a21, a22], 3×3 [a11, a12, a13, a21, ...].
 * Positions are read from a flat array with `stride` numbers per particle (x, y[, z], ...).
 */

/**
 * Writes D_m⁻¹ of the rest triangle (a, b, c) into out[o..o+3] and returns its signed area
 * det(D_m)/2 (positive when counter-clockwise). Throws `degenerate-shape` for a zero-area triangle.
 */
export function restInverse2(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  out: Float64Array,
  o: number,
  where = 'triangle',
): number {
  const m11 = bx - ax;
  const m12 = cx - ax;
  const m21 = by - ay;
  const m22 = cy - ay;
  const det = m11 * m22 - m12 * m21;
  const scale = Math.max(m11 * m11 + m21 * m21, m12 * m12 + m22 * m22);
  if (!(Math.abs(det) > 1e-12 * scale) || !Number.isFinite(det)) {
    throw new PhysicsError('degenerate-shape', `${where}: rest triangle has zero area (det D_m = ${det})`);
  }
  const inv = 1 / det;
  out[o] = m22 * inv;
  out[o + 1] = -m12 * inv;
  out[o + 2] = -m21 * inv;
  out[o + 3] = m11 * inv;
  return 0.5 * det;
}

/** F = D_s D_m⁻¹ of triangle (i0, i1, i2); D_m⁻¹ read from dmInv[o..o+3]; F written into `F`. */
export function deformationGradient2(
  x: ArrayLike<number>,
  stride: number,
  i0: number,
  i1: number,
  i2: number,
  dmInv: ArrayLike<number>,
  o: number,
  F: Float64Array,
): void {
  const x0 = x[i0 * stride]!;
  const y0 = x[i0 * stride + 1]!;
  const s11 = x[i1 * stride]! - x0;
  const s21 = x[i1 * stride + 1]! - y0;
  const s12 = x[i2 * stride]! - x0;
  const s22 = x[i2 * stride + 1]! - y0;
  const n11 = dmInv[o]!;
  const n12 = dmInv[o + 1]!;
  const n21 = dmInv[o + 2]!;
  const n22 = dmInv[o + 3]!;
  F[0] = s11 * n11 + s12 * n21;
  F[1] = s11 * n12 + s12 * n22;
  F[2] = s21 * n11 + s22 * n21;
  F[3] = s21 * n12 + s22 * n22;
}

/**
 * Writes D_m⁻¹ of the rest tetrahedron (p0..p3, given as a flat array with `stride` and indices)
 * into out[o..o+8] and returns its signed volume det(D_m)/6 (positive when (p1−p0, p2−p0, p3−p0) is
 * right-handed). Throws `degenerate-shape` for a flat tetrahedron.
 */
export function restInverse3(
  x: ArrayLike<number>,
  stride: number,
  i0: number,
  i1: number,
  i2: number,
  i3: number,
  out: Float64Array,
  o: number,
  where = 'tetrahedron',
): number {
  const b0 = i0 * stride;
  const m = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  const idx = [i1, i2, i3];
  for (let c = 0; c < 3; c++) {
    const b = idx[c]! * stride;
    for (let r = 0; r < 3; r++) m[r * 3 + c] = x[b + r]! - x[b0 + r]!;
  }
  const det = mat33.invert(out, o, m, 0);
  let scale = 0;
  for (let c = 0; c < 3; c++) scale = Math.max(scale, m[c]! ** 2 + m[3 + c]! ** 2 + m[6 + c]! ** 2);
  if (!(Math.abs(det) > 1e-12 * scale * Math.sqrt(scale)) || !Number.isFinite(det)) {
    throw new PhysicsError(
      'degenerate-shape',
      `${where}: rest tetrahedron has zero volume (det D_m = ${det})`,
    );
  }
  return det / 6;
}

/** F = D_s D_m⁻¹ of tetrahedron (i0..i3); D_m⁻¹ read from dmInv[o..o+8]; F written into `F`. */
export function deformationGradient3(
  x: ArrayLike<number>,
  stride: number,
  i0: number,
  i1: number,
  i2: number,
  i3: number,
  dmInv: ArrayLike<number>,
  o: number,
  F: Float64Array,
): void {
  const b0 = i0 * stride;
  const b1 = i1 * stride;
  const b2 = i2 * stride;
  const b3 = i3 * stride;
  for (let r = 0; r < 3; r++) {
    const base = x[b0 + r]!;
    const s1 = x[b1 + r]! - base;
    const s2 = x[b2 + r]! - base;
    const s3 = x[b3 + r]! - base;
    F[r * 3] = s1 * dmInv[o]! + s2 * dmInv[o + 3]! + s3 * dmInv[o + 6]!;
    F[r * 3 + 1] = s1 * dmInv[o + 1]! + s2 * dmInv[o + 4]! + s3 * dmInv[o + 7]!;
    F[r * 3 + 2] = s1 * dmInv[o + 2]! + s2 * dmInv[o + 5]! + s3 * dmInv[o + 8]!;
  }
}
