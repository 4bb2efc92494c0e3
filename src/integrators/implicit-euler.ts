import { solveDense } from '../math/dense-solve.js';
import { type OdeJacobian, type OdeRhs, type OdeScratch, scratchFor } from './ode.js';

/** Stopping rule of the Newton iteration of an implicit step. */
export interface NewtonOptions {
  /** Newton iterations at most; default 8 (a linear f converges in 1) */
  maxIterations?: number;
  /** stop when the max-norm of the Newton update is ≤ tolerance·(1 + ‖y₁‖∞); default 1e-13 */
  tolerance?: number;
}

/**
 * Implicit (backward) Euler, 26.1: everything at the end of the step,
 *   y₁ = y₀ + h·f(t₀ + h, y₁),
 * solved by Newton's method with the Jacobian J = ∂f/∂y: (I − hJ)·δ = −(y₁ − y₀ − h f(y₁)).
 * R(z) = 1/(1 − z): A-stable, energy of the spring divided by 1 + h²ω² per step.
 * Writes y₁ into `out` (may alias `y`); returns the Newton iterations used.
 */
export const implicitEuler = thetaMethod(1);

/** An implicit one-step method: writes y₁ into `out` (may alias `y`); returns the Newton iterations. */
export type ImplicitStep = ReturnType<typeof thetaMethod>;

/**
 * The θ-method y₁ = y₀ + h·f(t + θh, (1−θ)y₀ + θy₁) as a stepper solved by Newton's method
 * (θ = 1 implicit Euler, θ = ½ implicit midpoint); the stepper is made once, at module load.
 */
export function thetaMethod(theta: number) {
  return function newtonStep(
    t: number,
    y: Float64Array,
    h: number,
    f: OdeRhs,
    jac: OdeJacobian,
    out: Float64Array,
    scratch?: OdeScratch,
    options: NewtonOptions = {},
  ): number {
    const n = y.length;
    const s = scratchFor(n, scratch);
    const { k1: y0, k2: fv, k3: g, k4: delta, tmp: arg, mat } = s;
    const maxIt = options.maxIterations ?? 8;
    const tol = options.tolerance ?? 1e-13;
    y0.set(y); // `out` may alias `y`
    for (let i = 0; i < n; i++) out[i] = y0[i]!; // initial guess y₁ = y₀
    const tt = t + theta * h;
    let it = 0;
    while (it < maxIt) {
      it++;
      for (let i = 0; i < n; i++) arg[i] = (1 - theta) * y0[i]! + theta * out[i]!;
      f(tt, arg, fv);
      jac(tt, arg, mat);
      // residual −g = −(y₁ − y₀ − h f);  matrix I − θ h J
      let norm = 0;
      for (let i = 0; i < n; i++) {
        g[i] = -(out[i]! - y0[i]! - h * fv[i]!);
        norm = Math.max(norm, Math.abs(out[i]!));
        for (let j = 0; j < n; j++) mat[i * n + j] = (i === j ? 1 : 0) - theta * h * mat[i * n + j]!;
      }
      if (!solveDense(n, mat, g, delta)) break;
      let step = 0;
      for (let i = 0; i < n; i++) {
        out[i] = out[i]! + delta[i]!;
        step = Math.max(step, Math.abs(delta[i]!));
      }
      if (step <= tol * (1 + norm)) break;
    }
    return it;
  };
}
