import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MacGrid } from '../../src/fluid/mac-grid.js';
import { type PressureSolverKind, pressureSolverKinds } from '../../src/fluid/pressure-solvers.js';
import { Projector } from '../../src/fluid/projection.js';

/** A small deterministic PRNG (LCG) so each fast-check seed gives one reproducible field. */
function lcg(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

function randomGrid(seed: number, dim: 2 | 3, solidFraction: number, openTop: boolean): MacGrid {
  const rnd = lcg(seed);
  const nx = 4 + Math.floor(rnd() * (dim === 3 ? 6 : 14));
  const ny = 4 + Math.floor(rnd() * (dim === 3 ? 6 : 14));
  const nz = dim === 3 ? 3 + Math.floor(rnd() * 5) : 1;
  const g = new MacGrid({ nx, ny, nz, h: 0.1 + rnd(), open: { yMax: openTop } });
  for (let c = 0; c < g.cellCount; c++) g.solid[c] = rnd() < solidFraction ? 1 : 0;
  for (const f of [g.u, g.v, g.w]) for (let i = 0; i < f.length; i++) f[i] = 2 * rnd() - 1;
  g.enforceBoundaries();
  return g;
}

function l2(x: Float64Array): number {
  let s = 0;
  for (const v of x) s += v * v;
  return Math.sqrt(s);
}

function kineticEnergy(g: MacGrid): number {
  let e = 0;
  for (const f of [g.u, g.v, g.w]) for (const v of f) e += v * v;
  return 0.5 * e;
}

describe('pressure projection: behaviour', () => {
  for (const solver of ['cg', 'mic-pcg', 'mgpcg'] as const) {
    it(`${solver}: max cell divergence below 1e-5 relative on random fields with solids (2D and 3D)`, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 2 ** 30 }),
          fc.boolean(),
          fc.boolean(),
          (seed, three, openTop) => {
            const g = randomGrid(seed, three ? 3 : 2, 0.2, openTop);
            const before = l2(g.divergence(new Float64Array(g.cellCount)));
            const res = new Projector(g).project(0.05, { solver, tolerance: 1e-5 });
            expect(res.converged).toBe(true);
            const after = g.divergence(new Float64Array(g.cellCount));
            let max = 0;
            for (const d of after) max = Math.max(max, Math.abs(d));
            expect(max).toBeLessThanOrEqual(1e-5 * before + 1e-12);
          },
        ),
        { numRuns: 25 },
      );
    });
  }

  it('projection is idempotent and never adds kinetic energy', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 30 }), (seed) => {
        const g = randomGrid(seed, 2, 0.15, seed % 2 === 0);
        const e0 = kineticEnergy(g);
        const proj = new Projector(g);
        proj.project(0.1, { solver: 'mgpcg', tolerance: 1e-12 });
        const e1 = kineticEnergy(g);
        expect(e1).toBeLessThanOrEqual(e0 * (1 + 1e-12));
        const u1 = Float64Array.from(g.u);
        const v1 = Float64Array.from(g.v);
        proj.project(0.1, { solver: 'mgpcg', tolerance: 1e-12, warmStart: false });
        let change = 0;
        for (let i = 0; i < u1.length; i++) change = Math.max(change, Math.abs(g.u[i]! - u1[i]!));
        for (let i = 0; i < v1.length; i++) change = Math.max(change, Math.abs(g.v[i]! - v1[i]!));
        expect(change).toBeLessThan(1e-9);
      }),
      { numRuns: 20 },
    );
  });

  it('all seven solvers converge to the same pressure (up to the constant)', () => {
    const make = () => randomGrid(12345, 2, 0.1, true);
    const reference = new Projector(make());
    reference.project(1, { solver: 'cg', tolerance: 1e-13, maxIterations: 5000 });
    const pRef = reference.pressures();
    for (const solver of pressureSolverKinds) {
      const g = make();
      const proj = new Projector(g);
      const res = proj.project(1, {
        solver: solver as PressureSolverKind,
        tolerance: 1e-10,
        maxIterations: 200000,
      });
      expect(res.converged, solver).toBe(true);
      const p = proj.pressures();
      let err = 0;
      let scale = 0;
      for (let c = 0; c < p.length; c++) {
        if (g.solid[c]) continue;
        err = Math.max(err, Math.abs(p[c]! - pRef[c]!));
        scale = Math.max(scale, Math.abs(pRef[c]!));
      }
      expect(err / scale, solver).toBeLessThan(1e-6);
    }
  });

  it('in a closed box the solvers agree after removing the free constant', () => {
    const g0 = randomGrid(777, 2, 0.1, false);
    const results: Float64Array[] = [];
    for (const solver of ['gauss-seidel', 'sor', 'cg', 'mic-pcg', 'mgpcg'] as const) {
      const g = randomGrid(777, 2, 0.1, false);
      const proj = new Projector(g);
      expect(proj.project(1, { solver, tolerance: 1e-10, maxIterations: 100000 }).converged).toBe(true);
      const p = proj.pressures();
      // each closed region's pressure is defined up to its own constant: subtract the region mean
      const sums = new Map<number, [number, number]>();
      const label = (c: number) => proj.sys.region[proj.sys.index(c % g.nx, Math.floor(c / g.nx))]!;
      for (let c = 0; c < p.length; c++) {
        if (g.solid[c]) continue;
        const s = sums.get(label(c)) ?? [0, 0];
        sums.set(label(c), [s[0] + p[c]!, s[1] + 1]);
      }
      expect(proj.sys.closedRegions).toBeGreaterThan(0);
      for (let c = 0; c < p.length; c++) {
        if (g.solid[c]) continue;
        const s = sums.get(label(c))!;
        p[c] = p[c]! - s[0] / s[1];
      }
      results.push(p);
    }
    for (const p of results.slice(1)) {
      for (let c = 0; c < p.length; c++) {
        if (g0.solid[c]) continue;
        expect(Math.abs(p[c]! - results[0]![c]!)).toBeLessThan(1e-6 * (1 + Math.abs(results[0]![c]!)));
      }
    }
  });

  it('MIC(0) and multigrid need far fewer CG iterations than plain CG (64² with an obstacle)', () => {
    const its: Record<string, number> = {};
    for (const solver of ['cg', 'mic-pcg', 'mgpcg'] as const) {
      const g = new MacGrid({ nx: 64, ny: 64, open: { yMax: true } });
      for (let j = 20; j < 30; j++) for (let i = 25; i < 40; i++) g.solid[g.cellIndex(i, j)] = 1;
      const rnd = lcg(99);
      for (let i = 0; i < g.u.length; i++) g.u[i] = rnd() - 0.5;
      for (let i = 0; i < g.v.length; i++) g.v[i] = rnd() - 0.5;
      its[solver] = new Projector(g).project(0.02, { solver, tolerance: 1e-8 }).iterations;
    }
    expect(its['mic-pcg']!).toBeLessThan(its['cg']! / 2);
    expect(its['mgpcg']!).toBeLessThan(its['mic-pcg']!);
  });

  it('a moving obstacle pushes the fluid: the fluid ahead of it moves with it, divergence-free', () => {
    const g = new MacGrid({ nx: 32, ny: 16 });
    for (let j = 6; j < 10; j++)
      for (let i = 8; i < 12; i++) {
        const c = g.cellIndex(i, j);
        g.solid[c] = 1;
        g.solidU[c] = 1;
      }
    const res = new Projector(g).project(0.1, { solver: 'mgpcg', tolerance: 1e-8 });
    expect(res.converged).toBe(true);
    expect(g.u[g.uIndex(12, 8)]).toBe(1); // the obstacle's front face
    expect(g.u[g.uIndex(14, 8)]!).toBeGreaterThan(0.1); // fluid ahead pushed forward
    expect(g.maxDivergence()).toBeLessThan(1e-6);
  });

  it('a target divergence (expansion) is met instead of zero', () => {
    const g = new MacGrid({ nx: 16, ny: 16, open: { yMax: true } });
    const target = new Float64Array(g.cellCount);
    target[g.cellIndex(8, 8)] = 2;
    new Projector(g).project(0.1, { solver: 'mgpcg', tolerance: 1e-10, targetDivergence: target });
    const d = g.divergence(new Float64Array(g.cellCount));
    expect(d[g.cellIndex(8, 8)]!).toBeCloseTo(2, 8);
    expect(Math.abs(d[g.cellIndex(3, 3)]!)).toBeLessThan(1e-8);
  });
});
