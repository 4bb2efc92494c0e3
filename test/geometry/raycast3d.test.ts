import { describe, expect, it } from 'vitest';
import { quickhull3 } from '../../src/geometry/quickhull3d.js';
import {
  DistanceResult3,
  distance3,
  RayHit3,
  raycast3,
  ShapeCastHit3,
  shapeCast3,
} from '../../src/geometry/raycast3d.js';
import {
  Box3,
  Capsule3,
  Cylinder3,
  Heightfield3,
  Sphere3,
  TriangleMesh3,
} from '../../src/geometry/shapes3d.js';

function xf(px: number, py: number, pz: number, ax = 0, ay = 0, az = 1, angle = 0): Float64Array {
  const s = Math.sin(angle / 2);
  return new Float64Array([px, py, pz, ax * s, ay * s, az * s, Math.cos(angle / 2)]);
}
const hit = new RayHit3();
function expectHit(t: number, n: [number, number, number], digits = 12): void {
  expect(hit.t).toBeCloseTo(t, digits);
  for (let c = 0; c < 3; c++) expect(hit.normal[c]!).toBeCloseTo(n[c], digits);
}

describe('raycast3 against analytic answers', () => {
  const down = [0, -1, 0];
  it('sphere: t = |c − o| − r; misses, maxT and starting inside', () => {
    expect(raycast3(new Sphere3(1), xf(0, 0, 5), 0, [0, 0, 0], [0, 0, 1], 10, hit)).toBe(true);
    expectHit(4, [0, 0, -1]);
    expect(raycast3(new Sphere3(1), xf(0, 0, 5), 0, [0, 0, 0], [0, 0, 1], 3.9, hit)).toBe(false);
    expect(raycast3(new Sphere3(1), xf(0, 1.01, 5), 0, [0, 0, 0], [0, 0, 1], 10, hit)).toBe(false);
    // off-centre: chord at height 0.6 enters at z = 5 − 0.8
    expect(raycast3(new Sphere3(1), xf(0, 0.6, 5), 0, [0, 0, 0], [0, 0, 1], 10, hit)).toBe(true);
    expectHit(4.2, [0, -0.6, -0.8]);
    expect(raycast3(new Sphere3(1), xf(0, 0, 0), 0, [0.2, 0, 0], [1, 0, 0], 10, hit)).toBe(true);
    expectHit(0, [-1, 0, 0]);
  });
  it('box turned 45° about y: the edge at distance 2 − √2·0.5', () => {
    expect(
      raycast3(new Box3(0.5, 0.5, 0.5), xf(0, 0, 2, 0, 1, 0, Math.PI / 4), 0, [0, 0, 0], [0, 0, 1], 10, hit),
    ).toBe(true);
    expect(hit.t).toBeCloseTo(2 - Math.SQRT1_2, 12);
    expect(raycast3(new Box3(1, 2, 3), xf(0, 5, 0), 0, [0.5, 10, -2], down, 10, hit)).toBe(true);
    expectHit(3, [0, 1, 0]);
  });
  it('capsule side and cap, cylinder side and cap', () => {
    const cap = new Capsule3(1, 0.5);
    expect(raycast3(cap, xf(0, 0, 0), 0, [3, 0.7, 0], [-1, 0, 0], 10, hit)).toBe(true);
    expectHit(2.5, [1, 0, 0]);
    expect(raycast3(cap, xf(0, 0, 0), 0, [0, 5, 0], down, 10, hit)).toBe(true);
    expectHit(3.5, [0, 1, 0]);
    // lying along x: from above at x = 1.3 meets the end sphere: y = √(0.25 − 0.09) = 0.4
    expect(raycast3(cap, xf(0, 0, 0, 0, 0, 1, Math.PI / 2), 0, [1.3, 5, 0], down, 10, hit)).toBe(true);
    expectHit(4.6, [0.6, 0.8, 0]);
    const cyl = new Cylinder3(1, 0.5);
    expect(raycast3(cyl, xf(0, 0, 0), 0, [0.3, 5, 0], down, 10, hit)).toBe(true);
    expectHit(4, [0, 1, 0]);
    expect(raycast3(cyl, xf(0, 0, 0), 0, [0, 0.9, -4], [0, 0, 1], 10, hit)).toBe(true);
    expectHit(3.5, [0, 0, -1]);
    expect(raycast3(cyl, xf(0, 0, 0), 0, [0, 1.1, -4], [0, 0, 1], 10, hit)).toBe(false);
  });
  it('hull of a cube equals the box; a rounded hull grows by its radius on the faces', () => {
    const corners: number[] = [];
    for (let i = 0; i < 8; i++) corners.push(i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1);
    expect(raycast3(quickhull3(corners), xf(0, 0, 0), 0, [0.3, 5, 0.2], down, 10, hit)).toBe(true);
    expectHit(4, [0, 1, 0]);
    expect(raycast3(quickhull3(corners, Infinity, 0.1), xf(0, 0, 0), 0, [0.3, 5, 0.2], down, 10, hit)).toBe(
      true,
    );
    expectHit(3.9, [0, 1, 0]);
  });
  it('mesh (both sides) and heightfield (a plane y = 0.5 x)', () => {
    const mesh = new TriangleMesh3([-1, 0, -1, 1, 0, -1, 1, 0, 1, -1, 0, 1], [0, 2, 1, 0, 3, 2]);
    expect(raycast3(mesh, xf(0, 1, 0), 0, [0.3, 5, 0.2], down, 10, hit)).toBe(true);
    expectHit(4, [0, 1, 0]);
    expect(raycast3(mesh, xf(0, 1, 0), 0, [0.3, -5, 0.2], [0, 1, 0], 10, hit)).toBe(true);
    expectHit(6, [0, -1, 0]);
    expect(raycast3(mesh, xf(0, 1, 0), 0, [1.3, 5, 0.2], down, 10, hit)).toBe(false);
    const rows = 9;
    const cols = 11;
    const heights: number[] = [];
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) heights.push(0.5 * (c - 5));
    const hf = new Heightfield3(rows, cols, heights, 1, 1);
    const n = [-0.5 / Math.sqrt(1.25), 1 / Math.sqrt(1.25), 0] as [number, number, number];
    expect(raycast3(hf, xf(0, 0, 0), 0, [1.7, 10, -2.3], down, 20, hit)).toBe(true);
    expectHit(10 - 0.85, n);
    // a slanted ray crossing several cells before it lands
    const d = [Math.SQRT1_2, -Math.SQRT1_2, 0];
    expect(raycast3(hf, xf(0, 0, 0), 0, [-4, 4, 0.5], d, 20, hit)).toBe(true);
    // x − 4 ... the ray y = 4 − s, x = −4 + s meets y = 0.5 x at s = 16/3·… : 4 − s = 0.5(−4 + s) → s = 4
    expect(hit.point[0]!).toBeCloseTo(0, 12);
    expect(hit.point[1]!).toBeCloseTo(0, 12);
    expect(raycast3(hf, xf(0, 0, 0), 0, [20, 10, 0], down, 20, hit)).toBe(false);
  });
});

describe('distance3 and shapeCast3', () => {
  it('distance between boxes and a sphere, with closest points', () => {
    const out = new DistanceResult3();
    expect(
      distance3(new Box3(1, 1, 1), xf(0, 0, 0), 0, new Box3(0.5, 0.5, 0.5), xf(3, 0.2, 0), 0, out),
    ).toBeCloseTo(1.5, 9);
    expect(out.normal[0]!).toBeCloseTo(1, 9);
    expect(distance3(new Sphere3(1), xf(0, 0, 0), 0, new Capsule3(1, 0.5), xf(0, 4, 0), 0, out)).toBeCloseTo(
      1.5,
      9,
    );
    expect(out.pointA[1]!).toBeCloseTo(1, 9);
    expect(out.pointB[1]!).toBeCloseTo(2.5, 9);
    expect(distance3(new Sphere3(1), xf(0, 0, 0), 0, new Sphere3(1), xf(1, 0, 0), 0, out)).toBe(0);
    expect(out.overlap).toBe(true);
  });
  it('a sphere swept at a sphere and at a box hits at the analytic time of impact', () => {
    const cast = new ShapeCastHit3();
    expect(
      shapeCast3(new Sphere3(0.5), xf(-5, 0, 0), 0, [10, 0, 0], new Sphere3(1), xf(0, 0, 0), 0, cast),
    ).toBe(true);
    // contact when the centres are 1.5 apart: (5 − 1.5) / 10, to the cast tolerance
    expect(Math.abs(cast.t - 0.35)).toBeLessThan(1e-5);
    expect(cast.normal[0]!).toBeCloseTo(1, 6);
    expect(cast.point[0]!).toBeCloseTo(-1, 3);
    // off-axis: centre path y = 0.9 meets the sum radius 1.5 at x = −1.2
    expect(
      shapeCast3(new Sphere3(0.5), xf(-5, 0.9, 0), 0, [10, 0, 0], new Sphere3(1), xf(0, 0, 0), 0, cast),
    ).toBe(true);
    expect(Math.abs(cast.t - 0.38)).toBeLessThan(1e-4);
    expect(
      shapeCast3(
        new Sphere3(0.5),
        xf(-5, 0, 0),
        0,
        [10, 0, 0],
        new Box3(1, 1, 1),
        xf(0, 0, 0, 0, 1, 0, 0.3),
        0,
        cast,
      ),
    ).toBe(true);
    // the face plane turned by 0.3: the centre is 1 + 0.5 from it along its normal when x = −1.5 / cos 0.3
    expect(Math.abs(cast.t - (5 - 1.5 / Math.cos(0.3)) / 10)).toBeLessThan(1e-5);
    expect(
      shapeCast3(new Sphere3(0.5), xf(-5, 2, 0), 0, [10, 0, 0], new Sphere3(1), xf(0, 0, 0), 0, cast),
    ).toBe(false);
    // dropped on a mesh square at y = 1 and on a heightfield slope y = 0.5 x
    const mesh = new TriangleMesh3([-1, 0, -1, 1, 0, -1, 1, 0, 1, -1, 0, 1], [0, 2, 1, 0, 3, 2]);
    expect(shapeCast3(new Sphere3(0.5), xf(0.3, 5, 0.2), 0, [0, -10, 0], mesh, xf(0, 1, 0), 0, cast)).toBe(
      true,
    );
    expect(Math.abs(cast.t - 0.35)).toBeLessThan(1e-5);
    expect(cast.normal[1]!).toBeCloseTo(-1, 6);
    expect(shapeCast3(new Sphere3(0.5), xf(3, 5, 0.2), 0, [0, -10, 0], mesh, xf(0, 1, 0), 0, cast)).toBe(
      false,
    );
    const h: number[] = [];
    for (let r = 0; r < 5; r++) for (let c = 0; c < 5; c++) h.push(0.5 * (c - 2));
    const hf = new Heightfield3(5, 5, h, 1);
    expect(shapeCast3(new Sphere3(0.5), xf(1, 10, 0.3), 0, [0, -20, 0], hf, xf(0, 0, 0), 0, cast)).toBe(true);
    expect(Math.abs(cast.t - (10 - 0.5 - 0.5 * Math.sqrt(1.25)) / 20)).toBeLessThan(1e-5);
    expect(
      shapeCast3(new Sphere3(0.5), xf(-5, 0, 0), 0, [1, 0, 0], new Sphere3(1), xf(0, 0, 0), 0, cast),
    ).toBe(false);
  });
});
