/**
 * Workbook §26.4, the particle half: the SPH kernels of Müller, Charypar & Gross 2003 (the poly6
 * constant, the kernel figure's values), the density example, the pressure example and task 26.9-6 —
 * every number computed by rikigaku/particles' own kernels, equation of state and neighbour search
 * (the code the SPH, DFSPH and PBF solvers step with). h = 1 and unit masses, in 3D as in the text.
 */
import { SphKernels } from '../particles/kernels.js';
import { stateEquation } from '../particles/sph.js';
import { NeighborSearch } from '../spatial/neighbor-search.js';
import type { WorkbookExample, WorkbookSection } from './types.js';

const r4 = (x: number): number => Number(x.toFixed(4)) + 0; // + 0 turns −0 into 0
const kernels = new SphKernels(3, 1);

function poly6Constant(): WorkbookExample {
  const c = kernels.poly6Constant;
  return {
    id: '26.4-sph-poly6',
    title: 'The poly6 constant at h = 1',
    kind: 'example',
    steps: [
      {
        title: 'W_poly6(r, h) = 315/(64π h⁹) (h² − r²)³; at h = 1: W(r) = 315/(64π) (1 − r²)³',
        values: { '315/(64π)': r4(c), 'W(0)': r4(kernels.poly6(0)) },
      },
    ],
    checks: [{ label: '315/(64π) = 1.5667', pass: r4(c) === 1.5667 }],
  };
}

/** ρ = Σ_j m_j W_poly6(r_j) over the given distances (the particle itself is r = 0). */
function densityOf(distances: number[]): { terms: number[]; rho: number } {
  const terms = distances.map((r) => kernels.poly6(r * r));
  let rho = 0;
  for (const t of terms) rho += t;
  return { terms, rho };
}

function densityExample(): WorkbookExample {
  const { terms, rho } = densityOf([0, 0.5, 0.5, 0.8]);
  return {
    id: '26.4-sph-density',
    title: 'SPH density: neighbours at 0.5, 0.5 and 0.8, unit masses, h = 1',
    kind: 'example',
    steps: [
      {
        title: 'each term m W_poly6(r) = 1.5667 (1 − r²)³',
        table: {
          columns: ['r', '(1 − r²)³', 'W(r)'],
          rows: [0, 0.5, 0.5, 0.8].map((r, k) => [r, r4((1 - r * r) ** 3), r4(terms[k]!)]),
        },
      },
      {
        title: 'the particle counts itself (r = 0)',
        values: { ρ: r4(rho) },
        lines: ['ρ = 1.5667 + 2·0.6609 + 0.0731'],
      },
    ],
    checks: [
      { label: 'the two neighbours at 0.5 give 0.6609 each', pass: r4(terms[1]!) === 0.6609 },
      { label: 'the neighbour at 0.8 gives 0.0731', pass: r4(terms[3]!) === 0.0731 },
      { label: 'ρ = 2.9617', pass: r4(rho) === 2.9617 },
    ],
  };
}

function pressureExample(): WorkbookExample {
  const { rho } = densityOf([0, 0.5, 0.5, 0.8]);
  const p = stateEquation(rho, 2, 2, 'linear');
  return {
    id: '26.4-sph-pressure',
    title: 'Equation of state p = k(ρ − ρ0) with k = 2, ρ0 = 2',
    kind: 'example',
    steps: [
      {
        title: 'the crowded particle of the density example',
        values: { ρ: r4(rho), p: r4(p) },
        lines: [
          'p > 0: it pushes its neighbours away; the force f_i = −Σ m_j (p_i + p_j)/(2ρ_j) ∇W_spiky is symmetric',
        ],
      },
    ],
    checks: [{ label: 'p = 1.923', pass: Number(p.toFixed(3)) === 1.923 }],
  };
}

function kernelFigure(): WorkbookExample {
  const rs = [0, 0.25, 0.5, 0.75, 1];
  const slope0 = kernels.spikySlope(0);
  return {
    id: '26.4-sph-kernels',
    title: 'The kernel figure: poly6 and spiky at h = 1 and their slopes',
    kind: 'example',
    steps: [
      {
        title: 'W(r) and dW/dr (poly6: −6·1.5667·r(1 − r²)²; spiky: −3·(15/π)(1 − r)²)',
        table: {
          columns: ['r', 'poly6', 'spiky', "poly6'", "spiky'"],
          rows: rs.map((r) => [
            r,
            r4(kernels.poly6(r * r)),
            r4(kernels.spiky(r)),
            r4(kernels.poly6Grad(r * r) * r),
            r4(kernels.spikySlope(r)),
          ]),
        },
        lines: [
          'poly6 starts flat at 1.57 (its slope is 0 at the centre), spiky starts at a sharp peak 4.77',
          'with its steepest slope −14.3 at the centre: close particles still feel the pressure',
        ],
      },
    ],
    checks: [
      { label: 'poly6(0) = 1.57', pass: Number(kernels.poly6(0).toFixed(2)) === 1.57 },
      { label: 'spiky(0) = 4.77', pass: Number(kernels.spiky(0).toFixed(2)) === 4.77 },
      { label: "spiky'(0) = −14.3", pass: Number(slope0.toFixed(1)) === -14.3 },
      { label: "poly6'(0) = 0", pass: kernels.poly6Grad(0) * 0 === 0 },
      { label: 'both are 0 at r = h', pass: kernels.poly6(1) === 0 && kernels.spiky(1) === 0 },
    ],
  };
}

function task6(): WorkbookExample {
  // the four particles, found by the neighbour search with radius h (the one at distance h is listed)
  const pts = [
    [0, 0],
    [0.5, 0],
    [0, 0.5],
    [0.6, 0.8],
  ];
  const x = new Float64Array(12);
  for (let i = 0; i < 4; i++) x.set([pts[i]![0]!, pts[i]![1]!, 0], 3 * i);
  const search = new NeighborSearch({ dim: 3, radius: 1, skin: 0 });
  search.update(x, 0, 4);
  const found = Array.from(search.neighbors.subarray(search.offsets[0], search.offsets[1])).sort();
  const rows: (string | number)[][] = [['(0, 0)', 0, r4(kernels.poly6(0))]];
  let rho = kernels.poly6(0);
  const wAtH: number[] = [];
  for (const j of found) {
    const r2 = x[3 * j]! * x[3 * j]! + x[3 * j + 1]! * x[3 * j + 1]!;
    const w = kernels.poly6(r2);
    if (j === 3) wAtH.push(w);
    rho += w;
    rows.push([`(${pts[j]![0]}, ${pts[j]![1]})`, r4(Math.sqrt(r2)), r4(w)]);
  }
  return {
    id: '26.9-6',
    title: 'Task 26.9-6: the poly6 density at (0, 0) of particles at (0, 0), (0.5, 0), (0, 0.5), (0.6, 0.8)',
    kind: 'task',
    steps: [
      {
        title: 'neighbours within h = 1 (neighbour search), each term W_poly6(r), unit masses',
        table: { columns: ['particle', 'r', 'W'], rows },
      },
      { title: 'the sum', values: { ρ: r4(rho) } },
    ],
    checks: [
      {
        label: 'the particle at (0.6, 0.8) is exactly at distance h and contributes nothing',
        pass: wAtH.length === 1 && wAtH[0] === 0,
      },
      { label: 'the density is a little under 2.9', pass: rho < 2.9 && rho > 2.8 },
    ],
    conclusion: `ρ = 1.5667 + 2·1.5667·(0.75)³ = ${r4(rho)}: the particle at distance h lies on the kernel's edge.`,
  };
}

/** §26.4, particles: the SPH kernels, density, pressure and task 26.9-6. */
export const section26_4Particles: WorkbookSection = {
  id: '26.4-particles',
  title: 'Fluids: SPH kernels, density and pressure (particles)',
  examples: () => [poly6Constant(), densityExample(), pressureExample(), kernelFigure(), task6()],
};
