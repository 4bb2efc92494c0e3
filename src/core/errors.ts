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

export class PhysicsError extends Error {
  readonly code: PhysicsErrorCode;
  constructor(code: PhysicsErrorCode, message: string) {
    super(message);
    this.name = 'PhysicsError';
    this.code = code;
  }
}

/** Throws `non-finite` unless `value` is a finite number. `where` names the field, e.g. `body.mass`. */
export function assertFinite(value: number, where: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new PhysicsError('non-finite', `${where}: must be a finite number, got ${String(value)}`);
  }
  return value;
}
