/**
 * Hencky (logarithmic) strain of the principal stretches and back, for the sand model's return
 * mapping (Drucker–Prager in log strain, Klár et al. 2016 §7): εₖ = ln σₖ and σₖ = e^{εₖ} with the
 * portable ln / exp (textbook §26.5, determinism).
 *
 * Both write into typed arrays and return nothing, and call the in-place `plogAt` / `pexpAt`, so no
 * double crosses a call that the optimising compiler might leave out of line (a double passed to or
 * returned from a call that is not inlined is boxed on the heap: with the scalar `plog` this loop
 * allocated 32 bytes per call whenever the inlining budget ran out first, which depends on which
 * function the compiler optimised first — i.e. on the machine's load).
 */
import { pexpAt } from '../math/portable.js';
import { plogAt } from '../math/portable-log.js';

/** The smallest principal stretch the log strain accepts (a crushed or inverted particle). */
export const MIN_STRETCH = 1e-6;

/** eps[k] = ln σ for σ = sig[k] clamped below at MIN_STRETCH (NaN → MIN_STRETCH), k < n. */
export function logStrain(eps: Float64Array, sig: Float64Array, n: number): void {
  for (let k = 0; k < n; k++) {
    // clamped in the array, not by `s > MIN_STRETCH ? s : MIN_STRETCH`: that merges an unboxed double
    // with a module constant the compiler sees as an untyped value, so it boxed every stretch (16
    // bytes each); `!(… > …)` also maps NaN to MIN_STRETCH, which Math.max would pass through
    eps[k] = sig[k]!;
    if (!(eps[k]! > MIN_STRETCH)) eps[k] = MIN_STRETCH;
    plogAt(eps, k);
  }
}

/** sig[k] = exp(eps[k]) for k < n. */
export function expStrain(sig: Float64Array, eps: Float64Array, n: number): void {
  for (let k = 0; k < n; k++) {
    sig[k] = eps[k]!;
    pexpAt(sig, k);
  }
}
