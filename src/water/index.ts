export * from './fft.js';
export * from './gaussian.js';
export * from './heightfield-pool.js';
export * from './ocean.js';
