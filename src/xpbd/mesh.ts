/** Triangle-mesh topology helpers: edges, dihedral quads, the closed-manifold check. */
import { PhysicsError } from '../core/errors.js';

/**
 * Triangle-mesh topology helpers for the builders: unique edges, the pairs of triangles sharing an
 * edge (for dihedral bending), and the closed-manifold check that whole-mesh volume needs.
 */

/** Unique undirected edges of a triangle list, as pairs (a < b), in first-seen order. */
export function meshEdges(triangles: ArrayLike<number>): Uint32Array {
  const seen = new Set<number>();
  const out: number[] = [];
  let maxId = 0;
  for (let k = 0; k < triangles.length; k++) if (triangles[k] > maxId) maxId = triangles[k];
  const stride = maxId + 1;
  for (let t = 0; t + 2 < triangles.length; t += 3) {
    for (let e = 0; e < 3; e++) {
      const a = triangles[t + e];
      const b = triangles[t + ((e + 1) % 3)];
      const lo = Math.min(a, b);
      const hi = Math.max(a, b);
      const key = lo * stride + hi;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(lo, hi);
    }
  }
  return Uint32Array.from(out);
}

/**
 * For every interior edge shared by exactly two triangles: [x1, x2, x3, x4] with x1, x2 the
 * vertices opposite the edge and x3 → x4 the edge as oriented in the first triangle.
 */
export function dihedralQuads(triangles: ArrayLike<number>): Uint32Array {
  const first = new Map<string, [number, number, number]>(); // edge key → (a, b, opposite) of its first triangle
  const out: number[] = [];
  for (let t = 0; t + 2 < triangles.length; t += 3) {
    for (let e = 0; e < 3; e++) {
      const a = triangles[t + e];
      const b = triangles[t + ((e + 1) % 3)];
      const o = triangles[t + ((e + 2) % 3)];
      const key = a < b ? `${a},${b}` : `${b},${a}`;
      const f = first.get(key);
      if (f === undefined) first.set(key, [a, b, o]);
      else out.push(f[2], o, f[0], f[1]);
    }
  }
  return Uint32Array.from(out);
}

/**
 * Throws `degenerate-shape` unless the mesh is a closed, consistently oriented 2-manifold: every
 * edge is used by exactly two triangles, once in each direction. `where` names the mesh in the error.
 */
export function assertClosedManifold(triangles: ArrayLike<number>, vertexCount: number, where: string): void {
  if (triangles.length === 0 || triangles.length % 3 !== 0) {
    throw new PhysicsError('degenerate-shape', `${where}.triangles: need a non-empty multiple of 3 indices`);
  }
  const directed = new Map<string, number>();
  for (let t = 0; t < triangles.length; t += 3) {
    for (let e = 0; e < 3; e++) {
      const a = triangles[t + e];
      const b = triangles[t + ((e + 1) % 3)];
      if (!Number.isInteger(a) || a < 0 || a >= vertexCount) {
        throw new PhysicsError(
          'invalid-argument',
          `${where}.triangles[${t + e}]: index out of range, got ${a}`,
        );
      }
      if (a === b) {
        throw new PhysicsError('degenerate-shape', `${where}: triangle ${t / 3} repeats vertex ${a}`);
      }
      const key = `${a},${b}`;
      directed.set(key, (directed.get(key) ?? 0) + 1);
    }
  }
  for (const [key, n] of directed) {
    const [a, b] = key.split(',');
    const back = directed.get(`${b},${a}`) ?? 0;
    if (n !== 1 || back !== 1) {
      throw new PhysicsError(
        'degenerate-shape',
        `${where}: not a closed oriented manifold — edge ${a}→${b} is used ${n} time(s) and ${b}→${a} ${back} time(s) (each must be 1)`,
      );
    }
  }
}
