/**
 * `npm run bench -- flip [--quick]`: the FLIP liquid (textbook §26.4; Zhu & Bridson 2005) on a 2D
 * dam break — 25,600 particles (4 per cell) in a 180 × 100 grid of 1 cm cells, a 0.8 × 0.8 m
 * column, dt = 1/120 s (the fastest particles move about 3 cells per step) — with FLIP (95 %), APIC
 * and PIC transfers. Reported per run: ms per step
 * (median of chunks, process CPU time), particles, pressure iterations, heap bytes per warm step
 * (the heap's growth over a chunk, garbage included) and the volume drift over the run (the liquid's cell
 * fractions min(1, ρ/ρ₀) against the seeded area). Target: under 10 ms per step with drift under
 * 2 %. The 3D FLIP's 64³ dam break is `npm run bench -- flip3d`. There is no JavaScript peer in this process; Ten Minute Physics' FLIP demo (Müller 2022) is
 * the nearest public one, not measured here.
 */
import { loadavg } from 'node:os';
import { FlipSim2D, type TransferMode } from '../src/fluid/index.js';
import { writeResults } from './results.js';

interface Row {
  scene: string;
  particles: number;
  msPerStep: number;
  msPerStepMin: number;
  pressureIterations: number;
  heapBytesPerStep: number;
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

function damBreak(mode: TransferMode): FlipSim2D {
  const sim = new FlipSim2D({ nx: 180, ny: 100, h: 0.01, transfer: mode });
  sim.addBlock(0.01, 0.01, 0.81, 0.81);
  return sim;
}

export async function run(args: string[]): Promise<void> {
  const quick = args.includes('--quick');
  const chunks = quick ? 4 : 10;
  const per = quick ? 15 : 30;
  const rows: Row[] = [];
  for (const mode of ['flip', 'apic', 'pic'] as const) {
    const sim = damBreak(mode);
    const seeded = (sim.count / sim.restDensity) * sim.h * sim.h;
    let worst = 0;
    const track = () => {
      worst = Math.max(worst, Math.abs(sim.volume() / seeded - 1));
    };
    for (let i = 0; i < 20; i++) {
      sim.step(DT);
      track();
    }
    const times: number[] = [];
    let iters = 0;
    let heap = 0;
    for (let c = 0; c < chunks; c++) {
      const h0 = process.memoryUsage().heapUsed;
      times.push(
        cpuMs(() => {
          for (let i = 0; i < per; i++) {
            sim.step(DT);
            iters += sim.lastIterations;
          }
        }) / per,
      );
      heap += Math.max(0, process.memoryUsage().heapUsed - h0);
      track();
    }
    times.sort((a, b) => a - b);
    rows.push({
      scene: `dam break ${mode}`,
      particles: sim.count,
      msPerStep: times[times.length >> 1]!,
      msPerStepMin: times[0]!,
      pressureIterations: iters / (chunks * per),
      heapBytesPerStep: heap / (chunks * per),
      volumeDriftPercent: (sim.volume() / seeded - 1) * 100,
      worstDriftPercent: worst * 100,
    });
  }
  console.log(
    `load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}; ${20 + chunks * per} steps of 1/120 s per run`,
  );
  console.log('scene              particles  ms/step (min)     p-iters  heap B/step  drift %  worst %');
  for (const r of rows) {
    console.log(
      `${r.scene.padEnd(18)} ${String(r.particles).padStart(9)}  ${r.msPerStep.toFixed(2).padStart(6)} (${r.msPerStepMin.toFixed(2)})  ${r.pressureIterations.toFixed(1).padStart(7)}  ${r.heapBytesPerStep.toFixed(0).padStart(11)}  ${r.volumeDriftPercent.toFixed(2).padStart(7)}  ${r.worstDriftPercent.toFixed(2).padStart(7)}`,
    );
  }
  console.log(
    'target: FLIP 2D dam break, about 25k particles on 180 × 100: under 10 ms per step, volume drift under 2 %',
  );
  writeResults('flip', { rows }, quick);
}
