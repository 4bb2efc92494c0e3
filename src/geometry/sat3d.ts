/**
 * The separating axis test for two boxes in 3D (textbook §26.2: "two boxes have 15 candidate
 * axes: 3 face normals of each and the 9 cross products of an edge of A with an edge of B";
 * Gottschalk, Lin & Manocha, 1996). A box of centre c, unit axes uᵢ and half-sizes eᵢ projects
 * onto a unit axis n as an interval of radius Σ eᵢ|uᵢ·n| around c·n; the boxes overlap along n by
 * r_A + r_B − |(c_B − c_A)·n|. The axis of least overlap (or any gap) gives the contact normal,
 * from A to B, and the depth. Faces are preferred over edge pairs within a tolerance, so resting
 * boxes keep a stable face manifold.
 */
import { Pose3 } from './pose3d.js';
import type { Box3 } from './shapes3d.js';

/** Which kind of axis `boxBoxSat3` chose. */
export const SatAxis3 = {
  /** a face normal of A */
  FACE_A: 0,
  /** a face normal of B */
  FACE_B: 1,
  /** the cross product of an edge of A and an edge of B */
  EDGE: 2,
} as const;

/** Result of `boxBoxSat3`, reused between calls. */
export class SatResult3 {
  /** the largest separation over the axes (negative: the penetration depth) */
  separation = 0;
  /** one of {@link SatAxis3} */
  axisKind = 0;
  /** the axis index: 0..2 for faces (box axis), 3·i + j for the edge of A's axis i × B's axis j */
  axis = 0;
  /** the unit normal (world) from A to B */
  readonly normal = new Float64Array(3);
  /** the best face separation of A */
  faceA = 0;
  /** the best face separation of B */
  faceB = 0;
  /** the best edge-pair separation (−∞ when every edge pair is parallel) */
  edge = 0;
}

/** Edges are chosen over faces only when deeper than 0.95 × the face separation + this (m). */
export const SAT_EDGE_ABS_TOL = 0.0025;
/** The relative part of the face preference. */
export const SAT_EDGE_REL_TOL = 0.95;

const pa = new Pose3();
const pb = new Pose3();
const R = new Float64Array(9);
const AR = new Float64Array(9);
const B = new Float64Array(9);
const Am = new Float64Array(9);
const t = new Float64Array(3);
const ea = new Float64Array(3);
const eb = new Float64Array(3);

/**
 * SAT over all 15 axes for boxes `a` at `xfA[oa..]` and `b` at `xfB[ob..]`. Writes the chosen
 * axis, normal and separation into `out` (returned).
 */
export function boxBoxSat3(
  a: Box3,
  xfA: ArrayLike<number>,
  oa: number,
  b: Box3,
  xfB: ArrayLike<number>,
  ob: number,
  out: SatResult3,
): SatResult3 {
  pa.set(xfA, oa);
  pb.set(xfB, ob);
  // R = R_Aᵀ R_B: B's axes in A's frame (column j = B axis j)
  const A0 = pa.r00;
  const A1 = pa.r01;
  const A2 = pa.r02;
  const A3 = pa.r10;
  const A4 = pa.r11;
  const A5 = pa.r12;
  const A6 = pa.r20;
  const A7 = pa.r21;
  const A8 = pa.r22;
  B[0] = pb.r00;
  B[1] = pb.r01;
  B[2] = pb.r02;
  B[3] = pb.r10;
  B[4] = pb.r11;
  B[5] = pb.r12;
  B[6] = pb.r20;
  B[7] = pb.r21;
  B[8] = pb.r22;
  Am[0] = A0;
  Am[1] = A1;
  Am[2] = A2;
  Am[3] = A3;
  Am[4] = A4;
  Am[5] = A5;
  Am[6] = A6;
  Am[7] = A7;
  Am[8] = A8;
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++) {
      const v = Am[i]! * B[j]! + Am[3 + i]! * B[3 + j]! + Am[6 + i]! * B[6 + j]!;
      R[3 * i + j] = v;
      AR[3 * i + j] = Math.abs(v);
    }
  const dx = pb.px - pa.px;
  const dy = pb.py - pa.py;
  const dz = pb.pz - pa.pz;
  // t in A's frame
  const t0 = A0 * dx + A3 * dy + A6 * dz;
  const t1 = A1 * dx + A4 * dy + A7 * dz;
  const t2 = A2 * dx + A5 * dy + A8 * dz;
  t[0] = t0;
  t[1] = t1;
  t[2] = t2;
  ea[0] = a.hx;
  ea[1] = a.hy;
  ea[2] = a.hz;
  eb[0] = b.hx;
  eb[1] = b.hy;
  eb[2] = b.hz;
  // faces of A
  let bestA = -Infinity;
  let axA = 0;
  for (let i = 0; i < 3; i++) {
    const rb = eb[0]! * AR[3 * i]! + eb[1]! * AR[3 * i + 1]! + eb[2]! * AR[3 * i + 2]!;
    const s = Math.abs(t[i]!) - ea[i]! - rb;
    if (s > bestA) {
      bestA = s;
      axA = i;
    }
  }
  // faces of B
  let bestB = -Infinity;
  let axB = 0;
  for (let j = 0; j < 3; j++) {
    const ra = ea[0]! * AR[j]! + ea[1]! * AR[3 + j]! + ea[2]! * AR[6 + j]!;
    const tj = t0 * R[j]! + t1 * R[3 + j]! + t2 * R[6 + j]!;
    const s = Math.abs(tj) - eb[j]! - ra;
    if (s > bestB) {
      bestB = s;
      axB = j;
    }
  }
  // edges: L = e_i × (column j of R), in A's frame
  let bestE = -Infinity;
  let axE = 0;
  let enx = 0;
  let eny = 0;
  let enz = 0;
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++) {
      const bx = R[j]!;
      const by = R[3 + j]!;
      const bz = R[6 + j]!;
      let lx: number;
      let ly: number;
      let lz: number;
      if (i === 0) {
        lx = 0;
        ly = -bz;
        lz = by;
      } else if (i === 1) {
        lx = bz;
        ly = 0;
        lz = -bx;
      } else {
        lx = -by;
        ly = bx;
        lz = 0;
      }
      const l = Math.sqrt(lx * lx + ly * ly + lz * lz);
      if (l < 1e-6) continue;
      lx /= l;
      ly /= l;
      lz /= l;
      const ra = ea[0]! * Math.abs(lx) + ea[1]! * Math.abs(ly) + ea[2]! * Math.abs(lz);
      // B's axes k in A frame: column k of R
      let rb = 0;
      for (let k = 0; k < 3; k++) rb += eb[k]! * Math.abs(lx * R[k]! + ly * R[3 + k]! + lz * R[6 + k]!);
      const tl = t0 * lx + t1 * ly + t2 * lz;
      const s = Math.abs(tl) - ra - rb;
      if (s > bestE) {
        bestE = s;
        axE = 3 * i + j;
        const sg = tl >= 0 ? 1 : -1;
        enx = sg * lx;
        eny = sg * ly;
        enz = sg * lz;
      }
    }
  out.faceA = bestA;
  out.faceB = bestB;
  out.edge = bestE;
  // prefer A's face, then B's face, then an edge pair
  let kind: number = SatAxis3.FACE_A;
  let sep = bestA;
  if (bestB > bestA + 1e-3 * Math.max(ea[0]!, ea[1]!, ea[2]!, eb[0]!, eb[1]!, eb[2]!) * 0.1) {
    kind = SatAxis3.FACE_B;
    sep = bestB;
  }
  if (bestE > SAT_EDGE_REL_TOL * sep + SAT_EDGE_ABS_TOL && bestE > sep) {
    kind = SatAxis3.EDGE;
    sep = bestE;
  }
  // a positive edge separation always wins (it is a real gap)
  if (bestE > 0 && bestE > sep) {
    kind = SatAxis3.EDGE;
    sep = bestE;
  }
  out.axisKind = kind;
  out.separation = sep;
  let nx: number;
  let ny: number;
  let nz: number;
  if (kind === SatAxis3.FACE_A) {
    const s = t[axA]! >= 0 ? 1 : -1;
    nx = axA === 0 ? s : 0;
    ny = axA === 1 ? s : 0;
    nz = axA === 2 ? s : 0;
    out.axis = axA;
  } else if (kind === SatAxis3.FACE_B) {
    const tj = t0 * R[axB]! + t1 * R[3 + axB]! + t2 * R[6 + axB]!;
    const s = tj >= 0 ? 1 : -1;
    nx = s * R[axB]!;
    ny = s * R[3 + axB]!;
    nz = s * R[6 + axB]!;
    out.axis = axB;
  } else {
    nx = enx;
    ny = eny;
    nz = enz;
    out.axis = axE;
  }
  // to world
  out.normal[0] = A0 * nx + A1 * ny + A2 * nz;
  out.normal[1] = A3 * nx + A4 * ny + A5 * nz;
  out.normal[2] = A6 * nx + A7 * ny + A8 * nz;
  return out;
}
