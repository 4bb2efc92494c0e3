/**
 * Driving and walking demos of the 3D engine: a ray-cast car on heightfield terrain and a kinematic
 * capsule character in a small level (stairs, blocks, ramps, a moving platform, crates to push).
 * Both are keyboard-driven in the playground (arrow keys; B brakes the car, J makes the character
 * jump) and drive themselves from a script until a key is pressed, so the CLI and the tests run
 * them headless. The 2D canvas view follows the car or the character.
 */
import { Heightfield3 } from '../geometry/shapes3d.js';
import { pcos, psin } from '../math/portable.js';
import { type Camera3, CameraFrame3, drawWorld3, orbitCamera3 } from '../render/view3d.js';
import { CharacterController3 } from '../rigid3d/character.js';
import type { BodyId3, QuatTuple } from '../rigid3d/types.js';
import { RaycastVehicle3 } from '../rigid3d/vehicle.js';
import { World3 } from '../rigid3d/world.js';
import { textPanel } from './kit/labels.js';
import { Rigid3dDemoInstance } from './rigid3d.js';
import { type Demo, type DemoParamValues, resolveParams, toPxX, toPxY, type View } from './types.js';

const FRAME = 1 / 60;

/** Keys held down, by `KeyboardEvent.code`. */
class Keys {
  private readonly down = new Set<string>();
  /** a key was pressed once: the script stops */
  touched = false;
  set(code: string, pressed: boolean): void {
    this.touched = true;
    if (pressed) this.down.add(code);
    else this.down.delete(code);
  }
  has(code: string): boolean {
    return this.down.has(code);
  }
}

/** q = a·b (quaternions [x, y, z, w]). */
function qmul(a: readonly number[], b: readonly number[]): [number, number, number, number] {
  const [ax, ay, az, aw] = a as [number, number, number, number];
  const [bx, by, bz, bw] = b as [number, number, number, number];
  return [
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
    aw * bw - ax * bx - ay * by - az * bz,
  ];
}

/** A rotation by `angle` about a unit axis. */
function axisAngle(x: number, y: number, z: number, angle: number): [number, number, number, number] {
  const s = psin(0.5 * angle);
  return [x * s, y * s, z * s, pcos(0.5 * angle)];
}

/** A camera behind and above a point, looking along `heading` (rad about y; 0 looks along +z). */
function chaseCamera(target: ArrayLike<number>, heading: number, distance: number, pitch: number): Camera3 {
  // orbitCamera3's yaw puts the eye at +z for 0: behind a body heading along +z is yaw π
  return orbitCamera3([target[0]!, target[1]!, target[2]!], distance, heading + Math.PI, pitch);
}

// ---------------------------------------------------------------- the car

/** The car demo's instance: the world, the vehicle, its wheel bodies (drawn, never colliding) and the keys. */
export class CarDemoInstance extends Rigid3dDemoInstance {
  /** the vehicle */
  readonly vehicle: RaycastVehicle3;
  private readonly wheelBodies: BodyId3[];
  private readonly keys = new Keys();
  private upsideDown = 0;

  constructor(world: World3, vehicle: RaycastVehicle3, wheelBodies: BodyId3[], dt: number) {
    super(
      { world, camera: orbitCamera3([0, 0, 0], 46, 0.7, 0.75), label: 'ray-cast car on terrain', grid: null },
      dt,
    );
    this.vehicle = vehicle;
    this.wheelBodies = wheelBodies;
    this.placeWheels();
  }

  /** Keyboard input: arrows drive and steer, B brakes. */
  key(code: string, down: boolean): void {
    this.keys.set(code, down);
  }

  /** The driver's input of this frame: the keys once one was pressed, else the script. */
  private input(): void {
    const v = this.vehicle;
    if (this.keys.touched) {
      const k = this.keys;
      const speed = v.forwardSpeed();
      let throttle = (k.has('ArrowUp') ? 1 : 0) - (k.has('ArrowDown') && speed < 0.5 ? 0.6 : 0);
      let brake = k.has('KeyB') ? 1 : 0;
      if (k.has('ArrowDown') && speed >= 0.5) {
        brake = 1;
        throttle = 0;
      }
      const steer = (k.has('ArrowLeft') ? 1 : 0) - (k.has('ArrowRight') ? 1 : 0);
      v.setInput({ throttle, brake, steer });
      return;
    }
    // the script: a weaving circle over the hills, a stop every 12 s
    const t = this.world3.time;
    const phase = t % 12;
    if (phase > 10) v.setInput({ throttle: 0, brake: 0.5, steer: 0 });
    else v.setInput({ throttle: 0.4, brake: 0, steer: 0.4 + 0.15 * psin(0.4 * t) });
  }

  /** Moves the drawn wheels to the wheel centres, turned by the steering and the spin. */
  private placeWheels(): void {
    const w = this.world3;
    const q = w.getOrientation(this.vehicle.chassis);
    const align = axisAngle(0, 0, 1, -Math.PI / 2); // the cylinder's y axis onto the axle (x)
    this.vehicle.wheels.forEach((wh, k) => {
      const steer = axisAngle(0, 1, 0, wh.steerAngle);
      const spin = axisAngle(1, 0, 0, -wh.rotation);
      const o = qmul(qmul(qmul(q, steer), spin), align);
      const l = Math.sqrt(o[0] * o[0] + o[1] * o[1] + o[2] * o[2] + o[3] * o[3]);
      const unit: QuatTuple = [o[0] / l, o[1] / l, o[2] / l, o[3] / l];
      w.setTransform(this.wheelBodies[k]!, [wh.center[0]!, wh.center[1]!, wh.center[2]!], unit);
    });
  }

  /** One frame: input, the vehicle's forces, the world step, the wheels drawn where they are. */
  override step(): void {
    // a car on its roof (or side) for two seconds is put back on its wheels
    const w = this.world3;
    const q = w.getOrientation(this.vehicle.chassis);
    if (1 - 2 * (q[0] * q[0] + q[2] * q[2]) < 0.3) this.upsideDown++;
    else this.upsideDown = 0;
    if (this.upsideDown > 120) {
      const p = w.getPosition(this.vehicle.chassis);
      w.setTransform(this.vehicle.chassis, [p[0], p[1] + 1.5, p[2]], [0, 0, 0, 1]);
      w.setLinearVelocity(this.vehicle.chassis, [0, 0, 0]);
      w.setAngularVelocity(this.vehicle.chassis, [0, 0, 0]);
      this.upsideDown = 0;
    }
    this.input();
    this.vehicle.update(this.dt);
    super.step();
    this.placeWheels();
  }

  override series(): Record<string, number> {
    return { speed: this.vehicle.forwardSpeed() };
  }

  override stats(): Record<string, number> {
    const w = this.world3;
    const p = w.getPosition(this.vehicle.chassis);
    let onGround = 0;
    let compression = 0;
    for (const wh of this.vehicle.wheels) {
      if (wh.contact) onGround++;
      compression += wh.compression / this.vehicle.wheels.length;
    }
    return {
      time: w.time,
      speed: this.vehicle.forwardSpeed(),
      x: p[0],
      y: p[1],
      z: p[2],
      wheelsOnGround: onGround,
      compression,
    };
  }

  override draw(ctx: CanvasRenderingContext2D, view: View): void {
    const w = this.world3;
    const p = w.getPosition(this.vehicle.chassis);
    const q = w.getOrientation(this.vehicle.chassis);
    const heading = Math.atan2(2 * (q[0] * q[2] + q[3] * q[1]), 1 - 2 * (q[0] * q[0] + q[1] * q[1]));
    drawWorld3(ctx, view, w, chaseCamera(p, heading, 12, 0.35), { contacts: this.showContacts, grid: null });
    textPanel(ctx, [
      'ray-cast car: ↑ throttle, ↓ brake / reverse, ← → steer, B brake',
      `${this.vehicle.forwardSpeed().toFixed(1)} m/s, t = ${w.time.toFixed(1)} s${this.keys.touched ? '' : ' (scripted)'}`,
    ]);
  }
}

/** Terrain heights: rolling hills on a 48 × 48 grid, 1.25 m apart. */
function terrain(n: number, spacing: number): number[] {
  const h: number[] = [];
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      const x = (c - (n - 1) / 2) * spacing;
      const z = (r - (n - 1) / 2) * spacing;
      h.push(
        1.2 * psin(0.12 * x) * pcos(0.1 * z) + 0.25 * psin(0.35 * x + 0.2 * z) + 0.002 * (x * x + z * z),
      );
    }
  return h;
}

const carDemo: Demo = {
  id: 'rigid3d-car',
  title: 'Ray-cast car on terrain',
  domain: 'rigid3d',
  description:
    'A car whose wheels are rays (the ray-cast vehicle of Bullet, Coumans): each wheel casts down from its mount, a spring and damper hold the chassis up (at rest each sinks by m·g/4k), and the tyre forces — engine torque, brakes, and the sideways grip — are clamped to the friction circle μN. Drive with the arrow keys (B brakes); without keys it drives itself in circles over the hills; the crates in the far corner are there to be knocked over.',
  dt: FRAME,
  view: (width, height) => ({ width, height, cx: 0, cy: 0, scale: Math.min(width, height) / 14 }),
  params: [
    {
      key: 'engine',
      label: 'engine torque per driven wheel (N·m)',
      kind: 'number',
      default: 1200,
      min: 100,
      max: 3000,
      step: 50,
    },
    {
      key: 'stiffness',
      label: 'spring stiffness (N/m)',
      kind: 'number',
      default: 35000,
      min: 5000,
      max: 100000,
      step: 1000,
    },
    { key: 'contacts', label: 'show contacts', kind: 'boolean', default: false, display: true },
  ],
  series: [{ key: 'speed', label: 'forward speed', unit: 'm/s', color: '#2563eb' }],
  create: (p: DemoParamValues = {}, options?: { dt?: number }) => {
    const values = resolveParams(carDemo, p);
    const world = new World3({ gravity: [0, -10, 0] });
    const n = 48;
    const spacing = 1.25;
    const ground = world.createBody({ type: 'static' });
    world.createShape(ground, {
      kind: 'geometry',
      shape: new Heightfield3(n, n, terrain(n, spacing), spacing),
      friction: 1,
    });
    // a low wall round the terrain's edge
    const edge = 0.5 * (n - 1) * spacing;
    for (const [cx, cz, hx, hz] of [
      [edge, 0, 0.5, edge],
      [-edge, 0, 0.5, edge],
      [0, edge, edge, 0.5],
      [0, -edge, edge, 0.5],
    ] as const) {
      const wall = world.createBody({ type: 'static', position: [cx, 2, cz] });
      world.createShape(wall, { kind: 'box', halfExtents: [hx, 2, hz], friction: 0.5 });
    }
    // crates in the way
    for (let k = 0; k < 6; k++) {
      const crate = world.createBody({ position: [12 + (k % 3) * 0.9, 3 + Math.floor(k / 3) * 0.9, 14] });
      world.createShape(crate, { kind: 'box', halfExtents: [0.4, 0.4, 0.4], density: 60, friction: 0.6 });
    }
    const chassis = world.createBody({ position: [-12, 3, -2], sleepEnabled: false });
    world.createShape(chassis, {
      kind: 'box',
      halfExtents: [0.9, 0.3, 2],
      density: 1200 / (1.8 * 0.6 * 4),
      friction: 0.5,
    });
    world.createShape(chassis, {
      kind: 'box',
      halfExtents: [0.7, 0.25, 1],
      position: [0, 0.5, -0.3],
      density: 10,
    });
    const wheels = [];
    const wheelBodies: BodyId3[] = [];
    for (const z of [1.35, -1.35])
      for (const x of [0.85, -0.85]) {
        wheels.push({
          position: [x, -0.3, z] as [number, number, number],
          radius: 0.38,
          restLength: 0.45,
          stiffness: Number(values.stiffness),
          damping: 3500,
          friction: 1.1,
          steered: z > 0,
          driven: z < 0,
        });
        const wb = world.createBody({ type: 'kinematic' });
        // drawn only: no category, no mask (no contacts, rays and casts skip it)
        world.createShape(wb, {
          kind: 'cylinder',
          halfHeight: 0.14,
          radius: 0.38,
          filter: { categoryBits: 0, maskBits: 0 },
          enableContactEvents: false,
        });
        wheelBodies.push(wb);
      }
    const vehicle = new RaycastVehicle3(world, {
      chassis,
      wheels,
      engineTorque: Number(values.engine),
      brakeTorque: 2500,
      maxSteer: 0.55,
      rollInfluence: 0.2,
    });
    const inst = new CarDemoInstance(world, vehicle, wheelBodies, options?.dt ?? FRAME);
    inst.setDisplay(values);
    return inst;
  },
};

// ---------------------------------------------------------------- the character

/** The character demo's instance: the world, the controller, the moving platform and the keys. */
export class CharacterDemoInstance extends Rigid3dDemoInstance {
  /** the character */
  readonly character: CharacterController3;
  private readonly platform: BodyId3;
  private readonly keys = new Keys();
  private readonly route: readonly (readonly [number, number])[];
  private leg = 0;
  private legStart = 0;
  private heading = 0;

  constructor(world: World3, character: CharacterController3, platform: BodyId3, dt: number) {
    super(
      { world, camera: orbitCamera3([0, 1, 0], 22, 0.8, 0.7), label: 'character controller', grid: null },
      dt,
    );
    this.character = character;
    this.platform = platform;
    // the scripted walk: up the stairs, over the blocks, onto the ramps, the platform and the crates
    this.route = [
      [-4, -0.8], // to the foot of the stairs
      [-4, 3], // up the stairs onto the landing
      [-4, 5.5], // off the landing's edge
      [0, 5.5],
      [0, 1.5], // over the 0.3 m block
      [3, 1.5],
      [3, 5.5], // into the 0.5 m block: it stops there
      [1, 1],
      [1, -1],
      [6.5, -1], // up the 25° ramp and off its top
      [6.5, -6],
      [-3, -6],
      [-3, -4],
      [3.5, -4], // onto the moving platform, then into the 55° ramp: it stops there
      [-1, -1], // through the crates
      [-4, -3],
    ];
  }

  /** Keyboard input: arrows walk (up = −z), J jumps. */
  key(code: string, down: boolean): void {
    this.keys.set(code, down);
    if (down && code === 'KeyJ') this.character.jump(5);
  }

  /** The desired velocity of this frame: the keys once one was pressed, else the route. */
  private desired(): [number, number, number] {
    const speed = 3;
    if (this.keys.touched) {
      const k = this.keys;
      const x = (k.has('ArrowRight') ? 1 : 0) - (k.has('ArrowLeft') ? 1 : 0);
      const z = (k.has('ArrowDown') ? 1 : 0) - (k.has('ArrowUp') ? 1 : 0);
      const l = Math.sqrt(x * x + z * z);
      return l > 0 ? [(speed * x) / l, 0, (speed * z) / l] : [0, 0, 0];
    }
    const p = this.character.position;
    let target = this.route[this.leg % this.route.length]!;
    let dx = target[0] - p[0]!;
    let dz = target[1] - p[2]!;
    // the next point when this one is reached, or after 6 s (blocked: the step or slope is too much)
    if (dx * dx + dz * dz < 0.3 * 0.3 || this.world3.time - this.legStart > 6) {
      this.leg++;
      this.legStart = this.world3.time;
      target = this.route[this.leg % this.route.length]!;
      dx = target[0] - p[0]!;
      dz = target[1] - p[2]!;
    }
    const l = Math.sqrt(dx * dx + dz * dz);
    return l > 1e-6 ? [(speed * dx) / l, 0, (speed * dz) / l] : [0, 0, 0];
  }

  /** One frame: the platform's motion, the character's move, the world step. */
  override step(): void {
    const t = this.world3.time;
    this.world3.setLinearVelocity(this.platform, [1.2 * pcos(0.5 * t), 0, 0]);
    const v = this.desired();
    if (v[0] !== 0 || v[2] !== 0) this.heading = Math.atan2(v[0], v[2]);
    this.character.move(v, this.dt);
    super.step();
  }

  override series(): Record<string, number> {
    return { height: this.character.position[1]! - this.character.halfHeight - this.character.radius };
  }

  override stats(): Record<string, number> {
    const c = this.character;
    return {
      time: this.world3.time,
      x: c.position[0]!,
      y: c.position[1]!,
      z: c.position[2]!,
      grounded: c.grounded ? 1 : 0,
      penetration: c.penetration(),
    };
  }

  override draw(ctx: CanvasRenderingContext2D, view: View): void {
    const c = this.character;
    const camera = chaseCamera(c.position, this.heading, 7, 0.8);
    const own = c.shape;
    drawWorld3(ctx, view, this.world3, camera, {
      contacts: this.showContacts,
      grid: null,
      hidden: (s) => s === own,
    });
    // the capsule on top of the scenery (the projection draws kinematic bodies with the scenery)
    const frame = new CameraFrame3(camera);
    const a = new Float64Array(4);
    const p = c.position;
    const depth = frame.project(p[0]!, p[1]! - c.halfHeight, p[2]!, a, 0);
    frame.project(p[0]!, p[1]! + c.halfHeight, p[2]!, a, 2);
    const width = (2 * c.radius * frame.distance * view.scale) / Math.max(depth, 1e-3);
    ctx.save();
    ctx.lineCap = 'round';
    ctx.strokeStyle = '#7c2d12';
    ctx.lineWidth = width + 2;
    ctx.beginPath();
    ctx.moveTo(toPxX(view, a[0]!), toPxY(view, a[1]!));
    ctx.lineTo(toPxX(view, a[2]!), toPxY(view, a[3]!));
    ctx.stroke();
    ctx.strokeStyle = c.grounded ? '#f97316' : '#fb923c';
    ctx.lineWidth = width;
    ctx.stroke();
    ctx.restore();
    textPanel(ctx, [
      'character: arrows walk, J jumps (step 0.35 m, slope limit 45°)',
      `${c.grounded ? 'on the ground' : 'in the air'}, t = ${this.world3.time.toFixed(1)} s${this.keys.touched ? '' : ' (scripted)'}`,
    ]);
  }
}

/** A static box by its centre and half-extents, optionally turned about x or z by `tilt` (rad). */
function staticBox(world: World3, c: [number, number, number], h: [number, number, number], tiltZ = 0): void {
  const b = world.createBody({
    type: 'static',
    position: c,
    orientation: tiltZ === 0 ? undefined : [0, 0, psin(0.5 * tiltZ), pcos(0.5 * tiltZ)],
  });
  world.createShape(b, { kind: 'box', halfExtents: h, friction: 0.8 });
}

const characterDemo: Demo = {
  id: 'rigid3d-character',
  title: 'Character controller in a small level',
  domain: 'rigid3d',
  description:
    'A kinematic capsule moved by shape casts (collide and slide, Fauerby 2003): it slides along walls, climbs steps up to 0.35 m (the 0.3 m block yes, the 0.5 m one no), walks the 25° ramp but not the 55° one, snaps down slopes, rides the moving platform (its 0.3 m top is a step too) and pushes the crates. Walk with the arrow keys, jump with J; without keys it follows a route through the level.',
  dt: FRAME,
  view: (width, height) => ({ width, height, cx: 0, cy: 0, scale: Math.min(width, height) / 10 }),
  params: [
    {
      key: 'stepHeight',
      label: 'step height (m)',
      kind: 'number',
      default: 0.35,
      min: 0,
      max: 0.6,
      step: 0.05,
    },
    { key: 'maxSlope', label: 'slope limit (°)', kind: 'number', default: 45, min: 10, max: 80, step: 5 },
    { key: 'contacts', label: 'show contacts', kind: 'boolean', default: false, display: true },
  ],
  series: [{ key: 'height', label: 'feet height', unit: 'm', color: '#16a34a' }],
  create: (p: DemoParamValues = {}, options?: { dt?: number }) => {
    const values = resolveParams(characterDemo, p);
    const world = new World3({ gravity: [0, -10, 0] });
    staticBox(world, [0, -0.5, 0], [8, 0.5, 8]);
    // walls round the yard
    staticBox(world, [0, 1, -7.75], [8, 1, 0.25]);
    staticBox(world, [0, 1, 7.75], [8, 1, 0.25]);
    staticBox(world, [-7.75, 1, 0], [0.25, 1, 8]);
    staticBox(world, [7.75, 1, 0], [0.25, 1, 8]);
    // stairs of 0.2 m steps along +z, then a landing
    for (let k = 0; k < 5; k++) staticBox(world, [-4, 0.1 + 0.1 * k, 0.4 * k], [1, 0.1 + 0.1 * k, 0.2]);
    staticBox(world, [-4, 0.5, 3], [1, 0.5, 1.2]);
    // a 0.3 m block (climbed) and a 0.5 m block (not)
    staticBox(world, [0, 0.15, 3.5], [1, 0.15, 0.8]);
    staticBox(world, [3, 0.25, 3.5], [0.8, 0.25, 0.8]);
    // ramps: 25° (walked) and 55° (too steep)
    const a1 = (25 * Math.PI) / 180;
    staticBox(world, [5 - 2 * pcos(a1) - 0.5 * psin(a1), 2 * psin(a1) - 0.5 * pcos(a1), -1], [2, 0.5, 1], a1);
    const a2 = (55 * Math.PI) / 180;
    staticBox(
      world,
      [5 - 1.5 * pcos(a2) - 0.5 * psin(a2), 1.5 * psin(a2) - 0.5 * pcos(a2), -4],
      [1.5, 0.5, 1],
      a2,
    );
    // the moving platform
    const platform = world.createBody({ type: 'kinematic', position: [0, 0.2, -4] });
    world.createShape(platform, { kind: 'box', halfExtents: [1, 0.1, 1], friction: 0.8 });
    // crates
    for (let k = 0; k < 4; k++) {
      const crate = world.createBody({ position: [-2 + 0.7 * k, 0.3, 0.8 * (k % 2)] });
      world.createShape(crate, { kind: 'box', halfExtents: [0.3, 0.3, 0.3], density: 80, friction: 0.5 });
    }
    const character = new CharacterController3(world, {
      position: [-4, 1.2, -3],
      stepHeight: Number(values.stepHeight),
      maxSlope: (Number(values.maxSlope) * Math.PI) / 180,
    });
    const inst = new CharacterDemoInstance(world, character, platform, options?.dt ?? FRAME);
    inst.setDisplay(values);
    return inst;
  },
};

/** The driving and walking demos (registered in demos/index.ts). */
export const rigid3dDriveDemos: Demo[] = [carDemo, characterDemo];
