/**
 * In-place ascending sort of a[lo..hi] for the broadphase's pair keys (quicksort with a median of
 * three, insertion sort below 16 elements; recursion into the smaller part, so stack depth O(log n)).
 * Typed, allocation-free and deterministic: the same keys always come out in the same order.
 */
export function sortRange(a: Float64Array, lo: number, hi: number): void {
  while (hi - lo > 16) {
    const mid = (lo + hi) >> 1;
    // median of three to a[mid]
    if (a[mid]! < a[lo]!) swap(a, mid, lo);
    if (a[hi]! < a[lo]!) swap(a, hi, lo);
    if (a[hi]! < a[mid]!) swap(a, hi, mid);
    const pivot = a[mid]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        swap(a, i, j);
        i++;
        j--;
      }
    }
    if (j - lo < hi - i) {
      sortRange(a, lo, j);
      lo = i;
    } else {
      sortRange(a, i, hi);
      hi = j;
    }
  }
  for (let i = lo + 1; i <= hi; i++) {
    const x = a[i]!;
    let j = i - 1;
    while (j >= lo && a[j]! > x) {
      a[j + 1] = a[j]!;
      j--;
    }
    a[j + 1] = x;
  }
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
}
