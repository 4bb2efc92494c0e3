import { describe, expect, it } from 'vitest';
import { tetrahedralizeBox, tetrahedralizeSphere, tetVolume } from '../../src/fem/tetrahedralize.js';
import { triangulateDisc, triangulateRectangle } from '../../src/fem/triangulate.js';

function closedSurface(surface: Uint32Array): boolean {
  // every directed edge appears once and its reverse once
  const directed = new Map<string, number>();
  for (let t = 0; t < surface.length; t += 3) {
    for (let e = 0; e < 3; e++) {
      const k = `${surface[t + e]},${surface[t + ((e + 1) % 3)]}`;
      directed.set(k, (directed.get(k) ?? 0) + 1);
    }
  }
  for (const [k, n] of directed) {
    const [a, b] = k.split(',');
    if (n !== 1 || directed.get(`${b},${a}`) !== 1) return false;
  }
  return true;
}

function enclosedVolume(v: Float64Array, s: Uint32Array): number {
  let vol = 0;
  for (let t = 0; t < s.length; t += 3) {
    const a = 3 * s[t]!;
    const b = 3 * s[t + 1]!;
    const c = 3 * s[t + 2]!;
    vol +=
      (v[a]! * (v[b + 1]! * v[c + 2]! - v[b + 2]! * v[c + 1]!) -
        v[a + 1]! * (v[b]! * v[c + 2]! - v[b + 2]! * v[c]!) +
        v[a + 2]! * (v[b]! * v[c + 1]! - v[b + 1]! * v[c]!)) /
      6;
  }
  return vol;
}

describe('tetrahedraliser', () => {
  it('box: 6 positively oriented tets per cube filling the box exactly, closed outward surface', () => {
    const m = tetrahedralizeBox([2, 1, 0.5], [4, 2, 3], [1, 2, 3]);
    expect(m.tets.length / 4).toBe(4 * 2 * 3 * 6);
    expect(m.vertices.length / 3).toBe(5 * 3 * 4);
    let total = 0;
    for (let t = 0; t < m.tets.length / 4; t++) {
      const v = tetVolume(m.vertices, m.tets, t);
      expect(v).toBeGreaterThan(0);
      total += v;
    }
    expect(total).toBeCloseTo(1, 12);
    expect(closedSurface(m.surface)).toBe(true);
    expect(enclosedVolume(m.vertices, m.surface)).toBeCloseTo(1, 12);
    // the surface of a box of 4×2×3 cubes has 2·(4·2 + 2·3 + 4·3) squares, 2 triangles each
    expect(m.surface.length / 3).toBe(2 * 2 * (8 + 6 + 12));
  });

  it('sphere: no inverted tets, closed surface, volume approaching 4/3 π r³ as the mesh is refined', () => {
    const exact = (4 / 3) * Math.PI * 0.5 ** 3;
    let prevErr = Infinity;
    for (const n of [2, 4, 8]) {
      const m = tetrahedralizeSphere(0.5, n, [1, 1, 1]);
      let total = 0;
      for (let t = 0; t < m.tets.length / 4; t++) {
        const v = tetVolume(m.vertices, m.tets, t);
        expect(v).toBeGreaterThan(0);
        total += v;
      }
      expect(closedSurface(m.surface)).toBe(true);
      const err = Math.abs(total - exact) / exact;
      expect(err).toBeLessThan(prevErr);
      prevErr = err;
      // every surface vertex lies on the sphere
      for (let k = 0; k < m.surface.length; k++) {
        const v = 3 * m.surface[k]!;
        const r = Math.hypot(m.vertices[v]! - 1, m.vertices[v + 1]! - 1, m.vertices[v + 2]! - 1);
        expect(r).toBeCloseTo(0.5, 12);
      }
    }
    expect(prevErr).toBeLessThan(0.05);
  });

  it('2D: rectangle and disc triangulations are counter-clockwise and cover the area', () => {
    const area = (v: Float64Array, t: Uint32Array) => {
      let s = 0;
      for (let k = 0; k < t.length; k += 3) {
        const a = 2 * t[k]!;
        const b = 2 * t[k + 1]!;
        const c = 2 * t[k + 2]!;
        const A =
          0.5 * ((v[b]! - v[a]!) * (v[c + 1]! - v[a + 1]!) - (v[c]! - v[a]!) * (v[b + 1]! - v[a + 1]!));
        expect(A).toBeGreaterThan(0);
        s += A;
      }
      return s;
    };
    const r = triangulateRectangle(3, 2, 6, 4);
    expect(area(r.vertices, r.triangles)).toBeCloseTo(6, 12);
    expect(r.boundary.length / 2).toBe(2 * (6 + 4));
    const d = triangulateDisc(1, 16);
    expect(Math.abs(area(d.vertices, d.triangles) - Math.PI) / Math.PI).toBeLessThan(0.01);
  });

  it('bad input → PhysicsError naming the field', () => {
    expect(() => tetrahedralizeBox([1, 0, 1], [1, 1, 1])).toThrow(/box.size\[1\]: must be > 0/);
    expect(() => tetrahedralizeBox([1, 1, 1], [1, 1.5, 1])).toThrow(/box.cells\[1\]/);
    expect(() => tetrahedralizeSphere(Number.NaN, 2)).toThrow(/sphere.radius/);
    expect(() => triangulateRectangle(1, 1, 0, 1)).toThrow(/rectangle.nx/);
  });
});
