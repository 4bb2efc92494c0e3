import { addCloth, clothMesh } from '../xpbd/cloth.js';
import { isValidColoring } from '../xpbd/coloring.js';
import { type Coloring, colorCount } from '../xpbd/constraint.js';
import { DistanceSet } from '../xpbd/distance.js';
import { type XpbdSettings, XpbdWorld } from '../xpbd/solver.js';
import { pbdStiffness } from '../xpbd/stiffness.js';
import type { WorkbookExample, WorkbookStep } from './types.js';

const r4 = (v: number): number => Math.round(v * 1e4) / 1e4;
const xy = (w: XpbdWorld, i: number): number[] => [r4(w.particles.x[3 * i]), r4(w.particles.x[3 * i + 1])];

/** A world of particles at the given 2D points (z = 0) with inverse masses, no gravity unless given. */
function world2d(points: [number, number, number][], settings: Partial<XpbdSettings>): XpbdWorld {
  const w = new XpbdWorld({ gravity: [0, 0, 0], substeps: 1, iterations: 1, ...settings });
  for (const [x, y, inv] of points) w.particles.add(x, y, 0, inv);
  return w;
}

function len(w: XpbdWorld, a: number, b: number): number {
  const x = w.particles.x;
  return Math.hypot(x[3 * a] - x[3 * b], x[3 * a + 1] - x[3 * b + 1]);
}

/** §26.3: the three distance projections of p1 = (0,0), p2 = (3,4), d = 4. */
function distanceProjections(): WorkbookExample {
  const cases: [string, number, number][] = [
    ['equal masses, w1 = w2 = 1', 1, 1],
    ['p1 fixed, w1 = 0', 0, 1],
    ['w1 = 1, w2 = 3 (p2 three times lighter)', 1, 3],
  ];
  const steps: WorkbookStep[] = [];
  const checks = [];
  for (const [title, w1, w2] of cases) {
    const w = world2d(
      [
        [0, 0, w1],
        [3, 4, w2],
      ],
      { integrator: 'pbd' },
    );
    const set = w.add(new DistanceSet());
    set.add(w.particles, 0, 1, 4);
    const m1 = w1 > 0 ? 1 / w1 : Number.POSITIVE_INFINITY;
    const m2 = 1 / w2;
    const com = () =>
      Number.isFinite(m1) ? [(m1 * w.particles.x[0] + m2 * w.particles.x[3]) / (m1 + m2)] : [0];
    const before = com()[0];
    w.prepare(1 / 60);
    w.resetLambda();
    w.sweep(0); // the solver's own Gauss–Seidel sweep
    const values: Record<string, number[] | number> = {
      p1: xy(w, 0),
      p2: xy(w, 1),
      length: r4(len(w, 0, 1)),
    };
    steps.push({
      title,
      lines: [
        'distance 5, C = 1, n̂ = (p1 − p2)/|p1 − p2| = (−0.6, −0.8); Δp1 = −w1/(w1+w2) C n̂, Δp2 = +w2/(w1+w2) C n̂',
      ],
      values,
    });
    checks.push({ label: `${title}: new length is 4`, pass: Math.abs(len(w, 0, 1) - 4) < 1e-12 });
    if (w1 === 1 && w2 === 3) {
      checks.push({
        label: 'w1 = 1, w2 = 3: the centre of mass does not move',
        pass: Math.abs(com()[0] - before) < 1e-12,
      });
    }
  }
  return {
    id: '26.3-distance-projection',
    title: 'Distance constraint projection: p1 = (0,0), p2 = (3,4), d = 4',
    kind: 'example',
    steps,
    checks,
    conclusion:
      'One projection solves one constraint exactly; heavier particles move less and the centre of mass stays put.',
  };
}

/** §26.3: stiffness k depends on the iteration count; k′ = 1 − (1 − k)^(1/n) fixes it. */
function stiffnessIterations(): WorkbookExample {
  const residual = (k: number, n: number, correct: boolean): number => {
    const w = world2d(
      [
        [0, 0, 0],
        [5, 0, 1],
      ],
      { integrator: 'pbd', iterations: n, stiffnessCorrection: correct },
    );
    w.add(new DistanceSet({ stiffness: k })).add(w.particles, 0, 1, 4);
    w.prepare(1 / 60);
    w.resetLambda();
    for (let it = 0; it < n; it++) w.sweep(it);
    return len(w, 0, 1) - 4; // the initial error was 1
  };
  const rows = [1, 4, 16].map((n) => [n, residual(0.5, n, false), residual(0.5, n, true)]);
  const kp = pbdStiffness(0.5, 4);
  return {
    id: '26.3-stiffness-iterations',
    title: 'PBD stiffness k = 0.5 after n iterations, and the correction k′',
    kind: 'example',
    steps: [
      {
        title: 'remaining error of a unit violation after n sweeps',
        table: { columns: ['n', 'error with k = 0.5: (1 − k)^n', 'error with k′'], rows },
      },
      { title: 'k′ for k = 0.5, n = 4', values: { kPrime: r4(kp), check: r4((1 - kp) ** 4) } },
    ],
    checks: [
      {
        label: 'k = 0.5 leaves 0.5, 0.0625, 0.000015 after 1, 4, 16 iterations',
        pass: Math.abs(rows[1][1] - 0.0625) < 1e-12 && rows[2][1].toPrecision(2) === '0.000015',
      },
      { label: 'k′ = 0.159 for n = 4', pass: kp.toFixed(3) === '0.159' },
      { label: 'with k′ every n leaves 0.5', pass: rows.every((r) => Math.abs(r[2] - 0.5) < 1e-9) },
    ],
    conclusion:
      'The same k makes the material stiffer the more iterations run; k′ removes the dependence on n but not on the time step.',
  };
}

/** §26.3: the XPBD listing — α = 0 and α = 0.01, h = 0.1, two iterations. */
function xpbdIterations(): WorkbookExample {
  const rows: (string | number)[][] = [];
  const lambdas: Record<string, number[]> = {};
  let stretched = 0;
  for (const alpha of [0, 0.01]) {
    const w = world2d(
      [
        [0, 0, 1],
        [3, 4, 1],
      ],
      { integrator: 'xpbd', iterations: 2 },
    );
    const set = w.add(new DistanceSet({ compliance: alpha }));
    set.add(w.particles, 0, 1, 4);
    lambdas[String(alpha)] = [];
    w.trace = (e) => {
      if (e.stage !== 'sweep') return;
      const p1 = xy(w, 0);
      const p2 = xy(w, 1);
      rows.push([
        alpha,
        e.iteration + 1,
        `(${p1.join(', ')})`,
        `(${p2.join(', ')})`,
        r4(len(w, 0, 1)),
        r4(set.lambda[0]),
      ]);
      lambdas[String(alpha)].push(set.lambda[0]);
    };
    w.prepare(0.1); // h = 0.1 → α̃ = α/h²
    w.resetLambda();
    w.sweep(0);
    w.sweep(1);
    stretched = len(w, 0, 1) - 4;
  }
  const [a0, a1] = [lambdas['0'], lambdas['0.01']];
  const l01 = rows[3][4] as number;
  return {
    id: '26.3-xpbd-iterations',
    title: 'XPBD: α = 0 (PBD) and α = 0.01 m/N (k = 100 N/m), h = 0.1 s, two iterations',
    kind: 'example',
    steps: [
      {
        title: 'the listing: Δλ = (−C − α̃λ)/(w1 + w2 + α̃), α̃ = α/h²',
        table: { columns: ['alpha', 'iteration', 'p1', 'p2', 'length', 'lambda'], rows },
      },
      {
        title: 'equilibrium, not projection',
        lines: [
          'each particle is held 1/3 m from where inertia wanted it: m·(1/3)/h² = 33.3 N = k·C = 100·(1/3)',
        ],
        values: { inertiaForce: r4(1 / 3 / 0.01), springForce: r4(100 * stretched) },
      },
    ],
    checks: [
      { label: 'α = 0: length 4.0000, λ = −0.5', pass: rows[1][4] === 4 && Math.abs(a0[1] + 0.5) < 1e-12 },
      {
        label: 'α = 0.01: length 4.3333, λ = −0.3333',
        pass: l01 === 4.3333 && Math.abs(a1[1] + 1 / 3) < 1e-12,
      },
      {
        label: 'the second iteration changes nothing',
        pass: a0[0] === a0[1] && Math.abs(a1[0] - a1[1]) < 1e-15,
      },
    ],
    conclusion:
      'With compliance the answer is an implicit-Euler spring step; more iterations no longer stiffen it.',
  };
}

/** §26.3 figure: the 13×13 PBD cloth at 1, 4, 16 iterations (8-colour order of §26.5). */
function clothIterations(): WorkbookExample {
  const rows: number[][] = [];
  for (const n of [1, 4, 16]) {
    const w = new XpbdWorld({ integrator: 'pbd', substeps: 1, iterations: n, order: 'colored' });
    const cloth = addCloth(w, clothMesh({ nx: 13, ny: 13, width: 1.2, height: 1.2, plane: 'xy' }), {
      bending: 'none',
    });
    for (let f = 0; f < 180; f++) w.step(1 / 60);
    let minY = 0;
    for (let i = 0; i < w.particles.count; i++) minY = Math.min(minY, w.particles.x[3 * i + 1]);
    rows.push([n, Math.round(cloth.stretch.maxStretch(w.particles.x) * 100), Math.round(-minY * 100) / 100]);
  }
  return {
    id: '26.3-pbd-cloth',
    title: 'The same PBD cloth (13×13, 1.2 m, two corners, 60 Hz, 3 s) at 1, 4 and 16 iterations',
    kind: 'example',
    steps: [
      { title: 'after 3 s', table: { columns: ['iterations', 'max stretch %', 'hanging length m'], rows } },
    ],
    checks: [
      {
        label: 'more iterations: less stretch (book: 105% / 28% / 7%)',
        pass: rows[0][1] > rows[1][1] && rows[1][1] > rows[2][1],
      },
    ],
    conclusion:
      'An iterative solver stopped early leaves "rigid" cloth stretched, most near the pinned corners.',
  };
}

/** Exercise 26.8-4: a 3-particle rope, PBD two sweeps, then XPBD with α̃ = 1 one sweep. */
function exercise4(): WorkbookExample {
  const pts: [number, number, number][] = [
    [0, 0, 0],
    [0, -1.5, 1],
    [0, -3, 1],
  ];
  const pbd = world2d(pts, { integrator: 'pbd', iterations: 2 });
  const links = pbd.add(new DistanceSet());
  links.add(pbd.particles, 0, 1, 1);
  links.add(pbd.particles, 1, 2, 1);
  const rows: (string | number)[][] = [];
  pbd.trace = (e) => {
    if (e.stage === 'sweep')
      rows.push([`PBD sweep ${e.iteration + 1}`, r4(len(pbd, 0, 1)), r4(len(pbd, 1, 2))]);
  };
  pbd.prepare(1);
  pbd.resetLambda();
  pbd.sweep(0);
  pbd.sweep(1);
  // XPBD with α̃ = α/h² = 1: h = 1, α = 1
  const xp = world2d(pts, { integrator: 'xpbd' });
  const xl = xp.add(new DistanceSet({ compliance: 1 }));
  xl.add(xp.particles, 0, 1, 1);
  xl.add(xp.particles, 1, 2, 1);
  xp.trace = (e) => {
    if (e.stage === 'sweep') rows.push(['XPBD α̃ = 1, one sweep', r4(len(xp, 0, 1)), r4(len(xp, 1, 2))]);
  };
  xp.prepare(1);
  xp.resetLambda();
  xp.sweep(0);
  const errPbd = Math.abs(len(pbd, 0, 1) - 1) + Math.abs(len(pbd, 1, 2) - 1);
  const errX = Math.abs(len(xp, 0, 1) - 1) + Math.abs(len(xp, 1, 2) - 1);
  return {
    id: '26.8-4',
    title: 'Exercise 26.8-4: a hanging three-particle rope, PBD (2 sweeps) vs XPBD (α̃ = 1)',
    kind: 'exercise',
    steps: [
      {
        title: 'p1 = (0,0) fixed, p2 = (0,−1.5), p3 = (0,−3), w = 1, rest length 1',
        table: { columns: ['after', 'length 1–2', 'length 2–3'], rows },
      },
      { title: 'total length error', values: { pbd: r4(errPbd), xpbd: r4(errX) } },
    ],
    checks: [
      { label: 'PBD is closer to the rest length', pass: errPbd < errX },
      {
        label: 'after each PBD sweep the second link is exactly 1',
        pass: rows[0][2] === 1 && rows[1][2] === 1,
      },
    ],
    conclusion:
      'PBD is closer: it projects rigid links. XPBD with α̃ = 1 solves a soft spring against inertia (an implicit-Euler step), so a stretched result is the correct answer for that compliance — not a defect.',
  };
}

/** Task 26.9-4: predict with g = 10, h = 0.1, two projection sweeps, new velocities. */
function task4(): WorkbookExample {
  const w = world2d(
    [
      [0, 0, 0],
      [0, -1, 1],
      [0, -2, 1],
    ],
    { integrator: 'pbd', iterations: 2, gravity: [0, -10, 0] },
  );
  const links = w.add(new DistanceSet());
  links.add(w.particles, 0, 1, 1);
  links.add(w.particles, 1, 2, 1);
  const steps: WorkbookStep[] = [];
  const lengths: number[][] = [];
  w.trace = (e) => {
    if (e.stage === 'predict') {
      steps.push({ title: 'predict: v ← v + h g, p = x + h v', values: { p2: xy(w, 1), p3: xy(w, 2) } });
    } else if (e.stage === 'sweep') {
      lengths.push([len(w, 0, 1), len(w, 1, 2)]);
      steps.push({
        title: `sweep ${e.iteration + 1} (1–2, then 2–3)`,
        values: { p2: xy(w, 1), p3: xy(w, 2), length12: r4(len(w, 0, 1)), length23: r4(len(w, 1, 2)) },
      });
    } else {
      steps.push({
        title: 'update: v = (p − x)/h',
        values: {
          v2: [r4(w.particles.v[3]), r4(w.particles.v[4])],
          v3: [r4(w.particles.v[6]), r4(w.particles.v[7])],
        },
      });
    }
  };
  w.step(0.1); // one substep of h = 0.1 with two sweeps: the real solver loop
  const v2 = w.particles.v[4];
  const v3 = w.particles.v[7];
  return {
    id: '26.9-4',
    title: 'Task 26.9-4: a PBD rope by hand (g = 10, h = 0.1, two sweeps)',
    kind: 'task',
    steps,
    checks: [
      {
        label: 'after each sweep the second link is exactly 1',
        pass: lengths.every((l) => Math.abs(l[1] - 1) < 1e-12),
      },
      { label: 'the first link is a little long', pass: lengths.every((l) => l[0] > 1) },
      {
        label: 'its excess is halved by the second sweep',
        pass: Math.abs((lengths[1][0] - 1) / (lengths[0][0] - 1) - 0.5) < 1e-9,
      },
      {
        label: 'both moving particles get the same small downward velocity',
        pass: Math.abs(v2 - v3) < 1e-9 && v2 < 0 && v2 > -1,
      },
    ],
    conclusion: `The rope stays nearly at rest: both particles move down at ${r4(-v2)} m/s after the step.`,
  };
}

/** §26.5: the 8-colour graph colouring of the §26.3 cloth. */
function clothColoring(): WorkbookExample {
  const w = new XpbdWorld();
  const cloth = addCloth(w, clothMesh({ nx: 13, ny: 13, width: 1.2, height: 1.2 }), { bending: 'none' });
  const col = cloth.stretch.coloring as Coloring;
  const names = [
    'horizontal, even column',
    'horizontal, odd column',
    'vertical, even row',
    'vertical, odd row',
  ];
  names.push(
    'diagonal, even column',
    'diagonal, odd column',
    'anti-diagonal, even column',
    'anti-diagonal, odd column',
  );
  const rows = names.map((n, c) => [c, n, col.offsets[c + 1] - col.offsets[c]]);
  return {
    id: '26.5-coloring',
    title: 'Graph colouring of the 13×13 cloth: 8 colours',
    kind: 'example',
    steps: [
      {
        title: 'colours (no two constraints of a colour share a particle)',
        table: { columns: ['colour', 'constraints', 'count'], rows },
      },
    ],
    checks: [
      { label: '8 colours', pass: colorCount(col) === 8 },
      { label: 'the colouring is valid', pass: isValidColoring(cloth.stretch, col, w.particles.count) },
    ],
    conclusion:
      'Each colour can run in parallel; running the colours one after another is still exact Gauss–Seidel.',
  };
}

/** §26.3 worked examples on PBD/XPBD distance constraints, stiffness, cloth; exercise 26.8-4, task 26.9-4. */
export function pbdExamples(): WorkbookExample[] {
  return [
    distanceProjections(),
    stiffnessIterations(),
    xpbdIterations(),
    clothIterations(),
    exercise4(),
    task4(),
    clothColoring(),
  ];
}
