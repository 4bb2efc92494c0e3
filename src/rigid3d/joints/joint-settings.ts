/**
 * Changing a 3D joint after creation: motor, limits, spring and the mouse target, validated like the
 * definition (`PhysicsError` naming the field); the joint's bodies wake so the change takes effect.
 */
import { assertFinite, PhysicsError } from '../../core/errors.js';
import { wakeBody3 } from '../sleep.js';
import type { World3 } from '../world.js';
import {
  JOINT3_DISTANCE as JOINT3_DISTANCE_,
  JOINT3_HINGE as JOINT3_HINGE_,
  JOINT3_KIND_NAMES as JOINT3_KIND_NAMES_,
  JOINT3_MOUSE as JOINT3_MOUSE_,
  JOINT3_SLIDER as JOINT3_SLIDER_,
  JP_DAMPING as JP_DAMPING_,
  JP_ENABLE_LIMIT as JP_ENABLE_LIMIT_,
  JP_ENABLE_MOTOR as JP_ENABLE_MOTOR_,
  JP_ENABLE_SPRING as JP_ENABLE_SPRING_,
  JP_HERTZ as JP_HERTZ_,
  JP_LOWER as JP_LOWER_,
  JP_MAX_MOTOR as JP_MAX_MOTOR_,
  JP_MOTOR_SPEED as JP_MOTOR_SPEED_,
  JP_STRIDE as JP_STRIDE_,
  JP_TARGET as JP_TARGET_,
  JP_UPPER as JP_UPPER_,
} from './joint-store.js';
import type { JointMotorSettings3, JointSpringSettings3 } from './joint-types.js';

// module-local copies of the imported layout constants (plain constants in the hot loops)
const JOINT3_DISTANCE = JOINT3_DISTANCE_;
const JOINT3_HINGE = JOINT3_HINGE_;
const JOINT3_KIND_NAMES = JOINT3_KIND_NAMES_;
const JOINT3_MOUSE = JOINT3_MOUSE_;
const JOINT3_SLIDER = JOINT3_SLIDER_;
const JP_DAMPING = JP_DAMPING_;
const JP_ENABLE_LIMIT = JP_ENABLE_LIMIT_;
const JP_ENABLE_MOTOR = JP_ENABLE_MOTOR_;
const JP_ENABLE_SPRING = JP_ENABLE_SPRING_;
const JP_HERTZ = JP_HERTZ_;
const JP_LOWER = JP_LOWER_;
const JP_MAX_MOTOR = JP_MAX_MOTOR_;
const JP_MOTOR_SPEED = JP_MOTOR_SPEED_;
const JP_STRIDE = JP_STRIDE_;
const JP_TARGET = JP_TARGET_;
const JP_UPPER = JP_UPPER_;

function wakeJoint(w: World3, j: number): void {
  wakeBody3(w.bodies, w.islands, w.joints.bodyA[j]!);
  wakeBody3(w.bodies, w.islands, w.joints.bodyB[j]!);
}

function requireKind(w: World3, j: number, kinds: readonly number[], what: string): void {
  const k = w.joints.kind[j]!;
  if (!kinds.includes(k)) {
    throw new PhysicsError('invalid-argument', `${what}: not defined for a '${JOINT3_KIND_NAMES[k]}' joint`);
  }
}

function number(v: unknown, where: string, min = Number.NEGATIVE_INFINITY): number {
  if (typeof v !== 'number')
    throw new PhysicsError('invalid-argument', `${where}: expected a number, got ${typeof v}`);
  assertFinite(v, where);
  if (v < min) throw new PhysicsError('invalid-argument', `${where}: must be >= ${min}, got ${v}`);
  return v;
}

function bool(v: unknown, where: string): number {
  if (typeof v !== 'boolean')
    throw new PhysicsError('invalid-argument', `${where}: expected a boolean, got ${JSON.stringify(v)}`);
  return v ? 1 : 0;
}

/** Hinge or slider motor: enable flag, speed, max torque (hinge) or force (slider). */
export function setJointMotor3(w: World3, j: number, m: JointMotorSettings3): void {
  requireKind(w, j, [JOINT3_HINGE, JOINT3_SLIDER], 'setJointMotor');
  const p = w.joints.param;
  const q = j * JP_STRIDE;
  const hinge = w.joints.kind[j] === JOINT3_HINGE;
  const enable = m.enableMotor === undefined ? undefined : bool(m.enableMotor, 'setJointMotor.enableMotor');
  const speed = m.motorSpeed === undefined ? undefined : number(m.motorSpeed, 'setJointMotor.motorSpeed');
  const maxName = hinge ? 'maxMotorTorque' : 'maxMotorForce';
  const raw = hinge ? m.maxMotorTorque : m.maxMotorForce;
  const max = raw === undefined ? undefined : number(raw, `setJointMotor.${maxName}`, 0);
  if (enable !== undefined) p[q + JP_ENABLE_MOTOR] = enable;
  if (speed !== undefined) p[q + JP_MOTOR_SPEED] = speed;
  if (max !== undefined) p[q + JP_MAX_MOTOR] = max;
  wakeJoint(w, j);
}

/** Hinge (angles in [−π, π]), slider (translations) or distance (lengths ≥ 0) limits; enables them. */
export function setJointLimits3(w: World3, j: number, lower: number, upper: number): void {
  requireKind(w, j, [JOINT3_HINGE, JOINT3_SLIDER, JOINT3_DISTANCE], 'setJointLimits');
  const kind = w.joints.kind[j]!;
  const min = kind === JOINT3_HINGE ? -Math.PI : kind === JOINT3_DISTANCE ? 0 : Number.NEGATIVE_INFINITY;
  const lo = number(lower, 'setJointLimits(lower)', min);
  const hi =
    kind === JOINT3_DISTANCE && upper === Number.POSITIVE_INFINITY
      ? upper
      : number(upper, 'setJointLimits(upper)', min);
  if (kind === JOINT3_HINGE && hi > Math.PI) {
    throw new PhysicsError('invalid-argument', `setJointLimits(upper): must be <= ${Math.PI}, got ${hi}`);
  }
  if (lo > hi)
    throw new PhysicsError('invalid-argument', `setJointLimits(lower): must be <= upper, got ${lo} > ${hi}`);
  const p = w.joints.param;
  const q = j * JP_STRIDE;
  p[q + JP_LOWER] = lo;
  p[q + JP_UPPER] = hi;
  p[q + JP_ENABLE_LIMIT] = 1;
  wakeJoint(w, j);
}

/** Hinge, slider, distance or mouse spring: enable flag (not mouse), Hz, damping ratio. */
export function setJointSpring3(w: World3, j: number, sp: JointSpringSettings3): void {
  requireKind(w, j, [JOINT3_HINGE, JOINT3_SLIDER, JOINT3_DISTANCE, JOINT3_MOUSE], 'setJointSpring');
  const mouse = w.joints.kind[j] === JOINT3_MOUSE;
  const enable =
    sp.enableSpring === undefined ? undefined : bool(sp.enableSpring, 'setJointSpring.enableSpring');
  const hz = sp.hertz === undefined ? undefined : number(sp.hertz, 'setJointSpring.hertz', 0);
  if (mouse && hz !== undefined && !(hz > 0)) {
    throw new PhysicsError(
      'invalid-argument',
      `setJointSpring.hertz: must be > 0 for a mouse joint, got ${hz}`,
    );
  }
  const zeta =
    sp.dampingRatio === undefined ? undefined : number(sp.dampingRatio, 'setJointSpring.dampingRatio', 0);
  const p = w.joints.param;
  const q = j * JP_STRIDE;
  if (enable !== undefined && !mouse) p[q + JP_ENABLE_SPRING] = enable;
  if (hz !== undefined) p[q + JP_HERTZ] = hz;
  if (zeta !== undefined) p[q + JP_DAMPING] = zeta;
  wakeJoint(w, j);
}

/** Moves a mouse joint's target. */
export function setMouseTarget3(w: World3, j: number, target: [number, number, number]): void {
  requireKind(w, j, [JOINT3_MOUSE], 'setJointTarget');
  const p = w.joints.param;
  const q = j * JP_STRIDE + JP_TARGET;
  p[q] = target[0];
  p[q + 1] = target[1];
  p[q + 2] = target[2];
  wakeJoint(w, j);
}
