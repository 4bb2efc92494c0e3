import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { stretchColor } from '../../src/demos/kit/stretch-color.js';
import { xpbdDemos } from '../../src/demos/xpbd.js';

function ctx2d(w: number, h: number): CanvasRenderingContext2D {
  return createCanvas(w, h).getContext('2d') as unknown as CanvasRenderingContext2D;
}

function runDemo(id: string, frames: number, params?: Record<string, number | string | boolean>) {
  const demo = xpbdDemos.find((d) => d.id === id);
  if (!demo) throw new Error(`no demo ${id}`);
  const inst = demo.create(params);
  for (let f = 0; f < frames; f++) inst.step();
  const view = demo.view(320, 240);
  const ctx = ctx2d(320, 240);
  inst.draw(ctx, view);
  return { demo, inst, ctx };
}

describe('xpbd demos', () => {
  it('every demo builds, steps a second, draws, and reports finite stats', () => {
    const ids = xpbdDemos.map((d) => d.id);
    expect(ids).toEqual([
      'xpbd-cloth-iterations',
      'xpbd-cloth-substeps',
      'xpbd-chain',
      'xpbd-drape',
      'xpbd-flag',
      'xpbd-hair',
      'xpbd-balloon',
      'xpbd-rods',
    ]);
    for (const id of ids) {
      const { inst } = runDemo(
        id,
        id === 'xpbd-drape' ? 30 : 60,
        id === 'xpbd-drape' ? { resolution: 16 } : undefined,
      );
      expect(inst.time).toBeCloseTo(id === 'xpbd-drape' ? 0.5 : 1, 9);
      for (const [k, v] of Object.entries(inst.stats?.() ?? {}))
        expect(Number.isFinite(v), `${id}.${k}`).toBe(true);
    }
  });

  it('stretch colours: green at 0%, red at ≥ 15%', () => {
    expect(stretchColor(0)).toBe('rgb(0,200,40)');
    expect(stretchColor(0.15)).toBe('rgb(255,0,40)');
    expect(stretchColor(0.5)).toBe('rgb(255,0,40)');
  });

  it('§26.3 the iterations demo shows the textbook figures (stretch falls 1 → 4 → 16)', () => {
    const { inst } = runDemo('xpbd-cloth-iterations', 180);
    const s = inst.stats!();
    expect(s.maxStretch1).toBeGreaterThan(s.maxStretch4);
    expect(s.maxStretch4).toBeGreaterThan(s.maxStretch16);
    expect(s.hanging16).toBeGreaterThan(1.2 * 0.75);
  });

  it('the draped cloth does not pass through the sphere or the ground; hair keeps its lengths', () => {
    const drape = runDemo('xpbd-drape', 90, { resolution: 16 });
    // reaching inside the demo: particles must stay outside the sphere (r 0.35 at (−0.55, 0, 0))
    const world = (drape.inst as unknown as { world: { particles: { x: Float64Array; count: number } } })
      .world;
    for (let i = 0; i < world.particles.count; i++) {
      const x = world.particles.x;
      expect(Math.hypot(x[3 * i] + 0.55, x[3 * i + 1], x[3 * i + 2])).toBeGreaterThan(0.35);
      expect(x[3 * i + 1]).toBeGreaterThan(-0.35);
    }
    const hair = runDemo('xpbd-hair', 60, { strands: 20 });
    expect(hair.inst.stats!().maxLengthError).toBeLessThan(1e-12);
  });

  it('pointer drag pulls a chain particle to the pointer (soft attachment)', () => {
    const demo = xpbdDemos.find((d) => d.id === 'xpbd-chain')!;
    const inst = demo.create();
    for (let f = 0; f < 60; f++) inst.step();
    const world = (inst as unknown as { world: { particles: { x: Float64Array } } }).world;
    const x = world.particles.x;
    inst.pointer!({ kind: 'down', x: x[3 * 6], y: x[3 * 6 + 1] });
    inst.pointer!({ kind: 'move', x: 0.5, y: 2.5 });
    for (let f = 0; f < 60; f++) inst.step();
    expect(Math.hypot(x[3 * 6] - 0.5, x[3 * 6 + 1] - 2.5)).toBeLessThan(0.05);
    inst.pointer!({ kind: 'up', x: 0.5, y: 2.5 });
    for (let f = 0; f < 60; f++) inst.step();
    expect(Math.hypot(x[3 * 6] - 0.5, x[3 * 6 + 1] - 2.5)).toBeGreaterThan(0.05); // released: it falls
  });

  it('rods demo (Kugelstadt & Schömer 2016): the stiff rod holds itself out, the soft rod and the rope droop', () => {
    const { inst } = runDemo('xpbd-rods', 120);
    const s = inst.stats!();
    expect(s.tipYStiff).toBeGreaterThan(-0.01);
    expect(s.tipYSoft).toBeLessThan(-0.3);
    expect(s.tipYRope).toBeLessThan(-0.5);
  });
});
