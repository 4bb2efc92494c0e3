/**
 * A ray-cast vehicle for the 3D world (textbook §26.2's forces and impulses on one rigid body;
 * the ray-cast car of Bullet's btRaycastVehicle after Kenny Erleben's and Erwin Coumans' design,
 * with the tyre forces clamped to the friction circle as in Pacejka's "Tyre and Vehicle Dynamics",
 * 2006, ch. 1, in its simplest form).
 *
 * The chassis is an ordinary dynamic body; the wheels are not bodies. Each frame, before
 * `world.step(dt)`, {@link RaycastVehicle3.update} casts one ray per wheel from its suspension mount
 * down the chassis' up axis, over the spring's rest length plus the wheel radius, and applies at the
 * contact point:
 *
 * - the suspension: a spring and damper along the chassis' up axis, F = k·x + c·ẋ (x the
 *   compression, never pulling), so a car at rest sinks by m·g/(4k) on four equal springs;
 * - the longitudinal tyre force along the wheel's heading in the ground plane: the engine's
 *   torque / radius on the driven wheels, or a brake force that opposes the rolling speed and never
 *   reverses it (it removes at most the wheel's share of the rolling speed in a frame), plus a small
 *   rolling resistance;
 * - the lateral tyre force across the heading: it removes the wheel's share of the sideways
 *   sliding speed within the frame, with the chassis' effective mass at the contact (1/(1/m +
 *   (r×l)·I⁻¹(r×l))) divided among the wheels on the ground, so the four do not overshoot together
 *   (a stiff tyre without slip angle);
 * - both clamped together to the friction circle |F| ≤ μ·N with N the suspension force.
 *
 * The steered wheels turn by `steer × maxSteer` about the chassis' up axis. Ground bodies that are
 * dynamic get the opposite forces. The wheels' spin (for drawing) follows the rolling speed.
 */
import { assertFinite, PhysicsError } from '../core/errors.js';
import { pcos, psin } from '../math/portable.js';
import type { BodyId3, Vec3Tuple } from './types.js';
import type { World3 } from './world.js';

/** One wheel of {@link VehicleDef3}. */
export interface WheelDef3 {
  /** the suspension mount in the chassis frame (the top of the spring), m */
  position: Vec3Tuple;
  /** wheel radius (m, > 0), default 0.35 */
  radius?: number;
  /** the spring's rest length (m, > 0), default 0.3 */
  restLength?: number;
  /** spring stiffness k (N/m, > 0), default 30,000 */
  stiffness?: number;
  /** damping c (N·s/m, ≥ 0), default 2,500 */
  damping?: number;
  /** tyre friction coefficient μ (≥ 0), default 1 */
  friction?: number;
  /** turned by the steering, default false */
  steered?: boolean;
  /** driven by the engine, default false */
  driven?: boolean;
  /** braked, default true */
  braked?: boolean;
}

/** `new RaycastVehicle3(world, def)`. */
export interface VehicleDef3 {
  /** the chassis body (dynamic) */
  chassis: BodyId3;
  /** the wheels (at least one) */
  wheels: WheelDef3[];
  /** the chassis' forward axis in its own frame (unit), default [0, 0, 1] */
  forward?: Vec3Tuple;
  /** the chassis' up axis in its own frame (unit, ⟂ forward), default [0, 1, 0] */
  up?: Vec3Tuple;
  /** engine torque on each driven wheel at full throttle (N·m, ≥ 0), default 600 */
  engineTorque?: number;
  /** brake torque on each braked wheel at full brake (N·m, ≥ 0), default 1,500 */
  brakeTorque?: number;
  /** the steered wheels' largest angle (rad, in [0, π/2)), default 0.5 */
  maxSteer?: number;
  /** rolling resistance coefficient (force / normal force, ≥ 0), default 0.01 */
  rollingResistance?: number;
  /**
   * where the tyre forces act, in [0, 1]: 1 (default) at the contact point; less raises them
   * towards the centre of mass's height along the up axis, which lessens the rolling and pitching
   * torque (Bullet's roll influence: an arcade car that does not tip over in tight turns)
   */
  rollInfluence?: number;
}

/** The driver's input, each in its range. */
export interface VehicleInput3 {
  /** −1 (full reverse) … 1 (full forward) */
  throttle?: number;
  /** 0 … 1 */
  brake?: number;
  /** −1 … 1 (positive turns towards up × forward) */
  steer?: number;
}

function num(v: number | undefined, where: string, dflt: number, min: number, strict: boolean): number {
  if (v === undefined) return dflt;
  assertFinite(v, where);
  if (strict ? !(v > min) : !(v >= min))
    throw new PhysicsError('invalid-argument', `${where}: must be ${strict ? '>' : '>='} ${min}, got ${v}`);
  return v;
}

function unit(
  v: Vec3Tuple | undefined,
  where: string,
  dflt: [number, number, number],
): [number, number, number] {
  if (v === undefined) return dflt;
  if (!Array.isArray(v) || v.length !== 3)
    throw new PhysicsError('invalid-argument', `${where}: expected [x, y, z], got ${JSON.stringify(v)}`);
  for (let k = 0; k < 3; k++) assertFinite(v[k]!, `${where}[${k}]`);
  const l = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  if (!(l > 0.999999 && l < 1.000001))
    throw new PhysicsError('invalid-argument', `${where}: must be a unit vector, got length ${l}`);
  return [v[0], v[1], v[2]];
}

/** One wheel's settings and its state of the last update. */
export class Wheel3 {
  /** mount in the chassis frame */
  readonly mount: [number, number, number];
  /** radius (m) */
  readonly radius: number;
  /** spring rest length (m) */
  readonly restLength: number;
  /** stiffness (N/m) */
  readonly stiffness: number;
  /** damping (N·s/m) */
  readonly damping: number;
  /** tyre μ */
  readonly friction: number;
  /** steered */
  readonly steered: boolean;
  /** driven */
  readonly driven: boolean;
  /** braked */
  readonly braked: boolean;
  /** touching the ground at the last update */
  contact = false;
  /** spring compression (m, 0 in the air) */
  compression = 0;
  /** suspension force (N) */
  suspensionForce = 0;
  /** the steering angle (rad) */
  steerAngle = 0;
  /** rolling speed along the heading (m/s) */
  speed = 0;
  /** the wheel's spin angle (rad, for drawing) */
  rotation = 0;
  /** the contact point (world) */
  readonly point = new Float64Array(3);
  /** the ground normal at the contact */
  readonly normal = new Float64Array([0, 1, 0]);
  /** the wheel centre (world) */
  readonly center = new Float64Array(3);

  constructor(def: WheelDef3, where: string) {
    if (def === null || typeof def !== 'object')
      throw new PhysicsError('invalid-argument', `${where}: expected an object, got ${JSON.stringify(def)}`);
    if (!Array.isArray(def.position) || def.position.length !== 3)
      throw new PhysicsError(
        'invalid-argument',
        `${where}.position: expected [x, y, z], got ${JSON.stringify(def.position)}`,
      );
    for (let k = 0; k < 3; k++) assertFinite(def.position[k]!, `${where}.position[${k}]`);
    this.mount = [def.position[0], def.position[1], def.position[2]];
    this.radius = num(def.radius, `${where}.radius`, 0.35, 0, true);
    this.restLength = num(def.restLength, `${where}.restLength`, 0.3, 0, true);
    this.stiffness = num(def.stiffness, `${where}.stiffness`, 30000, 0, true);
    this.damping = num(def.damping, `${where}.damping`, 2500, 0, false);
    this.friction = num(def.friction, `${where}.friction`, 1, 0, false);
    this.steered = def.steered === true;
    this.driven = def.driven === true;
    this.braked = def.braked !== false;
  }
}

/** A ray-cast vehicle (see the module comment). Call {@link RaycastVehicle3.update} before each `world.step(dt)`. */
export class RaycastVehicle3 {
  /** the world */
  readonly world: World3;
  /** the chassis body */
  readonly chassis: BodyId3;
  /** the wheels */
  readonly wheels: Wheel3[];
  /** engine torque per driven wheel (N·m) */
  readonly engineTorque: number;
  /** brake torque per braked wheel (N·m) */
  readonly brakeTorque: number;
  /** largest steering angle (rad) */
  readonly maxSteer: number;
  /** rolling resistance coefficient */
  readonly rollingResistance: number;
  /** where the tyre forces act: 1 at the contact, 0 at the centre of mass's height */
  readonly rollInfluence: number;
  /** throttle in [−1, 1] */
  throttle = 0;
  /** brake in [0, 1] */
  brake = 0;
  /** steering in [−1, 1] */
  steer = 0;
  private readonly fwdLocal: [number, number, number];
  private readonly upLocal: [number, number, number];

  constructor(world: World3, def: VehicleDef3) {
    if (def === null || typeof def !== 'object')
      throw new PhysicsError('invalid-argument', `vehicle: expected an object, got ${JSON.stringify(def)}`);
    this.world = world;
    if (world.getBodyType(def.chassis) !== 'dynamic')
      throw new PhysicsError('invalid-argument', 'vehicle.chassis: must be a dynamic body');
    this.chassis = def.chassis;
    if (!Array.isArray(def.wheels) || def.wheels.length === 0)
      throw new PhysicsError('invalid-argument', 'vehicle.wheels: needs at least one wheel');
    this.wheels = def.wheels.map((w, k) => new Wheel3(w, `vehicle.wheels[${k}]`));
    this.fwdLocal = unit(def.forward, 'vehicle.forward', [0, 0, 1]);
    this.upLocal = unit(def.up, 'vehicle.up', [0, 1, 0]);
    const f = this.fwdLocal;
    const u = this.upLocal;
    if (Math.abs(f[0] * u[0] + f[1] * u[1] + f[2] * u[2]) > 1e-6)
      throw new PhysicsError('invalid-argument', 'vehicle.up: must be perpendicular to vehicle.forward');
    this.engineTorque = num(def.engineTorque, 'vehicle.engineTorque', 600, 0, false);
    this.brakeTorque = num(def.brakeTorque, 'vehicle.brakeTorque', 1500, 0, false);
    this.maxSteer = num(def.maxSteer, 'vehicle.maxSteer', 0.5, 0, false);
    if (this.maxSteer >= Math.PI / 2)
      throw new PhysicsError('invalid-argument', `vehicle.maxSteer: must be < π/2, got ${this.maxSteer}`);
    this.rollingResistance = num(def.rollingResistance, 'vehicle.rollingResistance', 0.01, 0, false);
    this.rollInfluence = num(def.rollInfluence, 'vehicle.rollInfluence', 1, 0, false);
    if (this.rollInfluence > 1)
      throw new PhysicsError(
        'invalid-argument',
        `vehicle.rollInfluence: must be <= 1, got ${this.rollInfluence}`,
      );
  }

  /** Sets the driver's input (each value clamped to its range; absent values keep theirs). */
  setInput(input: VehicleInput3): void {
    const clamp = (v: number | undefined, lo: number, where: string, old: number): number =>
      v === undefined ? old : Math.max(lo, Math.min(1, assertFinite(v, where)));
    this.throttle = clamp(input.throttle, -1, 'input.throttle', this.throttle);
    this.brake = clamp(input.brake, 0, 'input.brake', this.brake);
    this.steer = clamp(input.steer, -1, 'input.steer', this.steer);
  }

  /** The chassis' forward speed (m/s, along its forward axis). */
  forwardSpeed(): number {
    const w = this.world;
    const q = w.getOrientation(this.chassis);
    const f = rotate(q, this.fwdLocal);
    const v = w.getLinearVelocity(this.chassis);
    return v[0] * f[0] + v[1] * f[1] + v[2] * f[2];
  }

  /** Casts the wheels and applies the suspension and tyre forces for a frame of `dt` seconds. */
  update(dt: number): void {
    assertFinite(dt, 'update(dt)');
    if (!(dt > 0)) throw new PhysicsError('invalid-argument', `update(dt): must be > 0, got ${dt}`);
    const w = this.world;
    const id = this.chassis;
    const q = w.getOrientation(id);
    const origin = w.getPosition(id);
    const com = w.getWorldCenter(id);
    const v = w.getLinearVelocity(id);
    const om = w.getAngularVelocity(id);
    const up = rotate(q, this.upLocal);
    const fwd = rotate(q, this.fwdLocal);
    // side = up × forward
    const side = cross(up, fwd);
    const mass = w.getMass(id);
    const invMass = mass > 0 ? 1 / mass : 0;
    const invI = w.getInverseInertiaWorld(id);
    // the wheels on the ground this frame: each takes its share of the velocity to remove, so that
    // together they do not overshoot (a Jacobi step with the effective mass at each contact)
    let touching = 0;
    for (const wh of this.wheels) if (wh.contact) touching++;
    const shareOf = 1 / Math.max(1, touching);
    /** the chassis' effective mass at the contact (offset r) along the unit direction d */
    const effective = (rx: number, ry: number, rz: number, dx: number, dy: number, dz: number): number => {
      const cx = ry * dz - rz * dy;
      const cy = rz * dx - rx * dz;
      const cz = rx * dy - ry * dx;
      const k =
        invMass +
        cx * (invI[0]! * cx + invI[1]! * cy + invI[2]! * cz) +
        cy * (invI[3]! * cx + invI[4]! * cy + invI[5]! * cz) +
        cz * (invI[6]! * cx + invI[7]! * cy + invI[8]! * cz);
      return k > 0 ? 1 / k : 0;
    };
    const chassisShapes = new Set<number>(w.getBodyShapes(id));
    const filter = { predicate: (s: number) => !chassisShapes.has(s) };
    for (const wh of this.wheels) {
      const m = rotate(q, wh.mount);
      const mx = origin[0] + m[0];
      const my = origin[1] + m[1];
      const mz = origin[2] + m[2];
      const reach = wh.restLength + wh.radius;
      const hit = w.rayCast(
        [mx, my, mz],
        [mx - up[0] * reach, my - up[1] * reach, mz - up[2] * reach],
        filter,
      );
      wh.steerAngle = wh.steered ? this.steer * this.maxSteer : 0;
      const length = hit ? hit.fraction * reach - wh.radius : wh.restLength;
      const spring = Math.max(0, Math.min(wh.restLength, length));
      wh.center[0] = mx - up[0] * spring;
      wh.center[1] = my - up[1] * spring;
      wh.center[2] = mz - up[2] * spring;
      if (!hit) {
        wh.contact = false;
        wh.compression = 0;
        wh.suspensionForce = 0;
        wh.rotation += (wh.speed * dt) / wh.radius;
        continue;
      }
      wh.contact = true;
      const p = hit.point;
      const n = hit.normal;
      wh.point[0] = p[0];
      wh.point[1] = p[1];
      wh.point[2] = p[2];
      wh.normal[0] = n[0];
      wh.normal[1] = n[1];
      wh.normal[2] = n[2];
      const x = wh.restLength - length;
      // velocity of the contact point on the chassis, less the ground's
      const rx = p[0] - com[0];
      const ry = p[1] - com[1];
      const rz = p[2] - com[2];
      let pvx = v[0] + om[1] * rz - om[2] * ry;
      let pvy = v[1] + om[2] * rx - om[0] * rz;
      let pvz = v[2] + om[0] * ry - om[1] * rx;
      const ground = w.getShapeBody(hit.shape);
      const groundDynamic = w.getBodyType(ground) === 'dynamic';
      if (w.getBodyType(ground) !== 'static') {
        const gv = w.getLinearVelocity(ground);
        const gw = w.getAngularVelocity(ground);
        const gc = w.getWorldCenter(ground);
        const gx = p[0] - gc[0];
        const gy = p[1] - gc[1];
        const gz = p[2] - gc[2];
        pvx -= gv[0] + gw[1] * gz - gw[2] * gy;
        pvy -= gv[1] + gw[2] * gx - gw[0] * gz;
        pvz -= gv[2] + gw[0] * gy - gw[1] * gx;
      }
      // compression speed: the contact point approaching the mount along up
      const xdot = -(pvx * up[0] + pvy * up[1] + pvz * up[2]);
      const N = Math.max(0, wh.stiffness * x + wh.damping * xdot);
      wh.compression = x;
      wh.suspensionForce = N;
      // the wheel's heading, turned by the steering, in the ground plane
      const c = pcos(wh.steerAngle);
      const s = psin(wh.steerAngle);
      let hx = c * fwd[0] + s * side[0];
      let hy = c * fwd[1] + s * side[1];
      let hz = c * fwd[2] + s * side[2];
      const hn = hx * n[0] + hy * n[1] + hz * n[2];
      hx -= hn * n[0];
      hy -= hn * n[1];
      hz -= hn * n[2];
      const hl = Math.sqrt(hx * hx + hy * hy + hz * hz);
      if (hl < 1e-9) continue;
      hx /= hl;
      hy /= hl;
      hz /= hl;
      // lateral = n × heading
      const lx = n[1] * hz - n[2] * hy;
      const ly = n[2] * hx - n[0] * hz;
      const lz = n[0] * hy - n[1] * hx;
      const vLong = pvx * hx + pvy * hy + pvz * hz;
      const vLat = pvx * lx + pvy * ly + pvz * lz;
      wh.speed = vLong;
      wh.rotation += (vLong * dt) / wh.radius;
      // longitudinal: engine, brake, rolling resistance
      let fLong = wh.driven ? (this.throttle * this.engineTorque) / wh.radius : 0;
      // the force that stops this wheel's share of the rolling in the frame
      const stop = (shareOf * effective(rx, ry, rz, hx, hy, hz) * Math.abs(vLong)) / dt;
      const braking = wh.braked ? (this.brake * this.brakeTorque) / wh.radius : 0;
      const resist = Math.min(stop, braking + this.rollingResistance * N);
      fLong -= vLong > 0 ? resist : vLong < 0 ? -resist : 0;
      // lateral: remove the wheel's share of the sideways slide
      let fLat = -(shareOf * effective(rx, ry, rz, lx, ly, lz) * vLat) / dt;
      // the friction circle
      const limit = wh.friction * N;
      const f2 = fLong * fLong + fLat * fLat;
      if (f2 > limit * limit) {
        const k = limit / Math.sqrt(f2);
        fLong *= k;
        fLat *= k;
      }
      const Fx = N * up[0] + fLong * hx + fLat * lx;
      const Fy = N * up[1] + fLong * hy + fLat * ly;
      const Fz = N * up[2] + fLong * hz + fLat * lz;
      if (this.rollInfluence === 1) w.applyForce(id, [Fx, Fy, Fz], [p[0], p[1], p[2]]);
      else {
        w.applyForce(id, [N * up[0], N * up[1], N * up[2]], [p[0], p[1], p[2]]);
        // the tyre force, raised towards the centre of mass's height by 1 − rollInfluence
        const lift = (1 - this.rollInfluence) * -(rx * up[0] + ry * up[1] + rz * up[2]);
        w.applyForce(
          id,
          [Fx - N * up[0], Fy - N * up[1], Fz - N * up[2]],
          [p[0] + lift * up[0], p[1] + lift * up[1], p[2] + lift * up[2]],
        );
      }
      if (groundDynamic) w.applyForce(ground, [-Fx, -Fy, -Fz], [p[0], p[1], p[2]]);
    }
  }
}

/** v rotated by the unit quaternion q = [x, y, z, w]. */
function rotate(q: readonly number[], v: readonly number[]): [number, number, number] {
  const x = q[0]!;
  const y = q[1]!;
  const z = q[2]!;
  const w = q[3]!;
  const vx = v[0]!;
  const vy = v[1]!;
  const vz = v[2]!;
  const tx = 2 * (y * vz - z * vy);
  const ty = 2 * (z * vx - x * vz);
  const tz = 2 * (x * vy - y * vx);
  return [vx + w * tx + (y * tz - z * ty), vy + w * ty + (z * tx - x * tz), vz + w * tz + (x * ty - y * tx)];
}

function cross(a: readonly number[], b: readonly number[]): [number, number, number] {
  return [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!];
}
