/**
 * A camera for things that do not suggest one (scene files): draw the instance once on a large
 * probe canvas at a coarse scale, find the bounding box of the pixels that differ from the
 * background, and zoom in twice so that the drawing fills the view with a margin. Node-only.
 */
import type { DemoInstance, View } from '../demos/types.js';
import { createNodeCanvas } from './canvas-node.js';

const PROBE = 512;
const BG = '#ff00ff'; // a colour no drawing is expected to use everywhere

function drawnBox(instance: DemoInstance, view: View): [number, number, number, number] | undefined {
  const c = createNodeCanvas(PROBE, PROBE);
  c.clear(BG);
  instance.draw(c.ctx, view);
  const d = c.rgba();
  let x0 = PROBE;
  let y0 = PROBE;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < PROBE; y++) {
    for (let x = 0; x < PROBE; x++) {
      const i = (y * PROBE + x) * 4;
      if (d[i] !== 255 || d[i + 1] !== 0 || d[i + 2] !== 255) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
  }
  return x1 < 0 ? undefined : [x0, y0, x1, y1];
}

/** Finds a view of `width`×`height` pixels showing everything `instance.draw` draws. */
export function fitView(instance: DemoInstance, width: number, height: number): View {
  let probe: View = { width: PROBE, height: PROBE, cx: 0, cy: 0, scale: 0.25 }; // ±1 km
  for (let pass = 0; pass < 3; pass++) {
    const box = drawnBox(instance, probe);
    if (!box) break;
    const [x0, y0, x1, y1] = box;
    if (x0 === 0 && y0 === 0 && x1 === PROBE - 1 && y1 === PROBE - 1 && pass > 0) break; // fills the probe
    const wx0 = probe.cx + (x0 - PROBE / 2) / probe.scale;
    const wx1 = probe.cx + (x1 + 1 - PROBE / 2) / probe.scale;
    const wy1 = probe.cy - (y0 - PROBE / 2) / probe.scale;
    const wy0 = probe.cy - (y1 + 1 - PROBE / 2) / probe.scale;
    const span = Math.max(wx1 - wx0, wy1 - wy0, 1e-6);
    probe = {
      width: PROBE,
      height: PROBE,
      cx: (wx0 + wx1) / 2,
      cy: (wy0 + wy1) / 2,
      scale: (PROBE * 0.8) / span,
    };
    if (pass === 2 || (x1 - x0 > PROBE * 0.3 && pass > 0)) {
      const scale = Math.min(width / (wx1 - wx0 || span), height / (wy1 - wy0 || span)) * 0.85;
      return { width, height, cx: probe.cx, cy: probe.cy, scale };
    }
  }
  if (probe.scale === 0.25) return { width, height, cx: 0, cy: 0, scale: Math.min(width, height) / 20 };
  return {
    width,
    height,
    cx: probe.cx,
    cy: probe.cy,
    scale: (probe.scale * Math.min(width, height)) / PROBE,
  };
}
