/** The linear, corotational and Green strain of a deformation gradient (textbook §26.3). */
import * as mat22 from '../math/mat22.js';
import { polar3 } from '../math/polar3.js';

/**
 * The three strain measures of §26.3 for a deformation gradient F (row-major d×d, d = 2 or 3):
 *   linear (Cauchy) strain   ε = ½(F + Fᵀ) − I     — not rotation invariant: a pure 90° rotation
 *                                                   reads as ε = diag(−1, −1), "100% compressed";
 *   corotational strain      ε = S − I with F = R S — the rotation removed first by polar decomposition;
 *   Green strain             E = ½(FᵀF − I)         — zero for every rotation (the nonlinear models).
 * Each writes a symmetric d×d matrix into `out`.
 */
export function linearStrain(F: ArrayLike<number>, d: 2 | 3, out: Float64Array): Float64Array {
  for (let r = 0; r < d; r++) {
    for (let c = 0; c < d; c++) out[r * d + c] = 0.5 * (F[r * d + c]! + F[c * d + r]!) - (r === c ? 1 : 0);
  }
  return out;
}

/** The Green–Lagrange strain E = ½(FᵀF − I) of a d×d deformation gradient F (row-major), into `out`. */
export function greenStrain(F: ArrayLike<number>, d: 2 | 3, out: Float64Array): Float64Array {
  for (let r = 0; r < d; r++) {
    for (let c = 0; c < d; c++) {
      let s = 0;
      for (let k = 0; k < d; k++) s += F[k * d + r]! * F[k * d + c]!;
      out[r * d + c] = 0.5 * (s - (r === c ? 1 : 0));
    }
  }
  return out;
}

/** Corotational strain S − I where S = Rᵀ F and R is the rotational part of F (`mat22.polar`, `polar3`). */
export function corotationalStrain(F: ArrayLike<number>, d: 2 | 3, out: Float64Array): Float64Array {
  const R = new Float64Array(d * d);
  // the closed-form 2D and the SVD-based 3D polar decompositions of rikigaku/math
  if (d === 2) mat22.polar(R, 0, null, 0, Float64Array.from(F), 0);
  else polar3(R, 0, null, 0, Float64Array.from(F), 0);
  for (let r = 0; r < d; r++) {
    for (let c = 0; c < d; c++) {
      let s = 0;
      for (let k = 0; k < d; k++) s += R[k * d + r]! * F[k * d + c]!;
      out[r * d + c] = s - (r === c ? 1 : 0);
    }
  }
  // S is symmetric in exact arithmetic; symmetrise away round-off.
  for (let r = 0; r < d; r++) {
    for (let c = r + 1; c < d; c++) {
      const m = 0.5 * (out[r * d + c]! + out[c * d + r]!);
      out[r * d + c] = m;
      out[c * d + r] = m;
    }
  }
  return out;
}
