/**
 * The `rikigaku/fluid-grid@1` scene format: a smoke / fire grid with sources and obstacles.
 *
 * {
 *   "format": "rikigaku/fluid-grid@1",
 *   "grid": { "nx": 72, "ny": 112, "nz": 1, "h": 0.00893, "open": { "yMax": true } },
 *   "dt": 0.016667,
 *   "solver": "mgpcg", "pressureIterations": 200, "tolerance": 1e-5,
 *   "advection": "maccormack",
 *   "buoyancy": { "density": 0.05, "temperature": 0.4 },
 *   "vorticity": 3, "viscosity": 0, "cooling": 0, "dissipation": 0,
 *   "fire": false,
 *   "sources": [ { "x": 0.32, "y": 0.08, "radius": 0.045, "density": 1, "temperature": 1 } ],
 *   "obstacles": [ { "shape": "circle", "x": 0.3, "y": 0.6, "radius": 0.06,
 *                    "motion": { "kind": "oscillate", "amplitude": [0.15, 0], "period": 3 } } ]
 * }
 *
 * Every field is checked; errors are PhysicsError 'invalid-scene' naming the field
 * (`scene.sources[1]: centre (2, 0.5) lies outside the grid ...`).
 */
import type { DemoInstance } from '../core/demo-instance.js';
import { PhysicsError } from '../core/errors.js';
import { pressureSolverKinds } from './pressure-solvers.js';
import type { FireOptions, ObstacleMotion, SmokeObstacle, SmokeOptions, SmokeSource } from './smoke.js';
import { SmokeInstance } from './smoke-instance.js';

export const FLUID_GRID_FORMAT = 'rikigaku/fluid-grid@1';

type Obj = Record<string, unknown>;

function bad(path: string, what: string, got: unknown): never {
  throw new PhysicsError('invalid-scene', `${path}: ${what}, got ${JSON.stringify(got) ?? String(got)}`);
}
function obj(v: unknown, path: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) bad(path, 'expected an object', v);
  return v as Obj;
}
function num(o: Obj, key: string, path: string, required = false): number | undefined {
  const v = o[key];
  if (v === undefined) {
    if (required) bad(`${path}.${key}`, 'required number missing', v);
    return undefined;
  }
  if (typeof v !== 'number' || !Number.isFinite(v)) bad(`${path}.${key}`, 'expected a finite number', v);
  return v;
}
function bool(o: Obj, key: string, path: string): boolean | undefined {
  const v = o[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') bad(`${path}.${key}`, 'expected true or false', v);
  return v;
}
function choice<T extends string>(o: Obj, key: string, path: string, options: readonly T[]): T | undefined {
  const v = o[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !options.includes(v as T)) {
    bad(`${path}.${key}`, `expected one of ${options.map((x) => `'${x}'`).join(', ')}`, v);
  }
  return v as T;
}
function vec(v: unknown, path: string): [number, number] | [number, number, number] {
  if (!Array.isArray(v) || (v.length !== 2 && v.length !== 3)) bad(path, 'expected [x, y] or [x, y, z]', v);
  v.forEach((x, i) => {
    if (typeof x !== 'number' || !Number.isFinite(x)) bad(`${path}[${i}]`, 'expected a finite number', x);
  });
  return v as [number, number];
}
function known(o: Obj, keys: string[], path: string): void {
  for (const k of Object.keys(o))
    if (!keys.includes(k)) bad(`${path}.${k}`, `unknown field (known: ${keys.join(', ')})`, o[k]);
}

/** Validates a parsed scene and returns the SmokeSim options and the frame step. */
export function parseFluidGridScene(json: unknown): { options: SmokeOptions; dt: number; fire: boolean } {
  const root = obj(json, 'scene');
  known(
    root,
    [
      'format',
      'grid',
      'dt',
      'solver',
      'pressureIterations',
      'tolerance',
      'advection',
      'buoyancy',
      'vorticity',
      'viscosity',
      'cooling',
      'dissipation',
      'fire',
      'sources',
      'obstacles',
    ],
    'scene',
  );
  if (root.format !== FLUID_GRID_FORMAT) bad('scene.format', `expected '${FLUID_GRID_FORMAT}'`, root.format);
  const grid = obj(root.grid, 'scene.grid');
  known(grid, ['nx', 'ny', 'nz', 'h', 'open'], 'scene.grid');
  const nx = num(grid, 'nx', 'scene.grid', true)!;
  const ny = num(grid, 'ny', 'scene.grid', true)!;
  const nz = num(grid, 'nz', 'scene.grid') ?? 1;
  for (const [k, n] of [
    ['nx', nx],
    ['ny', ny],
  ] as const) {
    if (!Number.isInteger(n) || n < 2) bad(`scene.grid.${k}`, 'must be an integer >= 2', n);
  }
  if (!Number.isInteger(nz) || nz < 1) bad('scene.grid.nz', 'must be 1 (2D) or an integer >= 2', nz);
  const h = num(grid, 'h', 'scene.grid');
  if (h !== undefined && !(h > 0)) bad('scene.grid.h', 'must be > 0', h);
  let open: SmokeOptions['open'];
  if (grid.open !== undefined) {
    const o = obj(grid.open, 'scene.grid.open');
    const sides = ['xMin', 'xMax', 'yMin', 'yMax', 'zMin', 'zMax'] as const;
    known(o, [...sides], 'scene.grid.open');
    open = {};
    for (const s of sides) open[s] = bool(o, s, 'scene.grid.open') ?? false;
  }
  const dt = num(root, 'dt', 'scene') ?? 1 / 60;
  if (!(dt > 0)) bad('scene.dt', 'must be > 0', dt);
  const options: SmokeOptions = { nx, ny, nz, h, open };
  options.solver = choice(root, 'solver', 'scene', pressureSolverKinds);
  const pit = num(root, 'pressureIterations', 'scene');
  if (pit !== undefined && (!Number.isInteger(pit) || pit < 1))
    bad('scene.pressureIterations', 'must be an integer >= 1', pit);
  options.pressureIterations = pit;
  const tol = num(root, 'tolerance', 'scene');
  if (tol !== undefined && tol < 0) bad('scene.tolerance', 'must be >= 0', tol);
  options.tolerance = tol;
  const adv = choice(root, 'advection', 'scene', ['semi-lagrangian', 'maccormack', 'bfecc'] as const);
  options.velocityAdvection = adv;
  options.scalarAdvection = adv;
  if (root.buoyancy !== undefined) {
    const b = obj(root.buoyancy, 'scene.buoyancy');
    known(b, ['density', 'temperature'], 'scene.buoyancy');
    options.buoyancyDensity = num(b, 'density', 'scene.buoyancy');
    options.buoyancyTemperature = num(b, 'temperature', 'scene.buoyancy');
  }
  for (const key of ['vorticity', 'viscosity', 'cooling', 'dissipation'] as const) {
    const v = num(root, key, 'scene');
    if (v !== undefined && v < 0) bad(`scene.${key}`, 'must be >= 0', v);
    options[key] = v;
  }
  let fire = false;
  if (root.fire !== undefined && root.fire !== false) {
    fire = true;
    if (root.fire === true) options.fire = true;
    else {
      const f = obj(root.fire, 'scene.fire');
      const keys = ['ignition', 'burnRate', 'heat', 'smoke', 'expansion'] as const;
      known(f, [...keys], 'scene.fire');
      const fo: FireOptions = {};
      for (const k of keys) {
        const v = num(f, k, 'scene.fire');
        if (v !== undefined && v < 0) bad(`scene.fire.${k}`, 'must be >= 0', v);
        fo[k] = v;
      }
      options.fire = fo;
    }
  }
  const sources: SmokeSource[] = [];
  if (root.sources !== undefined) {
    if (!Array.isArray(root.sources)) bad('scene.sources', 'expected an array', root.sources);
    root.sources.forEach((s, i) => {
      const p = `scene.sources[${i}]`;
      const o = obj(s, p);
      known(o, ['x', 'y', 'z', 'radius', 'density', 'temperature', 'fuel', 'velocity'], p);
      const src: SmokeSource = {
        x: num(o, 'x', p, true)!,
        y: num(o, 'y', p, true)!,
        radius: num(o, 'radius', p, true)!,
      };
      for (const k of ['z', 'density', 'temperature', 'fuel'] as const) {
        const v = num(o, k, p);
        if (v !== undefined) src[k] = v;
      }
      if (o.velocity !== undefined) src.velocity = vec(o.velocity, `${p}.velocity`);
      sources.push(src);
    });
  }
  const obstacles: SmokeObstacle[] = [];
  if (root.obstacles !== undefined) {
    if (!Array.isArray(root.obstacles)) bad('scene.obstacles', 'expected an array', root.obstacles);
    root.obstacles.forEach((s, i) => {
      const p = `scene.obstacles[${i}]`;
      const o = obj(s, p);
      known(o, ['shape', 'x', 'y', 'z', 'radius', 'halfWidth', 'halfHeight', 'halfDepth', 'motion'], p);
      const shape = choice(o, 'shape', p, ['circle', 'box'] as const);
      if (!shape) bad(`${p}.shape`, "expected 'circle' or 'box'", o.shape);
      const ob: SmokeObstacle = { shape, x: num(o, 'x', p, true)!, y: num(o, 'y', p, true)! };
      if (shape === 'circle') ob.radius = num(o, 'radius', p, true);
      else {
        ob.halfWidth = num(o, 'halfWidth', p, true);
        ob.halfHeight = num(o, 'halfHeight', p, true);
        ob.halfDepth = num(o, 'halfDepth', p);
      }
      ob.z = num(o, 'z', p);
      if (o.motion !== undefined) {
        const m = obj(o.motion, `${p}.motion`);
        const kind = choice(m, 'kind', `${p}.motion`, ['fixed', 'linear', 'oscillate'] as const);
        let motion: ObstacleMotion;
        if (kind === 'linear') {
          known(m, ['kind', 'velocity'], `${p}.motion`);
          motion = { kind, velocity: vec(m.velocity, `${p}.motion.velocity`) };
        } else if (kind === 'oscillate') {
          known(m, ['kind', 'amplitude', 'period'], `${p}.motion`);
          motion = {
            kind,
            amplitude: vec(m.amplitude, `${p}.motion.amplitude`),
            period: num(m, 'period', `${p}.motion`, true)!,
          };
        } else if (kind === 'fixed') motion = { kind };
        else bad(`${p}.motion.kind`, "expected 'fixed', 'linear' or 'oscillate'", m.kind);
        ob.motion = motion;
      }
      obstacles.push(ob);
    });
  }
  options.sources = sources;
  options.obstacles = obstacles;
  return { options, dt, fire };
}

/** The scene loader: validates, builds the simulation (re-labelling its errors as scene errors). */
export function loadFluidGridScene(json: unknown, loadOptions?: { dt?: number }): DemoInstance {
  const { options, dt, fire } = parseFluidGridScene(json);
  try {
    return new SmokeInstance(options, loadOptions?.dt ?? dt, fire ? 'fire' : 'smoke');
  } catch (e) {
    if (e instanceof PhysicsError) {
      throw new PhysicsError(
        'invalid-scene',
        e.message.replace(/^smoke\./, 'scene.').replace(/^grid\./, 'scene.grid.'),
      );
    }
    throw e;
  }
}
