import { describe, expect, it } from 'vitest';
import { labsDemos } from '../../src/demos/labs.js';
import { resolveParams } from '../../src/demos/types.js';

const find = (id: string) => {
  const d = labsDemos.find((x) => x.id === id);
  if (!d) throw new Error(`missing demo ${id}`);
  return d;
};

/** A do-nothing 2D context: enough to run draw() headlessly. */
function fakeCtx(): CanvasRenderingContext2D {
  const noop = () => {};
  return new Proxy({} as Record<string, unknown>, {
    get: (t, k) => (k in t ? t[k as string] : noop),
    set: (t, k, v) => {
      t[k as string] = v;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

describe('lab demos', () => {
  it('every demo is in the lab domain, runs, draws, and reports the same finite series keys', () => {
    expect(labsDemos.length).toBeGreaterThanOrEqual(5);
    for (const demo of labsDemos) {
      expect(demo.domain).toBe('lab');
      const inst = demo.create(resolveParams(demo));
      const keys = Object.keys(inst.series!()).sort();
      const view = demo.view(320, 240);
      for (let i = 0; i < 120; i++) {
        inst.step();
        const s = inst.series!();
        expect(Object.keys(s).sort()).toEqual(keys);
        for (const v of Object.values(s)) expect(Number.isFinite(v)).toBe(true);
      }
      inst.draw(fakeCtx(), view);
      expect(inst.time).toBeCloseTo(120 * inst.dt, 9);
    }
  });

  it('lab-bounce: successive apexes fall by about e²', () => {
    for (const e of [0.7, 0.5]) {
      const inst = find('lab-bounce').create({ e });
      const ratios: number[] = [];
      let seen = -1;
      for (let i = 0; i < 240; i++) {
        inst.step();
        const r = inst.series!().apexRatio!;
        if (r !== seen && r > 0) ratios.push(r);
        seen = r;
      }
      expect(ratios.length).toBeGreaterThanOrEqual(2);
      for (const r of ratios.slice(1, 3)) expect(Math.abs(r - e * e)).toBeLessThan(0.03);
    }
  });

  it('lab-friction: the box stops within 1% of v0²/(2·mu·g) and never slides back', () => {
    const inst = find('lab-friction').create({ v0: 5, mu: 0.3 });
    let x = 0;
    for (let i = 0; i < 180; i++) {
      inst.step();
      const s = inst.series!();
      expect(s.x!).toBeGreaterThanOrEqual(x);
      x = s.x!;
    }
    expect(inst.series!().v).toBe(0);
    expect(Math.abs(x - 4.2517) / 4.2517).toBeLessThan(0.01);
  });

  it('lab-five-balls: the energy only falls overall', () => {
    const inst = find('lab-five-balls').create();
    const e0 = inst.series!().energy!;
    for (let i = 0; i < 450; i++) inst.step();
    expect(inst.series!().energy!).toBeLessThan(e0);
  });

  it('lab-collide: with e = 1 kinetic energy is kept exactly enough; with e = 0.5 it falls', () => {
    const elastic = find('lab-collide').create({ e: 1 });
    const k0 = elastic.series!().energy!;
    for (let i = 0; i < 300; i++) elastic.step();
    expect(Math.abs(elastic.series!().energy! - k0) / k0).toBeLessThan(1e-9);
    const lossy = find('lab-collide').create({ e: 0.5 });
    for (let i = 0; i < 300; i++) lossy.step();
    expect(lossy.series!().energy!).toBeLessThan(k0 * 0.9);
  });

  it('lab-friction-impulse: with high mu the first hit stops the sliding (static friction)', () => {
    const grip = find('lab-friction-impulse').create({ e: 0.5, mu: 1.5 });
    const slide = find('lab-friction-impulse').create({ e: 0.5, mu: 0.1 });
    while (grip.series!().hits === 0) grip.step();
    while (slide.series!().hits === 0) slide.step();
    expect(Math.abs(grip.series!().vx!)).toBeLessThan(1e-9);
    expect(slide.series!().vx!).toBeGreaterThan(2);
  });

  it('lab-sinking: without correction the box stays sunk, with correction it returns to the slop', () => {
    const inst = find('lab-sinking').create();
    for (let i = 0; i < 90; i++) inst.step();
    const s = inst.series!();
    expect(s.none!).toBeGreaterThan(4 * s.slop!);
    expect(Math.abs(s.split_impulse! - s.slop!)).toBeLessThan(5e-4);
    expect(Math.abs(s.baumgarte! - s.slop!)).toBeLessThan(5e-4);
  });

  it('lab-stack-iterations: more iterations, less penetration', () => {
    const inst = find('lab-stack-iterations').create({ mode: 'split-impulse', warmStarting: false });
    for (let i = 0; i < 90; i++) inst.step();
    const s = inst.series!();
    expect(s.it1!).toBeGreaterThan(s.it4!);
    expect(s.it4!).toBeGreaterThan(s.it10!);
  });

  it('lab-five-box-stack: the image difference reaches 0 and the stack stands', () => {
    const inst = find('lab-five-box-stack').create({ mode: 'split-impulse' });
    let moved = 0;
    for (let i = 0; i < 200; i++) {
      inst.step();
      moved = Math.max(moved, inst.series!().imageDiff!);
    }
    expect(moved).toBeGreaterThan(20);
    expect(inst.series!().imageDiff).toBe(0);
    expect(inst.stats!().top!).toBeGreaterThan(4.45);
  });

  it('lab-impulse-images: after the run its rasters equal the lab files (same formulas, same pixels)', async () => {
    const { impulseLabFiles } = await import('../../src/labs/impulse-lab.js');
    const { decodePNG } = await import('../../src/render/png.js');
    const inst = find('lab-impulse-images').create();
    for (let i = 0; i < 601; i++) inst.step();
    expect(inst.series!().step).toBeGreaterThanOrEqual(2400);
    // capture what draw() blits
    const blits: Uint8ClampedArray[] = [];
    const ctx = fakeCtx();
    (ctx as unknown as Record<string, unknown>).createImageData = (w: number, h: number) => ({
      data: new Uint8ClampedArray(w * h * 4),
    });
    (ctx as unknown as Record<string, unknown>).putImageData = (img: { data: Uint8ClampedArray }) =>
      blits.push(img.data);
    inst.draw(ctx, find('lab-impulse-images').view(800, 300));
    const files = impulseLabFiles();
    const png = (name: string) => decodePNG(files.find((f) => f.name === name)!.content as Uint8Array).data;
    expect(blits).toHaveLength(3);
    expect(Array.from(blits[0]!)).toEqual(Array.from(png('00-check.png')));
    expect(Array.from(blits[1]!)).toEqual(Array.from(png('bounce.png')));
    expect(Array.from(blits[2]!)).toEqual(Array.from(png('balls.png')));
  });
});
