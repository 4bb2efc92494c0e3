/**
 * Box2D v3's benchmark scenes (scene/builders/box2d-benchmarks.ts: joint-grid, smash, spinner,
 * rain, tumbler-motor) in our World and in the peers whose APIs allow them — box2d-wasm
 * (Box2D 2.4.1: b2RevoluteJointDef, b2ChainShape), @dimforge/rapier2d-compat (ImpulseJointSet,
 * JointData.revolute) and planck (RevoluteJoint) — stepped in the same process, interleaved in
 * chunks of 10 frames. Part of `npm run bench -- rigid2d` (bench/rigid2d.ts).
 *
 * What the peers cannot express the same way (said in each engine's `settings`): Box2D 2.4,
 * planck and Rapier have no angular spring on a revolute joint (the ragdolls keep their limits
 * and joint friction, without the spring); Box2D 2.4 and planck have no capsule (an 8-sided
 * polygon of the same outline) and no rounded box (the box grown by the radius); Rapier has no
 * collision group index (the ragdolls' groups become membership bits, with the same outcome).
 *
 * Quality per scene: every engine — finite poses, the largest joint gap (distance between the two
 * world anchors of a joint); joint grid — corner drift: the sum of the joint gaps along the path
 * from each bottom corner up its column and along the top row to the nearest static circle (how
 * far the joints' error lets the corner wander from where exact joints would hold it), the larger
 * of the two corners; rain — bodies below the lowest floor; spinner — bodies inside the ring;
 * tumbler — boxes inside the tumbler; smash — pieces finite.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { World } from '../src/rigid2d/index.js';
import {
  addBatch,
  type BenchBatch,
  type BenchBody,
  type Benchmark,
  type BenchmarkName,
  type BenchRevolute,
  type BenchShape,
  box2dBenchmark,
  dynamicCount,
} from '../src/scene/builders/box2d-benchmarks.js';
import { nodeSolverThreads } from '../src/sim/node-threads.js';

const DT = 1 / 60;

// ---- engine back-ends ---------------------------------------------------------------------------

/** What each engine provides: build a batch (bodies, then joints), remove a body, step, read a pose. */
interface Backend<B> {
  name: string;
  settings: string;
  addBatch(batch: BenchBatch): B[];
  destroy(b: B): void;
  step(): void;
  /** writes x, y, angle of the body origin at out[3k..3k+2] */
  pose(b: B, out: Float64Array, k: number): void;
}

type BackendFactory = (bench: Benchmark) => Backend<unknown>;

function oursFactory(bench: Benchmark, workerCount = 0): Backend<unknown> {
  const world =
    workerCount === 0
      ? new World({ gravity: bench.gravity, enableSleep: bench.enableSleep })
      : new World({
          gravity: bench.gravity,
          enableSleep: bench.enableSleep,
          workerCount,
          threads: nodeSolverThreads(),
        });
  // workers take a moment to start: the first steps of a threaded world run on the calling
  // thread alone (the same state), so the warm-up covers them (bench --workers=N)
  return {
    name: workerCount === 0 ? 'ours' : `ours×${workerCount}`,
    settings:
      workerCount === 0
        ? `soft-step, ${world.solver.substeps} substeps (defaults)`
        : `colour order, ${world.threads.threads} thread(s)`,
    addBatch: (batch) => addBatch(world, batch),
    destroy: (b) => world.destroyBody(b as number),
    step: () => world.step(DT),
    pose(b, out, k) {
      const [x, y] = world.getPosition(b as number);
      out[3 * k] = x;
      out[3 * k + 1] = y;
      out[3 * k + 2] = world.getAngle(b as number);
    },
  };
}

/** An 8-sided polygon with a capsule's outline (for engines without capsules). */
function capsulePolygon(
  p1: readonly [number, number],
  p2: readonly [number, number],
  r: number,
): [number, number][] {
  const a = Math.atan2(p2[1] - p1[1], p2[0] - p1[0]);
  const out: [number, number][] = [];
  for (let i = 0; i < 4; i++) {
    const t = a - Math.PI / 2 + (i * Math.PI) / 3;
    out.push([p2[0] + r * Math.cos(t), p2[1] + r * Math.sin(t)]);
  }
  for (let i = 0; i < 4; i++) {
    const t = a + Math.PI / 2 + (i * Math.PI) / 3;
    out.push([p1[0] + r * Math.cos(t), p1[1] + r * Math.sin(t)]);
  }
  return out;
}

// box2d-wasm (Box2D 2.4.1) -------------------------------------------------------------------------

interface B2Vec {
  get_x(): number;
  get_y(): number;
  set_x(x: number): void;
  set_y(y: number): void;
}
interface B2Body {
  CreateFixture(fd: unknown): unknown;
  GetPosition(): B2Vec;
  GetAngle(): number;
}
interface B2Setters {
  [k: string]: (v: unknown) => void;
}
interface Box2DModule {
  b2World: new (
    g: B2Vec,
  ) => {
    SetAllowSleeping(b: boolean): void;
    CreateBody(bd: unknown): B2Body;
    DestroyBody(b: B2Body): void;
    CreateJoint(jd: unknown): unknown;
    Step(dt: number, v: number, p: number): void;
  };
  b2Vec2: new (x: number, y: number) => B2Vec;
  b2BodyDef: new () => B2Setters;
  b2FixtureDef: new () => B2Setters & { get_filter(): B2Setters };
  b2RevoluteJointDef: new () => B2Setters;
  b2PolygonShape: new () => {
    SetAsBox(hx: number, hy: number, c: B2Vec, a: number): void;
    Set(v: B2Vec, n: number): void;
  };
  b2CircleShape: new () => { set_m_radius(r: number): void; set_m_p(p: B2Vec): void };
  b2ChainShape: new () => { CreateLoop(v: B2Vec, n: number): void };
  b2_staticBody: number;
  b2_dynamicBody: number;
  _malloc(n: number): number;
  _free(p: number): void;
  HEAPF32: Float32Array;
  wrapPointer(p: number, ctor: unknown): B2Vec;
}

let box2dModule: Promise<Box2DModule> | null = null;
async function box2dFactory(): Promise<BackendFactory> {
  box2dModule ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasmPath = require.resolve('box2d-wasm').replace(/umd[\\/]entry\.js$/, 'es/Box2D.simd.wasm');
    const mod = (await import('box2d-wasm')) as unknown as { default: (o: object) => Promise<Box2DModule> };
    return mod.default({ wasmBinary: readFileSync(wasmPath) });
  })();
  const B = await box2dModule;
  return (bench) => {
    const v = (x: number, y: number) => new B.b2Vec2(x, y);
    const world = new B.b2World(v(bench.gravity[0], bench.gravity[1]));
    world.SetAllowSleeping(bench.enableSleep);
    const withPoints = (pts: readonly (readonly [number, number])[], f: (p: B2Vec) => void) => {
      const ptr = B._malloc(8 * pts.length);
      pts.forEach((p, i) => {
        B.HEAPF32[(ptr >> 2) + 2 * i] = p[0];
        B.HEAPF32[(ptr >> 2) + 2 * i + 1] = p[1];
      });
      f(B.wrapPointer(ptr, B.b2Vec2));
      B._free(ptr);
    };
    const fixture = (body: B2Body, s: BenchShape) => {
      const g = s.geometry;
      let shape: unknown;
      if (g.kind === 'circle') {
        const c = new B.b2CircleShape();
        c.set_m_radius(g.radius);
        c.set_m_p(v(g.center?.[0] ?? 0, g.center?.[1] ?? 0));
        shape = c;
      } else if (g.kind === 'box') {
        const p = new B.b2PolygonShape();
        const r = g.radius ?? 0;
        p.SetAsBox(g.hx + r, g.hy + r, v(g.center?.[0] ?? 0, g.center?.[1] ?? 0), g.angle ?? 0);
        shape = p;
      } else if (g.kind === 'capsule' || g.kind === 'polygon') {
        const p = new B.b2PolygonShape();
        const pts = g.kind === 'capsule' ? capsulePolygon(g.p1, g.p2, g.radius) : g.vertices;
        withPoints(pts, (ptr) => p.Set(ptr, pts.length));
        shape = p;
      } else {
        const c = new B.b2ChainShape();
        withPoints(g.points, (ptr) => c.CreateLoop(ptr, g.points.length));
        shape = c;
      }
      const fd = new B.b2FixtureDef();
      fd.set_shape!(shape);
      fd.set_density!(s.density);
      fd.set_friction!(s.friction);
      fd.set_restitution!(s.restitution);
      if (s.filter) {
        const f = fd.get_filter();
        f.set_categoryBits!(s.filter.categoryBits & 0xffff);
        f.set_maskBits!(s.filter.maskBits & 0xffff);
        f.set_groupIndex!(s.filter.groupIndex);
      }
      body.CreateFixture(fd);
    };
    return {
      name: 'box2d-wasm',
      settings:
        'box2d-wasm 7.0.0 (Box2D 2.4.1, SIMD), Step(1/60, 8, 3); no revolute spring, capsules as octagons',
      addBatch(batch) {
        const bodies = batch.bodies.map((b) => {
          const bd = new B.b2BodyDef();
          bd.set_type!(b.type === 'static' ? B.b2_staticBody : B.b2_dynamicBody);
          bd.set_position!(v(b.x, b.y));
          bd.set_linearVelocity!(v(b.vx, b.vy));
          bd.set_awake!(b.awake);
          bd.set_allowSleep!(b.sleepEnabled);
          bd.set_linearDamping!(b.linearDamping);
          const body = world.CreateBody(bd);
          for (const s of b.shapes) fixture(body, s);
          return body;
        });
        for (const j of batch.joints) {
          const jd = new B.b2RevoluteJointDef();
          jd.set_bodyA!(bodies[j.bodyA]);
          jd.set_bodyB!(bodies[j.bodyB]);
          jd.set_localAnchorA!(v(j.anchorA[0], j.anchorA[1]));
          jd.set_localAnchorB!(v(j.anchorB[0], j.anchorB[1]));
          jd.set_referenceAngle!(j.referenceAngle);
          jd.set_enableLimit!(j.enableLimit);
          jd.set_lowerAngle!(j.lowerAngle);
          jd.set_upperAngle!(j.upperAngle);
          jd.set_enableMotor!(j.enableMotor);
          jd.set_motorSpeed!(j.motorSpeed);
          jd.set_maxMotorTorque!(j.maxMotorTorque);
          world.CreateJoint(jd);
        }
        return bodies;
      },
      destroy: (b) => world.DestroyBody(b as B2Body),
      step: () => world.Step(DT, 8, 3),
      pose(b, out, k) {
        const body = b as B2Body;
        const p = body.GetPosition();
        out[3 * k] = p.get_x();
        out[3 * k + 1] = p.get_y();
        out[3 * k + 2] = body.GetAngle();
      },
    };
  };
}

// rapier2d ----------------------------------------------------------------------------------------

interface RBody {
  translation(): { x: number; y: number };
  rotation(): number;
}
type RDesc = { [k: string]: (...a: unknown[]) => RDesc };
interface RJoint {
  setContactsEnabled(b: boolean): void;
  configureMotorVelocity(v: number, factor: number): void;
  setMotorMaxForce(f: number): void;
}
interface RapierModule {
  init(): Promise<void>;
  version(): string;
  World: new (g: {
    x: number;
    y: number;
  }) => {
    timestep: number;
    createRigidBody(d: RDesc): RBody;
    createCollider(d: RDesc, b: RBody): unknown;
    createImpulseJoint(p: unknown, a: RBody, b: RBody, wake: boolean): RJoint;
    removeRigidBody(b: RBody): void;
    step(): void;
  };
  RigidBodyDesc: { fixed(): RDesc; dynamic(): RDesc };
  ColliderDesc: {
    ball(r: number): RDesc;
    cuboid(hx: number, hy: number): RDesc;
    roundCuboid(hx: number, hy: number, r: number): RDesc;
    capsule(halfHeight: number, r: number): RDesc;
    convexHull(p: Float32Array): RDesc | null;
    roundConvexHull(p: Float32Array, r: number): RDesc | null;
    polyline(v: Float32Array, i: Uint32Array): RDesc;
  };
  JointData: {
    revolute(
      a: { x: number; y: number },
      b: { x: number; y: number },
    ): { limitsEnabled: boolean; limits: number[] };
  };
}

/**
 * Box2D's filter as Rapier interaction groups (16 membership bits, 16 filter bits). Rapier has no
 * group index: a shape of category 2 in negative group g is a member of bit 4 + g instead, and a
 * mask that includes category 2 admits every group bit but its own — the ragdolls' rule exactly.
 */
function rapierGroups(s: BenchShape): number {
  const f = s.filter;
  if (!f) return 0xffffffff;
  let member = f.categoryBits & 0xffff;
  let filter = f.maskBits & 0xffff;
  if (f.groupIndex < 0) {
    const own = 1 << (4 - f.groupIndex);
    if (member & 2) member = (member & ~2) | own;
    if (filter & 2) filter = (filter & ~2) | (0xffe0 & ~own);
  }
  return ((member << 16) | filter) >>> 0;
}

let rapierModule: Promise<RapierModule> | null = null;
async function rapierFactory(): Promise<BackendFactory> {
  rapierModule ??= (async () => {
    const R = (await import('@dimforge/rapier2d-compat')).default as unknown as RapierModule;
    await R.init();
    return R;
  })();
  const R = await rapierModule;
  return (bench) => {
    const world = new R.World({ x: bench.gravity[0], y: bench.gravity[1] });
    world.timestep = DT;
    const collider = (s: BenchShape): RDesc => {
      const g = s.geometry;
      let d: RDesc;
      if (g.kind === 'circle')
        d = R.ColliderDesc.ball(g.radius).setTranslation!(g.center?.[0] ?? 0, g.center?.[1] ?? 0);
      else if (g.kind === 'box')
        d = (g.radius ? R.ColliderDesc.roundCuboid(g.hx, g.hy, g.radius) : R.ColliderDesc.cuboid(g.hx, g.hy))
          .setTranslation!(g.center?.[0] ?? 0, g.center?.[1] ?? 0).setRotation!(g.angle ?? 0);
      else if (g.kind === 'capsule') {
        const dx = g.p2[0] - g.p1[0];
        const dy = g.p2[1] - g.p1[1];
        d = R.ColliderDesc.capsule(0.5 * Math.hypot(dx, dy), g.radius).setTranslation!(
          0.5 * (g.p1[0] + g.p2[0]),
          0.5 * (g.p1[1] + g.p2[1]),
        ).setRotation!(Math.atan2(dy, dx) - Math.PI / 2);
      } else if (g.kind === 'polygon') {
        const pts = new Float32Array(g.vertices.flat());
        d = (g.radius ? R.ColliderDesc.roundConvexHull(pts, g.radius) : R.ColliderDesc.convexHull(pts))!;
      } else {
        const n = g.points.length;
        const idx = new Uint32Array(2 * n);
        for (let i = 0; i < n; i++) {
          idx[2 * i] = i;
          idx[2 * i + 1] = (i + 1) % n;
        }
        d = R.ColliderDesc.polyline(new Float32Array(g.points.flat()), idx);
      }
      return d.setDensity!(s.density).setFriction!(s.friction).setRestitution!(s.restitution)
        .setCollisionGroups!(rapierGroups(s));
    };
    return {
      name: 'rapier2d',
      settings: `@dimforge/rapier2d-compat ${R.version()}, defaults (4 solver iterations); no revolute spring`,
      addBatch(batch) {
        const bodies = batch.bodies.map((b) => {
          const desc =
            b.type === 'static'
              ? R.RigidBodyDesc.fixed().setTranslation!(b.x, b.y)
              : R.RigidBodyDesc.dynamic().setTranslation!(b.x, b.y).setLinvel!(b.vx, b.vy).setCanSleep!(
                  b.sleepEnabled && bench.enableSleep,
                ).setSleeping!(!b.awake).setLinearDamping!(b.linearDamping);
          const body = world.createRigidBody(desc);
          for (const s of b.shapes) world.createCollider(collider(s), body);
          return body;
        });
        for (const j of batch.joints) {
          const params = R.JointData.revolute(
            { x: j.anchorA[0], y: j.anchorA[1] },
            { x: j.anchorB[0], y: j.anchorB[1] },
          );
          if (j.enableLimit) {
            params.limitsEnabled = true;
            params.limits = [j.lowerAngle + j.referenceAngle, j.upperAngle + j.referenceAngle];
          }
          const joint = world.createImpulseJoint(params, bodies[j.bodyA]!, bodies[j.bodyB]!, true);
          joint.setContactsEnabled(false);
          if (j.enableMotor) {
            joint.configureMotorVelocity(j.motorSpeed, 1e4);
            joint.setMotorMaxForce(j.maxMotorTorque);
          }
        }
        return bodies;
      },
      destroy: (b) => world.removeRigidBody(b as RBody),
      step: () => world.step(),
      pose(b, out, k) {
        const body = b as RBody;
        const p = body.translation();
        out[3 * k] = p.x;
        out[3 * k + 1] = p.y;
        out[3 * k + 2] = body.rotation();
      },
    };
  };
}

// planck --------------------------------------------------------------------------------------------

interface PBody {
  createFixture(def: object): unknown;
  getPosition(): { x: number; y: number };
  getAngle(): number;
}
interface PlanckModule {
  World: new (
    def: object,
  ) => {
    createBody(def: object): PBody;
    destroyBody(b: PBody): void;
    createJoint(j: unknown): unknown;
    step(dt: number, v: number, p: number): void;
  };
  Circle: new (c: { x: number; y: number }, r: number) => unknown;
  Box: new (hx: number, hy: number, c: { x: number; y: number }, a: number) => unknown;
  Polygon: new (v: { x: number; y: number }[]) => unknown;
  Chain: new (v: { x: number; y: number }[], loop: boolean) => unknown;
  RevoluteJoint: new (def: object, a: PBody, b: PBody) => unknown;
}

async function planckFactory(): Promise<BackendFactory> {
  const P = (await import('planck')) as unknown as PlanckModule;
  const xy = (p: readonly [number, number]) => ({ x: p[0], y: p[1] });
  return (bench) => {
    const world = new P.World({ gravity: xy(bench.gravity), allowSleep: bench.enableSleep });
    const shapeOf = (s: BenchShape): unknown => {
      const g = s.geometry;
      const c = (p?: readonly [number, number]) => (p ? xy(p) : { x: 0, y: 0 });
      if (g.kind === 'circle') return new P.Circle(c(g.center), g.radius);
      if (g.kind === 'box')
        return new P.Box(g.hx + (g.radius ?? 0), g.hy + (g.radius ?? 0), c(g.center), g.angle ?? 0);
      if (g.kind === 'capsule') return new P.Polygon(capsulePolygon(g.p1, g.p2, g.radius).map(xy));
      if (g.kind === 'polygon') return new P.Polygon(g.vertices.map(xy));
      return new P.Chain(g.points.map(xy), true);
    };
    return {
      name: 'planck',
      settings: 'planck 1.5.0, step(1/60, 8, 3); no revolute spring, capsules as octagons',
      addBatch(batch) {
        const bodies = batch.bodies.map((b) => {
          const body = world.createBody({
            type: b.type,
            position: { x: b.x, y: b.y },
            linearVelocity: { x: b.vx, y: b.vy },
            awake: b.awake,
            allowSleep: b.sleepEnabled,
            linearDamping: b.linearDamping,
          });
          for (const s of b.shapes) {
            body.createFixture({
              shape: shapeOf(s),
              density: s.density,
              friction: s.friction,
              restitution: s.restitution,
              ...(s.filter
                ? {
                    filterCategoryBits: s.filter.categoryBits & 0xffff,
                    filterMaskBits: s.filter.maskBits & 0xffff,
                    filterGroupIndex: s.filter.groupIndex,
                  }
                : {}),
            });
          }
          return body;
        });
        for (const j of batch.joints) {
          world.createJoint(
            new P.RevoluteJoint(
              {
                localAnchorA: xy(j.anchorA),
                localAnchorB: xy(j.anchorB),
                referenceAngle: j.referenceAngle,
                enableLimit: j.enableLimit,
                lowerAngle: j.lowerAngle,
                upperAngle: j.upperAngle,
                enableMotor: j.enableMotor,
                motorSpeed: j.motorSpeed,
                maxMotorTorque: j.maxMotorTorque,
              },
              bodies[j.bodyA]!,
              bodies[j.bodyB]!,
            ),
          );
        }
        return bodies;
      },
      destroy: (b) => world.destroyBody(b as PBody),
      step: () => world.step(DT, 8, 3),
      pose(b, out, k) {
        const body = b as PBody;
        const p = body.getPosition();
        out[3 * k] = p.x;
        out[3 * k + 1] = p.y;
        out[3 * k + 2] = body.getAngle();
      },
    };
  };
}

// ---- running a scene in one engine ------------------------------------------------------------------

/** A scene running in one engine: the scene's actions applied before each step, the live bodies in scene order. */
class SceneRun {
  private readonly scene: unknown[];
  private readonly groups = new Map<number, { ids: unknown[]; batch: BenchBatch }>();
  private stepCount = 0;
  /** the motor-driven body (spinner paddle, tumbler): its turned angle, unwrapped */
  private readonly driven: number;
  private lastAngle = 0;
  turned = 0;
  private readonly one = new Float64Array(3);
  constructor(
    readonly bench: Benchmark,
    readonly be: Backend<unknown>,
  ) {
    this.scene = be.addBatch(bench.scene);
    this.driven = bench.scene.joints.find((j) => j.enableMotor && j.motorSpeed !== 0)?.bodyB ?? -1;
  }
  /** untimed, after each step: follows the motor-driven body's angle */
  track(): void {
    if (this.driven < 0) return;
    this.be.pose(this.scene[this.driven], this.one, 0);
    let d = this.one[2]! - this.lastAngle;
    d -= 2 * Math.PI * Math.round(d / (2 * Math.PI));
    this.turned += d;
    this.lastAngle = this.one[2]!;
  }
  get steps(): number {
    return this.stepCount;
  }
  step(): void {
    if (this.bench.actions) {
      for (const a of this.bench.actions(this.stepCount)) {
        if ('destroy' in a) {
          for (const id of this.groups.get(a.destroy)?.ids ?? []) this.be.destroy(id);
          this.groups.delete(a.destroy);
        } else {
          this.groups.set(a.create, { ids: this.be.addBatch(a.batch), batch: a.batch });
        }
      }
    }
    this.be.step();
    this.stepCount++;
  }
  /** poses (x, y, angle) and descriptions of the live bodies, and the live joints as pose indices */
  live(): { poses: Float64Array; specs: BenchBody[]; joints: [number, number, BenchRevolute][] } {
    const specs: BenchBody[] = [...this.bench.scene.bodies];
    const joints: [number, number, BenchRevolute][] = this.bench.scene.joints.map((j) => [
      j.bodyA,
      j.bodyB,
      j,
    ]);
    const handles = [...this.scene];
    for (const g of this.groups.values()) {
      const base = handles.length;
      handles.push(...g.ids);
      specs.push(...g.batch.bodies);
      for (const j of g.batch.joints) joints.push([base + j.bodyA, base + j.bodyB, j]);
    }
    const poses = new Float64Array(3 * handles.length);
    for (let k = 0; k < handles.length; k++) this.be.pose(handles[k], poses, k);
    return { poses, specs, joints };
  }
}

export interface SceneQuality {
  finite: boolean;
  bodies: number;
  maxJointGap?: number;
  cornerDrift?: number;
  belowFloor?: number;
  inside?: number;
  /** mean angular speed of the motor-driven body (rad/s) against the motor's target */
  drivenSpeed?: number;
  targetSpeed?: number;
  sane: boolean;
}

function jointGap(p: Float64Array, a: number, b: number, j: BenchRevolute): number {
  const ca = Math.cos(p[3 * a + 2]!);
  const sa = Math.sin(p[3 * a + 2]!);
  const cb = Math.cos(p[3 * b + 2]!);
  const sb = Math.sin(p[3 * b + 2]!);
  const ax = p[3 * a]! + ca * j.anchorA[0] - sa * j.anchorA[1];
  const ay = p[3 * a + 1]! + sa * j.anchorA[0] + ca * j.anchorA[1];
  const bx = p[3 * b]! + cb * j.anchorB[0] - sb * j.anchorB[1];
  const by = p[3 * b + 1]! + sb * j.anchorB[0] + cb * j.anchorB[1];
  return Math.hypot(ax - bx, ay - by);
}

export function sceneQuality(run: SceneRun): SceneQuality {
  const { poses: p, specs, joints } = run.live();
  const bench = run.bench;
  const finite = p.every((x) => Number.isFinite(x));
  const q: SceneQuality = { finite, bodies: specs.length, sane: finite };
  const motor = bench.scene.joints.find((j) => j.enableMotor && j.motorSpeed !== 0);
  if (motor && run.steps > 0) {
    q.drivenSpeed = run.turned / (run.steps * DT);
    q.targetSpeed = motor.motorSpeed;
  }
  if (joints.length > 0) {
    let g = 0;
    for (const [a, b, j] of joints) g = Math.max(g, jointGap(p, a, b, j));
    q.maxJointGap = g;
  }
  const N = bench.info.gridN;
  if (N !== undefined) {
    // joints in scene order: body k·N + i has its joint to the body above (i > 0) then to the left (k > 0)
    const up = new Float64Array(N * N);
    const left = new Float64Array(N * N);
    for (const [a, b, j] of joints) (j.anchorA[0] === 0 ? up : left)[b] = jointGap(p, a, b, j);
    const path = (k: number, k0: number) => {
      let s = 0;
      for (let i = 1; i < N; i++) s += up[k * N + i]!;
      const [lo, hi] = k < k0 ? [k + 1, k0] : [k0 + 1, k];
      for (let c = lo; c <= hi; c++) s += left[c * N]!;
      return s;
    };
    q.cornerDrift = Math.max(path(0, N / 2 - 3), path(N - 1, N / 2 + 3));
  }
  if (bench.info.floorY !== undefined) {
    let below = 0;
    for (let k = 0; k < specs.length; k++) if (specs[k]!.type === 'dynamic' && p[3 * k + 1]! < -0.25) below++;
    q.belowFloor = below;
    q.sane = finite && below === 0;
  }
  const ring = bench.info.ring;
  const tumbler = bench.info.tumbler;
  if (ring || tumbler) {
    let n = 0;
    let inside = 0;
    for (let k = 0; k < specs.length; k++) {
      if (specs[k]!.type !== 'dynamic' || (tumbler && k === tumbler.body) || (ring && k === 1)) continue;
      n++;
      const x = p[3 * k]!;
      const y = p[3 * k + 1]!;
      if (ring && Math.hypot(x - ring.x, y - ring.y) < ring.r) inside++;
      if (tumbler) {
        const t = tumbler.body;
        const c = Math.cos(p[3 * t + 2]!);
        const s = Math.sin(p[3 * t + 2]!);
        const dx = x - p[3 * t]!;
        const dy = y - p[3 * t + 1]!;
        if (Math.abs(c * dx + s * dy) < tumbler.half + 0.5 && Math.abs(-s * dx + c * dy) < tumbler.half + 0.5)
          inside++;
      }
    }
    q.inside = inside / Math.max(1, n);
    q.sane = finite && inside === n;
  }
  return q;
}

// ---- the bench ---------------------------------------------------------------------------------------

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!;
}
const median = (xs: number[]) =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

export interface Box2dSceneResult {
  engine: string;
  settings: string;
  steps: number;
  medianMs: number;
  p90Ms: number;
  ratioOursOverThis?: number;
  commonSteps?: number;
  stoppedByBudget: boolean;
  quality: SceneQuality;
}

const ALL: [string, () => Promise<BackendFactory> | BackendFactory][] = [
  ['ours', () => oursFactory],
  ['box2d-wasm', box2dFactory],
  ['rapier2d', rapierFactory],
  ['planck', planckFactory],
];

/** Runs one Box2D scene in every engine, interleaved in chunks of 10 frames. */
export async function runBox2dScene(
  name: BenchmarkName,
  opts: { quick: boolean; steps?: number; budgetMs: number; engines?: string[]; workers?: number },
): Promise<{ bench: Benchmark; rows: Box2dSceneResult[] }> {
  // quick: Box2D's small (debug-build) layouts and 120 frames
  const bench = box2dBenchmark(name, opts.quick ? 'small' : 'full');
  const steps = opts.steps ?? (opts.quick ? 120 : bench.steps);
  const runs: SceneRun[] = [];
  const workers = opts.workers ?? 0;
  const all: typeof ALL =
    workers > 0
      ? [
          ALL[0]!,
          ['ours', async () => (b: Benchmark) => oursFactory(b, 1)],
          ['ours', async () => (b: Benchmark) => oursFactory(b, workers)],
          ...ALL.slice(1),
        ]
      : ALL;
  for (const [engine, make] of all) {
    if (opts.engines && !opts.engines.includes(engine)) continue;
    try {
      runs.push(new SceneRun(bench, (await make())(bench)));
    } catch (e) {
      console.log(`(${name}: skipping ${engine}: ${(e as Error).message})`);
    }
  }
  const times: number[][] = runs.map(() => []);
  const spent = runs.map(() => 0);
  const done = runs.map(() => false);
  while (!done.every(Boolean)) {
    runs.forEach((r, k) => {
      if (done[k]) return;
      gc();
      // the budget is checked every step: one of planck's spinner steps can take seconds
      for (let c = 0; c < 10 && times[k]!.length < steps && spent[k]! <= opts.budgetMs; c++) {
        const t0 = performance.now();
        try {
          r.step();
        } catch (e) {
          console.log(`(${name}: ${r.be.name} failed at step ${times[k]!.length}: ${(e as Error).message})`);
          done[k] = true;
          break;
        }
        const dt = performance.now() - t0;
        times[k]!.push(dt);
        spent[k]! += dt;
        r.track();
      }
      if (times[k]!.length >= steps || spent[k]! > opts.budgetMs) done[k] = true;
    });
  }
  const warmOf = (n: number) => Math.min(opts.quick ? 20 : 30, Math.floor(n / 3));
  const rows: Box2dSceneResult[] = runs.map((r, k) => {
    const sorted = times[k]!.slice(warmOf(times[k]!.length)).sort((a, b) => a - b);
    return {
      engine: r.be.name,
      settings: r.be.settings,
      steps: times[k]!.length,
      medianMs: quantile(sorted, 0.5),
      p90Ms: quantile(sorted, 0.9),
      stoppedByBudget: times[k]!.length < steps,
      quality: sceneQuality(r),
    };
  });
  const ours = runs.findIndex((r) => r.be.name === 'ours');
  if (ours >= 0) {
    rows.forEach((row, k) => {
      if (k === ours) return;
      const n = Math.min(times[ours]!.length, times[k]!.length);
      const w = warmOf(n);
      if (n - w < 3) return;
      row.commonSteps = n - w;
      row.ratioOursOverThis = median(times[ours]!.slice(w, n)) / median(times[k]!.slice(w, n));
    });
  }
  return { bench, rows };
}

const fmt = (x: number | undefined, d = 2) => (x === undefined || Number.isNaN(x) ? '—' : x.toFixed(d));

export function printBox2dScene(bench: Benchmark, rows: Box2dSceneResult[]): void {
  const last = Math.max(0, ...rows.map((r) => r.quality.bodies));
  console.log(
    `\n## ${bench.name} (Box2D v3 benchmark, ${bench.size} size: ${dynamicCount(bench.scene)} dynamic bodies at start, ${bench.scene.joints.length} joints${bench.actions ? `, ${last} bodies at the end` : ''})`,
  );
  const header = ['engine', 'steps', 'ms/step med', 'p90', 'ours/this', 'quality'];
  const lines = rows.map((r) => {
    const q = r.quality;
    const parts: string[] = [q.finite ? 'finite' : 'NON-FINITE'];
    if (q.cornerDrift !== undefined) parts.push(`corner drift ${fmt(q.cornerDrift * 100, 2)} cm`);
    if (q.maxJointGap !== undefined) parts.push(`max joint gap ${fmt(q.maxJointGap * 1000, 2)} mm`);
    if (q.belowFloor !== undefined) parts.push(`below floor ${q.belowFloor}`);
    if (q.inside !== undefined) parts.push(`inside ${fmt(q.inside * 100, 1)}%`);
    if (q.drivenSpeed !== undefined)
      parts.push(`turns at ${fmt(q.drivenSpeed, 2)} rad/s (motor ${fmt(q.targetSpeed, 2)})`);
    return [
      r.engine,
      `${r.steps}${r.stoppedByBudget ? '*' : ''}`,
      `${fmt(r.medianMs)}${q.sane ? '' : ' (unsound)'}`,
      fmt(r.p90Ms),
      r.engine === 'ours' ? '1' : fmt(r.ratioOursOverThis, 3),
      parts.join(', '),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(row(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const l of lines) console.log(row(l));
}
