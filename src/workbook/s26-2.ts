/**
 * Workbook §26.2 (rigid bodies, the 2D parts): the SAT example and its clipped manifold, the EPA
 * check, the crate's effective masses and sequential-impulse table, the Baumgarte bias, exercise
 * 26.8-3 and tasks 26.9-2 / 26.9-3. Every number comes from the engine: `satBoxes` and
 * `collidePolygons` (geometry), `convexContact` (GJK/EPA), and the rigid2d `World` stepping its
 * real PGS solver with a trace callback.
 */
import { collidePolygons } from '../geometry/collide2d.js';
import { convexContact } from '../geometry/epa2d.js';
import { Manifold2 } from '../geometry/manifold2d.js';
import { type OrientedBox2, satBoxes } from '../geometry/sat2d.js';
import { makeBox, Transform2 } from '../geometry/shapes2d.js';
import { boxSupport } from '../geometry/support2d.js';
import { type BodyId, baumgarteBias, World } from '../rigid2d/index.js';
import { type CrateRow, crateTrace } from '../scene/builders/crate.js';
import type { WorkbookExample, WorkbookSection, WorkbookStep, WorkbookTable } from './types.js';

const r4 = (x: number): number => Number(x.toFixed(4));

/** The SAT table of the book (axes A.x, A.y, u_B, v_B). */
function satTable(
  a: OrientedBox2,
  b: OrientedBox2,
): { table: WorkbookTable; result: ReturnType<typeof satBoxes> } {
  const result = satBoxes(a, b);
  const names = ['A x', 'A y', 'u_B', 'v_B'];
  return {
    result,
    table: {
      columns: ['axis', 'n', 'rA', 'rB', 'distance', 'overlap'],
      rows: result.rows.map((row, i) => [
        names[i]!,
        `(${r4(row.nx)}, ${r4(row.ny)})`,
        r4(row.rA),
        r4(row.rB),
        r4(row.distance),
        r4(row.overlap),
      ]),
    },
  };
}

/** The clipped manifold of two boxes by the engine's narrowphase (incident points and depths). */
function clippedPoints(
  aHalf: [number, number],
  bHalf: [number, number],
  bx: number,
  by: number,
  ux: number,
  uy: number,
) {
  const m = collidePolygons(
    makeBox(aHalf[0], aHalf[1]),
    new Transform2(),
    makeBox(bHalf[0], bHalf[1]),
    new Transform2(bx, by, ux, uy),
    0.02,
    new Manifold2(),
  );
  const points = [];
  for (let k = 0; k < m.pointCount; k++) points.push({ x: m.ix[k]!, y: m.iy[k]!, depth: -m.separation[k]! });
  return { m, points };
}

function satExample(): WorkbookExample {
  const A: OrientedBox2 = { cx: 0, cy: 0, ux: 1, uy: 0, eu: 2, ev: 1 };
  const far = satTable(A, { cx: 3, cy: 1.8, ux: 0.8, uy: 0.6, eu: 1, ev: 0.5 });
  const near = satTable(A, { cx: 2.5, cy: 1.5, ux: 0.8, uy: 0.6, eu: 1, ev: 0.5 });
  const clip = clippedPoints([2, 1], [1, 0.5], 2.5, 1.5, 0.8, 0.6);
  // EPA through the support functions (the cores of both boxes)
  const epa = convexContact(boxSupport(2, 1), boxSupport(1, 0.5, 2.5, 1.5, 0.8, 0.6));
  const sa = { x: 0, y: 0 };
  const sb = { x: 0, y: 0 };
  boxSupport(2, 1).support(0.8, 0.6, sa);
  boxSupport(1, 0.5, 2.5, 1.5, 0.8, 0.6).support(-0.8, -0.6, sb);
  return {
    id: '26.2-sat',
    title: 'SAT for two boxes, the clipped manifold and the EPA check',
    kind: 'example',
    steps: [
      {
        title: 'B at (3, 1.8): the four axes',
        lines: ['u_B separates with a gap of 0.28 although both AABB axes (A x, A y) overlap'],
        table: far.table,
        values: { overlapping: far.result.overlapping, gapOnUB: -far.result.rows[2]!.overlap },
      },
      {
        title: 'B at (2.5, 1.5): all four axes overlap',
        table: near.table,
        values: {
          overlapping: near.result.overlapping,
          normal: [near.result.normalX, near.result.normalY],
          depth: near.result.depth,
        },
      },
      {
        title: 'clipping: reference face on B (outward normal −u_B), incident face = A’s right edge',
        lines: clip.points.map((p) => `(${r4(p.x)}, ${r4(p.y)}) depth ${r4(p.depth)}`),
        values: {
          referenceOnB: clip.m.flip,
          incidentEdgeOfA: clip.m.incidentEdge,
          normal: [clip.m.normalX, clip.m.normalY],
        },
      },
      {
        title: 'EPA on the Minkowski difference (support functions)',
        lines: [
          `s_A(u_B)·u_B = ${r4(sa.x * 0.8 + sa.y * 0.6)}, s_B(−u_B)·u_B = ${r4(sb.x * 0.8 + sb.y * 0.6)}`,
          'A − B reaches 0.3 past the origin along u_B; EPA finds it as the minimum over all directions',
        ],
        values: { depth: -epa.separation, normal: [epa.normal.x, epa.normal.y], usedEpa: epa.usedEpa },
      },
    ],
    conclusion: `normal (${r4(near.result.normalX)}, ${r4(near.result.normalY)}), depth ${r4(near.result.depth)}; manifold {(2, 1) depth 0.3, (2, 0.5) depth 0}; EPA depth ${r4(-epa.separation)}`,
  };
}

function crateTable(rows: CrateRow[]): WorkbookTable {
  return {
    columns: ['iteration', 'λn total', 'λt total', 'v', 'ω', 'vn after'],
    rows: rows.map((r) => [r.iteration, r4(r.pn), r4(r.pt), `(${r4(r.vx)}, ${r4(r.vy)})`, r4(r.w), r4(r.vn)]),
  };
}

function crateExample(): WorkbookExample {
  const five = crateTrace(0.5, 5);
  const exact = crateTrace(0.5, 200).rows.at(-1)!;
  const first = five.rows[0]!;
  return {
    id: '26.2-crate',
    title: 'The crate on a post: effective mass and sequential impulses (μ = 0.5)',
    kind: 'example',
    steps: [
      {
        title: 'effective masses (from the solver’s prepare step)',
        lines: ['1/m_eff = 1/m + (r×n)²/I = 1 + 0.5²·6'],
        values: { invMeffNormal: five.kn, invMeffTangent: five.kt },
      },
      {
        title: 'iteration 1: normal, then friction clamped to μλn',
        values: {
          lambdaN: first.pn,
          lambdaT: first.pt,
          v: [first.vx, first.vy],
          omega: first.w,
          vnAfter: first.vn,
        },
      },
      { title: 'iterations 1–5 (accumulated impulses clamped)', table: crateTable(five.rows) },
      {
        title: 'converged (200 sweeps): the sliding solution',
        lines: ['λt = −μλn, vn = −2 + 1.75 λn = 0 → λn = 8/7'],
        values: {
          lambdaN: exact.pn,
          lambdaT: exact.pt,
          v: [exact.vx, exact.vy],
          omega: exact.w,
          vn: exact.vn,
          cornerSlip: exact.vx + 0.5 * exact.w,
        },
      },
    ],
    conclusion: `λn → ${r4(exact.pn)} = 8/7; the error shrinks by ${r4(five.rows[4]!.vn / five.rows[3]!.vn)} per iteration`,
  };
}

/**
 * §26.2 Baumgarte: a disc (r = 0.5) resting 2 cm into the ground, one step of h = 1/60 with one
 * Baumgarte iteration (β = 0.2, slop 0.5 cm) and no gravity; the disc's velocity afterwards is the
 * solver's separating speed. Shared by the workbook and the golden test.
 */
export function baumgarteDiscWorld(): { world: World; disc: BodyId } {
  const world = new World({
    gravity: [0, 0],
    enableSleep: false,
    solver: { positionCorrection: 'baumgarte', beta: 0.2, slop: 0.005, iterations: 1, substeps: 1 },
  });
  const ground = world.createBody({ type: 'static' });
  world.createShape(ground, { kind: 'box', halfWidth: 5, halfHeight: 0.5, center: [0, -0.5] });
  const disc = world.createBody({ position: [0, 0.5 - 0.02] });
  world.createShape(disc, { kind: 'circle', radius: 0.5 });
  world.step(1 / 60);
  return { world, disc };
}

function baumgarteExample(): WorkbookExample {
  const bias = baumgarteBias(0.2, 1 / 60, 0.02, 0.005);
  // the solver: a disc 2 cm into the ground, one Baumgarte iteration
  const { world, disc } = baumgarteDiscWorld();
  return {
    id: '26.2-baumgarte',
    title: 'Baumgarte bias with slop (β = 0.2, h = 1/60, depth 2 cm, slop 0.5 cm)',
    kind: 'example',
    steps: [
      {
        title: 'target separating speed',
        lines: ['vn ≥ (β/h)·max(d − d_slop, 0) = 0.2·60·0.015'],
        values: { bias },
      },
      {
        title: 'the solver on a disc 2 cm deep (one iteration)',
        values: { separatingSpeed: world.getLinearVelocity(disc)[1] },
      },
    ],
    conclusion: `${r4(bias)} m/s`,
  };
}

function satExercise(cx: number, cy: number, moved?: [number, number]) {
  const A: OrientedBox2 = { cx: 0, cy: 0, ux: 1, uy: 0, eu: 1.5, ev: 1 };
  const B = (x: number, y: number): OrientedBox2 => ({ cx: x, cy: y, ux: 0.6, uy: 0.8, eu: 1, ev: 0.5 });
  const t = satTable(A, B(cx, cy));
  const steps: WorkbookStep[] = [
    {
      title: `B at (${cx}, ${cy}): the four axes`,
      table: t.table,
      values: {
        overlapping: t.result.overlapping,
        normal: [t.result.normalX, t.result.normalY],
        depth: t.result.depth,
        axis: ['A x', 'A y', 'u_B', 'v_B'][t.result.axis]!,
      },
    },
  ];
  const clip = clippedPoints([1.5, 1], [1, 0.5], cx, cy, 0.6, 0.8);
  steps.push({
    title: 'the engine’s clipped manifold',
    lines: clip.points.map((p) => `(${r4(p.x)}, ${r4(p.y)}) depth ${r4(p.depth)}`),
    values: { normal: [clip.m.normalX, clip.m.normalY] },
  });
  let separatedBy: string | undefined;
  if (moved) {
    const t2 = satTable(A, B(moved[0], moved[1]));
    separatedBy = t2.result.overlapping ? 'none' : ['A x', 'A y', 'u_B', 'v_B'][t2.result.axis]!;
    steps.push({
      title: `B moved to (${moved[0]}, ${moved[1]})`,
      table: t2.table,
      values: { overlapping: t2.result.overlapping, separatingAxis: separatedBy },
    });
  }
  return { t, clip, steps, separatedBy };
}

function exercise3(): WorkbookExample {
  const e = satExercise(2.3, 0.5, [2.8, 0.5]);
  return {
    id: '26.8-3',
    title: 'Exercise 26.8-3: SAT for A (1.5, 1) and B (1, 0.5) with u_B = (0.6, 0.8)',
    kind: 'exercise',
    steps: e.steps,
    conclusion: `at (2.3, 0.5): normal (${r4(e.t.result.normalX)}, ${r4(e.t.result.normalY)}), depth ${r4(e.t.result.depth)}; at (2.8, 0.5) the separating axis is ${e.separatedBy}`,
  };
}

function task2(): WorkbookExample {
  const e = satExercise(1, 1.8);
  const rows = e.t.result.rows;
  return {
    id: '26.9-2',
    title: 'Task 26.9-2: SAT by hand — A (1.5, 1) at the origin, B (1, 0.5) at (1, 1.8), u_B = (0.6, 0.8)',
    kind: 'task',
    steps: e.steps,
    checks: [
      { label: 'all four overlaps are positive', pass: rows.every((r) => r.overlap > 0) },
      { label: 'the smallest overlap is on A’s y axis', pass: e.t.result.axis === 1 },
      {
        label: 'the normal is (0, 1)',
        pass: Math.abs(e.t.result.normalX) < 1e-12 && Math.abs(e.t.result.normalY - 1) < 1e-12,
      },
      { label: 'the depth is below 0.5', pass: e.t.result.depth < 0.5 },
    ],
    conclusion: `normal (0, 1), depth ${r4(e.t.result.depth)}`,
  };
}

function task3(): WorkbookExample {
  const mu = 0.2;
  const two = crateTrace(mu, 2);
  const many = crateTrace(mu, 200);
  const exact = many.rows.at(-1)!;
  const first = two.rows[0]!;
  const vns = many.rows.slice(0, 6).map((r) => Math.abs(r.vn));
  const slip = exact.vx + 0.5 * exact.w; // corner speed along t = (1, 0)
  return {
    id: '26.9-3',
    title: 'Task 26.9-3: the crate again with μ = 0.2',
    kind: 'task',
    steps: [
      {
        title: 'two sweeps by hand (normal, then friction; accumulated values clamped)',
        table: crateTable(two.rows),
      },
      {
        title: 'converged: the sliding solution',
        lines: ['λt = −μλn; vn = −2 + (2.5 − 1.5μ)·λn = 0'],
        values: {
          lambdaN: exact.pn,
          lambdaT: exact.pt,
          v: [exact.vx, exact.vy],
          omega: exact.w,
          cornerSlip: slip,
        },
      },
    ],
    checks: [
      {
        label: 'after iteration 1 the friction impulse sits exactly at −μλn',
        pass: first.pt === -mu * first.pn,
      },
      {
        label: 'the remaining vn shrinks every iteration',
        pass: vns.every((v, i) => i === 0 || v < vns[i - 1]!),
      },
      { label: 'the exact λn lies between 0.8 and 1', pass: exact.pn > 0.8 && exact.pn < 1 },
      { label: 'the contact keeps sliding', pass: slip > 1e-6 && Math.abs(exact.pt + mu * exact.pn) < 1e-12 },
    ],
    conclusion: `λn = ${r4(exact.pn)} (= 1/1.1), λt = ${r4(exact.pt)}, the corner slides at ${r4(slip)} m/s`,
  };
}

/** Workbook §26.2. */
export const section26_2: WorkbookSection = {
  id: '26.2',
  title: 'Rigid bodies: contacts, SAT, GJK/EPA, sequential impulses',
  examples: () => [satExample(), crateExample(), baumgarteExample(), exercise3(), task2(), task3()],
};
