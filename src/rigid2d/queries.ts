/**
 * World queries: ray casts (closest, all, with a callback), AABB overlap,
 * point query and shape overlap, over a world's shapes.
 *
 * The queries walk the world's broadphase, a dynamic AABB tree of the shapes' fat boxes
 * (`spatial/dynamic-tree.ts`, kept up to date by every step and every teleport), so they visit only
 * tree nodes that touch the query; each candidate then gets the exact test of its kind:
 * `raycast2d.ts` for rays, point containment for points, GJK/EPA (`epa2d.ts`) for shape overlap.
 *
 * Results are deterministic: lists are sorted by shape handle, ray hits by fraction then handle.
 * Sensors are skipped unless `includeSensors` is set (Box2D's rule: rays do not see sensors).
 */

import { assertFinite, PhysicsError } from '../core/errors.js';
import { ConvexContact, convexContact } from '../geometry/epa2d.js';
import { RayHit, rayCastShape, shapeContainsPoint } from '../geometry/raycast2d.js';
import { type ConvexShape2, computeAabb, Transform2 } from '../geometry/shapes2d.js';
import { ShapeSupport } from '../geometry/support2d.js';
import { pcos, psin } from '../math/portable.js';
import type { DynamicTree } from '../spatial/dynamic-tree.js';
import type { BodyId, ShapeId, Vec2Tuple } from './types.js';
import type { World } from './world.js';

/** Which shapes a query sees. Every field optional. */
export interface QueryFilter {
  /** the query's category bits: a shape is seen only if its mask has one of them (default all) */
  categoryBits?: number;
  /** the query's mask: a shape is seen only if its category has one of these bits (default all) */
  maskBits?: number;
  /** see sensor shapes too (default false) */
  includeSensors?: boolean;
  /** skip every shape of this body (e.g. the player casting from inside itself) */
  ignoreBody?: BodyId;
  /** a last say per shape: return false to skip it */
  predicate?: (shape: ShapeId) => boolean;
}

/** One ray hit. */
export interface RayCastHit {
  /** the shape hit */
  shape: ShapeId;
  /** the body of that shape */
  body: BodyId;
  /** fraction along p1 → p2 */
  fraction: number;
  /** world point of the hit (m): p1 + fraction · (p2 − p1) */
  point: [number, number];
  /** unit surface normal at the hit, pointing out of the shape */
  normal: [number, number];
}

/**
 * The queries of one world. Create once and reuse (`queriesOf(world)` keeps one per world).
 */
export class WorldQueries {
  /** the world these queries read */
  readonly world: World;

  // Per-query state read by the tree callbacks (bound once: no closure per query).
  private fCategory = 0xffffffff;
  private fMask = 0xffffffff;
  private fSensors = false;
  private fIgnoreBody = -1;
  private fPredicate: ((shape: ShapeId) => boolean) | undefined = undefined;
  private rx1 = 0;
  private ry1 = 0;
  private rx2 = 0;
  private ry2 = 0;
  private bestShape = -1;
  private readonly best = new RayHit();
  private readonly hit = new RayHit();
  private readonly xf = new Transform2();
  private allHits: RayCastHit[] = [];
  private userRay: ((hit: RayCastHit) => number) | null = null;
  private found: number[] = [];
  private qMinX = 0;
  private qMinY = 0;
  private qMaxX = 0;
  private qMaxY = 0;
  private px = 0;
  private py = 0;
  private readonly querySupport = new ShapeSupport();
  private readonly otherSupport = new ShapeSupport();
  private readonly contact = new ConvexContact();
  private readonly box = new Float64Array(4);

  /**
   * Casts the current ray (clipped to `maxFraction`) at the shape of a tree proxy into `this.hit`.
   * Returns the shape handle, or −1 when the filter rejects it or the ray misses.
   */
  private castProxy(proxy: number, maxFraction: number): number {
    const s = this.tree.getUserData(proxy);
    if (!this.accept(s)) return -1;
    this.transformOf(s);
    const geom = this.world.shapes.geom[s]!;
    return rayCastShape(geom, this.xf, this.rx1, this.ry1, this.rx2, this.ry2, maxFraction, this.hit)
      ? s
      : -1;
  }

  /** the tree being searched (the queries visit the static, kinematic and dynamic trees in turn) */
  private tree: DynamicTree;
  /** the ray's clip fraction carried from one tree to the next; −1 once a callback stopped the cast */
  private rayMax = 1;

  private readonly closestCallback = (proxy: number, maxFraction: number): number => {
    const s = this.castProxy(proxy, maxFraction);
    if (s < 0) return -1;
    const h = this.hit;
    // Equal fractions: the lower shape handle wins, so the answer does not depend on tree order.
    if (
      h.fraction === maxFraction &&
      this.bestShape >= 0 &&
      this.world.shapeId(s) > this.world.shapeId(this.bestShape)
    ) {
      return -1;
    }
    this.bestShape = s;
    const b = this.best;
    b.fraction = h.fraction;
    b.pointX = h.pointX;
    b.pointY = h.pointY;
    b.normalX = h.normalX;
    b.normalY = h.normalY;
    return h.fraction;
  };

  private readonly allCallback = (proxy: number, maxFraction: number): number => {
    const s = this.castProxy(proxy, maxFraction);
    if (s < 0) return -1;
    const hit = this.makeHit(s, this.hit);
    if (this.userRay) {
      const r = this.userRay(hit);
      if (r === 0) this.rayMax = -1;
      else if (r > 0 && r < this.rayMax) this.rayMax = r;
      return r;
    }
    this.allHits.push(hit);
    return maxFraction;
  };

  private readonly boxCallback = (proxy: number): boolean => {
    const s = this.tree.getUserData(proxy);
    if (!this.accept(s)) return true;
    const a = this.world.shapes.aabb;
    const o = 4 * s;
    if (a[o]! > this.qMaxX || a[o + 1]! > this.qMaxY || this.qMinX > a[o + 2]! || this.qMinY > a[o + 3]!)
      return true;
    this.found.push(s);
    return true;
  };

  private readonly pointCallback = (proxy: number): boolean => {
    const s = this.tree.getUserData(proxy);
    if (!this.accept(s)) return true;
    this.transformOf(s);
    if (shapeContainsPoint(this.world.shapes.geom[s]!, this.xf, this.px, this.py)) this.found.push(s);
    return true;
  };

  private readonly overlapCallback = (proxy: number): boolean => {
    const s = this.tree.getUserData(proxy);
    if (!this.accept(s)) return true;
    this.transformOf(s);
    const xf = this.xf;
    this.otherSupport.set(this.world.shapes.geom[s]!, xf.px, xf.py, xf.c, xf.s);
    if (convexContact(this.querySupport, this.otherSupport, this.contact).separation < 0) this.found.push(s);
    return true;
  };

  constructor(world: World) {
    this.world = world;
    this.tree = world.broadphase.trees[0];
  }

  /** `callback(proxy)` for every proxy of the three trees whose fat box overlaps the box. */
  private queryTrees(
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    callback: (p: number) => boolean,
  ) {
    for (const t of this.world.broadphase.trees) {
      this.tree = t;
      t.query(minX, minY, maxX, maxY, callback);
    }
  }

  /** Casts the current ray through the three trees, the clip fraction carried from tree to tree. */
  private castTrees(callback: (proxy: number, maxFraction: number) => number, closest: boolean): void {
    this.rayMax = 1;
    for (const t of this.world.broadphase.trees) {
      this.tree = t;
      t.rayCast(this.rx1, this.ry1, this.rx2, this.ry2, this.rayMax, callback);
      if (closest && this.bestShape >= 0) this.rayMax = this.best.fraction;
      // stopped (a callback returned 0, or the closest hit is at the ray's start): as in one tree
      if (!(this.rayMax > 0)) return;
    }
  }

  private setFilter(filter: QueryFilter | undefined): void {
    this.fCategory = filter?.categoryBits === undefined ? 0xffffffff : filter.categoryBits >>> 0;
    this.fMask = filter?.maskBits === undefined ? 0xffffffff : filter.maskBits >>> 0;
    this.fSensors = filter?.includeSensors === true;
    this.fIgnoreBody = filter?.ignoreBody === undefined ? -1 : this.world.bodySlot(filter.ignoreBody);
    this.fPredicate = filter?.predicate;
  }

  private accept(s: number): boolean {
    const sh = this.world.shapes;
    if (sh.sensor[s] === 1 && !this.fSensors) return false;
    if ((sh.category[s]! & this.fMask) === 0 || (sh.mask[s]! & this.fCategory) === 0) return false;
    if (sh.body[s] === this.fIgnoreBody) return false;
    if (this.fPredicate && !this.fPredicate(this.world.shapeId(s))) return false;
    return true;
  }

  private transformOf(s: number): void {
    this.world.getTransform(this.world.bodyId(this.world.shapes.body[s]!), this.xf);
  }

  private makeHit(s: number, h: RayHit): RayCastHit {
    return {
      shape: this.world.shapeId(s),
      body: this.world.bodyId(this.world.shapes.body[s]!),
      fraction: h.fraction,
      point: [h.pointX, h.pointY],
      normal: [h.normalX, h.normalY],
    };
  }

  private setRay(p1: Vec2Tuple, p2: Vec2Tuple, where: string): void {
    this.rx1 = assertFinite(p1?.[0], `${where}.p1[0]`);
    this.ry1 = assertFinite(p1?.[1], `${where}.p1[1]`);
    this.rx2 = assertFinite(p2?.[0], `${where}.p2[0]`);
    this.ry2 = assertFinite(p2?.[1], `${where}.p2[1]`);
  }

  /** The first shape the segment p1 → p2 hits, or null. Shapes the ray starts inside are not hit. */
  rayCastClosest(p1: Vec2Tuple, p2: Vec2Tuple, filter?: QueryFilter): RayCastHit | null {
    this.setRay(p1, p2, 'rayCastClosest');
    this.setFilter(filter);
    this.bestShape = -1;
    this.castTrees(this.closestCallback, true);
    return this.bestShape < 0 ? null : this.makeHit(this.bestShape, this.best);
  }

  /** Every shape the segment p1 → p2 hits (its entry point), sorted by fraction, then shape handle. */
  rayCastAll(p1: Vec2Tuple, p2: Vec2Tuple, filter?: QueryFilter): RayCastHit[] {
    this.setRay(p1, p2, 'rayCastAll');
    this.setFilter(filter);
    this.allHits = [];
    this.userRay = null;
    this.castTrees(this.allCallback, false);
    const hits = this.allHits;
    this.allHits = [];
    return hits.sort((a, b) => a.fraction - b.fraction || a.shape - b.shape);
  }

  /**
   * Box2D-style ray cast: `callback(hit)` is called for hits in tree order (not sorted) and
   * returns how to go on — 0 stop, −1 ignore this hit, `hit.fraction` clip the ray there (closest
   * search), 1 keep the whole ray (all hits).
   */
  rayCast(p1: Vec2Tuple, p2: Vec2Tuple, callback: (hit: RayCastHit) => number, filter?: QueryFilter): void {
    this.setRay(p1, p2, 'rayCast');
    this.setFilter(filter);
    this.userRay = callback;
    try {
      this.castTrees(this.allCallback, false);
    } finally {
      this.userRay = null;
    }
  }

  /** Shapes whose (tight) bounding box overlaps the box (minX, minY)–(maxX, maxY), by handle. */
  queryAABB(minX: number, minY: number, maxX: number, maxY: number, filter?: QueryFilter): ShapeId[] {
    this.qMinX = assertFinite(minX, 'queryAABB.minX');
    this.qMinY = assertFinite(minY, 'queryAABB.minY');
    this.qMaxX = assertFinite(maxX, 'queryAABB.maxX');
    this.qMaxY = assertFinite(maxY, 'queryAABB.maxY');
    if (minX > maxX || minY > maxY) {
      throw new PhysicsError(
        'invalid-argument',
        `queryAABB: min must not exceed max, got (${minX}, ${minY})–(${maxX}, ${maxY})`,
      );
    }
    this.setFilter(filter);
    this.found = [];
    this.queryTrees(minX, minY, maxX, maxY, this.boxCallback);
    return this.handles();
  }

  /** Shapes that contain the point (x, y) (boundary included), by handle. */
  queryPoint(x: number, y: number, filter?: QueryFilter): ShapeId[] {
    this.px = assertFinite(x, 'queryPoint.x');
    this.py = assertFinite(y, 'queryPoint.y');
    this.setFilter(filter);
    this.found = [];
    this.queryTrees(x, y, x, y, this.pointCallback);
    return this.handles();
  }

  /**
   * Shapes that overlap `shape` (any geometry from `geometry/shapes2d.ts`: makeBox, makeCircle,
   * makeCapsule, makePolygon, makeSegment) placed at `position` with `angle`. Exact test by
   * GJK/EPA; shapes merely touching do not count. Sorted by handle.
   */
  overlapShape(shape: ConvexShape2, position: Vec2Tuple, angle = 0, filter?: QueryFilter): ShapeId[] {
    const x = assertFinite(position?.[0], 'overlapShape.position[0]');
    const y = assertFinite(position?.[1], 'overlapShape.position[1]');
    assertFinite(angle, 'overlapShape.angle');
    // Query placement only, not a simulation step: Math.cos/sin are fine here.
    const xf = new Transform2(x, y, pcos(angle), psin(angle));
    this.querySupport.set(shape, xf.px, xf.py, xf.c, xf.s);
    computeAabb(shape, xf, this.box, 0);
    this.setFilter(filter);
    this.found = [];
    this.queryTrees(this.box[0]!, this.box[1]!, this.box[2]!, this.box[3]!, this.overlapCallback);
    return this.handles();
  }

  private handles(): ShapeId[] {
    const out = this.found.map((s) => this.world.shapeId(s));
    this.found = [];
    return out.sort((a, b) => a - b);
  }
}

const perWorld = new WeakMap<World, WorldQueries>();

/** The (cached) query object of a world. */
export function queriesOf(world: World): WorldQueries {
  let q = perWorld.get(world);
  if (!q) {
    q = new WorldQueries(world);
    perWorld.set(world, q);
  }
  return q;
}

/** The first shape hit by the segment p1 → p2 in `world`, or null (see {@link WorldQueries.rayCastClosest}). */
export function rayCastClosest(
  world: World,
  p1: Vec2Tuple,
  p2: Vec2Tuple,
  filter?: QueryFilter,
): RayCastHit | null {
  return queriesOf(world).rayCastClosest(p1, p2, filter);
}

/** Every shape hit by the segment p1 → p2, nearest first (see {@link WorldQueries.rayCastAll}). */
export function rayCastAll(world: World, p1: Vec2Tuple, p2: Vec2Tuple, filter?: QueryFilter): RayCastHit[] {
  return queriesOf(world).rayCastAll(p1, p2, filter);
}

/** Shapes whose bounding box overlaps the given box. */
export function queryAABB(
  world: World,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
  filter?: QueryFilter,
): ShapeId[] {
  return queriesOf(world).queryAABB(minX, minY, maxX, maxY, filter);
}

/** Shapes containing the point. */
export function queryPoint(world: World, x: number, y: number, filter?: QueryFilter): ShapeId[] {
  return queriesOf(world).queryPoint(x, y, filter);
}

/** Shapes overlapping a query shape placed at `position`, `angle`. */
export function overlapShape(
  world: World,
  shape: ConvexShape2,
  position: Vec2Tuple,
  angle = 0,
  filter?: QueryFilter,
): ShapeId[] {
  return queriesOf(world).overlapShape(shape, position, angle, filter);
}
