/**
 * The jelly-cube demo names each body under the body itself: the tilted cubes land on a corner
 * and slide, and each label follows its body (it is drawn inside the body's projected x-extent)
 * instead of staying at the place the body started from.
 */
import { describe, expect, it } from 'vitest';
import type { JellyCube } from '../../src/demos/fem.js';
import { findDemo } from '../../src/demos/index.js';
import { resolveParams, toPxX } from '../../src/demos/types.js';
import { createNodeCanvas } from '../../src/render/canvas-node.js';

/** The pixel x of every text `draw` writes, by text. */
function textPositions(draw: (ctx: CanvasRenderingContext2D) => void): Map<string, number> {
  const c = createNodeCanvas(800, 500);
  const at = new Map<string, number>();
  const ctx = new Proxy(c.ctx, {
    get(target, key) {
      const v = Reflect.get(target, key, target);
      if (key === 'fillText')
        return (text: string, x: number, y: number) => {
          const m = target.getTransform();
          at.set(text, m.a * x + m.c * y + m.e);
          (v as CanvasRenderingContext2D['fillText']).call(target, text, x, y);
        };
      return typeof v === 'function' ? v.bind(target) : v;
    },
    set(target, key, value) {
      return Reflect.set(target, key, value, target);
    },
  });
  draw(ctx);
  return at;
}

describe('fem-jelly-cube labels', () => {
  it('stay on their bodies as the bodies slide', () => {
    const demo = findDemo('fem-jelly-cube')!;
    const inst = demo.create(resolveParams(demo)) as JellyCube;
    const view = demo.view(800, 500);
    // the tilted cubes land on a corner, bounce and slide: by now the left one has travelled far
    for (let f = 0; f < 60; f++) inst.step();
    const texts = textPositions((ctx) => inst.draw(ctx, view));
    const x = inst.positions;
    for (const [body, name] of [
      [inst.bodies[0], 'shape matching'],
      [inst.bodies[1], 'FEM'],
    ] as const) {
      let lo = Infinity;
      let hi = -Infinity;
      for (let i = body.first; i < body.first + body.count; i++) {
        const px = toPxX(view, x[3 * i]! + 0.45 * x[3 * i + 2]!);
        lo = Math.min(lo, px);
        hi = Math.max(hi, px);
      }
      const tx = texts.get(name)!;
      expect(tx, `${name} label at ${tx} px, body over ${lo}…${hi} px`).toBeGreaterThanOrEqual(lo);
      expect(tx).toBeLessThanOrEqual(hi);
    }
    // the left cube really is away from where a fixed label would be (x = −0.6, where it started)
    let cx = 0;
    for (let i = inst.bodies[0].first; i < inst.bodies[0].first + inst.bodies[0].count; i++) cx += x[3 * i]!;
    expect(Math.abs(cx / inst.bodies[0].count + 0.6)).toBeGreaterThan(0.4);
  });
});
