/**
 * Body storage, structure of arrays (docs/design.md): one Float64Array per field, indexed by the
 * body's slot, growing by doubling. The state is the centre of mass (cx, cy) and the rotation
 * as (qc, qs) = (cos θ, sin θ); the origin (the frame shapes live in) is c − R·localCenter.
 * Static and kinematic bodies store inverse mass 0, so one formula serves every body (§26.2).
 */

import { grow } from '../core/grow.js';
import { SlotStore } from '../dynamics/slot-store.js';

/** Body type code: a static body: never moves, infinite mass. */
export const BODY_STATIC = 0;
/** Body type code: a kinematic body: moves with its set velocity, infinite mass. */
export const BODY_KINEMATIC = 1;
/** Body type code: a dynamic body: moved by forces, contacts and joints. */
export const BODY_DYNAMIC = 2;

export class BodyStore extends SlotStore {
  type = new Uint8Array(0);
  awake = new Uint8Array(0);
  fixedRotation = new Uint8Array(0);
  sleepEnabled = new Uint8Array(0);
  /** 1: continuous collision against every shape, not only static and kinematic ones (continuous.ts) */
  bullet = new Uint8Array(0);

  cx = new Float64Array(0);
  cy = new Float64Array(0);
  qc = new Float64Array(0);
  qs = new Float64Array(0);
  lcx = new Float64Array(0);
  lcy = new Float64Array(0);
  vx = new Float64Array(0);
  vy = new Float64Array(0);
  w = new Float64Array(0);
  fx = new Float64Array(0);
  fy = new Float64Array(0);
  torque = new Float64Array(0);
  mass = new Float64Array(0);
  invMass = new Float64Array(0);
  inertia = new Float64Array(0);
  invI = new Float64Array(0);
  linearDamping = new Float64Array(0);
  angularDamping = new Float64Array(0);
  gravityScale = new Float64Array(0);
  /** largest distance from the centre of mass to a shape's extent (for the angular sleep test) */
  maxExtent = new Float64Array(0);
  /** smallest half-size of the body's shapes (a circle's radius, a box's smaller half-width): continuous.ts calls a body fast when it moves more than a quarter of this in a step */
  minExtent = new Float64Array(0);
  sleepTime = new Float64Array(0);
  /** position and rotation change within the current step (the soft-step's current separation) */
  dpx = new Float64Array(0);
  dpy = new Float64Array(0);
  dqc = new Float64Array(0);
  dqs = new Float64Array(0);

  /** first shape of the body's shape list (−1 = none) */
  firstShape = new Int32Array(0);
  shapeCount = new Int32Array(0);
  userData: unknown[] = [];

  protected override resize(cap: number): void {
    super.resize(cap);
    this.type = grow(this.type, cap);
    this.awake = grow(this.awake, cap);
    this.fixedRotation = grow(this.fixedRotation, cap);
    this.sleepEnabled = grow(this.sleepEnabled, cap);
    this.bullet = grow(this.bullet, cap);
    this.cx = grow(this.cx, cap);
    this.cy = grow(this.cy, cap);
    this.qc = grow(this.qc, cap);
    this.qs = grow(this.qs, cap);
    this.lcx = grow(this.lcx, cap);
    this.lcy = grow(this.lcy, cap);
    this.vx = grow(this.vx, cap);
    this.vy = grow(this.vy, cap);
    this.w = grow(this.w, cap);
    this.fx = grow(this.fx, cap);
    this.fy = grow(this.fy, cap);
    this.torque = grow(this.torque, cap);
    this.mass = grow(this.mass, cap);
    this.invMass = grow(this.invMass, cap);
    this.inertia = grow(this.inertia, cap);
    this.invI = grow(this.invI, cap);
    this.linearDamping = grow(this.linearDamping, cap);
    this.angularDamping = grow(this.angularDamping, cap);
    this.gravityScale = grow(this.gravityScale, cap);
    this.maxExtent = grow(this.maxExtent, cap);
    this.minExtent = grow(this.minExtent, cap);
    this.sleepTime = grow(this.sleepTime, cap);
    this.dpx = grow(this.dpx, cap);
    this.dpy = grow(this.dpy, cap);
    this.dqc = grow(this.dqc, cap);
    this.dqs = grow(this.dqs, cap);
    this.firstShape = grow(this.firstShape, cap);
    this.shapeCount = grow(this.shapeCount, cap);
  }
}
