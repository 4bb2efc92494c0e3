import { describe, expect, it } from 'vitest';
import { Advector } from '../../src/fluid/advection.js';
import { MacGrid } from '../../src/fluid/mac-grid.js';
import type { PressureSolverKind } from '../../src/fluid/pressure-solvers.js';
import { Projector } from '../../src/fluid/projection.js';

/** A row of cells (two identical rows: grids are at least 2×2) with a uniform flow u, h = 1. */
function advectRow(s: number[], u: number, scheme: 'semi-lagrangian' | 'upwind'): number[] {
  const g = new MacGrid({ nx: s.length, ny: 2, open: { xMin: true, xMax: true } });
  g.u.fill(u);
  const src = new Float64Array(g.cellCount);
  for (let j = 0; j < 2; j++) for (let i = 0; i < s.length; i++) src[g.cellIndex(i, j)] = s[i]!;
  const dst = new Float64Array(g.cellCount);
  new Advector(g).advectScalar(src, dst, 1, { scheme, backtrace: 'euler' });
  const row0 = Array.from(dst.subarray(0, s.length));
  const row1 = Array.from(dst.subarray(s.length, 2 * s.length));
  expect(row1).toEqual(row0);
  return row0;
}

function closeTo(actual: number[], expected: number[], digits = 12): void {
  expect(actual.length).toBe(expected.length);
  actual.forEach((a, i) => {
    expect(a).toBeCloseTo(expected[i]!, digits);
  });
}

describe('§26.4 semi-Lagrangian and upwind advection rows', () => {
  it('§26.4: s = (0,0,1,1,0,0), u = 0.6, h = 1 → (0,0,0.4,1,0.6,0), sum stays 2', () => {
    const out = advectRow([0, 0, 1, 1, 0, 0], 0.6, 'semi-lagrangian');
    closeTo(out, [0, 0, 0.4, 1, 0.6, 0]);
    expect(out.reduce((a, b) => a + b, 0)).toBeCloseTo(2, 12);
  });
  it('§26.4: uh = 2.6 on (0,0,1,1,0,0,0,0,0) → (0,0,0,0,0.4,1,0.6,0,0), still within the old range', () => {
    const out = advectRow([0, 0, 1, 1, 0, 0, 0, 0, 0], 2.6, 'semi-lagrangian');
    closeTo(out, [0, 0, 0, 0, 0.4, 1, 0.6, 0, 0]);
    for (const x of out) expect(x >= 0 && x <= 1).toBe(true);
  });
  it('§26.4: explicit upwind with uh = 0.6 gives the same row', () => {
    closeTo(advectRow([0, 0, 1, 1, 0, 0], 0.6, 'upwind'), [0, 0, 0.4, 1, 0.6, 0]);
  });
  it('§26.4: explicit upwind with uh = 2.6 gives (0,0,−1.6,1,2.6,0,…): negative smoke, a growing spike', () => {
    closeTo(advectRow([0, 0, 1, 1, 0, 0, 0, 0, 0], 2.6, 'upwind'), [0, 0, -1.6, 1, 2.6, 0, 0, 0, 0]);
  });
});

/** The 2×2 box of textbook §26.4: solid walls, h = ρ = dt = 1, one face set. */
function box(setup: (g: MacGrid) => void): { g: MacGrid; proj: Projector } {
  const g = new MacGrid({ nx: 2, ny: 2 });
  setup(g);
  return { g, proj: new Projector(g) };
}
const bottomPush = (g: MacGrid) => (g.u[g.uIndex(1, 0)] = 1);

function projectBox(kind: PressureSolverKind, sweeps: number) {
  const { g, proj } = box(bottomPush);
  proj.project(1, { solver: kind, tolerance: 0, maxIterations: sweeps });
  return { g, proj, bottom: g.u[g.uIndex(1, 0)]! };
}

describe('§26.4 pressure projection on the 2×2 box', () => {
  it('§26.4: divergences +1, −1, 0, 0 before projection', () => {
    const { g } = box(bottomPush);
    expect(Array.from(g.divergence(new Float64Array(4)))).toEqual([1, -1, 0, 0]);
  });

  it('§26.4: one Gauss–Seidel sweep (LB, RB, LT, RT) gives −0.5, 0.25, −0.25, 0; a second changes nothing', () => {
    const { g, proj } = box(bottomPush);
    const cells: number[] = [];
    const sweeps: number[][] = [];
    proj.project(1, {
      solver: 'gauss-seidel',
      tolerance: 0,
      maxIterations: 2,
      onCellUpdate: (_c, value) => cells.push(value),
      trace: (_it, p) => sweeps.push([0, 1, 2, 3].map((c) => p[proj.sys.index(c % 2, c >> 1)]!)),
    });
    closeTo(cells.slice(0, 4), [-0.5, 0.25, -0.25, 0]);
    closeTo(sweeps[0]!, [-0.5, 0.25, -0.25, 0]);
    expect(sweeps[1]).toEqual(sweeps[0]);
    closeTo(
      [proj.pressure(0, 0), proj.pressure(1, 0), proj.pressure(0, 1), proj.pressure(1, 1)],
      [-0.5, 0.25, -0.25, 0],
    );
    // new faces: bottom 0.25, top −0.25, left column −0.25, right column 0.25
    closeTo(
      [g.u[g.uIndex(1, 0)]!, g.u[g.uIndex(1, 1)]!, g.v[g.vIndex(0, 1)]!, g.v[g.vIndex(1, 1)]!],
      [0.25, -0.25, -0.25, 0.25],
    );
    for (const d of g.divergence(new Float64Array(4))) expect(Math.abs(d)).toBeLessThan(1e-15);
    // counter-clockwise: right along the bottom, up the right, left along the top, down the left
    expect(g.u[g.uIndex(1, 0)]! > 0 && g.v[g.vIndex(1, 1)]! > 0).toBe(true);
    expect(g.u[g.uIndex(1, 1)]! < 0 && g.v[g.vIndex(0, 1)]! < 0).toBe(true);
  });

  it('§26.4: plain Jacobi swings between two states forever on this system', () => {
    const seq = [1, 2, 3, 4, 5, 6, 50, 51].map((n) => projectBox('jacobi', n).bottom);
    closeTo(seq, [0, 0.5, 0, 0.5, 0, 0.5, 0.5, 0]);
    const { proj } = box(bottomPush);
    const res = proj.project(1, { solver: 'jacobi', tolerance: 1e-6, maxIterations: 1000 });
    expect(res.converged).toBe(false);
    expect(res.residualNorm / res.initialNorm).toBeGreaterThan(0.5);
  });

  it('§26.4: weighted Jacobi (ω = 2/3) gives 0.333, 0.333, 0.259, 0.259, 0.251, … → 0.25 on the bottom face', () => {
    const seq = [1, 2, 3, 4, 5].map((n) => projectBox('weighted-jacobi', n).bottom);
    closeTo(seq, [0.333, 0.333, 0.259, 0.259, 0.251], 3);
    expect(projectBox('weighted-jacobi', 40).bottom).toBeCloseTo(0.25, 10);
  });
});
