export * from './dynamic-tree.js';
