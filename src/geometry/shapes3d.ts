/**
 * 3D collision shapes (textbook §26.2 "接触の生成"), each in its own local frame:
 * a sphere centred at the origin; a capsule and a cylinder along the local y axis
 * (`halfHeight`, `radius`); a box centred with half-extents (hx, hy, hz); a convex hull
 * (vertices, polygon faces with planes, unique edges, volume centroid, optional rounding radius);
 * and the static colliders triangle mesh (with its own AABB tree and per-edge convexity flags for
 * internal-edge handling) and heightfield (a regular grid of heights).
 *
 * A placement (transform) is 7 numbers at an offset in a Float64Array: [px, py, pz, qx, qy, qz, qw]
 * (the quaternion in `math/quat.ts` order, scalar last).
 */
import { assertFinite, PhysicsError } from '../core/errors.js';

/** Numeric shape kinds (a plain object of constants, usable in a `switch`). */
export const ShapeKind3 = {
  /** a sphere centred at the origin */
  SPHERE: 0,
  /** a capsule along local y: a segment from (0, −halfHeight, 0) to (0, halfHeight, 0) swept by `radius` */
  CAPSULE: 1,
  /** a box centred at the origin with half-extents hx, hy, hz */
  BOX: 2,
  /** a cylinder along local y, from −halfHeight to +halfHeight, of `radius` */
  CYLINDER: 3,
  /** a convex polyhedron, optionally rounded by `radius` */
  HULL: 4,
  /** a static triangle mesh */
  MESH: 5,
  /** a static heightfield */
  HEIGHTFIELD: 6,
} as const;
/** One of the {@link ShapeKind3} constants. */
export type ShapeKind3 = (typeof ShapeKind3)[keyof typeof ShapeKind3];

function positive(v: number, where: string): void {
  assertFinite(v, where);
  if (!(v > 0)) throw new PhysicsError('degenerate-shape', `${where}: must be > 0, got ${v}`);
}

/** A sphere of `radius` centred at the local origin. */
export class Sphere3 {
  /** the kind tag */
  readonly kind: typeof ShapeKind3.SPHERE = ShapeKind3.SPHERE;
  /** radius (m) */
  readonly radius: number;
  /** @param radius  must be > 0 */
  constructor(radius: number, where = 'sphere') {
    positive(radius, `${where}.radius`);
    this.radius = radius;
  }
}

/** A capsule along local y: the segment y ∈ [−halfHeight, halfHeight] swept by `radius`. */
export class Capsule3 {
  /** the kind tag */
  readonly kind: typeof ShapeKind3.CAPSULE = ShapeKind3.CAPSULE;
  /** half the length of the core segment (m), > 0 */
  readonly halfHeight: number;
  /** radius (m) */
  readonly radius: number;
  /** @param halfHeight half the core segment's length; @param radius the sweep radius */
  constructor(halfHeight: number, radius: number, where = 'capsule') {
    positive(halfHeight, `${where}.halfHeight`);
    positive(radius, `${where}.radius`);
    this.halfHeight = halfHeight;
    this.radius = radius;
  }
}

/** A box centred at the local origin with half-extents (hx, hy, hz). */
export class Box3 {
  /** the kind tag */
  readonly kind: typeof ShapeKind3.BOX = ShapeKind3.BOX;
  /** half-extent along local x (m) */
  readonly hx: number;
  /** half-extent along local y (m) */
  readonly hy: number;
  /** half-extent along local z (m) */
  readonly hz: number;
  /** @param hx,hy,hz half-extents, each > 0 */
  constructor(hx: number, hy: number, hz: number, where = 'box') {
    positive(hx, `${where}.halfExtents[0]`);
    positive(hy, `${where}.halfExtents[1]`);
    positive(hz, `${where}.halfExtents[2]`);
    this.hx = hx;
    this.hy = hy;
    this.hz = hz;
  }
  /** the box as a polyhedron, built on first use (for box–hull pairs) */
  private hullCache: ConvexHull3 | null = null;
  /** The box as a `ConvexHull3` (8 corners, 6 faces), built once and cached. */
  asHull(): ConvexHull3 {
    if (this.hullCache === null) {
      const v: number[] = [];
      for (let i = 0; i < 8; i++)
        v.push(i & 1 ? this.hx : -this.hx, i & 2 ? this.hy : -this.hy, i & 4 ? this.hz : -this.hz);
      this.hullCache = new ConvexHull3(v, [
        [1, 3, 7, 5],
        [0, 4, 6, 2],
        [2, 6, 7, 3],
        [0, 1, 5, 4],
        [4, 5, 7, 6],
        [0, 2, 3, 1],
      ]);
    }
    return this.hullCache;
  }
}

/** A solid cylinder along local y: |y| ≤ halfHeight, x² + z² ≤ radius². */
export class Cylinder3 {
  /** the kind tag */
  readonly kind: typeof ShapeKind3.CYLINDER = ShapeKind3.CYLINDER;
  /** half the height (m) */
  readonly halfHeight: number;
  /** radius (m) */
  readonly radius: number;
  /** @param halfHeight half the height; @param radius the radius; both > 0 */
  constructor(halfHeight: number, radius: number, where = 'cylinder') {
    positive(halfHeight, `${where}.halfHeight`);
    positive(radius, `${where}.radius`);
    this.halfHeight = halfHeight;
    this.radius = radius;
  }
}

/**
 * A convex polyhedron. Faces are convex polygons listed counter-clockwise seen from outside;
 * face f uses `faceVertices[faceStart[f] .. faceStart[f + 1])`. `planes` holds (nx, ny, nz, d)
 * per face with n outward and unit, n·x = d on the face. `edges` lists each undirected edge once
 * as a vertex pair, `edgeFaces` the two faces it joins. `radius` rounds the hull (a Minkowski sum
 * with a sphere) — it helps GJK keep the core shapes apart. Build one from points with
 * `quickhull3` (quickhull3d.ts) or directly from vertices and faces.
 */
export class ConvexHull3 {
  /** the kind tag */
  readonly kind: typeof ShapeKind3.HULL = ShapeKind3.HULL;
  /** vertex count */
  readonly vertexCount: number;
  /** vertex positions, xyz per vertex */
  readonly vertices: Float64Array;
  /** face count */
  readonly faceCount: number;
  /** face f's vertex list starts at faceStart[f] in `faceVertices`; length faceCount + 1 */
  readonly faceStart: Int32Array;
  /** the faces' vertex indices, counter-clockwise seen from outside */
  readonly faceVertices: Int32Array;
  /** per face (nx, ny, nz, d): outward unit normal, n·x = d on the face */
  readonly planes: Float64Array;
  /** unique edge count */
  readonly edgeCount: number;
  /** per edge its two vertex indices */
  readonly edges: Int32Array;
  /** per edge the two faces it joins (the face where it runs a → b first) */
  readonly edgeFaces: Int32Array;
  /** the volume centroid (xyz) in the local frame */
  readonly centroid: Float64Array;
  /** the volume of the core polyhedron (m³) */
  readonly volume: number;
  /** rounding radius (m, ≥ 0) */
  readonly radius: number;
  /** the largest distance of a vertex from the local origin (for bounds) */
  readonly boundingRadius: number;

  /**
   * @param vertices xyz per vertex (copied)
   * @param faces    per face its vertex indices, counter-clockwise seen from outside
   * @param radius   optional rounding radius
   */
  constructor(
    vertices: ArrayLike<number>,
    faces: readonly (readonly number[])[],
    radius = 0,
    where = 'hull',
  ) {
    assertFinite(radius, `${where}.radius`);
    if (radius < 0) throw new PhysicsError('degenerate-shape', `${where}.radius: must be ≥ 0, got ${radius}`);
    if (vertices.length % 3 !== 0 || vertices.length < 12)
      throw new PhysicsError(
        'degenerate-shape',
        `${where}.vertices: needs at least 4 points (xyz each), got ${vertices.length} numbers`,
      );
    const nv = vertices.length / 3;
    this.vertexCount = nv;
    this.vertices = new Float64Array(vertices.length);
    let br = 0;
    for (let i = 0; i < vertices.length; i++)
      this.vertices[i] = assertFinite(vertices[i]!, `${where}.vertices[${i}]`);
    for (let i = 0; i < nv; i++) {
      const x = this.vertices[3 * i]!;
      const y = this.vertices[3 * i + 1]!;
      const z = this.vertices[3 * i + 2]!;
      br = Math.max(br, x * x + y * y + z * z);
    }
    this.boundingRadius = Math.sqrt(br);
    if (faces.length < 4)
      throw new PhysicsError(
        'degenerate-shape',
        `${where}.faces: a polyhedron needs at least 4 faces, got ${faces.length}`,
      );
    this.faceCount = faces.length;
    this.faceStart = new Int32Array(faces.length + 1);
    let total = 0;
    for (let f = 0; f < faces.length; f++) {
      const face = faces[f]!;
      if (face.length < 3)
        throw new PhysicsError(
          'degenerate-shape',
          `${where}.faces[${f}]: needs at least 3 vertices, got ${face.length}`,
        );
      this.faceStart[f] = total;
      total += face.length;
    }
    this.faceStart[faces.length] = total;
    this.faceVertices = new Int32Array(total);
    this.planes = new Float64Array(4 * faces.length);
    const edgeMap = new Map<number, number>();
    const edgeList: number[] = [];
    const edgeFaceList: number[] = [];
    let vol = 0;
    let cx = 0;
    let cy = 0;
    let cz = 0;
    const v = this.vertices;
    for (let f = 0; f < faces.length; f++) {
      const face = faces[f]!;
      const s = this.faceStart[f]!;
      // Newell's normal of the polygon
      let nx = 0;
      let ny = 0;
      let nz = 0;
      let px = 0;
      let py = 0;
      let pz = 0;
      for (let k = 0; k < face.length; k++) {
        const i = face[k]!;
        if (!Number.isInteger(i) || i < 0 || i >= nv)
          throw new PhysicsError(
            'invalid-argument',
            `${where}.faces[${f}][${k}]: not a vertex index, got ${i}`,
          );
        this.faceVertices[s + k] = i;
        const j = face[(k + 1) % face.length]!;
        const ax = v[3 * i]!;
        const ay = v[3 * i + 1]!;
        const az = v[3 * i + 2]!;
        const bx = v[3 * j]!;
        const by = v[3 * j + 1]!;
        const bz = v[3 * j + 2]!;
        nx += (ay - by) * (az + bz);
        ny += (az - bz) * (ax + bx);
        nz += (ax - bx) * (ay + by);
        px += ax;
        py += ay;
        pz += az;
        const lo = Math.min(i, j);
        const hi = Math.max(i, j);
        const key = lo * nv + hi;
        const e = edgeMap.get(key);
        if (e === undefined) {
          edgeMap.set(key, edgeList.length / 2);
          edgeList.push(i, j);
          edgeFaceList.push(f, -1);
        } else edgeFaceList[2 * e + 1] = f;
      }
      const l = Math.sqrt(nx * nx + ny * ny + nz * nz);
      if (!(l > 0)) throw new PhysicsError('degenerate-shape', `${where}.faces[${f}]: has zero area`);
      nx /= l;
      ny /= l;
      nz /= l;
      px /= face.length;
      py /= face.length;
      pz /= face.length;
      this.planes[4 * f] = nx;
      this.planes[4 * f + 1] = ny;
      this.planes[4 * f + 2] = nz;
      this.planes[4 * f + 3] = nx * px + ny * py + nz * pz;
      // volume and centroid: fan triangles (a, b, c) with the origin form tetrahedra
      const a = face[0]!;
      for (let k = 1; k + 1 < face.length; k++) {
        const b = face[k]!;
        const c = face[k + 1]!;
        const ax = v[3 * a]!;
        const ay = v[3 * a + 1]!;
        const az = v[3 * a + 2]!;
        const bx = v[3 * b]!;
        const by = v[3 * b + 1]!;
        const bz = v[3 * b + 2]!;
        const qx = v[3 * c]!;
        const qy = v[3 * c + 1]!;
        const qz = v[3 * c + 2]!;
        const d6 = ax * (by * qz - bz * qy) - ay * (bx * qz - bz * qx) + az * (bx * qy - by * qx);
        vol += d6;
        cx += d6 * (ax + bx + qx);
        cy += d6 * (ay + by + qy);
        cz += d6 * (az + bz + qz);
      }
    }
    const volume = vol / 6;
    const scale = this.boundingRadius > 0 ? this.boundingRadius : 1;
    if (!(volume > 1e-12 * scale * scale * scale))
      throw new PhysicsError(
        'degenerate-shape',
        `${where}: the polyhedron has no volume (${volume}); faces must wind counter-clockwise seen from outside`,
      );
    this.volume = volume;
    this.centroid = new Float64Array([cx / (4 * vol), cy / (4 * vol), cz / (4 * vol)]);
    this.edgeCount = edgeList.length / 2;
    this.edges = Int32Array.from(edgeList);
    this.edgeFaces = Int32Array.from(edgeFaceList);
    for (let e = 0; e < this.edgeCount; e++)
      if (this.edgeFaces[2 * e + 1]! < 0)
        throw new PhysicsError(
          'degenerate-shape',
          `${where}: edge ${edgeList[2 * e]}–${edgeList[2 * e + 1]} borders only one face (the surface is not closed)`,
        );
    this.radius = radius;
  }
}

/** Edge flag bit k of {@link TriangleMesh3.edgeFlags}: edge k (vertex k → k+1) is convex or a border. */
export const EDGE_CONVEX = 1;

/**
 * A static triangle mesh. Triangles are counter-clockwise seen from their front (the side the
 * normal points to). `adjacent[3t + k]` is the triangle across edge k (corner k → k+1), or −1 at a
 * border; bit k of `edgeFlags[t]` ({@link EDGE_CONVEX} << k) is set when that edge is convex or a
 * border, so contacts there may use the edge's normal; at flat or concave (internal) edges the
 * narrowphase uses the face normal, which keeps objects from snagging. The AABB tree over the
 * triangles is built once by median splits (flat arrays; leaves hold one triangle).
 */
export class TriangleMesh3 {
  /** the kind tag */
  readonly kind: typeof ShapeKind3.MESH = ShapeKind3.MESH;
  /** vertex count */
  readonly vertexCount: number;
  /** xyz per vertex */
  readonly vertices: Float64Array;
  /** triangle count */
  readonly triangleCount: number;
  /** three vertex indices per triangle */
  readonly indices: Uint32Array;
  /** unit face normal per triangle (xyz) */
  readonly normals: Float64Array;
  /** the neighbour across edge k of triangle t at 3t + k, −1 at a border */
  readonly adjacent: Int32Array;
  /** per triangle bit k = edge k is convex or a border */
  readonly edgeFlags: Uint8Array;
  /** tree nodes: min xyz, max xyz per node */
  readonly nodeBounds: Float64Array;
  /** per node: the left child, or −1 − triangle for a leaf */
  readonly nodeLeft: Int32Array;
  /** per node: the right child (unused for leaves) */
  readonly nodeRight: Int32Array;
  /** the mesh's local bounds: min xyz, max xyz */
  readonly bounds: Float64Array;
  private readonly stack: Int32Array;

  /**
   * @param vertices xyz per vertex (copied)
   * @param indices  three vertex indices per triangle, counter-clockwise seen from the front
   */
  constructor(vertices: ArrayLike<number>, indices: ArrayLike<number>, where = 'mesh') {
    if (vertices.length % 3 !== 0 || vertices.length < 9)
      throw new PhysicsError(
        'degenerate-shape',
        `${where}.vertices: needs at least 3 points (xyz each), got ${vertices.length} numbers`,
      );
    if (indices.length % 3 !== 0 || indices.length < 3)
      throw new PhysicsError(
        'degenerate-shape',
        `${where}.indices: needs 3 indices per triangle, got ${indices.length}`,
      );
    const nv = vertices.length / 3;
    const nt = indices.length / 3;
    this.vertexCount = nv;
    this.triangleCount = nt;
    this.vertices = new Float64Array(vertices.length);
    for (let i = 0; i < vertices.length; i++)
      this.vertices[i] = assertFinite(vertices[i]!, `${where}.vertices[${i}]`);
    this.indices = new Uint32Array(indices.length);
    for (let i = 0; i < indices.length; i++) {
      const k = indices[i]!;
      if (!Number.isInteger(k) || k < 0 || k >= nv)
        throw new PhysicsError('invalid-argument', `${where}.indices[${i}]: not a vertex index, got ${k}`);
      this.indices[i] = k;
    }
    const v = this.vertices;
    const idx = this.indices;
    this.normals = new Float64Array(3 * nt);
    for (let t = 0; t < nt; t++) {
      const a = 3 * idx[3 * t]!;
      const b = 3 * idx[3 * t + 1]!;
      const c = 3 * idx[3 * t + 2]!;
      const ux = v[b]! - v[a]!;
      const uy = v[b + 1]! - v[a + 1]!;
      const uz = v[b + 2]! - v[a + 2]!;
      const wx = v[c]! - v[a]!;
      const wy = v[c + 1]! - v[a + 1]!;
      const wz = v[c + 2]! - v[a + 2]!;
      const nx = uy * wz - uz * wy;
      const ny = uz * wx - ux * wz;
      const nz = ux * wy - uy * wx;
      const l = Math.sqrt(nx * nx + ny * ny + nz * nz);
      if (!(l > 0))
        throw new PhysicsError(
          'degenerate-shape',
          `${where}.indices[${3 * t}..${3 * t + 2}]: triangle ${t} has zero area`,
        );
      this.normals[3 * t] = nx / l;
      this.normals[3 * t + 1] = ny / l;
      this.normals[3 * t + 2] = nz / l;
    }
    // adjacency through a map of directed edges (built once)
    this.adjacent = new Int32Array(3 * nt).fill(-1);
    this.edgeFlags = new Uint8Array(nt);
    const open = new Map<number, number>();
    for (let t = 0; t < nt; t++)
      for (let k = 0; k < 3; k++) {
        const i = idx[3 * t + k]!;
        const j = idx[3 * t + ((k + 1) % 3)]!;
        const twin = open.get(j * nv + i);
        if (twin !== undefined && this.adjacent[twin] === -1) {
          this.adjacent[twin] = t;
          this.adjacent[3 * t + k] = (twin / 3) | 0;
          open.delete(j * nv + i);
        } else open.set(i * nv + j, 3 * t + k);
      }
    for (let t = 0; t < nt; t++) {
      let flags = 0;
      for (let k = 0; k < 3; k++) {
        const u = this.adjacent[3 * t + k]!;
        if (u < 0) {
          flags |= EDGE_CONVEX << k;
          continue;
        }
        // convex when the neighbour's far vertex lies behind this triangle's plane
        const n0 = this.normals[3 * t]!;
        const n1 = this.normals[3 * t + 1]!;
        const n2 = this.normals[3 * t + 2]!;
        const cosA =
          n0 * this.normals[3 * u]! + n1 * this.normals[3 * u + 1]! + n2 * this.normals[3 * u + 2]!;
        if (cosA > 1 - 1e-6) continue; // flat: internal
        const a = 3 * idx[3 * t]!;
        let far = 0;
        for (let m = 0; m < 3; m++) {
          const w = 3 * idx[3 * u + m]!;
          const d = n0 * (v[w]! - v[a]!) + n1 * (v[w + 1]! - v[a + 1]!) + n2 * (v[w + 2]! - v[a + 2]!);
          if (Math.abs(d) > Math.abs(far)) far = d;
        }
        if (far < 0) flags |= EDGE_CONVEX << k;
      }
      this.edgeFlags[t] = flags;
    }
    // AABB tree by median splits along the longest axis of the centroids
    const nodes = Math.max(1, 2 * nt - 1);
    this.nodeBounds = new Float64Array(6 * nodes);
    this.nodeLeft = new Int32Array(nodes);
    this.nodeRight = new Int32Array(nodes);
    const order = new Int32Array(nt);
    const cen = new Float64Array(3 * nt);
    for (let t = 0; t < nt; t++) {
      order[t] = t;
      for (let d = 0; d < 3; d++)
        cen[3 * t + d] =
          (v[3 * idx[3 * t]! + d]! + v[3 * idx[3 * t + 1]! + d]! + v[3 * idx[3 * t + 2]! + d]!) / 3;
    }
    let count = 0;
    let depth = 0;
    const build = (lo: number, hi: number, level: number): number => {
      const node = count++;
      depth = Math.max(depth, level);
      const nb = this.nodeBounds;
      nb[6 * node] = nb[6 * node + 1] = nb[6 * node + 2] = Infinity;
      nb[6 * node + 3] = nb[6 * node + 4] = nb[6 * node + 5] = -Infinity;
      for (let i = lo; i < hi; i++) {
        const t = order[i]!;
        for (let m = 0; m < 3; m++) {
          const p = 3 * idx[3 * t + m]!;
          for (let d = 0; d < 3; d++) {
            nb[6 * node + d] = Math.min(nb[6 * node + d]!, v[p + d]!);
            nb[6 * node + 3 + d] = Math.max(nb[6 * node + 3 + d]!, v[p + d]!);
          }
        }
      }
      if (hi - lo === 1) {
        this.nodeLeft[node] = -1 - order[lo]!;
        this.nodeRight[node] = -1;
        return node;
      }
      let axis = 0;
      let ext = -1;
      for (let d = 0; d < 3; d++) {
        let mn = Infinity;
        let mx = -Infinity;
        for (let i = lo; i < hi; i++) {
          const c = cen[3 * order[i]! + d]!;
          mn = Math.min(mn, c);
          mx = Math.max(mx, c);
        }
        if (mx - mn > ext) {
          ext = mx - mn;
          axis = d;
        }
      }
      const part = Array.from(order.subarray(lo, hi)).sort(
        (p, q) => cen[3 * p + axis]! - cen[3 * q + axis]! || p - q,
      );
      for (let i = lo; i < hi; i++) order[i] = part[i - lo]!;
      const mid = (lo + hi) >> 1;
      const l = build(lo, mid, level + 1);
      const r = build(mid, hi, level + 1);
      this.nodeLeft[node] = l;
      this.nodeRight[node] = r;
      return node;
    };
    build(0, nt, 0);
    this.bounds = this.nodeBounds.slice(0, 6);
    this.stack = new Int32Array(2 * depth + 4);
  }

  /**
   * Writes into `out` the triangles whose bounds overlap the local box (min xyz, max xyz) at
   * `box[bo..bo+5]`, in tree order; returns how many (at most `out.length`). Allocates nothing.
   */
  queryAabb(box: ArrayLike<number>, bo: number, out: Int32Array): number {
    const nb = this.nodeBounds;
    const stack = this.stack;
    const x0 = box[bo]!;
    const y0 = box[bo + 1]!;
    const z0 = box[bo + 2]!;
    const x1 = box[bo + 3]!;
    const y1 = box[bo + 4]!;
    const z1 = box[bo + 5]!;
    let sp = 0;
    let n = 0;
    stack[sp++] = 0;
    while (sp > 0) {
      const node = stack[--sp]!;
      const b = 6 * node;
      if (
        nb[b]! > x1 ||
        nb[b + 1]! > y1 ||
        nb[b + 2]! > z1 ||
        nb[b + 3]! < x0 ||
        nb[b + 4]! < y0 ||
        nb[b + 5]! < z0
      )
        continue;
      const l = this.nodeLeft[node]!;
      if (l < 0) {
        if (n < out.length) out[n++] = -1 - l;
        else return n;
      } else {
        stack[sp++] = this.nodeRight[node]!;
        stack[sp++] = l;
      }
    }
    return n;
  }
}

/**
 * A static heightfield: `rows × cols` height samples on a regular grid in the local x–z plane,
 * heights along local y. Sample (r, c) sits at x = (c − (cols − 1)/2)·spacingX,
 * z = (r − (rows − 1)/2)·spacingZ (the grid is centred on the local origin), height
 * `heights[r·cols + c]`. Each cell is split into two triangles along its (r, c)–(r+1, c+1) diagonal;
 * the surface faces +y.
 */
export class Heightfield3 {
  /** the kind tag */
  readonly kind: typeof ShapeKind3.HEIGHTFIELD = ShapeKind3.HEIGHTFIELD;
  /** samples along z (≥ 2) */
  readonly rows: number;
  /** samples along x (≥ 2) */
  readonly cols: number;
  /** heights row-major (row r along z, column c along x) */
  readonly heights: Float64Array;
  /** grid spacing along x (m) */
  readonly spacingX: number;
  /** grid spacing along z (m) */
  readonly spacingZ: number;
  /** the smallest height */
  readonly minHeight: number;
  /** the largest height */
  readonly maxHeight: number;

  /**
   * @param rows,cols  sample counts along z and x, each ≥ 2
   * @param heights    rows·cols heights, row-major (copied)
   * @param spacingX,spacingZ grid spacings, > 0
   */
  constructor(
    rows: number,
    cols: number,
    heights: ArrayLike<number>,
    spacingX: number,
    spacingZ = spacingX,
    where = 'heightfield',
  ) {
    if (!Number.isInteger(rows) || rows < 2)
      throw new PhysicsError('degenerate-shape', `${where}.rows: must be an integer ≥ 2, got ${rows}`);
    if (!Number.isInteger(cols) || cols < 2)
      throw new PhysicsError('degenerate-shape', `${where}.cols: must be an integer ≥ 2, got ${cols}`);
    if (heights.length !== rows * cols)
      throw new PhysicsError(
        'invalid-argument',
        `${where}.heights: needs rows × cols = ${rows * cols} values, got ${heights.length}`,
      );
    positive(spacingX, `${where}.spacingX`);
    positive(spacingZ, `${where}.spacingZ`);
    this.rows = rows;
    this.cols = cols;
    this.spacingX = spacingX;
    this.spacingZ = spacingZ;
    this.heights = new Float64Array(heights.length);
    let mn = Infinity;
    let mx = -Infinity;
    for (let i = 0; i < heights.length; i++) {
      const h = assertFinite(heights[i]!, `${where}.heights[${i}]`);
      this.heights[i] = h;
      mn = Math.min(mn, h);
      mx = Math.max(mx, h);
    }
    this.minHeight = mn;
    this.maxHeight = mx;
  }

  /** The local x of column c. */
  x(c: number): number {
    return (c - (this.cols - 1) / 2) * this.spacingX;
  }
  /** The local z of row r. */
  z(r: number): number {
    return (r - (this.rows - 1) / 2) * this.spacingZ;
  }
}

/** Every 3D shape. */
export type Shape3 = Sphere3 | Capsule3 | Box3 | Cylinder3 | ConvexHull3 | TriangleMesh3 | Heightfield3;
/** The shapes that move (everything but the static mesh and heightfield). */
export type ConvexShape3 = Sphere3 | Capsule3 | Box3 | Cylinder3 | ConvexHull3;

/** True for the convex kinds (sphere, capsule, box, cylinder, hull). */
export function isConvex3(shape: Shape3): shape is ConvexShape3 {
  return shape.kind <= ShapeKind3.HULL;
}

/**
 * World bounds of `shape` placed by the transform `xf[o..o+6]`: writes min xyz, max xyz into
 * `out[oo..oo+5]`. Boxes, hulls, meshes and heightfields are bounded through their rotated
 * local boxes (exact for boxes), capsules and cylinders exactly.
 */
export function computeAabb3(
  shape: Shape3,
  xf: ArrayLike<number>,
  o: number,
  out: Float64Array,
  oo = 0,
): void {
  // the rare kinds in their own functions: a small body is optimised after few calls (a large one
  // runs unoptimised for long in a small scene, boxing every double it computes)
  if (shape.kind === ShapeKind3.HULL || shape.kind === ShapeKind3.CYLINDER) {
    aabbRare3(shape, xf, o, out, oo);
    return;
  }
  if (shape.kind === ShapeKind3.MESH || shape.kind === ShapeKind3.HEIGHTFIELD) {
    aabbStatic3(shape, xf, o, out, oo);
    return;
  }
  const px = xf[o]!;
  const py = xf[o + 1]!;
  const pz = xf[o + 2]!;
  const qx = xf[o + 3]!;
  const qy = xf[o + 4]!;
  const qz = xf[o + 5]!;
  const qw = xf[o + 6]!;
  let ex = 0;
  let ey = 0;
  let ez = 0;
  let pad = 0;
  if (shape.kind === ShapeKind3.SPHERE) {
    pad = shape.radius;
  } else if (shape.kind === ShapeKind3.CAPSULE) {
    const r01 = 2 * (qx * qy - qw * qz);
    const r11 = 1 - 2 * (qx * qx + qz * qz);
    const r21 = 2 * (qy * qz + qw * qx);
    ex = Math.abs(r01) * shape.halfHeight;
    ey = Math.abs(r11) * shape.halfHeight;
    ez = Math.abs(r21) * shape.halfHeight;
    pad = shape.radius;
  } else {
    const r00 = 1 - 2 * (qy * qy + qz * qz);
    const r01 = 2 * (qx * qy - qw * qz);
    const r02 = 2 * (qx * qz + qw * qy);
    const r10 = 2 * (qx * qy + qw * qz);
    const r11 = 1 - 2 * (qx * qx + qz * qz);
    const r12 = 2 * (qy * qz - qw * qx);
    const r20 = 2 * (qx * qz - qw * qy);
    const r21 = 2 * (qy * qz + qw * qx);
    const r22 = 1 - 2 * (qx * qx + qy * qy);
    ex = Math.abs(r00) * shape.hx + Math.abs(r01) * shape.hy + Math.abs(r02) * shape.hz;
    ey = Math.abs(r10) * shape.hx + Math.abs(r11) * shape.hy + Math.abs(r12) * shape.hz;
    ez = Math.abs(r20) * shape.hx + Math.abs(r21) * shape.hy + Math.abs(r22) * shape.hz;
  }
  const cx = 0;
  const cy = 0;
  const cz = 0;
  out[oo] = px + cx - ex - pad;
  out[oo + 1] = py + cy - ey - pad;
  out[oo + 2] = pz + cz - ez - pad;
  out[oo + 3] = px + cx + ex + pad;
  out[oo + 4] = py + cy + ey + pad;
  out[oo + 5] = pz + cz + ez + pad;
}

/** `computeAabb3` for hulls and cylinders. */
function aabbRare3(shape: Shape3, xf: ArrayLike<number>, o: number, out: Float64Array, oo: number): void {
  const px = xf[o]!;
  const py = xf[o + 1]!;
  const pz = xf[o + 2]!;
  const qx = xf[o + 3]!;
  const qy = xf[o + 4]!;
  const qz = xf[o + 5]!;
  const qw = xf[o + 6]!;
  // rotation matrix rows
  const r00 = 1 - 2 * (qy * qy + qz * qz);
  const r01 = 2 * (qx * qy - qw * qz);
  const r02 = 2 * (qx * qz + qw * qy);
  const r10 = 2 * (qx * qy + qw * qz);
  const r11 = 1 - 2 * (qx * qx + qz * qz);
  const r12 = 2 * (qy * qz - qw * qx);
  const r20 = 2 * (qx * qz - qw * qy);
  const r21 = 2 * (qy * qz + qw * qx);
  const r22 = 1 - 2 * (qx * qx + qy * qy);
  let cx = 0;
  let cy = 0;
  let cz = 0;
  let ex = 0;
  let ey = 0;
  let ez = 0;
  let pad = 0;
  switch (shape.kind) {
    case ShapeKind3.CYLINDER: {
      // a disc of radius r with axis a extends r·sqrt(1 − a_i²) along axis i
      const h = shape.halfHeight;
      const r = shape.radius;
      ex = Math.abs(r01) * h + r * Math.sqrt(Math.max(0, 1 - r01 * r01));
      ey = Math.abs(r11) * h + r * Math.sqrt(Math.max(0, 1 - r11 * r11));
      ez = Math.abs(r21) * h + r * Math.sqrt(Math.max(0, 1 - r21 * r21));
      break;
    }
    case ShapeKind3.HULL: {
      // exact: project every vertex
      const v = shape.vertices;
      let x0 = Infinity;
      let y0 = Infinity;
      let z0 = Infinity;
      let x1 = -Infinity;
      let y1 = -Infinity;
      let z1 = -Infinity;
      for (let i = 0; i < shape.vertexCount; i++) {
        const a = v[3 * i]!;
        const b = v[3 * i + 1]!;
        const c = v[3 * i + 2]!;
        const wx = r00 * a + r01 * b + r02 * c;
        const wy = r10 * a + r11 * b + r12 * c;
        const wz = r20 * a + r21 * b + r22 * c;
        if (wx < x0) x0 = wx;
        if (wx > x1) x1 = wx;
        if (wy < y0) y0 = wy;
        if (wy > y1) y1 = wy;
        if (wz < z0) z0 = wz;
        if (wz > z1) z1 = wz;
      }
      cx = 0.5 * (x0 + x1);
      cy = 0.5 * (y0 + y1);
      cz = 0.5 * (z0 + z1);
      ex = 0.5 * (x1 - x0);
      ey = 0.5 * (y1 - y0);
      ez = 0.5 * (z1 - z0);
      pad = shape.radius;
      break;
    }
  }
  out[oo] = px + cx - ex - pad;
  out[oo + 1] = py + cy - ey - pad;
  out[oo + 2] = pz + cz - ez - pad;
  out[oo + 3] = px + cx + ex + pad;
  out[oo + 4] = py + cy + ey + pad;
  out[oo + 5] = pz + cz + ez + pad;
}

/** `computeAabb3` for triangle meshes and height fields. */
function aabbStatic3(shape: Shape3, xf: ArrayLike<number>, o: number, out: Float64Array, oo: number): void {
  const px = xf[o]!;
  const py = xf[o + 1]!;
  const pz = xf[o + 2]!;
  const qx = xf[o + 3]!;
  const qy = xf[o + 4]!;
  const qz = xf[o + 5]!;
  const qw = xf[o + 6]!;
  // rotation matrix rows
  const r00 = 1 - 2 * (qy * qy + qz * qz);
  const r01 = 2 * (qx * qy - qw * qz);
  const r02 = 2 * (qx * qz + qw * qy);
  const r10 = 2 * (qx * qy + qw * qz);
  const r11 = 1 - 2 * (qx * qx + qz * qz);
  const r12 = 2 * (qy * qz - qw * qx);
  const r20 = 2 * (qx * qz - qw * qy);
  const r21 = 2 * (qy * qz + qw * qx);
  const r22 = 1 - 2 * (qx * qx + qy * qy);
  let cx = 0;
  let cy = 0;
  let cz = 0;
  let ex = 0;
  let ey = 0;
  let ez = 0;
  const pad = 0;
  switch (shape.kind) {
    case ShapeKind3.MESH:
    case ShapeKind3.HEIGHTFIELD: {
      let lx: number;
      let ly: number;
      let lz: number;
      let hx: number;
      let hy: number;
      let hz: number;
      if (shape.kind === ShapeKind3.MESH) {
        const b = shape.bounds;
        lx = 0.5 * (b[0]! + b[3]!);
        ly = 0.5 * (b[1]! + b[4]!);
        lz = 0.5 * (b[2]! + b[5]!);
        hx = 0.5 * (b[3]! - b[0]!);
        hy = 0.5 * (b[4]! - b[1]!);
        hz = 0.5 * (b[5]! - b[2]!);
      } else {
        lx = 0;
        lz = 0;
        ly = 0.5 * (shape.minHeight + shape.maxHeight);
        hx = 0.5 * (shape.cols - 1) * shape.spacingX;
        hz = 0.5 * (shape.rows - 1) * shape.spacingZ;
        hy = 0.5 * (shape.maxHeight - shape.minHeight);
      }
      cx = r00 * lx + r01 * ly + r02 * lz;
      cy = r10 * lx + r11 * ly + r12 * lz;
      cz = r20 * lx + r21 * ly + r22 * lz;
      ex = Math.abs(r00) * hx + Math.abs(r01) * hy + Math.abs(r02) * hz;
      ey = Math.abs(r10) * hx + Math.abs(r11) * hy + Math.abs(r12) * hz;
      ez = Math.abs(r20) * hx + Math.abs(r21) * hy + Math.abs(r22) * hz;
      break;
    }
  }
  out[oo] = px + cx - ex - pad;
  out[oo + 1] = py + cy - ey - pad;
  out[oo + 2] = pz + cz - ez - pad;
  out[oo + 3] = px + cx + ex + pad;
  out[oo + 4] = py + cy + ey + pad;
  out[oo + 5] = pz + cz + ez + pad;
}

/**
 * Re-checks a shape (for shapes whose fields were built or changed outside the constructors,
 * e.g. from a scene file): throws a `PhysicsError` naming `where` and the bad field for NaN,
 * zero or negative sizes and degenerate hulls. The constructors already run the same checks.
 */
export function validateShape3(shape: Shape3, where = 'shape'): void {
  switch (shape.kind) {
    case ShapeKind3.SPHERE:
      positive(shape.radius, `${where}.radius`);
      return;
    case ShapeKind3.CAPSULE:
    case ShapeKind3.CYLINDER:
      positive(shape.halfHeight, `${where}.halfHeight`);
      positive(shape.radius, `${where}.radius`);
      return;
    case ShapeKind3.BOX:
      positive(shape.hx, `${where}.halfExtents[0]`);
      positive(shape.hy, `${where}.halfExtents[1]`);
      positive(shape.hz, `${where}.halfExtents[2]`);
      return;
    case ShapeKind3.HULL: {
      for (let i = 0; i < shape.vertices.length; i++)
        assertFinite(shape.vertices[i]!, `${where}.vertices[${i}]`);
      assertFinite(shape.radius, `${where}.radius`);
      if (shape.radius < 0)
        throw new PhysicsError('degenerate-shape', `${where}.radius: must be ≥ 0, got ${shape.radius}`);
      if (!(shape.volume > 0)) throw new PhysicsError('degenerate-shape', `${where}: the hull has no volume`);
      return;
    }
    case ShapeKind3.MESH:
      for (let i = 0; i < shape.vertices.length; i++)
        assertFinite(shape.vertices[i]!, `${where}.vertices[${i}]`);
      return;
    case ShapeKind3.HEIGHTFIELD:
      for (let i = 0; i < shape.heights.length; i++)
        assertFinite(shape.heights[i]!, `${where}.heights[${i}]`);
      positive(shape.spacingX, `${where}.spacingX`);
      positive(shape.spacingZ, `${where}.spacingZ`);
      return;
  }
}
