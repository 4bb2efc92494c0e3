/**
 * The plain semi-Lagrangian step (Stam 1999; textbook §26.4) traces a cell-centred field only in
 * the columns that a backtrace can reach a nonzero value from: a sample whose bilinear stencil
 * holds four zeros comes out +0 without being traced. Checked here against the step written out
 * from its definition (the midpoint backtrace, bilinear sampling of the faces and of the field),
 * bit for bit, on flows fast enough (several cells per step) that the reach matters. And the
 * midpoint stage, skipped where a sample moves less than 1/64 cell, changes a slow rotation's
 * result by no more than its bound, dt·|∇u|/128 cells times the field's slope.
 */
import { describe, expect, it } from 'vitest';
import { Advector } from '../../src/fluid/advection.js';
import { MacGrid } from '../../src/fluid/mac-grid.js';
import { Projector } from '../../src/fluid/projection.js';
import { sampleLinear2 } from '../../src/fluid/sampling.js';

function lcg(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/**
 * dst = src advected for dt by the midpoint backtrace, sampled bilinearly, cell by cell; with
 * `always` the midpoint stage everywhere, otherwise only where the sample moves 1/64 cell or more.
 */
function reference(g: MacGrid, src: Float64Array, dt: number, always = false): Float64Array {
  const { nx, ny, h, u, v } = g;
  const out = new Float64Array(g.cellCount);
  const inv = 1 / h;
  const slow = h / (64 * dt);
  for (let b = 0; b < ny; b++) {
    for (let a = 0; a < nx; a++) {
      const x = (a + 0.5) * h;
      const y = (b + 0.5) * h;
      const u0 = 0.5 * (u[a + (nx + 1) * b]! + u[a + 1 + (nx + 1) * b]!);
      const v0 = 0.5 * (v[a + nx * b]! + v[a + nx * (b + 1)]!);
      const gx = (x - 0.5 * dt * u0) * inv;
      const gy = (y - 0.5 * dt * v0) * inv;
      // the midpoint stage where the sample moves 1/64 cell or more
      const mid = always || Math.abs(u0) >= slow || Math.abs(v0) >= slow;
      const um = mid ? sampleLinear2(u, nx + 1, ny, gx, gy - 0.5) : u0;
      const vm = mid ? sampleLinear2(v, nx, ny + 1, gx - 0.5, gy) : v0;
      out[a + nx * b] = sampleLinear2(src, nx, ny, (x - dt * um) * inv - 0.5, (y - dt * vm) * inv - 0.5);
    }
  }
  return out;
}

describe('semi-Lagrangian advection traces only where a nonzero value is in reach', () => {
  for (const seed of [1, 2, 3]) {
    it(`a small blob in a fast random flow (seed ${seed}): bit for bit the full trace, +0 far away`, () => {
      const rnd = lcg(seed);
      const g = new MacGrid({ nx: 64, ny: 48, h: 1 / 48, open: { yMax: true } });
      for (const f of [g.u, g.v]) for (let i = 0; i < f.length; i++) f[i] = 12 * (rnd() - 0.5);
      new Projector(g).project(1 / 60, { solver: 'mgpcg', tolerance: 1e-10 });
      // two fields, nonzero in two small patches (one touching a wall), zero elsewhere
      const s = new Float64Array(g.cellCount);
      const t = new Float64Array(g.cellCount);
      for (let j = 20; j < 26; j++) for (let i = 30; i < 35; i++) s[i + 64 * j] = rnd();
      for (let j = 0; j < 3; j++) for (let i = 5; i < 9; i++) t[i + 64 * j] = -rnd();
      let fastest = 0;
      for (const f of [g.u, g.v]) for (const x of f) fastest = Math.max(fastest, Math.abs(x));
      // the flow moves several cells per step
      expect((fastest / 60) * 48).toBeGreaterThan(3);
      const ds = new Float64Array(g.cellCount).fill(Number.NaN);
      const dtt = new Float64Array(g.cellCount).fill(Number.NaN);
      new Advector(g).advectScalars([s, t], [ds, dtt], 1 / 60, { scheme: 'semi-lagrangian' });
      const rs = reference(g, s, 1 / 60);
      const rt = reference(g, t, 1 / 60);
      let zeros = 0;
      for (let c = 0; c < g.cellCount; c++) {
        expect(Object.is(ds[c], rs[c])).toBe(true);
        expect(Object.is(dtt[c], rt[c])).toBe(true);
        if (Object.is(ds[c], 0) && Object.is(dtt[c], 0)) zeros++;
      }
      // most of the grid is far from both patches
      expect(zeros).toBeGreaterThan(g.cellCount / 2);
    });
  }
});

describe('the midpoint stage is skipped only where it cannot matter', () => {
  it('a slow rigid rotation: within dt·|∇u|/128 cells of the midpoint rule everywhere, and not everywhere equal', () => {
    const n = 64;
    const g = new MacGrid({ nx: n, ny: n, h: 1 / n });
    const { h, u, v } = g;
    // ω small enough that the samples near the centre move less than 1/64 cell per step
    const omega = 0.4;
    const dt = 1 / 60;
    for (let j = 0; j < n; j++)
      for (let i = 0; i <= n; i++) u[i + (n + 1) * j] = -omega * ((j + 0.5) * h - 0.5);
    for (let j = 0; j <= n; j++) for (let i = 0; i < n; i++) v[i + n * j] = omega * ((i + 0.5) * h - 0.5);
    const s = new Float64Array(g.cellCount);
    for (let j = 0; j < n; j++)
      for (let i = 0; i < n; i++) s[i + n * j] = Math.sin(6 * (i + 0.5) * h) + (j + 0.5) * h;
    const d = new Float64Array(g.cellCount);
    new Advector(g).advectScalar(s, d, dt, { scheme: 'semi-lagrangian', backtrace: 'rk2' });
    expect(Array.from(d)).toEqual(Array.from(reference(g, s, dt)));
    const strict = reference(g, s, dt, true);
    // |∇s| ≤ 6 + 1 per metre, |∇u| = ω: the traces differ by ≤ dt·ω/128 cells
    const bound = 7 * h * ((dt * omega) / 128);
    let differ = 0;
    let worst = 0;
    for (let c = 0; c < g.cellCount; c++) {
      const e = Math.abs(d[c]! - strict[c]!);
      worst = Math.max(worst, e);
      if (e > 0) differ++;
    }
    expect(worst).toBeLessThanOrEqual(bound);
    expect(differ).toBeGreaterThan(0);
  });
});
