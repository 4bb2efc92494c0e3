/**
 * The generic ODE state of the 26.1 toolbox. A first-order system y' = f(t, y) is a
 * `Float64Array` y and a right-hand side `f(t, y, out)` writing dy/dt into `out`. A mechanical
 * (second-order) system x'' = a(t, x, v) keeps positions and velocities in two arrays, which the
 * partitioned methods (semi-implicit Euler, Verlet) need.
 *
 * Every integrator is a pure function of (t, state, h, rhs) that writes the new state into output
 * arrays (which may alias the inputs) and allocates nothing when given an `OdeScratch`.
 */

/** First-order right-hand side: writes f(t, y) into `out`. Must not keep references to `y`/`out`. */
export type OdeRhs = (t: number, y: Float64Array, out: Float64Array) => void;

/** Jacobian ∂f/∂y at (t, y), written row-major into `out` (n×n). For the implicit methods. */
export type OdeJacobian = (t: number, y: Float64Array, out: Float64Array) => void;

/** Second-order right-hand side: writes the acceleration a(t, x, v) into `out`. */
export type OdeAccel = (t: number, x: Float64Array, v: Float64Array, out: Float64Array) => void;

/** Work arrays for the integrators (size n = the state length). */
export interface OdeScratch {
  /** size of the system */
  readonly n: number;
  /** stage derivative k1 (RK4, midpoint) */
  k1: Float64Array;
  /** stage derivative k2 */
  k2: Float64Array;
  /** stage derivative k3 */
  k3: Float64Array;
  /** stage derivative k4 */
  k4: Float64Array;
  /** work vector (stage states, Newton iterates) */
  tmp: Float64Array;
  /** second work vector */
  tmp2: Float64Array;
  /** n×n, for the Newton systems of the implicit methods */
  mat: Float64Array;
}

/** Allocates the work vectors of the ODE steppers for a system of size n. */
export function createOdeScratch(n: number): OdeScratch {
  return {
    n,
    k1: new Float64Array(n),
    k2: new Float64Array(n),
    k3: new Float64Array(n),
    k4: new Float64Array(n),
    tmp: new Float64Array(n),
    tmp2: new Float64Array(n),
    mat: new Float64Array(n * n),
  };
}

/** Returns `s` if it fits a state of length n, else a fresh scratch (convenience, allocates). */
export function scratchFor(n: number, s: OdeScratch | undefined): OdeScratch {
  return s && s.n === n ? s : createOdeScratch(n);
}
