/**
 * Shape storage of the 3D world (structure of arrays): each shape's geometry (geometry/shapes3d.ts)
 * with its placement in the body frame (7 numbers: position, quaternion), material, filter bits,
 * and its tight and fattened world boxes (6 numbers each: min xyz, max xyz).
 */
import { grow } from '../core/grow.js';
import { SlotStore } from '../dynamics/slot-store.js';
import type { Shape3 } from '../geometry/shapes3d.js';

/** The shape store (see the module comment). */
export class ShapeStore3 extends SlotStore {
  /** owning body slot */
  body = new Int32Array(0);
  /** next shape of the same body (−1 ends the list) */
  next = new Int32Array(0);
  /** the geometry kind (ShapeKind3) */
  kind = new Uint8Array(0);
  /** kg/m³ */
  density = new Float64Array(0);
  /** Coulomb μ */
  friction = new Float64Array(0);
  /** e */
  restitution = new Float64Array(0);
  /** rolling resistance lever arm (m) */
  rolling = new Float64Array(0);
  /** torsional friction lever arm (m) */
  torsion = new Float64Array(0);
  /** 1: sensor */
  sensor = new Uint8Array(0);
  /** 1: report contact events */
  events = new Uint8Array(0);
  /** filter category bits */
  category = new Uint32Array(0);
  /** filter mask bits */
  mask = new Uint32Array(0);
  /** filter group */
  group = new Int32Array(0);
  /** placement in the body frame, 7 per shape [px, py, pz, qx, qy, qz, qw] */
  local = new Float64Array(0);
  /** fattened broadphase box, 6 per shape */
  fat = new Float64Array(0);
  /** tight world box of the last step, 6 per shape */
  aabb = new Float64Array(0);
  /** broadphase proxy */
  proxy = new Int32Array(0);
  /** geometry objects */
  geom: Shape3[] = [];
  /** user values */
  userData: unknown[] = [];

  protected override resize(cap: number): void {
    super.resize(cap);
    this.body = grow(this.body, cap);
    this.next = grow(this.next, cap);
    this.kind = grow(this.kind, cap);
    this.density = grow(this.density, cap);
    this.friction = grow(this.friction, cap);
    this.restitution = grow(this.restitution, cap);
    this.rolling = grow(this.rolling, cap);
    this.torsion = grow(this.torsion, cap);
    this.sensor = grow(this.sensor, cap);
    this.events = grow(this.events, cap);
    this.category = grow(this.category, cap);
    this.mask = grow(this.mask, cap);
    this.group = grow(this.group, cap);
    this.local = grow(this.local, 7 * cap);
    this.fat = grow(this.fat, 6 * cap);
    this.aabb = grow(this.aabb, 6 * cap);
    this.proxy = grow(this.proxy, cap);
  }
}

/** Box2D's filtering rule: a shared non-zero group decides by its sign; otherwise the bits, both ways. */
export function shouldCollide3(s: ShapeStore3, a: number, b: number): boolean {
  const ga = s.group[a]!;
  if (ga !== 0 && ga === s.group[b]!) return ga > 0;
  return (s.mask[a]! & s.category[b]!) !== 0 && (s.mask[b]! & s.category[a]!) !== 0;
}
