/**
 * Validation of {@link SmokeOptions} at the API boundary, once when a `SmokeSim` is built (never per
 * step): unknown keys, the types of the switches (a `solver: 'magic'` or `conserveSmoke: "no"` is an
 * error, not a silent default), the ranges, and the work limits that keep one step bounded — at
 * most {@link MAX_PRESSURE_ITERATIONS} pressure iterations, and, when every iteration runs
 * (tolerance 0), at most {@link MAX_PRESSURE_WORK} cell-iterations per step. Errors name the path
 * (`smoke.solver: expected one of 'jacobi', …, got string "magic"`) in the scene files' wording.
 * The grid's own sizes are checked by `MacGrid` (`grid.nx`, at most `MAX_GRID_CELLS` cells).
 */
import { type Obj, apiChecks as v } from '../core/validate.js';
import { scalarAdvectionSchemes, velocityAdvectionSchemes } from './advection.js';
import { pressureSolverKinds } from './pressure-solvers.js';
import type { SmokeOptions } from './smoke.js';

/** The most pressure iterations a step may run. */
export const MAX_PRESSURE_ITERATIONS = 10_000;
/** With tolerance 0 every iteration runs: cells × iterations per step may be at most this (2²⁸). */
export const MAX_PRESSURE_WORK = 268_435_456;
/** The most sources and the most obstacles a simulation may have (each). */
export const MAX_SMOKE_ITEMS = 1000;

const OPTION_KEYS = [
  'nx',
  'ny',
  'nz',
  'h',
  'open',
  'solver',
  'pressureIterations',
  'tolerance',
  'velocityAdvection',
  'scalarAdvection',
  'interpolation',
  'backtrace',
  'buoyancyDensity',
  'buoyancyTemperature',
  'ambient',
  'vorticity',
  'viscosity',
  'cooling',
  'dissipation',
  'conserveSmoke',
  'fire',
  'sources',
  'obstacles',
];
const SIDES = ['xMin', 'xMax', 'yMin', 'yMax', 'zMin', 'zMax'];
const FIRE_KEYS = ['ignition', 'burnRate', 'heat', 'smoke', 'expansion'];
const SOURCE_KEYS = ['x', 'y', 'z', 'radius', 'density', 'temperature', 'fuel', 'velocity'];
const OBSTACLE_KEYS = ['shape', 'x', 'y', 'z', 'radius', 'halfWidth', 'halfHeight', 'halfDepth', 'motion'];
const MOTION_KEYS: Record<string, string[]> = {
  fixed: ['kind'],
  linear: ['kind', 'velocity'],
  oscillate: ['kind', 'amplitude', 'period'],
};

/**
 * Checks the keys, types and ranges of smoke options for a grid of `cells` cells (the numbers of
 * each source and obstacle are checked, with the grid, by `addSource` / `addObstacle`).
 */
export function validateSmokeOptions(options: SmokeOptions, cells: number): void {
  const o = v.object(options, 'smoke', OPTION_KEYS) as Obj;
  if (o.open !== undefined) {
    const s = v.object(o.open, 'smoke.open', SIDES);
    for (const side of SIDES) v.optBool(s, side, 'smoke.open');
  }
  const solver = v.optOneOf(o, 'solver', 'smoke', pressureSolverKinds) ?? 'mgpcg';
  const iterations = v.optNumber(o, 'pressureIterations', 'smoke', {
    integer: true,
    min: 1,
    max: MAX_PRESSURE_ITERATIONS,
  });
  const tolerance = v.optNumber(o, 'tolerance', 'smoke', { min: 0 });
  const stationary =
    solver === 'jacobi' || solver === 'weighted-jacobi' || solver === 'gauss-seidel' || solver === 'sor';
  const tol = tolerance ?? (stationary ? 0 : 1e-5);
  const its = iterations ?? (stationary ? 60 : 200);
  if (tol === 0 && cells * its > MAX_PRESSURE_WORK) {
    v.fail(
      'smoke.pressureIterations',
      `${its} iterations on ${cells} cells with tolerance 0 (every iteration runs) is more than ${MAX_PRESSURE_WORK} cell-iterations per step; give fewer iterations or a tolerance > 0`,
    );
  }
  v.optOneOf(o, 'velocityAdvection', 'smoke', velocityAdvectionSchemes);
  v.optOneOf(o, 'scalarAdvection', 'smoke', scalarAdvectionSchemes);
  v.optOneOf(o, 'interpolation', 'smoke', ['linear', 'cubic']);
  v.optOneOf(o, 'backtrace', 'smoke', ['euler', 'rk2']);
  for (const key of ['buoyancyDensity', 'buoyancyTemperature', 'ambient']) v.optNumber(o, key, 'smoke');
  for (const key of ['vorticity', 'viscosity', 'cooling', 'dissipation'])
    v.optNumber(o, key, 'smoke', { min: 0 });
  v.optBool(o, 'conserveSmoke', 'smoke');
  if (o.fire !== undefined && typeof o.fire !== 'boolean') {
    const f = v.object(o.fire, 'smoke.fire', FIRE_KEYS);
    for (const key of FIRE_KEYS) v.optNumber(f, key, 'smoke.fire', { min: 0 });
  }
  if (o.sources !== undefined) {
    const list = v.array(o.sources, 'smoke.sources', 0, MAX_SMOKE_ITEMS);
    for (let i = 0; i < list.length; i++) v.object(list[i], `smoke.sources[${i}]`, SOURCE_KEYS);
  }
  if (o.obstacles !== undefined) {
    const list = v.array(o.obstacles, 'smoke.obstacles', 0, MAX_SMOKE_ITEMS);
    for (let i = 0; i < list.length; i++) {
      const p = `smoke.obstacles[${i}]`;
      const ob = v.object(list[i], p, OBSTACLE_KEYS);
      v.oneOf(ob.shape, `${p}.shape`, ['circle', 'box']);
      if (ob.motion !== undefined) {
        const m = v.object(ob.motion, `${p}.motion`, null);
        const kind = v.oneOf(m.kind, `${p}.motion.kind`, ['fixed', 'linear', 'oscillate']);
        v.object(m, `${p}.motion`, MOTION_KEYS[kind]!);
      }
    }
  }
}

/**
 * Checks the arguments of `SmokeSim.splat`: a finite centre and dt, a radius > 0, and finite
 * amounts with known keys (a NaN would spread through the field).
 */
export function validateSplat(x: number, y: number, radius: number, dt: number, amounts: unknown): void {
  v.number(x, 'smoke.splat.x');
  v.number(y, 'smoke.splat.y');
  v.number(radius, 'smoke.splat.radius', { above: 0 });
  v.number(dt, 'smoke.splat.dt', { min: 0 });
  const a = v.object(amounts, 'smoke.splat.amounts', ['density', 'temperature', 'fuel', 'vx', 'vy', 'z']);
  for (const key of ['density', 'temperature', 'fuel', 'vx', 'vy', 'z'])
    v.optNumber(a, key, 'smoke.splat.amounts');
}
