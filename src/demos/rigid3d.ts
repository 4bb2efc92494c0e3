/**
 * 3D rigid-body demos (textbook §26.2): a box stack, a pyramid, a brick wall, convex hulls in a
 * rotating tumbler, the spinning tennis racket (the intermediate-axis flip), spheres rolling on
 * heightfield terrain, a triangle-mesh bowl and a line of dominoes. Each runs a `World3` (soft step,
 * Catto 2024) and draws through the shaded Canvas 2D projection of render/view3d.ts; the playground
 * shows the same instances through three.js (`instance.world3`, `instance.camera3`).
 *
 * The scene layouts (`pyramidLayout3`, `wallLayout3`, `tumblerLayout3`) are exported so the
 * benchmarks build exactly the same scenes in the peer engines.
 */
import { Heightfield3, TriangleMesh3 } from '../geometry/shapes3d.js';
import { Prng } from '../math/prng.js';
import { type Camera3, CameraFrame3, drawWorld3, orbitCamera3 } from '../render/view3d.js';
import type { BodyId3, WorldDef3 } from '../rigid3d/types.js';
import { World3 } from '../rigid3d/world.js';
import { textPanel } from './kit/labels.js';
import {
  type Demo,
  type DemoInstance,
  type DemoParam,
  type DemoParamValues,
  type DemoPointer,
  resolveParams,
  type SeriesStyle,
  type View,
} from './types.js';

const FRAME = 1 / 60;

/** One box of a layout: centre and half-extents (m). */
export interface BoxPlacement3 {
  /** centre */
  position: [number, number, number];
  /** half-extents */
  halfExtents: [number, number, number];
}

/**
 * A pyramid of cubes of edge `size` (m) with `base` × `base` cubes at the bottom, one cube less
 * per side per layer (base 10: 385 cubes, base 20: 2,870), resting on y = 0.
 */
export function pyramidLayout3(base: number, size = 1): BoxPlacement3[] {
  const out: BoxPlacement3[] = [];
  const h = 0.5 * size;
  for (let layer = 0; layer < base; layer++) {
    const n = base - layer;
    const off = -0.5 * (n - 1) * size;
    for (let i = 0; i < n; i++)
      for (let k = 0; k < n; k++)
        out.push({ position: [off + i * size, h + layer * size, off + k * size], halfExtents: [h, h, h] });
  }
  return out;
}

/**
 * A running-bond brick wall `columns` bricks long and `rows` high (bricks 1 × 0.5 × 0.5 m; odd rows
 * shifted by half a brick, with a half brick closing each end), resting on y = 0 along x.
 */
export function wallLayout3(columns: number, rows: number): BoxPlacement3[] {
  const out: BoxPlacement3[] = [];
  const L = 1;
  const H = 0.5;
  const D = 0.5;
  const x0 = -0.5 * columns * L;
  for (let r = 0; r < rows; r++) {
    const y = H * (r + 0.5);
    if (r % 2 === 0) {
      for (let c = 0; c < columns; c++)
        out.push({ position: [x0 + (c + 0.5) * L, y, 0], halfExtents: [0.5 * L, 0.5 * H, 0.5 * D] });
    } else {
      out.push({ position: [x0 + 0.25 * L, y, 0], halfExtents: [0.25 * L, 0.5 * H, 0.5 * D] });
      for (let c = 0; c < columns - 1; c++)
        out.push({ position: [x0 + (c + 1) * L, y, 0], halfExtents: [0.5 * L, 0.5 * H, 0.5 * D] });
      out.push({ position: [x0 + (columns - 0.25) * L, y, 0], halfExtents: [0.25 * L, 0.5 * H, 0.5 * D] });
    }
  }
  return out;
}

/** The tumbler scene: its drum (six wall boxes on one kinematic body) and the hulls inside. */
export interface TumblerLayout3 {
  /** the drum's centre */
  center: [number, number, number];
  /** the drum's angular velocity about z (rad/s) */
  spin: number;
  /** the walls in the drum's frame */
  walls: BoxPlacement3[];
  /** per hull its points (xyz, centred at the origin) and its starting centre */
  hulls: { points: number[]; position: [number, number, number] }[];
}

/**
 * `count` random convex hulls (8 points each within 0.3 m, seeded, centred on their mean) in a closed cubic drum that
 * turns about z at `spin` rad/s; the drum grows with the count (its inner half-size
 * max(1.6, 0.55 ∛count) m).
 */
export function tumblerLayout3(count: number, spin = 0.5, seed = 7): TumblerLayout3 {
  const half = Math.max(1.6, 0.55 * Math.cbrt(count));
  const t = 0.25;
  const center: [number, number, number] = [0, half + 2 * t + 0.5, 0];
  const walls: BoxPlacement3[] = [];
  const e = half + t;
  for (let a = 0; a < 3; a++)
    for (const s of [-1, 1]) {
      const p: [number, number, number] = [0, 0, 0];
      const h: [number, number, number] = [e + t, e + t, e + t];
      p[a] = s * e;
      h[a] = t;
      walls.push({ position: p, halfExtents: h });
    }
  const rng = new Prng(seed);
  const spacing = 0.75;
  const n = Math.floor((2 * half - 0.2) / spacing);
  const hulls: TumblerLayout3['hulls'] = [];
  const start = -0.5 * (n - 1) * spacing;
  for (let i = 0; i < count && i < n * n * n; i++) {
    const ix = i % n;
    const iz = Math.floor(i / n) % n;
    const iy = Math.floor(i / (n * n));
    const points: number[] = [];
    for (let k = 0; k < 8; k++) points.push(rng.range(-0.3, 0.3), rng.range(-0.3, 0.3), rng.range(-0.3, 0.3));
    // centred on the points' mean, so the body origin lies inside the hull
    for (let a = 0; a < 3; a++) {
      let m = 0;
      for (let k = a; k < points.length; k += 3) m += points[k]!;
      m /= 8;
      for (let k = a; k < points.length; k += 3) points[k]! -= m;
    }
    hulls.push({
      points,
      position: [
        center[0] + start + ix * spacing,
        center[1] + start + iy * spacing,
        center[2] + start + iz * spacing,
      ],
    });
  }
  return { center, spin, walls, hulls };
}

/** A static ground box with its top at y = 0; returns its shape (the grid stands for it in drawings). */
function ground(world: World3, half = 30): Set<number> {
  const g = world.createBody({ type: 'static' });
  const def = { kind: 'box', halfExtents: [half, 0.5, half], position: [0, -0.5, 0], friction: 0.6 } as const;
  return new Set([world.createShape(g, def)]);
}

function addBoxes(world: World3, boxes: readonly BoxPlacement3[], friction = 0.6): BodyId3[] {
  const ids: BodyId3[] = [];
  for (const b of boxes) {
    const id = world.createBody({ position: b.position });
    world.createShape(id, { kind: 'box', halfExtents: b.halfExtents, density: 1000, friction });
    ids.push(id);
  }
  return ids;
}

/** What a 3D demo's builder returns. */
interface Built3 {
  world: World3;
  camera: Camera3;
  label: string;
  /** extra series of this demo, computed from the world */
  series?: (world: World3) => Record<string, number>;
  /** shapes the drawing leaves out (the ground box the grid stands for, the drum's front wall) */
  hidden?: ReadonlySet<number>;
  /** grid half-size and spacing (m) */
  grid?: { halfSize: number; spacing: number } | null;
}

/** A grab on a body: a spring pulls a body point to the pointer's target (textbook §26.2's forces). */
interface Grab3 {
  body: BodyId3;
  /** the grabbed point in the body frame */
  local: [number, number, number];
  /** the target point (world) */
  target: [number, number, number];
  /** the grab's depth along the view direction */
  depth: number;
}

/**
 * A running 3D demo: the world, its camera, the series, and picking: a pointer press casts a ray
 * from the camera through the pointer and grabs the first dynamic body hit; while held, a damped
 * spring (stiffness ∝ the body's mass) pulls the grabbed point towards the pointer at the grab's
 * depth.
 */
export class Rigid3dDemoInstance implements DemoInstance {
  /** the fixed frame step */
  readonly dt: number;
  /** the world (read by the playground's three.js view) */
  readonly world3: World3;
  /** the suggested camera */
  readonly camera3: Camera3;
  private readonly frame: CameraFrame3;
  private grab: Grab3 | null = null;
  private contactsOn = false;

  constructor(
    private readonly built: Built3,
    dt: number,
  ) {
    this.dt = dt;
    this.world3 = built.world;
    this.camera3 = built.camera;
    this.frame = new CameraFrame3(built.camera);
  }

  /** simulated time (s) */
  get time(): number {
    return this.world3.time;
  }

  /** One frame: the grab spring, then one world step. */
  step(): void {
    const g = this.grab;
    const w = this.world3;
    if (g && w.isValid(g.body)) {
      const q = w.getOrientation(g.body);
      const p = w.getPosition(g.body);
      const wp = rotate(q, g.local);
      const x: [number, number, number] = [p[0] + wp[0], p[1] + wp[1], p[2] + wp[2]];
      const v = w.getLinearVelocity(g.body);
      const m = w.getMass(g.body);
      const k = 200 * m;
      const c = 2 * Math.sqrt(k * m);
      const f: [number, number, number] = [
        k * (g.target[0] - x[0]) - c * v[0],
        k * (g.target[1] - x[1]) - c * v[1],
        k * (g.target[2] - x[2]) - c * v[2],
      ];
      w.applyForce(g.body, f, x);
      w.setAwake(g.body, true);
    }
    w.step(this.dt);
  }

  /**
   * Grabs the first dynamic body on the ray `from` → `to` (world points); returns it, or null.
   * The playground's three.js view calls this with its own camera's ray.
   */
  pick(from: readonly [number, number, number], to: readonly [number, number, number]): BodyId3 | null {
    const hit = this.world3.rayCast(from, to);
    if (!hit || this.world3.getBodyType(hit.body) !== 'dynamic') return null;
    const p = this.world3.getPosition(hit.body);
    const q = this.world3.getOrientation(hit.body);
    const d = [hit.point[0] - p[0], hit.point[1] - p[1], hit.point[2] - p[2]] as const;
    const local = rotate([-q[0], -q[1], -q[2], q[3]], d);
    this.grab = { body: hit.body, local, target: [...hit.point], depth: 0 };
    return hit.body;
  }

  /** Moves the grab's target (world point); no-op without a grab. */
  dragTo(target: readonly [number, number, number]): void {
    if (this.grab) this.grab.target = [target[0], target[1], target[2]];
  }

  /** Releases the grab. */
  release(): void {
    this.grab = null;
  }

  /** The grabbed body, or null. */
  get grabbed(): BodyId3 | null {
    return this.grab ? this.grab.body : null;
  }

  /** Pointer in image-plane metres (the 2D canvas): picks along the camera ray, drags at the grab's depth. */
  pointer(e: DemoPointer): void {
    const r = new Float64Array(6);
    this.frame.ray(e.x, e.y, r);
    if (e.kind === 'down') {
      const far = 200;
      const body = this.pick(
        [r[0]!, r[1]!, r[2]!],
        [r[0]! + far * r[3]!, r[1]! + far * r[4]!, r[2]! + far * r[5]!],
      );
      if (body !== null && this.grab) {
        const t = this.grab.target;
        this.grab.depth = (t[0] - r[0]!) * r[3]! + (t[1] - r[1]!) * r[4]! + (t[2] - r[2]!) * r[5]!;
      }
    } else if (e.kind === 'move' && this.grab) {
      // the target stays at the grab's distance along the pointer's ray
      const s = this.grab.depth;
      this.dragTo([r[0]! + s * r[3]!, r[1]! + s * r[4]!, r[2]! + s * r[5]!]);
    } else if (e.kind === 'up') this.release();
  }

  /** Whether the contact points and normals are shown (the `contacts` display switch). */
  get showContacts(): boolean {
    return this.contactsOn;
  }

  /** Whether the 2D projection leaves this shape out (a ground box the grid stands for, a drum's front wall). */
  isHidden(shape: number): boolean {
    return this.built.hidden?.has(shape) ?? false;
  }

  /** Display switches: `contacts` draws the contact points and normals. */
  setDisplay(values: DemoParamValues): void {
    if (typeof values.contacts === 'boolean') this.contactsOn = values.contacts;
  }

  series(): Record<string, number> {
    const w = this.world3;
    return { kineticEnergy: w.kineticEnergy(), ...(this.built.series?.(w) ?? {}) };
  }

  stats(): Record<string, number> {
    const w = this.world3;
    let awake = 0;
    for (const id of w.bodyIds()) if (w.getBodyType(id) === 'dynamic' && w.isAwake(id)) awake++;
    return {
      time: w.time,
      bodies: w.bodyCount,
      awakeBodies: awake,
      contacts: w.contactCount,
      maxPenetration: w.maxPenetration(),
      kineticEnergy: w.kineticEnergy(),
    };
  }

  draw(ctx: CanvasRenderingContext2D, view: View): void {
    drawWorld3(ctx, view, this.world3, this.camera3, {
      contacts: this.contactsOn,
      grid: this.built.grid === undefined ? { halfSize: 10, spacing: 1 } : this.built.grid,
      hidden: this.built.hidden ? (s) => this.built.hidden!.has(s) : undefined,
    });
    textPanel(ctx, [
      this.built.label,
      `${this.world3.bodyCount} bodies, t = ${this.world3.time.toFixed(2)} s`,
    ]);
  }
}

/** v rotated by the unit quaternion q = [x, y, z, w]. */
function rotate(q: readonly number[], v: readonly number[]): [number, number, number] {
  const [x, y, z, w] = q as [number, number, number, number];
  const [vx, vy, vz] = v as [number, number, number];
  const tx = 2 * (y * vz - z * vy);
  const ty = 2 * (z * vx - x * vz);
  const tz = 2 * (x * vy - y * vx);
  return [vx + w * tx + (y * tz - z * ty), vy + w * ty + (z * tx - x * tz), vz + w * tz + (x * ty - y * tx)];
}

const CONTACTS: DemoParam = {
  key: 'contacts',
  label: 'show contacts',
  kind: 'boolean',
  default: false,
  display: true,
};
const SUBSTEPS: DemoParam = {
  key: 'substeps',
  label: 'solver substeps',
  kind: 'number',
  default: 4,
  min: 1,
  max: 8,
  step: 1,
};

const ENERGY: SeriesStyle = { key: 'kineticEnergy', label: 'kinetic energy', unit: 'J', color: '#c2410c' };

function worldDef(p: DemoParamValues, extra: WorldDef3 = {}): WorldDef3 {
  return { gravity: [0, -10, 0], solver: { substeps: Number(p.substeps ?? 4) }, ...extra };
}

function make3(
  id: string,
  title: string,
  description: string,
  params: DemoParam[],
  series: readonly SeriesStyle[],
  viewSize: number,
  build: (p: DemoParamValues) => Built3,
): Demo {
  const demo: Demo = {
    id,
    title,
    domain: 'rigid3d',
    description,
    dt: FRAME,
    view: (width, height) => ({ width, height, cx: 0, cy: 0, scale: Math.min(width, height) / viewSize }),
    params: [...params, CONTACTS],
    series,
    create: (p: DemoParamValues = {}, options?: { dt?: number }) => {
      const values = resolveParams(demo, p);
      const inst = new Rigid3dDemoInstance(build(values), options?.dt ?? FRAME);
      inst.setDisplay(values);
      return inst;
    },
  };
  return demo;
}

/** The y of the topmost dynamic body's origin (a falling stack shows it). */
function topHeight(world: World3, id: BodyId3): number {
  return world.getPosition(id)[1];
}

const boxStack = make3(
  'rigid3d-stack',
  '3D box stack',
  'Ten boxes stacked on the ground, solved by the soft step (Catto 2024) with warm-started 4-point manifolds from 15-axis SAT and face clipping. The stack stands still and falls asleep after about half a second of rest; drag a box with the mouse to knock it.',
  [{ key: 'count', label: 'boxes', kind: 'number', default: 10, min: 2, max: 20, step: 1 }, SUBSTEPS],
  [ENERGY, { key: 'top', label: 'top box height', unit: 'm', color: '#2563eb' }],
  9,
  (p) => {
    const world = new World3(worldDef(p));
    const hidden = ground(world);
    const n = Number(p.count);
    const ids = addBoxes(
      world,
      Array.from({ length: n }, (_, i) => ({ position: [0, 0.5 + i, 0], halfExtents: [0.5, 0.5, 0.5] })),
    );
    const top = ids[ids.length - 1]!;
    return {
      world,
      camera: orbitCamera3([0, 0.5 * n, 0], 2.2 * n + 4, 0.6, 0.35),
      label: `${n} boxes, soft step`,
      series: (w) => ({ top: topHeight(w, top) }),
      hidden,
    };
  },
);

const pyramid = make3(
  'rigid3d-pyramid',
  '3D pyramid',
  'A pyramid of unit cubes (base 10: 385 cubes) on the ground: the benchmark scene of 3D engines. The soft step with relax iterations keeps it standing without jitter; colours cycle per body, and the top cube should stay where it started.',
  [
    { key: 'base', label: 'base (cubes per side)', kind: 'number', default: 10, min: 2, max: 20, step: 1 },
    SUBSTEPS,
  ],
  [ENERGY, { key: 'topDrop', label: 'top cube drop', unit: 'm', color: '#2563eb' }],
  26,
  (p) => {
    const world = new World3(worldDef(p));
    const hidden = ground(world, 40);
    const base = Number(p.base);
    const boxes = pyramidLayout3(base);
    const ids = addBoxes(world, boxes);
    const top = ids[ids.length - 1]!;
    const y0 = boxes[boxes.length - 1]!.position[1];
    return {
      world,
      camera: orbitCamera3([0, 0.35 * base, 0], 2.4 * base + 6, 0.7, 0.4),
      label: `pyramid of base ${base}: ${ids.length} cubes`,
      series: (w) => ({ topDrop: y0 - topHeight(w, top) }),
      grid: { halfSize: base + 4, spacing: 1 },
      hidden,
    };
  },
);

const brickWall = make3(
  'rigid3d-wall',
  '3D brick wall',
  'A running-bond brick wall, 20 bricks long and 10 rows high, hit by a heavy ball. Bricks interlock through friction alone; watch the ball punch a hole while the rest of the wall stands.',
  [
    { key: 'columns', label: 'bricks per row', kind: 'number', default: 20, min: 4, max: 30, step: 1 },
    { key: 'rows', label: 'rows', kind: 'number', default: 10, min: 2, max: 16, step: 1 },
    { key: 'ball', label: 'throw a ball', kind: 'boolean', default: true },
    SUBSTEPS,
  ],
  [ENERGY],
  24,
  (p) => {
    const world = new World3(worldDef(p));
    const hidden = ground(world, 40);
    const cols = Number(p.columns);
    const rows = Number(p.rows);
    addBoxes(world, wallLayout3(cols, rows), 0.7);
    if (p.ball) {
      const b = world.createBody({ position: [0, 1.5, 8], linearVelocity: [0, 3, -18] });
      world.createShape(b, { kind: 'sphere', radius: 0.6, density: 4000 });
    }
    return {
      world,
      camera: orbitCamera3([0, 0.25 * rows, 0], 0.9 * cols + 8, 0.5, 0.3),
      label: `brick wall ${cols} × ${rows}`,
      grid: { halfSize: 0.5 * cols + 4, spacing: 1 },
      hidden,
    };
  },
);

const tumbler = make3(
  'rigid3d-tumbler',
  'Convex hulls in a tumbler',
  'Random convex hulls (quickhull, Barber et al. 1996) tumbling in a closed drum whose six walls are one kinematic body turning at 0.5 rad/s. Hull pairs collide by SAT over face normals and Gauss-map-pruned edge pairs (Gregorius 2013); the drum carries them up until they slide and fall.',
  [{ key: 'count', label: 'hulls', kind: 'number', default: 60, min: 10, max: 300, step: 10 }, SUBSTEPS],
  [ENERGY],
  12,
  (p) => {
    const world = new World3(worldDef(p));
    const L = tumblerLayout3(Number(p.count));
    const drum = world.createBody({ type: 'kinematic', position: L.center, angularVelocity: [0, 0, L.spin] });
    const hidden = new Set<number>();
    for (const w of L.walls) {
      const def = { kind: 'box', halfExtents: w.halfExtents, position: w.position, friction: 0.6 } as const;
      const s = world.createShape(drum, def);
      if (w.position[2] > 0) hidden.add(s); // the front wall, so the hulls show
    }
    for (const h of L.hulls) {
      const b = world.createBody({ position: h.position });
      world.createShape(b, { kind: 'hull', points: h.points, density: 1000, friction: 0.6 });
    }
    return {
      world,
      camera: orbitCamera3(L.center, 14, 0.25, 0.25),
      label: `${L.hulls.length} hulls in a turning drum`,
      grid: null,
      hidden,
    };
  },
);

const racket = make3(
  'rigid3d-racket',
  'Spinning tennis racket',
  'The tennis-racket (Dzhanibekov) effect: a 1 × 3 × 0.2 m box spun about its intermediate axis with a tiny perturbation flips over and over, while spins about the largest and smallest axes stay put. No gravity; the gyroscopic term ω × Iω is integrated implicitly (Catto 2015). The plot shows the spin axis of the body against its starting direction: about the intermediate axis it swings between +1 and −1.',
  [
    {
      key: 'axis',
      label: 'spin axis',
      kind: 'choice',
      default: 'intermediate',
      options: ['minor', 'intermediate', 'major'],
    },
    { key: 'omega', label: 'spin (rad/s)', kind: 'number', default: 6, min: 1, max: 20, step: 1 },
  ],
  [ENERGY, { key: 'spinAxis', label: 'spin axis · its start direction', unit: '', color: '#16a34a' }],
  5,
  (p) => {
    const world = new World3({ gravity: [0, 0, 0] });
    const w = Number(p.omega);
    const eps = 1e-3 * w;
    // body axes: x (half 0.5) is the intermediate axis, y (half 1.5) the minor, z (half 0.1) the major
    const spin: [number, number, number] =
      p.axis === 'intermediate' ? [w, eps, eps] : p.axis === 'minor' ? [eps, w, eps] : [eps, eps, w];
    const k = p.axis === 'intermediate' ? 0 : p.axis === 'minor' ? 1 : 2;
    const axis = [0, 0, 0];
    axis[k] = 1;
    const b = world.createBody({ position: [0, 0, 0], angularVelocity: spin, sleepEnabled: false });
    world.createShape(b, { kind: 'box', halfExtents: [0.5, 1.5, 0.1], density: 1000 });
    return {
      world,
      camera: orbitCamera3([0, 0, 0], 7, 0.5, 0.4),
      label: `spin ${w} rad/s about the ${p.axis} axis`,
      series: (wd) => {
        const q = wd.getOrientation(b);
        return { spinAxis: rotate(q, axis)[k] };
      },
      grid: null,
    };
  },
);

const terrain = make3(
  'rigid3d-terrain',
  'Spheres on heightfield terrain',
  'Balls dropped on rolling terrain: a heightfield of 32 × 32 samples (two triangles per cell) collides with spheres through convex-vs-triangle tests that use the face normal on internal edges, so the balls roll smoothly over the seams into the valleys. Rolling resistance brings them to rest.',
  [{ key: 'count', label: 'balls', kind: 'number', default: 24, min: 1, max: 100, step: 1 }, SUBSTEPS],
  [ENERGY],
  22,
  (p) => {
    const world = new World3(worldDef(p));
    const n = 32;
    const spacing = 0.6;
    const heights: number[] = [];
    for (let r = 0; r < n; r++)
      for (let c = 0; c < n; c++) {
        const x = (c - (n - 1) / 2) * spacing;
        const z = (r - (n - 1) / 2) * spacing;
        heights.push(0.8 * Math.sin(0.45 * x) * Math.cos(0.4 * z) + 0.03 * x * x * 0.5);
      }
    const t = world.createBody({ type: 'static' });
    world.createShape(t, {
      kind: 'geometry',
      shape: new Heightfield3(n, n, heights, spacing),
      friction: 0.7,
    });
    const rng = new Prng(3);
    const count = Number(p.count);
    for (let i = 0; i < count; i++) {
      const b = world.createBody({ position: [rng.range(-6, 6), 3 + 0.8 * i * 0.25, rng.range(-6, 6)] });
      world.createShape(b, {
        kind: 'sphere',
        radius: 0.35,
        density: 1000,
        friction: 0.7,
        rollingResistance: 0.01,
      });
    }
    return {
      world,
      camera: orbitCamera3([0, 0, 0], 20, 0.6, 0.6),
      label: `${count} balls on a 32 × 32 heightfield`,
      grid: null,
    };
  },
);

/** A bowl: the inside of a spherical cap of `radius` (rings × sectors quads), as a triangle mesh. */
function bowlMesh(radius: number, rings: number, sectors: number): TriangleMesh3 {
  const v: number[] = [0, 0, 0];
  const maxPolar = 0.42 * Math.PI;
  for (let i = 1; i <= rings; i++) {
    const th = (maxPolar * i) / rings;
    for (let j = 0; j < sectors; j++) {
      const ph = (2 * Math.PI * j) / sectors;
      v.push(
        radius * Math.sin(th) * Math.cos(ph),
        radius * (1 - Math.cos(th)),
        radius * Math.sin(th) * Math.sin(ph),
      );
    }
  }
  const idx: number[] = [];
  const at = (i: number, j: number) => 1 + (i - 1) * sectors + (j % sectors);
  // the inside faces up: counter-clockwise seen from above
  for (let j = 0; j < sectors; j++) idx.push(0, at(1, j + 1), at(1, j));
  for (let i = 1; i < rings; i++)
    for (let j = 0; j < sectors; j++) {
      idx.push(at(i, j), at(i, j + 1), at(i + 1, j + 1));
      idx.push(at(i, j), at(i + 1, j + 1), at(i + 1, j));
    }
  return new TriangleMesh3(v, idx);
}

const bowl = make3(
  'rigid3d-bowl',
  'Mesh-collider bowl',
  'Spheres, boxes and capsules poured into a bowl made of a static triangle mesh. Convex shapes collide with each triangle (GJK/EPA and special cases); per-edge convexity flags keep them from catching on the internal edges, so they slide down to the bottom and settle.',
  [{ key: 'count', label: 'bodies', kind: 'number', default: 30, min: 3, max: 120, step: 3 }, SUBSTEPS],
  [ENERGY],
  14,
  (p) => {
    const world = new World3(worldDef(p));
    const bowlBody = world.createBody({ type: 'static' });
    world.createShape(bowlBody, { kind: 'geometry', shape: bowlMesh(5, 8, 24), friction: 0.5 });
    const count = Number(p.count);
    const rng = new Prng(11);
    for (let i = 0; i < count; i++) {
      const b = world.createBody({
        position: [rng.range(-2, 2), 2 + 0.6 * i, rng.range(-2, 2)],
        orientation: [0, 0, 0, 1],
      });
      const k = i % 3;
      if (k === 0) world.createShape(b, { kind: 'sphere', radius: 0.3, density: 1000 });
      else if (k === 1) world.createShape(b, { kind: 'box', halfExtents: [0.3, 0.25, 0.2], density: 1000 });
      else world.createShape(b, { kind: 'capsule', halfHeight: 0.25, radius: 0.2, density: 1000 });
    }
    return {
      world,
      camera: orbitCamera3([0, 1.5, 0], 14, 0.4, 0.6),
      label: `${count} bodies in a triangle-mesh bowl`,
      grid: null,
    };
  },
);

const dominoes = make3(
  'rigid3d-dominoes',
  'Dominoes',
  'A curving line of dominoes: the first is tipped over and the wave of falls runs along the line. Each domino is a thin box; the toppling speed comes from friction and the soft contact solver.',
  [{ key: 'count', label: 'dominoes', kind: 'number', default: 40, min: 5, max: 120, step: 5 }, SUBSTEPS],
  [ENERGY, { key: 'fallen', label: 'fallen dominoes', unit: '', color: '#7c3aed' }],
  13,
  (p) => {
    const world = new World3(worldDef(p));
    const hidden = ground(world);
    const count = Number(p.count);
    const ids: BodyId3[] = [];
    const gap = 0.5;
    const R = 6;
    for (let i = 0; i < count; i++) {
      // along a circle arc of radius R, then straight
      const s = i * gap;
      const a = s / R - 1.2;
      const x = R * Math.sin(a);
      const z = R * Math.cos(a) - R;
      // the domino's thin axis (local x) along the path tangent (cos a, 0, −sin a): turned by a about y
      const h = 0.5 * a;
      const b = world.createBody({ position: [x, 0.5, z], orientation: [0, Math.sin(h), 0, Math.cos(h)] });
      world.createShape(b, { kind: 'box', halfExtents: [0.05, 0.5, 0.25], density: 1000, friction: 0.5 });
      ids.push(b);
    }
    // tip the first one: push its top along the path
    const a0 = -1.2;
    world.applyLinearImpulse(
      ids[0]!,
      [12 * Math.cos(a0), 0, -12 * Math.sin(a0)],
      [R * Math.sin(a0), 0.95, R * Math.cos(a0) - R],
    );
    return {
      world,
      camera: orbitCamera3([0, 0, -4], 13, 0.0, 0.75),
      label: `${count} dominoes`,
      series: (w) => {
        let fallen = 0;
        for (const id of ids) if (w.getPosition(id)[1] < 0.35) fallen++;
        return { fallen };
      },
      hidden,
    };
  },
);

/** The 3D rigid-body demos. */
export const rigid3dDemos: readonly Demo[] = [
  boxStack,
  pyramid,
  brickWall,
  tumbler,
  racket,
  terrain,
  bowl,
  dominoes,
];
