/**
 * Creating and destroying 3D joints (Box2D v3's joint.c): a joint definition is validated field by
 * field (errors are `PhysicsError('invalid-argument')` naming the field, `joint.lowerAngle: must be
 * <= upperAngle, got …`), its world anchor and axis are turned into each body's frame and written
 * into the joint store's definition block; the joint is linked into both bodies' joint lists and
 * joins their islands (a jointed pair sleeps and wakes together, textbook §26.2 "スリープ"); with
 * `collideConnected` false the contacts between the two bodies are removed and no new ones are made
 * (contact.ts asks `jointBlocksCollision3`).
 */
import { assertFinite, PhysicsError } from '../../core/errors.js';
import { BODY_DYNAMIC } from '../body-store.js';
import { endContact3 } from '../contact.js';
import { HANDLE_BODY, slotOf } from '../handles.js';
import { wakeBody3 } from '../sleep.js';
import type { Vec3Tuple } from '../types.js';
import type { World3 } from '../world.js';
import {
  DOF_LOWER as DOF_LOWER_,
  DOF_MAX as DOF_MAX_,
  DOF_MODE as DOF_MODE_,
  DOF_MOTOR as DOF_MOTOR_,
  DOF_SPEED as DOF_SPEED_,
  DOF_UPPER as DOF_UPPER_,
  JI_STRIDE as JI_STRIDE_,
  JOINT3_BALL as JOINT3_BALL_,
  JOINT3_CONE_TWIST as JOINT3_CONE_TWIST_,
  JOINT3_DISTANCE as JOINT3_DISTANCE_,
  JOINT3_FIXED as JOINT3_FIXED_,
  JOINT3_HINGE as JOINT3_HINGE_,
  JOINT3_MOUSE as JOINT3_MOUSE_,
  JOINT3_SIX_DOF as JOINT3_SIX_DOF_,
  JOINT3_SLIDER as JOINT3_SLIDER_,
  JP_ANG_DAMPING as JP_ANG_DAMPING_,
  JP_ANG_HERTZ as JP_ANG_HERTZ_,
  JP_CONE as JP_CONE_,
  JP_DAMPING as JP_DAMPING_,
  JP_DOF as JP_DOF_,
  JP_DOF_STRIDE as JP_DOF_STRIDE_,
  JP_ENABLE_LIMIT as JP_ENABLE_LIMIT_,
  JP_ENABLE_MOTOR as JP_ENABLE_MOTOR_,
  JP_ENABLE_SPRING as JP_ENABLE_SPRING_,
  JP_FA as JP_FA_,
  JP_FB as JP_FB_,
  JP_FRICTION as JP_FRICTION_,
  JP_HERTZ as JP_HERTZ_,
  JP_LA as JP_LA_,
  JP_LB as JP_LB_,
  JP_LENGTH as JP_LENGTH_,
  JP_LOWER as JP_LOWER_,
  JP_MAX_FORCE as JP_MAX_FORCE_,
  JP_MAX_MOTOR as JP_MAX_MOTOR_,
  JP_MOTOR_SPEED as JP_MOTOR_SPEED_,
  JP_STRIDE as JP_STRIDE_,
  JP_TARGET as JP_TARGET_,
  JP_TWIST_LOWER as JP_TWIST_LOWER_,
  JP_TWIST_UPPER as JP_TWIST_UPPER_,
  JP_UPPER as JP_UPPER_,
} from './joint-store.js';
import type { JointDef3, SixDofAxis3 } from './joint-types.js';

// module-local copies of the imported layout constants (plain constants in the hot loops)
const DOF_LOWER = DOF_LOWER_;
const DOF_MAX = DOF_MAX_;
const DOF_MODE = DOF_MODE_;
const DOF_MOTOR = DOF_MOTOR_;
const DOF_SPEED = DOF_SPEED_;
const DOF_UPPER = DOF_UPPER_;
const JI_STRIDE = JI_STRIDE_;
const JOINT3_BALL = JOINT3_BALL_;
const JOINT3_CONE_TWIST = JOINT3_CONE_TWIST_;
const JOINT3_DISTANCE = JOINT3_DISTANCE_;
const JOINT3_FIXED = JOINT3_FIXED_;
const JOINT3_HINGE = JOINT3_HINGE_;
const JOINT3_MOUSE = JOINT3_MOUSE_;
const JOINT3_SIX_DOF = JOINT3_SIX_DOF_;
const JOINT3_SLIDER = JOINT3_SLIDER_;
const JP_ANG_DAMPING = JP_ANG_DAMPING_;
const JP_ANG_HERTZ = JP_ANG_HERTZ_;
const JP_CONE = JP_CONE_;
const JP_DAMPING = JP_DAMPING_;
const JP_DOF = JP_DOF_;
const JP_DOF_STRIDE = JP_DOF_STRIDE_;
const JP_ENABLE_LIMIT = JP_ENABLE_LIMIT_;
const JP_ENABLE_MOTOR = JP_ENABLE_MOTOR_;
const JP_ENABLE_SPRING = JP_ENABLE_SPRING_;
const JP_FA = JP_FA_;
const JP_FB = JP_FB_;
const JP_FRICTION = JP_FRICTION_;
const JP_HERTZ = JP_HERTZ_;
const JP_LA = JP_LA_;
const JP_LB = JP_LB_;
const JP_LENGTH = JP_LENGTH_;
const JP_LOWER = JP_LOWER_;
const JP_MAX_FORCE = JP_MAX_FORCE_;
const JP_MAX_MOTOR = JP_MAX_MOTOR_;
const JP_MOTOR_SPEED = JP_MOTOR_SPEED_;
const JP_STRIDE = JP_STRIDE_;
const JP_TARGET = JP_TARGET_;
const JP_TWIST_LOWER = JP_TWIST_LOWER_;
const JP_TWIST_UPPER = JP_TWIST_UPPER_;
const JP_UPPER = JP_UPPER_;

const W = 'joint';
const KINDS: Record<string, number> = {
  ball: JOINT3_BALL,
  hinge: JOINT3_HINGE,
  slider: JOINT3_SLIDER,
  prismatic: JOINT3_SLIDER,
  fixed: JOINT3_FIXED,
  distance: JOINT3_DISTANCE,
  'cone-twist': JOINT3_CONE_TWIST,
  'six-dof': JOINT3_SIX_DOF,
  mouse: JOINT3_MOUSE,
};

function field(def: object, name: string): unknown {
  return (def as Record<string, unknown>)[name];
}

/** A finite number in [min, max] (default `dflt`); errors name `joint.<prefix><name>`. */
function num(
  def: object,
  name: string,
  dflt: number,
  min = Number.NEGATIVE_INFINITY,
  max = Number.POSITIVE_INFINITY,
  prefix = '',
): number {
  const v = field(def, name);
  const path = `${W}.${prefix}${name}`;
  if (v === undefined) return dflt;
  if (typeof v !== 'number') {
    throw new PhysicsError('invalid-argument', `${path}: expected a number, got ${typeof v}`);
  }
  assertFinite(v, path);
  if (v < min) throw new PhysicsError('invalid-argument', `${path}: must be >= ${min}, got ${v}`);
  if (v > max) throw new PhysicsError('invalid-argument', `${path}: must be <= ${max}, got ${v}`);
  return v;
}

/** A number ≥ `min` or Infinity (break thresholds, max lengths). */
function limitOrInfinity(def: object, name: string, dflt: number, min: number): number {
  const v = field(def, name);
  if (v === undefined) return dflt;
  if (typeof v !== 'number' || Number.isNaN(v) || v === Number.NEGATIVE_INFINITY) {
    throw new PhysicsError(
      'invalid-argument',
      `${W}.${name}: expected a number or Infinity, got ${String(v)}`,
    );
  }
  if (v < min) throw new PhysicsError('invalid-argument', `${W}.${name}: must be >= ${min}, got ${v}`);
  return v;
}

function flag(def: object, name: string, dflt: boolean): number {
  const v = field(def, name);
  if (v === undefined) return dflt ? 1 : 0;
  if (typeof v !== 'boolean') {
    throw new PhysicsError('invalid-argument', `${W}.${name}: expected a boolean, got ${JSON.stringify(v)}`);
  }
  return v ? 1 : 0;
}

function vec(def: object, name: string): [number, number, number] | undefined {
  const v = field(def, name) as Vec3Tuple | undefined;
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || v.length !== 3) {
    throw new PhysicsError('invalid-argument', `${W}.${name}: expected [x, y, z], got ${JSON.stringify(v)}`);
  }
  return [
    assertFinite(v[0], `${W}.${name}[0]`),
    assertFinite(v[1], `${W}.${name}[1]`),
    assertFinite(v[2], `${W}.${name}[2]`),
  ];
}

function unit(v: [number, number, number], name: string): [number, number, number] {
  const len = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  if (!(len > 1e-12))
    throw new PhysicsError('invalid-argument', `${W}.${name}: must not be zero, got [${v.join(', ')}]`);
  return [v[0] / len, v[1] / len, v[2] / len];
}

function ordered(lower: number, upper: number, lowerName: string, upperName: string): void {
  if (lower > upper) {
    throw new PhysicsError(
      'invalid-argument',
      `${W}.${lowerName}: must be <= ${upperName}, got ${lower} > ${upper}`,
    );
  }
}

/**
 * The world frame quaternion whose x axis is `axis` and whose y axis is the part of `normal`
 * perpendicular to it (any perpendicular when `normal` is absent or parallel).
 */
export function frameQuaternion(
  axis: [number, number, number],
  normal?: [number, number, number],
): [number, number, number, number] {
  const x = axis;
  let n = normal;
  let d = n ? n[0] * x[0] + n[1] * x[1] + n[2] * x[2] : 0;
  let y: [number, number, number] = n ? [n[0] - d * x[0], n[1] - d * x[1], n[2] - d * x[2]] : [0, 0, 0];
  let ly = Math.sqrt(y[0] * y[0] + y[1] * y[1] + y[2] * y[2]);
  if (!(ly > 1e-9)) {
    n = Math.abs(x[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0];
    d = n[0] * x[0] + n[1] * x[1] + n[2] * x[2];
    y = [n[0] - d * x[0], n[1] - d * x[1], n[2] - d * x[2]];
    ly = Math.sqrt(y[0] * y[0] + y[1] * y[1] + y[2] * y[2]);
  }
  y = [y[0] / ly, y[1] / ly, y[2] / ly];
  const z: [number, number, number] = [
    x[1] * y[2] - x[2] * y[1],
    x[2] * y[0] - x[0] * y[2],
    x[0] * y[1] - x[1] * y[0],
  ];
  // rotation matrix with columns x, y, z → quaternion (Shepperd)
  const m00 = x[0];
  const m11 = y[1];
  const m22 = z[2];
  const tr = m00 + m11 + m22;
  let q: [number, number, number, number];
  if (tr > 0) {
    const s = 2 * Math.sqrt(tr + 1);
    q = [(y[2] - z[1]) / s, (z[0] - x[2]) / s, (x[1] - y[0]) / s, 0.25 * s];
  } else if (m00 > m11 && m00 > m22) {
    const s = 2 * Math.sqrt(1 + m00 - m11 - m22);
    q = [0.25 * s, (y[0] + x[1]) / s, (z[0] + x[2]) / s, (y[2] - z[1]) / s];
  } else if (m11 > m22) {
    const s = 2 * Math.sqrt(1 + m11 - m00 - m22);
    q = [(y[0] + x[1]) / s, 0.25 * s, (z[1] + y[2]) / s, (z[0] - x[2]) / s];
  } else {
    const s = 2 * Math.sqrt(1 + m22 - m00 - m11);
    q = [(z[0] + x[2]) / s, (z[1] + y[2]) / s, 0.25 * s, (x[1] - y[0]) / s];
  }
  const l = Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  return [q[0] / l, q[1] / l, q[2] / l, q[3] / l];
}

/** conj(q_i) ⊗ f, the world frame `f` in body slot i's frame, into param[k..k+3]. */
function localFrame(w: World3, i: number, f: [number, number, number, number], k: number): void {
  const b = w.bodies;
  const x = -b.qx[i]!;
  const y = -b.qy[i]!;
  const z = -b.qz[i]!;
  const qw = b.qw[i]!;
  const p = w.joints.param;
  p[k] = qw * f[0] + x * f[3] + y * f[2] - z * f[1];
  p[k + 1] = qw * f[1] - x * f[2] + y * f[3] + z * f[0];
  p[k + 2] = qw * f[2] + x * f[1] - y * f[0] + z * f[3];
  p[k + 3] = qw * f[3] - x * f[0] - y * f[1] - z * f[2];
}

/** World point → body slot i's frame (relative to the body origin), into param[k..k+2]. */
function localPoint(w: World3, i: number, pt: [number, number, number], k: number): void {
  const b = w.bodies;
  const x = b.qx[i]!;
  const y = b.qy[i]!;
  const z = b.qz[i]!;
  const qw = b.qw[i]!;
  // v = p − c, then Rᵀ v, then + localCenter
  const vx = pt[0] - b.cx[i]!;
  const vy = pt[1] - b.cy[i]!;
  const vz = pt[2] - b.cz[i]!;
  // rotate by the conjugate (−x, −y, −z, w)
  const tx = 2 * (-y * vz + z * vy);
  const ty = 2 * (-z * vx + x * vz);
  const tz = 2 * (-x * vy + y * vx);
  const p = w.joints.param;
  p[k] = vx + qw * tx + (-y * tz + z * ty) + b.lcx[i]!;
  p[k + 1] = vy + qw * ty + (-z * tx + x * tz) + b.lcy[i]!;
  p[k + 2] = vz + qw * tz + (-x * ty + y * tx) + b.lcz[i]!;
}

/** The world position of body slot i's origin. */
function origin(w: World3, i: number): [number, number, number] {
  const b = w.bodies;
  const x = b.qx[i]!;
  const y = b.qy[i]!;
  const z = b.qz[i]!;
  const qw = b.qw[i]!;
  const lx = b.lcx[i]!;
  const ly = b.lcy[i]!;
  const lz = b.lcz[i]!;
  const tx = 2 * (y * lz - z * ly);
  const ty = 2 * (z * lx - x * lz);
  const tz = 2 * (x * ly - y * lx);
  return [
    b.cx[i]! - (lx + qw * tx + (y * tz - z * ty)),
    b.cy[i]! - (ly + qw * ty + (z * tx - x * tz)),
    b.cz[i]! - (lz + qw * tz + (x * ty - y * tx)),
  ];
}

function sixDofAxis(
  p: Float64Array,
  v: SixDofAxis3 | undefined,
  name: string,
  angular: boolean,
  k: number,
): void {
  let mode = 1;
  let lower = 0;
  let upper = 0;
  let motor = 0;
  let speed = 0;
  let max = 0;
  if (v === undefined || v === 'locked') mode = 1;
  else if (v === 'free') mode = 0;
  else if (typeof v === 'object' && v !== null) {
    const path = `${name}`;
    const m = (v as { mode?: unknown }).mode;
    if (m !== undefined && m !== 'free' && m !== 'locked' && m !== 'limited') {
      throw new PhysicsError(
        'invalid-argument',
        `${W}.${path}.mode: expected 'free' | 'locked' | 'limited', got ${JSON.stringify(m)}`,
      );
    }
    const lim = angular ? Math.PI : Number.POSITIVE_INFINITY;
    lower = num(v, 'lower', 0, -lim, lim, `${path}.`);
    upper = num(v, 'upper', 0, -lim, lim, `${path}.`);
    ordered(lower, upper, `${path}.lower`, `${path}.upper`);
    const given =
      (v as { lower?: unknown }).lower !== undefined || (v as { upper?: unknown }).upper !== undefined;
    mode = m === 'free' ? 0 : m === 'locked' ? 1 : m === 'limited' || given ? 2 : 0;
    max = num(v, 'maxMotorForce', 0, 0, Number.POSITIVE_INFINITY, `${path}.`);
    speed = num(v, 'motorSpeed', 0, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY, `${path}.`);
    motor = max > 0 ? 1 : 0;
  } else {
    throw new PhysicsError(
      'invalid-argument',
      `${W}.${name}: expected 'free' | 'locked' | { lower, upper, … }, got ${JSON.stringify(v)}`,
    );
  }
  p[k + DOF_MODE] = mode;
  p[k + DOF_LOWER] = lower;
  p[k + DOF_UPPER] = upper;
  p[k + DOF_MOTOR] = motor;
  p[k + DOF_SPEED] = speed;
  p[k + DOF_MAX] = max;
}

/** Validates a joint definition (kind, bodies, every numeric field) and creates it; returns the joint slot. */
export function createJointSlot3(w: World3, def: JointDef3): number {
  if (def === null || typeof def !== 'object') {
    throw new PhysicsError('invalid-argument', `${W}: expected an object, got ${JSON.stringify(def)}`);
  }
  const kindName = (def as { kind?: unknown }).kind;
  const kind = typeof kindName === 'string' ? KINDS[kindName] : undefined;
  if (kind === undefined) {
    throw new PhysicsError(
      'invalid-argument',
      `${W}.kind: expected ${Object.keys(KINDS)
        .map((k) => `'${k}'`)
        .join(' | ')}, got ${JSON.stringify(kindName)}`,
    );
  }
  const b = w.bodies;
  const a = slotOf(b, w.tag, HANDLE_BODY, def.bodyA, `${W}.bodyA`);
  const bb = slotOf(b, w.tag, HANDLE_BODY, def.bodyB, `${W}.bodyB`);
  if (a === bb) throw new PhysicsError('invalid-argument', `${W}.bodyB: must differ from bodyA`);
  if (b.type[a] !== BODY_DYNAMIC && b.type[bb] !== BODY_DYNAMIC) {
    throw new PhysicsError('invalid-argument', `${W}.bodyB: one of the two bodies must be dynamic`);
  }
  // every field checked before anything is written
  const collide = flag(def, 'collideConnected', false);
  const breakForce = limitOrInfinity(def, 'breakForce', Number.POSITIVE_INFINITY, 0);
  const breakTorque = limitOrInfinity(def, 'breakTorque', Number.POSITIVE_INFINITY, 0);
  const values = new Float64Array(JP_STRIDE);
  const set = (k: number, v: number): void => {
    values[k] = v;
  };
  let anchorA: [number, number, number];
  let anchorB: [number, number, number];
  if (kind === JOINT3_DISTANCE) {
    anchorA = vec(def, 'anchorA') ?? origin(w, a);
    anchorB = vec(def, 'anchorB') ?? origin(w, bb);
  } else if (kind === JOINT3_MOUSE) {
    const target = vec(def, 'target');
    if (target === undefined)
      throw new PhysicsError('invalid-argument', `${W}.target: required for a mouse joint`);
    anchorA = vec(def, 'anchor') ?? target;
    anchorB = anchorA;
    set(JP_TARGET, target[0]);
    set(JP_TARGET + 1, target[1]);
    set(JP_TARGET + 2, target[2]);
  } else {
    anchorA = vec(def, 'anchor') ?? origin(w, bb);
    anchorB = anchorA;
  }
  const dfltAxis: [number, number, number] = kind === JOINT3_HINGE ? [0, 0, 1] : [1, 0, 0];
  const axisV = vec(def, 'axis');
  const axis = unit(axisV ?? dfltAxis, 'axis');
  const normalV = vec(def, 'normal');
  const frame: [number, number, number, number] =
    kind === JOINT3_FIXED || kind === JOINT3_BALL || kind === JOINT3_MOUSE || kind === JOINT3_DISTANCE
      ? [0, 0, 0, 1]
      : frameQuaternion(axis, normalV === undefined ? undefined : unit(normalV, 'normal'));
  switch (kind) {
    case JOINT3_HINGE: {
      set(JP_ENABLE_LIMIT, flag(def, 'enableLimit', false));
      const lo = num(def, 'lowerAngle', 0, -Math.PI, Math.PI);
      const hi = num(def, 'upperAngle', 0, -Math.PI, Math.PI);
      ordered(lo, hi, 'lowerAngle', 'upperAngle');
      set(JP_LOWER, lo);
      set(JP_UPPER, hi);
      set(JP_ENABLE_MOTOR, flag(def, 'enableMotor', false));
      set(JP_MOTOR_SPEED, num(def, 'motorSpeed', 0));
      set(JP_MAX_MOTOR, num(def, 'maxMotorTorque', 0, 0));
      set(JP_ENABLE_SPRING, flag(def, 'enableSpring', false));
      set(JP_HERTZ, num(def, 'hertz', 0, 0));
      set(JP_DAMPING, num(def, 'dampingRatio', 0, 0));
      break;
    }
    case JOINT3_SLIDER: {
      set(JP_ENABLE_LIMIT, flag(def, 'enableLimit', false));
      const lo = num(def, 'lowerTranslation', 0);
      const hi = num(def, 'upperTranslation', 0);
      ordered(lo, hi, 'lowerTranslation', 'upperTranslation');
      set(JP_LOWER, lo);
      set(JP_UPPER, hi);
      set(JP_ENABLE_MOTOR, flag(def, 'enableMotor', false));
      set(JP_MOTOR_SPEED, num(def, 'motorSpeed', 0));
      set(JP_MAX_MOTOR, num(def, 'maxMotorForce', 0, 0));
      set(JP_ENABLE_SPRING, flag(def, 'enableSpring', false));
      set(JP_HERTZ, num(def, 'hertz', 0, 0));
      set(JP_DAMPING, num(def, 'dampingRatio', 0, 0));
      break;
    }
    case JOINT3_FIXED:
      set(JP_HERTZ, num(def, 'linearHertz', 0, 0));
      set(JP_DAMPING, num(def, 'linearDampingRatio', 0, 0));
      set(JP_ANG_HERTZ, num(def, 'angularHertz', 0, 0));
      set(JP_ANG_DAMPING, num(def, 'angularDampingRatio', 0, 0));
      break;
    case JOINT3_DISTANCE: {
      const dx = anchorB[0] - anchorA[0];
      const dy = anchorB[1] - anchorA[1];
      const dz = anchorB[2] - anchorA[2];
      const current = Math.sqrt(dx * dx + dy * dy + dz * dz);
      const length = num(def, 'length', current, 0);
      set(JP_LENGTH, length);
      set(JP_ENABLE_LIMIT, flag(def, 'enableLimit', false));
      const lo = num(def, 'minLength', 0, 0);
      const hi = limitOrInfinity(def, 'maxLength', Number.POSITIVE_INFINITY, 0);
      ordered(lo, hi, 'minLength', 'maxLength');
      set(JP_LOWER, lo);
      set(JP_UPPER, hi);
      set(JP_ENABLE_SPRING, flag(def, 'enableSpring', false));
      set(JP_HERTZ, num(def, 'hertz', 0, 0));
      set(JP_DAMPING, num(def, 'dampingRatio', 0, 0));
      break;
    }
    case JOINT3_CONE_TWIST: {
      set(JP_CONE, num(def, 'coneAngle', Math.PI / 4, 0, Math.PI));
      const lo = num(def, 'lowerTwist', -Math.PI / 4, -Math.PI, Math.PI);
      const hi = num(def, 'upperTwist', Math.PI / 4, -Math.PI, Math.PI);
      ordered(lo, hi, 'lowerTwist', 'upperTwist');
      set(JP_TWIST_LOWER, lo);
      set(JP_TWIST_UPPER, hi);
      set(JP_FRICTION, num(def, 'maxFrictionTorque', 0, 0));
      break;
    }
    case JOINT3_MOUSE: {
      set(JP_HERTZ, num(def, 'hertz', 5, 0));
      if (!(values[JP_HERTZ]! > 0))
        throw new PhysicsError('invalid-argument', `${W}.hertz: must be > 0 for a mouse joint, got 0`);
      set(JP_DAMPING, num(def, 'dampingRatio', 0.7, 0));
      const g = w.gravity;
      const gl = Math.sqrt(g[0]! * g[0]! + g[1]! * g[1]! + g[2]! * g[2]!);
      set(JP_MAX_FORCE, num(def, 'maxForce', 1000 * b.mass[bb]! * gl, 0));
      break;
    }
    default:
      break;
  }
  const d = def as unknown as Record<string, SixDofAxis3 | undefined>;
  const dofNames = ['linearX', 'linearY', 'linearZ', 'angularX', 'angularY', 'angularZ'] as const;
  const js = w.joints;
  const la = vec(def, 'localAnchorA');
  const lb = vec(def, 'localAnchorB');
  if (kind === JOINT3_SIX_DOF) {
    for (let k = 0; k < 6; k++)
      sixDofAxis(values, d[dofNames[k]!], dofNames[k]!, k >= 3, JP_DOF + k * JP_DOF_STRIDE);
  }

  const j = js.allocate();
  js.live++;
  js.kind[j] = kind;
  js.bodyA[j] = a;
  js.bodyB[j] = bb;
  js.collideConnected[j] = collide;
  js.breakForce[j] = breakForce;
  js.breakTorque[j] = breakTorque;
  const q = j * JP_STRIDE;
  js.param.set(values, q);
  if (la) js.param.set(la, q + JP_LA);
  else localPoint(w, a, anchorA, q + JP_LA);
  if (lb) js.param.set(lb, q + JP_LB);
  else localPoint(w, bb, anchorB, q + JP_LB);
  localFrame(w, a, frame, q + JP_FA);
  localFrame(w, bb, frame, q + JP_FB);
  js.impulse.fill(0, j * JI_STRIDE, (j + 1) * JI_STRIDE);
  js.force.fill(0, 3 * j, 3 * j + 3);
  js.torque.fill(0, 3 * j, 3 * j + 3);
  js.userData[j] = (def as { userData?: unknown }).userData;
  js.edges.ensureBodies(b.capacity);
  js.edges.linkPair(j, a, bb);
  wakeBody3(b, w.islands, a);
  wakeBody3(b, w.islands, bb);
  w.islands.link(a, bb);
  if (!collide) destroyContactsBetween3(w, a, bb);
  return j;
}

/** Removes the contacts between body slots a and b (end events reported). */
export function destroyContactsBetween3(w: World3, a: number, b: number): void {
  const cs = w.contactStore;
  for (let c = cs.count - 1; c >= 0; c--) {
    const ca = cs.bodyA[c]!;
    const cb = cs.bodyB[c]!;
    if ((ca === a && cb === b) || (ca === b && cb === a)) {
      endContact3(w, c);
      cs.remove(c);
    }
  }
}

/** Does a joint without collideConnected join body slots a and b? (the pair filter asks this) */
export function jointBlocksCollision3(w: World3, a: number, b: number): boolean {
  const js = w.joints;
  const edges = js.edges;
  if (a >= edges.bodyCapacity || b >= edges.bodyCapacity) return false;
  const body = edges.count[a]! <= edges.count[b]! ? a : b;
  const other = body === a ? b : a;
  for (let e = edges.head[body]!; e !== -1; e = edges.next[e]!) {
    if (js.other(e) === other && js.collideConnected[e >> 1] === 0) return true;
  }
  return false;
}

/** Destroys joint slot `j`: its bodies wake, their islands may split, the handle goes stale. */
export function destroyJointSlot3(w: World3, j: number): void {
  const js = w.joints;
  const a = js.bodyA[j]!;
  const b = js.bodyB[j]!;
  wakeBody3(w.bodies, w.islands, a);
  wakeBody3(w.bodies, w.islands, b);
  w.islands.unlink(a, b);
  js.edges.unlinkPair(j, a, b);
  js.userData[j] = undefined;
  js.free(j);
  js.live--;
}

/** Destroys every joint of body slot `i` (before the body itself goes). */
export function destroyBodyJoints3(w: World3, i: number): void {
  const edges = w.joints.edges;
  if (i >= edges.bodyCapacity) return;
  while (edges.head[i]! !== -1) destroyJointSlot3(w, edges.head[i]! >> 1);
}
