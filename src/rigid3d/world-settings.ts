/**
 * The 3D world's argument checks (vectors, quaternions, bounded numbers) and its tunables with
 * their defaults, validated when the world is built and whenever a tunable is set (never per
 * step). Errors are `PhysicsError('invalid-argument' | 'non-finite')` naming the field's path.
 */
import { assertFinite, PhysicsError } from '../core/errors.js';
import type { QuatTuple, Vec3Tuple, WorldDef3 } from './types.js';

/** Quaternions within this of unit length are normalised; further off they are refused. */
export const UNIT_QUATERNION_TOLERANCE = 1e-6;

/** `[x, y, z]` of finite numbers (or `dflt` when absent); errors name `where`. */
export function vec3(
  v: Vec3Tuple | undefined,
  where: string,
  dflt: [number, number, number] = [0, 0, 0],
): [number, number, number] {
  if (v === undefined) return dflt;
  if (!Array.isArray(v) || v.length !== 3) {
    throw new PhysicsError('invalid-argument', `${where}: expected [x, y, z], got ${JSON.stringify(v)}`);
  }
  return [
    assertFinite(v[0], `${where}[0]`),
    assertFinite(v[1], `${where}[1]`),
    assertFinite(v[2], `${where}[2]`),
  ];
}

/**
 * A unit quaternion `[x, y, z, w]` (identity when absent): finite components, length within
 * {@link UNIT_QUATERNION_TOLERANCE} of 1 (then normalised); otherwise `invalid-argument` naming `where`.
 */
export function quat(v: QuatTuple | undefined, where: string): [number, number, number, number] {
  if (v === undefined) return [0, 0, 0, 1];
  if (!Array.isArray(v) || v.length !== 4) {
    throw new PhysicsError('invalid-argument', `${where}: expected [x, y, z, w], got ${JSON.stringify(v)}`);
  }
  const x = assertFinite(v[0], `${where}[0]`);
  const y = assertFinite(v[1], `${where}[1]`);
  const z = assertFinite(v[2], `${where}[2]`);
  const w = assertFinite(v[3], `${where}[3]`);
  const l = Math.sqrt(x * x + y * y + z * z + w * w);
  if (!(Math.abs(l - 1) <= UNIT_QUATERNION_TOLERANCE)) {
    throw new PhysicsError(
      'invalid-argument',
      `${where}: must be a unit quaternion [x, y, z, w] (length within ${UNIT_QUATERNION_TOLERANCE} of 1), got length ${l}`,
    );
  }
  return [x / l, y / l, z / l, w / l];
}

/** A finite number ≥ `min` (or `dflt` when absent); errors name `where`. */
export function num(
  v: number | undefined,
  where: string,
  dflt: number,
  min = Number.NEGATIVE_INFINITY,
): number {
  if (v === undefined) return dflt;
  assertFinite(v, where);
  if (v < min) throw new PhysicsError('invalid-argument', `${where}: must be >= ${min}, got ${v}`);
  return v;
}

/** A tunable written after construction: a finite number ≥ 0, errors name `world.<field>`. */
export function tunable(v: number, field: string): number {
  if (typeof v !== 'number') {
    throw new PhysicsError('invalid-argument', `world.${field}: expected a number, got ${typeof v}`);
  }
  return num(v, `world.${field}`, 0, 0);
}

/** One of `options` (or `dflt`); errors name `where`. */
export function choice<T extends string>(v: T | undefined, where: string, options: readonly T[], dflt: T): T {
  if (v === undefined) return dflt;
  if (!options.includes(v)) {
    throw new PhysicsError(
      'invalid-argument',
      `${where}: expected ${options.map((o) => `'${o}'`).join(' | ')}, got ${JSON.stringify(v)}`,
    );
  }
  return v;
}

/** The world's tunables with their defaults filled in (validated). */
export interface WorldTunables3 {
  /** seconds */
  timeToSleep: number;
  /** m/s */
  sleepTolerance: number;
  /** m/s */
  hitEventThreshold: number;
  /** m */
  speculativeDistance: number;
  /** m */
  aabbMargin: number;
}

/** Reads the tunables of a {@link WorldDef3}: defaults 0.5 s, 0.05 m/s, 1 m/s, 0.02 m, 0.1 m. */
export function resolveTunables3(def: WorldDef3): WorldTunables3 {
  return {
    timeToSleep: num(def.timeToSleep, 'world.timeToSleep', 0.5, 0),
    sleepTolerance: num(def.sleepTolerance, 'world.sleepTolerance', 0.05, 0),
    hitEventThreshold: num(def.hitEventThreshold, 'world.hitEventThreshold', 1, 0),
    speculativeDistance: num(def.speculativeDistance, 'world.speculativeDistance', 0.02, 0),
    aabbMargin: num(def.aabbMargin, 'world.aabbMargin', 0.1, 0),
  };
}
