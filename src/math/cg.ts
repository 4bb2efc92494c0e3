/**
 * Conjugate gradient for a symmetric positive-definite system A x = b, matrix-free
 * (Shewchuk, "An Introduction to the Conjugate Gradient Method Without the Agonizing Pain", §B2).
 * `applyA(x, out)` writes A·x into `out`; `precondition(r, z)`, if given, writes M⁻¹·r into `z`
 * (M ≈ A, symmetric positive definite) — the PCG variant.
 */
export interface CGOptions {
  /** stop when ‖r‖ ≤ tolerance · ‖b‖ (relative residual); default 1e-10 */
  tolerance?: number;
  /** default: the system size */
  maxIterations?: number;
  /** z = P⁻¹ r, the preconditioner (default: none) */
  precondition?: (r: Float64Array, z: Float64Array) => void;
  /** called after each iteration with the iteration number and the residual norm */
  trace?: (iteration: number, residualNorm: number) => void;
  /** scratch space of 4 vectors of the system size, to avoid allocation in hot loops */
  scratch?: CGScratch;
}

/** What a conjugate-gradient solve did: its iterations and final residual. */
export interface CGResult {
  /** iterations done */
  iterations: number;
  /** final residual norm ‖b − A x‖ */
  residualNorm: number;
  /** whether the tolerance was reached */
  converged: boolean;
}

/** Work vectors of a conjugate-gradient solve, allocated once and reused (no allocation per solve). */
export interface CGScratch {
  /** residual */
  r: Float64Array;
  /** preconditioned residual */
  z: Float64Array;
  /** search direction */
  p: Float64Array;
  /** A times the search direction */
  ap: Float64Array;
}

/** Allocates the four work vectors of a conjugate-gradient solve of size n. */
export function createCGScratch(n: number): CGScratch {
  return { r: new Float64Array(n), z: new Float64Array(n), p: new Float64Array(n), ap: new Float64Array(n) };
}

function dot(a: Float64Array, b: Float64Array, n: number): number {
  let s = 0;
  for (let i = 0; i < n; i++) s += a[i]! * b[i]!;
  return s;
}

/** Solves A x = b in place in `x` (its content is the initial guess). */
export function conjugateGradient(
  applyA: (x: Float64Array, out: Float64Array) => void,
  b: Float64Array,
  x: Float64Array,
  options: CGOptions = {},
): CGResult {
  const n = b.length;
  const tol = options.tolerance ?? 1e-10;
  const maxIter = options.maxIterations ?? Math.max(n, 1);
  const s = options.scratch ?? createCGScratch(n);
  const { r, z, p, ap } = s;
  const pre = options.precondition;

  // r = b − A x
  applyA(x, ap);
  for (let i = 0; i < n; i++) r[i] = b[i]! - ap[i]!;
  const bNorm = Math.sqrt(dot(b, b, n));
  const target = tol * (bNorm > 0 ? bNorm : 1);
  let rNorm = Math.sqrt(dot(r, r, n));
  if (rNorm <= target) return { iterations: 0, residualNorm: rNorm, converged: true };

  if (pre) pre(r, z);
  else z.set(r);
  p.set(z);
  let rz = dot(r, z, n);

  for (let k = 1; k <= maxIter; k++) {
    applyA(p, ap);
    const pAp = dot(p, ap, n);
    if (!(pAp > 0)) {
      // A is not positive definite along p (or p vanished): stop with what we have.
      return { iterations: k - 1, residualNorm: rNorm, converged: false };
    }
    const alpha = rz / pAp;
    for (let i = 0; i < n; i++) {
      x[i] = x[i]! + alpha * p[i]!;
      r[i] = r[i]! - alpha * ap[i]!;
    }
    rNorm = Math.sqrt(dot(r, r, n));
    options.trace?.(k, rNorm);
    if (rNorm <= target) return { iterations: k, residualNorm: rNorm, converged: true };
    if (pre) pre(r, z);
    else z.set(r);
    const rzNew = dot(r, z, n);
    const beta = rzNew / rz;
    rz = rzNew;
    for (let i = 0; i < n; i++) p[i] = z[i]! + beta * p[i]!;
  }
  return { iterations: maxIter, residualNorm: rNorm, converged: false };
}
