/**
 * Shapes (Box2D v3's shape.c): the geometry of a shape definition, chains of segments with ghost
 * vertices, attaching a shape to a body (materials, filter, broadphase proxy), destroying it with
 * its contacts, and the bodies' boxes after a step (a box that left its fat box is re-inserted,
 * fattened ahead of the motion while the body touches nothing).
 */
import { PhysicsError } from '../core/errors.js';
import { apiChecks } from '../core/validate.js';
import {
  type ConvexShape2,
  computeAabb,
  makeBox,
  makeCapsule,
  makeCircle,
  makePolygon,
  makeSegment,
} from '../geometry/shapes2d.js';
import { limitMagnitude, MAX_COORDINATE, MAX_DENSITY, originTransform, updateMass } from './body.js';
import { BODY_DYNAMIC } from './body-store.js';
import { endContact } from './contact.js';
import { CONTACT_SENSOR, CONTACT_TOUCHING } from './contact-store.js';
import { shapeKindCode } from './narrowphase.js';
import { packShapeVerts, SHAPE_VERTS_STRIDE, setProxyFilter } from './shape-store.js';
import { wakeBody } from './sleep.js';
import type { ChainDef, ShapeDef } from './types.js';
import type { World } from './world.js';
import { checkDef, num, SHAPE_DEF_KEYS, vec } from './world-settings.js';

const SHAPE_FLAGS = ['isSensor', 'enableContactEvents'];
const CHAIN_FLAGS = [...SHAPE_FLAGS, 'loop', 'oneSided'];

/** A shape coordinate or size: finite and at most {@link MAX_COORDINATE} in magnitude. */
function coordinate(value: unknown, where: string): void {
  if (typeof value === 'number' && Number.isFinite(value)) limitMagnitude(value, MAX_COORDINATE, where);
}

/** `[x, y]` points of a definition within the coordinate limit (the other checks are the geometry's). */
function points(list: unknown, where: string): void {
  if (!Array.isArray(list)) return;
  for (let k = 0; k < list.length; k++) {
    const p = list[k];
    if (Array.isArray(p)) {
      coordinate(p[0], `${where}[${k}][0]`);
      coordinate(p[1], `${where}[${k}][1]`);
    }
  }
}

/**
 * The definition checks before any geometry is made: known keys for the kind, booleans, and the
 * magnitude limit on every coordinate and size (a polygon of 1e300 coordinates can only overflow).
 */
function checkShapeDef(def: ShapeDef, where: string): void {
  checkDef(def, where, SHAPE_DEF_KEYS[def.kind]!, SHAPE_FLAGS);
  const d = def as unknown as Record<string, unknown>;
  for (const key of ['halfWidth', 'halfHeight', 'radius', 'angle']) coordinate(d[key], `${where}.${key}`);
  for (const key of ['center', 'p1', 'p2']) {
    const p = d[key];
    if (Array.isArray(p)) {
      coordinate(p[0], `${where}.${key}[0]`);
      coordinate(p[1], `${where}.${key}[1]`);
    }
  }
  points(d.vertices, `${where}.vertices`);
}

/** The geometry of a shape definition (a rounded convex polygon in the body frame). */
export function shapeGeometry(def: ShapeDef): ConvexShape2 {
  const where = 'shape';
  if (def === null || typeof def !== 'object') {
    throw new PhysicsError('invalid-argument', `${where}: expected a shape definition object`);
  }
  if (Object.hasOwn(SHAPE_DEF_KEYS, def.kind) && def.kind !== ('chain' as string)) checkShapeDef(def, where);
  switch (def.kind) {
    case 'box': {
      const [cx, cy] = vec(def.center, `${where}.center`);
      return makeBox(def.halfWidth, def.halfHeight, cx, cy, def.angle ?? 0, def.radius ?? 0, where);
    }
    case 'circle': {
      const [cx, cy] = vec(def.center, `${where}.center`);
      return makeCircle(def.radius, cx, cy, where);
    }
    case 'capsule': {
      const [x1, y1] = vec(def.p1, `${where}.p1`);
      const [x2, y2] = vec(def.p2, `${where}.p2`);
      return makeCapsule(x1, y1, x2, y2, def.radius, where);
    }
    case 'segment': {
      const [x1, y1] = vec(def.p1, `${where}.p1`);
      const [x2, y2] = vec(def.p2, `${where}.p2`);
      return makeSegment(x1, y1, x2, y2, where);
    }
    case 'polygon':
      if (!Array.isArray(def.vertices)) {
        throw new PhysicsError('invalid-argument', `${where}.vertices: expected an array of [x, y]`);
      }
      return makePolygon(def.vertices, def.radius ?? 0, where);
    default:
      throw new PhysicsError(
        'invalid-argument',
        `${where}.kind: expected 'box' | 'circle' | 'capsule' | 'segment' | 'polygon', got ${String((def as { kind: unknown }).kind)}`,
      );
  }
}

/** Checks a chain's points and returns how many segments it has (closed when `loop`). */
export function chainSegmentCount(def: ChainDef): number {
  checkDef(def, 'chain', SHAPE_DEF_KEYS.chain!, CHAIN_FLAGS);
  points(def.points, 'chain.points');
  const pts = def.points;
  if (!Array.isArray(pts) || pts.length < 2) {
    throw new PhysicsError('invalid-argument', `chain.points: need at least 2 points, got ${pts?.length}`);
  }
  return def.loop ? pts.length : pts.length - 1;
}

/**
 * Segment `k` of a chain, from point k to point k + 1, with its ghost vertices (the neighbouring
 * points, geometry/chain2d.ts) so shapes slide over the joins without catching.
 */
export function chainSegment(def: ChainDef, k: number): ConvexShape2 {
  const pts = def.points;
  const n = pts.length;
  const loop = def.loop === true;
  const p = vec(pts[k], `chain.points[${k}]`);
  const q = vec(pts[(k + 1) % n], `chain.points[${(k + 1) % n}]`);
  const seg = makeSegment(p[0], p[1], q[0], q[1], `chain.points[${k}]`);
  // ghost vertices [prev x, prev y, next x, next y, has prev, has next, one-sided]
  const ghost = new Float64Array(7);
  ghost[6] = def.oneSided === true ? 1 : 0;
  if (loop || k > 0) {
    const g = vec(pts[(k - 1 + n) % n], `chain.points[${(k - 1 + n) % n}]`);
    ghost[0] = g[0];
    ghost[1] = g[1];
    ghost[4] = 1;
  }
  if (loop || k + 2 < n) {
    const g = vec(pts[(k + 2) % n], `chain.points[${(k + 2) % n}]`);
    ghost[2] = g[0];
    ghost[3] = g[1];
    ghost[5] = 1;
  }
  seg.ghost = ghost;
  return seg;
}

/** Attaches `geom` with the material and filter of `def` to body slot `bi`; returns the shape slot. */
export function addShape(w: World, bi: number, geom: ConvexShape2, def: ShapeDef | ChainDef): number {
  const density = num(def.density, 'shape.density', 1, 0);
  limitMagnitude(density, MAX_DENSITY, 'shape.density');
  const friction = num(def.friction, 'shape.friction', 0.6, 0);
  const restitution = num(def.restitution, 'shape.restitution', 0, 0);
  if (restitution > 1)
    throw new PhysicsError('invalid-argument', `shape.restitution: must be <= 1, got ${restitution}`);
  // filter bits are integers (0.5 would truncate to 0: a shape that collides with nothing)
  const f = apiChecks.object(def.filter ?? {}, 'shape.filter', ['categoryBits', 'maskBits', 'groupIndex']);
  const bits = { integer: true, min: 0, max: 0xffffffff };
  const category = apiChecks.optNumber(f, 'categoryBits', 'shape.filter', bits) ?? 1;
  const mask = apiChecks.optNumber(f, 'maskBits', 'shape.filter', bits) ?? 0xffffffff;
  const group =
    apiChecks.optNumber(f, 'groupIndex', 'shape.filter', { integer: true, min: -32768, max: 32767 }) ?? 0;
  const sh = w.shapes;
  const s = sh.allocate();
  sh.body[s] = bi;
  if (w.bodies.type[bi] !== BODY_DYNAMIC) sh.fixedCount++;
  sh.geom[s] = geom;
  packShapeVerts(sh, s, geom);
  sh.kind[s] = shapeKindCode(geom);
  sh.density[s] = density;
  sh.friction[s] = friction;
  sh.restitution[s] = restitution;
  sh.sensor[s] = def.isSensor ? 1 : 0;
  sh.events[s] = def.enableContactEvents === false ? 0 : 1;
  sh.category[s] = category >>> 0;
  sh.mask[s] = mask >>> 0;
  sh.group[s] = group | 0;
  sh.userData[s] = def.userData;
  const b = w.bodies;
  sh.next[s] = b.firstShape[bi]!;
  b.firstShape[bi] = s;
  b.shapeCount[bi] = b.shapeCount[bi]! + 1;
  updateMass(w, bi);
  const xf = originTransform(b, bi, w.xfA);
  const o = 4 * s;
  computeAabb(geom, xf, sh.aabb, o);
  const tree = w.broadphase.trees[w.bodies.type[bi]!]!;
  sh.proxy[s] = tree.createProxy(sh.aabb[o]!, sh.aabb[o + 1]!, sh.aabb[o + 2]!, sh.aabb[o + 3]!, s);
  setProxyFilter(tree, sh, s, w.bodies.type[bi]!);
  copyFat(w, s);
  wakeBody(b, w.islands, bi);
  return s;
}

/** Removes shape slot `s` and its contacts (end events reported); recomputes the body's mass if asked. */
export function destroyShapeSlot(w: World, s: number, recomputeMass: boolean): void {
  const sh = w.shapes;
  const cs = w.contactStore;
  const bi = sh.body[s]!;
  const b = w.bodies;
  for (let e = cs.edges.head[bi]!; e !== -1; ) {
    const c = e >> 1;
    const next = cs.edges.next[e]!;
    if (cs.shapeA[c] === s || cs.shapeB[c] === s) {
      endContact(w, c);
      wakeBody(b, w.islands, cs.bodyA[c] === bi ? cs.bodyB[c]! : cs.bodyA[c]!);
      cs.remove(c);
      e = cs.edges.head[bi]!; // the list changed: restart
      continue;
    }
    e = next;
  }
  // unlink from the body
  if (b.firstShape[bi] === s) b.firstShape[bi] = sh.next[s]!;
  else {
    let p = b.firstShape[bi]!;
    while (sh.next[p] !== s) p = sh.next[p]!;
    sh.next[p] = sh.next[s]!;
  }
  b.shapeCount[bi] = b.shapeCount[bi]! - 1;
  w.broadphase.trees[b.type[bi]!]!.destroyProxy(sh.proxy[s]!);
  sh.proxy[s] = -1;
  sh.geom[s] = undefined as unknown as ConvexShape2;
  if (b.type[bi] !== BODY_DYNAMIC) sh.fixedCount--;
  sh.free(s);
  if (recomputeMass) updateMass(w, bi);
}

/** Mirrors the tree's fat box of shape slot `s` into the shape store (read by the narrowphase). */
export function copyFat(w: World, s: number): void {
  const sh = w.shapes;
  const t = w.broadphase.trees[w.bodies.type[sh.body[s]!]!]!;
  const p = sh.proxy[s]!;
  const o = 4 * s;
  sh.fat[o] = t.fatMinX(p);
  sh.fat[o + 1] = t.fatMinY(p);
  sh.fat[o + 2] = t.fatMaxX(p);
  sh.fat[o + 3] = t.fatMaxY(p);
}

/** a zero displacement: the fat box of a body in contact is not stretched along its motion */
const NO_MOTION = new Float64Array(1);

/** Whether body slot `i` has a touching contact (sensors count not). */
function touchesAnything(w: World, i: number): boolean {
  const cs = w.contactStore;
  const edges = cs.edges;
  for (let e = edges.head[i]!; e !== -1; e = edges.next[e]!) {
    if ((cs.flags[e >> 1]! & (CONTACT_TOUCHING | CONTACT_SENSOR)) === CONTACT_TOUCHING) return true;
  }
  return false;
}

/**
 * Recomputes the shape boxes of body slot `i`. A box that left its fat box is re-inserted in the
 * tree and searched for new pairs next step; `force` (teleports) always searches again. Boxes
 * still inside their fat box cost no tree call. The new fat box is the tight box plus the margin;
 * only a body in free flight (no touching contact) has it stretched ahead of its in-step motion
 * as well (Box2D v2's predictive fat boxes), so a falling body is re-inserted less often. A body
 * in a moving pile gets the margin alone, as every body in Box2D v3 does: stretched, its box
 * would reach over its neighbours, and the pairs it makes and drops as the pile turns cost more
 * than the re-insertions they save.
 */
export function updateBodyBoxes(w: World, i: number, force: boolean): void {
  const sh = w.shapes;
  const b = w.bodies;
  const tree = w.broadphase.trees[b.type[i]!]!;
  const xf = originTransform(b, i, w.xfA);
  const px = xf.px;
  const py = xf.py;
  const qc = xf.c;
  const qs = xf.s;
  const aabb = sh.aabb;
  const fat = sh.fat;
  const verts = sh.verts;
  let stretch = -1; // unknown until a box escapes: 1 in free flight, 0 touching something
  for (let s = b.firstShape[i]!; s !== -1; s = sh.next[s]!) {
    const o = 4 * s;
    // computeAabb over the packed vertices (the same sums in the same order)
    const v = SHAPE_VERTS_STRIDE * s;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let k = v + 2, e = v + 2 + 2 * verts[v]!; k < e; k += 2) {
      const x = px + qc * verts[k]! - qs * verts[k + 1]!;
      const y = py + qs * verts[k]! + qc * verts[k + 1]!;
      if (x < minX) minX = x;
      if (y < minY) minY = y;
      if (x > maxX) maxX = x;
      if (y > maxY) maxY = y;
    }
    const r = verts[v + 1]!;
    aabb[o] = minX - r;
    aabb[o + 1] = minY - r;
    aabb[o + 2] = maxX + r;
    aabb[o + 3] = maxY + r;
    const p = sh.proxy[s]!;
    const escaped =
      aabb[o]! < fat[o]! ||
      aabb[o + 1]! < fat[o + 1]! ||
      aabb[o + 2]! > fat[o + 2]! ||
      aabb[o + 3]! > fat[o + 3]!;
    if (escaped || force) {
      if (stretch === -1) stretch = touchesAnything(w, i) ? 0 : 1;
      const moved =
        stretch === 1
          ? tree.moveProxyFrom(p, aabb, o, b.dpx, b.dpy, i)
          : tree.moveProxyFrom(p, aabb, o, NO_MOTION, NO_MOTION, 0);
      if (moved) copyFat(w, s);
      else if (force) tree.touchProxy(p);
    }
  }
}
