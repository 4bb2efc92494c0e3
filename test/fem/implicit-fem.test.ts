import { describe, expect, it } from 'vitest';
import { ImplicitFem } from '../../src/fem/implicit-fem.js';
import { triangulateRectangle } from '../../src/fem/triangulate.js';

const rho = 100;
const g = 9.81;

describe('implicit linear / corotational FEM (§26.3: stiffness matrix, integrated implicitly)', () => {
  it('2D cantilever under its own weight: static tip deflection = q L⁴ / (8 E I) within 5% (linear and corotational)', () => {
    const L = 1;
    const H = 0.1;
    const E = 1e7;
    const eb = (rho * g * H * L ** 4) / (8 * E * (H ** 3 / 12)); // Euler–Bernoulli, 1.5 cm
    const mesh = triangulateRectangle(L, H, 80, 8, [0, -H / 2]);
    for (const corotational of [false, true]) {
      const fem = new ImplicitFem({
        dim: 2,
        vertices: mesh.vertices,
        elements: mesh.triangles,
        density: rho,
        youngModulus: E,
        poissonRatio: 0.3,
        planeStress: true,
        corotational,
      });
      for (let i = 0; i < fem.nodes; i++) if (mesh.vertices[2 * i]! < 1e-9) fem.pin(i);
      const res = fem.solveStatic(corotational ? 2 : 1);
      expect(res.converged).toBe(true);
      let tip = 0;
      let n = 0;
      for (let i = 0; i < fem.nodes; i++) {
        if (Math.abs(mesh.vertices[2 * i]! - L) < 1e-9) {
          tip += mesh.vertices[2 * i + 1]! - fem.x[2 * i + 1]!;
          n++;
        }
      }
      expect(Math.abs(tip / n - eb) / eb).toBeLessThan(0.05);
    }
  });

  it('§26.3: a rigid 90° turn gives linear FEM large forces that do not exist; corotational FEM none', () => {
    const mesh = triangulateRectangle(0.4, 0.2, 4, 2);
    const make = (corotational: boolean) =>
      new ImplicitFem({
        dim: 2,
        vertices: mesh.vertices,
        elements: mesh.triangles,
        density: rho,
        youngModulus: 1e5,
        poissonRatio: 0.3,
        corotational,
        gravity: [0, 0],
      });
    const turned = (fem: ImplicitFem) => {
      for (let i = 0; i < fem.nodes; i++) {
        fem.x[2 * i] = -mesh.vertices[2 * i + 1]!;
        fem.x[2 * i + 1] = mesh.vertices[2 * i]!;
      }
      // rotations are refreshed by elasticEnergy(); forces() then uses them
      return { energy: fem.elasticEnergy(), force: Math.max(...Array.from(fem.forces(), Math.abs)) };
    };
    const lin = turned(make(false));
    const co = turned(make(true));
    expect(lin.force).toBeGreaterThan(1e3);
    expect(lin.energy).toBeGreaterThan(1e2);
    expect(co.force).toBeLessThan(1e-9);
    expect(co.energy).toBeLessThan(1e-20);
  });

  it('dynamics: a hanging strip settles at the analytic sag ρgL²/(2E); without damping the energy never grows', () => {
    const L = 1;
    const E = (rho * g * L * L) / (2 * 0.05);
    const mesh = triangulateRectangle(0.2, L, 2, 10, [0, -L]);
    const make = (massDamping: number) => {
      const fem = new ImplicitFem({
        dim: 2,
        vertices: mesh.vertices,
        elements: mesh.triangles,
        density: rho,
        youngModulus: E,
        poissonRatio: 0,
        planeStress: true,
        massDamping,
      });
      for (let i = 0; i < fem.nodes; i++) if (mesh.vertices[2 * i + 1]! > -1e-9) fem.pin(i);
      return fem;
    };
    const damped = make(4);
    for (let f = 0; f < 120; f++) damped.step(1 / 60);
    let y = 0;
    let n = 0;
    for (let i = 0; i < damped.nodes; i++) {
      if (Math.abs(mesh.vertices[2 * i + 1]! + L) < 1e-9) {
        y += damped.x[2 * i + 1]!;
        n++;
      }
    }
    expect(Math.abs(-y / n - L - 0.05) / 0.05).toBeLessThan(0.05);
    const free = make(0);
    const e0 = free.energy();
    let prev = e0;
    for (let f = 0; f < 60; f++) {
      free.step(1 / 60);
      const e = free.energy();
      expect(e).toBeLessThanOrEqual(prev + 1e-9 * Math.abs(e0));
      prev = e;
    }
    expect(prev).toBeLessThan(e0);
  });

  it('bad input → PhysicsError naming the field', () => {
    const mesh = triangulateRectangle(1, 1, 1, 1);
    const base = {
      dim: 2 as const,
      vertices: mesh.vertices,
      elements: mesh.triangles,
      density: 1,
      youngModulus: 1,
      poissonRatio: 0,
    };
    expect(() => new ImplicitFem({ ...base, density: 0 })).toThrow(/implicitFem.density/);
    expect(() => new ImplicitFem({ ...base, elements: [0, 1, 9] })).toThrow(/implicitFem.elements\[0\]/);
    expect(() => new ImplicitFem({ ...base, vertices: [0, 0, 1, 0, 0, 1, 2, 0] })).toThrow(/zero area/);
    const fem = new ImplicitFem(base);
    expect(() => fem.pin(7)).toThrow(/implicitFem.pin/);
    expect(() => fem.step(-1)).toThrow(/implicitFem.step.dt/);
  });
});
