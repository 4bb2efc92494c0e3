/**
 * Blackbody colour of a temperature, for drawing fire (textbook §26.4: "温度から決まる色(第3章の黒体の色)").
 * Planck's law B(λ, T) = 2hc²/λ⁵ · 1/(exp(hc/(λ k T)) − 1) evaluated at three wavelengths standing
 * for the red, green and blue primaries, normalised so the brightest channel is 1. The overall
 * brightness (Stefan–Boltzmann, ∝ T⁴) is left to the caller. Drawing only — never in a step.
 */
const H = 6.62607015e-34;
const C = 2.99792458e8;
const K = 1.380649e-23;
/** wavelengths (m) used for R, G, B */
const LAMBDA = [610e-9, 550e-9, 465e-9] as const;

function planck(lambda: number, T: number): number {
  const x = (H * C) / (lambda * K * T);
  if (x > 700) return 0;
  // portable-math: exempt (colour for drawing, never in a step)
  return 1 / (lambda ** 5 * Math.expm1(x));
}

/** Normalised [r, g, b] in 0..1 of a blackbody at T kelvin (T ≤ 0 gives black). */
export function blackbodyColor(T: number, out: Float64Array = new Float64Array(3)): Float64Array {
  if (!(T > 0)) {
    out.fill(0);
    return out;
  }
  let max = 0;
  for (let k = 0; k < 3; k++) {
    const b = planck(LAMBDA[k]!, T);
    out[k] = b;
    if (b > max) max = b;
  }
  for (let k = 0; k < 3; k++) out[k] = max > 0 ? out[k]! / max : 0;
  return out;
}
