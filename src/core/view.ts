/**
 * The view transform shared by every drawer: a camera that puts the world point (cx, cy) at the
 * canvas centre, `scale` pixels per metre, y up (world y is up, canvas y is down).
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
