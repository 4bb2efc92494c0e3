/**
 * `npm run bench -- flip3d [--quick]`: the 3D FLIP liquid (textbook §26.4; Zhu & Bridson 2005) on a
 * 64³ dam break — a 64 × 64 × 64 grid (62³ inside, 1/62 m cells), a column 0.4 of the tank wide and
 * 0.8 tall across its whole depth, 8 particles per cell (620,000 particles), dt = 1/120 s — with
 * FLIP (95 %) and, unless --quick, APIC. Reported per run: ms per step (median of chunks, process CPU
 * time), particles × steps per second, pressure iterations, heap bytes per warm step (the mean,
 * and the least of a chunk: a late re-optimisation of a particle loop boxes a double per particle
 * once) and the volume drift (the cells' liquid fractions min(1, ρ/ρ₀) against the seeded volume)
 * over the run.
 * There is no JavaScript peer in this process.
 */
import { loadavg } from 'node:os';
import { FlipSim3D, type TransferMode } from '../src/fluid/index.js';
import { writeResults } from './results.js';

interface Row {
  scene: string;
  particles: number;
  steps: number;
  msPerStep: number;
  msPerStepMin: number;
  particleStepsPerSecond: number;
  pressureIterations: number;
  heapBytesPerStep: number;
  /** the least heap growth of a chunk without a garbage collection (the JIT's late re-optimisations left out) */
  heapBytesPerStepLeast: number;
  volumeDriftPercent: number;
  worstDriftPercent: number;
}

const DT = 1 / 120;

function cpuMs(fn: () => void): number {
  const c0 = process.cpuUsage();
  fn();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

function damBreak(mode: TransferMode): FlipSim3D {
  const sim = new FlipSim3D({ nx: 64, ny: 64, nz: 64, h: 1 / 62, transfer: mode });
  const h = sim.h;
  sim.addBlock([h, h, h], [h + 0.4 * (sim.width - 2 * h), h + 0.8 * (sim.height - 2 * h), sim.depth - h]);
  return sim;
}

/** Runs the suite. */
export async function run(args: string[]): Promise<void> {
  const quick = args.includes('--quick');
  const warm = quick ? 3 : 10;
  const chunks = quick ? 3 : 6;
  const per = quick ? 2 : 5;
  const rows: Row[] = [];
  const modes: TransferMode[] = quick ? ['flip'] : ['flip', 'apic'];
  for (const mode of modes) {
    const sim = damBreak(mode);
    const seeded = sim.particleVolume();
    let worst = 0;
    const track = () => {
      worst = Math.max(worst, Math.abs(sim.volume() / seeded - 1));
    };
    for (let i = 0; i < warm; i++) {
      sim.step(DT);
      track();
    }
    const times: number[] = [];
    let iters = 0;
    let heap = 0;
    let least = Number.POSITIVE_INFINITY;
    let particleSteps = 0;
    let ms = 0;
    for (let c = 0; c < chunks; c++) {
      const h0 = process.memoryUsage().heapUsed;
      const n = sim.count;
      const t = cpuMs(() => {
        for (let i = 0; i < per; i++) {
          sim.step(DT);
          iters += sim.lastIterations;
        }
      });
      times.push(t / per);
      ms += t;
      particleSteps += n * per;
      const grown = process.memoryUsage().heapUsed - h0;
      heap += Math.max(0, grown);
      if (grown >= 0) least = Math.min(least, grown / per);
      track();
    }
    times.sort((a, b) => a - b);
    rows.push({
      scene: `64³ dam break ${mode}`,
      particles: sim.count,
      steps: warm + chunks * per,
      msPerStep: times[times.length >> 1]!,
      msPerStepMin: times[0]!,
      particleStepsPerSecond: particleSteps / (ms / 1000),
      pressureIterations: iters / (chunks * per),
      heapBytesPerStep: heap / (chunks * per),
      heapBytesPerStepLeast: least,
      volumeDriftPercent: (sim.volume() / seeded - 1) * 100,
      worstDriftPercent: worst * 100,
    });
  }
  console.log(
    `load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}; dt 1/120 s`,
  );
  console.log(
    'scene                   particles steps  ms/step (min)        particle-steps/s  p-iters  heap B/step (least)  drift %  worst %',
  );
  for (const r of rows) {
    console.log(
      `${r.scene.padEnd(22)} ${String(r.particles).padStart(9)} ${String(r.steps).padStart(5)}  ${r.msPerStep.toFixed(1).padStart(7)} (${r.msPerStepMin.toFixed(1)})  ${r.particleStepsPerSecond.toExponential(3).padStart(16)}  ${r.pressureIterations.toFixed(1).padStart(7)}  ${r.heapBytesPerStep.toFixed(0).padStart(11)} (${r.heapBytesPerStepLeast.toFixed(0)})  ${r.volumeDriftPercent.toFixed(2).padStart(7)}  ${r.worstDriftPercent.toFixed(2).padStart(7)}`,
    );
  }
  writeResults('flip3d', { rows }, quick);
}
