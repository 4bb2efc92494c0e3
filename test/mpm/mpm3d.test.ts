/**
 * MLS-MPM in 3D (textbook §26.4; Hu et al. 2018): the 3×3 SVD, conservation in the transfers, a
 * jelly cube that comes to rest in its own shape, sand and snow in 3D, mirror symmetry, snapshots
 * that restore bit for bit, bad input.
 */
import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { Prng } from '../../src/math/prng.js';
import { svd3 } from '../../src/math/svd3.js';
import { MpmSim3D } from '../../src/mpm/mpm3d.js';

function extent(sim: MpmSim3D) {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let p = 0; p < sim.count; p++) {
    const q = [sim.x[p]!, sim.y[p]!, sim.z[p]!];
    for (let k = 0; k < 3; k++) {
      lo[k] = Math.min(lo[k]!, q[k]!);
      hi[k] = Math.max(hi[k]!, q[k]!);
    }
  }
  return [hi[0]! - lo[0]!, hi[1]! - lo[1]!, hi[2]! - lo[2]!];
}

describe('svd3', () => {
  it('reconstructs F = U Σ Vᵀ with rotations U, V, σ₀ ≥ σ₁ ≥ |σ₂| and sign(σ₂) = sign(det F)', () => {
    const rng = new Prng(5);
    const u = new Float64Array(9);
    const s = new Float64Array(3);
    const v = new Float64Array(9);
    const det = (m: ArrayLike<number>) =>
      m[0]! * (m[4]! * m[8]! - m[5]! * m[7]!) -
      m[1]! * (m[3]! * m[8]! - m[5]! * m[6]!) +
      m[2]! * (m[3]! * m[7]! - m[4]! * m[6]!);
    for (let t = 0; t < 2000; t++) {
      const f = Array.from({ length: 9 }, () => rng.range(-2, 2));
      if (t % 10 === 0) for (let k = 0; k < 9; k++) f[k] = (k % 4 === 0 ? 1 : 0) + 0.05 * f[k]!;
      svd3(u, 0, s, 0, v, 0, f, 0);
      let worst = 0;
      for (let r = 0; r < 3; r++)
        for (let c = 0; c < 3; c++) {
          let a = 0;
          for (let k = 0; k < 3; k++) a += u[3 * r + k]! * s[k]! * v[3 * c + k]!;
          worst = Math.max(worst, Math.abs(a - f[3 * r + c]!));
        }
      expect(worst).toBeLessThan(1e-12);
      expect(det(u)).toBeCloseTo(1, 12);
      expect(det(v)).toBeCloseTo(1, 12);
      expect(s[0]!).toBeGreaterThanOrEqual(s[1]! - 1e-12);
      expect(s[1]!).toBeGreaterThanOrEqual(Math.abs(s[2]!) - 1e-12);
      expect(Math.sign(s[2]!)).toBe(Math.sign(det(f)));
    }
    // rank-deficient and zero matrices still give rotations
    svd3(u, 0, s, 0, v, 0, [1, 2, 3, 2, 4, 6, 3, 6, 9], 0);
    expect(det(u)).toBeCloseTo(1, 12);
    expect(s[1]!).toBeLessThan(1e-7);
    svd3(u, 0, s, 0, v, 0, [0, 0, 0, 0, 0, 0, 0, 0, 0], 0);
    expect([...s]).toEqual([0, 0, 0]);
    expect(det(u)).toBeCloseTo(1, 12);
  });
});

describe('MpmSim3D', () => {
  it('a free elastic body conserves linear and angular momentum to round-off (spinning, stretched jelly ball)', () => {
    const sim = new MpmSim3D({ resolution: 24, dt: 2e-4, gravity: [0, 0, 0] });
    const j = sim.addMaterial({ kind: 'jelly', youngsModulus: 1e4, density: 1000 });
    sim.addBall(0.5, 0.5, 0.5, 0.15, j);
    for (let p = 0; p < sim.count; p++) {
      const dx = sim.x[p]! - 0.5;
      const dy = sim.y[p]! - 0.5;
      const dz = sim.z[p]! - 0.5;
      sim.vx[p] = 0.3 - 2 * dy;
      sim.vy[p] = 0.1 + 2 * dx + 0.5 * dz;
      sim.vz[p] = -0.2 - 0.5 * dy;
      sim.F[9 * p] = 1.1;
      sim.F[9 * p + 4] = 0.95;
    }
    const p0 = sim.momentum();
    const L0 = sim.angularMomentum();
    for (let i = 0; i < 150; i++) sim.step();
    const p1 = sim.momentum();
    const L1 = sim.angularMomentum();
    const pn = Math.hypot(...p0);
    const Ln = Math.hypot(...L0);
    for (let k = 0; k < 3; k++) {
      expect(Math.abs(p1[k]! - p0[k]!) / pn).toBeLessThan(1e-12);
      expect(Math.abs(L1[k]! - L0[k]!) / Ln).toBeLessThan(1e-12);
    }
    // it did deform: the stretch along x relaxes
    expect(sim.kineticEnergy()).toBeGreaterThan(0);
  });

  it('a dropped jelly cube (Kelvin–Voigt damped) comes to rest near its rest shape on the floor', () => {
    const sim = new MpmSim3D({ resolution: 20, dt: 4e-4 });
    const j = sim.addMaterial({
      kind: 'jelly',
      youngsModulus: 2e4,
      density: 1000,
      poissonsRatio: 0.3,
      viscosity: 200,
    });
    sim.addBox(0.4, 0.5, 0.4, 0.6, 0.7, 0.6, j);
    const e0 = extent(sim);
    let keMax = 0;
    for (let i = 0; i < 3000; i++) {
      sim.step();
      if (i % 100 === 0) keMax = Math.max(keMax, sim.kineticEnergy());
    }
    const e1 = extent(sim);
    expect(keMax).toBeGreaterThan(1);
    expect(sim.kineticEnergy()).toBeLessThan(1e-5 * keMax);
    for (let k = 0; k < 3; k++) expect(Math.abs(e1[k]! / e0[k]! - 1)).toBeLessThan(0.15);
    // resting on the floor (the wall band is 3 cells)
    let minY = Infinity;
    for (let p = 0; p < sim.count; p++) minY = Math.min(minY, sim.y[p]!);
    expect(minY).toBeGreaterThan(2 / 20);
    expect(minY).toBeLessThan(4 / 20);
  });

  it('snow compacts and stays flattened after an impact, jelly springs back; sand slumps', () => {
    const run = (kind: 'snow' | 'jelly' | 'sand') => {
      const sim = new MpmSim3D({ resolution: 16, dt: 4e-4 });
      const m = sim.addMaterial({
        kind,
        youngsModulus: kind === 'sand' ? 1e5 : 2e4,
        poissonsRatio: 0.2,
        density: 400,
        viscosity: kind === 'sand' ? 0 : 20,
      });
      sim.addBox(0.35, 0.25, 0.35, 0.65, 0.55, 0.65, m, { velocity: [0, kind === 'sand' ? 0 : -5, 0] });
      const e0 = extent(sim);
      for (let i = 0; i < 1000; i++) sim.step();
      let jp = 0;
      for (let p = 0; p < sim.count; p++) jp += sim.Jp[p]!;
      return { e0, e1: extent(sim), jp: jp / sim.count };
    };
    const snow = run('snow');
    const jelly = run('jelly');
    const sand = run('sand');
    expect(snow.jp).toBeLessThan(0.8);
    expect(snow.e1[1]! / snow.e0[1]!).toBeLessThan(0.75);
    expect(jelly.jp).toBe(1);
    expect(jelly.e1[1]! / jelly.e0[1]!).toBeGreaterThan(0.85);
    // a cube of cohesionless sand cannot stand: it spreads out
    expect(sand.e1[1]! / sand.e0[1]!).toBeLessThan(0.7);
    expect(sand.e1[0]! / sand.e0[0]!).toBeGreaterThan(1.3);
  });

  it('a mirror-symmetric start stays mirror-symmetric (x ↦ 1 − x)', () => {
    const sim = new MpmSim3D({ resolution: 16, dt: 3e-4 });
    const m = sim.addMaterial({ kind: 'jelly', youngsModulus: 5e3, density: 500, viscosity: 5 });
    // 8 particles across x at Δx/2 = 1/32 spacing, symmetric about x = 0.5
    sim.addBox(0.375, 0.4, 0.4, 0.625, 0.55, 0.55, m, { velocity: [0, -1, 0.3] });
    const nx = 8;
    expect(sim.count % nx).toBe(0);
    for (let i = 0; i < 600; i++) sim.step();
    let worst = 0;
    for (let p = 0; p < sim.count; p++) {
      const q = p - (p % nx) + (nx - 1 - (p % nx));
      worst = Math.max(
        worst,
        Math.abs(sim.x[p]! - (1 - sim.x[q]!)),
        Math.abs(sim.y[p]! - sim.y[q]!),
        Math.abs(sim.z[p]! - sim.z[q]!),
        Math.abs(sim.vx[p]! + sim.vx[q]!),
      );
    }
    expect(worst).toBeLessThan(1e-9);
  });

  it('a snapshot restores bit for bit: the continuation and the state hash are identical', () => {
    const make = () => {
      const sim = new MpmSim3D({ resolution: 16, dt: 3e-4 });
      const s = sim.addMaterial({ kind: 'snow', youngsModulus: 2e4, density: 400 });
      const d = sim.addMaterial({ kind: 'sand', youngsModulus: 1e5, density: 1500 });
      sim.addBall(0.4, 0.5, 0.5, 0.1, s, { velocity: [2, -1, 0] });
      sim.addBox(0.55, 0.2, 0.4, 0.75, 0.4, 0.6, d);
      return sim;
    };
    const a = make();
    for (let i = 0; i < 100; i++) a.step();
    const bytes = a.snapshot();
    const h = a.stateHash();
    for (let i = 0; i < 100; i++) a.step();
    const b = make();
    b.restore(bytes);
    expect(b.stateHash()).toBe(h);
    for (let i = 0; i < 100; i++) b.step();
    expect(b.stateHash()).toBe(a.stateHash());
    expect(Array.from(b.F.subarray(0, 9 * b.count))).toEqual(Array.from(a.F.subarray(0, 9 * a.count)));
    // a 2D snapshot, a corrupted one or one of another resolution is refused, the sim unchanged
    const before = b.stateHash();
    const bad = bytes.slice();
    bad[bad.length - 20] = bad[bad.length - 20]! ^ 0xff;
    expect(() => b.restore(bad)).toThrow(PhysicsError);
    const other = new MpmSim3D({ resolution: 20, dt: 3e-4 });
    other.addMaterial({ kind: 'snow' });
    other.addMaterial({ kind: 'sand' });
    expect(() => other.restore(bytes)).toThrow(/resolution/);
    expect(b.stateHash()).toBe(before);
  });

  it('rejects bad input with a PhysicsError naming the field, and catches a blow-up', () => {
    expect(() => new MpmSim3D({ resolution: 4, dt: 1e-4 })).toThrow(/resolution/);
    expect(() => new MpmSim3D({ resolution: 16, dt: Number.NaN })).toThrow(/dt/);
    expect(() => new MpmSim3D({ resolution: 16, dt: 1e-4, gravity: [0, -9.8] as never })).toThrow(/gravity/);
    expect(() => new MpmSim3D({ resolution: 16, dt: 1e-4, gravity: [0, Infinity, 0] })).toThrow(/gravity/);
    expect(() => new MpmSim3D({ resolution: 16, dt: 1e-4, boundaryFriction: -1 })).toThrow(
      /boundaryFriction/,
    );
    expect(() => new MpmSim3D({ resolution: 16, dt: 1e-4, size: 0 })).toThrow(/size/);
    expect(() => new MpmSim3D({ resolution: 16, dt: 1e-4, reslution: 8 } as never)).toThrow(/reslution/);
    const sim = new MpmSim3D({ resolution: 16, dt: 1e-4 });
    expect(() => sim.addMaterial({ kind: 'sand', frictionAngle: Number.NaN })).toThrow(/frictionAngle/);
    expect(() => sim.addMaterial({ kind: 'jelly', youngsModulus: Infinity })).toThrow(/youngsModulus/);
    const j = sim.addMaterial({ kind: 'jelly' });
    expect(() => sim.addParticle(0.5, 0.5, 0.05, 0, 0, 0, j, 1e-6)).toThrow(/outside/);
    expect(() => sim.addParticle(0.5, 0.5, 1.2, 0, 0, 0, j, 1e-6)).toThrow(PhysicsError);
    expect(() => sim.addParticle(0.5, 0.5, 0.5, 0, 0, Number.NaN, j, 1e-6)).toThrow(/vz/);
    expect(() => sim.addParticle(0.5, 0.5, 0.5, 0, 0, 0, j, 0)).toThrow(/volume/);
    expect(() => sim.addParticle(0.5, 0.5, 0.5, 0, 0, 0, 3, 1e-6)).toThrow(/material/);
    expect(() => sim.addBox(0.5, 0.5, 0.5, 0.5, 0.6, 0.6, j)).toThrow(/no particle/);
    const stiff = new MpmSim3D({ resolution: 16, dt: 0.01 });
    const hard = stiff.addMaterial({ kind: 'jelly', youngsModulus: 1e9, density: 1 });
    stiff.addBox(0.3, 0.3, 0.3, 0.6, 0.6, 0.6, hard, { velocity: [0, -5, 0] });
    expect(() => {
      for (let i = 0; i < 100; i++) stiff.step();
    }).toThrow(/mpm particle \d+: state went non-finite/);
  });
});
