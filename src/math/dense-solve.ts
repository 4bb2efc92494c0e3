/**
 * Small dense linear solve A·x = b by Gaussian elimination with partial pivoting — for the
 * Newton steps of the generic implicit integrators, whose systems are tiny (n ≲ 20).
 * Works in place: `a` (n×n row-major) and `b` are overwritten; the solution goes to `x`.
 * Returns false if A is singular to working precision.
 */
export function solveDense(n: number, a: Float64Array, b: Float64Array, x: Float64Array): boolean {
  for (let k = 0; k < n; k++) {
    let p = k;
    let best = Math.abs(a[k * n + k]!);
    for (let i = k + 1; i < n; i++) {
      const v = Math.abs(a[i * n + k]!);
      if (v > best) {
        best = v;
        p = i;
      }
    }
    if (best === 0) return false;
    if (p !== k) {
      for (let j = 0; j < n; j++) {
        const t = a[k * n + j]!;
        a[k * n + j] = a[p * n + j]!;
        a[p * n + j] = t;
      }
      const t = b[k]!;
      b[k] = b[p]!;
      b[p] = t;
    }
    const piv = a[k * n + k]!;
    for (let i = k + 1; i < n; i++) {
      const f = a[i * n + k]! / piv;
      if (f === 0) continue;
      for (let j = k; j < n; j++) a[i * n + j] = a[i * n + j]! - f * a[k * n + j]!;
      b[i] = b[i]! - f * b[k]!;
    }
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i]!;
    for (let j = i + 1; j < n; j++) s -= a[i * n + j]! * x[j]!;
    x[i] = s / a[i * n + i]!;
  }
  return true;
}
