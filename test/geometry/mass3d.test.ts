import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { combineMass3, MassProperties3, massProperties3 } from '../../src/geometry/mass3d.js';
import { quickhull3 } from '../../src/geometry/quickhull3d.js';
import {
  Box3,
  Capsule3,
  ConvexHull3,
  Cylinder3,
  Sphere3,
  TriangleMesh3,
  validateShape3,
} from '../../src/geometry/shapes3d.js';

function boxCorners(hx: number, hy: number, hz: number, ox = 0, oy = 0, oz = 0): number[] {
  const out: number[] = [];
  for (let i = 0; i < 8; i++)
    out.push(ox + (i & 1 ? hx : -hx), oy + (i & 2 ? hy : -hy), oz + (i & 4 ? hz : -hz));
  return out;
}
/** Points on the surface of a y-axis solid of revolution: rings of radius rad(y) at heights. */
function revolve(rings: [number, number][], segments: number): number[] {
  const out: number[] = [];
  for (const [y, r] of rings) {
    if (r === 0) {
      out.push(0, y, 0);
      continue;
    }
    for (let k = 0; k < segments; k++) {
      const a = (2 * Math.PI * k) / segments;
      out.push(r * Math.cos(a), y, r * Math.sin(a));
    }
  }
  return out;
}
function sphereRings(r: number, cy: number, bands: number, upper: boolean | null): [number, number][] {
  const rings: [number, number][] = [];
  for (let i = 0; i <= bands; i++) {
    const phi = (Math.PI * i) / bands - Math.PI / 2;
    const y = r * Math.sin(phi);
    if (upper === true && y < 0) continue;
    if (upper === false && y > 0) continue;
    rings.push([cy + y, Math.abs(r * Math.cos(phi)) < 1e-12 ? 0 : r * Math.cos(phi)]);
  }
  return rings;
}

describe('mass properties (textbook §26.2 inertia tensor)', () => {
  const m = new MassProperties3();
  it('golden: a 2 × 1 × 1 m, 12 kg box has I = diag(2, 5, 5) about its centre', () => {
    massProperties3(new Box3(1, 0.5, 0.5), 6, m);
    expect(m.mass).toBeCloseTo(12, 12);
    expect(Array.from(m.inertia)).toEqual([2, 0, 0, 0, 5, 0, 0, 0, 5].map((v) => expect.closeTo(v, 12)));
    expect(Array.from(m.center)).toEqual([0, 0, 0]);
  });
  it('sphere 2/5 m r², cylinder m r²/2 and m(3r² + L²)/12', () => {
    massProperties3(new Sphere3(0.5), 1000, m);
    expect(m.mass).toBeCloseTo((4 / 3) * Math.PI * 0.125 * 1000, 9);
    expect(m.inertia[0]!).toBeCloseTo(0.4 * m.mass * 0.25, 9);
    massProperties3(new Cylinder3(1, 0.5), 2, m);
    const mass = Math.PI * 0.25 * 2 * 2;
    expect(m.mass).toBeCloseTo(mass, 12);
    expect(m.inertia[4]!).toBeCloseTo(0.5 * mass * 0.25, 12);
    expect(m.inertia[0]!).toBeCloseTo((mass * (3 * 0.25 + 4)) / 12, 12);
    expect(m.inertia[8]!).toBeCloseTo(m.inertia[0]!, 12);
  });
  it('a hull of the 8 corners of a box equals the box (also moved off the origin)', () => {
    const hull = quickhull3(boxCorners(1, 0.5, 0.5));
    expect(hull.faceCount).toBe(6);
    expect(hull.vertexCount).toBe(8);
    massProperties3(hull, 6, m);
    expect(m.mass).toBeCloseTo(12, 12);
    for (let k = 0; k < 9; k++) expect(m.inertia[k]!).toBeCloseTo([2, 0, 0, 0, 5, 0, 0, 0, 5][k]!, 12);
    const moved = quickhull3(boxCorners(1, 0.5, 0.5, 3, -2, 7));
    massProperties3(moved, 6, m);
    expect(Array.from(m.center)).toEqual([3, -2, 7].map((v) => expect.closeTo(v, 12)));
    for (let k = 0; k < 9; k++) expect(m.inertia[k]!).toBeCloseTo([2, 0, 0, 0, 5, 0, 0, 0, 5][k]!, 10);
  });
  it('hulls of finely sampled sphere, cylinder and capsule approach the closed forms', () => {
    const exact = new MassProperties3();
    const cases: [ConvexHull3, Sphere3 | Cylinder3 | Capsule3][] = [
      [quickhull3(revolve(sphereRings(1, 0, 30, null), 60)), new Sphere3(1)],
      [
        quickhull3(
          revolve(
            [
              [-1, 0.5],
              [1, 0.5],
            ],
            128,
          ),
        ),
        new Cylinder3(1, 0.5),
      ],
      [
        quickhull3(revolve([...sphereRings(0.4, -0.6, 30, false), ...sphereRings(0.4, 0.6, 30, true)], 60)),
        new Capsule3(0.6, 0.4),
      ],
    ];
    for (const [hull, shape] of cases) {
      massProperties3(hull, 1, m);
      massProperties3(shape, 1, exact);
      // an inscribed polyhedron is a little smaller: within its sampling error (~0.5 %)
      expect(m.mass / exact.mass).toBeLessThan(1);
      expect(m.mass / exact.mass).toBeGreaterThan(0.99);
      for (const k of [0, 4, 8]) expect(m.inertia[k]! / exact.inertia[k]!).toBeGreaterThan(0.985);
      for (const k of [0, 4, 8]) expect(m.inertia[k]! / exact.inertia[k]!).toBeLessThan(1);
      for (const k of [1, 2, 5]) expect(Math.abs(m.inertia[k]!)).toBeLessThan(1e-3 * exact.inertia[0]!);
    }
  });
  it('combineMass3: two cubes side by side are the 2 × 1 × 1 box; a part turned 90° swaps axes', () => {
    const cube = massProperties3(new Box3(0.5, 0.5, 0.5), 6, new MassProperties3());
    const cube2 = massProperties3(new Box3(0.5, 0.5, 0.5), 6, new MassProperties3());
    combineMass3([cube, cube2], [-0.5, 0, 0, 0, 0, 0, 1, 0.5, 0, 0, 0, 0, 0, 1], m);
    expect(m.mass).toBeCloseTo(12, 12);
    for (let k = 0; k < 9; k++) expect(m.inertia[k]!).toBeCloseTo([2, 0, 0, 0, 5, 0, 0, 0, 5][k]!, 12);
    const long = massProperties3(new Box3(1, 0.5, 0.5), 6, new MassProperties3());
    const s = Math.SQRT1_2;
    combineMass3([long], [1, 2, 3, 0, 0, s, s], m);
    expect(Array.from(m.center)).toEqual([1, 2, 3].map((v) => expect.closeTo(v, 12)));
    for (let k = 0; k < 9; k++) expect(m.inertia[k]!).toBeCloseTo([5, 0, 0, 0, 2, 0, 0, 0, 5][k]!, 12);
  });
  it('bad input: negative density, zero sizes, NaN, static shapes, open or flat hulls', () => {
    expect(() => massProperties3(new Sphere3(1), -1, m)).toThrow(/density: must be > 0/);
    expect(() => massProperties3(new Sphere3(1), Number.NaN, m)).toThrow(PhysicsError);
    expect(() => new Box3(1, 0, 1)).toThrow(/box\.halfExtents\[1\]: must be > 0/);
    expect(() => new Capsule3(-1, 1)).toThrow(/capsule\.halfHeight/);
    expect(() => new Sphere3(Number.NaN)).toThrow(/sphere\.radius: must be a finite number/);
    const mesh = new TriangleMesh3([0, 0, 0, 1, 0, 0, 0, 0, 1], [0, 2, 1]);
    expect(() => massProperties3(mesh, 1, m)).toThrow(/static and has no mass/);
    // a tetrahedron missing a face
    expect(
      () =>
        new ConvexHull3(
          [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1],
          [
            [0, 2, 1],
            [0, 1, 3],
            [1, 2, 3],
          ],
        ),
    ).toThrow(/at least 4 faces/);
    const sphere = new Sphere3(1);
    (sphere as { radius: number }).radius = -2;
    expect(() => validateShape3(sphere, 'bodies[3].shape')).toThrow(
      /bodies\[3\]\.shape\.radius: must be > 0/,
    );
  });
});
