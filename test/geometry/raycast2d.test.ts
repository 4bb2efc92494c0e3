import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RayHit, rayCastShape, shapeContainsPoint } from '../../src/geometry/raycast2d.js';
import {
  makeBox,
  makeCapsule,
  makeCircle,
  makePolygon,
  makeSegment,
  Transform2,
} from '../../src/geometry/shapes2d.js';

describe('ray casts against single shapes (analytic)', () => {
  const hit = new RayHit();
  const id = new Transform2();

  it('circle: hits at the near root with the radial normal; misses from inside', () => {
    const c = makeCircle(1);
    const xf = new Transform2(3, 0, 1, 0);
    expect(rayCastShape(c, xf, 0, 0, 10, 0, 1, hit)).toBe(true);
    expect(hit.fraction).toBeCloseTo(0.2, 14);
    expect(hit.pointX).toBeCloseTo(2, 14);
    expect(hit.normalX).toBeCloseTo(-1, 14);
    // Tangent-ish ray at height 0.6 hits where x = 3 − 0.8.
    expect(rayCastShape(c, xf, 0, 0.6, 10, 0.6, 1, hit)).toBe(true);
    expect(hit.pointX).toBeCloseTo(2.2, 12);
    expect(hit.normalX).toBeCloseTo(-0.8, 12);
    expect(hit.normalY).toBeCloseTo(0.6, 12);
    expect(rayCastShape(c, xf, 3, 0, 10, 0, 1, hit)).toBe(false);
    // maxFraction clips: the circle lies beyond 0.1 of the ray.
    expect(rayCastShape(c, xf, 0, 0, 10, 0, 0.1, hit)).toBe(false);
  });

  it('rotated box: Cyrus–Beck entry fraction and face normal', () => {
    const box = makeBox(1, 0.5);
    // Rotated by 90°: now 1 wide in y, 0.5 in x.
    const xf = new Transform2(0, 0, 0, 1);
    expect(rayCastShape(box, xf, -4, 0, 4, 0, 1, hit)).toBe(true);
    expect(hit.pointX).toBeCloseTo(-0.5, 14);
    expect(hit.normalX).toBeCloseTo(-1, 14);
    expect(hit.normalY).toBeCloseTo(0, 14);
    expect(rayCastShape(box, xf, 0, 5, 0, -5, 1, hit)).toBe(true);
    expect(hit.pointY).toBeCloseTo(1, 14);
    expect(hit.normalY).toBeCloseTo(1, 14);
    expect(rayCastShape(box, id, 0, 0, 5, 0, 1, hit)).toBe(false); // from inside
    expect(rayCastShape(box, id, -4, 0.6, 4, 0.6, 1, hit)).toBe(false); // passes above
  });

  it('capsule: side and cap hits', () => {
    const cap = makeCapsule(-1, 0, 1, 0, 0.5);
    expect(rayCastShape(cap, id, 0, 3, 0, -3, 1, hit)).toBe(true);
    expect(hit.pointY).toBeCloseTo(0.5, 14);
    expect(hit.normalY).toBeCloseTo(1, 14);
    expect(rayCastShape(cap, id, 5, 0, -5, 0, 1, hit)).toBe(true);
    expect(hit.pointX).toBeCloseTo(1.5, 14);
    expect(hit.normalX).toBeCloseTo(1, 14);
    expect(rayCastShape(cap, id, 0, 0.2, 0, 3, 1, hit)).toBe(false); // from inside
  });

  it('segment: two-sided, with the normal facing the ray', () => {
    const seg = makeSegment(-1, 0, 1, 0);
    expect(rayCastShape(seg, id, 0.5, 2, 0.5, -2, 1, hit)).toBe(true);
    expect(hit.fraction).toBeCloseTo(0.5, 14);
    expect(hit.normalY).toBe(1);
    expect(rayCastShape(seg, id, 0.5, -2, 0.5, 2, 1, hit)).toBe(true);
    expect(hit.normalY).toBe(-1);
    expect(rayCastShape(seg, id, 1.5, -2, 1.5, 2, 1, hit)).toBe(false);
  });

  it('rounded polygon: the box grown by its radius, corners rounded', () => {
    const box = makeBox(1, 1, 0, 0, 0, 0.25);
    expect(rayCastShape(box, id, -5, 0, 5, 0, 1, hit)).toBe(true);
    expect(hit.pointX).toBeCloseTo(-1.25, 14);
    // Along the diagonal the rounded corner sits at √2 + 0.25.
    expect(rayCastShape(box, id, 5, 5, 0, 0, 1, hit)).toBe(true);
    expect(Math.hypot(hit.pointX, hit.pointY)).toBeCloseTo(Math.SQRT2 + 0.25, 12);
    expect(hit.normalX).toBeCloseTo(Math.SQRT1_2, 12);
  });
});

describe('ray casts agree with point containment (property)', () => {
  const shapeArb = fc.oneof(
    fc.double({ min: 0.1, max: 2, noNaN: true }).map((r) => makeCircle(r, 0.2, -0.1)),
    fc
      .tuple(
        fc.double({ min: 0.1, max: 2, noNaN: true }),
        fc.double({ min: 0.1, max: 2, noNaN: true }),
        fc.double({ min: 0, max: 0.4, noNaN: true }),
      )
      .map(([w, h, r]) => makeBox(w, h, 0, 0, 0, r)),
    fc.double({ min: 0.1, max: 1, noNaN: true }).map((r) => makeCapsule(-1, -0.3, 1, 0.4, r)),
    fc.constant(
      makePolygon([
        [0, -1],
        [1.5, -0.2],
        [1, 1],
        [-0.8, 0.9],
        [-1.2, -0.3],
      ]),
    ),
  );
  const coord = fc.double({ min: -5, max: 5, noNaN: true });

  it('a hit lies on the boundary and nothing before it is inside; a miss passes outside', () => {
    const hit = new RayHit();
    let hits = 0;
    fc.assert(
      fc.property(
        shapeArb,
        coord,
        coord,
        coord,
        coord,
        fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        (shape, x1, y1, x2, y2, angle) => {
          fc.pre(Math.hypot(x2 - x1, y2 - y1) > 0.1);
          const xf = new Transform2(0.3, -0.2, Math.cos(angle), Math.sin(angle));
          const startsInside = shapeContainsPoint(shape, xf, x1, y1);
          // A start point on the surface itself (within round-off) may count either way: skip it.
          for (const [ex, ey] of [
            [1e-7, 0],
            [-1e-7, 0],
            [0, 1e-7],
            [0, -1e-7],
          ] as const) {
            fc.pre(shapeContainsPoint(shape, xf, x1 + ex, y1 + ey) === startsInside);
          }
          const got = rayCastShape(shape, xf, x1, y1, x2, y2, 1, hit);
          if (startsInside) {
            expect(got).toBe(false);
            return;
          }
          const limit = got ? hit.fraction : 1;
          const L = Math.hypot(x2 - x1, y2 - y1);
          // No sample before the hit (or on the whole ray, for a miss) lies inside, beyond round-off.
          for (let k = 0; k <= 100; k++) {
            const t = (limit * k) / 100 - 1e-9 / L;
            if (t < 0) continue;
            const px = x1 + t * (x2 - x1);
            const py = y1 + t * (y2 - y1);
            // "Inside" counts only beyond round-off: all four points 1e-7 away must be inside too
            // (a ray grazing a circle touches its boundary without entering).
            const deep = [
              [0, 0],
              [1e-7, 0],
              [-1e-7, 0],
              [0, 1e-7],
              [0, -1e-7],
            ].every(([ex, ey]) => shapeContainsPoint(shape, xf, px + ex!, py + ey!));
            expect(deep).toBe(false);
          }
          if (got) {
            hits++;
            // The normal is unit and faces the ray; unless the ray grazes the surface, just past the
            // hit point we are inside.
            expect(Math.hypot(hit.normalX, hit.normalY)).toBeCloseTo(1, 12);
            const approach = (hit.normalX * (x2 - x1) + hit.normalY * (y2 - y1)) / L;
            expect(approach).toBeLessThanOrEqual(1e-12);
            if (approach < -1e-3) {
              const t = hit.fraction + 1e-6 / L;
              expect(shapeContainsPoint(shape, xf, x1 + t * (x2 - x1), y1 + t * (y2 - y1))).toBe(true);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
    expect(hits).toBeGreaterThan(50);
  });
});
