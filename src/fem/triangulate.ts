/** Triangulated 2D soft shapes (rectangles, discs) and their boundary edges. */
import { assertFinite, PhysicsError } from '../core/errors.js';

/**
 * Triangulated 2D soft shapes for FemTriangles and 2D shape matching.
 * Rectangle: an nx × ny grid of quads, each cut along alternating diagonals ("union jack") so the
 * mesh has no preferred shear direction. Disc: the same mesh of the square [−1, 1]² pushed onto the
 * disc by the radial map p ↦ r · p · ‖p‖_∞ / ‖p‖₂.
 */
export interface TriMesh {
  /** vertex positions, 2 numbers per vertex */
  vertices: Float64Array;
  /** 3 vertex ids per triangle, counter-clockwise */
  triangles: Uint32Array;
  /** boundary edges (2 ids each), for drawing and collisions */
  boundary: Uint32Array;
}

function checkCells(n: number, where: string): void {
  if (!Number.isInteger(n) || n < 1 || n > 1024) {
    throw new PhysicsError('invalid-argument', `${where}: must be an integer in [1, 1024], got ${n}`);
  }
}

/** [x0, x0 + width] × [y0, y0 + height] with nx × ny quads. */
export function triangulateRectangle(
  width: number,
  height: number,
  nx: number,
  ny: number,
  origin: [number, number] = [0, 0],
): TriMesh {
  assertFinite(width, 'rectangle.width');
  assertFinite(height, 'rectangle.height');
  if (!(width > 0)) throw new PhysicsError('invalid-argument', `rectangle.width: must be > 0, got ${width}`);
  if (!(height > 0))
    throw new PhysicsError('invalid-argument', `rectangle.height: must be > 0, got ${height}`);
  checkCells(nx, 'rectangle.nx');
  checkCells(ny, 'rectangle.ny');
  const vx = nx + 1;
  const vertices = new Float64Array(vx * (ny + 1) * 2);
  for (let j = 0; j <= ny; j++) {
    for (let i = 0; i <= nx; i++) {
      const v = 2 * (j * vx + i);
      vertices[v] = origin[0] + (width * i) / nx;
      vertices[v + 1] = origin[1] + (height * j) / ny;
    }
  }
  const triangles = new Uint32Array(nx * ny * 6);
  let t = 0;
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const a = j * vx + i; // bottom-left
      const b = a + 1; // bottom-right
      const c = a + vx + 1; // top-right
      const d = a + vx; // top-left
      if ((i + j) % 2 === 0) triangles.set([a, b, c, a, c, d], t);
      else triangles.set([a, b, d, b, c, d], t);
      t += 6;
    }
  }
  return { vertices, triangles, boundary: boundaryEdges(triangles) };
}

/** A disc of radius r about `centre`, n quads across before the radial map. */
export function triangulateDisc(radius: number, n: number, centre: [number, number] = [0, 0]): TriMesh {
  assertFinite(radius, 'disc.radius');
  if (!(radius > 0)) throw new PhysicsError('invalid-argument', `disc.radius: must be > 0, got ${radius}`);
  const mesh = triangulateRectangle(2, 2, n, n, [-1, -1]);
  const v = mesh.vertices;
  for (let i = 0; i < v.length; i += 2) {
    const x = v[i];
    const y = v[i + 1];
    const l2 = Math.sqrt(x * x + y * y);
    const s = l2 > 0 ? (radius * Math.max(Math.abs(x), Math.abs(y))) / l2 : 0;
    v[i] = centre[0] + s * x;
    v[i + 1] = centre[1] + s * y;
  }
  return mesh;
}

/** Edges used by exactly one triangle, in the triangles' (counter-clockwise) direction. */
export function boundaryEdges(triangles: ArrayLike<number>): Uint32Array {
  const count = new Map<string, number>();
  const key = (a: number, b: number) => (a < b ? `${a},${b}` : `${b},${a}`);
  for (let t = 0; t < triangles.length; t += 3) {
    for (let e = 0; e < 3; e++) {
      const k = key(triangles[t + e], triangles[t + ((e + 1) % 3)]);
      count.set(k, (count.get(k) ?? 0) + 1);
    }
  }
  const out: number[] = [];
  for (let t = 0; t < triangles.length; t += 3) {
    for (let e = 0; e < 3; e++) {
      const a = triangles[t + e];
      const b = triangles[t + ((e + 1) % 3)];
      if (count.get(key(a, b)) === 1) out.push(a, b);
    }
  }
  return Uint32Array.from(out);
}
