/**
 * A dynamic AABB tree in 2D or 3D — the broadphase of the rigid engines (textbook §26.2:
 * "broadphase, then narrowphase").
 *
 * A binary tree of axis-aligned boxes: each leaf holds one proxy's *fat* box (its tight box grown by
 * a margin and stretched along its motion), each inner node the union of its two children. A query
 * walks down only into nodes whose box overlaps the query box, so finding what touches a box costs
 * O(log n) instead of O(n). Because leaves are fat, a body that moves a little stays inside its
 * fat box and the tree is not touched at all (`moveProxy` returns false); only proxies that left
 * their fat box are re-inserted, and only those need new pair searches.
 *
 * The method follows Box2D's b2DynamicTree (Erin Catto, after Bergen's "Efficient collision
 * detection of complex deformable models using AABB trees", 1997, and Presson's AVL-balanced trees):
 * - insertion descends to the sibling that minimises the added surface area — the surface area
 *   heuristic of Goldsmith–Salmon (1987) / MacDonald–Booth (1990): the perimeter in 2D, the surface
 *   area in 3D,
 * - AVL-style rotations on the way back up keep the height O(log n),
 * - nodes live in structure-of-arrays typed arrays with a free list, grown by doubling; the boxes
 *   are one Float64Array with a stride of 2·D per node (the D lower bounds, then the D upper bounds),
 * - queries use a preallocated explicit stack: no allocation per query once warm.
 *
 * The dimension is fixed at construction (`{ dimensions: 2 | 3 }`, default 2). The hot loops
 * (overlap descent, insertion cost, refit) have one specialised body per dimension, chosen once per
 * call, never per node. The 2D calls take numbers (x, y); the 3D ones end in `3`; the `…From` /
 * `…Box` calls take a box as 2·D numbers of a Float64Array and serve both.
 *
 * Proxy ids are node indices. They are reused after `destroyProxy`, lowest freed last, so the
 * whole tree is a deterministic function of the sequence of calls.
 *
 * Filter bits (after Box2D v3's tree, which keeps each proxy's category bits in its node and their
 * union in every inner node): each proxy has a 32-bit category and a small set of layer bits (an
 * engine may use them for body types), and each inner node the union of its children's, so a query
 * with a mask skips whole subtrees holding none of the wanted bits; each proxy also has the masks
 * its own pair search uses (`setProxyFilter`). New proxies have every bit set: nothing is skipped.
 */

import { PhysicsError } from '../core/errors.js';
import { sortRange } from './sort-range.js';

const NULL = -1;
const ALL_BITS = 0xffffffff;
const ALL_LAYERS = 0xff;

/** Options of a {@link DynamicTree}: dimension, fat-box margin and stretch, initial capacity. */
export interface DynamicTreeOptions {
  /** 2 (default) or 3: the boxes' dimension */
  dimensions?: 2 | 3;
  /** fat-box margin added on every side (metres); Box2D's aabbExtension is 0.1 */
  margin?: number;
  /** the fat box is stretched by this many times the displacement in the direction of motion */
  displacementMultiplier?: number;
  /**
   * the most the stretch adds along each axis (metres; default unlimited): a body tumbling fast
   * through a crowd would otherwise drag a box several times its size and overlap everything near it
   */
  displacementLimit?: number;
  /** initial node capacity (grows by doubling) */
  capacity?: number;
  /**
   * the share of the proxies (0–1; default 0: off) that, once moved since the last pair search,
   * makes {@link DynamicTree.rebuildDue} true: the owner then calls `rebuild` before searching, and
   * the 2D moves in between refit the proxy's ancestors instead of re-inserting it
   */
  rebuildFraction?: number;
}

/** Out-parameter for `getFatAABB` (2D). */
export interface AABBOut {
  /** lower x bound */
  minX: number;
  /** lower y bound */
  minY: number;
  /** upper x bound */
  maxX: number;
  /** upper y bound */
  maxY: number;
}

/** Out-parameter for `getFatAABB3` (3D). */
export interface AABB3Out {
  /** lower x bound */
  minX: number;
  /** lower y bound */
  minY: number;
  /** lower z bound */
  minZ: number;
  /** upper x bound */
  maxX: number;
  /** upper y bound */
  maxY: number;
  /** upper z bound */
  maxZ: number;
}

/** A dynamic AABB tree (2D or 3D; Box2D's b2DynamicTree): fat boxes of moving proxies in a balanced binary tree, with box and ray queries and the broad-phase pair search. */
export class DynamicTree {
  /** 2 or 3 */
  readonly dimensions: 2 | 3;
  /** fat-box margin, metres */
  readonly margin: number;
  /** the fat box is stretched by this many times the displacement in the direction of motion */
  readonly displacementMultiplier: number;
  /** the most the stretch adds along each axis, metres */
  readonly displacementLimit: number;
  /** the share of moved proxies that makes a rebuild due (0: never; see the option) */
  readonly rebuildFraction: number;
  /** numbers per node box: 2·dimensions */
  private readonly stride: number;

  private capacity = 0;
  /** node i's box: lower bounds at [i·stride, i·stride + D), upper bounds at [i·stride + D, (i + 1)·stride) */
  private bounds!: Float64Array;
  /** parent index; for free nodes, the next free node */
  private parent!: Int32Array;
  private child1!: Int32Array;
  private child2!: Int32Array;
  /** leaf = 0, free = -1 */
  private heights!: Int32Array;
  private userData!: Float64Array;
  /** 1 while the proxy sits in the move buffer */
  private moved!: Uint8Array;
  /** category bits of a proxy; of an inner node, the union of its children's */
  private category!: Uint32Array;
  /** layer bits of a proxy; of an inner node, the union of its children's */
  private layers!: Uint8Array;
  /** the category / layer masks a proxy's pair search uses (leaves only) */
  private pairMask!: Uint32Array;
  private pairLayers!: Uint8Array;
  /** masks of the current descent (`overlappingLeaves`): all bits unless a query narrows them */
  private qMask = ALL_BITS;
  private qLayers = ALL_LAYERS;

  private root = NULL;
  private freeList = NULL;
  private nodeCount = 0;
  private leafCount = 0;
  private stack: Int32Array = new Int32Array(64);
  /** the box of the current query / pair search (stride layout) and the leaves it overlaps */
  private readonly queryBox = new Float64Array(6);
  private leaves: Int32Array = new Int32Array(64);
  /**
   * scratch of `rebuild`: the proxies being split, and beside each (same position, permuted with
   * it) its box centre doubled, per axis: `rebuildCentres[a·n + k]` for `rebuildIds[k]`
   */
  private rebuildIds: Int32Array = new Int32Array(0);
  private rebuildCentres: Float64Array = new Float64Array(0);
  /** the leaf count of the current rebuild (the stride of `rebuildCentres` between axes) */
  private rebuildCount = 0;
  /**
   * true while some inner boxes may not contain their leaves: a proxy moved while a rebuild was due
   * took its new box in place (`moveProxyFrom`); the next query or rebuild makes the tree whole
   */
  private stale = false;
  /**
   * Re-insertions put off until the tree is next read (a tree with a `rebuildFraction` only): the
   * proxy of each, and its fat box before and after (8 numbers). When a rebuild is due by then they
   * are dropped — the rebuild reads the leaves alone —, otherwise replayed in order, which gives the
   * tree re-inserting at once would have given, node for node (`settle`).
   */
  private pendingIds: Int32Array = new Int32Array(0);
  private pendingBoxes: Float64Array = new Float64Array(0);
  private pendingCount = 0;

  /** proxies created or re-inserted since the last `updatePairs` */
  private moveBuffer: Int32Array = new Int32Array(16);
  private moveCount = 0;
  /** scratch for the numeric `moveProxy` / `moveProxy3` / `createProxy3` calls */
  private readonly scratchBox = new Float64Array(6);
  private readonly scratchDx = new Float64Array(1);
  private readonly scratchDy = new Float64Array(1);
  private readonly scratchDisp = new Float64Array(3);
  /** the new fat box of `moveProxyBox` */
  private readonly scratchFat = new Float64Array(6);

  /**
   * The pairs found by the last `updatePairs`: pair k is (pairs[2k], pairs[2k+1]) with
   * pairs[2k] < pairs[2k+1], sorted by (first, second). Valid up to `pairCount`.
   */
  pairs: Int32Array = new Int32Array(32);
  /** number of pairs in `pairs` */
  pairCount = 0;
  private pairKeys: Float64Array = new Float64Array(16);

  constructor(options: DynamicTreeOptions = {}) {
    const dims = options.dimensions ?? 2;
    if (dims !== 2 && dims !== 3) {
      throw new PhysicsError('invalid-argument', `DynamicTree.dimensions: must be 2 or 3, got ${dims}`);
    }
    this.dimensions = dims;
    this.stride = 2 * dims;
    this.margin = options.margin ?? 0.1;
    this.displacementMultiplier = options.displacementMultiplier ?? 4;
    this.displacementLimit = options.displacementLimit ?? Number.POSITIVE_INFINITY;
    if (!(this.displacementLimit >= 0)) {
      throw new PhysicsError(
        'invalid-argument',
        `DynamicTree.displacementLimit: must be a number ≥ 0, got ${this.displacementLimit}`,
      );
    }
    if (!(this.margin >= 0) || !Number.isFinite(this.margin)) {
      throw new PhysicsError(
        'invalid-argument',
        `DynamicTree.margin: must be a finite number ≥ 0, got ${this.margin}`,
      );
    }
    if (!(this.displacementMultiplier >= 0) || !Number.isFinite(this.displacementMultiplier)) {
      throw new PhysicsError(
        'invalid-argument',
        `DynamicTree.displacementMultiplier: must be a finite number ≥ 0, got ${this.displacementMultiplier}`,
      );
    }
    this.rebuildFraction = options.rebuildFraction ?? 0;
    if (!(this.rebuildFraction >= 0 && this.rebuildFraction <= 1)) {
      throw new PhysicsError(
        'invalid-argument',
        `DynamicTree.rebuildFraction: must be a number in [0, 1], got ${this.rebuildFraction}`,
      );
    }
    this.grow(Math.max(16, options.capacity ?? 16));
  }

  /** number of live proxies (leaves) */
  get proxyCount(): number {
    return this.leafCount;
  }

  /** height of the tree (0 for a single leaf, -1 when empty) */
  height(): number {
    if (this.pendingCount > 0) this.settle();
    return this.root === NULL ? -1 : this.heights[this.root]!;
  }

  /**
   * Sum of the surface measures (perimeter in 2D, surface area in 3D) of all inner nodes divided by
   * the root's: a quality measure (lower is better).
   */
  areaRatio(): number {
    if (this.stale || this.pendingCount > 0) this.refit();
    if (this.root === NULL) return 0;
    const rootP = this.area(this.root);
    let total = 0;
    for (let i = 0; i < this.capacity; i++) {
      if (this.heights[i]! > 0) total += this.area(i);
    }
    return rootP > 0 ? total / rootP : 0;
  }

  /** Creates a proxy for the tight 2D box; stores a fat box (grown by `margin`). Returns the proxy id. */
  createProxy(minX: number, minY: number, maxX: number, maxY: number, userData: number): number {
    this.requireDimensions(2, 'createProxy');
    checkBox('DynamicTree.createProxy', minX, minY, maxX, maxY);
    if (this.stale || this.pendingCount > 0) this.refit();
    const id = this.allocate();
    const r = this.margin;
    const b = this.bounds;
    const o = id << 2;
    b[o] = minX - r;
    b[o + 1] = minY - r;
    b[o + 2] = maxX + r;
    b[o + 3] = maxY + r;
    return this.finishCreate(id, userData);
  }

  /** Creates a proxy for the tight 3D box (see `createProxy`). */
  createProxy3(
    minX: number,
    minY: number,
    minZ: number,
    maxX: number,
    maxY: number,
    maxZ: number,
    userData: number,
  ): number {
    this.requireDimensions(3, 'createProxy3');
    const s = this.scratchBox;
    s[0] = minX;
    s[1] = minY;
    s[2] = minZ;
    s[3] = maxX;
    s[4] = maxY;
    s[5] = maxZ;
    return this.createProxyFrom(s, 0, userData);
  }

  /**
   * Creates a proxy for the tight box `box[o .. o + 2D)` (lower bounds, then upper bounds), in either
   * dimension. Returns the proxy id.
   */
  createProxyFrom(box: Float64Array, o: number, userData: number): number {
    const D = this.dimensions;
    checkBoxFrom('DynamicTree.createProxy', box, o, D);
    if (this.stale || this.pendingCount > 0) this.refit();
    const id = this.allocate();
    const r = this.margin;
    const b = this.bounds;
    const n = id * this.stride;
    for (let a = 0; a < D; a++) {
      b[n + a] = box[o + a]! - r;
      b[n + D + a] = box[o + D + a]! + r;
    }
    return this.finishCreate(id, userData);
  }

  /** Removes a proxy; its id may be handed out again later. */
  destroyProxy(id: number): void {
    this.checkProxy(id, 'destroyProxy');
    if (this.pendingCount > 0) this.settle();
    if (this.moved[id]) {
      // Drop it from the move buffer (order of the others is kept).
      let w = 0;
      for (let r = 0; r < this.moveCount; r++) {
        const p = this.moveBuffer[r]!;
        if (p !== id) this.moveBuffer[w++] = p;
      }
      this.moveCount = w;
      this.moved[id] = 0;
    }
    this.removeLeaf(id);
    this.release(id);
    this.leafCount--;
  }

  /**
   * Tells the tree the proxy's tight box is now (minX, minY)–(maxX, maxY) after moving by (dx, dy).
   * When the tight box still lies inside the fat box (and the fat box is not far too large), nothing
   * happens and false is returned. Otherwise the proxy is re-inserted with a new fat box — grown by
   * the margin and stretched by `displacementMultiplier × (dx, dy)` ahead of the motion — it joins
   * the move buffer for `updatePairs`, and true is returned. (2D.)
   */
  moveProxy(
    id: number,
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    dx: number,
    dy: number,
  ): boolean {
    const box = this.scratchBox;
    box[0] = minX;
    box[1] = minY;
    box[2] = maxX;
    box[3] = maxY;
    this.scratchDx[0] = dx;
    this.scratchDy[0] = dy;
    return this.moveProxyFrom(id, box, 0, this.scratchDx, this.scratchDy, 0);
  }

  /** `moveProxy` in 3D: the tight box (min, max) after moving by (dx, dy, dz). */
  moveProxy3(
    id: number,
    minX: number,
    minY: number,
    minZ: number,
    maxX: number,
    maxY: number,
    maxZ: number,
    dx: number,
    dy: number,
    dz: number,
  ): boolean {
    this.requireDimensions(3, 'moveProxy3');
    const box = this.scratchBox;
    box[0] = minX;
    box[1] = minY;
    box[2] = minZ;
    box[3] = maxX;
    box[4] = maxY;
    box[5] = maxZ;
    const d = this.scratchDisp;
    d[0] = dx;
    d[1] = dy;
    d[2] = dz;
    return this.moveProxyBox(id, box, 0, d, 0);
  }

  /**
   * `moveProxy` for hot 2D loops: the tight box is `box[o .. o+3]` (minX, minY, maxX, maxY) and the
   * displacement is (dispX[di], dispY[di]). Passing arrays and integer indices instead of six
   * doubles keeps V8 from boxing the numbers at a non-inlined call: no allocation per call.
   */
  moveProxyFrom(
    id: number,
    box: Float64Array,
    o: number,
    dispX: Float64Array,
    dispY: Float64Array,
    di: number,
  ): boolean {
    this.checkProxy(id, 'moveProxy');
    if (this.dimensions !== 2) this.requireDimensions(2, 'moveProxyFrom');
    const minX = box[o]!;
    const minY = box[o + 1]!;
    const maxX = box[o + 2]!;
    const maxY = box[o + 3]!;
    const dx = dispX[di]!;
    const dy = dispY[di]!;
    if (
      !(
        Number.isFinite(minX) &&
        Number.isFinite(minY) &&
        Number.isFinite(maxX) &&
        Number.isFinite(maxY) &&
        minX <= maxX &&
        minY <= maxY
      )
    ) {
      checkBox('DynamicTree.moveProxy', minX, minY, maxX, maxY);
    }
    if (!Number.isFinite(dx) || !Number.isFinite(dy)) {
      throw new PhysicsError(
        'non-finite',
        `DynamicTree.moveProxy: displacement must be finite, got (${dx}, ${dy})`,
      );
    }
    const r = this.margin;
    let fMinX = minX - r;
    let fMinY = minY - r;
    let fMaxX = maxX + r;
    let fMaxY = maxY + r;
    const lim = this.displacementLimit;
    const ddx = Math.max(-lim, Math.min(lim, this.displacementMultiplier * dx));
    const ddy = Math.max(-lim, Math.min(lim, this.displacementMultiplier * dy));
    if (ddx < 0) fMinX += ddx;
    else fMaxX += ddx;
    if (ddy < 0) fMinY += ddy;
    else fMaxY += ddy;

    const b = this.bounds;
    const n = id << 2;
    const oMinX = b[n]!;
    const oMinY = b[n + 1]!;
    const oMaxX = b[n + 2]!;
    const oMaxY = b[n + 3]!;
    if (oMinX <= minX && oMinY <= minY && maxX <= oMaxX && maxY <= oMaxY) {
      // Still inside. Keep it unless the old fat box is much larger than the new one would be
      // (e.g. after a fast move that has since stopped), which would cause needless pairs.
      const big = 4 * r;
      if (fMinX - big <= oMinX && fMinY - big <= oMinY && oMaxX <= fMaxX + big && oMaxY <= fMaxY + big) {
        return false;
      }
    }
    if (this.rebuildFraction > 0) {
      // Put off until the tree is read (settle): the rebuild before the next pair search, when due,
      // makes the re-insertion needless. Once a rebuild is due the move is recorded as one that
      // refits the ancestors in place (id stored as −1 − id), and the inner boxes above it are stale.
      const due = this.rebuildDue;
      if (due) this.stale = true;
      const k = this.pendingCount;
      if (k === this.pendingIds.length) this.growPending();
      this.pendingIds[k] = due ? -1 - id : id;
      const pb = this.pendingBoxes;
      pb[8 * k] = oMinX;
      pb[8 * k + 1] = oMinY;
      pb[8 * k + 2] = oMaxX;
      pb[8 * k + 3] = oMaxY;
      pb[8 * k + 4] = fMinX;
      pb[8 * k + 5] = fMinY;
      pb[8 * k + 6] = fMaxX;
      pb[8 * k + 7] = fMaxY;
      this.pendingCount = k + 1;
      b[n] = fMinX;
      b[n + 1] = fMinY;
      b[n + 2] = fMaxX;
      b[n + 3] = fMaxY;
      this.bufferMove(id);
      return true;
    }
    this.removeLeaf(id);
    b[n] = fMinX;
    b[n + 1] = fMinY;
    b[n + 2] = fMaxX;
    b[n + 3] = fMaxY;
    this.insertLeaf(id);
    this.bufferMove(id);
    return true;
  }

  private growPending(): void {
    const ids = new Int32Array(Math.max(16, 2 * this.pendingIds.length));
    ids.set(this.pendingIds);
    const boxes = new Float64Array(8 * ids.length);
    boxes.set(this.pendingBoxes);
    this.pendingIds = ids;
    this.pendingBoxes = boxes;
  }

  /**
   * Replays the put-off moves (see `pendingIds`) in order, each from the boxes as they were then:
   * re-insertions, and moves made while a rebuild was due, which take their boxes in place (their
   * ancestors refitted after, by `refit`: the same unions). The tree is then the one moving at once
   * would have built. (The rebuild drops them instead: it reads the leaves' boxes alone.)
   */
  private settle(): void {
    const count = this.pendingCount;
    this.pendingCount = 0;
    // the inner boxes are those from before the first put-off move: with every moved leaf back to
    // its box of then, they are its unions
    this.stale = false;
    const b = this.bounds;
    const pb = this.pendingBoxes;
    const ids = this.pendingIds;
    let inPlace = false;
    for (let k = count - 1; k >= 0; k--) {
      const e = ids[k]!;
      const n = (e < 0 ? -1 - e : e) << 2;
      b[n] = pb[8 * k]!;
      b[n + 1] = pb[8 * k + 1]!;
      b[n + 2] = pb[8 * k + 2]!;
      b[n + 3] = pb[8 * k + 3]!;
    }
    for (let k = 0; k < count; k++) {
      const e = ids[k]!;
      const id = e < 0 ? -1 - e : e;
      const n = id << 2;
      if (e >= 0) this.removeLeaf(id);
      else inPlace = true;
      b[n] = pb[8 * k + 4]!;
      b[n + 1] = pb[8 * k + 5]!;
      b[n + 2] = pb[8 * k + 6]!;
      b[n + 3] = pb[8 * k + 7]!;
      if (e >= 0) this.insertLeaf(id);
    }
    if (inPlace) this.stale = true;
  }

  /**
   * true when `rebuildFraction` of the proxies (and at least 256) sit in the move buffer: the owner
   * rebuilds the tree before its pair search, and 2D moves until then refit in place.
   */
  get rebuildDue(): boolean {
    return (
      this.rebuildFraction > 0 &&
      this.leafCount >= 256 &&
      this.moveCount >= this.rebuildFraction * this.leafCount
    );
  }

  /**
   * `moveProxy` for hot loops in either dimension: the tight box is `box[o .. o + 2D)` (lower bounds,
   * then upper bounds) and the displacement is `disp[d .. d + D)`. Same rule as `moveProxy`.
   */
  moveProxyBox(id: number, box: Float64Array, o: number, disp: Float64Array, d: number): boolean {
    this.checkProxy(id, 'moveProxy');
    if (this.stale || this.pendingCount > 0) this.refit();
    const D = this.dimensions;
    for (let a = 0; a < D; a++) {
      const lo = box[o + a]!;
      const hi = box[o + D + a]!;
      if (!(Number.isFinite(lo) && Number.isFinite(hi) && lo <= hi)) {
        checkBoxFrom('DynamicTree.moveProxy', box, o, D);
      }
      if (!Number.isFinite(disp[d + a]!)) {
        throw new PhysicsError(
          'non-finite',
          `DynamicTree.moveProxy: displacement must be finite, got (${Array.from(disp.subarray(d, d + D)).join(', ')})`,
        );
      }
    }
    const r = this.margin;
    const f = this.scratchFat;
    for (let a = 0; a < D; a++) {
      let lo = box[o + a]! - r;
      let hi = box[o + D + a]! + r;
      const dd = Math.max(
        -this.displacementLimit,
        Math.min(this.displacementLimit, this.displacementMultiplier * disp[d + a]!),
      );
      if (dd < 0) lo += dd;
      else hi += dd;
      f[a] = lo;
      f[D + a] = hi;
    }
    const b = this.bounds;
    const n = id * this.stride;
    let inside = true;
    for (let a = 0; a < D; a++) {
      if (!(b[n + a]! <= box[o + a]! && box[o + D + a]! <= b[n + D + a]!)) inside = false;
    }
    if (inside) {
      // Still inside: keep it unless the old fat box is much larger than the new one would be.
      const big = 4 * r;
      let keep = true;
      for (let a = 0; a < D; a++) {
        if (!(f[a]! - big <= b[n + a]! && b[n + D + a]! <= f[D + a]! + big)) keep = false;
      }
      if (keep) return false;
    }
    this.removeLeaf(id);
    for (let k = 0; k < 2 * D; k++) b[n + k] = f[k]!;
    this.insertLeaf(id);
    this.bufferMove(id);
    return true;
  }

  /**
   * Rebuilds the tree top-down from its proxies (Box2D v3 rebuilds its moving trees every step for
   * the same reason, Catto 2023): proxies that keep moving leave an incrementally built tree with
   * loose, overlapping inner boxes, so a query descends into far more nodes than it finds. Each inner
   * node splits its proxies at the median of their box centres along the axis where the centres
   * spread most (the split found by selection, O(n log n) in all). Proxy ids, their boxes, filter
   * bits and the move buffer are unchanged; only the inner nodes are new, so a query finds the same
   * proxies as before, possibly in another order; the new tree depends on the proxies' ids and boxes
   * only. Allocates only when the tree grew since the last call.
   */
  rebuild(): void {
    this.stale = false;
    this.pendingCount = 0; // the rebuild reads the leaves' boxes alone
    if (this.leafCount < 3) {
      // at most one inner node: the root
      const r = this.root;
      if (r !== NULL && this.heights[r]! > 0) this.setBoxUnion(r, this.child1[r]!, this.child2[r]!);
      return;
    }
    const n = this.leafCount;
    const D = this.dimensions;
    if (this.rebuildIds.length < n) this.rebuildIds = new Int32Array(n);
    if (this.rebuildCentres.length < D * n) this.rebuildCentres = new Float64Array(D * n);
    this.rebuildCount = n;
    const ids = this.rebuildIds;
    const cen = this.rebuildCentres;
    const S = this.stride;
    const bounds = this.bounds;
    const h = this.heights;
    // the proxies in id order, each with its doubled centre per axis; every inner node goes back
    // to the free list (highest first, so the lowest free ids come out first again)
    let k = 0;
    for (let i = 0; i < this.capacity; i++) {
      if (h[i] !== 0) continue;
      const o = i * S;
      for (let a = 0; a < D; a++) cen[a * n + k] = bounds[o + a]! + bounds[o + D + a]!;
      ids[k++] = i;
    }
    // every other node is free again, the lowest ids first: the new tree depends on the proxies'
    // ids and boxes only, not on the history of the old one
    this.freeList = NULL;
    for (let i = this.capacity - 1; i >= 0; i--) {
      if (h[i] === 0) continue;
      this.parent[i] = this.freeList;
      h[i] = -1;
      this.child1[i] = NULL;
      this.child2[i] = NULL;
      this.freeList = i;
    }
    this.nodeCount = n;
    this.root = this.buildRange(0, n);
    this.parent[this.root] = NULL;
  }

  /**
   * Brings the tree up to date after the moves `moveProxyFrom` put off: re-insertions replayed (or,
   * a rebuild being due, the rebuild), and every inner box the union of its children's again where
   * a proxy moved while a rebuild was due took its new box in place — the same nodes, bit for bit,
   * as re-inserting and refitting at once would give (a union is a min / max, whatever the order).
   * Queries call it themselves; call it before reading the nodes.
   */
  refit(): void {
    if (this.pendingCount > 0) this.settle();
    if (!this.stale) return;
    this.stale = false;
    const root = this.root;
    if (root === NULL || this.heights[root] === 0) return;
    // the inner nodes in pre-order (each before its descendants), then unions from the last back
    let order = this.leaves;
    let stack = this.stack;
    let top = 0;
    let n = 0;
    stack[top++] = root;
    while (top > 0) {
      const i = stack[--top]!;
      if (this.heights[i] === 0) continue;
      if (n === order.length) order = this.growLeaves();
      order[n++] = i;
      if (top + 2 > stack.length) stack = this.growStack();
      stack[top++] = this.child1[i]!;
      stack[top++] = this.child2[i]!;
    }
    for (let k = n - 1; k >= 0; k--) {
      const i = order[k]!;
      this.setBoxUnion(i, this.child1[i]!, this.child2[i]!);
    }
  }

  /** The subtree of proxies `rebuildIds[lo, hi)` (see `rebuild`); returns its root. */
  private buildRange(lo: number, hi: number): number {
    const ids = this.rebuildIds;
    if (hi - lo === 1) return ids[lo]!;
    const D = this.dimensions;
    const cen = this.rebuildCentres;
    const n = this.rebuildCount;
    if (hi - lo === 2) return this.buildPair(lo);
    // the axis along which the box centres spread most (sums of the bounds: twice the centres)
    let axis = 0;
    let spread = -1;
    for (let a = 0; a < D; a++) {
      let mn = Infinity;
      let mx = -Infinity;
      const e = a * n + hi;
      for (let k = a * n + lo; k < e; k++) {
        const c = cen[k]!;
        if (c < mn) mn = c;
        if (c > mx) mx = c;
      }
      if (mx - mn > spread) {
        spread = mx - mn;
        axis = a;
      }
    }
    const mid = (lo + hi) >> 1;
    this.selectNth(lo, hi - 1, mid, axis * n);
    const node = this.allocate();
    this.userData[node] = -1;
    const c1 = this.buildRange(lo, mid);
    const c2 = this.buildRange(mid, hi);
    this.child1[node] = c1;
    this.child2[node] = c2;
    this.parent[c1] = node;
    this.parent[c2] = node;
    this.heights[node] = 1 + Math.max(this.heights[c1]!, this.heights[c2]!);
    this.setBoxUnion(node, c1, c2);
    return node;
  }

  /**
   * `buildRange(lo, lo + 2)` without the scan and the selection: the split axis is the first along
   * which the two centres differ most, and the selection of two puts the pair in ascending order of
   * that centre, swapping them when the keys are equal (as Hoare's loop does); the same node.
   */
  private buildPair(lo: number): number {
    const D = this.dimensions;
    const cen = this.rebuildCentres;
    const n = this.rebuildCount;
    const ids = this.rebuildIds;
    let axis = 0;
    let spread = -1;
    for (let a = 0, r = lo; a < D; a++, r += n) {
      const u = cen[r]!;
      const v = cen[r + 1]!;
      const d = u < v ? v - u : u - v;
      if (d > spread) {
        spread = d;
        axis = a;
      }
    }
    const r = axis * n + lo;
    let c1 = ids[lo]!;
    let c2 = ids[lo + 1]!;
    if (cen[r]! >= cen[r + 1]!) {
      const t = c1;
      c1 = c2;
      c2 = t;
      ids[lo] = c1; // (the centres are not read again)
      ids[lo + 1] = c2;
    }
    const node = this.allocate();
    this.userData[node] = -1;
    this.child1[node] = c1;
    this.child2[node] = c2;
    this.parent[c1] = node;
    this.parent[c2] = node;
    this.heights[node] = 1;
    this.setBoxUnion(node, c1, c2);
    return node;
  }

  /**
   * Reorders `rebuildIds[lo..hi]` (and their centres beside them) so that position `nth` holds the
   * proxy of that rank by the centre along the axis whose centres start at `rebuildCentres[ko]`,
   * with no larger key before it and no smaller after (Hoare's selection with a median-of-three
   * pivot: deterministic).
   */
  private selectNth(lo: number, hi: number, nth: number, ko: number): void {
    const ids = this.rebuildIds;
    const cen = this.rebuildCentres;
    const n = this.rebuildCount;
    const D = this.dimensions;
    while (hi > lo) {
      const m = (lo + hi) >> 1;
      const a = cen[ko + lo]!;
      const c = cen[ko + m]!;
      const e = cen[ko + hi]!;
      const pivot = Math.max(Math.min(a, c), Math.min(Math.max(a, c), e));
      let i = lo;
      let j = hi;
      while (i <= j) {
        while (cen[ko + i]! < pivot) i++;
        while (cen[ko + j]! > pivot) j--;
        if (i <= j) {
          const t = ids[i]!;
          ids[i] = ids[j]!;
          ids[j] = t;
          for (let q = 0, r = 0; q < D; q++, r += n) {
            const u = cen[r + i]!;
            cen[r + i] = cen[r + j]!;
            cen[r + j] = u;
          }
          i++;
          j--;
        }
      }
      if (nth <= j) hi = j;
      else if (nth >= i) lo = i;
      else return;
    }
  }

  /** Marks a proxy as moved so `updatePairs` searches its pairs again (e.g. after a filter change). */
  touchProxy(id: number): void {
    this.checkProxy(id, 'touchProxy');
    this.bufferMove(id);
  }

  /** The number stored with proxy `id` when it was created. */
  getUserData(id: number): number {
    this.checkProxy(id, 'getUserData');
    return this.userData[id]!;
  }

  /** Writes the proxy's fat 2D box into `out` and returns it. */
  getFatAABB<T extends AABBOut>(id: number, out: T): T {
    this.checkProxy(id, 'getFatAABB');
    this.requireDimensions(2, 'getFatAABB');
    const b = this.bounds;
    const n = id << 2;
    out.minX = b[n]!;
    out.minY = b[n + 1]!;
    out.maxX = b[n + 2]!;
    out.maxY = b[n + 3]!;
    return out;
  }

  /** Writes the proxy's fat 3D box into `out` and returns it. */
  getFatAABB3<T extends AABB3Out>(id: number, out: T): T {
    this.checkProxy(id, 'getFatAABB3');
    this.requireDimensions(3, 'getFatAABB3');
    const b = this.bounds;
    const n = id * 6;
    out.minX = b[n]!;
    out.minY = b[n + 1]!;
    out.minZ = b[n + 2]!;
    out.maxX = b[n + 3]!;
    out.maxY = b[n + 4]!;
    out.maxZ = b[n + 5]!;
    return out;
  }

  /** Copies the proxy's fat box into `out[o .. o + 2D)` (lower bounds, then upper bounds). */
  getFatBox(id: number, out: Float64Array, o: number): Float64Array {
    this.checkProxy(id, 'getFatBox');
    const S = this.stride;
    const b = this.bounds;
    const n = id * S;
    for (let k = 0; k < S; k++) out[o + k] = b[n + k]!;
    return out;
  }

  /** Fat box coordinates without an out object (for hot 2D loops). */
  fatMinX(id: number): number {
    return this.bounds[id << 2]!;
  }
  /** (see fatMinX) the fat box's lower y bound (2D) */
  fatMinY(id: number): number {
    return this.bounds[(id << 2) + 1]!;
  }
  /** (see fatMinX) the fat box's upper x bound (2D) */
  fatMaxX(id: number): number {
    return this.bounds[(id << 2) + 2]!;
  }
  /** (see fatMinX) the fat box's upper y bound (2D) */
  fatMaxY(id: number): number {
    return this.bounds[(id << 2) + 3]!;
  }

  /** The fat box's lower / upper bound along `axis` (0 … D − 1), in either dimension. */
  fatMin(id: number, axis: number): number {
    return this.bounds[id * this.stride + axis]!;
  }
  /** (see fatMin) the fat box's upper bound along `axis` */
  fatMax(id: number, axis: number): number {
    return this.bounds[id * this.stride + this.dimensions + axis]!;
  }

  /** true when `id` names a live proxy */
  isProxy(id: number): boolean {
    return Number.isInteger(id) && id >= 0 && id < this.capacity && this.heights[id] === 0;
  }

  /**
   * Calls `callback(proxyId)` for every proxy whose fat box overlaps the given 2D box (touching
   * counts), in tree order. The callback returns false to stop the query early.
   */
  query(
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    callback: (proxyId: number) => boolean,
  ): void {
    this.requireDimensions(2, 'query');
    const box = this.queryBox;
    box[0] = minX;
    box[1] = minY;
    box[2] = maxX;
    box[3] = maxY;
    this.reportOverlaps(callback);
  }

  /**
   * `query` restricted to the proxies whose category shares a bit with `categoryMask` and whose
   * layers share a bit with `layerMask` (`setProxyFilter`); subtrees without such proxies are skipped.
   */
  queryMasked(
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    categoryMask: number,
    layerMask: number,
    callback: (proxyId: number) => boolean,
  ): void {
    this.requireDimensions(2, 'queryMasked');
    const box = this.queryBox;
    box[0] = minX;
    box[1] = minY;
    box[2] = maxX;
    box[3] = maxY;
    this.qMask = categoryMask >>> 0;
    this.qLayers = layerMask & ALL_LAYERS;
    try {
      this.reportOverlaps(callback);
    } finally {
      this.qMask = ALL_BITS;
      this.qLayers = ALL_LAYERS;
    }
  }

  /**
   * Sets proxy `id`'s filter bits: its `category` and `layers` (what masked queries and other
   * proxies' pair searches test), and the masks its own pair search in `updatePairs` uses
   * (`pairMask` against the others' categories, `pairLayers` against their layers). A pair is
   * reported only when each proxy's masks accept the other's bits — a prefilter: the caller still
   * applies its full rule to what is reported. Defaults: every bit set. Layers are 8 bits.
   */
  setProxyFilter(id: number, category: number, layers: number, pairMask: number, pairLayers: number): void {
    this.checkProxy(id, 'setProxyFilter');
    if (this.pendingCount > 0) this.settle();
    this.category[id] = category >>> 0;
    this.layers[id] = layers & ALL_LAYERS;
    this.pairMask[id] = pairMask >>> 0;
    this.pairLayers[id] = pairLayers & ALL_LAYERS;
    for (let p = this.parent[id]!; p !== NULL; p = this.parent[p]!) {
      this.category[p] = this.category[this.child1[p]!]! | this.category[this.child2[p]!]!;
      this.layers[p] = this.layers[this.child1[p]!]! | this.layers[this.child2[p]!]!;
    }
  }

  /** `query` in 3D. */
  query3(
    minX: number,
    minY: number,
    minZ: number,
    maxX: number,
    maxY: number,
    maxZ: number,
    callback: (proxyId: number) => boolean,
  ): void {
    this.requireDimensions(3, 'query3');
    const box = this.queryBox;
    box[0] = minX;
    box[1] = minY;
    box[2] = minZ;
    box[3] = maxX;
    box[4] = maxY;
    box[5] = maxZ;
    this.reportOverlaps(callback);
  }

  /** `query` with the box `box[o .. o + 2D)` (lower bounds, then upper bounds), in either dimension. */
  queryFrom(box: Float64Array, o: number, callback: (proxyId: number) => boolean): void {
    const q = this.queryBox;
    for (let k = 0; k < this.stride; k++) q[k] = box[o + k]!;
    this.reportOverlaps(callback);
  }

  private reportOverlaps(callback: (proxyId: number) => boolean): void {
    const n = this.overlappingLeaves();
    const leaves = this.leaves;
    for (let k = 0; k < n; k++) if (!callback(leaves[k]!)) return;
  }

  /**
   * The descent shared by the queries and `updatePairs`: collects into `leaves` every proxy whose
   * fat box overlaps `queryBox` (touching counts), in tree order (depth first). Returns how many.
   * Allocates only to grow its buffers.
   */
  private overlappingLeaves(): number {
    if (this.root === NULL) return 0;
    return this.dimensions === 2 ? this.overlappingLeaves2() : this.overlappingLeaves3();
  }

  private overlappingLeaves2(): number {
    if (this.stale || this.pendingCount > 0) this.refit();
    const box = this.queryBox;
    const qMinX = box[0]!;
    const qMinY = box[1]!;
    const qMaxX = box[2]!;
    const qMaxY = box[3]!;
    const b = this.bounds;
    const cat = this.category;
    const lay = this.layers;
    const qMask = this.qMask;
    const qLayers = this.qLayers;
    // the node arrays read once (growing the stack or the leaves replaces neither)
    const heights = this.heights;
    const child1 = this.child1;
    const child2 = this.child2;
    let leaves = this.leaves;
    let count = 0;
    let stack = this.stack;
    let top = 0;
    stack[top++] = this.root;
    while (top > 0) {
      const node = stack[--top]!;
      const n = node << 2;
      if (b[n]! > qMaxX || b[n + 1]! > qMaxY || qMinX > b[n + 2]! || qMinY > b[n + 3]!) continue;
      if ((cat[node]! & qMask) === 0 || (lay[node]! & qLayers) === 0) continue;
      if (heights[node] === 0) {
        if (count === leaves.length) leaves = this.growLeaves();
        leaves[count++] = node;
      } else {
        if (top + 2 > stack.length) stack = this.growStack();
        stack[top++] = child1[node]!;
        stack[top++] = child2[node]!;
      }
    }
    return count;
  }

  private overlappingLeaves3(): number {
    if (this.stale || this.pendingCount > 0) this.refit();
    const box = this.queryBox;
    const qMinX = box[0]!;
    const qMinY = box[1]!;
    const qMinZ = box[2]!;
    const qMaxX = box[3]!;
    const qMaxY = box[4]!;
    const qMaxZ = box[5]!;
    const b = this.bounds;
    const cat = this.category;
    const lay = this.layers;
    const qMask = this.qMask;
    const qLayers = this.qLayers;
    let leaves = this.leaves;
    let count = 0;
    let stack = this.stack;
    let top = 0;
    stack[top++] = this.root;
    while (top > 0) {
      const node = stack[--top]!;
      const n = node * 6;
      if (
        b[n]! > qMaxX ||
        b[n + 1]! > qMaxY ||
        b[n + 2]! > qMaxZ ||
        qMinX > b[n + 3]! ||
        qMinY > b[n + 4]! ||
        qMinZ > b[n + 5]!
      ) {
        continue;
      }
      if ((cat[node]! & qMask) === 0 || (lay[node]! & qLayers) === 0) continue;
      if (this.heights[node] === 0) {
        if (count === leaves.length) leaves = this.growLeaves();
        leaves[count++] = node;
      } else {
        if (top + 2 > stack.length) stack = this.growStack();
        stack[top++] = this.child1[node]!;
        stack[top++] = this.child2[node]!;
      }
    }
    return count;
  }

  /**
   * Casts the 2D segment p1 → p1 + maxFraction·(p2 − p1) through the tree. For every proxy whose fat
   * box the (clipped) segment may touch, `callback(proxyId, maxFraction)` is called; it returns
   * - 0 to stop, - a negative value to ignore this proxy, - a fraction f in (0, 1] to clip the ray
   * to p1 + f·(p2 − p1) (a closest-hit search returns the hit's fraction, an all-hits search
   * returns the current maxFraction).
   * Boxes are pruned by the slab test and by the separating axis of the segment (Box2D's test).
   */
  rayCast(
    x1: number,
    y1: number,
    x2: number,
    y2: number,
    maxFraction: number,
    callback: (proxyId: number, maxFraction: number) => number,
  ): void {
    this.requireDimensions(2, 'rayCast');
    if (this.stale || this.pendingCount > 0) this.refit();
    if (this.root === NULL) return;
    const rx = x2 - x1;
    const ry = y2 - y1;
    const len = Math.sqrt(rx * rx + ry * ry);
    if (!(len > 0)) return;
    // v is perpendicular to the segment; |v·(p1 − c)| > h_v separates box and segment.
    const vx = -ry / len;
    const vy = rx / len;
    const absVx = Math.abs(vx);
    const absVy = Math.abs(vy);
    let tx = x1 + maxFraction * rx;
    let ty = y1 + maxFraction * ry;
    let sMinX = Math.min(x1, tx);
    let sMinY = Math.min(y1, ty);
    let sMaxX = Math.max(x1, tx);
    let sMaxY = Math.max(y1, ty);
    const b = this.bounds;
    let stack = this.stack;
    let top = 0;
    stack[top++] = this.root;
    while (top > 0) {
      const node = stack[--top]!;
      const n = node << 2;
      const bMinX = b[n]!;
      const bMinY = b[n + 1]!;
      const bMaxX = b[n + 2]!;
      const bMaxY = b[n + 3]!;
      if (bMinX > sMaxX || bMinY > sMaxY || sMinX > bMaxX || sMinY > bMaxY) continue;
      const cx = 0.5 * (bMinX + bMaxX);
      const cy = 0.5 * (bMinY + bMaxY);
      const hx = 0.5 * (bMaxX - bMinX);
      const hy = 0.5 * (bMaxY - bMinY);
      const sep = Math.abs(vx * (x1 - cx) + vy * (y1 - cy)) - (absVx * hx + absVy * hy);
      if (sep > 0) continue;
      if (this.heights[node] === 0) {
        const value = callback(node, maxFraction);
        if (value === 0) return;
        if (value > 0 && value < maxFraction) {
          maxFraction = value;
          tx = x1 + maxFraction * rx;
          ty = y1 + maxFraction * ry;
          sMinX = Math.min(x1, tx);
          sMinY = Math.min(y1, ty);
          sMaxX = Math.max(x1, tx);
          sMaxY = Math.max(y1, ty);
        }
      } else {
        if (top + 2 > stack.length) stack = this.growStack();
        stack[top++] = this.child1[node]!;
        stack[top++] = this.child2[node]!;
      }
    }
  }

  /**
   * `rayCast` in 3D: the segment p1 → p1 + maxFraction·(p2 − p1), same callback contract. Boxes are
   * pruned by the overlap of the segment's own box (the three face axes) and by the three axes
   * d × eₓ, d × e_y, d × e_z (d = p2 − p1): along such an axis the segment projects to one point,
   * and |a·(p1 − c)| > Σ hᵢ|aᵢ| separates it from the box (Ericson, "Real-Time Collision
   * Detection", 2005, §5.3.3).
   */
  rayCast3(
    x1: number,
    y1: number,
    z1: number,
    x2: number,
    y2: number,
    z2: number,
    maxFraction: number,
    callback: (proxyId: number, maxFraction: number) => number,
  ): void {
    this.requireDimensions(3, 'rayCast3');
    if (this.stale || this.pendingCount > 0) this.refit();
    if (this.root === NULL) return;
    const rx = x2 - x1;
    const ry = y2 - y1;
    const rz = z2 - z1;
    if (!(rx * rx + ry * ry + rz * rz > 0)) return;
    const arx = Math.abs(rx);
    const ary = Math.abs(ry);
    const arz = Math.abs(rz);
    let tx = x1 + maxFraction * rx;
    let ty = y1 + maxFraction * ry;
    let tz = z1 + maxFraction * rz;
    let sMinX = Math.min(x1, tx);
    let sMinY = Math.min(y1, ty);
    let sMinZ = Math.min(z1, tz);
    let sMaxX = Math.max(x1, tx);
    let sMaxY = Math.max(y1, ty);
    let sMaxZ = Math.max(z1, tz);
    const b = this.bounds;
    let stack = this.stack;
    let top = 0;
    stack[top++] = this.root;
    while (top > 0) {
      const node = stack[--top]!;
      const n = node * 6;
      const bMinX = b[n]!;
      const bMinY = b[n + 1]!;
      const bMinZ = b[n + 2]!;
      const bMaxX = b[n + 3]!;
      const bMaxY = b[n + 4]!;
      const bMaxZ = b[n + 5]!;
      if (
        bMinX > sMaxX ||
        bMinY > sMaxY ||
        bMinZ > sMaxZ ||
        sMinX > bMaxX ||
        sMinY > bMaxY ||
        sMinZ > bMaxZ
      ) {
        continue;
      }
      const px = x1 - 0.5 * (bMinX + bMaxX);
      const py = y1 - 0.5 * (bMinY + bMaxY);
      const pz = z1 - 0.5 * (bMinZ + bMaxZ);
      const hx = 0.5 * (bMaxX - bMinX);
      const hy = 0.5 * (bMaxY - bMinY);
      const hz = 0.5 * (bMaxZ - bMinZ);
      if (Math.abs(rz * py - ry * pz) > hy * arz + hz * ary) continue;
      if (Math.abs(rx * pz - rz * px) > hx * arz + hz * arx) continue;
      if (Math.abs(ry * px - rx * py) > hx * ary + hy * arx) continue;
      if (this.heights[node] === 0) {
        const value = callback(node, maxFraction);
        if (value === 0) return;
        if (value > 0 && value < maxFraction) {
          maxFraction = value;
          tx = x1 + maxFraction * rx;
          ty = y1 + maxFraction * ry;
          tz = z1 + maxFraction * rz;
          sMinX = Math.min(x1, tx);
          sMinY = Math.min(y1, ty);
          sMinZ = Math.min(z1, tz);
          sMaxX = Math.max(x1, tx);
          sMaxY = Math.max(y1, ty);
          sMaxZ = Math.max(z1, tz);
        }
      } else {
        if (top + 2 > stack.length) stack = this.growStack();
        stack[top++] = this.child1[node]!;
        stack[top++] = this.child2[node]!;
      }
    }
  }

  /**
   * The pair search of a step: for every proxy in the move buffer (created, re-inserted or touched
   * since the last call), queries the tree with its fat box and records each overlapping pair once,
   * as (lower id, higher id). Pairs are then sorted by (lower, higher) and deduplicated, so the
   * result depends only on the tree's content — not on the order proxies were moved in.
   * Results: `pairs` / `pairCount`. Clears the move buffer. Returns the pair count.
   * Pairs of two proxies with the same `userData` are not reported when `skipSameUserData` is set
   * (e.g. shapes of one body when userData is the body index), nor pairs whose filter bits
   * (`setProxyFilter`) do not accept each other: the descent skips subtrees without an accepted bit.
   */
  updatePairs(skipSameUserData = false): number {
    if (this.stale || this.pendingCount > 0) this.refit();
    let count = 0;
    if (this.root === NULL) this.moveCount = 0;
    const S = this.stride;
    const b = this.bounds;
    const box = this.queryBox;
    const cat = this.category;
    const lay = this.layers;
    const pairMask = this.pairMask;
    const pairLayers = this.pairLayers;
    for (let m = 0; m < this.moveCount; m++) {
      const q = this.moveBuffer[m]!;
      const qn = q * S;
      for (let k = 0; k < S; k++) box[k] = b[qn + k]!;
      const qData = this.userData[q]!;
      const qCat = cat[q]!;
      const qLay = lay[q]!;
      this.qMask = pairMask[q]!;
      this.qLayers = pairLayers[q]!;
      const n = this.overlappingLeaves();
      const leaves = this.leaves;
      for (let k = 0; k < n; k++) {
        const node = leaves[k]!;
        if (node === q) continue;
        // the other proxy's masks must accept this one too (the filter works both ways)
        if ((pairMask[node]! & qCat) === 0 || (pairLayers[node]! & qLay) === 0) continue;
        // Both moved: only the lower id reports it (the other's query would find it again).
        if (this.moved[node] && node < q) continue;
        if (skipSameUserData && this.userData[node] === qData) continue;
        if (count === this.pairKeys.length) this.growPairKeys();
        const lo = Math.min(node, q);
        const hi = Math.max(node, q);
        this.pairKeys[count++] = lo * PAIR_SHIFT + hi;
      }
    }
    this.qMask = ALL_BITS;
    this.qLayers = ALL_LAYERS;
    for (let m = 0; m < this.moveCount; m++) this.moved[this.moveBuffer[m]!] = 0;
    this.moveCount = 0;

    sortRange(this.pairKeys, 0, count - 1);
    if (2 * count > this.pairs.length) {
      let cap = this.pairs.length;
      while (cap < 2 * count) cap *= 2;
      this.pairs = new Int32Array(cap);
    }
    let n = 0;
    let last = -1;
    for (let k = 0; k < count; k++) {
      const key = this.pairKeys[k]!;
      if (key === last) continue;
      last = key;
      const lo = Math.floor(key / PAIR_SHIFT);
      this.pairs[2 * n] = lo;
      this.pairs[2 * n + 1] = key - lo * PAIR_SHIFT;
      n++;
    }
    this.pairCount = n;
    return n;
  }

  /**
   * Collects into `overlapBuffer` every 2D proxy whose fat box overlaps (minX, minY)–(maxX, maxY)
   * (touching counts) and whose category shares a bit with `categoryMask`, in tree order; returns
   * how many. For pair searches that span several trees (no callback, no allocation).
   */
  overlaps2(minX: number, minY: number, maxX: number, maxY: number, categoryMask: number): number {
    const box = this.queryBox;
    box[0] = minX;
    box[1] = minY;
    box[2] = maxX;
    box[3] = maxY;
    this.qMask = categoryMask >>> 0;
    const n = this.root === NULL ? 0 : this.overlappingLeaves2();
    this.qMask = ALL_BITS;
    return n;
  }

  /** The proxies found by the last `overlaps2` (valid up to its count). */
  get overlapBuffer(): Int32Array {
    return this.leaves;
  }

  /** The m-th proxy of the move buffer (m < `movedCount`). */
  movedProxy(m: number): number {
    return this.moveBuffer[m]!;
  }

  /**
   * `getUserData` without the live-proxy check, for ids the tree itself just reported (the leaves
   * of `overlaps2`, the move buffer): a pair search reads it for every leaf it finds.
   */
  leafUserData(id: number): number {
    return this.userData[id]!;
  }

  /** true when proxy `id` is in the move buffer. */
  isMoved(id: number): boolean {
    return this.moved[id] === 1;
  }

  /** Proxy `id`'s category bits (`setProxyFilter`). */
  proxyCategory(id: number): number {
    return this.category[id]!;
  }

  /** Proxy `id`'s pair-search mask (`setProxyFilter`). */
  proxyPairMask(id: number): number {
    return this.pairMask[id]!;
  }

  /** Empties the move buffer without searching pairs (for trees used only for queries). */
  clearMoveBuffer(): void {
    for (let m = 0; m < this.moveCount; m++) this.moved[this.moveBuffer[m]!] = 0;
    this.moveCount = 0;
  }

  /** Number of proxies waiting in the move buffer. */
  get movedCount(): number {
    return this.moveCount;
  }

  /**
   * Checks every invariant and throws `PhysicsError` describing the first violation: parent/child
   * links, leaf heights 0 and inner heights 1 + max(children), every inner box exactly the union of
   * its children's, the free list disjoint from the tree, counts.
   */
  validate(): void {
    if (this.stale || this.pendingCount > 0) this.refit();
    const bad = (what: string): never => {
      throw new PhysicsError('diverged', `DynamicTree.validate: ${what}`);
    };
    const D = this.dimensions;
    const S = this.stride;
    const b = this.bounds;
    let reached = 0;
    let leaves = 0;
    if (this.root !== NULL) {
      if (this.parent[this.root] !== NULL) bad(`root ${this.root} has a parent`);
      const stack: number[] = [this.root];
      while (stack.length > 0) {
        const node = stack.pop()!;
        reached++;
        if (reached > this.capacity) bad('cycle in the tree');
        const c1 = this.child1[node]!;
        const c2 = this.child2[node]!;
        if (c1 === NULL) {
          if (c2 !== NULL) bad(`leaf ${node} has a second child`);
          if (this.heights[node] !== 0) bad(`leaf ${node} has height ${this.heights[node]}`);
          leaves++;
          continue;
        }
        if (this.parent[c1] !== node || this.parent[c2] !== node)
          bad(`children of ${node} do not point back`);
        const h1 = this.heights[c1]!;
        const h2 = this.heights[c2]!;
        if (this.heights[node] !== 1 + Math.max(h1, h2)) bad(`node ${node} height is wrong`);
        for (let a = 0; a < D; a++) {
          const lo = Math.min(b[c1 * S + a]!, b[c2 * S + a]!);
          const hi = Math.max(b[c1 * S + D + a]!, b[c2 * S + D + a]!);
          if (b[node * S + a] !== lo || b[node * S + D + a] !== hi) {
            bad(`box of node ${node} is not the union of its children`);
          }
        }
        stack.push(c1, c2);
      }
    }
    if (leaves !== this.leafCount) bad(`found ${leaves} leaves, expected ${this.leafCount}`);
    let free = 0;
    for (let f = this.freeList; f !== NULL; f = this.parent[f]!) {
      if (this.heights[f] !== -1) bad(`free node ${f} is in use`);
      free++;
      if (free > this.capacity) bad('cycle in the free list');
    }
    if (reached !== this.nodeCount) bad(`reached ${reached} nodes, expected ${this.nodeCount}`);
    if (reached + free !== this.capacity) bad(`${this.capacity - reached - free} nodes are lost`);
    for (let m = 0; m < this.moveCount; m++) {
      if (this.heights[this.moveBuffer[m]!] !== 0) bad(`move buffer holds a non-proxy`);
    }
  }

  // ---- internals ----------------------------------------------------------------------------

  private finishCreate(id: number, userData: number): number {
    this.userData[id] = userData;
    this.heights[id] = 0;
    this.child1[id] = NULL;
    this.child2[id] = NULL;
    this.insertLeaf(id);
    this.leafCount++;
    this.bufferMove(id);
    return id;
  }

  private requireDimensions(d: 2 | 3, where: string): void {
    if (this.dimensions !== d) {
      throw new PhysicsError(
        'invalid-argument',
        `DynamicTree.${where}: a ${d}D call on a ${this.dimensions}D tree`,
      );
    }
  }

  /** The surface measure of node i: perimeter in 2D, surface area in 3D. */
  private area(i: number): number {
    const b = this.bounds;
    if (this.dimensions === 2) {
      const n = i << 2;
      return 2 * (b[n + 2]! - b[n]! + b[n + 3]! - b[n + 1]!);
    }
    const n = i * 6;
    const ex = b[n + 3]! - b[n]!;
    const ey = b[n + 4]! - b[n + 1]!;
    const ez = b[n + 5]! - b[n + 2]!;
    return 2 * (ex * ey + ey * ez + ez * ex);
  }

  private checkProxy(id: number, where: string): void {
    if (!this.isProxy(id)) {
      throw new PhysicsError('stale-handle', `DynamicTree.${where}: ${id} is not a live proxy id`);
    }
  }

  private bufferMove(id: number): void {
    if (this.moved[id]) return;
    if (this.moveCount === this.moveBuffer.length) {
      const next = new Int32Array(this.moveBuffer.length * 2);
      next.set(this.moveBuffer);
      this.moveBuffer = next;
    }
    this.moveBuffer[this.moveCount++] = id;
    this.moved[id] = 1;
  }

  private growLeaves(): Int32Array {
    const next = new Int32Array(this.leaves.length * 2);
    next.set(this.leaves);
    this.leaves = next;
    return next;
  }

  private growStack(): Int32Array {
    const next = new Int32Array(this.stack.length * 2);
    next.set(this.stack);
    this.stack = next;
    return next;
  }

  private growPairKeys(): void {
    const next = new Float64Array(this.pairKeys.length * 2);
    next.set(this.pairKeys);
    this.pairKeys = next;
  }

  private grow(capacity: number): void {
    const old = this.capacity;
    const f64 = (a: Float64Array | undefined, n: number) => {
      const b = new Float64Array(n);
      if (a) b.set(a);
      return b;
    };
    const i32 = (a: Int32Array | undefined) => {
      const b = new Int32Array(capacity);
      if (a) b.set(a);
      return b;
    };
    this.bounds = f64(this.bounds, capacity * this.stride);
    this.userData = f64(this.userData, capacity);
    this.parent = i32(this.parent);
    this.child1 = i32(this.child1);
    this.child2 = i32(this.child2);
    this.heights = i32(this.heights);
    const moved = new Uint8Array(capacity);
    if (this.moved) moved.set(this.moved);
    this.moved = moved;
    const u32 = (a: Uint32Array | undefined) => {
      const b = new Uint32Array(capacity).fill(ALL_BITS);
      if (a) b.set(a);
      return b;
    };
    const u8 = (a: Uint8Array | undefined) => {
      const b = new Uint8Array(capacity).fill(ALL_LAYERS);
      if (a) b.set(a);
      return b;
    };
    this.category = u32(this.category);
    this.pairMask = u32(this.pairMask);
    this.layers = u8(this.layers);
    this.pairLayers = u8(this.pairLayers);
    // Chain the new nodes into the free list so that lower indices come out first.
    for (let i = capacity - 1; i >= old; i--) {
      this.parent[i] = i === capacity - 1 ? this.freeList : i + 1;
      this.heights[i] = -1;
      this.child1[i] = NULL;
      this.child2[i] = NULL;
    }
    if (capacity > old) this.freeList = old;
    this.capacity = capacity;
  }

  private allocate(): number {
    if (this.freeList === NULL) this.grow(this.capacity * 2);
    const id = this.freeList;
    this.freeList = this.parent[id]!;
    this.parent[id] = NULL;
    this.child1[id] = NULL;
    this.child2[id] = NULL;
    this.heights[id] = 0;
    this.moved[id] = 0;
    this.category[id] = ALL_BITS;
    this.layers[id] = ALL_LAYERS;
    this.pairMask[id] = ALL_BITS;
    this.pairLayers[id] = ALL_LAYERS;
    this.nodeCount++;
    return id;
  }

  private release(id: number): void {
    this.parent[id] = this.freeList;
    this.heights[id] = -1;
    this.child1[id] = NULL;
    this.child2[id] = NULL;
    this.freeList = id;
    this.nodeCount--;
  }

  /** Inserts leaf `leaf` (its box already set): SAH sibling choice, then refit and rebalance upwards. */
  private insertLeaf(leaf: number): void {
    if (this.stale || this.pendingCount > 0) this.refit(); // the descent compares inner boxes
    if (this.root === NULL) {
      this.root = leaf;
      this.parent[leaf] = NULL;
      return;
    }
    const sibling = this.dimensions === 2 ? this.findSibling2(leaf) : this.findSibling3(leaf);
    const oldParent = this.parent[sibling]!;
    const newParent = this.allocate();
    this.parent[newParent] = oldParent;
    this.userData[newParent] = -1;
    this.setBoxUnion(newParent, leaf, sibling);
    this.heights[newParent] = this.heights[sibling]! + 1;
    if (oldParent !== NULL) {
      if (this.child1[oldParent] === sibling) this.child1[oldParent] = newParent;
      else this.child2[oldParent] = newParent;
    } else {
      this.root = newParent;
    }
    this.child1[newParent] = sibling;
    this.child2[newParent] = leaf;
    this.parent[sibling] = newParent;
    this.parent[leaf] = newParent;
    this.refitUpwards(this.parent[leaf]!);
  }

  /**
   * The 2D descent: at each node compare "make a new parent here" against the cheapest descent into
   * a child, where the cost is the perimeter the insertion adds (Box2D's branch-and-bound-free variant).
   */
  private findSibling2(leaf: number): number {
    const b = this.bounds;
    const l = leaf << 2;
    const lMinX = b[l]!;
    const lMinY = b[l + 1]!;
    const lMaxX = b[l + 2]!;
    const lMaxY = b[l + 3]!;
    let index = this.root;
    while (this.heights[index]! > 0) {
      const c1 = this.child1[index]!;
      const c2 = this.child2[index]!;
      const n = index << 2;
      const iMinX = b[n]!;
      const iMinY = b[n + 1]!;
      const iMaxX = b[n + 2]!;
      const iMaxY = b[n + 3]!;
      const area = 2 * (iMaxX - iMinX + iMaxY - iMinY);
      const cMinX = Math.min(iMinX, lMinX);
      const cMinY = Math.min(iMinY, lMinY);
      const cMaxX = Math.max(iMaxX, lMaxX);
      const cMaxY = Math.max(iMaxY, lMaxY);
      const combined = 2 * (cMaxX - cMinX + cMaxY - cMinY);
      // Cost of creating a new parent for this node and the leaf.
      const cost = 2 * combined;
      // Minimum cost of pushing the leaf further down the tree.
      const inheritance = 2 * (combined - area);
      const cost1 = this.descendCost2(c1, lMinX, lMinY, lMaxX, lMaxY) + inheritance;
      const cost2 = this.descendCost2(c2, lMinX, lMinY, lMaxX, lMaxY) + inheritance;
      if (cost < cost1 && cost < cost2) break;
      index = cost1 <= cost2 ? c1 : c2;
    }
    return index;
  }

  private descendCost2(child: number, lMinX: number, lMinY: number, lMaxX: number, lMaxY: number): number {
    const b = this.bounds;
    const n = child << 2;
    const cMinX = b[n]!;
    const cMinY = b[n + 1]!;
    const cMaxX = b[n + 2]!;
    const cMaxY = b[n + 3]!;
    const p =
      2 * (Math.max(cMaxX, lMaxX) - Math.min(cMinX, lMinX) + Math.max(cMaxY, lMaxY) - Math.min(cMinY, lMinY));
    return this.heights[child] === 0 ? p : p - 2 * (cMaxX - cMinX + cMaxY - cMinY);
  }

  /** The 3D descent: as `findSibling2` with the surface area as the cost. */
  private findSibling3(leaf: number): number {
    const b = this.bounds;
    const l = leaf * 6;
    const lMinX = b[l]!;
    const lMinY = b[l + 1]!;
    const lMinZ = b[l + 2]!;
    const lMaxX = b[l + 3]!;
    const lMaxY = b[l + 4]!;
    const lMaxZ = b[l + 5]!;
    let index = this.root;
    while (this.heights[index]! > 0) {
      const c1 = this.child1[index]!;
      const c2 = this.child2[index]!;
      const n = index * 6;
      const iMinX = b[n]!;
      const iMinY = b[n + 1]!;
      const iMinZ = b[n + 2]!;
      const iMaxX = b[n + 3]!;
      const iMaxY = b[n + 4]!;
      const iMaxZ = b[n + 5]!;
      const area = surfaceArea(iMaxX - iMinX, iMaxY - iMinY, iMaxZ - iMinZ);
      const combined = surfaceArea(
        Math.max(iMaxX, lMaxX) - Math.min(iMinX, lMinX),
        Math.max(iMaxY, lMaxY) - Math.min(iMinY, lMinY),
        Math.max(iMaxZ, lMaxZ) - Math.min(iMinZ, lMinZ),
      );
      const cost = 2 * combined;
      const inheritance = 2 * (combined - area);
      const cost1 = this.descendCost3(c1, leaf) + inheritance;
      const cost2 = this.descendCost3(c2, leaf) + inheritance;
      if (cost < cost1 && cost < cost2) break;
      index = cost1 <= cost2 ? c1 : c2;
    }
    return index;
  }

  private descendCost3(child: number, leaf: number): number {
    const b = this.bounds;
    const n = child * 6;
    const l = leaf * 6;
    const cMinX = b[n]!;
    const cMinY = b[n + 1]!;
    const cMinZ = b[n + 2]!;
    const cMaxX = b[n + 3]!;
    const cMaxY = b[n + 4]!;
    const cMaxZ = b[n + 5]!;
    const p = surfaceArea(
      Math.max(cMaxX, b[l + 3]!) - Math.min(cMinX, b[l]!),
      Math.max(cMaxY, b[l + 4]!) - Math.min(cMinY, b[l + 1]!),
      Math.max(cMaxZ, b[l + 5]!) - Math.min(cMinZ, b[l + 2]!),
    );
    return this.heights[child] === 0 ? p : p - surfaceArea(cMaxX - cMinX, cMaxY - cMinY, cMaxZ - cMinZ);
  }

  private removeLeaf(leaf: number): void {
    if (leaf === this.root) {
      this.root = NULL;
      return;
    }
    const parent = this.parent[leaf]!;
    const grandParent = this.parent[parent]!;
    const sibling = this.child1[parent] === leaf ? this.child2[parent]! : this.child1[parent]!;
    if (grandParent !== NULL) {
      if (this.child1[grandParent] === parent) this.child1[grandParent] = sibling;
      else this.child2[grandParent] = sibling;
      this.parent[sibling] = grandParent;
      this.release(parent);
      this.refitUpwards(grandParent);
    } else {
      this.root = sibling;
      this.parent[sibling] = NULL;
      this.release(parent);
    }
    this.parent[leaf] = NULL;
  }

  /** Walks from `index` to the root, rebalancing and recomputing heights and boxes. */
  private refitUpwards(index: number): void {
    while (index !== NULL) {
      index = this.balance(index);
      const c1 = this.child1[index]!;
      const c2 = this.child2[index]!;
      this.heights[index] = 1 + Math.max(this.heights[c1]!, this.heights[c2]!);
      this.setBoxUnion(index, c1, c2);
      index = this.parent[index]!;
    }
  }

  /** Box of node i = union of the boxes of nodes a and b (and its filter bits the union of theirs). */
  private setBoxUnion(i: number, a: number, c: number): void {
    this.category[i] = this.category[a]! | this.category[c]!;
    this.layers[i] = this.layers[a]! | this.layers[c]!;
    const b = this.bounds;
    if (this.dimensions === 2) {
      const n = i << 2;
      const p = a << 2;
      const q = c << 2;
      b[n] = Math.min(b[p]!, b[q]!);
      b[n + 1] = Math.min(b[p + 1]!, b[q + 1]!);
      b[n + 2] = Math.max(b[p + 2]!, b[q + 2]!);
      b[n + 3] = Math.max(b[p + 3]!, b[q + 3]!);
    } else {
      const n = i * 6;
      const p = a * 6;
      const q = c * 6;
      b[n] = Math.min(b[p]!, b[q]!);
      b[n + 1] = Math.min(b[p + 1]!, b[q + 1]!);
      b[n + 2] = Math.min(b[p + 2]!, b[q + 2]!);
      b[n + 3] = Math.max(b[p + 3]!, b[q + 3]!);
      b[n + 4] = Math.max(b[p + 4]!, b[q + 4]!);
      b[n + 5] = Math.max(b[p + 5]!, b[q + 5]!);
    }
  }

  /**
   * AVL rotation at node A if its children's heights differ by more than one. Returns the node
   * that now sits where A was. (Children below are already balanced when this is called.)
   */
  private balance(iA: number): number {
    if (this.child1[iA] === NULL) return iA;
    const iB = this.child1[iA]!;
    const iC = this.child2[iA]!;
    const diff = this.heights[iC]! - this.heights[iB]!;
    if (diff > 1) return this.rotateUp(iA, iC, iB, false);
    if (diff < -1) return this.rotateUp(iA, iB, iC, true);
    return iA;
  }

  /**
   * Rotates the taller child `iC` of `iA` up into A's place; `iB` is A's other child.
   * `cIsChild1` tells on which side C hangs. The shorter grandchild of C moves down under A.
   */
  private rotateUp(iA: number, iC: number, iB: number, cIsChild1: boolean): number {
    const iF = this.child1[iC]!;
    const iG = this.child2[iC]!;
    // C takes A's place.
    this.child1[iC] = iA;
    this.parent[iC] = this.parent[iA]!;
    this.parent[iA] = iC;
    const up = this.parent[iC]!;
    if (up !== NULL) {
      if (this.child1[up] === iA) this.child1[up] = iC;
      else this.child2[up] = iC;
    } else {
      this.root = iC;
    }
    // The taller of F and G stays under C; the other goes under A in C's old slot.
    let keep: number;
    let move: number;
    if (this.heights[iF]! > this.heights[iG]!) {
      keep = iF;
      move = iG;
    } else {
      keep = iG;
      move = iF;
    }
    this.child2[iC] = keep;
    if (cIsChild1) this.child1[iA] = move;
    else this.child2[iA] = move;
    this.parent[move] = iA;
    this.setBoxUnion(iA, iB, move);
    this.setBoxUnion(iC, iA, keep);
    this.heights[iA] = 1 + Math.max(this.heights[iB]!, this.heights[move]!);
    this.heights[iC] = 1 + Math.max(this.heights[iA]!, this.heights[keep]!);
    return iC;
  }
}

/** Surface area of a box with edges ex, ey, ez. */
function surfaceArea(ex: number, ey: number, ez: number): number {
  return 2 * (ex * ey + ey * ez + ez * ex);
}

/** Pair keys pack (lo, hi) as lo·2^26 + hi: exact in a double for ids below 2^26. */
const PAIR_SHIFT = 67108864;

function checkBox(where: string, minX: number, minY: number, maxX: number, maxY: number): void {
  if (!Number.isFinite(minX) || !Number.isFinite(minY) || !Number.isFinite(maxX) || !Number.isFinite(maxY)) {
    throw new PhysicsError(
      'non-finite',
      `${where}: box must be finite, got (${minX}, ${minY})–(${maxX}, ${maxY})`,
    );
  }
  if (minX > maxX || minY > maxY) {
    throw new PhysicsError(
      'invalid-argument',
      `${where}: box min must not exceed max, got (${minX}, ${minY})–(${maxX}, ${maxY})`,
    );
  }
}

/** `checkBox` for a box in stride layout `box[o .. o + 2D)`. */
function checkBoxFrom(where: string, box: Float64Array, o: number, D: number): void {
  const lo = Array.from(box.subarray(o, o + D));
  const hi = Array.from(box.subarray(o + D, o + 2 * D));
  const text = `(${lo.join(', ')})–(${hi.join(', ')})`;
  for (let a = 0; a < D; a++) {
    if (!Number.isFinite(lo[a]!) || !Number.isFinite(hi[a]!)) {
      throw new PhysicsError('non-finite', `${where}: box must be finite, got ${text}`);
    }
  }
  for (let a = 0; a < D; a++) {
    if (lo[a]! > hi[a]!) {
      throw new PhysicsError('invalid-argument', `${where}: box min must not exceed max, got ${text}`);
    }
  }
}
