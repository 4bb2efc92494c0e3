import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { quickhull3 } from '../../src/geometry/quickhull3d.js';
import type { ConvexHull3 } from '../../src/geometry/shapes3d.js';
import { Prng } from '../../src/math/prng.js';

/** Every point within eps behind every face plane; every vertex on its faces' planes; Euler. */
function checkHull(h: ConvexHull3, pts: ArrayLike<number>, eps: number): void {
  // every input point within eps behind every face plane
  let worst = -Infinity;
  for (let i = 0; i < pts.length / 3; i++)
    for (let f = 0; f < h.faceCount; f++) {
      const d =
        h.planes[4 * f]! * pts[3 * i]! +
        h.planes[4 * f + 1]! * pts[3 * i + 1]! +
        h.planes[4 * f + 2]! * pts[3 * i + 2]! -
        h.planes[4 * f + 3]!;
      if (d > worst) worst = d;
    }
  expect(worst).toBeLessThanOrEqual(eps);
  // every face vertex on its face's plane (planar polygons)
  let off = 0;
  for (let f = 0; f < h.faceCount; f++)
    for (let k = h.faceStart[f]!; k < h.faceStart[f + 1]!; k++) {
      const v = h.faceVertices[k]!;
      const d =
        h.planes[4 * f]! * h.vertices[3 * v]! +
        h.planes[4 * f + 1]! * h.vertices[3 * v + 1]! +
        h.planes[4 * f + 2]! * h.vertices[3 * v + 2]! -
        h.planes[4 * f + 3]!;
      off = Math.max(off, Math.abs(d));
    }
  expect(off).toBeLessThanOrEqual(eps);
  // Euler's formula for a convex polyhedron
  expect(h.vertexCount - h.edgeCount + h.faceCount).toBe(2);
  // every vertex is a corner: in at least 3 faces
  const degree = new Int32Array(h.vertexCount);
  for (let k = 0; k < h.faceVertices.length; k++) degree[h.faceVertices[k]!]!++;
  expect(Math.min(...degree)).toBeGreaterThanOrEqual(3);
}

describe('quickhull3', () => {
  it('random clouds: contains every point, convex, V − E + F = 2', () => {
    const rng = new Prng(7);
    for (let trial = 0; trial < 20; trial++) {
      const n = 8 + rng.int(200);
      const pts: number[] = [];
      const scale = trial % 2 ? 1000 : 0.01;
      for (let i = 0; i < n; i++)
        pts.push(rng.range(-1, 1) * scale, rng.range(-1, 1) * scale * 0.5, rng.range(-1, 1) * scale);
      const h = quickhull3(pts);
      checkHull(h, pts, 1e-9 * scale);
      expect(h.volume).toBeGreaterThan(0);
    }
  });
  it('points on a sphere: every one is a vertex', () => {
    const rng = new Prng(3);
    const pts: number[] = [];
    for (let i = 0; i < 300; i++) {
      const z = rng.range(-1, 1);
      const a = rng.range(0, 2 * Math.PI);
      const r = Math.sqrt(1 - z * z);
      pts.push(r * Math.cos(a), r * Math.sin(a), z);
    }
    const h = quickhull3(pts);
    expect(h.vertexCount).toBe(300);
    checkHull(h, pts, 1e-9);
    // a triangulated sphere: F = 2V − 4
    expect(h.faceCount).toBe(2 * 300 - 4);
  });
  it('a grid on a cube with duplicates and interior points merges to 8 corners and 6 square faces', () => {
    const pts: number[] = [];
    for (let i = 0; i <= 4; i++)
      for (let j = 0; j <= 4; j++)
        for (let k = 0; k <= 4; k++) {
          pts.push(i / 2 - 1, j / 2 - 1, k / 2 - 1);
          if ((i + j + k) % 3 === 0) pts.push(i / 2 - 1, j / 2 - 1, k / 2 - 1);
        }
    const h = quickhull3(pts);
    expect(h.vertexCount).toBe(8);
    expect(h.faceCount).toBe(6);
    expect(h.edgeCount).toBe(12);
    for (let f = 0; f < 6; f++) expect(h.faceStart[f + 1]! - h.faceStart[f]!).toBe(4);
    checkHull(h, pts, 1e-12);
    expect(h.volume).toBeCloseTo(8, 12);
  });
  it('20,000 points in a ball with duplicates and a coplanar cap: valid hull', () => {
    const rng = new Prng(20);
    const pts: number[] = [];
    while (pts.length < 3 * 20000) {
      const x = rng.range(-1, 1);
      const y = rng.range(-1, 1);
      const z = rng.range(-1, 1);
      if (x * x + y * y + z * z > 1) continue;
      // a flat cap at z = 0.9 (coplanar points on the hull) and some exact duplicates
      pts.push(x, y, Math.min(z, 0.9));
      if (pts.length % 60 === 0) pts.push(x, y, Math.min(z, 0.9));
    }
    const h = quickhull3(pts);
    checkHull(h, pts, 1e-9);
    expect(h.vertexCount).toBeGreaterThan(100);
    // the cap is one polygon: a face with normal +z at d = 0.9
    let cap = 0;
    for (let f = 0; f < h.faceCount; f++)
      if (h.planes[4 * f + 2]! > 1 - 1e-12 && Math.abs(h.planes[4 * f + 3]! - 0.9) < 1e-12) cap++;
    expect(cap).toBe(1);
    // the volume lies just inside the ball cut at the cap
    const capped = (4 / 3) * Math.PI - (Math.PI * 0.1 * 0.1 * (3 - 0.1)) / 3;
    expect(h.volume).toBeLessThan(capped);
    expect(h.volume).toBeGreaterThan(0.95 * capped);
  });
  it('maxVertices keeps the farthest points first', () => {
    const rng = new Prng(11);
    const pts: number[] = [];
    for (let i = 0; i < 500; i++) pts.push(rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1));
    const h = quickhull3(pts, 16);
    expect(h.vertexCount).toBeLessThanOrEqual(16);
    expect(h.vertexCount).toBeGreaterThanOrEqual(4);
    const full = quickhull3(pts);
    expect(h.volume).toBeLessThan(full.volume);
    expect(h.volume).toBeGreaterThan(0.5 * full.volume);
  });
  it('degenerate clouds are rejected: equal, collinear, coplanar, too few', () => {
    const err = (pts: number[]) => {
      try {
        quickhull3(pts);
      } catch (e) {
        expect(e).toBeInstanceOf(PhysicsError);
        expect((e as PhysicsError).code).toBe('degenerate-shape');
        return (e as Error).message;
      }
      return 'no error';
    };
    expect(err([1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3])).toMatch(/all 5 points are equal/);
    expect(err([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, -1, -1, -1])).toMatch(/collinear/);
    const flat: number[] = [];
    for (let i = 0; i < 30; i++) flat.push(Math.cos(i), 2, Math.sin(3 * i));
    expect(err(flat)).toMatch(/coplanar/);
    expect(err([0, 0, 0, 1, 0, 0, 0, 1, 0])).toMatch(/at least 4 points/);
    expect(() => quickhull3([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, Number.NaN])).toThrow(
      /hull\.points\[11\]: must be a finite number/,
    );
  });
});
