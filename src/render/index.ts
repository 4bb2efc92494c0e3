/**
 * rikigaku/render: the browser-safe parts of rendering — line plots on the Canvas 2D API, text
 * formatting, the exact-pixel raster, the PNG codec and the Canvas 2D backend of the rigid-body
 * debug draw. The Node-only parts (headless canvas, GIF and PNG files, recording a run) live in the
 * `*-node.ts` files, used by the CLI.
 */

export * from './debug-draw-canvas.js';
export * from './format.js';
export * from './liquid-surface.js';
export * from './liquid-surface3d.js';
export * from './plot.js';
export * from './png.js';
export * from './raster.js';
export * from './smoke-draw.js';
