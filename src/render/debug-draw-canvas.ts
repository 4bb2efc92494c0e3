/**
 * The Canvas 2D backend of the rigid-body debug draw: `CanvasDebugDraw` implements the engine's
 * `DebugDraw2` callbacks (rigid2d/debug-draw.ts) on a `CanvasRenderingContext2D` through a `View`
 * (world units, y up). Works with the browser's canvas and with @napi-rs/canvas alike.
 */
import { applyView, type View } from '../core/view.js';
import type { DebugDraw2 } from '../rigid2d/debug-draw.js';

/** The outline of solid shapes (the engine's DEBUG_OUTLINE). */
const OUTLINE = '#2b2b2b';

const cssCache = new Map<number, string>();

/** 0xRRGGBB → '#rrggbb' (cached: a frame draws few distinct colours). */
export function cssColor(color: number): string {
  let s = cssCache.get(color);
  if (s === undefined) {
    s = `#${(color & 0xffffff).toString(16).padStart(6, '0')}`;
    cssCache.set(color, s);
  }
  return s;
}

/**
 * Draws `DebugDraw2` calls on a canvas. Call {@link begin} before handing it to `drawWorld` (it
 * saves the context and applies the view) and {@link end} after (it restores the context).
 */
export class CanvasDebugDraw implements DebugDraw2 {
  private ctx: CanvasRenderingContext2D | null = null;
  private px = 1;

  /** Saves `ctx`, applies `view`; the drawer then speaks in world units. */
  begin(ctx: CanvasRenderingContext2D, view: View): this {
    this.ctx = ctx;
    this.px = 1 / view.scale;
    ctx.save();
    applyView(ctx, view);
    ctx.lineWidth = this.px;
    ctx.lineJoin = 'round';
    ctx.globalAlpha = 1;
    return this;
  }

  /** Restores the context saved by {@link begin}. */
  end(): void {
    this.ctx?.restore();
    this.ctx = null;
  }

  private get c(): CanvasRenderingContext2D {
    if (!this.ctx) throw new Error('CanvasDebugDraw: call begin(ctx, view) first');
    return this.ctx;
  }

  private finish(color: number, solid: boolean): void {
    const ctx = this.c;
    ctx.lineWidth = this.px;
    if (solid) {
      ctx.fillStyle = cssColor(color);
      ctx.fill();
      ctx.strokeStyle = OUTLINE;
    } else {
      ctx.strokeStyle = cssColor(color);
    }
    ctx.stroke();
  }

  polygon(
    vertices: Float64Array | number[],
    count: number,
    radius: number,
    color: number,
    solid: boolean,
  ): void {
    const ctx = this.c;
    ctx.beginPath();
    ctx.moveTo(vertices[0]!, vertices[1]!);
    for (let k = 1; k < count; k++) ctx.lineTo(vertices[2 * k]!, vertices[2 * k + 1]!);
    ctx.closePath();
    if (radius > 0 && solid) {
      // a rounded polygon: the core outline stroked with a round pen of twice the radius, filled
      ctx.lineWidth = 2 * radius;
      ctx.strokeStyle = cssColor(color);
      ctx.stroke();
      ctx.fillStyle = ctx.strokeStyle;
      ctx.fill();
      ctx.lineWidth = this.px;
      return;
    }
    this.finish(color, solid);
  }

  circle(cx: number, cy: number, r: number, angle: number, color: number, solid: boolean): void {
    const ctx = this.c;
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, 2 * Math.PI);
    this.finish(color, solid);
    // a spoke shows the rotation
    ctx.beginPath();
    ctx.moveTo(cx, cy);
    ctx.lineTo(cx + Math.cos(angle) * r, cy + Math.sin(angle) * r);
    ctx.stroke();
  }

  capsule(x1: number, y1: number, x2: number, y2: number, r: number, color: number, solid: boolean): void {
    const ctx = this.c;
    const a = Math.atan2(y2 - y1, x2 - x1);
    ctx.beginPath();
    ctx.arc(x2, y2, r, a - Math.PI / 2, a + Math.PI / 2);
    ctx.arc(x1, y1, r, a + Math.PI / 2, a + (3 * Math.PI) / 2);
    ctx.closePath();
    this.finish(color, solid);
  }

  segment(x1: number, y1: number, x2: number, y2: number, color: number): void {
    const ctx = this.c;
    ctx.beginPath();
    ctx.moveTo(x1, y1);
    ctx.lineTo(x2, y2);
    ctx.lineWidth = 2 * this.px;
    ctx.strokeStyle = cssColor(color);
    ctx.stroke();
    ctx.lineWidth = this.px;
  }

  point(x: number, y: number, size: number, color: number): void {
    const h = 0.5 * size * this.px;
    const ctx = this.c;
    ctx.fillStyle = cssColor(color);
    ctx.fillRect(x - h, y - h, 2 * h, 2 * h);
  }
}
