/**
 * The demo registry's contract. One list of named demos is the single source that the CLI,
 * the playground, the tests and the benchmarks read. A demo is a factory that builds a world,
 * a fixed-step `step`, and a `draw(ctx, view)` written against the standard Canvas 2D API
 * (the browser's and @napi-rs/canvas's contexts both satisfy it).
 */

import type { DemoInstance, DemoParam, DemoParamValues } from '../core/demo-instance.js';
import type { View } from '../core/view.js';
import type { SeriesStyle } from '../render/plot.js';

export type { DemoInstance, DemoParam, DemoParamValues, DemoPointer } from '../core/demo-instance.js';
export { applyView, toPxX, toPxY, toWorldX, toWorldY, type View } from '../core/view.js';
export type { SeriesStyle } from '../render/plot.js';

/** A registry entry: what the playground lists and the CLI runs. */
export interface Demo {
  /** url- and cli-safe id, e.g. `spring` or `rigid2d-pyramid` */
  id: string;
  /** the title shown above the canvas and in the sidebar */
  title: string;
  /** which section of the playground lists it: 'integrators', 'rigid2d', 'xpbd', 'fluid', 'lab', ... */
  domain: string;
  /** one or two sentences for the user: the method, its authors and year, what to look at */
  description: string;
  /** default fixed frame step, seconds */
  dt: number;
  /** the suggested camera for a canvas of the given size */
  view(width: number, height: number): View;
  /** the tweakable parameters: the playground's panel shows them, the CLI sets them with --param */
  params?: DemoParam[];
  /**
   * How the instance's `series()` are drawn: one colour (and unit, label) per key, declared once
   * and read by the demo's canvas, the playground's live plot and the CLI's `series.png`.
   * Keys a demo may omit (e.g. hidden curves) may still be declared.
   */
  series?: readonly SeriesStyle[];
  /** builds a running instance from the parameter values (defaults for any not given) */
  create(params?: DemoParamValues, options?: { dt?: number }): DemoInstance;
}

/** Fills in defaults for any parameter not given; rejects unknown keys. */
export function resolveParams(demo: Demo, given: DemoParamValues = {}): DemoParamValues {
  const out: DemoParamValues = {};
  const known = new Set((demo.params ?? []).map((p) => p.key));
  for (const key of Object.keys(given)) {
    if (!known.has(key)) throw new Error(`demo ${demo.id}: unknown parameter '${key}'`);
  }
  for (const p of demo.params ?? []) out[p.key] = given[p.key] ?? p.default;
  return out;
}
