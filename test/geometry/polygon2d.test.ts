import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import {
  computeHull,
  polygonCentroid,
  polygonSignedArea,
  validateConvexPolygon,
} from '../../src/geometry/polygon2d.js';

const where = 'scene.bodies[3].shapes[0].vertices';

function errorOf(fn: () => unknown): PhysicsError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(PhysicsError);
    return e as PhysicsError;
  }
  throw new Error('expected a PhysicsError');
}

describe('validateConvexPolygon', () => {
  it('accepts a counter-clockwise square unchanged and reverses a clockwise one', () => {
    expect(Array.from(validateConvexPolygon([0, 0, 1, 0, 1, 1, 0, 1], where))).toEqual([
      0, 0, 1, 0, 1, 1, 0, 1,
    ]);
    expect(Array.from(validateConvexPolygon([0, 0, 0, 1, 1, 1, 1, 0], where))).toEqual([
      0, 0, 1, 0, 1, 1, 0, 1,
    ]);
  });

  it('names the field and the problem for every kind of bad polygon', () => {
    const cases: Array<[unknown, string, string]> = [
      [[0, 0, 1, 0, 1, 1, 0.5, 0.2], `${where}: polygon is not convex`, 'degenerate-shape'],
      // a pentagram: all turns have the same sign, yet it is not convex
      [
        [0, 1, -0.588, -0.809, 0.951, 0.309, -0.951, 0.309, 0.588, -0.809],
        `${where}: polygon is not convex`,
        'degenerate-shape',
      ],
      [
        [0, 0, 1, 0, 2, 0],
        `${where}: polygon has zero area (all vertices on one line or point)`,
        'degenerate-shape',
      ],
      [[0, 0, 1, 0, 1, 0, 0, 1], `${where}: vertices 1 and 2 coincide`, 'degenerate-shape'],
      [
        [0, 0, 1, 0, 2, 0, 2, 1],
        `${where}: vertex 1 lies on the line through its neighbours (collinear vertices)`,
        'degenerate-shape',
      ],
      [[0, 0, 1, 0], `${where}: a polygon needs at least 3 vertices, got 2`, 'degenerate-shape'],
      [
        [0, 0, 1, 0, 1],
        `${where}: expected pairs of coordinates x0, y0, x1, y1, …, got 5 numbers`,
        'degenerate-shape',
      ],
      [[0, 0, 1, Number.NaN, 0, 1], `${where}[3]: must be a finite number, got NaN`, 'non-finite'],
      [
        [0, 0, Number.POSITIVE_INFINITY, 0, 0, 1],
        `${where}[2]: must be a finite number, got Infinity`,
        'non-finite',
      ],
      [[0, 0, '1', 0, 0, 1], `${where}[2]: must be a finite number, got "1"`, 'non-finite'],
      [
        '0,0,1,0,0,1',
        `${where}: expected an array of numbers x0, y0, x1, y1, …, got "0,0,1,0,0,1"`,
        'invalid-argument',
      ],
    ];
    for (const [input, message, code] of cases) {
      const e = errorOf(() => validateConvexPolygon(input as number[], where));
      expect(e.message).toBe(message);
      expect(e.code).toBe(code);
    }
    const nine = Array.from({ length: 9 }, (_, i) => [
      Math.cos((2 * Math.PI * i) / 9),
      Math.sin((2 * Math.PI * i) / 9),
    ]).flat();
    expect(errorOf(() => validateConvexPolygon(nine, where)).message).toBe(
      `${where}: a polygon holds at most 8 vertices, got 9`,
    );
  });

  it('accepts the hull of any random point cloud with ≥ 3 hull points (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -1000, max: 1000 })), {
          minLength: 3,
          maxLength: 12,
        }),
        (pts) => {
          const hull = computeHull(pts.flat().map((c) => c / 100));
          const n = hull.length / 2;
          fc.pre(n >= 3 && n <= 8);
          // Hull edges of integer points can still be nearly collinear; validation may only
          // reject those as collinear, never as non-convex.
          try {
            const v = validateConvexPolygon(hull, 'hull');
            expect(Array.from(v)).toEqual(Array.from(hull));
            expect(polygonSignedArea(v)).toBeGreaterThan(0);
          } catch (e) {
            expect((e as Error).message).toMatch(/collinear|zero area/);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('computeHull', () => {
  it('returns the counter-clockwise hull without interior, repeated or collinear points', () => {
    const pts = [1, 1, 0, 0, 2, 0, 2, 2, 0, 2, 1, 0, 2, 2, 0.5, 1.5];
    expect(Array.from(computeHull(pts))).toEqual([0, 0, 2, 0, 2, 2, 0, 2]);
  });

  it('contains every input point, and every hull point is an input point (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.double({ min: -10, max: 10, noNaN: true }),
            fc.double({ min: -10, max: 10, noNaN: true }),
          ),
          {
            minLength: 3,
            maxLength: 30,
          },
        ),
        (pts) => {
          const hull = computeHull(pts.flat());
          const n = hull.length / 2;
          fc.pre(n >= 3);
          for (let i = 0; i < n; i++) {
            expect(pts.some(([x, y]) => x === hull[2 * i] && y === hull[2 * i + 1])).toBe(true);
            const j = (i + 1) % n;
            const ex = hull[2 * j]! - hull[2 * i]!;
            const ey = hull[2 * j + 1]! - hull[2 * i + 1]!;
            for (const [x, y] of pts) {
              const side = ex * (y - hull[2 * i + 1]!) - ey * (x - hull[2 * i]!);
              expect(side).toBeGreaterThanOrEqual(-1e-9 * (1 + Math.hypot(ex, ey) * 20));
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('rejects non-finite points', () => {
    expect(() => computeHull([0, 0, 1, Number.NaN, 0, 1])).toThrow(
      'hull.points[3]: must be a finite number, got NaN',
    );
  });
});

describe('polygon area and centroid', () => {
  it('gives the area and centre of an offset rectangle and triangle', () => {
    expect(polygonSignedArea([1, 1, 4, 1, 4, 3, 1, 3])).toBe(6);
    expect(polygonSignedArea([1, 1, 1, 3, 4, 3, 4, 1])).toBe(-6);
    const c = polygonCentroid([1, 1, 4, 1, 4, 3, 1, 3]);
    expect(c.x).toBeCloseTo(2.5, 14);
    expect(c.y).toBeCloseTo(2, 14);
    const t = polygonCentroid([0, 0, 3, 0, 0, 3]);
    expect(t.x).toBeCloseTo(1, 14);
    expect(t.y).toBeCloseTo(1, 14);
  });
});
