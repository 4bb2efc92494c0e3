/**
 * The box–box narrowphase from packed vertices (geometry/collide2d.ts `collideBoxes`, textbook
 * §26.2 SAT + clipping): for two axis-aligned boxes it must give the manifold `collidePolygons`
 * gives, bit for bit — normal, points, incident points, separations, ids, reference and incident
 * edges, flip — on random placements that cover separated, speculative, touching, resting and
 * deeply overlapping pairs, rounded boxes and boxes off their body's origin. And a world of boxes
 * (which collides box pairs this way) must step to the state a world of the same boxes built as
 * general polygons steps to.
 */
import { describe, expect, it } from 'vitest';
import { collideBoxes, collidePolygons, isPackedBox } from '../../src/geometry/collide2d.js';
import { Manifold2 } from '../../src/geometry/manifold2d.js';
import { type ConvexShape2, makeBox, makePolygon, Transform2 } from '../../src/geometry/shapes2d.js';
import { pcos, psin } from '../../src/math/portable.js';
import { World } from '../../src/rigid2d/index.js';

/** A small seeded generator (Park–Miller), so every run sees the same placements. */
function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 48271) % 2147483647;
    return s / 2147483647;
  };
}

/** The packed record [count, radius, x₀, y₀, …] of a box. */
function pack(g: ConvexShape2): Float64Array {
  const v = new Float64Array(2 + 2 * g.count);
  v[0] = g.count;
  v[1] = g.radius;
  for (let k = 0; k < g.count; k++) {
    v[2 + 2 * k] = g.vx[k]!;
    v[3 + 2 * k] = g.vy[k]!;
  }
  return v;
}

function same(m: Manifold2, n: Manifold2): boolean {
  if (m.pointCount !== n.pointCount) return false;
  if (m.pointCount === 0) return true;
  const bits = (x: number, y: number) => Object.is(x, y);
  if (!bits(m.normalX, n.normalX) || !bits(m.normalY, n.normalY)) return false;
  if (m.flip !== n.flip || m.referenceEdge !== n.referenceEdge || m.incidentEdge !== n.incidentEdge)
    return false;
  for (let k = 0; k < m.pointCount; k++) {
    if (!bits(m.px[k]!, n.px[k]!) || !bits(m.py[k]!, n.py[k]!)) return false;
    if (!bits(m.ix[k]!, n.ix[k]!) || !bits(m.iy[k]!, n.iy[k]!)) return false;
    if (!bits(m.separation[k]!, n.separation[k]!) || m.id[k] !== n.id[k]) return false;
  }
  return true;
}

describe('collideBoxes (packed box–box narrowphase)', () => {
  it('gives collidePolygons’ manifold bit for bit on 30,000 random box pairs', () => {
    const r = rng(20261201);
    const m = new Manifold2();
    const n = new Manifold2();
    const xfA = new Transform2();
    const xfB = new Transform2();
    let points = 0;
    let flips = 0;
    for (let t = 0; t < 30000; t++) {
      const kind = t % 5;
      const rounded = t % 7 === 0;
      const a = makeBox(0.1 + r(), 0.1 + r(), kind === 4 ? r() - 0.5 : 0, 0, 0, rounded ? 0.05 * r() : 0);
      const b = makeBox(0.1 + r(), 0.1 + r(), 0, kind === 4 ? r() - 0.5 : 0, 0, rounded ? 0.05 * r() : 0);
      const angA = kind === 0 ? 0 : (r() - 0.5) * (kind === 1 ? 0.02 : 6.3);
      const angB =
        kind === 0 ? (r() < 0.5 ? 0 : Math.PI / 2) : angA + (r() - 0.5) * (kind === 2 ? 0.01 : 6.3);
      xfA.px = (r() - 0.5) * 10;
      xfA.py = (r() - 0.5) * 10;
      xfA.c = pcos(angA);
      xfA.s = psin(angA);
      xfB.c = pcos(angB);
      xfB.s = psin(angB);
      // B resting on A's top face (kinds 0–2), or anywhere near A
      const gap = (r() - 0.7) * 0.05;
      const h = a.vy[2]! + b.vy[2]! + gap + (rounded ? a.radius + b.radius : 0);
      const lateral = (r() - 0.5) * 2;
      if (kind <= 2) {
        xfB.px = xfA.px + xfA.c * lateral - xfA.s * h;
        xfB.py = xfA.py + xfA.s * lateral + xfA.c * h;
      } else {
        xfB.px = xfA.px + (r() - 0.5) * 3;
        xfB.py = xfA.py + (r() - 0.5) * 3;
      }
      const spec = t % 3 === 0 ? 0 : 0.02;
      collidePolygons(a, xfA, b, xfB, spec, m);
      collideBoxes(pack(a), 0, pack(b), 0, xfA, xfB, spec, n);
      if (!same(m, n)) throw new Error(`pair ${t}: the manifolds differ`);
      points += m.pointCount;
      if (m.pointCount > 0 && m.flip) flips++;
    }
    // the placements reach every branch: many points, both reference faces
    expect(points).toBeGreaterThan(20000);
    expect(flips).toBeGreaterThan(1000);
  });

  it('takes only boxes whose normals are exact axes', () => {
    expect(isPackedBox(makeBox(0.5, 0.25))).toBe(true);
    expect(isPackedBox(makeBox(0.5, 0.25, 0.3, -0.2))).toBe(true);
    expect(isPackedBox(makeBox(0.5, 0.25, 0, 0, 0.3))).toBe(false);
    expect(
      isPackedBox(
        makePolygon(
          [
            [0, 0],
            [1, 0],
            [0, 1],
          ],
          0,
        ),
      ),
    ).toBe(false);
  });

  it('a pile of boxes steps to the same state with the packed path as through the dispatch table', () => {
    const run = (packed: boolean) => {
      const w = new World({ gravity: [0, -10] });
      const g = w.createBody({ type: 'static' });
      w.createShape(g, { kind: 'box', halfWidth: 10, halfHeight: 0.5, center: [0, -0.5] });
      for (let k = 0; k < 40; k++) {
        const id = w.createBody({
          type: 'dynamic',
          position: [(k % 5) * 0.9 - 2, 0.6 + 1.05 * Math.floor(k / 5)],
          angle: 0.05 * (k % 3),
        });
        w.createShape(id, { kind: 'box', halfWidth: 0.4, halfHeight: 0.5 });
      }
      const box = (w as unknown as { shapes: { box: Uint8Array } }).shapes.box;
      expect(box.subarray(0, 41).every((f) => f === 1)).toBe(true);
      if (!packed) box.fill(0); // every pair through the dispatch table (collidePolygons)
      for (let s = 0; s < 150; s++) w.step(1 / 60);
      return w.stateHash();
    };
    expect(run(true)).toBe(run(false));
  });
});
