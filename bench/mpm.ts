/**
 * `npm run bench -- mpm [--quick]`: MLS-MPM (textbook §26.4; Hu et al. 2018) on the classic 88-line
 * set-up — 8,192 particles of weakly compressible fluid (E = 400, ρ = 1) on a 128² grid, Δt = 2e-4 —
 * and on the same grid with jelly, snow and sand. Reported per scene: ms per substep (median of
 * chunks, process CPU time), particles × substeps per second, heap bytes per substep once warm,
 * and a quality figure: linear momentum drift without gravity (the transfers conserve it) and the
 * fluid's volume drift Σ J V⁰ / Σ V⁰ − 1; for sand also the angle of repose (a 40° wedge of φ = 30°
 * sand settling, target within 5° of φ). Then 3D (MpmSim3D): about 100k particles on a 64³ grid
 * (fluid and sand), ms per step, particles × steps per second, heap bytes per step, and the same
 * momentum / volume figures. There is no JavaScript peer; the anchor is taichi's figure on a GPU
 * (../shared/PEERS.md), quoted, not measured.
 */
import { loadavg } from 'node:os';
import { type MpmMaterialDef, MpmSim2D, MpmSim3D } from '../src/mpm/index.js';
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

/** The slope (degrees) of a wedge of sand that settled (right flank, 15–85% of the height). */
function reposeAngle(phi: number): number {
  const res = 32;
  const E = 3.5e5;
  const dt = 0.3 / res / Math.sqrt((E * 0.7) / (1.3 * 0.4) / 2200);
  const sim = new MpmSim2D({ resolution: res, dt, boundary: 'sticky' });
  const s = sim.addMaterial({
    kind: 'sand',
    youngsModulus: E,
    poissonsRatio: 0.3,
    density: 2200,
    frictionAngle: phi,
    viscosity: 50,
  });
  const floor = 3 / res;
  const h = 0.5 / res;
  const tan = Math.tan(((phi + 10) * Math.PI) / 180);
  for (let y = floor + h / 2; y < floor + 0.3 * tan; y += h)
    for (let x = 0.2 + h / 2; x < 0.8; x += h)
      if (y - floor <= (0.3 - Math.abs(x - 0.5)) * tan) sim.addParticle(x, y, 0, 0, s, h * h);
  for (let t = 0; t < 3; t += dt) sim.step();
  const top = new Map<number, number>();
  for (let p = 0; p < sim.count; p++) {
    const b = Math.floor(sim.x[p]! * res);
    top.set(b, Math.max(top.get(b) ?? 0, sim.y[p]! - floor));
  }
  const prof = [...top.entries()].sort((a, b) => a[0] - b[0]).map(([k, v]) => [(k + 0.5) / res, v] as const);
  const hmax = Math.max(...prof.map((q) => q[1]));
  const peak = prof.find((q) => q[1] === hmax)![0];
  const flank = prof.filter((q) => q[0] > peak && q[1] > 0.15 * hmax && q[1] < 0.85 * hmax);
  const mx = flank.reduce((a, q) => a + q[0], 0) / flank.length;
  const my = flank.reduce((a, q) => a + q[1], 0) / flank.length;
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of flank) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
  }
  return (Math.atan(-sxy / sxx) * 180) / Math.PI;
}

function scene3(material: MpmMaterialDef, gravity: [number, number, number]): MpmSim3D {
  const sim = new MpmSim3D({ resolution: 64, dt: 2e-4, gravity });
  const m = sim.addMaterial(material);
  // 46³ = 97,336 particles at Δx/2 spacing
  sim.addBox(0.1, 0.05, 0.3, 0.1 + 46 / 128, 0.05 + 46 / 128, 0.3 + 46 / 128, m);
  return sim;
}

interface Row3 {
  scene: string;
  particles: number;
  msPerStep: number;
  msPerStepMin: number;
  particleStepsPerSecond: number;
  heapBytesPerStep: number;
  quality: string;
}

function run3(quick: boolean): Row3[] {
  const scenes: [string, MpmMaterialDef][] = [
    ['3D fluid', { kind: 'fluid', youngsModulus: 400, density: 1 }],
    ['3D sand', { kind: 'sand', youngsModulus: 3500, density: 1, poissonsRatio: 0.3 }],
  ];
  const rows: Row3[] = [];
  for (const [name, mat] of scenes) {
    const sim = scene3(mat, [0, -9.8, 0]);
    for (let i = 0; i < (quick ? 5 : 20); i++) sim.step();
    const times: number[] = [];
    const chunks = quick ? 3 : 7;
    const per = quick ? 2 : 5;
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
    const free = scene3(mat, [0, 0, 0]);
    for (let p = 0; p < free.count; p++) free.vx[p] = 0.5;
    const p0 = free.momentum()[0];
    for (let i = 0; i < (quick ? 3 : 10); i++) free.step();
    quality += `${quality ? ', ' : ''}momentum drift ${Math.abs(free.momentum()[0] - p0) / p0}`;
    rows.push({
      scene: name,
      particles: sim.count,
      msPerStep: med,
      msPerStepMin: times[0]!,
      particleStepsPerSecond: (sim.count / med) * 1000,
      heapBytesPerStep: Math.max(0, heap),
      quality,
    });
  }
  return rows;
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
    if (mat.kind === 'sand') quality += `, angle of repose (φ = 30°) ${reposeAngle(30).toFixed(1)}°`;
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
  const rows3 = run3(quick);
  console.log('scene            particles  ms/step (min)       particle·steps/s      heap B/step  quality');
  for (const r of rows3) {
    console.log(
      `${r.scene.padEnd(16)} ${String(r.particles).padStart(9)}  ${r.msPerStep.toFixed(1).padStart(7)} (${r.msPerStepMin.toFixed(1)})  ${r.particleStepsPerSecond.toExponential(2).padStart(12)}  ${r.heapBytesPerStep.toFixed(0).padStart(14)}  ${r.quality}`,
    );
  }
  console.log(
    'anchor (quoted): taichi mpm88 on an RTX 3080, 8,192 particles: 0.57 ms per frame of 32 substeps',
  );
  writeResults(quick ? 'mpm.quick' : 'mpm', { rows, rows3 });
}
