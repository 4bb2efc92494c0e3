/**
 * The continuous stage of the 3D world (textbook §26.2 "すり抜け"; conservative advancement after
 * Mirtich 1996, the stage's structure after Box2D v3's continuous pass, as in rigid2d): after the
 * solve has moved the bodies and finalize has boxed them, a body that moved far in the step is
 * swept from its pose at the start of the step to its pose at the end (geometry/toi3d.ts) against
 * the shapes its swept box meets in the broadphase, and moved back to the earliest time of impact —
 * the linear slop short of contact — keeping its velocity. The next step's speculative contact then
 * catches it, so the body stops at (or bounces off) a wall it would have passed through.
 *
 * Who is swept:
 * - with `world.continuous` (default on): every awake dynamic body without joints that moved
 *   (translation plus rotation × extent) more than a quarter of its smallest half-size, against
 *   static and kinematic shapes (triangle meshes and heightfields included); a jointed body is held
 *   by its joints, and moved back alone it would stretch them;
 * - bullets (`BodyDef3.bullet`), whatever `world.continuous` says: against every shape, dynamic
 *   ones included (the other body swept over its own step motion). Bullets go after the others,
 *   so they see the others' corrected motion.
 * Sensors and pairs the filter refuses are skipped. A pair already touching at the start of the
 * step is the contact solver's: only the fast shape's core (a ball of a quarter of the body's
 * smallest half-size at the shape's centre) is swept against it then, so the body may slide, roll
 * and spin along the other shape but its middle never passes through it.
 *
 * The step's motion is read from the solver's packed state (Δp, Δq per awake body, still there
 * after the solve). No allocation: sweeps, results, the core ball and the broadphase callback are
 * made once.
 */
import { PhysicsError } from '../core/errors.js';
import { isConvex3, ShapeKind3, Sphere3 } from '../geometry/shapes3d.js';
import {
  minHalfSize3,
  Sweep3,
  TOI3_FAILED,
  TOI3_HIT,
  TOI3_SEPARATED,
  ToiInput3,
  ToiResult3,
  timeOfImpactInput3,
} from '../geometry/toi3d.js';
import { pcos, psin } from '../math/portable.js';
import { BODY_DYNAMIC, BODY_STATIC } from './body-store.js';
import { SB_DPX, SB_DPY, SB_DPZ, SB_DQW, SB_DQX, SB_DQY, SB_DQZ, SB_STRIDE } from './contact-solver.js';
import { updateWorldInertia } from './inertia.js';
import { updateBodyBoxes3 } from './shape.js';
import { shouldCollide3 } from './shape-store.js';
import type { World3 } from './world.js';

const sweepFast = new Sweep3();
const sweepOther = new Sweep3();
const toi = new ToiResult3();
/** the fast shape's core: a small ball at its centre (resized per use) */
const core = new Sphere3(1);
/** the core's placement in the body frame */
const coreLocal = new Float64Array([0, 0, 0, 0, 0, 0, 1]);
const ORIGIN = new Float64Array(3);
const pose = new Float64Array(7);
const input = new ToiInput3();
/** a sweep's numbers: lc, c, q, Δp, Δq */
const args = new Float64Array(17);
/** the swept query box */
const box = new Float64Array(6);
/** per body slot: its smallest half-size, and the shape list it was computed for (first shape, count, generation) */
let extent = new Float64Array(64);
let extentKey = new Int32Array(3 * 64);
/** per body slot: the world tag and first shape's geometry the figure is for (worlds share this cache) */
const extentOwner: unknown[] = [];
/** each body slot's index in this step's awake list, +1 (0: not awake this step) */
let awakeIndex = new Int32Array(64);

/** The state of the current body's query, read by the broadphase callback. */
const q = {
  world: null as World3 | null,
  body: -1,
  bullet: false,
  /** earliest time of impact found so far */
  tMin: 1.5,
  target: 0.5,
  tolerance: 0.5,
  /** the core ball's radius: a quarter of the fast body's smallest half-size */
  coreRadius: 0.5,
};

/** A boolean option (absent: `dflt`); anything else than a boolean is refused, naming `where`. */
export function booleanOption(v: unknown, where: string, dflt: boolean): boolean {
  if (v === undefined) return dflt;
  if (typeof v !== 'boolean')
    throw new PhysicsError('invalid-argument', `${where}: must be a boolean, got ${JSON.stringify(v)}`);
  return v;
}

/** Validates a body definition's `bullet` flag (absent: false) into the store's 0 / 1; errors name `where`. */
export function bulletFlag(v: unknown, where: string): number {
  return booleanOption(v, where, false) ? 1 : 0;
}

/**
 * The smallest half-size over body `i`'s convex shapes (0 when it has none), cached per slot and
 * recomputed when the body's shape list, the slot's generation or the world changed.
 */
function minExtent(w: World3, i: number): void {
  const b = w.bodies;
  if (extent.length < b.capacity) {
    const e = new Float64Array(b.capacity);
    e.set(extent);
    extent = e;
    const k = new Int32Array(3 * b.capacity);
    k.set(extentKey);
    extentKey = k;
  }
  const o = 3 * i;
  const first = b.firstShape[i]!;
  const count = b.shapeCount[i]!;
  const gen = b.generation[i]!;
  const sh = w.shapes;
  const geom = first >= 0 ? sh.geom[first] : null;
  if (
    extentKey[o] === first + 1 &&
    extentKey[o + 1] === count &&
    extentKey[o + 2] === w.tag + gen &&
    extentOwner[i] === geom
  )
    return;
  let m = Number.POSITIVE_INFINITY;
  for (let s = first; s !== -1; s = sh.next[s]!) {
    const g = sh.geom[s]!;
    if (sh.sensor[s] === 1 || !isConvex3(g)) continue;
    const e = minHalfSize3(g);
    if (e < m) m = e;
  }
  extent[i] = m === Number.POSITIVE_INFINITY ? 0 : m;
  extentKey[o] = first + 1;
  extentKey[o + 1] = count;
  extentKey[o + 2] = w.tag + gen;
  extentOwner[i] = geom;
}

/**
 * The continuous stage over the awake bodies of the step just solved (after finalize: the boxes
 * are at the end poses). Moves a body back to its earliest time of impact and refreshes its boxes.
 * Returns how many bodies were moved back.
 */
export function solveContinuous3(w: World3): number {
  const b = w.bodies;
  const list = w.scratch.awakeList;
  const n = w.scratch.nAwake;
  if (awakeIndex.length < b.capacity) awakeIndex = new Int32Array(b.capacity);
  for (let k = 0; k < n; k++) awakeIndex[list[k]!] = k + 1;
  const all = w.continuous;
  let moved = 0;
  let bullets = 0;
  for (let k = 0; k < n; k++) {
    const i = list[k]!;
    if (b.type[i] !== BODY_DYNAMIC) continue;
    if (b.bullet[i] === 1) {
      bullets++;
      continue;
    }
    if (all && !jointed(w, i) && isFast(w, k, i) && sweepBody(w, k, i, false)) moved++;
  }
  if (bullets > 0) {
    for (let k = 0; k < n; k++) {
      const i = list[k]!;
      if (b.type[i] === BODY_DYNAMIC && b.bullet[i] === 1 && isFast(w, k, i) && sweepBody(w, k, i, true))
        moved++;
    }
  }
  for (let k = 0; k < n; k++) awakeIndex[list[k]!] = 0;
  return moved;
}

/**
 * Does body `i` have joints? A jointed body that is not a bullet is not swept: the joint solver
 * holds it to its partners, and moving it back alone would stretch its joints (a falling ragdoll's
 * limbs would be pulled apart at the impact).
 */
function jointed(w: World3, i: number): boolean {
  if (w.joints.live === 0) return false;
  const head = w.joints.edges.head;
  return i < head.length && head[i] !== -1;
}

/**
 * Did awake body k (slot i) move more than a quarter of its smallest half-size in the step? The
 * rotation angle is bounded by π·|Δq_xyz| (sin x ≥ 2x/π on [0, π/2]), times the body's extent.
 */
function isFast(w: World3, k: number, i: number): boolean {
  const ss = w.scratch.ss;
  const o = (k + 1) * SB_STRIDE;
  const dx = ss[o + SB_DPX]!;
  const dy = ss[o + SB_DPY]!;
  const dz = ss[o + SB_DPZ]!;
  const ax = ss[o + SB_DQX]!;
  const ay = ss[o + SB_DQY]!;
  const az = ss[o + SB_DQZ]!;
  const turn = w.bodies.maxExtent[i]! * Math.PI * Math.sqrt(ax * ax + ay * ay + az * az);
  const step = Math.sqrt(dx * dx + dy * dy + dz * dz) + turn;
  // cheap exit before the shape walk: nothing moves less than a millimetre's tenth and tunnels
  if (step < 1e-4) return false;
  minExtent(w, i);
  return step > 0.25 * extent[i]!;
}

/** Loads the step sweep of awake body k (slot i) into `sw`. */
function loadSweep(w: World3, k: number, i: number, sw: Sweep3): void {
  const b = w.bodies;
  const ss = w.scratch.ss;
  const o = k * SB_STRIDE;
  loadPose(b, i);
  args[10] = ss[o + SB_DPX]!;
  args[11] = ss[o + SB_DPY]!;
  args[12] = ss[o + SB_DPZ]!;
  args[13] = ss[o + SB_DQX]!;
  args[14] = ss[o + SB_DQY]!;
  args[15] = ss[o + SB_DQZ]!;
  args[16] = ss[o + SB_DQW]!;
  sw.setFromStepArray(args, 0);
}

/** Body slot i's local centre, centre and orientation into args[0..9]. */
function loadPose(b: World3['bodies'], i: number): void {
  args[0] = b.lcx[i]!;
  args[1] = b.lcy[i]!;
  args[2] = b.lcz[i]!;
  args[3] = b.cx[i]!;
  args[4] = b.cy[i]!;
  args[5] = b.cz[i]!;
  args[6] = b.qx[i]!;
  args[7] = b.qy[i]!;
  args[8] = b.qz[i]!;
  args[9] = b.qw[i]!;
}

/** Sweeps awake body k (slot i) over its step against the shapes its swept box meets; true when moved back. */
function sweepBody(w: World3, k: number, i: number, bullet: boolean): boolean {
  const b = w.bodies;
  loadSweep(w, k + 1, i, sweepFast);
  const sw = sweepFast;
  const r = b.maxExtent[i]! + w.solver.slop;
  q.world = w;
  q.body = i;
  q.bullet = bullet;
  q.tMin = 1;
  q.target = w.solver.slop;
  q.tolerance = 0.25 * w.solver.slop;
  minExtent(w, i);
  q.coreRadius = 0.25 * extent[i]!;
  box[0] = Math.min(sw.c0x, sw.c1x) - r;
  box[1] = Math.min(sw.c0y, sw.c1y) - r;
  box[2] = Math.min(sw.c0z, sw.c1z) - r;
  box[3] = Math.max(sw.c0x, sw.c1x) + r;
  box[4] = Math.max(sw.c0y, sw.c1y) + r;
  box[5] = Math.max(sw.c0z, sw.c1z) + r;
  w.broadphase.queryFrom(box, 0, visitProxy);
  q.world = null;
  const t = q.tMin;
  if (!(t < 1)) return false;
  // back to the pose at t; the velocity is kept
  sw.transformAt(t, pose, 0);
  b.qx[i] = pose[3]!;
  b.qy[i] = pose[4]!;
  b.qz[i] = pose[5]!;
  b.qw[i] = pose[6]!;
  b.cx[i] = sw.c0x + t * (sw.c1x - sw.c0x);
  b.cy[i] = sw.c0y + t * (sw.c1y - sw.c0y);
  b.cz[i] = sw.c0z + t * (sw.c1z - sw.c0z);
  // the step's motion shortened to t, for the bullets that sweep against this body afterwards
  const ss = w.scratch.ss;
  const o = (k + 1) * SB_STRIDE;
  ss[o + SB_DPX] = t * ss[o + SB_DPX]!;
  ss[o + SB_DPY] = t * ss[o + SB_DPY]!;
  ss[o + SB_DPZ] = t * ss[o + SB_DPZ]!;
  const half = 0.5 * t * sw.angle;
  const sn = psin(half);
  ss[o + SB_DQX] = sw.axis[0]! * sn;
  ss[o + SB_DQY] = sw.axis[1]! * sn;
  ss[o + SB_DQZ] = sw.axis[2]! * sn;
  ss[o + SB_DQW] = pcos(half);
  updateWorldInertia(b, i);
  updateBodyBoxes3(w, i, true);
  return true;
}

/** The broadphase callback: TOI of the fast body's shapes against the shape of proxy `proxy`. */
function visitProxy(proxy: number): boolean {
  const w = q.world!;
  const sh = w.shapes;
  const b = w.bodies;
  const s2 = w.broadphase.getUserData(proxy);
  const j = sh.body[s2]!;
  const i = q.body;
  if (j === i || sh.sensor[s2] === 1) return true;
  const typeJ = b.type[j]!;
  if (typeJ === BODY_DYNAMIC && !q.bullet) return true;
  // the other body's sweep: its own step motion when it moved this step, else at rest
  const kj = awakeIndex[j]!;
  if (typeJ !== BODY_STATIC && kj > 0) loadSweep(w, kj, j, sweepOther);
  else {
    loadPose(b, j);
    sweepOther.setStillArray(args, 0);
  }
  const g2 = sh.geom[s2]!;
  input.rB = isConvex3(g2) ? b.maxExtent[j]! : -1;
  input.rA = b.maxExtent[i]!;
  input.target = q.target;
  input.tolerance = q.tolerance;
  for (let s1 = b.firstShape[i]!; s1 !== -1; s1 = sh.next[s1]!) {
    const g1 = sh.geom[s1]!;
    if (sh.sensor[s1] === 1 || !isConvex3(g1) || !shouldCollide3(sh, s1, s2)) continue;
    input.tMax = q.tMin;
    timeOfImpactInput3(g1, sh.local, 7 * s1, sweepFast, g2, sh.local, 7 * s2, sweepOther, input, toi);
    if ((toi.state === TOI3_HIT || toi.state === TOI3_FAILED) && toi.t > 0) {
      if (toi.t < q.tMin) q.tMin = toi.t;
      continue;
    }
    if (toi.state === TOI3_SEPARATED) continue;
    // Touching at the start of the step (the contact solver has the pair): sweep only the shape's
    // core, a small ball at its centre, so the body may still roll, spin and slide along the other
    // shape but its middle never passes through it.
    (core as { radius: number }).radius = q.coreRadius;
    placeCore(sh.local, 7 * s1, g1.kind === ShapeKind3.HULL ? g1.centroid : ORIGIN);
    input.tMax = q.tMin;
    timeOfImpactInput3(core, coreLocal, 0, sweepFast, g2, sh.local, 7 * s2, sweepOther, input, toi);
    if ((toi.state === TOI3_HIT || toi.state === TOI3_FAILED) && toi.t > 0 && toi.t < q.tMin) q.tMin = toi.t;
  }
  return true;
}

/** The core ball's body-frame placement: the shape's local point c through its placement. */
function placeCore(local: Float64Array, lo: number, c: Float64Array): void {
  const cx = c[0]!;
  const cy = c[1]!;
  const cz = c[2]!;
  const x = local[lo + 3]!;
  const y = local[lo + 4]!;
  const z = local[lo + 5]!;
  const ww = local[lo + 6]!;
  const tx = 2 * (y * cz - z * cy);
  const ty = 2 * (z * cx - x * cz);
  const tz = 2 * (x * cy - y * cx);
  coreLocal[0] = local[lo]! + cx + ww * tx + (y * tz - z * ty);
  coreLocal[1] = local[lo + 1]! + cy + ww * ty + (z * tx - x * tz);
  coreLocal[2] = local[lo + 2]! + cz + ww * tz + (x * ty - y * tx);
}
