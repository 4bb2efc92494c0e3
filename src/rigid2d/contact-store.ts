/**
 * Contacts (persistent manifolds, §26.2 "ウォームスタート"): one slot per shape pair whose fat
 * boxes overlap, kept dense (swap-remove) in creation order. Each holds up to 2 points with
 * their feature ids and accumulated impulses (kept across steps for warm starting; the
 * solver packs its own data, contact-solver.ts). Every contact is linked into both bodies' contact lists
 * (edge 2c is on body A, 2c+1 on body B).
 */

import { grow } from '../core/grow.js';
import { EdgeLists } from '../dynamics/edge-lists.js';

export const CONTACT_TOUCHING = 1;
export const CONTACT_SENSOR = 2;
export const CONTACT_EVENTS = 4;

/** Numbers per contact in {@link ContactStore.pose}. */
export const RECYCLE_STRIDE = 8;
/** Numbers per point in {@link ContactStore.anchor0}. */
export const ANCHOR_STRIDE = 5;

/** The persistent contacts of a world (structure of arrays, see the file comment). */
export class ContactStore {
  capacity = 0;
  count = 0;
  shapeA = new Int32Array(0);
  shapeB = new Int32Array(0);
  bodyA = new Int32Array(0);
  bodyB = new Int32Array(0);
  flags = new Uint8Array(0);
  pointCount = new Uint8Array(0);
  nx = new Float64Array(0);
  ny = new Float64Array(0);
  friction = new Float64Array(0);
  restitution = new Float64Array(0);
  /**
   * The poses the manifold was computed at, for contact recycling (contact.ts), `RECYCLE_STRIDE`
   * numbers per contact: B's centre of mass in A's frame and the relative rotation (x, y, c, s),
   * then A's and B's rotations (c, s each). `recycleValid[c]` = 1 once they are set.
   */
  pose = new Float64Array(0);
  recycleValid = new Uint8Array(0);
  /** how many contacts the last collide stage recycled (kept their manifold) */
  recycled = 0;
  // per point (2 per contact)
  /** the contact point: where the solver pushes on A (the manifold's point, midway between the surfaces) */
  px = new Float64Array(0);
  py = new Float64Array(0);
  /** where the solver pushes on B: the same point, unless the contact was recycled (contact.ts) */
  qx = new Float64Array(0);
  qy = new Float64Array(0);
  separation = new Float64Array(0);
  normalImpulse = new Float64Array(0);
  tangentImpulse = new Float64Array(0);
  id = new Int32Array(0);
  /**
   * per point, `ANCHOR_STRIDE` numbers: the anchors from A's and B's centres of mass to the point
   * (world axes) and the separation, as when the manifold was computed (for recycling)
   */
  anchor0 = new Float64Array(0);
  /** each body's list of its contacts (dynamics/edge-lists.ts): edge 2c on body A, 2c + 1 on body B */
  readonly edges = new EdgeLists();

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
    this.friction = grow(this.friction, cap);
    this.restitution = grow(this.restitution, cap);
    this.pose = grow(this.pose, RECYCLE_STRIDE * cap);
    this.recycleValid = grow(this.recycleValid, cap);
    const p = 2 * cap;
    this.anchor0 = grow(this.anchor0, ANCHOR_STRIDE * p);
    this.px = grow(this.px, p);
    this.qx = grow(this.qx, p);
    this.qy = grow(this.qy, p);
    this.py = grow(this.py, p);
    this.separation = grow(this.separation, p);
    this.normalImpulse = grow(this.normalImpulse, p);
    this.tangentImpulse = grow(this.tangentImpulse, p);
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
    this.recycleValid[c] = 0;
    for (let k = 2 * c; k < 2 * c + 2; k++) {
      this.normalImpulse[k] = 0;
      this.tangentImpulse[k] = 0;
      this.id[k] = -1;
      // the slot's former contact leaves nothing behind (a snapshot holds only the slots in use)
      this.px[k] = 0;
      this.py[k] = 0;
      this.qx[k] = 0;
      this.qy[k] = 0;
      this.separation[k] = 0;
    }
    // (plain loops: fill and copyWithin are calls into the runtime, slow for a few numbers; the
    // strides as local literals: a module constant is read through the module's context with a
    // check at every use, test/rigid2d/collide-layout.test.ts checks the copies)
    const RECYCLE_STRIDE = 8;
    const ANCHOR_STRIDE = 5;
    const pose = this.pose;
    for (let k = RECYCLE_STRIDE * c; k < RECYCLE_STRIDE * (c + 1); k++) pose[k] = 0;
    const a0 = this.anchor0;
    for (let k = 2 * ANCHOR_STRIDE * c; k < 2 * ANCHOR_STRIDE * (c + 1); k++) a0[k] = 0;
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
    this.friction[c] = this.friction[last]!;
    this.restitution[c] = this.restitution[last]!;
    this.recycleValid[c] = this.recycleValid[last]!;
    const RECYCLE_STRIDE = 8;
    const ANCHOR_STRIDE = 5;
    const pose = this.pose;
    for (let k = 0; k < RECYCLE_STRIDE; k++) pose[RECYCLE_STRIDE * c + k] = pose[RECYCLE_STRIDE * last + k]!;
    const a0 = this.anchor0;
    for (let k = 0; k < 2 * ANCHOR_STRIDE; k++)
      a0[2 * ANCHOR_STRIDE * c + k] = a0[2 * ANCHOR_STRIDE * last + k]!;
    this.edges.movePair(last, c, this.bodyA[c]!, this.bodyB[c]!);
    for (let k = 0; k < 2; k++) {
      const i = 2 * c + k;
      const j = 2 * last + k;
      this.px[i] = this.px[j]!;
      this.qx[i] = this.qx[j]!;
      this.qy[i] = this.qy[j]!;
      this.py[i] = this.py[j]!;
      this.separation[i] = this.separation[j]!;
      this.normalImpulse[i] = this.normalImpulse[j]!;
      this.tangentImpulse[i] = this.tangentImpulse[j]!;
      this.id[i] = this.id[j]!;
    }
  }
}
