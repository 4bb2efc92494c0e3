/**
 * Canvas helpers every demo shares: clearing to a background, text in pixels or at a world point,
 * and a monospace text panel.
 */
import { toPxX, toPxY, type View } from '../../core/view.js';

/** Resets the transform and fills the whole canvas with `color`. */
export function clear(ctx: CanvasRenderingContext2D, view: View, color = '#f7f7f4'): void {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, view.width, view.height);
}

/** Text at pixel (px, py), left-aligned, in the current transform. */
export function label(
  ctx: CanvasRenderingContext2D,
  text: string,
  px: number,
  py: number,
  color = '#222',
  font = '12px sans-serif',
): void {
  ctx.fillStyle = color;
  ctx.font = font;
  ctx.fillText(text, px, py);
}

/** Text centred on the world point (x, y), in pixel space (the transform is reset). */
export function labelAt(
  ctx: CanvasRenderingContext2D,
  view: View,
  text: string,
  x: number,
  y: number,
  color = '#222',
  font = '12px sans-serif',
): void {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.textAlign = 'center';
  label(ctx, text, toPxX(view, x), toPxY(view, y), color, font);
}

/** Lines of monospace text from the top-left corner (8 px in, 16 px apart). */
export function textPanel(ctx: CanvasRenderingContext2D, lines: readonly string[], color = '#222222'): void {
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = color;
  ctx.font = '12px monospace';
  for (let i = 0; i < lines.length; i++) ctx.fillText(lines[i]!, 8, 16 + 16 * i);
  ctx.restore();
}
