/**
 * The narrowphase ahead of the collide loop, split between threads (Box2D v3 runs its contact
 * updates as a parallel task, Catto 2024): before the world's collide stage walks its contacts,
 * the calling thread lists the contacts that will need a fresh manifold — a pair with an awake
 * body whose fat boxes overlap, that the loop will not skip as too far apart and that is not a
 * resting contact likely to keep its manifold — with each pair's shapes and the two bodies'
 * transforms, in fixed slots of shared typed arrays. While the collide loop runs, the workers take
 * the listed pairs one by one in the loop's order (from the last) and collide each with the same
 * dispatch table and the same inputs as the loop, writing its manifold into the pair's own slot,
 * so the result of a pair cannot depend on who computed it. The loop takes each finished manifold
 * in its own order ({@link NarrowphaseAhead.take}) and collides a pair no worker has finished
 * itself (it never waits; a pair's state, taken with Atomics, says who has it): impulse matching by feature id,
 * begin/end touch, waking and the events stay on the calling thread, in the order they always
 * had, so the state is bit-identical to the single-thread loop. A pair that was not listed (or
 * whose entry does not match) is collided by the loop as before.
 *
 * The loop's manifold is part of the state, and a pair function leaves the fields it does not
 * write as the previous pair left them (a pair with no points keeps the previous normal, which the
 * contact stores). A thread therefore fills its manifold with NaN (and an impossible id) before
 * each pair: a field still NaN afterwards was not written (or was derived from the previous pair's,
 * as the circle-first pair negates the normal). The loop then keeps its own value of a field that
 * was not written beyond the points, and collides the pair itself when the normal, the point count
 * or a point's position, separation or id depends on the previous pair.
 */
import type { Manifold2 } from '../geometry/manifold2d.js';
import type { ConvexShape2 } from '../geometry/shapes2d.js';
import { Transform2 } from '../geometry/shapes2d.js';
import { originTransform } from './body.js';
import { CONTACT_SENSOR, CONTACT_TOUCHING } from './contact-store.js';
import { COLLIDERS, KIND_COUNT } from './narrowphase.js';
import type { World } from './world.js';

/** ints per listed pair: contact slot, shape A, shape B, dispatch index */
export const NJ_STRIDE = 4;
/** doubles per listed pair's input: the two bodies' origin transforms (px, py, c, s each) */
export const NX_STRIDE = 8;
/** doubles per listed pair's manifold: normal (2), points x, y, incident x, y, separation (2 each) */
export const NF_STRIDE = 12;
/** ints per listed pair's manifold: point count, ids (2), flip, reference and incident edge */
export const NI_STRIDE = 6;

/** an id no pair function writes: the field was left as the previous pair left it */
const ID_UNSET = -2147483648;

/** The shared arrays of the listed pairs (one set, seen by every thread). */
export interface NarrowphaseArrays {
  /** per pair: contact slot, shape A, shape B, dispatch index ({@link NJ_STRIDE}) */
  job: Int32Array;
  /** per pair: the transforms of the two bodies ({@link NX_STRIDE}) */
  jx: Float64Array;
  /** per pair: the manifold's doubles ({@link NF_STRIDE}) */
  mf: Float64Array;
  /** per pair: the manifold's integers ({@link NI_STRIDE}) */
  mi: Int32Array;
  /**
   * per pair: 0 not taken yet, 1 being collided by a worker or left to the loop, 2 its manifold is
   * in its slot ({@link PAIR_DONE}); changed only with Atomics
   */
  st: Int32Array;
}

/** a listed pair's state: no thread has taken it */
export const PAIR_FREE = 0;
/** a listed pair's state: a worker collides it, or the collide loop collides it itself */
export const PAIR_TAKEN = 1;
/** a listed pair's state: its manifold is in its slot */
export const PAIR_DONE = 2;

/** A thread's own objects for colliding listed pairs (its shape table, transforms, manifold). */
export class NarrowphaseWorkspace {
  /** the shapes' geometry by slot (the calling thread uses the world's; a worker holds copies) */
  geom: ConvexShape2[] = [];
  /** the speculative distance as a tagged value (a double passed to a call would be boxed) */
  readonly spec: unknown[] = [null];
  /** the transforms and manifold handed to the pair functions */
  readonly xfA = new Transform2();
  /** (see xfA) body B's transform */
  readonly xfB = new Transform2();
  /** the manifold the pair functions write (set by the owner: the world's, or a worker's own) */
  m: Manifold2 | null = null;
}

/**
 * Collides the listed pairs [lo, hi) into their manifold slots: the same pair function and the
 * same arguments as the world's collide loop (narrowphase.ts), so each manifold is the same to the bit.
 */
export function collideListed(a: NarrowphaseArrays, ws: NarrowphaseWorkspace, lo: number, hi: number): void {
  const job = a.job;
  const jx = a.jx;
  const mf = a.mf;
  const mi = a.mi;
  const geom = ws.geom;
  const xfA = ws.xfA;
  const xfB = ws.xfB;
  const m = ws.m!;
  const spec = ws.spec[0] as number;
  for (let k = lo; k < hi; k++) {
    const o = NJ_STRIDE * k;
    const x = NX_STRIDE * k;
    // fields stored one by one (doubles passed to a call the compiler does not inline are boxed)
    xfA.px = jx[x]!;
    xfA.py = jx[x + 1]!;
    xfA.c = jx[x + 2]!;
    xfA.s = jx[x + 3]!;
    xfB.px = jx[x + 4]!;
    xfB.py = jx[x + 5]!;
    xfB.c = jx[x + 6]!;
    xfB.s = jx[x + 7]!;
    // what the pair function leaves unwritten stays recognisable (see the file comment)
    m.pointCount = -1;
    m.normalX = Number.NaN;
    m.normalY = Number.NaN;
    m.px.fill(Number.NaN);
    m.py.fill(Number.NaN);
    m.ix.fill(Number.NaN);
    m.iy.fill(Number.NaN);
    m.separation.fill(Number.NaN);
    m.id.fill(ID_UNSET);
    COLLIDERS[job[o + 3]!]!(geom[job[o + 1]!]!, xfA, geom[job[o + 2]!]!, xfB, spec, m);
    const f = NF_STRIDE * k;
    mf[f] = m.normalX;
    mf[f + 1] = m.normalY;
    mf[f + 2] = m.px[0]!;
    mf[f + 3] = m.px[1]!;
    mf[f + 4] = m.py[0]!;
    mf[f + 5] = m.py[1]!;
    mf[f + 6] = m.ix[0]!;
    mf[f + 7] = m.ix[1]!;
    mf[f + 8] = m.iy[0]!;
    mf[f + 9] = m.iy[1]!;
    mf[f + 10] = m.separation[0]!;
    mf[f + 11] = m.separation[1]!;
    const i = NI_STRIDE * k;
    mi[i] = m.pointCount;
    mi[i + 1] = m.id[0]!;
    mi[i + 2] = m.id[1]!;
    mi[i + 3] = m.flip ? 1 : 0;
    mi[i + 4] = m.referenceEdge;
    mi[i + 5] = m.incidentEdge;
  }
}

/**
 * The calling thread's side: lists the step's pairs ({@link list}), has them collided (by the
 * thread pool, or not at all on a step that runs alone) and hands each manifold to the collide
 * loop ({@link take}).
 */
export class NarrowphaseAhead {
  /** the shared arrays (grown by {@link list}; a growth bumps {@link generation}) */
  readonly arrays: NarrowphaseArrays;
  /** pairs listed this step */
  count = 0;
  /** bumped whenever an array is replaced (the workers must take the new ones) */
  generation = 0;
  /** may {@link take} hand out the listed pairs' manifolds (the workers collide them) */
  ready = false;
  /** manifolds handed to the collide loop from the workers, over the world's life */
  handed = 0;
  /** the calling thread's workspace (the world's shapes and manifold) */
  readonly workspace = new NarrowphaseWorkspace();
  /** per contact slot: its pair's index in the list (valid while {@link ready}) */
  private jobOf = new Int32Array(0);
  private readonly xf = new Transform2();
  private capacity = 0;
  /** while the workers collide the list: waits for them to leave the job */
  private join: (() => void) | null = null;

  /** `f64`/`i32` allocate the shared arrays (on SharedArrayBuffers). */
  constructor(
    private readonly f64: (n: number) => Float64Array,
    private readonly i32: (n: number) => Int32Array,
  ) {
    this.arrays = { job: i32(0), jx: f64(0), mf: f64(0), mi: i32(0), st: i32(0) };
  }

  private ensure(n: number): void {
    if (n <= this.capacity) return;
    let cap = Math.max(256, this.capacity);
    while (cap < n) cap *= 2;
    const a = this.arrays;
    a.job = this.i32(NJ_STRIDE * cap);
    a.jx = this.f64(NX_STRIDE * cap);
    a.mf = this.f64(NF_STRIDE * cap);
    a.mi = this.i32(NI_STRIDE * cap);
    a.st = this.i32(cap);
    this.capacity = cap;
    this.generation++;
  }

  /**
   * Lists the pairs the collide loop will collide (the loop's own tests, in slot order; a resting
   * touching contact that may keep its manifold is left to the loop) and their inputs; returns the count.
   */
  list(w: World): number {
    this.ready = false;
    const cs = w.contactStore;
    const sh = w.shapes;
    const b = w.bodies;
    const n = cs.count;
    this.ensure(n);
    if (this.jobOf.length < cs.capacity) this.jobOf = new Int32Array(cs.capacity);
    const jobOf = this.jobOf;
    const fat = sh.fat;
    const aabb = sh.aabb;
    const kind = sh.kind;
    const awake = b.awake;
    const flagsOf = cs.flags;
    const recycle = w.solver.recycleDistance > 0;
    const gap = 2 * w.speculativeDistance;
    const a = this.arrays;
    const job = a.job;
    const jx = a.jx;
    const st = a.st;
    const xf = this.xf;
    let k = 0;
    for (let c = 0; c < n; c++) {
      jobOf[c] = -1;
      const ba = cs.bodyA[c]!;
      const bb = cs.bodyB[c]!;
      if (awake[ba] === 0 && awake[bb] === 0) continue;
      const sa = cs.shapeA[c]!;
      const sb = cs.shapeB[c]!;
      const oa = 4 * sa;
      const ob = 4 * sb;
      if (
        fat[oa]! > fat[ob + 2]! ||
        fat[ob]! > fat[oa + 2]! ||
        fat[oa + 1]! > fat[ob + 3]! ||
        fat[ob + 1]! > fat[oa + 3]!
      )
        continue;
      const flags = flagsOf[c]!;
      const pc = cs.pointCount[c]!;
      if (
        (flags & (CONTACT_TOUCHING | CONTACT_SENSOR)) === 0 &&
        pc === 0 &&
        (aabb[oa]! > aabb[ob + 2]! + gap ||
          aabb[ob]! > aabb[oa + 2]! + gap ||
          aabb[oa + 1]! > aabb[ob + 3]! + gap ||
          aabb[ob + 1]! > aabb[oa + 3]! + gap)
      )
        continue;
      // a resting contact (touching, it carried load, its manifold cached) is likely to be kept
      if (
        recycle &&
        (flags & (CONTACT_SENSOR | CONTACT_TOUCHING)) === CONTACT_TOUCHING &&
        cs.recycleValid[c] === 1 &&
        cs.normalImpulse[2 * c]! + cs.normalImpulse[2 * c + 1]! !== 0
      )
        continue;
      const o = NJ_STRIDE * k;
      job[o] = c;
      job[o + 1] = sa;
      job[o + 2] = sb;
      job[o + 3] = kind[sa]! * KIND_COUNT + kind[sb]!;
      const x = NX_STRIDE * k;
      originTransform(b, ba, xf);
      jx[x] = xf.px;
      jx[x + 1] = xf.py;
      jx[x + 2] = xf.c;
      jx[x + 3] = xf.s;
      originTransform(b, bb, xf);
      jx[x + 4] = xf.px;
      jx[x + 5] = xf.py;
      jx[x + 6] = xf.c;
      jx[x + 7] = xf.s;
      jobOf[c] = k;
      st[k] = PAIR_FREE;
      k++;
    }
    this.count = k;
    return k;
  }

  /**
   * The workers collide the listed pairs while the collide loop runs: {@link take} hands out each
   * manifold that is ready; `join` (called by {@link done}) waits for the workers to leave the job.
   */
  started(join: () => void): void {
    this.ready = true;
    this.join = join;
  }

  /** Ends the step's use of the list (the workers leave the job; a later collide loop collides every pair itself). */
  done(): void {
    this.ready = false;
    const join = this.join;
    if (join !== null) {
      this.join = null;
      join();
    }
  }

  /**
   * Writes the precomputed manifold of contact `c` (shapes `sa`, `sb`) into `m` and returns true
   * (a field the pair function did not write beyond the points keeps `m`'s value, as in the loop);
   * false when it has none, when no worker has finished it yet (no worker takes it after this), or
   * when its normal, point count or points depend on the previous pair (the loop then collides the
   * pair itself).
   */
  take(c: number, sa: number, sb: number, m: Manifold2): boolean {
    if (!this.ready || c >= this.jobOf.length) return false;
    const k = this.jobOf[c]!;
    if (k < 0 || k >= this.count) return false;
    const a = this.arrays;
    const o = NJ_STRIDE * k;
    if (a.job[o] !== c || a.job[o + 1] !== sa || a.job[o + 2] !== sb) return false;
    // not collided yet: the loop collides it itself (a worker that takes it later skips it), and
    // one a worker is colliding right now too — the same manifold, without waiting
    if (Atomics.compareExchange(a.st, k, PAIR_FREE, PAIR_TAKEN) !== PAIR_DONE) return false;
    const mf = a.mf;
    const mi = a.mi;
    const f = NF_STRIDE * k;
    const i = NI_STRIDE * k;
    const pc = mi[i]!;
    if (pc < 0 || pc > 2) return false;
    const nx = mf[f]!;
    const ny = mf[f + 1]!;
    // NaN: the normal was not written, or derived from the previous pair's
    if (Number.isNaN(nx) || Number.isNaN(ny)) return false;
    for (let j = 0; j < pc; j++) {
      const px = mf[f + 2 + j]!;
      const py = mf[f + 4 + j]!;
      const sep = mf[f + 10 + j]!;
      if (Number.isNaN(px) || Number.isNaN(py) || Number.isNaN(sep) || mi[i + 1 + j] === ID_UNSET)
        return false;
    }
    m.normalX = nx;
    m.normalY = ny;
    for (let j = 0; j < 2; j++) {
      const px = mf[f + 2 + j]!;
      const py = mf[f + 4 + j]!;
      const ix = mf[f + 6 + j]!;
      const iy = mf[f + 8 + j]!;
      const sep = mf[f + 10 + j]!;
      const id = mi[i + 1 + j]!;
      if (!Number.isNaN(px)) m.px[j] = px;
      if (!Number.isNaN(py)) m.py[j] = py;
      if (!Number.isNaN(ix)) m.ix[j] = ix;
      if (!Number.isNaN(iy)) m.iy[j] = iy;
      if (!Number.isNaN(sep)) m.separation[j] = sep;
      if (id !== ID_UNSET) m.id[j] = id;
    }
    this.handed++;
    m.pointCount = pc;
    m.flip = mi[i + 3] === 1;
    m.referenceEdge = mi[i + 4]!;
    m.incidentEdge = mi[i + 5]!;
    return true;
  }
}
