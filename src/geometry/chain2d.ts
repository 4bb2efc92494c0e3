/**
 * Chain segments with ghost vertices (Box2D's chain shapes): a box sliding along a chain of
 * collinear segments must not catch on the joins. At a join the plain SAT may pick the box's side
 * face (a horizontal normal) when the corner has just crossed onto the next segment. Each chain
 * segment knows its neighbours (ghost vertices), so a contact normal is accepted only if it is
 * the segment's face normal, or lies in the cone between the face normals at a *convex* corner;
 * otherwise (a flat or concave join) the contact is recomputed against the segment's face alone.
 * One-sided segments (Box2D v3's chains) collide only with shapes whose centre lies in front of the
 * face (normal 0, right of the direction vertex 0 → 1), and only along that face's side.
 */
import { collidePolygons, collideSegmentFaceCircle, collideShapes } from './collide2d.js';
import type { Manifold2 } from './manifold2d.js';
import type { ConvexShape2, Transform2 } from './shapes2d.js';

/** Face contacts within this cosine of the segment normal are accepted as they are (≈ 1°). */
const FACE_COS = 0.9998;

/** Is unit direction (mx, my) inside the cone from (ax, ay) to (bx, by) (the shorter arc)? */
function inCone(ax: number, ay: number, bx: number, by: number, mx: number, my: number): boolean {
  const ab = ax * by - ay * bx;
  return (ax * my - ay * mx) * ab >= 0 && (mx * by - my * bx) * ab >= 0;
}

/**
 * Collides a chain segment (`seg`, with `ghost` data) with another shape; `segIsA` says which of
 * the pair the segment is (the manifold's normal points from A to B as usual).
 */
export function collideChainSegment(
  seg: ConvexShape2,
  xfS: Transform2,
  other: ConvexShape2,
  xfO: Transform2,
  segIsA: boolean,
  speculative: number,
  out: Manifold2,
): Manifold2 {
  const g = seg.ghost;
  const oneSided = g !== undefined && g.length > 6 && g[6] === 1;
  if (oneSided) {
    // behind the front face (by the other shape's centre): no contact — it passes through
    const cx = xfO.px + xfO.c * other.centroidX - xfO.s * other.centroidY - xfS.px;
    const cy = xfO.py + xfO.s * other.centroidX + xfO.c * other.centroidY - xfS.py;
    const lx = xfS.c * cx + xfS.s * cy - seg.vx[0]!;
    const ly = -xfS.s * cx + xfS.c * cy - seg.vy[0]!;
    if (lx * seg.nx[0]! + ly * seg.ny[0]! < 0) return out.clear();
  }
  if (segIsA) collideShapes(seg, xfS, other, xfO, speculative, out);
  else collideShapes(other, xfO, seg, xfS, speculative, out);
  if (out.pointCount === 0 || g === undefined) return out;
  // the normal from the segment to the other shape, in the segment's frame
  const wx = segIsA ? out.normalX : -out.normalX;
  const wy = segIsA ? out.normalY : -out.normalY;
  const mx = xfS.c * wx + xfS.s * wy;
  const my = -xfS.s * wx + xfS.c * wy;
  const x1 = seg.vx[0]!;
  const y1 = seg.vy[0]!;
  const x2 = seg.vx[1]!;
  const y2 = seg.vy[1]!;
  const dx = x2 - x1;
  const dy = y2 - y1;
  // the face normal on the other shape's side (always the front for a one-sided segment)
  const side = oneSided || mx * seg.nx[0]! + my * seg.ny[0]! >= 0 ? 1 : -1;
  const nx = side * seg.nx[0]!;
  const ny = side * seg.ny[0]!;
  if (mx * nx + my * ny >= FACE_COS) return out;
  // which corner: from the first contact point's position along the segment
  const lx = xfS.c * (out.px[0]! - xfS.px) + xfS.s * (out.py[0]! - xfS.py);
  const ly = -xfS.s * (out.px[0]! - xfS.px) + xfS.c * (out.py[0]! - xfS.py);
  const t = ((lx - x1) * dx + (ly - y1) * dy) / (dx * dx + dy * dy);
  let valid: boolean;
  if (t <= 0.5) {
    if (g[4] === 0) return out; // a free end: any normal
    const ex = x1 - g[0]!;
    const ey = y1 - g[1]!;
    const len = Math.sqrt(ex * ex + ey * ey);
    const pnx = (side * ey) / len; // side · rightPerp(previous direction)
    const pny = (-side * ex) / len;
    const convex = dx * pnx + dy * pny < 0;
    valid = convex && inCone(pnx, pny, nx, ny, mx, my);
  } else {
    if (g[5] === 0) return out;
    const ex = g[2]! - x2;
    const ey = g[3]! - y2;
    const len = Math.sqrt(ex * ex + ey * ey);
    const qnx = (side * ey) / len;
    const qny = (-side * ex) / len;
    const convex = ex * nx + ey * ny < 0;
    valid = convex && inCone(nx, ny, qnx, qny, mx, my);
  }
  if (valid) return out;
  // a flat or concave join: the segment's face is the only valid normal
  const edge = side > 0 ? 0 : 1;
  if (other.kind === 'circle')
    return collideSegmentFaceCircle(seg, xfS, edge, other, xfO, speculative, out, !segIsA);
  if (segIsA) return collidePolygons(seg, xfS, other, xfO, speculative, out, edge);
  return collidePolygons(other, xfO, seg, xfS, speculative, out, 256 | edge);
}
