/**
 * Workbook §26.3, the soft-body half: the shape-matching worked example and the FEM strain worked
 * example, every number computed by the library (ShapeMatching with its trace, the deformation
 * gradient and strain functions of rikigaku/fem).
 */
import { deformationGradient2, restInverse2 } from '../fem/deformation-gradient.js';
import { corotationalStrain, greenStrain, linearStrain } from '../fem/strain.js';
import { ShapeMatching, type ShapeMatchingTrace } from '../xpbd/shape-matching.js';
import type { WorkbookExample } from './types.js';

const r4 = (x: number): number => Number(x.toFixed(4)) + 0; // + 0 turns −0 into 0
const near = (a: number, b: number): boolean => Math.abs(a - b) < 1e-9;
const pts = (flat: ArrayLike<number>): string[] => {
  const out: string[] = [];
  for (let i = 0; i < flat.length; i += 2) out.push(`(${r4(flat[i]!)}, ${r4(flat[i + 1]!)})`);
  return out;
};

function shapeMatching(): WorkbookExample {
  const rest = [-1, -1, 1, -1, 1, 1, -1, 1];
  const x = [1, -1, 1, 1, -0.4, 0.4, -1, -1];
  const sm = new ShapeMatching(rest, [1, 1, 1, 1], [[0, 1, 2, 3]], { dim: 2, stiffness: 0.5 });
  let t: ShapeMatchingTrace | undefined;
  sm.trace = (tr) => {
    t = tr;
  };
  const goals = new Float64Array(8);
  const theta = sm.clusterGoals(0, x, false, goals);
  const tr = t!;
  const offsets: number[] = [];
  for (let i = 0; i < 4; i++) offsets.push(x[2 * i]! - tr.centre[0]!, x[2 * i + 1]! - tr.centre[1]!);
  const moved = Float64Array.from(x);
  sm.trace = undefined;
  sm.project(moved, [1, 1, 1, 1]);
  const [a11, a12, a21, a22] = tr.A as [number, number, number, number];
  const deg = (theta * 180) / Math.PI;
  const expectedGoals = [1.15, -1.15, 1.15, 0.85, -0.85, 0.85, -0.85, -1.15];
  return {
    id: '26.3-shape-matching',
    title: 'Shape matching: a unit square turned 90° and dented (Müller et al. 2005)',
    kind: 'example',
    steps: [
      {
        title: 'rest shape and current positions',
        lines: [`q = ${pts(rest).join(', ')}, c0 = (0, 0)`, `x = ${pts(x).join(', ')} (all masses 1)`],
      },
      {
        title: 'centre of mass and offsets',
        values: { cx: r4(tr.centre[0]!), cy: r4(tr.centre[1]!) },
        lines: [`x_i − c = ${pts(offsets).join(', ')}`],
      },
      {
        title: 'A = Σ m (x_i − c)(q_i − c0)ᵀ',
        values: { A11: r4(a11), A12: r4(a12), A21: r4(a21), A22: r4(a22) },
      },
      {
        title: 'rotation θ = atan2(A21 − A12, A11 + A22)',
        values: { 'A21 − A12': r4(a21 - a12), 'A11 + A22': r4(a11 + a22), 'θ (deg)': r4(deg) },
        lines: ['the dent does not fool it: the rotation is still 90°'],
      },
      {
        title: 'goals g_i = R (q_i − c0) + c',
        table: {
          columns: ['i', 'x_i', 'g_i'],
          rows: [0, 1, 2, 3].map((i) => [i + 1, pts(x)[i]!, pts(goals)[i]!]),
        },
      },
      {
        title: 'projection with α = 0.5: x_i ← x_i + α (g_i − x_i)',
        values: { 'x3.x': r4(moved[4]!), 'x3.y': r4(moved[5]!) },
        lines: [`all four: ${pts(moved).join(', ')}`],
      },
    ],
    checks: [
      { label: 'c = (0.15, −0.15)', pass: near(tr.centre[0]!, 0.15) && near(tr.centre[1]!, -0.15) },
      {
        label: 'A11 = 0.6, A12 = −3.4, A21 = 3.4, A22 = −0.6',
        pass: near(a11, 0.6) && near(a12, -3.4) && near(a21, 3.4) && near(a22, -0.6),
      },
      { label: 'θ = 90°', pass: near(deg, 90) },
      {
        label: 'targets (1.15, −1.15), (1.15, 0.85), (−0.85, 0.85), (−0.85, −1.15)',
        pass: expectedGoals.every((g, i) => near(goals[i]!, g)),
      },
      {
        label: 'dented corner moves to (−0.625, 0.625)',
        pass: near(moved[4]!, -0.625) && near(moved[5]!, 0.625),
      },
    ],
    conclusion:
      'The best-fit rotation is exactly 90° despite the dent, and with α = 0.5 the dented corner goes half-way to its target, (−0.625, 0.625). Using the whole A instead of R allows stretching (linear mode); overlapping clusters give local wobble.',
  };
}

/** F of the triangle with rest corners (0,0), (1,0), (0,1) moved to `corners`. */
function triangleF(corners: number[]): Float64Array {
  const dm = new Float64Array(4);
  restInverse2(0, 0, 1, 0, 0, 1, dm, 0);
  const x = new Float64Array(9);
  for (let i = 0; i < 3; i++) {
    x[3 * i] = corners[2 * i]!;
    x[3 * i + 1] = corners[2 * i + 1]!;
  }
  const F = new Float64Array(4);
  deformationGradient2(x, 3, 0, 1, 2, dm, 0, F);
  return F;
}

const mat = (m: ArrayLike<number>): string => `[${r4(m[0]!)} ${r4(m[1]!)}; ${r4(m[2]!)} ${r4(m[3]!)}]`;

function femStrain(): WorkbookExample {
  const Fs = triangleF([0, 0, 1.1, 0, 0, 1]);
  const epsS = linearStrain(Fs, 2, new Float64Array(4));
  const Fr = triangleF([0, 0, 0, 1, -1, 0]);
  const epsR = linearStrain(Fr, 2, new Float64Array(4));
  const coR = corotationalStrain(Fr, 2, new Float64Array(4));
  const grR = greenStrain(Fr, 2, new Float64Array(4));
  const zero = (m: Float64Array) => m.every((v) => Math.abs(v) < 1e-12);
  return {
    id: '26.3-fem-strain',
    title: 'FEM: deformation gradient and three strains of one triangle',
    kind: 'example',
    steps: [
      {
        title: 'rest triangle (0,0), (1,0), (0,1): D_m = I',
        lines: ['F = D_s D_m⁻¹ = D_s'],
      },
      {
        title: 'stretch the second corner to (1.1, 0)',
        lines: [`F = ${mat(Fs)}`, `ε = ½(F + Fᵀ) − I = ${mat(epsS)}`],
        values: { ε11: r4(epsS[0]!), ε22: r4(epsS[3]!) },
      },
      {
        title: 'turn the triangle 90°: corners (0,0), (0,1), (−1,0)',
        lines: [
          `F = ${mat(Fr)}`,
          `linear ε = ${mat(epsR)} — a rigid turn read as 100% compression`,
          `corotational S − I (F = R S) = ${mat(coR)}`,
          `Green ½(FᵀF − I) = ${mat(grR)}`,
        ],
      },
    ],
    checks: [
      {
        label: 'stretch: F = diag(1.1, 1)',
        pass: near(Fs[0]!, 1.1) && Fs[1] === 0 && Fs[2] === 0 && near(Fs[3]!, 1),
      },
      {
        label: 'stretch: ε = diag(0.1, 0)',
        pass: near(epsS[0]!, 0.1) && epsS[1] === 0 && epsS[2] === 0 && epsS[3] === 0,
      },
      { label: 'rotation: F = [0 −1; 1 0]', pass: Fr[0] === 0 && Fr[1] === -1 && Fr[2] === 1 && Fr[3] === 0 },
      { label: 'rotation: linear ε = diag(−1, −1)', pass: epsR[0] === -1 && epsR[3] === -1 && epsR[1] === 0 },
      { label: 'rotation: corotational strain = 0', pass: zero(coR) },
      { label: 'rotation: Green strain = 0', pass: zero(grR) },
    ],
    conclusion:
      'Linear strain sees a rigid 90° turn as diag(−1, −1) and would push the triangle with forces that do not exist; the corotational strain (rotation removed by the polar decomposition, as in shape matching) and the Green strain are zero for any rotation.',
  };
}

/** §26.3 worked examples on shape matching and FEM strains. */
export function softExamples(): WorkbookExample[] {
  return [shapeMatching(), femStrain()];
}
