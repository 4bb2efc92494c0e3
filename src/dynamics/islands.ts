/**
 * Persistent islands (textbook §26.2 "スリープ"; the approach of Box2D v3, Catto 2024): the
 * dynamic bodies joined by touching contacts and by joints (a joint links its two bodies' islands
 * when it is made and unlinks them when it goes, exactly like a contact that starts or stops
 * touching; the engine's split walk visits both kinds of edge). An island is kept across steps as a doubly linked
 * list of its bodies; when a contact begins touching between two islands they are merged at once
 * (the smaller list is relabelled and appended), and when a touching contact ends — or a body
 * leaves — the island only counts it: the island may have fallen apart, but it is split (a flood
 * fill over its touching contacts) lazily, only when it is about to fall asleep. That is far
 * cheaper than rebuilding every island each step, and whole islands sleep and wake together.
 * Static and kinematic bodies belong to no island.
 */
import { grow } from '../core/grow.js';

/** Persistent simulation islands: bodies linked by constraints, merged as they touch and split when they part, for sleeping. */
export class IslandStore {
  // ---- per island
  /** island slots allocated */
  capacity = 0;
  /** island slots in use (live ones and the free list) */
  count = 0;
  /** freed island slots, reused first */
  freeList: number[] = [];
  /** 1 for a live island */
  alive = new Uint8Array(0);
  /** first body of each island's list (−1 when empty) */
  head = new Int32Array(0);
  /** last body of each island's list */
  tail = new Int32Array(0);
  /** bodies in each island */
  size = new Int32Array(0);
  /** touching contacts (or bodies) lost since the island was built: it may need splitting */
  removed = new Int32Array(0);
  /** per-step scratch: the island's smallest and largest sleep time, and the step it was last visited */
  minSleep = new Float64Array(0);
  /** (see minSleep) the largest sleep time of the island's bodies */
  maxSleep = new Float64Array(0);
  /** (see minSleep) the step the island was last visited */
  visit = new Int32Array(0);

  // ---- per body slot
  /** body slots allocated in the per-body arrays */
  bodyCapacity = 0;
  /** island of each body (−1: static, kinematic or free) and its neighbours in the island's list */
  islandOf = new Int32Array(0);
  /** next body in the same island (−1 at the end) */
  next = new Int32Array(0);
  /** previous body in the same island (−1 at the start) */
  prev = new Int32Array(0);
  /** flood-fill scratch */
  mark = new Int32Array(0);
  /** flood-fill scratch: the bodies still to visit */
  stack = new Int32Array(0);
  /** flood-fill scratch: the bodies found */
  members = new Int32Array(0);
  private markStamp = 0;

  /** Makes room for `n` bodies in the per-body arrays. */
  ensureBodies(n: number): void {
    if (n <= this.bodyCapacity) return;
    let cap = Math.max(16, this.bodyCapacity);
    while (cap < n) cap *= 2;
    this.islandOf = grow(this.islandOf, cap);
    this.next = grow(this.next, cap);
    this.prev = grow(this.prev, cap);
    this.mark = grow(this.mark, cap);
    this.stack = grow(this.stack, cap);
    this.members = grow(this.members, cap);
    this.bodyCapacity = cap;
  }

  private allocate(): number {
    let k: number;
    if (this.freeList.length > 0) {
      k = this.freeList.pop()!;
    } else {
      k = this.count++;
      if (this.count > this.capacity) {
        const cap = Math.max(16, 2 * this.capacity);
        this.alive = grow(this.alive, cap);
        this.head = grow(this.head, cap);
        this.tail = grow(this.tail, cap);
        this.size = grow(this.size, cap);
        this.removed = grow(this.removed, cap);
        this.minSleep = grow(this.minSleep, cap);
        this.maxSleep = grow(this.maxSleep, cap);
        this.visit = grow(this.visit, cap);
        this.capacity = cap;
      }
    }
    this.alive[k] = 1;
    this.head[k] = -1;
    this.tail[k] = -1;
    this.size[k] = 0;
    this.removed[k] = 0;
    this.visit[k] = -1;
    return k;
  }

  private release(k: number): void {
    this.alive[k] = 0;
    // last freed, first reused: deterministic (the same history gives the same ids) and O(1)
    this.freeList.push(k);
  }

  private append(k: number, body: number): void {
    const t = this.tail[k]!;
    this.prev[body] = t;
    this.next[body] = -1;
    if (t === -1) this.head[k] = body;
    else this.next[t] = body;
    this.tail[k] = body;
    this.size[k] = this.size[k]! + 1;
    this.islandOf[body] = k;
  }

  /** Gives a new dynamic body its own island. */
  addBody(body: number): void {
    this.append(this.allocate(), body);
  }

  /** Marks a body as belonging to no island (static or kinematic). */
  noIsland(body: number): void {
    this.islandOf[body] = -1;
  }

  /** Takes a body out of its island (destroyed); the island may have fallen apart. */
  removeBody(body: number): void {
    const k = this.islandOf[body]!;
    if (k < 0) return;
    const p = this.prev[body]!;
    const n = this.next[body]!;
    if (p === -1) this.head[k] = n;
    else this.next[p] = n;
    if (n === -1) this.tail[k] = p;
    else this.prev[n] = p;
    this.islandOf[body] = -1;
    this.size[k] = this.size[k]! - 1;
    if (this.size[k] === 0) this.release(k);
    else this.removed[k] = this.removed[k]! + 1;
  }

  /** A touching contact began between bodies a and b: their islands become one. */
  link(a: number, b: number): void {
    let ka = this.islandOf[a]!;
    let kb = this.islandOf[b]!;
    if (ka < 0 || kb < 0 || ka === kb) return;
    // keep the larger island (ties: the lower id); relabel and append the smaller one's bodies
    if (this.size[kb]! > this.size[ka]! || (this.size[kb] === this.size[ka] && kb < ka)) {
      const t = ka;
      ka = kb;
      kb = t;
    }
    for (let i = this.head[kb]!; i !== -1; i = this.next[i]!) this.islandOf[i] = ka;
    const h = this.head[kb]!;
    const t = this.tail[ka]!;
    this.next[t] = h;
    this.prev[h] = t;
    this.tail[ka] = this.tail[kb]!;
    this.size[ka] = this.size[ka]! + this.size[kb]!;
    this.removed[ka] = this.removed[ka]! + this.removed[kb]!;
    this.release(kb);
  }

  /** A touching contact between bodies a and b ended: their island may have to be split. */
  unlink(a: number, b: number): void {
    const k = this.islandOf[a]!;
    if (k >= 0 && k === this.islandOf[b]) this.removed[k] = this.removed[k]! + 1;
  }

  /**
   * Splits island `k` into its connected parts: a flood fill from each unvisited body over the
   * edges `neighbours(body, visit)` reports (it calls `visit(other)` for each body joined to `body`
   * by a touching contact). The first part keeps id `k`. Returns the number of parts.
   */
  split(k: number, neighbours: (body: number, visit: (other: number) => void) => void): number {
    const stamp = ++this.markStamp;
    const mark = this.mark;
    const stack = this.stack;
    // copy out the member list (appending rewrites the links), then rebuild the islands part by part
    const members = this.members;
    let n = 0;
    for (let i = this.head[k]!; i !== -1; i = this.next[i]!) members[n++] = i;
    this.head[k] = -1;
    this.tail[k] = -1;
    this.size[k] = 0;
    this.removed[k] = 0;
    let parts = 0;
    let current = k;
    let top = 0;
    const push = (other: number): void => {
      if (mark[other] === stamp || this.islandOf[other] !== k) return;
      mark[other] = stamp;
      stack[top++] = other;
    };
    for (let m = 0; m < n; m++) {
      const member = members[m]!;
      if (mark[member] !== stamp) {
        current = parts === 0 ? k : this.allocate();
        parts++;
        mark[member] = stamp;
        top = 0;
        stack[top++] = member;
        while (top > 0) {
          const body = stack[--top]!;
          neighbours(body, push);
          this.append(current, body);
        }
      }
    }
    return parts;
  }
}
