/**
 * Soft constraints (Catto, "Soft Constraints", GDC 2011; the "soft step" of Box2D v3, 2024): a
 * constraint treated as a spring–damper of frequency `hertz` and damping ratio `zeta`, solved
 * implicitly over a step `h`. With ω = 2π·hertz, a₁ = 2ζ + hω and a₂ = hω·a₁, the solver uses
 * biasRate = ω / a₁ (the fraction of the error fed back per second), massScale = a₂/(1 + a₂) and
 * impulseScale = 1/(1 + a₂). Hertz 0 means rigid: no bias, full mass, no impulse leakage.
 * Shared by the 2D and 3D rigid engines (contacts and joints).
 */

/** Soft constraint coefficients for stiffness `hertz`, damping ratio `zeta` and step `h`. */
export interface Softness {
  /** position error fed back per second, 1/s (Box2D's soft step, Catto 2024) */
  biasRate: number;
  /** scale of the effective mass in the impulse, in [0, 1] */
  massScale: number;
  /** share of the accumulated impulse subtracted each iteration (the softness' leak) */
  impulseScale: number;
}

/** Fills `out` with the softness of a spring of `hertz` and damping ratio `zeta` over step `h`. */
export function makeSoftness(hertz: number, zeta: number, h: number, out: Softness): Softness {
  if (hertz === 0) {
    out.biasRate = 0;
    out.massScale = 1;
    out.impulseScale = 0;
    return out;
  }
  const omega = 2 * Math.PI * hertz;
  const a1 = 2 * zeta + h * omega;
  const a2 = h * omega * a1;
  const a3 = 1 / (1 + a2);
  out.biasRate = omega / a1;
  out.massScale = a2 * a3;
  out.impulseScale = a3;
  return out;
}
