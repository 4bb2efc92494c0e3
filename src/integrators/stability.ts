/**
 * Stability functions of the 26.1 integrators. Applied to the test equation y' = λy, a one-step
 * method gives y₁ = R(z)·y₀ with z = hλ; it is stable where |R(z)| ≤ 1 (26.1, 安定領域).
 *   explicit Euler    R = 1 + z                    (disc of radius 1 around −1)
 *   implicit Euler    R = 1/(1 − z)                (outside the disc around +1: A-stable)
 *   implicit midpoint R = (1 + z/2)/(1 − z/2)      (exactly the left half-plane, |R| = 1 on iℝ)
 *   RK4               R = 1 + z + z²/2 + z³/6 + z⁴/24
 * The partitioned methods (semi-implicit Euler, position / velocity Verlet) treat x and v
 * differently, so they have no scalar R. For them R(z) is defined here as the eigenvalue of largest
 * modulus of the method's step matrix for the real oscillator whose eigenvalues are z and z̄
 * (h = 1, ω² = |z|², γ = −2 Re z) — for the undamped spring z = ±ihω, which reproduces the
 * book's "|eigenvalue| = 1 exactly while hω < 2". For the four one-step methods this construction
 * gives back |R(z)| (tested), so one picture compares all seven.
 */
import { type IntegratorId, springStepMatrix } from './linear-spring.js';

const P = new Float64Array(4);

/** R(z) for z = re + i·im, written as [Re R, Im R] into out. */
export function stabilityFunction(
  method: IntegratorId,
  re: number,
  im: number,
  out: Float64Array | number[],
): void {
  switch (method) {
    case 'explicit-euler':
      out[0] = 1 + re;
      out[1] = im;
      return;
    case 'implicit-euler':
      cdiv(1, 0, 1 - re, -im, out);
      return;
    case 'implicit-midpoint':
      cdiv(1 + 0.5 * re, 0.5 * im, 1 - 0.5 * re, -0.5 * im, out);
      return;
    case 'rk4': {
      // Horner: 1 + z(1 + z/2(1 + z/3(1 + z/4)))
      let pr = 1 + re / 4;
      let pi = im / 4;
      let t = pr;
      pr = 1 + (re * pr - im * pi) / 3;
      pi = (re * pi + im * t) / 3;
      t = pr;
      pr = 1 + (re * pr - im * pi) / 2;
      pi = (re * pi + im * t) / 2;
      t = pr;
      out[0] = 1 + (re * pr - im * pi);
      out[1] = re * pi + im * t;
      return;
    }
    default: {
      // partitioned: eigenvalues of the oscillator step matrix, μ² − tr·μ + det = 0
      springStepMatrix(method, 1, re * re + im * im, -2 * re, P);
      const tr = P[0]! + P[3]!;
      const det = P[0]! * P[3]! - P[1]! * P[2]!;
      const disc = 0.25 * tr * tr - det;
      if (disc >= 0) {
        const s = Math.sqrt(disc);
        const a = 0.5 * tr + s;
        const b = 0.5 * tr - s;
        out[0] = Math.abs(a) >= Math.abs(b) ? a : b;
        out[1] = 0;
      } else {
        out[0] = 0.5 * tr;
        out[1] = Math.sqrt(-disc);
      }
    }
  }
}

const tmp = new Float64Array(2);
/** |R(z)|: the amplification factor per step; the method is stable at z where it is ≤ 1. */
export function amplification(method: IntegratorId, re: number, im: number): number {
  stabilityFunction(method, re, im, tmp);
  return Math.sqrt(tmp[0]! * tmp[0]! + tmp[1]! * tmp[1]!);
}

function cdiv(ar: number, ai: number, br: number, bi: number, out: Float64Array | number[]): void {
  const d = br * br + bi * bi;
  out[0] = (ar * br + ai * bi) / d;
  out[1] = (ai * br - ar * bi) / d;
}
