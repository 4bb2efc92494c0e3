/**
 * `npm run bench -- rigid3d [--quick] [--scene=pyramid10,pyramid20,wall,tumbler]
 *   [--engines=ours,rapier3d,jolt,cannon-es,oimo] [--steps=N] [--budget=SECONDS]`
 *
 * Our World3 against the 3D peers on the same scenes, in the same process, engines interleaved
 * (each engine steps a chunk of frames in turn, so machine noise hits everyone alike):
 *   pyramid10 (base 10, 385 unit cubes), pyramid20 (base 20, 2,870 cubes), wall (running-bond brick
 *   wall 20 × 10), tumbler (1,000 random convex hulls of 8 points in a closed drum of six kinematic
 *   walls turning at 0.5 rad/s) — the layouts of src/demos/rigid3d.ts.
 * All engines: dt = 1/60, gravity 10 m/s², friction 0.6 (combined to 0.6 in every engine: cannon-es
 * through its default contact material, which otherwise multiplies 0.6 × 0.6), density 1,
 * restitution 0, sleeping off. Peers at their documented defaults: Rapier 0.21 (4 solver
 * iterations), Jolt 1.1 (1 collision step, 10 velocity / 2 position iterations; contact limit raised
 * to 20,000 for the 2,870-cube pyramid), cannon-es 0.20 (GS 10 iterations, SAPBroadphase), oimo
 * 1.0.9 (8 iterations, SAP). Ours: default settings (soft step, 4 substeps).
 * oimo has no convex hulls and no kinematic compound bodies: it skips the tumbler.
 *
 * Reported per scene and engine: ms/step median and p90 over the measured steps (after warm-up),
 * the ratio ours / peer over the steps both completed, JS heap bytes allocated per warm step (WASM
 * memory is not in heapUsed), and a sanity figure that must pass before a time counts: every body
 * finite, the top cube within 0.1 m of its start (pyramids, wall), the largest drift of any body;
 * for the tumbler, hulls still inside the drum. A full garbage collection runs (untimed) before
 * each engine's chunk. Writes bench/results/<machine>/rigid3d[.quick].json (bench/results.ts).
 */
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { type BoxPlacement3, pyramidLayout3, tumblerLayout3, wallLayout3 } from '../src/demos/rigid3d.js';
import { World3 } from '../src/rigid3d/index.js';
import { joltSystem3, loadPeers3, peers3 } from './peers3d.js';
import { machineInfo, writeResults } from './results.js';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const DT = 1 / 60;
const FRICTION = 0.6;

/** A scene every engine builds: boxes, or the tumbler. */
interface Scene3 {
  name: string;
  boxes: BoxPlacement3[];
  tumbler: ReturnType<typeof tumblerLayout3> | null;
  steps: number;
  quickSteps: number;
  /** index of the top box (standing scenes), −1 for none */
  top: number;
}

function scenes(): Scene3[] {
  const p10 = pyramidLayout3(10);
  const p20 = pyramidLayout3(20);
  const wall = wallLayout3(20, 10);
  return [
    { name: 'pyramid10', boxes: p10, tumbler: null, steps: 300, quickSteps: 60, top: p10.length - 1 },
    { name: 'pyramid20', boxes: p20, tumbler: null, steps: 120, quickSteps: 12, top: p20.length - 1 },
    { name: 'wall', boxes: wall, tumbler: null, steps: 300, quickSteps: 60, top: wall.length - 1 },
    { name: 'tumbler', boxes: [], tumbler: tumblerLayout3(1000), steps: 300, quickSteps: 40, top: -1 },
  ];
}

/** One engine running one scene. */
interface Runner {
  step(): void;
  /** writes xyz of every dynamic body (in scene order) into out */
  read(out: Float64Array): void;
  dynamicCount: number;
  dispose?(): void;
}

type Factory = (s: Scene3) => Runner | null;

function dynamicPositions(s: Scene3): number[][] {
  return s.tumbler ? s.tumbler.hulls.map((h) => h.position) : s.boxes.map((b) => b.position);
}

// ---- ours ----------------------------------------------------------------------------------------
const ours: Factory = (s) => {
  const w = new World3({ gravity: [0, -10, 0], enableSleep: false });
  const ids: number[] = [];
  if (s.tumbler) {
    const T = s.tumbler;
    const drum = w.createBody({ type: 'kinematic', position: T.center, angularVelocity: [0, 0, T.spin] });
    for (const b of T.walls)
      w.createShape(drum, {
        kind: 'box',
        halfExtents: b.halfExtents,
        position: b.position,
        friction: FRICTION,
      });
    for (const h of T.hulls) {
      const id = w.createBody({ position: h.position });
      w.createShape(id, { kind: 'hull', points: h.points, density: 1, friction: FRICTION });
      ids.push(id);
    }
  } else {
    const g = w.createBody({ type: 'static' });
    w.createShape(g, { kind: 'box', halfExtents: [60, 0.5, 60], position: [0, -0.5, 0], friction: FRICTION });
    for (const b of s.boxes) {
      const id = w.createBody({ position: b.position });
      w.createShape(id, { kind: 'box', halfExtents: b.halfExtents, density: 1, friction: FRICTION });
      ids.push(id);
    }
  }
  const slots = ids.map((id) => w.bodySlot(id));
  const xf = new Float64Array(7 * (ids.length + 1));
  return {
    dynamicCount: ids.length,
    step: () => w.step(DT),
    read: (out) => {
      w.readTransforms(xf);
      for (let i = 0; i < slots.length; i++) {
        const o = 7 * slots[i]!; // nothing is destroyed: slot order is creation order
        out[3 * i] = xf[o]!;
        out[3 * i + 1] = xf[o + 1]!;
        out[3 * i + 2] = xf[o + 2]!;
      }
    },
  };
};

// ---- rapier3d ------------------------------------------------------------------------------------
// biome-ignore lint/suspicious/noExplicitAny: peer modules without our types
type Any = any;
let RAPIER: Any = null;
const rapier: Factory = (s) => {
  const R = RAPIER;
  const w = new R.World({ x: 0, y: -10, z: 0 });
  w.timestep = DT;
  const bodies: Any[] = [];
  if (s.tumbler) {
    const T = s.tumbler;
    const drum = w.createRigidBody(
      R.RigidBodyDesc.kinematicVelocityBased()
        .setTranslation(...T.center)
        .setCanSleep(false),
    );
    drum.setAngvel({ x: 0, y: 0, z: T.spin }, true);
    for (const b of T.walls)
      w.createCollider(
        R.ColliderDesc.cuboid(...b.halfExtents)
          .setTranslation(...b.position)
          .setFriction(FRICTION),
        drum,
      );
    for (const h of T.hulls) {
      const body = w.createRigidBody(
        R.RigidBodyDesc.dynamic()
          .setTranslation(...h.position)
          .setCanSleep(false),
      );
      w.createCollider(
        R.ColliderDesc.convexHull(new Float32Array(h.points)).setDensity(1).setFriction(FRICTION),
        body,
      );
      bodies.push(body);
    }
  } else {
    const g = w.createRigidBody(R.RigidBodyDesc.fixed());
    w.createCollider(R.ColliderDesc.cuboid(60, 0.5, 60).setTranslation(0, -0.5, 0).setFriction(FRICTION), g);
    for (const b of s.boxes) {
      const body = w.createRigidBody(
        R.RigidBodyDesc.dynamic()
          .setTranslation(...b.position)
          .setCanSleep(false),
      );
      w.createCollider(
        R.ColliderDesc.cuboid(...b.halfExtents)
          .setDensity(1)
          .setFriction(FRICTION),
        body,
      );
      bodies.push(body);
    }
  }
  return {
    dynamicCount: bodies.length,
    step: () => w.step(),
    read: (out) => {
      for (let i = 0; i < bodies.length; i++) {
        const t = bodies[i].translation();
        out[3 * i] = t.x;
        out[3 * i + 1] = t.y;
        out[3 * i + 2] = t.z;
      }
    },
    dispose: () => w.free(),
  };
};

// ---- jolt ----------------------------------------------------------------------------------------
let JOLT: Any = null;
const jolt: Factory = (s) => {
  const J = JOLT;
  const n = (s.tumbler ? s.tumbler.hulls.length : s.boxes.length) + 2;
  const { ji, bi } = joltSystem3(n + 16);
  const bodies: Any[] = [];
  const add = (shape: Any, p: readonly number[], motion: Any, layer: number) => {
    const cs = new J.BodyCreationSettings(
      shape,
      new J.RVec3(p[0], p[1], p[2]),
      new J.Quat(0, 0, 0, 1),
      motion,
      layer,
    );
    cs.mFriction = FRICTION;
    cs.mRestitution = 0;
    cs.mAllowSleeping = false;
    const body = bi.CreateBody(cs);
    J.destroy(cs);
    bi.AddBody(body.GetID(), J.EActivation_Activate);
    return body;
  };
  const box = (h: readonly number[]) => {
    const sh = new J.BoxShape(new J.Vec3(h[0], h[1], h[2]), 0.05, null);
    sh.SetDensity?.(1);
    return sh;
  };
  if (s.tumbler) {
    const T = s.tumbler;
    const cs = new J.StaticCompoundShapeSettings();
    for (const b of T.walls)
      cs.AddShape(
        new J.Vec3(...b.position),
        new J.Quat(0, 0, 0, 1),
        new J.BoxShapeSettings(new J.Vec3(...b.halfExtents)),
        0,
      );
    const drum = add(cs.Create().Get(), T.center, J.EMotionType_Kinematic, 1);
    bi.SetLinearAndAngularVelocity(drum.GetID(), new J.Vec3(0, 0, 0), new J.Vec3(0, 0, T.spin));
    for (const h of T.hulls) {
      const hs = new J.ConvexHullShapeSettings();
      for (let k = 0; k < h.points.length; k += 3)
        hs.mPoints.push_back(new J.Vec3(h.points[k], h.points[k + 1], h.points[k + 2]));
      hs.mDensity = 1;
      bodies.push(add(hs.Create().Get(), h.position, J.EMotionType_Dynamic, 1));
    }
  } else {
    add(box([60, 0.5, 60]), [0, -0.5, 0], J.EMotionType_Static, 0);
    for (const b of s.boxes) bodies.push(add(box(b.halfExtents), b.position, J.EMotionType_Dynamic, 1));
  }
  return {
    dynamicCount: bodies.length,
    step: () => ji.Step(DT, 1),
    read: (out) => {
      for (let i = 0; i < bodies.length; i++) {
        const p = bodies[i].GetPosition();
        out[3 * i] = p.GetX();
        out[3 * i + 1] = p.GetY();
        out[3 * i + 2] = p.GetZ();
      }
    },
    dispose: () => J.destroy(ji),
  };
};

// ---- cannon-es -----------------------------------------------------------------------------------
let CANNON: Any = null;
let quickhullFaces: ((pts: number[]) => { vertices: number[][]; faces: number[][] }) | null = null;
const cannon: Factory = (s) => {
  const C = CANNON;
  const w = new C.World({ gravity: new C.Vec3(0, -10, 0) });
  w.broadphase = new C.SAPBroadphase(w);
  w.allowSleep = false;
  w.defaultContactMaterial.friction = FRICTION;
  w.defaultContactMaterial.restitution = 0;
  const bodies: Any[] = [];
  if (s.tumbler) {
    const T = s.tumbler;
    const drum = new C.Body({ type: C.Body.KINEMATIC, position: new C.Vec3(...T.center) });
    for (const b of T.walls)
      drum.addShape(new C.Box(new C.Vec3(...b.halfExtents)), new C.Vec3(...b.position));
    drum.angularVelocity.set(0, 0, T.spin);
    w.addBody(drum);
    for (const h of T.hulls) {
      const { vertices, faces } = quickhullFaces!(h.points);
      const shape = new C.ConvexPolyhedron({ vertices: vertices.map((v) => new C.Vec3(...v)), faces });
      const body = new C.Body({ mass: 1, position: new C.Vec3(...h.position) });
      body.addShape(shape);
      // density 1: mass = volume
      body.mass = shape.volume();
      body.updateMassProperties();
      w.addBody(body);
      bodies.push(body);
    }
  } else {
    const g = new C.Body({ mass: 0, position: new C.Vec3(0, -0.5, 0) });
    g.addShape(new C.Box(new C.Vec3(60, 0.5, 60)));
    w.addBody(g);
    for (const b of s.boxes) {
      const [hx, hy, hz] = b.halfExtents;
      const body = new C.Body({ mass: 8 * hx * hy * hz, position: new C.Vec3(...b.position) });
      body.addShape(new C.Box(new C.Vec3(hx, hy, hz)));
      w.addBody(body);
      bodies.push(body);
    }
  }
  return {
    dynamicCount: bodies.length,
    step: () => w.step(DT),
    read: (out) => {
      for (let i = 0; i < bodies.length; i++) {
        const p = bodies[i].position;
        out[3 * i] = p.x;
        out[3 * i + 1] = p.y;
        out[3 * i + 2] = p.z;
      }
    },
  };
};

// ---- oimo ----------------------------------------------------------------------------------------
let OIMO: Any = null;
const oimo: Factory = (s) => {
  if (s.tumbler) return null; // no convex hulls, no kinematic compounds
  const w = new OIMO.World({
    timestep: DT,
    iterations: 8,
    broadphase: 2,
    worldscale: 1,
    random: false,
    info: false,
    gravity: [0, -10, 0],
  });
  w.add({
    type: 'box',
    size: [120, 1, 120],
    pos: [0, -0.5, 0],
    move: false,
    friction: FRICTION,
    restitution: 0,
  });
  const bodies: Any[] = [];
  for (const b of s.boxes) {
    const [hx, hy, hz] = b.halfExtents;
    const body = w.add({
      type: 'box',
      size: [2 * hx, 2 * hy, 2 * hz],
      pos: b.position,
      move: true,
      density: 1,
      friction: FRICTION,
      restitution: 0,
    });
    body.allowSleep = false;
    bodies.push(body);
  }
  return {
    dynamicCount: bodies.length,
    step: () => w.step(),
    read: (out) => {
      for (let i = 0; i < bodies.length; i++) {
        const p = bodies[i].getPosition();
        out[3 * i] = p.x;
        out[3 * i + 1] = p.y;
        out[3 * i + 2] = p.z;
      }
    },
  };
};

const ENGINES: Record<string, Factory> = { ours, rapier3d: rapier, jolt, 'cannon-es': cannon, oimo };

async function loadPeers(names: string[]): Promise<void> {
  const require = createRequire(import.meta.url);
  await loadPeers3(names);
  RAPIER = peers3.rapier;
  JOLT = peers3.jolt;
  CANNON = peers3.cannon;
  if (CANNON) {
    const { quickhull3 } = await import('../src/geometry/quickhull3d.js');
    quickhullFaces = (pts) => {
      const h = quickhull3(pts);
      const vertices: number[][] = [];
      for (let i = 0; i < h.vertexCount; i++)
        vertices.push([h.vertices[3 * i]!, h.vertices[3 * i + 1]!, h.vertices[3 * i + 2]!]);
      const faces: number[][] = [];
      for (let f = 0; f < h.faceCount; f++)
        faces.push(Array.from(h.faceVertices.subarray(h.faceStart[f]!, h.faceStart[f + 1]!)));
      return { vertices, faces };
    };
  }
  if (names.includes('oimo')) OIMO = require('oimo');
}

interface EngineResult {
  engine: string;
  skipped?: string;
  steps: number;
  medianMs: number;
  p90Ms: number;
  heapBytesPerStep: number;
  finite: boolean;
  topInPlace: boolean | null;
  topDrop: number | null;
  maxDrift: number;
  inside: number | null;
  sane: boolean;
  ratio?: number;
  times?: number[];
}

function median(a: number[]): number {
  const s = [...a].sort((x, y) => x - y);
  return s.length ? s[Math.floor(s.length / 2)]! : Number.NaN;
}
function quantile(a: number[], q: number): number {
  const s = [...a].sort((x, y) => x - y);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : Number.NaN;
}

function runScene(s: Scene3, engines: string[], steps: number, warm: number, budget: number): EngineResult[] {
  const runners: (Runner | null)[] = [];
  const results: EngineResult[] = [];
  for (const e of engines) {
    let r: Runner | null = null;
    let skipped: string | undefined;
    try {
      r = ENGINES[e]!(s);
      if (!r) skipped = 'its API cannot build this scene';
    } catch (err) {
      skipped = `build failed: ${(err as Error).message}`;
    }
    runners.push(r);
    results.push({
      engine: e,
      ...(skipped ? { skipped } : {}),
      steps: 0,
      medianMs: Number.NaN,
      p90Ms: Number.NaN,
      heapBytesPerStep: Number.NaN,
      finite: true,
      topInPlace: null,
      topDrop: null,
      maxDrift: 0,
      inside: null,
      sane: !skipped,
      times: [],
    });
  }
  const starts = dynamicPositions(s);
  const chunk = 5;
  const heap: number[][] = engines.map(() => []);
  const spent = engines.map(() => 0);
  for (let done = 0; done < warm + steps; done += chunk) {
    for (let k = 0; k < runners.length; k++) {
      const r = runners[k];
      if (!r || spent[k]! > budget) continue;
      gc();
      const h0 = process.memoryUsage().heapUsed;
      const n = Math.min(chunk, warm + steps - done);
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        try {
          r.step();
        } catch (err) {
          results[k]!.skipped = `step failed: ${(err as Error).message}`;
          results[k]!.sane = false;
          runners[k] = null;
          break;
        }
        const dt = performance.now() - t0;
        if (done + i >= warm) {
          results[k]!.times!.push(dt);
          spent[k]! += dt / 1000;
        }
      }
      const h1 = process.memoryUsage().heapUsed;
      if (done >= warm && h1 >= h0) heap[k]!.push((h1 - h0) / n);
    }
  }
  const pos = new Float64Array(3 * starts.length);
  for (let k = 0; k < runners.length; k++) {
    const res = results[k]!;
    const r = runners[k];
    const t = res.times!;
    res.steps = t.length;
    res.medianMs = median(t);
    res.p90Ms = quantile(t, 0.9);
    res.heapBytesPerStep = heap[k]!.length ? median(heap[k]!) : Number.NaN;
    if (!r) continue;
    r.read(pos);
    let drift = 0;
    let inside = 0;
    for (let i = 0; i < starts.length; i++) {
      const x = pos[3 * i]!;
      const y = pos[3 * i + 1]!;
      const z = pos[3 * i + 2]!;
      if (!Number.isFinite(x + y + z)) res.finite = false;
      const d = Math.hypot(x - starts[i]![0]!, y - starts[i]![1]!, z - starts[i]![2]!);
      drift = Math.max(drift, d);
      if (s.tumbler) {
        const c = s.tumbler.center;
        const lim = Math.max(1.6, 0.55 * Math.cbrt(s.tumbler.hulls.length)) * Math.sqrt(3) + 0.5;
        if (Math.hypot(x - c[0], y - c[1], z - c[2]) < lim) inside++;
      }
    }
    res.maxDrift = drift;
    if (s.tumbler) res.inside = inside;
    if (s.top >= 0) {
      res.topDrop = starts[s.top]![1]! - pos[3 * s.top + 1]!;
      res.topInPlace =
        Math.abs(res.topDrop) < 0.1 &&
        Math.hypot(pos[3 * s.top]! - starts[s.top]![0]!, pos[3 * s.top + 2]! - starts[s.top]![2]!) < 0.1;
    }
    res.sane =
      res.finite && res.topInPlace !== false && (res.inside === null || res.inside === starts.length);
    r.dispose?.();
  }
  // ratios over the steps both completed
  const mine = results[0]!;
  for (const res of results.slice(1)) {
    const n = Math.min(mine.times!.length, res.times!.length);
    if (n > 0 && mine.engine === 'ours')
      res.ratio = median(mine.times!.slice(0, n)) / median(res.times!.slice(0, n));
  }
  for (const res of results) delete res.times;
  return results;
}

function fmt(v: number | null | undefined, d = 2): string {
  return v === null || v === undefined || Number.isNaN(v) ? '—' : v.toFixed(d);
}

/** The suite's entry point (bench/index.ts). */
export async function run(args: string[]): Promise<void> {
  const opt = (k: string) => args.find((a) => a.startsWith(`--${k}=`))?.split('=')[1];
  const quick = args.includes('--quick');
  const engines = (opt('engines') ?? 'ours,rapier3d,jolt,cannon-es,oimo').split(',');
  for (const e of engines) if (!ENGINES[e]) throw new Error(`bench rigid3d: unknown engine '${e}'`);
  if (engines[0] !== 'ours') engines.unshift('ours');
  const chosen = opt('scene')?.split(',');
  const budget = Number(opt('budget') ?? (quick ? 20 : 120));
  await loadPeers(engines);
  const out: Record<string, EngineResult[]> = {};
  const load0 = (await import('node:os')).loadavg()[0];
  for (const s of scenes()) {
    if (chosen && !chosen.includes(s.name)) continue;
    const steps = Number(opt('steps') ?? (quick ? s.quickSteps : s.steps));
    const warm = quick ? 5 : 30;
    const res = runScene(s, engines, steps, warm, budget);
    out[s.name] = res;
    console.log(`\n${s.name} (${dynamicPositions(s).length} bodies, ${steps} steps after ${warm} warm-up)`);
    console.log('engine      ms/step  p90     ours/peer  heap B/step  sane  top drop  max drift  inside');
    for (const r of res) {
      if (r.skipped && r.steps === 0) {
        console.log(`${r.engine.padEnd(11)} skipped: ${r.skipped}`);
        continue;
      }
      console.log(
        `${r.engine.padEnd(11)} ${fmt(r.medianMs).padStart(7)}  ${fmt(r.p90Ms).padStart(7)} ${fmt(r.ratio, 3).padStart(9)}  ${fmt(r.heapBytesPerStep, 0).padStart(11)}  ${r.sane ? 'yes ' : 'NO  '}  ${fmt(r.topDrop, 3).padStart(8)}  ${fmt(r.maxDrift, 3).padStart(9)}  ${r.inside ?? '—'}${r.skipped ? `  (${r.skipped})` : ''}`,
      );
    }
  }
  const load1 = (await import('node:os')).loadavg()[0];
  console.log(`\nload average ${load0!.toFixed(2)} → ${load1!.toFixed(2)}`);
  writeResults('rigid3d', { machine: machineInfo(), quick, loadAverage: [load0, load1], scenes: out }, quick);
}
