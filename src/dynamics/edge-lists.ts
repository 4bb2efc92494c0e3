/**
 * Constraint edge lists: each body's list of the contacts (or joints) it takes part in — the
 * constraint graph of textbook §26.2, whose connected parts are the islands. A constraint c has
 * two edges, 2c on its body A and 2c + 1 on its body B, so `e >> 1` is the constraint and `e ^ 1` the edge on the
 * other body. Each body's edges form a doubly linked list threaded through per-edge `prev`/`next`
 * arrays, with a per-body `head` and `count`: linking, unlinking and moving an edge (when a dense
 * contact store swap-removes a contact into a freed slot) are O(1), and walking a body's contacts
 * touches only its own edges. New edges go to the front of the list, so the walk order is a
 * deterministic function of the sequence of calls. Dimension-free: shared by the 2D and 3D engines.
 *
 * ```ts
 * for (let e = edges.head[body]!; e !== -1; e = edges.next[e]!) {
 *   const contact = e >> 1; // the other body's edge is e ^ 1
 * }
 * ```
 */
import { grow } from '../core/grow.js';

/** Per-body linked lists of the constraints (contacts, joints) that touch each body, in flat typed arrays. */
export class EdgeLists {
  // ---- per body
  /** bodies the per-body arrays hold */
  bodyCapacity = 0;
  /** first edge of each body's list, −1 when it has none */
  head = new Int32Array(0);
  /** number of edges in each body's list */
  count = new Int32Array(0);

  // ---- per edge (two per constraint slot)
  /** edges the per-edge arrays hold */
  edgeCapacity = 0;
  /** previous edge in the same body's list (−1 at the front) */
  prev = new Int32Array(0);
  /** next edge in the same body's list (−1 at the end) */
  next = new Int32Array(0);

  /** Makes room for `n` bodies (capacity doubles, at least 16); new bodies have empty lists. */
  ensureBodies(n: number): void {
    if (n <= this.bodyCapacity) return;
    let cap = Math.max(16, this.bodyCapacity);
    while (cap < n) cap *= 2;
    this.head = grow(this.head, cap);
    this.count = grow(this.count, cap);
    this.head.fill(-1, this.bodyCapacity);
    this.bodyCapacity = cap;
  }

  /** Makes room for the edges of `n` constraints (2n edges; capacity doubles, at least 64 constraints). */
  ensureConstraints(n: number): void {
    const edges = 2 * n;
    if (edges <= this.edgeCapacity) return;
    let cap = Math.max(128, this.edgeCapacity);
    while (cap < edges) cap *= 2;
    this.prev = grow(this.prev, cap);
    this.next = grow(this.next, cap);
    this.edgeCapacity = cap;
  }

  /** Empties a body's list (a new body, or one whose slot is reused). */
  resetBody(body: number): void {
    this.head[body] = -1;
    this.count[body] = 0;
  }

  /** Puts edge `e` at the front of `body`'s list. */
  link(e: number, body: number): void {
    const h = this.head[body]!;
    this.prev[e] = -1;
    this.next[e] = h;
    if (h !== -1) this.prev[h] = e;
    this.head[body] = e;
    this.count[body] = this.count[body]! + 1;
  }

  /** Takes edge `e` out of `body`'s list. */
  unlink(e: number, body: number): void {
    const p = this.prev[e]!;
    const n = this.next[e]!;
    if (p !== -1) this.next[p] = n;
    else this.head[body] = n;
    if (n !== -1) this.prev[n] = p;
    this.count[body] = this.count[body]! - 1;
  }

  /** Links both edges of constraint `c` between bodies `a` (edge 2c) and `b` (edge 2c + 1). */
  linkPair(c: number, a: number, b: number): void {
    this.link(2 * c, a);
    this.link(2 * c + 1, b);
  }

  /** Unlinks both edges of constraint `c` between bodies `a` and `b`. */
  unlinkPair(c: number, a: number, b: number): void {
    this.unlink(2 * c, a);
    this.unlink(2 * c + 1, b);
  }

  /**
   * Moves edge `from` (a linked edge of `body`) into slot `to`, keeping its place in the list:
   * what a dense store does when it swap-removes a constraint.
   */
  moveEdge(from: number, to: number, body: number): void {
    const p = this.prev[from]!;
    const n = this.next[from]!;
    this.prev[to] = p;
    this.next[to] = n;
    if (p !== -1) this.next[p] = to;
    else this.head[body] = to;
    if (n !== -1) this.prev[n] = to;
  }

  /** Moves both edges of constraint `from` (between bodies `a` and `b`) to slot `to`. */
  movePair(from: number, to: number, a: number, b: number): void {
    this.moveEdge(2 * from, 2 * to, a);
    this.moveEdge(2 * from + 1, 2 * to + 1, b);
  }
}
