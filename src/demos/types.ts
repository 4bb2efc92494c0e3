/**
 * The demo registry's contract. One list of named demos is the single source that the CLI,
 * the playground, the tests and the benchmarks read. A demo is a factory that builds a world,
 * a fixed-step `step`, and a `draw(ctx, view)` written against the standard Canvas 2D API
 * (the browser's and @napi-rs/canvas's contexts both satisfy it).
 */

/** A camera: the world point (cx, cy) sits at the canvas centre, `scale` pixels per metre, y up. */
export interface View {
  /** canvas width in pixels */
  width: number;
  /** canvas height in pixels */
  height: number;
  /** world x at the canvas centre */
  cx: number;
  /** world y at the canvas centre */
  cy: number;
  /** pixels per world unit */
  scale: number;
}

/** World → canvas pixel x. */
export function toPxX(view: View, x: number): number {
  return view.width / 2 + (x - view.cx) * view.scale;
}
/** World → canvas pixel y (world y is up, canvas y is down). */
export function toPxY(view: View, y: number): number {
  return view.height / 2 - (y - view.cy) * view.scale;
}
/** Canvas pixel → world x. */
export function toWorldX(view: View, px: number): number {
  return view.cx + (px - view.width / 2) / view.scale;
}
/** Canvas pixel → world y. */
export function toWorldY(view: View, py: number): number {
  return view.cy - (py - view.height / 2) / view.scale;
}

/**
 * Sets the context transform so that drawing happens in world units with y up.
 * Remember to divide line widths by `view.scale` afterwards.
 */
export function applyView(ctx: CanvasRenderingContext2D, view: View): void {
  ctx.setTransform(
    view.scale,
    0,
    0,
    -view.scale,
    view.width / 2 - view.cx * view.scale,
    view.height / 2 + view.cy * view.scale,
  );
}

/** A tweakable parameter a demo declares; the playground builds its panel from these. */
export type DemoParam =
  | { key: string; label?: string; kind: 'number'; default: number; min: number; max: number; step?: number }
  | { key: string; label?: string; kind: 'boolean'; default: boolean }
  | { key: string; label?: string; kind: 'choice'; default: string; options: string[] };

export type DemoParamValues = Record<string, number | boolean | string>;

/** Pointer interaction in world coordinates (dragging bodies, adding smoke, ...). */
export interface DemoPointer {
  kind: 'down' | 'move' | 'up';
  x: number;
  y: number;
}

/** A running demo. */
export interface DemoInstance {
  /** simulated time in seconds */
  readonly time: number;
  /** the fixed frame step in seconds */
  readonly dt: number;
  /** advance one frame of `dt` */
  step(): void;
  /** draw the current state; must not change it */
  draw(ctx: CanvasRenderingContext2D, view: View): void;
  /** the current values of the demo's plot series (same keys every call), e.g. { energy: 12.5 } */
  series?(): Record<string, number>;
  /** optional mouse / touch input in world coordinates */
  pointer?(event: DemoPointer): void;
  /** optional: a JSON-able snapshot of key numbers for the CLI's CSV / tests */
  stats?(): Record<string, number>;
}

export interface Demo {
  /** url- and cli-safe id, e.g. `spring` or `rigid2d-pyramid` */
  id: string;
  title: string;
  /** which section of the playground lists it: 'integrators', 'rigid2d', 'xpbd', 'fluid', 'lab', ... */
  domain: string;
  /** one or two sentences, with the seed section it follows */
  description: string;
  /** default fixed frame step, seconds */
  dt: number;
  /** the suggested camera for a canvas of the given size */
  view(width: number, height: number): View;
  params?: DemoParam[];
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
