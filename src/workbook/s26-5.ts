/**
 * Workbook §26.5: Voronoi fracture and determinism, and the multiple-choice questions of §26.8.
 *
 * - The bisector example (seeds (0, 0) and (4, 2) → 2x + y = 5; the point (1, 1) belongs to the first
 *   seed) computed by the fracture code itself (geometry/voronoi2d.ts), and the two Voronoi cells of
 *   a plate cut with those seeds.
 * - Floating-point addition is not associative: in single precision (1e8 − 1e8) + 1 = 1 but
 *   1e8 + (−1e8 + 1) = 0, evaluated with `Math.fround` after every operation.
 * - §26.8's three multiple-choice questions, each option judged with a number from the library
 *   where one exists (the integrators' energy factors, the SAT axis count, the XPBD compliance
 *   scaling), and the reason the right answer is right.
 */
import { bisectorHalfPlane2, clipPolygonToHalfPlane2, voronoiCells2 } from '../geometry/voronoi2d.js';
import { springEnergy, springStep } from '../integrators/linear-spring.js';
import type { WorkbookExample, WorkbookSection } from './types.js';

const r6 = (x: number): number => Number(x.toFixed(6));

function bisectorExample(): WorkbookExample {
  const h = bisectorHalfPlane2(0, 0, 4, 2);
  // the book divides by 4: 8x + 4y = 20 → 2x + y = 5
  const g = 4;
  const side = h.a * 1 + h.b * 1;
  const d1 = 1 * 1 + 1 * 1;
  const d2 = (1 - 4) ** 2 + (1 - 2) ** 2;
  const plate = [-1, -1, 5, -1, 5, 3, -1, 3];
  const cells = voronoiCells2(plate, [0, 0, 4, 2]);
  const half = clipPolygonToHalfPlane2(plate, h);
  return {
    id: '26.5-voronoi',
    title: 'Voronoi fracture: the bisector of two seeds',
    kind: 'example',
    steps: [
      {
        title: 'bisector of s1 = (0, 0) and s2 = (4, 2)',
        lines: [
          '|p − s1|² = |p − s2|²  ⇔  2(s2 − s1)·p = |s2|² − |s1|²',
          `${h.a}x + ${h.b}y = ${h.c}, divided by ${g}: ${h.a / g}x + ${h.b / g}y = ${h.c / g}`,
        ],
        values: { a: h.a / g, b: h.b / g, c: h.c / g },
      },
      {
        title: 'which seed owns (1, 1)',
        lines: [
          `2·1 + 1·1 = ${side / g} < ${h.c / g}: the point lies on s1's side`,
          `squared distances: to s1 ${d1}, to s2 ${d2}`,
        ],
        values: { side: side / g, d1, d2 },
      },
      {
        title: 'the plate [−1, 5] × [−1, 3] cut into the two cells (clipping by the half-plane)',
        table: {
          columns: ['seed', 'vertices', 'area'],
          rows: cells.map((c) => [
            c.seed + 1,
            Array.from(
              { length: c.vertices.length / 2 },
              (_, i) => `(${r6(c.vertices[2 * i]!)}, ${r6(c.vertices[2 * i + 1]!)})`,
            ).join(' '),
            r6(c.area),
          ]),
        },
        values: { halfVertices: half.length / 2 },
      },
    ],
    checks: [
      { label: 'the bisector is 2x + y = 5', pass: h.a / g === 2 && h.b / g === 1 && h.c / g === 5 },
      {
        label: '(1, 1) belongs to s1 (3 < 5; squared distances 2 and 10)',
        pass: side / g === 3 && d1 === 2 && d2 === 10,
      },
      {
        label: 'the two cells tile the plate (areas sum to 24)',
        pass: Math.abs(cells.reduce((s, c) => s + c.area, 0) - 24) < 1e-12,
      },
    ],
    conclusion:
      'Every Voronoi cell is an intersection of half-planes, so every piece is convex — ready for SAT and GJK.',
  };
}

function associativityExample(): WorkbookExample {
  const f = Math.fround;
  const big = f(1e8);
  const left = f(f(big - big) + 1);
  const inner = f(-big + 1);
  const right = f(big + inner);
  return {
    id: '26.5-associativity',
    title: 'Determinism: floating-point addition is not associative',
    kind: 'example',
    steps: [
      {
        title: '(1e8 − 1e8) + 1 in single precision',
        lines: ['1e8 − 1e8 = 0 exactly; 0 + 1 = 1'],
        values: { left },
      },
      {
        title: '1e8 + (−1e8 + 1) in single precision',
        lines: [
          `−1e8 + 1 rounds back to ${inner} (the spacing of floats near 1e8 is 8)`,
          `1e8 + ${inner} = ${right}`,
        ],
        values: { inner, right },
      },
    ],
    checks: [
      { label: '(1e8 − 1e8) + 1 = 1', pass: left === 1 },
      { label: '1e8 + (−1e8 + 1) = 0', pass: right === 0 },
    ],
    conclusion:
      'A different order of the same additions (threads, SIMD width, a fused multiply–add) changes the last bits; a chaotic scene amplifies them. rikigaku fixes the order of every sum in a step.',
  };
}

function choiceQuestions(): WorkbookExample[] {
  // Q1: one step of the undamped spring k = 100, m = 1 from x = 0.2 with h = 0.1 (hω = 1)
  const out = [0, 0];
  const e0 = springEnergy(0.2, 0, 100, 1);
  springStep('explicit-euler', 0.2, 0, 0.1, 100, 0, out);
  const eExplicit = springEnergy(out[0]!, out[1]!, 100, 1);
  springStep('implicit-euler', 0.2, 0, 0.1, 100, 0, out);
  const eImplicit = springEnergy(out[0]!, out[1]!, 100, 1);
  // explicit Euler on an undamped spring at a tiny step still gains energy
  springStep('explicit-euler', 0.2, 0, 0.001, 100, 0, out);
  const eSmall = springEnergy(out[0]!, out[1]!, 100, 1);
  const q1: WorkbookExample = {
    id: '26.8-q1',
    title: 'Question 1: integrating a stiff spring',
    kind: 'exercise',
    steps: [
      {
        title: 'one step of k = 100 N/m, m = 1 kg from x = 0.2 m, h = 0.1 s (hω = 1)',
        values: {
          E0: r6(e0),
          explicitFactor: r6(eExplicit / e0),
          implicitFactor: r6(eImplicit / e0),
          explicitFactorAtSmallStep: r6(eSmall / e0),
        },
        lines: [
          'A (right): implicit Euler is stable at any step but divides the energy by 1 + h²ω² each step, so the oscillation dies too early.',
          'B (wrong): explicit Euler multiplies the energy by 1 + h²ω² > 1 at every step size — even h = 0.001 gains.',
          'C (wrong): implicit Euler must solve a (linear) system every step; for cloth that is a CG solve, not the cost of an explicit step.',
          "D (wrong): explicit Euler's stability region |1 + z| ≤ 1 is a disc that touches the imaginary axis only at 0.",
          'E (wrong): a stiffer spring needs a smaller explicit step (the limit scales as 1/ω).',
        ],
      },
    ],
    checks: [
      { label: 'explicit Euler doubles the energy at hω = 1', pass: Math.abs(eExplicit / e0 - 2) < 1e-12 },
      { label: 'implicit Euler halves it', pass: Math.abs(eImplicit / e0 - 0.5) < 1e-12 },
      { label: 'explicit Euler gains energy even at h = 0.001', pass: eSmall > e0 },
    ],
    conclusion: 'Answer: A.',
  };
  const q2: WorkbookExample = {
    id: '26.8-q2',
    title: 'Question 2: rigid-body contact',
    kind: 'exercise',
    steps: [
      {
        title: 'the options',
        values: { satAxes3dBoxes: 3 + 3 + 3 * 3 },
        lines: [
          'A (wrong): two 3D boxes need 15 candidate axes — 3 face normals of each box and the 9 cross products of their edges.',
          'B (right): sequential impulses clamp the accumulated normal impulse to λn ≥ 0 and the friction impulse to |λt| ≤ μλn (textbook §26.2; rigid2d/contact-solver.ts does exactly this).',
          'C (wrong): GJK is a narrowphase distance algorithm on the Minkowski difference; sorting boxes along an axis is sweep-and-prune, a broadphase.',
          "D (wrong): warm starting applies the previous step's accumulated impulses as the first guess.",
          'E (wrong): the world inertia tensor R I_body Rᵀ changes with the orientation and is rebuilt every step.',
        ],
      },
    ],
    checks: [{ label: '3 + 3 + 9 = 15 SAT axes for two boxes', pass: 3 + 3 + 3 * 3 === 15 }],
    conclusion: 'Answer: B.',
  };
  // XPBD: the compliance is divided by h², so the same α gives the same stiffness at any iteration count
  const alpha = 1e-4;
  const h = 1 / 60;
  const q3: WorkbookExample = {
    id: '26.8-q3',
    title: 'Question 3: simulation methods',
    kind: 'exercise',
    steps: [
      {
        title: 'the options',
        values: { xpbdAlphaTilde: r6(alpha / (h * h)) },
        lines: [
          'A (wrong): semi-Lagrangian advection traces backwards in time and is stable at any CFL number (it smooths instead).',
          'B (wrong): the pressure projection removes the divergence of the velocity field; it never adds any.',
          "C (right): FLIP carries only the grid's change of velocity back to the particles (detail kept, noise added); PIC copies the grid velocity (smooth, dissipative).",
          'D (wrong): XPBD uses α̃ = α/h², which makes the stiffness independent of the iteration count — less dependent than PBD, not more.',
          "E (wrong): SPH sums kernel-weighted neighbour masses for the density; it solves no Poisson equation on a grid (that is the grid method's projection).",
        ],
      },
    ],
    checks: [
      { label: 'α̃ = α/h² (α = 1e-4, h = 1/60 → 0.36)', pass: Math.abs(alpha / (h * h) - 0.36) < 1e-12 },
    ],
    conclusion: 'Answer: C.',
  };
  return [q1, q2, q3];
}

export const section26_5: WorkbookSection = {
  id: '26.5',
  title: 'Fracture and determinism; the multiple-choice questions',
  examples: () => [bisectorExample(), associativityExample(), ...choiceQuestions()],
};
