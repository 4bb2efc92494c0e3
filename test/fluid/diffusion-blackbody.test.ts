import { describe, expect, it } from 'vitest';
import { blackbodyColor } from '../../src/fluid/blackbody.js';
import { Diffuser } from '../../src/fluid/diffusion.js';
import { MacGrid } from '../../src/fluid/mac-grid.js';
import { Projector } from '../../src/fluid/projection.js';

describe('implicit diffusion (I − ν h ∇²) u = u, by CG', () => {
  it('a discrete cosine mode decays by exactly 1/(1 + α λ) and the total is kept (zero-flux border)', () => {
    const g = new MacGrid({ nx: 16, ny: 4, h: 0.5 });
    const s = new Float64Array(g.cellCount);
    for (let j = 0; j < g.ny; j++)
      for (let i = 0; i < g.nx; i++) s[g.cellIndex(i, j)] = 1 + Math.cos((Math.PI * (i + 0.5)) / g.nx);
    const total = s.reduce((a, b) => a + b, 0);
    const kappa = 0.3;
    const dt = 0.7;
    const alpha = (kappa * dt) / (g.h * g.h);
    const lambda = 2 - 2 * Math.cos(Math.PI / g.nx); // eigenvalue of the Neumann graph Laplacian
    new Diffuser(g).diffuseScalar(s, kappa, dt);
    for (let j = 0; j < g.ny; j++)
      for (let i = 0; i < g.nx; i++) {
        const expected = 1 + Math.cos((Math.PI * (i + 0.5)) / g.nx) / (1 + alpha * lambda);
        expect(s[g.cellIndex(i, j)]).toBeCloseTo(expected, 6);
      }
    expect(s.reduce((a, b) => a + b, 0)).toBeCloseTo(total, 8);
  });

  it('viscosity is stable at any step and never adds kinetic energy', () => {
    const g = new MacGrid({ nx: 20, ny: 20, h: 0.05 });
    let seed = 7;
    const rnd = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    for (const f of [g.u, g.v]) for (let i = 0; i < f.length; i++) f[i] = rnd() - 0.5;
    g.enforceBoundaries();
    new Projector(g).project(0.1, { tolerance: 1e-10 });
    const ke = () => [...g.u, ...g.v].reduce((a, b) => a + b * b, 0);
    const d = new Diffuser(g);
    let e = ke();
    for (const nu of [1e-4, 0.01, 10, 1e4]) {
      d.diffuseVelocity(nu, 0.1);
      const e1 = ke();
      expect(Number.isFinite(e1)).toBe(true);
      expect(e1).toBeLessThanOrEqual(e);
      e = e1;
    }
    expect(e).toBeLessThan(1e-3); // enormous viscosity: the walls stop everything
  });
});

describe('blackbody colour (fire drawing)', () => {
  it('1000 K glows red, 6500 K is nearly white (channels within 25%), 12000 K is bluish', () => {
    const c1 = blackbodyColor(1000);
    expect(c1[0]).toBe(1);
    expect(c1[1]!).toBeLessThan(0.2);
    expect(c1[2]!).toBeLessThan(c1[1]!);
    const c2 = blackbodyColor(6500);
    for (const x of c2) expect(x).toBeGreaterThan(0.75);
    const c3 = blackbodyColor(12000);
    expect(c3[2]).toBe(1);
    expect(c3[0]!).toBeLessThan(1);
    expect(Array.from(blackbodyColor(0))).toEqual([0, 0, 0]);
  });
});
