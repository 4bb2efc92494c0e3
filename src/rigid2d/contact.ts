/**
 * Contacts (Box2D v3's contact.c): new pairs from the broadphase become contacts (after the
 * filter), the narrowphase updates every contact with an awake body through the dispatch table
 * (narrowphase.ts), new points inherit the impulses of old points with the same feature id (the
 * persistent manifold behind warm starting, textbook §26.2 "ウォームスタート"), and a contact
 * that starts or stops touching links or unlinks the islands and reports begin / end / hit events.
 */

import { originTransform } from './body.js';
import { BODY_DYNAMIC } from './body-store.js';
import { CONTACT_EVENTS, CONTACT_SENSOR, CONTACT_TOUCHING } from './contact-store.js';
import { pairEvent } from './events.js';
import { jointBlocksCollision } from './joints/joint-def.js';
import { COLLIDERS, KIND_COUNT } from './narrowphase.js';
import { sensorEndEvent, updateSensorContact } from './sensor.js';
import { shouldCollide } from './shape-store.js';
import { wakeBody } from './sleep.js';
import type { World } from './world.js';

/** The pair stage: creates contacts for the new overlapping fat boxes the broadphase found. */
export function updatePairs(w: World): void {
  w.lastStep.newPairs = 0;
  const tree = w.broadphase;
  const n = tree.updatePairs();
  w.lastStep.pairTests = n;
  const pairs = tree.pairs;
  for (let k = 0; k < n; k++) {
    const a = tree.getUserData(pairs[2 * k]!);
    const b = tree.getUserData(pairs[2 * k + 1]!);
    if (a < b) addPair(w, a, b);
    else addPair(w, b, a);
  }
}

/**
 * A contact for shape slots a < b unless they share a body, neither is dynamic, both are sensors,
 * the filter says no, a joint between the bodies forbids it (collideConnected false), or it exists.
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
  const cs = w.contactStore;
  if (cs.find(a, b, ba, bb) !== -1) return;
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
  const m = w.manifold;
  const xfA = w.xfA;
  const xfB = w.xfB;
  // read as a tagged value: a double held in a local would be boxed afresh for every call below
  const spec = w.taggedSpeculative[0] as number;
  for (let c = cs.count - 1; c >= 0; c--) {
    const ba = cs.bodyA[c]!;
    const bb = cs.bodyB[c]!;
    if (b.awake[ba] === 0 && b.awake[bb] === 0) continue;
    const sa = cs.shapeA[c]!;
    const sb = cs.shapeB[c]!;
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
    originTransform(b, ba, xfA);
    originTransform(b, bb, xfB);
    COLLIDERS[kind[sa]! * KIND_COUNT + kind[sb]!]!(sh.geom[sa]!, xfA, sh.geom[sb]!, xfB, spec, m);
    const flags = cs.flags[c]!;
    if (flags & CONTACT_SENSOR) {
      updateSensorContact(w, c, sa, sb, flags, m);
      continue;
    }
    updateManifold(w, c, ba, bb, flags);
  }
}

/** Copies the manifold into contact `c` (impulses matched by feature id) and handles begin / end touch. */
function updateManifold(w: World, c: number, ba: number, bb: number, flags: number): void {
  const cs = w.contactStore;
  const b = w.bodies;
  const m = w.manifold;
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
  for (let k = 0; k < pc; k++) {
    const j = base + k;
    const id = m.id[k]!;
    cs.px[j] = m.px[k]!;
    cs.py[j] = m.py[k]!;
    cs.separation[j] = m.separation[k]!;
    cs.id[j] = id;
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
