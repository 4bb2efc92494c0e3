/**
 * Shapes of the 3D world: building the geometry from a definition (sphere, box, capsule, cylinder,
 * or a prebuilt geometry object: convex hull, triangle mesh, heightfield), attaching it to a body
 * with its material and placement, its world transform and boxes, and destroying it with its
 * contacts. Triangle meshes and heightfields may only sit on static or kinematic bodies.
 */
import { assertFinite, PhysicsError } from '../core/errors.js';
import { quickhull3 } from '../geometry/quickhull3d.js';
import {
  Box3,
  Capsule3,
  Cylinder3,
  computeAabb3,
  isConvex3,
  type Shape3,
  ShapeKind3,
  Sphere3,
  validateShape3,
} from '../geometry/shapes3d.js';
import { originTransform3, updateMass3 } from './body.js';
import { BODY_DYNAMIC, BODY_STATIC } from './body-store.js';
import { endContact3 } from './contact.js';
import { wakeBody3 } from './sleep.js';
import type { ShapeDef3 } from './types.js';
import type { World3 } from './world.js';
import { num, quat, vec3 } from './world-settings.js';

/** The geometry object of a shape definition (validated: NaN, zero or negative sizes are refused). */
export function shapeGeometry3(def: ShapeDef3, where = 'shape'): Shape3 {
  if (def === null || typeof def !== 'object') {
    throw new PhysicsError('invalid-argument', `${where}: expected an object, got ${JSON.stringify(def)}`);
  }
  switch (def.kind) {
    case 'sphere':
      return new Sphere3(def.radius, where);
    case 'box': {
      const h = vec3(def.halfExtents, `${where}.halfExtents`);
      return new Box3(h[0], h[1], h[2], where);
    }
    case 'capsule':
      return new Capsule3(def.halfHeight, def.radius, where);
    case 'cylinder':
      return new Cylinder3(def.halfHeight, def.radius, where);
    case 'hull': {
      const pts = def.points;
      if (pts === null || typeof pts !== 'object' || typeof (pts as ArrayLike<number>).length !== 'number') {
        throw new PhysicsError('invalid-argument', `${where}.points: expected xyz numbers per point`);
      }
      for (let k = 0; k < pts.length; k++) assertFinite(pts[k]!, `${where}.points[${k}]`);
      const maxVertices = def.maxVertices ?? Number.POSITIVE_INFINITY;
      if (maxVertices !== Number.POSITIVE_INFINITY && (!Number.isInteger(maxVertices) || maxVertices < 4)) {
        throw new PhysicsError(
          'invalid-argument',
          `${where}.maxVertices: must be an integer >= 4, got ${maxVertices}`,
        );
      }
      return quickhull3(pts, maxVertices, num(def.radius, `${where}.radius`, 0, 0), `${where}.points`);
    }
    case 'geometry': {
      const g = def.shape as Shape3 | undefined;
      if (g === null || typeof g !== 'object' || typeof g.kind !== 'number') {
        throw new PhysicsError(
          'invalid-argument',
          `${where}.shape: expected a geometry object (rikigaku/geometry)`,
        );
      }
      validateShape3(g, `${where}.shape`);
      return g;
    }
    default:
      throw new PhysicsError(
        'invalid-argument',
        `${where}.kind: expected 'sphere' | 'box' | 'capsule' | 'cylinder' | 'hull' | 'geometry', got ${JSON.stringify((def as { kind: unknown }).kind)}`,
      );
  }
}

/** Attaches geometry `g` to body slot `bi` with the material and placement of `def`; returns the shape slot. */
export function addShape3(w: World3, bi: number, g: Shape3, def: ShapeDef3, where = 'shape'): number {
  const b = w.bodies;
  if (!isConvex3(g) && b.type[bi] === BODY_DYNAMIC) {
    throw new PhysicsError(
      'invalid-argument',
      `${where}: a ${g.kind === ShapeKind3.MESH ? 'triangle mesh' : 'heightfield'} can only be placed on a static or kinematic body`,
    );
  }
  const density = num(def.density, `${where}.density`, 1000, 0);
  const friction = num(def.friction, `${where}.friction`, 0.6, 0);
  const restitution = num(def.restitution, `${where}.restitution`, 0, 0);
  if (restitution > 1)
    throw new PhysicsError('invalid-argument', `${where}.restitution: must be <= 1, got ${restitution}`);
  const rolling = num(def.rollingResistance, `${where}.rollingResistance`, 0, 0);
  const torsion = num(def.torsionalFriction, `${where}.torsionalFriction`, 0, 0);
  const p = vec3(def.position, `${where}.position`);
  const q = quat(def.orientation, `${where}.orientation`);
  const f = def.filter ?? {};
  const category = f.categoryBits ?? 0x0001;
  const mask = f.maskBits ?? 0xffffffff;
  const group = f.groupIndex ?? 0;
  for (const [key, v] of [
    ['categoryBits', category],
    ['maskBits', mask],
  ] as const) {
    if (!Number.isInteger(v) || v < 0 || v > 0xffffffff) {
      throw new PhysicsError(
        'invalid-argument',
        `${where}.filter.${key}: expected a 32-bit unsigned integer, got ${v}`,
      );
    }
  }
  if (!Number.isInteger(group) || Math.abs(group) > 0x7fffffff) {
    throw new PhysicsError(
      'invalid-argument',
      `${where}.filter.groupIndex: expected a 32-bit integer, got ${group}`,
    );
  }
  assertFinite(density, `${where}.density`);
  const sh = w.shapes;
  const s = sh.allocate();
  sh.body[s] = bi;
  sh.kind[s] = g.kind;
  sh.density[s] = density;
  sh.friction[s] = friction;
  sh.restitution[s] = restitution;
  sh.rolling[s] = rolling;
  sh.torsion[s] = torsion;
  sh.sensor[s] = def.isSensor === true ? 1 : 0;
  sh.events[s] = def.enableContactEvents === false ? 0 : 1;
  sh.category[s] = category;
  sh.mask[s] = mask;
  sh.group[s] = group;
  const l = 7 * s;
  sh.local[l] = p[0];
  sh.local[l + 1] = p[1];
  sh.local[l + 2] = p[2];
  sh.local[l + 3] = q[0];
  sh.local[l + 4] = q[1];
  sh.local[l + 5] = q[2];
  sh.local[l + 6] = q[3];
  sh.geom[s] = g;
  sh.userData[s] = def.userData;
  sh.next[s] = b.firstShape[bi]!;
  b.firstShape[bi] = s;
  b.shapeCount[bi] = b.shapeCount[bi]! + 1;
  updateMass3(w, bi);
  // the tight box and the broadphase proxy
  shapeWorldTransform3(w, s, w.scratchXf, 0);
  computeAabb3(g, w.scratchXf, 0, sh.aabb, 6 * s);
  sh.proxy[s] = w.broadphase.createProxyFrom(sh.aabb, 6 * s, s);
  w.broadphase.getFatBox(sh.proxy[s]!, sh.fat, 6 * s);
  // the centre of mass may have moved, never the origin: refresh the body's boxes
  updateBodyBoxes3(w, bi, true);
  wakeBody3(b, w.islands, bi);
  return s;
}

/**
 * World transform of shape slot `s` into out[o..o+6]: the body origin transform composed with
 * the shape's local placement (p = origin + R_b p_local, q = q_b q_local).
 */
export function shapeWorldTransform3(w: World3, s: number, out: Float64Array, o: number): void {
  const sh = w.shapes;
  originTransform3(w.bodies, sh.body[s]!, out, o);
  const l = 7 * s;
  const loc = sh.local;
  const px = loc[l]!;
  const py = loc[l + 1]!;
  const pz = loc[l + 2]!;
  const bx = out[o + 3]!;
  const by = out[o + 4]!;
  const bz = out[o + 5]!;
  const bw = out[o + 6]!;
  if (px !== 0 || py !== 0 || pz !== 0) {
    const tx = 2 * (by * pz - bz * py);
    const ty = 2 * (bz * px - bx * pz);
    const tz = 2 * (bx * py - by * px);
    out[o] = out[o]! + px + bw * tx + (by * tz - bz * ty);
    out[o + 1] = out[o + 1]! + py + bw * ty + (bz * tx - bx * tz);
    out[o + 2] = out[o + 2]! + pz + bw * tz + (bx * ty - by * tx);
  }
  const lx = loc[l + 3]!;
  const ly = loc[l + 4]!;
  const lz = loc[l + 5]!;
  const lw = loc[l + 6]!;
  if (lw !== 1) {
    out[o + 3] = bw * lx + bx * lw + by * lz - bz * ly;
    out[o + 4] = bw * ly - bx * lz + by * lw + bz * lx;
    out[o + 5] = bw * lz + bx * ly - by * lx + bz * lw;
    out[o + 6] = bw * lw - bx * lx - by * ly - bz * lz;
  }
}

/**
 * Recomputes the tight boxes of body slot `i`'s shapes; a box that left its fat box is
 * re-inserted in the broadphase (stretched along its motion) and its fat box copied back.
 */
export function updateBodyBoxes3(w: World3, i: number, force: boolean): void {
  const sh = w.shapes;
  const xf = w.scratchXf;
  const disp = w.scratchDisp;
  const aabb = sh.aabb;
  const tree = w.broadphase;
  for (let s = w.bodies.firstShape[i]!; s !== -1; s = sh.next[s]!) {
    const o = 6 * s;
    const ox = aabb[o]!;
    const oy = aabb[o + 1]!;
    const oz = aabb[o + 2]!;
    shapeWorldTransform3(w, s, xf, 0);
    computeAabb3(sh.geom[s]!, xf, 0, aabb, o);
    disp[0] = aabb[o]! - ox;
    disp[1] = aabb[o + 1]! - oy;
    disp[2] = aabb[o + 2]! - oz;
    if (force) {
      disp[0] = 0;
      disp[1] = 0;
      disp[2] = 0;
    }
    const p = sh.proxy[s]!;
    if (tree.moveProxyBox(p, aabb, o, disp, 0) || force) tree.getFatBox(p, sh.fat, o);
  }
}

/** Destroys shape slot `s` and its contacts (end events reported); `recomputeMass` updates the body. */
export function destroyShapeSlot3(w: World3, s: number, recomputeMass: boolean): void {
  const sh = w.shapes;
  const b = w.bodies;
  const bi = sh.body[s]!;
  const cs = w.contactStore;
  // the contacts of this shape, highest index first (removal swaps the last contact in)
  const doomed: number[] = [];
  for (let e = cs.edges.head[bi]!; e !== -1; e = cs.edges.next[e]!) {
    const c = e >> 1;
    if (cs.shapeA[c] === s || cs.shapeB[c] === s) doomed.push(c);
  }
  doomed.sort((x, y) => y - x);
  for (const c of doomed) {
    const other = cs.bodyA[c] === bi ? cs.bodyB[c]! : cs.bodyA[c]!;
    wakeBody3(b, w.islands, other);
    endContact3(w, c);
    cs.remove(c);
  }
  w.broadphase.destroyProxy(sh.proxy[s]!);
  // unlink from the body's list
  let prev = -1;
  for (let k = b.firstShape[bi]!; k !== -1; k = sh.next[k]!) {
    if (k === s) {
      if (prev === -1) b.firstShape[bi] = sh.next[k]!;
      else sh.next[prev] = sh.next[k]!;
      break;
    }
    prev = k;
  }
  b.shapeCount[bi] = b.shapeCount[bi]! - 1;
  sh.geom[s] = undefined as unknown as Shape3;
  sh.userData[s] = undefined;
  sh.free(s);
  if (recomputeMass && b.type[bi] !== BODY_STATIC) {
    updateMass3(w, bi);
    wakeBody3(b, w.islands, bi);
  }
}
