/**
 * Contacts (Box2D v3's contact.c): new pairs from the broadphase become contacts (after the
 * filter), the narrowphase updates every contact with an awake body through the dispatch table
 * (narrowphase.ts), new points inherit the impulses of old points with the same feature id (the
 * persistent manifold behind warm starting, textbook §26.2 "ウォームスタート"), and a contact
 * that starts or stops touching links or unlinks the islands and reports begin / end / hit events.
 */

import {
  collideBoxes,
  collideCirclesPacked,
  collidePolygonCirclePacked,
  collidePolygonsPacked,
} from '../geometry/collide2d.js';
import { originTransform } from './body.js';
import { BODY_DYNAMIC } from './body-store.js';
import { CONTACT_EVENTS, CONTACT_SENSOR, CONTACT_TOUCHING } from './contact-store.js';
import { pairEvent } from './events.js';
import { jointBlocksCollision } from './joints/joint-def.js';
import { COLLIDERS, PACKED_PAIR } from './narrowphase.js';
import { sensorEndEvent, updateSensorContact } from './sensor.js';
import { shouldCollide } from './shape-store.js';
import { wakeBody } from './sleep.js';
import type { SolverThreads } from './solver-threads.js';
import type { World } from './world.js';

/** The pair stage: creates contacts for the new overlapping fat boxes the broadphase found. */
export function updatePairs(w: World): void {
  w.lastStep.newPairs = 0;
  const bp = w.broadphase;
  const n = bp.updatePairs(w.contactStore, w.shapes.body, w.shapes.group);
  w.lastStep.pairTests = n;
  const pairs = bp.pairs;
  for (let k = 0; k < n; k++) addPair(w, pairs[2 * k]!, pairs[2 * k + 1]!); // shape slots, lower first
}

/**
 * A contact for shape slots a < b unless they share a body, neither is dynamic, both are sensors,
 * the filter says no, or a joint between the bodies forbids it (collideConnected false).
 */
function addPair(w: World, a: number, b: number): void {
  const sh = w.shapes;
  const ba = sh.body[a]!;
  const bb = sh.body[b]!;
  if (ba === bb) return;
  const bodies = w.bodies;
  if (bodies.type[ba] !== BODY_DYNAMIC && bodies.type[bb] !== BODY_DYNAMIC) return;
  const sensor = sh.sensor[a]! | sh.sensor[b]!;
  if (sh.sensor[a] && sh.sensor[b]) return;
  if (!shouldCollide(sh, a, b)) return;
  if (w.joints.live > 0 && jointBlocksCollision(w.joints, ba, bb)) return; // collideConnected false
  const cs = w.contactStore; // (a pair that has a contact is not reported: BroadPhase2.updatePairs)
  const flags = (sensor ? CONTACT_SENSOR : 0) | (sh.events[a] && sh.events[b] ? CONTACT_EVENTS : 0);
  const c = cs.add(a, b, ba, bb, flags);
  cs.friction[c] = Math.sqrt(sh.friction[a]! * sh.friction[b]!);
  cs.restitution[c] = Math.max(sh.restitution[a]!, sh.restitution[b]!);
  w.lastStep.newPairs++;
}

/** Contact `c` stops touching: its islands may split; end (or sensor end) events are reported. */
export function endContact(w: World, c: number): void {
  const cs = w.contactStore;
  const f = cs.flags[c]!;
  if (!(f & CONTACT_TOUCHING)) return;
  cs.flags[c] = f & ~CONTACT_TOUCHING;
  if (!(f & CONTACT_SENSOR)) w.islands.unlink(cs.bodyA[c]!, cs.bodyB[c]!);
  if (f & CONTACT_SENSOR) sensorEndEvent(w, c);
  else if (f & CONTACT_EVENTS) {
    pairEvent(w.stepEvents.end, w.shapeId(cs.shapeA[c]!), w.shapeId(cs.shapeB[c]!));
  }
}

/**
 * The collide stage: updates every contact with an awake body (textbook §26.2 SAT + clipping).
 * A contact whose fat boxes no longer overlap is destroyed; the others get this step's manifold,
 * with impulses matched by feature id.
 */
export function collide(w: World): void {
  const cs = w.contactStore;
  const sh = w.shapes;
  const b = w.bodies;
  const fat = sh.fat;
  const kind = sh.kind;
  const box = sh.box;
  const verts = sh.verts;
  const norms = sh.norms;
  const m = w.manifold;
  const xfA = w.xfA;
  const xfB = w.xfB;
  // read as a tagged value: a double held in a local would be boxed afresh for every call below
  const spec = w.taggedSpeculative[0] as number;
  const recycle = w.solver.recycleDistance > 0;
  const aabb = sh.aabb;
  const gap = 2 * spec;
  // the manifolds computed ahead on the solver's threads (narrowphase-threads.ts), if it has any
  const threads = w.scratch.threads as SolverThreads | null;
  if (threads !== null) threads.collideAhead(w);
  const ahead = threads === null ? null : threads.narrowphase;
  // the flags, kinds and strides as local literals, the tables read once: optimised code reads a
  // module constant (or an import) through its context with a check at every use, a local literal
  // folds into the instruction (test/rigid2d/collide-layout.test.ts checks every copy)
  const CONTACT_TOUCHING = 1;
  const CONTACT_SENSOR = 2;
  const KIND_COUNT = 5;
  const SHAPE_VERTS_STRIDE = 18;
  const PACKED_POLYGONS = 1;
  const PACKED_CIRCLES = 2;
  const PACKED_POLYGON_CIRCLE = 3;
  const PACKED_CIRCLE_POLYGON = 4;
  const packedPair = PACKED_PAIR;
  const colliders = COLLIDERS;
  // the stores' arrays, read once (nothing in the loop adds a contact or a body, so none is replaced)
  const bodyA = cs.bodyA;
  const bodyB = cs.bodyB;
  const shapeA = cs.shapeA;
  const shapeB = cs.shapeB;
  const cflags = cs.flags;
  const pointCount = cs.pointCount;
  const recycleValid = cs.recycleValid;
  const awake = b.awake;
  let recycled = 0;
  for (let c = cs.count - 1; c >= 0; c--) {
    const ba = bodyA[c]!;
    const bb = bodyB[c]!;
    if (awake[ba] === 0 && awake[bb] === 0) continue;
    const sa = shapeA[c]!;
    const sb = shapeB[c]!;
    const oa = 4 * sa;
    const ob = 4 * sb;
    if (
      fat[oa]! > fat[ob + 2]! ||
      fat[ob]! > fat[oa + 2]! ||
      fat[oa + 1]! > fat[ob + 3]! ||
      fat[ob + 1]! > fat[oa + 3]!
    ) {
      endContact(w, c);
      cs.remove(c);
      continue;
    }
    const flags = cflags[c]!;
    // A pair with no points whose tight boxes are apart by more than twice the speculative
    // distance along x or y is farther apart than that: its manifold stays empty, so the
    // narrowphase is skipped (most contacts of a fast-moving pile are such fat-box overlaps).
    if (
      (flags & (CONTACT_TOUCHING | CONTACT_SENSOR)) === 0 &&
      pointCount[c] === 0 &&
      (aabb[oa]! > aabb[ob + 2]! + gap ||
        aabb[ob]! > aabb[oa + 2]! + gap ||
        aabb[oa + 1]! > aabb[ob + 3]! + gap ||
        aabb[ob + 1]! > aabb[oa + 3]! + gap)
    ) {
      continue;
    }
    if (
      recycle &&
      (flags & (CONTACT_SENSOR | CONTACT_TOUCHING)) === CONTACT_TOUCHING &&
      recycleValid[c] === 1 &&
      recycleContact(w, c, ba, bb)
    ) {
      recycled++;
      continue;
    }
    originTransform(b, ba, xfA);
    originTransform(b, bb, xfB);
    if (ahead === null || !ahead.take(c, sa, sb, m)) {
      // straight from the shape store's packed records (the same manifold as the table's entry)
      const pair = kind[sa]! * KIND_COUNT + kind[sb]!;
      const boxA = box[sa]!;
      const boxB = box[sb]!;
      const packed = packedPair[pair]!;
      if ((boxA & boxB) === 1)
        collideBoxes(verts, SHAPE_VERTS_STRIDE * sa, verts, SHAPE_VERTS_STRIDE * sb, xfA, xfB, spec, m);
      else if (packed === PACKED_POLYGONS)
        collidePolygonsPacked(verts, norms, sa, sb, boxA !== 0, boxB !== 0, xfA, xfB, spec, m);
      else if (packed === PACKED_CIRCLES) collideCirclesPacked(verts, sa, sb, xfA, xfB, spec, m);
      else if (packed === PACKED_POLYGON_CIRCLE)
        collidePolygonCirclePacked(verts, norms, sa, sb, xfA, xfB, spec, m);
      else if (packed === PACKED_CIRCLE_POLYGON) {
        collidePolygonCirclePacked(verts, norms, sb, sa, xfB, xfA, spec, m);
        m.normalX = -m.normalX;
        m.normalY = -m.normalY;
        m.flip = true;
      } else colliders[pair]!(sh.geom[sa]!, xfA, sh.geom[sb]!, xfB, spec, m);
    }
    if (flags & CONTACT_SENSOR) {
      updateSensorContact(w, c, sa, sb, flags, m);
      continue;
    }
    updateManifold(w, c, ba, bb, flags);
    cachePose(w, c, ba, bb);
  }
  if (ahead !== null) ahead.done();
  cs.recycled = recycled;
}

/**
 * Contact recycling (Catto, Box2D v3.2, 2026; in the spirit of persistent manifolds): when the two
 * bodies moved little relative to each other since contact `c`'s manifold was computed — B's
 * centre within the recycle distance of where it was in A's frame, after adding the largest
 * rotation of the bodies' shapes, and neither body turned more than about 11° — the manifold is
 * kept: the same normal, ids and impulses, and the same lever arms r_A, r_B from each centre of
 * mass (world axes, as when the manifold was made), while each point's separation is carried
 * forward the way the solver tracks it within a step, s = s₀ + n·(c_B − c_A + R(Δq_B) r_B −
 * R(Δq_A) r_A). Rebuilt every step, the arms follow each box as it leans and shifts: the two
 * points' arms about a leaning box's centre become unequal, the weight above turns it further, and
 * a tall column (100 unit boxes, or five 1 cm boxes) tips over in a few seconds; kept, the arms
 * stay as they were and the lean is corrected.
 *
 * Only a resting contact is recycled: one that carried load in the last step, whose pair slid
 * along the contact by less than the slop at every point (the impulses act at the ends of the two
 * kept arms, which then lie less than a slop apart along the contact, so they keep the angular
 * momentum), and that has points — one without points is rebuilt every step, so a pair that comes
 * within the speculative distance gets its points at once (Box2D also recycles those, which can
 * let a pair approach unseen for a step). Returns false when the manifold must be rebuilt.
 */
function recycleContact(w: World, c: number, ba: number, bb: number): boolean {
  const cs = w.contactStore;
  // only a contact that carried load in the last step (a resting one) keeps its manifold
  if (cs.normalImpulse[2 * c]! + cs.normalImpulse[2 * c + 1]! === 0) return false;
  const b = w.bodies;
  const pose = cs.pose;
  // local literals (see collide)
  const RECYCLE_STRIDE = 8;
  const ANCHOR_STRIDE = 5;
  const BODY_STATIC = 0;
  // cos of the largest turn of either body for which a manifold is recycled (≈ 11.5°, Box2D's 0.98)
  const RECYCLE_COS = 0.98;
  const o = RECYCLE_STRIDE * c;
  const aC = b.qc[ba]!;
  const aS = b.qs[ba]!;
  const bC = b.qc[bb]!;
  const bS = b.qs[bb]!;
  // each body's turn since the manifold: Δq = q · q₀⁻¹ (cos, sin)
  const dAc = aC * pose[o + 4]! + aS * pose[o + 5]!;
  const dAs = aS * pose[o + 4]! - aC * pose[o + 5]!;
  const dBc = bC * pose[o + 6]! + bS * pose[o + 7]!;
  const dBs = bS * pose[o + 6]! - bC * pose[o + 7]!;
  if (dAc < RECYCLE_COS || dBc < RECYCLE_COS) return false;
  // B's centre in A's frame, against the cached one
  const dcx = b.cx[bb]! - b.cx[ba]!;
  const dcy = b.cy[bb]! - b.cy[ba]!;
  const rx = aC * dcx + aS * dcy - pose[o]!;
  const ry = -aS * dcx + aC * dcy - pose[o + 1]!;
  // sine of the change of the relative rotation: rel = qA⁻¹ qB against the cached rel
  const relC = aC * bC + aS * bS;
  const relS = aC * bS - aS * bC;
  const turn = Math.abs(relS * pose[o + 2]! - relC * pose[o + 3]!);
  const extA = b.type[ba] === BODY_STATIC ? 0 : b.maxExtent[ba]!;
  const extB = b.type[bb] === BODY_STATIC ? 0 : b.maxExtent[bb]!;
  const ext = Math.max(extA, extB);
  if (Math.sqrt(rx * rx + ry * ry) + ext * turn >= w.solver.recycleDistance) return false;
  const nx = cs.nx[c]!;
  const ny = cs.ny[c]!;
  const a0 = cs.anchor0;
  const pc = cs.pointCount[c]!;
  // the pair has slid along the contact by less than the slop at every point: the normal impulses
  // at the two ends of the kept lever arms then make no couple worth the name (angular momentum)
  const slide = w.solver.slop;
  for (let j = 2 * c; j < 2 * c + pc; j++) {
    const k = ANCHOR_STRIDE * j;
    const mx = dcx + a0[k + 2]! - a0[k]!;
    const my = dcy + a0[k + 3]! - a0[k + 1]!;
    if (Math.abs(mx * ny - my * nx) >= slide) return false;
  }
  for (let j = 2 * c; j < 2 * c + pc; j++) {
    const k = ANCHOR_STRIDE * j;
    const ax = dAc * a0[k]! - dAs * a0[k + 1]!;
    const ay = dAs * a0[k]! + dAc * a0[k + 1]!;
    const bx = dBc * a0[k + 2]! - dBs * a0[k + 3]!;
    const by = dBs * a0[k + 2]! + dBc * a0[k + 3]!;
    cs.separation[j] = a0[k + 4]! + nx * (dcx + bx - ax) + ny * (dcy + by - ay);
    // the ends of the kept arms, where the solver pushes on A and on B
    cs.px[j] = b.cx[ba]! + a0[k]!;
    cs.py[j] = b.cy[ba]! + a0[k + 1]!;
    cs.qx[j] = b.cx[bb]! + a0[k + 2]!;
    cs.qy[j] = b.cy[bb]! + a0[k + 3]!;
  }
  // a sleeping partner wakes, as with a rebuilt manifold
  if (b.awake[ba] === 0) wakeBody(b, w.islands, ba);
  if (b.awake[bb] === 0) wakeBody(b, w.islands, bb);
  return true;
}

/**
 * Records the poses of contact `c`'s fresh manifold (for {@link recycleContact}; its points'
 * anchors are written with the points, in {@link updateManifold}).
 */
function cachePose(w: World, c: number, ba: number, bb: number): void {
  const cs = w.contactStore;
  const b = w.bodies;
  const pose = cs.pose;
  const RECYCLE_STRIDE = 8;
  const o = RECYCLE_STRIDE * c;
  const aC = b.qc[ba]!;
  const aS = b.qs[ba]!;
  const bC = b.qc[bb]!;
  const bS = b.qs[bb]!;
  const dcx = b.cx[bb]! - b.cx[ba]!;
  const dcy = b.cy[bb]! - b.cy[ba]!;
  pose[o] = aC * dcx + aS * dcy;
  pose[o + 1] = -aS * dcx + aC * dcy;
  pose[o + 2] = aC * bC + aS * bS;
  pose[o + 3] = aC * bS - aS * bC;
  pose[o + 4] = aC;
  pose[o + 5] = aS;
  pose[o + 6] = bC;
  pose[o + 7] = bS;
  cs.recycleValid[c] = 1;
}

/**
 * Copies the manifold into contact `c` (impulses matched by feature id), with each point's anchors
 * from the two centres of mass and its separation (the recycling cache, {@link recycleContact}), in
 * one pass over the points, and handles begin / end touch.
 */
function updateManifold(w: World, c: number, ba: number, bb: number, flags: number): void {
  const cs = w.contactStore;
  const b = w.bodies;
  const m = w.manifold;
  // local literals (see collide)
  const CONTACT_TOUCHING = 1;
  const CONTACT_EVENTS = 4;
  const ANCHOR_STRIDE = 5;
  const was = (flags & CONTACT_TOUCHING) !== 0;
  const base = 2 * c;
  const oldCount = cs.pointCount[c]!;
  const id0 = cs.id[base]!;
  const id1 = cs.id[base + 1]!;
  const n0 = cs.normalImpulse[base]!;
  const n1 = cs.normalImpulse[base + 1]!;
  const t0 = cs.tangentImpulse[base]!;
  const t1 = cs.tangentImpulse[base + 1]!;
  const pc = m.pointCount;
  const a0 = cs.anchor0;
  const cax = b.cx[ba]!;
  const cay = b.cy[ba]!;
  const cbx = b.cx[bb]!;
  const cby = b.cy[bb]!;
  for (let k = 0; k < pc; k++) {
    const j = base + k;
    const id = m.id[k]!;
    const px = m.px[k]!;
    const py = m.py[k]!;
    const sep = m.separation[k]!;
    cs.px[j] = px;
    cs.py[j] = py;
    cs.qx[j] = px;
    cs.qy[j] = py;
    cs.separation[j] = sep;
    cs.id[j] = id;
    const o = ANCHOR_STRIDE * j;
    a0[o] = px - cax;
    a0[o + 1] = py - cay;
    a0[o + 2] = px - cbx;
    a0[o + 3] = py - cby;
    a0[o + 4] = sep;
    if (oldCount > 0 && id === id0) {
      cs.normalImpulse[j] = n0;
      cs.tangentImpulse[j] = t0;
    } else if (oldCount > 1 && id === id1) {
      cs.normalImpulse[j] = n1;
      cs.tangentImpulse[j] = t1;
    } else {
      cs.normalImpulse[j] = 0;
      cs.tangentImpulse[j] = 0;
    }
  }
  for (let j = base + pc; j < base + 2; j++) {
    cs.id[j] = -1;
    cs.normalImpulse[j] = 0;
    cs.tangentImpulse[j] = 0;
  }
  cs.pointCount[c] = pc;
  cs.nx[c] = m.normalX;
  cs.ny[c] = m.normalY;
  const touching = pc > 0;
  if (touching && !was) {
    cs.flags[c] = flags | CONTACT_TOUCHING;
    // touched: wake a sleeping partner's island, and the two islands become one
    if (b.awake[ba] === 0) wakeBody(b, w.islands, ba);
    if (b.awake[bb] === 0) wakeBody(b, w.islands, bb);
    w.islands.link(ba, bb);
    if (flags & CONTACT_EVENTS) beginEvents(w, c);
  } else if (!touching && was) {
    endContact(w, c);
  } else if (touching) {
    if (b.awake[ba] === 0) wakeBody(b, w.islands, ba);
    if (b.awake[bb] === 0) wakeBody(b, w.islands, bb);
  }
}

/** The begin event of contact `c`, and a hit event when the approach speed at its deepest point passes the threshold. */
function beginEvents(w: World, c: number): void {
  const cs = w.contactStore;
  const b = w.bodies;
  const sa = w.shapeId(cs.shapeA[c]!);
  const sb = w.shapeId(cs.shapeB[c]!);
  pairEvent(w.stepEvents.begin, sa, sb);
  let k = 2 * c;
  if (cs.pointCount[c] === 2 && cs.separation[k + 1]! < cs.separation[k]!) k++;
  const a = cs.bodyA[c]!;
  const d = cs.bodyB[c]!;
  const ax = cs.px[k]! - b.cx[a]!;
  const ay = cs.py[k]! - b.cy[a]!;
  const bx = cs.px[k]! - b.cx[d]!;
  const by = cs.py[k]! - b.cy[d]!;
  const dvx = b.vx[d]! - b.w[d]! * by - b.vx[a]! + b.w[a]! * ay;
  const dvy = b.vy[d]! + b.w[d]! * bx - b.vy[a]! - b.w[a]! * ax;
  const approach = -(dvx * cs.nx[c]! + dvy * cs.ny[c]!);
  if (approach > w.hitEventThreshold) {
    const e = w.stepEvents.hit.next();
    e.shapeA = sa;
    e.shapeB = sb;
    e.x = cs.px[k]!;
    e.y = cs.py[k]!;
    e.normalX = cs.nx[c]!;
    e.normalY = cs.ny[c]!;
    e.approachSpeed = approach;
  }
}
