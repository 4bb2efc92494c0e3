/** The classic PBD stiffness correction k′ = 1 − (1 − k)^(1/n) and an n-th root. */
import { PhysicsError } from '../core/errors.js';

/**
 * Classic PBD stiffness correction (textbook §26.3 "硬さが反復回数に依存する"; Müller et al. 2007):
 * a correction scaled by k ∈ [0, 1] leaves the error (1 − k)^n after n iterations, so the PBD paper
 * uses k′ = 1 − (1 − k)^(1/n), which leaves (1 − k′)^n = 1 − k whatever n is.
 * The n-th root is taken by Newton's method with + − × ÷ only, so it is bit-identical everywhere.
 */
export function pbdStiffness(k: number, n: number): number {
  if (!(k >= 0 && k <= 1))
    throw new PhysicsError('invalid-argument', `stiffness k: must be in [0, 1], got ${k}`);
  if (!Number.isInteger(n) || n < 1) {
    throw new PhysicsError('invalid-argument', `iterations n: must be an integer >= 1, got ${n}`);
  }
  return 1 - nthRoot(1 - k, n);
}

/** k′ of `pbdStiffness`, recomputed only when k or n changes (allocation-free; one per constraint set). */
export class StiffnessCorrection {
  private k = -1;
  private n = -1;
  private value = 1;

  /** k′ = 1 − (1 − k)^(1/n): the per-iteration stiffness that gives stiffness k after n iterations (cached). */
  of(k: number, n: number): number {
    if (k !== this.k || n !== this.n) {
      this.value = pbdStiffness(k, n);
      this.k = k;
      this.n = n;
    }
    return this.value;
  }
}

/** a^(1/n) for a ≥ 0 and integer n ≥ 1 (Newton from above; deterministic). */
export function nthRoot(a: number, n: number): number {
  if (a === 0 || n === 1) return a;
  let y = Math.max(a, 1);
  for (let it = 0; it < 200; it++) {
    let p = 1;
    for (let j = 1; j < n; j++) p *= y; // y^(n−1)
    const next = ((n - 1) * y + a / p) / n;
    if (next >= y) break; // monotone from above: stop when it no longer decreases
    y = next;
  }
  return y;
}
