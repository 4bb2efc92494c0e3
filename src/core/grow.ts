/**
 * Typed-array growth by doubling: the stores (bodies, shapes, contacts, islands, tree nodes) keep
 * their per-slot numbers in typed arrays and, when full, copy them into arrays of twice the size.
 */

/** The typed arrays the stores grow. */
export type Growable = Float64Array | Int32Array | Uint8Array | Uint32Array;

/** A copy of `a` with length `n` (n ≥ a.length), same element type. */
export function grow<T extends Growable>(a: T, n: number): T {
  const b = new (a.constructor as new (n: number) => T)(n);
  b.set(a);
  return b;
}
