/**
 * Marching cubes (Lorensen & Cline 1987; textbook §26.4 "surfaces"): the iso-surface f = iso of a scalar
 * field on the nodes of a uniform 3D grid, as triangles between points interpolated linearly along the
 * cell edges. The inside is f ≥ iso and the triangles wind counter-clockwise seen from the outside (their
 * normals point out of the inside).
 *
 * Instead of the 256-case table, whose ambiguous faces can leave holes between cells, each cell's polygons
 * are traced from its six faces: a face's segments follow marching squares on that face, with the
 * saddle decided by the mean of the face's four corners (Nielson & Hamann 1991 decide with the asymptote;
 * the mean is the same kind of face-only rule). Both cells that share a face see the same values and draw
 * the same segments, and each crossing is the start of one face segment and the end of another, so the
 * segments chain into closed polygons, fanned into triangles: the mesh is watertight away from the grid's
 * border. Points belong to grid edges and are shared between cells (an indexed mesh). The output arrays
 * only grow: once sized, a call allocates nothing.
 */
import { PhysicsError } from '../core/errors.js';

/** corner c of a cell is at (c & 1, (c >> 1) & 1, (c >> 2) & 1) */
const EDGE_A = new Int32Array(12);
const EDGE_B = new Int32Array(12);
const EDGE_DIR = new Int32Array(12);
/** face f's corners (4 f .. 4 f + 3), counter-clockwise seen from outside the cell */
const FACE_CORNER = new Int32Array(24);
/** the cell edge of face f's side k (from corner k to corner k + 1) */
const FACE_EDGE = new Int32Array(24);

{
  let e = 0;
  for (let d = 0; d < 3; d++) {
    for (let c = 0; c < 8; c++) {
      if ((c >> d) & 1) continue;
      EDGE_A[e] = c;
      EDGE_B[e] = c | (1 << d);
      EDGE_DIR[e] = d;
      e++;
    }
  }
  const edgeOf = (a: number, b: number): number => {
    for (let k = 0; k < 12; k++) {
      if ((EDGE_A[k] === a && EDGE_B[k] === b) || (EDGE_A[k] === b && EDGE_B[k] === a)) return k;
    }
    return -1;
  };
  let f = 0;
  for (let d = 0; d < 3; d++) {
    const u = (d + 1) % 3;
    const w = (d + 2) % 3;
    for (let s = 0; s < 2; s++) {
      // (u, w) = (0,0), (1,0), (1,1), (0,1) winds around +e_d; the face at s = 0 faces −e_d
      const uw = s === 1 ? [0, 0, 1, 0, 1, 1, 0, 1] : [0, 0, 0, 1, 1, 1, 1, 0];
      for (let k = 0; k < 4; k++) FACE_CORNER[4 * f + k] = (s << d) | (uw[2 * k] << u) | (uw[2 * k + 1] << w);
      for (let k = 0; k < 4; k++)
        FACE_EDGE[4 * f + k] = edgeOf(FACE_CORNER[4 * f + k], FACE_CORNER[4 * f + ((k + 1) & 3)]);
      f++;
    }
  }
}

/** The iso-surface of the last {@link MarchingCubes.surface} call: points shared between cells, triangles. */
export class MarchingCubes {
  /** surface points (x, y, z), `vertexCount` of them */
  vertices = new Float64Array(768);
  /** triangles as point index triples, counter-clockwise seen from the outside */
  triangles = new Int32Array(768);
  /** number of points */
  vertexCount = 0;
  /** number of triangles */
  triangleCount = 0;
  private edgeVertex = new Int32Array(0);
  private readonly corner = new Float64Array(8);
  private readonly cellVertex = new Int32Array(12);
  private readonly nextEdge = new Int32Array(12);
  private readonly ring = new Int32Array(12);

  /**
   * The surface f = iso of the field f[i + nx (j + ny k)] on nodes (x0 + i h, y0 + j h, z0 + k h).
   * Returns the number of triangles.
   */
  surface(
    f: ArrayLike<number>,
    nx: number,
    ny: number,
    nz: number,
    iso: number,
    x0 = 0,
    y0 = 0,
    z0 = 0,
    h = 1,
  ): number {
    if (
      !(nx >= 2 && ny >= 2 && nz >= 2) ||
      !Number.isInteger(nx) ||
      !Number.isInteger(ny) ||
      !Number.isInteger(nz) ||
      f.length < nx * ny * nz
    ) {
      throw new PhysicsError(
        'invalid-argument',
        `marchingCubes: the field needs nx × ny × nz ≥ 2 × 2 × 2 samples, got ${nx} × ${ny} × ${nz} with ${f.length}`,
      );
    }
    const edges = 3 * nx * ny * nz;
    if (this.edgeVertex.length < edges) this.edgeVertex = new Int32Array(edges);
    this.edgeVertex.fill(-1, 0, edges);
    this.vertexCount = 0;
    this.triangleCount = 0;
    const sx = 1;
    const sy = nx;
    const sz = nx * ny;
    const cf = this.corner;
    const cv = this.cellVertex;
    const next = this.nextEdge;
    const ring = this.ring;
    for (let k = 0; k + 1 < nz; k++) {
      for (let j = 0; j + 1 < ny; j++) {
        for (let i = 0; i + 1 < nx; i++) {
          const n0 = i + nx * (j + ny * k);
          let code = 0;
          for (let c = 0; c < 8; c++) {
            const v = f[n0 + (c & 1) * sx + ((c >> 1) & 1) * sy + ((c >> 2) & 1) * sz];
            cf[c] = v;
            if (v >= iso) code |= 1 << c;
          }
          if (code === 0 || code === 255) continue;
          for (let e = 0; e < 12; e++) {
            next[e] = -1;
            cv[e] = -1;
          }
          // the face segments: from a side leaving the inside to one entering it
          let saddle = false;
          for (let fc = 0; fc < 6; fc++) {
            const b = 4 * fc;
            let sq = 0;
            for (let q = 0; q < 4; q++) if ((code >> FACE_CORNER[b + q]) & 1) sq |= 1 << q;
            if (sq === 0 || sq === 15) continue;
            if (sq === 5 || sq === 10) {
              saddle = true;
              const mean =
                0.25 *
                (cf[FACE_CORNER[b]] +
                  cf[FACE_CORNER[b + 1]] +
                  cf[FACE_CORNER[b + 2]] +
                  cf[FACE_CORNER[b + 3]]);
              const joined = mean >= iso;
              if (sq === 5) {
                if (joined) {
                  next[FACE_EDGE[b]] = FACE_EDGE[b + 1];
                  next[FACE_EDGE[b + 2]] = FACE_EDGE[b + 3];
                } else {
                  next[FACE_EDGE[b]] = FACE_EDGE[b + 3];
                  next[FACE_EDGE[b + 2]] = FACE_EDGE[b + 1];
                }
              } else if (joined) {
                next[FACE_EDGE[b + 1]] = FACE_EDGE[b + 2];
                next[FACE_EDGE[b + 3]] = FACE_EDGE[b];
              } else {
                next[FACE_EDGE[b + 1]] = FACE_EDGE[b];
                next[FACE_EDGE[b + 3]] = FACE_EDGE[b + 2];
              }
              continue;
            }
            let leave = -1;
            let enter = -1;
            for (let q = 0; q < 4; q++) {
              const a = (sq >> q) & 1;
              const c = (sq >> ((q + 1) & 3)) & 1;
              if (a === 1 && c === 0) leave = q;
              else if (a === 0 && c === 1) enter = q;
            }
            next[FACE_EDGE[b + leave]] = FACE_EDGE[b + enter];
          }
          // chain the segments into polygons and fan each one
          for (let e0 = 0; e0 < 12; e0++) {
            if (next[e0] < 0) continue;
            let m = 0;
            let e = e0;
            do {
              if (cv[e] < 0) cv[e] = this.point(f, nx, ny, iso, x0, y0, z0, h, i, j, k, e);
              ring[m++] = cv[e];
              const t = next[e];
              next[e] = -1;
              e = t;
            } while (e >= 0 && e !== e0 && m < 12);
            if (saddle && m > 3) {
              // a saddle face can put two segments of one face into one polygon; a fan from its own
              // centre keeps every inner edge unique to this cell
              const c = this.centroid(m);
              for (let q = 0; q < m; q++) this.emit(c, ring[(q + 1) % m], ring[q]);
            } else {
              for (let q = 1; q + 1 < m; q++) this.emit(ring[0], ring[q + 1], ring[q]);
            }
          }
        }
      }
    }
    return this.triangleCount;
  }

  /** Total area of the triangles. */
  area(): number {
    let s = 0;
    const p = this.vertices;
    const t = this.triangles;
    for (let q = 0; q < this.triangleCount; q++) {
      const a = 3 * t[3 * q];
      const b = 3 * t[3 * q + 1];
      const c = 3 * t[3 * q + 2];
      const ux = p[b] - p[a];
      const uy = p[b + 1] - p[a + 1];
      const uz = p[b + 2] - p[a + 2];
      const vx = p[c] - p[a];
      const vy = p[c + 1] - p[a + 1];
      const vz = p[c + 2] - p[a + 2];
      const nx = uy * vz - uz * vy;
      const ny = uz * vx - ux * vz;
      const nz = ux * vy - uy * vx;
      s += 0.5 * Math.sqrt(nx * nx + ny * ny + nz * nz);
    }
    return s;
  }

  /** Signed enclosed volume (1/6 Σ a · (b × c)): the inside's volume for a closed, outward-wound mesh. */
  volume(): number {
    let s = 0;
    const p = this.vertices;
    const t = this.triangles;
    for (let q = 0; q < this.triangleCount; q++) {
      const a = 3 * t[3 * q];
      const b = 3 * t[3 * q + 1];
      const c = 3 * t[3 * q + 2];
      s +=
        p[a] * (p[b + 1] * p[c + 2] - p[b + 2] * p[c + 1]) +
        p[a + 1] * (p[b + 2] * p[c] - p[b] * p[c + 2]) +
        p[a + 2] * (p[b] * p[c + 1] - p[b + 1] * p[c]);
    }
    return s / 6;
  }

  /** A new point at the mean of the first m points of the ring. */
  private centroid(m: number): number {
    let x = 0;
    let y = 0;
    let z = 0;
    const p = this.vertices;
    for (let q = 0; q < m; q++) {
      const a = 3 * this.ring[q];
      x += p[a];
      y += p[a + 1];
      z += p[a + 2];
    }
    const v = this.vertexCount;
    if (3 * v + 3 > this.vertices.length) {
      const grown = new Float64Array(2 * this.vertices.length);
      grown.set(this.vertices);
      this.vertices = grown;
    }
    this.vertices[3 * v] = x / m;
    this.vertices[3 * v + 1] = y / m;
    this.vertices[3 * v + 2] = z / m;
    this.vertexCount = v + 1;
    return v;
  }

  private emit(a: number, b: number, c: number): void {
    const q = this.triangleCount;
    if (3 * q + 3 > this.triangles.length) {
      const g = new Int32Array(2 * this.triangles.length);
      g.set(this.triangles);
      this.triangles = g;
    }
    this.triangles[3 * q] = a;
    this.triangles[3 * q + 1] = b;
    this.triangles[3 * q + 2] = c;
    this.triangleCount = q + 1;
  }

  /** The point on cell edge e of cell (i, j, k), shared through the grid-edge map. */
  private point(
    f: ArrayLike<number>,
    nx: number,
    ny: number,
    iso: number,
    x0: number,
    y0: number,
    z0: number,
    h: number,
    i: number,
    j: number,
    k: number,
    e: number,
  ): number {
    const ca = EDGE_A[e];
    const d = EDGE_DIR[e];
    const ia = i + (ca & 1);
    const ja = j + ((ca >> 1) & 1);
    const ka = k + ((ca >> 2) & 1);
    const na = ia + nx * (ja + ny * ka);
    const g = 3 * na + d;
    const known = this.edgeVertex[g];
    if (known >= 0) return known;
    const nb = na + (d === 0 ? 1 : d === 1 ? nx : nx * ny);
    const fa = f[na];
    const df = f[nb] - fa;
    let t = df !== 0 ? (iso - fa) / df : 0.5;
    t = Math.min(Math.max(t, 0), 1);
    const v = this.vertexCount;
    if (3 * v + 3 > this.vertices.length) {
      const grown = new Float64Array(2 * this.vertices.length);
      grown.set(this.vertices);
      this.vertices = grown;
    }
    this.vertices[3 * v] = x0 + (ia + (d === 0 ? t : 0)) * h;
    this.vertices[3 * v + 1] = y0 + (ja + (d === 1 ? t : 0)) * h;
    this.vertices[3 * v + 2] = z0 + (ka + (d === 2 ? t : 0)) * h;
    this.vertexCount = v + 1;
    this.edgeVertex[g] = v;
    return v;
  }
}
