/**
 * Joint demos of the rigid2d engine (textbook §26.2, joints and motors; Catto's soft step as in
 * Box2D v3, 2023): a 40-link chain, a rope bridge, ragdolls falling down stairs, a car on wheel
 * joints over chain terrain, a motorised windmill whose paddles swing between limits, an elastic
 * double pendulum, a breakable wall of welded boxes shot by a ball, and bullets fired at thin walls
 * with continuous collision on or off. Every demo can be dragged with the mouse (the demo kit's
 * grabber) and draws through the engine's debug draw, joints included.
 */

import { CanvasDebugDraw } from '../render/debug-draw-canvas.js';
import {
  type BodyId,
  type DebugDrawOptions,
  type JointDef,
  type JointId,
  type PositionCorrection,
  type Vec2Tuple,
  World,
} from '../rigid2d/index.js';
import { addBatch, ragdoll } from '../scene/builders/box2d-benchmarks.js';
import { BodyGrabber } from './kit/body-grabber.js';
import { textPanel } from './kit/labels.js';
import type {
  Demo,
  DemoInstance,
  DemoParam,
  DemoParamValues,
  DemoPointer,
  SeriesStyle,
  View,
} from './types.js';

const DT = 1 / 60;

/** Parameters every joint demo has: the solver and what to draw. */
const COMMON_PARAMS: DemoParam[] = [
  {
    key: 'solver',
    label: 'position correction',
    kind: 'choice',
    default: 'soft-step',
    options: ['soft-step', 'baumgarte', 'split-impulse'],
  },
  { key: 'substeps', kind: 'number', default: 4, min: 1, max: 16, step: 1 },
  {
    key: 'iterations',
    label: 'iterations (PGS modes)',
    kind: 'number',
    default: 10,
    min: 1,
    max: 50,
    step: 1,
  },
  { key: 'sleep', label: 'sleeping', kind: 'boolean', default: true },
  { key: 'contacts', label: 'draw contacts', kind: 'boolean', default: false, display: true },
  { key: 'jointLines', label: 'draw joints', kind: 'boolean', default: true, display: true },
];

/** The plotted series of every joint demo, in the colour all drawers use. */
const JOINT_SERIES: readonly SeriesStyle[] = [
  { key: 'kineticEnergy', label: 'kinetic energy', unit: 'J', color: '#1f77b4' },
];

/** The debug-draw switches from the display parameters. */
function drawOptionsOf(p: DemoParamValues): DebugDrawOptions {
  return { contacts: p['contacts'] === true, joints: p['jointLines'] !== false, sleep: true };
}

/** What a demo's builder hands back: per-step hooks and the demo's own readouts (fixed keys). */
interface Scenario {
  /** before each step (motors, guns) */
  beforeStep?(frame: number): void;
  /** after each step (counting events) */
  afterStep?(frame: number): void;
  /** extra stats, the same keys every call */
  stats?(): Record<string, number>;
  /** lines of a text panel */
  panel?(): string[];
}

type Builder = (world: World, p: DemoParamValues) => Scenario;

/** A running joint demo: a world, the scenario's hooks, the mouse grab and the drawing options. */
export class JointDemoInstance implements DemoInstance {
  readonly world: World;
  readonly dt: number;
  readonly scenario: Scenario;
  private frame = 0;
  private readonly grabber: BodyGrabber;
  private readonly debugDraw = new CanvasDebugDraw();
  private drawOptions: DebugDrawOptions;

  constructor(build: Builder, p: DemoParamValues, dt: number) {
    this.dt = dt;
    const mode = String(p['solver'] ?? 'soft-step') as PositionCorrection;
    this.world = new World({
      gravity: [0, -10],
      enableSleep: p['sleep'] !== false,
      // continuous collision against static geometry (on unless a demo's 'ccd' switch is off)
      continuous: p['ccd'] !== false,
      solver: {
        positionCorrection: mode,
        substeps: mode === 'soft-step' ? Number(p['substeps'] ?? 4) : 1,
        iterations: mode === 'soft-step' ? 1 : Number(p['iterations'] ?? 10),
      },
    });
    this.scenario = build(this.world, p);
    this.grabber = new BodyGrabber(this.world);
    this.drawOptions = drawOptionsOf(p);
  }

  /** The drawing switches change live; the world keeps running. */
  setDisplay(p: DemoParamValues): void {
    this.drawOptions = drawOptionsOf(p);
  }

  get time(): number {
    return this.world.time;
  }

  step(): void {
    this.scenario.beforeStep?.(this.frame);
    this.grabber.apply();
    this.world.step(this.dt);
    this.scenario.afterStep?.(this.frame);
    this.frame++;
  }

  pointer(e: DemoPointer): void {
    this.grabber.pointer(e);
  }

  series(): Record<string, number> {
    return { kineticEnergy: this.world.kineticEnergy() };
  }

  stats(): Record<string, number> {
    const w = this.world;
    return {
      time: w.time,
      bodies: w.bodyCount,
      joints: w.jointCount,
      contacts: w.contactCount,
      kineticEnergy: w.kineticEnergy(),
      ...this.scenario.stats?.(),
    };
  }

  draw(ctx: CanvasRenderingContext2D, view: View): void {
    this.world.draw(this.debugDraw.begin(ctx, view), this.drawOptions);
    this.debugDraw.end();
    this.grabber.draw(ctx, view);
    const lines = this.scenario.panel?.();
    if (lines) textPanel(ctx, lines);
  }
}

function makeDemo(
  id: string,
  title: string,
  description: string,
  camera: { cx: number; cy: number; height: number },
  build: Builder,
  extraParams: DemoParam[] = [],
): Demo {
  const params = [...extraParams, ...COMMON_PARAMS];
  return {
    id,
    title,
    domain: 'rigid2d',
    description,
    dt: DT,
    view: (width, height) => ({ width, height, cx: camera.cx, cy: camera.cy, scale: height / camera.height }),
    params,
    series: JOINT_SERIES,
    create: (p: DemoParamValues = {}, options?: { dt?: number }) => {
      const values: DemoParamValues = {};
      for (const q of params) values[q.key] = p[q.key] ?? q.default;
      return new JointDemoInstance(build, values, options?.dt ?? DT);
    },
  };
}

// ---- building blocks ---------------------------------------------------------------------------

/** A point given in world coordinates, in the frame of `body`. */
function toLocal(world: World, body: BodyId, p: Vec2Tuple): [number, number] {
  const xf = world.getTransform(body);
  const dx = p[0] - xf.px;
  const dy = p[1] - xf.py;
  return [xf.c * dx + xf.s * dy, -xf.s * dx + xf.c * dy];
}

/** A joint definition of a kind with two anchors, without its anchors. */
type UnanchoredDef =
  Exclude<JointDef, { kind: 'motor' | 'mouse' }> extends infer D
    ? D extends unknown
      ? Omit<D, 'localAnchorA' | 'localAnchorB'>
      : never
    : never;

/** Any two-body joint whose anchors are given as one world point (or one per body). */
function jointAt(world: World, def: UnanchoredDef, pointA: Vec2Tuple, pointB: Vec2Tuple = pointA): JointId {
  return world.createJoint({
    ...def,
    localAnchorA: toLocal(world, def.bodyA, pointA),
    localAnchorB: toLocal(world, def.bodyB, pointB),
  } as JointDef);
}

/** A hinge at a world point; `limits` as [lower, upper] radians. */
function hinge(
  world: World,
  a: BodyId,
  b: BodyId,
  p: Vec2Tuple,
  extra: Partial<Omit<Extract<JointDef, { kind: 'revolute' }>, 'kind' | 'bodyA' | 'bodyB'>> = {},
): JointId {
  return jointAt(
    world,
    { kind: 'revolute', bodyA: a, bodyB: b, referenceAngle: world.getAngle(b) - world.getAngle(a), ...extra },
    p,
  );
}

function ground(world: World, halfWidth = 40): BodyId {
  const g = world.createBody({ type: 'static' });
  world.createShape(g, { kind: 'box', halfWidth, halfHeight: 0.5, center: [0, -0.5] });
  return g;
}

/** A deterministic pseudo-random stream in [0, 1) (a 32-bit linear congruential generator). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** Largest distance between the two anchors of any of the given joints (how far they came apart). */
function maxAnchorGap(world: World, joints: readonly JointId[]): number {
  let gap = 0;
  for (const j of joints) {
    if (!world.isValid(j)) continue;
    const [ax, ay, bx, by] = world.getJointAnchors(j);
    gap = Math.max(gap, Math.hypot(bx - ax, by - ay));
  }
  return gap;
}

// ---- the demos ---------------------------------------------------------------------------------

/** The chain's pivot and links (the tests read them). */
export const CHAIN = { anchor: [0, 24] as const, links: 40, linkLength: 0.5 };

const chainDemo = makeDemo(
  'joints-chain',
  'A 40-link chain',
  'Forty capsules on revolute joints (the point constraint of textbook §26.2), released horizontally from a pivot, swing down and hang; solved with the contacts in every substep by the soft step of Box2D v3 (Catto 2023). Turn on the heavy ball to hang a body 100× a link from its end and watch how little the chain stretches.',
  { cx: 0, cy: 13, height: 28 },
  (world, p) => {
    const g = ground(world);
    const { anchor, links, linkLength } = CHAIN;
    const half = 0.5 * linkLength;
    const r = 0.08;
    const joints: JointId[] = [];
    let prev = g;
    for (let i = 0; i < links; i++) {
      const b = world.createBody({ position: [anchor[0] + (i + 0.5) * linkLength, anchor[1]] });
      world.createShape(b, { kind: 'capsule', p1: [-half, 0], p2: [half, 0], radius: r, density: 20 });
      joints.push(hinge(world, prev, b, [anchor[0] + i * linkLength, anchor[1]]));
      prev = b;
    }
    const last = prev;
    const end: Vec2Tuple = [anchor[0] + links * linkLength, anchor[1]];
    if (p['heavy'] === true) {
      // a ball 100 links heavy: link mass = 20·(2r·L + πr²)
      const linkMass = world.getMass(last);
      const ballR = 0.5;
      const ball = world.createBody({ position: [end[0] + ballR, end[1]] });
      world.createShape(ball, {
        kind: 'circle',
        radius: ballR,
        density: (100 * linkMass) / (Math.PI * ballR * ballR),
      });
      joints.push(hinge(world, last, ball, end));
    }
    return {
      stats: () => {
        const [, y] = world.getPosition(last);
        return { endY: y, anchorY: anchor[1], maxJointGap: maxAnchorGap(world, joints) };
      },
    };
  },
  [{ key: 'heavy', label: 'heavy ball at the end', kind: 'boolean', default: false }],
);

const bridgeDemo = makeDemo(
  'joints-bridge',
  'A rope bridge',
  'Forty planks hinged end to end (revolute joints) hang between two posts along a parabola, and a load of boxes and balls is dropped on them. The joints and the contacts are solved together, joints first, in every substep of the soft step (Box2D v3, Catto 2023): look at how the bridge sags under the load without its joints coming apart.',
  { cx: 0, cy: 3, height: 16 },
  (world) => {
    const g = ground(world);
    world.createShape(g, { kind: 'box', halfWidth: 0.3, halfHeight: 3, center: [-10.3, 2.5] });
    world.createShape(g, { kind: 'box', halfWidth: 0.3, halfHeight: 3, center: [10.3, 2.5] });
    const n = 40;
    const span = 10;
    const sag = 1.2;
    const y0 = 5.5;
    const at = (i: number): [number, number] => {
      const x = -span + (2 * span * i) / n;
      return [x, y0 + sag * ((x * x) / (span * span) - 1)];
    };
    const joints: JointId[] = [];
    let prev = g;
    for (let i = 0; i < n; i++) {
      const [x1, y1] = at(i);
      const [x2, y2] = at(i + 1);
      const len = Math.hypot(x2 - x1, y2 - y1);
      const b = world.createBody({
        position: [0.5 * (x1 + x2), 0.5 * (y1 + y2)],
        angle: Math.atan2(y2 - y1, x2 - x1),
      });
      world.createShape(b, {
        kind: 'box',
        halfWidth: 0.5 * len - 0.02,
        halfHeight: 0.06,
        density: 20,
        friction: 0.8,
      });
      joints.push(hinge(world, prev, b, [x1, y1]));
      prev = b;
    }
    joints.push(hinge(world, prev, g, at(n)));
    const rnd = random(7);
    for (let i = 0; i < 12; i++) {
      const b = world.createBody({ position: [-6 + i, 8 + 1.5 * rnd()] });
      if (i % 2 === 0) world.createShape(b, { kind: 'box', halfWidth: 0.3, halfHeight: 0.3, density: 5 });
      else world.createShape(b, { kind: 'circle', radius: 0.3, density: 5 });
    }
    const mid = world.bodyIds()[1 + n / 2]!;
    return {
      stats: () => ({ midY: world.getPosition(mid)[1], maxJointGap: maxAnchorGap(world, joints) }),
    };
  },
);

const ragdollDemo = makeDemo(
  'joints-ragdolls',
  'Ragdolls down the stairs',
  "Ragdolls built like Box2D v3's human (Catto): 11 capsules on 10 revolute joints, each joint with angle limits that act only at the limit, a soft angular spring and a little friction (a motor held at speed 0 whose impulse is clamped to ±τmax·h, textbook §26.2), tumble down a staircase. Watch the elbows and knees stop at their limits.",
  { cx: 7, cy: 4.5, height: 11 },
  (world, p) => {
    ground(world);
    const stairs = world.createBody({ type: 'static' });
    // 14 steps, 0.8 m deep and 0.6 m high (a 37° flight)
    const steps = 14;
    for (let i = 0; i < steps; i++) {
      const top = 8.4 - 0.6 * i;
      world.createShape(stairs, {
        kind: 'box',
        halfWidth: 0.4,
        halfHeight: 0.5 * top,
        center: [0.8 * i, 0.5 * top],
        friction: 0.4,
      });
    }
    const count = Number(p['ragdolls']);
    const all: BodyId[] = [];
    for (let k = 0; k < count; k++) {
      const parts = addBatch(world, ragdoll(-0.2 + 0.3 * (k % 2), 8.6 + 2.2 * k, k + 1));
      // a push to the right, more at the head: each one pitches forward down the flight
      for (const b of parts)
        world.setLinearVelocity(b, [1 + 1.5 * (world.getPosition(b)[1] - 8.6 - 2.2 * k), 0]);
      all.push(...parts);
    }
    return {
      stats: () => {
        let lowest = Infinity;
        let furthest = -Infinity;
        for (const b of all) {
          const [bx, by] = world.getPosition(b);
          lowest = Math.min(lowest, by);
          furthest = Math.max(furthest, bx);
        }
        return { lowestPart: lowest, furthestPart: furthest };
      },
    };
  },
  [{ key: 'ragdolls', kind: 'number', default: 4, min: 1, max: 12, step: 1 }],
);

/** The car's terrain: a chain of segments over hills, with a wall at each end. */
function terrain(): Vec2Tuple[] {
  const pts: Vec2Tuple[] = [[-20, 6]];
  for (let x = -19; x <= 79; x++) {
    const hills =
      x < 5 ? 0 : 0.6 * Math.sin(0.35 * x) + 0.4 * Math.sin(0.9 * x + 1) + (x > 40 ? 0.08 * (x - 40) : 0);
    pts.push([x, hills]);
  }
  pts.push([80, 10]);
  return pts;
}

const carDemo = makeDemo(
  'joints-car',
  'A car on wheel joints',
  "A car whose two wheels hang on wheel joints: a suspension spring along an axis fixed in the body (frequency and damping ratio, Catto's soft constraints) and a motor on the rear wheel with a bounded torque. It drives over hilly terrain made of a chain of segments. Set the throttle (−1 … 1) and watch the suspension take the bumps.",
  { cx: 18, cy: 3, height: 26 },
  (world, p) => {
    const g = world.createBody({ type: 'static' });
    world.createChain(g, { points: terrain(), friction: 0.9 });
    const chassis = world.createBody({ position: [0, 1.4] });
    world.createShape(chassis, {
      kind: 'polygon',
      vertices: [
        [-1.5, -0.4],
        [1.5, -0.4],
        [1.5, 0.1],
        [0.2, 0.8],
        [-1.1, 0.8],
        [-1.5, 0.3],
      ],
      density: 1,
    });
    const wheel = (x: number) => {
      const w = world.createBody({ position: [x, 0.45] });
      world.createShape(w, { kind: 'circle', radius: 0.4, density: 2, friction: 1.5 });
      return w;
    };
    const rear = wheel(-1);
    const front = wheel(1);
    const hertz = Number(p['hertz']);
    const torque = Number(p['torque']);
    const maxSpeed = 40;
    const suspension = (w: BodyId, motor: boolean) =>
      jointAt(
        world,
        {
          kind: 'wheel',
          bodyA: chassis,
          bodyB: w,
          localAxisA: [0, 1],
          enableSpring: true,
          hertz,
          dampingRatio: 0.7,
          enableLimit: true,
          lowerTranslation: -0.25,
          upperTranslation: 0.25,
          enableMotor: motor,
          motorSpeed: 0,
          maxMotorTorque: torque,
        },
        world.getPosition(w),
      );
    const rearJoint = suspension(rear, true);
    const frontJoint = suspension(front, false);
    const throttle = Number(p['throttle']);
    return {
      beforeStep: () => {
        // a wheel turning clockwise (negative ω) rolls the car to the right
        world.setJointMotor(rearJoint, { motorSpeed: -throttle * maxSpeed });
      },
      stats: () => ({
        chassisX: world.getPosition(chassis)[0],
        speed: world.getLinearVelocity(chassis)[0],
        rearTravel: world.getJointTranslation(rearJoint),
        frontTravel: world.getJointTranslation(frontJoint),
      }),
    };
  },
  [
    { key: 'throttle', kind: 'number', default: 0.5, min: -1, max: 1, step: 0.05 },
    {
      key: 'torque',
      label: 'max motor torque (N·m)',
      kind: 'number',
      default: 20,
      min: 0,
      max: 100,
      step: 1,
    },
    { key: 'hertz', label: 'suspension (Hz)', kind: 'number', default: 4, min: 0.5, max: 15, step: 0.5 },
  ],
);

const windmillDemo = makeDemo(
  'joints-windmill',
  'A motorised windmill with limits',
  'A rotor on a revolute joint driven by a motor (target speed, bounded torque: the accumulated impulse is clamped to ±τmax·h, textbook §26.2), with a paddle hinged at each blade tip whose angle limits act only when reached; the paddles swing against their stops and sweep the balls on the ground. Lower the torque to watch the motor stall against the load.',
  { cx: 0, cy: 4, height: 12 },
  (world, p) => {
    const g = ground(world, 20);
    const hub: Vec2Tuple = [0, 4.4];
    // the tower does not collide with the rotor or the paddles (same negative group)
    const group = -1;
    world.createShape(g, {
      kind: 'box',
      halfWidth: 0.2,
      halfHeight: 2.2,
      center: [0, 2.2],
      filter: { groupIndex: group },
    });
    const rotor = world.createBody({ position: hub });
    world.createShape(rotor, {
      kind: 'box',
      halfWidth: 3,
      halfHeight: 0.12,
      density: 5,
      filter: { groupIndex: group },
    });
    world.createShape(rotor, {
      kind: 'box',
      halfWidth: 0.12,
      halfHeight: 3,
      density: 5,
      filter: { groupIndex: group },
    });
    const motor = hinge(world, g, rotor, hub, {
      enableMotor: true,
      motorSpeed: Number(p['speed']),
      maxMotorTorque: Number(p['torque']),
    });
    const limit = Number(p['limit']);
    const paddles: JointId[] = [];
    for (const [tx, ty] of [
      [3, 0],
      [0, 3],
      [-3, 0],
      [0, -3],
    ] as const) {
      const tip: Vec2Tuple = [hub[0] + tx, hub[1] + ty];
      const paddle = world.createBody({ position: [tip[0], tip[1] - 0.6] });
      world.createShape(paddle, {
        kind: 'box',
        halfWidth: 0.08,
        halfHeight: 0.6,
        density: 2,
        filter: { groupIndex: group },
      });
      paddles.push(
        hinge(world, rotor, paddle, tip, { enableLimit: true, lowerAngle: -limit, upperAngle: limit }),
      );
    }
    for (let i = 0; i < 10; i++) {
      const b = world.createBody({ position: [-4.5 + i, 0.35] });
      world.createShape(b, { kind: 'circle', radius: 0.3, density: 0.5 });
    }
    return {
      stats: () => {
        let excess = 0;
        for (const j of paddles) {
          const a = world.getJointAngle(j);
          excess = Math.max(excess, a - limit, -limit - a);
        }
        return {
          rotorSpeed: world.getJointSpeed(motor),
          motorTorque: world.getJointReactionTorque(motor),
          limitExcess: excess,
        };
      },
    };
  },
  [
    { key: 'speed', label: 'motor speed (rad/s)', kind: 'number', default: 1, min: -4, max: 4, step: 0.1 },
    {
      key: 'torque',
      label: 'max motor torque (N·m)',
      kind: 'number',
      default: 500,
      min: 0,
      max: 2000,
      step: 10,
    },
    { key: 'limit', label: 'paddle limit (rad)', kind: 'number', default: 0.6, min: 0, max: 1.5, step: 0.05 },
  ],
);

const springPendulumDemo = makeDemo(
  'joints-spring-pendulum',
  'A spring pendulum',
  "Two bobs on distance joints whose springs are set by a frequency in hertz and a damping ratio (Catto's soft constraints, the one softness model of Box2D v3): the same springiness whatever the time step or the iteration count. Released sideways, the elastic double pendulum swings and bounces; raise the frequency to stiffen it into a rigid double pendulum.",
  { cx: 0, cy: 5, height: 14 },
  (world, p) => {
    const g = ground(world, 10);
    const pivot: Vec2Tuple = [0, 10];
    const hertz = Number(p['hertz']);
    const dampingRatio = Number(p['damping']);
    const bob = (x: number, y: number) => {
      const b = world.createBody({ position: [x, y] });
      world.createShape(b, { kind: 'circle', radius: 0.3, density: 3 });
      return b;
    };
    const b1 = bob(3, 10);
    const b2 = bob(6, 10);
    const spring = (a: BodyId, b: BodyId, pa: Vec2Tuple, pb: Vec2Tuple) =>
      jointAt(
        world,
        { kind: 'distance', bodyA: a, bodyB: b, length: 3, enableSpring: true, hertz, dampingRatio },
        pa,
        pb,
      );
    const j1 = spring(g, b1, pivot, [3, 10]);
    const j2 = spring(b1, b2, [3, 10], [6, 10]);
    return {
      stats: () => ({ length1: world.getJointTranslation(j1), length2: world.getJointTranslation(j2) }),
    };
  },
  [
    {
      key: 'hertz',
      label: 'spring frequency (Hz)',
      kind: 'number',
      default: 1.5,
      min: 0.1,
      max: 30,
      step: 0.1,
    },
    { key: 'damping', label: 'damping ratio', kind: 'number', default: 0.02, min: 0, max: 2, step: 0.01 },
  ],
);

/** The breakable wall's layout (the tests read it). */
export const WALL = { columns: 6, rows: 10, size: 0.5, x0: 4 };

const wallDemo = makeDemo(
  'joints-breakable-wall',
  'A breakable wall',
  'A wall of boxes welded to their neighbours and to the ground (weld joints, textbook §26.2, as in Box2D v3, Catto 2023); every weld breaks when its reaction force exceeds the break force (each break is reported as an event and the joint is removed). A heavy ball is fired at it every few seconds: watch the welds near the impact give way while the rest of the wall holds.',
  { cx: 4, cy: 3, height: 12 },
  (world, p) => {
    const g = ground(world, 30);
    const { columns, rows, size, x0 } = WALL;
    const breakForce = Number(p['breakForce']);
    const cells: BodyId[] = [];
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < columns; c++) {
        const b = world.createBody({ position: [x0 + c * size, (r + 0.5) * size] });
        world.createShape(b, { kind: 'box', halfWidth: 0.5 * size, halfHeight: 0.5 * size, density: 2 });
        cells.push(b);
      }
    }
    const weld = (a: BodyId, b: BodyId, at: Vec2Tuple) =>
      jointAt(world, { kind: 'weld', bodyA: a, bodyB: b, breakForce }, at);
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < columns; c++) {
        const b = cells[r * columns + c]!;
        const [x, y] = world.getPosition(b);
        if (c + 1 < columns) weld(b, cells[r * columns + c + 1]!, [x + 0.5 * size, y]);
        if (r + 1 < rows) weld(b, cells[(r + 1) * columns + c]!, [x, y + 0.5 * size]);
      }
    }
    for (let c = 0; c < columns; c++) {
      const b = cells[c]!;
      weld(g, b, [world.getPosition(b)[0], 0]);
    }
    const speed = Number(p['ballSpeed']);
    let fired = 0;
    let broken = 0;
    const period = 240;
    return {
      beforeStep: (frame) => {
        if (frame % period !== 15 || fired >= 5) return;
        const ball = world.createBody({ position: [-4, 1.2 + 0.8 * fired], bullet: true });
        world.createShape(ball, { kind: 'circle', radius: 0.35, density: 40 });
        world.setLinearVelocity(ball, [speed, 2]);
        fired++;
      },
      afterStep: () => {
        broken += world.events().jointBreak.length;
      },
      stats: () => ({ ballsFired: fired, brokenJoints: broken }),
      panel: () => [`welds broken: ${broken}`],
    };
  },
  [
    {
      key: 'breakForce',
      label: 'break force (N)',
      kind: 'number',
      default: 300,
      min: 10,
      max: 5000,
      step: 10,
    },
    { key: 'ballSpeed', label: 'ball speed (m/s)', kind: 'number', default: 20, min: 1, max: 60, step: 1 },
  ],
);

/** The bullets demo's walls: x of each thin wall and its half thickness (the tests read them). */
export const WALLS = { x: [5, 6, 7], halfThickness: 0.01, height: 5 };

const bulletsDemo = makeDemo(
  'joints-bullets',
  'Bullets and thin walls (continuous collision)',
  'Small balls fired at 300 m/s at walls 2 cm thick move 5 m in one frame. With continuous collision on they are flagged bullets and their time of impact is found by conservative advancement on the GJK distance (textbook §26.2, Mirtich 1996): none passes the first wall. Switch it off to watch them tunnel through.',
  { cx: 3, cy: 2, height: 8 },
  (world, p) => {
    const ccd = p['ccd'] !== false;
    const g = ground(world, 30);
    for (const x of WALLS.x) {
      world.createShape(g, {
        kind: 'box',
        halfWidth: WALLS.halfThickness,
        halfHeight: 0.5 * WALLS.height,
        center: [x, 0.5 * WALLS.height],
      });
    }
    const speed = Number(p['speed']);
    const rnd = random(3);
    const live: BodyId[] = [];
    let fired = 0;
    let passed = 0;
    const crossed = new Set<BodyId>();
    return {
      beforeStep: (frame) => {
        if (frame % 6 !== 0) return;
        const angle = 0.3 * (rnd() - 0.5);
        const b = world.createBody({ position: [0, 0.5 + 3 * rnd()], bullet: ccd });
        world.createShape(b, { kind: 'circle', radius: 0.05, density: 10, restitution: 0.3 });
        world.setLinearVelocity(b, [speed * Math.cos(angle), speed * Math.sin(angle)]);
        live.push(b);
        fired++;
        if (live.length > 40) world.destroyBody(live.shift()!);
      },
      afterStep: () => {
        for (const b of live) {
          // through the first wall, not over its top
          const [x, y] = world.getPosition(b);
          if (crossed.has(b) || x <= WALLS.x[0]!) continue;
          crossed.add(b);
          if (y < WALLS.height) passed++;
        }
      },
      stats: () => ({ fired, passed }),
      panel: () => [
        `continuous collision ${ccd ? 'on' : 'off'}: ${passed} of ${fired} passed the first wall`,
      ],
    };
  },
  [
    { key: 'ccd', label: 'continuous collision', kind: 'boolean', default: true },
    { key: 'speed', label: 'bullet speed (m/s)', kind: 'number', default: 300, min: 10, max: 1000, step: 10 },
  ],
);

/** The joint demos, in the order the playground lists them. */
export const rigid2dJointDemos: readonly Demo[] = [
  chainDemo,
  bridgeDemo,
  ragdollDemo,
  carDemo,
  windmillDemo,
  springPendulumDemo,
  wallDemo,
  bulletsDemo,
];
