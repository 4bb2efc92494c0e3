import { thetaMethod } from './implicit-euler.js';

/**
 * Implicit midpoint rule, 26.1: y₁ = y₀ + h·f(t₀ + h/2, (y₀ + y₁)/2), solved by Newton.
 * R(z) = (1 + z/2)/(1 − z/2): stable on exactly the left half-plane and |R| = 1 on the imaginary
 * axis, so it keeps a linear spring's energy exactly (to round-off) for any step.
 * Writes y₁ into `out` (may alias `y`); returns the Newton iterations used.
 */
export const implicitMidpoint = thetaMethod(0.5);
