/**
 * The 3D narrowphase (textbook §26.2 "接触の生成"): for two shapes in world placement, the contact
 * normal (from A to B), up to 4 points midway between the surfaces and their separations, into a
 * caller-owned `Manifold3`. Points whose separation is below `speculative` are kept (speculative
 * contacts).
 *
 * Pairs: sphere–sphere, sphere–capsule, sphere–box, capsule–capsule and capsule–box (segment–box
 * closest points, segment-box3d.ts) in closed form; box–box by SAT over the 15 axes (sat3d.ts) with
 * face clipping (clip3d.ts); every other convex pair (box–hull, hull–hull, cylinders) by GJK (gjk3d.ts) on the cores, EPA (epa3d.ts) when the
 * cores overlap, then face clipping along the found normal; the polyhedron SAT (sathull3d.ts) is
 * the fallback where EPA cannot expand a degenerate polytope. Convex shapes against a triangle mesh or heightfield
 * collide with each triangle near them; a contact on a flat or concave (internal) edge or vertex
 * takes the triangle's face normal, so shapes slide across triangle joins without snagging
 * (only convex edges give edge normals). Either shape may be the static one: `collide3` swaps the
 * pair internally and flips the result back, so the caller never orders the pair; only
 * static–static pairs give no contacts (`supportsPair3`).
 */
import { FEATURE_EDGE, FEATURE_VERTEX, featureCode, manifoldFromNormal3, reduceContacts3 } from './clip3d.js';
import { EpaResult3, epa3 } from './epa3d.js';
import { GjkResult3, gjk3Within } from './gjk3d.js';
import { Manifold3 } from './manifold3d.js';
import { Pose3 } from './pose3d.js';
import { boxBoxSat3, SatAxis3, SatResult3 } from './sat3d.js';
import { HullSatResult3, hullHullSat3 } from './sathull3d.js';
import { segmentBoxClosest3 } from './segment-box3d.js';
import {
  type Box3,
  type Capsule3,
  type ConvexHull3,
  type ConvexShape3,
  computeAabb3,
  EDGE_CONVEX,
  type Heightfield3,
  type Shape3,
  ShapeKind3,
  type Sphere3,
  type TriangleMesh3,
} from './shapes3d.js';
import { ConvexProxy3 } from './support3d.js';

/** True when `collide3` generates contacts for this pair of kinds (every pair but static–static). */
export function supportsPair3(a: number, b: number): boolean {
  return a < ShapeKind3.MESH || b < ShapeKind3.MESH;
}

/** the bounding-sphere radii of the pair in `collideConvex` */
const boundRadii = new Float64Array(2);
const proxyA = new ConvexProxy3();
const proxyB = new ConvexProxy3();
const gjk = new GjkResult3();
/** the core distance beyond which GJK may stop: the radii plus the speculative distance, with a rounding margin */
const gjkLimit = new Float64Array(1);
const epa = new EpaResult3();
const sat = new SatResult3();
const poseA = new Pose3();
const poseB = new Pose3();
const v3 = new Float64Array(12);
const seg = new Float64Array(6);

/** Negates the normal and swaps the A/B halves of the ids. */
function flip(out: Manifold3): void {
  out.normalX = -out.normalX;
  out.normalY = -out.normalY;
  out.normalZ = -out.normalZ;
  for (let k = 0; k < out.pointCount; k++) {
    const id = out.id[k]!;
    out.id[k] = ((id & 0xffff) << 16) | (id >>> 16);
  }
}

/**
 * Contacts between shape `a` placed by `xfA[oa..oa+6]` and `b` placed by `xfB[ob..ob+6]`
 * ([px, py, pz, qx, qy, qz, qw]); `out` gets the points with separation < `speculative`
 * (m, ≥ 0), the normal pointing from A to B.
 */
export function collide3(
  a: Shape3,
  xfA: ArrayLike<number>,
  oa: number,
  b: Shape3,
  xfB: ArrayLike<number>,
  ob: number,
  speculative: number,
  out: Manifold3,
): void {
  out.clear();
  if (a.kind >= ShapeKind3.MESH) {
    if (b.kind >= ShapeKind3.MESH) return;
    collideStatic(b as ConvexShape3, xfB, ob, a as TriangleMesh3 | Heightfield3, xfA, oa, speculative, out);
    flip(out);
    return;
  }
  if (b.kind >= ShapeKind3.MESH) {
    collideStatic(a as ConvexShape3, xfA, oa, b as TriangleMesh3 | Heightfield3, xfB, ob, speculative, out);
    return;
  }
  if (a.kind > b.kind) {
    collideConvex(b as ConvexShape3, xfB, ob, a as ConvexShape3, xfA, oa, speculative, out);
    flip(out);
  } else collideConvex(a as ConvexShape3, xfA, oa, b as ConvexShape3, xfB, ob, speculative, out);
}

/** Convex pairs with a.kind ≤ b.kind. */
function collideConvex(
  a: ConvexShape3,
  xfA: ArrayLike<number>,
  oa: number,
  b: ConvexShape3,
  xfB: ArrayLike<number>,
  ob: number,
  speculative: number,
  out: Manifold3,
): void {
  if (a.kind <= ShapeKind3.CAPSULE && b.kind <= ShapeKind3.BOX) {
    // bounding spheres about the shapes' origins farther apart than the speculative distance: no
    // contact (these colliders measure the exact distance, so the reject changes no result)
    // (each radius stored from its own branch: a phi merging the branches' numbers was boxed)
    const br = boundRadii;
    if (a.kind === ShapeKind3.SPHERE) br[0] = a.radius;
    else br[0] = (a as Capsule3).halfHeight + (a as Capsule3).radius;
    if (b.kind === ShapeKind3.BOX) br[1] = Math.sqrt(b.hx * b.hx + b.hy * b.hy + b.hz * b.hz);
    else if (b.kind === ShapeKind3.SPHERE) br[1] = b.radius;
    else br[1] = (b as Capsule3).halfHeight + (b as Capsule3).radius;
    const dx = xfB[ob]! - xfA[oa]!;
    const dy = xfB[ob + 1]! - xfA[oa + 1]!;
    const dz = xfB[ob + 2]! - xfA[oa + 2]!;
    const lim = (br[0]! + br[1]! + speculative) * (1 + 1e-9) + 1e-12;
    if (dx * dx + dy * dy + dz * dz > lim * lim) return;
  }
  if (a.kind === ShapeKind3.SPHERE) {
    if (b.kind === ShapeKind3.SPHERE) {
      pp[0] = xfA[oa]!;
      pp[1] = xfA[oa + 1]!;
      pp[2] = xfA[oa + 2]!;
      pp[3] = a.radius;
      pp[4] = xfB[ob]!;
      pp[5] = xfB[ob + 1]!;
      pp[6] = xfB[ob + 2]!;
      pp[7] = b.radius;
      pointPoint(speculative, 0, out);
      return;
    }
    if (b.kind === ShapeKind3.CAPSULE) {
      sphereCapsule(a, xfA, oa, b, xfB, ob, speculative, out);
      return;
    }
    if (b.kind === ShapeKind3.BOX) {
      sphereBox(a, xfA, oa, b, xfB, ob, speculative, out);
      return;
    }
  } else if (a.kind === ShapeKind3.CAPSULE) {
    if (b.kind === ShapeKind3.CAPSULE) {
      capsuleCapsule(a, xfA, oa, b, xfB, ob, speculative, out);
      return;
    }
    if (b.kind === ShapeKind3.BOX) {
      capsuleBox(a, xfA, oa, b, xfB, ob, speculative, out);
      return;
    }
  } else if (a.kind === ShapeKind3.BOX && b.kind === ShapeKind3.BOX) {
    boxBox(a, xfA, oa, b, xfB, ob, speculative, out);
    return;
  } else if (a.kind === ShapeKind3.BOX && b.kind === ShapeKind3.HULL) {
    polyhedra(a.asHull(), xfA, oa, b, xfB, ob, speculative, out);
    return;
  } else if (a.kind === ShapeKind3.HULL && b.kind === ShapeKind3.HULL) {
    polyhedra(a, xfA, oa, b, xfB, ob, speculative, out);
    return;
  }
  proxyA.setShape(a, xfA, oa);
  proxyB.setShape(b, xfB, ob);
  convexProxies(proxyA, proxyB, speculative, out);
}

/**
 * Two polyhedra (hulls, or a box as a hull): GJK rejects or measures separated pairs; overlapping
 * cores take EPA's normal — the minimum over all directions, the axis SAT would find over face
 * normals and Minkowski edge pairs, at about a third of the cost for 16-vertex hulls (measured
 * 6.8 µs against 19 µs); SAT (sathull3d.ts) stands in where EPA fails on a degenerate polytope.
 */
function polyhedra(
  a: ConvexHull3,
  xfA: ArrayLike<number>,
  oa: number,
  b: ConvexHull3,
  xfB: ArrayLike<number>,
  ob: number,
  speculative: number,
  out: Manifold3,
): void {
  proxyA.setShape(a, xfA, oa);
  proxyB.setShape(b, xfB, ob);
  gjkLimit[0] = (a.radius + b.radius + speculative) * (1 + 1e-9) + 1e-12;
  gjk3Within(proxyA, proxyB, gjk, gjkLimit);
  if (!gjk.overlap && gjk.distance > 1e-9) {
    if (gjk.distance - a.radius - b.radius >= speculative) return;
    manifoldFromNormal3(proxyA, proxyB, gjk.normal, gjk.pointA, gjk.pointB, speculative, out);
    return;
  }
  gjk.overlap = true;
  if (epa3(proxyA, proxyB, gjk, epa)) {
    manifoldFromNormal3(proxyA, proxyB, epa.normal, epa.pointA, epa.pointB, speculative, out);
    return;
  }
  hullHull(a, xfA, oa, b, xfB, ob, speculative, out);
}

const segBox = new Float64Array(9);
const segBoxOut = new Float64Array(8);
/** the closed-form normal and closest points (world) handed to the clipping */
const segBoxN = new Float64Array(3);
const segBoxPa = new Float64Array(3);
const segBoxPb = new Float64Array(3);

/**
 * Capsule against box: the segment–box closest points in closed form (segment-box3d.ts) in place
 * of GJK. A pair farther apart than the radius plus the speculative distance across one of the
 * box's slabs is rejected before anything else; separated cores clip along the closed-form normal
 * like the GJK path (two points when the capsule lies on a face); cores that meet go to GJK/EPA.
 */
function capsuleBox(
  a: Capsule3,
  xfA: ArrayLike<number>,
  oa: number,
  b: Box3,
  xfB: ArrayLike<number>,
  ob: number,
  speculative: number,
  out: Manifold3,
): void {
  capsuleSegment(a, xfA, oa, poseA, seg, 0);
  poseB.set(xfB, ob);
  const q = segBox;
  poseB.toLocalAt(seg, 0, q, 0);
  poseB.toLocalAt(seg, 3, q, 3);
  const hx = b.hx;
  const hy = b.hy;
  const hz = b.hz;
  // slab reject: the segment's extent along a box axis clears the box by more than r + speculative
  const lim = (a.radius + speculative) * (1 + 1e-9) + 1e-12;
  const x0 = q[0]!;
  const x1 = q[3]!;
  const y0 = q[1]!;
  const y1 = q[4]!;
  const z0 = q[2]!;
  const z1 = q[5]!;
  if (
    Math.min(x0, x1) - hx > lim ||
    -hx - Math.max(x0, x1) > lim ||
    Math.min(y0, y1) - hy > lim ||
    -hy - Math.max(y0, y1) > lim ||
    Math.min(z0, z1) - hz > lim ||
    -hz - Math.max(z0, z1) > lim
  ) {
    return;
  }
  q[6] = hx;
  q[7] = hy;
  q[8] = hz;
  const c = segBoxOut;
  segmentBoxClosest3(q, c);
  const d2 = c[6]!;
  if (d2 > 1e-18) {
    const d = Math.sqrt(d2);
    if (d - a.radius >= speculative) return;
    proxyA.setShape(a, xfA, oa);
    proxyB.setShape(b, xfB, ob);
    const inv = 1 / d;
    const ln = segBoxN;
    ln[0] = (c[3]! - c[0]!) * inv;
    ln[1] = (c[4]! - c[1]!) * inv;
    ln[2] = (c[5]! - c[2]!) * inv;
    poseB.rotateAt(ln, 0, segBoxN, 0);
    poseB.toWorldAt(c, 0, segBoxPa, 0);
    poseB.toWorldAt(c, 3, segBoxPb, 0);
    manifoldFromNormal3(proxyA, proxyB, segBoxN, segBoxPa, segBoxPb, speculative, out);
    return;
  }
  proxyA.setShape(a, xfA, oa);
  proxyB.setShape(b, xfB, ob);
  convexProxies(proxyA, proxyB, speculative, out);
}

/** GJK (EPA when the cores overlap) and clipping along the normal for two loaded proxies. */
function convexProxies(A: ConvexProxy3, B: ConvexProxy3, speculative: number, out: Manifold3): void {
  gjkLimit[0] = (A.radius + B.radius + speculative) * (1 + 1e-9) + 1e-12;
  gjk3Within(A, B, gjk, gjkLimit);
  if (!gjk.overlap) {
    if (gjk.distance - A.radius - B.radius >= speculative) return;
    if (gjk.distance > 1e-9) {
      manifoldFromNormal3(A, B, gjk.normal, gjk.pointA, gjk.pointB, speculative, out);
      return;
    }
    // touching cores: let EPA decide the normal from a tetrahedron
    gjk.overlap = true;
  }
  if (!epa3(A, B, gjk, epa)) return;
  manifoldFromNormal3(A, B, epa.normal, epa.pointA, epa.pointB, speculative, out);
}

/** the two rounded points of `pointPoint`: a (xyz), its radius, b (xyz), its radius */
const pp = new Float64Array(8);

/**
 * Two rounded points (sphere centres) a, b with radii, from `pp`; one contact with feature id `id`.
 * The numbers come in an array: eight computed doubles handed to an un-inlined call would be boxed.
 */
function pointPoint(speculative: number, id: number, out: Manifold3): void {
  const ax = pp[0]!;
  const ay = pp[1]!;
  const az = pp[2]!;
  const ra = pp[3]!;
  const bx = pp[4]!;
  const by = pp[5]!;
  const bz = pp[6]!;
  const rb = pp[7]!;
  const dx = bx - ax;
  const dy = by - ay;
  const dz = bz - az;
  const d2 = dx * dx + dy * dy + dz * dz;
  const rs = ra + rb;
  if (d2 >= (rs + speculative) * (rs + speculative)) return;
  const d = Math.sqrt(d2);
  let nx = 0;
  let ny = 1;
  let nz = 0;
  if (d > 1e-12) {
    nx = dx / d;
    ny = dy / d;
    nz = dz / d;
  }
  out.normalX = nx;
  out.normalY = ny;
  out.normalZ = nz;
  // midway between A's surface (a + ra n) and B's surface (b − rb n)
  const t = 0.5 * (ra + d - rb);
  pointScratch[0] = ax + nx * t;
  pointScratch[1] = ay + ny * t;
  pointScratch[2] = az + nz * t;
  pointScratch[3] = d - rs;
  pointScratch[4] = id;
  out.addPoint(pointScratch);
}

function capsuleSegment(
  c: Capsule3,
  xf: ArrayLike<number>,
  o: number,
  pose: Pose3,
  out: Float64Array,
  oo: number,
): void {
  pose.set(xf, o);
  // the ends (0, ∓h, 0) through the pose, written out (no double crosses a call)
  const h = c.halfHeight;
  out[oo] = pose.px - pose.r01 * h;
  out[oo + 1] = pose.py - pose.r11 * h;
  out[oo + 2] = pose.pz - pose.r21 * h;
  out[oo + 3] = pose.px + pose.r01 * h;
  out[oo + 4] = pose.py + pose.r11 * h;
  out[oo + 5] = pose.pz + pose.r21 * h;
}

function sphereCapsule(
  a: Sphere3,
  xfA: ArrayLike<number>,
  oa: number,
  b: Capsule3,
  xfB: ArrayLike<number>,
  ob: number,
  speculative: number,
  out: Manifold3,
): void {
  capsuleSegment(b, xfB, ob, poseB, seg, 0);
  const cx = xfA[oa]!;
  const cy = xfA[oa + 1]!;
  const cz = xfA[oa + 2]!;
  const ex = seg[3]! - seg[0]!;
  const ey = seg[4]! - seg[1]!;
  const ez = seg[5]! - seg[2]!;
  let t = ((cx - seg[0]!) * ex + (cy - seg[1]!) * ey + (cz - seg[2]!) * ez) / (ex * ex + ey * ey + ez * ez);
  t = t < 0 ? 0 : Math.min(t, 1);
  const code =
    t <= 0
      ? featureCode(FEATURE_VERTEX, 0)
      : t >= 1
        ? featureCode(FEATURE_VERTEX, 1)
        : featureCode(FEATURE_EDGE, 0);
  pp[0] = cx;
  pp[1] = cy;
  pp[2] = cz;
  pp[3] = a.radius;
  pp[4] = seg[0]! + t * ex;
  pp[5] = seg[1]! + t * ey;
  pp[6] = seg[2]! + t * ez;
  pp[7] = b.radius;
  pointPoint(speculative, code, out);
}

function sphereBox(
  a: Sphere3,
  xfA: ArrayLike<number>,
  oa: number,
  b: Box3,
  xfB: ArrayLike<number>,
  ob: number,
  speculative: number,
  out: Manifold3,
): void {
  poseB.set(xfB, ob);
  poseB.toLocalAt(xfA, oa, v3, 0);
  const cx = v3[0]!;
  const cy = v3[1]!;
  const cz = v3[2]!;
  const qx = cx < -b.hx ? -b.hx : Math.min(cx, b.hx);
  const qy = cy < -b.hy ? -b.hy : Math.min(cy, b.hy);
  const qz = cz < -b.hz ? -b.hz : Math.min(cz, b.hz);
  const dx = cx - qx;
  const dy = cy - qy;
  const dz = cz - qz;
  const d2 = dx * dx + dy * dy + dz * dz;
  const r = a.radius;
  let nx: number;
  let ny: number;
  let nz: number;
  let sep: number;
  let code: number;
  if (d2 > 1e-24) {
    const d = Math.sqrt(d2);
    sep = d - r;
    if (sep >= speculative) return;
    // normal from the sphere to the box: −d/|d|
    nx = -dx / d;
    ny = -dy / d;
    nz = -dz / d;
    code =
      (qx === b.hx ? 1 : qx === -b.hx ? 2 : 0) |
      (qy === b.hy ? 4 : qy === -b.hy ? 8 : 0) |
      (qz === b.hz ? 16 : qz === -b.hz ? 32 : 0);
  } else {
    // centre inside: leave through the nearest face
    const fx = b.hx - Math.abs(cx);
    const fy = b.hy - Math.abs(cy);
    const fz = b.hz - Math.abs(cz);
    nx = 0;
    ny = 0;
    nz = 0;
    if (fx <= fy && fx <= fz) {
      nx = cx >= 0 ? -1 : 1;
      sep = -fx - r;
      code = cx >= 0 ? 1 : 2;
    } else if (fy <= fz) {
      ny = cy >= 0 ? -1 : 1;
      sep = -fy - r;
      code = cy >= 0 ? 4 : 8;
    } else {
      nz = cz >= 0 ? -1 : 1;
      sep = -fz - r;
      code = cz >= 0 ? 16 : 32;
    }
  }
  // the box surface point is the sphere centre moved by (r + sep) along n; the midpoint half-way
  const t = r + 0.5 * sep;
  v3[9] = nx;
  v3[10] = ny;
  v3[11] = nz;
  poseB.rotateAt(v3, 9, v3, 3);
  v3[9] = cx + nx * t;
  v3[10] = cy + ny * t;
  v3[11] = cz + nz * t;
  poseB.toWorldAt(v3, 9, v3, 6);
  out.normalX = v3[3]!;
  out.normalY = v3[4]!;
  out.normalZ = v3[5]!;
  pointScratch[0] = v3[6]!;
  pointScratch[1] = v3[7]!;
  pointScratch[2] = v3[8]!;
  pointScratch[3] = sep;
  pointScratch[4] = featureCode(FEATURE_VERTEX, code);
  out.addPoint(pointScratch);
}

const cc = { s: 0, t: 0 };

/**
 * Closest points of segments p1–q1 and p2–q2 (Ericson, Real-Time Collision Detection §5.1.9):
 * writes the parameters s (on the first) and t (on the second), each in [0, 1], into `out`.
 */
export function closestSegmentParams3(
  p1: ArrayLike<number>,
  o1: number,
  p2: ArrayLike<number>,
  o2: number,
  out: { s: number; t: number },
): void {
  const d1x = p1[o1 + 3]! - p1[o1]!;
  const d1y = p1[o1 + 4]! - p1[o1 + 1]!;
  const d1z = p1[o1 + 5]! - p1[o1 + 2]!;
  const d2x = p2[o2 + 3]! - p2[o2]!;
  const d2y = p2[o2 + 4]! - p2[o2 + 1]!;
  const d2z = p2[o2 + 5]! - p2[o2 + 2]!;
  const rx = p1[o1]! - p2[o2]!;
  const ry = p1[o1 + 1]! - p2[o2 + 1]!;
  const rz = p1[o1 + 2]! - p2[o2 + 2]!;
  const a = d1x * d1x + d1y * d1y + d1z * d1z;
  const e = d2x * d2x + d2y * d2y + d2z * d2z;
  const f = d2x * rx + d2y * ry + d2z * rz;
  let s = 0;
  let t = 0;
  if (a <= 1e-24 && e <= 1e-24) {
    out.s = 0;
    out.t = 0;
    return;
  }
  if (a <= 1e-24) {
    t = Math.min(1, Math.max(0, f / e));
  } else {
    const c = d1x * rx + d1y * ry + d1z * rz;
    if (e <= 1e-24) {
      s = Math.min(1, Math.max(0, -c / a));
    } else {
      const b = d1x * d2x + d1y * d2y + d1z * d2z;
      const den = a * e - b * b;
      s = den > 1e-18 * a * e ? Math.min(1, Math.max(0, (b * f - c * e) / den)) : 0;
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0;
        s = Math.min(1, Math.max(0, -c / a));
      } else if (t > 1) {
        t = 1;
        s = Math.min(1, Math.max(0, (b - c) / a));
      }
    }
  }
  out.s = s;
  out.t = t;
}

const segB = new Float64Array(6);

function capsuleCapsule(
  a: Capsule3,
  xfA: ArrayLike<number>,
  oa: number,
  b: Capsule3,
  xfB: ArrayLike<number>,
  ob: number,
  speculative: number,
  out: Manifold3,
): void {
  capsuleSegment(a, xfA, oa, poseA, seg, 0);
  capsuleSegment(b, xfB, ob, poseB, segB, 0);
  const d1x = seg[3]! - seg[0]!;
  const d1y = seg[4]! - seg[1]!;
  const d1z = seg[5]! - seg[2]!;
  const d2x = segB[3]! - segB[0]!;
  const d2y = segB[4]! - segB[1]!;
  const d2z = segB[5]! - segB[2]!;
  const l1 = d1x * d1x + d1y * d1y + d1z * d1z;
  const l2 = d2x * d2x + d2y * d2y + d2z * d2z;
  const crx = d1y * d2z - d1z * d2y;
  const cry = d1z * d2x - d1x * d2z;
  const crz = d1x * d2y - d1y * d2x;
  const rs = a.radius + b.radius;
  if (crx * crx + cry * cry + crz * crz < 1e-6 * l1 * l2) {
    // (nearly) parallel: two points at the ends of the overlap of B projected on A
    const s0 = ((segB[0]! - seg[0]!) * d1x + (segB[1]! - seg[1]!) * d1y + (segB[2]! - seg[2]!) * d1z) / l1;
    const s1 = ((segB[3]! - seg[0]!) * d1x + (segB[4]! - seg[1]!) * d1y + (segB[5]! - seg[2]!) * d1z) / l1;
    const lo = Math.max(0, Math.min(s0, s1));
    const hi = Math.min(1, Math.max(s0, s1));
    // perpendicular offset of B's line from A's line
    const px = segB[0]! - seg[0]! - s0 * d1x;
    const py = segB[1]! - seg[1]! - s0 * d1y;
    const pz = segB[2]! - seg[2]! - s0 * d1z;
    const pd = Math.sqrt(px * px + py * py + pz * pz);
    if (hi - lo > 1e-9 && pd > 1e-9) {
      if (pd - rs >= speculative) return;
      const nx = px / pd;
      const ny = py / pd;
      const nz = pz / pd;
      out.normalX = nx;
      out.normalY = ny;
      out.normalZ = nz;
      const t = 0.5 * (a.radius + pd - b.radius);
      for (let k = 0; k < 2; k++) {
        const s = k === 0 ? lo : hi;
        // which end of B (or A) bounds the overlap
        const endA = s === 0 ? 0 : s === 1 ? 1 : 2;
        const endB = s === s0 ? 0 : s === s1 ? 1 : 2;
        const id = (featureCode(FEATURE_VERTEX, endA) << 16) | featureCode(FEATURE_VERTEX, 8 + endB + 3 * k);
        pointScratch[0] = seg[0]! + s * d1x + nx * t;
        pointScratch[1] = seg[1]! + s * d1y + ny * t;
        pointScratch[2] = seg[2]! + s * d1z + nz * t;
        pointScratch[3] = pd - rs;
        pointScratch[4] = id;
        out.addPoint(pointScratch);
      }
      return;
    }
  }
  closestSegmentParams3(seg, 0, segB, 0, cc);
  const s = cc.s;
  const t = cc.t;
  const ca =
    s <= 0
      ? featureCode(FEATURE_VERTEX, 0)
      : s >= 1
        ? featureCode(FEATURE_VERTEX, 1)
        : featureCode(FEATURE_EDGE, 0);
  const cb =
    t <= 0
      ? featureCode(FEATURE_VERTEX, 0)
      : t >= 1
        ? featureCode(FEATURE_VERTEX, 1)
        : featureCode(FEATURE_EDGE, 0);
  pp[0] = seg[0]! + s * d1x;
  pp[1] = seg[1]! + s * d1y;
  pp[2] = seg[2]! + s * d1z;
  pp[3] = a.radius;
  pp[4] = segB[0]! + t * d2x;
  pp[5] = segB[1]! + t * d2y;
  pp[6] = segB[2]! + t * d2z;
  pp[7] = b.radius;
  pointPoint(speculative, (ca << 16) | cb, out);
  // crossing axes (the cores meet): the common perpendicular d1 × d2, pointing from A's centre to B's
  const px = segB[0]! + t * d2x - seg[0]! - s * d1x;
  const py = segB[1]! + t * d2y - seg[1]! - s * d1y;
  const pz = segB[2]! + t * d2z - seg[2]! - s * d1z;
  const cl = Math.sqrt(crx * crx + cry * cry + crz * crz);
  if (out.pointCount > 0 && px * px + py * py + pz * pz < 1e-24 && cl > 0) {
    const ox = poseB.px - poseA.px;
    const oy = poseB.py - poseA.py;
    const oz = poseB.pz - poseA.pz;
    const sg = ox * crx + oy * cry + oz * crz < 0 ? -1 / cl : 1 / cl;
    out.normalX = crx * sg;
    out.normalY = cry * sg;
    out.normalZ = crz * sg;
  }
}

const wa = new Float64Array(3);
const wb = new Float64Array(3);
/** directions handed to non-inlined calls as arrays (no boxed doubles) */
const triNormal = new Float64Array(3);
const mergeNormal = new Float64Array(3);

/**
 * The support points of A along n and of B along −n (witnesses for a face axis); n comes in an
 * array (a double handed to a function the optimiser does not inline is boxed: see clip3d.ts).
 */
function supportPair(A: ConvexProxy3, B: ConvexProxy3, n: ArrayLike<number>): void {
  A.supportAlong(n, 1, wa, 0);
  B.supportAlong(n, -1, wb, 0);
}

const hsat = new HullSatResult3();

/**
 * Hull–hull (and box–hull) by SAT over face normals and Minkowski edge pairs, then clipping;
 * returns false (leaving the pair to GJK) when rounded cores are apart, where SAT's separation is
 * only a lower bound of the distance.
 */
function hullHull(
  a: ConvexHull3,
  xfA: ArrayLike<number>,
  oa: number,
  b: ConvexHull3,
  xfB: ArrayLike<number>,
  ob: number,
  speculative: number,
  out: Manifold3,
): boolean {
  hullHullSat3(a, xfA, oa, b, xfB, ob, hsat);
  if (hsat.separation > 0 && a.radius + b.radius > 0) return false;
  if (hsat.separation - a.radius - b.radius >= speculative) return true;
  proxyA.setShape(a, xfA, oa);
  proxyB.setShape(b, xfB, ob);
  const nx = hsat.normal[0]!;
  const ny = hsat.normal[1]!;
  const nz = hsat.normal[2]!;
  if (hsat.axisKind !== SatAxis3.EDGE) {
    supportPair(proxyA, proxyB, hsat.normal);
    manifoldFromNormal3(
      proxyA,
      proxyB,
      hsat.normal,
      wa,
      wb,
      speculative,
      out,
      hsat.axisKind === SatAxis3.FACE_B,
    );
    return true;
  }
  const sep = hsat.separation - a.radius - b.radius;
  out.clear();
  out.normalX = nx;
  out.normalY = ny;
  out.normalZ = nz;
  const pa = hsat.pointA;
  const pb = hsat.pointB;
  const id = (featureCode(FEATURE_EDGE, hsat.edgeA) << 16) | featureCode(FEATURE_EDGE, hsat.edgeB);
  pointScratch[0] = 0.5 * (pa[0]! + a.radius * nx + pb[0]! - b.radius * nx);
  pointScratch[1] = 0.5 * (pa[1]! + a.radius * ny + pb[1]! - b.radius * ny);
  pointScratch[2] = 0.5 * (pa[2]! + a.radius * nz + pb[2]! - b.radius * nz);
  pointScratch[3] = sep;
  pointScratch[4] = id;
  out.addPoint(pointScratch);
  return true;
}

const edgeSegA = new Float64Array(6);
const edgeSegB = new Float64Array(6);

function boxBox(
  a: Box3,
  xfA: ArrayLike<number>,
  oa: number,
  b: Box3,
  xfB: ArrayLike<number>,
  ob: number,
  speculative: number,
  out: Manifold3,
): void {
  boxBoxSat3(a, xfA, oa, b, xfB, ob, sat);
  if (sat.separation >= speculative) return;
  const nx = sat.normal[0]!;
  const ny = sat.normal[1]!;
  const nz = sat.normal[2]!;
  proxyA.setShape(a, xfA, oa);
  proxyB.setShape(b, xfB, ob);
  if (sat.axisKind !== SatAxis3.EDGE) {
    // the clipper picks the face of the SAT axis (the most aligned one) as the reference
    supportPair(proxyA, proxyB, sat.normal);
    manifoldFromNormal3(
      proxyA,
      proxyB,
      sat.normal,
      wa,
      wb,
      speculative,
      out,
      sat.axisKind === SatAxis3.FACE_B,
    );
    return;
  }
  // edge–edge: the edge of A along axis i nearest B, the edge of B along axis j nearest A
  const i = (sat.axis / 3) | 0;
  const j = sat.axis % 3;
  boxEdge(proxyA, i, sat.normal, 1, edgeSegA);
  boxEdge(proxyB, j, sat.normal, -1, edgeSegB);
  closestSegmentParams3(edgeSegA, 0, edgeSegB, 0, cc);
  const pax = edgeSegA[0]! + cc.s * (edgeSegA[3]! - edgeSegA[0]!);
  const pay = edgeSegA[1]! + cc.s * (edgeSegA[4]! - edgeSegA[1]!);
  const paz = edgeSegA[2]! + cc.s * (edgeSegA[5]! - edgeSegA[2]!);
  const pbx = edgeSegB[0]! + cc.t * (edgeSegB[3]! - edgeSegB[0]!);
  const pby = edgeSegB[1]! + cc.t * (edgeSegB[4]! - edgeSegB[1]!);
  const pbz = edgeSegB[2]! + cc.t * (edgeSegB[5]! - edgeSegB[2]!);
  const sep = (pbx - pax) * nx + (pby - pay) * ny + (pbz - paz) * nz;
  if (sep >= speculative) return;
  out.clear();
  out.normalX = nx;
  out.normalY = ny;
  out.normalZ = nz;
  const id = (featureCode(FEATURE_EDGE, 32 + edgeCodeA) << 16) | featureCode(FEATURE_EDGE, 32 + edgeCodeB);
  pointScratch[0] = 0.5 * (pax + pbx);
  pointScratch[1] = 0.5 * (pay + pby);
  pointScratch[2] = 0.5 * (paz + pbz);
  pointScratch[3] = sep;
  pointScratch[4] = id;
  out.addPoint(pointScratch);
}

let edgeCode = 0;
let edgeCodeA = 0;
let edgeCodeB = 0;
/** a contact point handed to Manifold3.addPoint: [x, y, z, separation, id] (no boxed doubles) */
const pointScratch = new Float64Array(5);

/** The box edge along local axis `axis` farthest in world direction d (world segment into out). */
function boxEdge(p: ConvexProxy3, axis: number, n: ArrayLike<number>, sign: number, out: Float64Array): void {
  // the proxy holds the box's half-extents; the direction comes as an array with a sign and the
  // pose math is written out: no double crosses a call (each would be boxed when not inlined)
  const q = p.pose;
  const dx = sign * n[0]!;
  const dy = sign * n[1]!;
  const dz = sign * n[2]!;
  const hx = p.hx;
  const hy = p.hy;
  const hz = p.hz;
  // the direction in the box's frame: Rᵀ d
  const sx = q.r00 * dx + q.r10 * dy + q.r20 * dz >= 0 ? 1 : -1;
  const sy = q.r01 * dx + q.r11 * dy + q.r21 * dz >= 0 ? 1 : -1;
  const sz = q.r02 * dx + q.r12 * dy + q.r22 * dz >= 0 ? 1 : -1;
  let x0 = sx * hx;
  let y0 = sy * hy;
  let z0 = sz * hz;
  let x1 = x0;
  let y1 = y0;
  let z1 = z0;
  if (axis === 0) {
    x0 = -hx;
    x1 = hx;
    edgeCode = 0 + (sy > 0 ? 1 : 0) + (sz > 0 ? 2 : 0);
  } else if (axis === 1) {
    y0 = -hy;
    y1 = hy;
    edgeCode = 4 + (sx > 0 ? 1 : 0) + (sz > 0 ? 2 : 0);
  } else {
    z0 = -hz;
    z1 = hz;
    edgeCode = 8 + (sx > 0 ? 1 : 0) + (sy > 0 ? 2 : 0);
  }
  if (p === proxyA) edgeCodeA = edgeCode;
  else edgeCodeB = edgeCode;
  out[0] = q.px + q.r00 * x0 + q.r01 * y0 + q.r02 * z0;
  out[1] = q.py + q.r10 * x0 + q.r11 * y0 + q.r12 * z0;
  out[2] = q.pz + q.r20 * x0 + q.r21 * y0 + q.r22 * z0;
  out[3] = q.px + q.r00 * x1 + q.r01 * y1 + q.r02 * z1;
  out[4] = q.py + q.r10 * x1 + q.r11 * y1 + q.r12 * z1;
  out[5] = q.pz + q.r20 * x1 + q.r21 * y1 + q.r22 * z1;
}

// ---------------------------------------------------------------- triangles, meshes, heightfields

/** Most triangles gathered per convex–static query. */
export const MAX_STATIC_TRIANGLES = 256;
const triList = new Int32Array(MAX_STATIC_TRIANGLES);
const triLocal = new Float64Array(9);
const triManifold = new Manifold3();
const aabb = new Float64Array(6);
const localBox = new Float64Array(6);
// gathered candidate contacts
const MAX_CAND = 4 * MAX_STATIC_TRIANGLES;
const gx = new Float64Array(MAX_CAND);
const gy = new Float64Array(MAX_CAND);
const gz = new Float64Array(MAX_CAND);
const gs = new Float64Array(MAX_CAND);
const gid = new Int32Array(MAX_CAND);
const gn = new Float64Array(3 * MAX_CAND);
const tn = new Float64Array(3);

/**
 * One convex proxy against one triangle (local vertices in `triLocal`, placed by `pose`,
 * unit local normal ln, edge flags) into `triManifold`; returns its point count.
 * Triangles are one-sided: a convex core whose reference point lies behind the plane is skipped.
 */
function convexTriangle(
  A: ConvexProxy3,
  pose: Pose3,
  lnx: number,
  lny: number,
  lnz: number,
  flags: number,
  speculative: number,
): number {
  triManifold.clear();
  proxyB.setTriangle(triLocal, pose, 0);
  pose.rotate(lnx, lny, lnz, tn, 0);
  const nx = tn[0]!;
  const ny = tn[1]!;
  const nz = tn[2]!;
  // one-sided: skip when A's centre is behind the triangle plane
  pose.toWorld(triLocal[0]!, triLocal[1]!, triLocal[2]!, v3, 0);
  A.center(v3, 3);
  const h = (v3[3]! - v3[0]!) * nx + (v3[4]! - v3[1]!) * ny + (v3[5]! - v3[2]!) * nz;
  if (h < 0) return 0;
  convexProxies(A, proxyB, speculative, triManifold);
  if (triManifold.pointCount === 0) return 0;
  // the contact normal points from A into the triangle; the face normal would be −n
  const c = -(triManifold.normalX * nx + triManifold.normalY * ny + triManifold.normalZ * nz);
  if (c > 1 - 1e-6) return triManifold.pointCount;
  if (flags !== 0 && useEdgeNormal(A, pose, flags)) return triManifold.pointCount;
  // internal feature: redo along the face normal (the triangle face as the reference)
  triNormal[0] = -nx;
  triNormal[1] = -ny;
  triNormal[2] = -nz;
  A.supportAlong(triNormal, 1, triWa, 0);
  const sep = (triWa[0]! - v3[0]!) * nx + (triWa[1]! - v3[1]!) * ny + (triWa[2]! - v3[2]!) * nz - A.radius;
  triManifold.clear();
  if (sep >= speculative) return 0;
  // witness points: A's deepest core point and its projection on the plane
  const back = sep + A.radius;
  triWb[0] = triWa[0]! - nx * back;
  triWb[1] = triWa[1]! - ny * back;
  triWb[2] = triWa[2]! - nz * back;
  manifoldFromNormal3(A, proxyB, triNormal, triWa, triWb, speculative, triManifold);
  return triManifold.pointCount;
}

const bary = new Float64Array(3);
const triWa = new Float64Array(3);
const triWb = new Float64Array(3);

/**
 * Whether the contact in `triManifold` touches the triangle at a convex edge (or a vertex with a
 * convex edge) — only then may it keep its own normal.
 */
function useEdgeNormal(A: ConvexProxy3, pose: Pose3, flags: number): boolean {
  void A;
  // locate the contact point (deepest) in the triangle: barycentric coordinates in local frame
  let k0 = 0;
  for (let k = 1; k < triManifold.pointCount; k++)
    if (triManifold.separation[k]! < triManifold.separation[k0]!) k0 = k;
  // the point on the triangle's surface: half a separation from the midpoint along the normal
  const hs = 0.5 * triManifold.separation[k0]!;
  pose.toLocal(
    triManifold.px[k0]! + hs * triManifold.normalX,
    triManifold.py[k0]! + hs * triManifold.normalY,
    triManifold.pz[k0]! + hs * triManifold.normalZ,
    v3,
    0,
  );
  const t = triLocal;
  const e0x = t[3]! - t[0]!;
  const e0y = t[4]! - t[1]!;
  const e0z = t[5]! - t[2]!;
  const e1x = t[6]! - t[0]!;
  const e1y = t[7]! - t[1]!;
  const e1z = t[8]! - t[2]!;
  const qx = v3[0]! - t[0]!;
  const qy = v3[1]! - t[1]!;
  const qz = v3[2]! - t[2]!;
  const d00 = e0x * e0x + e0y * e0y + e0z * e0z;
  const d01 = e0x * e1x + e0y * e1y + e0z * e1z;
  const d11 = e1x * e1x + e1y * e1y + e1z * e1z;
  const d20 = qx * e0x + qy * e0y + qz * e0z;
  const d21 = qx * e1x + qy * e1y + qz * e1z;
  const den = d00 * d11 - d01 * d01;
  const v = (d11 * d20 - d01 * d21) / den;
  const w = (d00 * d21 - d01 * d20) / den;
  bary[0] = 1 - v - w;
  bary[1] = v;
  bary[2] = w;
  // a tolerance relative to the triangle: near an edge when its opposite weight is small
  const eps = 1e-3;
  // edge k runs from corner k to k+1; the corner opposite is k+2
  let onConvex = false;
  let near = false;
  for (let k = 0; k < 3; k++) {
    if (bary[(k + 2) % 3]! < eps) {
      near = true;
      if (flags & (EDGE_CONVEX << k)) onConvex = true;
    }
  }
  // strictly inside the face: the face normal is right
  return near && onConvex;
}

function gather(tri: number): void {
  const m = triManifold;
  for (let k = 0; k < m.pointCount && gatherCount < MAX_CAND; k++) {
    const g = gatherCount++;
    gx[g] = m.px[k]!;
    gy[g] = m.py[k]!;
    gz[g] = m.pz[k]!;
    gs[g] = m.separation[k]!;
    // mix the triangle index into B's half of the id
    gid[g] = (m.id[k]! & 0xffff0000) | ((m.id[k]! + Math.imul(tri + 1, 0x9e37)) & 0xffff);
    gn[3 * g] = m.normalX;
    gn[3 * g + 1] = m.normalY;
    gn[3 * g + 2] = m.normalZ;
  }
}
let gatherCount = 0;

/** Contacts from neighbouring triangles closer than this (m) are one contact. */
const DUPLICATE_DISTANCE = 1e-6;

const taken = new Uint8Array(MAX_CAND);
const hx = new Float64Array(MAX_CAND);
const hy = new Float64Array(MAX_CAND);
const hz = new Float64Array(MAX_CAND);
const hs = new Float64Array(MAX_CAND);
const hid = new Int32Array(MAX_CAND);

/**
 * One manifold from the gathered contacts not yet taken: the deepest one's normal, with every
 * untaken point whose normal is within cos 0.9 of it (its separation projected on the normal,
 * duplicates merged), reduced to 4. Returns false when no point was left.
 */
function mergeGathered(out: Manifold3): boolean {
  out.clear();
  let d = -1;
  for (let g = 0; g < gatherCount; g++) if (!taken[g] && (d < 0 || gs[g]! < gs[d]!)) d = g;
  if (d < 0) return false;
  const nx = gn[3 * d]!;
  const ny = gn[3 * d + 1]!;
  const nz = gn[3 * d + 2]!;
  out.normalX = nx;
  out.normalY = ny;
  out.normalZ = nz;
  let c = 0;
  for (let g = 0; g < gatherCount; g++) {
    if (taken[g]) continue;
    const cos = gn[3 * g]! * nx + gn[3 * g + 1]! * ny + gn[3 * g + 2]! * nz;
    if (cos < 0.9) continue;
    taken[g] = 1;
    // the same point found on two neighbouring triangles (a shared edge or vertex): keep one
    let dup = false;
    for (let k = 0; k < c; k++) {
      const dx = hx[k]! - gx[g]!;
      const dy = hy[k]! - gy[g]!;
      const dz = hz[k]! - gz[g]!;
      if (dx * dx + dy * dy + dz * dz < DUPLICATE_DISTANCE * DUPLICATE_DISTANCE) {
        dup = true;
        if (gs[g]! * cos < hs[k]!) hs[k] = gs[g]! * cos;
        break;
      }
    }
    if (dup) continue;
    hx[c] = gx[g]!;
    hy[c] = gy[g]!;
    hz[c] = gz[g]!;
    hs[c] = gs[g]! * cos;
    hid[c] = gid[g]!;
    c++;
  }
  mergeNormal[0] = nx;
  mergeNormal[1] = ny;
  mergeNormal[2] = nz;
  reduceContacts3(hx, hy, hz, hs, hid, c, mergeNormal, out);
  return true;
}

/**
 * Contacts of a convex shape against a static triangle mesh or heightfield (either order) as
 * several manifolds, one per group of similar normals — e.g. a box in the corner of a bowl gets
 * one for the floor and one for the wall, where `collide3` keeps only the deepest group. Fills
 * `outs[0..]` (each up to 4 points, normal from A to B) and returns how many; the groups beyond
 * `outs.length` are dropped, deepest first kept. Convex–convex pairs give `collide3`'s one manifold.
 */
export function collideStatic3(
  a: Shape3,
  xfA: ArrayLike<number>,
  oa: number,
  b: Shape3,
  xfB: ArrayLike<number>,
  ob: number,
  speculative: number,
  outs: readonly Manifold3[],
): number {
  if (outs.length === 0) return 0;
  const aStatic = a.kind >= ShapeKind3.MESH;
  const bStatic = b.kind >= ShapeKind3.MESH;
  if (aStatic === bStatic) {
    collide3(a, xfA, oa, b, xfB, ob, speculative, outs[0]!);
    return outs[0]!.pointCount > 0 ? 1 : 0;
  }
  if (aStatic)
    gatherStatic(b as ConvexShape3, xfB, ob, a as TriangleMesh3 | Heightfield3, xfA, oa, speculative);
  else gatherStatic(a as ConvexShape3, xfA, oa, b as TriangleMesh3 | Heightfield3, xfB, ob, speculative);
  taken.fill(0, 0, gatherCount);
  let n = 0;
  while (n < outs.length && mergeGathered(outs[n]!)) {
    if (aStatic) flip(outs[n]!);
    n++;
  }
  return n;
}

/** Convex a against the static mesh or heightfield b (normal from a to b). */
function collideStatic(
  a: ConvexShape3,
  xfA: ArrayLike<number>,
  oa: number,
  b: TriangleMesh3 | Heightfield3,
  xfB: ArrayLike<number>,
  ob: number,
  speculative: number,
  out: Manifold3,
): void {
  gatherStatic(a, xfA, oa, b, xfB, ob, speculative);
  taken.fill(0, 0, gatherCount);
  mergeGathered(out);
}

/** Gathers the per-triangle contacts of convex a against the static b (normal from a to b). */
function gatherStatic(
  a: ConvexShape3,
  xfA: ArrayLike<number>,
  oa: number,
  b: TriangleMesh3 | Heightfield3,
  xfB: ArrayLike<number>,
  ob: number,
  speculative: number,
): void {
  const A = proxyA.setShape(a, xfA, oa);
  poseB.set(xfB, ob);
  computeLocalBounds(a, xfA, oa, poseB, speculative);
  gatherCount = 0;
  if (b.kind === ShapeKind3.MESH) {
    const n = b.queryAabb(localBox, 0, triList);
    const v = b.vertices;
    const idx = b.indices;
    for (let m = 0; m < n; m++) {
      const t = triList[m]!;
      for (let k = 0; k < 3; k++) {
        const p = 3 * idx[3 * t + k]!;
        triLocal[3 * k] = v[p]!;
        triLocal[3 * k + 1] = v[p + 1]!;
        triLocal[3 * k + 2] = v[p + 2]!;
      }
      if (
        convexTriangle(
          A,
          poseB,
          b.normals[3 * t]!,
          b.normals[3 * t + 1]!,
          b.normals[3 * t + 2]!,
          b.edgeFlags[t]!,
          speculative,
        ) > 0
      )
        gather(t);
    }
  } else {
    const c0 = Math.max(0, Math.floor((localBox[0]! - b.x(0)) / b.spacingX));
    const c1 = Math.min(b.cols - 2, Math.floor((localBox[3]! - b.x(0)) / b.spacingX));
    const r0 = Math.max(0, Math.floor((localBox[2]! - b.z(0)) / b.spacingZ));
    const r1 = Math.min(b.rows - 2, Math.floor((localBox[5]! - b.z(0)) / b.spacingZ));
    if (localBox[1]! > b.maxHeight || localBox[4]! < b.minHeight) return;
    for (let r = r0; r <= r1; r++)
      for (let c = c0; c <= c1; c++)
        for (let half = 0; half < 2; half++) {
          const flags = heightfieldTriangle(b, r, c, half);
          if (convexTriangle(A, poseB, tn2[0]!, tn2[1]!, tn2[2]!, flags, speculative) > 0)
            gather(2 * (r * (b.cols - 1) + c) + half);
        }
  }
}

const tn2 = new Float64Array(3);

function hfPoint(b: Heightfield3, r: number, c: number, out: Float64Array, o: number): void {
  out[o] = b.x(c);
  out[o + 1] = b.heights[r * b.cols + c]!;
  out[o + 2] = b.z(r);
}

const far = new Float64Array(3);

/**
 * Loads heightfield triangle `half` of cell (r, c) into triLocal (and its normal into tn2);
 * returns its edge flags. Half 0 is (p00, p11, p01), half 1 is (p00, p10, p11), p_rc = sample
 * (r + row offset, c + column offset); both face +y.
 */
export function heightfieldTriangle(b: Heightfield3, r: number, c: number, half: number): number {
  if (half === 0) {
    hfPoint(b, r, c, triLocal, 0);
    hfPoint(b, r + 1, c + 1, triLocal, 3);
    hfPoint(b, r, c + 1, triLocal, 6);
  } else {
    hfPoint(b, r, c, triLocal, 0);
    hfPoint(b, r + 1, c, triLocal, 3);
    hfPoint(b, r + 1, c + 1, triLocal, 6);
  }
  const t = triLocal;
  const ux = t[3]! - t[0]!;
  const uy = t[4]! - t[1]!;
  const uz = t[5]! - t[2]!;
  const wx = t[6]! - t[0]!;
  const wy = t[7]! - t[1]!;
  const wz = t[8]! - t[2]!;
  let nx = uy * wz - uz * wy;
  let ny = uz * wx - ux * wz;
  let nz = ux * wy - uy * wx;
  const l = Math.sqrt(nx * nx + ny * ny + nz * nz);
  nx /= l;
  ny /= l;
  nz /= l;
  tn2[0] = nx;
  tn2[1] = ny;
  tn2[2] = nz;
  // the neighbour's far vertex across each edge
  let flags = 0;
  for (let k = 0; k < 3; k++) {
    let fr: number;
    let fc: number;
    if (half === 0) {
      if (k === 0) {
        fr = r + 1;
        fc = c;
      } else if (k === 1) {
        fr = r + 1;
        fc = c + 2;
      } else {
        fr = r - 1;
        fc = c;
      }
    } else if (k === 0) {
      fr = r;
      fc = c - 1;
    } else if (k === 1) {
      fr = r + 2;
      fc = c + 1;
    } else {
      fr = r;
      fc = c + 1;
    }
    if (fr < 0 || fc < 0 || fr >= b.rows || fc >= b.cols) {
      flags |= EDGE_CONVEX << k;
      continue;
    }
    hfPoint(b, fr, fc, far, 0);
    const d = nx * (far[0]! - t[0]!) + ny * (far[1]! - t[1]!) + nz * (far[2]! - t[2]!);
    const scale = Math.max(b.spacingX, b.spacingZ);
    if (d < -1e-9 * scale) flags |= EDGE_CONVEX << k;
  }
  return flags;
}

/** A's world bounds expanded by `speculative`, moved into B's local frame (as a box around the rotated box). */
function computeLocalBounds(
  a: ConvexShape3,
  xfA: ArrayLike<number>,
  oa: number,
  pose: Pose3,
  speculative: number,
): void {
  computeAabb3Local(a, xfA, oa);
  const cx = 0.5 * (aabb[0]! + aabb[3]!);
  const cy = 0.5 * (aabb[1]! + aabb[4]!);
  const cz = 0.5 * (aabb[2]! + aabb[5]!);
  const ex = 0.5 * (aabb[3]! - aabb[0]!) + speculative;
  const ey = 0.5 * (aabb[4]! - aabb[1]!) + speculative;
  const ez = 0.5 * (aabb[5]! - aabb[2]!) + speculative;
  pose.toLocal(cx, cy, cz, v3, 0);
  // |Rᵀ| e
  const lx = Math.abs(pose.r00) * ex + Math.abs(pose.r10) * ey + Math.abs(pose.r20) * ez;
  const ly = Math.abs(pose.r01) * ex + Math.abs(pose.r11) * ey + Math.abs(pose.r21) * ez;
  const lz = Math.abs(pose.r02) * ex + Math.abs(pose.r12) * ey + Math.abs(pose.r22) * ez;
  localBox[0] = v3[0]! - lx;
  localBox[1] = v3[1]! - ly;
  localBox[2] = v3[2]! - lz;
  localBox[3] = v3[0]! + lx;
  localBox[4] = v3[1]! + ly;
  localBox[5] = v3[2]! + lz;
}

function computeAabb3Local(a: ConvexShape3, xfA: ArrayLike<number>, oa: number): void {
  computeAabb3(a, xfA, oa, aabb, 0);
}
