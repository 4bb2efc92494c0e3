/**
 * Seeded pseudo-random numbers: xoshiro128** (Blackman & Vigna, 2018) on four 32-bit words,
 * seeded through splitmix32. Only 32-bit integer operations (`Math.imul`, shifts, xor), so the
 * sequence is identical in every JavaScript engine — the determinism rule forbids `Math.random`.
 *
 * ```ts
 * const rng = new Prng(42);
 * rng.next();        // [0, 1)
 * rng.range(-1, 1);  // [-1, 1)
 * rng.int(6);        // 0..5
 * ```
 */
export class Prng {
  private s0 = 0;
  private s1 = 0;
  private s2 = 0;
  private s3 = 0;

  constructor(seed = 1) {
    this.seed(seed);
  }

  /** Restarts the sequence from `seed` (any number; its low 32 bits are used). */
  seed(seed: number): void {
    let x = seed >>> 0;
    // splitmix32: spreads a small seed over the 128-bit state; never all zero.
    const next = (): number => {
      x = (x + 0x9e3779b9) | 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
      z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
      return (z ^ (z >>> 15)) >>> 0;
    };
    this.s0 = next();
    this.s1 = next();
    this.s2 = next();
    this.s3 = next();
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1;
  }

  /** The next 32-bit unsigned integer. */
  nextU32(): number {
    const s1 = this.s1;
    let r = Math.imul(s1, 5);
    r = Math.imul((r << 7) | (r >>> 25), 9);
    const t = s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = (this.s3 << 11) | (this.s3 >>> 21);
    return r >>> 0;
  }

  /** Uniform in [0, 1) with 32 random bits. */
  next(): number {
    return this.nextU32() / 4294967296;
  }

  /** Uniform in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Uniform integer in 0..n−1 (1 ≤ n ≤ 2³²), unbiased (rejection sampling). */
  int(n: number): number {
    if (!(n >= 1 && n <= 4294967296 && Math.floor(n) === n)) {
      throw new RangeError(`Prng.int: n must be an integer in 1..2^32, got ${n}`);
    }
    const limit = 4294967296 - (4294967296 % n); // largest multiple of n ≤ 2³²
    let u = this.nextU32();
    while (u >= limit) u = this.nextU32();
    return u % n;
  }

  /** The state as four 32-bit words (for snapshots). */
  getState(): [number, number, number, number] {
    return [this.s0 >>> 0, this.s1 >>> 0, this.s2 >>> 0, this.s3 >>> 0];
  }

  /** Restores a state from `getState()`. */
  setState(state: readonly number[]): void {
    if (state.length !== 4) throw new RangeError('Prng.setState: expected 4 words');
    this.s0 = state[0]! | 0;
    this.s1 = state[1]! | 0;
    this.s2 = state[2]! | 0;
    this.s3 = state[3]! | 0;
  }
}
