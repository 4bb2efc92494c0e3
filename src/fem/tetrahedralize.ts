/** A simple tetrahedraliser (boxes, spheres), tetrahedron volumes and boundary faces. */
import { assertFinite, PhysicsError } from '../core/errors.js';

/**
 * A simple tetrahedraliser for soft bodies: boxes and spheres.
 *
 * Box: a grid of nx × ny × nz cubes, each cut into the 6 tetrahedra of Kuhn's (Freudenthal's)
 * subdivision — the 6 monotone paths from the corner (0,0,0) to (1,1,1) along the cube's edges.
 * Every cube is cut along the same main diagonal, so neighbouring cubes' faces are cut along the
 * same face diagonals and the mesh is conforming (no hanging edges).
 *
 * Sphere: the same mesh of the cube [−1, 1]³ pushed onto the ball by the radial map
 * p ↦ r · p · ‖p‖_∞ / ‖p‖₂, which sends every cube shell ‖p‖_∞ = s onto the sphere of radius r s
 * (continuous, orientation preserving, so no tetrahedron turns inside out).
 */
export interface TetMesh {
  /** vertex positions, 3 numbers per vertex */
  vertices: Float64Array;
  /** 4 vertex ids per tetrahedron, positively oriented (det(x1 − x0, x2 − x0, x3 − x0) > 0) */
  tets: Uint32Array;
  /** boundary triangles (3 ids each, counter-clockwise seen from outside), for drawing */
  surface: Uint32Array;
}

// the cube's corners by bit pattern (x: bit 0, y: bit 1, z: bit 2) and Kuhn's six paths
const AXIS_BITS = [1, 2, 4];
const PERMUTATIONS = [
  [0, 1, 2],
  [0, 2, 1],
  [1, 0, 2],
  [1, 2, 0],
  [2, 0, 1],
  [2, 1, 0],
];

function checkCells(n: number, where: string): void {
  if (!Number.isInteger(n) || n < 1 || n > 256) {
    throw new PhysicsError('invalid-argument', `${where}: must be an integer in [1, 256], got ${n}`);
  }
}

/** Tetrahedralises the box [0, sx] × [0, sy] × [0, sz] (then shifted by `origin`) with nx × ny × nz cubes. */
export function tetrahedralizeBox(
  size: [number, number, number],
  cells: [number, number, number],
  origin: [number, number, number] = [0, 0, 0],
): TetMesh {
  const [nx, ny, nz] = cells;
  checkCells(nx, 'box.cells[0]');
  checkCells(ny, 'box.cells[1]');
  checkCells(nz, 'box.cells[2]');
  for (let a = 0; a < 3; a++) {
    assertFinite(size[a], `box.size[${a}]`);
    assertFinite(origin[a], `box.origin[${a}]`);
    if (!(size[a] > 0))
      throw new PhysicsError('invalid-argument', `box.size[${a}]: must be > 0, got ${size[a]}`);
  }
  const vx = nx + 1;
  const vy = ny + 1;
  const vertices = new Float64Array(vx * vy * (nz + 1) * 3);
  const id = (i: number, j: number, k: number) => (k * vy + j) * vx + i;
  for (let k = 0; k <= nz; k++) {
    for (let j = 0; j <= ny; j++) {
      for (let i = 0; i <= nx; i++) {
        const v = 3 * id(i, j, k);
        vertices[v] = origin[0] + (size[0] * i) / nx;
        vertices[v + 1] = origin[1] + (size[1] * j) / ny;
        vertices[v + 2] = origin[2] + (size[2] * k) / nz;
      }
    }
  }
  const tets = new Uint32Array(nx * ny * nz * 6 * 4);
  let t = 0;
  for (let k = 0; k < nz; k++) {
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) {
        const corner = (bits: number) => id(i + (bits & 1), j + ((bits >> 1) & 1), k + ((bits >> 2) & 1));
        for (const perm of PERMUTATIONS) {
          const b1 = AXIS_BITS[perm[0]];
          const b2 = b1 | AXIS_BITS[perm[1]];
          const ids = [corner(0), corner(b1), corner(b2), corner(7)];
          // an odd permutation of the axes gives a left-handed path: swap two vertices
          const odd =
            (perm[0] === 0 && perm[1] === 2) ||
            (perm[0] === 1 && perm[1] === 0) ||
            (perm[0] === 2 && perm[1] === 1);
          if (odd) [ids[1], ids[2]] = [ids[2], ids[1]];
          tets.set(ids, t);
          t += 4;
        }
      }
    }
  }
  return { vertices, tets, surface: boundaryTriangles(vertices, tets) };
}

/** Tetrahedralises a ball of radius `radius` about `centre`, n cubes across (see the file comment). */
export function tetrahedralizeSphere(
  radius: number,
  n: number,
  centre: [number, number, number] = [0, 0, 0],
): TetMesh {
  assertFinite(radius, 'sphere.radius');
  if (!(radius > 0)) throw new PhysicsError('invalid-argument', `sphere.radius: must be > 0, got ${radius}`);
  checkCells(n, 'sphere.cells');
  const mesh = tetrahedralizeBox([2, 2, 2], [n, n, n], [-1, -1, -1]);
  const v = mesh.vertices;
  for (let i = 0; i < v.length; i += 3) {
    const x = v[i];
    const y = v[i + 1];
    const z = v[i + 2];
    const l2 = Math.sqrt(x * x + y * y + z * z);
    const linf = Math.max(Math.abs(x), Math.abs(y), Math.abs(z));
    const s = l2 > 0 ? (radius * linf) / l2 : 0;
    v[i] = centre[0] + s * x;
    v[i + 1] = centre[1] + s * y;
    v[i + 2] = centre[2] + s * z;
  }
  return mesh;
}

/** Signed volume det(x1 − x0, x2 − x0, x3 − x0)/6 of tetrahedron t. */
export function tetVolume(vertices: ArrayLike<number>, tets: ArrayLike<number>, t: number): number {
  const a = 3 * tets[4 * t];
  const b = 3 * tets[4 * t + 1];
  const c = 3 * tets[4 * t + 2];
  const d = 3 * tets[4 * t + 3];
  const ux = vertices[b] - vertices[a];
  const uy = vertices[b + 1] - vertices[a + 1];
  const uz = vertices[b + 2] - vertices[a + 2];
  const vx = vertices[c] - vertices[a];
  const vy = vertices[c + 1] - vertices[a + 1];
  const vz = vertices[c + 2] - vertices[a + 2];
  const wx = vertices[d] - vertices[a];
  const wy = vertices[d + 1] - vertices[a + 1];
  const wz = vertices[d + 2] - vertices[a + 2];
  return (ux * (vy * wz - vz * wy) - uy * (vx * wz - vz * wx) + uz * (vx * wy - vy * wx)) / 6;
}

/**
 * The faces used by exactly one tetrahedron, oriented outwards (counter-clockwise from outside).
 * With positively oriented tets (x0..x3), the outward faces are (1,2,3), (0,3,2), (0,1,3), (0,2,1).
 */
export function boundaryTriangles(vertices: ArrayLike<number>, tets: ArrayLike<number>): Uint32Array {
  const faces = [
    [1, 2, 3],
    [0, 3, 2],
    [0, 1, 3],
    [0, 2, 1],
  ];
  const count = new Map<string, number>();
  const keyOf = (a: number, b: number, c: number) => [a, b, c].sort((p, q) => p - q).join(',');
  const nT = tets.length / 4;
  for (let t = 0; t < nT; t++) {
    for (const f of faces) {
      const k = keyOf(tets[4 * t + f[0]], tets[4 * t + f[1]], tets[4 * t + f[2]]);
      count.set(k, (count.get(k) ?? 0) + 1);
    }
  }
  const out: number[] = [];
  for (let t = 0; t < nT; t++) {
    const flip = tetVolume(vertices, tets, t) < 0;
    for (const f of faces) {
      const a = tets[4 * t + f[0]];
      const b = tets[4 * t + f[1]];
      const c = tets[4 * t + f[2]];
      if (count.get(keyOf(a, b, c)) === 1) {
        if (flip) out.push(a, c, b);
        else out.push(a, b, c);
      }
    }
  }
  return Uint32Array.from(out);
}
