import { describe, expect, it } from 'vitest';
import { collide3, collideStatic3 } from '../../src/geometry/collide3d.js';
import { Manifold3 } from '../../src/geometry/manifold3d.js';
import { quickhull3 } from '../../src/geometry/quickhull3d.js';
import {
  Box3,
  Cylinder3,
  EDGE_CONVEX,
  Heightfield3,
  Sphere3,
  TriangleMesh3,
} from '../../src/geometry/shapes3d.js';

function xf(px: number, py: number, pz: number, ax = 0, ay = 0, az = 1, angle = 0): Float64Array {
  const s = Math.sin(angle / 2);
  return new Float64Array([px, py, pz, ax * s, ay * s, az * s, Math.cos(angle / 2)]);
}
const identity = xf(0, 0, 0);
// a 4 × 4 square at y = 0 made of two triangles sharing the diagonal (−2, −2)–(2, 2)
const square = new TriangleMesh3([-2, 0, -2, 2, 0, -2, 2, 0, 2, -2, 0, 2], [0, 2, 1, 0, 3, 2]);

describe('convex against a triangle mesh', () => {
  it('adjacency and edge flags: the shared diagonal is flat (internal), the border convex', () => {
    expect(Array.from(square.adjacent)).toEqual([1, -1, -1, -1, -1, 0]);
    expect(square.edgeFlags[0]! & EDGE_CONVEX).toBe(0);
    expect(square.edgeFlags[0]! & (EDGE_CONVEX << 1)).not.toBe(0);
    expect(square.normals[1]!).toBeCloseTo(1, 12);
  });
  it('a box resting across the shared edge gets only +y contacts (no snag), sliding or turned', () => {
    const box = new Box3(0.5, 0.25, 0.5);
    const m = new Manifold3();
    for (let k = 0; k <= 40; k++) {
      const x = -1 + k * 0.05;
      for (const angle of [0, 0.3, Math.PI / 4]) {
        const t = xf(x, 0.245, -x + 0.1, 0, 1, 0, angle);
        // the mesh as A: the normal points from the mesh into the box
        collide3(square, identity, 0, box, t, 0, 0.02, m);
        expect(m.pointCount).toBe(4);
        expect(m.normalY).toBeCloseTo(1, 12);
        for (let p = 0; p < m.pointCount; p++) expect(m.separation[p]!).toBeCloseTo(-0.005, 9);
        // the box as A: flipped
        collide3(box, t, 0, square, identity, 0, 0.02, m);
        expect(m.normalY).toBeCloseTo(-1, 12);
      }
    }
  });
  it('a sphere rolling over the internal edge keeps the face normal; a box by a convex rim gets a side normal', () => {
    const ball = new Sphere3(0.3);
    const m = new Manifold3();
    for (let k = 0; k <= 20; k++) {
      const x = -0.5 + k * 0.05;
      collide3(square, identity, 0, ball, xf(x, 0.29, x), 0, 0.02, m);
      expect(m.pointCount).toBe(1);
      expect(m.normalY).toBeCloseTo(1, 12);
      expect(m.separation[0]!).toBeCloseTo(-0.01, 12);
    }
    // a sphere over the border edge, beside the square: the convex border edge gives the edge normal
    collide3(square, identity, 0, ball, xf(2.2, 0.1, 0), 0, 0.02, m);
    expect(m.pointCount).toBe(1);
    expect(m.normalX).toBeCloseTo(2 / Math.sqrt(5), 6);
    expect(m.normalY).toBeCloseTo(1 / Math.sqrt(5), 6);
    expect(m.separation[0]!).toBeCloseTo(Math.sqrt(0.05) - 0.3, 6);
  });
  it('the cube of a closed mesh: a box pressed into the floor corner gets the floor normal', () => {
    // a bowl-like corner: floor y = 0 and a wall x = 1 facing −x (concave edge between them)
    const corner = new TriangleMesh3(
      [-3, 0, -3, 1, 0, -3, 1, 0, 3, -3, 0, 3, 1, 3, -3, 1, 3, 3],
      [0, 2, 1, 0, 3, 2, 1, 2, 5, 1, 5, 4],
    );
    // the floor–wall edge is concave: not flagged convex on either triangle
    for (let t = 0; t < 4; t++)
      for (let k = 0; k < 3; k++)
        if (corner.adjacent[3 * t + k]! >= 0) expect(corner.edgeFlags[t]! & (EDGE_CONVEX << k)).toBe(0);
    const m = new Manifold3();
    collide3(new Box3(0.5, 0.5, 0.5), xf(0, 0.49, 0), 0, corner, identity, 0, 0.02, m);
    expect(m.pointCount).toBe(4);
    expect(m.normalY).toBeCloseTo(-1, 12);
    // pressed into floor and wall at once: collideStatic3 returns both groups (mesh first: flipped)
    const outs = [new Manifold3(), new Manifold3(), new Manifold3()];
    const n = collideStatic3(corner, identity, 0, new Box3(0.5, 0.5, 0.5), xf(0.51, 0.49, 0), 0, 0.02, outs);
    expect(n).toBe(2);
    const normals = outs
      .slice(0, 2)
      .map((o) => [
        Math.round(o.normalX) + 0,
        Math.round(o.normalY) + 0,
        Math.round(o.normalZ) + 0,
        o.pointCount,
      ]);
    expect(normals).toContainEqual([0, 1, 0, 4]);
    expect(normals).toContainEqual([-1, 0, 0, 4]);
    for (const o of outs.slice(0, 2))
      for (let p = 0; p < 4; p++) expect(o.separation[p]!).toBeCloseTo(-0.01, 9);
  });
});

describe('convex against a heightfield', () => {
  it('a flat field: a box across several cells rests on 4 points with the +y normal', () => {
    const rows = 6;
    const cols = 7;
    const hf = new Heightfield3(rows, cols, new Array(rows * cols).fill(0.5), 0.5, 0.5);
    const m = new Manifold3();
    for (const angle of [0, 0.2, 1]) {
      collide3(hf, identity, 0, new Box3(0.6, 0.2, 0.4), xf(0.13, 0.69, -0.21, 0, 1, 0, angle), 0, 0.02, m);
      expect(m.pointCount).toBe(4);
      expect(m.normalY).toBeCloseTo(1, 12);
      for (let p = 0; p < 4; p++) expect(m.separation[p]!).toBeCloseTo(-0.01, 9);
    }
  });
  it('a sphere on a slope y = 0.5 x takes the slope normal', () => {
    const rows = 5;
    const cols = 5;
    const h: number[] = [];
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) h.push(0.5 * (c - 2));
    const hf = new Heightfield3(rows, cols, h, 1);
    const n = [-0.5 / Math.sqrt(1.25), 1 / Math.sqrt(1.25), 0];
    const m = new Manifold3();
    // centre 0.5 above the plane along its normal, less 0.01 of overlap
    const d = 0.49;
    collide3(hf, identity, 0, new Sphere3(0.5), xf(0.3 + d * n[0]!, 0.15 + d * n[1]!, 0.4), 0, 0.02, m);
    expect(m.pointCount).toBe(1);
    expect(m.normalX).toBeCloseTo(n[0]!, 9);
    expect(m.normalY).toBeCloseTo(n[1]!, 9);
    expect(m.separation[0]!).toBeCloseTo(-0.01, 9);
  });
});

describe('generic convex pairs (GJK/EPA with clipping)', () => {
  it('a hull box on a box and a cylinder standing on a box rest on 4 points', () => {
    const corners: number[] = [];
    for (let i = 0; i < 8; i++) corners.push(i & 1 ? 0.5 : -0.5, i & 2 ? 0.5 : -0.5, i & 4 ? 0.5 : -0.5);
    const hull = quickhull3(corners);
    const ground = new Box3(5, 0.5, 5);
    const m = new Manifold3();
    collide3(ground, xf(0, -0.5, 0), 0, hull, xf(0.2, 0.49, 0, 0, 1, 0, 0.3), 0, 0.02, m);
    expect(m.pointCount).toBe(4);
    expect(m.normalY).toBeCloseTo(1, 9);
    for (let p = 0; p < 4; p++) expect(m.separation[p]!).toBeCloseTo(-0.01, 9);
    collide3(new Cylinder3(0.5, 0.3), xf(0, 0.49, 0), 0, ground, xf(0, -0.5, 0), 0, 0.02, m);
    expect(m.pointCount).toBe(4);
    expect(m.normalY).toBeCloseTo(-1, 9);
    for (let p = 0; p < 4; p++) expect(m.separation[p]!).toBeCloseTo(-0.01, 9);
    // a cylinder on its side: a line contact of 2 points
    collide3(
      new Cylinder3(0.5, 0.3),
      xf(0, 0.29, 0, 1, 0, 0, Math.PI / 2),
      0,
      ground,
      xf(0, -0.5, 0),
      0,
      0.02,
      m,
    );
    expect(m.pointCount).toBe(2);
    for (let p = 0; p < 2; p++) expect(m.separation[p]!).toBeCloseTo(-0.01, 9);
  });
  it('hull against hull, deep and separated; a rounded hull adds its radius', () => {
    const corners: number[] = [];
    for (let i = 0; i < 8; i++) corners.push(i & 1 ? 0.5 : -0.5, i & 2 ? 0.5 : -0.5, i & 4 ? 0.5 : -0.5);
    const hull = quickhull3(corners);
    const rounded = quickhull3(corners, Infinity, 0.05);
    const m = new Manifold3();
    collide3(hull, xf(0, 0, 0), 0, hull, xf(0.8, 0.1, 0), 0, 0.02, m);
    expect(m.pointCount).toBe(4);
    expect(m.normalX).toBeCloseTo(1, 9);
    for (let p = 0; p < 4; p++) expect(m.separation[p]!).toBeCloseTo(-0.2, 9);
    collide3(hull, xf(0, 0, 0), 0, rounded, xf(1.1, 0.1, 0), 0, 0.1, m);
    expect(m.pointCount).toBe(4);
    for (let p = 0; p < 4; p++) expect(m.separation[p]!).toBeCloseTo(0.05, 9);
    collide3(hull, xf(0, 0, 0), 0, rounded, xf(1.2, 0.1, 0), 0, 0.1, m);
    expect(m.pointCount).toBe(0);
  });
});
