/**
 * `npm run bench -- rigid2d [--quick] [--scene=pyramid,large-pyramid] [--engines=ours,box2d-wasm]
 *   [--steps=N] [--budget=SECONDS] [--no-sleep] [--no-heap] [--workers=N]`
 *
 * `--workers=N` adds our world solving in the constraint-graph colour order on one thread (`ours×1`)
 * and on N threads (`ours×N`, the calling thread and N − 1 workers; docs/threads.md) beside the
 * single-thread `ours`, and checks that ×1 and ×N end in the same state hash.
 *
 * Our World against the peer engines on the same scenes, in the same process, engines interleaved
 * (each engine steps a chunk of 10 frames in turn, so machine noise hits everyone alike):
 *   pyramid (base 20, 210 boxes), large pyramid (base 100, 5,050 boxes), many pyramids
 *   (20 × base 10, 1,100 boxes), tumbler (a kinematic box of 4 walls turning at 25°/s with
 *   1,000 small boxes), vertical stack (10 boxes);
 * and Box2D v3's benchmark scenes (bench/rigid2d-box2d-scenes.ts, against box2d-wasm, rapier2d and
 * planck): joint-grid, smash, spinner, rain, tumbler-motor — at Box2D's sizes, or with --quick at
 * its small (debug-build) sizes for 120 frames.
 * All engines: dt = 1/60, gravity 10 m/s², friction 0.6, density 1, restitution 0, sleeping off
 * for throughput. Peers run with their documented defaults: planck step(1/60, 8, 3);
 * box2d-wasm 7 (Box2D 2.4.1, SIMD build) Step(1/60, 8, 3); Rapier 0.21 defaults (4 solver
 * iterations); matter-js 0.20 Engine.update(1000/60) at 100 px = 1 m; p2-es defaults (GS 10
 * iterations, SAP broadphase). Ours: default settings (soft-step, 4 substeps).
 * Boxes start 0.015 m apart (rows and columns) so Box2D 2.4's 0.01 m polygon skin does not push
 * touching boxes apart; drift is measured from t = 1 s (settled) to the end of the run.
 *
 * Reported per scene and engine: ms/step median and p90 over the measured steps (after warm-up),
 * the ratio ours / peer over the steps both engines completed, heap allocation per warm step
 * (JS heap only: WASM memory is not in heapUsed), quality (finite, top box still on top, max drift
 * of any box, max penetration where the engine exposes it; for the tumbler, boxes still inside),
 * and — separately, sleeping on — the time until the pyramid / stack fall asleep.
 * Engines that fail the sanity check (non-finite bodies, top box fallen) have their time flagged.
 * A full garbage collection runs (untimed) before each engine's chunk, so no engine pays for
 * another's garbage.
 * Writes out/bench-rigid2d.json and bench/results/<machine>/rigid2d.json (bench/results.ts).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { World } from '../src/rigid2d/index.js';
import {
  addBoxScene,
  BENCH_GAP,
  type BoxScene,
  type BoxSpec,
  benchBoxScene,
} from '../src/scene/builders/box-scenes.js';
import { BENCHMARK_NAMES } from '../src/scene/builders/box2d-benchmarks.js';
import { nodeSolverThreads } from '../src/sim/node-threads.js';
import { machineInfo, writeResults } from './results.js';
import { printBox2dScene, runBox2dScene } from './rigid2d-box2d-scenes.js';

// ---- scenes ---------------------------------------------------------------------------------------
// The boxes come from scene/builders/box-scenes.ts, shared with the tests and demos.

interface SceneSpec extends BoxScene {
  name: string;
  /** a standing structure: drift and top-box checks apply */
  standing: boolean;
  /** indices of the top box of each stack or pyramid in `dynamic` (standing scenes) */
  tops: number[];
  /** default frame counts: full run and --quick */
  steps: number;
  quickSteps: number;
}

const GAP = BENCH_GAP;

function makeScenes(): SceneSpec[] {
  const scene = (
    name: Parameters<typeof benchBoxScene>[0],
    tops: (s: BoxScene) => number[],
    standing: boolean,
    quickSteps: number,
  ): SceneSpec => {
    const s = benchBoxScene(name);
    return { name, ...s, standing, tops: tops(s), steps: 600, quickSteps };
  };
  const last = (s: BoxScene) => [s.dynamic.length - 1];
  // many pyramids: 20 pyramids of 55 boxes, each one's top is its last box
  const everyPyramid = (s: BoxScene) =>
    Array.from({ length: 20 }, (_, p) => (s.dynamic.length / 20) * (p + 1) - 1);
  return [
    scene('pyramid', last, true, 150),
    scene('large-pyramid', last, true, 90),
    scene('many-pyramids', everyPyramid, true, 120),
    scene('tumbler', () => [], false, 120),
    scene('vertical-stack', last, true, 150),
  ];
}

// ---- engines ----------------------------------------------------------------------------------------

interface Engine {
  name: string;
  settings: string;
  step(): void;
  /** writes x, y of every dynamic box (scene order) */
  positions(out: Float64Array): void;
  maxPenetration?(): number;
  allAsleep?(): boolean;
  /** called once the scene is done (the threaded worlds record their state hash and stop their workers) */
  finish?(): void;
}

type EngineFactory = (scene: SceneSpec, sleep: boolean) => Engine;
const DT = 1 / 60;

/** Blocks (sleeping, not spinning) until the world's workers hold its arrays, at most 60 s (after a first step binds them). */
export function awaitWorkers(world: World): void {
  const nap = new Int32Array(new SharedArrayBuffer(4));
  const until = performance.now() + 60_000;
  while (world.threads.readyWorkers < world.threads.requested - 1 && performance.now() < until)
    Atomics.wait(nap, 0, 0, 10);
}

function makeOurs(scene: SceneSpec, sleep: boolean, workerCount = 0): Engine {
  const world =
    workerCount === 0
      ? new World({ gravity: [0, -10], enableSleep: sleep })
      : new World({ gravity: [0, -10], enableSleep: sleep, workerCount, threads: nodeSolverThreads() });
  const ids = addBoxScene(world, scene, { friction: 0.6, density: 1 }).dynamic;
  if (workerCount > 0) world.step(DT); // binds the arrays (×1 takes the same step)
  if (workerCount > 1) awaitWorkers(world);
  return {
    name: workerCount === 0 ? 'ours' : `ours×${workerCount}`,
    settings:
      workerCount === 0
        ? `soft-step, ${world.solver.substeps} substeps (defaults)`
        : `colour order, ${world.threads.threads} thread(s)`,
    step: () => world.step(DT),
    positions(out) {
      ids.forEach((id, i) => {
        const [x, y] = world.getPosition(id);
        out[2 * i] = x;
        out[2 * i + 1] = y;
      });
    },
    maxPenetration: () => world.maxPenetration(),
    allAsleep: () => ids.every((id) => !world.isAwake(id)),
    ...(workerCount > 0 ? { finish: () => world.dispose() } : {}),
  };
}

interface PlanckLike {
  World: new (
    def: object,
  ) => {
    createBody(def: object): {
      createFixture(def: object): unknown;
      getPosition(): { x: number; y: number };
      isAwake(): boolean;
    };
    step(dt: number, v: number, p: number): void;
  };
  Box: new (hx: number, hy: number, center?: { x: number; y: number }, angle?: number) => unknown;
}

async function planckFactory(): Promise<EngineFactory> {
  const planck = (await import('planck')) as unknown as PlanckLike;
  return (scene, sleep) => {
    const world = new planck.World({ gravity: { x: 0, y: -10 }, allowSleep: sleep });
    const g = world.createBody({ type: 'static' });
    for (const b of scene.statics)
      g.createFixture({ shape: new planck.Box(b.hx, b.hy, { x: b.x, y: b.y }, b.angle), friction: 0.6 });
    if (scene.kinematic) {
      const k = scene.kinematic;
      const kb = world.createBody({
        type: 'kinematic',
        position: { x: k.x, y: k.y },
        angularVelocity: k.omega,
      });
      for (const b of k.boxes)
        kb.createFixture({ shape: new planck.Box(b.hx, b.hy, { x: b.x, y: b.y }, 0), friction: 0.6 });
    }
    const bodies = scene.dynamic.map((b) => {
      const body = world.createBody({
        type: 'dynamic',
        position: { x: b.x, y: b.y },
        angle: b.angle,
        allowSleep: sleep,
      });
      body.createFixture({ shape: new planck.Box(b.hx, b.hy), density: 1, friction: 0.6 });
      return body;
    });
    return {
      name: 'planck',
      settings: 'planck 1.5.0, step(1/60, 8, 3) (documented defaults)',
      step: () => world.step(DT, 8, 3),
      positions(out) {
        bodies.forEach((b, i) => {
          const p = b.getPosition();
          out[2 * i] = p.x;
          out[2 * i + 1] = p.y;
        });
      },
      allAsleep: () => bodies.every((b) => !b.isAwake()),
    };
  };
}

interface RapierBody {
  translation(): { x: number; y: number };
  isSleeping(): boolean;
}
interface RapierDesc {
  setTranslation(x: number, y: number): RapierDesc;
  setRotation(a: number): RapierDesc;
  setCanSleep(b: boolean): RapierDesc;
  setAngvel(w: number): RapierDesc;
}
interface ColliderDesc {
  setTranslation(x: number, y: number): ColliderDesc;
  setRotation(a: number): ColliderDesc;
  setFriction(f: number): ColliderDesc;
  setDensity(d: number): ColliderDesc;
}
interface RapierLike {
  init(): Promise<void>;
  version(): string;
  World: new (g: {
    x: number;
    y: number;
  }) => {
    timestep: number;
    createRigidBody(d: RapierDesc): RapierBody;
    createCollider(d: ColliderDesc, b: RapierBody): unknown;
    step(): void;
    free(): void;
  };
  RigidBodyDesc: { fixed(): RapierDesc; dynamic(): RapierDesc; kinematicVelocityBased(): RapierDesc };
  ColliderDesc: { cuboid(hx: number, hy: number): ColliderDesc };
}

async function rapierFactory(): Promise<EngineFactory> {
  const R = (await import('@dimforge/rapier2d-compat')).default as unknown as RapierLike;
  await R.init();
  return (scene, sleep) => {
    const world = new R.World({ x: 0, y: -10 });
    world.timestep = DT;
    const g = world.createRigidBody(R.RigidBodyDesc.fixed());
    for (const b of scene.statics) {
      world.createCollider(
        R.ColliderDesc.cuboid(b.hx, b.hy).setTranslation(b.x, b.y).setRotation(b.angle).setFriction(0.6),
        g,
      );
    }
    if (scene.kinematic) {
      const k = scene.kinematic;
      const kb = world.createRigidBody(
        R.RigidBodyDesc.kinematicVelocityBased().setTranslation(k.x, k.y).setAngvel(k.omega),
      );
      for (const b of k.boxes)
        world.createCollider(R.ColliderDesc.cuboid(b.hx, b.hy).setTranslation(b.x, b.y).setFriction(0.6), kb);
    }
    const bodies = scene.dynamic.map((b) => {
      const body = world.createRigidBody(
        R.RigidBodyDesc.dynamic().setTranslation(b.x, b.y).setRotation(b.angle).setCanSleep(sleep),
      );
      world.createCollider(R.ColliderDesc.cuboid(b.hx, b.hy).setDensity(1).setFriction(0.6), body);
      return body;
    });
    return {
      name: 'rapier2d',
      settings: `@dimforge/rapier2d-compat ${R.version()}, defaults (4 solver iterations)`,
      step: () => world.step(),
      positions(out) {
        bodies.forEach((b, i) => {
          const p = b.translation();
          out[2 * i] = p.x;
          out[2 * i + 1] = p.y;
        });
      },
      allAsleep: () => bodies.every((b) => b.isSleeping()),
    };
  };
}

interface B2Vec {
  get_x(): number;
  get_y(): number;
}
interface B2Body {
  CreateFixture(fd: unknown): unknown;
  GetPosition(): B2Vec;
  IsAwake(): boolean;
  SetAngularVelocity(w: number): void;
}
interface Box2DLike {
  b2World: new (
    g: B2Vec,
  ) => {
    SetAllowSleeping(b: boolean): void;
    CreateBody(bd: unknown): B2Body;
    Step(dt: number, v: number, p: number): void;
  };
  b2Vec2: new (x: number, y: number) => B2Vec;
  b2BodyDef: new () => {
    set_type(t: number): void;
    set_position(v: B2Vec): void;
    set_angle(a: number): void;
    set_allowSleep(b: boolean): void;
  };
  b2PolygonShape: new () => { SetAsBox(hx: number, hy: number, c?: B2Vec, a?: number): void };
  b2FixtureDef: new () => {
    set_shape(s: unknown): void;
    set_density(d: number): void;
    set_friction(f: number): void;
  };
  b2_staticBody: number;
  b2_kinematicBody: number;
  b2_dynamicBody: number;
}

async function box2dFactory(): Promise<EngineFactory> {
  const require = createRequire(import.meta.url);
  const wasmPath = require.resolve('box2d-wasm').replace(/umd[\\/]entry\.js$/, 'es/Box2D.simd.wasm');
  const mod = (await import('box2d-wasm')) as unknown as { default: (o: object) => Promise<Box2DLike> };
  const B = await mod.default({ wasmBinary: readFileSync(wasmPath) });
  const v = (x: number, y: number) => new B.b2Vec2(x, y);
  const fixture = (
    body: B2Body,
    hx: number,
    hy: number,
    x: number,
    y: number,
    angle: number,
    density: number,
  ) => {
    const shape = new B.b2PolygonShape();
    shape.SetAsBox(hx, hy, v(x, y), angle);
    const fd = new B.b2FixtureDef();
    fd.set_shape(shape);
    fd.set_density(density);
    fd.set_friction(0.6);
    body.CreateFixture(fd);
  };
  return (scene, sleep) => {
    const world = new B.b2World(v(0, -10));
    world.SetAllowSleeping(sleep);
    const gd = new B.b2BodyDef();
    gd.set_type(B.b2_staticBody);
    const g = world.CreateBody(gd);
    for (const b of scene.statics) fixture(g, b.hx, b.hy, b.x, b.y, b.angle, 0);
    if (scene.kinematic) {
      const k = scene.kinematic;
      const kd = new B.b2BodyDef();
      kd.set_type(B.b2_kinematicBody);
      kd.set_position(v(k.x, k.y));
      const kb = world.CreateBody(kd);
      kb.SetAngularVelocity(k.omega);
      for (const b of k.boxes) fixture(kb, b.hx, b.hy, b.x, b.y, 0, 0);
    }
    const bodies = scene.dynamic.map((b) => {
      const bd = new B.b2BodyDef();
      bd.set_type(B.b2_dynamicBody);
      bd.set_position(v(b.x, b.y));
      bd.set_angle(b.angle);
      bd.set_allowSleep(sleep);
      const body = world.CreateBody(bd);
      fixture(body, b.hx, b.hy, 0, 0, 0, 1);
      return body;
    });
    return {
      name: 'box2d-wasm',
      settings: 'box2d-wasm 7.0.0 (Box2D 2.4.1, SIMD), Step(1/60, 8, 3)',
      step: () => world.Step(DT, 8, 3),
      positions(out) {
        bodies.forEach((b, i) => {
          const p = b.GetPosition();
          out[2 * i] = p.get_x();
          out[2 * i + 1] = p.get_y();
        });
      },
      allAsleep: () => bodies.every((b) => !b.IsAwake()),
    };
  };
}

interface MatterBody {
  position: { x: number; y: number };
}
interface MatterLike {
  Engine: {
    create(o?: object): { world: unknown; gravity: { x: number; y: number } };
    update(e: unknown, ms: number): void;
  };
  Bodies: { rectangle(x: number, y: number, w: number, h: number, o?: object): MatterBody };
  Body: {
    create(o: object): MatterBody;
    rotate(b: MatterBody, a: number, p?: { x: number; y: number }): void;
  };
  Composite: { add(w: unknown, b: MatterBody | MatterBody[]): void };
}

async function matterFactory(): Promise<EngineFactory> {
  const name = 'matter-js';
  const M = ((await import(name)) as { default: MatterLike }).default;
  const S = 100; // px per metre; y flips (matter's y points down)
  return (scene) => {
    const engine = M.Engine.create({ enableSleeping: false });
    const rect = (b: BoxSpec, o: object) =>
      M.Bodies.rectangle(b.x * S, -b.y * S, 2 * b.hx * S, 2 * b.hy * S, { angle: -b.angle, ...o });
    M.Composite.add(
      engine.world,
      scene.statics.map((b) => rect(b, { isStatic: true, friction: 0.6 })),
    );
    let kin: MatterBody | null = null;
    if (scene.kinematic) {
      const k = scene.kinematic;
      const parts = k.boxes.map((b) => rect({ ...b, x: b.x + k.x, y: b.y + k.y }, { friction: 0.6 }));
      kin = M.Body.create({ parts, isStatic: true, friction: 0.6 });
      M.Composite.add(engine.world, kin);
    }
    const bodies = scene.dynamic.map((b) => rect(b, { friction: 0.6, density: 0.001 }));
    M.Composite.add(engine.world, bodies);
    const pivot = scene.kinematic ? { x: scene.kinematic.x * S, y: -scene.kinematic.y * S } : { x: 0, y: 0 };
    return {
      name: 'matter',
      settings: 'matter-js 0.20.0, Engine.update(1000/60) defaults, 100 px = 1 m',
      step: () => {
        if (kin) M.Body.rotate(kin, -scene.kinematic!.omega * DT, pivot);
        M.Engine.update(engine, 1000 * DT);
      },
      positions(out) {
        bodies.forEach((b, i) => {
          out[2 * i] = b.position.x / S;
          out[2 * i + 1] = -b.position.y / S;
        });
      },
    };
  };
}

interface P2Body {
  position: ArrayLike<number>;
  addShape(s: unknown, offset?: number[], angle?: number): void;
}
interface P2Like {
  World: new (
    o: object,
  ) => {
    addBody(b: P2Body): void;
    step(dt: number): void;
    defaultContactMaterial: { friction: number };
  };
  Body: (new (o: object) => P2Body) & { KINEMATIC: number };
  Box: new (o: { width: number; height: number }) => unknown;
}

async function p2Factory(): Promise<EngineFactory> {
  const p2 = (await import('p2-es')) as unknown as P2Like;
  return (scene) => {
    const world = new p2.World({ gravity: [0, -10] });
    world.defaultContactMaterial.friction = 0.6;
    const g = new p2.Body({ mass: 0 });
    for (const b of scene.statics)
      g.addShape(new p2.Box({ width: 2 * b.hx, height: 2 * b.hy }), [b.x, b.y], b.angle);
    world.addBody(g);
    if (scene.kinematic) {
      const k = scene.kinematic;
      const kb = new p2.Body({ type: p2.Body.KINEMATIC, position: [k.x, k.y], angularVelocity: k.omega });
      for (const b of k.boxes) kb.addShape(new p2.Box({ width: 2 * b.hx, height: 2 * b.hy }), [b.x, b.y], 0);
      world.addBody(kb);
    }
    const bodies = scene.dynamic.map((b) => {
      const body = new p2.Body({ mass: 4 * b.hx * b.hy, position: [b.x, b.y], angle: b.angle });
      body.addShape(new p2.Box({ width: 2 * b.hx, height: 2 * b.hy }));
      world.addBody(body);
      return body;
    });
    return {
      name: 'p2',
      settings: 'p2-es 1.2.3, defaults (GS 10 iterations, SAP broadphase)',
      step: () => world.step(DT),
      positions(out) {
        bodies.forEach((b, i) => {
          out[2 * i] = b.position[0]!;
          out[2 * i + 1] = b.position[1]!;
        });
      },
    };
  };
}

// ---- measuring ----------------------------------------------------------------------------------------

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))));
  return sorted[i]!;
}

function median(xs: number[]): number {
  return quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );
}

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

interface GcStat {
  beforeGC: { heapStatistics: { usedHeapSize: number } };
  afterGC: { heapStatistics: { usedHeapSize: number } };
}

/**
 * Heap bytes allocated per step over `window` warm steps: the growth of heapUsed plus what every
 * garbage collection inside the window freed (v8.GCProfiler reports each one synchronously).
 */
function heapPerStep(engine: Engine, window: number): { bytes: number; gcs: number } {
  gc();
  const profiler = new v8.GCProfiler();
  profiler.start();
  const h0 = process.memoryUsage().heapUsed;
  for (let i = 0; i < window; i++) engine.step();
  const h1 = process.memoryUsage().heapUsed;
  const stats = (profiler.stop() as unknown as { statistics: GcStat[] }).statistics;
  let freed = 0;
  for (const g of stats)
    freed += g.beforeGC.heapStatistics.usedHeapSize - g.afterGC.heapStatistics.usedHeapSize;
  return { bytes: Math.max(0, (h1 - h0 + freed) / window), gcs: stats.length };
}

interface Quality {
  finite: boolean;
  topOnTop?: boolean;
  topDrop?: number;
  sag?: number;
  maxDrift?: number;
  contained?: number;
  maxPenetration?: number;
  simulated: number;
  sane: boolean;
}

function quality(scene: SceneSpec, engine: Engine, settled: Float64Array | null, steps: number): Quality {
  const n = scene.dynamic.length;
  const p = new Float64Array(2 * n);
  engine.positions(p);
  const finite = p.every((x) => Number.isFinite(x));
  const q: Quality = { finite, simulated: steps * DT, sane: finite };
  if (engine.maxPenetration) q.maxPenetration = engine.maxPenetration();
  if (scene.standing) {
    // Every stack's top box is still (within 5 cm) the highest box of the scene.
    let maxY = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) maxY = Math.max(maxY, p[2 * i + 1]!);
    const highest = scene.tops.every((t) => p[2 * t + 1]! >= maxY - 0.05);
    q.topOnTop = highest;
    q.topDrop = Math.max(...scene.tops.map((t) => scene.dynamic[t]!.y - p[2 * t + 1]!));
    // Sag: how far the top box sits below where it would rest on a stack of exactly touching
    // boxes (start height minus the closed start gaps). Positive = the stack sinks into itself;
    // Box2D 2.4's 1 cm polygon skin makes it negative.
    q.sag = Math.max(
      ...scene.tops.map((t) => {
        const b = scene.dynamic[t]!;
        const rows = Math.round((b.y - b.hy) / (2 * b.hy + GAP)) + 1;
        return b.y - rows * GAP - p[2 * t + 1]!;
      }),
    );
    if (settled) {
      let d = 0;
      for (let i = 0; i < n; i++)
        d = Math.max(d, Math.hypot(p[2 * i]! - settled[2 * i]!, p[2 * i + 1]! - settled[2 * i + 1]!));
      q.maxDrift = d;
    }
    // Standing means: top boxes still highest, and not more than ~2 cm per row below their start
    // (the 1.5 cm start gaps close as the stack settles).
    const topY = Math.max(...scene.tops.map((t) => scene.dynamic[t]!.y));
    q.sane = finite && highest && q.topDrop < 0.5 + 0.02 * topY;
  } else if (scene.kinematic) {
    const k = scene.kinematic;
    let inside = 0;
    for (let i = 0; i < n; i++)
      if (Math.hypot(p[2 * i]! - k.x, p[2 * i + 1]! - k.y) < 10 * Math.SQRT2) inside++;
    q.contained = inside / n;
    q.sane = finite && inside === n;
  }
  return q;
}

interface EngineResult {
  engine: string;
  settings: string;
  steps: number;
  times: number[];
  medianMs: number;
  p90Ms: number;
  heapBytesPerStep?: number;
  gcsInHeapWindow?: number;
  quality: Quality;
  ratioOursOverThis?: number;
  commonSteps?: number;
  stoppedByBudget: boolean;
  timeToSleep?: number | null;
}

async function runScene(
  scene: SceneSpec,
  factories: [string, EngineFactory][],
  opts: { steps: number; warm: number; budgetMs: number; heap: boolean; sleep: boolean },
): Promise<EngineResult[]> {
  const engines = factories.map(([, f]) => f(scene, false));
  const times: number[][] = engines.map(() => []);
  const spent = engines.map(() => 0);
  const done = engines.map(() => false);
  const settled: (Float64Array | null)[] = engines.map(() => null);
  const settleStep = Math.min(60, Math.floor(opts.steps / 2));
  const CHUNK = 10;
  while (!done.every(Boolean)) {
    engines.forEach((e, k) => {
      if (done[k]) return;
      // Collect the garbage of whoever ran before, outside the timing, so an engine's times carry
      // only its own collections.
      gc();
      for (let c = 0; c < CHUNK && times[k]!.length < opts.steps; c++) {
        const t0 = performance.now();
        e.step();
        const dtMs = performance.now() - t0;
        times[k]!.push(dtMs);
        spent[k]! += dtMs;
        if (times[k]!.length === settleStep) {
          const p = new Float64Array(2 * scene.dynamic.length);
          e.positions(p);
          settled[k] = p;
        }
      }
      if (times[k]!.length >= opts.steps || spent[k]! > opts.budgetMs) done[k] = true;
    });
  }
  // An engine stopped early by the budget still gets a third of its steps as warm-up at most.
  const warmOf = (n: number) => Math.min(opts.warm, Math.floor(n / 3));
  const results: EngineResult[] = engines.map((e, k) => {
    const measured = times[k]!.slice(warmOf(times[k]!.length));
    const sorted = [...measured].sort((a, b) => a - b);
    return {
      engine: e.name,
      settings: e.settings,
      steps: times[k]!.length,
      times: times[k]!,
      medianMs: quantile(sorted, 0.5),
      p90Ms: quantile(sorted, 0.9),
      quality: quality(scene, e, settled[k]!, times[k]!.length),
      stoppedByBudget: times[k]!.length < opts.steps,
    };
  });
  // Ratios over the common range of steps (both engines completed them).
  const ours = results.find((r) => r.engine === 'ours');
  if (ours) {
    for (const r of results) {
      if (r === ours) continue;
      const n = Math.min(ours.times.length, r.times.length);
      const w = warmOf(n);
      if (n - w < 3) continue;
      r.commonSteps = n - w;
      r.ratioOursOverThis = median(ours.times.slice(w, n)) / median(r.times.slice(w, n));
    }
  }
  if (opts.heap) {
    for (let k = 0; k < engines.length; k++) {
      // Up to 1,000 warm steps, or as many as fit in about 3 s.
      const window = Math.max(5, Math.min(1000, Math.round(3000 / Math.max(results[k]!.medianMs, 1e-3))));
      // Skip engines that were too slow to finish (their heap figure would take minutes).
      if (results[k]!.stoppedByBudget && results[k]!.medianMs > 200) continue;
      // The figure includes about 100 bytes of the measuring itself (process.memoryUsage).
      const h = heapPerStep(engines[k]!, window);
      results[k]!.heapBytesPerStep = h.bytes;
      results[k]!.gcsInHeapWindow = h.gcs;
    }
  }
  if (opts.sleep && (scene.name === 'pyramid' || scene.name === 'vertical-stack')) {
    for (const [k, [, f]] of factories.entries()) {
      const e = f(scene, true);
      if (!e.allAsleep) continue;
      let t: number | null = null;
      for (let i = 1; i <= 30 * 60; i++) {
        e.step();
        if (i % 6 === 0 && e.allAsleep()) {
          t = i * DT;
          break;
        }
      }
      results[k]!.timeToSleep = t;
    }
  }
  for (const e of engines) e.finish?.();
  return results;
}

/**
 * The threaded solve against one thread in colour order on `scene`, 60 steps each: the same state
 * hash, and the share of the step the solve (the threaded stage) took, summed from the step profiles.
 */
function threadCheck(scene: SceneSpec, workers: number): string {
  const runOne = (workerCount: number) => {
    const world = new World({
      gravity: [0, -10],
      enableSleep: false,
      workerCount,
      threads: nodeSolverThreads(),
    });
    addBoxScene(world, scene, { friction: 0.6, density: 1 });
    world.step(DT);
    if (workerCount > 1) awaitWorkers(world);
    let solve = 0;
    let step = 0;
    for (let i = 0; i < 60; i++) {
      world.step(DT);
      solve += world.profile.solve;
      step += world.profile.step;
    }
    const out = { hash: world.stateHash(), solve, step, parallel: world.threads.parallelSteps };
    world.dispose();
    return out;
  };
  const one = runOne(1);
  const many = runOne(workers);
  const same = one.hash === many.hash ? 'bit-identical' : `DIFFERENT (${one.hash} vs ${many.hash})`;
  return (
    `×1 vs ×${workers} over 60 steps: ${same}; ${many.parallel} of 60 steps ran on ${workers} threads; ` +
    `solve share of the step ${fmt((100 * one.solve) / one.step, 0)} % (×1), ${fmt((100 * many.solve) / many.step, 0)} % (×${workers}); ` +
    `solve ${fmt(one.solve / 60, 2)} → ${fmt(many.solve / 60, 2)} ms/step, step ${fmt(one.step / 60, 2)} → ${fmt(many.step / 60, 2)} ms/step`
  );
}

// ---- report ---------------------------------------------------------------------------------------------

const fmt = (x: number | undefined, d = 2) => (x === undefined || Number.isNaN(x) ? '—' : x.toFixed(d));

function printScene(scene: SceneSpec, rows: EngineResult[]): void {
  console.log(`\n## ${scene.name} (${scene.dynamic.length} dynamic boxes)`);
  const header = [
    'engine',
    'steps',
    'ms/step med',
    'p90',
    'ours/this',
    'heap B/step',
    'quality',
    'asleep at',
  ];
  const lines = rows.map((r) => {
    const q = r.quality;
    const parts: string[] = [];
    if (!q.finite) parts.push('NON-FINITE');
    if (q.topOnTop !== undefined) parts.push(q.topOnTop ? 'top ok' : 'TOP FELL');
    if (q.maxDrift !== undefined) parts.push(`drift ${fmt(q.maxDrift * 100, 1)} cm`);
    if (q.sag !== undefined) parts.push(`sag ${fmt(q.sag * 100, 1)} cm`);
    if (q.contained !== undefined) parts.push(`inside ${fmt(q.contained * 100, 1)}%`);
    if (q.maxPenetration !== undefined) parts.push(`pen ${fmt(q.maxPenetration * 1000, 1)} mm`);
    parts.push(`t=${fmt(q.simulated, 1)} s`);
    return [
      r.engine,
      `${r.steps}${r.stoppedByBudget ? '*' : ''}`,
      `${fmt(r.medianMs)}${q.sane ? '' : ' (unsound)'}`,
      fmt(r.p90Ms),
      r.engine === 'ours' ? '1' : fmt(r.ratioOursOverThis, 3),
      r.heapBytesPerStep === undefined ? '—' : `${Math.round(r.heapBytesPerStep)}`,
      parts.join(', '),
      r.timeToSleep === undefined
        ? ''
        : r.timeToSleep === null
          ? 'never (30 s)'
          : `${fmt(r.timeToSleep, 1)} s`,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(row(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const l of lines) console.log(row(l));
}

/**
 * A run of some scenes (--scene=…) keeps the other scenes of this machine's earlier result file,
 * so a partial run never wipes a full one.
 */
function mergeEarlierScenes(report: Record<string, unknown>, quick: boolean): void {
  const path = new URL(
    `./results/${machineInfo().slug}/rigid2d${quick ? '.quick' : ''}.json`,
    import.meta.url,
  );
  let earlier: { results?: { scenes?: Record<string, unknown> } };
  try {
    earlier = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return;
  }
  const scenes = report.scenes as Record<string, unknown>;
  for (const [name, value] of Object.entries(earlier.results?.scenes ?? {}))
    if (!(name in scenes)) scenes[name] = value;
}

export async function run(args: string[]): Promise<void> {
  const get = (key: string) => args.find((a) => a.startsWith(`--${key}=`))?.slice(key.length + 3);
  const quick = args.includes('--quick');
  const sceneFilter = get('scene')?.split(',');
  const engineFilter = get('engines')?.split(',');
  const stepsOverride = get('steps') ? Number(get('steps')) : undefined;
  const budgetMs = 1000 * (get('budget') ? Number(get('budget')) : quick ? 20 : 60);
  const workers = get('workers') ? Number(get('workers')) : 0;
  const all: [string, () => Promise<EngineFactory> | EngineFactory][] = [
    ['ours', () => makeOurs],
    ...(workers > 0
      ? ([
          ['ours×1', () => (sc: SceneSpec, sl: boolean) => makeOurs(sc, sl, 1)],
          [`ours×${workers}`, () => (sc: SceneSpec, sl: boolean) => makeOurs(sc, sl, workers)],
        ] as [string, () => EngineFactory][])
      : []),
    ['box2d-wasm', box2dFactory],
    ['rapier2d', rapierFactory],
    ['planck', planckFactory],
    ['matter', matterFactory],
    ['p2', p2Factory],
  ];
  const factories: [string, EngineFactory][] = [];
  for (const [name, make] of all) {
    if (
      engineFilter &&
      !engineFilter.includes(name) &&
      !(name.startsWith('ours×') && engineFilter.includes('ours'))
    )
      continue;
    try {
      factories.push([name, await make()]);
    } catch (e) {
      console.log(`(skipping ${name}: ${(e as Error).message})`);
    }
  }
  const scenes = makeScenes().filter((s) => !sceneFilter || sceneFilter.includes(s.name));
  console.log(
    `rigid2d bench: ${quick ? 'quick' : 'full'} run, engines ${factories.map((f) => f[0]).join(', ')}; dt 1/60, sleeping off; budget ${budgetMs / 1000} s per engine and scene (* = stopped by budget)`,
  );
  const report: Record<string, unknown> = {
    date: new Date().toISOString(),
    node: process.version,
    quick,
    dt: DT,
    scenes: {} as Record<string, unknown>,
  };
  for (const scene of scenes) {
    const steps = stepsOverride ?? (quick ? scene.quickSteps : scene.steps);
    const rows = await runScene(scene, factories, {
      steps,
      warm: Math.min(quick ? 20 : 30, Math.floor(steps / 3)),
      budgetMs,
      heap: !args.includes('--no-heap'),
      sleep: !args.includes('--no-sleep'),
    });
    printScene(scene, rows);
    const threads = workers > 1 ? threadCheck(scene, workers) : undefined;
    if (threads !== undefined) console.log(threads);
    (report.scenes as Record<string, unknown>)[scene.name] = {
      boxes: scene.dynamic.length,
      steps,
      engines: rows.map(({ times: _t, ...r }) => r),
      ...(threads !== undefined ? { threads } : {}),
    };
  }
  for (const name of BENCHMARK_NAMES) {
    if (sceneFilter && !sceneFilter.includes(name)) continue;
    const { bench, rows } = await runBox2dScene(name, {
      quick,
      ...(stepsOverride !== undefined ? { steps: stepsOverride } : {}),
      // quick: at most 5 s per engine (planck's small spinner alone takes ~20 s for 120 frames)
      budgetMs: quick && !get('budget') ? Math.min(budgetMs, 5000) : budgetMs,
      ...(engineFilter ? { engines: engineFilter } : {}),
      ...(workers > 0 ? { workers } : {}),
    });
    printBox2dScene(bench, rows);
    (report.scenes as Record<string, unknown>)[name] = {
      box2dBenchmark: true,
      size: bench.size,
      dynamicBodies: rows[0]?.quality.bodies,
      joints: bench.scene.joints.length,
      engines: rows,
    };
  }
  mkdirSync('out', { recursive: true });
  writeFileSync('out/bench-rigid2d.json', `${JSON.stringify(report, null, 2)}\n`);
  console.log('\nwrote out/bench-rigid2d.json');
  if (sceneFilter) mergeEarlierScenes(report, quick);
  writeResults('rigid2d', report, quick);
}
