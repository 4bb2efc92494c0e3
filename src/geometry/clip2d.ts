/**
 * Clipping of the incident edge against the reference face's side planes — Sutherland–Hodgman
 * restricted to a segment (textbook §26.2, "クリッピング"; the textbook refers back to its §6.3).
 * Inputs and outputs travel in small reusable objects (no numbers passed as arguments), so the
 * narrowphase allocates nothing per call.
 */

/** A segment of up to 2 points and, for each, where it came from. */
export class ClipResult {
  /** points left after clipping: 0, 1 or 2 */
  count = 0;
  /** the points' x */
  readonly x = new Float64Array(2);
  /** the points' y */
  readonly y = new Float64Array(2);
  /** 0 or 1 = the original endpoint survived; otherwise the code of the clipping plane that made it */
  readonly origin = new Int32Array(2);

  /** Sets the segment (ax, ay)–(bx, by) with origins 0 and 1. */
  set(ax: number, ay: number, bx: number, by: number): this {
    this.x[0] = ax;
    this.y[0] = ay;
    this.x[1] = bx;
    this.y[1] = by;
    this.origin[0] = 0;
    this.origin[1] = 1;
    this.count = 2;
    return this;
  }
}

/**
 * Keeps the part of segment `seg` where t·p ≥ offset, with `plane` = [tx, ty, offset] (t need not
 * be unit). A point created on the plane gets origin `planeCode`. Writes into `out`; returns the
 * number of points (0, 1 or 2 — a segment touching the plane keeps both its points).
 */
export function clipSegmentToHalfPlane(
  seg: ClipResult,
  plane: Float64Array,
  out: ClipResult,
  planeCode = 2,
): number {
  const tx = plane[0]!;
  const ty = plane[1]!;
  const offset = plane[2]!;
  const ax = seg.x[0]!;
  const ay = seg.y[0]!;
  const bx = seg.x[1]!;
  const by = seg.y[1]!;
  const aOrigin = seg.origin[0]!;
  const bOrigin = seg.origin[1]!;
  const da = tx * ax + ty * ay - offset;
  const db = tx * bx + ty * by - offset;
  let n = 0;
  if (da >= 0) {
    out.x[n] = ax;
    out.y[n] = ay;
    out.origin[n] = aOrigin;
    n++;
  }
  if (db >= 0) {
    out.x[n] = bx;
    out.y[n] = by;
    out.origin[n] = bOrigin;
    n++;
  }
  if (da * db < 0) {
    // the ends are on opposite sides: add the crossing point, ordered like the input
    const f = da / (da - db);
    const x = ax + f * (bx - ax);
    const y = ay + f * (by - ay);
    if (da < 0) {
      // a was cut: the crossing comes first
      out.x[1] = out.x[0]!;
      out.y[1] = out.y[0]!;
      out.origin[1] = out.origin[0]!;
      out.x[0] = x;
      out.y[0] = y;
      out.origin[0] = planeCode;
    } else {
      out.x[1] = x;
      out.y[1] = y;
      out.origin[1] = planeCode;
    }
    n = 2;
  }
  out.count = n;
  return n;
}

const plane = new Float64Array(3);

/**
 * Clips the incident edge `incident` to the slab of the reference edge `ref` = [r1x, r1y, r2x, r2y]:
 * the part between the side planes through r1 and r2 (perpendicular to the edge). Writes the
 * surviving points into `out` and returns their count; a point cut by the plane through r1 gets
 * origin 2, through r2 origin 3 (so ids can name the reference vertex that made it).
 */
export function clipToReferenceEdge(
  incident: ClipResult,
  ref: Float64Array,
  out: ClipResult,
  scratch: ClipResult,
): number {
  const r1x = ref[0]!;
  const r1y = ref[1]!;
  const r2x = ref[2]!;
  const r2y = ref[3]!;
  const tx = r2x - r1x;
  const ty = r2y - r1y;
  // side plane at r1: t·p ≥ t·r1
  plane[0] = tx;
  plane[1] = ty;
  plane[2] = tx * r1x + ty * r1y;
  if (clipSegmentToHalfPlane(incident, plane, scratch, 2) < 2) {
    out.count = 0;
    return 0;
  }
  // side plane at r2: −t·p ≥ −t·r2
  plane[0] = -tx;
  plane[1] = -ty;
  plane[2] = -(tx * r2x + ty * r2y);
  if (clipSegmentToHalfPlane(scratch, plane, out, 3) < 2) {
    out.count = 0;
    return 0;
  }
  return out.count;
}

/**
 * The incident edge a–b clipped to the slab of the reference edge r1–r2, both packed in
 * `g` = [r1x, r1y, r2x, r2y, ax, ay, bx, by] (textbook §26.2,
 * "クリッピング"): {@link clipToReferenceEdge} written out for a segment, the same arithmetic in
 * the same order (the same bits) with no point passing through a `ClipResult` between the two
 * side planes (the narrowphase's form). The two points and their origins go into `out` (0 / 1 the
 * kept ends, 2 cut at the side plane through r1, 3 through r2); false when fewer than two survive.
 */
export function clipSegmentToSlab(g: Float64Array, out: ClipResult): boolean {
  const r1x = g[0]!;
  const r1y = g[1]!;
  const r2x = g[2]!;
  const r2y = g[3]!;
  const ax = g[4]!;
  const ay = g[5]!;
  const bx = g[6]!;
  const by = g[7]!;
  const tx = r2x - r1x;
  const ty = r2y - r1y;
  // side plane at r1: t·p ≥ t·r1
  const o1 = tx * r1x + ty * r1y;
  const da = tx * ax + ty * ay - o1;
  const db = tx * bx + ty * by - o1;
  let p0x = ax;
  let p0y = ay;
  let p0o = 0;
  let p1x = bx;
  let p1y = by;
  let p1o = 1;
  if (!(da >= 0 && db >= 0)) {
    if (!(da * db < 0)) return false;
    const f = da / (da - db);
    const x = ax + f * (bx - ax);
    const y = ay + f * (by - ay);
    if (da < 0) {
      p0x = x;
      p0y = y;
      p0o = 2;
    } else {
      p1x = x;
      p1y = y;
      p1o = 2;
    }
  }
  // side plane at r2: −t·p ≥ −t·r2
  const o2 = -(tx * r2x + ty * r2y);
  const d0 = -tx * p0x + -ty * p0y - o2;
  const d1 = -tx * p1x + -ty * p1y - o2;
  const cx = out.x;
  const cy = out.y;
  const co = out.origin;
  if (!(d0 >= 0 && d1 >= 0)) {
    if (!(d0 * d1 < 0)) return false;
    const f = d0 / (d0 - d1);
    const x = p0x + f * (p1x - p0x);
    const y = p0y + f * (p1y - p0y);
    if (d0 < 0) {
      p0x = x;
      p0y = y;
      p0o = 3;
    } else {
      p1x = x;
      p1y = y;
      p1o = 3;
    }
  }
  cx[0] = p0x;
  cy[0] = p0y;
  co[0] = p0o;
  cx[1] = p1x;
  cy[1] = p1y;
  co[1] = p1o;
  out.count = 2;
  return true;
}
