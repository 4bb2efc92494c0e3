/**
 * The world's settings: argument checks for definitions (`[x, y]` pairs, bounded numbers) and the
 * world tunables with their defaults, validated once when the world is built and again whenever a
 * tunable is set (never per step). The solver settings are resolved in dynamics/solver-settings.ts.
 */
import { assertFinite, PhysicsError } from '../core/errors.js';
import { SPECULATIVE_DISTANCE } from '../geometry/collide2d.js';
import type { Vec2Tuple, WorldDef } from './types.js';

/** `[x, y]` of finite numbers (or `dflt` when absent); errors name `where`. */
export function vec(
  v: Vec2Tuple | undefined,
  where: string,
  dflt: [number, number] = [0, 0],
): [number, number] {
  if (v === undefined) return dflt;
  if (!Array.isArray(v) || v.length !== 2) {
    throw new PhysicsError('invalid-argument', `${where}: expected [x, y], got ${JSON.stringify(v)}`);
  }
  return [assertFinite(v[0], `${where}[0]`), assertFinite(v[1], `${where}[1]`)];
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

/** The world's tunables with their defaults filled in (validated). */
export interface WorldTunables {
  timeToSleep: number;
  sleepTolerance: number;
  hitEventThreshold: number;
  speculativeDistance: number;
  aabbMargin: number;
}

/** Reads the tunables of a {@link WorldDef}: defaults 0.5 s, 0.05 m/s, 1 m/s, 0.02 m, 0.1 m. */
export function resolveTunables(def: WorldDef): WorldTunables {
  return {
    timeToSleep: num(def.timeToSleep, 'world.timeToSleep', 0.5, 0),
    sleepTolerance: num(def.sleepTolerance, 'world.sleepTolerance', 0.05, 0),
    hitEventThreshold: num(def.hitEventThreshold, 'world.hitEventThreshold', 1, 0),
    speculativeDistance: num(def.speculativeDistance, 'world.speculativeDistance', SPECULATIVE_DISTANCE, 0),
    aabbMargin: num(def.aabbMargin, 'world.aabbMargin', 0.1, 0),
  };
}
