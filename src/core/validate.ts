/**
 * The validation kit for JSON documents (scene files) and API arguments: object / number /
 * boolean / string / vector / enum checks that throw a `PhysicsError` naming the path of the
 * bad value and saying what was expected and what was found, e.g.
 * `scene.bodies[3].mass: must be > 0, got -1` or `scene.bodies: expected an array, got an object`.
 *
 * `checks(code)` returns the kit for one error code; `sceneChecks` is the one for scene files
 * ('invalid-scene'). The engines' own API checks (e.g. rigid2d/world-settings.ts) throw
 * 'invalid-argument' / 'non-finite' with the same `path: what, got …` wording.
 * These run once per load or call, never per simulation step.
 */
import { PhysicsError, type PhysicsErrorCode, shorten } from './errors.js';

/** A JSON object as validation sees it. */
export type Obj = Record<string, unknown>;

/**
 * A value in words for an error message: `string "x"`, `number 3`, `null`, `an array`, `an object`.
 * Strings are shortened to 80 characters (`string "xxx…" (5000000 characters)`); containers are
 * named, never printed, so a deeply nested array cannot overflow the stack here.
 */
export function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return `string ${shorten(JSON.stringify(value))}`;
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'function') return 'a function';
  return `${typeof value} ${shorten(String(value))}`;
}

/** `'a', 'b', 'c'` — a list of allowed strings for an error message. */
export function quoteList(options: readonly string[]): string {
  return options.map((x) => `'${x}'`).join(', ');
}

/** Drops undefined fields so the result reads cleanly and spreads without overriding defaults. */
export function clean<T extends object>(o: T): T {
  for (const k of Object.keys(o) as (keyof T)[]) if (o[k] === undefined) delete o[k];
  return o;
}

/** Limits for a number check. */
export interface NumRule {
  /** value must be ≥ min */
  min?: number;
  /** value must be > above */
  above?: number;
  /** value must be ≤ max */
  max?: number;
  /** value must be an integer */
  integer?: boolean;
}

/** The checks, all throwing `PhysicsError(code)` with `path: what`. */
export interface Checks {
  /** the PhysicsError code of every failure (scene files: 'invalid-scene', API arguments: 'invalid-argument') */
  readonly code: PhysicsErrorCode;
  /** Throws `path: what`. */
  fail(path: string, what: string): never;
  /** Throws `path: what, got <value>`. */
  failGot(path: string, what: string, value: unknown): never;
  /** An object whose keys are all in `known` (pass `null` to allow any key). */
  object(value: unknown, path: string, known: readonly string[] | null): Obj;
  /** An array of at least `minLength` and at most `maxLength` entries. */
  array(value: unknown, path: string, minLength?: number, maxLength?: number): unknown[];
  /** A finite number within the rule. */
  number(value: unknown, path: string, rule?: NumRule): number;
  /** `o[key]` as a number, or undefined when absent. */
  optNumber(o: Obj, key: string, path: string, rule?: NumRule): number | undefined;
  /** `o[key]` as a number; absent is an error. */
  needNumber(o: Obj, key: string, path: string, rule?: NumRule): number;
  /** `o[key]` as true or false (anything else is an error), or undefined when absent. */
  optBool(o: Obj, key: string, path: string): boolean | undefined;
  /** `o[key]` as a string, or undefined when absent. */
  optString(o: Obj, key: string, path: string): string | undefined;
  /** `[x, y]` of finite numbers. */
  vec2(value: unknown, path: string): [number, number];
  /** `o[key]` as `[x, y]` of finite numbers, or undefined when absent. */
  optVec2(o: Obj, key: string, path: string): [number, number] | undefined;
  /** `[x, y]` or `[x, y, z]` of finite numbers. */
  vec2or3(value: unknown, path: string): [number, number] | [number, number, number];
  /** One of the given strings. */
  oneOf<T extends string>(value: unknown, path: string, options: readonly T[]): T;
  /** `o[key]` as one of the given strings, or undefined when absent. */
  optOneOf<T extends string>(o: Obj, key: string, path: string, options: readonly T[]): T | undefined;
}

/** Words a kit may change: what a value that is not a number was expected to be (default 'a number'). */
export interface CheckWords {
  /** what a value that is not a number was expected to be (default 'a number') */
  number?: string;
  /** the code of the error for a number that is NaN or ±∞ (default: the kit's code) */
  nonFinite?: PhysicsErrorCode;
}

/** The validation kit whose errors carry `code`. */
export function checks(code: PhysicsErrorCode, words: CheckWords = {}): Checks {
  const expectedNumber = `expected ${words.number ?? 'a number'}`;
  const nonFiniteCode = words.nonFinite ?? code;
  const fail = (path: string, what: string): never => {
    throw new PhysicsError(code, `${path}: ${what}`);
  };
  const failGot = (path: string, what: string, value: unknown): never =>
    fail(path, `${what}, got ${show(value)}`);
  const number = (value: unknown, path: string, rule: NumRule = {}): number => {
    if (typeof value !== 'number') failGot(path, expectedNumber, value);
    const v = value as number;
    // JSON cannot hold NaN or ±Infinity, but 1e999 parses to Infinity and the API can pass anything.
    if (!Number.isFinite(v))
      throw new PhysicsError(nonFiniteCode, `${path}: must be a finite number, got ${v}`);
    if (rule.integer && !Number.isInteger(v)) fail(path, `must be an integer, got ${v}`);
    if (rule.above !== undefined && !(v > rule.above)) fail(path, `must be > ${rule.above}, got ${v}`);
    if (rule.min !== undefined && !(v >= rule.min)) fail(path, `must be >= ${rule.min}, got ${v}`);
    if (rule.max !== undefined && !(v <= rule.max)) fail(path, `must be <= ${rule.max}, got ${v}`);
    return v;
  };
  const vec2 = (value: unknown, path: string): [number, number] => {
    if (!Array.isArray(value) || value.length !== 2) failGot(path, 'expected [x, y]', value);
    const a = value as unknown[];
    return [number(a[0], `${path}[0]`), number(a[1], `${path}[1]`)];
  };
  const oneOf = <T extends string>(value: unknown, path: string, options: readonly T[]): T => {
    if (typeof value !== 'string' || !options.includes(value as T)) {
      failGot(path, `expected one of ${quoteList(options)}`, value);
    }
    return value as T;
  };
  return {
    code,
    fail,
    failGot,
    object(value, path, known) {
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        failGot(path, 'expected an object', value);
      const o = value as Obj;
      if (known) {
        for (const key of Object.keys(o)) {
          if (!known.includes(key))
            fail(`${path}.${shorten(key)}`, `unknown field (expected one of: ${known.join(', ')})`);
        }
      }
      return o;
    },
    array(value, path, minLength = 0, maxLength = Number.POSITIVE_INFINITY) {
      if (!Array.isArray(value)) failGot(path, 'expected an array', value);
      const a = value as unknown[];
      if (a.length < minLength) fail(path, `expected at least ${minLength} entries, got ${a.length}`);
      if (a.length > maxLength) fail(path, `at most ${maxLength} entries, got ${a.length}`);
      return a;
    },
    number,
    optNumber(o, key, path, rule) {
      return o[key] === undefined ? undefined : number(o[key], `${path}.${key}`, rule);
    },
    needNumber(o, key, path, rule) {
      if (o[key] === undefined) fail(`${path}.${key}`, 'required (a number)');
      return number(o[key], `${path}.${key}`, rule);
    },
    optBool(o, key, path) {
      const v = o[key];
      if (v === undefined) return undefined;
      if (typeof v !== 'boolean') failGot(`${path}.${key}`, 'expected true or false', v);
      return v as boolean;
    },
    optString(o, key, path) {
      const v = o[key];
      if (v === undefined) return undefined;
      if (typeof v !== 'string') failGot(`${path}.${key}`, 'expected a string', v);
      return v as string;
    },
    vec2,
    optVec2(o, key, path) {
      return o[key] === undefined ? undefined : vec2(o[key], `${path}.${key}`);
    },
    vec2or3(value, path) {
      if (!Array.isArray(value) || (value.length !== 2 && value.length !== 3))
        failGot(path, 'expected [x, y] or [x, y, z]', value);
      const a = value as unknown[];
      const out = a.map((x, i) => number(x, `${path}[${i}]`));
      return out as [number, number] | [number, number, number];
    },
    oneOf,
    optOneOf(o, key, path, options) {
      return o[key] === undefined ? undefined : oneOf(o[key], `${path}.${key}`, options);
    },
  };
}

/** The kit for scene files: errors are `invalid-scene`. */
export const sceneChecks: Checks = checks('invalid-scene');

/**
 * The kit for the engines' public definitions (`createBody(def)`, `new SmokeSim(options)`, cloth
 * builders): errors are `invalid-argument`, a NaN or ±∞ is `non-finite`; the paths and wording are
 * the scene files' (`body.positon: unknown field (expected one of: …)`).
 */
export const apiChecks: Checks = checks('invalid-argument', { nonFinite: 'non-finite' });
