/**
 * The world's settings: argument checks for definitions (`[x, y]` pairs, bounded numbers) and the
 * world tunables with their defaults, validated once when the world is built and again whenever a
 * tunable is set (never per step). The solver settings are resolved in dynamics/solver-settings.ts.
 */
import { assertFinite, PhysicsError } from '../core/errors.js';
import { apiChecks, type Obj, show } from '../core/validate.js';
import { resolveSolverSettings, type SolverSettings } from '../dynamics/solver-settings.js';
import { SPECULATIVE_DISTANCE } from '../geometry/collide2d.js';
import type { JointDef, Vec2Tuple, WorldDef } from './types.js';

/** The fields of a {@link WorldDef}. */
export const WORLD_DEF_KEYS = [
  'gravity',
  'solver',
  'enableSleep',
  'timeToSleep',
  'sleepTolerance',
  'hitEventThreshold',
  'speculativeDistance',
  'aabbMargin',
  'continuous',
  'workerCount',
  'threads',
];
/** The fields of a `BodyDef`. */
export const BODY_DEF_KEYS = [
  'type',
  'position',
  'angle',
  'linearVelocity',
  'angularVelocity',
  'linearDamping',
  'angularDamping',
  'gravityScale',
  'fixedRotation',
  'sleepEnabled',
  'awake',
  'bullet',
  'userData',
];
/** The material and flag fields every shape and chain definition may have. */
export const SHAPE_MATERIAL_KEYS = [
  'density',
  'friction',
  'restitution',
  'isSensor',
  'filter',
  'enableContactEvents',
  'userData',
];
/** The fields of each shape kind's definition (`ShapeDef`), and of a chain (`ChainDef`). */
export const SHAPE_DEF_KEYS: Record<string, readonly string[]> = {
  box: ['kind', ...SHAPE_MATERIAL_KEYS, 'halfWidth', 'halfHeight', 'center', 'angle', 'radius'],
  circle: ['kind', ...SHAPE_MATERIAL_KEYS, 'radius', 'center'],
  capsule: ['kind', ...SHAPE_MATERIAL_KEYS, 'p1', 'p2', 'radius'],
  segment: ['kind', ...SHAPE_MATERIAL_KEYS, 'p1', 'p2'],
  polygon: ['kind', ...SHAPE_MATERIAL_KEYS, 'vertices', 'radius'],
  chain: [...SHAPE_MATERIAL_KEYS, 'points', 'loop', 'oneSided'],
};
const JOINT_BASE_KEYS = [
  'kind',
  'bodyA',
  'bodyB',
  'collideConnected',
  'breakForce',
  'breakTorque',
  'userData',
];
const ANCHOR_KEYS = ['localAnchorA', 'localAnchorB'];
const SPRING_KEYS = ['enableSpring', 'hertz', 'dampingRatio'];
/** The fields of each joint kind's definition ({@link JointDef}). */
export const JOINT_DEF_KEYS: Record<string, readonly string[]> = {
  revolute: [
    ...JOINT_BASE_KEYS,
    ...ANCHOR_KEYS,
    'referenceAngle',
    'enableLimit',
    'lowerAngle',
    'upperAngle',
    'enableMotor',
    'motorSpeed',
    'maxMotorTorque',
    ...SPRING_KEYS,
  ],
  prismatic: [
    ...JOINT_BASE_KEYS,
    ...ANCHOR_KEYS,
    'localAxisA',
    'referenceAngle',
    'enableLimit',
    'lowerTranslation',
    'upperTranslation',
    'enableMotor',
    'motorSpeed',
    'maxMotorForce',
    ...SPRING_KEYS,
  ],
  distance: [
    ...JOINT_BASE_KEYS,
    ...ANCHOR_KEYS,
    'length',
    'enableLimit',
    'minLength',
    'maxLength',
    ...SPRING_KEYS,
    'enableMotor',
    'motorSpeed',
    'maxMotorForce',
  ],
  weld: [
    ...JOINT_BASE_KEYS,
    ...ANCHOR_KEYS,
    'referenceAngle',
    'linearHertz',
    'linearDampingRatio',
    'angularHertz',
    'angularDampingRatio',
  ],
  wheel: [
    ...JOINT_BASE_KEYS,
    ...ANCHOR_KEYS,
    'localAxisA',
    ...SPRING_KEYS,
    'enableLimit',
    'lowerTranslation',
    'upperTranslation',
    'enableMotor',
    'motorSpeed',
    'maxMotorTorque',
  ],
  motor: [...JOINT_BASE_KEYS, 'linearOffset', 'angularOffset', 'maxForce', 'maxTorque', 'correctionFactor'],
  mouse: [...JOINT_BASE_KEYS, 'target', 'hertz', 'dampingRatio', 'maxForce'],
};

/**
 * Checks that `def` is an object whose keys are all in `keys` and that the given flags are
 * booleans; errors name the path (`body.positon: unknown field (expected one of: …)`,
 * `body.bullet: expected true or false, got string "no"`), as scene files do.
 */
export function checkDef(
  def: unknown,
  where: string,
  keys: readonly string[],
  flags: readonly string[],
): Obj {
  const o = apiChecks.object(def, where, keys);
  for (const f of flags) apiChecks.optBool(o, f, where);
  return o;
}

/** Throws `invalid-argument` unless `flag` is true or false (a string "no" is not false). */
export function checkFlag(flag: unknown, where: string): void {
  if (typeof flag !== 'boolean') apiChecks.failGot(where, 'expected true or false', flag);
}

/** Checks a joint definition's keys (for its kind); the kind, flags and numbers are checked by the joint code. */
export function checkJointDef(def: JointDef): void {
  const o = apiChecks.object(def, 'joint', null);
  const keys = JOINT_DEF_KEYS[o.kind as string];
  // the flags' types and the numbers are checked by the joint definitions themselves
  if (keys) apiChecks.object(o, 'joint', keys);
}

/** Per-step counts the scene format also caps: substeps ≤ 64, iteration counts ≤ 1000. */
const SOLVER_COUNT_LIMITS: Record<string, { min: number; max: number }> = {
  substeps: { min: 1, max: 64 },
  iterations: { min: 1, max: 1000 },
  relaxIterations: { min: 0, max: 1000 },
  positionIterations: { min: 0, max: 1000 },
};
/** The solver settings' keys and which of them are switches (from the engine's own defaults). */
const SOLVER_DEFAULTS = resolveSolverSettings({});
const SOLVER_KEYS = Object.keys(SOLVER_DEFAULTS);
const SOLVER_FLAGS = SOLVER_KEYS.filter(
  (k) => typeof (SOLVER_DEFAULTS as Record<string, unknown>)[k] === 'boolean',
);

/**
 * Checks solver settings before they are resolved: known keys, the switches are booleans, the
 * counts are integers within the scene format's caps (substeps 1 … 64, iterations ≤ 1000: a larger
 * count can only hang the step), `trace` is a function. The numbers' ranges are checked by
 * `resolveSolverSettings`.
 */
export function checkSolverSettings(s: SolverSettings | undefined, where: string): void {
  if (s === undefined) return;
  const o = checkDef(s, where, SOLVER_KEYS, SOLVER_FLAGS);
  for (const [key, rule] of Object.entries(SOLVER_COUNT_LIMITS)) {
    const c = o[key];
    if (c === undefined) continue;
    if (typeof c !== 'number' || !Number.isInteger(c) || c < rule.min)
      apiChecks.fail(
        `${where}.${key}`,
        `must be an integer >= ${rule.min}, got ${typeof c === 'number' ? c : show(c)}`,
      );
    if (c > rule.max) apiChecks.fail(`${where}.${key}`, `must be <= ${rule.max}, got ${c}`);
  }
  if (o.trace !== undefined && typeof o.trace !== 'function') {
    apiChecks.failGot(`${where}.trace`, 'expected a function', o.trace);
  }
}

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
