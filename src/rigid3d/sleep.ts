/**
 * Islands and sleep of the 3D world (textbook §26.2 "スリープ"; Box2D v3's island.c): waking a
 * body's island, putting one to sleep, and the end-of-step sleep pass over the persistent islands
 * (dynamics/islands.ts). A body touching a moving kinematic body stays awake.
 */
import type { IslandStore } from '../dynamics/islands.js';
import { BODY_KINEMATIC, BODY_STATIC, type BodyStore3 } from './body-store.js';
import { CONTACT_SENSOR, CONTACT_TOUCHING, type ContactStore3 } from './contact-store.js';
import type { JointStore3 } from './joints/joint-store.js';
import type { World3 } from './world.js';

function stop(b: BodyStore3, j: number): void {
  b.awake[j] = 0;
  b.vx[j] = 0;
  b.vy[j] = 0;
  b.vz[j] = 0;
  b.wx[j] = 0;
  b.wy[j] = 0;
  b.wz[j] = 0;
}

/** Wakes the sleeping island that body slot `i` belongs to. */
export function wakeBody3(b: BodyStore3, isl: IslandStore, i: number): void {
  if (b.type[i] === BODY_STATIC || b.awake[i]) return;
  const k = isl.islandOf[i]!;
  if (k >= 0) {
    for (let j = isl.head[k]!; j !== -1; j = isl.next[j]!) {
      b.awake[j] = 1;
      b.sleepTime[j] = 0;
    }
  }
  b.awake[i] = 1;
  b.sleepTime[i] = 0;
}

/** Puts the island of body slot `i` to sleep (a kinematic body, which has no island, sleeps alone). */
export function sleepIsland3(b: BodyStore3, isl: IslandStore, i: number): void {
  if (b.type[i] === BODY_STATIC || !b.awake[i]) return;
  const k = isl.islandOf[i]!;
  if (k < 0) {
    stop(b, i);
    return;
  }
  for (let j = isl.head[k]!; j !== -1; j = isl.next[j]!) stop(b, j);
}

/** The neighbour walk of the island split: each body joined to `body` by a touching non-sensor contact or a joint. */
export function islandNeighbours3(
  cs: ContactStore3,
  js: JointStore3,
): (body: number, visit: (other: number) => void) => void {
  return (body, visit) => {
    for (let e = cs.edges.head[body]!; e !== -1; e = cs.edges.next[e]!) {
      const c = e >> 1;
      const f = cs.flags[c]!;
      if ((f & CONTACT_TOUCHING) === 0 || (f & CONTACT_SENSOR) !== 0) continue;
      visit((e & 1) === 1 ? cs.bodyA[c]! : cs.bodyB[c]!);
    }
    const je = js.edges;
    if (body >= je.bodyCapacity) return;
    for (let e = je.head[body]!; e !== -1; e = je.next[e]!) visit(js.other(e));
  };
}

/**
 * The sleep stage: an island that lost touching contacts is split as soon as one of its bodies has
 * been still for `timeToSleep`; an intact island whose every body has been still that long falls
 * asleep as a whole (velocities zeroed); touching any body of a sleeping island wakes all of it.
 */
export function updateSleep3(w: World3): void {
  const b = w.bodies;
  const cs = w.contactStore;
  const isl = w.islands;
  const list = w.scratch.awakeList;
  const n = w.scratch.nAwake;
  if (w.kinematicCount > 0) {
    for (let k = 0; k < n; k++) {
      const kin = list[k]!;
      if (b.type[kin] !== BODY_KINEMATIC) continue;
      if (
        b.vx[kin] === 0 &&
        b.vy[kin] === 0 &&
        b.vz[kin] === 0 &&
        b.wx[kin] === 0 &&
        b.wy[kin] === 0 &&
        b.wz[kin] === 0
      )
        continue;
      for (let e = cs.edges.head[kin]!; e !== -1; e = cs.edges.next[e]!) {
        const c = e >> 1;
        if (cs.pointCount[c] === 0) continue;
        b.sleepTime[(e & 1) === 1 ? cs.bodyA[c]! : cs.bodyB[c]!] = 0;
      }
      // a moving kinematic body keeps the bodies jointed to it awake
      const js = w.joints;
      if (kin < js.edges.bodyCapacity) {
        for (let e = js.edges.head[kin]!; e !== -1; e = js.edges.next[e]!) b.sleepTime[js.other(e)] = 0;
      }
    }
  }
  if (!w.enableSleep) return;
  const stamp = w.stepCount;
  const visit = isl.visit;
  const minSleep = isl.minSleep;
  const maxSleep = isl.maxSleep;
  const islandOf = isl.islandOf;
  for (let k = 0; k < n; k++) {
    const i = list[k]!;
    const j = islandOf[i]!;
    if (j < 0) continue;
    const t = b.sleepTime[i]!;
    if (visit[j] !== stamp) {
      visit[j] = stamp;
      minSleep[j] = t;
      maxSleep[j] = t;
    } else if (t < minSleep[j]!) minSleep[j] = t;
    else if (t > maxSleep[j]!) maxSleep[j] = t;
  }
  const timeToSleep = w.timeToSleep;
  for (let k = 0; k < n; k++) {
    const j = islandOf[list[k]!]!;
    if (j < 0 || visit[j] !== stamp) continue;
    visit[j] = -1;
    if (isl.removed[j]! > 0) {
      if (maxSleep[j]! >= timeToSleep) isl.split(j, w.islandNeighbours);
      continue;
    }
    if (minSleep[j]! < timeToSleep) continue;
    for (let i = isl.head[j]!; i !== -1; i = isl.next[i]!) stop(b, i);
  }
}
