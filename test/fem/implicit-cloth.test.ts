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
