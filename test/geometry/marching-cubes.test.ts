import { describe, expect, it } from 'vitest';
import { MarchingCubes } from '../../src/geometry/marching-cubes.js';

function sphereField(n: number, h: number, c: number[], r: number): Float64Array {
  const f = new Float64Array(n * n * n);
  for (let k = 0; k < n; k++) {
    for (let j = 0; j < n; j++) {
      for (let i = 0; i < n; i++)
        f[i + n * (j + n * k)] = r - Math.hypot(i * h - c[0]!, j * h - c[1]!, k * h - c[2]!);
    }
  }
  return f;
}

/** Every undirected edge is used by exactly two triangles, once in each direction (closed and consistently wound). */
function watertight(mc: MarchingCubes): boolean {
  const count = new Map<number, number>();
  const nv = mc.vertexCount;
  for (let q = 0; q < mc.triangleCount; q++) {
    for (let e = 0; e < 3; e++) {
      const a = mc.triangles[3 * q + e]!;
      const b = mc.triangles[3 * q + ((e + 1) % 3)]!;
      const key = a * nv + b;
      count.set(key, (count.get(key) ?? 0) + 1);
    }
  }
  for (const [key, c] of count) {
    const a = Math.floor(key / nv);
    const b = key % nv;
    if (c !== 1 || count.get(b * nv + a) !== 1) return false;
  }
  return true;
}

describe('marching cubes', () => {
  it('a sphere gives a watertight, outward-wound mesh with area ≈ 4πr² and volume ≈ 4/3 πr³', () => {
    for (const n of [17, 33]) {
      const h = 1 / (n - 1);
      const r = 0.3;
      const mc = new MarchingCubes();
      const tris = mc.surface(sphereField(n, h, [0.5, 0.48, 0.51], r), n, n, n, 0, 0, 0, 0, h);
      expect(tris).toBeGreaterThan(100);
      expect(watertight(mc)).toBe(true);
      const area = 4 * Math.PI * r * r;
      const vol = (4 / 3) * Math.PI * r * r * r;
      expect(Math.abs(mc.area() - area) / area).toBeLessThan(3 * (h / r) ** 2);
      expect(mc.volume()).toBeGreaterThan(0);
      expect(Math.abs(mc.volume() - vol) / vol).toBeLessThan(3 * (h / r) ** 2);
      for (let v = 0; v < mc.vertexCount; v++) {
        const d = Math.hypot(
          mc.vertices[3 * v]! - 0.5,
          mc.vertices[3 * v + 1]! - 0.48,
          mc.vertices[3 * v + 2]! - 0.51,
        );
        expect(Math.abs(d - r)).toBeLessThan(h * h);
      }
    }
  });

  it('random fields (every ambiguous face and cell case) still give watertight meshes', () => {
    // a small seeded LCG, values in [−1, 1]; the border is outside so the surface is closed
    let s = 12345;
    const rnd = () => {
      s = (s * 1103515245 + 12345) % 2147483648;
      return s / 1073741824 - 1;
    };
    const n = 9;
    for (let trial = 0; trial < 20; trial++) {
      const f = new Float64Array(n * n * n);
      for (let k = 0; k < n; k++) {
        for (let j = 0; j < n; j++) {
          for (let i = 0; i < n; i++) {
            const border = i === 0 || j === 0 || k === 0 || i === n - 1 || j === n - 1 || k === n - 1;
            f[i + n * (j + n * k)] = border ? -1 : rnd();
          }
        }
      }
      const mc = new MarchingCubes();
      mc.surface(f, n, n, n, 0);
      expect(mc.triangleCount).toBeGreaterThan(0);
      expect(watertight(mc)).toBe(true);
      expect(mc.volume()).toBeGreaterThan(0);
    }
  });

  it('allocates nothing once sized', () => {
    const n = 17;
    const f = sphereField(n, 1 / 16, [0.5, 0.5, 0.5], 0.3);
    const mc = new MarchingCubes();
    mc.surface(f, n, n, n, 0, 0, 0, 0, 1 / 16);
    const v = mc.vertices;
    const t = mc.triangles;
    mc.surface(f, n, n, n, 0, 0, 0, 0, 1 / 16);
    expect(mc.vertices).toBe(v);
    expect(mc.triangles).toBe(t);
  });

  it('rejects a field too small for its size', () => {
    expect(() => new MarchingCubes().surface(new Float64Array(7), 2, 2, 2, 0)).toThrow(/nx × ny × nz/);
  });
});
