import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AdvectionOptions, Advector } from '../../src/fluid/advection.js';
import { MacGrid } from '../../src/fluid/mac-grid.js';
import { Projector } from '../../src/fluid/projection.js';

function lcg(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** A random divergence-free flow in a closed 2D box (or 3D), strong enough to move several cells per step. */
function swirl(seed: number, dim: 2 | 3): { g: MacGrid; s: Float64Array } {
  const rnd = lcg(seed);
  const g = new MacGrid({ nx: 16, ny: 12, nz: dim === 3 ? 6 : 1, h: 0.1 });
  for (const f of [g.u, g.v, g.w]) for (let i = 0; i < f.length; i++) f[i] = 4 * (rnd() - 0.5);
  new Projector(g).project(0.05, { solver: 'mgpcg', tolerance: 1e-10 });
  const s = new Float64Array(g.cellCount);
  for (let c = 0; c < s.length; c++) s[c] = rnd() < 0.3 ? rnd() * 3 - 1 : 0.5;
  return { g, s };
}

function range(x: Float64Array): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const v of x) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  return [lo, hi];
}

describe('advection: behaviour', () => {
  const cases: [string, AdvectionOptions, 2 | 3][] = [
    ['semi-Lagrangian bilinear', { scheme: 'semi-lagrangian' }, 2],
    ['semi-Lagrangian trilinear (3D)', { scheme: 'semi-lagrangian' }, 3],
    ['semi-Lagrangian monotone cubic', { scheme: 'semi-lagrangian', interpolation: 'cubic' }, 2],
    ['MacCormack with limiter', { scheme: 'maccormack' }, 2],
    ['MacCormack with limiter (3D)', { scheme: 'maccormack' }, 3],
    ['BFECC with limiter', { scheme: 'bfecc' }, 2],
  ];
  for (const [name, opts, dim] of cases) {
    it(`${name} never creates new extrema`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 2 ** 30 }), (seed) => {
          const { g, s } = swirl(seed, dim);
          const [lo, hi] = range(s);
          const out = new Float64Array(s.length);
          const adv = new Advector(g);
          let cur = s;
          for (let step = 0; step < 3; step++) {
            adv.advectScalar(cur, out, 0.2, opts);
            cur = Float64Array.from(out);
            const [lo2, hi2] = range(cur);
            expect(lo2).toBeGreaterThanOrEqual(lo - 1e-12);
            expect(hi2).toBeLessThanOrEqual(hi + 1e-12);
          }
        }),
        { numRuns: dim === 3 ? 5 : 15 },
      );
    });
  }

  it('without the limiter MacCormack would overshoot: the limiter is doing work on a sharp step', () => {
    // a sharp step in a uniform diagonal flow: the unlimited correction hat + ½(s − tilde) leaves [0, 1]
    const g = new MacGrid({ nx: 24, ny: 24, open: { xMin: true, xMax: true, yMin: true, yMax: true } });
    g.u.fill(0.37);
    g.v.fill(0.21);
    const s = new Float64Array(g.cellCount);
    for (let j = 0; j < 24; j++)
      for (let i = 0; i < 24; i++) s[g.cellIndex(i, j)] = i > 8 && i < 14 && j > 6 && j < 15 ? 1 : 0;
    const adv = new Advector(g);
    const sl = new Float64Array(s.length);
    const back = new Float64Array(s.length);
    adv.advectScalar(s, sl, 1, { scheme: 'semi-lagrangian' });
    adv.advectScalar(sl, back, -1, { scheme: 'semi-lagrangian' });
    let unlimitedMax = 0;
    for (let c = 0; c < s.length; c++)
      unlimitedMax = Math.max(unlimitedMax, sl[c]! + 0.5 * (s[c]! - back[c]!));
    expect(unlimitedMax).toBeGreaterThan(1.05);
    const mc = new Float64Array(s.length);
    adv.advectScalar(s, mc, 1, { scheme: 'maccormack' });
    expect(range(mc)[1]).toBeLessThanOrEqual(1);
    expect(range(mc)[0]).toBeGreaterThanOrEqual(0);
    // and it is less dissipative: it keeps more of the peak than the plain step after 10 steps
    let a = Float64Array.from(s);
    let b = Float64Array.from(s);
    const tmp = new Float64Array(s.length);
    for (let k = 0; k < 10; k++) {
      adv.advectScalar(a, tmp, 1, { scheme: 'semi-lagrangian' });
      a = Float64Array.from(tmp);
      adv.advectScalar(b, tmp, 1, { scheme: 'maccormack' });
      b = Float64Array.from(tmp);
    }
    expect(range(b)[1]).toBeGreaterThan(range(a)[1] + 0.05);
    // BFECC too
    let c = Float64Array.from(s);
    for (let k = 0; k < 10; k++) {
      adv.advectScalar(c, tmp, 1, { scheme: 'bfecc' });
      c = Float64Array.from(tmp);
    }
    expect(range(c)[1]).toBeGreaterThan(range(a)[1] + 0.05);
    expect(range(c)[1]).toBeLessThanOrEqual(1);
  });

  it('a uniform flow advects a blob by exactly u·t (centroid), and by whole cells exactly', () => {
    const g = new MacGrid({
      nx: 40,
      ny: 20,
      h: 0.5,
      open: { xMin: true, xMax: true, yMin: true, yMax: true },
    });
    const ux = 0.75;
    const vy = 0.25;
    g.u.fill(ux);
    g.v.fill(vy);
    const s = new Float64Array(g.cellCount);
    const centroid = (f: Float64Array) => {
      let m = 0;
      let x = 0;
      let y = 0;
      for (let j = 0; j < g.ny; j++)
        for (let i = 0; i < g.nx; i++) {
          const v = f[g.cellIndex(i, j)]!;
          m += v;
          x += v * (i + 0.5) * g.h;
          y += v * (j + 0.5) * g.h;
        }
      return [x / m, y / m, m];
    };
    for (let j = 0; j < g.ny; j++)
      for (let i = 0; i < g.nx; i++) {
        const dx = i - 8;
        const dy = j - 7;
        s[g.cellIndex(i, j)] = Math.max(0, 9 - dx * dx - dy * dy);
      }
    const [x0, y0, m0] = centroid(s);
    const adv = new Advector(g);
    let cur = s;
    const out = new Float64Array(s.length);
    const dt = 0.2;
    for (let k = 0; k < 10; k++) {
      adv.advectScalar(cur, out, dt, { scheme: 'semi-lagrangian' });
      cur = Float64Array.from(out);
    }
    const [x1, y1, m1] = centroid(cur);
    expect(x1 - x0).toBeCloseTo(ux * 10 * dt, 10);
    expect(y1 - y0).toBeCloseTo(vy * 10 * dt, 10);
    expect(m1).toBeCloseTo(m0, 10);
    // u·dt = one cell per step: the blob moves by exactly 4 cells in 4 steps, unblurred
    g.u.fill(g.h / dt);
    g.v.fill(0);
    cur = s;
    for (let k = 0; k < 4; k++) {
      adv.advectScalar(cur, out, dt, { scheme: 'semi-lagrangian' });
      cur = Float64Array.from(out);
    }
    for (let j = 0; j < g.ny; j++)
      for (let i = 4; i < g.nx; i++) expect(cur[g.cellIndex(i, j)]).toBe(s[g.cellIndex(i - 4, j)]);
  });

  it('flux-form upwind conserves the total exactly in a closed box when the CFL condition holds', () => {
    const { g, s } = swirl(4242, 2);
    const adv = new Advector(g);
    const total = (f: Float64Array) => f.reduce((a, b) => a + b, 0);
    const t0 = total(s);
    let cur = s;
    const out = new Float64Array(s.length);
    for (let k = 0; k < 20; k++) {
      adv.advectScalar(cur, out, 0.01, { scheme: 'upwind' });
      cur = Float64Array.from(out);
      expect(Math.abs(total(cur) - t0)).toBeLessThan(1e-12 * Math.abs(t0));
    }
  });

  it("3D backtrace reads w at the cell centre from the cell's own back and front faces (a shear w(y) carries a linear s(z) exactly)", () => {
    // w = 0.1·j on every z face of row j, u = v = 0: the cell-centre w of row j is 0.1·j, so the
    // Euler backtrace from cell (i, j, k) lands at z-index k − 0.1·j and the linear field s = k
    // is carried to exactly k − 0.1·j (bilinear/trilinear is exact on a linear field).
    const g = new MacGrid({ nx: 6, ny: 6, nz: 6, h: 1 });
    for (let k = 0; k <= 6; k++)
      for (let j = 0; j < 6; j++) for (let i = 0; i < 6; i++) g.w[g.wIndex(i, j, k)] = 0.1 * j;
    const src = new Float64Array(g.cellCount);
    for (let k = 0; k < 6; k++)
      for (let j = 0; j < 6; j++) for (let i = 0; i < 6; i++) src[g.cellIndex(i, j, k)] = k;
    const dst = new Float64Array(g.cellCount);
    new Advector(g).advectScalar(src, dst, 1, { backtrace: 'euler' });
    for (let k = 1; k < 5; k++)
      for (let j = 0; j < 6; j++) expect(dst[g.cellIndex(2, j, k)]).toBeCloseTo(k - 0.1 * j, 12);
  });
});
