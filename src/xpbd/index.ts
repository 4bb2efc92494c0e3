/**
 * rikigaku/xpbd — position-based dynamics: particles, constraints, the XPBD substep solver and
 * its orders (Gauss–Seidel, Jacobi, graph-coloured), shape matching, rods, and builders for cloth,
 * ropes, hair, balloons.
 * References: textbook §26.3 (PBD, XPBD, cloth, strain limiting) and §26.5 (hair, colouring);
 * Müller et al. 2007 (PBD); Macklin, Müller, Chentanez 2016 (XPBD); Macklin et al. 2019 (substeps).
 *
 * Extending: a new constraint kind implements `ConstraintSet` (constraint.ts) — typed-array storage,
 * `resetLambda()` once per substep, and a `solve(ctx, order, start, end)` kernel that adds its
 * corrections to `ctx.dx` (see the Jacobi note in constraint.ts).
 */
export * from './area.js';
export * from './attachment.js';
export * from './balloon.js';
export * from './bending.js';
export * from './body-attachment.js';
export * from './cloth.js';
export * from './collision.js';
export * from './coloring.js';
export * from './constraint.js';
export * from './distance.js';
export * from './element-constraint-set.js';
export * from './follow-the-leader.js';
export * from './hair.js';
export * from './mesh.js';
export * from './mesh-volume.js';
export * from './particles.js';
export * from './rod.js';
export * from './rope.js';
export * from './self-collision.js';
export * from './shape-matching.js';
export * from './snapshot.js';
export * from './solver.js';
export * from './stiffness.js';
export * from './tet-volume.js';
export * from './wind.js';
export * from './xpbd-update.js';
