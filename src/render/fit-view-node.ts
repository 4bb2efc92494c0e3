/**
 * A camera for things that do not suggest one (scene files without `view`): draw the instance once
 * through a context that records where every path point, rectangle, arc, text and image lands
 * (after the current transform), ignore whole-canvas fills (backgrounds), and fit the view to the
 * bounding box of the rest. The calls also reach a real headless context, which keeps the
 * transform state. Node-only.
 */
import type { DemoInstance } from '../core/demo-instance.js';
import type { View } from '../core/view.js';
import { createNodeCanvas } from './canvas-node.js';

const PROBE = 256;

type Box = { x0: number; y0: number; x1: number; y1: number };

/** The bounding box, in probe pixels, of what `draw` puts on the canvas (backgrounds excluded). */
function drawnBounds(instance: DemoInstance, view: View): Box | undefined {
  const real = createNodeCanvas(PROBE, PROBE).ctx;
  const box: Box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  const corners = (pts: number[]) => {
    const m = real.getTransform();
    const out: number[] = [];
    for (let i = 0; i < pts.length; i += 2) {
      out.push(m.a * pts[i]! + m.c * pts[i + 1]! + m.e, m.b * pts[i]! + m.d * pts[i + 1]! + m.f);
    }
    return out;
  };
  const add = (dev: number[]) => {
    for (let i = 0; i < dev.length; i += 2) {
      const x = dev[i]!;
      const y = dev[i + 1]!;
      if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
      box.x0 = Math.min(box.x0, x);
      box.x1 = Math.max(box.x1, x);
      box.y0 = Math.min(box.y0, y);
      box.y1 = Math.max(box.y1, y);
    }
  };
  /** a rectangle, unless it covers the whole canvas (a background) */
  const rect = (x: number, y: number, w: number, h: number) => {
    const d = corners([x, y, x + w, y, x, y + h, x + w, y + h]);
    const xs = [d[0]!, d[2]!, d[4]!, d[6]!];
    const ys = [d[1]!, d[3]!, d[5]!, d[7]!];
    const covers =
      Math.min(...xs) <= 0 && Math.min(...ys) <= 0 && Math.max(...xs) >= PROBE && Math.max(...ys) >= PROBE;
    if (!covers) add(d);
  };
  const record: Record<string, (...a: number[]) => void> = {
    moveTo: (x, y) => add(corners([x, y])),
    lineTo: (x, y) => add(corners([x, y])),
    quadraticCurveTo: (a, b, x, y) => add(corners([a, b, x, y])),
    bezierCurveTo: (a, b, c, d, x, y) => add(corners([a, b, c, d, x, y])),
    arc: (x, y, r) => add(corners([x - r, y - r, x + r, y + r, x - r, y + r, x + r, y - r])),
    arcTo: (a, b, x, y) => add(corners([a, b, x, y])),
    ellipse: (x, y, rx, ry) => {
      const r = Math.max(rx, ry);
      add(corners([x - r, y - r, x + r, y + r, x - r, y + r, x + r, y - r]));
    },
    rect,
    roundRect: rect,
    fillRect: rect,
    strokeRect: rect,
  };
  const proxy = new Proxy(real, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      const rec = typeof prop === 'string' ? record[prop] : undefined;
      return (...args: unknown[]) => {
        if (rec) rec(...(args as number[]));
        else if (prop === 'fillText' || prop === 'strokeText')
          add(corners([args[1] as number, args[2] as number]));
        else if (prop === 'drawImage') {
          const img = args[0] as { width?: number; height?: number };
          const [dx, dy, dw, dh] =
            args.length >= 9
              ? (args.slice(5, 9) as number[])
              : [
                  args[1] as number,
                  args[2] as number,
                  (args[3] ?? img.width ?? 0) as number,
                  (args[4] ?? img.height ?? 0) as number,
                ];
          rect(dx!, dy!, dw!, dh!);
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
    set(target, prop, value) {
      return Reflect.set(target, prop, value, target);
    },
  });
  instance.draw(proxy, view);
  return box.x1 >= box.x0 ? box : undefined;
}

/** Finds a view of `width`×`height` pixels showing everything `instance.draw` draws, with a margin. */
export function fitView(instance: DemoInstance, width: number, height: number): View {
  const probe: View = { width: PROBE, height: PROBE, cx: 0, cy: 0, scale: 1 };
  const b = drawnBounds(instance, probe);
  if (!b) return { width, height, cx: 0, cy: 0, scale: Math.min(width, height) / 20 };
  // probe pixels → world (scale 1, centred on the origin, y up)
  const wx0 = b.x0 - PROBE / 2;
  const wx1 = b.x1 - PROBE / 2;
  const wy0 = PROBE / 2 - b.y1;
  const wy1 = PROBE / 2 - b.y0;
  const w = Math.max(wx1 - wx0, 1e-9);
  const h = Math.max(wy1 - wy0, 1e-9);
  const scale = 0.9 * Math.min(width / w, height / h);
  return {
    width,
    height,
    cx: (wx0 + wx1) / 2,
    cy: (wy0 + wy1) / 2,
    scale: Number.isFinite(scale) ? scale : 1,
  };
}
