/**
 * Portable natural logarithm (see portable.ts for why the engines avoid `Math.log`): identical bits
 * in every JavaScript engine, within about 1 ulp.
 *
 * Method: x = m·2ᵉ with m ∈ [√½, √2) read from the bit pattern (exact), then
 * ln m = 2·atanh(s) = 2(s + s³/3 + s⁵/5 + …) with s = (m − 1)/(m + 1), |s| ≤ 0.1716, summed to s²³
 * (truncation < 10⁻¹⁹), and ln x = e·ln 2 + ln m with ln 2 split into a 32-bit head and a tail.
 */

const LN2_HI = 0.6931471803691238; // 32 significant bits: e·LN2_HI is exact for |e| ≤ 1100
const LN2_LO = 1.9082149292705877e-10;
const SQRT2 = Math.SQRT2;

// a double and its two 32-bit words over one buffer (unboxed typed-array access); HI indexes the
// sign/exponent word on this platform's byte order
const bitsF = new Float64Array(1);
const bitsU = new Uint32Array(bitsF.buffer);
const HI = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1 ? 1 : 0;

const logSlot = new Float64Array(1);

/** Portable ln(x): NaN for x < 0 or NaN, −∞ at 0, +∞ at +∞. */
export function plog(x: number): number {
  logSlot[0] = x;
  plogAt(logSlot, 0);
  return logSlot[0]!;
}

/**
 * a[i] = ln(a[i]), in place: the same bits as `plog`. No double crosses this call (a typed array and
 * an index), so a per-particle loop whose compiled code leaves it out of line allocates nothing.
 */
export function plogAt(a: Float64Array, i: number): void {
  const x = a[i]!;
  if (Number.isNaN(x) || x < 0) {
    a[i] = Number.NaN;
    return;
  }
  if (x === 0) {
    a[i] = Number.NEGATIVE_INFINITY;
    return;
  }
  if (x === Number.POSITIVE_INFINITY) return;
  let e = 0;
  let m = x;
  // subnormals: scale into the normal range first (exact)
  if (m < 2.2250738585072014e-308) {
    m *= 18014398509481984; // 2^54
    e -= 54;
  }
  bitsF[0] = m;
  const hi = bitsU[HI]!;
  e += ((hi >>> 20) & 0x7ff) - 1023;
  // force the exponent field to 0 (m ∈ [1, 2))
  bitsU[HI] = (hi & 0x800fffff) | 0x3ff00000;
  m = bitsF[0]!;
  if (m >= SQRT2) {
    m *= 0.5;
    e += 1;
  }
  const s = (m - 1) / (m + 1);
  const z = s * s;
  let p = 1 / 23;
  p = 1 / 21 + z * p;
  p = 1 / 19 + z * p;
  p = 1 / 17 + z * p;
  p = 1 / 15 + z * p;
  p = 1 / 13 + z * p;
  p = 1 / 11 + z * p;
  p = 1 / 9 + z * p;
  p = 1 / 7 + z * p;
  p = 1 / 5 + z * p;
  p = 1 / 3 + z * p;
  const lnm = 2 * s + 2 * s * z * p;
  a[i] = e * LN2_HI + (lnm + e * LN2_LO);
}
