/**
 * Hencky (logarithmic) strain of the principal stretches and back, for the sand model's return
 * mapping (Drucker–Prager in log strain, Klár et al. 2016 §7): εₖ = ln σₖ and σₖ = e^{εₖ} with the
 * portable ln / exp (textbook §26.5, determinism).
 *
 * Both write into typed arrays and return nothing, so no double crosses a call that the optimising
 * compiler might leave out of line (a double returned from a call that is not inlined is boxed on
 * the heap); each holds one call site of `plog` / `pexp`, which is inlined.
 */
import { pexp } from '../math/portable.js';
import { plog } from '../math/portable-log.js';

/** The smallest principal stretch the log strain accepts (a crushed or inverted particle). */
export const MIN_STRETCH = 1e-6;

/** eps[k] = ln σ for σ = sig[k] clamped below at MIN_STRETCH (NaN → MIN_STRETCH), k < n. */
export function logStrain(eps: Float64Array, sig: Float64Array, n: number): void {
  for (let k = 0; k < n; k++) {
    const s = sig[k]!;
    // biome-ignore lint/complexity/useMathMinMax: Math.max would pass NaN through; this maps it to MIN_STRETCH
    eps[k] = plog(s > MIN_STRETCH ? s : MIN_STRETCH);
  }
}

/** sig[k] = exp(eps[k]) for k < n. */
export function expStrain(sig: Float64Array, eps: Float64Array, n: number): void {
  for (let k = 0; k < n; k++) sig[k] = pexp(eps[k]!);
}
