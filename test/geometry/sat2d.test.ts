import { describe, expect, it } from 'vitest';
import { collidePolygons, collideShapes } from '../../src/geometry/collide2d.js';
import { Manifold2 } from '../../src/geometry/manifold2d.js';
import { satBoxes } from '../../src/geometry/sat2d.js';
import { makeBox, makeCapsule, makeCircle, makeSegment, Transform2 } from '../../src/geometry/shapes2d.js';

// §26.2: A at the origin, axis-aligned, half extents (2, 1); B half extents (1, 0.5), u_B = (0.8, 0.6)
const A = { cx: 0, cy: 0, ux: 1, uy: 0, eu: 2, ev: 1 };
const B = (cx: number, cy: number) => ({ cx, cy, ux: 0.8, uy: 0.6, eu: 1, ev: 0.5 });

describe('SAT golden (textbook §26.2)', () => {
  it('§26.2 table radii: rA = 2, 1, 2.2, 2.0 and rB = 1.1, 1.0, 1, 0.5', () => {
    const r = satBoxes(A, B(3, 1.8));
    expect(r.rows.map((x) => x.rA)).toEqual([2, 1, expect.closeTo(2.2, 12), expect.closeTo(2.0, 12)]);
    expect(r.rows.map((x) => x.rB)).toEqual([
      expect.closeTo(1.1, 12),
      expect.closeTo(1.0, 12),
      expect.closeTo(1, 12),
      expect.closeTo(0.5, 12),
    ]);
  });

  it('§26.2 B at (3, 1.8): both AABB axes overlap (0.1, 0.2) but u_B separates by 0.28', () => {
    const r = satBoxes(A, B(3, 1.8));
    expect(r.rows[0]!.overlap).toBeCloseTo(0.1, 12);
    expect(r.rows[1]!.overlap).toBeCloseTo(0.2, 12);
    expect(r.rows[2]!.distance).toBeCloseTo(3.48, 12);
    expect(r.rows[2]!.overlap).toBeCloseTo(-0.28, 12);
    expect(r.rows[3]!.distance).toBeCloseTo(0.36, 12);
    expect(r.rows[3]!.overlap).toBeCloseTo(2.14, 12);
    expect(r.overlapping).toBe(false);
    // the narrowphase agrees: no contact point within the speculative distance
    const m = collidePolygons(
      makeBox(2, 1),
      new Transform2(),
      makeBox(1, 0.5),
      xfB(3, 1.8),
      0.02,
      new Manifold2(),
    );
    expect(m.pointCount).toBe(0);
  });

  it('§26.2 B at (2.5, 1.5): all four overlap (0.6, 0.5, 0.3, 2.2); normal u_B = (0.8, 0.6), depth 0.3', () => {
    const r = satBoxes(A, B(2.5, 1.5));
    expect(r.rows.map((x) => x.overlap)).toEqual([
      expect.closeTo(0.6, 12),
      expect.closeTo(0.5, 12),
      expect.closeTo(0.3, 12),
      expect.closeTo(2.2, 12),
    ]);
    expect(r.overlapping).toBe(true);
    expect(r.axis).toBe(2);
    expect(r.normalX).toBeCloseTo(0.8, 12);
    expect(r.normalY).toBeCloseTo(0.6, 12);
    expect(r.depth).toBeCloseTo(0.3, 12);
  });

  it('§26.2 clipped manifold: reference face on B (−u_B), incident = A right edge; {(2, 1) depth 0.3, (2, 0.5) depth 0}', () => {
    const m = collidePolygons(
      makeBox(2, 1),
      new Transform2(),
      makeBox(1, 0.5),
      xfB(2.5, 1.5),
      0.02,
      new Manifold2(),
    );
    expect(m.flip).toBe(true); // the axis came from B
    expect(m.incidentEdge).toBe(1); // A's right edge (2, −1)–(2, 1), normal (1, 0)
    expect(m.normalX).toBeCloseTo(0.8, 12);
    expect(m.normalY).toBeCloseTo(0.6, 12);
    expect(m.pointCount).toBe(2);
    const pts = [0, 1].map((k) => ({ x: m.ix[k]!, y: m.iy[k]!, depth: -m.separation[k]! }));
    pts.sort((p, q) => q.y - p.y);
    expect(pts[0]!.x).toBeCloseTo(2, 12);
    expect(pts[0]!.y).toBeCloseTo(1, 12);
    expect(pts[0]!.depth).toBeCloseTo(0.3, 12);
    expect(pts[1]!.x).toBeCloseTo(2, 12);
    expect(pts[1]!.y).toBeCloseTo(0.5, 12);
    expect(pts[1]!.depth).toBeCloseTo(0, 12);
  });
});

function xfB(x: number, y: number) {
  return new Transform2(x, y, 0.8, 0.6);
}

describe('narrowphase special cases', () => {
  it('circle–circle: normal along the centre line, depth = r1 + r2 − distance', () => {
    const m = collideShapes(
      makeCircle(1),
      new Transform2(),
      makeCircle(0.5),
      new Transform2(1.2, 0.9),
      0.02,
      new Manifold2(),
    );
    expect(m.pointCount).toBe(1);
    expect(m.normalX).toBeCloseTo(0.8, 12);
    expect(m.normalY).toBeCloseTo(0.6, 12);
    expect(m.separation[0]).toBeCloseTo(1.5 - 1.5, 12);
    const far = collideShapes(
      makeCircle(1),
      new Transform2(),
      makeCircle(0.5),
      new Transform2(3, 0),
      0.02,
      new Manifold2(),
    );
    expect(far.pointCount).toBe(0);
  });

  it('box–circle: face region and vertex region', () => {
    const face = collideShapes(
      makeBox(1, 1),
      new Transform2(),
      makeCircle(0.5),
      new Transform2(0.3, 1.4),
      0.02,
      new Manifold2(),
    );
    expect(face.pointCount).toBe(1);
    expect(face.normalY).toBeCloseTo(1, 12);
    expect(face.separation[0]).toBeCloseTo(-0.1, 12);
    // circle beyond the corner (1, 1) along the diagonal
    const d = 1 + 0.4 / Math.SQRT2;
    const corner = collideShapes(
      makeBox(1, 1),
      new Transform2(),
      makeCircle(0.5),
      new Transform2(d, d),
      0.02,
      new Manifold2(),
    );
    expect(corner.pointCount).toBe(1);
    expect(corner.normalX).toBeCloseTo(Math.SQRT1_2, 12);
    expect(corner.normalY).toBeCloseTo(Math.SQRT1_2, 12);
    expect(corner.separation[0]).toBeCloseTo(-0.1, 12);
  });

  it('circle–box reverses the normal so it still points from A to B', () => {
    const m = collideShapes(
      makeCircle(0.5),
      new Transform2(0.3, 1.4),
      makeBox(1, 1),
      new Transform2(),
      0.02,
      new Manifold2(),
    );
    expect(m.normalY).toBeCloseTo(-1, 12);
    expect(m.separation[0]).toBeCloseTo(-0.1, 12);
  });

  it('capsule lying on a box: two points, depth from the radius', () => {
    const cap = makeCapsule(-1, 0, 1, 0, 0.25);
    const m = collideShapes(
      makeBox(5, 0.5),
      new Transform2(0, -0.5),
      cap,
      new Transform2(0, 0.2),
      0.02,
      new Manifold2(),
    );
    expect(m.pointCount).toBe(2);
    expect(m.normalY).toBeCloseTo(1, 12);
    expect(m.separation[0]).toBeCloseTo(-0.05, 12);
    expect(m.separation[1]).toBeCloseTo(-0.05, 12);
  });

  it('box on a segment (ground): two points, speculative gap kept', () => {
    const seg = makeSegment(-5, 0, 5, 0);
    const m = collideShapes(
      seg,
      new Transform2(),
      makeBox(0.5, 0.5),
      new Transform2(0, 0.51),
      0.02,
      new Manifold2(),
    );
    expect(m.pointCount).toBe(2);
    expect(Math.abs(m.normalY)).toBeCloseTo(1, 12);
    expect(m.separation[0]).toBeCloseTo(0.01, 12);
  });
});
