import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { FFT } from '../../src/water/fft.js';
import { gaussianPair, plog } from '../../src/water/gaussian.js';
import { HeightFieldPool } from '../../src/water/heightfield-pool.js';
import { Ocean } from '../../src/water/ocean.js';

/** A small deterministic uniform source for the tests (LCG, 2^32). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

describe('FFT', () => {
  it('matches the direct DFT and inverts (×n)', () => {
    const n = 16;
    const fft = new FFT(n);
    const u = lcg(1);
    const re = new Float64Array(n).map(() => u() - 0.5);
    const im = new Float64Array(n).map(() => u() - 0.5);
    const r0 = re.slice();
    const i0 = im.slice();
    fft.transform(re, im, false);
    for (let k = 0; k < n; k++) {
      let sr = 0;
      let si = 0;
      for (let j = 0; j < n; j++) {
        const a = (-2 * Math.PI * j * k) / n;
        sr += r0[j]! * Math.cos(a) - i0[j]! * Math.sin(a);
        si += r0[j]! * Math.sin(a) + i0[j]! * Math.cos(a);
      }
      expect(re[k]).toBeCloseTo(sr, 12);
      expect(im[k]).toBeCloseTo(si, 12);
    }
    fft.transform(re, im, true);
    for (let j = 0; j < n; j++) {
      expect(re[j]! / n).toBeCloseTo(r0[j]!, 13);
      expect(im[j]! / n).toBeCloseTo(i0[j]!, 13);
    }
  });
  it('rejects sizes that are not powers of two', () => {
    expect(() => new FFT(12)).toThrow(/power of two/);
  });
});

describe('portable log and Gaussian samples', () => {
  it('plog agrees with Math.log to ~1 ulp', () => {
    for (const x of [1e-300, 1e-5, 0.1, 0.5, 0.7, 1, 1.5, 2, Math.E, 10, 12345.678, 1e300]) {
      expect(Math.abs(plog(x) - Math.log(x))).toBeLessThanOrEqual(4e-16 * Math.max(1, Math.abs(Math.log(x))));
    }
    expect(plog(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(plog(-1)).toBeNaN();
  });
  it('Box–Muller samples have mean 0 and variance 1', () => {
    const u = lcg(7);
    const out = new Float64Array(2);
    let s = 0;
    let s2 = 0;
    const n = 20000;
    for (let i = 0; i < n; i++) {
      gaussianPair(u, out);
      s += out[0]! + out[1]!;
      s2 += out[0]! * out[0]! + out[1]! * out[1]!;
    }
    expect(Math.abs(s / (2 * n))).toBeLessThan(0.02);
    expect(Math.abs(s2 / (2 * n) - 1)).toBeLessThan(0.03);
  });
});

describe('FFT ocean (Tessendorf 2001)', () => {
  const make = (extra = {}) =>
    new Ocean({ resolution: 32, patchSize: 64, windSpeed: 10, uniform: lcg(42), ...extra });

  it('gives a real height field (Hermitian spectrum) with zero mean', () => {
    const o = make();
    o.evaluate(3.7);
    // the imaginary part after the inverse FFT is the scratch `im`: recompute by symmetry check
    let mean = 0;
    for (const h of o.height) mean += h;
    expect(Math.abs(mean / o.height.length)).toBeLessThan(1e-12);
    let maxAbs = 0;
    for (const h of o.height) maxAbs = Math.max(maxAbs, Math.abs(h));
    expect(maxAbs).toBeGreaterThan(0.01);
  });

  it('is tileable: sampling at x and x + L gives the same height', () => {
    const o = make();
    for (const [x, y] of [
      [1.3, 2.9],
      [17.2, 40.1],
      [63.9, 0.2],
    ] as const) {
      expect(o.sampleHeight(x + 64, y)).toBeCloseTo(o.sampleHeight(x, y), 12);
      expect(o.sampleHeight(x, y - 64)).toBeCloseTo(o.sampleHeight(x, y), 12);
    }
  });

  it('moves each wave with the dispersion relation ω² = g k (deep water): a single mode travels at ω/k', () => {
    const o = make();
    // keep one mode k = 2π·3/L along x and its mirror
    const n = o.resolution;
    o.h0Re.fill(0);
    o.h0Im.fill(0);
    o.h0Re[3] = 0.5; // row 0, col 3
    o.evaluate(0);
    const k = (2 * Math.PI * 3) / 64;
    const omega = Math.sqrt(9.81 * k);
    expect(o.omega[3]).toBeCloseTo(omega, 12);
    // h̃(k) = 0.5 e^{−iωt} and h̃(−k) = conj(h̃0(k)) e^{iωt} = 0.5 e^{iωt} → h = cos(kx − ωt)
    expect(o.height[0]).toBeCloseTo(1, 12);
    const t = 1.25;
    o.evaluate(t);
    for (let col = 0; col < n; col++) {
      const x = (col * 64) / n;
      expect(o.height[col]).toBeCloseTo(Math.cos(k * x - omega * t), 10);
      // spectral derivative: ∂h/∂x = −k sin(kx − ωt), ∂h/∂y = 0
      expect(o.slopeX[col]).toBeCloseTo(-k * Math.sin(k * x - omega * t), 10);
      expect(o.slopeY[col]).toBeCloseTo(0, 12);
    }
  });

  it('is deterministic for the same seed, and JONSWAP + choppy + finite depth work', () => {
    const a = make({ spectrum: 'jonswap', choppiness: 1, depth: 20 });
    const b = make({ spectrum: 'jonswap', choppiness: 1, depth: 20 });
    a.evaluate(5);
    b.evaluate(5);
    expect(Array.from(a.height)).toEqual(Array.from(b.height));
    expect(a.dispX.some((d) => d !== 0)).toBe(true);
    // finite depth slows long waves: ω² = g k tanh(kd) < g k
    const k = Math.hypot(a.kx[1]!, a.ky[1]!);
    expect(a.omega[1]! ** 2).toBeLessThan(9.81 * k);
  });

  it('rejects bad parameters', () => {
    expect(() => make({ resolution: 30 })).toThrow(/ocean.resolution: must be a power of two/);
    expect(() => make({ windSpeed: Number.NaN })).toThrow(/ocean.windSpeed: must be > 0/);
    expect(() => make({ choppiness: -1 })).toThrow(PhysicsError);
  });
});

describe('height-field pool (shallow-water wave equation)', () => {
  const pool = (damping = 0) => new HeightFieldPool({ nx: 40, ny: 30, spacing: 0.05, depth: 0.3, damping });

  it('conserves the water volume exactly with closed walls, with a floating ball pushing water', () => {
    const p = pool(0.2);
    p.disturb(1.0, 0.7, 0.2, 0.03);
    p.addBall({ x: 0.6, y: 0.8, z: 0.5, vz: 0, radius: 0.08, mass: 0.8 });
    const v0 = p.waterVolume();
    const dt = 0.5 * p.maxStableDt();
    for (let i = 0; i < 600; i++) p.step(dt);
    expect(Math.abs(p.waterVolume() - v0) / v0).toBeLessThan(1e-12);
  });

  it('never gains wave energy; damping removes it', () => {
    const p = pool(0);
    p.disturb(1.0, 0.7, 0.25, 0.02);
    const dt = 0.5 * p.maxStableDt();
    const e0 = p.waveEnergy();
    let maxE = 0;
    for (let i = 0; i < 1000; i++) {
      p.step(dt);
      maxE = Math.max(maxE, p.waveEnergy());
    }
    // symplectic Euler: bounded (a modified energy is conserved), never drifts upward
    expect(maxE).toBeLessThan(1.1 * e0);
    const q = pool(1.0);
    q.disturb(1.0, 0.7, 0.25, 0.02);
    const f0 = q.waveEnergy();
    for (let i = 0; i < 1000; i++) q.step(dt);
    expect(q.waveEnergy()).toBeLessThan(0.2 * f0);
  });

  it('waves travel at c = √(g D)', () => {
    const p = new HeightFieldPool({ nx: 400, ny: 3, spacing: 0.01, depth: 0.1, damping: 0 });
    // a bump at the left wall; find the front after time T
    p.disturb(0.0, 0.015, 0.05, 0.002);
    const dt = 0.4 * p.maxStableDt();
    const T = 1.5;
    const steps = Math.round(T / dt);
    for (let i = 0; i < steps; i++) p.step(dt);
    let peak = 0;
    let at = 0;
    for (let i = 0; i < p.nx; i++) {
      const e = p.height[p.nx + i]! - p.meanHeight();
      if (e > peak) {
        peak = e;
        at = (i + 0.5) * p.spacing;
      }
    }
    const c = Math.sqrt(9.81 * 0.1);
    expect(at).toBeGreaterThan(0.9 * c * steps * dt);
    expect(at).toBeLessThan(1.1 * c * steps * dt + 0.05);
  });

  it('a ball lighter than water floats at the depth where buoyancy equals weight', () => {
    const p = pool(0.5);
    const r = 0.08;
    const mass = 0.5 * 1000 * (4 / 3) * Math.PI * r ** 3; // half the density of water
    const ball = p.addBall({ x: 1.0, y: 0.75, z: 0.45, vz: 0, radius: r, mass });
    const dt = 0.5 * p.maxStableDt();
    for (let i = 0; i < 4000; i++) p.step(dt);
    const sub = p.submergedVolume(ball);
    expect(sub * 1000).toBeCloseTo(mass, -1); // within ~5 % (discretised sphere)
    expect(Math.abs(sub * 1000 - mass) / mass).toBeLessThan(0.05);
    expect(Math.abs(ball.vz)).toBeLessThan(1e-3);
  });

  it('rejects steps beyond the CFL limit and bad input', () => {
    const p = pool();
    expect(() => p.step(2 * p.maxStableDt())).toThrow(/CFL/);
    expect(() => new HeightFieldPool({ nx: 2, ny: 10, spacing: 0.1, depth: 1 })).toThrow(/nx and ny/);
    expect(() => new HeightFieldPool({ nx: 10, ny: 10, spacing: -1, depth: 1 })).toThrow(
      /pool.spacing: must be > 0/,
    );
    expect(() => p.addBall({ x: 0, y: 0, z: 0, vz: 0, radius: 0.1, mass: -1 })).toThrow(
      /ball.mass: must be > 0/,
    );
  });
});
