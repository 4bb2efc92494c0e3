/**
 * Portable deterministic elementary functions: identical bits in every JavaScript engine.
 *
 * `Math.sin/cos/atan2/exp` are only specified as "implementation-approximated", so their last bits
 * differ between engines (V8, SpiderMonkey, JavaScriptCore) and versions. A lockstep simulation
 * (textbook §26.5, determinism) must not depend on them. The functions here use only + − × ÷,
 * `Math.round`, `Math.floor`, `Math.abs` and exact power-of-two scaling — all exactly specified by
 * IEEE 754 and ECMAScript, with no fused multiply-add in JavaScript — so every engine returns the
 * same bits.
 *
 * Method (classic libm design, coefficients written here as Taylor series):
 * - sin/cos: Cody–Waite argument reduction x = n·π/2 + r with π/2 split into three 27-bit pieces
 *   (n·piece is then exact for |n| < 2²⁶) plus a tail, carried as a double-double (r, rlo);
 *   then Taylor polynomials on |r| ≤ π/4 (terms to r¹⁷ / r¹⁸, truncation < 10⁻¹⁹).
 *   Accurate to about 1 ulp for |x| < 10⁸; beyond that whole turns are removed naively first
 *   (still deterministic, absolute error about ulp(x)).
 * - exp: x = k·ln2 + r with ln2 split in a 32-bit head and a tail, |r| ≤ ln2/2, Taylor series to r¹⁴,
 *   then exact scaling by 2ᵏ.
 * - atan2: quadrant and octant reduction to t = min/max ∈ [0, 1], then t = c + … around the nearest
 *   c = k/8 with atan(t) = atan(c) + atan((t − c)/(1 + t·c)), |u| ≤ 1/16, and atan(c) stored as a
 *   double-double; Taylor series in u.
 * Each is within about 1–2 ulp of the correctly rounded result (tested against Math).
 */

// π/2 = PIO2_1 + PIO2_2 + PIO2_3 + PIO2_4 (first three: 27 significant bits each).
const PIO2_1 = 1.570796325802803;
const PIO2_2 = 9.920935739593517e-10;
const PIO2_3 = 5.721188709663575e-18;
const PIO2_4 = 1.6446256936324258e-26;
const TWO_OVER_PI = 0.6366197723675814;
const PIO4 = 0.7853981633974483;
const PIO2_HI = 1.5707963267948966;
const PIO2_LO = 6.123233995736766e-17;
const PI_HI = Math.PI;
const PI_LO = 1.2246467991473532e-16;

// Taylor coefficients (each 1/n! is a correctly rounded division, the same bits everywhere).
const S3 = -1 / 6;
const S5 = 1 / 120;
const S7 = -1 / 5040;
const S9 = 1 / 362880;
const S11 = -1 / 39916800;
const S13 = 1 / 6227020800;
const S15 = -1 / 1307674368000;
const S17 = 1 / 355687428096000;
const C4 = 1 / 24;
const C6 = -1 / 720;
const C8 = 1 / 40320;
const C10 = -1 / 3628800;
const C12 = 1 / 479001600;
const C14 = -1 / 87178291200;
const C16 = 1 / 20922789888000;
const C18 = -1 / 6402373705728000;

/** sin(r + rlo) for |r| ≤ π/4, |rlo| ≤ ulp(r). */
function kernelSin(r: number, rlo: number): number {
  const z = r * r;
  const p = S3 + z * (S5 + z * (S7 + z * (S9 + z * (S11 + z * (S13 + z * (S15 + z * S17))))));
  // sin(r + rlo) ≈ sin r + rlo·cos r ≈ r + r³p + rlo(1 − r²/2)
  return r + (r * z * p + rlo * (1 - 0.5 * z));
}

/** cos(r + rlo) for |r| ≤ π/4. */
function kernelCos(r: number, rlo: number): number {
  const z = r * r;
  const q = C4 + z * (C6 + z * (C8 + z * (C10 + z * (C12 + z * (C14 + z * (C16 + z * C18))))));
  const hz = 0.5 * z;
  const w = 1 - hz;
  // (1 − w) − hz recovers the rounding error of w = 1 − hz exactly (compensated sum).
  return w + (1 - w - hz + (z * z * q - r * rlo));
}

// Reduction result, module-level scratch (no allocation per call). A Float64Array, not two `let`
// numbers: V8 stores a double written to a module-level variable as a new heap number each time.
const red = new Float64Array(2);

const TWO_PI_HI = 6.283185307179586;
const TWO_PI_LO = 2.4492935982947064e-16;
const REDUCE_LIMIT = 1e8; // < 2²⁶·π/2: beyond it n·PIO2_1 would not be exact

/** x = n·π/2 + (red[0] + red[1]); returns n mod 4 (0..3). */
function reduce(x0: number): number {
  let x = x0;
  // Huge arguments: first remove whole turns naively (deterministic; absolute error ~ ulp(x0),
  // which is all the information a double that large carries about its phase anyway).
  while (Math.abs(x) > REDUCE_LIMIT) {
    const m = Math.round(x / TWO_PI_HI);
    x = x - m * TWO_PI_HI - m * TWO_PI_LO;
  }
  const n = Math.round(x * TWO_OVER_PI);
  const a = x - n * PIO2_1; // exact (Sterbenz) for |n| < 2²⁶
  const b = n * PIO2_2; // exact
  // two-sum a − b
  let s = a - b;
  let bb = s - a;
  let e = a - (s - bb) + (-b - bb);
  const c = n * PIO2_3; // exact
  const s2 = s - c;
  bb = s2 - s;
  e += s - (s2 - bb) + (-c - bb);
  s = s2;
  e -= n * PIO2_4;
  const hi = s + e;
  red[0] = hi;
  red[1] = e - (hi - s);
  return n - 4 * Math.floor(n / 4);
}

/** Portable sin(x). */
export function psin(x: number): number {
  if (!(x - x === 0)) return Number.NaN; // NaN or ±Infinity
  if (x === 0) return x; // keeps the sign of −0
  if (Math.abs(x) <= PIO4) return kernelSin(x, 0);
  const q = reduce(x);
  switch (q) {
    case 0:
      return kernelSin(red[0]!, red[1]!);
    case 1:
      return kernelCos(red[0]!, red[1]!);
    case 2:
      return -kernelSin(red[0]!, red[1]!);
    default:
      return -kernelCos(red[0]!, red[1]!);
  }
}

/** Portable cos(x). */
export function pcos(x: number): number {
  if (!(x - x === 0)) return Number.NaN;
  if (Math.abs(x) <= PIO4) return kernelCos(x, 0);
  const q = reduce(x);
  switch (q) {
    case 0:
      return kernelCos(red[0]!, red[1]!);
    case 1:
      return -kernelSin(red[0]!, red[1]!);
    case 2:
      return -kernelCos(red[0]!, red[1]!);
    default:
      return kernelSin(red[0]!, red[1]!);
  }
}

/**
 * sin and cos of `a[o]` into `a[o + 1]` and `a[o + 2]`, bit-identical to `psin` / `pcos`, for hot
 * loops: the angle and both results stay in the array, so no double crosses a call the optimiser
 * may leave un-inlined (each would be boxed: a heap allocation per call), and the argument is
 * reduced once for both.
 */
export function psincosAt(a: Float64Array, o: number): void {
  const x = a[o]!;
  if (!(x - x === 0)) {
    a[o + 1] = Number.NaN;
    a[o + 2] = Number.NaN;
    return;
  }
  if (Math.abs(x) <= PIO4) {
    // kernelSin(x, 0) and kernelCos(x, 0) written out: a call that is not inlined boxes its
    // double argument and result (the same operations in the same order: the same bits)
    const z = x * x;
    const p = S3 + z * (S5 + z * (S7 + z * (S9 + z * (S11 + z * (S13 + z * (S15 + z * S17))))));
    a[o + 1] = x === 0 ? x : x + (x * z * p + 0 * (1 - 0.5 * z));
    const q = C4 + z * (C6 + z * (C8 + z * (C10 + z * (C12 + z * (C14 + z * (C16 + z * C18))))));
    const hz = 0.5 * z;
    const w = 1 - hz;
    a[o + 2] = w + (1 - w - hz + (z * z * q - x * 0));
    return;
  }
  // large angles (rare in a step: a half-turn per substep) take the reduction as psin does
  const q = reduce(x);
  const r = red[0]!;
  const rlo = red[1]!;
  const sn = kernelSin(r, rlo);
  const cs = kernelCos(r, rlo);
  a[o + 1] = q === 0 ? sn : q === 1 ? cs : q === 2 ? -sn : -cs;
  a[o + 2] = q === 0 ? cs : q === 1 ? -sn : q === 2 ? -cs : sn;
}

// atan(k/8), k = 0..8, as double-doubles.
const ATAN_HI = [
  0, 0.12435499454676144, 0.24497866312686414, 0.35877067027057225, 0.4636476090008061, 0.5585993153435624,
  0.6435011087932844, 0.7188299996216245, 0.7853981633974483,
];
const ATAN_LO = [
  0, -3.1253241424539383e-18, 1.0698755618734451e-17, -2.4623815582638635e-17, 2.2698777452961687e-17,
  -5.4556305485916264e-18, 1.5834785051444286e-17, -2.1478388444456983e-17, 3.061616997868383e-17,
];
const A3 = -1 / 3;
const A5 = 1 / 5;
const A7 = -1 / 7;
const A9 = 1 / 9;
const A11 = -1 / 11;
const A13 = 1 / 13;
const A15 = -1 / 15;
const A17 = 1 / 17;

/** atan(t) for 0 ≤ t ≤ 1, as head + tail written to atanOut[0] / atanOut[1] (typed: no boxing). */
const atanOut = new Float64Array(2);
function atanUnit(t: number): void {
  const k = Math.floor(t * 8 + 0.5);
  const c = k / 8;
  // atan t = atan c + atan u,  u = (t − c)/(1 + t c), |u| ≤ 1/16; t − c is exact (Sterbenz).
  const u = k === 0 ? t : (t - c) / (1 + t * c);
  const z = u * u;
  const p = z * (A3 + z * (A5 + z * (A7 + z * (A9 + z * (A11 + z * (A13 + z * (A15 + z * A17)))))));
  atanOut[0] = ATAN_HI[k]!;
  atanOut[1] = ATAN_LO[k]! + (u + u * p);
}

/** Portable atan2(y, x), with the same special cases as `Math.atan2`. */
export function patan2(y: number, x: number): number {
  if (Number.isNaN(y) || Number.isNaN(x)) return Number.NaN;
  const ay = Math.abs(y);
  const ax = Math.abs(x);
  const yNeg = y < 0 || Object.is(y, -0);
  const xNeg = x < 0 || Object.is(x, -0);
  let a: number;
  if (ay === 0) {
    a = xNeg ? PI_HI : 0;
  } else if (ax === 0) {
    a = PIO2_HI;
  } else if (ax === Number.POSITIVE_INFINITY || ay === Number.POSITIVE_INFINITY) {
    if (ax === ay) a = xNeg ? 3 * PIO4 : PIO4;
    else if (ay === Number.POSITIVE_INFINITY) a = PIO2_HI;
    else a = xNeg ? PI_HI : 0;
  } else {
    let hi: number;
    let lo: number;
    if (ay <= ax) {
      atanUnit(ay / ax);
      hi = atanOut[0]!;
      lo = atanOut[1]!;
    } else {
      // atan(ay/ax) = π/2 − atan(ax/ay)
      atanUnit(ax / ay);
      hi = PIO2_HI - atanOut[0]!;
      lo = PIO2_LO - atanOut[1]!;
    }
    if (xNeg) {
      // π − atan(ay/|x|)
      hi = PI_HI - hi;
      lo = PI_LO - lo;
    }
    a = hi + lo;
  }
  return yNeg ? -a : a;
}

// ln 2 = LN2_HI + LN2_LO with LN2_HI of 32 significant bits, so k·LN2_HI is exact for |k| < 2²¹.
const LN2_HI = 0.6931471806019545;
const LN2_LO = -4.2009150726810846e-11;
const INV_LN2 = Math.LOG2E; // 1/ln 2
const E2 = 1 / 2;
const E3 = 1 / 6;
const E4 = 1 / 24;
const E5 = 1 / 120;
const E6 = 1 / 720;
const E7 = 1 / 5040;
const E8 = 1 / 40320;
const E9 = 1 / 362880;
const E10 = 1 / 3628800;
const E11 = 1 / 39916800;
const E12 = 1 / 479001600;
const E13 = 1 / 6227020800;
const E14 = 1 / 87178291200;

// A double and its two 32-bit words over one buffer (typed-array access is unboxed in optimised
// code, unlike DataView calls on some engines); HI is the index of the sign/exponent word.
const pow2F = new Float64Array(1);
const pow2U = new Uint32Array(pow2F.buffer);
const HI = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1 ? 1 : 0;
/** 2ᵏ for integer −1022 ≤ k ≤ 1023, built from its bit pattern (exact). */
function pow2(k: number): number {
  pow2U[HI] = (k + 1023) * 0x100000;
  pow2U[1 - HI] = 0;
  return pow2F[0]!;
}

const P2_1023 = pow2(1023);
const P2_M1000 = pow2(-1000);
const expSlot = new Float64Array(1);

/** Portable exp(x). */
export function pexp(x: number): number {
  expSlot[0] = x;
  pexpAt(expSlot, 0);
  return expSlot[0]!;
}

/**
 * a[i] = exp(a[i]), in place: the same bits as `pexp`. No double crosses this call (it takes a typed
 * array and an index), so a caller whose compiled code leaves it out of line boxes nothing — the
 * form for per-particle loops (a double passed to or returned from a call that is not inlined is
 * allocated on the heap).
 */
export function pexpAt(a: Float64Array, i: number): void {
  const x = a[i]!;
  if (Number.isNaN(x)) {
    a[i] = Number.NaN;
    return;
  }
  if (x > 710) {
    a[i] = Number.POSITIVE_INFINITY;
    return;
  }
  if (x < -746) {
    a[i] = 0;
    return;
  }
  const k = Math.round(x * INV_LN2);
  const hi = x - k * LN2_HI; // exact
  const lo = k * LN2_LO;
  const r = hi - lo;
  const c = hi - r - lo; // rounding error of r: x − k ln2 = r + c
  let p = E14;
  p = E13 + r * p;
  p = E12 + r * p;
  p = E11 + r * p;
  p = E10 + r * p;
  p = E9 + r * p;
  p = E8 + r * p;
  p = E7 + r * p;
  p = E6 + r * p;
  p = E5 + r * p;
  p = E4 + r * p;
  p = E3 + r * p;
  p = E2 + r * p;
  const q = r * r * p; // e^r − 1 − r
  // e^(r+c) ≈ 1 + r + q + c(1 + r), times 2ᵏ built from its bit pattern (in two factors near the
  // ends of the exponent range)
  let v = 1 + (r + (q + c * (1 + r)));
  let e = k;
  if (k > 1023) {
    v *= P2_1023;
    e = k - 1023;
  } else if (k < -1021) {
    e = k + 1000;
  }
  pow2U[HI] = (e + 1023) * 0x100000;
  pow2U[1 - HI] = 0;
  v *= pow2F[0]!;
  if (k < -1021) v *= P2_M1000;
  a[i] = v;
}
