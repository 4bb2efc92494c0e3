/**
 * rikigaku/xpbd — position-based dynamics: particles, constraints, the XPBD substep solver and
 * its orders (Gauss–Seidel, Jacobi, graph-coloured), and builders for cloth, ropes, hair, balloons.
 * Seeds: 002 (XPBD), 000 §26.3 (PBD, XPBD, cloth, strain limiting) and §26.5 (hair, colouring).
 */
export * from './bending.js';
export * from './cloth.js';
export * from './coloring.js';
export * from './constraint.js';
export * from './distance.js';
export * from './mesh.js';
export * from './particles.js';
export * from './solver.js';
export * from './stiffness.js';
