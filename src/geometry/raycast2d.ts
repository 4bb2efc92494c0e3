/**
 * Ray casts against single shapes: circle, segment, capsule and (rounded) convex polygon.
 *
 * A ray is the segment p1 → p2; a hit is reported as the fraction t ∈ [0, maxFraction] along it,
 * the hit point p1 + t·(p2 − p1) and the outward surface normal there. As in Box2D, a ray that
 * starts inside a shape does not hit it (so a query from inside a body sees the world beyond).
 *
 * - circle: solve |p1 + t·d − c|² = r² for the smaller root;
 * - segment: intersect the two lines and keep 0 ≤ s ≤ 1 along the segment;
 * - convex polygon: Cyrus–Beck clipping of the ray against every edge's half-plane — the ray
 *   enters the polygon at the largest entering fraction and leaves at the smallest leaving one;
 * - capsule and rounded polygon: a rounded polygon is its core swept by a disc, i.e. the union of
 *   capsules around its edges, so the first entry is the earliest entry into any edge capsule; a
 *   capsule is its two side lines (offset by r) and its two end circles.
 * The per-shape casts take the ray as a `Ray2` (in the shape's frame); all functions write into a
 * caller-owned `RayHit` and allocate nothing.
 */
import type { ConvexShape2, Transform2 } from './shapes2d.js';

/** A ray-cast result, reused between calls. */
export class RayHit {
  /** fraction along p1 → p2 */
  fraction = 0;
  /** world hit point */
  pointX = 0;
  /** (see pointX) the hit point's y */
  pointY = 0;
  /** unit outward surface normal at the hit point (world) */
  normalX = 0;
  /** (see normalX) the normal's y */
  normalY = 0;
}

/** A ray p1 → p2 searched up to `maxFraction`, reused between calls. */
export class Ray2 {
  /** start point p1, x */
  x1 = 0;
  /** start point p1, y */
  y1 = 0;
  /** end point p2, x */
  x2 = 0;
  /** end point p2, y */
  y2 = 0;
  /** hits beyond this fraction of p1 → p2 are ignored */
  maxFraction = 1;
}

type Coords = ArrayLike<number>;

/** Ray vs circle centred at (cx, cy). Returns true and fills `out` on a hit. */
export function rayCastCircle(cx: number, cy: number, r: number, ray: Ray2, out: RayHit): boolean {
  const { x1, y1, x2, y2, maxFraction } = ray;
  const sx = x1 - cx;
  const sy = y1 - cy;
  const c = sx * sx + sy * sy - r * r;
  if (c < 0) return false; // starts inside
  const dx = x2 - x1;
  const dy = y2 - y1;
  const a = dx * dx + dy * dy;
  if (a === 0) return false;
  const b = sx * dx + sy * dy; // half the linear coefficient
  const disc = b * b - a * c;
  if (disc < 0) return false;
  // Smaller root t = (−b − √disc)/a, written to avoid cancellation when b > 0 (then no hit anyway).
  const t = (-b - Math.sqrt(disc)) / a;
  if (!(t >= 0 && t <= maxFraction)) return false;
  const nx = sx + t * dx;
  const ny = sy + t * dy;
  const len = Math.sqrt(nx * nx + ny * ny);
  return setHit(out, t, x1 + t * dx, y1 + t * dy, len > 0 ? nx / len : 0, len > 0 ? ny / len : 1);
}

/**
 * Ray vs the segment a = (vx[0], vy[0]) – b = (vx[1], vy[1]) (zero thickness). Two-sided unless
 * `oneSided`, in which case only rays coming from the right of a → b (the side of its right-hand
 * normal) hit. The normal faces the ray.
 */
export function rayCastSegment(vx: Coords, vy: Coords, ray: Ray2, out: RayHit, oneSided = false): boolean {
  const { x1, y1, x2, y2, maxFraction } = ray;
  const ax = vx[0]!;
  const ay = vy[0]!;
  const ex = vx[1]! - ax;
  const ey = vy[1]! - ay;
  const len = Math.sqrt(ex * ex + ey * ey);
  if (len === 0) return false;
  // Right-hand unit normal of a → b.
  let nx = ey / len;
  let ny = -ex / len;
  const dx = x2 - x1;
  const dy = y2 - y1;
  // Signed distance of p1 from the line and the ray's approach speed along n.
  const dist = nx * (x1 - ax) + ny * (y1 - ay);
  const den = nx * dx + ny * dy;
  if (den === 0) return false; // parallel
  if (oneSided && dist < 0) return false;
  const t = -dist / den;
  if (!(t >= 0 && t <= maxFraction)) return false;
  const px = x1 + t * dx;
  const py = y1 + t * dy;
  const s = ((px - ax) * ex + (py - ay) * ey) / (len * len);
  if (s < 0 || s > 1) return false;
  if (dist < 0 || (dist === 0 && den > 0)) {
    nx = -nx;
    ny = -ny;
  }
  return setHit(out, t, px, py, nx, ny);
}

/** Ray vs the capsule of radius r around the core a = (vx[i], vy[i]) – b = (vx[j], vy[j]). */
export function rayCastCapsule(
  vx: Coords,
  vy: Coords,
  i: number,
  j: number,
  r: number,
  ray: Ray2,
  out: RayHit,
): boolean {
  const { x1, y1, x2, y2, maxFraction } = ray;
  const ax = vx[i]!;
  const ay = vy[i]!;
  const bx = vx[j]!;
  const by = vy[j]!;
  const ex = bx - ax;
  const ey = by - ay;
  const ll = ex * ex + ey * ey;
  if (ll === 0) return rayCastCircle(ax, ay, r, ray, out);
  // Starts inside: distance from p1 to the core below r.
  if (segmentDistanceSq(x1, y1, ax, ay, ex, ey) < r * r) return false;
  let best = maxFraction;
  let hit = false;
  // Side lines: the core offset by ±r along its normal; a hit must approach from outside.
  const len = Math.sqrt(ll);
  const nx = ey / len;
  const ny = -ex / len;
  const dx = x2 - x1;
  const dy = y2 - y1;
  for (let side = -1; side <= 1; side += 2) {
    const ox = side * r * nx;
    const oy = side * r * ny;
    const snx = side * nx;
    const sny = side * ny;
    const den = snx * dx + sny * dy;
    if (den >= 0) continue; // moving away from or along this side
    const dist = snx * (x1 - ax - ox) + sny * (y1 - ay - oy);
    if (dist < 0) continue;
    const t = -dist / den;
    if (t < 0 || t > best) continue;
    const px = x1 + t * dx;
    const py = y1 + t * dy;
    const u = ((px - ax) * ex + (py - ay) * ey) / ll;
    if (u < 0 || u > 1) continue;
    best = t;
    hit = setHit(out, t, px, py, snx, sny);
  }
  // End caps: kept when nearer than the hit so far.
  hit = keepNearer(rayCastCircle(ax, ay, r, ray, capHit), capHit, hit, out);
  return keepNearer(rayCastCircle(bx, by, r, ray, capHit), capHit, hit, out);
}

const capHit = new RayHit();
const localRay = new Ray2();
const edgeHit = new RayHit();

/** Fills `out` with a hit at fraction t, point (px, py) and unit normal (nx, ny); returns true. */
function setHit(out: RayHit, t: number, px: number, py: number, nx: number, ny: number): boolean {
  out.fraction = t;
  out.pointX = px;
  out.pointY = py;
  out.normalX = nx;
  out.normalY = ny;
  return true;
}

/**
 * The nearest-hit merge of the capsule's caps and the rounded polygon's edge capsules: when
 * `found`, copies `candidate` into `out` if `out` holds no hit yet or a farther one. Returns whether
 * `out` now holds a hit.
 */
function keepNearer(found: boolean, candidate: RayHit, hit: boolean, out: RayHit): boolean {
  if (!found || (hit && candidate.fraction >= out.fraction)) return hit;
  return setHit(
    out,
    candidate.fraction,
    candidate.pointX,
    candidate.pointY,
    candidate.normalX,
    candidate.normalY,
  );
}

/** Squared distance from (px, py) to the segment a + s·e, s ∈ [0, 1] (closest point by clamping s). */
function segmentDistanceSq(px: number, py: number, ax: number, ay: number, ex: number, ey: number): number {
  let s = ((px - ax) * ex + (py - ay) * ey) / (ex * ex + ey * ey);
  s = s < 0 ? 0 : Math.min(s, 1);
  const dx = px - ax - s * ex;
  const dy = py - ay - s * ey;
  return dx * dx + dy * dy;
}

/**
 * Ray vs a convex polygon given by counter-clockwise vertices and outward edge normals
 * (edge i runs from vertex i to i + 1), optionally rounded by its `radius`.
 */
export function rayCastPolygon(polygon: ConvexShape2, ray: Ray2, out: RayHit): boolean {
  const { vx, vy, nx, ny, count, radius } = polygon;
  const { x1, y1, x2, y2, maxFraction } = ray;
  if (radius > 0) {
    // Inside the core → inside the shape.
    let inside = true;
    for (let i = 0; i < count; i++) {
      if (nx[i]! * (x1 - vx[i]!) + ny[i]! * (y1 - vy[i]!) > 0) {
        inside = false;
        break;
      }
    }
    if (inside) return false;
    // Inside the rounded skin (within `radius` of some edge) → inside the shape too.
    const r2 = radius * radius;
    for (let i = 0; i < count; i++) {
      const j = i + 1 === count ? 0 : i + 1;
      if (segmentDistanceSq(x1, y1, vx[i]!, vy[i]!, vx[j]! - vx[i]!, vy[j]! - vy[i]!) < r2) return false;
    }
    // The nearest entry into any edge capsule.
    let hit = false;
    for (let i = 0; i < count; i++) {
      const j = i + 1 === count ? 0 : i + 1;
      hit = keepNearer(rayCastCapsule(vx, vy, i, j, radius, ray, edgeHit), edgeHit, hit, out);
    }
    return hit;
  }
  const dx = x2 - x1;
  const dy = y2 - y1;
  let lower = 0;
  let upper = maxFraction;
  let index = -1;
  for (let i = 0; i < count; i++) {
    // p = p1 + t·d is inside edge i's half-plane when n·(p − v_i) ≤ 0 ⇔ t·(n·d) ≤ n·(v_i − p1).
    const numerator = nx[i]! * (vx[i]! - x1) + ny[i]! * (vy[i]! - y1);
    const denominator = nx[i]! * dx + ny[i]! * dy;
    if (denominator === 0) {
      if (numerator < 0) return false; // parallel and outside
    } else if (denominator < 0 && numerator < lower * denominator) {
      // Entering this half-plane later than any before.
      lower = numerator / denominator;
      index = i;
    } else if (denominator > 0 && numerator < upper * denominator) {
      upper = numerator / denominator;
    }
    if (upper < lower) return false;
  }
  if (index < 0) return false; // starts inside
  return setHit(out, lower, x1 + lower * dx, y1 + lower * dy, nx[index]!, ny[index]!);
}

/**
 * Ray vs one of the engine's shapes (`shapes2d.ts`) placed by `xf`: the ray is brought into the
 * shape's frame, cast there and the hit rotated back to world space.
 */
export function rayCastShape(
  shape: ConvexShape2,
  xf: Transform2,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  maxFraction: number,
  out: RayHit,
): boolean {
  const c = xf.c;
  const s = xf.s;
  // World → local: Rᵀ(p − t).
  const ax = x1 - xf.px;
  const ay = y1 - xf.py;
  const bx = x2 - xf.px;
  const by = y2 - xf.py;
  const ray = localRay;
  ray.x1 = c * ax + s * ay;
  ray.y1 = -s * ax + c * ay;
  ray.x2 = c * bx + s * by;
  ray.y2 = -s * bx + c * by;
  ray.maxFraction = maxFraction;
  let hit: boolean;
  switch (shape.kind) {
    case 'circle':
      hit = rayCastCircle(shape.vx[0]!, shape.vy[0]!, shape.radius, ray, out);
      break;
    case 'segment':
      hit = rayCastSegment(shape.vx, shape.vy, ray, out);
      break;
    case 'capsule':
      hit = rayCastCapsule(shape.vx, shape.vy, 0, 1, shape.radius, ray, out);
      break;
    default:
      hit = rayCastPolygon(shape, ray, out);
  }
  if (!hit) return false;
  // Local → world. The point is recomputed from the world ray for exactness of p1 + t·d.
  const nlx = out.normalX;
  const nly = out.normalY;
  out.normalX = c * nlx - s * nly;
  out.normalY = s * nlx + c * nly;
  out.pointX = x1 + out.fraction * (x2 - x1);
  out.pointY = y1 + out.fraction * (y2 - y1);
  return true;
}

/**
 * Whether the world point (x, y) lies inside (or on) the shape placed by `xf`:
 * distance from the point to the core ≤ radius, where the core is a point, a segment or a polygon.
 */
export function shapeContainsPoint(shape: ConvexShape2, xf: Transform2, x: number, y: number): boolean {
  const ax = x - xf.px;
  const ay = y - xf.py;
  const px = xf.c * ax + xf.s * ay;
  const py = -xf.s * ax + xf.c * ay;
  const r = shape.radius;
  if (shape.count === 1) {
    const dx = px - shape.vx[0]!;
    const dy = py - shape.vy[0]!;
    return dx * dx + dy * dy <= r * r;
  }
  if (shape.count === 2) {
    const ax = shape.vx[0]!;
    const ay = shape.vy[0]!;
    return segmentDistanceSq(px, py, ax, ay, shape.vx[1]! - ax, shape.vy[1]! - ay) <= r * r;
  }
  // Polygon: the largest edge separation; inside the core if ≤ 0, else check the rounded skin.
  let maxSep = -Infinity;
  for (let i = 0; i < shape.count; i++) {
    const sep = shape.nx[i]! * (px - shape.vx[i]!) + shape.ny[i]! * (py - shape.vy[i]!);
    if (sep > maxSep) maxSep = sep;
  }
  if (maxSep <= 0) return true;
  if (r <= 0) return false;
  // Outside the core: the distance to the nearest edge segment (at most 8 edges to scan).
  let best = Infinity;
  for (let i = 0; i < shape.count; i++) {
    const j = i + 1 === shape.count ? 0 : i + 1;
    const ax = shape.vx[i]!;
    const ay = shape.vy[i]!;
    best = Math.min(best, segmentDistanceSq(px, py, ax, ay, shape.vx[j]! - ax, shape.vy[j]! - ay));
  }
  return best <= r * r;
}
