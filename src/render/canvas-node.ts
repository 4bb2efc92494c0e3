/**
 * Headless Canvas 2D for Node through @napi-rs/canvas. Its context implements the standard
 * CanvasRenderingContext2D API that demos draw against, so the same `draw(ctx, view)` runs in
 * the browser and here. Node-only.
 */
import { createCanvas } from '@napi-rs/canvas';

export interface NodeCanvas {
  width: number;
  height: number;
  /** the standard 2D context (cast: @napi-rs/canvas implements the same API) */
  ctx: CanvasRenderingContext2D;
  /** fills the whole canvas with a colour and resets the transform */
  clear(color: string): void;
  /** the pixels as RGBA bytes, row-major from the top-left */
  rgba(): Uint8ClampedArray;
  /** a PNG file's bytes */
  png(): Buffer;
}

export function createNodeCanvas(width: number, height: number): NodeCanvas {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d') as unknown as CanvasRenderingContext2D;
  return {
    width,
    height,
    ctx,
    clear(color: string) {
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.globalAlpha = 1;
      ctx.globalCompositeOperation = 'source-over';
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, width, height);
    },
    rgba() {
      return ctx.getImageData(0, 0, width, height).data;
    },
    png() {
      return canvas.toBuffer('image/png');
    },
  };
}
