/**
 * The joint store (Box2D v3's joint.c storage, textbook §26.2 "ジョイントとモーター"): one slot per
 * joint in structure-of-arrays form — kind, the two body slots, flags, break thresholds, the
 * definition's numbers in a fixed block of `JP_STRIDE` per joint (named offsets `JP_*`, shared by
 * every kind), the accumulated impulses kept for the next step's warm start (`JI_STRIDE` per joint)
 * and the last step's reaction force and torque. Each body keeps a doubly linked list of its joint
 * edges (edge 2j is joint j's end on body A, 2j + 1 on body B), so islands, sleep, destroying a body
 * and the contact filter walk a body's joints without a search.
 */
import { grow } from '../../core/grow.js';
import { EdgeLists } from '../../dynamics/edge-lists.js';
import { SlotStore } from '../../dynamics/slot-store.js';

/** Joint kind codes (the order of `JOINT_KIND_NAMES`). */
export const JOINT_REVOLUTE = 0;
export const JOINT_PRISMATIC = 1;
export const JOINT_DISTANCE = 2;
export const JOINT_WELD = 3;
export const JOINT_WHEEL = 4;
export const JOINT_MOTOR = 5;
export const JOINT_MOUSE = 6;
export const JOINT_KIND_COUNT = 7;
export const JOINT_KIND_NAMES = [
  'revolute',
  'prismatic',
  'distance',
  'weld',
  'wheel',
  'motor',
  'mouse',
] as const;

// The definition block of a joint (JP_STRIDE numbers). Flags are stored as 0 / 1.
/** local anchor on A and on B, in each body's frame (relative to the body origin) */
export const JP_ANCHOR_AX = 0;
export const JP_ANCHOR_AY = 1;
export const JP_ANCHOR_BX = 2;
export const JP_ANCHOR_BY = 3;
/** reference angle (revolute, prismatic, weld, wheel); the angular offset of the motor joint */
export const JP_REFERENCE_ANGLE = 4;
/** unit axis in A's frame (prismatic, wheel) */
export const JP_AXIS_X = 5;
export const JP_AXIS_Y = 6;
export const JP_ENABLE_LIMIT = 7;
/** lower / upper limit: angle (revolute), translation (prismatic, wheel), min / max length (distance) */
export const JP_LOWER = 8;
export const JP_UPPER = 9;
export const JP_ENABLE_MOTOR = 10;
export const JP_MOTOR_SPEED = 11;
/** maxMotorTorque (revolute, wheel) or maxMotorForce (prismatic, distance) */
export const JP_MAX_MOTOR = 12;
export const JP_ENABLE_SPRING = 13;
/** spring stiffness (Hz) and damping ratio; the weld joint's linear pair */
export const JP_HERTZ = 14;
export const JP_DAMPING = 15;
/** rest length (distance) */
export const JP_LENGTH = 16;
/** the weld joint's angular stiffness (Hz) and damping ratio */
export const JP_ANGULAR_HERTZ = 17;
export const JP_ANGULAR_DAMPING = 18;
/** maxForce (motor, mouse) and maxTorque (motor) */
export const JP_MAX_FORCE = 19;
export const JP_MAX_TORQUE = 20;
/** correction factor (motor joint) */
export const JP_CORRECTION = 21;
/** target point in world coordinates (mouse) or the linear offset in A's frame (motor joint) */
export const JP_TARGET_X = 22;
export const JP_TARGET_Y = 23;
export const JP_STRIDE = 24;

/** Accumulated impulses kept per joint for warm starting; a kind uses as many as it needs. */
export const JI_STRIDE = 8;

/** The joints of one world. */
export class JointStore extends SlotStore {
  kind = new Uint8Array(0);
  bodyA = new Int32Array(0);
  bodyB = new Int32Array(0);
  collideConnected = new Uint8Array(0);
  breakForce = new Float64Array(0);
  breakTorque = new Float64Array(0);
  /** the definition's numbers (JP_* offsets) */
  param = new Float64Array(0);
  /** accumulated impulses (per substep in the soft step), kept for the next step's warm start */
  impulse = new Float64Array(0);
  /** the last step's reaction force (N) on body B and reaction torque (N·m) */
  forceX = new Float64Array(0);
  forceY = new Float64Array(0);
  torque = new Float64Array(0);
  userData: unknown[] = [];
  /** each body's list of its joints (dynamics/edge-lists.ts): edge 2j on body A, 2j + 1 on body B */
  readonly edges = new EdgeLists();
  /** live joints */
  live = 0;
  /**
   * joints ever created with a finite break force or torque (never decremented): while 0, no joint
   * can break and the step skips the break test
   */
  breakable = 0;

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
    this.forceX = grow(this.forceX, cap);
    this.forceY = grow(this.forceY, cap);
    this.torque = grow(this.torque, cap);
    this.edges.ensureConstraints(cap);
  }

  /** The body at the other end of edge `e`. */
  other(e: number): number {
    const j = e >> 1;
    return (e & 1) === 1 ? this.bodyA[j]! : this.bodyB[j]!;
  }
}
