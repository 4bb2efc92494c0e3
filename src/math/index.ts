/**
 * rikigaku/math: small linear algebra on typed arrays with offsets, portable deterministic
 * elementary functions, a seeded PRNG, conjugate gradient, polar decompositions (closed-form 2D,
 * SVD-based and warm-started iterative 3D) and symmetric eigen decompositions.
 */
export * from './cg.js';
export { solveDense } from './dense-solve.js';
export * as mat22 from './mat22.js';
export * as mat33 from './mat33.js';
export { polar3 } from './polar3.js';
export * from './portable.js';
export { Prng } from './prng.js';
export * as quat from './quat.js';
export { rotation3 } from './rotation-extraction.js';
export { svd3 } from './svd3.js';
export { symEigen3 } from './sym-eigen3.js';
export type { Arr } from './vec2.js';
export * as vec2 from './vec2.js';
export * as vec3 from './vec3.js';
