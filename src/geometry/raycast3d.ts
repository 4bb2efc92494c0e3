/**
 * Ray casts, shape casts and distances for 3D shapes (textbook §26.2 queries and "conservative
 * advancement"). Rays meet spheres, capsules, boxes (slabs; Kay & Kajiya, 1986), cylinders and
 * hulls (clipping the ray by the face planes; Cyrus & Beck, 1978) in closed form; triangle meshes
 * through their AABB tree and the Möller–Trumbore test (1997); heightfields by walking the grid
 * cells the ray crosses (Amanatides & Woo, 1987). `distance3` is GJK on the cores less the radii;
 * `shapeCast3` advances a translating convex shape by the GJK distance divided by the closing
 * speed until it touches (conservative advancement; Mirtich, 1996). Every function writes into a
 * caller-owned result object and allocates nothing.
 */
import { GjkResult3, gjk3 } from './gjk3d.js';
import { Pose3 } from './pose3d.js';
import {
  type ConvexShape3,
  computeAabb3,
  type Heightfield3,
  isConvex3,
  type Shape3,
  ShapeKind3,
  type TriangleMesh3,
} from './shapes3d.js';
import { ConvexProxy3 } from './support3d.js';

/** The result of a ray cast. */
export class RayHit3 {
  /** the ray parameter of the hit: point = origin + t · dir */
  t = 0;
  /** the world hit point */
  readonly point = new Float64Array(3);
  /** the world surface normal at the hit (unit, facing the ray) */
  readonly normal = new Float64Array(3);
  /** the feature hit: the triangle index for meshes and heightfields (2·cell + half), else 0 */
  feature = 0;
}

const pose = new Pose3();
const lo = new Float64Array(3);
const ld = new Float64Array(3);
const tmp = new Float64Array(3);
// the local hit: t and local normal
let hitT = 0;
let hnx = 0;
let hny = 0;
let hnz = 0;
let hitFeature = 0;

/** Ray (o + t d) against a sphere at c of radius r: smallest t ≥ 0 ≤ maxT, or −1. Sets the hit normal. */
function raySphere(
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  cx: number,
  cy: number,
  cz: number,
  r: number,
  maxT: number,
): number {
  const mx = ox - cx;
  const my = oy - cy;
  const mz = oz - cz;
  const b = mx * dx + my * dy + mz * dz;
  const c = mx * mx + my * my + mz * mz - r * r;
  const dd = dx * dx + dy * dy + dz * dz;
  if (c <= 0) {
    // inside
    return setInside(dx, dy, dz);
  }
  if (b > 0) return -1;
  const disc = b * b - dd * c;
  if (disc < 0) return -1;
  const t = (-b - Math.sqrt(disc)) / dd;
  if (t > maxT) return -1;
  hitT = t;
  hnx = (mx + t * dx) / r;
  hny = (my + t * dy) / r;
  hnz = (mz + t * dz) / r;
  return t;
}

function setInside(dx: number, dy: number, dz: number): number {
  const l = Math.sqrt(dx * dx + dy * dy + dz * dz);
  hitT = 0;
  hnx = -dx / l;
  hny = -dy / l;
  hnz = -dz / l;
  return 0;
}

/** Ray against the infinite y-cylinder x² + z² = r², restricted to |y| ≤ h; −1 when missed. */
function raySide(
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  r: number,
  h: number,
  maxT: number,
): number {
  const a = dx * dx + dz * dz;
  if (a < 1e-24) return -1;
  const b = ox * dx + oz * dz;
  const c = ox * ox + oz * oz - r * r;
  const disc = b * b - a * c;
  if (disc < 0) return -1;
  const t = (-b - Math.sqrt(disc)) / a;
  if (t < 0 || t > maxT) return -1;
  const y = oy + t * dy;
  if (y < -h || y > h) return -1;
  hitT = t;
  hnx = (ox + t * dx) / r;
  hny = 0;
  hnz = (oz + t * dz) / r;
  return t;
}

function rayBox(
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  hx: number,
  hy: number,
  hz: number,
  maxT: number,
): number {
  let tmin = 0;
  let tmax = maxT;
  let axis = -1;
  let sign = 0;
  for (let i = 0; i < 3; i++) {
    const o = i === 0 ? ox : i === 1 ? oy : oz;
    const d = i === 0 ? dx : i === 1 ? dy : dz;
    const h = i === 0 ? hx : i === 1 ? hy : hz;
    if (Math.abs(d) < 1e-300) {
      if (o < -h || o > h) return -1;
      continue;
    }
    let t1 = (-h - o) / d;
    let t2 = (h - o) / d;
    let s = -1;
    if (t1 > t2) {
      const t = t1;
      t1 = t2;
      t2 = t;
      s = 1;
    }
    if (t1 > tmin) {
      tmin = t1;
      axis = i;
      sign = s;
    }
    if (t2 < tmax) tmax = t2;
    if (tmin > tmax) return -1;
  }
  if (axis < 0) return setInside(dx, dy, dz);
  hitT = tmin;
  hnx = axis === 0 ? sign : 0;
  hny = axis === 1 ? sign : 0;
  hnz = axis === 2 ? sign : 0;
  return tmin;
}

function rayCylinder(
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  h: number,
  r: number,
  maxT: number,
): number {
  if (ox * ox + oz * oz <= r * r && oy >= -h && oy <= h) return setInside(dx, dy, dz);
  let best = -1;
  if (raySide(ox, oy, oz, dx, dy, dz, r, h, maxT) >= 0) best = hitT;
  const bnx = hnx;
  const bny = hny;
  const bnz = hnz;
  // caps
  if (Math.abs(dy) > 1e-300) {
    const cap = oy > 0 ? h : -h;
    const t = (cap - oy) / dy;
    if (t >= 0 && t <= maxT && (best < 0 || t < best)) {
      const x = ox + t * dx;
      const z = oz + t * dz;
      if (x * x + z * z <= r * r) {
        hitT = t;
        hnx = 0;
        hny = oy > 0 ? 1 : -1;
        hnz = 0;
        return t;
      }
    }
  }
  if (best >= 0) {
    hitT = best;
    hnx = bnx;
    hny = bny;
    hnz = bnz;
  }
  return best;
}

function rayCapsule(
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  h: number,
  r: number,
  maxT: number,
): number {
  const cy = oy < -h ? -h : Math.min(oy, h);
  if (ox * ox + (oy - cy) * (oy - cy) + oz * oz <= r * r) return setInside(dx, dy, dz);
  let best = -1;
  let bx = 0;
  let by = 0;
  let bz = 0;
  if (raySide(ox, oy, oz, dx, dy, dz, r, h, maxT) >= 0) {
    best = hitT;
    bx = hnx;
    by = hny;
    bz = hnz;
  }
  for (let s = -1; s <= 1; s += 2) {
    const t = raySphere(ox, oy, oz, dx, dy, dz, 0, s * h, 0, r, maxT);
    if (t >= 0 && (best < 0 || t < best)) {
      best = t;
      bx = hnx;
      by = hny;
      bz = hnz;
    }
  }
  if (best < 0) return -1;
  hitT = best;
  hnx = bx;
  hny = by;
  hnz = bz;
  return best;
}

function rayHullPlanes(
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  planes: Float64Array,
  faces: number,
  maxT: number,
): number {
  let tmin = 0;
  let tmax = maxT;
  let face = -1;
  for (let f = 0; f < faces; f++) {
    const nx = planes[4 * f]!;
    const ny = planes[4 * f + 1]!;
    const nz = planes[4 * f + 2]!;
    const num = planes[4 * f + 3]! - (nx * ox + ny * oy + nz * oz);
    const den = nx * dx + ny * dy + nz * dz;
    if (Math.abs(den) < 1e-300) {
      if (num < 0) return -1;
      continue;
    }
    const t = num / den;
    if (den < 0) {
      if (t > tmin) {
        tmin = t;
        face = f;
      }
    } else if (t < tmax) tmax = t;
    if (tmin > tmax) return -1;
  }
  if (face < 0) return setInside(dx, dy, dz);
  hitT = tmin;
  hnx = planes[4 * face]!;
  hny = planes[4 * face + 1]!;
  hnz = planes[4 * face + 2]!;
  return tmin;
}

/** Möller–Trumbore, two-sided: t of the hit of the local ray with triangle (a, b, c), or −1. */
function rayTriangle(
  v: ArrayLike<number>,
  a: number,
  b: number,
  c: number,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  maxT: number,
): number {
  const e1x = v[b]! - v[a]!;
  const e1y = v[b + 1]! - v[a + 1]!;
  const e1z = v[b + 2]! - v[a + 2]!;
  const e2x = v[c]! - v[a]!;
  const e2y = v[c + 1]! - v[a + 1]!;
  const e2z = v[c + 2]! - v[a + 2]!;
  const px = dy * e2z - dz * e2y;
  const py = dz * e2x - dx * e2z;
  const pz = dx * e2y - dy * e2x;
  const det = e1x * px + e1y * py + e1z * pz;
  if (Math.abs(det) < 1e-300) return -1;
  const inv = 1 / det;
  const sx = ox - v[a]!;
  const sy = oy - v[a + 1]!;
  const sz = oz - v[a + 2]!;
  const u = (sx * px + sy * py + sz * pz) * inv;
  if (u < 0 || u > 1) return -1;
  const qx = sy * e1z - sz * e1y;
  const qy = sz * e1x - sx * e1z;
  const qz = sx * e1y - sy * e1x;
  const w = (dx * qx + dy * qy + dz * qz) * inv;
  if (w < 0 || u + w > 1) return -1;
  const t = (e2x * qx + e2y * qy + e2z * qz) * inv;
  if (t < 0 || t > maxT) return -1;
  // normal facing the ray
  let nx = e1y * e2z - e1z * e2y;
  let ny = e1z * e2x - e1x * e2z;
  let nz = e1x * e2y - e1y * e2x;
  const l = Math.sqrt(nx * nx + ny * ny + nz * nz);
  const s = nx * dx + ny * dy + nz * dz > 0 ? -1 / l : 1 / l;
  nx *= s;
  ny *= s;
  nz *= s;
  hitT = t;
  hnx = nx;
  hny = ny;
  hnz = nz;
  return t;
}

let meshStack = new Int32Array(64);

function rayMesh(
  m: TriangleMesh3,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  maxT: number,
): number {
  const nb = m.nodeBounds;
  const ix = 1 / dx;
  const iy = 1 / dy;
  const iz = 1 / dz;
  let best = maxT;
  let found = -1;
  let bx = 0;
  let by = 0;
  let bz = 0;
  if (meshStack.length < 2 * m.nodeLeft.length)
    meshStack = new Int32Array(Math.min(2 * m.nodeLeft.length, 1 << 20));
  let sp = 0;
  meshStack[sp++] = 0;
  const v = m.vertices;
  const idx = m.indices;
  while (sp > 0) {
    const node = meshStack[--sp]!;
    const b = 6 * node;
    // slab test against the node box
    let t1 = (nb[b]! - ox) * ix;
    let t2 = (nb[b + 3]! - ox) * ix;
    let tn = Math.min(t1, t2);
    let tf = Math.max(t1, t2);
    t1 = (nb[b + 1]! - oy) * iy;
    t2 = (nb[b + 4]! - oy) * iy;
    tn = Math.max(tn, Math.min(t1, t2));
    tf = Math.min(tf, Math.max(t1, t2));
    t1 = (nb[b + 2]! - oz) * iz;
    t2 = (nb[b + 5]! - oz) * iz;
    tn = Math.max(tn, Math.min(t1, t2));
    tf = Math.min(tf, Math.max(t1, t2));
    if (!(tf >= tn) || tf < 0 || tn > best) continue;
    const l = m.nodeLeft[node]!;
    if (l < 0) {
      const t = -1 - l;
      const r = rayTriangle(
        v,
        3 * idx[3 * t]!,
        3 * idx[3 * t + 1]!,
        3 * idx[3 * t + 2]!,
        ox,
        oy,
        oz,
        dx,
        dy,
        dz,
        best,
      );
      if (r >= 0 && (found < 0 || r < best)) {
        best = r;
        found = t;
        bx = hnx;
        by = hny;
        bz = hnz;
      }
    } else if (sp + 2 <= meshStack.length) {
      meshStack[sp++] = m.nodeRight[node]!;
      meshStack[sp++] = l;
    }
  }
  if (found < 0) return -1;
  hitT = best;
  hnx = bx;
  hny = by;
  hnz = bz;
  hitFeature = found;
  return best;
}

const hfTri = new Float64Array(9);
const lo3 = new Float64Array(3);
const hi3 = new Float64Array(3);
const o3 = new Float64Array(3);
const d3 = new Float64Array(3);

function rayHeightfield(
  hf: Heightfield3,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  maxT: number,
): number {
  // clip the ray to the field's bounds
  const x0 = hf.x(0);
  const z0 = hf.z(0);
  const x1 = hf.x(hf.cols - 1);
  const z1 = hf.z(hf.rows - 1);
  let tmin = 0;
  let tmax = maxT;
  lo3[0] = x0;
  lo3[1] = hf.minHeight;
  lo3[2] = z0;
  hi3[0] = x1;
  hi3[1] = hf.maxHeight;
  hi3[2] = z1;
  o3[0] = ox;
  o3[1] = oy;
  o3[2] = oz;
  d3[0] = dx;
  d3[1] = dy;
  d3[2] = dz;
  for (let i = 0; i < 3; i++) {
    if (Math.abs(d3[i]!) < 1e-300) {
      if (o3[i]! < lo3[i]! || o3[i]! > hi3[i]!) return -1;
      continue;
    }
    let t1 = (lo3[i]! - o3[i]!) / d3[i]!;
    let t2 = (hi3[i]! - o3[i]!) / d3[i]!;
    if (t1 > t2) {
      const t = t1;
      t1 = t2;
      t2 = t;
    }
    tmin = Math.max(tmin, t1);
    tmax = Math.min(tmax, t2);
    if (tmin > tmax) return -1;
  }
  // walk the cells (x along columns, z along rows)
  const sx = hf.spacingX;
  const sz = hf.spacingZ;
  const px = ox + tmin * dx;
  const pz = oz + tmin * dz;
  let c = Math.min(hf.cols - 2, Math.max(0, Math.floor((px - x0) / sx)));
  let r = Math.min(hf.rows - 2, Math.max(0, Math.floor((pz - z0) / sz)));
  const stepC = dx > 0 ? 1 : -1;
  const stepR = dz > 0 ? 1 : -1;
  const dtx = Math.abs(dx) > 1e-300 ? sx / Math.abs(dx) : Infinity;
  const dtz = Math.abs(dz) > 1e-300 ? sz / Math.abs(dz) : Infinity;
  let tx = Math.abs(dx) > 1e-300 ? (x0 + (c + (dx > 0 ? 1 : 0)) * sx - ox) / dx : Infinity;
  let tz = Math.abs(dz) > 1e-300 ? (z0 + (r + (dz > 0 ? 1 : 0)) * sz - oz) / dz : Infinity;
  for (let guard = 0; guard < hf.rows + hf.cols + 2; guard++) {
    let best = -1;
    let bx = 0;
    let by = 0;
    let bz = 0;
    for (let half = 0; half < 2; half++) {
      const i00 = r * hf.cols + c;
      hfTri[0] = hf.x(c);
      hfTri[1] = hf.heights[i00]!;
      hfTri[2] = hf.z(r);
      if (half === 0) {
        hfTri[3] = hf.x(c + 1);
        hfTri[4] = hf.heights[i00 + hf.cols + 1]!;
        hfTri[5] = hf.z(r + 1);
        hfTri[6] = hf.x(c + 1);
        hfTri[7] = hf.heights[i00 + 1]!;
        hfTri[8] = hf.z(r);
      } else {
        hfTri[3] = hf.x(c);
        hfTri[4] = hf.heights[i00 + hf.cols]!;
        hfTri[5] = hf.z(r + 1);
        hfTri[6] = hf.x(c + 1);
        hfTri[7] = hf.heights[i00 + hf.cols + 1]!;
        hfTri[8] = hf.z(r + 1);
      }
      const t = rayTriangle(hfTri, 0, 3, 6, ox, oy, oz, dx, dy, dz, maxT);
      if (t >= 0 && (best < 0 || t < best)) {
        best = t;
        bx = hnx;
        by = hny;
        bz = hnz;
        hitFeature = 2 * (r * (hf.cols - 1) + c) + half;
      }
    }
    if (best >= 0) {
      hitT = best;
      hnx = bx;
      hny = by;
      hnz = bz;
      return best;
    }
    if (tx < tz) {
      if (tx > tmax) return -1;
      c += stepC;
      tx += dtx;
    } else {
      if (tz > tmax) return -1;
      r += stepR;
      tz += dtz;
    }
    if (c < 0 || r < 0 || c > hf.cols - 2 || r > hf.rows - 2) return -1;
  }
  return -1;
}

/**
 * Casts the ray origin + t·dir, t ∈ [0, maxT], `dir` unit, against `shape` placed by
 * `xf[o..o+6]`; returns true and fills `out` with the first hit. A ray starting inside a convex
 * shape reports t = 0 with the normal opposite to `dir`. Meshes and heightfields are hit from
 * either side (the normal faces the ray). A rounded hull is cast against its core grown by the
 * radius along the face planes (exact on the faces, slightly large at the edges).
 */
export function raycast3(
  shape: Shape3,
  xf: ArrayLike<number>,
  o: number,
  origin: ArrayLike<number>,
  dir: ArrayLike<number>,
  maxT: number,
  out: RayHit3,
): boolean {
  pose.set(xf, o);
  pose.toLocal(origin[0]!, origin[1]!, origin[2]!, lo, 0);
  pose.unrotate(dir[0]!, dir[1]!, dir[2]!, ld, 0);
  const ox = lo[0]!;
  const oy = lo[1]!;
  const oz = lo[2]!;
  const dx = ld[0]!;
  const dy = ld[1]!;
  const dz = ld[2]!;
  hitFeature = 0;
  let t = -1;
  switch (shape.kind) {
    case ShapeKind3.SPHERE:
      t = raySphere(ox, oy, oz, dx, dy, dz, 0, 0, 0, shape.radius, maxT);
      break;
    case ShapeKind3.CAPSULE:
      t = rayCapsule(ox, oy, oz, dx, dy, dz, shape.halfHeight, shape.radius, maxT);
      break;
    case ShapeKind3.BOX:
      t = rayBox(ox, oy, oz, dx, dy, dz, shape.hx, shape.hy, shape.hz, maxT);
      break;
    case ShapeKind3.CYLINDER:
      t = rayCylinder(ox, oy, oz, dx, dy, dz, shape.halfHeight, shape.radius, maxT);
      break;
    case ShapeKind3.HULL: {
      if (shape.radius > 0) {
        // grow the planes by the radius
        if (grown.length < shape.planes.length) grown = new Float64Array(shape.planes.length);
        for (let f = 0; f < shape.faceCount; f++) {
          grown[4 * f] = shape.planes[4 * f]!;
          grown[4 * f + 1] = shape.planes[4 * f + 1]!;
          grown[4 * f + 2] = shape.planes[4 * f + 2]!;
          grown[4 * f + 3] = shape.planes[4 * f + 3]! + shape.radius;
        }
        t = rayHullPlanes(ox, oy, oz, dx, dy, dz, grown, shape.faceCount, maxT);
      } else t = rayHullPlanes(ox, oy, oz, dx, dy, dz, shape.planes, shape.faceCount, maxT);
      break;
    }
    case ShapeKind3.MESH:
      t = rayMesh(shape, ox, oy, oz, dx, dy, dz, maxT);
      break;
    case ShapeKind3.HEIGHTFIELD:
      t = rayHeightfield(shape, ox, oy, oz, dx, dy, dz, maxT);
      break;
  }
  if (t < 0) return false;
  out.t = hitT;
  out.point[0] = origin[0]! + hitT * dir[0]!;
  out.point[1] = origin[1]! + hitT * dir[1]!;
  out.point[2] = origin[2]! + hitT * dir[2]!;
  pose.rotate(hnx, hny, hnz, tmp, 0);
  out.normal[0] = tmp[0]!;
  out.normal[1] = tmp[1]!;
  out.normal[2] = tmp[2]!;
  out.feature = hitFeature;
  return true;
}
let grown = new Float64Array(64);

/** The result of `distance3`. */
export class DistanceResult3 {
  /** the distance between the surfaces (0 when they overlap) */
  distance = 0;
  /** true when the shapes overlap (touch or penetrate) */
  overlap = false;
  /** the closest point on A's surface (world) */
  readonly pointA = new Float64Array(3);
  /** the closest point on B's surface (world) */
  readonly pointB = new Float64Array(3);
  /** the unit direction from A to B (when separated) */
  readonly normal = new Float64Array(3);
}

const pa = new ConvexProxy3();
const pb = new ConvexProxy3();
const gjk = new GjkResult3();

function distanceProxies(out: DistanceResult3): number {
  gjk3(pa, pb, gjk);
  const d = gjk.distance - pa.radius - pb.radius;
  const n = gjk.normal;
  out.normal[0] = n[0]!;
  out.normal[1] = n[1]!;
  out.normal[2] = n[2]!;
  for (let c = 0; c < 3; c++) {
    out.pointA[c] = gjk.pointA[c]! + pa.radius * n[c]!;
    out.pointB[c] = gjk.pointB[c]! - pb.radius * n[c]!;
  }
  if (gjk.overlap || d <= 0) {
    out.overlap = true;
    out.distance = 0;
    return 0;
  }
  out.overlap = false;
  out.distance = d;
  return d;
}

/**
 * Distance between the surfaces of two convex shapes (GJK on the cores, less the radii), with
 * the closest points and the direction; 0 (and `overlap`) when they touch or overlap.
 */
export function distance3(
  a: ConvexShape3,
  xfA: ArrayLike<number>,
  oa: number,
  b: ConvexShape3,
  xfB: ArrayLike<number>,
  ob: number,
  out: DistanceResult3,
): number {
  pa.setShape(a, xfA, oa);
  pb.setShape(b, xfB, ob);
  return distanceProxies(out);
}

/** The result of `shapeCast3`. */
export class ShapeCastHit3 {
  /** the fraction of the translation at the first touch, in [0, 1] */
  t = 0;
  /** the contact point at that time (world, on B's surface) */
  readonly point = new Float64Array(3);
  /** the contact normal from A to B at that time */
  readonly normal = new Float64Array(3);
  /** advancement rounds used */
  iterations = 0;
}

/** The cast stops when the shapes are this close (m). */
export const SHAPE_CAST_TOLERANCE = 1e-4;
const moved = new Float64Array(7);
const dist = new DistanceResult3();

/**
 * Time of impact of convex `a` at `xfA[oa..]` translating by `translation` (xyz, the whole
 * sweep) against convex `b` at `xfB[ob..]`, by conservative advancement: at each step the GJK
 * distance d and the closing speed v = translation·n allow a safe advance d / v. Returns true with
 * the fraction t ∈ [0, 1], the point and the normal when A touches B within the sweep (t = 0 when
 * they already overlap), false when it misses. Against a triangle mesh or heightfield every
 * triangle near the sweep is cast against and the earliest hit wins; `a` must be convex.
 */
export function shapeCast3(
  a: Shape3,
  xfA: ArrayLike<number>,
  oa: number,
  translation: ArrayLike<number>,
  b: Shape3,
  xfB: ArrayLike<number>,
  ob: number,
  out: ShapeCastHit3,
  tolerance = SHAPE_CAST_TOLERANCE,
): boolean {
  if (!isConvex3(a)) return false;
  if (isConvex3(b)) {
    pb.setShape(b, xfB, ob);
    return castProxies(a, xfA, oa, translation, 1, tolerance, out);
  }
  return castStatic(a, xfA, oa, translation, b, xfB, ob, tolerance, out);
}

/**
 * Conservative advancement of convex `a` (from `xfA[oa..]`, along `translation`) against the
 * proxy already loaded in `pb`, up to the fraction `limit`; fills `out` on a hit.
 */
function castProxies(
  a: ConvexShape3,
  xfA: ArrayLike<number>,
  oa: number,
  translation: ArrayLike<number>,
  limit: number,
  tolerance: number,
  out: ShapeCastHit3,
): boolean {
  for (let i = 0; i < 7; i++) moved[i] = xfA[oa + i]!;
  const tx = translation[0]!;
  const ty = translation[1]!;
  const tz = translation[2]!;
  let t = 0;
  for (let iter = 0; iter < 64; iter++) {
    moved[0] = xfA[oa]! + t * tx;
    moved[1] = xfA[oa + 1]! + t * ty;
    moved[2] = xfA[oa + 2]! + t * tz;
    pa.setShape(a, moved, 0);
    const d = distanceProxies(dist);
    out.iterations = iter + 1;
    if (dist.overlap || d <= tolerance) {
      out.t = t;
      for (let c = 0; c < 3; c++) {
        out.point[c] = dist.pointB[c]!;
        out.normal[c] = dist.normal[c]!;
      }
      if (dist.overlap && t === 0) {
        // already overlapping: the direction of travel stands in for the normal
        const l = Math.sqrt(tx * tx + ty * ty + tz * tz);
        if (l > 0) {
          out.normal[0] = tx / l;
          out.normal[1] = ty / l;
          out.normal[2] = tz / l;
        }
      }
      return true;
    }
    const v = tx * dist.normal[0]! + ty * dist.normal[1]! + tz * dist.normal[2]!;
    if (v <= 0) return false;
    // stop a little short of the surface so the next GJK still sees a gap
    t += (d - 0.5 * tolerance) / v;
    if (t > limit) return false;
  }
  return false;
}

const sweptBox = new Float64Array(12);
const localBox = new Float64Array(6);
const castTris = new Int32Array(256);
const castTri = new Float64Array(9);
const bestHit = new ShapeCastHit3();

let castFound = false;
let castLimit = 1;

/** Casts against the triangle in castTri (placed by `pose`); keeps the earliest hit in `out`. */
function tryTriangle(
  a: ConvexShape3,
  xfA: ArrayLike<number>,
  oa: number,
  translation: ArrayLike<number>,
  tolerance: number,
  out: ShapeCastHit3,
): void {
  pb.setTriangle(castTri, pose, 0);
  if (castProxies(a, xfA, oa, translation, castLimit, tolerance, bestHit) && bestHit.t <= castLimit) {
    castFound = true;
    castLimit = bestHit.t;
    out.t = bestHit.t;
    out.iterations = bestHit.iterations;
    for (let c = 0; c < 3; c++) {
      out.point[c] = bestHit.point[c]!;
      out.normal[c] = bestHit.normal[c]!;
    }
  }
}

/** Casts convex `a` against each triangle of a mesh or heightfield near its sweep; the earliest hit wins. */
function castStatic(
  a: ConvexShape3,
  xfA: ArrayLike<number>,
  oa: number,
  translation: ArrayLike<number>,
  b: TriangleMesh3 | Heightfield3,
  xfB: ArrayLike<number>,
  ob: number,
  tolerance: number,
  out: ShapeCastHit3,
): boolean {
  // the swept world bounds, then as a box in b's frame
  computeAabb3(a, xfA, oa, sweptBox, 0);
  for (let c = 0; c < 3; c++) {
    const d = translation[c]!;
    sweptBox[6 + c] = Math.min(sweptBox[c]!, sweptBox[c]! + d) - tolerance;
    sweptBox[9 + c] = Math.max(sweptBox[3 + c]!, sweptBox[3 + c]! + d) + tolerance;
  }
  pose.set(xfB, ob);
  const cx = 0.5 * (sweptBox[6]! + sweptBox[9]!);
  const cy = 0.5 * (sweptBox[7]! + sweptBox[10]!);
  const cz = 0.5 * (sweptBox[8]! + sweptBox[11]!);
  const ex = 0.5 * (sweptBox[9]! - sweptBox[6]!);
  const ey = 0.5 * (sweptBox[10]! - sweptBox[7]!);
  const ez = 0.5 * (sweptBox[11]! - sweptBox[8]!);
  pose.toLocal(cx, cy, cz, tmp, 0);
  const lx = Math.abs(pose.r00) * ex + Math.abs(pose.r10) * ey + Math.abs(pose.r20) * ez;
  const ly = Math.abs(pose.r01) * ex + Math.abs(pose.r11) * ey + Math.abs(pose.r21) * ez;
  const lz = Math.abs(pose.r02) * ex + Math.abs(pose.r12) * ey + Math.abs(pose.r22) * ez;
  localBox[0] = tmp[0]! - lx;
  localBox[1] = tmp[1]! - ly;
  localBox[2] = tmp[2]! - lz;
  localBox[3] = tmp[0]! + lx;
  localBox[4] = tmp[1]! + ly;
  localBox[5] = tmp[2]! + lz;
  castFound = false;
  castLimit = 1;
  if (b.kind === ShapeKind3.MESH) {
    const n = b.queryAabb(localBox, 0, castTris);
    for (let m = 0; m < n; m++) {
      const t = castTris[m]!;
      for (let k = 0; k < 3; k++) {
        const p = 3 * b.indices[3 * t + k]!;
        castTri[3 * k] = b.vertices[p]!;
        castTri[3 * k + 1] = b.vertices[p + 1]!;
        castTri[3 * k + 2] = b.vertices[p + 2]!;
      }
      tryTriangle(a, xfA, oa, translation, tolerance, out);
    }
  } else {
    if (localBox[1]! > b.maxHeight || localBox[4]! < b.minHeight) return false;
    const c0 = Math.max(0, Math.floor((localBox[0]! - b.x(0)) / b.spacingX));
    const c1 = Math.min(b.cols - 2, Math.floor((localBox[3]! - b.x(0)) / b.spacingX));
    const r0 = Math.max(0, Math.floor((localBox[2]! - b.z(0)) / b.spacingZ));
    const r1 = Math.min(b.rows - 2, Math.floor((localBox[5]! - b.z(0)) / b.spacingZ));
    for (let r = r0; r <= r1; r++)
      for (let c = c0; c <= c1; c++)
        for (let half = 0; half < 2; half++) {
          const i00 = r * b.cols + c;
          castTri[0] = b.x(c);
          castTri[1] = b.heights[i00]!;
          castTri[2] = b.z(r);
          castTri[3] = half === 0 ? b.x(c + 1) : b.x(c);
          castTri[4] = half === 0 ? b.heights[i00 + b.cols + 1]! : b.heights[i00 + b.cols]!;
          castTri[5] = b.z(r + 1);
          castTri[6] = b.x(c + 1);
          castTri[7] = half === 0 ? b.heights[i00 + 1]! : b.heights[i00 + b.cols + 1]!;
          castTri[8] = half === 0 ? b.z(r) : b.z(r + 1);
          tryTriangle(a, xfA, oa, translation, tolerance, out);
        }
  }
  return castFound;
}
