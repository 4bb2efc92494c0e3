import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collideShapes, LINEAR_SLOP } from '../../src/geometry/collide2d.js';
import { convexContact, epaPenetration } from '../../src/geometry/epa2d.js';
import { gjkDistance } from '../../src/geometry/gjk2d.js';
import { Manifold2 } from '../../src/geometry/manifold2d.js';
import { computeHull } from '../../src/geometry/polygon2d.js';
import { findMaxSeparation } from '../../src/geometry/sat2d.js';
import {
  type ConvexShape2,
  makeCapsule,
  makeCircle,
  makePolygon,
  Transform2,
} from '../../src/geometry/shapes2d.js';
import {
  boxSupport,
  type ConvexProxy,
  capsuleSupport,
  circleSupport,
  type Point2,
  polygonSupport,
  type SupportShape,
  shapeSupport,
  supportRounded,
} from '../../src/geometry/support2d.js';

describe('§26.2 golden: EPA on the SAT example', () => {
  // Box A at the origin, axis aligned, half size (2, 1); box B half size (1, 0.5), u_B = (0.8, 0.6).
  const A = boxSupport(2, 1);
  it('§26.2: B at (2.5, 1.5) — EPA finds depth 0.3 with normal u_B = (0.8, 0.6) through the support function', () => {
    const B = boxSupport(1, 0.5, 2.5, 1.5, 0.8, 0.6);
    const g = gjkDistance(A, B);
    expect(g.overlap).toBe(true);
    const e = epaPenetration(A, B, g);
    expect(e.depth).toBeCloseTo(0.3, 12);
    expect(e.normal.x).toBeCloseTo(0.8, 12);
    expect(e.normal.y).toBeCloseTo(0.6, 12);
    // The deepest point of A is its corner (2, 1), the book's first manifold point (depth 0.3).
    expect(e.pointA.x).toBeCloseTo(2, 12);
    expect(e.pointA.y).toBeCloseTo(1, 12);
    expect(e.pointB.x).toBeCloseTo(2 - 0.3 * 0.8, 12);
    expect(e.pointB.y).toBeCloseTo(1 - 0.3 * 0.6, 12);
  });

  it('§26.2: the support points along u_B — s_A·d = 2.2 and s_B(−d)·d = 1.9, so A − B reaches 0.3 past the origin', () => {
    const B = boxSupport(1, 0.5, 2.5, 1.5, 0.8, 0.6);
    const p: Point2 = { x: 0, y: 0 };
    A.support(0.8, 0.6, p);
    expect(p.x * 0.8 + p.y * 0.6).toBeCloseTo(2.2, 14);
    B.support(-0.8, -0.6, p);
    expect(p.x * 0.8 + p.y * 0.6).toBeCloseTo(1.9, 14);
  });

  it('§26.2: B at (3, 1.8) — GJK reports separation although both AABB axes overlap', () => {
    const B = boxSupport(1, 0.5, 3, 1.8, 0.8, 0.6);
    const g = gjkDistance(A, B);
    expect(g.overlap).toBe(false);
    // The gap along u_B is 0.28; the true distance is at least that (u_B separates).
    expect(g.distance).toBeGreaterThanOrEqual(0.28 - 1e-12);
    const c = convexContact(A, B);
    expect(c.separation).toBeCloseTo(g.distance, 14);
  });
});

describe('GJK and EPA on round shapes (analytic answers)', () => {
  it('circle–circle distance and penetration', () => {
    const a = circleSupport(0, 0, 1);
    const b = circleSupport(3, 4, 1.5);
    const c = convexContact(a, b);
    expect(c.separation).toBeCloseTo(5 - 2.5, 12);
    expect(c.normal.x).toBeCloseTo(0.6, 12);
    expect(c.normal.y).toBeCloseTo(0.8, 12);
    expect(c.pointA.x).toBeCloseTo(0.6, 12);
    expect(c.pointB.y).toBeCloseTo(4 - 1.5 * 0.8, 12);
    const d = convexContact(a, circleSupport(1.2, 1.6, 1.5));
    expect(d.separation).toBeCloseTo(2 - 2.5, 12);
    expect(d.normal.x).toBeCloseTo(0.6, 12);
  });

  it('capsule against box: rounded overlap without core overlap, then core overlap through EPA', () => {
    const box = boxSupport(1, 1);
    // Horizontal capsule core 0.3 above the box top, radius 0.5: overlap 0.2, normal +y.
    const cap = capsuleSupport(-0.5, 1.3, 0.5, 1.3, 0.5);
    const c = convexContact(box, cap);
    expect(c.usedEpa).toBe(false);
    expect(c.separation).toBeCloseTo(-0.2, 12);
    expect(c.normal.y).toBeCloseTo(1, 12);
    // Core 0.1 inside the top face: EPA depth 0.1 plus radius 0.5.
    const deep = capsuleSupport(-0.5, 0.9, 0.5, 0.9, 0.5);
    const d = convexContact(box, deep);
    expect(d.usedEpa).toBe(true);
    expect(d.separation).toBeCloseTo(-0.6, 12);
    expect(d.normal.x).toBeCloseTo(0, 12);
    expect(d.normal.y).toBeCloseTo(1, 12);
  });

  it('crossing segments (capsule cores) and coincident points still give a finite answer', () => {
    const s1 = capsuleSupport(-1, 0, 1, 0, 0.1);
    const s2 = capsuleSupport(0, -0.5, 0, 2, 0.1);
    const c = convexContact(s1, s2);
    expect(c.usedEpa).toBe(true);
    // The cheapest way out: push s2 up by 0.5 (its lower end) — depth 0.5 + 0.2.
    expect(c.separation).toBeCloseTo(-0.7, 12);
    expect(c.normal.y).toBeCloseTo(1, 12);
    const same = convexContact(circleSupport(1, 1, 0.5), circleSupport(1, 1, 0.5));
    expect(same.separation).toBeCloseTo(-1, 12);
    expect(Math.hypot(same.normal.x, same.normal.y)).toBeCloseTo(1, 12);
  });

  it('works for a shape known only by its support function (an ellipse)', () => {
    const ellipse: SupportShape = {
      radius: 0,
      // support of x²/a² + y²/b² ≤ 1 along d: (a²dx, b²dy)/sqrt(a²dx² + b²dy²)
      support(dx, dy, out) {
        const a2 = 4;
        const b2 = 1;
        const k = Math.sqrt(a2 * dx * dx + b2 * dy * dy);
        out.x = (a2 * dx) / k;
        out.y = (b2 * dy) / k;
      },
      center(out) {
        out.x = 0;
        out.y = 0;
      },
    };
    // A circle of radius 0.5 at (0, 2): the ellipse top is (0, 1), gap 0.5.
    const c = convexContact(ellipse, circleSupport(0, 2, 0.5));
    expect(c.separation).toBeCloseTo(0.5, 9);
    // Overlap: circle at (3, 0), ellipse right end (2, 0): depth 0.5, normal +x.
    const d = convexContact(ellipse, circleSupport(3, 0, 1.5));
    expect(d.separation).toBeCloseTo(-0.5, 6);
    expect(d.normal.x).toBeCloseTo(1, 6);
  });
});

// ---- property tests -------------------------------------------------------------------------

/** A random convex polygon: the hull of 3–8 random points around (0, 0), size ~ 0.3 … 2. */
const polygonArb = fc
  .array(fc.tuple(fc.integer({ min: -100, max: 100 }), fc.integer({ min: -100, max: 100 })), {
    minLength: 3,
    maxLength: 8,
  })
  .map((pts) => computeHull(pts.flat().map((c) => c / 50)))
  .filter((h) => {
    if (h.length < 6) return false;
    const pts: [number, number][] = [];
    for (let i = 0; i < h.length; i += 2) pts.push([h[i]!, h[i + 1]!]);
    try {
      const s = makePolygon(pts);
      // not too thin (well conditioned normals)
      let area = 0;
      for (let i = 0; i < s.count; i++) {
        const j = (i + 1) % s.count;
        area += s.vx[i]! * s.vy[j]! - s.vx[j]! * s.vy[i]!;
      }
      return area > 0.05;
    } catch {
      return false;
    }
  })
  .map((h) => {
    const pts: [number, number][] = [];
    for (let i = 0; i < h.length; i += 2) pts.push([h[i]!, h[i + 1]!]);
    return makePolygon(pts);
  });

type Placement = { x: number; y: number; angle: number };
const placement: fc.Arbitrary<Placement> = fc.record({
  x: fc.double({ min: -2, max: 2, noNaN: true }),
  y: fc.double({ min: -2, max: 2, noNaN: true }),
  angle: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
});

function worldVertices(p: ConvexProxy): Point2[] {
  const out: Point2[] = [];
  for (let i = 0; i < p.count; i++) out.push(p.vertex(i, { x: 0, y: 0 }));
  return out;
}

function pointSegmentDistance(p: Point2, a: Point2, b: Point2): number {
  const ex = b.x - a.x;
  const ey = b.y - a.y;
  let t = ((p.x - a.x) * ex + (p.y - a.y) * ey) / (ex * ex + ey * ey);
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(p.x - a.x - t * ex, p.y - a.y - t * ey);
}

/** The largest separation over both polygons' edge normals (SAT): > 0 separated, < 0 overlapping. */
function satSeparation(pa: ConvexShape2, pb: ConvexShape2, ta: Placement, tb: Placement): number {
  const ca = Math.cos(ta.angle);
  const sa = Math.sin(ta.angle);
  const cb = Math.cos(tb.angle);
  const sb = Math.sin(tb.angle);
  const dx = tb.x - ta.x;
  const dy = tb.y - ta.y;
  const c = ca * cb + sa * sb;
  const s = ca * sb - sa * cb;
  const sepA = findMaxSeparation(pa, pb, ca * dx + sa * dy, -sa * dx + ca * dy, c, s, {
    edge: 0,
    separation: 0,
  });
  const sepB = findMaxSeparation(pb, pa, -(cb * dx + sb * dy), sb * dx - cb * dy, c, -s, {
    edge: 0,
    separation: 0,
  });
  return Math.max(sepA.separation, sepB.separation);
}

describe('GJK/EPA agree with SAT (property tests, fast-check)', () => {
  it('overlap, normal and depth equal the SAT over both polygons’ edge normals', () => {
    let normalsCompared = 0;
    let overlapping = 0;
    fc.assert(
      fc.property(polygonArb, polygonArb, placement, placement, (pa, pb, ta, tb) => {
        const A = shapeSupport(pa, ta.x, ta.y, Math.cos(ta.angle), Math.sin(ta.angle));
        const B = shapeSupport(pb, tb.x, tb.y, Math.cos(tb.angle), Math.sin(tb.angle));
        const satSep = satSeparation(pa, pb, ta, tb);
        const contact = convexContact(A, B);
        if (satSep > 1e-9) {
          // Separated per SAT ⇒ GJK finds a positive distance, at least the SAT gap.
          expect(contact.separation).toBeGreaterThan(0);
          expect(contact.separation).toBeGreaterThanOrEqual(satSep - 1e-9);
          return;
        }
        if (satSep > -1e-9) return; // touching: either answer is right
        overlapping++;
        // For polygons the least-penetration direction is an edge normal, so EPA depth = SAT depth.
        expect(-contact.separation).toBeCloseTo(-satSep, 7);
        // Every candidate axis (world edge normals, oriented from A to B) with its overlap.
        const axes: { nx: number; ny: number; overlap: number }[] = [];
        const va = worldVertices(A);
        const vb = worldVertices(B);
        for (const [poly, t, sign] of [
          [pa, ta, 1],
          [pb, tb, -1],
        ] as const) {
          const c = Math.cos(t.angle);
          const s = Math.sin(t.angle);
          for (let i = 0; i < poly.count; i++) {
            const nx = sign * (c * poly.nx[i]! - s * poly.ny[i]!);
            const ny = sign * (s * poly.nx[i]! + c * poly.ny[i]!);
            const maxA = Math.max(...va.map((v) => v.x * nx + v.y * ny));
            const minB = Math.min(...vb.map((v) => v.x * nx + v.y * ny));
            axes.push({ nx, ny, overlap: maxA - minB });
          }
        }
        axes.sort((a, b) => a.overlap - b.overlap);
        expect(axes[0]!.overlap).toBeCloseTo(-satSep, 9);
        // The normal is the least-overlap axis, when no other axis comes close to it.
        const runnerUp = axes.find((a) => Math.abs(a.nx - axes[0]!.nx) + Math.abs(a.ny - axes[0]!.ny) > 1e-9);
        if (!runnerUp || runnerUp.overlap - axes[0]!.overlap > 1e-6) {
          normalsCompared++;
          expect(contact.normal.x).toBeCloseTo(axes[0]!.nx, 6);
          expect(contact.normal.y).toBeCloseTo(axes[0]!.ny, 6);
        }
        // Moving B by depth·n (plus a hair) separates the shapes.
        const depth = -contact.separation;
        const moved = shapeSupport(
          pb,
          tb.x + (depth + 1e-7) * contact.normal.x,
          tb.y + (depth + 1e-7) * contact.normal.y,
          Math.cos(tb.angle),
          Math.sin(tb.angle),
        );
        expect(gjkDistance(A, moved).overlap).toBe(false);
      }),
      { numRuns: 400 },
    );
    // The property must actually have exercised the overlapping branch.
    expect(overlapping).toBeGreaterThan(100);
    expect(normalsCompared).toBeGreaterThan(100);
  });

  it('GJK distance equals the brute-force vertex–edge distance for separated polygons', () => {
    fc.assert(
      fc.property(polygonArb, polygonArb, placement, placement, (pa, pb, ta, tb) => {
        const A = shapeSupport(pa, ta.x, ta.y, Math.cos(ta.angle), Math.sin(ta.angle));
        const B = shapeSupport(pb, tb.x + 3, tb.y, Math.cos(tb.angle), Math.sin(tb.angle));
        const g = gjkDistance(A, B);
        const va = worldVertices(A);
        const vb = worldVertices(B);
        let brute = Infinity;
        for (const [P, Q] of [
          [va, vb],
          [vb, va],
        ] as const) {
          for (const p of P) {
            for (let i = 0; i < Q.length; i++)
              brute = Math.min(brute, pointSegmentDistance(p, Q[i]!, Q[(i + 1) % Q.length]!));
          }
        }
        // Overlapping after the shift (SAT finds no separating edge normal): covered above.
        if (satSeparation(pa, pb, ta, { ...tb, x: tb.x + 3 }) <= 1e-9) return;
        expect(g.overlap).toBe(false);
        expect(g.distance).toBeCloseTo(brute, 9);
        // The witness points realise the distance and lie on the shapes' boundaries.
        expect(Math.hypot(g.pointB.x - g.pointA.x, g.pointB.y - g.pointA.y)).toBeCloseTo(brute, 9);
      }),
      { numRuns: 400 },
    );
  });

  it('support functions are extremal: no point of the rounded shape lies farther along d', () => {
    const shapeArb = fc.oneof(
      polygonArb.chain((p) =>
        fc.double({ min: 0, max: 0.5, noNaN: true }).map((r) =>
          polygonSupport(
            Array.from({ length: 2 * p.count }, (_, k) => (k % 2 ? p.vy : p.vx)[k >> 1]!),
            r,
          ),
        ),
      ),
      fc.double({ min: 0.05, max: 2, noNaN: true }).map((r) => circleSupport(0.3, -0.2, r)),
      fc
        .tuple(
          fc.double({ min: -2, max: 2, noNaN: true }),
          fc.double({ min: -2, max: 2, noNaN: true }),
          fc.double({ min: 0.05, max: 1, noNaN: true }),
        )
        .map(([x, y, r]) => capsuleSupport(-x, -y, x, y, r)),
    );
    fc.assert(
      fc.property(
        shapeArb,
        placement,
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        (shape, t, phi) => {
          shape.setTransform(t.x, t.y, Math.cos(t.angle), Math.sin(t.angle));
          const dx = Math.cos(phi);
          const dy = Math.sin(phi);
          const s = supportRounded(shape, dx, dy, { x: 0, y: 0 });
          const best = s.x * dx + s.y * dy;
          // Sample the rounded boundary: each core vertex swept around a circle of the radius.
          for (const v of worldVertices(shape)) {
            for (let k = 0; k < 16; k++) {
              const a = (2 * Math.PI * k) / 16;
              const px = v.x + shape.radius * Math.cos(a);
              const py = v.y + shape.radius * Math.sin(a);
              expect(px * dx + py * dy).toBeLessThanOrEqual(best + 1e-12);
            }
          }
          // And the support point is on the shape: a core vertex pushed out by the radius along d.
          const core = { x: s.x - shape.radius * dx, y: s.y - shape.radius * dy };
          expect(worldVertices(shape).some((v) => Math.hypot(v.x - core.x, v.y - core.y) < 1e-12)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('GJK/EPA agree with the engine narrowphase (collide2d.ts) on overlapping pairs (property)', () => {
  const rounded = fc.oneof(
    polygonArb.map((p) => ({ geom: p, core: 'polygon' as const })),
    fc
      .double({ min: 0.1, max: 1.5, noNaN: true })
      .map((r) => ({ geom: makeCircle(r, 0.1, -0.2), core: 'point' as const })),
    fc
      .tuple(fc.double({ min: 0.2, max: 1.5, noNaN: true }), fc.double({ min: 0.05, max: 0.6, noNaN: true }))
      .map(([l, r]) => ({ geom: makeCapsule(-l, 0, l, 0.3, r), core: 'segment' as const })),
  );
  it('same depth, and the same normal when the least-penetration axis is clear', () => {
    const manifold = new Manifold2();
    let compared = 0;
    fc.assert(
      fc.property(rounded, rounded, placement, placement, (a, b, ta, tb) => {
        const xfA = new Transform2(ta.x, ta.y, Math.cos(ta.angle), Math.sin(ta.angle));
        const xfB = new Transform2(tb.x, tb.y, Math.cos(tb.angle), Math.sin(tb.angle));
        const A = shapeSupport(a.geom, xfA.px, xfA.py, xfA.c, xfA.s);
        const B = shapeSupport(b.geom, xfB.px, xfB.py, xfB.c, xfB.s);
        const c = convexContact(A, B);
        // Compare where both methods are exact: overlapping cores (SAT on the cores + radii is the
        // true depth) or a circle involved (a closest-point problem both solve exactly).
        const circleInvolved = a.core === 'point' || b.core === 'point';
        if (!(c.separation < -1e-3) || !(c.usedEpa || circleInvolved)) return;
        // Two capsules' cores are segments: the engine treats segment pairs specially; skip them.
        if (a.core === 'segment' && b.core === 'segment') return;
        collideShapes(a.geom, xfA, b.geom, xfB, 0, manifold);
        expect(manifold.pointCount).toBeGreaterThan(0);
        let minSep = Infinity;
        for (let k = 0; k < manifold.pointCount; k++) minSep = Math.min(minSep, manifold.separation[k]!);
        // Exact, except that the engine keeps A's reference face unless B's is better by more than
        // 0.1 × linear slop (Box2D's hysteresis against flip-flopping): it may report up to that
        // much extra depth, never less depth than the exact answer.
        expect(minSep).toBeLessThanOrEqual(c.separation + 1e-9);
        expect(minSep).toBeGreaterThanOrEqual(c.separation - 0.1 * LINEAR_SLOP - 1e-9);
        // The normal is unique unless another axis gives (nearly) the same depth: test it by
        // moving B out along the engine's normal by the engine's depth — that must separate too.
        const depth = -minSep + 1e-7;
        const moved = shapeSupport(
          b.geom,
          xfB.px + depth * manifold.normalX,
          xfB.py + depth * manifold.normalY,
          xfB.c,
          xfB.s,
        );
        expect(convexContact(A, moved).separation).toBeGreaterThan(-1e-5);
        compared++;
      }),
      { numRuns: 400 },
    );
    expect(compared).toBeGreaterThan(50);
  });
});
