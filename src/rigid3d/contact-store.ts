/**
 * Contacts of the 3D world (persistent manifolds, textbook §26.2 "ウォームスタート"): one slot per
 * shape pair whose fat boxes overlap, kept dense (swap-remove) in creation order. Each holds up to
 * 4 points with their feature ids and accumulated impulses (normal, two tangents), kept across
 * steps for warm starting, and the accumulated rolling / torsional impulses of the contact. Every
 * contact is linked into both bodies' lists (dynamics/edge-lists.ts: edge 2c on A, 2c + 1 on B).
 */
import { grow } from '../core/grow.js';
import { EdgeLists } from '../dynamics/edge-lists.js';

/** Flag: the contact has points (touching). */
export const CONTACT_TOUCHING = 1;
/** Flag: one shape is a sensor. */
export const CONTACT_SENSOR = 2;
/** Flag: both shapes report events. */
export const CONTACT_EVENTS = 4;
/** Points per contact. */
export const MAX_POINTS = 4;

/** The contact store (see the module comment). */
export class ContactStore3 {
  /** slots allocated */
  capacity = 0;
  /** contacts in use, [0, count) */
  count = 0;
  /** shape slots (a < b) */
  shapeA = new Int32Array(0);
  /** second shape */
  shapeB = new Int32Array(0);
  /** body slots */
  bodyA = new Int32Array(0);
  /** second body */
  bodyB = new Int32Array(0);
  /** CONTACT_* bits */
  flags = new Uint8Array(0);
  /** points of the current manifold */
  pointCount = new Uint8Array(0);
  /** normal A → B */
  nx = new Float64Array(0);
  /** normal y */
  ny = new Float64Array(0);
  /** normal z */
  nz = new Float64Array(0);
  /** mixed friction √(μA μB) */
  friction = new Float64Array(0);
  /** mixed restitution max(eA, eB) */
  restitution = new Float64Array(0);
  /** mixed rolling resistance max(rA, rB) (m) */
  rolling = new Float64Array(0);
  /** mixed torsional friction max(tA, tB) (m) */
  torsion = new Float64Array(0);
  /** accumulated rolling impulses (2 per contact) and torsional impulse (1): 3 per contact */
  angularImpulse = new Float64Array(0);
  // per point (MAX_POINTS per contact)
  /** world point x */
  px = new Float64Array(0);
  /** world point y */
  py = new Float64Array(0);
  /** world point z */
  pz = new Float64Array(0);
  /** separation (negative: depth) */
  separation = new Float64Array(0);
  /** accumulated normal impulse */
  normalImpulse = new Float64Array(0);
  /** accumulated friction impulse along tangent 1 */
  tangentImpulse1 = new Float64Array(0);
  /** accumulated friction impulse along tangent 2 */
  tangentImpulse2 = new Float64Array(0);
  /** feature ids */
  id = new Uint32Array(0);
  /** each body's list of its contacts */
  readonly edges = new EdgeLists();

  /** Makes room for `n` contacts (doubling, at least 64). */
  ensure(n: number): void {
    if (n <= this.capacity) return;
    let cap = Math.max(64, this.capacity);
    while (cap < n) cap *= 2;
    this.shapeA = grow(this.shapeA, cap);
    this.shapeB = grow(this.shapeB, cap);
    this.bodyA = grow(this.bodyA, cap);
    this.bodyB = grow(this.bodyB, cap);
    this.flags = grow(this.flags, cap);
    this.pointCount = grow(this.pointCount, cap);
    this.nx = grow(this.nx, cap);
    this.ny = grow(this.ny, cap);
    this.nz = grow(this.nz, cap);
    this.friction = grow(this.friction, cap);
    this.restitution = grow(this.restitution, cap);
    this.rolling = grow(this.rolling, cap);
    this.torsion = grow(this.torsion, cap);
    this.angularImpulse = grow(this.angularImpulse, 3 * cap);
    const p = MAX_POINTS * cap;
    this.px = grow(this.px, p);
    this.py = grow(this.py, p);
    this.pz = grow(this.pz, p);
    this.separation = grow(this.separation, p);
    this.normalImpulse = grow(this.normalImpulse, p);
    this.tangentImpulse1 = grow(this.tangentImpulse1, p);
    this.tangentImpulse2 = grow(this.tangentImpulse2, p);
    this.id = grow(this.id, p);
    this.edges.ensureConstraints(cap);
    this.capacity = cap;
  }

  /** The contact of shapes (a, b) on bodies (ba, bb), or −1: walks the shorter body list. */
  find(a: number, b: number, ba: number, bb: number): number {
    const edges = this.edges;
    const body = edges.count[ba]! <= edges.count[bb]! ? ba : bb;
    for (let e = edges.head[body]!; e !== -1; e = edges.next[e]!) {
      const c = e >> 1;
      if (this.shapeA[c] === a && this.shapeB[c] === b) return c;
    }
    return -1;
  }

  /** Adds the contact of shapes a < b; returns its index. */
  add(a: number, b: number, ba: number, bb: number, flags: number): number {
    const c = this.count++;
    this.ensure(this.count);
    this.shapeA[c] = a;
    this.shapeB[c] = b;
    this.bodyA[c] = ba;
    this.bodyB[c] = bb;
    this.flags[c] = flags;
    this.pointCount[c] = 0;
    for (let k = MAX_POINTS * c; k < MAX_POINTS * c + MAX_POINTS; k++) {
      this.normalImpulse[k] = 0;
      this.tangentImpulse1[k] = 0;
      this.tangentImpulse2[k] = 0;
      this.id[k] = 0;
      // the slot's former contact leaves nothing behind (a snapshot holds only the slots in use)
      this.px[k] = 0;
      this.py[k] = 0;
      this.pz[k] = 0;
      this.separation[k] = 0;
    }
    this.angularImpulse[3 * c] = 0;
    this.angularImpulse[3 * c + 1] = 0;
    this.angularImpulse[3 * c + 2] = 0;
    this.edges.linkPair(c, ba, bb);
    return c;
  }

  /** Removes contact c; the last contact moves into its slot. */
  remove(c: number): void {
    this.edges.unlinkPair(c, this.bodyA[c]!, this.bodyB[c]!);
    const last = --this.count;
    if (c === last) return;
    this.shapeA[c] = this.shapeA[last]!;
    this.shapeB[c] = this.shapeB[last]!;
    this.bodyA[c] = this.bodyA[last]!;
    this.bodyB[c] = this.bodyB[last]!;
    this.flags[c] = this.flags[last]!;
    this.pointCount[c] = this.pointCount[last]!;
    this.nx[c] = this.nx[last]!;
    this.ny[c] = this.ny[last]!;
    this.nz[c] = this.nz[last]!;
    this.friction[c] = this.friction[last]!;
    this.restitution[c] = this.restitution[last]!;
    this.rolling[c] = this.rolling[last]!;
    this.torsion[c] = this.torsion[last]!;
    for (let k = 0; k < 3; k++) this.angularImpulse[3 * c + k] = this.angularImpulse[3 * last + k]!;
    this.edges.movePair(last, c, this.bodyA[c]!, this.bodyB[c]!);
    for (let k = 0; k < MAX_POINTS; k++) {
      const i = MAX_POINTS * c + k;
      const j = MAX_POINTS * last + k;
      this.px[i] = this.px[j]!;
      this.py[i] = this.py[j]!;
      this.pz[i] = this.pz[j]!;
      this.separation[i] = this.separation[j]!;
      this.normalImpulse[i] = this.normalImpulse[j]!;
      this.tangentImpulse1[i] = this.tangentImpulse1[j]!;
      this.tangentImpulse2[i] = this.tangentImpulse2[j]!;
      this.id[i] = this.id[j]!;
    }
  }
}
