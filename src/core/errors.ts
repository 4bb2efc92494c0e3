/**
 * The one error class of rikigaku. `code` is stable (tests and callers match on it);
 * `message` says what was wrong and where, e.g. `scene.bodies[3].mass: must be > 0, got -1`.
 */
export type PhysicsErrorCode =
  | 'invalid-argument'
  | 'invalid-scene'
  | 'non-finite'
  | 'degenerate-shape'
  | 'stale-handle'
  | 'diverged'
  | 'not-found'
  | 'io';

/** The longest message an error keeps (characters); anything longer is cut with `…`. */
export const MAX_MESSAGE = 2000;

/** The longest echo of a value in a message (characters); see {@link shorten}. */
export const MAX_ECHO = 80;

/**
 * A text for an error message, at most `max` characters: a longer one keeps its first `max`
 * characters and says how long it was (`"xxxx…" (5000000 characters)`), so a 5 MB string in a
 * scene file never comes back whole in the error.
 */
export function shorten(text: string, max = MAX_ECHO): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}

/**
 * The one error class of the engines: `code` says what kind of problem it is, the message starts
 * with the path of the bad value (messages longer than {@link MAX_MESSAGE} are cut).
 */
export class PhysicsError extends Error {
  /** the stable kind of the error, for callers and tests to match on */
  readonly code: PhysicsErrorCode;
  /** An error of kind `code` with a message `path: what, got …`. */
  constructor(code: PhysicsErrorCode, message: string) {
    super(shorten(String(message), MAX_MESSAGE));
    this.name = 'PhysicsError';
    this.code = code;
  }
}

/**
 * The index of the first NaN or ±∞ among `a[0 .. n)`, or −1 when all are finite: one pass of
 * `x − x` sums (0 for a finite x, NaN otherwise), a second one only when that sum is not 0. The
 * engines' step guard (docs/design.md, "Non-finite state"); allocation-free.
 */
export function firstNonFinite(a: ArrayLike<number>, n: number = a.length): number {
  let acc = 0;
  for (let k = 0; k < n; k++) acc += a[k]! - a[k]!;
  if (acc === 0) return -1;
  for (let k = 0; k < n; k++) if (!Number.isFinite(a[k]!)) return k;
  return -1;
}

/** Throws `non-finite` unless `value` is a finite number. `where` names the field, e.g. `body.mass`. */
export function assertFinite(value: number, where: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    // String() of a nested array recurses: name containers instead of printing them
    const got =
      typeof value === 'object' && value !== null
        ? Array.isArray(value)
          ? 'an array'
          : 'an object'
        : shorten(String(value));
    throw new PhysicsError('non-finite', `${where}: must be a finite number, got ${got}`);
  }
  return value;
}
