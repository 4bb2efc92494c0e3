/** Voronoi fracture of a convex polyhedron (textbook §26.5 in 3D): analytic splits, tiling, convexity. */
import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { quickhull3 } from '../../src/geometry/quickhull3d.js';
import {
  bisectorHalfSpace3,
  boxPolyhedron3,
  type ConvexPolyhedron3,
  clipPolyhedron3,
  clusteredSeeds3,
  hullPolyhedron3,
  insidePolyhedron3,
  polyhedronVolume3,
  voronoiCells3,
} from '../../src/geometry/voronoi3d.js';
import { Prng } from '../../src/math/prng.js';

/** Every vertex of the polyhedron lies on or below every face plane, and each face is planar. */
function isConvex(p: ConvexPolyhedron3, tol: number): boolean {
  for (let f = 0; f < p.faces.length; f++) {
    const [nx, ny, nz, d] = [
      p.planes[4 * f]!,
      p.planes[4 * f + 1]!,
      p.planes[4 * f + 2]!,
      p.planes[4 * f + 3]!,
    ];
    for (const g of p.faces) {
      for (let i = 0; i < g.length; i += 3) {
        if (nx * g[i]! + ny * g[i + 1]! + nz * g[i + 2]! - d > tol) return false;
      }
    }
    const face = p.faces[f]!;
    for (let i = 0; i < face.length; i += 3) {
      if (Math.abs(nx * face[i]! + ny * face[i + 1]! + nz * face[i + 2]! - d) > tol) return false;
    }
  }
  return true;
}

describe('bisector half-space', () => {
  it('seeds (0,0,0) and (4,2,0) give 8x + 4y ≤ 20 (the §26.5 example lifted to 3D)', () => {
    const h = bisectorHalfSpace3([0, 0, 0], [4, 2, 0]);
    expect([h.ax, h.ay, h.az, h.c]).toEqual([8, 4, 0, 20]);
    // (1, 1, 0) is nearer the first seed: squared distances 2 and 10
    expect(h.ax + h.ay <= h.c).toBe(true);
  });
});

describe('two-seed split of the unit cube', () => {
  const cube = boxPolyhedron3(0.5, 0.5, 0.5);
  it('the unit cube has volume 1 and centroid 0', () => {
    const { volume, centroid } = polyhedronVolume3(cube);
    expect(volume).toBeCloseTo(1, 14);
    for (const c of centroid) expect(Math.abs(c)).toBeLessThan(1e-15);
  });
  it('seeds on the x axis cut at x = 0.2: volumes 0.7 and 0.3, centroids at the slabs’ middles', () => {
    const cells = voronoiCells3(cube, [0.1, 0, 0, 0.3, 0, 0]);
    expect(cells.length).toBe(2);
    expect(cells[0]!.volume).toBeCloseTo(0.7, 14);
    expect(cells[1]!.volume).toBeCloseTo(0.3, 14);
    expect(cells[0]!.centroid[0]).toBeCloseTo(-0.15, 14);
    expect(cells[1]!.centroid[0]).toBeCloseTo(0.35, 14);
  });
  it('a diagonal plane x + y + z = 0 cuts the cube in halves; x + y + z = 1 cuts off a corner of 1/48', () => {
    const halves = voronoiCells3(cube, [-0.1, -0.1, -0.1, 0.1, 0.1, 0.1]);
    expect(halves.map((c) => c.volume)).toEqual([expect.closeTo(0.5, 14), expect.closeTo(0.5, 14)]);
    // seeds symmetric about the plane x + y + z = 1: the corner tetrahedron beyond it has legs 0.5
    const s = 0.05;
    const p = 1 / 3;
    const corner = voronoiCells3(cube, [p - s, p - s, p - s, p + s, p + s, p + s]);
    expect(corner.length).toBe(2);
    expect(corner[1]!.volume).toBeCloseTo(0.5 ** 3 / 6, 14);
    expect(corner[0]!.volume).toBeCloseTo(1 - 0.5 ** 3 / 6, 14);
    // the corner's centroid: the mean of its four vertices (0.5,0.5,0.5), (0,0.5,0.5), …
    expect(corner[1]!.centroid[0]).toBeCloseTo(0.5 - 0.5 / 4, 14);
  });
  it('clipping keeps a polyhedron inside the half-space and drops one outside', () => {
    expect(clipPolyhedron3(cube, { ax: 1, ay: 0, az: 0, c: 2 })).toBe(cube);
    expect(clipPolyhedron3(cube, { ax: 1, ay: 0, az: 0, c: -2 })).toBeNull();
  });
});

describe('Voronoi cells tile the polyhedron', () => {
  const shapes: [string, ConvexPolyhedron3][] = [['box 2 × 1 × 0.5', boxPolyhedron3(1, 0.5, 0.25)]];
  // a random hull (icosahedron-ish cloud)
  const rng = new Prng(7);
  const pts: number[] = [];
  for (let i = 0; i < 40; i++) {
    const z = 2 * rng.next() - 1;
    const a = 2 * Math.PI * rng.next();
    const r = Math.sqrt(1 - z * z);
    pts.push(r * Math.cos(a), 0.6 * r * Math.sin(a), 0.8 * z);
  }
  const hull = quickhull3(pts);
  shapes.push(['random hull', hullPolyhedron3(hull)]);

  for (const [name, poly] of shapes) {
    it(`${name}: 30 clustered seeds — volumes sum to the whole within 1e-9 relative, every cell convex, centroid kept`, () => {
      const whole = polyhedronVolume3(poly);
      for (const seed of [1, 2, 3]) {
        const seeds = clusteredSeeds3(poly, 0.3, 0.1, 0, 30, new Prng(seed), { power: 2 });
        for (let i = 0; i < seeds.length; i += 3)
          expect(insidePolyhedron3(poly, seeds[i]!, seeds[i + 1]!, seeds[i + 2]!)).toBe(true);
        const cells = voronoiCells3(poly, seeds);
        expect(cells.length).toBe(30);
        let sum = 0;
        const c = [0, 0, 0];
        for (const cell of cells) {
          sum += cell.volume;
          for (let k = 0; k < 3; k++) c[k]! += cell.volume * cell.centroid[k]!;
          expect(isConvex(cell.polyhedron, 1e-12)).toBe(true);
        }
        expect(Math.abs(sum - whole.volume) / whole.volume).toBeLessThan(1e-9);
        for (let k = 0; k < 3; k++) expect(c[k]! / sum).toBeCloseTo(whole.centroid[k]!, 10);
      }
    });
  }
  it('matches the hull’s own volume for the hull polyhedron', () => {
    expect(polyhedronVolume3(hullPolyhedron3(hull)).volume).toBeCloseTo(hull.volume, 12);
  });
  it('seeds clustered at the impact give smaller pieces near it', () => {
    const box = boxPolyhedron3(1, 1, 1);
    const seeds = clusteredSeeds3(box, 0.9, 0.9, 0.9, 40, new Prng(5), { power: 3 });
    const cells = voronoiCells3(box, seeds);
    const near = cells.filter(
      (c) => Math.hypot(c.centroid[0] - 0.9, c.centroid[1] - 0.9, c.centroid[2] - 0.9) < 0.5,
    );
    const far = cells.filter(
      (c) => Math.hypot(c.centroid[0] - 0.9, c.centroid[1] - 0.9, c.centroid[2] - 0.9) >= 0.5,
    );
    const mean = (xs: { volume: number }[]) => xs.reduce((s, x) => s + x.volume, 0) / xs.length;
    expect(near.length).toBeGreaterThan(0);
    expect(far.length).toBeGreaterThan(0);
    expect(mean(near)).toBeLessThan(mean(far));
  });
  it('is deterministic: the same seed gives the same cells', () => {
    const box = boxPolyhedron3(1, 1, 1);
    const a = voronoiCells3(box, clusteredSeeds3(box, 0, 0, 0, 12, new Prng(3)));
    const b = voronoiCells3(box, clusteredSeeds3(box, 0, 0, 0, 12, new Prng(3)));
    expect(a.map((c) => c.volume)).toEqual(b.map((c) => c.volume));
  });
  it('rejects duplicate and non-finite seeds with PhysicsError', () => {
    const box = boxPolyhedron3(1, 1, 1);
    expect(() => voronoiCells3(box, [0, 0, 0, 0, 0, 0])).toThrow(PhysicsError);
    expect(() => voronoiCells3(box, [0, 0, Number.NaN])).toThrow(/seeds\[2\]/);
    expect(() => voronoiCells3(box, [0, 0])).toThrow(PhysicsError);
  });
});
