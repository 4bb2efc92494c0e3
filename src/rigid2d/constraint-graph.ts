/**
 * The constraint graph colouring (textbook §26.2; after the structure of Box2D v3's
 * constraint_graph.c, Catto 2024): every touching contact and every joint of an awake body gets a
 * colour such that no two constraints of one colour share a dynamic body. Static and kinematic
 * bodies never block a colour (the solver never changes them). Within one colour the constraints
 * are independent, so the result of a colour does not depend on the order inside it, nor on how it
 * is split between threads: that makes the multi-threaded solve bit-identical to one thread.
 *
 * Colours persist across steps: a constraint keeps its colour while it stays active (touching and
 * awake, or a live joint of an awake body); it loses it when it ends touching, falls asleep or is
 * destroyed, and a constraint that becomes active gets the first colour in which neither of its
 * dynamic bodies is used — dynamic pairs from colour 0 up, constraints with a static (or kinematic)
 * body from the last colour down (so they are solved after the dynamic pairs, the ground having the
 * final word in each pass). What fits no colour goes to the overflow set, solved by one thread
 * before the colours. The step's active constraints are visited in slot order to keep the colours
 * still valid; the new ones are then coloured in the order of a hash of their identity (ties in
 * slot order). Greedy colouring in slot order — the order in which a scene was built, row by row —
 * gives colours that each sweep the scene in one direction, and a pyramid then drifts sideways
 * (the 5,050-box pyramid 0.32 m in 10 s, TinyPyramid 2.8 cm; coloured in hashed order 0.18 m and
 * 1.6–1.8 cm, native Box2D v3 1.9 cm). The colour-major order (overflow, colour 0, colour 1, …;
 * slot order within a colour) is the packed solve order.
 *
 * Each colour's body set is one bit of a per-body mask (at most {@link MAX_GRAPH_COLORS} colours).
 * Contacts are identified by their slot and shape pair (a contact moved by the store's swap-remove
 * is coloured anew); joints by their slot and generation. Both are part of the world's state
 * (saved by the snapshot), stored as colour + 1 so that 0 means none.
 */

/** The most colours a graph may have (one bit each of a 32-bit mask). */
export const MAX_GRAPH_COLORS = 30;
/** The default number of colours (Box2D v3's count). */
export const DEFAULT_GRAPH_COLORS = 24;

/** The snapshot declaration of a {@link ColorSet} (the colours are state: they decide the solve order). */
export const COLOR_SET_FIELDS = {
  capacity: 'capacity',
  used: 'count',
  scalars: ['capacity', 'count'],
  arrays: [
    ['color', 1],
    ['keyA', 1],
    ['keyB', 1],
  ],
} as const;

/** The persistent colours of one kind of constraint (contacts or joints), by slot. */
export class ColorSet {
  /** slots the arrays hold */
  capacity = 0;
  /** slots in use at the last colouring (the snapshot saves this prefix) */
  count = 0;
  /** colour + 1 per slot (0: none; `colors + 1`: overflow) */
  color: Int32Array = new Int32Array(0);
  /** the identity of the constraint the colour was given to (+1; 0: none): shape A / slot generation */
  keyA: Int32Array = new Int32Array(0);
  /** shape B + 1 for a contact (0 for a joint) */
  keyB: Int32Array = new Int32Array(0);

  /** Grows the slot arrays (new slots hold no colour). */
  ensure(n: number): void {
    if (n <= this.capacity) return;
    let cap = Math.max(64, this.capacity);
    while (cap < n) cap *= 2;
    const grow = (a: Int32Array): Int32Array => {
      const b = new Int32Array(cap);
      b.set(a);
      return b;
    };
    this.color = grow(this.color);
    this.keyA = grow(this.keyA);
    this.keyB = grow(this.keyB);
    this.capacity = cap;
  }
}

/**
 * The world's constraint graph: the contacts' and the joints' colours, the per-body colour masks
 * of the current step, and the step's colour ranges in the packed order. Contacts and joints are
 * coloured apart (joints are solved before contacts in every pass, so they never run at once).
 */
export class ConstraintGraph {
  /** colours per kind of constraint (1 … {@link MAX_GRAPH_COLORS}); what fits none overflows */
  colors = DEFAULT_GRAPH_COLORS;
  /** the contacts' colours (state) */
  readonly contacts = new ColorSet();
  /** the joints' colours (state) */
  readonly joints = new ColorSet();
  /** per body: bit k set when the body is in contact colour k this step (scratch) */
  contactMask = new Int32Array(0);
  /** per body: bit k set when the body is in joint colour k this step (scratch) */
  jointMask = new Int32Array(0);
  /**
   * The packed order's ranges of the last colouring: contacts of group g (g = 0 overflow, g = k + 1
   * colour k) are packed at [contactStart[g], contactStart[g + 1]); joints likewise.
   */
  contactStart = new Int32Array(MAX_GRAPH_COLORS + 2);
  jointStart = new Int32Array(MAX_GRAPH_COLORS + 2);
  /** scratch: the step's constraints per group while sorting */
  private groupCount = new Int32Array(MAX_GRAPH_COLORS + 2);
  private sorted = new Int32Array(64);
  /** scratch: the new constraints of a colouring as hash · 2²¹ + list index, sorted (the visiting order) */
  private fresh = new Float64Array(64);

  /** Forgets every colour (a world restored from a snapshot without them colours anew). */
  clear(): void {
    for (const set of [this.contacts, this.joints]) {
      set.color.fill(0);
      set.keyA.fill(0);
      set.keyB.fill(0);
      set.count = 0;
    }
  }

  /** Grows the per-body masks. */
  ensureBodies(n: number): void {
    if (this.contactMask.length < n) {
      const cap = Math.max(64, 2 * n);
      this.contactMask = new Int32Array(cap);
      this.jointMask = new Int32Array(cap);
    }
  }

  /**
   * Colours the step's constraints and sorts `list[0, n)` (slots of the store, in slot order) into
   * the colour-major order; `bodyA`/`bodyB` give each slot's bodies, `dynamic[body]` 1 for a body
   * that blocks a colour, `keyA`/`keyB` each slot's identity. `staticLast`: constraints with one
   * non-dynamic body take colours from the last down. Fills `start` (see {@link contactStart}).
   */
  colorInto(
    set: ColorSet,
    mask: Int32Array,
    list: Int32Array,
    n: number,
    bodyA: Int32Array,
    bodyB: Int32Array,
    dynamic: Float64Array,
    keyA: Int32Array | Uint32Array,
    keyB: Int32Array | null,
    staticLast: boolean,
    start: Int32Array,
  ): void {
    const colors = this.colors;
    const overflow = colors + 1;
    const color = set.color;
    const kA = set.keyA;
    const kB = set.keyB;
    // the masks of this step's bodies start empty
    for (let i = 0; i < n; i++) {
      const c = list[i]!;
      mask[bodyA[c]!] = 0;
      mask[bodyB[c]!] = 0;
    }
    // keep the colours still valid (same constraint, same kind of pair, bodies free in that colour)
    for (let i = 0; i < n; i++) {
      const c = list[i]!;
      const g = color[c]!;
      if (g === 0) continue;
      const b = keyB === null ? 0 : keyB[c]! + 1;
      if (g === overflow || kA[c] !== ((keyA[c]! + 1) | 0) || kB[c] !== b) {
        color[c] = 0;
        continue;
      }
      const a = bodyA[c]!;
      const bb = bodyB[c]!;
      const dA = dynamic[a]! > 0;
      const dB = dynamic[bb]! > 0;
      const bit = 1 << (g - 1);
      if (!dA && !dB) {
        color[c] = 0;
        continue;
      }
      if ((dA && (mask[a]! & bit) !== 0) || (dB && (mask[bb]! & bit) !== 0)) {
        color[c] = 0;
        continue;
      }
      if (dA) mask[a] = mask[a]! | bit;
      if (dB) mask[bb] = mask[bb]! | bit;
    }
    // the new ones in the order of a hash of their identity (shape pair; joint slot and generation)
    if (this.fresh.length < n) this.fresh = new Float64Array(Math.max(2 * n, 64));
    const fresh = this.fresh;
    let nf = 0;
    for (let i = 0; i < n; i++) {
      const c = list[i]!;
      if (color[c] !== 0) continue;
      // (past 2²¹ constraints the index no longer fits beside the hash: slot order)
      const h = n < 2097152 ? identityHash(keyA[c]!, keyB === null ? c : keyB[c]!) : 0;
      fresh[nf++] = h * 2097152 + i;
    }
    sortFresh(fresh, nf);
    // colour them: the first colour free for both dynamic bodies
    const all = colors >= 31 ? -1 : (1 << colors) - 1;
    for (let f = 0; f < nf; f++) {
      const c = list[fresh[f]! % 2097152]!;
      kA[c] = (keyA[c]! + 1) | 0;
      kB[c] = keyB === null ? 0 : keyB[c]! + 1;
      const a = bodyA[c]!;
      const bb = bodyB[c]!;
      const dA = dynamic[a]! > 0;
      const dB = dynamic[bb]! > 0;
      let g = overflow;
      if (dA && dB) {
        const free = ~(mask[a]! | mask[bb]!) & all;
        if (free !== 0) g = 32 - Math.clz32(free & -free); // lowest free colour, + 1
      } else if (dA || dB) {
        const free = ~(dA ? mask[a]! : mask[bb]!) & all;
        if (free !== 0) g = staticLast ? 32 - Math.clz32(free) : 32 - Math.clz32(free & -free);
      }
      color[c] = g;
      if (g !== overflow) {
        const bit = 1 << (g - 1);
        if (dA) mask[a] = mask[a]! | bit;
        if (dB) mask[bb] = mask[bb]! | bit;
      }
    }
    // counting sort into the colour-major order: overflow (group 0), then colours 0 … colors − 1
    const cnt = this.groupCount;
    cnt.fill(0);
    for (let i = 0; i < n; i++) {
      const g = color[list[i]!]!;
      cnt[g === overflow ? 0 : g]!++;
    }
    start.fill(n);
    let acc = 0;
    for (let g = 0; g <= colors; g++) {
      start[g] = acc;
      acc += cnt[g]!;
      cnt[g] = start[g]!;
    }
    start[colors + 1] = n;
    if (this.sorted.length < n) this.sorted = new Int32Array(Math.max(2 * n, 64));
    const out = this.sorted;
    for (let i = 0; i < n; i++) {
      const c = list[i]!;
      const g = color[c]!;
      const k = g === overflow ? 0 : g;
      out[cnt[k]!++] = c;
    }
    list.set(out.subarray(0, n));
  }

  /** Clears the colours of the slots from the store's `count` on (destroyed) and records the count. */
  releaseFrom(set: ColorSet, count: number): void {
    for (let c = count; c < set.count; c++) {
      set.color[c] = 0;
      set.keyA[c] = 0;
      set.keyB[c] = 0;
    }
    set.count = count;
  }
}

/** A 21-bit mix of two identity keys (murmur3's finaliser; integer operations only, so portable). */
function identityHash(a: number, b: number): number {
  let h = Math.imul(a ^ 0x3c6ef372, 0x9e3779b1) ^ Math.imul(b ^ 0x5bd1e995, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 11;
}

/** Sorts `a[0, n)` ascending (distinct values: the list index is part of each): insertion sort for a few, else the typed-array sort. */
function sortFresh(a: Float64Array, n: number): void {
  if (n <= 32) {
    for (let i = 1; i < n; i++) {
      const x = a[i]!;
      let j = i - 1;
      while (j >= 0 && a[j]! > x) {
        a[j + 1] = a[j]!;
        j--;
      }
      a[j + 1] = x;
    }
    return;
  }
  a.subarray(0, n).sort();
}
