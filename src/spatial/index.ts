export * from './density-splat.js';
export * from './dynamic-tree.js';
export * from './hash-grid.js';
export * from './neighbor-search.js';
