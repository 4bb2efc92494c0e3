/**
 * Whether this JavaScript engine has a `performance.now()` clock. The worlds read it only to time
 * their stages into `world.profile` — never for simulation state — and skip the timing where the
 * clock is missing (embedded engines such as QuickJS have no `performance`), so the same code runs
 * everywhere.
 */
export const HAS_CLOCK: boolean =
  typeof performance !== 'undefined' && performance !== null && typeof performance.now === 'function';
