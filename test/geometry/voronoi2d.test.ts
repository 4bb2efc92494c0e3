/** Voronoi fracture of a convex polygon (textbook §26.5): the bisector example, tiling, convexity. */
import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { polygonCentroid, polygonSignedArea } from '../../src/geometry/polygon2d.js';
import {
  bisectorHalfPlane2,
  clipPolygonToHalfPlane2,
  clusteredSeeds2,
  voronoiCells2,
} from '../../src/geometry/voronoi2d.js';
import { Prng } from '../../src/math/prng.js';

function isConvexCcw(v: Float64Array): boolean {
  const n = v.length >> 1;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const k = (i + 2) % n;
    const cross =
      (v[2 * j]! - v[2 * i]!) * (v[2 * k + 1]! - v[2 * j + 1]!) -
      (v[2 * j + 1]! - v[2 * i + 1]!) * (v[2 * k]! - v[2 * j]!);
    if (cross < -1e-12) return false;
  }
  return true;
}

describe('Voronoi bisector (textbook §26.5 example)', () => {
  it('seeds (0,0) and (4,2) give 8x + 4y = 20, i.e. 2x + y = 5', () => {
    const h = bisectorHalfPlane2(0, 0, 4, 2);
    expect([h.a, h.b, h.c]).toEqual([8, 4, 20]);
    expect([h.a / 4, h.b / 4, h.c / 4]).toEqual([2, 1, 5]);
  });
  it('(1,1) belongs to the first seed: 2 + 1 = 3 < 5, squared distances 2 and 10', () => {
    const h = bisectorHalfPlane2(0, 0, 4, 2);
    expect((h.a * 1 + h.b * 1) / 4).toBe(3);
    expect(h.a * 1 + h.b * 1 <= h.c).toBe(true);
    expect(1 * 1 + 1 * 1).toBe(2);
    expect((1 - 4) ** 2 + (1 - 2) ** 2).toBe(10);
    const cells = voronoiCells2([-1, -1, 6, -1, 6, 4, -1, 4], [0, 0, 4, 2]);
    const inFirst = cells.find((c) => c.seed === 0)!;
    const hh = bisectorHalfPlane2(0, 0, 4, 2);
    for (let i = 0; i < inFirst.vertices.length; i += 2) {
      expect(hh.a * inFirst.vertices[i]! + hh.b * inFirst.vertices[i + 1]!).toBeLessThanOrEqual(hh.c + 1e-12);
    }
  });
});

describe('half-plane clipping', () => {
  it('cuts the unit square in half along x = 0.5', () => {
    const out = clipPolygonToHalfPlane2([0, 0, 1, 0, 1, 1, 0, 1], { a: 1, b: 0, c: 0.5 });
    expect(polygonSignedArea(out)).toBeCloseTo(0.5, 15);
    expect(out.length).toBe(8);
  });
  it('keeps everything or nothing when the line misses', () => {
    expect(clipPolygonToHalfPlane2([0, 0, 1, 0, 1, 1, 0, 1], { a: 1, b: 0, c: 2 }).length).toBe(8);
    expect(clipPolygonToHalfPlane2([0, 0, 1, 0, 1, 1, 0, 1], { a: 1, b: 0, c: -1 }).length).toBe(0);
  });
});

describe('Voronoi cells tile the polygon', () => {
  const polygons: [string, number[]][] = [
    ['box 4 × 1', [-2, -0.5, 2, -0.5, 2, 0.5, -2, 0.5]],
    ['hexagon', [1, 0, 0.5, 0.866, -0.5, 0.866, -1, 0, -0.5, -0.866, 0.5, -0.866]],
    ['triangle', [0, 0, 3, 0, 1, 2]],
  ];
  for (const [name, poly] of polygons) {
    it(`${name}: 50 random seed sets, areas sum within 1e-9, every piece convex, centroid conserved`, () => {
      const rng = new Prng(7);
      const area = polygonSignedArea(poly);
      const c = polygonCentroid(poly);
      for (let trial = 0; trial < 50; trial++) {
        const seeds = clusteredSeeds2(poly, poly[0]! * 0.5, poly[1]! * 0.5, 2 + rng.int(30), rng);
        const cells = voronoiCells2(poly, seeds);
        let sum = 0;
        let mx = 0;
        let my = 0;
        for (const cell of cells) {
          expect(isConvexCcw(cell.vertices)).toBe(true);
          sum += cell.area;
          const cc = polygonCentroid(cell.vertices);
          mx += cell.area * cc.x;
          my += cell.area * cc.y;
        }
        expect(Math.abs(sum - area) / area).toBeLessThan(1e-9);
        expect(Math.abs(mx / sum - c.x)).toBeLessThan(1e-9);
        expect(Math.abs(my / sum - c.y)).toBeLessThan(1e-9);
      }
    });
  }
  it('every point of a cell is nearest to its own seed', () => {
    const poly = [0, 0, 4, 0, 4, 3, 0, 3];
    const seeds = clusteredSeeds2(poly, 3, 2, 20, new Prng(3));
    const cells = voronoiCells2(poly, seeds);
    for (const cell of cells) {
      const cc = polygonCentroid(cell.vertices);
      let best = -1;
      let bestD = Infinity;
      for (let k = 0; k < seeds.length / 2; k++) {
        const d = (cc.x - seeds[2 * k]!) ** 2 + (cc.y - seeds[2 * k + 1]!) ** 2;
        if (d < bestD) {
          bestD = d;
          best = k;
        }
      }
      expect(best).toBe(cell.seed);
    }
  });
  it('clustered seeds give small pieces near the impact and large ones far away', () => {
    const poly = [0, 0, 4, 0, 4, 4, 0, 4];
    const seeds = clusteredSeeds2(poly, 3.5, 3.5, 40, new Prng(11), { power: 3 });
    const cells = voronoiCells2(poly, seeds);
    let near = 0;
    let nearN = 0;
    let far = 0;
    let farN = 0;
    for (const cell of cells) {
      const cc = polygonCentroid(cell.vertices);
      const d = Math.hypot(cc.x - 3.5, cc.y - 3.5);
      if (d < 1) {
        near += cell.area;
        nearN++;
      } else if (d > 2.5) {
        far += cell.area;
        farN++;
      }
    }
    expect(nearN).toBeGreaterThan(0);
    expect(farN).toBeGreaterThan(0);
    expect(near / nearN).toBeLessThan(far / farN / 4);
  });
  it('is deterministic: the same seed gives the same cells', () => {
    const poly = [0, 0, 2, 0, 2, 1, 0, 1];
    const a = voronoiCells2(poly, clusteredSeeds2(poly, 1, 0.5, 10, new Prng(5)));
    const b = voronoiCells2(poly, clusteredSeeds2(poly, 1, 0.5, 10, new Prng(5)));
    expect(a.map((c) => Array.from(c.vertices))).toEqual(b.map((c) => Array.from(c.vertices)));
  });
  it('rejects duplicate and non-finite seeds', () => {
    expect(() => voronoiCells2([0, 0, 1, 0, 1, 1], [0.5, 0.2, 0.5, 0.2])).toThrow(PhysicsError);
    expect(() => voronoiCells2([0, 0, 1, 0, 1, 1], [Number.NaN, 0.2])).toThrow(/seeds\[0\]/);
    expect(() => clusteredSeeds2([0, 0, 1, 0, 1, 1], 0, 0, 0, new Prng(1))).toThrow(/count/);
  });
});
