/**
 * Marching squares (Lorensen & Cline 1987's method in 2D; textbook §26.4 "surfaces"): the iso-contour
 * f = iso of a scalar field sampled on the nodes of a uniform grid, as segments between points
 * interpolated linearly along the cell edges. The inside is f ≥ iso; every segment has the inside on its
 * left, so a closed contour runs counter-clockwise around the inside (its shoelace area is positive).
 * Saddle cells (opposite corners inside) are decided by the mean of the four corners: above iso joins
 * the inside corners. A crossing point belongs to its grid edge, so neighbouring cells share it and
 * every contour is a closed loop unless it leaves the grid. The output arrays only grow: once sized,
 * a call allocates nothing.
 */
import { PhysicsError } from '../core/errors.js';

/** The iso-contour of the last {@link MarchingSquares.contour} call, with its points shared between cells. */
export class MarchingSquares {
  /** contour points (x, y), `vertexCount` of them */
  vertices = new Float64Array(256);
  /** segments as point index pairs (from, to): the inside lies to the left of from → to */
  segments = new Int32Array(256);
  /** number of points */
  vertexCount = 0;
  /** number of segments */
  segmentCount = 0;
  /** closed loops after {@link loops}: point indices in order, loop k is loopStart[k] .. loopStart[k+1]−1 */
  loopVertices = new Int32Array(128);
  /** loop starts into `loopVertices` (`loopCount + 1` entries) */
  loopStart = new Int32Array(16);
  /** number of loops after {@link loops} */
  loopCount = 0;
  private edgeVertex = new Int32Array(0);
  private next = new Int32Array(0);
  private flag = new Int32Array(0);

  /**
   * The contour f = iso of the field f[i + nx j] on nodes (x0 + i h, y0 + j h), 0 ≤ i < nx, 0 ≤ j < ny.
   * Returns the number of segments.
   */
  contour(f: ArrayLike<number>, nx: number, ny: number, iso: number, x0 = 0, y0 = 0, h = 1): number {
    if (!(nx >= 2 && ny >= 2) || !Number.isInteger(nx) || !Number.isInteger(ny) || f.length < nx * ny) {
      throw new PhysicsError(
        'invalid-argument',
        `marchingSquares: the field needs nx × ny ≥ 2 × 2 samples, got ${nx} × ${ny} with ${f.length}`,
      );
    }
    const edges = 2 * nx * ny;
    if (this.edgeVertex.length < edges) this.edgeVertex = new Int32Array(edges);
    const ev = this.edgeVertex;
    ev.fill(-1, 0, edges);
    this.vertexCount = 0;
    this.segmentCount = 0;
    for (let j = 0; j + 1 < ny; j++) {
      for (let i = 0; i + 1 < nx; i++) {
        const n0 = i + nx * j;
        // corners counter-clockwise: (i, j), (i+1, j), (i+1, j+1), (i, j+1)
        const f0 = f[n0];
        const f1 = f[n0 + 1];
        const f2 = f[n0 + 1 + nx];
        const f3 = f[n0 + nx];
        const c = (f0 >= iso ? 1 : 0) | (f1 >= iso ? 2 : 0) | (f2 >= iso ? 4 : 0) | (f3 >= iso ? 8 : 0);
        if (c === 0 || c === 15) continue;
        if (c === 5 || c === 10) {
          const joined = 0.25 * (f0 + f1 + f2 + f3) >= iso;
          // side k runs from corner k to corner k+1; a segment goes from a side leaving the inside
          // (corner k in, k+1 out) to a side entering it
          if (c === 5) {
            // corners 0 and 2 inside: sides 0 and 2 leave, 1 and 3 enter
            if (joined) {
              this.emit(f, nx, iso, x0, y0, h, i, j, 0, 1);
              this.emit(f, nx, iso, x0, y0, h, i, j, 2, 3);
            } else {
              this.emit(f, nx, iso, x0, y0, h, i, j, 0, 3);
              this.emit(f, nx, iso, x0, y0, h, i, j, 2, 1);
            }
          } else {
            // corners 1 and 3 inside: sides 1 and 3 leave, 0 and 2 enter
            if (joined) {
              this.emit(f, nx, iso, x0, y0, h, i, j, 1, 2);
              this.emit(f, nx, iso, x0, y0, h, i, j, 3, 0);
            } else {
              this.emit(f, nx, iso, x0, y0, h, i, j, 1, 0);
              this.emit(f, nx, iso, x0, y0, h, i, j, 3, 2);
            }
          }
          continue;
        }
        // one leaving side and one entering side
        let leave = -1;
        let enter = -1;
        for (let k = 0; k < 4; k++) {
          const a = (c >> k) & 1;
          const b = (c >> ((k + 1) & 3)) & 1;
          if (a === 1 && b === 0) leave = k;
          else if (a === 0 && b === 1) enter = k;
        }
        this.emit(f, nx, iso, x0, y0, h, i, j, leave, enter);
      }
    }
    this.loopCount = 0;
    return this.segmentCount;
  }

  /**
   * Chains the segments of the last contour into loops (`loopVertices`, `loopStart`, `loopCount`);
   * a contour that runs off the grid ends its loop where it leaves. Returns the number of loops.
   */
  loops(): number {
    const nv = this.vertexCount;
    if (this.next.length < nv) this.next = new Int32Array(Math.max(nv, 2 * this.next.length));
    const next = this.next;
    next.fill(-1, 0, nv);
    const seg = this.segments;
    for (let s = 0; s < this.segmentCount; s++) next[seg[2 * s]] = seg[2 * s + 1];
    // a point nobody points to starts an open chain: walk those first, then the closed loops
    if (this.flag.length < nv) this.flag = new Int32Array(Math.max(nv, 2 * this.flag.length));
    const flag = this.flag;
    flag.fill(0, 0, nv);
    for (let s = 0; s < this.segmentCount; s++) flag[seg[2 * s + 1]] = 1;
    if (this.loopVertices.length < nv + 1) this.loopVertices = new Int32Array(2 * nv + 1);
    let w = 0;
    let count = 0;
    for (let pass = 0; pass < 2; pass++) {
      for (let v0 = 0; v0 < nv; v0++) {
        if (flag[v0] === 2 || (pass === 0 && flag[v0] === 1)) continue;
        if (count + 2 > this.loopStart.length) {
          const g = new Int32Array(2 * this.loopStart.length);
          g.set(this.loopStart);
          this.loopStart = g;
        }
        this.loopStart[count++] = w;
        let v = v0;
        while (v !== -1 && flag[v] !== 2) {
          flag[v] = 2;
          this.loopVertices[w++] = v;
          v = next[v];
        }
      }
    }
    this.loopStart[count] = w;
    this.loopCount = count;
    return count;
  }

  /** Total length of the segments. */
  length(): number {
    let s = 0;
    const p = this.vertices;
    for (let k = 0; k < this.segmentCount; k++) {
      const a = 2 * this.segments[2 * k];
      const b = 2 * this.segments[2 * k + 1];
      const dx = p[b] - p[a];
      const dy = p[b + 1] - p[a + 1];
      s += Math.sqrt(dx * dx + dy * dy);
    }
    return s;
  }

  /** Signed area enclosed (½ Σ x_a y_b − x_b y_a over the segments): the inside's area for closed contours. */
  area(): number {
    let s = 0;
    const p = this.vertices;
    for (let k = 0; k < this.segmentCount; k++) {
      const a = 2 * this.segments[2 * k];
      const b = 2 * this.segments[2 * k + 1];
      s += p[a] * p[b + 1] - p[b] * p[a + 1];
    }
    return 0.5 * s;
  }

  /** Records the segment from the crossing on side `from` to the one on side `to` of cell (i, j). */
  private emit(
    f: ArrayLike<number>,
    nx: number,
    iso: number,
    x0: number,
    y0: number,
    h: number,
    i: number,
    j: number,
    from: number,
    to: number,
  ): void {
    const a = this.point(f, nx, iso, x0, y0, h, i, j, from);
    const b = this.point(f, nx, iso, x0, y0, h, i, j, to);
    const s = this.segmentCount;
    if (2 * s + 2 > this.segments.length) {
      const g = new Int32Array(2 * this.segments.length);
      g.set(this.segments);
      this.segments = g;
    }
    this.segments[2 * s] = a;
    this.segments[2 * s + 1] = b;
    this.segmentCount = s + 1;
  }

  /** The point on side k of cell (i, j): 0 bottom, 1 right, 2 top, 3 left; shared through the edge map. */
  private point(
    f: ArrayLike<number>,
    nx: number,
    iso: number,
    x0: number,
    y0: number,
    h: number,
    i: number,
    j: number,
    k: number,
  ): number {
    // the grid edge: horizontal edges from node (a, b) are 2 node, vertical ones 2 node + 1
    let na: number;
    let vertical: number;
    if (k === 0) {
      na = i + nx * j;
      vertical = 0;
    } else if (k === 1) {
      na = i + 1 + nx * j;
      vertical = 1;
    } else if (k === 2) {
      na = i + nx * (j + 1);
      vertical = 0;
    } else {
      na = i + nx * j;
      vertical = 1;
    }
    const e = 2 * na + vertical;
    const known = this.edgeVertex[e];
    if (known >= 0) return known;
    const nb = vertical === 1 ? na + nx : na + 1;
    const fa = f[na];
    const fb = f[nb];
    const d = fb - fa;
    let t = d !== 0 ? (iso - fa) / d : 0.5;
    t = Math.min(Math.max(t, 0), 1);
    const ia = na % nx;
    const ja = (na - ia) / nx;
    const v = this.vertexCount;
    if (2 * v + 2 > this.vertices.length) {
      const g = new Float64Array(2 * this.vertices.length);
      g.set(this.vertices);
      this.vertices = g;
    }
    this.vertices[2 * v] = x0 + (ia + (vertical === 1 ? 0 : t)) * h;
    this.vertices[2 * v + 1] = y0 + (ja + (vertical === 1 ? t : 0)) * h;
    this.vertexCount = v + 1;
    this.edgeVertex[e] = v;
    return v;
  }
}
