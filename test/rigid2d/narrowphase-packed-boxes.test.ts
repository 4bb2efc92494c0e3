/**
 * The narrowphase from packed records (geometry/collide2d.ts `collideBoxes` for two axis-aligned
 * boxes, `collidePolygonsPacked` for any pair of capsules, polygons, segments and boxes; textbook
 * §26.2 SAT + clipping): each must give the manifold `collidePolygons` gives, bit for bit — normal, points, incident points, separations, ids, reference and incident
 * edges, flip — on random placements that cover separated, speculative, touching, resting and
 * deeply overlapping pairs, rounded boxes and boxes off their body's origin. And a world of boxes
 * (which collides box pairs this way) must step to the state a world of the same boxes built as
 * general polygons steps to.
 */
import { describe, expect, it } from 'vitest';
import {
  collideBoxes,
  collideCircles,
  collideCirclesPacked,
  collidePolygonCircle,
  collidePolygonCirclePacked,
  collidePolygons,
  collidePolygonsPacked,
  isAxisBox,
  isPackedBox,
  PACKED_NORMALS_STRIDE,
  PACKED_VERTS_STRIDE,
} from '../../src/geometry/collide2d.js';
import { Manifold2 } from '../../src/geometry/manifold2d.js';
import {
  type ConvexShape2,
  makeBox,
  makeCapsule,
  makeCircle,
  makePolygon,
  makeSegment,
  Transform2,
} from '../../src/geometry/shapes2d.js';
import { pcos, psin } from '../../src/math/portable.js';
import { World } from '../../src/rigid2d/index.js';
import { PACKED_PAIR } from '../../src/rigid2d/narrowphase.js';

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

  it('collidePolygonsPacked gives collidePolygons’ manifold bit for bit for capsules, polygons, segments and boxes', () => {
    const r = rng(7);
    const m = new Manifold2();
    const n = new Manifold2();
    const xfA = new Transform2();
    const xfB = new Transform2();
    const make = (k: number): ConvexShape2 => {
      const size = 0.2 + r();
      switch (k) {
        case 0:
          return makeCapsule(-size, 0, size, 0.1 * (r() - 0.5), 0.05 + 0.2 * r());
        case 1:
          return makeSegment(-size, 0, size, r() - 0.5);
        case 2:
          return makeBox(size, 0.2 + r(), 0, 0, 0, r() < 0.3 ? 0.05 * r() : 0);
        case 3:
          return makeBox(size, 0.2 + r(), r() - 0.5, 0, r() * 3, 0);
        case 4:
          // an axis-aligned box as a polygon: its computed normals need not be the exact axes
          return makePolygon([
            [-size, -0.3],
            [size, -0.3],
            [size, 0.3],
            [-size, 0.3],
          ]);
        default: {
          const pts: [number, number][] = [];
          const count = 3 + Math.floor(r() * 6);
          for (let i = 0; i < count; i++) {
            const a = ((i + 0.3 * r()) / count) * 2 * Math.PI;
            pts.push([size * pcos(a), size * psin(a)]);
          }
          return makePolygon(pts, r() < 0.3 ? 0.04 : 0);
        }
      }
    };
    const packBoth = (a: ConvexShape2, b: ConvexShape2) => {
      const v = new Float64Array(2 * PACKED_VERTS_STRIDE);
      const nrm = new Float64Array(2 * PACKED_NORMALS_STRIDE);
      for (const [g, s] of [
        [a, 0],
        [b, 1],
      ] as const) {
        v.set(pack(g), PACKED_VERTS_STRIDE * s);
        for (let k = 0; k < g.count; k++) {
          nrm[PACKED_NORMALS_STRIDE * s + 2 * k] = g.nx[k]!;
          nrm[PACKED_NORMALS_STRIDE * s + 2 * k + 1] = g.ny[k]!;
        }
      }
      return { v, nrm };
    };
    let points = 0;
    let flips = 0;
    let ones = 0;
    for (let t = 0; t < 30000; t++) {
      const ka = Math.floor(r() * 6);
      let kb = Math.floor(r() * 6);
      if (ka === 1 && kb === 1) kb = 0; // two segments never collide
      const a = make(ka);
      const b = make(kb);
      const angA = (r() - 0.5) * 6.3;
      const angB = r() < 0.3 ? angA + (r() - 0.5) * 0.01 : (r() - 0.5) * 6.3;
      xfA.px = (r() - 0.5) * 4;
      xfA.py = (r() - 0.5) * 4;
      xfA.c = pcos(angA);
      xfA.s = psin(angA);
      xfB.px = xfA.px + (r() - 0.5) * 2.5;
      xfB.py = xfA.py + (r() - 0.5) * 2.5;
      xfB.c = pcos(angB);
      xfB.s = psin(angB);
      const spec = t % 3 === 0 ? 0 : 0.02;
      collidePolygons(a, xfA, b, xfB, spec, m);
      const { v, nrm } = packBoth(a, b);
      collidePolygonsPacked(v, nrm, 0, 1, isAxisBox(a), isAxisBox(b), xfA, xfB, spec, n);
      if (!same(m, n)) throw new Error(`pair ${t} (kinds ${ka}, ${kb}): the manifolds differ`);
      points += m.pointCount;
      if (m.pointCount > 0 && m.flip) flips++;
      if (m.pointCount === 1) ones++;
    }
    expect(points).toBeGreaterThan(10000);
    expect(flips).toBeGreaterThan(1000);
    expect(ones).toBeGreaterThan(30); // rounded corners and vertex–vertex pairs
  });

  it('collideCirclesPacked and collidePolygonCirclePacked give the general functions’ manifolds bit for bit', () => {
    const r = rng(99);
    const m = new Manifold2();
    const n = new Manifold2();
    const xfA = new Transform2();
    const xfB = new Transform2();
    let points = 0;
    let vertexIds = 0;
    for (let t = 0; t < 20000; t++) {
      const k = t % 4;
      const size = 0.2 + r();
      const a =
        k === 0
          ? makeCircle(0.1 + r(), r() - 0.5, r() - 0.5)
          : k === 1
            ? makeCapsule(-size, 0, size, 0.2 * (r() - 0.5), 0.05 + 0.2 * r())
            : k === 2
              ? makeBox(size, 0.2 + r(), 0, 0, r() < 0.5 ? 0 : r() * 3, r() < 0.3 ? 0.05 : 0)
              : makeSegment(-size, 0, size, r() - 0.5);
      const b = makeCircle(0.05 + 0.5 * r(), 0.3 * (r() - 0.5), 0);
      const angA = (r() - 0.5) * 6.3;
      const angB = (r() - 0.5) * 6.3;
      xfA.px = (r() - 0.5) * 4;
      xfA.py = (r() - 0.5) * 4;
      xfA.c = pcos(angA);
      xfA.s = psin(angA);
      xfB.px = xfA.px + (r() - 0.5) * 3;
      xfB.py = xfA.py + (r() - 0.5) * 3;
      xfB.c = pcos(angB);
      xfB.s = psin(angB);
      const spec = t % 3 === 0 ? 0 : 0.02;
      const v = new Float64Array(2 * PACKED_VERTS_STRIDE);
      const nrm = new Float64Array(2 * PACKED_NORMALS_STRIDE);
      v.set(pack(a), 0);
      v.set(pack(b), PACKED_VERTS_STRIDE);
      for (let j = 0; j < a.count; j++) {
        nrm[2 * j] = a.nx[j]!;
        nrm[2 * j + 1] = a.ny[j]!;
      }
      if (k === 0) {
        collideCircles(a, xfA, b, xfB, spec, m);
        collideCirclesPacked(v, 0, 1, xfA, xfB, spec, n);
      } else {
        collidePolygonCircle(a, xfA, b, xfB, spec, m);
        collidePolygonCirclePacked(v, nrm, 0, 1, xfA, xfB, spec, n);
      }
      if (!same(m, n)) throw new Error(`pair ${t} (kind ${k}): the manifolds differ`);
      points += m.pointCount;
      if (m.pointCount > 0 && m.id[0]! >= 0x100) vertexIds++;
    }
    expect(points).toBeGreaterThan(5000);
    expect(vertexIds).toBeGreaterThan(200); // the vertex regions are reached
  });

  it('a pile of circles, capsules, boxes and polygons steps to the same state with the packed pair functions as through the table', () => {
    const run = (packed: boolean) => {
      const saved = PACKED_PAIR.slice();
      if (!packed) PACKED_PAIR.fill(0);
      try {
        const w = new World({ gravity: [0, -10] });
        const g = w.createBody({ type: 'static' });
        w.createShape(g, { kind: 'box', halfWidth: 10, halfHeight: 0.5, center: [0, -0.5] });
        w.createShape(g, { kind: 'segment', p1: [-6, 0], p2: [-3, 2] });
        for (let k = 0; k < 48; k++) {
          const id = w.createBody({
            type: 'dynamic',
            position: [(k % 6) * 0.9 - 2.5, 0.7 + 0.9 * Math.floor(k / 6)],
            angle: 0.3 * (k % 4),
          });
          if (k % 4 === 0) w.createShape(id, { kind: 'circle', radius: 0.35 });
          else if (k % 4 === 1)
            w.createShape(id, { kind: 'capsule', p1: [-0.3, 0], p2: [0.3, 0], radius: 0.15 });
          else if (k % 4 === 2) w.createShape(id, { kind: 'box', halfWidth: 0.35, halfHeight: 0.3 });
          else
            w.createShape(id, {
              kind: 'polygon',
              vertices: [
                [-0.3, -0.25],
                [0.35, -0.2],
                [0.1, 0.35],
              ],
              radius: 0.02,
            });
        }
        for (let s = 0; s < 150; s++) w.step(1 / 60);
        return w.stateHash();
      } finally {
        PACKED_PAIR.set(saved);
      }
    };
    expect(run(true)).toBe(run(false));
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
