/**
 * rikigaku/fem — continuum soft bodies and implicit cloth (textbook §26.3 有限要素法, §26.1 実際の陰的積分):
 * the deformation gradient and the three strains, E/ν material constants, corotational and stable
 * neo-Hookean elements as XPBD constraints for triangles (2D) and tetrahedra (3D), a simple
 * tetrahedraliser (box, sphere) and 2D triangulations, soft-body builders (shape matching itself is
 * a constraint set of rikigaku/xpbd), and Baraff–Witkin implicit cloth selectable next to PBD and
 * XPBD on the same cloth scene. The rotation extraction (polar decompositions) is in rikigaku/math.
 */

export * from './cloth-simulation.js';
export * from './deformation-gradient.js';
export * from './element-correction.js';
export * from './fem-element-set.js';
export * from './fem-tetrahedra.js';
export * from './fem-triangles.js';
export * from './implicit-cloth.js';
export * from './implicit-fem.js';
export * from './implicit-snapshot.js';
export * from './material.js';
export * from './soft-body.js';
export * from './strain.js';
export * from './tetrahedralize.js';
export * from './triangulate.js';
