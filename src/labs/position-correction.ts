/**
 * The stacking lab's position correction ("どう動くのか"):
 *
 *   correction = max(depth − slop, 0) / (inv_m1 + inv_m2) · percent
 *   body 1 moves by −n · correction · inv_m1, body 2 by +n · correction · inv_m2
 *
 * (n points from body 1 to body 2). Only positions move — velocities are never touched, so the
 * correction cannot put energy into the system (the idea of split impulses in its simplest
 * form). `slop` leaves a thin overlap alone so the contact does not jitter; `percent` (0.2–0.8)
 * removes only part of the overlap per step so bodies are not kicked apart.
 */
import { assertFinite, PhysicsError } from '../core/errors.js';
import type { Vec2 } from './impulse.js';

/** The lab's defaults: slop within 0.005–0.01, percent within 0.2–0.8. */
export const DEFAULT_SLOP = 0.01;
/** Default share of the penetration corrected per step. */
export const DEFAULT_PERCENT = 0.4;

/** The stacking lab's correction magnitude: max(depth − slop, 0) / (inv_m1 + inv_m2) · percent. */
export function correctionAmount(
  depth: number,
  inv_m1: number,
  inv_m2: number,
  slop: number,
  percent: number,
): number {
  const invSum = inv_m1 + inv_m2;
  if (invSum === 0) return 0; // two static bodies: nothing can move
  return (Math.max(depth - slop, 0) / invSum) * percent;
}

/**
 * The stacking lab's position correction for one contact; returns the new positions [p1, p2].
 * Bodies are pushed apart along n in proportion to their inverse masses (a static body,
 * inv_m = 0, stays put).
 */
export function positional_correction(
  p1: Vec2,
  inv_m1: number,
  p2: Vec2,
  inv_m2: number,
  n: Vec2,
  depth: number,
  slop: number = DEFAULT_SLOP,
  percent: number = DEFAULT_PERCENT,
): [Vec2, Vec2] {
  for (const [v, name] of [
    [p1, 'p1'],
    [p2, 'p2'],
    [n, 'n'],
  ] as const) {
    assertFinite(v[0], `positional_correction.${name}[0]`);
    assertFinite(v[1], `positional_correction.${name}[1]`);
  }
  for (const [x, name] of [
    [inv_m1, 'inv_m1'],
    [inv_m2, 'inv_m2'],
    [slop, 'slop'],
  ] as const) {
    assertFinite(x, `positional_correction.${name}`);
    if (x < 0)
      throw new PhysicsError('invalid-argument', `positional_correction.${name}: must be >= 0, got ${x}`);
  }
  assertFinite(depth, 'positional_correction.depth');
  assertFinite(percent, 'positional_correction.percent');
  if (!(percent > 0 && percent <= 1)) {
    throw new PhysicsError(
      'invalid-argument',
      `positional_correction.percent: must be in (0, 1], got ${percent}`,
    );
  }
  const c = correctionAmount(depth, inv_m1, inv_m2, slop, percent);
  return [
    [p1[0] - n[0] * c * inv_m1, p1[1] - n[1] * c * inv_m1],
    [p2[0] + n[0] * c * inv_m2, p2[1] + n[1] * c * inv_m2],
  ];
}

/** camelCase alias of {@link positional_correction}. */
export const positionalCorrection = positional_correction;
