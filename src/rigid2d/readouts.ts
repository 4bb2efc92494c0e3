/**
 * Readouts of the world's state for tests, labs and renderers: the contacts with their points and
 * impulses, the deepest penetration, the live relative normal velocity and impulses of one contact
 * point (for solver traces, textbook §26.2), energy and momentum, and the body transforms packed
 * into one array. Nothing here changes the state.
 */
import { PhysicsError } from '../core/errors.js';
import { patan2 } from '../math/portable.js';
import { BODY_DYNAMIC } from './body-store.js';
import {
  C_P0,
  CONSTRAINT_STRIDE,
  P_NORMAL_IMPULSE,
  P_NORMAL_MASS,
  P_RAX,
  P_RAY,
  P_RBX,
  P_RBY,
  P_STRIDE,
  P_TANGENT_IMPULSE,
  P_TANGENT_MASS,
} from './contact-solver.js';
import type { ContactInfo, ContactPointInfo } from './types.js';
import type { World } from './world.js';

/** Number of contacts with at least one point (touching or speculative), sensors excluded. */
export function contactCount(w: World): number {
  let n = 0;
  const cs = w.contactStore;
  for (let c = 0; c < cs.count; c++) if (cs.pointCount[c]! > 0) n++;
  return n;
}

/** Every contact with points: normal, points, separations and the last step's impulses. */
export function contactList(w: World): ContactInfo[] {
  const cs = w.contactStore;
  const out: ContactInfo[] = [];
  for (let c = 0; c < cs.count; c++) {
    const pc = cs.pointCount[c]!;
    if (pc === 0) continue;
    const points: ContactPointInfo[] = [];
    for (let k = 2 * c; k < 2 * c + pc; k++) {
      points.push({
        x: cs.px[k]!,
        y: cs.py[k]!,
        separation: cs.separation[k]!,
        normalImpulse: cs.normalImpulse[k]!,
        tangentImpulse: cs.tangentImpulse[k]!,
        id: cs.id[k]!,
      });
    }
    out.push({
      shapeA: w.shapeId(cs.shapeA[c]!),
      shapeB: w.shapeId(cs.shapeB[c]!),
      bodyA: w.bodyId(cs.bodyA[c]!),
      bodyB: w.bodyId(cs.bodyB[c]!),
      normalX: cs.nx[c]!,
      normalY: cs.ny[c]!,
      points,
    });
  }
  return out;
}

/** The largest penetration depth (−separation) over all contact points, 0 if none. */
export function maxPenetration(w: World): number {
  const cs = w.contactStore;
  let d = 0;
  for (let c = 0; c < cs.count; c++) {
    for (let k = 2 * c; k < 2 * c + cs.pointCount[c]!; k++)
      if (-cs.separation[k]! > d) d = -cs.separation[k]!;
  }
  return d;
}

/** The store index of the `index`-th contact with points (the order of `contacts()`) that was solved and has point `k`. */
function nthContact(w: World, index: number, k: number): number {
  const cs = w.contactStore;
  const constraintOf = w.scratch.constraintOf;
  for (let j = 0, seen = 0; j < cs.count; j++) {
    if (cs.pointCount[j]! > 0) {
      if (seen === index) {
        if (k < cs.pointCount[j]! && constraintOf[j]! >= 0) return j;
        break;
      }
      seen++;
    }
  }
  throw new PhysicsError('not-found', `contact ${index} point ${k}: no such point in the last solve`);
}

/** vn = (vB + ωB×rB − vA − ωA×rA)·n of point `k` of the `index`-th contact, with the live body velocities. */
export function contactNormalVelocity(w: World, index: number, k: number): number {
  const cs = w.contactStore;
  const c = nthContact(w, index, k);
  const q = w.scratch.constraintOf[c]! * CONSTRAINT_STRIDE + C_P0 + k * P_STRIDE;
  const cc = w.scratch.cc;
  const b = w.bodies;
  const a = cs.bodyA[c]!;
  const d = cs.bodyB[c]!;
  const dvx = b.vx[d]! - b.w[d]! * cc[q + P_RBY]! - b.vx[a]! + b.w[a]! * cc[q + P_RAY]!;
  const dvy = b.vy[d]! + b.w[d]! * cc[q + P_RBX]! - b.vy[a]! - b.w[a]! * cc[q + P_RAX]!;
  return dvx * cs.nx[c]! + dvy * cs.ny[c]!;
}

/** Live accumulated impulses and effective masses of point `k` of the `index`-th contact. */
export function contactImpulses(
  w: World,
  index: number,
  k: number,
): { normal: number; tangent: number; normalMass: number; tangentMass: number } {
  const c = nthContact(w, index, k);
  const q = w.scratch.constraintOf[c]! * CONSTRAINT_STRIDE + C_P0 + k * P_STRIDE;
  const cc = w.scratch.cc;
  return {
    normal: cc[q + P_NORMAL_IMPULSE]!,
    tangent: cc[q + P_TANGENT_IMPULSE]!,
    normalMass: cc[q + P_NORMAL_MASS]!,
    tangentMass: cc[q + P_TANGENT_MASS]!,
  };
}

/** Total kinetic energy ½mv² + ½Iω² of the dynamic bodies. */
export function kineticEnergy(w: World): number {
  const b = w.bodies;
  let e = 0;
  for (let i = 0; i < b.count; i++) {
    if (!b.alive[i] || b.type[i] !== BODY_DYNAMIC) continue;
    e +=
      0.5 * b.mass[i]! * (b.vx[i]! * b.vx[i]! + b.vy[i]! * b.vy[i]!) +
      0.5 * b.inertia[i]! * b.w[i]! * b.w[i]!;
  }
  return e;
}

/** Total linear momentum of the dynamic bodies. */
export function linearMomentum(w: World): [number, number] {
  const b = w.bodies;
  let px = 0;
  let py = 0;
  for (let i = 0; i < b.count; i++) {
    if (!b.alive[i] || b.type[i] !== BODY_DYNAMIC) continue;
    px += b.mass[i]! * b.vx[i]!;
    py += b.mass[i]! * b.vy[i]!;
  }
  return [px, py];
}

/**
 * Writes (x, y, angle) of every live body's origin, in body-id (slot) order, into `out` and
 * returns how many bodies were written; `out` needs 3 × bodyCount numbers.
 */
export function readTransforms(w: World, out: Float64Array): number {
  const b = w.bodies;
  const live = b.count - b.freeList.length;
  if (!(out instanceof Float64Array) || out.length < 3 * live) {
    throw new PhysicsError(
      'invalid-argument',
      `readTransforms(out): needs a Float64Array of at least ${3 * live} numbers (3 per body), got ${
        out instanceof Float64Array ? `length ${out.length}` : typeof out
      }`,
    );
  }
  let n = 0;
  for (let i = 0; i < b.count; i++) {
    if (!b.alive[i]) continue;
    const c = b.qc[i]!;
    const s = b.qs[i]!;
    out[3 * n] = b.cx[i]! - (c * b.lcx[i]! - s * b.lcy[i]!);
    out[3 * n + 1] = b.cy[i]! - (s * b.lcx[i]! + c * b.lcy[i]!);
    out[3 * n + 2] = patan2(s, c);
    n++;
  }
  return n;
}
