import { pcos, psin } from '../math/portable.js';

const LN2_HI = 0.6931471803691238;
const LN2_LO = 1.9082149292705877e-10;

/**
 * Natural logarithm from + − × ÷ only (deterministic bits in every engine):
 * x = m·2^e with m ∈ [√½, √2), ln m = 2 atanh(s) = 2(s + s³/3 + s⁵/5 + …), s = (m − 1)/(m + 1),
 * |s| ≤ 0.1716 so 12 terms reach double precision.
 */
export function plog(x: number): number {
  if (!(x > 0)) return x === 0 ? Number.NEGATIVE_INFINITY : Number.NaN;
  if (x === Number.POSITIVE_INFINITY) return x;
  let e = 0;
  let m = x;
  while (m >= Math.SQRT2) {
    m *= 0.5;
    e++;
  }
  while (m < Math.SQRT1_2) {
    m *= 2;
    e--;
  }
  const s = (m - 1) / (m + 1);
  const s2 = s * s;
  let term = s;
  let sum = 0;
  for (let k = 1; k <= 25; k += 2) {
    sum += term / k;
    term *= s2;
  }
  return e * LN2_HI + (e * LN2_LO + 2 * sum);
}

/**
 * A pair of independent standard normal samples by the Box–Muller transform
 * (Box & Muller 1958): r = √(−2 ln u1), θ = 2π u2. `uniform` returns values in [0, 1).
 */
export function gaussianPair(uniform: () => number, out: Float64Array): Float64Array {
  let u1 = uniform();
  while (u1 <= 0) u1 = uniform();
  const u2 = uniform();
  const r = Math.sqrt(-2 * plog(u1));
  const theta = 2 * Math.PI * u2;
  out[0] = r * pcos(theta);
  out[1] = r * psin(theta);
  return out;
}
