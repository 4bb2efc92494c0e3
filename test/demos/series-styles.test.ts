/**
 * One palette per demo series: every demo of the registry's own domains declares how each of its
 * `series()` keys is drawn (colour, label, unit), and every drawer takes the colours from there —
 * the playground's live plot and the CLI's `series.png` through `resolveSeriesStyles` /
 * `styledSeries`, the demo's canvas by drawing with the same constants (checked for the spring
 * and the cantilever by recording the colours their `draw` uses).
 */
import { describe, expect, it } from 'vitest';
import { femDemos } from '../../src/demos/fem.js';
import { fluidDemos } from '../../src/demos/fluid.js';
import { demos, findDemo } from '../../src/demos/index.js';
import { integratorsDemos } from '../../src/demos/integrators.js';
import { labsDemos } from '../../src/demos/labs.js';
import { rigid2dDemos } from '../../src/demos/rigid2d.js';
import { rigid2dJointDemos } from '../../src/demos/rigid2d-joints.js';
import { resolveParams } from '../../src/demos/types.js';
import { waterDemos } from '../../src/demos/water.js';
import { xpbdDemos } from '../../src/demos/xpbd.js';
import { createNodeCanvas } from '../../src/render/canvas-node.js';
import { groupByUnit, PLOT_PALETTE, resolveSeriesStyles, safeRange } from '../../src/render/plot.js';
import { styledSeries } from '../../src/render/plot-node.js';

const declaring = [
  ...integratorsDemos,
  ...rigid2dDemos,
  ...rigid2dJointDemos,
  ...xpbdDemos,
  ...femDemos,
  ...fluidDemos,
  ...waterDemos,
  ...labsDemos,
];

/** The colours a `draw` call strokes and fills with (lower-case). */
function drawColours(draw: (ctx: CanvasRenderingContext2D) => void): Set<string> {
  const c = createNodeCanvas(640, 400);
  const used = new Set<string>();
  const ctx = new Proxy(c.ctx, {
    get(target, key) {
      const v = Reflect.get(target, key, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
    set(target, key, value) {
      if ((key === 'strokeStyle' || key === 'fillStyle') && typeof value === 'string')
        used.add(value.toLowerCase());
      return Reflect.set(target, key, value, target);
    },
  });
  draw(ctx);
  return used;
}

describe('series styles', () => {
  for (const demo of declaring) {
    it(`${demo.id}: every series key is declared once; plot and series.png use the declared colours`, () => {
      const inst = demo.create(resolveParams(demo));
      const keys = Object.keys(inst.series?.() ?? {});
      const declared = demo.series ?? [];
      if (keys.length === 0) return;
      const byKey = new Map(declared.map((s) => [s.key, s]));
      expect(byKey.size).toBe(declared.length); // no key declared twice
      for (const k of keys)
        expect(byKey.has(k), `${demo.id}: series '${k}' has no declared style`).toBe(true);
      for (const s of declared) expect(s.color).toMatch(/^#[0-9a-f]{6}$/);
      const shown = keys.map((k) => byKey.get(k)!.color);
      expect(new Set(shown).size).toBe(shown.length); // distinguishable
      // the live plot (resolveSeriesStyles) and series.png (styledSeries) take exactly these colours
      expect(resolveSeriesStyles(keys, declared).map((s) => s.color)).toEqual(shown);
      const cols = Object.fromEntries(keys.map((k) => [k, [0, 1]]));
      const png = styledSeries([0, 1], cols, keys, declared);
      expect(png.map((s) => s.color)).toEqual(shown);
      expect(png.map((s) => s.unit)).toEqual(keys.map((k) => byKey.get(k)!.unit));
    });
  }

  it('undeclared keys get palette colours not taken by declared ones, the same for every drawer', () => {
    const styles = resolveSeriesStyles(['a', 'b', 'c'], [{ key: 'b', color: PLOT_PALETTE[0]! }]);
    expect(styles.map((s) => s.color)).toEqual([PLOT_PALETTE[1], PLOT_PALETTE[0], PLOT_PALETTE[2]]);
    // every demo of the registry (declared or not) plots the same colours in the playground and the CLI
    for (const demo of demos) {
      const keys = Object.keys(demo.create(resolveParams(demo)).series?.() ?? {});
      const a = resolveSeriesStyles(keys, demo.series).map((s) => s.color);
      const b = styledSeries([0], {}, keys, demo.series).map((s) => s.color);
      expect(b).toEqual(a);
    }
  });

  it('the spring canvas draws each shown curve in its declared colour (exact grey and dashed)', () => {
    const demo = findDemo('spring')!;
    const inst = demo.create(resolveParams(demo));
    for (let i = 0; i < 30; i++) inst.step();
    const used = drawColours((ctx) => inst.draw(ctx, demo.view(640, 400)));
    const keys = Object.keys(inst.series!());
    expect(keys).toEqual(['exact', 'explicit-euler', 'semi-implicit-euler', 'implicit-euler']);
    for (const s of resolveSeriesStyles(keys, demo.series)) expect(used, s.key).toContain(s.color);
    expect(demo.series!.find((s) => s.key === 'exact')!.dash).toBeDefined();
  });

  it('the cantilever canvas draws linear FEM red and corotational FEM blue, as its plot does', () => {
    const demo = findDemo('fem-cantilever')!;
    const inst = demo.create(resolveParams(demo));
    inst.step();
    const used = drawColours((ctx) => inst.draw(ctx, demo.view(640, 400)));
    const [linear, corot] = resolveSeriesStyles(Object.keys(inst.series!()), demo.series);
    expect(linear!.key).toBe('linear tip y');
    expect(corot!.key).toBe('corotational tip y');
    expect(used).toContain(linear!.color);
    expect(used).toContain(corot!.color);
    // red and blue, as the description and the canvas legend say
    const rgb = (c: string) => [1, 3, 5].map((i) => Number.parseInt(c.slice(i, i + 2), 16));
    const [lr, , lb] = rgb(linear!.color);
    const [cr, , cb] = rgb(corot!.color);
    expect(lr).toBeGreaterThan(lb!);
    expect(cb).toBeGreaterThan(cr!);
  });

  it('series of different units are never plotted on one axis', () => {
    const demo = findDemo('rigid2d-crate')!;
    const keys = Object.keys(demo.create().series!());
    const groups = groupByUnit(styledSeries([0], {}, keys, demo.series));
    expect(groups.map((g) => g.map((s) => s.unit))).toEqual([['J'], ['m']]);
  });
});

describe('safeRange', () => {
  it('is finite, non-empty and never asks for more than a few dozen ticks', () => {
    const cases: [number, number][] = [
      [1, 1],
      [0, 0],
      [1, 1 + 2e-16],
      [1e-300, 1e-300],
      [-1e308, 1e308],
      [Number.NaN, 3],
      [Number.NaN, Number.NaN],
      [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY],
      [0.9999999999999998, 1.0000000000000002],
      [-0.0125, 0],
    ];
    for (const [a, b] of cases) {
      const [lo, hi] = safeRange(a, b);
      expect(Number.isFinite(lo) && Number.isFinite(hi), `${a}, ${b}`).toBe(true);
      expect(hi).toBeGreaterThan(lo);
      if (Number.isFinite(a)) expect(lo).toBeLessThanOrEqual(Math.max(-1e150, a));
      if (Number.isFinite(b)) expect(hi).toBeGreaterThanOrEqual(Math.min(1e150, b));
      // the span is at least a millionth of the magnitude: ticks at a 1-2-5 step stay few
      const mag = Math.max(Math.abs(lo), Math.abs(hi));
      expect((hi - lo) / mag).toBeGreaterThan(1e-7);
    }
  });
});
