import { assertFinite, firstNonFinite, PhysicsError } from '../core/errors.js';
import { apiChecks as v } from '../core/validate.js';
import { pcos, pexp, psin } from '../math/portable.js';
import { FFT } from './fft.js';
import { gaussianPair, plog } from './gaussian.js';

/**
 * An FFT ocean (Tessendorf, "Simulating Ocean Water", SIGGRAPH course notes 2001; textbook §26.4
 * 水のレンダリング: the sea is not simulated, it is a sum of many waves with a measured spectrum,
 * computed by FFT into a tileable height field).
 *
 *   h(x, t) = Σ_k h̃(k, t) e^{i k·x},  h̃(k, t) = h̃0(k) e^{−iω(k)t} + conj(h̃0(−k)) e^{iω(k)t}
 *   (Tessendorf eq. 43 with the time sign chosen so that each wave travels along its k)
 *   h̃0(k) = (ξr + i ξi) √(P(k)/2), ξ ~ N(0, 1)                                               (Tessendorf 42)
 *   Phillips: P(k) = A e^{−1/(kL)²}/k⁴ |k̂·ŵ|^2 e^{−k²ℓ²}, L = V²/g                            (Tessendorf 40–41)
 *   JONSWAP: the Pierson–Moskowitz spectrum with peak enhancement γ^r (Hasselmann et al. 1973),
 *            turned into a directional wavenumber spectrum with a cos² spreading.
 *   dispersion: ω² = g k tanh(k d) (finite depth d; deep water ω = √(g k))                   (Tessendorf 14)
 *   choppy waves: D(x, t) = Σ −i (k/k) h̃(k, t) e^{i k·x}, x' = x + λ D                       (Tessendorf 44)
 *
 * Because the grid of wavenumbers is k = 2π(m, n)/L_patch, the field repeats exactly every
 * L_patch metres: tiles join without a seam. h̃(−k, t) = conj(h̃(k, t)) by construction, so the
 * inverse FFT is real.
 */
export interface OceanOptions {
  /** grid resolution (power of two), default 64 */
  resolution?: number;
  /** patch side in metres, default 100 */
  patchSize?: number;
  /** wind speed at 10 m, m/s, default 12 */
  windSpeed?: number;
  /** wind direction (radians, counter-clockwise from +x), default 0 */
  windAngle?: number;
  /** 'phillips' (default) or 'jonswap' */
  spectrum?: 'phillips' | 'jonswap';
  /** Phillips amplitude constant A, default 3e-4 (scaled so heights are metres-ish) */
  amplitude?: number;
  /** JONSWAP fetch in metres, default 100 km */
  fetch?: number;
  /** JONSWAP peak enhancement γ, default 3.3 */
  gamma?: number;
  /** water depth in metres (finite-depth dispersion), default Infinity */
  depth?: number;
  /** choppiness λ (0 = no horizontal displacement), default 0 */
  choppiness?: number;
  /** gravity, default 9.81 */
  gravity?: number;
  /** a uniform random source in [0, 1) — pass a seeded PRNG for reproducible seas */
  uniform: () => number;
}

const OCEAN_KEYS = [
  'resolution',
  'patchSize',
  'windSpeed',
  'windAngle',
  'spectrum',
  'amplitude',
  'fetch',
  'gamma',
  'depth',
  'choppiness',
  'gravity',
  'uniform',
];

/** An FFT ocean patch (Tessendorf 2001): a random spectrum, evolved by the dispersion relation. */
export class Ocean {
  /** grid points along each side (a power of two) */
  readonly resolution: number;
  /** side of the square, tileable patch, m */
  readonly patchSize: number;
  /** gravity g, m/s² (the dispersion relation) */
  readonly gravity: number;
  /** scale λ of the horizontal (choppy) displacement; 0 = none */
  readonly choppiness: number;
  /** heights h(x, t), row-major, row = y index */
  readonly height: Float64Array;
  /** horizontal choppy displacements (zero when choppiness is 0) */
  readonly dispX: Float64Array;
  /** (see dispX) the y displacement */
  readonly dispY: Float64Array;
  /** slopes ∂h/∂x and ∂h/∂y (for normals and shading) */
  readonly slopeX: Float64Array;
  /** (see slopeX) ∂h/∂y */
  readonly slopeY: Float64Array;
  /** the spectrum amplitudes h̃0(k) and ω(k) per grid wavenumber */
  readonly h0Re: Float64Array;
  /** (see h0Re) the imaginary parts */
  readonly h0Im: Float64Array;
  /** (see h0Re) the angular frequency ω(k), rad/s */
  readonly omega: Float64Array;
  /** wavenumber x component per grid point, rad/m */
  readonly kx: Float64Array;
  /** wavenumber y component per grid point, rad/m */
  readonly ky: Float64Array;
  /** time of the current field, s */
  time = 0;

  private readonly fft: FFT;
  private readonly re: Float64Array;
  private readonly im: Float64Array;
  private readonly specRe: Float64Array;
  private readonly specIm: Float64Array;

  /** An ocean patch (options checked: known keys, the spectrum's name, a resolution of at most 2048). */
  constructor(options: OceanOptions) {
    const o = v.object(options, 'ocean', OCEAN_KEYS);
    v.optOneOf(o, 'spectrum', 'ocean', ['phillips', 'jonswap']);
    if (typeof o.uniform !== 'function')
      v.failGot('ocean.uniform', 'expected a function () => [0, 1)', o.uniform);
    for (const key of ['windAngle', 'amplitude', 'fetch', 'gamma']) v.optNumber(o, key, 'ocean');
    const n = options.resolution ?? 64;
    if (!Number.isInteger(n) || n < 4 || n > 2048 || (n & (n - 1)) !== 0) {
      throw new PhysicsError(
        'invalid-argument',
        `ocean.resolution: must be a power of two from 4 to 2048, got ${n}`,
      );
    }
    const patch = options.patchSize ?? 100;
    const wind = options.windSpeed ?? 12;
    const g = options.gravity ?? 9.81;
    const depth = options.depth ?? Number.POSITIVE_INFINITY;
    checkPositive(patch, 'ocean.patchSize');
    checkPositive(wind, 'ocean.windSpeed');
    checkPositive(g, 'ocean.gravity');
    if (!(depth > 0)) throw new PhysicsError('invalid-argument', `ocean.depth: must be > 0, got ${depth}`);
    const chop = options.choppiness ?? 0;
    if (!Number.isFinite(chop) || chop < 0) {
      throw new PhysicsError('invalid-argument', `ocean.choppiness: must be ≥ 0, got ${chop}`);
    }
    this.resolution = n;
    this.patchSize = patch;
    this.gravity = g;
    this.choppiness = chop;
    const nn = n * n;
    this.height = new Float64Array(nn);
    this.dispX = new Float64Array(nn);
    this.dispY = new Float64Array(nn);
    this.slopeX = new Float64Array(nn);
    this.slopeY = new Float64Array(nn);
    this.h0Re = new Float64Array(nn);
    this.h0Im = new Float64Array(nn);
    this.omega = new Float64Array(nn);
    this.kx = new Float64Array(nn);
    this.ky = new Float64Array(nn);
    this.re = new Float64Array(nn);
    this.im = new Float64Array(nn);
    this.specRe = new Float64Array(nn);
    this.specIm = new Float64Array(nn);
    this.fft = new FFT(n);

    const windAngle = options.windAngle ?? 0;
    const wx = pcos(windAngle);
    const wy = psin(windAngle);
    const spectrum = options.spectrum ?? 'phillips';
    const A = options.amplitude ?? 3e-4;
    const fetch = options.fetch ?? 100_000;
    const gamma = options.gamma ?? 3.3;
    const L = (wind * wind) / g;
    const small = L / 1000; // suppress waves much shorter than the largest (Tessendorf eq. 41)
    const pair = new Float64Array(2);
    for (let row = 0; row < n; row++) {
      const ny = row < n / 2 ? row : row - n;
      for (let col = 0; col < n; col++) {
        const nx = col < n / 2 ? col : col - n;
        const i = row * n + col;
        const kx = (2 * Math.PI * nx) / patch;
        const ky = (2 * Math.PI * ny) / patch;
        this.kx[i] = kx;
        this.ky[i] = ky;
        const k = Math.sqrt(kx * kx + ky * ky);
        // dispersion relation ω² = g k tanh(k d)
        this.omega[i] = k === 0 ? 0 : Math.sqrt(g * k * (Number.isFinite(depth) ? tanh(k * depth) : 1));
        gaussianPair(options.uniform, pair);
        let P = 0;
        if (k > 0) {
          const cosTheta = (kx * wx + ky * wy) / k;
          if (spectrum === 'phillips') {
            P =
              ((A * pexp(-1 / (k * L * k * L))) / (k * k * k * k)) *
              cosTheta *
              cosTheta *
              pexp(-k * k * small * small);
          } else {
            P = jonswapWavenumber(k, cosTheta, wind, fetch, gamma, g, this.omega[i]!);
          }
        }
        // Tessendorf's discrete sum: amplitude² ∝ P(k) Δk² where Δk = 2π/patch
        const dk = (2 * Math.PI) / patch;
        const amp = Math.sqrt((P * dk * dk) / 2);
        this.h0Re[i] = pair[0]! * amp;
        this.h0Im[i] = pair[1]! * amp;
      }
    }
    this.evaluate(0);
  }

  /** Advances the ocean clock by dt and recomputes the fields. */
  step(dt: number): void {
    assertFinite(dt, 'ocean.step.dt');
    this.evaluate(this.time + dt);
    // the engines' non-finite policy (docs/design.md): name the cell, never return NaN heights
    const bad = firstNonFinite(this.height);
    if (bad >= 0) {
      const n = this.resolution;
      throw new PhysicsError(
        'non-finite',
        `ocean.height: cell (${bad % n}, ${Math.floor(bad / n)}) is ${this.height[bad]} at t = ${this.time}`,
      );
    }
  }

  /** Computes h, its slopes and the choppy displacement at time t (three or five inverse FFTs). */
  evaluate(t: number): void {
    this.time = t;
    const n = this.resolution;
    const sr = this.specRe;
    const si = this.specIm;
    // h̃(k, t) = h̃0(k) e^{−iωt} + conj(h̃0(−k)) e^{iωt}
    for (let row = 0; row < n; row++) {
      const mrow = (n - row) % n;
      for (let col = 0; col < n; col++) {
        const i = row * n + col;
        const j = mrow * n + ((n - col) % n);
        const w = this.omega[i]! * t;
        const c = pcos(w);
        const s = -psin(w);
        const aRe = this.h0Re[i]!;
        const aIm = this.h0Im[i]!;
        const bRe = this.h0Re[j]!;
        const bIm = -this.h0Im[j]!;
        sr[i] = aRe * c - aIm * s + (bRe * c + bIm * s);
        si[i] = aRe * s + aIm * c + (bIm * c - bRe * s);
      }
    }
    this.inverse(this.height, 0);
    this.inverse(this.slopeX, 1);
    this.inverse(this.slopeY, 2);
    if (this.choppiness > 0) {
      this.inverse(this.dispX, 3);
      this.inverse(this.dispY, 4);
    }
  }

  /**
   * Inverse FFT of the spectrum times a factor: 0 → 1 (height), 1 → i kx, 2 → i ky (slopes),
   * 3 → −i kx/k·λ, 4 → −i ky/k·λ (choppy displacement). Writes the real part into `out`.
   */
  private inverse(out: Float64Array, kind: number): void {
    const nn = this.resolution * this.resolution;
    const re = this.re;
    const im = this.im;
    for (let i = 0; i < nn; i++) {
      const a = this.specRe[i]!;
      const b = this.specIm[i]!;
      const kx = this.kx[i]!;
      const ky = this.ky[i]!;
      if (kind === 0) {
        re[i] = a;
        im[i] = b;
      } else if (kind === 1 || kind === 2) {
        const f = kind === 1 ? kx : ky;
        re[i] = -b * f;
        im[i] = a * f;
      } else {
        const k = Math.sqrt(kx * kx + ky * ky);
        const f = k === 0 ? 0 : ((kind === 3 ? kx : ky) / k) * this.choppiness;
        re[i] = b * f;
        im[i] = -a * f;
      }
    }
    this.fft.transform2D(re, im, true);
    out.set(re);
  }

  /** Bilinear sample of the (periodic) height field at world (x, y). */
  sampleHeight(x: number, y: number): number {
    return samplePeriodic(this.height, this.resolution, this.patchSize, x, y);
  }
  /** Bilinear sample of the (periodic) slope ∂h/∂x at world (x, y). */
  sampleSlopeX(x: number, y: number): number {
    return samplePeriodic(this.slopeX, this.resolution, this.patchSize, x, y);
  }
  /** Bilinear sample of the (periodic) slope ∂h/∂y at world (x, y). */
  sampleSlopeY(x: number, y: number): number {
    return samplePeriodic(this.slopeY, this.resolution, this.patchSize, x, y);
  }
}

/** Bilinear interpolation on an n×n grid that repeats every `patch` metres. */
export function samplePeriodic(field: Float64Array, n: number, patch: number, x: number, y: number): number {
  const gx = (x / patch) * n;
  const gy = (y / patch) * n;
  const fx = Math.floor(gx);
  const fy = Math.floor(gy);
  const tx = gx - fx;
  const ty = gy - fy;
  const x0 = ((fx % n) + n) % n;
  const y0 = ((fy % n) + n) % n;
  const x1 = (x0 + 1) % n;
  const y1 = (y0 + 1) % n;
  const a = field[y0 * n + x0]!;
  const b = field[y0 * n + x1]!;
  const c = field[y1 * n + x0]!;
  const d = field[y1 * n + x1]!;
  return (a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + d * tx) * ty;
}

function tanh(x: number): number {
  if (x > 20) return 1;
  const e = pexp(2 * x);
  return (e - 1) / (e + 1);
}

function checkPositive(v: number, where: string): void {
  if (!Number.isFinite(v) || v <= 0)
    throw new PhysicsError('invalid-argument', `${where}: must be > 0, got ${v}`);
}

/**
 * JONSWAP frequency spectrum S(ω) (Hasselmann et al. 1973) with the fetch-limited peak
 * ωp = 22 (g²/(U F))^{1/3} and α = 0.076 (U²/(F g))^{0.22}, converted to a wavenumber spectrum
 * P(k) = S(ω) dω/dk / k with a cos² directional spreading.
 */
function jonswapWavenumber(
  k: number,
  cosTheta: number,
  U: number,
  F: number,
  gamma: number,
  g: number,
  omega: number,
): number {
  if (omega <= 0 || cosTheta <= 0) return 0;
  const omegaP = 22 * powPositive((g * g) / (U * F), 1 / 3);
  const alpha = 0.076 * powPositive((U * U) / (F * g), 0.22);
  const sigma = omega <= omegaP ? 0.07 : 0.09;
  const dr = (omega - omegaP) / (sigma * omegaP);
  const r = pexp(-(dr * dr) / 2);
  const ratio = omegaP / omega;
  const S =
    ((alpha * g * g) / (omega * omega * omega * omega * omega)) *
    pexp(-1.25 * ratio * ratio * ratio * ratio) *
    powPositive(gamma, r);
  const dOmegaDk = g / (2 * omega); // deep water
  const spreading = (2 / Math.PI) * cosTheta * cosTheta;
  return (S * dOmegaDk * spreading) / k;
}

/** a^b for a > 0 through exp(b ln a), with the portable functions. */
function powPositive(a: number, b: number): number {
  return pexp(b * plog(a));
}
