/**
 * The background grid's options, shared by the 2D and 3D MLS-MPM simulations (Hu et al. 2018;
 * textbook §26.4): the domain, the substep, gravity and the walls, validated once with an error that
 * names the bad field, plus the particle arrays' growth rule.
 */
import { PhysicsError } from '../core/errors.js';

/** Wall behaviour at the domain's edges. */
export type MpmBoundary = 'sticky' | 'slip' | 'separate';

/** The options both MPM simulations take (the dimension fixes gravity's length). */
export interface MpmGridOptions {
  /** grid cells per side */
  resolution: number;
  /** side of the square or cubic domain, m, default 1 */
  size?: number;
  /** substep, s */
  dt: number;
  /** m/s², one component per dimension */
  gravity?: readonly number[];
  /** walls (default 'separate') */
  boundary?: MpmBoundary;
  /** Coulomb friction of the walls for 'separate', default 0.5 */
  boundaryFriction?: number;
  /** thickness of the wall band, cells, default 3 */
  boundaryCells?: number;
  /** the most particles */
  maxParticles?: number;
}

/** Validated grid options (every default filled in). */
export interface MpmGridSettings {
  /** grid cells per side */
  resolution: number;
  /** side of the domain, m */
  size: number;
  /** substep, s */
  dt: number;
  /** gravity, m/s², one component per dimension */
  gravity: number[];
  /** wall behaviour */
  boundary: MpmBoundary;
  /** Coulomb friction of the walls */
  boundaryFriction: number;
  /** thickness of the wall band, cells */
  boundaryCells: number;
  /** the most particles */
  maxParticles: number;
}

const OPTION_KEYS = new Set([
  'resolution',
  'size',
  'dt',
  'gravity',
  'boundary',
  'boundaryFriction',
  'boundaryCells',
  'maxParticles',
]);

/**
 * Checks the options of a `dims`-dimensional MPM grid (2 or 3) and fills in the defaults; throws a
 * `PhysicsError` naming the field (`options.<name>`) on an unknown key or a bad value.
 */
export function resolveGridOptions(
  options: MpmGridOptions,
  dims: 2 | 3,
  maxResolution: number,
  defaultMaxParticles: number,
): MpmGridSettings {
  if (typeof options !== 'object' || options === null)
    throw new PhysicsError('invalid-argument', 'options: must be an object');
  for (const k of Object.keys(options)) {
    if (!OPTION_KEYS.has(k))
      throw new PhysicsError('invalid-argument', `options.${k.slice(0, 40)}: unknown key`);
  }
  const n = options.resolution;
  if (!Number.isInteger(n) || n < 8 || n > maxResolution) {
    throw new PhysicsError(
      'invalid-argument',
      `options.resolution: must be an integer in [8, ${maxResolution}], got ${n}`,
    );
  }
  const size = options.size ?? 1;
  if (!(size > 0 && size <= 1e4))
    throw new PhysicsError('invalid-argument', `options.size: must be in (0, 1e4], got ${size}`);
  if (!(options.dt > 0 && options.dt <= 0.1)) {
    throw new PhysicsError('invalid-argument', `options.dt: must be in (0, 0.1] s, got ${options.dt}`);
  }
  const g = options.gravity ?? (dims === 2 ? [0, -9.8] : [0, -9.8, 0]);
  if (!Array.isArray(g) || g.length !== dims || !g.every((c) => Number.isFinite(c) && Math.abs(c) <= 1e4)) {
    const form = dims === 2 ? '[gx, gy]' : '[gx, gy, gz]';
    throw new PhysicsError('invalid-argument', `options.gravity: must be ${form}, finite, |g| ≤ 1e4`);
  }
  const boundary = options.boundary ?? 'separate';
  if (boundary !== 'sticky' && boundary !== 'slip' && boundary !== 'separate') {
    throw new PhysicsError(
      'invalid-argument',
      `options.boundary: must be 'sticky', 'slip' or 'separate', got ${String(boundary).slice(0, 40)}`,
    );
  }
  const mu = options.boundaryFriction ?? 0.5;
  if (!(mu >= 0 && mu <= 10))
    throw new PhysicsError('invalid-argument', `options.boundaryFriction: must be in [0, 10], got ${mu}`);
  const bc = options.boundaryCells ?? 3;
  if (!Number.isInteger(bc) || bc < 2 || bc > n / 4) {
    throw new PhysicsError(
      'invalid-argument',
      `options.boundaryCells: must be an integer in [2, resolution/4], got ${bc}`,
    );
  }
  const maxP = options.maxParticles ?? defaultMaxParticles;
  if (!Number.isInteger(maxP) || maxP < 1 || maxP > 10_000_000) {
    throw new PhysicsError(
      'invalid-argument',
      `options.maxParticles: must be an integer in [1, 1e7], got ${maxP}`,
    );
  }
  return {
    resolution: n,
    size,
    dt: options.dt,
    gravity: [...g],
    boundary,
    boundaryFriction: mu,
    boundaryCells: bc,
    maxParticles: maxP,
  };
}

/**
 * The particle capacity for `need` particles when `have` are allocated: at least doubles, at least
 * 64, never above `max`; throws when `need` exceeds `max`.
 */
export function particleCapacity(need: number, have: number, max: number): number {
  if (need > max) throw new PhysicsError('invalid-argument', `particles: more than maxParticles (${max})`);
  return Math.min(max, Math.max(need, 2 * have, 64));
}

/** A copy of `a` with room for `cap` particles of `stride` entries each. */
export function grown<T extends Float64Array | Uint8Array>(a: T, cap: number, stride: number): T {
  const b = new (a.constructor as new (n: number) => T)(cap * stride);
  b.set(a);
  return b;
}
