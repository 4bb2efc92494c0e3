/**
 * `npm run bench -- mpm [--quick]`: MLS-MPM (textbook §26.4; Hu et al. 2018) on the classic 88-line
 * set-up — 8,192 particles of weakly compressible fluid (E = 400, ρ = 1) on a 128² grid, Δt = 2e-4 —
 * and on the same grid with jelly, snow and sand. Reported per scene: ms per substep (median of
 * chunks, process CPU time), particles × substeps per second, heap bytes per substep once warm,
 * and a quality figure: linear momentum drift without gravity (the transfers conserve it) and the
 * fluid's volume drift Σ J V⁰ / Σ V⁰ − 1. There is no JavaScript peer; the anchor is taichi's
 * figure on a GPU (../shared/PEERS.md), quoted, not measured.
 */
import { loadavg } from 'node:os';
import { type MpmMaterialDef, MpmSim2D } from '../src/mpm/index.js';
import { writeResults } from './results.js';

interface Row {
  scene: string;
  particles: number;
  msPerSubstep: number;
  msPerSubstepMin: number;
  particleSubstepsPerSecond: number;
  heapBytesPerSubstep: number;
  quality: string;
}

function cpuMs(fn: () => void): number {
  const c0 = process.cpuUsage();
  fn();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

function scene(material: MpmMaterialDef, gravity: [number, number]): MpmSim2D {
  const sim = new MpmSim2D({ resolution: 128, dt: 2e-4, gravity });
  const m = sim.addMaterial(material);
  // 64 × 128 lattice at Δx/2 spacing = 8,192 particles
  sim.addBox(0.1, 0.1, 0.1 + 64 / 256, 0.1 + 128 / 256, m);
  return sim;
}

export async function run(args: string[]): Promise<void> {
  const quick = args.includes('--quick');
  const chunks = quick ? 5 : 15;
  const per = quick ? 20 : 50;
  const scenes: [string, MpmMaterialDef][] = [
    ['fluid (mpm88)', { kind: 'fluid', youngsModulus: 400, density: 1 }],
    ['jelly', { kind: 'jelly', youngsModulus: 400, density: 1, poissonsRatio: 0.2 }],
    ['snow', { kind: 'snow', youngsModulus: 1400, density: 1, poissonsRatio: 0.2 }],
    ['sand', { kind: 'sand', youngsModulus: 3500, density: 1, poissonsRatio: 0.3 }],
  ];
  const rows: Row[] = [];
  for (const [name, mat] of scenes) {
    const sim = scene(mat, [0, -9.8]);
    for (let i = 0; i < 100; i++) sim.step();
    const times: number[] = [];
    const h0 = process.memoryUsage().heapUsed;
    for (let c = 0; c < chunks; c++)
      times.push(
        cpuMs(() => {
          for (let i = 0; i < per; i++) sim.step();
        }) / per,
      );
    const heap = (process.memoryUsage().heapUsed - h0) / (chunks * per);
    times.sort((a, b) => a - b);
    const med = times[times.length >> 1]!;
    let quality = '';
    if (mat.kind === 'fluid') {
      let v = 0;
      let v0 = 0;
      for (let p = 0; p < sim.count; p++) {
        v += sim.Jp[p]! * sim.vol0[p]!;
        v0 += sim.vol0[p]!;
      }
      quality = `volume drift ${((v / v0 - 1) * 100).toFixed(3)}%`;
    }
    // momentum without gravity: the transfers conserve it exactly up to round-off
    const free = scene(mat, [0, 0]);
    for (let p = 0; p < free.count; p++) free.vx[p] = 0.5;
    const p0 = free.momentum()[0];
    for (let i = 0; i < 50; i++) free.step();
    quality += `${quality ? ', ' : ''}momentum drift ${Math.abs(free.momentum()[0] - p0) / p0}`;
    rows.push({
      scene: name,
      particles: sim.count,
      msPerSubstep: med,
      msPerSubstepMin: times[0]!,
      particleSubstepsPerSecond: (sim.count / med) * 1000,
      heapBytesPerSubstep: Math.max(0, heap),
      quality,
    });
  }
  console.log(
    `load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    'scene            particles  ms/substep (min)    particle·substeps/s   heap B/substep  quality',
  );
  for (const r of rows) {
    console.log(
      `${r.scene.padEnd(16)} ${String(r.particles).padStart(9)}  ${r.msPerSubstep.toFixed(3).padStart(7)} (${r.msPerSubstepMin.toFixed(3)})  ${r.particleSubstepsPerSecond.toExponential(2).padStart(12)}  ${r.heapBytesPerSubstep.toFixed(0).padStart(14)}  ${r.quality}`,
    );
  }
  console.log(
    'anchor (quoted): taichi mpm88 on an RTX 3080, 8,192 particles: 0.57 ms per frame of 32 substeps',
  );
  writeResults(quick ? 'mpm.quick' : 'mpm', { rows });
}
