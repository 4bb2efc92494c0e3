import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addBox,
  STACK_IMAGE_NAMES,
  STACKING,
  sinkingExperiment,
  stackingWorld,
  VARIANTS,
} from '../../src/labs/index.js';
import { runLab } from '../../src/labs/registry.js';
import { decodePNG } from '../../src/render/png.js';
import { World } from '../../src/rigid2d/index.js';

const slop = STACKING.slop;

describe('stacking lab experiments', () => {
  it('the stacking lab, なぜ必要なのか: without correction the box freezes in the overlap it landed with', () => {
    const r = sinkingExperiment(VARIANTS.none);
    const landed = r.depth.findIndex((d) => d > 0);
    expect(landed).toBeGreaterThan(0);
    const d = r.depth[r.depth.length - 1]!;
    expect(d).toBeGreaterThan(4 * slop);
    // from the landing on, the overlap neither grows nor shrinks (to 0.1 mm over 1.5 s)
    for (let s = landed; s < r.depth.length; s++) expect(Math.abs(r.depth[s]! - d)).toBeLessThan(1e-4);
    // the box rests there: 0.5 m would be touching
    expect(0.5 - r.height[r.height.length - 1]!).toBeCloseTo(d, 3);
  });

  it('the stacking lab, どう動くのか: position correction moves positions only — no velocity, no energy', () => {
    // weightless box placed 4 cm into the floor: split impulse pushes it out to the slop and leaves
    // it at rest; Baumgarte pushes it out through the velocity (the box gets a speed)
    const run = (mode: 'split-impulse' | 'baumgarte') => {
      const w = new World({
        gravity: [0, 0],
        enableSleep: false,
        solver: { positionCorrection: mode, slop },
      });
      const g = w.createBody({ type: 'static' });
      w.createShape(g, { kind: 'box', halfWidth: 5, halfHeight: 0.5, center: [0, -0.5] });
      const b = addBox(w, 0, 0.5 - 0.04);
      let maxSpeed = 0;
      for (let i = 0; i < 120; i++) {
        w.step(STACKING.dt);
        maxSpeed = Math.max(maxSpeed, Math.abs(w.getLinearVelocity(b)[1]));
      }
      return { depth: 0.5 - w.getPosition(b)[1], maxSpeed };
    };
    const split = run('split-impulse');
    expect(split.maxSpeed).toBe(0);
    expect(Math.abs(split.depth - slop)).toBeLessThan(1e-4);
    const baum = run('baumgarte');
    expect(baum.maxSpeed).toBeGreaterThan(0.01);
  });

  it('the stack world uses the stacking lab parameters (slop within 0.005–0.01, percent within 0.2–0.8)', () => {
    expect(STACKING.slop).toBeGreaterThanOrEqual(0.005);
    expect(STACKING.slop).toBeLessThanOrEqual(0.01);
    expect(STACKING.percent).toBeGreaterThanOrEqual(0.2);
    expect(STACKING.percent).toBeLessThanOrEqual(0.8);
    expect(stackingWorld(VARIANTS.split).bodyCount).toBe(1);
  });
});

describe('rikigaku lab stacking: the files', () => {
  let dir: string;
  let files: string[];
  const read = (f: string) => readFile(join(dir, f), 'utf8');
  const png = async (f: string) =>
    decodePNG(new Uint8Array(await readFile(join(dir, f))), { inflate: inflateSync });
  const kv = async (f: string): Promise<Record<string, number>> =>
    Object.fromEntries(
      (await read(f))
        .trimEnd()
        .split('\n')
        .map((l) => {
          const [k, v] = l.split('=') as [string, string];
          return [k, Number(v)];
        }),
    );
  const table = async (f: string) => {
    const [head, ...rows] = (await read(f)).trimEnd().split('\n');
    const cols = head!.split(',');
    return { cols, rows: rows.map((r) => r.split(',').map(Number)), raw: rows };
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rikigaku-stacking-'));
    files = (await runLab('stacking', dir)).files;
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes every file: 3 experiments × (csv, txt, plot), 12 stack images, index.html', () => {
    expect([...files].sort()).toEqual(
      [
        '01-sinking.csv',
        '01-sinking.txt',
        'sinking.png',
        '02-iterations.csv',
        '02-iterations.txt',
        'iterations.png',
        '03-stability.csv',
        '03-stability.txt',
        'stability-penetration.png',
        'stability-diff.png',
        'index.html',
        ...Array.from({ length: 12 }, (_, i) => `stack-${String(i + 1).padStart(2, '0')}.png`),
      ].sort(),
    );
    expect(STACK_IMAGE_NAMES).toHaveLength(12);
  });

  it('01-sinking: no correction stays in penetration; split impulse and Baumgarte return to the slop', async () => {
    const t = await table('01-sinking.csv');
    expect(t.cols).toEqual(['step', 'time', 'none', 'split_impulse', 'baumgarte', 'soft_step']);
    expect(t.rows).toHaveLength(120);
    for (const r of t.raw) expect(r).toMatch(/^\d+(,\d+\.\d{6}){5}$/);
    const v = await kv('01-sinking.txt');
    expect(v.slop).toBe(slop);
    expect(v.none_final).toBe(v.none_max);
    expect(v.none_final!).toBeGreaterThan(4 * slop);
    for (const k of ['split_impulse', 'baumgarte']) {
      expect(v[`${k}_max`]!).toBeGreaterThan(2 * slop); // it did land with an overlap ...
      expect(Math.abs(v[`${k}_final`]! - slop)).toBeLessThan(2e-4); // ... and came back to the slop
    }
    // the last column values agree with the txt summary
    expect(t.rows.at(-1)![2]).toBe(v.none_final);
  });

  it('02-iterations: penetration falls as iterations grow 1 → 4 → 10, for both variants', async () => {
    const v = await kv('02-iterations.txt');
    for (const k of ['split_impulse', 'baumgarte']) {
      const [a, b, c] = [v[`${k}_it1`]!, v[`${k}_it4`]!, v[`${k}_it10`]!];
      expect(a).toBeGreaterThan(b);
      expect(b).toBeGreaterThan(c);
      expect(c).toBeLessThan(2 * slop);
      // the stack stands taller with more iterations (2.5 m is three uncompressed boxes)
      expect(v[`${k}_it10_top`]!).toBeGreaterThan(v[`${k}_it1_top`]!);
      expect(v[`${k}_it10_top`]!).toBeGreaterThan(2.48);
    }
    const t = await table('02-iterations.csv');
    expect(t.cols.slice(0, 5)).toEqual([
      'step',
      'time',
      'split_impulse_it1',
      'split_impulse_it4',
      'split_impulse_it10',
    ]);
    expect(t.rows).toHaveLength(180);
  });

  it('03-stability: image difference converges to 0, penetration stays near the slop', async () => {
    const v = await kv('03-stability.txt');
    const t = await table('03-stability.csv');
    expect(t.rows).toHaveLength(v.frames!);
    for (const k of ['split_impulse', 'baumgarte', 'soft_step']) {
      expect(v[`${k}_final_image_diff`]).toBe(0);
      const still = v[`${k}_still_from_frame`]!;
      expect(still).toBeGreaterThan(10);
      expect(still).toBeLessThan(v.frames! * 0.75);
      const asleep = v[`${k}_asleep_from_frame`]!;
      expect(asleep === -1 || asleep >= still - 1).toBe(true); // a sleeping stack draws the same picture
      const diff = t.cols.indexOf(`${k}_image_diff`);
      const pen = t.cols.indexOf(`${k}_penetration`);
      // the boxes did move (the difference was not always 0), and from `still` on it is 0
      expect(Math.max(...t.rows.map((r) => r[diff]!))).toBeGreaterThan(100);
      for (const r of t.rows.slice(still - 1)) expect(r[diff]).toBe(0);
      // penetration near the slop for the settled stack, all of the last second
      for (const r of t.rows.slice(-60)) expect(r[pen]!).toBeLessThan(2 * slop);
      // five 1 m boxes: the top box's centre is near 4.5 m, the stack stands
      expect(v[`${k}_top`]!).toBeGreaterThan(4.45);
    }
  });

  it('stack images: 256×256, floor at the bottom, the five boxes stacked in the last frame', async () => {
    const first = await png('stack-01.png');
    const last = await png('stack-12.png');
    expect([last.width, last.height]).toEqual([256, 256]);
    const at = (img: typeof last, x: number, y: number) => {
      const i = (y * 256 + x) * 4;
      return [img.data[i], img.data[i + 1], img.data[i + 2]];
    };
    // floor (y < 0 m) is rows 240..255
    for (let x = 0; x < 256; x += 5) expect(at(last, x, 250)).toEqual([110, 110, 110]);
    const colors = [
      [255, 100, 100],
      [100, 255, 100],
      [100, 150, 255],
      [255, 220, 80],
      [220, 120, 255],
    ];
    // box k of the settled stack covers about rows 240 − 32(k+1) .. 240 − 32k at the centre column
    for (let k = 0; k < 5; k++) expect(at(last, 128, 240 - 32 * k - 16)).toEqual(colors[k]);
    // each box is a 32 × 32 square give or take its edge pixels
    for (const c of colors) {
      let n = 0;
      for (let i = 0; i < last.data.length; i += 4) {
        if (last.data[i] === c[0] && last.data[i + 1] === c[1] && last.data[i + 2] === c[2]) n++;
      }
      expect(Math.abs(n - 1024)).toBeLessThan(70);
    }
    // the first image differs from the last (the boxes were still falling)
    let changed = 0;
    for (let i = 0; i < last.data.length; i += 4) if (first.data[i] !== last.data[i]) changed++;
    expect(changed).toBeGreaterThan(500);
  });

  it('plots are PNG images and index.html shows every image and value', async () => {
    for (const f of ['sinking.png', 'iterations.png', 'stability-penetration.png', 'stability-diff.png']) {
      const img = await png(f);
      expect([img.width, img.height]).toEqual([800, 450]);
    }
    const html = await read('index.html');
    for (const f of files.filter((f) => f.endsWith('.png'))) expect(html).toContain(`src="${f}"`);
    expect(html).toContain('split_impulse_it10=');
    expect(html).toContain('03-stability.csv');
  });
});
