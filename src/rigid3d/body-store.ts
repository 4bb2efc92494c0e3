/**
 * Body storage of the 3D world, structure of arrays (docs/design.md): one typed array per field,
 * indexed by the body's slot, growing by doubling. The state is the centre of mass (cx, cy, cz),
 * the orientation quaternion (qx, qy, qz, qw), the velocity and the world angular velocity; the
 * origin (the frame shapes live in) is c − R·localCenter. The body-space inertia and its inverse
 * are stored once (symmetric, 6 numbers each: xx, xy, xz, yy, yz, zz); the world inverse inertia
 * R I⁻¹ Rᵀ (textbook §26.2) is rebuilt whenever the orientation changes (finalize, teleports).
 * Static and kinematic bodies store inverse mass and inertia 0, so one formula serves every body.
 */
import { grow } from '../core/grow.js';
import { SlotStore } from '../dynamics/slot-store.js';

/** Body type code: never moves. */
export const BODY_STATIC = 0;
/** Body type code: moves by its velocity, unaffected by forces and contacts. */
export const BODY_KINEMATIC = 1;
/** Body type code: moved by forces and contacts. */
export const BODY_DYNAMIC = 2;

/** The body store (see the module comment). */
export class BodyStore3 extends SlotStore {
  /** type code per body */
  type = new Uint8Array(0);
  /** 1 while awake */
  awake = new Uint8Array(0);
  /** 1: no rotation */
  fixedRotation = new Uint8Array(0);
  /** 1: may sleep */
  sleepEnabled = new Uint8Array(0);
  /** 1: a bullet, swept against every shape by the continuous stage (continuous.ts) */
  bullet = new Uint8Array(0);

  /** centre of mass, world */
  cx = new Float64Array(0);
  /** centre of mass y */
  cy = new Float64Array(0);
  /** centre of mass z */
  cz = new Float64Array(0);
  /** orientation quaternion x */
  qx = new Float64Array(0);
  /** orientation y */
  qy = new Float64Array(0);
  /** orientation z */
  qz = new Float64Array(0);
  /** orientation w (scalar) */
  qw = new Float64Array(0);
  /** centre of mass in the body frame */
  lcx = new Float64Array(0);
  /** local centre y */
  lcy = new Float64Array(0);
  /** local centre z */
  lcz = new Float64Array(0);
  /** linear velocity */
  vx = new Float64Array(0);
  /** linear velocity y */
  vy = new Float64Array(0);
  /** linear velocity z */
  vz = new Float64Array(0);
  /** world angular velocity */
  wx = new Float64Array(0);
  /** angular velocity y */
  wy = new Float64Array(0);
  /** angular velocity z */
  wz = new Float64Array(0);
  /** accumulated force of the coming step */
  fx = new Float64Array(0);
  /** force y */
  fy = new Float64Array(0);
  /** force z */
  fz = new Float64Array(0);
  /** accumulated torque of the coming step */
  tx = new Float64Array(0);
  /** torque y */
  ty = new Float64Array(0);
  /** torque z */
  tz = new Float64Array(0);
  /** mass (0 for static and kinematic) */
  mass = new Float64Array(0);
  /** 1 / mass (0 for static and kinematic) */
  invMass = new Float64Array(0);
  /** body-space inertia about the centre of mass, 6 per body (xx, xy, xz, yy, yz, zz) */
  inertia = new Float64Array(0);
  /** body-space inverse inertia, 6 per body (stored once) */
  invInertia = new Float64Array(0);
  /** world inverse inertia R I⁻¹ Rᵀ, 6 per body (rebuilt when the orientation changes) */
  invInertiaWorld = new Float64Array(0);
  /** linear damping (1/s) */
  linearDamping = new Float64Array(0);
  /** angular damping (1/s) */
  angularDamping = new Float64Array(0);
  /** gravity multiplier */
  gravityScale = new Float64Array(0);
  /** largest distance from the centre of mass to the shapes' surface (the angular sleep test) */
  maxExtent = new Float64Array(0);
  /** seconds the body has been still */
  sleepTime = new Float64Array(0);
  /** first shape of the body's list (−1 = none) */
  firstShape = new Int32Array(0);
  /** number of shapes */
  shapeCount = new Int32Array(0);
  /** user values */
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
    this.cz = grow(this.cz, cap);
    this.qx = grow(this.qx, cap);
    this.qy = grow(this.qy, cap);
    this.qz = grow(this.qz, cap);
    this.qw = grow(this.qw, cap);
    this.lcx = grow(this.lcx, cap);
    this.lcy = grow(this.lcy, cap);
    this.lcz = grow(this.lcz, cap);
    this.vx = grow(this.vx, cap);
    this.vy = grow(this.vy, cap);
    this.vz = grow(this.vz, cap);
    this.wx = grow(this.wx, cap);
    this.wy = grow(this.wy, cap);
    this.wz = grow(this.wz, cap);
    this.fx = grow(this.fx, cap);
    this.fy = grow(this.fy, cap);
    this.fz = grow(this.fz, cap);
    this.tx = grow(this.tx, cap);
    this.ty = grow(this.ty, cap);
    this.tz = grow(this.tz, cap);
    this.mass = grow(this.mass, cap);
    this.invMass = grow(this.invMass, cap);
    this.inertia = grow(this.inertia, 6 * cap);
    this.invInertia = grow(this.invInertia, 6 * cap);
    this.invInertiaWorld = grow(this.invInertiaWorld, 6 * cap);
    this.linearDamping = grow(this.linearDamping, cap);
    this.angularDamping = grow(this.angularDamping, cap);
    this.gravityScale = grow(this.gravityScale, cap);
    this.maxExtent = grow(this.maxExtent, cap);
    this.sleepTime = grow(this.sleepTime, cap);
    this.firstShape = grow(this.firstShape, cap);
    this.shapeCount = grow(this.shapeCount, cap);
  }
}
