import { describe, expect, it } from 'vitest';
import { FemTetrahedra } from '../../src/fem/fem-tetrahedra.js';
import { FemTriangles } from '../../src/fem/fem-triangles.js';
import { addFemBody2D, addFemBody3D } from '../../src/fem/soft-body.js';
import { tetrahedralizeBox } from '../../src/fem/tetrahedralize.js';
import { triangulateRectangle } from '../../src/fem/triangulate.js';
import { Particles } from '../../src/xpbd/particles.js';
import { type SolverOrder, XpbdWorld } from '../../src/xpbd/solver.js';

const rho = 1000;
const g = 9.81;

/**
 * A column of length L hanging from its top face under its own weight: with ν = 0 every slice is in
 * uniaxial tension σ(s) = ρ g s (s measured up from the free end), so the free end drops by
 * δ = ∫ σ/E ds = ρ g L² / (2E). E is chosen so δ = 5% of L.
 */
function hangingColumn3D(
  model: 'corotational' | 'neo-hookean',
  nu: number,
  order: SolverOrder = 'gauss-seidel',
) {
  const L = 1;
  const E = (rho * g * L * L) / (2 * 0.05);
  const world = new XpbdWorld({ substeps: 10, drag: 4, order });
  const mesh = tetrahedralizeBox([0.2, L, 0.2], [2, 10, 2], [0, -L, 0]);
  addFemBody3D(world, mesh, { density: rho, youngModulus: E, poissonRatio: nu, model });
  const p = world.particles;
  for (let i = 0; i < p.count; i++) if (p.x[3 * i + 1] > -1e-9) p.setInvMass(i, 0);
  const bottom: number[] = [];
  for (let i = 0; i < p.count; i++) if (Math.abs(mesh.vertices[3 * i + 1]! + L) < 1e-9) bottom.push(i);
  let sum = 0;
  let n = 0;
  for (let f = 0; f < 180; f++) {
    world.step(1 / 60);
    if (f >= 150) {
      for (const i of bottom) sum += p.x[3 * i + 1]!;
      n += bottom.length;
    }
  }
  return { sag: -sum / n - L, analytic: (rho * g * L * L) / (2 * E) };
}

describe('FEM soft bodies in the XPBD solver (E, ν as inputs)', () => {
  it('3D corotational column hanging under its own weight sags by ρgL²/(2E) within 10%', () => {
    const { sag, analytic } = hangingColumn3D('corotational', 0);
    expect(Math.abs(sag - analytic) / analytic).toBeLessThan(0.1);
  });

  it('3D stable neo-Hookean column (ν = 0.3) sags by the analytic amount within 10%', () => {
    const { sag, analytic } = hangingColumn3D('neo-hookean', 0.3);
    expect(Math.abs(sag - analytic) / analytic).toBeLessThan(0.1);
  });

  it('solver orders: graph-coloured Gauss–Seidel gives the same sag within 2%, Jacobi (mass splitting) within 20%', () => {
    const gs = hangingColumn3D('neo-hookean', 0.3).sag;
    const col = hangingColumn3D('neo-hookean', 0.3, 'colored').sag;
    const jac = hangingColumn3D('neo-hookean', 0.3, 'jacobi');
    expect(Math.abs(col - gs) / gs).toBeLessThan(0.02);
    // Jacobi converges more slowly per sweep, so at equal substeps it is a little softer
    expect(Math.abs(jac.sag - gs) / gs).toBeLessThan(0.2);
    expect(Math.abs(jac.sag - jac.analytic) / jac.analytic).toBeLessThan(0.2);
  });

  it('2D plane-stress strip (triangles) hanging under its own weight sags by ρgL²/(2E) within 10%', () => {
    for (const model of ['corotational', 'neo-hookean'] as const) {
      const L = 1;
      const E = (rho * g * L * L) / (2 * 0.05);
      const world = new XpbdWorld({ substeps: 10, drag: 4 });
      const mesh = triangulateRectangle(0.2, L, 2, 10, [0, -L]);
      addFemBody2D(world, mesh, { density: rho, youngModulus: E, poissonRatio: 0, planeStress: true, model });
      const p = world.particles;
      for (let i = 0; i < p.count; i++) if (p.x[3 * i + 1] > -1e-9) p.setInvMass(i, 0);
      for (let f = 0; f < 150; f++) world.step(1 / 60);
      let y = 0;
      let n = 0;
      for (let i = 0; i < p.count; i++) {
        if (Math.abs(mesh.vertices[2 * i + 1]! + L) < 1e-9) {
          y += p.x[3 * i + 1]!;
          n++;
        }
        expect(p.x[3 * i + 2]).toBe(0); // 2D stays in its plane
      }
      const sag = -y / n - L;
      expect(Math.abs(sag - 0.05) / 0.05).toBeLessThan(0.1);
    }
  });

  it('energy never grows: a squashed free cube released without gravity (both models)', () => {
    for (const model of ['corotational', 'neo-hookean'] as const) {
      const world = new XpbdWorld({ substeps: 5, gravity: [0, 0, 0] });
      const mesh = tetrahedralizeBox([0.3, 0.3, 0.3], [2, 2, 2]);
      const body = addFemBody3D(world, mesh, { density: rho, youngModulus: 2e4, poissonRatio: 0.3, model });
      const p = world.particles;
      for (let i = 0; i < p.count; i++) p.x[3 * i + 1] *= 0.7; // squash by 30% in y
      p.prev.set(p.x);
      const e0 = world.energy();
      expect(e0).toBeGreaterThan(1);
      let prev = e0;
      for (let f = 0; f < 90; f++) {
        world.step(1 / 60);
        const e = world.energy();
        expect(e).toBeLessThanOrEqual(prev * (1 + 1e-9) + 1e-12);
        prev = e;
      }
      expect(prev).toBeLessThan(e0); // and it does spring back (energy went into motion and was damped)
      expect(body.fem.energy(p.x)).toBeLessThan(0.5 * e0);
    }
  });

  it('a freely spinning body stays undeformed (no ghost forces from rotation) and keeps its angular momentum', () => {
    // (the neo-Hookean constraint pair treats shear explicitly at rest, so it gets a softer E at 10 substeps)
    for (const [model, E] of [
      ['corotational', 1e7],
      ['neo-hookean', 1e6],
    ] as const) {
      const world = new XpbdWorld({ substeps: 10, gravity: [0, 0, 0] });
      const mesh = tetrahedralizeBox([0.4, 0.2, 0.2], [2, 1, 1], [-0.2, -0.1, -0.1]);
      const body = addFemBody3D(world, mesh, { density: rho, youngModulus: E, poissonRatio: 0.3, model });
      const p = world.particles;
      const omega = 3; // rad/s about z
      for (let i = 0; i < p.count; i++) p.setVelocity(i, -omega * p.x[3 * i + 1]!, omega * p.x[3 * i]!, 0);
      const Lz = () => {
        let s = 0;
        for (let i = 0; i < p.count; i++) {
          const m = 1 / p.invMass[i]!;
          s += m * (p.x[3 * i]! * p.v[3 * i + 1]! - p.x[3 * i + 1]! * p.v[3 * i]!);
        }
        return s;
      };
      const L0 = Lz();
      for (let f = 0; f < 60; f++) world.step(1 / 60); // about half a turn
      let kin = 0;
      for (let i = 0; i < p.count; i++)
        kin += (0.5 / p.invMass[i]!) * (p.v[3 * i]! ** 2 + p.v[3 * i + 1]! ** 2);
      // only the small centrifugal stretch: elastic energy is a tiny fraction of the kinetic energy
      // (a linear, non-corotational element would read the half turn as ε ≈ diag(−2, −2, 0))
      expect(body.fem.energy(p.x)).toBeLessThan(1e-3 * kin);
      expect(Math.abs(Lz() - L0) / L0).toBeLessThan(0.02);
    }
  });

  it('stable neo-Hookean: an inverted tetrahedron recovers to positive volume', () => {
    const world = new XpbdWorld({ substeps: 10, gravity: [0, 0, 0], drag: 2 });
    const p = world.particles;
    p.add(0, 0, 0, 1);
    p.add(1, 0, 0, 1);
    p.add(0, 1, 0, 1);
    p.add(0, 0, 1, 1);
    const fem = world.add(new FemTetrahedra({ youngModulus: 1e3, poissonRatio: 0.3, model: 'neo-hookean' }));
    fem.add(p, 0, 1, 2, 3);
    p.setPosition(3, 0.1, 0.1, -0.5); // pushed through the opposite face: det F < 0
    const vol = () => {
      const a = p.position(0);
      const b = p.position(1);
      const c = p.position(2);
      const d = p.position(3);
      const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
      const v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
      const w = [d[0] - a[0], d[1] - a[1], d[2] - a[2]];
      return (
        (u[0]! * (v[1]! * w[2]! - v[2]! * w[1]!) -
          u[1]! * (v[0]! * w[2]! - v[2]! * w[0]!) +
          u[2]! * (v[0]! * w[1]! - v[1]! * w[0]!)) /
        6
      );
    };
    expect(vol()).toBeLessThan(0);
    for (let f = 0; f < 120; f++) world.step(1 / 60);
    expect(Math.abs(vol() - 1 / 6) / (1 / 6)).toBeLessThan(0.05);
  });

  it('bad input: all-pinned element, degenerate element, bad material, repeated particle → PhysicsError', () => {
    const p = new Particles();
    p.add(0, 0, 0, 0);
    p.add(1, 0, 0, 0);
    p.add(0, 1, 0, 0);
    p.add(0, 0, 1, 0);
    p.add(1, 1, 0, 1);
    const tets = new FemTetrahedra({ youngModulus: 1e5, poissonRatio: 0.3 });
    expect(() => tets.add(p, 0, 1, 2, 3)).toThrow(/all four particles are pinned/);
    expect(() => tets.add(p, 0, 1, 2, 4)).toThrow(/zero volume/);
    expect(() => tets.add(p, 0, 1, 1, 4)).toThrow(/must differ/);
    expect(() => tets.add(p, 0, 1, 2, 9)).toThrow(/ids\[3\]/);
    const tris = new FemTriangles({ youngModulus: 1e5, poissonRatio: 0.3 });
    expect(() => tris.add(p, 0, 1, 2)).toThrow(/all three particles are pinned/);
    p.add(2, 0, 0, 1);
    expect(() => tris.add(p, 0, 1, 5)).toThrow(/zero area/);
    expect(() => new FemTetrahedra({ youngModulus: 0, poissonRatio: 0.3 })).toThrow(/fem.youngModulus/);
    expect(() => new FemTriangles({ youngModulus: 1, poissonRatio: 0.7 })).toThrow(/fem.poissonRatio/);
  });
});
