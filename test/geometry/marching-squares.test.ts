import { describe, expect, it } from 'vitest';
import { MarchingSquares } from '../../src/geometry/marching-squares.js';

/** −(signed distance to a circle of radius r at (cx, cy)) on an n × n grid of spacing h: inside is ≥ 0. */
function circleField(n: number, h: number, cx: number, cy: number, r: number): Float64Array {
  const f = new Float64Array(n * n);
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) f[i + n * j] = r - Math.hypot(i * h - cx, j * h - cy);
  }
  return f;
}

describe('marching squares', () => {
  it("a circle's signed distance gives one closed counter-clockwise loop with length ≈ 2πr and area ≈ πr²", () => {
    for (const n of [21, 81]) {
      const h = 1 / (n - 1);
      const r = 0.3;
      const ms = new MarchingSquares();
      const segs = ms.contour(circleField(n, h, 0.5, 0.47, r), n, n, 0, 0, 0, h);
      expect(segs).toBeGreaterThan(8);
      // closed: every point starts exactly one segment and ends exactly one
      const starts = new Int32Array(ms.vertexCount);
      const ends = new Int32Array(ms.vertexCount);
      for (let s = 0; s < segs; s++) {
        starts[ms.segments[2 * s]!]!++;
        ends[ms.segments[2 * s + 1]!]!++;
      }
      for (let v = 0; v < ms.vertexCount; v++) {
        expect(starts[v]).toBe(1);
        expect(ends[v]).toBe(1);
      }
      expect(ms.loops()).toBe(1);
      expect(ms.loopStart[1]).toBe(ms.vertexCount);
      // a polygon inscribed in the circle: its error is O(h²)
      const tol = 0.5 * h * h + 1e-12;
      expect(Math.abs(ms.length() - 2 * Math.PI * r) / (2 * Math.PI * r)).toBeLessThan((4 * tol) / r);
      expect(ms.area()).toBeGreaterThan(0);
      expect(Math.abs(ms.area() - Math.PI * r * r) / (Math.PI * r * r)).toBeLessThan((4 * tol) / r);
      for (let v = 0; v < ms.vertexCount; v++) {
        const d = Math.hypot(ms.vertices[2 * v]! - 0.5, ms.vertices[2 * v + 1]! - 0.47);
        expect(Math.abs(d - r)).toBeLessThan(h * h);
      }
    }
  });

  it('the error falls like h² (81 nodes vs 21)', () => {
    const err = (n: number) => {
      const h = 1 / (n - 1);
      const ms = new MarchingSquares();
      ms.contour(circleField(n, h, 0.5, 0.5, 0.3), n, n, 0, 0, 0, h);
      return Math.abs(ms.area() - Math.PI * 0.09);
    };
    expect(err(21) / err(81)).toBeGreaterThan(8);
  });

  it('a ring (a disc with a hole) gives two loops: area of the annulus, the hole clockwise', () => {
    const n = 101;
    const h = 1 / (n - 1);
    const f = new Float64Array(n * n);
    for (let j = 0; j < n; j++) {
      for (let i = 0; i < n; i++) {
        const d = Math.hypot(i * h - 0.5, j * h - 0.5);
        f[i + n * j] = Math.min(0.4 - d, d - 0.2);
      }
    }
    const ms = new MarchingSquares();
    ms.contour(f, n, n, 0, 0, 0, h);
    expect(ms.loops()).toBe(2);
    expect(ms.area()).toBeCloseTo(Math.PI * (0.16 - 0.04), 3);
  });

  it('saddle cells are decided by the cell mean and stay closed (a checkerboard of blobs)', () => {
    const n = 4;
    // corners 0 and 2 of the middle cell inside, 1 and 3 outside
    const f = new Float64Array(n * n).fill(-1);
    f[1 + n * 1] = 0.5;
    f[2 + n * 2] = 0.5;
    const ms = new MarchingSquares();
    ms.contour(f, n, n, 0);
    // the mean is < 0: two separate diamonds
    expect(ms.loops()).toBe(2);
    // each diamond: half the diagonals' product, the crossings at a third of the edges from the centre
    expect(ms.area()).toBeCloseTo(2 * 2 * (1 / 3) ** 2, 12);
    f[1 + n * 1] = 3;
    f[2 + n * 2] = 3;
    ms.contour(f, n, n, 0);
    // the mean is > 0: one joined blob
    expect(ms.loops()).toBe(1);
  });

  it('allocates nothing once sized (the arrays are reused)', () => {
    const n = 41;
    const f = circleField(n, 1 / 40, 0.5, 0.5, 0.3);
    const ms = new MarchingSquares();
    ms.contour(f, n, n, 0, 0, 0, 1 / 40);
    ms.loops();
    const v = ms.vertices;
    const s = ms.segments;
    ms.contour(f, n, n, 0, 0, 0, 1 / 40);
    ms.loops();
    expect(ms.vertices).toBe(v);
    expect(ms.segments).toBe(s);
  });

  it('rejects a field too small for its size', () => {
    expect(() => new MarchingSquares().contour(new Float64Array(3), 2, 2, 0)).toThrow(/nx × ny/);
  });
});
