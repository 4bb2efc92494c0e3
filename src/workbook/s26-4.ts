/**
 * Workbook §26.4 (grid fluids): the advection rows, the upwind rows, the 2×2 pressure projection
 * with every Gauss–Seidel step, the Jacobi oscillation and the weighted-Jacobi sequence, exercise
 * 26.8-5 and task 26.9-5 — all computed by the fluid module's own advection and projection code
 * (the same code the smoke uses), read back through its trace callbacks.
 */
import { Advector, type ScalarAdvectionScheme } from '../fluid/advection.js';
import { MacGrid } from '../fluid/mac-grid.js';
import type { PressureSolverKind } from '../fluid/pressure-solvers.js';
import { Projector } from '../fluid/projection.js';
import type { WorkbookExample, WorkbookSection, WorkbookStep } from './types.js';

const r3 = (x: number) => Math.round(x * 1000) / 1000;
const r6 = (x: number) => Math.round(x * 1e6) / 1e6 + 0; // + 0 turns −0 into 0

/** A 1D row of cells (run as two identical rows of a 2D grid), uniform u, h = 1, one step of dt = 1. */
export function advectRow(s: number[], uh: number, scheme: ScalarAdvectionScheme): number[] {
  const g = new MacGrid({ nx: s.length, ny: 2, open: { xMin: true, xMax: true } });
  g.u.fill(uh);
  const src = new Float64Array(g.cellCount);
  for (let j = 0; j < 2; j++) for (let i = 0; i < s.length; i++) src[g.cellIndex(i, j)] = s[i]!;
  const dst = new Float64Array(g.cellCount);
  new Advector(g).advectScalar(src, dst, 1, { scheme, backtrace: 'euler' });
  return Array.from(dst.subarray(0, s.length), r6);
}

const CELL_NAMES = ['left-bottom', 'right-bottom', 'left-top', 'right-top'];

/** The four interior faces of the 2×2 box, named as textbook §26.4 names them. */
interface BoxFaces {
  bottom: number;
  top: number;
  left: number;
  right: number;
}

function faces(g: MacGrid): BoxFaces {
  return {
    bottom: g.u[g.uIndex(1, 0)]!,
    top: g.u[g.uIndex(1, 1)]!,
    left: g.v[g.vIndex(0, 1)]!,
    right: g.v[g.vIndex(1, 1)]!,
  };
}

/** Circulation around the box's centre, counter-clockwise positive. */
function circulation(f: BoxFaces): number {
  return f.bottom + f.right - f.top - f.left;
}

export interface BoxRun {
  divergenceBefore: number[];
  /** pressures after each sweep, cells in textbook §26.4's order */
  sweeps: number[][];
  /** every single Gauss–Seidel cell update of the first sweep */
  cellUpdates: { cell: string; value: number }[];
  /** sweeps until the divergence of every cell was zero */
  sweepsToZero: number;
  faces: BoxFaces;
  divergenceAfter: number[];
  direction: 'counter-clockwise' | 'clockwise' | 'none';
}

/**
 * The 2×2 box of textbook §26.4 with solid walls (h = ρ = dt = 1): sets one face, then runs
 * Gauss–Seidel sweeps one at a time through the projection until every cell's divergence is zero.
 */
export function runBox(set: (g: MacGrid) => void, maxSweeps = 20): BoxRun {
  const start = new MacGrid({ nx: 2, ny: 2 });
  set(start);
  const divergenceBefore = Array.from(start.divergence(new Float64Array(4)), r6);
  const sweeps: number[][] = [];
  const cellUpdates: { cell: string; value: number }[] = [];
  let result: MacGrid = start;
  let sweepsToZero = -1;
  // sweep n runs the projection with exactly n Gauss–Seidel sweeps; one more sweep after the
  // divergence vanished shows that it changes nothing
  for (let n = 1; n <= maxSweeps; n++) {
    const g = new MacGrid({ nx: 2, ny: 2 });
    set(g);
    const proj = new Projector(g);
    let count = 0;
    proj.project(1, {
      solver: 'gauss-seidel',
      tolerance: 0,
      maxIterations: n,
      onCellUpdate:
        n === 1
          ? (_c, value) => {
              cellUpdates.push({ cell: CELL_NAMES[count++]!, value: r6(value) });
            }
          : undefined,
    });
    sweeps.push([0, 1, 2, 3].map((c) => r6(proj.pressure(c % 2, c >> 1))));
    if (sweepsToZero > 0) break;
    result = g;
    const div = g.divergence(new Float64Array(4));
    if (div.every((d) => Math.abs(d) < 1e-12)) sweepsToZero = n;
  }
  const f = faces(result);
  const circ = circulation(f);
  return {
    divergenceBefore,
    sweeps,
    cellUpdates,
    sweepsToZero,
    faces: { bottom: r6(f.bottom), top: r6(f.top), left: r6(f.left), right: r6(f.right) },
    divergenceAfter: Array.from(result.divergence(new Float64Array(4)), r6),
    direction: Math.abs(circ) < 1e-12 ? 'none' : circ > 0 ? 'counter-clockwise' : 'clockwise',
  };
}

/**
 * The bottom face speed after each of `n` iterations of a stationary solver on the 2×2 box of
 * textbook §26.4.
 */
export function bottomFaceSequence(solver: PressureSolverKind, n: number): number[] {
  const out: number[] = [];
  for (let k = 1; k <= n; k++) {
    const g = new MacGrid({ nx: 2, ny: 2 });
    g.u[g.uIndex(1, 0)] = 1;
    new Projector(g).project(1, { solver, tolerance: 0, maxIterations: k });
    out.push(r6(g.u[g.uIndex(1, 0)]!));
  }
  return out;
}

function boxSteps(run: BoxRun): WorkbookStep[] {
  const steps: WorkbookStep[] = [
    {
      title: 'divergence of each cell (right − left + top − bottom)',
      values: Object.fromEntries(CELL_NAMES.map((n, i) => [n, run.divergenceBefore[i]!])),
    },
    {
      title: 'Gauss–Seidel sweep 1, cell by cell: p = (Σ neighbour p − divergence) / 2',
      table: { columns: ['cell', 'p'], rows: run.cellUpdates.map((u) => [u.cell, u.value]) },
    },
    {
      title: 'pressures after each sweep',
      table: {
        columns: ['sweep', ...CELL_NAMES],
        rows: run.sweeps.map((p, i) => [i + 1, ...p]),
      },
      lines: [
        `every cell's divergence is zero after ${run.sweepsToZero} sweep(s); sweep ${run.sweepsToZero + 1} changes nothing`,
      ],
    },
    {
      title: 'new face speeds u_face − (p_right − p_left)',
      values: { ...run.faces },
    },
    {
      title: 'divergence after projection',
      values: Object.fromEntries(CELL_NAMES.map((n, i) => [n, run.divergenceAfter[i]!])),
      lines: [`the four arrows circulate ${run.direction}`],
    },
  ];
  return steps;
}

function examples(): WorkbookExample[] {
  const out: WorkbookExample[] = [];

  const row1 = advectRow([0, 0, 1, 1, 0, 0], 0.6, 'semi-lagrangian');
  const row2 = advectRow([0, 0, 1, 1, 0, 0, 0, 0, 0], 2.6, 'semi-lagrangian');
  out.push({
    id: '26.4-semi-lagrangian',
    title: 'Semi-Lagrangian advection of a row of smoke',
    kind: 'example',
    steps: [
      {
        title: 's = (0,0,1,1,0,0), u = 0.6, h = 1: each cell fetches the value from x − 0.6',
        values: { s: row1, sum: r6(row1.reduce((a, b) => a + b, 0)) },
      },
      { title: 'uh = 2.6 on (0,0,1,1,0,0,0,0,0)', values: { s: row2 } },
    ],
    checks: [
      { label: 'row is (0,0,0.4,1,0.6,0)', pass: row1.join() === [0, 0, 0.4, 1, 0.6, 0].join() },
      { label: 'sum stays 2', pass: Math.abs(row1.reduce((a, b) => a + b, 0) - 2) < 1e-12 },
      {
        label: 'uh = 2.6 row is (0,0,0,0,0.4,1,0.6,0,0)',
        pass: row2.join() === [0, 0, 0, 0, 0.4, 1, 0.6, 0, 0].join(),
      },
      { label: 'no value leaves the old range [0, 1]', pass: row2.every((x) => x >= 0 && x <= 1) },
    ],
    conclusion:
      'The blob moves 0.6 cells and blurs; every new value interpolates old ones, so the step cannot blow up.',
  });

  const up1 = advectRow([0, 0, 1, 1, 0, 0], 0.6, 'upwind');
  const up2 = advectRow([0, 0, 1, 1, 0, 0, 0, 0, 0], 2.6, 'upwind');
  out.push({
    id: '26.4-upwind',
    title: 'Explicit upwind differences and the CFL condition',
    kind: 'example',
    steps: [
      { title: 'sᵢ ← sᵢ − uh(sᵢ − sᵢ₋₁), uh = 0.6', values: { s: up1 } },
      { title: 'uh = 2.6', values: { s: up2 } },
    ],
    checks: [
      { label: 'uh = 0.6 gives (0,0,0.4,1,0.6,0)', pass: up1.join() === [0, 0, 0.4, 1, 0.6, 0].join() },
      {
        label: 'uh = 2.6 gives (0,0,−1.6,1,2.6,0,…)',
        pass: up2.join() === [0, 0, -1.6, 1, 2.6, 0, 0, 0, 0].join(),
      },
      { label: 'negative smoke appears', pass: Math.min(...up2) < 0 },
    ],
    conclusion: 'Beyond uh/Δx ≤ 1 (CFL) the explicit scheme makes negative smoke and growing spikes.',
  });

  const box = runBox((g) => (g.u[g.uIndex(1, 0)] = 1));
  out.push({
    id: '26.4-projection-2x2',
    title: 'Pressure projection on the 2×2 box (only the face between the bottom cells moves, u = 1)',
    kind: 'example',
    steps: boxSteps(box),
    checks: [
      { label: 'divergences +1, −1, 0, 0', pass: box.divergenceBefore.join() === '1,-1,0,0' },
      { label: 'sweep 1 gives −0.5, 0.25, −0.25, 0', pass: box.sweeps[0]!.join() === '-0.5,0.25,-0.25,0' },
      { label: 'one sweep solves it', pass: box.sweepsToZero === 1 },
      { label: 'a second sweep changes nothing', pass: box.sweeps[1]!.join() === box.sweeps[0]!.join() },
      {
        label: 'faces 0.25 / −0.25 / −0.25 / 0.25',
        pass:
          [box.faces.bottom, box.faces.top, box.faces.left, box.faces.right].join() ===
          '0.25,-0.25,-0.25,0.25',
      },
      { label: 'zero divergence in every cell', pass: box.divergenceAfter.every((d) => d === 0) },
      { label: 'counter-clockwise loop', pass: box.direction === 'counter-clockwise' },
    ],
    conclusion:
      'The push to the right becomes a small counter-clockwise vortex keeping a quarter of the speed: in a closed box the fluid can only turn.',
  });

  const jac = bottomFaceSequence('jacobi', 6);
  const wj = bottomFaceSequence('weighted-jacobi', 12);
  out.push({
    id: '26.4-jacobi',
    title: 'Jacobi vs weighted Jacobi on the 2×2 box (bottom face speed after each iteration)',
    kind: 'example',
    steps: [
      { title: 'plain Jacobi (every cell from the old values)', values: { bottom: jac } },
      { title: 'weighted Jacobi, ω = 2/3', values: { bottom: wj.map(r3) } },
    ],
    checks: [
      { label: 'Jacobi swings between two states', pass: jac.join() === '0,0.5,0,0.5,0,0.5' },
      {
        label: 'weighted Jacobi starts 0.333, 0.333, 0.259, 0.259, 0.251',
        pass: wj.slice(0, 5).map(r3).join() === '0.333,0.333,0.259,0.259,0.251',
      },
      { label: 'weighted Jacobi approaches 0.25', pass: Math.abs(wj[11]! - 0.25) < 1e-4 },
    ],
    conclusion:
      'On this grid plain Jacobi oscillates forever; moving only two thirds of the way each time converges.',
  });

  const ex5 = runBox((g) => (g.u[g.uIndex(1, 1)] = -1));
  out.push({
    id: '26.8-5',
    title: 'Exercise 26.8-5: only the face between the two top cells moves, u = −1 (to the left)',
    kind: 'exercise',
    steps: boxSteps(ex5),
    checks: [
      { label: 'divergences 0, 0, −1, +1', pass: ex5.divergenceBefore.join() === '0,0,-1,1' },
      { label: 'zero divergence in every cell', pass: ex5.divergenceAfter.every((d) => d === 0) },
      {
        label: 'all four face speeds are 0.25',
        pass: [ex5.faces.bottom, ex5.faces.top, ex5.faces.left, ex5.faces.right].every(
          (x) => Math.abs(x) === 0.25,
        ),
      },
    ],
    conclusion: `Gauss–Seidel needed ${ex5.sweepsToZero} sweep(s) here (the first leaves divergence behind); the vortex turns ${ex5.direction}.`,
  });

  const t5 = runBox((g) => (g.v[g.vIndex(0, 1)] = 1));
  out.push({
    id: '26.9-5',
    title: 'Task 26.9-5: only the face between the two left cells moves, v = 1 (upwards)',
    kind: 'task',
    steps: boxSteps(t5),
    checks: [
      {
        label: 'hint: all face speeds 0.25',
        pass: [t5.faces.bottom, t5.faces.top, t5.faces.left, t5.faces.right].every(
          (x) => Math.abs(x) === 0.25,
        ),
      },
      { label: 'hint: zero divergence in all four cells', pass: t5.divergenceAfter.every((d) => d === 0) },
      { label: 'hint: the arrows form a clockwise loop', pass: t5.direction === 'clockwise' },
    ],
    conclusion: `Solved after ${t5.sweepsToZero} sweep(s); the upward push becomes a clockwise loop with a quarter of the speed.`,
  });
  return out;
}

/** Workbook §26.4. */
export const section26_4: WorkbookSection = {
  id: '26.4',
  title: 'Fluids in detail: Stable Fluids on a MAC grid',
  examples,
};
