import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { MacGrid } from '../../src/fluid/mac-grid.js';
import { Projector } from '../../src/fluid/projection.js';
import { SmokeSim } from '../../src/fluid/smoke.js';

/** Highest row holding smoke above `level`. */
function top(sim: SmokeSim, level = 0.05): number {
  const g = sim.grid;
  for (let j = g.ny - 1; j >= 0; j--)
    for (let i = 0; i < g.nx; i++) if (sim.density[g.cellIndex(i, j)]! > level) return j;
  return -1;
}
describe('smoke (§26.4 煙と炎)', () => {
  it('a closed box conserves the total smoke to 1e-6 relative per step (no sources)', () => {
    const sim = new SmokeSim({ nx: 32, ny: 32, vorticity: 2, solver: 'mgpcg' });
    sim.splat(0.5, 0.3, 0.15, 1, { density: 1, temperature: 2 });
    let before = sim.totalSmoke();
    for (let s = 0; s < 40; s++) {
      sim.step(1 / 30);
      const after = sim.totalSmoke();
      expect(Math.abs(after - before) / before).toBeLessThan(1e-6);
      before = after;
    }
    // and the smoke did move: the blob rose
    expect(top(sim)).toBeGreaterThan(15);
  });

  it('energy does not grow without forces (no buoyancy, no confinement): advection + projection only dissipate', () => {
    const sim = new SmokeSim({
      nx: 24,
      ny: 24,
      buoyancyDensity: 0,
      buoyancyTemperature: 0,
      solver: 'mgpcg',
      tolerance: 1e-10,
    });
    const g = sim.grid;
    for (let j = 0; j < g.ny; j++)
      for (let i = 0; i <= g.nx; i++) g.u[g.uIndex(i, j)] = Math.sin((Math.PI * j) / g.ny);
    new Projector(g).project(1, { tolerance: 1e-12 });
    const ke = () => {
      let e = 0;
      for (const f of [g.u, g.v]) for (const v of f) e += v * v;
      return e;
    };
    let e0 = ke();
    for (let s = 0; s < 30; s++) {
      sim.step(0.05);
      const e1 = ke();
      expect(e1).toBeLessThanOrEqual(e0 * (1 + 1e-9));
      e0 = e1;
    }
  });

  it('vorticity confinement keeps more of a swirl alive than plain semi-Lagrangian advection', () => {
    const run = (eps: number) => {
      const sim = new SmokeSim({
        nx: 32,
        ny: 32,
        buoyancyDensity: 0,
        buoyancyTemperature: 0,
        vorticity: eps,
      });
      const g = sim.grid;
      // a small vortex: tangential velocity around the centre
      for (let j = 0; j < g.ny; j++)
        for (let i = 0; i <= g.nx; i++)
          g.u[g.uIndex(i, j)] =
            -((j + 0.5) / g.ny - 0.5) *
            Math.exp(-40 * ((i / g.nx - 0.5) ** 2 + ((j + 0.5) / g.ny - 0.5) ** 2));
      for (let j = 0; j <= g.ny; j++)
        for (let i = 0; i < g.nx; i++)
          g.v[g.vIndex(i, j)] =
            ((i + 0.5) / g.nx - 0.5) *
            Math.exp(-40 * (((i + 0.5) / g.nx - 0.5) ** 2 + (j / g.ny - 0.5) ** 2));
      for (let s = 0; s < 40; s++) sim.step(1 / 30);
      let e = 0;
      for (const f of [g.u, g.v]) for (const v of f) e += v * v;
      return e;
    };
    expect(run(4)).toBeGreaterThan(1.05 * run(0));
  });

  it('fire: fuel burns above ignition, heats and expands the gas; temperature rises, fuel is used up', () => {
    const sim = new SmokeSim({
      nx: 32,
      ny: 48,
      open: { yMax: true },
      fire: { ignition: 0.3 },
      cooling: 1,
      sources: [{ x: 0.33, y: 0.06, radius: 0.05, fuel: 1, temperature: 0.5 }],
    });
    let maxHeat = 0;
    let maxExpansion = 0;
    for (let s = 0; s < 60; s++) {
      sim.step(1 / 60);
      for (const e of sim.expansion) maxExpansion = Math.max(maxExpansion, e);
    }
    for (const t of sim.heat) maxHeat = Math.max(maxHeat, t);
    expect(maxHeat).toBeGreaterThan(1);
    expect(maxExpansion).toBeGreaterThan(0);
    // projection met the expansion: the divergence where it burns is positive
    const d = sim.grid.divergence(new Float64Array(sim.grid.cellCount));
    let burning = 0;
    for (let c = 0; c < d.length; c++)
      if (sim.expansion[c]! > 0.1 && d[c]! > 0.5 * sim.expansion[c]!) burning++;
    expect(burning).toBeGreaterThan(0);
    expect(sim.totalSmoke()).toBeGreaterThan(0);
  });

  it('a moving obstacle in still air stirs it and stays smoke-free inside', () => {
    const sim = new SmokeSim({
      nx: 48,
      ny: 32,
      buoyancyTemperature: 0,
      buoyancyDensity: 0,
      obstacles: [
        { shape: 'circle', x: 0.5, y: 0.5, radius: 0.12, motion: { kind: 'linear', velocity: [0.5, 0] } },
      ],
    });
    sim.splat(0.9, 0.5, 0.2, 1, { density: 1 });
    for (let s = 0; s < 20; s++) sim.step(1 / 60);
    let moving = 0;
    for (const u of sim.grid.u) moving = Math.max(moving, Math.abs(u));
    expect(moving).toBeGreaterThan(0.2);
    for (let c = 0; c < sim.grid.cellCount; c++) if (sim.grid.solid[c]) expect(sim.density[c]).toBe(0);
    expect(sim.grid.maxDivergence()).toBeLessThan(1e-3);
  });

  it('is deterministic: two runs of the same scene are bit-identical', () => {
    const make = () =>
      new SmokeSim({
        nx: 24,
        ny: 24,
        vorticity: 2,
        velocityAdvection: 'maccormack',
        scalarAdvection: 'maccormack',
        sources: [{ x: 0.5, y: 0.1, radius: 0.08, density: 1, temperature: 1 }],
        obstacles: [
          {
            shape: 'box',
            x: 0.5,
            y: 0.5,
            halfWidth: 0.1,
            halfHeight: 0.05,
            motion: { kind: 'oscillate', amplitude: [0.2, 0], period: 1 },
          },
        ],
      });
    const a = make();
    const b = make();
    for (let s = 0; s < 25; s++) {
      a.step(1 / 60);
      b.step(1 / 60);
    }
    expect(Buffer.from(a.density.buffer).equals(Buffer.from(b.density.buffer))).toBe(true);
    expect(Buffer.from(a.grid.u.buffer).equals(Buffer.from(b.grid.u.buffer))).toBe(true);
    expect(a.totalSmoke()).toBeGreaterThan(0);
  });

  it('3D plume (16³, MGPCG): rises and stays divergence-free', () => {
    const sim = new SmokeSim({
      nx: 16,
      ny: 16,
      nz: 16,
      vorticity: 1,
      sources: [{ x: 0.5, y: 0.12, z: 0.5, radius: 0.12, density: 1, temperature: 1 }],
    });
    for (let s = 0; s < 30; s++) {
      const r = sim.step(1 / 30);
      expect(r.converged).toBe(true);
    }
    const g = sim.grid;
    let zmax = 0;
    for (let k = 0; k < g.nz; k++)
      for (let j = 0; j < g.ny; j++)
        for (let i = 0; i < g.nx; i++)
          if (sim.density[g.cellIndex(i, j, k)]! > 0.05) zmax = Math.max(zmax, j);
    expect(zmax).toBeGreaterThan(5); // the source reaches row 3
    expect(g.maxDivergence()).toBeLessThan(1e-3);
  });
});

describe('bad input', () => {
  const err = (f: () => unknown, re: RegExp) => {
    expect(f).toThrow(PhysicsError);
    expect(f).toThrow(re);
  };
  it('grid sizes < 2 are rejected with the field named', () => {
    err(() => new MacGrid({ nx: 1, ny: 8 }), /grid\.nx: must be an integer >= 2, got 1/);
    err(() => new MacGrid({ nx: 8, ny: 0 }), /grid\.ny/);
    err(() => new MacGrid({ nx: 8, ny: 8, nz: 1.5 }), /grid\.nz/);
    err(() => new SmokeSim({ nx: 8, ny: 8, nz: 0 }), /grid\.nz/);
  });
  it('non-finite parameters are rejected', () => {
    err(() => new MacGrid({ nx: 8, ny: 8, h: Number.NaN }), /grid\.h: must be a finite number/);
    err(() => new SmokeSim({ nx: 8, ny: 8, vorticity: Number.POSITIVE_INFINITY }), /smoke\.vorticity/);
    err(() => new SmokeSim({ nx: 8, ny: 8, buoyancyTemperature: Number.NaN }), /smoke\.buoyancyTemperature/);
    err(() => new SmokeSim({ nx: 8, ny: 8 }).step(Number.NaN), /smoke\.step\.dt/);
    err(() => new Projector(new MacGrid({ nx: 4, ny: 4 })).project(0), /project\.dt: must be > 0/);
  });
  it('sources outside the grid are rejected', () => {
    err(
      () => new SmokeSim({ nx: 8, ny: 8, sources: [{ x: 2, y: 0.5, radius: 0.1, density: 1 }] }),
      /smoke\.sources\[0\]: centre \(2, 0\.5\) lies outside the grid/,
    );
    err(
      () => new SmokeSim({ nx: 8, ny: 8, sources: [{ x: 0.5, y: 0.5, radius: -1 }] }),
      /sources\[0\]\.radius: must be > 0/,
    );
    err(
      () =>
        new SmokeSim({ nx: 8, ny: 8, obstacles: [{ shape: 'circle', x: 0.5, y: Number.NaN, radius: 0.1 }] }),
      /obstacles\[0\]\.y/,
    );
  });
});
