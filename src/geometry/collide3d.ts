/**
 * The 3D narrowphase (textbook §26.2): for two shapes in world placement, the contact normal
 * (from A to B), up to 4 points midway between the surfaces and their separations, into a
 * caller-owned `Manifold3`. Points whose separation is below `speculative` are kept (speculative
 * contacts). Either shape may be the static mesh or heightfield: `collide3` swaps the pair
 * internally and flips the normal back, so the caller never has to order the pair; only
 * static–static pairs (mesh or heightfield against mesh or heightfield) give no contacts
 * (`supportsPair3`).
 */
import type { Manifold3 } from './manifold3d.js';
import { type Shape3, ShapeKind3 } from './shapes3d.js';

/** True when `collide3` generates contacts for this pair of kinds (every pair but static–static). */
export function supportsPair3(a: number, b: number): boolean {
  return a < ShapeKind3.MESH || b < ShapeKind3.MESH;
}

/**
 * Contacts between shape `a` placed by `xfA[oa..oa+6]` and `b` placed by `xfB[ob..ob+6]`
 * ([px, py, pz, qx, qy, qz, qw]); `out` gets the points with separation < `speculative`
 * (m, ≥ 0), the normal pointing from A to B.
 */
export function collide3(
  a: Shape3,
  xfA: ArrayLike<number>,
  oa: number,
  b: Shape3,
  xfB: ArrayLike<number>,
  ob: number,
  speculative: number,
  out: Manifold3,
): void {
  out.clear();
  if (a.kind === ShapeKind3.SPHERE && b.kind === ShapeKind3.SPHERE) {
    const dx = xfB[ob]! - xfA[oa]!;
    const dy = xfB[ob + 1]! - xfA[oa + 1]!;
    const dz = xfB[ob + 2]! - xfA[oa + 2]!;
    const d2 = dx * dx + dy * dy + dz * dz;
    const rs = a.radius + b.radius;
    if (d2 >= (rs + speculative) * (rs + speculative)) return;
    const d = Math.sqrt(d2);
    let nx = 0;
    let ny = 1;
    let nz = 0;
    if (d > 1e-12) {
      nx = dx / d;
      ny = dy / d;
      nz = dz / d;
    }
    out.normalX = nx;
    out.normalY = ny;
    out.normalZ = nz;
    const sa = a.radius + 0.5 * (d - rs);
    out.add(xfA[oa]! + nx * sa, xfA[oa + 1]! + ny * sa, xfA[oa + 2]! + nz * sa, d - rs, 0);
  }
}
