/**
 * MGPCG, the smoke's pressure solver (McAdams, Sifakis, Teran 2010; textbook §26.4): the multigrid
 * V-cycle is a symmetric positive definite preconditioner (CG needs one), its fast kernels (the
 * uniform runs, the fused dot products, the first sweep from zero) give the general kernels'
 * values bit for bit, and the previous step's pressure as the initial guess reaches the same
 * 1e-5 relative divergence in fewer iterations on a steady plume, and the pressure extrapolated
 * from the last two steps in fewer still (iteration counts are deterministic, so they are compared
 * exactly).
 */
import { describe, expect, it } from 'vitest';
import { MacGrid } from '../../src/fluid/mac-grid.js';
import {
  MultigridPreconditioner,
  redBlackDoubleSweep,
  redBlackSweepFused,
} from '../../src/fluid/multigrid.js';
import type { PoissonSystem } from '../../src/fluid/poisson.js';
import { PressureSolver } from '../../src/fluid/pressure-solvers.js';
import { Projector } from '../../src/fluid/projection.js';
import { SmokeSim } from '../../src/fluid/smoke.js';

/** A small deterministic PRNG (LCG). */
function lcg(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** A 2D Poisson system with an open top, a solid disc and a solid block (so runs break). */
function system(nx: number, ny: number): PoissonSystem {
  const g = new MacGrid({ nx, ny, h: 1 / ny, open: { yMax: true } });
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const dx = i - 0.3 * nx;
      const dy = j - 0.4 * ny;
      const disc = dx * dx + dy * dy < (0.12 * nx) ** 2;
      const block = i > 0.6 * nx && i < 0.75 * nx && j > 0.2 * ny && j < 0.3 * ny;
      if (disc || block) g.solid[g.cellIndex(i, j)] = 1;
    }
  }
  const rnd = lcg(7);
  for (const f of [g.u, g.v]) for (let i = 0; i < f.length; i++) f[i] = 2 * rnd() - 1;
  const p = new Projector(g);
  p.project(0.01, { solver: 'mgpcg' });
  return p.sys;
}

/** A random vector on the active cells (0 elsewhere). */
function randomVector(sys: PoissonSystem, seed: number): Float64Array {
  const rnd = lcg(seed);
  const x = new Float64Array(sys.size);
  for (let c = 0; c < sys.size; c++) if (sys.diag[c] !== 0) x[c] = 2 * rnd() - 1;
  return x;
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let c = 0; c < a.length; c++) s += a[c]! * b[c]!;
  return s;
}

describe('MGPCG: the V-cycle preconditioner', () => {
  it('is symmetric, ⟨Mx, y⟩ = ⟨x, My⟩ to round-off, and positive definite, on random vectors', () => {
    const sys = system(48, 40);
    const mg = new MultigridPreconditioner(sys);
    mg.update();
    expect(mg.levels.length).toBeGreaterThan(2);
    const mx = new Float64Array(sys.size);
    const my = new Float64Array(sys.size);
    for (let seed = 1; seed <= 6; seed++) {
      const x = randomVector(sys, seed);
      const y = randomVector(sys, 100 + seed);
      mg.apply(x, mx);
      mg.apply(y, my);
      const a = dot(mx, y);
      const b = dot(x, my);
      const scale = Math.sqrt(dot(mx, mx) * dot(y, y));
      expect(Math.abs(a - b)).toBeLessThan(1e-12 * scale);
      expect(dot(mx, x)).toBeGreaterThan(0);
      // inactive cells stay 0
      for (let c = 0; c < sys.size; c++) if (sys.diag[c] === 0) expect(mx[c]).toBe(0);
    }
  });

  it('the uniform-run kernels, the first sweep from zero and the fused r·z give the general values bit for bit', () => {
    const sys = system(40, 36);
    const mg = new MultigridPreconditioner(sys);
    mg.update();
    let runs = 0;
    for (const l of mg.levels) runs += l.sys.runOffset[l.sys.ny]!;
    expect(runs).toBeGreaterThan(0);
    const r = randomVector(sys, 3);
    const zFast = new Float64Array(sys.size);
    // garbage in z: the V-cycle must not depend on what the output array held
    zFast.fill(123.5);
    for (let c = 0; c < sys.size; c++) if (sys.diag[c] === 0) zFast[c] = 0;
    const rz = mg.applyDot(r, zFast);
    const aFast = new Float64Array(sys.size);
    const sFast = Float64Array.from(r);
    const dFast = sys.apply(sFast, aFast);
    const zu = randomVector(sys, 5);
    const uFast = sys.updateApply(zu, 0.37, sFast, aFast);
    // the same without runs: every cell through the general stencil
    for (const l of mg.levels) l.sys.clearRuns();
    const zSlow = new Float64Array(sys.size);
    mg.apply(r, zSlow);
    expect(Array.from(zFast)).toEqual(Array.from(zSlow));
    expect(rz).toBe(dot(r, zSlow));
    const aSlow = new Float64Array(sys.size);
    const sSlow = Float64Array.from(r);
    expect(sys.apply(sSlow, aSlow)).toBe(dFast);
    for (let c = sys.first; c < sys.end; c++) sSlow[c] = zu[c]! + 0.37 * sSlow[c]!;
    expect(sys.apply(sSlow, aSlow)).toBe(uFast);
    expect(Array.from(aFast)).toEqual(Array.from(aSlow));
    expect(Array.from(sFast)).toEqual(Array.from(sSlow));
  });
});

describe('MGPCG: more smoothing per level', () => {
  it('two red–black sweeps in one pass give the two separate sweeps bit for bit, either colour first', () => {
    const sys = system(40, 36);
    const mg = new MultigridPreconditioner(sys);
    mg.update();
    const b = randomVector(sys, 11);
    for (const first of [0, 1]) {
      const fused = randomVector(sys, 12);
      const plain = Float64Array.from(fused);
      redBlackDoubleSweep(sys, fused, b, first);
      redBlackSweepFused(sys, plain, b, first);
      redBlackSweepFused(sys, plain, b, first);
      expect(Array.from(fused)).toEqual(Array.from(plain));
    }
  });

  it('with 4 + 4 sweeps the V-cycle stays symmetric positive definite and MGPCG needs fewer iterations to 1e-5', () => {
    const sys = system(48, 40);
    const mg = new MultigridPreconditioner(sys, { preSweeps: 4, postSweeps: 4 });
    mg.update();
    const mx = new Float64Array(sys.size);
    const my = new Float64Array(sys.size);
    for (let seed = 1; seed <= 4; seed++) {
      const x = randomVector(sys, seed);
      const y = randomVector(sys, 50 + seed);
      mg.apply(x, mx);
      mg.apply(y, my);
      const scale = Math.sqrt(dot(mx, mx) * dot(y, y));
      expect(Math.abs(dot(mx, y) - dot(x, my))).toBeLessThan(1e-12 * scale);
      expect(dot(mx, x)).toBeGreaterThan(0);
    }
    const rhs = randomVector(sys, 9);
    sys.removeNullspace(rhs);
    const iterations = (options: { preSweeps?: number; postSweeps?: number }) => {
      const p = new Float64Array(sys.size);
      const res = new PressureSolver(sys, options).solve('mgpcg', p, rhs, { tolerance: 1e-5 });
      expect(res.converged).toBe(true);
      expect(res.residualNorm).toBeLessThanOrEqual(1e-5 * res.initialNorm);
      return res.iterations;
    };
    expect(iterations({ preSweeps: 4, postSweeps: 4 })).toBeLessThan(iterations({}));
  });
});

describe("MGPCG: McAdams et al.'s boundary smoothing", () => {
  it('extra sweeps over the boundary band keep the V-cycle symmetric positive definite', () => {
    const sys = system(48, 40);
    const mg = new MultigridPreconditioner(sys, { boundarySweeps: 4, boundaryWidth: 3 });
    mg.update();
    const mx = new Float64Array(sys.size);
    const my = new Float64Array(sys.size);
    for (let seed = 1; seed <= 4; seed++) {
      const x = randomVector(sys, seed);
      const y = randomVector(sys, 70 + seed);
      mg.apply(x, mx);
      mg.apply(y, my);
      const scale = Math.sqrt(dot(mx, mx) * dot(y, y));
      expect(Math.abs(dot(mx, y) - dot(x, my))).toBeLessThan(1e-12 * scale);
      expect(dot(mx, x)).toBeGreaterThan(0);
    }
  });

  it('the smoke projection (on by default) reaches 1e-5 in fewer iterations on a 96² plume', () => {
    const run = (boundarySweeps?: number) => {
      const sim = new SmokeSim({
        nx: 96,
        ny: 96,
        open: { yMax: true },
        vorticity: 2,
        buoyancyTemperature: 0.5,
        sources: [{ x: 0.5, y: 0.08, radius: 0.07, density: 1, temperature: 1 }],
      });
      // the option is read when the preconditioner is built, at the first solve
      if (boundarySweeps !== undefined) Object.assign(sim.projector.solver.multigrid, { boundarySweeps });
      let iterations = 0;
      for (let s = 0; s < 40; s++) {
        const r = sim.step(1 / 60);
        expect(r.residualNorm).toBeLessThanOrEqual(1e-5 * r.initialNorm);
        if (s >= 20) iterations += r.iterations;
      }
      return iterations;
    };
    const without = run(0);
    const withBand = run();
    expect(withBand).toBeLessThan(without);
  });
});

describe('MGPCG: warm start from the previous pressure', () => {
  const plume = () =>
    new SmokeSim({
      nx: 64,
      ny: 64,
      open: { yMax: true },
      solver: 'mgpcg',
      tolerance: 1e-5,
      vorticity: 2,
      buoyancyTemperature: 0.5,
      sources: [{ x: 0.5, y: 0.1, radius: 0.08, density: 1, temperature: 1 }],
    });

  it('reaches the same 1e-5 tolerance in fewer iterations than a cold start on a steady plume', () => {
    const warm = plume();
    for (let s = 0; s < 30; s++) warm.step(1 / 60);
    const cold = plume();
    cold.restore(warm.snapshot());
    let warmIts = 0;
    let coldIts = 0;
    for (let s = 0; s < 20; s++) {
      const a = warm.step(1 / 60);
      expect(a.converged).toBe(true);
      expect(a.residualNorm).toBeLessThanOrEqual(1e-5 * a.initialNorm);
      warmIts += a.iterations;
      cold.projector.q.fill(0);
      const b = cold.step(1 / 60);
      expect(b.converged).toBe(true);
      expect(b.residualNorm).toBeLessThanOrEqual(1e-5 * b.initialNorm);
      coldIts += b.iterations;
      // every single step: the warm start never needs more
      expect(a.iterations).toBeLessThanOrEqual(b.iterations);
    }
    expect(warmIts).toBeLessThan(coldIts);
  });

  it('the pressure extrapolated from the last two steps is a better start still: fewer iterations, same tolerance', () => {
    const ex = plume();
    for (let s = 0; s < 30; s++) ex.step(1 / 60);
    const plain = plume();
    plain.restore(ex.snapshot());
    let exIts = 0;
    let plainIts = 0;
    for (let s = 0; s < 20; s++) {
      const a = ex.step(1 / 60);
      expect(a.residualNorm).toBeLessThanOrEqual(1e-5 * a.initialNorm);
      exIts += a.iterations;
      // no history: the plain warm start from the last pressure alone
      plain.projector.history = 0;
      const b = plain.step(1 / 60);
      expect(b.residualNorm).toBeLessThanOrEqual(1e-5 * b.initialNorm);
      plainIts += b.iterations;
    }
    // measured: 47 against 80 iterations over these 20 steps
    expect(exIts).toBeLessThan(0.8 * plainIts);
  });

  it('a restored snapshot continues with the same warm start: the same iterations and the same bits', () => {
    const a = plume();
    for (let s = 0; s < 20; s++) a.step(1 / 60);
    const b = plume();
    b.restore(a.snapshot());
    for (let s = 0; s < 5; s++) {
      const ra = a.step(1 / 60).iterations;
      const rb = b.step(1 / 60).iterations;
      expect(rb).toBe(ra);
    }
    expect(b.stateHash()).toBe(a.stateHash());
  });
});
