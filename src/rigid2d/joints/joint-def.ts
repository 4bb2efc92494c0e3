/**
 * Creating and destroying joints (Box2D v3's joint.c): a joint definition is validated field by
 * field (errors are `PhysicsError('invalid-argument')` naming the field, `joint.lowerAngle: must be
 * <= upperAngle, got …`) and written into the joint store's definition block; the joint is linked
 * into both bodies' joint lists and joins their islands (a jointed pair sleeps and wakes together,
 * textbook §26.2 "スリープ"); with `collideConnected` false the contacts between the two bodies are
 * removed and no new ones are made (contact.ts asks `jointBlocksCollision`).
 */
import { assertFinite, PhysicsError } from '../../core/errors.js';
import { BODY_DYNAMIC } from '../body-store.js';
import { endContact } from '../contact.js';
import { HANDLE_BODY, slotOf } from '../handles.js';
import { wakeBody } from '../sleep.js';
import type { JointDef, Vec2Tuple } from '../types.js';
import type { World } from '../world.js';
import {
  JI_STRIDE,
  JOINT_DISTANCE,
  JOINT_KIND_NAMES,
  JOINT_MOTOR,
  JOINT_MOUSE,
  JOINT_PRISMATIC,
  JOINT_REVOLUTE,
  JOINT_WELD,
  JOINT_WHEEL,
  type JointStore,
  JP_ANCHOR_AX,
  JP_ANCHOR_AY,
  JP_ANCHOR_BX,
  JP_ANCHOR_BY,
  JP_ANGULAR_DAMPING,
  JP_ANGULAR_HERTZ,
  JP_AXIS_X,
  JP_AXIS_Y,
  JP_CORRECTION,
  JP_DAMPING,
  JP_ENABLE_LIMIT,
  JP_ENABLE_MOTOR,
  JP_ENABLE_SPRING,
  JP_HERTZ,
  JP_LENGTH,
  JP_LOWER,
  JP_MAX_FORCE,
  JP_MAX_MOTOR,
  JP_MAX_TORQUE,
  JP_MOTOR_SPEED,
  JP_REFERENCE_ANGLE,
  JP_STRIDE,
  JP_TARGET_X,
  JP_TARGET_Y,
  JP_UPPER,
} from './joint-store.js';

const W = 'joint';

/** A finite number ≥ `min` (default `dflt`). */
function num(def: object, field: string, dflt: number, min = Number.NEGATIVE_INFINITY): number {
  const v = (def as Record<string, unknown>)[field];
  if (v === undefined) return dflt;
  if (typeof v !== 'number') {
    throw new PhysicsError('invalid-argument', `${W}.${field}: expected a number, got ${typeof v}`);
  }
  assertFinite(v, `${W}.${field}`);
  if (v < min) throw new PhysicsError('invalid-argument', `${W}.${field}: must be >= ${min}, got ${v}`);
  return v;
}

/** A number > 0 or Infinity (break thresholds, max lengths), default `dflt`. */
function limitOrInfinity(def: object, field: string, dflt: number, min: number): number {
  const v = (def as Record<string, unknown>)[field];
  if (v === undefined) return dflt;
  if (typeof v !== 'number' || Number.isNaN(v) || v === Number.NEGATIVE_INFINITY) {
    throw new PhysicsError(
      'invalid-argument',
      `${W}.${field}: expected a number or Infinity, got ${String(v)}`,
    );
  }
  if (v < min) throw new PhysicsError('invalid-argument', `${W}.${field}: must be >= ${min}, got ${v}`);
  return v;
}

function flag(def: object, field: string, dflt: boolean): number {
  const v = (def as Record<string, unknown>)[field];
  if (v === undefined) return dflt ? 1 : 0;
  if (typeof v !== 'boolean') {
    throw new PhysicsError('invalid-argument', `${W}.${field}: expected a boolean, got ${JSON.stringify(v)}`);
  }
  return v ? 1 : 0;
}

function pair(def: object, field: string, dflt: [number, number]): [number, number] {
  const v = (def as Record<string, unknown>)[field] as Vec2Tuple | undefined;
  if (v === undefined) return dflt;
  if (!Array.isArray(v) || v.length !== 2) {
    throw new PhysicsError('invalid-argument', `${W}.${field}: expected [x, y], got ${JSON.stringify(v)}`);
  }
  return [assertFinite(v[0], `${W}.${field}[0]`), assertFinite(v[1], `${W}.${field}[1]`)];
}

function axis(def: object, field: string, dflt: [number, number]): [number, number] {
  const [x, y] = pair(def, field, dflt);
  const len = Math.sqrt(x * x + y * y);
  if (!(len > 1e-12)) {
    throw new PhysicsError('invalid-argument', `${W}.${field}: must not be zero, got [${x}, ${y}]`);
  }
  return [x / len, y / len];
}

function ordered(lower: number, upper: number, lowerName: string, upperName: string): void {
  if (lower > upper) {
    throw new PhysicsError(
      'invalid-argument',
      `${W}.${lowerName}: must be <= ${upperName}, got ${lower} > ${upper}`,
    );
  }
}

/** World point → body slot `i`'s local frame (relative to the body origin). */
function toLocal(w: World, i: number, x: number, y: number): [number, number] {
  const b = w.bodies;
  const c = b.qc[i]!;
  const s = b.qs[i]!;
  const ox = b.cx[i]! - (c * b.lcx[i]! - s * b.lcy[i]!);
  const oy = b.cy[i]! - (s * b.lcx[i]! + c * b.lcy[i]!);
  const dx = x - ox;
  const dy = y - oy;
  return [c * dx + s * dy, -s * dx + c * dy];
}

/** Body-local point of slot `i` → world. */
export function toWorld(w: World, i: number, x: number, y: number): [number, number] {
  const b = w.bodies;
  const c = b.qc[i]!;
  const s = b.qs[i]!;
  const ox = b.cx[i]! - (c * b.lcx[i]! - s * b.lcy[i]!);
  const oy = b.cy[i]! - (s * b.lcx[i]! + c * b.lcy[i]!);
  return [ox + c * x - s * y, oy + s * x + c * y];
}

/** Validates `def` and fills a new joint slot; returns its index. */
export function createJointSlot(w: World, def: JointDef): number {
  if (def === null || typeof def !== 'object') {
    throw new PhysicsError('invalid-argument', `${W}: expected a joint definition, got ${String(def)}`);
  }
  const code = (JOINT_KIND_NAMES as readonly string[]).indexOf(def.kind as string);
  if (code < 0) {
    throw new PhysicsError(
      'invalid-argument',
      `${W}.kind: expected ${JOINT_KIND_NAMES.map((k) => `'${k}'`).join(' | ')}, got ${JSON.stringify(def.kind)}`,
    );
  }
  const a = slotOf(w.bodies, w.tag, HANDLE_BODY, def.bodyA, `${W}.bodyA`);
  const bb = slotOf(w.bodies, w.tag, HANDLE_BODY, def.bodyB, `${W}.bodyB`);
  if (a === bb) throw new PhysicsError('invalid-argument', `${W}.bodyB: must differ from bodyA`);
  const p = new Float64Array(JP_STRIDE);
  const collide = flag(def, 'collideConnected', false);
  const breakForce = limitOrInfinity(def, 'breakForce', Number.POSITIVE_INFINITY, 0);
  const breakTorque = limitOrInfinity(def, 'breakTorque', Number.POSITIVE_INFINITY, 0);
  if (code !== JOINT_MOTOR && code !== JOINT_MOUSE) {
    const [ax, ay] = pair(def, 'localAnchorA', [0, 0]);
    const [bx, by] = pair(def, 'localAnchorB', [0, 0]);
    p[JP_ANCHOR_AX] = ax;
    p[JP_ANCHOR_AY] = ay;
    p[JP_ANCHOR_BX] = bx;
    p[JP_ANCHOR_BY] = by;
  }
  if (code === JOINT_REVOLUTE || code === JOINT_PRISMATIC || code === JOINT_WELD) {
    p[JP_REFERENCE_ANGLE] = num(def, 'referenceAngle', 0);
  }
  if (code === JOINT_REVOLUTE) {
    p[JP_ENABLE_LIMIT] = flag(def, 'enableLimit', false);
    p[JP_LOWER] = num(def, 'lowerAngle', 0);
    p[JP_UPPER] = num(def, 'upperAngle', 0);
    ordered(p[JP_LOWER]!, p[JP_UPPER]!, 'lowerAngle', 'upperAngle');
    p[JP_ENABLE_MOTOR] = flag(def, 'enableMotor', false);
    p[JP_MOTOR_SPEED] = num(def, 'motorSpeed', 0);
    p[JP_MAX_MOTOR] = num(def, 'maxMotorTorque', 0, 0);
    p[JP_ENABLE_SPRING] = flag(def, 'enableSpring', false);
    p[JP_HERTZ] = num(def, 'hertz', 0, 0);
    p[JP_DAMPING] = num(def, 'dampingRatio', 0, 0);
  } else if (code === JOINT_PRISMATIC || code === JOINT_WHEEL) {
    const wheel = code === JOINT_WHEEL;
    const [ux, uy] = axis(def, 'localAxisA', wheel ? [0, 1] : [1, 0]);
    p[JP_AXIS_X] = ux;
    p[JP_AXIS_Y] = uy;
    p[JP_ENABLE_LIMIT] = flag(def, 'enableLimit', false);
    p[JP_LOWER] = num(def, 'lowerTranslation', 0);
    p[JP_UPPER] = num(def, 'upperTranslation', 0);
    ordered(p[JP_LOWER]!, p[JP_UPPER]!, 'lowerTranslation', 'upperTranslation');
    p[JP_ENABLE_MOTOR] = flag(def, 'enableMotor', false);
    p[JP_MOTOR_SPEED] = num(def, 'motorSpeed', 0);
    p[JP_MAX_MOTOR] = wheel ? num(def, 'maxMotorTorque', 0, 0) : num(def, 'maxMotorForce', 0, 0);
    p[JP_ENABLE_SPRING] = flag(def, 'enableSpring', wheel);
    p[JP_HERTZ] = num(def, 'hertz', wheel ? 1 : 0, 0);
    p[JP_DAMPING] = num(def, 'dampingRatio', wheel ? 0.7 : 0, 0);
  } else if (code === JOINT_DISTANCE) {
    const [pax, pay] = toWorld(w, a, p[JP_ANCHOR_AX]!, p[JP_ANCHOR_AY]!);
    const [pbx, pby] = toWorld(w, bb, p[JP_ANCHOR_BX]!, p[JP_ANCHOR_BY]!);
    const current = Math.sqrt((pbx - pax) ** 2 + (pby - pay) ** 2);
    const length = num(def, 'length', current, 0);
    if (!(length > 0)) {
      throw new PhysicsError('invalid-argument', `${W}.length: must be > 0, got ${length}`);
    }
    p[JP_LENGTH] = length;
    p[JP_ENABLE_LIMIT] = flag(def, 'enableLimit', false);
    p[JP_LOWER] = num(def, 'minLength', 0, 0);
    p[JP_UPPER] = limitOrInfinity(def, 'maxLength', Number.POSITIVE_INFINITY, 0);
    ordered(p[JP_LOWER]!, p[JP_UPPER]!, 'minLength', 'maxLength');
    p[JP_ENABLE_SPRING] = flag(def, 'enableSpring', false);
    p[JP_HERTZ] = num(def, 'hertz', 0, 0);
    p[JP_DAMPING] = num(def, 'dampingRatio', 0, 0);
    p[JP_ENABLE_MOTOR] = flag(def, 'enableMotor', false);
    p[JP_MOTOR_SPEED] = num(def, 'motorSpeed', 0);
    p[JP_MAX_MOTOR] = num(def, 'maxMotorForce', 0, 0);
  } else if (code === JOINT_WELD) {
    p[JP_HERTZ] = num(def, 'linearHertz', 0, 0);
    p[JP_DAMPING] = num(def, 'linearDampingRatio', 0, 0);
    p[JP_ANGULAR_HERTZ] = num(def, 'angularHertz', 0, 0);
    p[JP_ANGULAR_DAMPING] = num(def, 'angularDampingRatio', 0, 0);
  } else if (code === JOINT_MOTOR) {
    const [ox, oy] = pair(def, 'linearOffset', [0, 0]);
    p[JP_TARGET_X] = ox;
    p[JP_TARGET_Y] = oy;
    p[JP_REFERENCE_ANGLE] = num(def, 'angularOffset', 0);
    p[JP_MAX_FORCE] = num(def, 'maxForce', 1, 0);
    p[JP_MAX_TORQUE] = num(def, 'maxTorque', 1, 0);
    const cf = num(def, 'correctionFactor', 0.3, 0);
    if (cf > 1) throw new PhysicsError('invalid-argument', `${W}.correctionFactor: must be <= 1, got ${cf}`);
    p[JP_CORRECTION] = cf;
  } else {
    // mouse: B's anchor is the point of B under the target
    if ((def as { target?: unknown }).target === undefined) {
      throw new PhysicsError('invalid-argument', `${W}.target: required for a mouse joint`);
    }
    const [tx, ty] = pair(def, 'target', [0, 0]);
    p[JP_TARGET_X] = tx;
    p[JP_TARGET_Y] = ty;
    const [lx, ly] = toLocal(w, bb, tx, ty);
    p[JP_ANCHOR_BX] = lx;
    p[JP_ANCHOR_BY] = ly;
    const [alx, aly] = toLocal(w, a, tx, ty);
    p[JP_ANCHOR_AX] = alx;
    p[JP_ANCHOR_AY] = aly;
    const hz = num(def, 'hertz', 5, 0);
    if (!(hz > 0)) throw new PhysicsError('invalid-argument', `${W}.hertz: must be > 0, got ${hz}`);
    p[JP_HERTZ] = hz;
    p[JP_DAMPING] = num(def, 'dampingRatio', 0.7, 0);
    const g = Math.sqrt(w.gravityX * w.gravityX + w.gravityY * w.gravityY);
    p[JP_MAX_FORCE] = num(def, 'maxForce', 1000 * w.bodies.mass[bb]! * (g > 0 ? g : 10), 0);
  }

  const js = w.joints;
  js.edges.ensureBodies(w.bodies.capacity);
  const j = js.allocate();
  js.kind[j] = code;
  js.bodyA[j] = a;
  js.bodyB[j] = bb;
  js.collideConnected[j] = collide;
  js.breakForce[j] = breakForce;
  js.breakTorque[j] = breakTorque;
  if (breakForce < Number.POSITIVE_INFINITY || breakTorque < Number.POSITIVE_INFINITY) js.breakable++;
  js.param.set(p, j * JP_STRIDE);
  js.impulse.fill(0, j * JI_STRIDE, (j + 1) * JI_STRIDE);
  js.forceX[j] = 0;
  js.forceY[j] = 0;
  js.torque[j] = 0;
  js.userData[j] = def.userData;
  js.edges.link(2 * j, a);
  js.edges.link(2 * j + 1, bb);
  js.live++;
  const b = w.bodies;
  if (b.type[a] === BODY_DYNAMIC && b.type[bb] === BODY_DYNAMIC) {
    // wake both first: a sleeping island must not be merged into an awake one
    wakeBody(b, w.islands, a);
    wakeBody(b, w.islands, bb);
    w.islands.link(a, bb);
  }
  wakeBody(b, w.islands, a);
  wakeBody(b, w.islands, bb);
  if (!collide) destroyContactsBetween(w, a, bb);
  return j;
}

/** Removes the contacts between body slots `a` and `b` (end events are reported). */
function destroyContactsBetween(w: World, a: number, bb: number): void {
  const cs = w.contactStore;
  for (let e = cs.edges.head[a]!; e !== -1; ) {
    const c = e >> 1;
    const next = cs.edges.next[e]!;
    if ((cs.bodyA[c] === a && cs.bodyB[c] === bb) || (cs.bodyA[c] === bb && cs.bodyB[c] === a)) {
      endContact(w, c);
      cs.remove(c);
      e = cs.edges.head[a]!; // the list changed: restart
      continue;
    }
    e = next;
  }
}

/** Destroys joint slot `j`: unlinked from its bodies and their island (which may split), bodies woken. */
export function destroyJointSlot(w: World, j: number): void {
  const js = w.joints;
  const a = js.bodyA[j]!;
  const bb = js.bodyB[j]!;
  js.edges.unlink(2 * j, a);
  js.edges.unlink(2 * j + 1, bb);
  const b = w.bodies;
  if (b.alive[a] === 1) wakeBody(b, w.islands, a);
  if (b.alive[bb] === 1) wakeBody(b, w.islands, bb);
  w.islands.unlink(a, bb);
  js.userData[j] = undefined;
  js.live--;
  js.free(j);
}

/** Destroys every joint on body slot `i` (before the body goes). */
export function destroyBodyJoints(w: World, i: number): void {
  const js = w.joints;
  if (i >= js.edges.bodyCapacity) return;
  while (js.edges.head[i]! !== -1) destroyJointSlot(w, js.edges.head[i]! >> 1);
}

/** Is there a joint between body slots `a` and `b` that keeps their shapes from colliding? */
export function jointBlocksCollision(js: JointStore, a: number, b: number): boolean {
  if (a >= js.edges.bodyCapacity || b >= js.edges.bodyCapacity) return false;
  // walk the shorter list
  const from = js.edges.count[a]! <= js.edges.count[b]! ? a : b;
  const to = from === a ? b : a;
  for (let e = js.edges.head[from]!; e !== -1; e = js.edges.next[e]!) {
    if (js.other(e) === to && js.collideConnected[e >> 1] === 0) return true;
  }
  return false;
}
