/**
 * The `rikigaku/particles@1` scene format: a particle liquid in a 2D tank — SPH (weakly compressible,
 * Müller et al. 2003), DFSPH (Bender & Koschier 2015), Position Based Fluids (Macklin & Müller 2013) or
 * FLIP (Zhu & Bridson 2005) — with blocks of liquid and fixed box obstacles.
 *
 * {
 *   "format": "rikigaku/particles@1",
 *   "title": "Dam break over a step", "description": "…",
 *   "method": "dfsph",
 *   "dt": 0.016667,
 *   "domain": { "min": [0, 0], "max": [0.6, 0.4], "openTop": true },
 *   "spacing": 0.01, "kernelRadius": 0.02,
 *   "gravity": [0, -9.81], "restDensity": 1000,
 *   "blocks": [ { "min": [0, 0], "max": [0.15, 0.3], "velocity": [0, 0] } ],
 *   "obstacles": [ { "min": [0.35, 0], "max": [0.4, 0.06] } ],
 *   "parameters": { "substeps": 6 }
 * }
 *
 * Rejected with PhysicsError 'invalid-scene' naming the field: unknown fields, non-finite or
 * out-of-range numbers, a kernel radius outside 1.5 – 5 particle spacings (SPH, DFSPH, PBF) or a FLIP
 * cell that does not hold 2 – 8 particles at the spacing, a block or obstacle reaching outside the domain,
 * more than {@link MAX_PARTICLE_SCENE_PARTICLES} particles. Clamped (not errors): the particles of a
 * block that fall inside an obstacle are left out; FLIP keeps its blocks one cell inside the tank (its
 * outer ring of cells is the wall); particles thrown out of the tank during a run are put back in.
 */
import { type Checks, checks, type Obj } from '../core/validate.js';

/** The `format` field of a particle-liquid scene file (docs/scene-format.md). */
export const PARTICLES_FORMAT = 'rikigaku/particles@1';

/** The most particles a particle scene may seed. */
export const MAX_PARTICLE_SCENE_PARTICLES = 200_000;

/** The solvers a particle scene may name: 'sph' is weakly compressible SPH. */
export const particleMethods = ['sph', 'dfsph', 'pbf', 'flip'] as const;

/** A particle scene's solver. */
export type ParticleMethod = (typeof particleMethods)[number];

/** A block of liquid: lattice particles filling [min, max], all with one velocity. */
export interface ParticleBlock {
  /** lower corner [x, y] */
  min: [number, number];
  /** upper corner [x, y] */
  max: [number, number];
  /** initial velocity [vx, vy] (default 0) */
  velocity: [number, number];
}

/** A fixed box obstacle. */
export interface ParticleObstacle {
  /** lower corner [x, y] */
  min: [number, number];
  /** upper corner [x, y] */
  max: [number, number];
}

/** A validated `rikigaku/particles@1` scene. */
export interface ParticlesScene {
  /** the solver */
  method: ParticleMethod;
  /** frame step (s) */
  dt: number;
  /** the tank */
  domain: { min: [number, number]; max: [number, number]; openTop: boolean };
  /** particle spacing (m) */
  spacing: number;
  /** SPH kernel radius (m; default 2 spacings); FLIP: the cell size (default 2 spacings) */
  kernelRadius: number;
  /** gravity (m/s²) */
  gravity: [number, number];
  /** rest density (kg/m³) */
  restDensity: number;
  /** the liquid */
  blocks: ParticleBlock[];
  /** the obstacles */
  obstacles: ParticleObstacle[];
  /** the method's parameters, checked (absent ones are left to the engine's defaults) */
  parameters: Record<string, number | string | boolean>;
}

const v: Checks = checks('invalid-scene', { number: 'a finite number' });

const TOP = [
  'format',
  'title',
  'description',
  'method',
  'dt',
  'domain',
  'spacing',
  'kernelRadius',
  'gravity',
  'restDensity',
  'blocks',
  'obstacles',
  'parameters',
];

/** Each method's parameters: name → number rule, or the allowed strings, or 'bool'. */
const PARAMS: Record<
  ParticleMethod,
  Record<
    string,
    { min?: number; above?: number; max?: number; integer?: boolean } | readonly string[] | 'bool'
  >
> = {
  sph: {
    substeps: { min: 1, max: 1000, integer: true },
    stiffness: { above: 0 },
    viscosity: { min: 0 },
    boundaryViscosity: { min: 0 },
    surfaceTension: { min: 0 },
    eos: ['linear', 'tait'],
    kernel: ['poly6', 'cubic'],
  },
  dfsph: {
    substeps: { min: 1, max: 1000, integer: true },
    viscosity: { min: 0 },
    boundaryViscosity: { min: 0 },
    surfaceTension: { min: 0 },
    maxDensityError: { above: 0, max: 1 },
    maxDivergenceError: { above: 0 },
    maxIterations: { min: 1, max: 10000, integer: true },
    maxPeakDensityError: { above: 0, max: 1 },
    warmStart: 'bool',
    kernel: ['poly6', 'cubic'],
  },
  pbf: {
    substeps: { min: 1, max: 1000, integer: true },
    iterations: { min: 1, max: 1000, integer: true },
    relaxation: { min: 0 },
    artificialPressure: { min: 0 },
    xsph: { min: 0, max: 1 },
    vorticity: { min: 0 },
  },
  flip: {
    transfer: ['flip', 'pic', 'apic'],
    flipRatio: { min: 0, max: 1 },
    substeps: { min: 1, max: 100, integer: true },
    separationIterations: { min: 0, max: 50, integer: true },
    densityCorrection: { min: 0, max: 2 },
    reseed: 'bool',
  },
};

function box(o: Obj, path: string): { min: [number, number]; max: [number, number] } {
  const min = v.vec2(o.min, `${path}.min`);
  const max = v.vec2(o.max, `${path}.max`);
  for (let k = 0; k < 2; k++) {
    if (!(max[k] > min[k])) v.fail(`${path}.max[${k}]`, `must exceed min[${k}] = ${min[k]}, got ${max[k]}`);
  }
  return { min, max };
}

function within(
  b: { min: [number, number]; max: [number, number] },
  d: { min: [number, number]; max: [number, number] },
  path: string,
): void {
  for (let k = 0; k < 2; k++) {
    if (b.min[k] < d.min[k])
      v.fail(`${path}.min[${k}]`, `outside the domain (below ${d.min[k]}), got ${b.min[k]}`);
    if (b.max[k] > d.max[k])
      v.fail(`${path}.max[${k}]`, `outside the domain (above ${d.max[k]}), got ${b.max[k]}`);
  }
}

/** Validates a parsed particle scene. */
export function parseParticlesScene(json: unknown): ParticlesScene {
  const root = v.object(json, 'scene', TOP);
  if (root.format !== PARTICLES_FORMAT)
    v.failGot('scene.format', `expected '${PARTICLES_FORMAT}'`, root.format);
  const method = v.oneOf(root.method, 'scene.method', particleMethods);
  const dt = v.optNumber(root, 'dt', 'scene', { above: 0, max: 1 }) ?? 1 / 60;
  const dom = v.object(root.domain, 'scene.domain', ['min', 'max', 'openTop']);
  const db = box(dom, 'scene.domain');
  const domain = { ...db, openTop: v.optBool(dom, 'openTop', 'scene.domain') ?? true };
  const size = Math.min(db.max[0] - db.min[0], db.max[1] - db.min[1]);
  const spacing = v.needNumber(root, 'spacing', 'scene', { above: 0 });
  if (!(spacing <= size / 4)) {
    v.fail(
      'scene.spacing',
      `must be at most a quarter of the domain's smaller side (${size / 4}), got ${spacing}`,
    );
  }
  const kernelRadius = v.optNumber(root, 'kernelRadius', 'scene', { above: 0 }) ?? 2 * spacing;
  const ratio = kernelRadius / spacing;
  if (method === 'flip') {
    // FLIP: kernelRadius is the cell size; (h/d)² particles per cell must lie in the reseeding range 2 – 8
    if (ratio * ratio < 2 - 1e-9 || ratio * ratio > 8 + 1e-9) {
      v.fail(
        'scene.kernelRadius',
        `FLIP's cell (the kernel radius) must hold 2 to 8 particles at the spacing (${(Math.SQRT2 * spacing).toPrecision(4)} .. ${(2 * Math.SQRT2 * spacing).toPrecision(4)} m), got ${kernelRadius} (${(ratio * ratio).toFixed(2)} particles per cell)`,
      );
    }
  } else if (ratio < 1.5 || ratio > 5) {
    v.fail(
      'scene.kernelRadius',
      `must be between 1.5 and 5 particle spacings (${1.5 * spacing} .. ${5 * spacing} m), got ${kernelRadius} (${ratio.toFixed(3)} spacings)`,
    );
  }
  const gravity =
    root.gravity === undefined ? ([0, -9.81] as [number, number]) : v.vec2(root.gravity, 'scene.gravity');
  for (let k = 0; k < 2; k++) {
    if (Math.abs(gravity[k]) > 1e4)
      v.fail(`scene.gravity[${k}]`, `must be within ±1e4 m/s², got ${gravity[k]}`);
  }
  const restDensity = v.optNumber(root, 'restDensity', 'scene', { above: 0, max: 1e5 }) ?? 1000;
  const blocks: ParticleBlock[] = [];
  const bl = v.array(root.blocks, 'scene.blocks', 1, 1000);
  let total = 0;
  bl.forEach((b, q) => {
    const path = `scene.blocks[${q}]`;
    const o = v.object(b, path, ['min', 'max', 'velocity']);
    const bb = box(o, path);
    within(bb, db, path);
    const velocity = v.optVec2(o, 'velocity', path) ?? [0, 0];
    total +=
      Math.floor((bb.max[0] - bb.min[0]) / spacing + 1e-9) *
      Math.floor((bb.max[1] - bb.min[1]) / spacing + 1e-9);
    blocks.push({ ...bb, velocity });
  });
  if (total > MAX_PARTICLE_SCENE_PARTICLES) {
    v.fail('scene.blocks', `seed ${total} particles, more than the limit of ${MAX_PARTICLE_SCENE_PARTICLES}`);
  }
  const obstacles: ParticleObstacle[] = [];
  const ol = root.obstacles === undefined ? [] : v.array(root.obstacles, 'scene.obstacles', 0, 1000);
  ol.forEach((b, q) => {
    const path = `scene.obstacles[${q}]`;
    const bb = box(v.object(b, path, ['min', 'max']), path);
    within(bb, db, path);
    obstacles.push(bb);
  });
  const rules = PARAMS[method];
  const parameters: Record<string, number | string | boolean> = {};
  if (root.parameters !== undefined) {
    const p = v.object(root.parameters, 'scene.parameters', Object.keys(rules));
    for (const key of Object.keys(p)) {
      const rule = rules[key]!;
      const path = `scene.parameters.${key}`;
      if (rule === 'bool') parameters[key] = v.optBool(p, key, 'scene.parameters') as boolean;
      else if (Array.isArray(rule)) parameters[key] = v.oneOf(p[key], path, rule as readonly string[]);
      else parameters[key] = v.number(p[key], path, rule as object);
    }
  }
  return { method, dt, domain, spacing, kernelRadius, gravity, restDensity, blocks, obstacles, parameters };
}
