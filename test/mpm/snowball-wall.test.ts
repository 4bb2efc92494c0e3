/**
 * A snowball smashed into a wall splits into clumps (Stomakhin et al. 2013 snow in MLS-MPM; textbook
 * §26.4): with Stomakhin's parameters (E0 = 1.4e5 Pa, ν = 0.2, θc = 2.5e-2, θs = 7.5e-3, ξ = 10) and
 * the hardening capped at 20 for the explicit step, compaction has to stop where the cap is reached
 * (`compactionLimit` = 1 − ln 20 / 10 ≈ 0.70): then the compacted front resists, the snow flows
 * sideways along the wall, is stretched past θs, softens and tears. Without the limit the capped snow
 * compacts without bound into one hard pancake that bounces off whole; a jelly ball of the same size
 * and stiffness bounces off in one piece. The limit itself holds in 2D and 3D, and a bad one is
 * rejected naming the field.
 */
import { describe, expect, it } from 'vitest';
import { mpmDemos } from '../../src/demos/mpm.js';
import type { MpmMaterialKind } from '../../src/mpm/material.js';
import { MpmSim2D } from '../../src/mpm/mpm2d.js';
import { MpmSim3D } from '../../src/mpm/mpm3d.js';

/** Sizes of the clumps, largest first: particles closer than 1.5 Δx are connected. */
function clumps(sim: MpmSim2D): number[] {
  const h = 1.5 * sim.dx;
  const n = Math.ceil(sim.size / h) + 1;
  const head = new Int32Array(n * n).fill(-1);
  const next = new Int32Array(sim.count);
  const cell = (p: number) => Math.floor(sim.y[p]! / h) * n + Math.floor(sim.x[p]! / h);
  for (let p = 0; p < sim.count; p++) {
    next[p] = head[cell(p)]!;
    head[cell(p)] = p;
  }
  const seen = new Uint8Array(sim.count);
  const sizes: number[] = [];
  for (let s = 0; s < sim.count; s++) {
    if (seen[s]) continue;
    seen[s] = 1;
    const stack = [s];
    let size = 0;
    while (stack.length > 0) {
      const p = stack.pop()!;
      size++;
      const cx = Math.floor(sim.x[p]! / h);
      const cy = Math.floor(sim.y[p]! / h);
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const X = cx + dx;
          const Y = cy + dy;
          if (X < 0 || Y < 0 || X >= n || Y >= n) continue;
          for (let q = head[Y * n + X]!; q >= 0; q = next[q]!) {
            if (seen[q]) continue;
            const ex = sim.x[q]! - sim.x[p]!;
            const ey = sim.y[q]! - sim.y[p]!;
            if (ex * ex + ey * ey > h * h) continue;
            seen[q] = 1;
            stack.push(q);
          }
        }
    }
    sizes.push(size);
  }
  return sizes.sort((a, b) => b - a);
}

/** A ball of radius 0.1 m thrown at 15 m/s at the right wall, 0.3 s: the clumps it ends in. */
function throwAtWall(kind: MpmMaterialKind, compactionLimit = 0): { sizes: number[]; count: number } {
  const res = 48;
  const E = 1.4e5;
  const rho = 400;
  // 0.3 Δx / c, c the P-wave speed at 20× the stiffness (snow's hardening cap)
  const dt = 0.3 / res / Math.sqrt((20 * E * 0.8) / (1.2 * 0.6) / rho);
  const sim = new MpmSim2D({ resolution: res, dt, boundary: 'separate', boundaryFriction: 0.5 });
  const m = sim.addMaterial({
    kind,
    youngsModulus: E,
    poissonsRatio: 0.2,
    density: rho,
    criticalCompression: 2.5e-2,
    criticalStretch: 7.5e-3,
    hardening: 10,
    maxHardening: 20,
    compactionLimit,
  });
  sim.addDisc(0.3, 0.55, 0.1, m, { velocity: [15, 0] });
  const steps = Math.round(0.3 / dt);
  for (let s = 0; s < steps; s++) sim.step();
  return { sizes: clumps(sim), count: sim.count };
}

describe('MPM snowball against a wall', () => {
  it('splits into clumps of a meaningful size once compaction stops at the hardening cap', () => {
    const { sizes, count } = throwAtWall('snow', 1 - Math.log(20) / 10);
    const big = sizes.filter((s) => s >= 0.1 * count);
    expect(big.length, `clumps ${sizes.join(', ')}`).toBeGreaterThanOrEqual(2);
    expect(sizes[0]!).toBeLessThan(0.7 * count);
  });

  it('a jelly ball of the same size and stiffness bounces off in one piece', () => {
    const { sizes, count } = throwAtWall('jelly');
    expect(sizes).toEqual([count]);
  });

  it('the snowball demo shows it: clumps with the limit on, one piece with it off', () => {
    const demo = mpmDemos.find((d) => d.id === 'mpm-snowball')!;
    const thrown = (limit: boolean) => {
      const inst = demo.create({ limit }) as unknown as { sim: MpmSim2D; step(): void };
      for (let f = 0; f < 24; f++) inst.step();
      return { sizes: clumps(inst.sim), count: inst.sim.count };
    };
    const on = thrown(true);
    expect(on.sizes.filter((s) => s >= 0.1 * on.count).length, on.sizes.join(', ')).toBeGreaterThanOrEqual(2);
    const off = thrown(false);
    expect(off.sizes).toEqual([off.count]);
  });

  it('without the compaction limit the capped snow compacts into one piece', () => {
    const { sizes, count } = throwAtWall('snow');
    expect(sizes).toEqual([count]);
  });
});

describe('MPM snow compaction limit', () => {
  it('holds Jp at or above the limit in 2D and 3D while unlimited snow compacts further', () => {
    const minJp = (sim: { count: number; Jp: Float64Array }) => {
      let m = Infinity;
      for (let p = 0; p < sim.count; p++) m = Math.min(m, sim.Jp[p]!);
      return m;
    };
    const snow = (compactionLimit: number) => ({
      kind: 'snow' as const,
      youngsModulus: 2e4,
      poissonsRatio: 0.2,
      density: 400,
      compactionLimit,
    });
    const run2 = (limit: number) => {
      const sim = new MpmSim2D({ resolution: 32, dt: 2e-4 });
      sim.addBox(0.4, 0.3, 0.6, 0.5, sim.addMaterial(snow(limit)), { velocity: [0, -8] });
      for (let i = 0; i < 1500; i++) sim.step();
      return minJp(sim);
    };
    const run3 = (limit: number) => {
      const sim = new MpmSim3D({ resolution: 16, dt: 4e-4 });
      sim.addBox(0.35, 0.25, 0.35, 0.65, 0.55, 0.65, sim.addMaterial(snow(limit)), { velocity: [0, -8, 0] });
      for (let i = 0; i < 400; i++) sim.step();
      return minJp(sim);
    };
    const limit = 0.85;
    expect(run2(0)).toBeLessThan(limit);
    expect(run2(limit)).toBeGreaterThanOrEqual(limit);
    expect(run3(0)).toBeLessThan(limit);
    expect(run3(limit)).toBeGreaterThanOrEqual(limit);
  });

  it('rejects a limit outside [0, 0.99] naming the field', () => {
    const sim = new MpmSim2D({ resolution: 16, dt: 1e-4 });
    expect(() => sim.addMaterial({ kind: 'snow', compactionLimit: 1.2 })).toThrow(/compactionLimit/);
    expect(() => sim.addMaterial({ kind: 'snow', compactionLimit: Number.NaN })).toThrow(/compactionLimit/);
  });
});
