import { describe, expect, it } from 'vitest';
import {
  createClothSimulation,
  hangingLength,
  maxStructuralStretch,
} from '../../src/fem/cloth-simulation.js';
import { ImplicitCloth } from '../../src/fem/implicit-cloth.js';
import { clothMesh } from '../../src/xpbd/cloth.js';
import { plane } from '../../src/xpbd/collision.js';

describe('implicit cloth (Baraff–Witkin, §26.1) on the XPBD cloth mesh', () => {
  it('static equilibrium: a cloth hung by its top edge stretches its top springs by (ny − 1) m g / k', () => {
    // without shear springs every column is an independent chain, and horizontal springs stay at rest
    const mesh = clothMesh({ nx: 3, ny: 5, width: 0.4, height: 0.4, mass: 1.5 });
    const k = 200;
    const cloth = new ImplicitCloth(mesh, {
      stretchStiffness: k,
      shearStiffness: 0,
      pin: 'top-edge',
      drag: 3,
    });
    for (let f = 0; f < 300; f++) cloth.step(1 / 60);
    const m = mesh.particleMass;
    const expected = (4 * m * 9.81) / k; // extension of each top spring, m
    const rest = 0.1;
    for (let i = 0; i < 3; i++) {
      const dy = cloth.x[3 * i + 1]! - cloth.x[3 * (i + 3) + 1]!;
      expect(Math.abs(dy - rest - expected) / expected).toBeLessThan(0.01);
    }
    expect(cloth.lastCG.converged).toBe(true);
  });

  it('energy never grows without external work (no damping: only the numerical damping of implicit Euler)', () => {
    const mesh = clothMesh({ nx: 13, ny: 13, width: 1.2, height: 1.2, mass: 1 });
    const cloth = new ImplicitCloth(mesh, { stretchStiffness: 1e3 });
    const e0 = cloth.energy();
    let emax = e0;
    for (let f = 0; f < 120; f++) {
      cloth.step(1 / 60);
      emax = Math.max(emax, cloth.energy());
    }
    expect(emax).toBeLessThanOrEqual(e0 + 1e-9);
    // the pinned corners did not move
    expect(cloth.x[0]).toBe(mesh.positions[0]);
    expect(cloth.x[3 * 12 + 1]).toBe(mesh.positions[3 * 12 + 1]);
  });

  it('one scene, three integrators: XPBD (α = 1/k) and implicit (k) settle to the same hanging length; PBD with more iterations stretches less', () => {
    const mesh = clothMesh({ nx: 13, ny: 13, width: 1.2, height: 1.2, mass: 1 });
    const run = (o: Parameters<typeof createClothSimulation>[1], frames: number) => {
      const sim = createClothSimulation(mesh, o);
      for (let f = 0; f < frames; f++) sim.step(1 / 60);
      return sim.positions();
    };
    const xImp = run({ integrator: 'implicit', stiffness: 100, drag: 3 }, 240);
    const xX = run({ integrator: 'xpbd', stiffness: 100, substeps: 10, drag: 3 }, 240);
    const lImp = hangingLength(xImp);
    const lX = hangingLength(xX);
    expect(lImp).toBeGreaterThan(1.22); // the soft 100 N/m cloth visibly stretches under 1 kg
    expect(Math.abs(lImp - lX) / lX).toBeLessThan(0.01);
    const s1 = maxStructuralStretch(mesh, run({ integrator: 'pbd', iterations: 1 }, 60));
    const s16 = maxStructuralStretch(mesh, run({ integrator: 'pbd', iterations: 16 }, 60));
    expect(s16).toBeLessThan(s1);
  });

  it('collisions as velocity filters: a cloth dropped on the ground stays above it and stops sliding (friction)', () => {
    const mesh = clothMesh({
      nx: 6,
      ny: 6,
      width: 0.5,
      height: 0.5,
      plane: 'xz',
      origin: [0, 0.2, 0],
      mass: 0.3,
    });
    const cloth = new ImplicitCloth(mesh, {
      stretchStiffness: 500,
      pin: 'none',
      colliders: [plane([0, 1, 0], 0)],
      thickness: 0.01,
      friction: 0.5,
    });
    for (let i = 0; i < cloth.v.length; i += 3) cloth.v[i] = 1; // sliding sideways at 1 m/s
    for (let f = 0; f < 90; f++) {
      cloth.step(1 / 60);
      for (let i = 1; i < cloth.x.length; i += 3) expect(cloth.x[i]).toBeGreaterThanOrEqual(0.01 - 1e-9);
    }
    let vmax = 0;
    for (let i = 0; i < cloth.v.length; i++) vmax = Math.max(vmax, Math.abs(cloth.v[i]!));
    expect(vmax).toBeLessThan(1e-3);
  });

  it('draped over a sphere: no vertex inside it, and Coulomb friction (from the filtered contact impulse) holds the cloth on', () => {
    const mesh = clothMesh({
      nx: 13,
      ny: 13,
      width: 1.2,
      height: 1.2,
      plane: 'xz',
      origin: [-0.6, 1.2, -0.6],
      mass: 1,
    });
    const cloth = new ImplicitCloth(mesh, {
      stretchStiffness: 300,
      pin: 'none',
      colliders: [{ kind: 'sphere', center: [0, 0.5, 0], radius: 0.35 }, plane([0, 1, 0], 0)],
      thickness: 0.02,
      friction: 0.4,
    });
    for (let f = 0; f < 150; f++) {
      cloth.step(1 / 60);
      for (let i = 0; i < 169; i++) {
        const r = Math.hypot(cloth.x[3 * i]!, cloth.x[3 * i + 1]! - 0.5, cloth.x[3 * i + 2]!);
        expect(r).toBeGreaterThanOrEqual(0.37 - 1e-6);
      }
    }
    let cx = 0;
    let cz = 0;
    let top = -Infinity;
    for (let i = 0; i < 169; i++) {
      cx += cloth.x[3 * i]! / 169;
      cz += cloth.x[3 * i + 2]! / 169;
      top = Math.max(top, cloth.x[3 * i + 1]!);
    }
    expect(Math.hypot(cx, cz)).toBeLessThan(0.02);
    expect(top).toBeCloseTo(0.87, 1); // resting on the sphere's top (0.85 + thickness)
  });

  it('bad input → PhysicsError naming the field', () => {
    const mesh = clothMesh({ nx: 3, ny: 3, width: 1, height: 1 });
    expect(() => new ImplicitCloth(mesh, { stretchStiffness: 0 })).toThrow(/implicitCloth.stretchStiffness/);
    expect(() => new ImplicitCloth(mesh, { stretchStiffness: 1, substeps: 0 })).toThrow(
      /implicitCloth.substeps/,
    );
    expect(() => new ImplicitCloth(mesh, { stretchStiffness: 1, damping: -1 })).toThrow(/implicitCloth/);
    const c = new ImplicitCloth(mesh, { stretchStiffness: 1 });
    expect(() => c.step(Number.NaN)).toThrow(/implicitCloth.step.dt/);
    expect(() => createClothSimulation(mesh, { integrator: 'rk4' as 'pbd' })).toThrow(/cloth.integrator/);
  });
});

describe('implicit cloth: wind with drag per triangle', () => {
  it('a flag pinned on its left edge is pushed downwind, its pinned edge stays', () => {
    const mesh = clothMesh({ nx: 8, ny: 6, width: 0.7, height: 0.5, mass: 0.2 });
    // the flag lies in the xy plane and the wind blows along its normal, +z
    const cloth = new ImplicitCloth(mesh, {
      stretchStiffness: 500,
      pin: 'left-edge',
      gravity: [0, 0, 0],
      wind: { velocity: [0, 0, 3], drag: 2 },
    });
    const z0 = cloth.x[3 * 7 + 2]!;
    for (let f = 0; f < 60; f++) cloth.step(1 / 60);
    // the free edge was pushed downwind (+z); the pinned edge stayed
    expect(cloth.x[3 * 7 + 2]!).toBeGreaterThan(z0 + 0.2);
    expect(cloth.x[2]).toBe(mesh.positions[2]);
  });
});
