/**
 * MLS-MPM in 2D (textbook §26.4; Hu et al. 2018): conservation in the transfers, materials that do
 * what their models say, symmetry, no allocation per step, bad input.
 */
import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { plog } from '../../src/math/portable-log.js';
import { Prng } from '../../src/math/prng.js';
import { svd2 } from '../../src/math/svd2.js';
import { MpmSim2D } from '../../src/mpm/mpm2d.js';

function shape(sim: MpmSim2D) {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  let J = 0;
  for (let p = 0; p < sim.count; p++) {
    minX = Math.min(minX, sim.x[p]!);
    maxX = Math.max(maxX, sim.x[p]!);
    minY = Math.min(minY, sim.y[p]!);
    maxY = Math.max(maxY, sim.y[p]!);
    const o = 4 * p;
    J += sim.F[o]! * sim.F[o + 3]! - sim.F[o + 1]! * sim.F[o + 2]!;
  }
  return { w: maxX - minX, h: maxY - minY, J: J / sim.count };
}

/** Top surface slope of a symmetric pile, degrees (a line fitted to the column tops of each flank). */
function pileAngle(sim: MpmSim2D, floor: number): number {
  const res = sim.resolution;
  const top = new Map<number, number>();
  for (let p = 0; p < sim.count; p++) {
    const b = Math.floor(sim.x[p]! * res);
    top.set(b, Math.max(top.get(b) ?? 0, sim.y[p]! - floor));
  }
  const prof = [...top.entries()].sort((a, b) => a[0] - b[0]).map(([k, h]) => [(k + 0.5) / res, h] as const);
  const hmax = Math.max(...prof.map((p) => p[1]));
  const peak = prof.find((p) => p[1] === hmax)![0];
  const flank = prof.filter((p) => p[0] > peak && p[1] > 0.15 * hmax && p[1] < 0.85 * hmax);
  const mx = flank.reduce((s, p) => s + p[0], 0) / flank.length;
  const my = flank.reduce((s, p) => s + p[1], 0) / flank.length;
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of flank) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
  }
  return (Math.atan(-sxy / sxx) * 180) / Math.PI;
}

function sandPile(angleDeg: number, phi: number): MpmSim2D {
  const res = 32;
  const sim = new MpmSim2D({ resolution: res, dt: 4e-4, boundary: 'sticky' });
  const s = sim.addMaterial({
    kind: 'sand',
    youngsModulus: 3.5e5,
    poissonsRatio: 0.3,
    density: 2200,
    frictionAngle: phi,
  });
  const floor = 3 / res;
  const h = 0.5 / res;
  const half = 0.3;
  const tan = Math.tan((angleDeg * Math.PI) / 180);
  for (let y = floor + h / 2; y < floor + half * tan; y += h) {
    for (let x = 0.5 - half + h / 2; x < 0.5 + half; x += h) {
      if (y - floor <= (half - Math.abs(x - 0.5)) * tan) sim.addParticle(x, y, 0, 0, s, h * h);
    }
  }
  return sim;
}

describe('math for MPM', () => {
  it('svd2 reconstructs F = U Σ Vᵀ with rotations U, V and σ₁ ≥ |σ₂|', () => {
    const rng = new Prng(3);
    const u = new Float64Array(4);
    const s = new Float64Array(2);
    const v = new Float64Array(4);
    for (let t = 0; t < 2000; t++) {
      const f = [rng.range(-2, 2), rng.range(-2, 2), rng.range(-2, 2), rng.range(-2, 2)];
      svd2(u, 0, s, 0, v, 0, f, 0);
      const r00 = u[0]! * s[0]! * v[0]! + u[1]! * s[1]! * v[1]!;
      const r01 = u[0]! * s[0]! * v[2]! + u[1]! * s[1]! * v[3]!;
      const r10 = u[2]! * s[0]! * v[0]! + u[3]! * s[1]! * v[1]!;
      const r11 = u[2]! * s[0]! * v[2]! + u[3]! * s[1]! * v[3]!;
      expect(
        Math.max(Math.abs(r00 - f[0]!), Math.abs(r01 - f[1]!), Math.abs(r10 - f[2]!), Math.abs(r11 - f[3]!)),
      ).toBeLessThan(1e-13);
      expect(u[0]! * u[3]! - u[1]! * u[2]!).toBeCloseTo(1, 12);
      expect(v[0]! * v[3]! - v[1]! * v[2]!).toBeCloseTo(1, 12);
      expect(s[0]!).toBeGreaterThanOrEqual(Math.abs(s[1]!) - 1e-12);
      expect(Math.sign(s[1]!) || 1).toBe(Math.sign(f[0]! * f[3]! - f[1]! * f[2]!) || 1);
    }
  });
  it('plog agrees with Math.log within 1 ulp', () => {
    const rng = new Prng(9);
    for (let i = 0; i < 5000; i++) {
      const x = Math.exp(rng.range(-700, 700));
      const a = plog(x);
      const b = Math.log(x);
      expect(Math.abs(a - b)).toBeLessThanOrEqual(Math.abs(b) * 2.3e-16 + 5e-324);
    }
    expect(plog(1)).toBe(0);
    expect(plog(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(Number.isNaN(plog(-1))).toBe(true);
  });
});

describe('MpmSim2D', () => {
  it('the transfers conserve linear and angular momentum to round-off (a spinning, stretched jelly disc)', () => {
    const sim = new MpmSim2D({ resolution: 64, dt: 1e-4, gravity: [0, 0] });
    const j = sim.addMaterial({ kind: 'jelly', youngsModulus: 1e4, density: 1000 });
    sim.addDisc(0.5, 0.5, 0.15, j);
    for (let p = 0; p < sim.count; p++) {
      const dx = sim.x[p]! - 0.5;
      const dy = sim.y[p]! - 0.5;
      sim.vx[p] = 0.3 - 2 * dy;
      sim.vy[p] = 0.1 + 2 * dx;
      sim.F[4 * p] = 1.1;
      sim.F[4 * p + 3] = 0.95;
    }
    const [px0, py0] = sim.momentum();
    const L0 = sim.angularMomentum();
    for (let i = 0; i < 400; i++) sim.step();
    const [px1, py1] = sim.momentum();
    expect(Math.abs(px1 - px0) / Math.abs(px0)).toBeLessThan(1e-12);
    expect(Math.abs(py1 - py0) / Math.abs(px0)).toBeLessThan(1e-12);
    expect(Math.abs(sim.angularMomentum() - L0) / Math.abs(L0)).toBeLessThan(1e-12);
  });

  it('a dropped jelly cube (Kelvin–Voigt damped) comes to rest near its rest shape', () => {
    const sim = new MpmSim2D({ resolution: 32, dt: 2e-4 });
    const j = sim.addMaterial({
      kind: 'jelly',
      youngsModulus: 2e4,
      density: 1000,
      poissonsRatio: 0.3,
      viscosity: 200,
    });
    sim.addBox(0.4, 0.5, 0.6, 0.7, j);
    const s0 = shape(sim);
    let keMax = 0;
    for (let i = 0; i < 10000; i++) {
      sim.step();
      if (i % 250 === 0) keMax = Math.max(keMax, sim.kineticEnergy());
    }
    const s1 = shape(sim);
    expect(keMax).toBeGreaterThan(10);
    expect(sim.kineticEnergy()).toBeLessThan(1e-6 * keMax);
    expect(Math.abs(s1.w / s0.w - 1)).toBeLessThan(0.1);
    expect(Math.abs(s1.h / s0.h - 1)).toBeLessThan(0.15);
    // on the floor: the wall band is 3 cells
    expect(Math.min(...Array.from(sim.y.subarray(0, sim.count)))).toBeGreaterThan(2 / 32);
  });

  it('snow compacts and stays flattened after an impact; jelly springs back to its shape', () => {
    const run = (kind: 'snow' | 'jelly') => {
      const sim = new MpmSim2D({ resolution: 32, dt: 2e-4 });
      const m = sim.addMaterial({
        kind,
        youngsModulus: 2e4,
        poissonsRatio: 0.2,
        density: 400,
        viscosity: 20,
      });
      sim.addBox(0.4, 0.3, 0.6, 0.5, m, { velocity: [0, -6] });
      const s0 = shape(sim);
      for (let i = 0; i < 6000; i++) sim.step();
      let jp = 0;
      for (let p = 0; p < sim.count; p++) jp += sim.Jp[p]!;
      return { s0, s1: shape(sim), jp: jp / sim.count };
    };
    const snow = run('snow');
    const jelly = run('jelly');
    expect(snow.jp).toBeLessThan(0.8);
    expect(snow.s1.h / snow.s0.h).toBeLessThan(0.7);
    expect(jelly.jp).toBe(1);
    expect(jelly.s1.h / jelly.s0.h).toBeGreaterThan(0.9);
  });

  it('sand: a pile steeper than its friction angle slumps, a shallower one holds its slope', () => {
    const steep = sandPile(60, 30);
    const shallow = sandPile(20, 30);
    for (let i = 0; i < 1.2 / 4e-4; i++) {
      steep.step();
      shallow.step();
    }
    const floor = 3 / 32;
    const a = pileAngle(steep, floor);
    const b = pileAngle(shallow, floor);
    expect(a).toBeLessThan(40);
    expect(Math.abs(b - 20)).toBeLessThan(2);
    expect(steep.kineticEnergy()).toBeLessThan(1e-2);
  });

  it('fluid: a dam break spreads over the floor and keeps its volume within 6% over 1 s', () => {
    const sim = new MpmSim2D({ resolution: 64, dt: 2e-4 });
    const m = sim.addMaterial({ kind: 'fluid', youngsModulus: 2e4, density: 1000 });
    sim.addBox(3 / 64, 3 / 64, 3 / 64 + 0.25, 3 / 64 + 0.5, m);
    let v0 = 0;
    for (let p = 0; p < sim.count; p++) v0 += sim.vol0[p]!;
    for (let i = 0; i < 5000; i++) sim.step();
    let v = 0;
    let front = 0;
    for (let p = 0; p < sim.count; p++) {
      v += sim.Jp[p]! * sim.vol0[p]!;
      front = Math.max(front, sim.x[p]!);
    }
    expect(Math.abs(v / v0 - 1)).toBeLessThan(0.06);
    expect(front).toBeGreaterThan(0.8);
  });

  it('a mirror-symmetric start stays mirror-symmetric (the transfers are Jacobi-style)', () => {
    const sim = new MpmSim2D({ resolution: 32, dt: 2e-4 });
    const m = sim.addMaterial({ kind: 'jelly', youngsModulus: 5e3, density: 500, viscosity: 5 });
    // 24 × 12 particles at Δx/2 spacing, symmetric about x = 0.5
    sim.addBox(0.3125, 0.4, 0.6875, 0.5875, m);
    const nx = 24;
    expect(sim.count % nx).toBe(0);
    for (let i = 0; i < 2000; i++) sim.step();
    let worst = 0;
    for (let p = 0; p < sim.count; p++) {
      const row = Math.floor(p / nx);
      const q = row * nx + (nx - 1 - (p % nx));
      worst = Math.max(
        worst,
        Math.abs(sim.x[p]! - (1 - sim.x[q]!)),
        Math.abs(sim.y[p]! - sim.y[q]!),
        Math.abs(sim.vx[p]! + sim.vx[q]!),
      );
    }
    expect(worst).toBeLessThan(1e-9);
  });

  it('rejects bad input with a PhysicsError naming the field, and catches a blow-up', () => {
    expect(() => new MpmSim2D({ resolution: 4, dt: 1e-4 })).toThrow(/resolution/);
    expect(() => new MpmSim2D({ resolution: 64, dt: 0 })).toThrow(/dt/);
    expect(() => new MpmSim2D({ resolution: 64, dt: 1e-4, gravity: [0, Number.NaN] })).toThrow(/gravity/);
    expect(() => new MpmSim2D({ resolution: 64, dt: 1e-4, boundary: 'bouncy' as never })).toThrow(/boundary/);
    expect(() => new MpmSim2D({ resolution: 64, dt: 1e-4, resolutoin: 8 } as never)).toThrow(/resolutoin/);
    const sim = new MpmSim2D({ resolution: 64, dt: 1e-4 });
    expect(() => sim.addMaterial({ kind: 'goo' as never })).toThrow(/kind/);
    expect(() => sim.addMaterial({ kind: 'jelly', poissonsRatio: 0.5 })).toThrow(/poissonsRatio/);
    expect(() => sim.addMaterial({ kind: 'sand', frictionAngle: Number.NaN })).toThrow(PhysicsError);
    expect(() => sim.addMaterial({ kind: 'snow', density: -1 })).toThrow(/density/);
    const j = sim.addMaterial({ kind: 'jelly' });
    expect(() => sim.addParticle(0.01, 0.5, 0, 0, j, 1e-4)).toThrow(/outside/);
    expect(() => sim.addParticle(0.5, 0.5, Number.NaN, 0, j, 1e-4)).toThrow(/vx/);
    expect(() => sim.addParticle(0.5, 0.5, 0, 0, 7, 1e-4)).toThrow(/material/);
    expect(() => sim.addBox(0.5, 0.5, 0.5, 0.5, j)).toThrow(/no particle/);
    // far too stiff for the step: caught at the end of the step, naming a particle
    const stiff = new MpmSim2D({ resolution: 32, dt: 0.01 });
    const hard = stiff.addMaterial({ kind: 'jelly', youngsModulus: 1e9, density: 1 });
    stiff.addBox(0.3, 0.3, 0.6, 0.6, hard, { velocity: [0, -5] });
    expect(() => {
      for (let i = 0; i < 200; i++) stiff.step();
    }).toThrow(/mpm particle \d+: state went non-finite/);
  });
});
