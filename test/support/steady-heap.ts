/**
 * Heap growth per call of a warm step, for the "no allocation inside step once warm" tests.
 *
 * A step allocates nothing once V8 has optimised its hot loops; before that every double is boxed
 * and the same step allocates kilobytes. How soon the optimising compiler finishes depends on the
 * machine's load (it compiles on background threads), so a fixed warm-up is not enough on a busy
 * two-core CI machine. This measures in rounds: each round reads the heap after every call over a
 * few windows; a window in which the heap ever shrank saw a garbage collection and is not counted;
 * the figure is the least growth over the clean windows, less what the probe itself allocates
 * (one `memoryUsage()` object per read). It returns as soon as a round's figure is under `bound`,
 * and otherwise the least figure after `rounds` rounds — so a step that really allocates fails
 * every round, while one that is merely not optimised yet gets more time to be.
 */
export interface SteadyHeapOptions {
  /** calls before the first round */
  warm: number;
  /** calls per window */
  calls: number;
  /** windows per round */
  windows?: number;
  /** rounds at most */
  rounds?: number;
  /** the bound the caller will assert (bytes per call): stop early once under it */
  bound: number;
}

function probeCost(): number {
  let probe = Number.POSITIVE_INFINITY;
  for (let window = 0; window < 5; window++) {
    const first = process.memoryUsage().heapUsed;
    let last = first;
    for (let i = 0; i < 30; i++) last = process.memoryUsage().heapUsed;
    probe = Math.min(probe, (last - first) / 30);
  }
  return Math.max(0, probe);
}

export function steadyHeapGrowthPerCall(call: () => void, options: SteadyHeapOptions): number {
  const windows = options.windows ?? 10;
  const rounds = options.rounds ?? 8;
  for (let s = 0; s < options.warm; s++) call();
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    let least = Number.POSITIVE_INFINITY;
    for (let window = 0; window < windows; window++) {
      const first = process.memoryUsage().heapUsed;
      let last = first;
      let clean = true;
      for (let i = 0; i < options.calls; i++) {
        call();
        const now = process.memoryUsage().heapUsed;
        if (now < last) clean = false;
        last = now;
      }
      if (clean) least = Math.min(least, (last - first) / options.calls);
    }
    const figure = least - probeCost();
    best = Math.min(best, figure);
    if (best < options.bound) return best;
  }
  return best;
}
