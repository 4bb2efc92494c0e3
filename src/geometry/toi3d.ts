/**
 * Time of impact of two moving 3D shapes by conservative advancement (textbook §26.2 "すり抜け" —
 * tunnelling; Mirtich 1996, "Impulse-based dynamic simulation of rigid body systems"; the
 * root-finder framing after Catto, "Continuous Collision", GDC 2013).
 *
 * Each shape rides on a {@link Sweep3}: its body's centre of mass moves on a straight line and its
 * orientation turns at a constant rate about one axis, parametrised by t ∈ [0, 1]. At the current
 * t the GJK distance d between the rounded shapes and the unit normal n from A to B are measured
 * (gjk3d.ts). Every point of B lies at least d beyond A along n, and that gap closes no faster than
 *
 *     u = −(ΔcB − ΔcA)·n + θA·rA + θB·rB        (per unit t)
 *
 * where Δc is a sweep's centre displacement, θ its rotation angle and r the largest distance of a
 * point of the shape from its centre of mass. Advancing t by (d − target)/u therefore never passes
 * the target separation; repeating converges on the first time the distance reaches it. A triangle
 * mesh or heightfield (B only) is swept triangle by triangle: the triangles whose boxes meet A's
 * swept bounds (taken in B's frame at both ends of the sweep: exact when B only translates), the
 * earliest hit winning. A shape cast is the special case of two sweeps without rotation
 * ({@link shapeCastToi3}). Results and proxies are reused: no allocation per call.
 */
import { patan2, psincosAt } from '../math/portable.js';
import { GjkResult3, gjk3 } from './gjk3d.js';
import { Pose3 } from './pose3d.js';
import {
  type ConvexShape3,
  type Heightfield3,
  isConvex3,
  type Shape3,
  ShapeKind3,
  type TriangleMesh3,
} from './shapes3d.js';
import { ConvexProxy3 } from './support3d.js';

/** the sweep methods' argument scratch (typed, so hot callers pass no boxed numbers) */
const stepArgs = new Float64Array(17);
const timeAt = new Float64Array(1);
/** the half angle and its sine and cosine (psincosAt: no double crosses a call) */
const halfSinCos = new Float64Array(3);

/**
 * A body's motion over one step: the centre of mass from c0 to c1 (linear in t ∈ [0, 1]) and the
 * orientation q(t) = exp(t·θ/2 · axis) q0, which reaches q1 at t = 1; (lcx, lcy, lcz) is the centre
 * of mass in the body frame, so the frame's origin at t is c(t) − R(q(t))·lc.
 */
export class Sweep3 {
  /** centre of mass in the body frame */
  lcx = 0.5;
  /** local centre y */
  lcy = 0.5;
  /** local centre z */
  lcz = 0.5;
  /** centre at t = 0 */
  c0x = 0.5;
  /** centre y at t = 0 */
  c0y = 0.5;
  /** centre z at t = 0 */
  c0z = 0.5;
  /** centre at t = 1 */
  c1x = 0.5;
  /** centre y at t = 1 */
  c1y = 0.5;
  /** centre z at t = 1 */
  c1z = 0.5;
  /** orientation at t = 0 [x, y, z, w] */
  readonly q0 = new Float64Array(4);
  /** the rotation axis (unit; x when there is no rotation) */
  readonly axis = new Float64Array(3);
  /** the rotation angle over the sweep, in [0, π] */
  angle = 0.5;

  constructor() {
    this.setStill(0, 0, 0, 0, 0, 0, 0, 0, 0, 1);
  }

  /** A sweep that stays at centre c with orientation q. */
  setStill(
    lcx: number,
    lcy: number,
    lcz: number,
    cx: number,
    cy: number,
    cz: number,
    qx: number,
    qy: number,
    qz: number,
    qw: number,
  ): this {
    const v = stepArgs;
    v[0] = lcx;
    v[1] = lcy;
    v[2] = lcz;
    v[3] = cx;
    v[4] = cy;
    v[5] = cz;
    v[6] = qx;
    v[7] = qy;
    v[8] = qz;
    v[9] = qw;
    return this.setStillArray(v, 0);
  }

  /** {@link Sweep3.setStill} from v[o..o+9] = lc (3), c (3), q (4): no boxed arguments. */
  setStillArray(v: ArrayLike<number>, o: number): this {
    const a = stepArgs;
    if (a !== v || o !== 0) for (let k = 0; k < 10; k++) a[k] = v[o + k]!;
    a[10] = 0;
    a[11] = 0;
    a[12] = 0;
    a[13] = 0;
    a[14] = 0;
    a[15] = 0;
    a[16] = 1;
    return this.setFromStepArray(a, 0);
  }

  /**
   * A sweep ending at centre c with orientation q after a step that moved the centre by Δp and
   * turned the body by the unit quaternion Δq (q = Δq·q0).
   */
  setFromStep(
    lcx: number,
    lcy: number,
    lcz: number,
    cx: number,
    cy: number,
    cz: number,
    qx: number,
    qy: number,
    qz: number,
    qw: number,
    dpx: number,
    dpy: number,
    dpz: number,
    dqx: number,
    dqy: number,
    dqz: number,
    dqw: number,
  ): this {
    const v = stepArgs;
    v[0] = lcx;
    v[1] = lcy;
    v[2] = lcz;
    v[3] = cx;
    v[4] = cy;
    v[5] = cz;
    v[6] = qx;
    v[7] = qy;
    v[8] = qz;
    v[9] = qw;
    v[10] = dpx;
    v[11] = dpy;
    v[12] = dpz;
    v[13] = dqx;
    v[14] = dqy;
    v[15] = dqz;
    v[16] = dqw;
    return this.setFromStepArray(v, 0);
  }

  /**
   * {@link Sweep3.setFromStep} from v[o..o+16] = lc (3), c (3), q (4), Δp (3), Δq (4): the
   * allocation-free form for hot loops (no boxed arguments).
   */
  setFromStepArray(v: ArrayLike<number>, o: number): this {
    const lcx = v[o]!;
    const lcy = v[o + 1]!;
    const lcz = v[o + 2]!;
    const cx = v[o + 3]!;
    const cy = v[o + 4]!;
    const cz = v[o + 5]!;
    const qx = v[o + 6]!;
    const qy = v[o + 7]!;
    const qz = v[o + 8]!;
    const qw = v[o + 9]!;
    const dpx = v[o + 10]!;
    const dpy = v[o + 11]!;
    const dpz = v[o + 12]!;
    let dqx = v[o + 13]!;
    let dqy = v[o + 14]!;
    let dqz = v[o + 15]!;
    let dqw = v[o + 16]!;
    this.lcx = lcx;
    this.lcy = lcy;
    this.lcz = lcz;
    this.c1x = cx;
    this.c1y = cy;
    this.c1z = cz;
    this.c0x = cx - dpx;
    this.c0y = cy - dpy;
    this.c0z = cz - dpz;
    // the shorter way round: Δq and −Δq are the same rotation
    if (dqw < 0) {
      dqx = -dqx;
      dqy = -dqy;
      dqz = -dqz;
      dqw = -dqw;
    }
    // q0 = Δq⁻¹ q
    const ax = -dqx;
    const ay = -dqy;
    const az = -dqz;
    const aw = dqw;
    const x = aw * qx + ax * qw + ay * qz - az * qy;
    const y = aw * qy - ax * qz + ay * qw + az * qx;
    const z = aw * qz + ax * qy - ay * qx + az * qw;
    const w = aw * qw - ax * qx - ay * qy - az * qz;
    const m = 1 / Math.sqrt(x * x + y * y + z * z + w * w);
    this.q0[0] = x * m;
    this.q0[1] = y * m;
    this.q0[2] = z * m;
    this.q0[3] = w * m;
    const s = Math.sqrt(dqx * dqx + dqy * dqy + dqz * dqz);
    if (s > 1e-15) {
      this.angle = 2 * patan2(s, dqw);
      this.axis[0] = dqx / s;
      this.axis[1] = dqy / s;
      this.axis[2] = dqz / s;
    } else {
      this.angle = 0;
      this.axis[0] = 1;
      this.axis[1] = 0;
      this.axis[2] = 0;
    }
    return this;
  }

  /** The body origin transform [px, py, pz, qx, qy, qz, qw] at time t into out[o..o+6]. */
  transformAt(t: number, out: Float64Array, o: number): void {
    timeAt[0] = t;
    this.transformAtArray(timeAt, out, o);
  }

  /** {@link Sweep3.transformAt} at the time time[0] (no boxed argument). */
  transformAtArray(time: Float64Array, out: Float64Array, o: number): void {
    const t = time[0]!;
    const q0 = this.q0;
    let qx = q0[0]!;
    let qy = q0[1]!;
    let qz = q0[2]!;
    let qw = q0[3]!;
    if (this.angle > 0 && t > 0) {
      halfSinCos[0] = 0.5 * t * this.angle;
      psincosAt(halfSinCos, 0);
      const s = halfSinCos[1]!;
      const ax = this.axis[0]! * s;
      const ay = this.axis[1]! * s;
      const az = this.axis[2]! * s;
      const aw = halfSinCos[2]!;
      const x = aw * qx + ax * qw + ay * qz - az * qy;
      const y = aw * qy - ax * qz + ay * qw + az * qx;
      const z = aw * qz + ax * qy - ay * qx + az * qw;
      const w = aw * qw - ax * qx - ay * qy - az * qz;
      qx = x;
      qy = y;
      qz = z;
      qw = w;
    }
    // origin = c(t) − R(q)·lc
    const lx = this.lcx;
    const ly = this.lcy;
    const lz = this.lcz;
    const tx = 2 * (qy * lz - qz * ly);
    const ty = 2 * (qz * lx - qx * lz);
    const tz = 2 * (qx * ly - qy * lx);
    const rx = lx + qw * tx + (qy * tz - qz * ty);
    const ry = ly + qw * ty + (qz * tx - qx * tz);
    const rz = lz + qw * tz + (qx * ty - qy * tx);
    out[o] = this.c0x + t * (this.c1x - this.c0x) - rx;
    out[o + 1] = this.c0y + t * (this.c1y - this.c0y) - ry;
    out[o + 2] = this.c0z + t * (this.c1z - this.c0z) - rz;
    out[o + 3] = qx;
    out[o + 4] = qy;
    out[o + 5] = qz;
    out[o + 6] = qw;
  }
}

/**
 * Composes a body transform `body[bo..bo+6]` with a shape's placement in the body frame
 * `local[lo..lo+6]` into out[o..o+6] (p = p_b + R_b p_l, q = q_b q_l); `out` may not alias the inputs.
 */
export function composeTransform3(
  body: ArrayLike<number>,
  bo: number,
  local: ArrayLike<number>,
  lo: number,
  out: Float64Array,
  o: number,
): void {
  const bx = body[bo + 3]!;
  const by = body[bo + 4]!;
  const bz = body[bo + 5]!;
  const bw = body[bo + 6]!;
  const px = local[lo]!;
  const py = local[lo + 1]!;
  const pz = local[lo + 2]!;
  const tx = 2 * (by * pz - bz * py);
  const ty = 2 * (bz * px - bx * pz);
  const tz = 2 * (bx * py - by * px);
  out[o] = body[bo]! + px + bw * tx + (by * tz - bz * ty);
  out[o + 1] = body[bo + 1]! + py + bw * ty + (bz * tx - bx * tz);
  out[o + 2] = body[bo + 2]! + pz + bw * tz + (bx * ty - by * tx);
  const lx = local[lo + 3]!;
  const ly = local[lo + 4]!;
  const lz = local[lo + 5]!;
  const lw = local[lo + 6]!;
  out[o + 3] = bw * lx + bx * lw + by * lz - bz * ly;
  out[o + 4] = bw * ly - bx * lz + by * lw + bz * lx;
  out[o + 5] = bw * lz + bx * ly - by * lx + bz * lw;
  out[o + 6] = bw * lw - bx * lx - by * ly - bz * lz;
}

/** Outcome of {@link timeOfImpact3}: they stay farther apart than the target up to tMax. */
export const TOI3_SEPARATED = 0;
/** The shapes reach the target separation at `t`. */
export const TOI3_HIT = 1;
/** Already closer than the target at t = 0. */
export const TOI3_OVERLAPPED = 2;
/** The iteration cap was reached before converging (`t` is still a safe, conservative time). */
export const TOI3_FAILED = 3;

/** The most advancement rounds per convex pair (a grazing approach converges slowly; the answer stays safe). */
export const TOI3_MAX_ITERATIONS = 40;

/**
 * The numbers of a {@link timeOfImpactInput3} query (fields, not arguments: a hot caller passes
 * no boxed numbers).
 */
export class ToiInput3 {
  /** search up to this time (≤ 1) */
  tMax = 1.5;
  /** the separation sought (m, > tolerance) */
  target = 0.5;
  /** the accepted error of the separation (m, > 0) */
  tolerance = 0.5;
  /** bound on the distance of A's points from its sweep's centre of mass (< 0: computed) */
  rA = -1.5;
  /** the same for B (< 0: computed; for a mesh per triangle) */
  rB = -1.5;
}

/** The result of {@link timeOfImpact3}, reused between calls. */
export class ToiResult3 {
  /** TOI3_SEPARATED, TOI3_HIT, TOI3_OVERLAPPED or TOI3_FAILED */
  state = 0;
  /** the time reached, in [0, tMax] (tMax when separated) */
  t = 0.5;
  /** the distance between the rounded shapes at `t` */
  distance = 0.5;
  /** unit normal from A to B at `t` */
  readonly normal = new Float64Array(3);
  /** the closest point on B's surface at `t` (world) */
  readonly point = new Float64Array(3);
  /** advancement rounds used (summed over the triangles of a mesh) */
  iterations = 0;
  /** the triangle of a mesh or heightfield hit (heightfields: 2·(r·(cols−1) + c) + half), else −1 */
  triangle = -1;
}

const IDENTITY = new Float64Array([0, 0, 0, 0, 0, 0, 1]);
const pa = new ConvexProxy3();
const pb = new ConvexProxy3();
const gjk = new GjkResult3();
const bodyXf = new Float64Array(14);
const shapeXf = new Float64Array(14);
const triPose = new Pose3();
const tri = new Float64Array(9);
const triBody = new Float64Array(9);
const tris = new Int32Array(512);
const box = new Float64Array(12);
const localBox = new Float64Array(6);
const tmp = new Float64Array(3);
const best = new ToiResult3();
const one = new ToiResult3();
const xfScratch = new Float64Array(7);
const timeNow = new Float64Array(1);
const input = new ToiInput3();

/** The largest distance from the body-frame point (lcx, lcy, lcz) of a point of convex `shape` placed by `local[lo..]`. */
export function shapeRadiusAbout3(
  shape: ConvexShape3,
  local: ArrayLike<number>,
  lo: number,
  lcx: number,
  lcy: number,
  lcz: number,
): number {
  const dx = local[lo]! - lcx;
  const dy = local[lo + 1]! - lcy;
  const dz = local[lo + 2]! - lcz;
  return Math.sqrt(dx * dx + dy * dy + dz * dz) + boundingRadius3(shape);
}

/** The largest distance of a point of a convex shape from its own origin. */
export function boundingRadius3(shape: ConvexShape3): number {
  switch (shape.kind) {
    case ShapeKind3.SPHERE:
      return shape.radius;
    case ShapeKind3.CAPSULE:
      return shape.halfHeight + shape.radius;
    case ShapeKind3.BOX:
      return Math.sqrt(shape.hx * shape.hx + shape.hy * shape.hy + shape.hz * shape.hz);
    case ShapeKind3.CYLINDER:
      return Math.sqrt(shape.halfHeight * shape.halfHeight + shape.radius * shape.radius);
    default:
      return shape.boundingRadius + shape.radius;
  }
}

/**
 * The smallest half-size of a convex shape: the radius of the largest ball about its centre that
 * it surely contains (sphere and capsule radius, the box's smallest half-extent, the hull's
 * smallest centroid-to-face distance plus its rounding). The continuous stage calls a body fast
 * when it moves more than a quarter of this in a step.
 */
export function minHalfSize3(shape: ConvexShape3): number {
  switch (shape.kind) {
    case ShapeKind3.SPHERE:
      return shape.radius;
    case ShapeKind3.CAPSULE:
      return shape.radius;
    case ShapeKind3.BOX:
      return Math.min(shape.hx, shape.hy, shape.hz);
    case ShapeKind3.CYLINDER:
      return Math.min(shape.halfHeight, shape.radius);
    default: {
      const c = shape.centroid;
      const p = shape.planes;
      let m = Number.POSITIVE_INFINITY;
      for (let f = 0; f < shape.faceCount; f++) {
        const d = p[4 * f + 3]! - (p[4 * f]! * c[0]! + p[4 * f + 1]! * c[1]! + p[4 * f + 2]! * c[2]!);
        if (d < m) m = d;
      }
      return Math.max(0, m) + shape.radius;
    }
  }
}

/** The two sweeps' numbers of the current call. */
const cur = {
  sweepA: null as Sweep3 | null,
  sweepB: null as Sweep3 | null,
  localA: IDENTITY as ArrayLike<number>,
  la: 0,
  localB: IDENTITY as ArrayLike<number>,
  lb: 0,
  shapeA: null as ConvexShape3 | null,
  rA: 0.5,
  rB: 0.5,
  rBGiven: 0.5,
  tMax: 0.5,
  target: 0.5,
  tolerance: 0.5,
  dvx: 0.5,
  dvy: 0.5,
  dvz: 0.5,
};

/**
 * Conservative advancement of the proxies: `pa` is reloaded with A's shape at each t; `pb` is the
 * shape (convex: reloaded) or triangle (`triangle` true: re-posed) of B. Fills `out`.
 */
function advance(shapeB: ConvexShape3 | null, out: ToiResult3): void {
  const tMax = cur.tMax;
  const target = cur.target;
  const tolerance = cur.tolerance;
  const sA = cur.sweepA!;
  const sB = cur.sweepB!;
  const angular = sA.angle * cur.rA + sB.angle * cur.rB;
  let t = 0;
  let iter = 0;
  out.state = TOI3_FAILED;
  while (iter < TOI3_MAX_ITERATIONS) {
    iter++;
    timeNow[0] = t;
    sA.transformAtArray(timeNow, bodyXf, 0);
    composeTransform3(bodyXf, 0, cur.localA, cur.la, shapeXf, 0);
    pa.setShape(cur.shapeA!, shapeXf, 0);
    sB.transformAtArray(timeNow, bodyXf, 7);
    composeTransform3(bodyXf, 7, cur.localB, cur.lb, shapeXf, 7);
    if (shapeB !== null) pb.setShape(shapeB, shapeXf, 7);
    else {
      triPose.set(shapeXf, 7);
      pb.setTriangle(tri, triPose, 0);
    }
    gjk3(pa, pb, gjk);
    const d = gjk.overlap ? 0 : gjk.distance - pa.radius - pb.radius;
    const n = gjk.normal;
    out.distance = d;
    out.normal[0] = n[0]!;
    out.normal[1] = n[1]!;
    out.normal[2] = n[2]!;
    out.point[0] = gjk.pointB[0]! - pb.radius * n[0]!;
    out.point[1] = gjk.pointB[1]! - pb.radius * n[1]!;
    out.point[2] = gjk.pointB[2]! - pb.radius * n[2]!;
    if (gjk.overlap || d < target - tolerance) {
      out.state = t === 0 ? TOI3_OVERLAPPED : TOI3_HIT;
      break;
    }
    if (d <= target + tolerance) {
      out.state = TOI3_HIT;
      break;
    }
    // the closing speed's upper bound along the current normal (Mirtich 1996)
    const u = angular - (cur.dvx * n[0]! + cur.dvy * n[1]! + cur.dvz * n[2]!);
    if (u <= 0) {
      out.state = TOI3_SEPARATED;
      t = tMax;
      break;
    }
    const next = t + (d - target) / u;
    if (next >= tMax) {
      out.state = TOI3_SEPARATED;
      t = tMax;
      break;
    }
    t = next;
  }
  out.t = t;
  out.iterations = iter;
}

/**
 * The first time t ∈ [0, tMax] at which convex `shapeA` (placed by `localA[la..la+6]` in the frame
 * of a body on `sweepA`) comes within `target` of `shapeB` (placed by `localB[lb..]` on `sweepB`),
 * to within `tolerance` (target > tolerance > 0, e.g. the linear slop and a quarter of it); B may be
 * a triangle mesh or heightfield. `rA` / `rB` bound the distance of the shapes' points from their
 * sweeps' centres of mass (computed when negative; a mesh's is taken over the triangles tried).
 * Returns `out`:
 * - TOI3_HIT: at `t` the distance is in [target − tolerance, target + tolerance];
 * - TOI3_SEPARATED: they stay farther apart than the target up to tMax (t = tMax);
 * - TOI3_OVERLAPPED: closer than target − tolerance already at t = 0 (t = 0);
 * - TOI3_FAILED: not converged within {@link TOI3_MAX_ITERATIONS} rounds; `t` is still before contact.
 */
export function timeOfImpact3(
  shapeA: ConvexShape3,
  localA: ArrayLike<number>,
  la: number,
  sweepA: Sweep3,
  shapeB: Shape3,
  localB: ArrayLike<number>,
  lb: number,
  sweepB: Sweep3,
  tMax: number,
  target: number,
  tolerance: number,
  out: ToiResult3 = new ToiResult3(),
  rA = -1,
  rB = -1,
): ToiResult3 {
  input.tMax = tMax;
  input.target = target;
  input.tolerance = tolerance;
  input.rA = rA;
  input.rB = rB;
  return timeOfImpactInput3(shapeA, localA, la, sweepA, shapeB, localB, lb, sweepB, input, out);
}

/** {@link timeOfImpact3} with its numbers in `q` (the allocation-free form for hot loops). */
export function timeOfImpactInput3(
  shapeA: ConvexShape3,
  localA: ArrayLike<number>,
  la: number,
  sweepA: Sweep3,
  shapeB: Shape3,
  localB: ArrayLike<number>,
  lb: number,
  sweepB: Sweep3,
  q: ToiInput3,
  out: ToiResult3,
): ToiResult3 {
  cur.sweepA = sweepA;
  cur.sweepB = sweepB;
  cur.localA = localA;
  cur.la = la;
  cur.localB = localB;
  cur.lb = lb;
  cur.shapeA = shapeA;
  cur.tMax = q.tMax;
  cur.target = q.target;
  cur.tolerance = q.tolerance;
  cur.rA = q.rA >= 0 ? q.rA : shapeRadiusAbout3(shapeA, localA, la, sweepA.lcx, sweepA.lcy, sweepA.lcz);
  cur.dvx = sweepB.c1x - sweepB.c0x - (sweepA.c1x - sweepA.c0x);
  cur.dvy = sweepB.c1y - sweepB.c0y - (sweepA.c1y - sweepA.c0y);
  cur.dvz = sweepB.c1z - sweepB.c0z - (sweepA.c1z - sweepA.c0z);
  out.triangle = -1;
  if (isConvex3(shapeB)) {
    cur.rB = q.rB >= 0 ? q.rB : shapeRadiusAbout3(shapeB, localB, lb, sweepB.lcx, sweepB.lcy, sweepB.lcz);
    advance(shapeB, out);
  } else {
    cur.rBGiven = q.rB;
    sweepTriangles(shapeB, out);
  }
  cur.sweepA = null;
  cur.sweepB = null;
  cur.shapeA = null;
  return out;
}

/** A's swept world bounds into box[6..11]: its centre path grown by rA. */
function sweptBounds(): void {
  const a = cur.sweepA!;
  const r = cur.rA;
  box[6] = Math.min(a.c0x, a.c1x) - r;
  box[7] = Math.min(a.c0y, a.c1y) - r;
  box[8] = Math.min(a.c0z, a.c1z) - r;
  box[9] = Math.max(a.c0x, a.c1x) + r;
  box[10] = Math.max(a.c0y, a.c1y) + r;
  box[11] = Math.max(a.c0z, a.c1z) + r;
}

/** box[6..11] (world) into the frame of B's shape at time t, merged into localBox (first: replaced). */
function boundsInB(t: number, first: boolean): void {
  const margin = cur.target + cur.tolerance;
  timeNow[0] = t;
  cur.sweepB!.transformAtArray(timeNow, bodyXf, 7);
  composeTransform3(bodyXf, 7, cur.localB, cur.lb, xfScratch, 0);
  triPose.set(xfScratch, 0);
  const p = triPose;
  const cx = 0.5 * (box[6]! + box[9]!);
  const cy = 0.5 * (box[7]! + box[10]!);
  const cz = 0.5 * (box[8]! + box[11]!);
  const ex = 0.5 * (box[9]! - box[6]!) + margin;
  const ey = 0.5 * (box[10]! - box[7]!) + margin;
  const ez = 0.5 * (box[11]! - box[8]!) + margin;
  p.toLocal(cx, cy, cz, tmp, 0);
  const lx = Math.abs(p.r00) * ex + Math.abs(p.r10) * ey + Math.abs(p.r20) * ez;
  const ly = Math.abs(p.r01) * ex + Math.abs(p.r11) * ey + Math.abs(p.r21) * ez;
  const lz = Math.abs(p.r02) * ex + Math.abs(p.r12) * ey + Math.abs(p.r22) * ez;
  const x0 = tmp[0]! - lx;
  const y0 = tmp[1]! - ly;
  const z0 = tmp[2]! - lz;
  const x1 = tmp[0]! + lx;
  const y1 = tmp[1]! + ly;
  const z1 = tmp[2]! + lz;
  if (first) {
    localBox[0] = x0;
    localBox[1] = y0;
    localBox[2] = z0;
    localBox[3] = x1;
    localBox[4] = y1;
    localBox[5] = z1;
  } else {
    localBox[0] = Math.min(localBox[0]!, x0);
    localBox[1] = Math.min(localBox[1]!, y0);
    localBox[2] = Math.min(localBox[2]!, z0);
    localBox[3] = Math.max(localBox[3]!, x1);
    localBox[4] = Math.max(localBox[4]!, y1);
    localBox[5] = Math.max(localBox[5]!, z1);
  }
}

/** The radius about B's centre of mass of the triangle in `tri` (shape frame), for B's angular bound. */
function triangleRadius(): void {
  const sB = cur.sweepB!;
  cur.rB = 0;
  if (sB.angle === 0) return;
  const l = cur.localB;
  const o = cur.lb;
  composeTransform3(IDENTITY, 0, l, o, xfScratch, 0);
  triPose.set(xfScratch, 0);
  let r = 0;
  for (let k = 0; k < 3; k++) {
    triPose.toWorld(tri[3 * k]!, tri[3 * k + 1]!, tri[3 * k + 2]!, triBody, 3 * k);
    const dx = triBody[3 * k]! - sB.lcx;
    const dy = triBody[3 * k + 1]! - sB.lcy;
    const dz = triBody[3 * k + 2]! - sB.lcz;
    r = Math.max(r, dx * dx + dy * dy + dz * dz);
  }
  cur.rB = Math.sqrt(r);
}

/** Sweeps A against one triangle (in `tri`); keeps the earliest hit in `best`. */
function tryTriangle(index: number, out: ToiResult3): void {
  if (cur.rBGiven >= 0) cur.rB = cur.rBGiven;
  else triangleRadius();
  cur.tMax = best.t;
  advance(null, one);
  out.iterations += one.iterations;
  // advanced no further than the best so far: any hit is at least as early
  if (one.state === TOI3_SEPARATED) return;
  best.state = one.state;
  best.t = one.t;
  best.distance = one.distance;
  for (let c = 0; c < 3; c++) {
    best.normal[c] = one.normal[c]!;
    best.point[c] = one.point[c]!;
  }
  best.triangle = index;
}

function sweepTriangles(b: TriangleMesh3 | Heightfield3, out: ToiResult3): void {
  sweptBounds();
  boundsInB(0, true);
  boundsInB(1, false);
  best.state = TOI3_SEPARATED;
  best.t = cur.tMax;
  best.triangle = -1;
  out.iterations = 0;
  if (b.kind === ShapeKind3.MESH) {
    const n = b.queryAabb(localBox, 0, tris);
    for (let m = 0; m < n; m++) {
      const k = tris[m]!;
      for (let v = 0; v < 3; v++) {
        const p = 3 * b.indices[3 * k + v]!;
        tri[3 * v] = b.vertices[p]!;
        tri[3 * v + 1] = b.vertices[p + 1]!;
        tri[3 * v + 2] = b.vertices[p + 2]!;
      }
      tryTriangle(k, out);
      if (best.state === TOI3_OVERLAPPED) break;
    }
  } else if (!(localBox[1]! > b.maxHeight || localBox[4]! < b.minHeight)) {
    const c0 = Math.max(0, Math.floor((localBox[0]! - b.x(0)) / b.spacingX));
    const c1 = Math.min(b.cols - 2, Math.floor((localBox[3]! - b.x(0)) / b.spacingX));
    const r0 = Math.max(0, Math.floor((localBox[2]! - b.z(0)) / b.spacingZ));
    const r1 = Math.min(b.rows - 2, Math.floor((localBox[5]! - b.z(0)) / b.spacingZ));
    for (let r = r0; r <= r1 && best.state !== TOI3_OVERLAPPED; r++)
      for (let c = c0; c <= c1; c++) {
        const i00 = r * b.cols + c;
        let lo = Math.min(b.heights[i00]!, b.heights[i00 + 1]!);
        lo = Math.min(lo, b.heights[i00 + b.cols]!, b.heights[i00 + b.cols + 1]!);
        let hi = Math.max(b.heights[i00]!, b.heights[i00 + 1]!);
        hi = Math.max(hi, b.heights[i00 + b.cols]!, b.heights[i00 + b.cols + 1]!);
        if (lo > localBox[4]! || hi < localBox[1]!) continue;
        for (let half = 0; half < 2; half++) {
          tri[0] = b.x(c);
          tri[1] = b.heights[i00]!;
          tri[2] = b.z(r);
          tri[3] = half === 0 ? b.x(c + 1) : b.x(c);
          tri[4] = half === 0 ? b.heights[i00 + b.cols + 1]! : b.heights[i00 + b.cols]!;
          tri[5] = b.z(r + 1);
          tri[6] = b.x(c + 1);
          tri[7] = half === 0 ? b.heights[i00 + 1]! : b.heights[i00 + b.cols + 1]!;
          tri[8] = half === 0 ? b.z(r) : b.z(r + 1);
          tryTriangle(2 * (r * (b.cols - 1) + c) + half, out);
        }
      }
  }
  out.state = best.state;
  out.t = best.t;
  out.distance = best.distance;
  out.triangle = best.triangle;
  for (let c = 0; c < 3; c++) {
    out.normal[c] = best.normal[c]!;
    out.point[c] = best.point[c]!;
  }
}

const castA = new Sweep3();
const castB = new Sweep3();
const castArgs = new Float64Array(17);
const castInput = new ToiInput3();

/**
 * A shape cast by conservative advancement: convex `a` at `xfA[oa..oa+6]` translated by
 * `translation` (xyz, the whole sweep; orientation fixed) against `b` at `xfB[ob..]` (convex, a
 * triangle mesh or a heightfield). The result's `t` is the fraction of the translation at which
 * the gap first reaches `target` (± `tolerance`); `normal` points from A to B. No allocation.
 */
export function shapeCastToi3(
  a: ConvexShape3,
  xfA: ArrayLike<number>,
  oa: number,
  translation: ArrayLike<number>,
  b: Shape3,
  xfB: ArrayLike<number>,
  ob: number,
  target: number,
  tolerance: number,
  out: ToiResult3,
): ToiResult3 {
  const v = castArgs;
  v[0] = 0;
  v[1] = 0;
  v[2] = 0;
  for (let k = 0; k < 3; k++) {
    v[3 + k] = xfA[oa + k]! + translation[k]!;
    v[10 + k] = translation[k]!;
  }
  for (let k = 0; k < 4; k++) v[6 + k] = xfA[oa + 3 + k]!;
  v[13] = 0;
  v[14] = 0;
  v[15] = 0;
  v[16] = 1;
  castA.setFromStepArray(v, 0);
  for (let k = 0; k < 7; k++) v[3 + k] = xfB[ob + k]!;
  castB.setStillArray(v, 0);
  castInput.tMax = 1;
  castInput.target = target;
  castInput.tolerance = tolerance;
  castInput.rA = 0;
  castInput.rB = 0;
  return timeOfImpactInput3(a, IDENTITY, 0, castA, b, IDENTITY, 0, castB, castInput, out);
}
