/**
 * The broadphase split by body type, as Box2D v3 keeps it (broad_phase.c, Catto 2023): one dynamic
 * AABB tree (spatial/dynamic-tree.ts) of the static shapes' fat boxes, one of the kinematic shapes'
 * and one of the dynamic shapes' (textbook §26.2, "broadphase, then narrowphase"). A moved dynamic
 * proxy searches the dynamic tree (of two moved dynamic proxies only the lower id reports the pair)
 * and the kinematic and static trees; a moved static or kinematic proxy (created or teleported)
 * searches the dynamic tree only. The static tree is never disturbed by the moving proxies, so the
 * pair search and the continuous stage's sweeps (static and kinematic trees only) prune well.
 * Pairs are reported as shape slots (lower, higher), sorted and deduplicated: the result depends on
 * the trees' content only, not on the order proxies moved in, nor on the trees' shape — so the
 * dynamic tree is rebuilt top-down before a search in which many of its proxies moved (as Box2D v3
 * rebuilds it every step): re-inserted boxes leave loose inner nodes that a query must descend into.
 * Pairs that already have a contact or whose shapes share a body are left out during the search.
 */

import { DynamicTree } from '../spatial/dynamic-tree.js';
import { sortRange } from '../spatial/sort-range.js';
import { BODY_DYNAMIC, BODY_KINEMATIC, BODY_STATIC } from './body-store.js';
import type { ContactStore } from './contact-store.js';

/** The dynamic tree is rebuilt before a search once this share of its proxies moved (DynamicTree option). */
const REBUILD_FRACTION = 0.25;

/** A moved proxy whose body has at most this many contacts marks its partners (BroadPhase2.markPartners). */
const PARTNER_LIST_MAX = 64;

/** Pair keys are lower · SHIFT + higher (shape slots below 2^26). */
const SHIFT = 67108864;

/** The three trees of a 2D world, indexed by body type code (static 0, kinematic 1, dynamic 2). */
export class BroadPhase2 {
  /** the trees by body type code */
  readonly trees: readonly [DynamicTree, DynamicTree, DynamicTree];
  /**
   * The pairs of the last `updatePairs`: pair k is shape slots (pairs[2k], pairs[2k+1]) with
   * pairs[2k] < pairs[2k+1], sorted. Valid up to `pairCount`.
   */
  pairs: Int32Array = new Int32Array(32);
  /** number of pairs in `pairs` */
  pairCount = 0;
  private keys: Float64Array = new Float64Array(16);
  private contacts: ContactStore | null = null;
  private shapeBody: Int32Array = new Int32Array(0);
  private shapeGroup: Int32Array = new Int32Array(0);
  /**
   * `partner[s] === partnerMark` while shape slot s has a contact with the proxy being searched:
   * its body's contact list is read once per moved proxy rather than once per box it overlaps
   */
  private partner: Int32Array = new Int32Array(0);
  private partnerMark = 0;
  /** whether `partner` holds the searched proxy's contacts (false: its body has too many, ask the store) */
  private partnerMarked = false;

  /** Trees with fat-box margin `margin` and a displacement limit for the predicted motion. */
  constructor(margin: number, displacementLimit: number) {
    const make = (rebuildFraction: number) => new DynamicTree({ margin, displacementLimit, rebuildFraction });
    this.trees = [make(0), make(0), make(REBUILD_FRACTION)];
  }

  /** the fat-box margin (m) of every tree */
  get margin(): number {
    return this.trees[0].margin;
  }

  set margin(m: number) {
    for (const t of this.trees) (t as { margin: number }).margin = m;
  }

  /**
   * The pair search of a step over the move buffers of the three trees (see the file comment);
   * each tree's filter bits prefilter the pairs both ways, and pairs of shapes on one body
   * (`shapeBody`: body slot per shape slot) or that already have a contact in `contacts` are
   * left out (most overlaps a moved box finds are its existing contacts; Box2D v3 checks its
   * pair set the same way), and so are pairs of one negative filter group (`shapeGroup`: group
   * per shape slot, Box2D's group rule; a ragdoll's own limbs, which a moved limb finds every
   * step). Clears the move buffers. Returns the count of new pairs.
   */
  updatePairs(contacts: ContactStore, shapeBody: Int32Array, shapeGroup: Int32Array): number {
    this.contacts = contacts;
    this.shapeBody = shapeBody;
    this.shapeGroup = shapeGroup;
    const dyn = this.trees[BODY_DYNAMIC];
    // a tree in which a quarter of the proxies or more moved since the last search is rebuilt
    // before it is searched (its re-inserted boxes leave loose inner nodes; the pairs found do not
    // depend on the tree's shape)
    if (dyn.rebuildDue) dyn.rebuild();
    let count = 0;
    for (let t = 0; t < 3; t++) {
      const tree = this.trees[t]!;
      const moved = tree.movedCount;
      for (let m = 0; m < moved; m++) {
        const q = tree.movedProxy(m);
        const minX = tree.fatMinX(q);
        const minY = tree.fatMinY(q);
        const maxX = tree.fatMaxX(q);
        const maxY = tree.fatMaxY(q);
        const qs = tree.leafUserData(q);
        const qCat = tree.proxyCategory(q);
        const qMask = tree.proxyPairMask(q);
        this.markPartners(qs);
        if (t === BODY_DYNAMIC) {
          count = this.search(dyn, q, true, minX, minY, maxX, maxY, qs, qCat, qMask, count);
          count = this.search(
            this.trees[BODY_KINEMATIC],
            -1,
            false,
            minX,
            minY,
            maxX,
            maxY,
            qs,
            qCat,
            qMask,
            count,
          );
          count = this.search(
            this.trees[BODY_STATIC],
            -1,
            false,
            minX,
            minY,
            maxX,
            maxY,
            qs,
            qCat,
            qMask,
            count,
          );
        } else {
          count = this.search(dyn, -2, true, minX, minY, maxX, maxY, qs, qCat, qMask, count);
        }
      }
    }
    for (let t = 0; t < 3; t++) this.trees[t]!.clearMoveBuffer();

    sortRange(this.keys, 0, count - 1);
    if (2 * count > this.pairs.length) {
      let cap = this.pairs.length;
      while (cap < 2 * count) cap *= 2;
      this.pairs = new Int32Array(cap);
    }
    let n = 0;
    let last = -1;
    const keys = this.keys;
    const pairs = this.pairs;
    for (let k = 0; k < count; k++) {
      const key = keys[k]!;
      if (key === last) continue;
      last = key;
      const lo = Math.floor(key / SHIFT);
      pairs[2 * n] = lo;
      pairs[2 * n + 1] = key - lo * SHIFT;
      n++;
    }
    this.pairCount = n;
    return n;
  }

  /**
   * Marks in `partner` the shapes that have a contact with shape slot `qs` (walking its body's
   * contact list once), unless the body has more than {@link PARTNER_LIST_MAX} contacts (a static
   * ground with many shapes): then each overlap asks the contact store.
   */
  private markPartners(qs: number): void {
    const contacts = this.contacts!;
    const edges = contacts.edges;
    const body = this.shapeBody[qs]!;
    this.partnerMarked = body < edges.bodyCapacity && edges.count[body]! <= PARTNER_LIST_MAX;
    if (!this.partnerMarked) return;
    if (this.partner.length < this.shapeBody.length) {
      this.partner = new Int32Array(this.shapeBody.length);
      this.partnerMark = 0;
    }
    if (this.partnerMark === 0x7fffffff) {
      this.partner.fill(0);
      this.partnerMark = 0;
    }
    const mark = ++this.partnerMark;
    const partner = this.partner;
    const shapeA = contacts.shapeA;
    const shapeB = contacts.shapeB;
    for (let e = edges.head[body]!; e !== -1; e = edges.next[e]!) {
      const c = e >> 1;
      const a = shapeA[c]!;
      const b = shapeB[c]!;
      if (a === qs) partner[b] = mark;
      else if (b === qs) partner[a] = mark;
    }
  }

  /**
   * Adds the keys of the proxies of `tree` overlapping the box whose filter accepts the query's.
   * `self` ≥ 0: the query is that moved proxy of this same tree (skipped; of two moved proxies the
   * lower id reports). `self` = −2: a static or kinematic query, which skips moved proxies of the
   * (dynamic) tree — their own search reports the pair.
   */
  private search(
    tree: DynamicTree,
    self: number,
    checkMoved: boolean,
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    qs: number,
    qCat: number,
    qMask: number,
    count: number,
  ): number {
    const n = tree.overlaps2(minX, minY, maxX, maxY, qMask);
    const leaves = tree.overlapBuffer;
    const contacts = this.contacts!;
    const shapeBody = this.shapeBody;
    const group = this.shapeGroup;
    const qg = group[qs]!;
    const marked = this.partnerMarked;
    const partner = this.partner;
    const mark = this.partnerMark;
    // the key's shift as a local literal (a module constant is a context load with checks at
    // every use; test/rigid2d/collide-layout.test.ts checks the copy)
    const SHIFT = 67108864;
    for (let k = 0; k < n; k++) {
      const node = leaves[k]!;
      if (node === self) continue;
      if ((tree.proxyPairMask(node) & qCat) === 0) continue;
      if (checkMoved && tree.isMoved(node) && (self === -2 || node < self)) continue;
      const s = tree.leafUserData(node);
      if (qg < 0 && group[s] === qg) continue; // one negative group never collides
      const lo = Math.min(s, qs);
      const hi = Math.max(s, qs);
      const ba = shapeBody[lo]!;
      const bb = shapeBody[hi]!;
      if (ba === bb) continue;
      if (marked ? partner[s] === mark : contacts.find(lo, hi, ba, bb) !== -1) continue;
      if (count === this.keys.length) {
        const next = new Float64Array(2 * this.keys.length);
        next.set(this.keys);
        this.keys = next;
      }
      this.keys[count++] = lo * SHIFT + hi;
    }
    return count;
  }
}
