/**
 * The separating axis test for 2D convex shapes (textbook §26.2 "接触の生成:分離軸判定").
 *
 * Two convex shapes do not overlap iff some axis exists on which their projections ("shadows")
 * do not overlap; for polygons the edge normals of both are enough (for boxes: each box's 2 axes).
 */
import { type ConvexShape2, MAX_POLYGON_VERTICES, Transform2 } from './shapes2d.js';

/** An oriented box: centre, unit axis u (v = perp(u)) and half extents along u and v. */
export interface OrientedBox2 {
  /** centre x */
  cx: number;
  /** centre y */
  cy: number;
  /** unit x axis of the box, x */
  ux: number;
  /** unit x axis of the box, y */
  uy: number;
  /** half extent along u */
  eu: number;
  /** half extent along v = (−uy, ux) */
  ev: number;
}

/** One row of the book's SAT table. */
export interface SatAxisRow {
  /** unit axis */
  nx: number;
  /** (see nx) the axis' y component */
  ny: number;
  /** projected radii r = e_u |u·n| + e_v |v·n| */
  rA: number;
  /** (see rA) B's projected radius */
  rB: number;
  /** |(c_B − c_A)·n| */
  distance: number;
  /** rA + rB − distance: positive = overlap, negative = gap */
  overlap: number;
}

/** The separating-axis test of two boxes, axis by axis. */
export interface SatBoxResult {
  /** the four axes in the book's order: A's x, A's y, u_B, v_B */
  rows: SatAxisRow[];
  /** true when every axis overlaps */
  overlapping: boolean;
  /** index of the axis of least overlap (the contact normal), or of the largest gap when separated */
  axis: number;
  /** contact normal pointing from A to B (the chosen axis, signed by (c_B − c_A)·n) */
  normalX: number;
  /** (see normalX) the normal's y component */
  normalY: number;
  /** the least overlap (penetration depth) or, when separated, minus the largest gap */
  depth: number;
}

/** Projected radius of an oriented box onto unit axis n: r = e_u |u·n| + e_v |v·n| (§26.2). */
export function boxProjectedRadius(b: OrientedBox2, nx: number, ny: number): number {
  const un = b.ux * nx + b.uy * ny;
  const vn = -b.uy * nx + b.ux * ny;
  return b.eu * Math.abs(un) + b.ev * Math.abs(vn);
}

/**
 * The book's box–box SAT over the four candidate axes (A's two, then B's two), reporting the
 * whole table. The normal is the axis of least overlap, pointing from A to B.
 */
export function satBoxes(a: OrientedBox2, b: OrientedBox2): SatBoxResult {
  const axes = [
    [a.ux, a.uy],
    [-a.uy, a.ux],
    [b.ux, b.uy],
    [-b.uy, b.ux],
  ];
  const dx = b.cx - a.cx;
  const dy = b.cy - a.cy;
  const rows: SatAxisRow[] = [];
  let overlapping = true;
  let best = 0;
  for (let i = 0; i < 4; i++) {
    const nx = axes[i]![0]!;
    const ny = axes[i]![1]!;
    const rA = boxProjectedRadius(a, nx, ny);
    const rB = boxProjectedRadius(b, nx, ny);
    const distance = Math.abs(dx * nx + dy * ny);
    const overlap = rA + rB - distance;
    rows.push({ nx, ny, rA, rB, distance, overlap });
    if (overlap < 0) overlapping = false;
    // least overlap when overlapping; when separated the largest gap (most negative overlap) wins
    if (overlap < rows[best]!.overlap) best = i;
  }
  const row = rows[best]!;
  const sign = dx * row.nx + dy * row.ny < 0 ? -1 : 1;
  return {
    rows,
    overlapping,
    axis: best,
    normalX: sign * row.nx,
    normalY: sign * row.ny,
    depth: row.overlap,
  };
}

/** Result of {@link findMaxSeparation}: the edge of polygon 1 and its separation. */
export interface SeparationResult {
  /** the edge of the reference polygon with the largest separation */
  edge: number;
  /** that largest separation (negative: overlapping) */
  separation: number;
}

/**
 * Over the edge normals of polygon 1, the largest separation of polygon 2's core vertices, where
 * polygon 2 is placed in polygon 1's frame by rotation (c, s) and translation (px, py):
 * sep_i = min_j n_i · (x_j − v_i). A positive value is a separating axis (§26.2).
 * Writes into `out` (no allocation).
 */
export function findMaxSeparation(
  p1: ConvexShape2,
  p2: ConvexShape2,
  px: number,
  py: number,
  c: number,
  s: number,
  out: SeparationResult,
): SeparationResult {
  scratchXf.px = px;
  scratchXf.py = py;
  scratchXf.c = c;
  scratchXf.s = s;
  return maxSeparation(p1, p2, scratchXf, out);
}

const scratchXf = new Transform2();

/** scratch: the placed vertices of polygon 2 (x, y pairs) */
const placed = new Float64Array(2 * MAX_POLYGON_VERTICES);

/** {@link findMaxSeparation} with polygon 2's placement given as a transform (the hot-path form). */
export function maxSeparation(
  p1: ConvexShape2,
  p2: ConvexShape2,
  xf: Transform2,
  out: SeparationResult,
): SeparationResult {
  const px = xf.px;
  const py = xf.py;
  const c = xf.c;
  const s = xf.s;
  const n1 = p1.count;
  const n2 = p2.count;
  const v1x = p1.vx;
  const v1y = p1.vy;
  const n1x = p1.nx;
  const n1y = p1.ny;
  const v2x = p2.vx;
  const v2y = p2.vy;
  // polygon 2's vertices in polygon 1's frame, once (not once per edge of polygon 1)
  const w = placed;
  for (let j = 0; j < n2; j++) {
    w[2 * j] = px + c * v2x[j]! - s * v2y[j]!;
    w[2 * j + 1] = py + s * v2x[j]! + c * v2y[j]!;
  }
  let bestEdge = 0;
  let maxSep = -Infinity;
  for (let i = 0; i < n1; i++) {
    const nx = n1x[i]!;
    const ny = n1y[i]!;
    const ox = v1x[i]!;
    const oy = v1y[i]!;
    let si = Infinity;
    for (let j = 0; j < n2; j++) {
      const sij = nx * (w[2 * j]! - ox) + ny * (w[2 * j + 1]! - oy);
      if (sij < si) si = sij;
    }
    if (si > maxSep) {
      maxSep = si;
      bestEdge = i;
    }
  }
  out.edge = bestEdge;
  out.separation = maxSep;
  return out;
}
