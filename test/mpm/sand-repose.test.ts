/**
 * The angle of repose of Drucker–Prager sand in MLS-MPM (Klár et al. 2016; textbook §26.4): a wedge
 * steeper than the friction angle slumps and settles at a slope within 5° of φ (an infinite
 * cohesionless Mohr–Coulomb slope is stable exactly up to φ; the 2D cone is the plane-strain
 * Mohr–Coulomb one). The grains' elastic skeleton is damped (Kelvin–Voigt), otherwise its
 * vibration keeps the pile creeping flatter.
 */
import { describe, expect, it } from 'vitest';
import { MpmSim2D } from '../../src/mpm/mpm2d.js';

/** Top-surface slope of the right flank of a pile, degrees (a line through the column tops). */
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

/** A symmetric wedge of slope `angleDeg` on the floor, half-width 0.3 m, sand of friction angle φ. */
function slump(angleDeg: number, phi: number): { sim: MpmSim2D; floor: number } {
  const res = 32;
  const E = 3.5e5;
  // 0.3 Δx / c, c the P-wave speed
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
  const tan = Math.tan((angleDeg * Math.PI) / 180);
  for (let y = floor + h / 2; y < floor + 0.3 * tan; y += h) {
    for (let x = 0.2 + h / 2; x < 0.8; x += h) {
      if (y - floor <= (0.3 - Math.abs(x - 0.5)) * tan) sim.addParticle(x, y, 0, 0, s, h * h);
    }
  }
  for (let t = 0; t < 3; t += dt) sim.step();
  return { sim, floor };
}

describe('MPM sand: the angle of repose', () => {
  it('a wedge 10° steeper than φ settles within 5° of φ (φ = 20°, 30°, 40°)', () => {
    for (const phi of [20, 30, 40]) {
      const { sim, floor } = slump(phi + 10, phi);
      const angle = pileAngle(sim, floor);
      expect(Math.abs(angle - phi), `φ = ${phi}°: settled at ${angle.toFixed(1)}°`).toBeLessThan(5);
      // it did slump (from φ + 10°) and came (nearly) to rest
      expect(angle).toBeLessThan(phi + 8);
      expect(sim.kineticEnergy()).toBeLessThan(1e-2);
    }
  });
});
