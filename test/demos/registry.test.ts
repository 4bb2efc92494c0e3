/**
 * The demo registry's contract, for every demo: a unique url-safe id, sane declared parameters,
 * create() with the defaults, 60 frames without throwing, finite series / stats with stable keys,
 * time advancing by dt, and a draw onto a headless Canvas 2D (@napi-rs/canvas) that leaves marks.
 */
import { describe, expect, it } from 'vitest';
import { demos } from '../../src/demos/index.js';
import { type Demo, resolveParams } from '../../src/demos/types.js';
import { createNodeCanvas } from '../../src/render/canvas-node.js';
import { springFixture } from '../cli/fixtures.js';

const FRAMES = 60;

/** Checks one demo; returns the problems found (empty: fine). */
function checkDemo(demo: Demo): string[] {
  const problems: string[] = [];
  const p = (m: string) => problems.push(`${demo.id}: ${m}`);
  if (!/^[a-z0-9][a-z0-9-]*$/.test(demo.id)) p('id must be lower-case letters, digits and dashes');
  if (!demo.title || !demo.description || !demo.domain) p('title, description and domain are required');
  if (!(demo.dt > 0 && Number.isFinite(demo.dt))) p(`dt must be > 0, got ${demo.dt}`);
  for (const q of demo.params ?? []) {
    if (q.kind === 'number' && !(q.min <= q.default && q.default <= q.max))
      p(`param ${q.key}: default outside range`);
    if (q.kind === 'choice' && !q.options.includes(q.default)) p(`param ${q.key}: default not among options`);
  }
  const view = demo.view(320, 240);
  if (view.width !== 320 || view.height !== 240 || !(view.scale > 0) || !Number.isFinite(view.cx + view.cy)) {
    p(`view(320, 240) gave ${JSON.stringify(view)}`);
  }
  const inst = demo.create(resolveParams(demo));
  if (Math.abs(inst.dt - demo.dt) > 1e-15) p(`instance dt ${inst.dt} differs from the demo's ${demo.dt}`);
  const t0 = inst.time;
  const keys = (o: Record<string, number> | undefined) => Object.keys(o ?? {}).join(',');
  const s0 = keys(inst.series?.());
  const st0 = keys(inst.stats?.());
  for (let f = 0; f < FRAMES; f++) {
    inst.step();
    for (const [name, values] of [
      ['series', inst.series?.()],
      ['stats', inst.stats?.()],
    ] as const) {
      for (const [k, v] of Object.entries(values ?? {})) {
        if (typeof v !== 'number' || Number.isNaN(v)) p(`${name}().${k} is ${v} after frame ${f + 1}`);
      }
    }
    if (keys(inst.series?.()) !== s0 || keys(inst.stats?.()) !== st0)
      p(`series/stats keys changed at frame ${f + 1}`);
    if (problems.length > 0) return problems;
  }
  const elapsed = inst.time - t0;
  if (!(Math.abs(elapsed - FRAMES * inst.dt) <= 1e-9 * Math.max(1, elapsed))) {
    p(`time advanced ${elapsed} s in ${FRAMES} frames of ${inst.dt} s`);
  }
  const c = createNodeCanvas(320, 240);
  c.clear('#ffffff');
  inst.draw(c.ctx, view);
  const px = c.rgba();
  let marked = 0;
  for (let i = 0; i < px.length; i += 4)
    if (px[i] !== 255 || px[i + 1] !== 255 || px[i + 2] !== 255) marked++;
  if (marked === 0) p('draw() left the canvas blank');
  return problems;
}

describe('demo registry', () => {
  it('ids are unique', () => {
    const ids = demos.map((d) => d.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  for (const demo of demos) {
    it(`${demo.domain}/${demo.id}: creates, steps ${FRAMES} frames, finite series, draws`, () => {
      expect(checkDemo(demo)).toEqual([]);
    });
    it(`${demo.id}: resolveParams fills the defaults and rejects unknown keys`, () => {
      const values = resolveParams(demo);
      expect(Object.keys(values).sort()).toEqual((demo.params ?? []).map((q) => q.key).sort());
      for (const q of demo.params ?? []) expect(values[q.key]).toBe(q.default);
      expect(() => resolveParams(demo, { 'no-such-parameter': 1 })).toThrow(
        /unknown parameter 'no-such-parameter'/,
      );
    });
  }

  it('the checks pass a sound demo and catch a broken one (NaN series, blank drawing)', () => {
    expect(checkDemo(springFixture)).toEqual([]);
    const broken: Demo = {
      ...springFixture,
      id: 'broken',
      create(params, options) {
        const inner = springFixture.create(params, options);
        let n = 0;
        return {
          get time() {
            return inner.time;
          },
          dt: inner.dt,
          step() {
            inner.step();
            n++;
          },
          draw() {},
          series: () => ({ x: n > 10 ? Number.NaN : 0 }),
        };
      },
    };
    expect(checkDemo(broken)).toEqual(['broken: series().x is NaN after frame 11']);
    const blank: Demo = {
      ...springFixture,
      id: 'blank',
      create(params, options) {
        const inner = springFixture.create(params, options);
        return {
          get time() {
            return inner.time;
          },
          dt: inner.dt,
          step: () => inner.step(),
          draw() {},
        };
      },
    };
    expect(checkDemo(blank)).toEqual(['blank: draw() left the canvas blank']);
  });
});
