/**
 * 3D joint demos (textbook §26.2 "ジョイントとモーター", §25.6's ragdoll): ragdolls tumbling down a
 * flight of stairs (cone-twist and limited hinge joints), a hinge chain beside a rope bridge of
 * planks on ball joints, a Newton's cradle of balls on hinges, and a door on a limited hinge driven
 * by a motor whose torque is clamped per substep. Each runs a `World3` and draws like the other 3D
 * demos; the playground shows the same instances through three.js.
 */
import { orbitCamera3 } from '../render/view3d.js';
import { createRagdoll3 } from '../rigid3d/ragdoll.js';
import type { BodyId3, JointId3 } from '../rigid3d/types.js';
import { World3 } from '../rigid3d/world.js';
import { Rigid3dDemoInstance } from './rigid3d.js';
import { type Demo, type DemoParam, type DemoParamValues, resolveParams, type SeriesStyle } from './types.js';

const FRAME = 1 / 60;
const ENERGY: SeriesStyle = { key: 'kineticEnergy', label: 'kinetic energy', unit: 'J', color: '#c2410c' };
const CONTACTS: DemoParam = {
  key: 'contacts',
  label: 'show contacts',
  kind: 'boolean',
  default: false,
  display: true,
};

type Built = ConstructorParameters<typeof Rigid3dDemoInstance>[0];

function demo(
  id: string,
  title: string,
  description: string,
  params: DemoParam[],
  series: readonly SeriesStyle[],
  viewSize: number,
  build: (p: DemoParamValues) => Built,
  make: (built: Built, dt: number) => Rigid3dDemoInstance = (b, dt) => new Rigid3dDemoInstance(b, dt),
): Demo {
  const d: Demo = {
    id,
    title,
    domain: 'rigid3d',
    description,
    dt: FRAME,
    view: (width, height) => ({ width, height, cx: 0, cy: 0, scale: Math.min(width, height) / viewSize }),
    params: [...params, CONTACTS],
    series,
    create: (p: DemoParamValues = {}, options?: { dt?: number }) => {
      const values = resolveParams(d, p);
      const inst = make(build(values), options?.dt ?? FRAME);
      inst.setDisplay(values);
      return inst;
    },
  };
  return d;
}

function groundBox(world: World3, half = 30): Set<number> {
  const g = world.createBody({ type: 'static' });
  return new Set([
    world.createShape(g, { kind: 'box', halfExtents: [half, 0.5, half], position: [0, -0.5, 0] }),
  ]);
}

const ragdollStairs = demo(
  'rigid3d-ragdoll-stairs',
  'Ragdolls down the stairs',
  'Humanoid ragdolls of 12 bodies each (the ragdoll builder: cone-twist joints with swing cones and twist limits at the spine, neck, shoulders and hips, limited hinges at the elbows and knees) tumble down a flight of stairs. Watch the limbs flail but never bend past their limits, and the bodies come to rest on the steps.',
  [{ key: 'count', label: 'ragdolls', kind: 'number', default: 4, min: 1, max: 12, step: 1 }],
  [ENERGY],
  16,
  (p) => {
    const world = new World3();
    const hidden = groundBox(world);
    const stairs = world.createBody({ type: 'static' });
    const steps = 10;
    for (let i = 0; i < steps; i++) {
      // step i: 0.3 m high, 0.5 m deep, descending towards +z
      const h = (steps - i) * 0.3;
      world.createShape(stairs, {
        kind: 'box',
        halfExtents: [2, 0.5 * h, 0.25],
        position: [0, 0.5 * h, i * 0.5 - 2.5],
      });
    }
    const n = Number(p.count);
    for (let k = 0; k < n; k++) {
      const a = 0.4 + 0.5 * k;
      createRagdoll3(world, {
        position: [((k % 3) - 1) * 1.2, 3.3 + 2.2 * Math.floor(k / 3), -2.4],
        orientation: [Math.sin(a) * 0.3, 0, 0, Math.sqrt(1 - 0.09 * Math.sin(a) * Math.sin(a))],
        linearVelocity: [0, 0, 1.5],
      });
    }
    return {
      world,
      camera: orbitCamera3([0, 1.5, 0.5], 11, 0.9, 0.3),
      label: `${n} ragdolls, ${world.jointCount} joints`,
      hidden,
    };
  },
);

const chainBridge = demo(
  'rigid3d-chain-bridge',
  'Hinge chain and rope bridge',
  'Left: a chain of 16 capsule links, each hinged to the next, released from the horizontal — it swings down and whips. Right: a rope bridge of 14 planks joined edge to edge by ball joints between two posts, with boxes dropped on it. The joints are solved rigid at the velocity level with a position projection after every substep, so the chain keeps its length and the bridge sags only under its load.',
  [],
  [ENERGY],
  16,
  () => {
    const world = new World3();
    const hidden = groundBox(world);
    const post = world.createBody({ type: 'static' });
    world.createShape(post, { kind: 'box', halfExtents: [0.1, 3, 0.1], position: [-6, 3, -2] });
    let prev: BodyId3 = post;
    for (let i = 0; i < 16; i++) {
      const b = world.createBody({ position: [-6 + (i + 0.5) * 0.3, 6, -2] });
      world.createShape(b, {
        kind: 'capsule',
        halfHeight: 0.1,
        radius: 0.05,
        orientation: [0, 0, Math.SQRT1_2, Math.SQRT1_2],
      });
      world.createJoint({
        kind: 'hinge',
        bodyA: prev,
        bodyB: b,
        anchor: [-6 + i * 0.3, 6, -2],
        axis: [0, 0, 1],
      });
      prev = b;
    }
    const posts = world.createBody({ type: 'static' });
    world.createShape(posts, { kind: 'box', halfExtents: [0.2, 1.5, 1], position: [0, 1.5, 2] });
    world.createShape(posts, { kind: 'box', halfExtents: [0.2, 1.5, 1], position: [7.4, 1.5, 2] });
    prev = posts;
    const plank = 0.5;
    for (let i = 0; i < 14; i++) {
      const x = 0.2 + (i + 0.5) * plank;
      const b = world.createBody({ position: [x, 3, 2] });
      world.createShape(b, { kind: 'box', halfExtents: [0.24, 0.04, 0.8], density: 600 });
      for (const z of [1.3, 2.7])
        world.createJoint({ kind: 'ball', bodyA: prev, bodyB: b, anchor: [x - 0.5 * plank, 3, z] });
      prev = b;
    }
    for (const z of [1.3, 2.7])
      world.createJoint({ kind: 'ball', bodyA: prev, bodyB: posts, anchor: [7.2, 3, z] });
    for (let i = 0; i < 4; i++) {
      const b = world.createBody({ position: [1.5 + i * 1.4, 4.5 + i * 0.6, 2] });
      world.createShape(b, { kind: 'box', halfExtents: [0.25, 0.25, 0.25], density: 400 });
    }
    return {
      world,
      camera: orbitCamera3([0.5, 3, 0], 15, 0.5, 0.3),
      label: `${world.jointCount} joints`,
      hidden,
    };
  },
);

const cradle = demo(
  'rigid3d-newtons-cradle',
  "Newton's cradle",
  "Five steel balls, each hung on a hinge, just touching; the first is pulled aside and released. With restitution 1 the impulse passes through the row and the last ball flies out, then back — momentum and energy handed on ball by ball (the solver's sequential impulses order the collisions).",
  [{ key: 'lift', label: 'balls lifted', kind: 'number', default: 1, min: 1, max: 3, step: 1 }],
  [ENERGY],
  6,
  (p) => {
    const world = new World3({ enableSleep: false, solver: { restitutionThreshold: 0.01 } });
    const frame = world.createBody({ type: 'static' });
    world.createShape(frame, { kind: 'box', halfExtents: [1.2, 0.05, 0.1], position: [0, 2.05, 0] });
    const r = 0.2;
    const L = 1.5;
    const lift = Number(p.lift);
    for (let i = 0; i < 5; i++) {
      const x = (i - 2) * 2 * r * 1.0001;
      const lifted = i < lift;
      const a = lifted ? -0.6 : 0;
      const b = world.createBody({ position: [x + L * Math.sin(a), 2 - L * Math.cos(a), 0] });
      world.createShape(b, { kind: 'sphere', radius: r, density: 7800, restitution: 1, friction: 0 });
      world.createJoint({ kind: 'hinge', bodyA: frame, bodyB: b, anchor: [x, 2, 0], axis: [0, 0, 1] });
    }
    return {
      world,
      camera: orbitCamera3([0, 1, 0], 5, 0.2, 0.1),
      label: '5 balls on hinges, e = 1',
      grid: null,
    };
  },
);

/** The door demo: the motor is reversed every 3 s, the limits stop the swing. */
class DoorInstance extends Rigid3dDemoInstance {
  hinge: JointId3 | null = null;
  private t = 0;

  override step(): void {
    this.t += this.dt;
    if (this.hinge !== null && this.t >= 3) {
      this.t = 0;
      const speed = -Math.sign(this.world3.getJointSpeed(this.hinge) || 1) * 1.5;
      this.world3.setJointMotor(this.hinge, { motorSpeed: speed });
    }
    super.step();
  }

  override series(): Record<string, number> {
    return { ...super.series(), angle: this.hinge === null ? 0 : this.world3.getJointAngle(this.hinge) };
  }
}

const door = demo(
  'rigid3d-door',
  'Door on a motorised hinge',
  'A 40 kg door on a hinge limited to ±100°, driven by a motor at 1.5 rad/s whose accumulated impulse is clamped to ±τmax·h each substep (the textbook §26.2 motor): it accelerates at τmax/I, swings to the limit and stops there, then reverses every 3 s. Throw boxes at it, or raise the torque.',
  [
    {
      key: 'torque',
      label: 'max motor torque (N·m)',
      kind: 'number',
      default: 40,
      min: 1,
      max: 400,
      step: 1,
    },
  ],
  [ENERGY, { key: 'angle', label: 'door angle', unit: 'rad', color: '#2563eb' }],
  7,
  (p) => {
    const world = new World3();
    const hidden = groundBox(world);
    const frame = world.createBody({ type: 'static' });
    world.createShape(frame, { kind: 'box', halfExtents: [0.05, 1.1, 0.1], position: [-0.05, 1.1, 0] });
    const d = world.createBody({ position: [0.5, 1.05, 0] });
    world.createShape(d, { kind: 'box', halfExtents: [0.45, 1, 0.025], density: 900 });
    const limit = (100 * Math.PI) / 180;
    const hinge = world.createJoint({
      kind: 'hinge',
      bodyA: frame,
      bodyB: d,
      anchor: [0.02, 1.05, 0],
      axis: [0, 1, 0],
      enableLimit: true,
      lowerAngle: -limit,
      upperAngle: limit,
      enableMotor: true,
      motorSpeed: 1.5,
      maxMotorTorque: Number(p.torque),
    });
    const built: Built & { hinge: JointId3 } = {
      world,
      camera: orbitCamera3([0.3, 1, 0], 6, 0.8, 0.35),
      label: `door ${world.getMass(d).toFixed(0)} kg, motor τmax ${Number(p.torque)} N·m`,
      hidden,
      hinge,
    };
    return built;
  },
  (built, dt) => {
    const inst = new DoorInstance(built, dt);
    inst.hinge = (built as Built & { hinge: JointId3 }).hinge;
    return inst;
  },
);

/** The 3D joint demos. */
export const rigid3dJointDemos: readonly Demo[] = [ragdollStairs, chainBridge, cradle, door];
