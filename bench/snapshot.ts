/**
 * `npm run bench -- snapshot [--quick]`: the cost of determinism tooling (textbook §26.5) — full
 * snapshot, restore and state hash of a rigid3d box pyramid (base 18: 2,109 bodies; base 25: 5,525)
 * after it has settled into contact for a few steps, of a 128² smoke grid, and the rigid3d
 * dynamic-state (rollback) snapshot. Reported: bytes, bytes per body, and the median wall time of
 * repeated calls (ms); and a rollback — restore 10 ticks back and re-simulate them — on a 204-body
 * pyramid (the restore column is the whole rollback). rigid2d: the 5,050-box pyramid (full snapshot
 * and restore, and the two together: target under 5 ms), its dynamic state (target at most 64 B a
 * body), and a rollback of 10 ticks on a 200-body scene — restore the dynamic state and re-simulate
 * 10 steps (target under one 16 ms frame). There is no peer: the figures are compared with the
 * targets.
 */
import { loadavg } from 'node:os';
import { SmokeSim } from '../src/fluid/smoke.js';
import { smokeRestore, smokeSnapshot, smokeStateHash } from '../src/fluid/snapshot.js';
import { World } from '../src/rigid2d/world.js';
import { World3 } from '../src/rigid3d/index.js';
import { rigid3dDynamicRestore, rigid3dDynamicSnapshot } from '../src/rigid3d/snapshot.js';
import { writeResults } from './results.js';

interface Row {
  scene: string;
  bodiesOrCells: number;
  bytes: number;
  bytesPerItem: number;
  snapshotMs: number;
  restoreMs: number;
  hashMs: number;
  /** CPU-time median of the last timed column (restore, or the whole rollback) */
  cpuMs?: number;
}

/** The CPU-time median (ms, this process) of the last {@link median} call: less sensitive to a loaded machine. */
let lastCpu = Number.NaN;

function median(fn: () => void, reps: number): number {
  const t: number[] = [];
  const c: number[] = [];
  fn();
  for (let r = 0; r < reps; r++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    t.push(performance.now() - t0);
    const dc = process.cpuUsage(c0);
    c.push((dc.user + dc.system) / 1000);
  }
  t.sort((a, b) => a - b);
  c.sort((a, b) => a - b);
  lastCpu = c[c.length >> 1]!;
  return t[t.length >> 1]!;
}

/** A 2D pyramid of unit boxes `base` wide on a ground box, and `balls` circles beside it. */
function pyramid2d(base: number, balls = 0): World {
  const world = new World({ gravity: [0, -10] });
  const ground = world.createBody({ type: 'static' });
  world.createShape(ground, { kind: 'box', halfWidth: base + 20, halfHeight: 0.5, center: [0, -0.5] });
  for (let row = 0; row < base; row++) {
    for (let i = 0; i < base - row; i++) {
      const b = world.createBody({ position: [i - (base - 1 - row) / 2, 0.5 + row] });
      world.createShape(b, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5 });
    }
  }
  for (let k = 0; k < balls; k++) {
    const b = world.createBody({ position: [-base / 2 - 2 - k, 0.5 + 0.3 * k], linearVelocity: [4 + k, 0] });
    world.createShape(b, { kind: 'circle', radius: 0.4 });
  }
  return world;
}

function pyramid(base: number): World3 {
  const world = new World3();
  const ground = world.createBody({ type: 'static' });
  world.createShape(ground, { kind: 'box', halfExtents: [60, 0.5, 60], position: [0, -0.5, 0] });
  for (let layer = 0; layer < base; layer++) {
    const m = base - layer;
    for (let i = 0; i < m; i++)
      for (let j = 0; j < m; j++) {
        const b = world.createBody({ position: [i - (m - 1) / 2, 0.5 + layer, j - (m - 1) / 2] });
        world.createShape(b, { kind: 'box', halfExtents: [0.5, 0.5, 0.5] });
      }
  }
  return world;
}

export async function run(args: string[]): Promise<void> {
  const quick = args.includes('--quick');
  const reps = quick ? 9 : 31;
  const rows: Row[] = [];
  for (const base of quick ? [18] : [18, 25]) {
    const w = pyramid(base);
    for (let s = 0; s < 3; s++) w.step(1 / 60);
    const n = w.bodies.count;
    let snap = w.snapshot();
    rows.push({
      scene: `rigid3d pyramid base ${base} (full)`,
      bodiesOrCells: n,
      bytes: snap.length,
      bytesPerItem: snap.length / n,
      snapshotMs: median(() => {
        snap = w.snapshot();
      }, reps),
      restoreMs: median(() => w.restore(snap), reps),
      hashMs: median(() => w.stateHash(), reps),
    });
    rows.push({
      scene: `rigid3d pyramid base ${base} (full snapshot + restore)`,
      bodiesOrCells: n,
      bytes: snap.length,
      bytesPerItem: snap.length / n,
      snapshotMs: Number.NaN,
      restoreMs: median(() => w.restore(w.snapshot()), reps),
      hashMs: Number.NaN,
      cpuMs: lastCpu,
    });
    let dyn = rigid3dDynamicSnapshot(w);
    rows.push({
      scene: `rigid3d pyramid base ${base} (dynamic state)`,
      bodiesOrCells: n,
      bytes: dyn.length,
      bytesPerItem: dyn.length / n,
      snapshotMs: median(() => {
        dyn = rigid3dDynamicSnapshot(w);
      }, reps),
      restoreMs: median(() => rigid3dDynamicRestore(w, dyn), reps),
      hashMs: Number.NaN,
    });
  }
  // rollback: restore a full snapshot 10 ticks back and re-simulate them (one frame is 16 ms)
  {
    const w = pyramid(8);
    for (let s = 0; s < 30; s++) w.step(1 / 60);
    const back = w.snapshot();
    for (let s = 0; s < 10; s++) w.step(1 / 60);
    const ms = median(
      () => {
        w.restore(back);
        for (let s = 0; s < 10; s++) w.step(1 / 60);
      },
      quick ? 5 : 15,
    );
    rows.push({
      scene: 'rollback 10 ticks, rigid3d pyramid base 8',
      bodiesOrCells: w.bodies.count,
      bytes: back.length,
      bytesPerItem: back.length / w.bodies.count,
      snapshotMs: Number.NaN,
      restoreMs: ms,
      hashMs: Number.NaN,
    });
  }
  // rigid2d: the 5,050-box pyramid (base 100)
  {
    const w = pyramid2d(100);
    for (let s = 0; s < 3; s++) w.step(1 / 60);
    const n = w.bodies.count;
    let snap = w.snapshot();
    rows.push({
      scene: 'rigid2d pyramid base 100 (full)',
      bodiesOrCells: n,
      bytes: snap.length,
      bytesPerItem: snap.length / n,
      snapshotMs: median(() => {
        snap = w.snapshot();
      }, reps),
      restoreMs: median(() => w.restore(snap), reps),
      hashMs: median(() => w.stateHash(), reps),
    });
    rows.push({
      scene: 'rigid2d pyramid base 100 (full snapshot + restore)',
      bodiesOrCells: n,
      bytes: snap.length,
      bytesPerItem: snap.length / n,
      snapshotMs: Number.NaN,
      restoreMs: median(() => w.restore(w.snapshot()), reps),
      hashMs: Number.NaN,
      cpuMs: lastCpu,
    });
    let dyn = w.dynamicSnapshot();
    rows.push({
      scene: 'rigid2d pyramid base 100 (dynamic state)',
      bodiesOrCells: n,
      bytes: dyn.length,
      bytesPerItem: dyn.length / n,
      snapshotMs: median(() => {
        dyn = w.dynamicSnapshot();
      }, reps),
      restoreMs: median(() => w.restoreDynamic(dyn), reps),
      hashMs: Number.NaN,
    });
  }
  // rigid2d rollback: restore the dynamic state of 10 ticks back and re-simulate them (200 bodies)
  {
    const w = pyramid2d(19, 9);
    for (let s = 0; s < 30; s++) w.step(1 / 60);
    const back = w.dynamicSnapshot();
    for (let s = 0; s < 10; s++) w.step(1 / 60);
    const ms = median(
      () => {
        w.restoreDynamic(back);
        for (let s = 0; s < 10; s++) w.step(1 / 60);
      },
      quick ? 5 : 15,
    );
    rows.push({
      scene: 'rollback 10 ticks, rigid2d 200 bodies (dynamic state)',
      bodiesOrCells: w.bodyCount,
      bytes: back.length,
      bytesPerItem: back.length / w.bodyCount,
      snapshotMs: Number.NaN,
      restoreMs: ms,
      hashMs: Number.NaN,
      cpuMs: lastCpu,
    });
  }
  const sim = new SmokeSim({
    nx: 128,
    ny: 128,
    open: { yMax: true },
    sources: [{ x: 0.5, y: 0.1, radius: 0.05, density: 1, temperature: 1 }],
  });
  for (let s = 0; s < 5; s++) sim.step(1 / 60);
  let snap = smokeSnapshot(sim);
  rows.push({
    scene: 'smoke 128²',
    bodiesOrCells: sim.grid.cellCount,
    bytes: snap.length,
    bytesPerItem: snap.length / sim.grid.cellCount,
    snapshotMs: median(() => {
      snap = smokeSnapshot(sim);
    }, reps),
    restoreMs: median(() => smokeRestore(sim, snap), reps),
    hashMs: median(() => smokeStateHash(sim), reps),
  });
  console.log(`load average ${loadavg()[0]!.toFixed(1)}`);
  console.table(
    rows.map((r) => ({
      scene: r.scene,
      items: r.bodiesOrCells,
      bytes: r.bytes,
      'B/item': r.bytesPerItem.toFixed(1),
      'snapshot ms': Number.isNaN(r.snapshotMs) ? '—' : r.snapshotMs.toFixed(2),
      'restore ms': r.restoreMs.toFixed(2),
      'hash ms': Number.isNaN(r.hashMs) ? '—' : r.hashMs.toFixed(2),
      'cpu ms': r.cpuMs === undefined ? '—' : r.cpuMs.toFixed(2),
    })),
  );
  writeResults(quick ? 'snapshot.quick' : 'snapshot', { loadAverage: loadavg()[0], rows });
}
