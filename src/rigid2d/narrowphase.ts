/**
 * The narrowphase dispatch (Box2D v3's contact registers, Jolt's collision dispatch): one collide
 * function per ordered pair of shape kinds, in a table indexed [kindA][kindB], so the world's
 * collide loop makes one call per contact with no special cases. Chain segments (segments with
 * ghost vertices, geometry/chain2d.ts) are a kind of their own. Every entry calls the same
 * geometry functions, in the same order, as `collideShapes` (geometry/collide2d.ts) and
 * `collideChainSegment` do for that pair, so the manifolds are the same to the bit.
 */
import { collideChainSegment } from '../geometry/chain2d.js';
import { collideCircles, collidePolygonCircle, collidePolygons } from '../geometry/collide2d.js';
import type { Manifold2 } from '../geometry/manifold2d.js';
import type { ConvexShape2, Transform2 } from '../geometry/shapes2d.js';

/** Shape kind codes of the shape store (`shapes.kind`): a circle (one core point and a radius). */
export const KIND_CIRCLE = 0;
/** Shape kind code: a capsule (two core points and a radius). */
export const KIND_CAPSULE = 1;
/** Shape kind code: a convex polygon or box (3–8 points, optional rounding). */
export const KIND_POLYGON = 2;
/** Shape kind code: a two-sided segment. */
export const KIND_SEGMENT = 3;
/** a segment of a chain (it has ghost vertices) */
export const KIND_CHAIN_SEGMENT = 4;
/** Number of shape kinds (the dispatch table is KIND_COUNT × KIND_COUNT). */
export const KIND_COUNT = 5;

/** The kind code of a shape's geometry. */
export function shapeKindCode(g: ConvexShape2): number {
  if (g.ghost !== undefined) return KIND_CHAIN_SEGMENT;
  switch (g.kind) {
    case 'circle':
      return KIND_CIRCLE;
    case 'capsule':
      return KIND_CAPSULE;
    case 'segment':
      return KIND_SEGMENT;
    default:
      return KIND_POLYGON;
  }
}

/** A pair function: the manifold of `a` (placed by `xfA`) and `b` (placed by `xfB`) into `out`, normal from a to b. */
export type PairCollider = (
  a: ConvexShape2,
  xfA: Transform2,
  b: ConvexShape2,
  xfB: Transform2,
  speculative: number,
  out: Manifold2,
) => void;

/** A circle first: the polygon–circle test with the roles swapped, then the normal turned round. */
const circleShape: PairCollider = (a, xfA, b, xfB, speculative, out) => {
  collidePolygonCircle(b, xfB, a, xfA, speculative, out);
  out.normalX = -out.normalX;
  out.normalY = -out.normalY;
  out.flip = true;
};

/** Segment–segment pairs never collide (both are meant for static ground). */
const none: PairCollider = (_a, _xfA, _b, _xfB, _speculative, out) => {
  out.clear();
};

const chainFirst: PairCollider = (a, xfA, b, xfB, speculative, out) => {
  collideChainSegment(a, xfA, b, xfB, true, speculative, out);
};

const chainSecond: PairCollider = (a, xfA, b, xfB, speculative, out) => {
  collideChainSegment(b, xfB, a, xfA, false, speculative, out);
};

function pairCollider(ka: number, kb: number): PairCollider {
  if (ka === KIND_CHAIN_SEGMENT) return chainFirst;
  if (kb === KIND_CHAIN_SEGMENT) return chainSecond;
  if (ka === KIND_CIRCLE) return kb === KIND_CIRCLE ? collideCircles : circleShape;
  if (kb === KIND_CIRCLE) return collidePolygonCircle;
  if (ka === KIND_SEGMENT && kb === KIND_SEGMENT) return none;
  return collidePolygons;
}

/** The dispatch table, flattened: `COLLIDERS[kindA * KIND_COUNT + kindB]`. */
export const COLLIDERS: readonly PairCollider[] = Array.from({ length: KIND_COUNT * KIND_COUNT }, (_, k) =>
  pairCollider(Math.floor(k / KIND_COUNT), k % KIND_COUNT),
);

/** {@link PACKED_PAIR} codes: the table's own entry (chain segments), or which packed pair function. */
export const PACKED_NONE = 0;
/** two of capsule, polygon, segment (not two segments): `collidePolygonsPacked` */
export const PACKED_POLYGONS = 1;
/** two circles: `collideCirclesPacked` */
export const PACKED_CIRCLES = 2;
/** a polygon-like shape A and a circle B: `collidePolygonCirclePacked` */
export const PACKED_POLYGON_CIRCLE = 3;
/** a circle A and a polygon-like shape B: `collidePolygonCirclePacked` with the roles swapped, the normal turned round */
export const PACKED_CIRCLE_POLYGON = 4;

/**
 * `PACKED_PAIR[kindA * KIND_COUNT + kindB]`: which pair function over the shape store's packed
 * records (geometry/collide2d.ts) gives the same manifold as the table's entry, so the collide loop
 * can call it instead; {@link PACKED_NONE} for chain segments and segment pairs.
 */
export const PACKED_PAIR: Uint8Array = Uint8Array.from(COLLIDERS, (f) =>
  f === collidePolygons
    ? PACKED_POLYGONS
    : f === collideCircles
      ? PACKED_CIRCLES
      : f === collidePolygonCircle
        ? PACKED_POLYGON_CIRCLE
        : f === circleShape
          ? PACKED_CIRCLE_POLYGON
          : PACKED_NONE,
);
