/**
 * A 3D contact manifold (textbook §26.2): up to 4 points sharing one normal, filled by
 * `collide3` (collide3d.ts) into a caller-owned object so the narrowphase allocates nothing.
 */
export class Manifold3 {
  /** 0 to 4 */
  pointCount = 0;
  /** world contact normal x (unit, pointing from shape A to shape B) */
  normalX = 0;
  /** world contact normal y */
  normalY = 0;
  /** world contact normal z */
  normalZ = 1;
  /** world contact points x, midway between the two surfaces */
  readonly px = new Float64Array(4);
  /** world contact points y */
  readonly py = new Float64Array(4);
  /** world contact points z */
  readonly pz = new Float64Array(4);
  /** signed separation along the normal: negative = penetration depth, positive = speculative gap */
  readonly separation = new Float64Array(4);
  /**
   * feature ids, stable across frames and the same whichever shape is the reference
   * (they name the features of A and of B, in that order), used to match points for warm starting
   */
  readonly id = new Uint32Array(4);

  /** Empties the manifold; returns it. */
  clear(): this {
    this.pointCount = 0;
    return this;
  }

  /**
   * `add` of candidate `k` of parallel arrays (positions, separations, ids): only integers cross
   * the call, so nothing is boxed where the optimiser does not inline it (a double argument of a
   * non-inlined call is a heap allocation).
   */
  addFrom(
    x: ArrayLike<number>,
    y: ArrayLike<number>,
    z: ArrayLike<number>,
    separation: ArrayLike<number>,
    id: ArrayLike<number>,
    k: number,
  ): number {
    const n = this.pointCount;
    if (n >= 4) return n;
    this.px[n] = x[k]!;
    this.py[n] = y[k]!;
    this.pz[n] = z[k]!;
    this.separation[n] = separation[k]!;
    this.id[n] = id[k]!;
    this.pointCount = n + 1;
    return n + 1;
  }

  /**
   * `add` of the point in `p` = [x, y, z, separation, id]: hot callers with computed values write
   * them into a scratch array first, so no double crosses the call (see `addFrom`).
   */
  addPoint(p: ArrayLike<number>): number {
    const n = this.pointCount;
    if (n >= 4) return n;
    this.px[n] = p[0]!;
    this.py[n] = p[1]!;
    this.pz[n] = p[2]!;
    this.separation[n] = p[3]!;
    this.id[n] = p[4]!;
    this.pointCount = n + 1;
    return n + 1;
  }

  /** Appends a point (ignored when full); returns the new count. */
  add(x: number, y: number, z: number, separation: number, id: number): number {
    const n = this.pointCount;
    if (n >= 4) return n;
    this.px[n] = x;
    this.py[n] = y;
    this.pz[n] = z;
    this.separation[n] = separation;
    this.id[n] = id; // an int32 wraps to the same 32 bits
    this.pointCount = n + 1;
    return n + 1;
  }
}
