/**
 * The FEM integrators follow the engines' one non-finite policy (docs/design.md): a NaN or ±∞ in the
 * state after a step throws `non-finite` naming the node or particle; their definitions are checked
 * once at construction (unknown keys, pins inside the grid, collider geometry).
 */
import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { ImplicitCloth } from '../../src/fem/implicit-cloth.js';
import { ImplicitFem } from '../../src/fem/implicit-fem.js';
import { triangulateRectangle } from '../../src/fem/triangulate.js';
import { clothMesh } from '../../src/xpbd/cloth.js';

function expectError(f: () => unknown, code: string, message: string | RegExp) {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(PhysicsError);
    expect((e as PhysicsError).code).toBe(code);
    expect((e as Error).message).toMatch(message);
    return;
  }
  throw new Error(`expected a PhysicsError ${code}`);
}

const femBase = () => {
  const mesh = triangulateRectangle(1, 1, 2, 2);
  return {
    dim: 2 as const,
    vertices: mesh.vertices,
    elements: mesh.triangles,
    density: 1,
    youngModulus: 1e3,
    poissonRatio: 0.3,
  };
};

describe('implicit FEM', () => {
  it('a NaN velocity in the middle of the mesh is named after the step (not only the first and last node)', () => {
    const fem = new ImplicitFem(femBase());
    fem.pin(0);
    fem.step(1 / 60);
    const mid = Math.floor(fem.nodes / 2);
    fem.v[2 * mid + 1] = Number.NaN;
    expectError(
      () => fem.step(1 / 60),
      'non-finite',
      /^implicitFem\.nodes\[\d+\]: position\/velocity must be finite after the step/,
    );
  });
  it('unknown keys and ragged arrays are refused', () => {
    expectError(
      () => new ImplicitFem({ ...femBase(), youngsModulus: 5 } as never),
      'invalid-argument',
      /^implicitFem\.youngsModulus: unknown field/,
    );
    expectError(
      () => new ImplicitFem({ ...femBase(), elements: [0, 1] }),
      'invalid-argument',
      /^implicitFem\.elements: 2 ids is not 3 per element/,
    );
  });
});

describe('implicit cloth', () => {
  const mesh = () => clothMesh({ nx: 4, ny: 4, width: 0.5, height: 0.5 });
  it('a NaN in a particle is named after the step', () => {
    const cloth = new ImplicitCloth(mesh(), { stretchStiffness: 500 });
    cloth.step(1 / 60);
    cloth.net.x[3 * 6] = Number.NaN;
    expectError(
      () => cloth.step(1 / 60),
      'non-finite',
      /^implicitCloth\.particles\[\d+\]: position\/velocity must be finite/,
    );
  });
  it('pins, colliders and options are checked at construction', () => {
    expectError(
      () => new ImplicitCloth(mesh(), { stretchStiffness: 500, pin: 'bogus' as never }),
      'invalid-argument',
      /^implicitCloth\.pin: expected one of/,
    );
    expectError(
      () => new ImplicitCloth(mesh(), { stretchStiffness: 500, pin: [[0, 7]] }),
      'invalid-argument',
      'implicitCloth.pin[0][1]: must be <= 3, got 7',
    );
    expectError(
      () =>
        new ImplicitCloth(mesh(), {
          stretchStiffness: 500,
          colliders: [{ kind: 'sphere', center: [0, Number.NaN, 0], radius: 0.1 }],
        }),
      'non-finite',
      'implicitCloth.colliders[0].center[1]: must be a finite number, got NaN',
    );
    expectError(
      () => new ImplicitCloth(mesh(), { stretchStiffness: 500, substeps: 1e9 }),
      'invalid-argument',
      'implicitCloth.substeps: must be <= 1000, got 1000000000',
    );
  });
});

describe('XPBD FEM bodies', () => {
  it('unknown keys and a bad model are refused before particles are added', async () => {
    const { addFemBody2D } = await import('../../src/fem/soft-body.js');
    const { XpbdWorld } = await import('../../src/xpbd/solver.js');
    const world = new XpbdWorld();
    const mesh = triangulateRectangle(1, 1, 2, 2);
    const material = { density: 1, youngModulus: 1e3, poissonRatio: 0.3 };
    expectError(
      () => addFemBody2D(world, mesh, { ...material, modell: 'neo-hookean' } as never),
      'invalid-argument',
      /^softBody\.modell: unknown field/,
    );
    expectError(
      () => addFemBody2D(world, mesh, { ...material, planeStress: 'yes' } as never),
      'invalid-argument',
      /^softBody\.planeStress: expected true or false/,
    );
    expect(world.particles.count).toBe(0);
  });
});
