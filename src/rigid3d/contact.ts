/**
 * Contacts of the 3D world (Box2D v3's contact.c in 3D): new pairs from the broadphase become
 * contacts (after the filter); the narrowphase (`collide3`, geometry/collide3d.ts) updates every
 * contact with an awake body into a manifold of ≤ 4 points; new points inherit the impulses of
 * last step's points with the same feature id (the persistent manifold behind warm starting,
 * textbook §26.2 "ウォームスタート"); a contact that starts or stops touching links or unlinks the
 * islands and reports begin / end / hit events. Sensor contacts only report overlap (sensor events).
 */
import { collide3, supportsPair3 } from '../geometry/collide3d.js';
import { BODY_DYNAMIC } from './body-store.js';
import {
  CONTACT_EVENTS as CONTACT_EVENTS_,
  CONTACT_SENSOR as CONTACT_SENSOR_,
  CONTACT_TOUCHING as CONTACT_TOUCHING_,
  MAX_POINTS as MAX_POINTS_,
} from './contact-store.js';
import { jointBlocksCollision3 } from './joints/joint-def.js';
import { shapeWorldTransform3 } from './shape.js';
import { shouldCollide3 } from './shape-store.js';
import { wakeBody3 } from './sleep.js';
import type { World3 } from './world.js';

// module-local copies of the contact-store constants (an imported binding may compile to a getter
// under a dev loader, in the per-contact loops)
const CONTACT_EVENTS = CONTACT_EVENTS_;
const CONTACT_SENSOR = CONTACT_SENSOR_;
const CONTACT_TOUCHING = CONTACT_TOUCHING_;
const MAX_POINTS = MAX_POINTS_;
// the hot loops below use function-local literals (a module constant is a context load and a hole
// check per use); they must equal the store's constants
if (CONTACT_TOUCHING_ !== 1 || CONTACT_SENSOR_ !== 2 || CONTACT_EVENTS_ !== 4 || MAX_POINTS_ !== 4) {
  throw new Error(
    'rigid3d/contact: the contact-store flag or point constants changed; update the local literals',
  );
}

/** The pair stage: creates contacts for the new overlapping fat boxes the broadphase found (id-sorted). */
export function updatePairs3(w: World3): void {
  w.lastStep.newPairs = 0;
  const tree = w.broadphase;
  const n = tree.updatePairs();
  w.lastStep.pairTests = n;
  const pairs = tree.pairs;
  for (let k = 0; k < n; k++) {
    const a = tree.getUserData(pairs[2 * k]!);
    const b = tree.getUserData(pairs[2 * k + 1]!);
    if (a < b) addPair3(w, a, b);
    else addPair3(w, b, a);
  }
}

/** A contact for shape slots a < b unless they share a body, neither is dynamic, both are sensors, the filter says no, or it exists. */
function addPair3(w: World3, a: number, b: number): void {
  const sh = w.shapes;
  const ba = sh.body[a]!;
  const bb = sh.body[b]!;
  if (ba === bb) return;
  const bodies = w.bodies;
  if (bodies.type[ba] !== BODY_DYNAMIC && bodies.type[bb] !== BODY_DYNAMIC) return;
  if (sh.sensor[a] && sh.sensor[b]) return;
  if (!supportsPair3(sh.kind[a]!, sh.kind[b]!)) return;
  if (!shouldCollide3(sh, a, b)) return;
  if (w.joints.live > 0 && jointBlocksCollision3(w, ba, bb)) return;
  const cs = w.contactStore;
  if (cs.find(a, b, ba, bb) !== -1) return;
  const sensor = sh.sensor[a]! | sh.sensor[b]!;
  const flags = (sensor ? CONTACT_SENSOR : 0) | (sh.events[a] && sh.events[b] ? CONTACT_EVENTS : 0);
  const c = cs.add(a, b, ba, bb, flags);
  cs.friction[c] = Math.sqrt(sh.friction[a]! * sh.friction[b]!);
  cs.restitution[c] = Math.max(sh.restitution[a]!, sh.restitution[b]!);
  cs.rolling[c] = Math.max(sh.rolling[a]!, sh.rolling[b]!);
  cs.torsion[c] = Math.max(sh.torsion[a]!, sh.torsion[b]!);
  w.lastStep.newPairs++;
}

/** Contact `c` stops touching: its islands may split; end (or sensor end) events are reported. */
export function endContact3(w: World3, c: number): void {
  const cs = w.contactStore;
  const f = cs.flags[c]!;
  if (!(f & CONTACT_TOUCHING)) return;
  cs.flags[c] = f & ~CONTACT_TOUCHING;
  if (f & CONTACT_SENSOR) {
    sensorEvent(w, c, false);
    return;
  }
  w.islands.unlink(cs.bodyA[c]!, cs.bodyB[c]!);
  if (f & CONTACT_EVENTS) {
    const e = w.stepEvents.end.next();
    e.shapeA = w.shapeId(cs.shapeA[c]!);
    e.shapeB = w.shapeId(cs.shapeB[c]!);
  }
}

function sensorEvent(w: World3, c: number, begin: boolean): void {
  const cs = w.contactStore;
  const sa = cs.shapeA[c]!;
  const sb = cs.shapeB[c]!;
  const sensorA = w.shapes.sensor[sa] === 1;
  const e = (begin ? w.stepEvents.sensorBegin : w.stepEvents.sensorEnd).next();
  e.sensorShape = w.shapeId(sensorA ? sa : sb);
  e.visitorShape = w.shapeId(sensorA ? sb : sa);
}

/**
 * The collide stage: updates every contact with an awake body. A contact whose fat boxes no longer
 * overlap is destroyed; the others get this step's manifold, impulses matched by feature id.
 */
export function collide3d(w: World3): void {
  const cs = w.contactStore;
  const sh = w.shapes;
  const b = w.bodies;
  const fat = sh.fat;
  const m = w.manifold;
  const spec = w.taggedSpeculative[0] as number;
  // each shape's world transform once per stage (a shape is in several pairs), stamped by the call
  if (w.shapeXfStamp.length < sh.capacity) {
    w.shapeXf = new Float64Array(7 * sh.capacity);
    w.shapeXfStamp = new Int32Array(sh.capacity);
    w.collideTick = 0;
  }
  const SENSOR = 2;
  const TOUCHING = 1;
  const xf = w.shapeXf;
  const stamp = w.shapeXfStamp;
  const tick = w.collideTick === 0x7fffffff ? 1 : w.collideTick + 1;
  if (tick === 1) stamp.fill(0);
  w.collideTick = tick;
  for (let c = cs.count - 1; c >= 0; c--) {
    const ba = cs.bodyA[c]!;
    const bb = cs.bodyB[c]!;
    if (b.awake[ba] === 0 && b.awake[bb] === 0) continue;
    const sa = cs.shapeA[c]!;
    const sb = cs.shapeB[c]!;
    const oa = 6 * sa;
    const ob = 6 * sb;
    if (
      fat[oa]! > fat[ob + 3]! ||
      fat[ob]! > fat[oa + 3]! ||
      fat[oa + 1]! > fat[ob + 4]! ||
      fat[ob + 1]! > fat[oa + 4]! ||
      fat[oa + 2]! > fat[ob + 5]! ||
      fat[ob + 2]! > fat[oa + 5]!
    ) {
      endContact3(w, c);
      cs.remove(c);
      continue;
    }
    if (stamp[sa] !== tick) {
      shapeWorldTransform3(w, sa, xf, 7 * sa);
      stamp[sa] = tick;
    }
    if (stamp[sb] !== tick) {
      shapeWorldTransform3(w, sb, xf, 7 * sb);
      stamp[sb] = tick;
    }
    collide3(sh.geom[sa]!, xf, 7 * sa, sh.geom[sb]!, xf, 7 * sb, spec, m);
    const flags = cs.flags[c]!;
    if (flags & SENSOR) {
      let overlap = false;
      for (let k = 0; k < m.pointCount; k++) if (m.separation[k]! < 0) overlap = true;
      const was = (flags & TOUCHING) !== 0;
      if (overlap && !was) {
        cs.flags[c] = flags | TOUCHING;
        sensorEvent(w, c, true);
      } else if (!overlap && was) endContact3(w, c);
      cs.pointCount[c] = 0;
      continue;
    }
    updateManifold3(w, c, ba, bb, flags);
  }
}

/** Copies the manifold into contact `c` (impulses matched by feature id) and handles begin / end touch. */
function updateManifold3(w: World3, c: number, ba: number, bb: number, flags: number): void {
  const cs = w.contactStore;
  const b = w.bodies;
  const m = w.manifold;
  const TOUCHING = 1;
  const EVENTS = 4;
  const MAXP = 4;
  const pc = m.pointCount;
  const oldCount = cs.pointCount[c]!;
  if (pc === 0 && oldCount === 0) {
    // no points now or before (most pairs of a pile): the slots' impulses, the angular impulse and
    // the touching flag are already clear (cleared when the points went, never solved since); only
    // the normal the manifold holds is copied, as below
    cs.nx[c] = m.normalX;
    cs.ny[c] = m.normalY;
    cs.nz[c] = m.normalZ;
    return;
  }
  const was = (flags & TOUCHING) !== 0;
  const base = MAXP * c;
  // last step's ids and impulses, copied aside (the new points overwrite the slots)
  const keep = w.keepImpulses;
  const keepId = w.keepIds;
  for (let k = 0; k < oldCount; k++) {
    keepId[k] = cs.id[base + k]!;
    keep[3 * k] = cs.normalImpulse[base + k]!;
    keep[3 * k + 1] = cs.tangentImpulse1[base + k]!;
    keep[3 * k + 2] = cs.tangentImpulse2[base + k]!;
  }
  for (let k = 0; k < pc; k++) {
    const j = base + k;
    const id = m.id[k]!;
    cs.px[j] = m.px[k]!;
    cs.py[j] = m.py[k]!;
    cs.pz[j] = m.pz[k]!;
    cs.separation[j] = m.separation[k]!;
    cs.id[j] = id;
    let n = 0;
    let t1 = 0;
    let t2 = 0;
    for (let q = 0; q < oldCount; q++) {
      if (keepId[q] === id) {
        n = keep[3 * q]!;
        t1 = keep[3 * q + 1]!;
        t2 = keep[3 * q + 2]!;
        break;
      }
    }
    cs.normalImpulse[j] = n;
    cs.tangentImpulse1[j] = t1;
    cs.tangentImpulse2[j] = t2;
  }
  for (let j = base + pc; j < base + MAXP; j++) {
    cs.normalImpulse[j] = 0;
    cs.tangentImpulse1[j] = 0;
    cs.tangentImpulse2[j] = 0;
  }
  cs.pointCount[c] = pc;
  cs.nx[c] = m.normalX;
  cs.ny[c] = m.normalY;
  cs.nz[c] = m.normalZ;
  const touching = pc > 0;
  if (!touching) {
    cs.angularImpulse[3 * c] = 0;
    cs.angularImpulse[3 * c + 1] = 0;
    cs.angularImpulse[3 * c + 2] = 0;
  }
  if (touching && !was) {
    cs.flags[c] = flags | TOUCHING;
    if (b.awake[ba] === 0) wakeBody3(b, w.islands, ba);
    if (b.awake[bb] === 0) wakeBody3(b, w.islands, bb);
    w.islands.link(ba, bb);
    if (flags & EVENTS) beginEvents3(w, c);
  } else if (!touching && was) {
    endContact3(w, c);
  } else if (touching) {
    if (b.awake[ba] === 0) wakeBody3(b, w.islands, ba);
    if (b.awake[bb] === 0) wakeBody3(b, w.islands, bb);
  }
}

/** The begin event of contact `c`, and a hit event when the approach speed at its deepest point passes the threshold. */
function beginEvents3(w: World3, c: number): void {
  const cs = w.contactStore;
  const b = w.bodies;
  const sa = w.shapeId(cs.shapeA[c]!);
  const sb = w.shapeId(cs.shapeB[c]!);
  const e = w.stepEvents.begin.next();
  e.shapeA = sa;
  e.shapeB = sb;
  const base = MAX_POINTS * c;
  let k = base;
  for (let j = base + 1; j < base + cs.pointCount[c]!; j++) if (cs.separation[j]! < cs.separation[k]!) k = j;
  const A = cs.bodyA[c]!;
  const B = cs.bodyB[c]!;
  const ax = cs.px[k]! - b.cx[A]!;
  const ay = cs.py[k]! - b.cy[A]!;
  const az = cs.pz[k]! - b.cz[A]!;
  const bx = cs.px[k]! - b.cx[B]!;
  const by = cs.py[k]! - b.cy[B]!;
  const bz = cs.pz[k]! - b.cz[B]!;
  // v + ω × r of each body at the point
  const dvx = b.vx[B]! + (b.wy[B]! * bz - b.wz[B]! * by) - b.vx[A]! - (b.wy[A]! * az - b.wz[A]! * ay);
  const dvy = b.vy[B]! + (b.wz[B]! * bx - b.wx[B]! * bz) - b.vy[A]! - (b.wz[A]! * ax - b.wx[A]! * az);
  const dvz = b.vz[B]! + (b.wx[B]! * by - b.wy[B]! * bx) - b.vz[A]! - (b.wx[A]! * ay - b.wy[A]! * ax);
  const approach = -(dvx * cs.nx[c]! + dvy * cs.ny[c]! + dvz * cs.nz[c]!);
  if (approach > w.hitEventThreshold) {
    const h = w.stepEvents.hit.next();
    h.shapeA = sa;
    h.shapeB = sb;
    h.x = cs.px[k]!;
    h.y = cs.py[k]!;
    h.z = cs.pz[k]!;
    h.normalX = cs.nx[c]!;
    h.normalY = cs.ny[c]!;
    h.normalZ = cs.nz[c]!;
    h.approachSpeed = approach;
  }
}
