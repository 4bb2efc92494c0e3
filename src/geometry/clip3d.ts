/**
 * Contact manifolds in 3D by face clipping (textbook §26.2: "the engine clips to a set of up to
 * 4 points"). Given a contact normal n (from A to B), each shape offers the feature of its core
 * that faces the other: a face polygon (box, hull, cylinder cap, triangle), a segment (capsule,
 * cylinder side) or a point. The better-aligned face is the reference; the other feature (the
 * incident one) is clipped against the reference face's side planes (Sutherland–Hodgman), and
 * the clipped points below the reference plane (or within the speculative distance) become
 * contacts. More than 4 points are reduced to 4: the deepest, the farthest from it, then the two
 * that span the largest area. When no face is aligned with n (edge against edge), the single pair
 * of closest points is the contact.
 *
 * Feature ids: each point's id is (code of A's feature << 16) | code of B's feature, with codes
 * (tag << 14) | index, tag 0 vertex, 1 face edge, 2 face, 3 a reference side plane — so an id
 * means the same whichever shape was the reference.
 */
import type { Manifold3 } from './manifold3d.js';
import { type ConvexProxy3, CoreKind3 } from './support3d.js';

/** Faces within this cosine of the normal count as aligned (may serve as reference). */
export const FACE_ALIGN_COS = 0.98;
/** A clipped face may measure at most this much deeper than the normal's separation: |sep| / 0.95 + 2.5 mm. */
const FACE_REL_TOL = 0.95;
const FACE_ABS_TOL = 0.0025;
/** Capsule and cylinder sides within this |cos| of perpendicular offer their whole segment. */
const SIDE_COS = 0.02;
/** Polygons up to this size (a cylinder cap is an octagon; clipping adds points). */
const MAX_POLY = 32;
const CAP_SIDES = 8;
/** cos and sin of k·45° for the cylinder caps (exact constants: no libm at start-up) */
const H = Math.SQRT1_2;
const CAP_C = new Float64Array([1, H, 0, -H, -1, -H, 0, H]);
const CAP_S = new Float64Array([0, H, 1, H, 0, -H, -1, -H]);

/** Tag of a vertex feature code. */
export const FEATURE_VERTEX = 0;
/** Tag of a face-edge feature code. */
export const FEATURE_EDGE = 1;
/** Tag of a face feature code. */
export const FEATURE_FACE = 2;
/** Tag of a reference side plane. */
export const FEATURE_SIDE = 3;

/** A feature code: (tag << 14) | (index & 0x3fff). */
export function featureCode(tag: number, index: number): number {
  return ((tag & 3) << 14) | (index & 0x3fff);
}

/** The feature of a core facing a direction: a polygon (counter-clockwise seen along +normal), a segment or a point. */
export class Feature3 {
  /** vertex count: 1 point, 2 segment, ≥ 3 polygon */
  count = 0;
  /** world vertices x */
  readonly x = new Float64Array(MAX_POLY);
  /** world vertices y */
  readonly y = new Float64Array(MAX_POLY);
  /** world vertices z */
  readonly z = new Float64Array(MAX_POLY);
  /** feature code of each vertex */
  readonly vcode = new Uint16Array(MAX_POLY);
  /** feature code of the edge from vertex k to k + 1 */
  readonly ecode = new Uint16Array(MAX_POLY);
  /** the face code (polygons) */
  face = 0;
  /** the face's outward unit normal (world) */
  nx = 0;
  /** normal y */
  ny = 0;
  /** normal z */
  nz = 0;
  /** cosine between the face normal and the query direction (0 for points and segments) */
  align = 0;
}

const ld = new Float64Array(3);
/** a contact point handed to Manifold3.addPoint: [x, y, z, separation, id] (no boxed doubles) */
const pointScratch = new Float64Array(5);
const tp = new Float64Array(3);

function put(
  f: Feature3,
  k: number,
  p: ConvexProxy3,
  x: number,
  y: number,
  z: number,
  vcode: number,
  ecode: number,
): void {
  p.pose.toWorld(x, y, z, tp, 0);
  f.x[k] = tp[0]!;
  f.y[k] = tp[1]!;
  f.z[k] = tp[2]!;
  f.vcode[k] = vcode;
  f.ecode[k] = ecode;
}
function faceNormal(
  f: Feature3,
  p: ConvexProxy3,
  x: number,
  y: number,
  z: number,
  align: number,
  face: number,
): void {
  p.pose.rotate(x, y, z, tp, 0);
  f.nx = tp[0]!;
  f.ny = tp[1]!;
  f.nz = tp[2]!;
  f.align = align;
  f.face = featureCode(FEATURE_FACE, face);
}

// box faces: normal axis, sign, and the 4 corners counter-clockwise seen from outside
// corner bits: x = bit 0, y = bit 1, z = bit 2 (set = +)
const BOX_FACES = new Int8Array([
  // +x: corners (1,0,0)(1,1,0)(1,1,1)(1,0,1)
  1, 3, 7, 5,
  // −x
  0, 4, 6, 2,
  // +y
  2, 6, 7, 3,
  // −y
  0, 1, 5, 4,
  // +z
  4, 5, 7, 6,
  // −z
  0, 2, 3, 1,
]);

/**
 * The box face most aligned with the local direction in `ld`, into `f` (4 corners
 * counter-clockwise seen from outside, their vertex and edge codes, the world normal). The pose
 * math is written out: in the step's hot path no double may cross a call that the optimiser
 * leaves un-inlined (it would be boxed: a heap allocation per corner).
 */
function boxFeature(p: ConvexProxy3, f: Feature3): void {
  const lx = ld[0]!;
  const ly = ld[1]!;
  const lz = ld[2]!;
  const ax = Math.abs(lx);
  const ay = Math.abs(ly);
  const az = Math.abs(lz);
  let face: number;
  let align: number;
  if (ax >= ay && ax >= az) {
    face = lx >= 0 ? 0 : 1;
    align = ax;
  } else if (ay >= az) {
    face = ly >= 0 ? 2 : 3;
    align = ay;
  } else {
    face = lz >= 0 ? 4 : 5;
    align = az;
  }
  const q = p.pose;
  const hx = p.hx;
  const hy = p.hy;
  const hz = p.hz;
  f.count = 4;
  for (let k = 0; k < 4; k++) {
    const c = BOX_FACES[4 * face + k]!;
    const x = c & 1 ? hx : -hx;
    const y = c & 2 ? hy : -hy;
    const z = c & 4 ? hz : -hz;
    f.x[k] = q.px + q.r00 * x + q.r01 * y + q.r02 * z;
    f.y[k] = q.py + q.r10 * x + q.r11 * y + q.r12 * z;
    f.z[k] = q.pz + q.r20 * x + q.r21 * y + q.r22 * z;
    f.vcode[k] = featureCode(FEATURE_VERTEX, c);
    f.ecode[k] = featureCode(FEATURE_EDGE, 4 * face + k);
  }
  // the face normal: ± the rotation's column of the face's axis
  const s = face & 1 ? -1 : 1;
  const axis = face >> 1;
  f.nx = s * (axis === 0 ? q.r00 : axis === 1 ? q.r01 : q.r02);
  f.ny = s * (axis === 0 ? q.r10 : axis === 1 ? q.r11 : q.r12);
  f.nz = s * (axis === 0 ? q.r20 : axis === 1 ? q.r21 : q.r22);
  f.align = align;
  f.face = featureCode(FEATURE_FACE, face);
}

/**
 * The feature of proxy `p`'s core facing world direction `sign · (d[0], d[1], d[2])` (unit), into
 * `f`. The direction comes in an array with a ±1 sign, not as three numbers: a double handed to a
 * function the optimiser does not inline is boxed (a heap allocation per call).
 */
export function featureToward(p: ConvexProxy3, d: ArrayLike<number>, sign: number, f: Feature3): void {
  // Pose3.unrotate written out (computed doubles crossing an un-inlined call are boxed)
  const q = p.pose;
  const dx = sign * d[0]!;
  const dy = sign * d[1]!;
  const dz = sign * d[2]!;
  const lx = q.r00 * dx + q.r10 * dy + q.r20 * dz;
  const ly = q.r01 * dx + q.r11 * dy + q.r21 * dz;
  const lz = q.r02 * dx + q.r12 * dy + q.r22 * dz;
  ld[0] = lx;
  ld[1] = ly;
  ld[2] = lz;
  f.align = 0;
  f.face = featureCode(FEATURE_FACE, 0);
  switch (p.core) {
    case CoreKind3.POINT:
      f.count = 1;
      put(f, 0, p, 0, 0, 0, 0, 0);
      // faceNormal(f, p, lx, ly, lz, 0, 0) written out (Pose3.rotate's arithmetic)
      f.nx = q.r00 * lx + q.r01 * ly + q.r02 * lz;
      f.ny = q.r10 * lx + q.r11 * ly + q.r12 * lz;
      f.nz = q.r20 * lx + q.r21 * ly + q.r22 * lz;
      f.align = 0;
      f.face = featureCode(FEATURE_FACE, 0);
      return;
    case CoreKind3.SEGMENT: {
      // the ends (0, ±hy, 0) through the pose written out, as Pose3.toWorld computes them (the
      // computed ±hy would be boxed at an un-inlined call)
      const hy = p.hy;
      if (Math.abs(ly) <= SIDE_COS) {
        f.count = 2;
        const y0 = -hy;
        f.x[0] = q.px + q.r00 * 0 + q.r01 * y0 + q.r02 * 0;
        f.y[0] = q.py + q.r10 * 0 + q.r11 * y0 + q.r12 * 0;
        f.z[0] = q.pz + q.r20 * 0 + q.r21 * y0 + q.r22 * 0;
        f.vcode[0] = featureCode(0, 0);
        f.ecode[0] = featureCode(1, 0);
        f.x[1] = q.px + q.r00 * 0 + q.r01 * hy + q.r02 * 0;
        f.y[1] = q.py + q.r10 * 0 + q.r11 * hy + q.r12 * 0;
        f.z[1] = q.pz + q.r20 * 0 + q.r21 * hy + q.r22 * 0;
        f.vcode[1] = featureCode(0, 1);
        f.ecode[1] = featureCode(1, 0);
      } else {
        f.count = 1;
        const s = ly > 0 ? 1 : 0;
        const y = s ? hy : -hy;
        f.x[0] = q.px + q.r00 * 0 + q.r01 * y + q.r02 * 0;
        f.y[0] = q.py + q.r10 * 0 + q.r11 * y + q.r12 * 0;
        f.z[0] = q.pz + q.r20 * 0 + q.r21 * y + q.r22 * 0;
        f.vcode[0] = featureCode(0, s);
        f.ecode[0] = 0;
      }
      // faceNormal(f, p, lx, ly, lz, 0, 0) written out (Pose3.rotate's arithmetic)
      f.nx = q.r00 * lx + q.r01 * ly + q.r02 * lz;
      f.ny = q.r10 * lx + q.r11 * ly + q.r12 * lz;
      f.nz = q.r20 * lx + q.r21 * ly + q.r22 * lz;
      f.align = 0;
      f.face = featureCode(FEATURE_FACE, 0);
      return;
    }
    case CoreKind3.BOX:
      boxFeature(p, f);
      return;
    case CoreKind3.CYLINDER: {
      const r = p.hz;
      const h = p.hy;
      const rl = Math.sqrt(lx * lx + lz * lz);
      if (Math.abs(ly) > SIDE_COS && Math.abs(ly) >= rl * 0.2) {
        // cap polygon
        const top = ly > 0;
        f.count = CAP_SIDES;
        for (let k = 0; k < CAP_SIDES; k++) {
          // counter-clockwise seen from outside: top seen from +y goes x → −z
          const m = top ? k : CAP_SIDES - 1 - k;
          const base = top ? 0 : CAP_SIDES;
          put(
            f,
            k,
            p,
            r * CAP_C[m]!,
            top ? h : -h,
            -r * CAP_S[m]!,
            featureCode(0, base + m),
            featureCode(1, base + k),
          );
        }
        faceNormal(f, p, 0, top ? 1 : -1, 0, Math.abs(ly), top ? 0 : 1);
        return;
      }
      const sx = rl > 1e-12 ? lx / rl : 1;
      const sz = rl > 1e-12 ? lz / rl : 0;
      if (Math.abs(ly) <= SIDE_COS) {
        f.count = 2;
        put(f, 0, p, r * sx, -h, r * sz, featureCode(0, 16), featureCode(1, 16));
        put(f, 1, p, r * sx, h, r * sz, featureCode(0, 17), featureCode(1, 16));
      } else {
        f.count = 1;
        put(f, 0, p, r * sx, ly > 0 ? h : -h, r * sz, featureCode(0, ly > 0 ? 17 : 16), 0);
      }
      faceNormal(f, p, sx, 0, sz, 0, 2);
      return;
    }
    case CoreKind3.HULL: {
      const hl = p.hull!;
      const pl = hl.planes;
      let best = 0;
      let bd = -Infinity;
      for (let g = 0; g < hl.faceCount; g++) {
        const d = pl[4 * g]! * lx + pl[4 * g + 1]! * ly + pl[4 * g + 2]! * lz;
        if (d > bd) {
          bd = d;
          best = g;
        }
      }
      const s = hl.faceStart[best]!;
      const e = Math.min(hl.faceStart[best + 1]!, s + MAX_POLY);
      const v = hl.vertices;
      f.count = e - s;
      for (let k = s; k < e; k++) {
        const i = hl.faceVertices[k]!;
        put(f, k - s, p, v[3 * i]!, v[3 * i + 1]!, v[3 * i + 2]!, featureCode(0, i), featureCode(1, k));
      }
      faceNormal(f, p, pl[4 * best]!, pl[4 * best + 1]!, pl[4 * best + 2]!, bd, best);
      return;
    }
    default: {
      // triangle: its front face when the direction is on the front side, else its support vertex
      const t = p.tri;
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
      const c = nx * lx + ny * ly + nz * lz;
      if (c >= 0) {
        f.count = 3;
        for (let k = 0; k < 3; k++)
          put(f, k, p, t[3 * k]!, t[3 * k + 1]!, t[3 * k + 2]!, featureCode(0, k), featureCode(1, k));
        faceNormal(f, p, nx, ny, nz, c, 0);
      } else {
        // back side: the plane with reversed winding
        f.count = 3;
        for (let k = 0; k < 3; k++) {
          const m = 2 - k;
          put(
            f,
            k,
            p,
            t[3 * m]!,
            t[3 * m + 1]!,
            t[3 * m + 2]!,
            featureCode(0, m),
            featureCode(1, (m + 2) % 3),
          );
        }
        faceNormal(f, p, -nx, -ny, -nz, -c, 1);
      }
      return;
    }
  }
}

// clipping buffers: two ping-pong polygons with ids
const cx0 = new Float64Array(MAX_POLY * 2);
const cy0 = new Float64Array(MAX_POLY * 2);
const cz0 = new Float64Array(MAX_POLY * 2);
const ci0 = new Int32Array(MAX_POLY * 2);
const ce0 = new Uint16Array(MAX_POLY * 2);
const cx1 = new Float64Array(MAX_POLY * 2);
const cy1 = new Float64Array(MAX_POLY * 2);
const cz1 = new Float64Array(MAX_POLY * 2);
const ci1 = new Int32Array(MAX_POLY * 2);
const ce1 = new Uint16Array(MAX_POLY * 2);
// candidate contacts before reduction
const kx = new Float64Array(MAX_POLY * 2);
const ky = new Float64Array(MAX_POLY * 2);
const kz = new Float64Array(MAX_POLY * 2);
const ks = new Float64Array(MAX_POLY * 2);
const kid = new Int32Array(MAX_POLY * 2);

/**
 * Clips `inc` against the side planes of the reference polygon `ref` and writes the contacts
 * (separation < speculative) into `out` with normal `refIsA ? ref normal : −ref normal`.
 * `rRef`, `rInc` are the rounding radii. Returns the number of points written.
 */
export function clipFeatures3(
  ref: Feature3,
  inc: Feature3,
  refIsA: boolean,
  radii: ArrayLike<number>,
  speculative: number,
  out: Manifold3,
): number {
  const rRef = radii[0]!;
  const rInc = radii[1]!;
  // incident polygon (ids: incident vertex code low, reference face high)
  let n = inc.count;
  for (let k = 0; k < n; k++) {
    cx0[k] = inc.x[k]!;
    cy0[k] = inc.y[k]!;
    cz0[k] = inc.z[k]!;
    ci0[k] = (ref.face << 16) | inc.vcode[k]!;
    ce0[k] = inc.ecode[k]!;
  }
  let px = cx0;
  let py = cy0;
  let pz = cz0;
  let pi = ci0;
  let pe = ce0;
  let qx = cx1;
  let qy = cy1;
  let qz = cz1;
  let qi = ci1;
  let qe = ce1;
  const rnx = ref.nx;
  const rny = ref.ny;
  const rnz = ref.nz;
  const rc = ref.count;
  // a polygon with n = 2 is a segment: clip it as an open polyline (no closing edge)
  for (let j = 0; j < rc && n > 0; j++) {
    const j1 = j + 1 === rc ? 0 : j + 1;
    const ex = ref.x[j1]! - ref.x[j]!;
    const ey = ref.y[j1]! - ref.y[j]!;
    const ez = ref.z[j1]! - ref.z[j]!;
    // side plane normal: edge × face normal (outward for a counter-clockwise polygon)
    const sx = ey * rnz - ez * rny;
    const sy = ez * rnx - ex * rnz;
    const sz = ex * rny - ey * rnx;
    const sd = sx * ref.x[j]! + sy * ref.y[j]! + sz * ref.z[j]!;
    const sideCode = featureCode(FEATURE_SIDE, j);
    let m = 0;
    const closed = n > 2;
    const edgesToDo = closed ? n : n - 1;
    if (n === 1) {
      if (sx * px[0]! + sy * py[0]! + sz * pz[0]! - sd <= 0) m = 1;
      else m = 0;
      if (m === 1) {
        qx[0] = px[0]!;
        qy[0] = py[0]!;
        qz[0] = pz[0]!;
        qi[0] = pi[0]!;
        qe[0] = pe[0]!;
      }
    } else {
      for (let k = 0; k < edgesToDo; k++) {
        const k1 = k + 1 === n ? 0 : k + 1;
        const da = sx * px[k]! + sy * py[k]! + sz * pz[k]! - sd;
        const db = sx * px[k1]! + sy * py[k1]! + sz * pz[k1]! - sd;
        if (da <= 0) {
          qx[m] = px[k]!;
          qy[m] = py[k]!;
          qz[m] = pz[k]!;
          qi[m] = pi[k]!;
          qe[m] = pe[k]!;
          m++;
        }
        if (da <= 0 !== db <= 0 && m < MAX_POLY * 2) {
          const t = da / (da - db);
          qx[m] = px[k]! + t * (px[k1]! - px[k]!);
          qy[m] = py[k]! + t * (py[k1]! - py[k]!);
          qz[m] = pz[k]! + t * (pz[k1]! - pz[k]!);
          const ek = pe[k]!;
          if (ek >>> 14 === FEATURE_SIDE) {
            // the edge runs along an earlier side plane j0: the point is a corner of the reference
            const j0 = ek & 0x3fff;
            const corner = (j0 + 1) % rc === j ? j : (j + 1) % rc === j0 ? j0 : -1;
            qi[m] = corner >= 0 ? (ref.vcode[corner]! << 16) | inc.face : (sideCode << 16) | (j0 & 0x3fff);
          } else qi[m] = (ref.ecode[j]! << 16) | ek;
          // entering keeps the incident edge; leaving runs along the side plane
          qe[m] = da <= 0 ? sideCode : pe[k]!;
          m++;
        }
      }
      if (!closed && n === 2) {
        // the open segment's last vertex
        const db = sx * px[1]! + sy * py[1]! + sz * pz[1]! - sd;
        if (db <= 0) {
          qx[m] = px[1]!;
          qy[m] = py[1]!;
          qz[m] = pz[1]!;
          qi[m] = pi[1]!;
          qe[m] = pe[1]!;
          m++;
        }
        // order: entering/leaving may have put the crossing before the kept end; fine for 2 points
      }
    }
    n = m;
    let t1 = px;
    px = qx;
    qx = t1;
    t1 = py;
    py = qy;
    qy = t1;
    t1 = pz;
    pz = qz;
    qz = t1;
    const t2 = pi;
    pi = qi;
    qi = t2;
    const t3 = pe;
    pe = qe;
    qe = t3;
    if (!closed && n > 2) n = 2;
  }
  // keep the points below the reference plane (+ speculative)
  const rd = rnx * ref.x[0]! + rny * ref.y[0]! + rnz * ref.z[0]!;
  let c = 0;
  for (let k = 0; k < n; k++) {
    const dist = rnx * px[k]! + rny * py[k]! + rnz * pz[k]! - rd;
    const sep = dist - rRef - rInc;
    if (sep >= speculative) continue;
    // midway between the incident surface point and the reference surface point
    const back = 0.5 * (dist - rRef + rInc);
    kx[c] = px[k]! - rnx * back;
    ky[c] = py[k]! - rny * back;
    kz[c] = pz[k]! - rnz * back;
    ks[c] = sep;
    const id = pi[k]!;
    // ids: A's half high, B's half low
    kid[c] = refIsA ? id : ((id & 0xffff) << 16) | (id >>> 16);
    c++;
  }
  if (refIsA) {
    out.normalX = rnx;
    out.normalY = rny;
    out.normalZ = rnz;
  } else {
    out.normalX = -rnx;
    out.normalY = -rny;
    out.normalZ = -rnz;
  }
  refNormal[0] = rnx;
  refNormal[1] = rny;
  refNormal[2] = rnz;
  reduceContacts3(kx, ky, kz, ks, kid, c, refNormal, out);
  return out.pointCount;
}

/** the reference normal handed to reduceContacts3 (an array: see featureToward) */
const refNormal = new Float64Array(3);
/** the two radii handed to clipFeatures3 (reference, incident) */
const clipRadii = new Float64Array(2);

/**
 * Writes `c` candidate contacts (positions x, y, z, separations s, ids) into `out`, reduced to at
 * most 4: the deepest, the farthest from it, then the two spanning the largest triangle areas on
 * either side (signed along the normal n = (n[0], n[1], n[2])). The normal of `out` is left as it is.
 */
export function reduceContacts3(
  kx: ArrayLike<number>,
  ky: ArrayLike<number>,
  kz: ArrayLike<number>,
  ks: ArrayLike<number>,
  kid: ArrayLike<number>,
  c: number,
  n: ArrayLike<number>,
  out: Manifold3,
): void {
  const nx = n[0]!;
  const ny = n[1]!;
  const nz = n[2]!;
  out.pointCount = 0;
  if (c <= 4) {
    for (let k = 0; k < c; k++) out.addFrom(kx, ky, kz, ks, kid, k);
    return;
  }
  // 1: deepest
  let i0 = 0;
  for (let k = 1; k < c; k++) if (ks[k]! < ks[i0]!) i0 = k;
  // 2: farthest from it
  let i1 = -1;
  let best = -1;
  for (let k = 0; k < c; k++) {
    if (k === i0) continue;
    const dx = kx[k]! - kx[i0]!;
    const dy = ky[k]! - ky[i0]!;
    const dz = kz[k]! - kz[i0]!;
    const d = dx * dx + dy * dy + dz * dz;
    if (d > best) {
      best = d;
      i1 = k;
    }
  }
  // 3: largest triangle area with i0, i1 (signed along n); 4: largest area on the other side
  let i2 = -1;
  let i3 = -1;
  let amax = 0;
  let amin = 0;
  for (let k = 0; k < c; k++) {
    if (k === i0 || k === i1) continue;
    const ax = kx[i0]! - kx[k]!;
    const ay = ky[i0]! - ky[k]!;
    const az = kz[i0]! - kz[k]!;
    const bx = kx[i1]! - kx[k]!;
    const by = ky[i1]! - ky[k]!;
    const bz = kz[i1]! - kz[k]!;
    const a = nx * (ay * bz - az * by) + ny * (az * bx - ax * bz) + nz * (ax * by - ay * bx);
    if (a > amax) {
      amax = a;
      i2 = k;
    }
    if (a < amin) {
      amin = a;
      i3 = k;
    }
  }
  out.addFrom(kx, ky, kz, ks, kid, i0);
  out.addFrom(kx, ky, kz, ks, kid, i1);
  if (i2 >= 0) out.addFrom(kx, ky, kz, ks, kid, i2);
  if (i3 >= 0) out.addFrom(kx, ky, kz, ks, kid, i3);
}

const fa = new Feature3();
const fb = new Feature3();

/**
 * A manifold for two cores with contact normal n = (n[0], n[1], n[2]) (unit, A to B): the features facing
 * each other are clipped when one of them is a face aligned with the normal; otherwise the
 * single point pair (pa on A's core, pb on B's core, world) is the contact. Radii are the proxies'.
 * With `preferB`, B's face is the reference whenever it is aligned.
 */
export function manifoldFromNormal3(
  A: ConvexProxy3,
  B: ConvexProxy3,
  n: ArrayLike<number>,
  pa: ArrayLike<number>,
  pb: ArrayLike<number>,
  speculative: number,
  out: Manifold3,
  preferB = false,
): void {
  out.clear();
  const nx = n[0]!;
  const ny = n[1]!;
  const nz = n[2]!;
  // separation along n between the rounded surfaces
  const sep = (pb[0]! - pa[0]!) * nx + (pb[1]! - pa[1]!) * ny + (pb[2]! - pa[2]!) * nz - A.radius - B.radius;
  featureToward(A, n, 1, fa);
  featureToward(B, n, -1, fb);
  const bFace = fb.count >= 3 && fb.align >= FACE_ALIGN_COS;
  const useA =
    fa.count >= 3 && fa.align >= FACE_ALIGN_COS && !(bFace && (preferB || fb.align > fa.align + 1e-3));
  const useB = !useA && bFace;
  if (useA || useB) {
    clipRadii[0] = useA ? A.radius : B.radius;
    clipRadii[1] = useA ? B.radius : A.radius;
    const count = useA
      ? clipFeatures3(fa, fb, true, clipRadii, speculative, out)
      : clipFeatures3(fb, fa, false, clipRadii, speculative, out);
    if (count > 0) {
      // a face a little off the normal measures deeper: accept it within the tolerance SAT gives
      // faces over edge pairs (5 % + 2.5 mm), else fall back to the single point along n
      // the deepest clipped point (written out: a returned double would be boxed)
      const ps = out.separation;
      let deepest = ps[0]!;
      for (let k = 1; k < out.pointCount; k++) if (ps[k]! < deepest) deepest = ps[k]!;
      if (deepest >= sep - Math.abs(sep) * (1 / FACE_REL_TOL - 1) - FACE_ABS_TOL - 1e-9) return;
    }
    out.clear();
  }
  if (sep >= speculative) return;
  out.normalX = nx;
  out.normalY = ny;
  out.normalZ = nz;
  // midway between A's surface (pa + rA n) and B's surface (pb − rB n)
  const mx = 0.5 * (pa[0]! + A.radius * nx + pb[0]! - B.radius * nx);
  const my = 0.5 * (pa[1]! + A.radius * ny + pb[1]! - B.radius * ny);
  const mz = 0.5 * (pa[2]! + A.radius * nz + pb[2]! - B.radius * nz);
  const id = (featureCode(FEATURE_VERTEX, 0x3fff) << 16) | featureCode(FEATURE_VERTEX, 0x3fff);
  pointScratch[0] = mx;
  pointScratch[1] = my;
  pointScratch[2] = mz;
  pointScratch[3] = sep;
  pointScratch[4] = id;
  out.addPoint(pointScratch);
}
