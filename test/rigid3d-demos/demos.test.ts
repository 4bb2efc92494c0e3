/**
 * The 3D demos' physics and drawing: the racket flips only about its intermediate axis, the box
 * stack stands and sleeps, the pyramid's top cube stays, the dominoes fall in a wave, a pointer drag
 * moves the grabbed body, and the shaded projection draws every demo.
 */
import { describe, expect, it } from 'vitest';
import { type Rigid3dDemoInstance, rigid3dDemos } from '../../src/demos/rigid3d.js';
import { resolveParams } from '../../src/demos/types.js';
import { createNodeCanvas } from '../../src/render/canvas-node.js';
import { CameraFrame3, orbitCamera3 } from '../../src/render/view3d.js';

function demo(id: string) {
  const d = rigid3dDemos.find((x) => x.id === id);
  if (!d) throw new Error(id);
  return d;
}
function create(id: string, p: Record<string, number | boolean | string> = {}) {
  const d = demo(id);
  return d.create(resolveParams(d, p)) as Rigid3dDemoInstance;
}

describe('rigid3d demos', () => {
  it('the racket flips about its intermediate axis; the major and minor axes stay', () => {
    const seconds = 6;
    const run = (axis: string) => {
      const inst = create('rigid3d-racket', { axis });
      let min = 1;
      for (let f = 0; f < 60 * seconds; f++) {
        inst.step();
        min = Math.min(min, inst.series().spinAxis!);
      }
      return min;
    };
    expect(run('intermediate')).toBeLessThan(-0.9);
    expect(run('major')).toBeGreaterThan(0.999);
    expect(run('minor')).toBeGreaterThan(0.999);
  });

  it('the 10-box stack stands and falls asleep; the base-6 pyramid keeps its top cube', () => {
    const stack = create('rigid3d-stack');
    for (let f = 0; f < 180; f++) stack.step();
    expect(Math.abs(stack.series().top! - 9.5)).toBeLessThan(0.05);
    expect(stack.stats().awakeBodies).toBe(0);
    const pyr = create('rigid3d-pyramid', { base: 6 });
    for (let f = 0; f < 120; f++) pyr.step();
    expect(Math.abs(pyr.series().topDrop!)).toBeLessThan(0.02);
  });

  it('the dominoes fall one after another', () => {
    const inst = create('rigid3d-dominoes', { count: 15 });
    let at1 = 0;
    for (let f = 0; f < 300; f++) {
      inst.step();
      if (f === 59) at1 = inst.series().fallen!;
    }
    const at5 = inst.series().fallen!;
    expect(at5).toBeGreaterThan(at1);
    expect(at5).toBeGreaterThanOrEqual(13);
  });

  it('a pointer drag lifts the grabbed box', () => {
    const inst = create('rigid3d-stack', { count: 2 });
    for (let f = 0; f < 30; f++) inst.step();
    const top = inst.world3.bodyIds()[2]!;
    const y0 = inst.world3.getPosition(top)[1];
    // the image-plane point of the top box's centre
    const frame = new CameraFrame3(inst.camera3);
    const p = new Float64Array(2);
    frame.project(0, 1.5, 0, p);
    inst.pointer({ kind: 'down', x: p[0]!, y: p[1]! });
    expect(inst.grabbed).toBe(top);
    for (let f = 0; f < 90; f++) {
      inst.pointer({ kind: 'move', x: p[0]!, y: p[1]! + Math.min(2, (2 * f) / 60) });
      inst.step();
    }
    expect(inst.world3.getPosition(top)[1]).toBeGreaterThan(y0 + 0.8);
    inst.pointer({ kind: 'up', x: 0, y: 0 });
    expect(inst.grabbed).toBe(null);
  });

  it('the projection draws bodies in their colours and the grid; orbit cameras look at the target', () => {
    const cam = new CameraFrame3(orbitCamera3([1, 2, 3], 10, 0.3, 0.4));
    const p = new Float64Array(2);
    expect(cam.project(1, 2, 3, p)).toBeCloseTo(10, 12);
    expect(Math.abs(p[0]!) + Math.abs(p[1]!)).toBeLessThan(1e-12);
    const ray = new Float64Array(6);
    cam.ray(0.5, -0.25, ray);
    const d = cam.project(ray[0]! + 7 * ray[3]!, ray[1]! + 7 * ray[4]!, ray[2]! + 7 * ray[5]!, p);
    expect(d).toBeGreaterThan(0);
    expect(p[0]!).toBeCloseTo(0.5, 9);
    expect(p[1]!).toBeCloseTo(-0.25, 9);
    for (const d of rigid3dDemos) {
      const inst = d.create(resolveParams(d));
      const c = createNodeCanvas(160, 120);
      c.clear('#ffffff');
      inst.draw(c.ctx, d.view(160, 120));
      const px = c.rgba();
      const colours = new Set<number>();
      for (let i = 0; i < px.length; i += 4) colours.add((px[i]! << 16) | (px[i + 1]! << 8) | px[i + 2]!);
      expect(colours.size, d.id).toBeGreaterThan(8);
    }
  });
});
