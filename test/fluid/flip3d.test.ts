import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { type Flip3DOptions, FlipSim3D } from '../../src/fluid/flip3d.js';
import { CELL_AIR, CELL_FLUID, CELL_SOLID, FreeSurfaceProjector } from '../../src/fluid/free-surface.js';
import { MacGrid } from '../../src/fluid/mac-grid.js';
import type { PressureSolverKind } from '../../src/fluid/pressure-solvers.js';

/** A tank of n³ cells (walls included) whose inside is 1 m tall. */
function tank(n: number, options: Partial<Flip3DOptions> = {}): FlipSim3D {
  return new FlipSim3D({ nx: n, ny: n, nz: n, h: 1 / (n - 2), ...options });
}

describe('3D free surface: p = 0 in the air cells (Dirichlet) with every pressure solver', () => {
  const solvers: PressureSolverKind[] = ['cg', 'mic-pcg', 'mgpcg', 'gauss-seidel', 'sor'];
  for (const solver of solvers) {
    it(`${solver}: liquid falling in a 10³ tank under air is projected to rest, with the hydrostatic pressure`, () => {
      const n = 10;
      const grid = new MacGrid({ nx: n, ny: n, nz: n });
      const labels = new Uint8Array(grid.cellCount);
      for (let k = 0; k < n; k++) {
        for (let j = 0; j < n; j++) {
          for (let i = 0; i < n; i++) {
            const c = grid.cellIndex(i, j, k);
            const wall = i === 0 || j === 0 || k === 0 || i === n - 1 || j === n - 1 || k === n - 1;
            if (wall) grid.solid[c] = 1;
            labels[c] = wall ? CELL_SOLID : j <= 5 ? CELL_FLUID : CELL_AIR;
          }
        }
      }
      grid.v.fill(-1);
      const pr = new FreeSurfaceProjector(grid);
      pr.project(1, labels, {
        solver,
        tolerance: 1e-9,
        maxIterations: solver === 'gauss-seidel' || solver === 'sor' ? 4000 : 500,
      });
      const div = grid.divergence(new Float64Array(grid.cellCount));
      let m = 0;
      for (let c = 0; c < labels.length; c++)
        if (labels[c] === CELL_FLUID) m = Math.max(m, Math.abs(div[c]!));
      expect(m).toBeLessThan(1e-6);
      // the liquid rests on the floor: every face inside it stops
      for (let j = 2; j <= 5; j++) expect(Math.abs(grid.v[grid.vIndex(4, j, 5)]!)).toBeLessThan(1e-6);
      // the scaled pressure grows by 1 per cell of depth: 1 in the top row (j = 5), 5 at the floor
      for (let j = 1; j <= 5; j++) expect(pr.q[pr.sys.index(4, j, 6)]).toBeCloseTo(6 - j, 5);
    });
  }
});

describe('FlipSim3D: a resting tank (16³ cells, 8 particles per cell, dt = 1/60 s, 2 s)', () => {
  const sim = tank(16);
  const h = sim.h;
  sim.addBlock([h, h, h], [sim.width - h, 0.5, sim.depth - h]);
  const dt = 1 / 60;
  let worstVolume = 0;
  let worstLevel = 0;
  let late = 0;
  for (let s = 0; s < 120; s++) {
    sim.step(dt);
    // the particles' volume (count × h³ / ppc) against the fluid cells' volume
    const cells = sim.fluidCells() * h * h * h;
    worstVolume = Math.max(worstVolume, Math.abs(sim.particleVolume() / cells - 1));
    let top = 0;
    for (let p = 0; p < sim.count; p++) top = Math.max(top, sim.y[p]!);
    worstLevel = Math.max(worstLevel, Math.abs(top - (1 + 6) * h));
    if (s >= 60) late = Math.max(late, sim.maxSpeed());
  }

  it('keeps its volume within 2 % and its surface within 2 cells of where it started', () => {
    // measured: volume 0 % off (every cell of the block stays fluid, no cell above it wets),
    // surface 0.12 cells below the block's top (the jittered lattice settles), speed 4.6e-4 m/s after 1 s
    expect(worstVolume).toBeLessThan(0.02);
    expect(worstLevel).toBeLessThan(2 * h);
    expect(late).toBeLessThan(1e-2);
  });

  it('has the hydrostatic pressure ρ g d (p = 0 in the air cells above) within 5 %', () => {
    const i = 8;
    const k = 8;
    let top = 0;
    for (let j = 1; j < 15; j++) if (sim.labels[sim.grid.cellIndex(i, j, k)] === CELL_FLUID) top = j;
    expect(top).toBe(6);
    // the Dirichlet surface p = 0 sits at the first air cell's centre, one cell above the top row's
    for (let j = 1; j <= top; j++) {
      const depth = (top + 1 - j) * h;
      const p = sim.pressure(i, j, k, dt, 1000);
      // measured: 0.9990 … 0.9996 of ρ g d
      expect(Math.abs(p / (1000 * 9.81 * depth) - 1)).toBeLessThan(0.05);
    }
  });
});

describe('FlipSim3D: a dam break (22 × 14 × 10 cells, 5,120 particles, dt = 1/60 s, 2 s)', () => {
  it('its front advances monotonically to the far wall and the volume drifts under 2 %', () => {
    const sim = new FlipSim3D({ nx: 22, ny: 14, nz: 10, h: 1 / 12 });
    const h = sim.h;
    sim.addBlock([h, h, h], [h + 0.4 * (sim.width - 2 * h), h + 0.8 * (sim.height - 2 * h), sim.depth - h]);
    expect(sim.count).toBe(5120);
    const seeded = sim.particleVolume();
    let lo = Number.POSITIVE_INFINITY;
    let hi = 0;
    let front = 0;
    let fronts = 0;
    const wall = sim.width - 1.25 * h;
    for (let s = 0; s < 120; s++) {
      sim.step(1 / 60);
      const v = sim.volume() / seeded;
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
      let f = 0;
      for (let p = 0; p < sim.count; p++) f = Math.max(f, sim.x[p]!);
      if (front < wall) {
        // until the water reaches the far wall its front never falls back
        expect(f).toBeGreaterThanOrEqual(front);
        fronts++;
      }
      front = f;
    }
    // measured: the front crosses the 1.83 m tank (from 0.73 m) in 0.4 s; volume 0.9942 … 0.9998
    expect(front).toBeCloseTo(wall, 9);
    expect(fronts).toBeGreaterThan(10);
    expect(lo).toBeGreaterThan(0.98);
    expect(hi).toBeLessThan(1.02);
  });
});

describe('FlipSim3D: a symmetric start stays symmetric', () => {
  it('a centred column collapsing stays mirror-symmetric in x and z to round-off (no push-apart, no reseeding, CG)', () => {
    // push-apart (Gauss–Seidel in cell order) and reseeding (random points) are not symmetric;
    // without them every stage is, up to the order of floating-point sums
    const n = 16;
    const sim = tank(n, {
      separationIterations: 0,
      reseed: false,
      solver: 'cg',
      tolerance: 1e-10,
      maxIterations: 500,
    });
    const h = sim.h;
    sim.addBlock([5 * h, h, 5 * h], [11 * h, 11 * h, 11 * h], { jitter: 0 });
    const g = sim.grid;
    let worst = 0;
    let moving = 0;
    for (let s = 0; s < 30; s++) {
      sim.step(1 / 60);
      moving = Math.max(moving, sim.maxSpeed());
      for (let k = 0; k < n; k++) {
        for (let j = 0; j < n; j++) {
          for (let i = 0; i < n; i++) {
            const d = sim.density[g.cellIndex(i, j, k)]!;
            worst = Math.max(
              worst,
              Math.abs(d - sim.density[g.cellIndex(n - 1 - i, j, k)]!),
              Math.abs(d - sim.density[g.cellIndex(i, j, n - 1 - k)]!),
            );
            const u = g.u[g.uIndex(i, j, k)]!;
            worst = Math.max(worst, Math.abs(u + g.u[g.uIndex(n - i, j, k)]!));
            worst = Math.max(worst, Math.abs(u - g.u[g.uIndex(i, j, n - 1 - k)]!));
          }
        }
      }
    }
    // measured: 9e-11 (densities of about 8 particles per cell, speeds up to 2.7 m/s)
    expect(moving).toBeGreaterThan(1);
    expect(worst).toBeLessThan(1e-8);
  });
});

describe('FlipSim3D: bad input', () => {
  const bad = (o: unknown, field: string): void => {
    expect(() => new FlipSim3D(o as Flip3DOptions)).toThrow(PhysicsError);
    expect(() => new FlipSim3D(o as Flip3DOptions)).toThrow(field);
  };
  it('rejects bad options, naming the field', () => {
    bad({ nx: 16, ny: 16 }, 'options.nz');
    bad({ nx: 3, ny: 16, nz: 16 }, 'options.nx');
    bad({ nx: 16, ny: 16.5, nz: 16 }, 'options.ny');
    bad({ nx: 16, ny: 16, nz: 16, h: -1 }, 'options.h');
    bad({ nx: 16, ny: 16, nz: 16, gravity: [0, -9.81] }, 'options.gravity');
    bad({ nx: 16, ny: 16, nz: 16, gravity: [0, Number.NaN, 0] }, 'options.gravity[1]');
    bad({ nx: 16, ny: 16, nz: 16, transfer: 'mac' }, 'options.transfer');
    bad({ nx: 16, ny: 16, nz: 16, flipRatio: 1.5 }, 'options.flipRatio');
    bad({ nx: 16, ny: 16, nz: 16, kernel: 'cubic' }, 'options.kernel');
    bad({ nx: 16, ny: 16, nz: 16, solver: 'lu' }, 'options.solver');
    bad({ nx: 16, ny: 16, nz: 16, separation: 1.5 }, 'options.separation');
    bad({ nx: 16, ny: 16, nz: 16, densityCorrection: -1 }, 'options.densityCorrection');
    bad({ nx: 16, ny: 16, nz: 16, minPerCell: 9, maxPerCell: 4 }, 'options.maxPerCell');
    bad({ nx: 16, ny: 16, nz: 16, speed: 3 }, 'options.speed');
  });
  it('rejects particles outside the tank or non-finite, bad blocks and a bad step', () => {
    const sim = tank(8);
    expect(() => sim.addParticle(0.01, 0.5, 0.5)).toThrow('particles[0]');
    expect(() => sim.addParticle(0.5, Number.NaN, 0.5)).toThrow('particles[0].y');
    expect(() => sim.addBlock([0, 0, 0], [1, 1] as unknown as [number, number, number])).toThrow('block.max');
    expect(() => sim.addBlock([0, 0, 0], [1, 1, 1], { perSide: 9 })).toThrow('block.perSide');
    expect(() => sim.step(0)).toThrow('step.dt');
    expect(() => sim.step(Number.POSITIVE_INFINITY)).toThrow('step.dt');
    expect(sim.count).toBe(0);
  });
  it('a velocity that blows up is reported as non-finite, naming the particle', () => {
    const sim = tank(8);
    sim.addParticle(0.5, 0.5, 0.5);
    sim.addParticle(0.5, 0.6, 0.5);
    sim.vy[1] = Number.NaN;
    expect(() => sim.step(1 / 60)).toThrow(
      /particles\[1\]: position or velocity became non-finite at step 1/,
    );
    const other = tank(8);
    other.addParticle(0.5, 0.5, 0.5);
    other.vz[0] = Number.POSITIVE_INFINITY;
    expect(() => other.step(1 / 60)).toThrow(/particles\[0\]: position or velocity became non-finite/);
  });
});
