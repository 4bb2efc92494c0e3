/**
 * Box2D v3's benchmark scenes (Catto, Box2D v3 `shared/benchmarks.c` and its ragdoll
 * `shared/human.c`) as engine-agnostic descriptions — bodies with their shapes and materials,
 * revolute joints between them, and, for the rain, the waves of ragdolls spawned and removed as
 * the run goes — plus `buildBenchmark` / `BenchmarkRun` that build and step them in a rikigaku
 * World. The benchmark feeds the same descriptions to the peer engines, so every engine starts
 * from the same bodies at the same positions:
 *   joint_grid — 100 × 100 circles on 19,800 revolute joints, hung from 7 static circles, no contacts;
 *   smash      — 9,600 sleeping boxes (120 × 80) hit by a heavy box at 40 m/s, no gravity;
 *   spinner    — 6,076 capsules, circles and squares in a one-sided chain ring, stirred by a paddle
 *                on a revolute motor (5 rad/s, unlimited torque);
 *   rain       — waves of ragdolls (11 capsule bodies on 10 revolute joints with limits, joint
 *                friction and an angular spring) dropped onto five rows of boxes, 1,000 at a time;
 *   tumbler    — a heavy four-walled box turned by a revolute motor at 25°/s around 2,025 small boxes.
 * `size: 'small'` gives the scenes' smaller layouts (Box2D's debug-build sizes), for tests and
 * quick runs. Units SI, y up, angles counter-clockwise.
 */
import { type BodyId, type ShapeDef, type Vec2Tuple, World, type WorldDef } from '../../rigid2d/index.js';

/** One shape of a body, in the body's frame. */
export type BenchGeometry =
  | { kind: 'circle'; radius: number; center?: Vec2Tuple }
  | { kind: 'box'; hx: number; hy: number; center?: Vec2Tuple; angle?: number; radius?: number }
  | { kind: 'capsule'; p1: Vec2Tuple; p2: Vec2Tuple; radius: number }
  | { kind: 'polygon'; vertices: readonly Vec2Tuple[]; radius?: number }
  /** a closed one-sided chain: collides on the right of p[k] → p[k+1] (inside a clockwise loop) */
  | { kind: 'chain-loop'; points: readonly Vec2Tuple[] };

/** Collision filter (Box2D's rule: same non-zero group → its sign decides; else category & mask both ways). */
export interface BenchFilter {
  categoryBits: number;
  maskBits: number;
  groupIndex: number;
}

export interface BenchShape {
  geometry: BenchGeometry;
  density: number;
  friction: number;
  restitution: number;
  filter?: BenchFilter;
}

export interface BenchBody {
  type: 'static' | 'dynamic';
  x: number;
  y: number;
  vx: number;
  vy: number;
  /** starts awake (false: asleep until hit) */
  awake: boolean;
  /** may fall asleep */
  sleepEnabled: boolean;
  linearDamping: number;
  shapes: BenchShape[];
}

/** A revolute joint between two bodies of the same batch (indices into its `bodies`). */
export interface BenchRevolute {
  bodyA: number;
  bodyB: number;
  /** anchors in each body's frame */
  anchorA: Vec2Tuple;
  anchorB: Vec2Tuple;
  /** angleB − angleA at which the joint angle is zero */
  referenceAngle: number;
  enableLimit: boolean;
  lowerAngle: number;
  upperAngle: number;
  enableMotor: boolean;
  motorSpeed: number;
  maxMotorTorque: number;
  enableSpring: boolean;
  hertz: number;
  dampingRatio: number;
}

/** Bodies and the joints between them. */
export interface BenchBatch {
  bodies: BenchBody[];
  joints: BenchRevolute[];
}

/** What happens before a step of the rain: remove a group of ragdolls, or add one. */
export type BenchAction = { destroy: number } | { create: number; batch: BenchBatch };

export type BenchmarkName = 'joint-grid' | 'smash' | 'spinner' | 'rain' | 'tumbler-motor';
export const BENCHMARK_NAMES: readonly BenchmarkName[] = [
  'joint-grid',
  'smash',
  'spinner',
  'rain',
  'tumbler-motor',
];

export interface Benchmark {
  name: BenchmarkName;
  size: 'full' | 'small';
  gravity: Vec2Tuple;
  /** Box2D's setting for the scene: the joint grid runs with sleeping off, the others with it on */
  enableSleep: boolean;
  /** Box2D's step count for the scene (benchmark/main.c) */
  steps: number;
  /** the bodies and joints present from the start */
  scene: BenchBatch;
  /** actions to apply before step `step` (0-based); groups are named by a number */
  actions?(step: number): BenchAction[];
  /** scene-specific facts for the quality figures */
  info: {
    /** joint grid: grid size N (body k·N + i is column k, row i) and the static anchors' body indices */
    gridN?: number;
    /** rain: the top of the lowest floor (y) */
    floorY?: number;
    /** spinner: the ring's centre and radius */
    ring?: { x: number; y: number; r: number };
    /** tumbler: index of the turning box and its inner half size */
    tumbler?: { body: number; half: number };
  };
}

// ---- helpers ----------------------------------------------------------------------------------------

const PI = Math.PI;

function body(
  type: 'static' | 'dynamic',
  x: number,
  y: number,
  shapes: BenchShape[],
  extra: Partial<BenchBody> = {},
): BenchBody {
  return {
    type,
    x,
    y,
    vx: 0,
    vy: 0,
    awake: true,
    sleepEnabled: true,
    linearDamping: 0,
    shapes,
    ...extra,
  };
}

function shape(geometry: BenchGeometry, m: Partial<Omit<BenchShape, 'geometry'>> = {}): BenchShape {
  const s: BenchShape = {
    geometry,
    density: m.density ?? 1,
    friction: m.friction ?? 0.6,
    restitution: m.restitution ?? 0,
  };
  if (m.filter) s.filter = m.filter;
  return s;
}

function revolute(
  bodyA: number,
  bodyB: number,
  anchorA: Vec2Tuple,
  anchorB: Vec2Tuple,
  extra: Partial<BenchRevolute> = {},
): BenchRevolute {
  return {
    bodyA,
    bodyB,
    anchorA,
    anchorB,
    referenceAngle: 0,
    enableLimit: false,
    lowerAngle: 0,
    upperAngle: 0,
    enableMotor: false,
    motorSpeed: 0,
    maxMotorTorque: 0,
    enableSpring: false,
    hertz: 0,
    dampingRatio: 0,
    ...extra,
  };
}

// ---- the scenes ---------------------------------------------------------------------------------------

/**
 * joint_grid: an N × N grid of circles (radius 0.4, density 1, spaced 1 m) where each circle is
 * pinned to its upper and its left neighbour by a revolute joint at the half-way point; the 7
 * circles in the middle of the top row are static. The circles never collide with each other
 * (category 2, mask ~2), so the scene measures the joint solver alone. Body k·N + i is column k,
 * row i (at x = k, y = −i).
 */
function jointGrid(size: 'full' | 'small'): Benchmark {
  const N = size === 'full' ? 100 : 20;
  const bodies: BenchBody[] = [];
  const joints: BenchRevolute[] = [];
  const filter = { categoryBits: 2, maskBits: ~2 >>> 0, groupIndex: 0 };
  for (let k = 0; k < N; k++) {
    for (let i = 0; i < N; i++) {
      const anchored = k >= N / 2 - 3 && k <= N / 2 + 3 && i === 0;
      const index = bodies.length;
      bodies.push(
        body(anchored ? 'static' : 'dynamic', k, -i, [shape({ kind: 'circle', radius: 0.4 }, { filter })], {
          sleepEnabled: false,
        }),
      );
      if (i > 0) joints.push(revolute(index - 1, index, [0, -0.5], [0, 0.5]));
      if (k > 0) joints.push(revolute(index - N, index, [0.5, 0], [-0.5, 0]));
    }
  }
  return {
    name: 'joint-grid',
    size,
    gravity: [0, -10],
    enableSleep: false,
    steps: 500,
    scene: { bodies, joints },
    info: { gridN: N },
  };
}

/**
 * smash: a 8 × 8 m box of density 8 flying at 40 m/s into a block of sleeping 0.4 m boxes
 * (120 columns × 80 rows, touching), without gravity.
 */
function smash(size: 'full' | 'small'): Benchmark {
  const bodies: BenchBody[] = [
    body('dynamic', -20, 0, [shape({ kind: 'box', hx: 4, hy: 4 }, { density: 8 })], { vx: 40 }),
  ];
  const d = 0.4;
  const columns = size === 'full' ? 120 : 20;
  const rows = size === 'full' ? 80 : 10;
  for (let i = 0; i < columns; i++) {
    for (let j = 0; j < rows; j++) {
      bodies.push(
        body('dynamic', i * d + 30, (j - rows / 2) * d, [shape({ kind: 'box', hx: d / 2, hy: d / 2 })], {
          awake: false,
        }),
      );
    }
  }
  return {
    name: 'smash',
    size,
    gravity: [0, 0],
    enableSleep: true,
    steps: 300,
    scene: { bodies, joints: [] },
    info: {},
  };
}

/**
 * spinner: a one-sided chain ring of 360 points (radius 40, centre (0, 32), friction 0.1) holding
 * 6,076 bodies — capsules, circles and squares in turn (density 0.25, friction 0.1, restitution
 * 0.1) — stirred by a rounded paddle (0.8 × 40 m) on a revolute motor at 5 rad/s with unlimited
 * torque. Body 0 is the ground (the ring), body 1 the paddle.
 */
function spinner(size: 'full' | 'small'): Benchmark {
  const count = 360;
  const points: Vec2Tuple[] = [];
  // clockwise, so the one-sided segments face the inside
  for (let i = 0; i < count; i++) {
    const a = (-2 * PI * i) / count;
    points.push([40 * Math.cos(a), 40 * Math.sin(a) + 32]);
  }
  const bodies: BenchBody[] = [
    body('static', 0, 0, [shape({ kind: 'chain-loop', points }, { friction: 0.1, density: 0 })]),
    body('dynamic', 0, 12, [shape({ kind: 'box', hx: 0.4, hy: 20, radius: 0.2 }, { friction: 0 })], {
      sleepEnabled: false,
    }),
  ];
  const joints = [
    revolute(0, 1, [0, 12], [0, 0], { enableMotor: true, motorSpeed: 5, maxMotorTorque: 1e30 }),
  ];
  const material = { density: 0.25, friction: 0.1, restitution: 0.1 };
  const n = size === 'full' ? 2 * 3038 : 499;
  let x = -23;
  let y = 2;
  for (let i = 0; i < n; i++) {
    const r = i % 3;
    const g: BenchGeometry =
      r === 0
        ? { kind: 'capsule', p1: [-0.25, 0], p2: [0.25, 0], radius: 0.25 }
        : r === 1
          ? { kind: 'circle', radius: 0.35 }
          : { kind: 'box', hx: 0.35, hy: 0.35 };
    bodies.push(body('dynamic', x, y, [shape(g, material)]));
    x += 0.5;
    if (x >= 23) {
      x = -23;
      y += 0.5;
    }
  }
  return {
    name: 'spinner',
    size,
    gravity: [0, -10],
    enableSleep: true,
    steps: 500,
    scene: { bodies, joints },
    info: { ring: { x: 0, y: 32, r: 40 } },
  };
}

/**
 * One ragdoll (Box2D's `human.c` layout, scale 1) standing with its feet at (x, y): 11 capsule
 * bodies — hip, torso, head, upper/lower left leg, upper/lower right leg, upper/lower left arm,
 * upper/lower right arm — on 10 revolute joints with limits, joint friction (a motor at speed 0
 * whose torque is capped at `friction` × the bone's share) and an angular spring (`hertz`,
 * `dampingRatio`). Shapes of ragdolls with the same `group` never touch (negative group index);
 * the feet touch only the ground (category 1).
 */
export function ragdoll(
  x: number,
  y: number,
  group: number,
  friction = 0.05,
  hertz = 5,
  dampingRatio = 0.5,
): BenchBatch {
  const filter = { categoryBits: 2, maskBits: 1 | 2, groupIndex: -group };
  const footFilter = { categoryBits: 2, maskBits: 1, groupIndex: -group };
  const foot: Vec2Tuple[] = [
    [-0.03, -0.185],
    [0.11, -0.185],
    [0.11, -0.16],
    [-0.03, -0.14],
  ];
  // bone: parent, body height, capsule (y1, y2, radius), pivot height, limits, friction share, damping
  const bones: [number, number, number, number, number, number, number, number, number, number][] = [
    [-1, 0.95, -0.02, 0.02, 0.095, 0, 0, 0, 1, 0], // hip
    [0, 1.2, -0.135, 0.135, 0.09, 1.0, -0.25 * PI, 0, 0.5, 0], // torso
    [1, 1.475, -0.038, 0.039, 0.075, 1.4, -0.3 * PI, 0.1 * PI, 0.25, 0.1], // head
    [0, 0.775, -0.125, 0.125, 0.06, 0.9, -0.05 * PI, 0.4 * PI, 1, 0], // upper left leg
    [3, 0.475, -0.155, 0.125, 0.045, 0.625, -0.5 * PI, -0.02 * PI, 0.5, 0], // lower left leg
    [0, 0.775, -0.125, 0.125, 0.06, 0.9, -0.05 * PI, 0.4 * PI, 1, 0], // upper right leg
    [5, 0.475, -0.155, 0.125, 0.045, 0.625, -0.5 * PI, -0.02 * PI, 0.5, 0], // lower right leg
    [1, 1.225, -0.125, 0.125, 0.035, 1.35, -0.1 * PI, 0.8 * PI, 0.5, 0], // upper left arm
    [7, 0.975, -0.125, 0.125, 0.03, 1.1, -0.2 * PI, 0.3 * PI, 0.1, 0.1], // lower left arm
    [1, 1.225, -0.125, 0.125, 0.035, 1.35, -0.1 * PI, 0.8 * PI, 0.5, 0], // upper right arm
    [9, 0.975, -0.125, 0.125, 0.03, 1.1, -0.2 * PI, 0.3 * PI, 0.1, 0.1], // lower right arm
  ];
  const bodies: BenchBody[] = [];
  const joints: BenchRevolute[] = [];
  for (let b = 0; b < bones.length; b++) {
    const [parent, h, y1, y2, r, pivot, lower, upper, share, damping] = bones[b]!;
    const shapes = [
      shape({ kind: 'capsule', p1: [0, y1], p2: [0, y2], radius: r }, { friction: 0.2, filter }),
    ];
    const isLowerLeg = b === 4 || b === 6;
    if (isLowerLeg)
      shapes.push(
        shape({ kind: 'polygon', vertices: foot, radius: 0.015 }, { friction: 0.05, filter: footFilter }),
      );
    bodies.push(body('dynamic', x, y + h, shapes, { linearDamping: damping }));
    if (parent < 0) continue;
    const pa = bones[parent]!;
    const isLowerArm = b === 8 || b === 10;
    joints.push(
      revolute(parent, b, [0, pivot - pa[1]], [0, pivot - h], {
        // the lower arms' zero angle is a quarter-turn bend (Box2D rotates joint frame A by π/4)
        referenceAngle: isLowerArm ? 0.25 * PI : 0,
        enableLimit: true,
        lowerAngle: lower,
        upperAngle: upper,
        enableMotor: true,
        motorSpeed: 0,
        maxMotorTorque: share * friction,
        enableSpring: hertz > 0,
        hertz,
        dampingRatio,
      }),
    );
  }
  return { bodies, joints };
}

/**
 * rain: five floors of 0.5 m boxes (45 m apart) and, every 8 steps, one column of groups of 5
 * ragdolls (0.5 m apart) per floor dropped 40 m above it, over 40 columns; after that each wave
 * removes the oldest column and drops it again. 1,000 ragdolls (11,000 bodies, 10,000 joints)
 * at once once the 40 columns are in.
 */
function rain(size: 'full' | 'small'): Benchmark {
  const rows = size === 'full' ? 5 : 3;
  const columns = size === 'full' ? 40 : 10;
  const groupSize = size === 'full' ? 5 : 2;
  const gridSize = 0.5;
  const gridCount = size === 'full' ? 500 : 200;
  const delayMask = size === 'full' ? 0x7 : 0x1f;
  const ground: BenchShape[] = [];
  let fy = 0;
  for (let i = 0; i < rows; i++) {
    let x = -0.5 * gridCount * gridSize;
    for (let j = 0; j <= gridCount; j++) {
      ground.push(
        shape({ kind: 'box', hx: 0.5 * gridSize, hy: 0.5 * gridSize, center: [x, fy] }, { density: 0 }),
      );
      x += gridSize;
    }
    fy += 45;
  }
  const span = gridCount * gridSize;
  const groupDistance = span / columns;
  const group = (row: number, column: number): BenchBatch => {
    const out: BenchBatch = { bodies: [], joints: [] };
    let x = -0.5 * span + groupDistance * (column + 0.5);
    const y = 40 + 45 * row;
    for (let i = 0; i < groupSize; i++) {
      const r = ragdoll(x, y, i + 1);
      const base = out.bodies.length;
      out.bodies.push(...r.bodies);
      for (const j of r.joints) out.joints.push({ ...j, bodyA: j.bodyA + base, bodyB: j.bodyB + base });
      x += 0.5;
    }
    return out;
  };
  const actions = (step: number): BenchAction[] => {
    if ((step & delayMask) !== 0) return [];
    const wave = step / (delayMask + 1);
    const out: BenchAction[] = [];
    if (wave < columns) {
      for (let i = 0; i < rows; i++) out.push({ create: i * columns + wave, batch: group(i, wave) });
    } else {
      const column = (wave - columns) % columns;
      for (let i = 0; i < rows; i++) {
        out.push({ destroy: i * columns + column });
        out.push({ create: i * columns + column, batch: group(i, column) });
      }
    }
    return out;
  };
  return {
    name: 'rain',
    size,
    gravity: [0, -10],
    enableSleep: true,
    steps: 1000,
    scene: { bodies: [body('static', 0, 0, ground)], joints: [] },
    actions,
    info: { floorY: 0.5 * gridSize },
  };
}

/**
 * tumbler: a hollow box of four walls (20 m square, density 50) turned at 25°/s by a revolute motor
 * (max torque 1e8 N·m) about its centre (0, 10), holding 45 × 45 boxes of 0.25 m. Body 0 is the
 * ground (no shapes), body 1 the tumbler.
 */
function tumblerMotor(size: 'full' | 'small'): Benchmark {
  const wall = (hx: number, hy: number, cx: number, cy: number) =>
    shape({ kind: 'box', hx, hy, center: [cx, cy] }, { density: 50 });
  const bodies: BenchBody[] = [
    body('static', 0, 0, []),
    body('dynamic', 0, 10, [
      wall(0.5, 10, 10, 0),
      wall(0.5, 10, -10, 0),
      wall(10, 0.5, 0, 10),
      wall(10, 0.5, 0, -10),
    ]),
  ];
  const joints = [
    revolute(0, 1, [0, 10], [0, 0], { enableMotor: true, motorSpeed: (PI / 180) * 25, maxMotorTorque: 1e8 }),
  ];
  const n = size === 'full' ? 45 : 20;
  let y = -0.2 * n + 10;
  for (let i = 0; i < n; i++) {
    let x = -0.2 * n;
    for (let j = 0; j < n; j++) {
      bodies.push(body('dynamic', x, y, [shape({ kind: 'box', hx: 0.125, hy: 0.125 })]));
      x += 0.4;
    }
    y += 0.4;
  }
  return {
    name: 'tumbler-motor',
    size,
    gravity: [0, -10],
    enableSleep: true,
    steps: 750,
    scene: { bodies, joints },
    info: { tumbler: { body: 1, half: 9.5 } },
  };
}

/** A Box2D v3 benchmark scene by name, at its full size or the small (debug-build) layout. */
export function box2dBenchmark(name: BenchmarkName, size: 'full' | 'small' = 'full'): Benchmark {
  switch (name) {
    case 'joint-grid':
      return jointGrid(size);
    case 'smash':
      return smash(size);
    case 'spinner':
      return spinner(size);
    case 'rain':
      return rain(size);
    case 'tumbler-motor':
      return tumblerMotor(size);
  }
}

/** Number of dynamic bodies in a batch. */
export function dynamicCount(batch: BenchBatch): number {
  let n = 0;
  for (const b of batch.bodies) if (b.type === 'dynamic') n++;
  return n;
}

// ---- building in a rikigaku World ---------------------------------------------------------------

function shapeDef(s: BenchShape): ShapeDef | null {
  const m = {
    density: s.density,
    friction: s.friction,
    restitution: s.restitution,
    ...(s.filter ? { filter: s.filter } : {}),
  };
  const g = s.geometry;
  switch (g.kind) {
    case 'circle':
      return { kind: 'circle', radius: g.radius, ...(g.center ? { center: g.center } : {}), ...m };
    case 'box':
      return {
        kind: 'box',
        halfWidth: g.hx,
        halfHeight: g.hy,
        ...(g.center ? { center: g.center } : {}),
        ...(g.angle ? { angle: g.angle } : {}),
        ...(g.radius ? { radius: g.radius } : {}),
        ...m,
      };
    case 'capsule':
      return { kind: 'capsule', p1: g.p1, p2: g.p2, radius: g.radius, ...m };
    case 'polygon':
      return { kind: 'polygon', vertices: g.vertices, ...(g.radius ? { radius: g.radius } : {}), ...m };
    case 'chain-loop':
      return null;
  }
}

/** Adds a batch's bodies and joints to `world`; returns the body handles in order. */
export function addBatch(world: World, batch: BenchBatch): BodyId[] {
  const ids: BodyId[] = [];
  for (const b of batch.bodies) {
    const id = world.createBody({
      type: b.type,
      position: [b.x, b.y],
      ...(b.vx !== 0 || b.vy !== 0 ? { linearVelocity: [b.vx, b.vy] as Vec2Tuple } : {}),
      ...(b.awake ? {} : { awake: false }),
      ...(b.sleepEnabled ? {} : { sleepEnabled: false }),
      ...(b.linearDamping ? { linearDamping: b.linearDamping } : {}),
    });
    for (const s of b.shapes) {
      const def = shapeDef(s);
      if (def) world.createShape(id, def);
      else if (s.geometry.kind === 'chain-loop')
        world.createChain(id, {
          points: s.geometry.points,
          loop: true,
          oneSided: true,
          friction: s.friction,
          restitution: s.restitution,
        });
    }
    ids.push(id);
  }
  for (const j of batch.joints) {
    world.createJoint({
      kind: 'revolute',
      bodyA: ids[j.bodyA]!,
      bodyB: ids[j.bodyB]!,
      localAnchorA: j.anchorA,
      localAnchorB: j.anchorB,
      referenceAngle: j.referenceAngle,
      enableLimit: j.enableLimit,
      lowerAngle: j.lowerAngle,
      upperAngle: j.upperAngle,
      enableMotor: j.enableMotor,
      motorSpeed: j.motorSpeed,
      maxMotorTorque: j.maxMotorTorque,
      enableSpring: j.enableSpring,
      hertz: j.hertz,
      dampingRatio: j.dampingRatio,
    });
  }
  return ids;
}

/**
 * A benchmark scene running in a rikigaku World: `step(dt)` applies the scene's actions for the
 * step (the rain's waves), then steps the world. `bodies()` lists the live bodies in scene order
 * (the scene's own, then each live group's), with the batch they came from.
 */
export class BenchmarkRun {
  readonly sceneBodies: BodyId[];
  readonly groups = new Map<number, { ids: BodyId[]; batch: BenchBatch }>();
  stepCount = 0;
  constructor(
    readonly world: World,
    readonly bench: Benchmark,
  ) {
    this.sceneBodies = addBatch(world, bench.scene);
  }
  step(dt: number): void {
    if (this.bench.actions) {
      for (const a of this.bench.actions(this.stepCount)) {
        if ('destroy' in a) {
          const g = this.groups.get(a.destroy);
          if (g) for (const id of g.ids) this.world.destroyBody(id);
          this.groups.delete(a.destroy);
        } else {
          this.groups.set(a.create, { ids: addBatch(this.world, a.batch), batch: a.batch });
        }
      }
    }
    this.world.step(dt);
    this.stepCount++;
  }
  /** every live body with its description, scene bodies first, then the groups in creation order */
  bodies(): { id: BodyId; spec: BenchBody }[] {
    const out = this.sceneBodies.map((id, i) => ({ id, spec: this.bench.scene.bodies[i]! }));
    for (const g of this.groups.values()) {
      for (let i = 0; i < g.ids.length; i++) out.push({ id: g.ids[i]!, spec: g.batch.bodies[i]! });
    }
    return out;
  }
}

/** Builds benchmark `name` in a new World with the scene's gravity and sleep setting (and `def`'s others). */
export function buildBenchmark(
  name: BenchmarkName,
  size: 'full' | 'small' = 'full',
  def: WorldDef = {},
): BenchmarkRun {
  const bench = box2dBenchmark(name, size);
  return new BenchmarkRun(
    new World({ ...def, gravity: bench.gravity, enableSleep: bench.enableSleep }),
    bench,
  );
}
