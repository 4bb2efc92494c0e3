/**
 * The 3D joint store (textbook §26.2 "ジョイントとモーター"; the storage of Box2D v3's joint.c in 3D):
 * one slot per joint in structure-of-arrays form — kind, the two body slots, flags, break
 * thresholds, the definition's numbers in a fixed block of `JP_STRIDE` per joint (named offsets
 * `JP_*`, shared by every kind), the accumulated impulses kept for the next step's warm start
 * (`JI_STRIDE` per joint) and the last step's reaction force and torque (world axes). Each body
 * keeps a linked list of its joint edges (edge 2j is joint j's end on body A, 2j + 1 on body B), so
 * islands, sleep, destroying a body and the contact filter walk a body's joints without a search.
 */
import { grow } from '../../core/grow.js';
import type { StoreFields } from '../../core/snapshot.js';
import { EdgeLists } from '../../dynamics/edge-lists.js';
import { SlotStore } from '../../dynamics/slot-store.js';

/** Joint kind code: ball-and-socket (spherical). */
export const JOINT3_BALL = 0;
/** Joint kind code: hinge (revolute). */
export const JOINT3_HINGE = 1;
/** Joint kind code: slider (prismatic). */
export const JOINT3_SLIDER = 2;
/** Joint kind code: fixed (weld). */
export const JOINT3_FIXED = 3;
/** Joint kind code: distance (rigid, rope, spring). */
export const JOINT3_DISTANCE = 4;
/** Joint kind code: cone-twist (swing cone and twist limits). */
export const JOINT3_CONE_TWIST = 5;
/** Joint kind code: generic six degrees of freedom. */
export const JOINT3_SIX_DOF = 6;
/** Joint kind code: mouse / target joint. */
export const JOINT3_MOUSE = 7;
/** Number of joint kinds. */
export const JOINT3_KIND_COUNT = 8;
/** The kind names, indexed by kind code. */
export const JOINT3_KIND_NAMES = [
  'ball',
  'hinge',
  'slider',
  'fixed',
  'distance',
  'cone-twist',
  'six-dof',
  'mouse',
] as const;

// ---- the definition block of a joint (JP_STRIDE numbers; flags stored as 0 / 1)
/** local anchor on A (3, body frame, relative to the body origin) */
export const JP_LA = 0;
/** local anchor on B (3) */
export const JP_LB = 3;
/** the joint frame in A's body frame, a quaternion (4): its x axis is the joint axis */
export const JP_FA = 6;
/** the joint frame in B's body frame (4) */
export const JP_FB = 10;
/** limit on (hinge, slider, distance) */
export const JP_ENABLE_LIMIT = 14;
/** lower limit: angle (hinge), translation (slider), min length (distance) */
export const JP_LOWER = 15;
/** upper limit */
export const JP_UPPER = 16;
/** motor on */
export const JP_ENABLE_MOTOR = 17;
/** motor target speed (rad/s or m/s) */
export const JP_MOTOR_SPEED = 18;
/** maxMotorTorque (hinge) or maxMotorForce (slider) */
export const JP_MAX_MOTOR = 19;
/** spring on */
export const JP_ENABLE_SPRING = 20;
/** spring (or soft fixed joint's linear) stiffness in Hz */
export const JP_HERTZ = 21;
/** spring damping ratio */
export const JP_DAMPING = 22;
/** rest length (distance) */
export const JP_LENGTH = 23;
/** the swing cone's half angle (cone-twist) */
export const JP_CONE = 24;
/** lower twist angle (cone-twist) */
export const JP_TWIST_LOWER = 25;
/** upper twist angle (cone-twist) */
export const JP_TWIST_UPPER = 26;
/** largest friction torque (cone-twist, N·m) */
export const JP_FRICTION = 27;
/** soft fixed joint: angular stiffness (Hz) */
export const JP_ANG_HERTZ = 28;
/** soft fixed joint: angular damping ratio */
export const JP_ANG_DAMPING = 29;
/** mouse target, world (3) */
export const JP_TARGET = 30;
/** mouse: largest force (N) */
export const JP_MAX_FORCE = 33;
/** six-dof: per axis (linear x, y, z, angular x, y, z) `JP_DOF_STRIDE` numbers from here */
export const JP_DOF = 34;
/** six-dof axis: mode (0 free, 1 locked, 2 limited) */
export const DOF_MODE = 0;
/** six-dof axis: lower limit */
export const DOF_LOWER = 1;
/** six-dof axis: upper limit */
export const DOF_UPPER = 2;
/** six-dof axis: 1 with a motor */
export const DOF_MOTOR = 3;
/** six-dof axis: motor speed */
export const DOF_SPEED = 4;
/** six-dof axis: largest motor force / torque */
export const DOF_MAX = 5;
/** numbers per six-dof axis */
export const JP_DOF_STRIDE = 6;
/** numbers per joint definition */
export const JP_STRIDE = JP_DOF + 6 * JP_DOF_STRIDE;

/** Accumulated impulses kept per joint for warm starting; a kind uses as many as it needs. */
export const JI_STRIDE = 18;

/** The joints of one 3D world. */
export class JointStore3 extends SlotStore {
  /** kind code per joint */
  kind = new Uint8Array(0);
  /** body slot A */
  bodyA = new Int32Array(0);
  /** body slot B */
  bodyB = new Int32Array(0);
  /** 1: the two bodies' shapes may collide */
  collideConnected = new Uint8Array(0);
  /** reaction force above which the joint breaks (N; Infinity: never) */
  breakForce = new Float64Array(0);
  /** reaction torque above which the joint breaks (N·m) */
  breakTorque = new Float64Array(0);
  /** the definition's numbers (JP_* offsets) */
  param = new Float64Array(0);
  /** accumulated impulses (per substep), kept for the next step's warm start */
  impulse = new Float64Array(0);
  /** the last step's reaction force on body B (N, world; 3 per joint) */
  force = new Float64Array(0);
  /** the last step's reaction torque on body B (N·m, world; 3 per joint) */
  torque = new Float64Array(0);
  /** user values */
  userData: unknown[] = [];
  /** each body's list of its joints (dynamics/edge-lists.ts): edge 2j on body A, 2j + 1 on body B */
  readonly edges = new EdgeLists();
  /** live joints */
  live = 0;

  protected override resize(cap: number): void {
    super.resize(cap);
    this.kind = grow(this.kind, cap);
    this.bodyA = grow(this.bodyA, cap);
    this.bodyB = grow(this.bodyB, cap);
    this.collideConnected = grow(this.collideConnected, cap);
    this.breakForce = grow(this.breakForce, cap);
    this.breakTorque = grow(this.breakTorque, cap);
    this.param = grow(this.param, cap * JP_STRIDE);
    this.impulse = grow(this.impulse, cap * JI_STRIDE);
    this.force = grow(this.force, 3 * cap);
    this.torque = grow(this.torque, 3 * cap);
    this.edges.ensureConstraints(cap);
  }

  /** The body at the other end of edge `e`. */
  other(e: number): number {
    const j = e >> 1;
    return (e & 1) === 1 ? this.bodyA[j]! : this.bodyB[j]!;
  }
}

/** The joint store's state for snapshots and the state hash (rigid3d/snapshot.ts). */
export const JOINT3_FIELDS: StoreFields = {
  capacity: 'capacity',
  used: 'count',
  scalars: ['capacity', 'count', 'live'],
  lists: ['freeList'],
  arrays: [
    ['alive', 1],
    ['generation', 1],
    ['kind', 1],
    ['bodyA', 1],
    ['bodyB', 1],
    ['collideConnected', 1],
    ['breakForce', 1],
    ['breakTorque', 1],
    ['param', JP_STRIDE],
    ['impulse', JI_STRIDE],
    ['force', 3],
    ['torque', 3],
  ],
};

/** The per-body part of the joints' edge lists. */
export const JOINT3_EDGE_BODY_FIELDS: StoreFields = {
  capacity: 'bodyCapacity',
  scalars: ['bodyCapacity'],
  arrays: [
    ['head', 1],
    ['count', 1],
  ],
};

/** The per-edge part of the joints' edge lists (two edges per joint slot). */
export const JOINT3_EDGE_FIELDS: StoreFields = {
  capacity: 'edgeCapacity',
  scalars: ['edgeCapacity'],
  arrays: [
    ['prev', 1],
    ['next', 1],
  ],
};
