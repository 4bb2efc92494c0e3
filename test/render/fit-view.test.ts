import { describe, expect, it } from 'vitest';
import { applyView, type DemoInstance, toPxX, toPxY, type View } from '../../src/demos/types.js';
import { fitView } from '../../src/render/fit-view-node.js';

function still(draw: (ctx: CanvasRenderingContext2D, view: View) => void): DemoInstance {
  return { time: 0, dt: 1, step() {}, draw };
}

describe('fitView: a camera for scenes that do not suggest one', () => {
  it('frames a world-space rectangle drawn through applyView, ignoring the background fill', () => {
    const inst = still((ctx, view) => {
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.fillStyle = '#111';
      ctx.fillRect(0, 0, view.width, view.height); // background: ignored
      applyView(ctx, view);
      ctx.fillStyle = '#f00';
      ctx.fillRect(10, 5, 2, 1); // world box [10, 12] × [5, 6]
    });
    const v = fitView(inst, 400, 300);
    expect(v.width).toBe(400);
    expect(v.height).toBe(300);
    expect(v.cx).toBeCloseTo(11, 9);
    expect(v.cy).toBeCloseTo(5.5, 9);
    // 2 m wide × 1 m high into 400 × 300 px with a 10% margin: width-limited, 180 px per metre
    expect(v.scale).toBeCloseTo(180, 6);
  });

  it('frames arcs and paths drawn in pixel coordinates (toPxX / toPxY) and nested transforms', () => {
    const inst = still((ctx, view) => {
      ctx.beginPath();
      ctx.arc(toPxX(view, -3), toPxY(view, 0), 1 * view.scale, 0, 2 * Math.PI); // disc of radius 1 at (-3, 0)
      ctx.fill();
      ctx.save();
      applyView(ctx, view);
      ctx.translate(3, 0);
      ctx.beginPath();
      ctx.moveTo(0, -1);
      ctx.lineTo(0, 4); // segment from (3, -1) to (3, 4)
      ctx.stroke();
      ctx.restore();
    });
    const v = fitView(inst, 200, 200);
    // bounds [-4, 3] × [-1, 4]: centre (-0.5, 1.5), 7 m across
    expect(v.cx).toBeCloseTo(-0.5, 9);
    expect(v.cy).toBeCloseTo(1.5, 9);
    expect(v.scale).toBeCloseTo((0.9 * 200) / 7, 6);
  });

  it('falls back to a 20 m window when nothing is drawn', () => {
    expect(
      fitView(
        still(() => {}),
        300,
        200,
      ),
    ).toEqual({ width: 300, height: 200, cx: 0, cy: 0, scale: 10 });
  });
});
