/**
 * The separating axis test for two convex polyhedra (textbook §26.2 SAT, generalised from the box's
 * 15 axes): the candidate axes are the face normals of A, the face normals of B, and the cross
 * products of an edge of A with an edge of B — but only for edge pairs that build a face of the
 * Minkowski difference, i.e. whose arcs cross on the Gauss map (Gregorius, "The Separating Axis
 * Test between Convex Polyhedra", GDC 2013). Faces are preferred over edge pairs within a
 * tolerance, as for boxes. Works in A's frame; scratch arrays grow once to the largest hull.
 */
import { Pose3 } from './pose3d.js';
import { SAT_EDGE_ABS_TOL, SAT_EDGE_REL_TOL, SatAxis3 } from './sat3d.js';
import type { ConvexHull3 } from './shapes3d.js';

/** Result of `hullHullSat3`, reused between calls. */
export class HullSatResult3 {
  /** the chosen axis's separation of the cores (negative: penetration depth) */
  separation = 0;
  /** one of {@link SatAxis3} */
  axisKind = 0;
  /** the face index (FACE_A / FACE_B) */
  face = 0;
  /** the edge indices of A and B (EDGE) */
  edgeA = 0;
  /** edge of B */
  edgeB = 0;
  /** the unit normal (world) from A to B */
  readonly normal = new Float64Array(3);
  /** closest point on A's edge (world; EDGE only) */
  readonly pointA = new Float64Array(3);
  /** closest point on B's edge (world; EDGE only) */
  readonly pointB = new Float64Array(3);
  /** best separations over A's faces, B's faces, the edge pairs */
  faceA = 0;
  /** best separation over B's faces */
  faceB = 0;
  /** best separation over the Minkowski edge pairs (−∞ when none) */
  edge = 0;
}

const pa = new Pose3();
const pb = new Pose3();
let bv = new Float64Array(96); // B's vertices in A's frame
let bp = new Float64Array(128); // B's planes in A's frame
const seg = new Float64Array(12);

/**
 * SAT between hull `a` placed by `xfA[oa..]` and hull `b` by `xfB[ob..]` (cores only: the caller
 * subtracts the rounding radii). Fills and returns `out`.
 */
export function hullHullSat3(
  a: ConvexHull3,
  xfA: ArrayLike<number>,
  oa: number,
  b: ConvexHull3,
  xfB: ArrayLike<number>,
  ob: number,
  out: HullSatResult3,
): HullSatResult3 {
  pa.set(xfA, oa);
  pb.set(xfB, ob);
  if (bv.length < b.vertices.length) bv = new Float64Array(b.vertices.length);
  if (bp.length < b.planes.length) bp = new Float64Array(b.planes.length);
  // R = R_Aᵀ R_B, t = R_Aᵀ (p_B − p_A)
  const dx = pb.px - pa.px;
  const dy = pb.py - pa.py;
  const dz = pb.pz - pa.pz;
  const t0 = pa.r00 * dx + pa.r10 * dy + pa.r20 * dz;
  const t1 = pa.r01 * dx + pa.r11 * dy + pa.r21 * dz;
  const t2 = pa.r02 * dx + pa.r12 * dy + pa.r22 * dz;
  const m00 = pa.r00 * pb.r00 + pa.r10 * pb.r10 + pa.r20 * pb.r20;
  const m01 = pa.r00 * pb.r01 + pa.r10 * pb.r11 + pa.r20 * pb.r21;
  const m02 = pa.r00 * pb.r02 + pa.r10 * pb.r12 + pa.r20 * pb.r22;
  const m10 = pa.r01 * pb.r00 + pa.r11 * pb.r10 + pa.r21 * pb.r20;
  const m11 = pa.r01 * pb.r01 + pa.r11 * pb.r11 + pa.r21 * pb.r21;
  const m12 = pa.r01 * pb.r02 + pa.r11 * pb.r12 + pa.r21 * pb.r22;
  const m20 = pa.r02 * pb.r00 + pa.r12 * pb.r10 + pa.r22 * pb.r20;
  const m21 = pa.r02 * pb.r01 + pa.r12 * pb.r11 + pa.r22 * pb.r21;
  const m22 = pa.r02 * pb.r02 + pa.r12 * pb.r12 + pa.r22 * pb.r22;
  const V = b.vertices;
  for (let i = 0; i < b.vertexCount; i++) {
    const x = V[3 * i]!;
    const y = V[3 * i + 1]!;
    const z = V[3 * i + 2]!;
    bv[3 * i] = t0 + m00 * x + m01 * y + m02 * z;
    bv[3 * i + 1] = t1 + m10 * x + m11 * y + m12 * z;
    bv[3 * i + 2] = t2 + m20 * x + m21 * y + m22 * z;
  }
  const P = b.planes;
  for (let f = 0; f < b.faceCount; f++) {
    const x = P[4 * f]!;
    const y = P[4 * f + 1]!;
    const z = P[4 * f + 2]!;
    const nx = m00 * x + m01 * y + m02 * z;
    const ny = m10 * x + m11 * y + m12 * z;
    const nz = m20 * x + m21 * y + m22 * z;
    bp[4 * f] = nx;
    bp[4 * f + 1] = ny;
    bp[4 * f + 2] = nz;
    bp[4 * f + 3] = P[4 * f + 3]! + nx * t0 + ny * t1 + nz * t2;
  }
  // faces of A against B's vertices
  const AP = a.planes;
  const AV = a.vertices;
  let bestA = -Infinity;
  let faceA = 0;
  for (let f = 0; f < a.faceCount; f++) {
    const nx = AP[4 * f]!;
    const ny = AP[4 * f + 1]!;
    const nz = AP[4 * f + 2]!;
    let mn = Infinity;
    for (let i = 0; i < b.vertexCount; i++) {
      const d = nx * bv[3 * i]! + ny * bv[3 * i + 1]! + nz * bv[3 * i + 2]!;
      if (d < mn) mn = d;
    }
    const s = mn - AP[4 * f + 3]!;
    if (s > bestA) {
      bestA = s;
      faceA = f;
    }
  }
  // faces of B against A's vertices
  let bestB = -Infinity;
  let faceB = 0;
  for (let f = 0; f < b.faceCount; f++) {
    const nx = bp[4 * f]!;
    const ny = bp[4 * f + 1]!;
    const nz = bp[4 * f + 2]!;
    let mn = Infinity;
    for (let i = 0; i < a.vertexCount; i++) {
      const d = nx * AV[3 * i]! + ny * AV[3 * i + 1]! + nz * AV[3 * i + 2]!;
      if (d < mn) mn = d;
    }
    const s = mn - bp[4 * f + 3]!;
    if (s > bestB) {
      bestB = s;
      faceB = f;
    }
  }
  // edge pairs that form a face of the Minkowski difference
  let bestE = -Infinity;
  let eA = -1;
  let eB = -1;
  let enx = 0;
  let eny = 0;
  let enz = 0;
  const ca = a.centroid;
  for (let i = 0; i < a.edgeCount; i++) {
    const p0 = 3 * a.edges[2 * i]!;
    const p1 = 3 * a.edges[2 * i + 1]!;
    const fa0 = 4 * a.edgeFaces[2 * i]!;
    const fa1 = 4 * a.edgeFaces[2 * i + 1]!;
    const ax = AP[fa0]!;
    const ay = AP[fa0 + 1]!;
    const az = AP[fa0 + 2]!;
    const bx = AP[fa1]!;
    const by = AP[fa1 + 1]!;
    const bz = AP[fa1 + 2]!;
    // b × a, along the edge
    const bax = by * az - bz * ay;
    const bay = bz * ax - bx * az;
    const baz = bx * ay - by * ax;
    const ux = AV[p1]! - AV[p0]!;
    const uy = AV[p1 + 1]! - AV[p0 + 1]!;
    const uz = AV[p1 + 2]! - AV[p0 + 2]!;
    for (let j = 0; j < b.edgeCount; j++) {
      const fb0 = 4 * b.edgeFaces[2 * j]!;
      const fb1 = 4 * b.edgeFaces[2 * j + 1]!;
      // the Minkowski difference uses −n for B's normals
      const cx = -bp[fb0]!;
      const cy = -bp[fb0 + 1]!;
      const cz = -bp[fb0 + 2]!;
      const qx = -bp[fb1]!;
      const qy = -bp[fb1 + 1]!;
      const qz = -bp[fb1 + 2]!;
      const dcx = qy * cz - qz * cy;
      const dcy = qz * cx - qx * cz;
      const dcz = qx * cy - qy * cx;
      const cba = cx * bax + cy * bay + cz * baz;
      const dba = qx * bax + qy * bay + qz * baz;
      const adc = ax * dcx + ay * dcy + az * dcz;
      const bdc = bx * dcx + by * dcy + bz * dcz;
      if (!(cba * dba < 0 && adc * bdc < 0 && cba * bdc > 0)) continue;
      const q0 = 3 * b.edges[2 * j]!;
      const q1 = 3 * b.edges[2 * j + 1]!;
      const vx = bv[q1]! - bv[q0]!;
      const vy = bv[q1 + 1]! - bv[q0 + 1]!;
      const vz = bv[q1 + 2]! - bv[q0 + 2]!;
      let lx = uy * vz - uz * vy;
      let ly = uz * vx - ux * vz;
      let lz = ux * vy - uy * vx;
      const l = Math.sqrt(lx * lx + ly * ly + lz * lz);
      if (l < 1e-6 * Math.sqrt((ux * ux + uy * uy + uz * uz) * (vx * vx + vy * vy + vz * vz))) continue;
      lx /= l;
      ly /= l;
      lz /= l;
      // point away from A's centroid
      if (lx * (AV[p0]! - ca[0]!) + ly * (AV[p0 + 1]! - ca[1]!) + lz * (AV[p0 + 2]! - ca[2]!) < 0) {
        lx = -lx;
        ly = -ly;
        lz = -lz;
      }
      const s =
        lx * (bv[q0]! - AV[p0]!) + ly * (bv[q0 + 1]! - AV[p0 + 1]!) + lz * (bv[q0 + 2]! - AV[p0 + 2]!);
      if (s > bestE) {
        bestE = s;
        eA = i;
        eB = j;
        enx = lx;
        eny = ly;
        enz = lz;
      }
    }
  }
  out.faceA = bestA;
  out.faceB = bestB;
  out.edge = bestE;
  let kind: number = SatAxis3.FACE_A;
  let sep = bestA;
  let nx = AP[4 * faceA]!;
  let ny = AP[4 * faceA + 1]!;
  let nz = AP[4 * faceA + 2]!;
  out.face = faceA;
  if (bestB > bestA + 1e-4 * Math.max(a.boundingRadius, b.boundingRadius) * 0.1) {
    kind = SatAxis3.FACE_B;
    sep = bestB;
    nx = -bp[4 * faceB]!;
    ny = -bp[4 * faceB + 1]!;
    nz = -bp[4 * faceB + 2]!;
    out.face = faceB;
  }
  if (
    eA >= 0 &&
    ((bestE > SAT_EDGE_REL_TOL * sep + SAT_EDGE_ABS_TOL && bestE > sep) || (bestE > 0 && bestE > sep))
  ) {
    kind = SatAxis3.EDGE;
    sep = bestE;
    nx = enx;
    ny = eny;
    nz = enz;
    out.edgeA = eA;
    out.edgeB = eB;
    // closest points of the two edges (A's frame), then to world
    const p0 = 3 * a.edges[2 * eA]!;
    const p1 = 3 * a.edges[2 * eA + 1]!;
    const q0 = 3 * b.edges[2 * eB]!;
    const q1 = 3 * b.edges[2 * eB + 1]!;
    for (let c = 0; c < 3; c++) {
      seg[c] = AV[p0 + c]!;
      seg[3 + c] = AV[p1 + c]!;
      seg[6 + c] = bv[q0 + c]!;
      seg[9 + c] = bv[q1 + c]!;
    }
    closestOnLines(seg);
    pa.toWorld(cpA[0]!, cpA[1]!, cpA[2]!, out.pointA, 0);
    pa.toWorld(cpB[0]!, cpB[1]!, cpB[2]!, out.pointB, 0);
  }
  out.axisKind = kind;
  out.separation = sep;
  pa.rotate(nx, ny, nz, out.normal, 0);
  return out;
}

const cpA = new Float64Array(3);
const cpB = new Float64Array(3);

/** Closest points of segments seg[0..5] and seg[6..11] (clamped; Ericson §5.1.9) into cpA, cpB. */
function closestOnLines(s: Float64Array): void {
  const d1x = s[3]! - s[0]!;
  const d1y = s[4]! - s[1]!;
  const d1z = s[5]! - s[2]!;
  const d2x = s[9]! - s[6]!;
  const d2y = s[10]! - s[7]!;
  const d2z = s[11]! - s[8]!;
  const rx = s[0]! - s[6]!;
  const ry = s[1]! - s[7]!;
  const rz = s[2]! - s[8]!;
  const a = d1x * d1x + d1y * d1y + d1z * d1z;
  const e = d2x * d2x + d2y * d2y + d2z * d2z;
  const f = d2x * rx + d2y * ry + d2z * rz;
  const c = d1x * rx + d1y * ry + d1z * rz;
  const b = d1x * d2x + d1y * d2y + d1z * d2z;
  const den = a * e - b * b;
  let u = den > 1e-18 * a * e ? Math.min(1, Math.max(0, (b * f - c * e) / den)) : 0;
  let t = (b * u + f) / e;
  if (t < 0) {
    t = 0;
    u = Math.min(1, Math.max(0, -c / a));
  } else if (t > 1) {
    t = 1;
    u = Math.min(1, Math.max(0, (b - c) / a));
  }
  cpA[0] = s[0]! + u * d1x;
  cpA[1] = s[1]! + u * d1y;
  cpA[2] = s[2]! + u * d1z;
  cpB[0] = s[6]! + t * d2x;
  cpB[1] = s[7]! + t * d2y;
  cpB[2] = s[8]! + t * d2z;
}
