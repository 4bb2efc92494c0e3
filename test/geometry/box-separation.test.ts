/**
 * The box fast path of the 2D separating-axis test (textbook §26.2): for an axis-aligned box the
 * separation along each face normal is a coordinate difference, so the bounds of the other
 * polygon's placed vertices give the same numbers as the vertex-by-vertex minimum. Checked bit for
 * bit against `maxSeparation` on random placements (boxes, rotated boxes, polygons, exact touching),
 * and the whole box–box manifold against the general path with the same reference face forced.
 */
import { describe, expect, it } from 'vitest';
import { boxSeparation, collidePolygons, isAxisBox } from '../../src/geometry/collide2d.js';
import { Manifold2 } from '../../src/geometry/manifold2d.js';
import { maxSeparation, type SeparationResult } from '../../src/geometry/sat2d.js';
import { type ConvexShape2, makeBox, makePolygon, Transform2 } from '../../src/geometry/shapes2d.js';
import { pcos, psin } from '../../src/math/portable.js';

/** A small seeded generator (Park–Miller), so every run sees the same placements. */
function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 48271) % 2147483647;
    return s / 2147483647;
  };
}

/** B placed in A's frame, computed as collidePolygons does. */
function relative(xfA: Transform2, xfB: Transform2): Transform2 {
  const dx = xfB.px - xfA.px;
  const dy = xfB.py - xfA.py;
  const out = new Transform2();
  out.c = xfA.c * xfB.c + xfA.s * xfB.s;
  out.s = xfA.c * xfB.s - xfA.s * xfB.c;
  out.px = xfA.c * dx + xfA.s * dy;
  out.py = -xfA.s * dx + xfA.c * dy;
  return out;
}

function placement(r: () => number, spread: number, quantum: number): Transform2 {
  const xf = new Transform2();
  const a = quantum > 0 ? Math.round((r() * 2 * Math.PI) / quantum) * quantum : r() * 2 * Math.PI;
  xf.px = (r() - 0.5) * spread;
  xf.py = (r() - 0.5) * spread;
  xf.c = pcos(a);
  xf.s = psin(a);
  return xf;
}

function shapeOf(r: () => number, k: number): ConvexShape2 {
  switch (k % 4) {
    case 0:
      return makeBox(0.1 + r(), 0.1 + r());
    case 1:
      return makeBox(0.1 + r(), 0.1 + r(), r() - 0.5, r() - 0.5);
    case 2:
      return makeBox(0.5, 0.5, 0, 0, 0.3); // a rotated box: the general path
    default:
      return makePolygon([
        [-0.5, -0.3],
        [0.6, -0.4],
        [0.7, 0.2],
        [0.1, 0.6],
        [-0.6, 0.3],
      ]);
  }
}

describe('box fast path of the separating-axis test', () => {
  it('recognises boxes built without an angle only', () => {
    expect(isAxisBox(makeBox(1, 2))).toBe(true);
    expect(isAxisBox(makeBox(1, 2, 0.3, -0.2))).toBe(true);
    expect(isAxisBox(makeBox(1, 2, 0, 0, 0.1))).toBe(false);
    expect(
      isAxisBox(
        makePolygon([
          [0, 0],
          [1, 0],
          [0, 1],
        ]),
      ),
    ).toBe(false);
  });

  it('gives maxSeparation’s edge and separation bit for bit on 20,000 random placements', () => {
    const r = rng(12345);
    const fast: SeparationResult = { edge: -1, separation: 0 };
    const slow: SeparationResult = { edge: -1, separation: 0 };
    let compared = 0;
    for (let t = 0; t < 20000; t++) {
      const a = makeBox(0.05 + 2 * r(), 0.05 + 2 * r(), t % 3 === 0 ? r() - 0.5 : 0, 0);
      const b = shapeOf(r, t);
      // quantised angles (multiples of 90° and 45°) make exact ties and exact touching common
      const xf = relative(
        placement(r, 3, t % 5 === 0 ? Math.PI / 2 : t % 5 === 1 ? Math.PI / 4 : 0),
        placement(r, 3, 0),
      );
      if (t % 7 === 0) {
        // stacked exactly: B resting on A's top face
        xf.c = 1;
        xf.s = 0;
        xf.px = 0;
        xf.py = a.vy[2]! + 0.5;
      }
      boxSeparation(a, b, xf, fast);
      maxSeparation(a, b, xf, slow);
      expect(fast.edge).toBe(slow.edge);
      expect(Object.is(fast.separation + 0, slow.separation + 0)).toBe(true);
      compared++;
    }
    expect(compared).toBe(20000);
  });

  it('box–box manifolds equal the general path with the same reference face, ids included', () => {
    const r = rng(777);
    const fastOut = new Manifold2();
    const slowOut = new Manifold2();
    const sa: SeparationResult = { edge: 0, separation: 0 };
    const sb: SeparationResult = { edge: 0, separation: 0 };
    let touching = 0;
    for (let t = 0; t < 5000; t++) {
      const a = makeBox(0.2 + r(), 0.2 + r());
      const b = makeBox(0.2 + r(), 0.2 + r(), t % 4 === 0 ? 0.1 : 0, 0);
      const xfA = placement(r, 0.5, t % 3 === 0 ? Math.PI / 2 : 0);
      const xfB = placement(r, 2.5, t % 3 === 1 ? Math.PI / 2 : 0);
      const spec = 0.02;
      collidePolygons(a, xfA, b, xfB, spec, fastOut);
      const bInA = relative(xfA, xfB);
      const aInB = relative(xfB, xfA);
      maxSeparation(a, b, bInA, sa);
      maxSeparation(b, a, aInB, sb);
      if (sa.separation > spec || sb.separation > spec) {
        expect(fastOut.pointCount).toBe(0);
        continue;
      }
      const flip = sb.separation > sa.separation + 0.1 * 0.005;
      collidePolygons(a, xfA, b, xfB, spec, slowOut, flip ? 256 | sb.edge : sa.edge);
      expect(fastOut.pointCount).toBe(slowOut.pointCount);
      if (fastOut.pointCount > 0) touching++;
      expect(fastOut.normalX).toBe(slowOut.normalX);
      expect(fastOut.normalY).toBe(slowOut.normalY);
      for (let k = 0; k < fastOut.pointCount; k++) {
        expect(Math.abs(fastOut.px[k]! - slowOut.px[k]!)).toBeLessThanOrEqual(1e-12);
        expect(Math.abs(fastOut.py[k]! - slowOut.py[k]!)).toBeLessThanOrEqual(1e-12);
        expect(Math.abs(fastOut.separation[k]! - slowOut.separation[k]!)).toBeLessThanOrEqual(1e-12);
        expect(fastOut.id[k]).toBe(slowOut.id[k]);
      }
    }
    expect(touching).toBeGreaterThan(200);
  });
});
