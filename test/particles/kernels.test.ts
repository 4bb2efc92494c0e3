import { describe, expect, it } from 'vitest';
import { SphKernels } from '../../src/particles/kernels.js';
import { findSection } from '../../src/workbook/index.js';

/** ∫ W over the disc / ball of radius h by composite Simpson in r (W radial). */
function integral(w: (r: number) => number, dim: 2 | 3, h: number): number {
  const n = 4000;
  const dr = h / n;
  let s = 0;
  for (let k = 0; k <= n; k++) {
    const r = k * dr;
    const shell = dim === 3 ? 4 * Math.PI * r * r : 2 * Math.PI * r;
    const c = k === 0 || k === n ? 1 : k % 2 === 1 ? 4 : 2;
    s += c * w(r) * shell;
  }
  return (s * dr) / 3;
}

describe('SPH kernels (Müller, Charypar & Gross 2003; Monaghan 1992)', () => {
  it('golden §26.4: the poly6 constant 315/(64π) = 1.5667, W(0) = 1.57, spiky 4.77, spiky slope −14.3 at h = 1', () => {
    const k = new SphKernels(3, 1);
    expect(k.poly6Constant.toFixed(4)).toBe('1.5667');
    expect(k.poly6(0).toFixed(2)).toBe('1.57');
    expect(k.spiky(0).toFixed(2)).toBe('4.77');
    expect(k.spikySlope(0).toFixed(1)).toBe('-14.3');
    // the density example: neighbours at 0.5, 0.5, 0.8 plus itself
    const rho = k.poly6(0) + 2 * k.poly6(0.25) + k.poly6(0.64);
    expect(rho.toFixed(4)).toBe('2.9617');
  });

  for (const dim of [2, 3] as const) {
    for (const h of [1, 0.037]) {
      it(`${dim}D, h = ${h}: poly6, spiky and the cubic spline integrate to 1 over the ${dim === 3 ? 'ball' : 'disc'}`, () => {
        const k = new SphKernels(dim, h);
        expect(integral((r) => k.poly6(r * r), dim, h)).toBeCloseTo(1, 6);
        expect(integral((r) => k.spiky(r), dim, h)).toBeCloseTo(1, 6);
        expect(integral((r) => k.cubic(r), dim, h)).toBeCloseTo(1, 6);
      });
    }
  }

  it('the gradients are the derivatives of the kernels (central differences)', () => {
    for (const dim of [2, 3] as const) {
      const k = new SphKernels(dim, 0.5);
      for (const r of [0.05, 0.2, 0.31, 0.45]) {
        const e = 1e-6;
        const d6 = (k.poly6((r + e) ** 2) - k.poly6((r - e) ** 2)) / (2 * e);
        const ds = (k.spiky(r + e) - k.spiky(r - e)) / (2 * e);
        const dc = (k.cubic(r + e) - k.cubic(r - e)) / (2 * e);
        expect(k.poly6Grad(r * r) * r).toBeCloseTo(d6, 3);
        expect(k.spikyGrad(r) * r).toBeCloseTo(ds, 3);
        expect(k.spikySlope(r)).toBeCloseTo(ds, 3);
        expect(k.cubicGrad(r) * r).toBeCloseTo(dc, 3);
      }
      expect(k.viscosityLaplacian(0.2)).toBeGreaterThan(0);
      expect(k.viscosityLaplacian(0.5)).toBe(0);
    }
  });

  it('the workbook §26.4 particle examples are computed by these kernels and all their checks pass', () => {
    const section = findSection('26.4-particles');
    expect(section).toBeDefined();
    const examples = section!.examples();
    expect(examples.map((e) => e.id)).toEqual([
      '26.4-sph-poly6',
      '26.4-sph-density',
      '26.4-sph-pressure',
      '26.4-sph-kernels',
      '26.9-6',
    ]);
    for (const e of examples)
      for (const c of e.checks ?? []) expect(c.pass, `${e.id}: ${c.label}`).toBe(true);
    const byId = new Map(examples.map((e) => [e.id, e]));
    expect(byId.get('26.4-sph-density')!.steps[1]!.values!['ρ']).toBe(2.9617);
    expect(byId.get('26.4-sph-pressure')!.steps[0]!.values!.p).toBe(1.9233);
    // task 26.9-6: 1.5667 + 2 · 1.5667 · 0.75³ = 2.8886, a little under 2.9
    expect(byId.get('26.9-6')!.steps[1]!.values!['ρ']).toBe(2.8886);
  });

  it('rejects a bad dimension or radius', () => {
    expect(() => new SphKernels(4 as 3, 1)).toThrow(/kernels.dim/);
    expect(() => new SphKernels(2, 0)).toThrow(/kernels.h: must be > 0/);
    expect(() => new SphKernels(2, Number.NaN)).toThrow(/kernels.h/);
  });
});
