/**
 * Polar decomposition of a 3×3 matrix, A = R·S with R a proper rotation (det R = +1) and S
 * symmetric — the rotation part used by corotational FEM and shape matching (textbook §26.3).
 *
 * Method: eigen-decompose AᵀA = V·Λ·Vᵀ (Jacobi, `symEigen3`), so A = U·Σ·Vᵀ with uᵢ = A·vᵢ/σᵢ.
 * V is made proper (det +1), u₀ and u₁ are Gram–Schmidt orthonormalised and u₂ = u₀ × u₁, which
 * keeps R = U·Vᵀ a rotation even for reflections (det A < 0; S then has one negative eigenvalue)
 * and for rank-deficient A (degenerate, e.g. inverted, elements). S = Rᵀ·A, symmetrised.
 */
import { mulTransposeA, mulTransposeB } from './mat33.js';
import { symEigen3 } from './sym-eigen3.js';
import type { Arr } from './vec2.js';

const ata = new Float64Array(9);
const lam = new Float64Array(3);
const V = new Float64Array(9);
const U = new Float64Array(9);
const S = new Float64Array(9);

/** Writes R into `rOut[ro..]` and, if given, S into `sOut[so..]` (row-major 3×3). */
export function polar3(rOut: Arr, ro: number, sOut: Arr | null, so: number, a: Arr, ao: number): void {
  mulTransposeA(ata, 0, a, ao, a, ao);
  symEigen3(lam, 0, V, 0, ata, 0);
  // make V proper: det V = +1 (flip the last column)
  const detV =
    V[0]! * (V[4]! * V[8]! - V[5]! * V[7]!) -
    V[1]! * (V[3]! * V[8]! - V[5]! * V[6]!) +
    V[2]! * (V[3]! * V[7]! - V[4]! * V[6]!);
  if (detV < 0) {
    V[2] = -V[2]!;
    V[5] = -V[5]!;
    V[8] = -V[8]!;
  }
  // u0 = A v0 / |A v0|
  const ok0 = columnAv(0, a, ao);
  if (!ok0) {
    // A = 0: any rotation works; take the identity.
    U.fill(0);
    U[0] = U[4] = U[8] = 1;
    V.fill(0);
    V[0] = V[4] = V[8] = 1;
  } else {
    // u1 = A v1 minus its u0 component, normalised; if A has rank 1 pick any perpendicular
    columnAv(1, a, ao);
    const d = U[0]! * U[1]! + U[3]! * U[4]! + U[6]! * U[7]!;
    U[1] = U[1]! - d * U[0]!;
    U[4] = U[4]! - d * U[3]!;
    U[7] = U[7]! - d * U[6]!;
    let l = Math.sqrt(U[1]! * U[1]! + U[4]! * U[4]! + U[7]! * U[7]!);
    if (!(l > 1e-12 * Math.sqrt(lam[0]!))) {
      // perpendicular to u0: cross with the axis it is least aligned with
      const ax = Math.abs(U[0]!) < 0.577 ? 0 : Math.abs(U[3]!) < 0.577 ? 1 : 2;
      const ex = ax === 0 ? 1 : 0;
      const ey = ax === 1 ? 1 : 0;
      const ez = ax === 2 ? 1 : 0;
      U[1] = U[3]! * ez - U[6]! * ey;
      U[4] = U[6]! * ex - U[0]! * ez;
      U[7] = U[0]! * ey - U[3]! * ex;
      l = Math.sqrt(U[1]! * U[1]! + U[4]! * U[4]! + U[7]! * U[7]!);
    }
    U[1] = U[1]! / l;
    U[4] = U[4]! / l;
    U[7] = U[7]! / l;
    // u2 = u0 × u1
    U[2] = U[3]! * U[7]! - U[6]! * U[4]!;
    U[5] = U[6]! * U[1]! - U[0]! * U[7]!;
    U[8] = U[0]! * U[4]! - U[3]! * U[1]!;
  }
  // R = U Vᵀ
  mulTransposeB(rOut, ro, U, 0, V, 0);
  if (sOut) {
    mulTransposeA(S, 0, rOut, ro, a, ao);
    for (let i = 0; i < 3; i++) {
      sOut[so + 4 * i] = S[4 * i]!;
      for (let j = i + 1; j < 3; j++) {
        const x = 0.5 * (S[3 * i + j]! + S[3 * j + i]!);
        sOut[so + 3 * i + j] = x;
        sOut[so + 3 * j + i] = x;
      }
    }
  }
}

/** U column c = A·(V column c), normalised; false if it vanishes. */
function columnAv(c: number, a: Arr, ao: number): boolean {
  const x = V[c]!;
  const y = V[3 + c]!;
  const z = V[6 + c]!;
  const ux = a[ao]! * x + a[ao + 1]! * y + a[ao + 2]! * z;
  const uy = a[ao + 3]! * x + a[ao + 4]! * y + a[ao + 5]! * z;
  const uz = a[ao + 6]! * x + a[ao + 7]! * y + a[ao + 8]! * z;
  const l = Math.sqrt(ux * ux + uy * uy + uz * uz);
  if (c === 0 && l === 0) return false;
  const inv = l > 0 ? 1 / l : 0;
  U[c] = ux * inv;
  U[3 + c] = uy * inv;
  U[6 + c] = uz * inv;
  return l > 0;
}
