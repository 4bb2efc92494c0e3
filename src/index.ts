/**
 * The package root. Each engine domain is re-exported as a namespace, so that
 * `import { rigid2d } from 'rikigaku'` works beside the per-domain subpaths (`rikigaku/rigid2d`);
 * namespace re-exports of ES modules stay tree-shakeable in bundlers (Rollup, esbuild, Vite):
 * only what is used is kept. The headless renderer, the CLI, the labs and the demos are not
 * here — they have their own subpaths and some need Node.
 */
export * from './core/errors.js';
export * as dynamics from './dynamics/index.js';
export * as fem from './fem/index.js';
export * as fluid from './fluid/index.js';
export * as geometry from './geometry/index.js';
export * as integrators from './integrators/index.js';
export * as math from './math/index.js';
export * as mpm from './mpm/index.js';
export * as net from './net/index.js';
export * as particles from './particles/index.js';
export * as rigid2d from './rigid2d/index.js';
export * as rigid3d from './rigid3d/index.js';
export * as sim from './sim/index.js';
export * as spatial from './spatial/index.js';
export * as water from './water/index.js';
export * as xpbd from './xpbd/index.js';
