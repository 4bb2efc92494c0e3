/**
 * `npm run bench -- grid [--quick]`: grid smoke (textbook §26.4) on 128², 256², 512² and 64³ cells.
 * For each size: a plume is warmed up with MGPCG, then from that same state every pressure solver
 * runs a few smoke steps to the same tolerance (1e-5 relative divergence, ‖∇·u‖₂ after /
 * before). Reported: ms per step (median), ms in the projection, iterations per step, cells per
 * second, and whether the tolerance was reached; the MGPCG rows add the step's stages (advection;
 * forces: sources, buoyancy, vorticity confinement; projection with its iterations; the rest).
 * The stationary solvers are capped (they need ~n² sweeps). The peer is the textbook's toy approach — 60 Jacobi sweeps from zero per step — and
 * we report how far its divergence stays above the tolerance. JSON goes to out/bench-grid.json and
 * bench/results/<machine>/grid.json (bench/results.ts).
 * Times are process CPU time (`process.cpuUsage`, user + system): the step is single-threaded and
 * the machine is shared, so CPU time is steadier than wall time; the load average is recorded.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { type PressureSolverKind, pressureSolverKinds } from '../src/fluid/pressure-solvers.js';
import { SmokeSim } from '../src/fluid/smoke.js';
import { writeResults } from './results.js';

interface Row {
  grid: string;
  cells: number;
  solver: string;
  /** median and fastest step (the machine is shared: the minimum is the least disturbed) */
  msPerStep: number;
  msPerStepMin: number;
  msProjection: number;
  /** the step's other stages (medians, CPU ms): advection of the velocity and the scalars; sources, buoyancy and vorticity confinement; the rest (boundaries, burning, the finite check) */
  msAdvect: number;
  msForces: number;
  msOther: number;
  iterations: number;
  relativeDivergence: number;
  converged: boolean;
  cellsPerSecond: number;
  note?: string;
}

const TOL = 1e-5;

function makeSim(n: number, three: boolean): SmokeSim {
  return new SmokeSim({
    nx: n,
    ny: n,
    nz: three ? n : 1,
    open: { yMax: true },
    solver: 'mgpcg',
    tolerance: TOL,
    vorticity: 2,
    buoyancyTemperature: 0.5,
    sources: [{ x: 0.5, y: 0.08, z: 0.5, radius: 0.07, density: 1, temperature: 1 }],
  });
}

/**
 * Replaces `obj[name]` by a wrapper that adds its CPU milliseconds to acc[key]; returns the undo.
 * (A stage nested in another is not called here: the wrapped methods are the step's siblings.)
 */
function timeMethod(obj: object, name: string, acc: Record<string, number>, key: string): () => void {
  const o = obj as Record<string, (...a: unknown[]) => unknown>;
  const had = Object.hasOwn(o, name);
  const own = o[name]!;
  const original = own.bind(obj);
  o[name] = (...a: unknown[]) => {
    const t = process.cpuUsage();
    const r = original(...a);
    acc[key] = acc[key]! + cpuMs(t);
    return r;
  };
  return () => {
    if (had) o[name] = own;
    else delete o[name];
  };
}

/** CPU milliseconds (user + system) since `from`. */
function cpuMs(from: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
}

function median(x: number[]): number {
  const s = [...x].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function runCase(
  sim: SmokeSim,
  snap: Uint8Array,
  label: string,
  solver: PressureSolverKind,
  tolerance: number,
  maxIterations: number,
  steps: number,
): Row {
  // the full state (fluid/snapshot.ts), the warm start's last two pressures included
  sim.restore(snap);
  sim.solver = solver;
  sim.tolerance = tolerance;
  sim.pressureIterations = maxIterations;
  const times: number[] = [];
  const proj: number[] = [];
  const adv: number[] = [];
  const forces: number[] = [];
  const other: number[] = [];
  let iters = 0;
  let rel = 0;
  let converged = true;
  const dt = 1 / 60;
  // time the stages by wrapping the methods the step calls, for this run
  const acc = { projection: 0, advect: 0, forces: 0 };
  const unwrap = [
    timeMethod(sim.projector, 'project', acc, 'projection'),
    timeMethod(sim.advector, 'advectVelocity', acc, 'advect'),
    timeMethod(sim.advector, 'advectScalars', acc, 'advect'),
    timeMethod(sim.confinement, 'apply', acc, 'forces'),
    timeMethod(sim, 'applyBuoyancy', acc, 'forces'),
    timeMethod(sim, 'applySources', acc, 'forces'),
  ];
  try {
    for (let s = 0; s < steps; s++) {
      acc.projection = 0;
      acc.advect = 0;
      acc.forces = 0;
      const t0 = process.cpuUsage();
      const r = sim.step(dt);
      const total = cpuMs(t0);
      times.push(total);
      proj.push(acc.projection);
      adv.push(acc.advect);
      forces.push(acc.forces);
      other.push(total - acc.projection - acc.advect - acc.forces);
      iters += r.iterations;
      const rr = r.initialNorm > 0 ? r.residualNorm / r.initialNorm : 0;
      rel = Math.max(rel, rr);
      if (rr > TOL * 1.0000001) converged = false;
    }
  } finally {
    for (const u of unwrap) u();
  }
  const ms = median(times);
  return {
    grid: sim.grid.dim === 3 ? `${sim.grid.nx}³` : `${sim.grid.nx}²`,
    cells: sim.grid.cellCount,
    solver: label,
    msPerStep: ms,
    msPerStepMin: Math.min(...times),
    msProjection: median(proj),
    msAdvect: median(adv),
    msForces: median(forces),
    msOther: median(other),
    iterations: iters / steps,
    relativeDivergence: rel,
    converged,
    cellsPerSecond: sim.grid.cellCount / (ms / 1000),
  };
}

export async function run(args: string[]): Promise<void> {
  const quick = args.includes('--quick');
  const sizes: [number, boolean][] = quick
    ? [
        [64, false],
        [128, false],
        [24, true],
      ]
    : [
        [128, false],
        [256, false],
        [512, false],
        [64, true],
      ];
  const steps = quick ? 3 : 4;
  const rows: Row[] = [];
  const loadBefore = loadavg();
  console.log(`load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')}; times are CPU ms`);
  for (const [n, three] of sizes) {
    const sim = makeSim(n, three);
    const warm = quick ? 15 : 30;
    for (let s = 0; s < warm; s++) sim.step(1 / 60);
    const snap = sim.snapshot();
    const cells = sim.grid.cellCount;
    // stationary solvers need O(n²) sweeps: cap their work so the bench ends
    const stationaryCap = Math.max(200, Math.min(5000, Math.floor(1e8 / cells / (quick ? 4 : 1))));
    for (const solver of pressureSolverKinds) {
      const stationary =
        solver === 'jacobi' || solver === 'weighted-jacobi' || solver === 'gauss-seidel' || solver === 'sor';
      const cap = stationary ? stationaryCap : 1000;
      const row = runCase(sim, snap, solver, solver, TOL, cap, stationary ? 1 : steps);
      if (!row.converged) row.note = `did not reach ${TOL} within ${cap} iterations`;
      rows.push(row);
      print(row);
    }
    // the peer: the textbook's toy — exactly 60 Jacobi sweeps from zero every step
    const peer = runCase(sim, snap, 'seed: 60 Jacobi', 'jacobi', 0, 60, steps);
    peer.note = `divergence ${(peer.relativeDivergence / TOL).toExponential(2)}× the tolerance`;
    rows.push(peer);
    print(peer);
  }
  const summary: Record<string, number> = {};
  for (const g of ['128²', '256²', '512²', '64³', '64²', '24³']) {
    const mg = rows.find((r) => r.grid === g && r.solver === 'mgpcg');
    const mic = rows.find((r) => r.grid === g && r.solver === 'mic-pcg');
    if (mg && mic) summary[`${g} MIC(0)-PCG / MGPCG projection time`] = mic.msProjection / mg.msProjection;
  }
  const mg256 = rows.find((r) => r.grid === '256²' && r.solver === 'mgpcg');
  if (mg256) {
    summary['256² smoke ms/step (MGPCG)'] = mg256.msPerStep;
    summary['256² advect ms'] = mg256.msAdvect;
    summary['256² forces ms'] = mg256.msForces;
    summary['256² projection ms'] = mg256.msProjection;
    summary['256² MGPCG iterations/step'] = mg256.iterations;
  }
  console.log(summary);
  const report = {
    suite: 'grid',
    tolerance: TOL,
    quick,
    node: process.version,
    timing: 'process CPU time',
    loadAverage: { before: loadBefore, after: loadavg() },
    rows,
    summary,
  };
  mkdirSync('out', { recursive: true });
  writeFileSync('out/bench-grid.json', `${JSON.stringify(report, null, 2)}\n`);
  console.log('wrote out/bench-grid.json');
  writeResults('grid', report, quick);
}

function print(r: Row): void {
  if (r.solver === 'mgpcg') {
    console.log(
      `${r.grid.padEnd(5)} smoke step stages (MGPCG, CPU ms, medians): advect ${r.msAdvect.toFixed(2)}  forces ${r.msForces.toFixed(2)}  projection ${r.msProjection.toFixed(2)} (${r.iterations.toFixed(1)} it)  other ${r.msOther.toFixed(2)}  = ${r.msPerStep.toFixed(2)} ms/step`,
    );
  }
  console.log(
    `${r.grid.padEnd(5)} ${r.solver.padEnd(16)} ${r.msPerStep.toFixed(2).padStart(9)} ms/step (min ${r.msPerStepMin.toFixed(2)})  projection ${r.msProjection
      .toFixed(2)
      .padStart(
        9,
      )} ms  ${r.iterations.toFixed(1).padStart(8)} it  rel.div ${r.relativeDivergence.toExponential(2)}  ${(
      r.cellsPerSecond / 1e6
    ).toFixed(2)} Mcells/s${r.note ? `  (${r.note})` : ''}`,
  );
}
