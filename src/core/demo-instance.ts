/**
 * The demo-instance contract: what a running demo (or a loaded scene file) offers to whoever
 * hosts it — the playground, the CLI's headless recorder, the browser and registry tests.
 * Engines never see it; scene loaders and demos implement it.
 */
import type { View } from './view.js';

/**
 * A tweakable parameter a demo declares; the playground builds its panel from these.
 * `display: true` marks a drawing switch (draw contacts, colour islands, ...): changing it calls
 * the instance's `setDisplay` and keeps the simulation running instead of rebuilding it.
 */
export type DemoParam =
  | {
      key: string;
      label?: string;
      kind: 'number';
      default: number;
      min: number;
      max: number;
      step?: number;
      display?: boolean;
    }
  | { key: string; label?: string; kind: 'boolean'; default: boolean; display?: boolean }
  | { key: string; label?: string; kind: 'choice'; default: string; options: string[]; display?: boolean };

/** The current values of a demo's parameters, by key. */
export type DemoParamValues = Record<string, number | boolean | string>;

/** Pointer interaction in world coordinates (dragging bodies, adding smoke, ...). */
export interface DemoPointer {
  /** press, drag (or hover) and release */
  kind: 'down' | 'move' | 'up';
  /** world x of the pointer (m) */
  x: number;
  /** world y of the pointer (m) */
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
  /** optional: apply new values of the demo's display-only parameters (`display: true`) live */
  setDisplay?(values: DemoParamValues): void;
  /**
   * optional keyboard input: a key (its `KeyboardEvent.code`, e.g. 'ArrowUp', 'KeyJ') went down
   * or up; a demo that takes it drives itself from a script until the first key
   */
  key?(code: string, down: boolean): void;
}
