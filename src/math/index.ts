export * from './cg.js';
export * from './portable.js';
