export * from './core/errors.js';
