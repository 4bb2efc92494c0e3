/**
 * Clipping of the incident edge against the reference face's side planes — Sutherland–Hodgman
 * restricted to a segment (seed 000 §26.2, "クリッピング"; the book refers to its §6.3).
 */

/** A clipped segment: up to 2 points and, for each, which input end it came from (0/1) or −1 if cut. */
export class ClipResult {
  count = 0;
  readonly x = new Float64Array(2);
  readonly y = new Float64Array(2);
  /** 0 or 1 = the original endpoint survived; otherwise the code of the clipping plane that made it */
  readonly origin = new Int32Array(2);
}

/**
 * Keeps the part of segment (ax, ay)–(bx, by) where t·p ≥ offset (t need not be unit).
 * Writes into `out`; returns the number of points (0, 1 or 2 — a segment touching the plane
 * keeps both its points).
 */
export function clipSegmentToHalfPlane(
  ax: number,
  ay: number,
  aOrigin: number,
  bx: number,
  by: number,
  bOrigin: number,
  tx: number,
  ty: number,
  offset: number,
  out: ClipResult,
  planeCode = 2,
): number {
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

/**
 * Clips incident edge (ax, ay)–(bx, by) to the slab of the reference edge (r1 → r2): the part of
 * the incident edge between the side planes through r1 and r2 (perpendicular to the edge).
 * Writes the surviving points into `out` and returns their count; a point cut by the plane through
 * r1 gets origin 2, through r2 origin 3 (so ids can name the reference vertex that made it).
 */
export function clipToReferenceEdge(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  r1x: number,
  r1y: number,
  r2x: number,
  r2y: number,
  out: ClipResult,
  scratch: ClipResult,
): number {
  const tx = r2x - r1x;
  const ty = r2y - r1y;
  // side plane at r1: t·p ≥ t·r1
  if (clipSegmentToHalfPlane(ax, ay, 0, bx, by, 1, tx, ty, tx * r1x + ty * r1y, scratch, 2) < 2) {
    out.count = 0;
    return 0;
  }
  // side plane at r2: −t·p ≥ −t·r2
  if (
    clipSegmentToHalfPlane(
      scratch.x[0]!,
      scratch.y[0]!,
      scratch.origin[0]!,
      scratch.x[1]!,
      scratch.y[1]!,
      scratch.origin[1]!,
      -tx,
      -ty,
      -(tx * r2x + ty * r2y),
      out,
      3,
    ) < 2
  ) {
    out.count = 0;
    return 0;
  }
  return out.count;
}
