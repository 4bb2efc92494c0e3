/**
 * Stable compaction of a particle array (structure of arrays): the entries marked in `drop` leave,
 * the rest close up in their order — the removal half of a FLIP liquid's reseeding (textbook §26.4),
 * done one array at a time so each loop walks a single array in order.
 */

/**
 * Removes the entries p in [first, n) with drop[p] ≠ 0 from `a` (`stride` numbers per particle),
 * keeping the order of the rest; entries before `first` stay. Returns the number of particles left.
 */
export function compactParticles(
  a: Float64Array,
  drop: Int32Array,
  first: number,
  n: number,
  stride: number,
): number {
  let w = first;
  if (stride === 1) {
    for (let p = first; p < n; p++) {
      if (drop[p] !== 0) continue;
      a[w] = a[p]!;
      w++;
    }
    return w;
  }
  for (let p = first; p < n; p++) {
    if (drop[p] !== 0) continue;
    const s = stride * p;
    const t = stride * w;
    for (let k = 0; k < stride; k++) a[t + k] = a[s + k]!;
    w++;
  }
  return w;
}
