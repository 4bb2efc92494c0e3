/**
 * `npm run bench:ab -- [--base=<git revision>] [--scenes=pyramid,smash,...] [--rounds=N]`: the
 * working tree against an earlier revision, in ONE process: the revision is checked out into a
 * temporary git worktree, both trees' engines are loaded side by side, and each scene steps in
 * interleaved chunks (base, new, new, base, …) so machine noise hits both alike. Reports CPU ms
 * per step (process.cpuUsage, medians over the chunks), new/base, the load average, and whether
 * both trees end in bit-identical states (a refactor that promises no behaviour change must say
 * "bit-identical"). The scenes are built from each tree's own public API (the shared builders may
 * not exist in an old revision), the same layouts as the rigid2d, cloth and grid suites; Box2D v3's
 * benchmark scenes (joint-grid, smash, spinner, rain) come from each tree's own scene builder; the 3D
 * joint scenes (ragdolls, hinge-grid, chain) are bench/rigid3d-joints.ts's, from World3's API.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const ROOT = join(import.meta.dirname, '..');
const arg = (name: string, dflt: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? dflt;
const baseRev = arg('base', 'HEAD');
const rounds = Number(arg('rounds', '8'));
const wanted = arg('scenes', 'pyramid,large-pyramid,many-pyramids,cloth,smoke').split(',');

interface Sim {
  step(): void;
  digest(): number;
}
type Make = (src: string) => Promise<Sim>;

/** FNV-1a over the bits of the doubles. */
function hashDoubles(h: number, a: ArrayLike<number>): number {
  const f = new Float64Array(1);
  const u = new Uint32Array(f.buffer);
  for (let i = 0; i < a.length; i++) {
    f[0] = a[i]!;
    h = Math.imul(h ^ u[0]!, 16777619) >>> 0;
    h = Math.imul(h ^ u[1]!, 16777619) >>> 0;
  }
  return h;
}

const load = (src: string, path: string) => import(pathToFileURL(join(src, path)).href);

/** Box2D's pyramid layout (bench/rigid2d.ts): unit boxes 0.015 m apart. */
function pyramidCentres(base: number, x0: number, out: number[][]): void {
  for (let row = 0; row < base; row++) {
    const n = base - row;
    for (let k = 0; k < n; k++) out.push([x0 + (k - (n - 1) / 2) * 1.015, 0.515 + row * 1.015]);
  }
}

function boxes(centres: number[][], groundHalf: number): Make {
  return async (src) => {
    const { World } = await load(src, 'rigid2d/index.ts');
    const w = new World({ gravity: [0, -10], enableSleep: false });
    const g = w.createBody({ type: 'static' });
    w.createShape(g, {
      kind: 'box',
      halfWidth: groundHalf,
      halfHeight: 0.5,
      center: [0, -0.5],
      friction: 0.6,
    });
    const ids: unknown[] = [];
    for (const [x, y] of centres) {
      const id = w.createBody({ type: 'dynamic', position: [x, y] });
      w.createShape(id, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5, density: 1, friction: 0.6 });
      ids.push(id);
    }
    return {
      step: () => w.step(1 / 60),
      digest: () =>
        ids.reduce<number>((h, id) => hashDoubles(h, [...w.getPosition(id), w.getAngle(id)]), 2166136261),
    };
  };
}

/** One of Box2D v3's benchmark scenes, built by the tree's own scene/builders/box2d-benchmarks.ts. */
function box2dScene(name: string): Make {
  return async (src) => {
    const { buildBenchmark } = await load(src, 'scene/builders/box2d-benchmarks.ts');
    const run = buildBenchmark(name, 'full');
    return {
      step: () => run.step(1 / 60),
      digest: () =>
        (run.bodies() as { id: unknown }[]).reduce<number>(
          (h, { id }) => hashDoubles(h, [...run.world.getPosition(id), run.world.getAngle(id)]),
          2166136261,
        ),
    };
  };
}

/**
 * bench/rigid3d-joints.ts's scenes from the tree's World3 API: 100 ragdolls dropped on a ground box,
 * a 20 × 20 hinge grid hanging from a static bar, a 100-link capsule chain on ball joints.
 */
function joints3d(name: 'ragdolls' | 'hinge-grid' | 'chain'): Make {
  return async (src) => {
    const r3 = await load(src, 'rigid3d/index.ts');
    const w = new r3.World3({ enableSleep: false });
    w.profiling = false;
    const g = w.createBody({ type: 'static' });
    let ids: unknown[] = [];
    if (name === 'ragdolls') {
      w.createShape(g, { kind: 'box', halfExtents: [60, 0.5, 60], position: [0, -0.5, 0] });
      for (let k = 0; k < 100; k++) {
        const base = [
          ((k % 10) - 4.5) * 1.6,
          1 + Math.floor(k / 10) * 0.6 + (k % 3) * 0.4,
          (Math.floor(k / 10) - 4.5) * 0.9,
        ];
        ids = ids.concat(r3.createRagdoll3(w, { position: base, maxFrictionTorque: 0 }).bodyList);
      }
    } else if (name === 'hinge-grid') {
      const n = 20;
      for (let i = 0; i < n; i++)
        for (let k = 0; k < n; k++) {
          const id = w.createBody({ position: [k * 0.5, 20 - i * 0.5, 0] });
          w.createShape(id, { kind: 'box', halfExtents: [0.1, 0.1, 0.1] });
          ids.push(id);
        }
      for (let i = 0; i < n; i++)
        for (let k = 0; k < n; k++) {
          const x = k * 0.5;
          const y = 20 - i * 0.5;
          const id = ids[i * n + k];
          const axis = [0, 0, 1];
          if (k + 1 < n)
            w.createJoint({
              kind: 'hinge',
              bodyA: id,
              bodyB: ids[i * n + k + 1],
              anchor: [x + 0.25, y, 0],
              axis,
            });
          if (i + 1 < n)
            w.createJoint({
              kind: 'hinge',
              bodyA: id,
              bodyB: ids[(i + 1) * n + k],
              anchor: [x, y - 0.25, 0],
              axis,
            });
          if (i === 0) w.createJoint({ kind: 'hinge', bodyA: g, bodyB: id, anchor: [x, y + 0.25, 0], axis });
        }
    } else {
      for (let i = 0; i < 100; i++) {
        const id = w.createBody({ position: [(i + 0.5) * 0.2, 30, 0] });
        w.createShape(id, {
          kind: 'capsule',
          halfHeight: 0.06,
          radius: 0.035,
          orientation: [0, 0, Math.SQRT1_2, Math.SQRT1_2],
        });
        w.createJoint({ kind: 'ball', bodyA: i === 0 ? g : ids[i - 1], bodyB: id, anchor: [i * 0.2, 30, 0] });
        ids.push(id);
      }
    }
    return {
      step: () => w.step(1 / 60),
      digest: () =>
        ids.reduce<number>(
          (h, id) => hashDoubles(h, [...w.getPosition(id), ...w.getOrientation(id)]),
          2166136261,
        ),
    };
  };
}

const small: number[][] = [];
pyramidCentres(20, 0, small);
const large: number[][] = [];
pyramidCentres(100, 0, large);
const many: number[][] = [];
for (let p = 0; p < 20; p++) pyramidCentres(10, (p - 9.5) * 11, many);

const scenes: Record<string, { make: Make; warm: number; chunk: number }> = {
  pyramid: { make: boxes(small, 40), warm: 60, chunk: 40 },
  'large-pyramid': { make: boxes(large, 80), warm: 20, chunk: 8 },
  'many-pyramids': { make: boxes(many, 120), warm: 40, chunk: 20 },
  'joint-grid': { make: box2dScene('joint-grid'), warm: 30, chunk: 10 },
  smash: { make: box2dScene('smash'), warm: 30, chunk: 10 },
  spinner: { make: box2dScene('spinner'), warm: 30, chunk: 5 },
  rain: { make: box2dScene('rain'), warm: 300, chunk: 20 },
  ragdolls: { make: joints3d('ragdolls'), warm: 30, chunk: 10 },
  'hinge-grid': { make: joints3d('hinge-grid'), warm: 30, chunk: 10 },
  chain: { make: joints3d('chain'), warm: 30, chunk: 20 },
  cloth: {
    warm: 10,
    chunk: 5,
    make: async (src) => {
      const x = await load(src, 'xpbd/index.ts');
      const world = new x.XpbdWorld({ substeps: 20 });
      const mesh = x.clothMesh({ nx: 100, ny: 100, width: 2, height: 2, plane: 'xz', origin: [-1, 1, -1] });
      x.addCloth(world, mesh, {
        pin: 'top-edge',
        bending: 'distance',
        stretchCompliance: 0,
        bendCompliance: 1e-6,
      });
      return { step: () => world.step(1 / 60), digest: () => hashDoubles(2166136261, world.particles.x) };
    },
  },
  // the particles suite's 2D PBF dam break (20k particles): frames of 1/60 s, 8 substeps of 4 iterations
  pbf: {
    warm: 10,
    chunk: 2,
    make: async (src) => {
      const { XpbdWorld } = await load(src, 'xpbd/index.ts');
      const { PbfSet } = await load(src, 'particles/pbf.ts');
      const world = new XpbdWorld({ substeps: 8, iterations: 4 });
      const d = Math.sqrt(2 / 20000);
      const f = world.add(
        new PbfSet(world.particles, { dim: 2, spacing: d, domain: { min: [0, 0], max: [4, 3] } }),
      );
      f.addBlock([0, 0], [1, 2]);
      return { step: () => world.step(1 / 60), digest: () => hashDoubles(2166136261, world.particles.x) };
    },
  },
  flip: {
    warm: 20,
    chunk: 10,
    make: async (src) => {
      // bench/flip.ts's dam break: 25.6k particles in a 180 × 100 grid of 1 cm cells, FLIP 95 %
      const { FlipSim2D } = await load(src, 'fluid/flip2d.ts');
      const sim = new FlipSim2D({ nx: 180, ny: 100, h: 0.01, transfer: 'flip' });
      sim.addBlock(0.01, 0.01, 0.81, 0.81);
      const n = () => sim.count as number;
      return {
        step: () => sim.step(1 / 120),
        digest: () =>
          [sim.x, sim.y, sim.vx, sim.vy].reduce<number>(
            (h, a: Float64Array) => hashDoubles(h, a.subarray(0, n())),
            hashDoubles(2166136261, [n()]),
          ),
      };
    },
  },
  smoke: {
    warm: 10,
    chunk: 4,
    make: async (src) => {
      const { SmokeSim } = await load(src, 'fluid/smoke.ts');
      const sim = new SmokeSim({
        nx: 256,
        ny: 256,
        nz: 1,
        open: { yMax: true },
        solver: 'mgpcg',
        tolerance: 1e-5,
        vorticity: 2,
        buoyancyTemperature: 0.5,
        sources: [{ x: 0.5, y: 0.08, z: 0.5, radius: 0.07, density: 1, temperature: 1 }],
      });
      return {
        step: () => sim.step(1 / 60),
        digest: () => hashDoubles(hashDoubles(2166136261, sim.grid.u), sim.density),
      };
    },
  },
};
for (const name of wanted) {
  if (!scenes[name]) {
    console.error(`bench:ab: unknown scene '${name}' (known: ${Object.keys(scenes).join(', ')})`);
    process.exit(2);
  }
}

const median = (a: number[]): number => [...a].sort((p, q) => p - q)[Math.floor(a.length / 2)]!;

const dir = mkdtempSync(join(tmpdir(), 'rikigaku-ab-'));
const git = (...a: string[]) => execFileSync('git', ['-C', ROOT, ...a], { encoding: 'utf8' }).trim();
const rev = git('rev-parse', '--short', baseRev);
git('worktree', 'add', '--detach', dir, rev);
try {
  if (!existsSync(join(dir, 'node_modules')))
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  const src = { base: join(dir, 'src'), new: join(ROOT, 'src') };
  console.log(
    `bench:ab — base ${rev} vs the working tree; load average ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  for (const name of wanted) {
    const sc = scenes[name]!;
    const sims = { base: await sc.make(src.base), new: await sc.make(src.new) };
    for (let i = 0; i < sc.warm; i++) {
      sims.base.step();
      sims.new.step();
    }
    const ms = { base: [] as number[], new: [] as number[] };
    for (let r = 0; r < rounds; r++) {
      for (const t of r % 2 === 0 ? (['base', 'new'] as const) : (['new', 'base'] as const)) {
        gc();
        const c0 = process.cpuUsage();
        for (let i = 0; i < sc.chunk; i++) sims[t].step();
        const c = process.cpuUsage(c0);
        ms[t].push((c.user + c.system) / 1000 / sc.chunk);
      }
    }
    const b = median(ms.base);
    const n = median(ms.new);
    const same = sims.base.digest() === sims.new.digest() ? 'bit-identical' : 'states differ';
    console.log(
      `${name.padEnd(14)} base ${b.toFixed(2)} ms  new ${n.toFixed(2)} ms  new/base ${(n / b).toFixed(3)}  ${same}`,
    );
  }
  console.log(
    `load average after: ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
} finally {
  git('worktree', 'remove', '--force', dir);
  rmSync(dir, { recursive: true, force: true });
}
