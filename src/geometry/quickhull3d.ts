/**
 * The convex hull of a 3D point cloud by quickhull (Barber, Dobkin & Huhdanpaa, 1996): start
 * from a tetrahedron of extreme points, give every remaining point to a face it lies outside of,
 * and repeatedly add the farthest such point — delete the faces it sees, join their horizon to the
 * point — until no point lies outside. Tolerances scale with the cloud's size, so duplicate and
 * coplanar points are absorbed instead of making slivers; afterwards coplanar triangles merge
 * into polygons and vertices left in the middle of an edge are dropped. All-equal, collinear
 * and coplanar clouds have no volume and are rejected with a `PhysicsError`.
 * Runs once when a shape is built (not in a step), so it may allocate.
 */
import { assertFinite, PhysicsError } from '../core/errors.js';
import { ConvexHull3 } from './shapes3d.js';

/**
 * The convex hull of `points` (xyz per point) as a `ConvexHull3` with polygon faces. With
 * `maxVertices` (≥ 4) the hull keeps at most that many vertices, adding the farthest points
 * first. `radius` rounds the result. Throws `degenerate-shape` for clouds without volume.
 */
export function quickhull3(
  points: ArrayLike<number>,
  maxVertices = Infinity,
  radius = 0,
  where = 'hull.points',
): ConvexHull3 {
  if (points.length % 3 !== 0)
    throw new PhysicsError('invalid-argument', `${where}: needs xyz per point, got ${points.length} numbers`);
  const n = points.length / 3;
  if (n < 4) throw new PhysicsError('degenerate-shape', `${where}: a hull needs at least 4 points, got ${n}`);
  const p = new Float64Array(points.length);
  let mx = 0;
  let my = 0;
  let mz = 0;
  for (let i = 0; i < points.length; i++) {
    // the error's path is built only for a bad number (a string per coordinate costs more than the hull)
    const v = points[i]!;
    p[i] = Number.isFinite(v) ? v : assertFinite(v, `${where}[${i}]`);
  }
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  let z0 = Infinity;
  let z1 = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = p[3 * i]!;
    const y = p[3 * i + 1]!;
    const z = p[3 * i + 2]!;
    mx = Math.max(mx, Math.abs(x));
    my = Math.max(my, Math.abs(y));
    mz = Math.max(mz, Math.abs(z));
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
    z0 = Math.min(z0, z);
    z1 = Math.max(z1, z);
  }
  const size = Math.max(x1 - x0, y1 - y0, z1 - z0);
  // round-off scale (as in qhull: a few ulps of the coordinates' magnitude) and the merge tolerance
  const eps = Math.max(3 * 2.220446049250313e-16 * (mx + my + mz), 1e-12 * size);
  const mergeEps = Math.max(eps, 1e-9 * size);
  if (!(size > eps))
    throw new PhysicsError('degenerate-shape', `${where}: all ${n} points are equal (no volume)`);
  // initial simplex: the two extreme points farthest apart along an axis
  let i0 = 0;
  let i1 = 0;
  {
    let best = -1;
    for (let axis = 0; axis < 3; axis++) {
      let lo = 0;
      let hi = 0;
      for (let i = 1; i < n; i++) {
        if (p[3 * i + axis]! < p[3 * lo + axis]!) lo = i;
        if (p[3 * i + axis]! > p[3 * hi + axis]!) hi = i;
      }
      const e = p[3 * hi + axis]! - p[3 * lo + axis]!;
      if (e > best) {
        best = e;
        i0 = lo;
        i1 = hi;
      }
    }
  }
  // the point farthest from the line i0–i1
  const ux = p[3 * i1]! - p[3 * i0]!;
  const uy = p[3 * i1 + 1]! - p[3 * i0 + 1]!;
  const uz = p[3 * i1 + 2]! - p[3 * i0 + 2]!;
  let i2 = -1;
  let bestLine = -1;
  for (let i = 0; i < n; i++) {
    const vx = p[3 * i]! - p[3 * i0]!;
    const vy = p[3 * i + 1]! - p[3 * i0 + 1]!;
    const vz = p[3 * i + 2]! - p[3 * i0 + 2]!;
    const cx = uy * vz - uz * vy;
    const cy = uz * vx - ux * vz;
    const cz = ux * vy - uy * vx;
    const d = cx * cx + cy * cy + cz * cz;
    if (d > bestLine) {
      bestLine = d;
      i2 = i;
    }
  }
  const ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
  if (!(Math.sqrt(bestLine) / ul > mergeEps))
    throw new PhysicsError('degenerate-shape', `${where}: all ${n} points are collinear (no volume)`);
  // the point farthest from the plane
  const wx = p[3 * i2]! - p[3 * i0]!;
  const wy = p[3 * i2 + 1]! - p[3 * i0 + 1]!;
  const wz = p[3 * i2 + 2]! - p[3 * i0 + 2]!;
  let pnx = uy * wz - uz * wy;
  let pny = uz * wx - ux * wz;
  let pnz = ux * wy - uy * wx;
  const pl = Math.sqrt(pnx * pnx + pny * pny + pnz * pnz);
  pnx /= pl;
  pny /= pl;
  pnz /= pl;
  let i3 = -1;
  let bestPlane = 0;
  for (let i = 0; i < n; i++) {
    const d =
      pnx * (p[3 * i]! - p[3 * i0]!) +
      pny * (p[3 * i + 1]! - p[3 * i0 + 1]!) +
      pnz * (p[3 * i + 2]! - p[3 * i0 + 2]!);
    if (Math.abs(d) > Math.abs(bestPlane)) {
      bestPlane = d;
      i3 = i;
    }
  }
  if (!(Math.abs(bestPlane) > mergeEps))
    throw new PhysicsError('degenerate-shape', `${where}: all ${n} points are coplanar (no volume)`);

  // the faces, structure of arrays grown by doubling: corners a, b, c (counter-clockwise from
  // outside), plane n·x = d, alive flag, the farthest outside point (−1: none) and its distance,
  // the eye that last marked the face visible, and the face's outside points as a FIFO list
  let faceCap = 64;
  let faceCount = 0;
  let fa = new Int32Array(faceCap);
  let fb = new Int32Array(faceCap);
  let fc = new Int32Array(faceCap);
  let fnx = new Float64Array(faceCap);
  let fny = new Float64Array(faceCap);
  let fnz = new Float64Array(faceCap);
  let fd = new Float64Array(faceCap);
  let fAlive = new Uint8Array(faceCap);
  let fFar = new Int32Array(faceCap);
  let fFarD = new Float64Array(faceCap);
  let fSeen = new Int32Array(faceCap);
  let fHead = new Int32Array(faceCap);
  let fTail = new Int32Array(faceCap);
  /** the next point in its face's outside list (−1: last) */
  const nextOutside = new Int32Array(n);
  const growFaces = (): void => {
    faceCap *= 2;
    const gi = (x: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> => {
      const y = new Int32Array(faceCap);
      y.set(x);
      return y;
    };
    const gf = (x: Float64Array<ArrayBuffer>): Float64Array<ArrayBuffer> => {
      const y = new Float64Array(faceCap);
      y.set(x);
      return y;
    };
    fa = gi(fa);
    fb = gi(fb);
    fc = gi(fc);
    fnx = gf(fnx);
    fny = gf(fny);
    fnz = gf(fnz);
    fd = gf(fd);
    const al = new Uint8Array(faceCap);
    al.set(fAlive);
    fAlive = al;
    fFar = gi(fFar);
    fFarD = gf(fFarD);
    fSeen = gi(fSeen);
    fHead = gi(fHead);
    fTail = gi(fTail);
  };
  // directed edge a → b ↦ the face that has it: an open-addressing hash table with linear
  // probing (keys a, b; −1 marks an empty slot), grown at half load, deletion by backward shift
  let cap = 64;
  while (cap < 8 * n && cap < 1 << 16) cap *= 2;
  let mask = cap - 1;
  // slot i at tab[4i..4i+2]: a, b, face (one cache line per probe)
  let tab = new Int32Array(4 * cap).fill(-1);
  let edgeCount = 0;
  const slotOf = (a: number, b: number): number => (Math.imul(a, 73856093) ^ Math.imul(b, 19349663)) & mask;
  const edgeGet = (a: number, b: number): number => {
    for (let i = slotOf(a, b); ; i = (i + 1) & mask) {
      const ka = tab[4 * i]!;
      if (ka < 0) return -1;
      if (ka === a && tab[4 * i + 1] === b) return tab[4 * i + 2]!;
    }
  };
  const edgeSet = (a: number, b: number, f: number): void => {
    let i = slotOf(a, b);
    for (; ; i = (i + 1) & mask) {
      const ka = tab[4 * i]!;
      if (ka < 0) break;
      if (ka === a && tab[4 * i + 1] === b) {
        tab[4 * i + 2] = f;
        return;
      }
    }
    tab[4 * i] = a;
    tab[4 * i + 1] = b;
    tab[4 * i + 2] = f;
    if (2 * ++edgeCount <= cap) return;
    const old = tab;
    cap *= 2;
    mask = cap - 1;
    tab = new Int32Array(4 * cap).fill(-1);
    for (let k = 0; k < old.length; k += 4) {
      const ka = old[k]!;
      if (ka < 0) continue;
      let j = slotOf(ka, old[k + 1]!);
      while (tab[4 * j]! >= 0) j = (j + 1) & mask;
      tab[4 * j] = ka;
      tab[4 * j + 1] = old[k + 1]!;
      tab[4 * j + 2] = old[k + 2]!;
    }
  };
  /** deletes a → b if it belongs to face f */
  const edgeDelete = (a: number, b: number, f: number): void => {
    let i = slotOf(a, b);
    for (; ; i = (i + 1) & mask) {
      const ka = tab[4 * i]!;
      if (ka < 0) return;
      if (ka === a && tab[4 * i + 1] === b) break;
    }
    if (tab[4 * i + 2] !== f) return;
    edgeCount--;
    // backward shift: pull later entries of the probe run into the hole
    for (let j = (i + 1) & mask; tab[4 * j]! >= 0; j = (j + 1) & mask) {
      const home = slotOf(tab[4 * j]!, tab[4 * j + 1]!);
      if (((j - home) & mask) >= ((j - i) & mask)) {
        tab[4 * i] = tab[4 * j]!;
        tab[4 * i + 1] = tab[4 * j + 1]!;
        tab[4 * i + 2] = tab[4 * j + 2]!;
        i = j;
      }
    }
    tab[4 * i] = -1;
  };
  const makeFace = (a: number, b: number, c: number): number => {
    const ex = p[3 * b]! - p[3 * a]!;
    const ey = p[3 * b + 1]! - p[3 * a + 1]!;
    const ez = p[3 * b + 2]! - p[3 * a + 2]!;
    const fx = p[3 * c]! - p[3 * a]!;
    const fy = p[3 * c + 1]! - p[3 * a + 1]!;
    const fz = p[3 * c + 2]! - p[3 * a + 2]!;
    let nx = ey * fz - ez * fy;
    let ny = ez * fx - ex * fz;
    let nz = ex * fy - ey * fx;
    const l = Math.sqrt(nx * nx + ny * ny + nz * nz) || 1;
    nx /= l;
    ny /= l;
    nz /= l;
    if (faceCount === faceCap) growFaces();
    const f = faceCount++;
    fa[f] = a;
    fb[f] = b;
    fc[f] = c;
    fnx[f] = nx;
    fny[f] = ny;
    fnz[f] = nz;
    fd[f] = nx * p[3 * a]! + ny * p[3 * a + 1]! + nz * p[3 * a + 2]!;
    fAlive[f] = 1;
    fFar[f] = -1;
    fFarD[f] = 0;
    fSeen[f] = -1;
    fHead[f] = -1;
    fTail[f] = -1;
    edgeSet(a, b, f);
    edgeSet(b, c, f);
    edgeSet(c, a, f);
    return f;
  };
  const dist = (f: number, i: number): number =>
    fnx[f]! * p[3 * i]! + fny[f]! * p[3 * i + 1]! + fnz[f]! * p[3 * i + 2]! - fd[f]!;
  // orient the tetrahedron: i3 must lie behind face (i0, i1, i2)
  if (bestPlane > 0) {
    makeFace(i0, i2, i1);
    makeFace(i0, i1, i3);
    makeFace(i1, i2, i3);
    makeFace(i2, i0, i3);
  } else {
    makeFace(i0, i1, i2);
    makeFace(i0, i3, i1);
    makeFace(i1, i3, i2);
    makeFace(i2, i3, i0);
  }
  const used = new Uint8Array(n);
  used[i0] = used[i1] = used[i2] = used[i3] = 1;
  let vertexCount = 4;
  const assign = (i: number, candidates: number[]): void => {
    let best = -1;
    let bd = eps;
    for (const f of candidates) {
      const d = dist(f, i);
      if (d > bd) {
        bd = d;
        best = f;
      }
    }
    if (best >= 0) {
      nextOutside[i] = -1;
      if (fTail[best]! < 0) fHead[best] = i;
      else nextOutside[fTail[best]!] = i;
      fTail[best] = i;
      if (bd > fFarD[best]!) {
        fFarD[best] = bd;
        fFar[best] = i;
      }
    }
  };
  const first = [0, 1, 2, 3];
  for (let i = 0; i < n; i++) if (!used[i]) assign(i, first);

  const limit = Math.max(4, maxVertices);
  // the faces with outside points, a max-heap on (farthest distance, then lowest face index);
  // a face's farthest point never changes once assigned, so dead faces are skipped lazily
  const heap: number[] = [];
  const above = (f: number, g: number): boolean => {
    const df = fFarD[f]!;
    const dg = fFarD[g]!;
    return df > dg || (df === dg && f < g);
  };
  const heapPush = (f: number): void => {
    let i = heap.length;
    heap.push(f);
    while (i > 0) {
      const up = (i - 1) >> 1;
      const g = heap[up]!;
      if (!above(f, g)) break;
      heap[i] = g;
      i = up;
    }
    heap[i] = f;
  };
  const heapPop = (): number => {
    const top = heap[0]!;
    const last = heap.pop()!;
    const m = heap.length;
    if (m > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= m) break;
        const r = l + 1;
        const c = r < m && above(heap[r]!, heap[l]!) ? r : l;
        if (!above(heap[c]!, last)) break;
        heap[i] = heap[c]!;
        i = c;
      }
      heap[i] = last;
    }
    return top;
  };
  for (let f = 0; f < 4; f++) if (fFar[f]! >= 0) heapPush(f);
  const visible: number[] = [];
  // the face across each edge of visible[k] (3k + e), found once by the flood fill
  const visibleTwin: number[] = [];
  const horizon: number[] = [];
  // the points of the deleted faces, to hand to the new ones (a typed buffer: an array emptied
  // by `length = 0` gives its storage back and regrows on every step)
  const orphans = new Int32Array(n);
  const created: number[] = [];
  for (;;) {
    if (vertexCount >= limit) break;
    // the farthest outside point over all faces
    while (heap.length > 0 && fAlive[heap[0]!] === 0) heapPop();
    if (heap.length === 0) break;
    const eyeFace = heapPop();
    const eye = fFar[eyeFace]!;
    // the connected set of faces that see the eye
    visible.length = 0;
    visible.push(eyeFace);
    fSeen[eyeFace] = eye;
    visibleTwin.length = 0;
    for (let k = 0; k < visible.length; k++) {
      const f = visible[k]!;
      for (let e = 0; e < 3; e++) {
        const u = e === 0 ? fa[f]! : e === 1 ? fb[f]! : fc[f]!;
        const v = e === 0 ? fb[f]! : e === 1 ? fc[f]! : fa[f]!;
        const g = edgeGet(v, u);
        visibleTwin.push(g);
        if (g < 0 || fSeen[g] === eye) continue;
        if (dist(g, eye) > eps) {
          fSeen[g] = eye;
          visible.push(g);
        }
      }
    }
    // horizon: edges of visible faces whose twin face is not visible, in order
    horizon.length = 0;
    let orphanCount = 0;
    for (let k = 0; k < visible.length; k++) {
      const fi = visible[k]!;
      fAlive[fi] = 0;
      for (let i = fHead[fi]!; i >= 0; i = nextOutside[i]!) if (i !== eye) orphans[orphanCount++] = i;
      fHead[fi] = fTail[fi] = -1;
      for (let e = 0; e < 3; e++) {
        const g = visibleTwin[3 * k + e]!;
        if (g >= 0 && fSeen[g] === eye) continue;
        horizon.push(
          e === 0 ? fa[fi]! : e === 1 ? fb[fi]! : fc[fi]!,
          e === 0 ? fb[fi]! : e === 1 ? fc[fi]! : fa[fi]!,
        );
      }
    }
    for (const fi of visible) {
      for (let e = 0; e < 3; e++) {
        const u = e === 0 ? fa[fi]! : e === 1 ? fb[fi]! : fc[fi]!;
        const v = e === 0 ? fb[fi]! : e === 1 ? fc[fi]! : fa[fi]!;
        edgeDelete(u, v, fi);
      }
    }
    created.length = 0;
    for (let h = 0; h < horizon.length; h += 2) created.push(makeFace(horizon[h]!, horizon[h + 1]!, eye));
    used[eye] = 1;
    vertexCount++;
    for (let k = 0; k < orphanCount; k++) assign(orphans[k]!, created);
    for (const f of created) if (fFar[f]! >= 0) heapPush(f);
  }

  // merge coplanar neighbours (union–find over faces)
  const alive: number[] = [];
  for (let i = 0; i < faceCount; i++) if (fAlive[i] === 1) alive.push(i);
  const parent = new Int32Array(faceCount);
  for (let i = 0; i < parent.length; i++) parent[i] = i;
  // the face across each edge of every alive face (3f + e)
  const twin = new Int32Array(3 * faceCount).fill(-1);
  for (const fi of alive) {
    twin[3 * fi] = edgeGet(fb[fi]!, fa[fi]!);
    twin[3 * fi + 1] = edgeGet(fc[fi]!, fb[fi]!);
    twin[3 * fi + 2] = edgeGet(fa[fi]!, fc[fi]!);
  }
  const find = (f: number): number => {
    let r = f;
    while (parent[r]! !== r) r = parent[r]!;
    let x = f;
    while (parent[x]! !== r) {
      const nx = parent[x]!;
      parent[x] = r;
      x = nx;
    }
    return r;
  };
  for (const fi of alive) {
    for (let e = 0; e < 3; e++) {
      const u = e === 0 ? fa[fi]! : e === 1 ? fb[fi]! : fc[fi]!;
      const v = e === 0 ? fb[fi]! : e === 1 ? fc[fi]! : fa[fi]!;
      const gi = twin[3 * fi + e]!;
      if (gi < 0 || gi < fi) continue;
      // coplanar when each face's far vertex lies on the other's plane
      const ga = fa[gi]!;
      const gb = fb[gi]!;
      const gOpp = ga !== u && ga !== v ? ga : gb !== u && gb !== v ? gb : fc[gi]!;
      const a0 = fa[fi]!;
      const b0 = fb[fi]!;
      const fOpp = a0 !== u && a0 !== v ? a0 : b0 !== u && b0 !== v ? b0 : fc[fi]!;
      if (Math.abs(dist(fi, gOpp)) <= mergeEps && Math.abs(dist(gi, fOpp)) <= mergeEps) {
        const rf = find(fi);
        const rg = find(gi);
        if (rf !== rg) parent[rg] = rf;
      }
    }
  }
  // boundary loops of each group: the boundary edges u → v, bucketed by group root (stably), then
  // each group's loop walked from its lowest vertex
  const bu: number[] = [];
  const bv: number[] = [];
  const br: number[] = [];
  for (const fi of alive) {
    const r = find(fi);
    for (let e = 0; e < 3; e++) {
      const u = e === 0 ? fa[fi]! : e === 1 ? fb[fi]! : fc[fi]!;
      const v = e === 0 ? fb[fi]! : e === 1 ? fc[fi]! : fa[fi]!;
      const gi = twin[3 * fi + e]!;
      if (gi >= 0 && find(gi) === r) continue;
      bu.push(u);
      bv.push(v);
      br.push(r);
    }
  }
  const groupStart = new Int32Array(faceCount + 1);
  for (const r of br) groupStart[r + 1]!++;
  for (let r = 0; r < faceCount; r++) groupStart[r + 1]! += groupStart[r]!;
  const fill = groupStart.slice(0, faceCount);
  const order = new Int32Array(bu.length);
  for (let k = 0; k < bu.length; k++) order[fill[br[k]!]!++] = k;
  const nextOf = new Int32Array(n).fill(-1);
  const polys: number[][] = [];
  for (let r = 0; r < faceCount; r++) {
    const g0 = groupStart[r]!;
    const g1 = groupStart[r + 1]!;
    if (g0 === g1) continue;
    // the group's successor map (a later edge from the same vertex wins) and its size
    let size = 0;
    let start = n;
    for (let t = g0; t < g1; t++) {
      const k = order[t]!;
      const u = bu[k]!;
      if (nextOf[u]! < 0) size++;
      nextOf[u] = bv[k]!;
      if (u < start) start = u;
    }
    const poly: number[] = [start];
    let v = nextOf[start]!;
    while (v !== start && poly.length <= size) {
      if (v < 0)
        throw new PhysicsError('degenerate-shape', `${where}: the hull's face boundary is not closed`);
      poly.push(v);
      v = nextOf[v]!;
    }
    polys.push(poly);
    for (let t = g0; t < g1; t++) nextOf[bu[order[t]!]!] = -1;
  }
  // drop vertices that lie in only two polygons (mid-edge points of merged faces)
  const degree = new Int32Array(n);
  for (const poly of polys) for (const v of poly) degree[v]!++;
  // (in place: a polygon array per face is allocation enough on a 100,000-vertex hull)
  for (const poly of polys) {
    let m = 0;
    for (const v of poly) if (degree[v]! >= 3) poly[m++] = v;
    poly.length = m;
  }
  // reindex the vertices in ascending input order
  const remap = new Int32Array(n).fill(-1);
  for (const poly of polys) for (const v of poly) remap[v] = 0;
  let nv = 0;
  for (let v = 0; v < n; v++) if (remap[v] === 0) remap[v] = nv++;
  const verts = new Float64Array(3 * nv);
  for (let v = 0; v < n; v++) {
    const k = remap[v]!;
    if (k < 0) continue;
    verts[3 * k] = p[3 * v]!;
    verts[3 * k + 1] = p[3 * v + 1]!;
    verts[3 * k + 2] = p[3 * v + 2]!;
  }
  const faces: number[][] = [];
  for (const poly of polys) {
    if (poly.length < 3) continue;
    for (let k = 0; k < poly.length; k++) poly[k] = remap[poly[k]!]!;
    faces.push(poly);
  }
  return new ConvexHull3(verts, faces, radius, where.replace(/\.points$/, ''));
}
