/**
 * The constraint-solving contract of the XPBD solver (Macklin, Müller, Chentanez 2016; textbook
 * §26.3 "XPBD").
 *
 * A `ConstraintSet` holds many constraints of one kind in typed arrays (particle ids, rest values,
 * compliance α and the accumulated Lagrange multipliers λ, one per scalar constraint). Every kernel
 * follows the same four lines — compute C, compute ∇C, solve
 *
 *   Δλ = (−C − α̃ λ − γ ∇C·(x − x_prev)) / ((1 + γ) Σ_j w_j |∇_j C|² + α̃),   α̃ = α / h²,
 *
 * apply Δx_i = w_i ∇_i C Δλ — with a guard on a zero denominator (all pinned and rigid).
 * γ = α̃ β̃ / h with β̃ = β h² is the constraint damping of the XPBD paper, eq. 25 (β = `damping`).
 *
 * The solver orders (textbook §26.5 "GPUでの物理") are expressed by the context, not by the kernel:
 * - Gauss–Seidel: `ctx.dx === ctx.x`, so every correction is seen by the next constraint.
 * - Jacobi: every constraint of a set reads the same positions and adds its correction into the
 *   zeroed buffer `ctx.dx`; the solver then applies x += ω dx / max(count, 1). Two ways to share a
 *   particle between its n_i constraints (per-particle averaging):
 *   (a) mass splitting (the kernels of this module): use n_i w_i instead of w_i in the denominator
 *       of Δλ, with n_i = `ctx.degree[i]`, and leave `counts` alone — λ stays consistent, so a
 *       compliant constraint keeps its stiffness (plain averaging would divide its force by n_i);
 *   (b) plain averaging: increment `ctx.counts[i]` for every correction added to particle i.
 * - Graph-coloured Gauss–Seidel: the solver passes the set's colour permutation as `order`;
 *   no two constraints of one colour share a particle, so a colour could run in parallel.
 *
 * λ is reset by `resetLambda()` once per substep — not per frame, not per iteration (Macklin et al.,
 * "Small Steps in Physics Simulation", 2019: one iteration per substep).
 */
export interface SolveContext {
  /** positions the kernels read (and, in Gauss–Seidel, write) */
  x: Float64Array;
  /** where corrections are added: `x` itself (Gauss–Seidel) or a zeroed delta buffer (Jacobi) */
  dx: Float64Array;
  /** Jacobi, plain averaging: per-particle number of corrections received this sweep (zeroed per set) */
  counts: Float64Array;
  /** Jacobi, mass splitting: number of constraints of the current set touching each particle (read-only) */
  degree: Float64Array;
  /** true in the Jacobi order */
  jacobi: boolean;
  /** positions at the start of the substep (for damping and friction) */
  prev: Float64Array;
  /** velocities (valid before the solve: predicted; after the velocity update: new) */
  v: Float64Array;
  /** inverse masses (0 = pinned) */
  invMass: Float64Array;
  /** number of live particles */
  count: number;
  /** substep length h */
  h: number;
  /** 1/h² in XPBD (so α̃ = α · alphaScale); 0 in classic PBD and Verlet, where α̃ = 0 */
  alphaScale: number;
  /** classic PBD: corrections are scaled by k′ = 1 − (1 − k)^(1/iterations) (textbook §26.3) */
  pbd: boolean;
  /** constraint iterations per substep (for k′) */
  iterations: number;
  /** current iteration within the substep, 0-based */
  iteration: number;
}

/** A set of constraints the XPBD solver projects: what every constraint set implements. */
export interface ConstraintSet {
  /** a short name for traces and errors, e.g. 'distance', 'bending' */
  readonly kind: string;
  /** number of constraints in the set */
  size(): number;
  /** writes the particle ids of constraint c into `out`, returns how many (for graph colouring) */
  particlesOf(c: number, out: number[]): number;
  /** λ ← 0 for every constraint; called once at the start of each substep */
  resetLambda(): void;
  /**
   * One pass over constraints k = start..end−1, constraint id `order ? order[k] : k`.
   * Must not allocate.
   */
  solve(ctx: SolveContext, order: Int32Array | null, start: number, end: number): void;
  /** optional: after velocities are derived (restitution, friction, hair velocity correction) */
  velocityPass?(ctx: SolveContext): void;
  /** optional: elastic energy ½ C²/α of the compliant constraints (for energy checks) */
  energy?(x: Float64Array): number;
  /** optional: colouring supplied by a builder (e.g. the cloth's 8 colours); see coloring.ts */
  coloring?: Coloring;
}

/** A graph colouring of a set: constraints `order[offsets[c] .. offsets[c+1]-1]` form colour c. */
export interface Coloring {
  /** the constraints, colour after colour */
  order: Int32Array;
  /** where each colour starts in `order` (one more entry than colours) */
  offsets: Int32Array;
}

/** Number of colours of a colouring. */
export function colorCount(c: Coloring): number {
  return c.offsets.length - 1;
}
