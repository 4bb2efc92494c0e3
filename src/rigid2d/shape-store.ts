/**
 * Shape storage (structure of arrays). The geometry of each shape is a rounded convex polygon
 * (geometry/shapes2d.ts) in its body's frame; materials, filters and the broadphase box are arrays.
 */

import { grow } from '../core/grow.js';
import { SlotStore } from '../dynamics/slot-store.js';
import { isAxisBox, isPackedBox, PACKED_NORMALS_STRIDE, PACKED_VERTS_STRIDE } from '../geometry/collide2d.js';
import type { ConvexShape2 } from '../geometry/shapes2d.js';
import type { DynamicTree } from '../spatial/dynamic-tree.js';

export class ShapeStore extends SlotStore {
  /** live shapes on static or kinematic bodies (the continuous stage skips its sweeps when there are none) */
  fixedCount = 0;
  body = new Int32Array(0);
  /** next shape of the same body (−1 ends the list) */
  next = new Int32Array(0);
  /** the narrowphase kind code (narrowphase.ts: circle, capsule, polygon, segment, chain segment) */
  kind = new Uint8Array(0);
  /**
   * 1 for an axis-aligned box in its body's frame whose normals are the exact axes (geometry/
   * collide2d.ts `isPackedBox`: box pairs collide from `verts` alone), 2 for another axis-aligned
   * box (`isAxisBox`), 0 otherwise
   */
  box = new Uint8Array(0);
  density = new Float64Array(0);
  friction = new Float64Array(0);
  restitution = new Float64Array(0);
  sensor = new Uint8Array(0);
  events = new Uint8Array(0);
  category = new Uint32Array(0);
  mask = new Uint32Array(0);
  group = new Int32Array(0);
  /** fattened broadphase box [minX, minY, maxX, maxY] × shape (a copy of the tree's) */
  fat = new Float64Array(0);
  /** tight box of the last step */
  aabb = new Float64Array(0);
  /** the shape's proxy in the broadphase tree */
  proxy = new Int32Array(0);
  /**
   * a packed copy of each shape's core vertices, {@link SHAPE_VERTS_STRIDE} numbers per shape:
   * count, radius, then x, y of each vertex (the body-box pass reads these beside the other
   * arrays instead of following the geometry object to its vertex arrays)
   */
  verts = new Float64Array(0);
  /** a packed copy of each shape's edge normals, {@link SHAPE_NORMALS_STRIDE} numbers per shape: nx, ny of each edge */
  norms = new Float64Array(0);
  geom: ConvexShape2[] = [];
  userData: unknown[] = [];

  protected override resize(cap: number): void {
    super.resize(cap);
    this.body = grow(this.body, cap);
    this.next = grow(this.next, cap);
    this.kind = grow(this.kind, cap);
    this.box = grow(this.box, cap);
    this.density = grow(this.density, cap);
    this.friction = grow(this.friction, cap);
    this.restitution = grow(this.restitution, cap);
    this.sensor = grow(this.sensor, cap);
    this.events = grow(this.events, cap);
    this.category = grow(this.category, cap);
    this.mask = grow(this.mask, cap);
    this.group = grow(this.group, cap);
    this.fat = grow(this.fat, 4 * cap);
    this.aabb = grow(this.aabb, 4 * cap);
    this.proxy = grow(this.proxy, cap);
    this.verts = grow(this.verts, SHAPE_VERTS_STRIDE * cap);
    this.norms = grow(this.norms, SHAPE_NORMALS_STRIDE * cap);
  }
}

/** Numbers per shape in `ShapeStore.verts`: count, radius and up to eight (x, y) vertices. */
export const SHAPE_VERTS_STRIDE = PACKED_VERTS_STRIDE;
/** Numbers per shape in `ShapeStore.norms`: up to eight (nx, ny) edge normals. */
export const SHAPE_NORMALS_STRIDE = PACKED_NORMALS_STRIDE;

/**
 * Copies geometry `g`'s count, radius, core vertices and edge normals into shape slot `s`'s packed
 * records, and sets its box flag.
 */
export function packShapeVerts(sh: ShapeStore, s: number, g: ConvexShape2): void {
  const v = sh.verts;
  const o = SHAPE_VERTS_STRIDE * s;
  v[o] = g.count;
  v[o + 1] = g.radius;
  for (let k = 0; k < g.count; k++) {
    v[o + 2 + 2 * k] = g.vx[k]!;
    v[o + 3 + 2 * k] = g.vy[k]!;
  }
  const n = sh.norms;
  const on = SHAPE_NORMALS_STRIDE * s;
  for (let k = 0; k < g.count; k++) {
    n[on + 2 * k] = g.nx[k]!;
    n[on + 2 * k + 1] = g.ny[k]!;
  }
  const polygon =
    g.kind !== 'circle' && g.kind !== 'capsule' && g.kind !== 'segment' && g.ghost === undefined;
  sh.box[s] = polygon && isPackedBox(g) ? 1 : polygon && isAxisBox(g) ? 2 : 0;
}

/**
 * Gives shape `s`'s broadphase proxy the filter bits of its filter and body type (a prefilter for
 * the pair search; `shouldCollide` and the pair stage still decide): its category and layer (its
 * body type code) and a pair search that looks only at shapes its mask accepts; which trees it
 * searches follows from the body type (broad-phase.ts). A positive group may override the bits,
 * so such a shape filters nothing.
 */
export function setProxyFilter(tree: DynamicTree, s: ShapeStore, shape: number, bodyType: number): void {
  const positiveGroup = s.group[shape]! > 0;
  const all = 0xffffffff;
  tree.setProxyFilter(
    s.proxy[shape]!,
    positiveGroup ? all : s.category[shape]!,
    1 << bodyType,
    positiveGroup ? all : s.mask[shape]!,
    0xff,
  );
}

/** Box2D's filtering rule: a shared non-zero group decides by its sign; otherwise the bits, both ways. */
export function shouldCollide(s: ShapeStore, a: number, b: number): boolean {
  const ga = s.group[a]!;
  if (ga !== 0 && ga === s.group[b]!) return ga > 0;
  return (s.mask[a]! & s.category[b]!) !== 0 && (s.mask[b]! & s.category[a]!) !== 0;
}
