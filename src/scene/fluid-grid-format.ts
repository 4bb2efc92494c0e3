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
 * `"scalarAdvection"` (smoke, heat, fuel only) overrides `"advection"` for the scalars; its
 * `"conservative"` keeps the total smoke exactly (flux-corrected transport).
 *
 * Limits (docs/scene-format.md): at most 4,194,304 cells, 10,000 pressure iterations (and, with
 * tolerance 0, 2²⁸ cell-iterations per step), 1000 sources and 1000 obstacles.
 *
 * `parseFluidGridScene` checks every field with the validation kit of core/validate.ts; errors are
 * PhysicsError 'invalid-scene' naming the field (`scene.grid.nx: must be an integer >= 2, got 1`).
 * Checks that need the grid (a source inside it, an obstacle's size) are the simulation's own,
 * re-labelled by fluid-grid-build.ts.
 */
import { type Checks, checks } from '../core/validate.js';
import { scalarAdvectionSchemes } from '../fluid/advection.js';
import { MAX_GRID_CELLS } from '../fluid/mac-grid.js';
import { pressureSolverKinds } from '../fluid/pressure-solvers.js';
import type {
  FireOptions,
  ObstacleMotion,
  SmokeObstacle,
  SmokeOptions,
  SmokeSource,
} from '../fluid/smoke.js';
import { MAX_PRESSURE_ITERATIONS, MAX_PRESSURE_WORK, MAX_SMOKE_ITEMS } from '../fluid/smoke-options.js';

/** The `format` field of a smoke / fire grid scene file (docs/scene-format.md). */
export const FLUID_GRID_FORMAT = 'rikigaku/fluid-grid@1';

/** A validated `rikigaku/fluid-grid@1` scene: the simulation's options, the frame step, fire or smoke. */
export interface FluidGridScene {
  /** the validated options of the {@link SmokeSim} to build */
  options: SmokeOptions;
  /** the fixed frame step (s), default 1/60 */
  dt: number;
  /** does the scene burn (its `fire` field was given and not false): drawn as fire rather than smoke */
  fire: boolean;
}

/** The scene kit; this format words a non-number as "expected a finite number". */
const v: Checks = checks('invalid-scene', { number: 'a finite number' });

const TOP_FIELDS = [
  'format',
  'grid',
  'dt',
  'solver',
  'pressureIterations',
  'tolerance',
  'advection',
  'scalarAdvection',
  'buoyancy',
  'vorticity',
  'viscosity',
  'cooling',
  'dissipation',
  'fire',
  'sources',
  'obstacles',
];
const SIDES = ['xMin', 'xMax', 'yMin', 'yMax', 'zMin', 'zMax'] as const;
const FIRE_FIELDS = ['ignition', 'burnRate', 'heat', 'smoke', 'expansion'] as const;
const ADVECTION = ['semi-lagrangian', 'maccormack', 'bfecc'] as const;
const NON_NEGATIVE = { min: 0 };

/** Validates a parsed scene and returns the SmokeSim options and the frame step. */
export function parseFluidGridScene(json: unknown): FluidGridScene {
  const root = v.object(json, 'scene', TOP_FIELDS);
  if (root.format !== FLUID_GRID_FORMAT)
    v.failGot('scene.format', `expected '${FLUID_GRID_FORMAT}'`, root.format);
  const grid = v.object(root.grid, 'scene.grid', ['nx', 'ny', 'nz', 'h', 'open']);
  const nx = v.needNumber(grid, 'nx', 'scene.grid');
  const ny = v.needNumber(grid, 'ny', 'scene.grid');
  const nz = v.optNumber(grid, 'nz', 'scene.grid') ?? 1;
  for (const [k, n] of [
    ['nx', nx],
    ['ny', ny],
  ] as const) {
    if (!Number.isInteger(n) || n < 2) v.fail(`scene.grid.${k}`, `must be an integer >= 2, got ${n}`);
  }
  if (!Number.isInteger(nz) || nz < 1)
    v.fail('scene.grid.nz', `must be 1 (2D) or an integer >= 2, got ${nz}`);
  const cells = nx * ny * nz;
  if (cells > MAX_GRID_CELLS) {
    v.fail(
      'scene.grid',
      `${nx} × ${ny}${nz > 1 ? ` × ${nz}` : ''} = ${cells} cells is more than the limit of ${MAX_GRID_CELLS} cells`,
    );
  }
  const h = v.optNumber(grid, 'h', 'scene.grid', { above: 0 });
  let open: SmokeOptions['open'];
  if (grid.open !== undefined) {
    const o = v.object(grid.open, 'scene.grid.open', SIDES);
    open = {};
    for (const s of SIDES) open[s] = v.optBool(o, s, 'scene.grid.open') ?? false;
  }
  const dt = v.optNumber(root, 'dt', 'scene', { above: 0 }) ?? 1 / 60;
  const options: SmokeOptions = { nx, ny, nz, h, open };
  options.solver = v.optOneOf(root, 'solver', 'scene', pressureSolverKinds);
  options.pressureIterations = v.optNumber(root, 'pressureIterations', 'scene', {
    integer: true,
    min: 1,
    max: MAX_PRESSURE_ITERATIONS,
  });
  options.tolerance = v.optNumber(root, 'tolerance', 'scene', NON_NEGATIVE);
  const s = options.solver;
  const stationary = s === 'jacobi' || s === 'weighted-jacobi' || s === 'gauss-seidel' || s === 'sor';
  const its = options.pressureIterations ?? (stationary ? 60 : 200);
  if ((options.tolerance ?? (stationary ? 0 : 1e-5)) === 0 && cells * its > MAX_PRESSURE_WORK) {
    v.fail(
      'scene.pressureIterations',
      `${its} iterations on ${cells} cells with tolerance 0 (every iteration runs) is more than ${MAX_PRESSURE_WORK} cell-iterations per step; give fewer iterations or a tolerance > 0`,
    );
  }
  const adv = v.optOneOf(root, 'advection', 'scene', ADVECTION);
  options.velocityAdvection = adv;
  options.scalarAdvection = v.optOneOf(root, 'scalarAdvection', 'scene', scalarAdvectionSchemes) ?? adv;
  if (root.buoyancy !== undefined) {
    const b = v.object(root.buoyancy, 'scene.buoyancy', ['density', 'temperature']);
    options.buoyancyDensity = v.optNumber(b, 'density', 'scene.buoyancy');
    options.buoyancyTemperature = v.optNumber(b, 'temperature', 'scene.buoyancy');
  }
  for (const key of ['vorticity', 'viscosity', 'cooling', 'dissipation'] as const) {
    options[key] = v.optNumber(root, key, 'scene', NON_NEGATIVE);
  }
  let fire = false;
  if (root.fire !== undefined && root.fire !== false) {
    fire = true;
    if (root.fire === true) options.fire = true;
    else {
      const f = v.object(root.fire, 'scene.fire', FIRE_FIELDS);
      const fo: FireOptions = {};
      for (const k of FIRE_FIELDS) fo[k] = v.optNumber(f, k, 'scene.fire', NON_NEGATIVE);
      options.fire = fo;
    }
  }
  const sources: SmokeSource[] = [];
  if (root.sources !== undefined) {
    v.array(root.sources, 'scene.sources', 0, MAX_SMOKE_ITEMS).forEach((s, i) => {
      const p = `scene.sources[${i}]`;
      const o = v.object(s, p, ['x', 'y', 'z', 'radius', 'density', 'temperature', 'fuel', 'velocity']);
      const src: SmokeSource = {
        x: v.needNumber(o, 'x', p),
        y: v.needNumber(o, 'y', p),
        radius: v.needNumber(o, 'radius', p),
      };
      for (const k of ['z', 'density', 'temperature', 'fuel'] as const) {
        const x = v.optNumber(o, k, p);
        if (x !== undefined) src[k] = x;
      }
      if (o.velocity !== undefined) src.velocity = v.vec2or3(o.velocity, `${p}.velocity`);
      sources.push(src);
    });
  }
  const obstacles: SmokeObstacle[] = [];
  if (root.obstacles !== undefined) {
    v.array(root.obstacles, 'scene.obstacles', 0, MAX_SMOKE_ITEMS).forEach((s, i) => {
      const p = `scene.obstacles[${i}]`;
      const o = v.object(s, p, [
        'shape',
        'x',
        'y',
        'z',
        'radius',
        'halfWidth',
        'halfHeight',
        'halfDepth',
        'motion',
      ]);
      const shape = v.oneOf(o.shape, `${p}.shape`, ['circle', 'box'] as const);
      const ob: SmokeObstacle = { shape, x: v.needNumber(o, 'x', p), y: v.needNumber(o, 'y', p) };
      if (shape === 'circle') ob.radius = v.needNumber(o, 'radius', p);
      else {
        ob.halfWidth = v.needNumber(o, 'halfWidth', p);
        ob.halfHeight = v.needNumber(o, 'halfHeight', p);
        ob.halfDepth = v.optNumber(o, 'halfDepth', p);
      }
      ob.z = v.optNumber(o, 'z', p);
      if (o.motion !== undefined) {
        const mp = `${p}.motion`;
        const kind = v.oneOf(v.object(o.motion, mp, null).kind, `${mp}.kind`, [
          'fixed',
          'linear',
          'oscillate',
        ] as const);
        let motion: ObstacleMotion;
        if (kind === 'linear') {
          const m = v.object(o.motion, mp, ['kind', 'velocity']);
          motion = { kind, velocity: v.vec2or3(m.velocity, `${mp}.velocity`) };
        } else if (kind === 'oscillate') {
          const m = v.object(o.motion, mp, ['kind', 'amplitude', 'period']);
          motion = {
            kind,
            amplitude: v.vec2or3(m.amplitude, `${mp}.amplitude`),
            period: v.needNumber(m, 'period', mp),
          };
        } else motion = { kind };
        ob.motion = motion;
      }
      obstacles.push(ob);
    });
  }
  options.sources = sources;
  options.obstacles = obstacles;
  return { options, dt, fire };
}
