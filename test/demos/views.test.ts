/**
 * Demos whose content moves a lot stay inside their suggested view: the turning tumbler, the
 * drooping rods and the flag in gusty wind. Every path point, arc and text a demo draws is
 * recorded in canvas pixels (through the current transform) on a probe context; none may fall
 * outside the canvas, for a wide, a square and a narrow (phone) canvas, over several seconds.
 * Full-canvas fills (backgrounds, ground) are not content and are not recorded.
 */
import { describe, expect, it } from 'vitest';
import { findDemo } from '../../src/demos/index.js';
import { createNodeCanvas } from '../../src/render/canvas-node.js';

/** The bounding box in pixels of what `draw` puts on the canvas (paths, arcs, text). */
function probe(ctx: CanvasRenderingContext2D) {
  const box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  const add = (x: number, y: number, r = 0) => {
    const m = ctx.getTransform();
    const px = m.a * x + m.c * y + m.e;
    const py = m.b * x + m.d * y + m.f;
    const pr = r * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
    box.x0 = Math.min(box.x0, px - pr);
    box.x1 = Math.max(box.x1, px + pr);
    box.y0 = Math.min(box.y0, py - pr);
    box.y1 = Math.max(box.y1, py + pr);
  };
  const proxy = new Proxy(ctx, {
    get(target, key) {
      const v = Reflect.get(target, key, target);
      if (typeof v !== 'function') return v;
      if (key === 'moveTo' || key === 'lineTo')
        return (x: number, y: number) => {
          add(x, y);
          v.call(target, x, y);
        };
      if (key === 'arc')
        return (x: number, y: number, r: number, ...rest: number[]) => {
          add(x, y, r);
          v.call(target, x, y, r, ...rest);
        };
      if (key === 'fillText' || key === 'strokeText')
        return (text: string, x: number, y: number) => {
          const w = target.measureText(text).width;
          const align = target.textAlign;
          const left = align === 'center' ? x - w / 2 : align === 'right' || align === 'end' ? x - w : x;
          add(left, y);
          add(left + w, y);
          v.call(target, text, x, y);
        };
      return v.bind(target);
    },
    set(target, key, value) {
      return Reflect.set(target, key, value, target);
    },
  });
  return { ctx: proxy as CanvasRenderingContext2D, box };
}

const SIZES: [number, number][] = [
  [800, 450],
  [500, 500],
  [400, 280],
];
const CHECK_FRAMES = [0, 60, 200, 420];

describe('demo views hold their content', () => {
  for (const id of ['rigid2d-tumbler', 'xpbd-rods', 'xpbd-flag']) {
    it(`${id} stays on the canvas at ${SIZES.map((s) => s.join('×')).join(', ')}`, () => {
      const demo = findDemo(id)!;
      const inst = demo.create();
      const canvas = createNodeCanvas(800, 500);
      const out: string[] = [];
      let frame = 0;
      for (const f of CHECK_FRAMES) {
        while (frame < f) {
          inst.step();
          frame++;
        }
        for (const [w, h] of SIZES) {
          const view = demo.view(w, h);
          const p = probe(canvas.ctx);
          canvas.clear('#ffffff');
          inst.draw(p.ctx, view);
          const { x0, y0, x1, y1 } = p.box;
          if (x0 < 0 || y0 < 0 || x1 > w || y1 > h)
            out.push(
              `${w}×${h} frame ${f}: drawn over x ${x0.toFixed(0)}…${x1.toFixed(0)}, y ${y0.toFixed(0)}…${y1.toFixed(0)}`,
            );
        }
      }
      expect(out, out.join('\n')).toEqual([]);
    });
  }
});
