/**
 * A fast, portable 64-bit state hash (two 32-bit MurmurHash3-style lanes, Appleby 2011) over the
 * exact bits of numbers: two states hash alike only if every float is bit-identical (−0 and +0
 * differ, as do NaNs with different payloads). Only 32-bit integer operations (`Math.imul`,
 * shifts, xor), so every JavaScript engine gives the same digest — the determinism tests compare
 * digests from Node, Chromium and other engines.
 *
 * ```ts
 * const h = new StateHasher();
 * h.addFloat64Array(positions, 0, 3 * n);
 * h.addInt(stepCount);
 * h.digest(); // '1f0c…' (16 hex digits)
 * ```
 */

const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;

/** Accumulates numbers into a 64-bit digest (see the file comment). */
export class StateHasher {
  private h1 = 0x9747b28c;
  private h2 = 0x5bd1e995;
  private words = 0;
  private readonly f64 = new Float64Array(1);
  private readonly u32 = new Uint32Array(this.f64.buffer);

  /** Starts over (the digest of nothing). */
  reset(): this {
    this.h1 = 0x9747b28c;
    this.h2 = 0x5bd1e995;
    this.words = 0;
    return this;
  }

  /** Adds one 32-bit word (the low 32 bits of an integer). */
  addInt(word: number): this {
    let k = Math.imul(word | 0, C1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, C2);
    let h = this.h1 ^ k;
    h = (h << 13) | (h >>> 19);
    this.h1 = (Math.imul(h, 5) + 0xe6546b64) | 0;
    // the second lane sees the words in another mix, so the two lanes are independent
    let k2 = Math.imul(word ^ 0x85ebca6b, C2);
    k2 = (k2 << 17) | (k2 >>> 15);
    k2 = Math.imul(k2, C1);
    let g = this.h2 ^ k2;
    g = (g << 11) | (g >>> 21);
    this.h2 = (Math.imul(g, 9) + 0x52dce729) | 0;
    this.words++;
    return this;
  }

  /** Adds the 64 bits of a double. */
  addFloat(x: number): this {
    this.f64[0] = x;
    this.addInt(this.u32[0]!);
    return this.addInt(this.u32[1]!);
  }

  /** Adds `a[from .. to)` bit for bit. */
  addFloat64Array(a: Float64Array, from = 0, to = a.length): this {
    for (let i = from; i < to; i++) this.addFloat(a[i]!);
    return this;
  }

  /** Adds `a[from .. to)` (32-bit words). */
  addInt32Array(
    a: Int32Array | Uint32Array | Uint8Array | Int8Array | Uint16Array,
    from = 0,
    to = a.length,
  ): this {
    for (let i = from; i < to; i++) this.addInt(a[i]!);
    return this;
  }

  /** Adds a string's UTF-16 code units. */
  addString(s: string): this {
    this.addInt(s.length);
    for (let i = 0; i < s.length; i++) this.addInt(s.charCodeAt(i));
    return this;
  }

  /** The digest: 16 lowercase hex digits (the two lanes, finalised with MurmurHash3's fmix32). */
  digest(): string {
    const a = fmix32(this.h1 ^ this.words);
    const b = fmix32(this.h2 ^ Math.imul(this.words, 0x27d4eb2f));
    return hex8(a) + hex8(b);
  }
}

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function hex8(x: number): string {
  return (x >>> 0).toString(16).padStart(8, '0');
}
