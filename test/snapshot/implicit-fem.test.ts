import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { undeclaredArrays } from '../../src/core/snapshot.js';
import { ImplicitCloth } from '../../src/fem/implicit-cloth.js';
import { ImplicitFem } from '../../src/fem/implicit-fem.js';
import {
  IMPLICIT_CLOTH_FIELDS,
  IMPLICIT_CLOTH_NET_FIELDS,
  IMPLICIT_FEM_FIELDS,
} from '../../src/fem/implicit-snapshot.js';
import { tetrahedralizeBox } from '../../src/fem/tetrahedralize.js';
import { triangulateRectangle } from '../../src/fem/triangulate.js';
import { clothMesh } from '../../src/xpbd/cloth.js';
import { expectBitIdentical, expectDamageRejected } from './round-trip-checks.js';

/** A corotational 2D cantilever, clamped at x = 0, swinging under gravity. */
function beam2(): ImplicitFem {
  const mesh = triangulateRectangle(1, 0.1, 20, 2, [0, -0.05]);
  const fem = new ImplicitFem({
    dim: 2,
    vertices: mesh.vertices,
    elements: mesh.triangles,
    density: 1000,
    youngModulus: 1e6,
    poissonRatio: 0.3,
    massDamping: 0.5,
  });
  for (let i = 0; i < fem.nodes; i++) if (mesh.vertices[2 * i]! < 1e-9) fem.pin(i);
  return fem;
}

/** A corotational 3D bar (the quaternion warm start of the rotation extraction is state). */
function bar3(): ImplicitFem {
  const mesh = tetrahedralizeBox([0.6, 0.1, 0.1], [6, 1, 1], [0, -0.05, -0.05]);
  const fem = new ImplicitFem({
    dim: 3,
    vertices: mesh.vertices,
    elements: mesh.tets,
    density: 1000,
    youngModulus: 5e5,
    poissonRatio: 0.3,
  });
  for (let i = 0; i < fem.nodes; i++) if (mesh.vertices[3 * i]! < 1e-9) fem.pin(i);
  return fem;
}

/** A 9 × 9 Baraff–Witkin cloth pinned at two corners, falling onto a sphere. */
function cloth(): ImplicitCloth {
  return new ImplicitCloth(clothMesh({ nx: 9, ny: 9, width: 1, height: 1 }), {
    stretchStiffness: 2000,
    pin: 'top-corners',
    colliders: [{ kind: 'sphere', center: [0.5, -0.6, 0.3], radius: 0.35 }],
  });
}

const step = (s: { step(dt: number): void }): void => s.step(1 / 60);

describe('implicit FEM snapshots', () => {
  it('ImplicitFem 2D and 3D: a restored solver continues bit-identically', () => {
    expectBitIdentical(beam2, step, 10, 10);
    expectBitIdentical(bar3, step, 10, 10);
  });

  it('ImplicitCloth: a restored cloth continues bit-identically, contacts included', () => {
    expectBitIdentical(cloth, step, 30, 15);
  });

  it('declare every typed array as state or scratch', () => {
    expect(undeclaredArrays(bar3(), IMPLICIT_FEM_FIELDS)).toEqual([]);
    const c = cloth();
    expect(undeclaredArrays(c.net, IMPLICIT_CLOTH_NET_FIELDS)).toEqual([]);
    expect(undeclaredArrays(c, IMPLICIT_CLOTH_FIELDS)).toEqual([]);
  });

  it('reject 100 truncations and 100 byte flips and leave the solver as it was', () => {
    const a = beam2();
    for (let s = 0; s < 3; s++) step(a);
    const b = beam2();
    step(b);
    expectDamageRejected(b, a.snapshot());
    const c = cloth();
    step(c);
    const d = cloth();
    expectDamageRejected(d, c.snapshot());
  });

  it('reject another kind and another mesh', () => {
    const a = beam2();
    const c = cloth();
    expect(() => a.restore(c.snapshot())).toThrow(/cannot be restored/);
    expect(() => c.restore(a.snapshot())).toThrow(PhysicsError);
    const b = bar3();
    const before = b.stateHash();
    expect(() => b.restore(a.snapshot())).toThrow(/cannot be restored/);
    expect(b.stateHash()).toBe(before);
  });
});
