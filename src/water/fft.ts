import { pcos, psin } from '../math/portable.js';

/**
 * In-place iterative radix-2 Cooley–Tukey FFT on split real/imaginary Float64Arrays
 * (Cooley & Tukey 1965; bit-reversal permutation, then log2(n) butterfly stages).
 * Twiddle factors are computed once with the portable sin/cos so results are bit-identical
 * in every JavaScript engine.
 */
export class FFT {
  /** transform size (a power of two) */
  readonly n: number;
  private readonly cosTable: Float64Array;
  private readonly sinTable: Float64Array;
  private readonly reverse: Uint32Array;

  constructor(n: number) {
    if (!Number.isInteger(n) || n < 2 || (n & (n - 1)) !== 0) {
      throw new RangeError(`FFT size must be a power of two ≥ 2, got ${n}`);
    }
    this.n = n;
    this.cosTable = new Float64Array(n / 2);
    this.sinTable = new Float64Array(n / 2);
    for (let k = 0; k < n / 2; k++) {
      const a = (-2 * Math.PI * k) / n;
      this.cosTable[k] = pcos(a);
      this.sinTable[k] = psin(a);
    }
    this.reverse = new Uint32Array(n);
    let bits = 0;
    while (1 << bits < n) bits++;
    for (let i = 0; i < n; i++) {
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
      this.reverse[i] = r;
    }
  }

  /**
   * Transforms `n` complex values stored with a stride: element i is at offset + i·stride.
   * forward: X_k = Σ x_j e^{−2πi jk/n}; inverse (no 1/n scaling): X_k = Σ x_j e^{+2πi jk/n}.
   */
  transform(re: Float64Array, im: Float64Array, inverse: boolean, offset = 0, stride = 1): void {
    const n = this.n;
    const rev = this.reverse;
    for (let i = 0; i < n; i++) {
      const j = rev[i]!;
      if (j > i) {
        const a = offset + i * stride;
        const b = offset + j * stride;
        const tr = re[a]!;
        re[a] = re[b]!;
        re[b] = tr;
        const ti = im[a]!;
        im[a] = im[b]!;
        im[b] = ti;
      }
    }
    const sign = inverse ? -1 : 1;
    for (let size = 2; size <= n; size <<= 1) {
      const half = size >> 1;
      const step = n / size;
      for (let start = 0; start < n; start += size) {
        for (let k = 0; k < half; k++) {
          const wr = this.cosTable[k * step]!;
          const wi = sign * this.sinTable[k * step]!;
          const a = offset + (start + k) * stride;
          const b = offset + (start + k + half) * stride;
          const xr = re[b]! * wr - im[b]! * wi;
          const xi = re[b]! * wi + im[b]! * wr;
          re[b] = re[a]! - xr;
          im[b] = im[a]! - xi;
          re[a] = re[a]! + xr;
          im[a] = im[a]! + xi;
        }
      }
    }
  }

  /** 2D transform of an n×n row-major grid: rows, then columns. Inverse is unscaled. */
  transform2D(re: Float64Array, im: Float64Array, inverse: boolean): void {
    const n = this.n;
    for (let row = 0; row < n; row++) this.transform(re, im, inverse, row * n, 1);
    for (let col = 0; col < n; col++) this.transform(re, im, inverse, col, n);
  }
}
