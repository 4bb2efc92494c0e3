import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DemoInstance } from '../../src/core/demo-instance.js';
import { record } from '../../src/render/record-node.js';
import { parseGif } from '../render/gif-parse.js';

/**
 * The CLI's recorder drives the run through the fixed-step runner (textbook §26.5): the GIF is a
 * display at its own frame rate, and the steps of each display frame are the runner's — so a
 * dt = 1/60 s demo recorded at 25 frames per second shows, at display frame k, the state after
 * floor(k · 0.04 / dt) steps, and plays at the true speed (40 ms a frame).
 */
const dir = mkdtempSync(join(tmpdir(), 'rikigaku-fps-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A clock-only instance whose `draw` notes the step count it shows. */
function counter(dt: number): DemoInstance & { drawnAt: number[]; steps: number } {
  const inst = {
    dt,
    time: 0,
    steps: 0,
    drawnAt: [] as number[],
    step() {
      inst.steps++;
      inst.time = inst.steps * dt;
    },
    draw() {
      inst.drawnAt.push(inst.steps);
    },
    series: () => ({ steps: inst.steps }),
  };
  return inst;
}

describe('record: GIF frames from the fixed-step runner', () => {
  it('dt = 1/60 s at 25 fps: 2 or 3 steps a display frame, the exact step count, 40 ms a frame', async () => {
    const inst = counter(1 / 60);
    const out = join(dir, 'a');
    const r = await record(inst, {
      seconds: 2,
      view: { width: 32, height: 16, cx: 0, cy: 0, scale: 1 },
      outDir: out,
      name: 'c',
      gif: true,
      csv: true,
      plot: false,
    });
    expect(r.frames).toBe(120);
    expect(inst.steps).toBe(120);
    // one CSV row per step plus the initial state, time advancing by exactly dt
    expect(r.columns.steps).toEqual(Array.from({ length: 121 }, (_, i) => i));
    const gif = parseGif(readFileSync(join(out, 'c.gif')));
    expect(gif.frames).toHaveLength(51);
    expect(gif.frames.every((f) => f.delayCs === 4)).toBe(true);
    // display frame k shows floor(k · 0.04 · 60) steps (the final.png draw comes last)
    const shown = inst.drawnAt.slice(0, 51);
    expect(shown).toEqual(Array.from({ length: 51 }, (_, k) => Math.floor(k * 0.04 * 60 + 1e-9)));
    const perFrame = shown.slice(1).map((s, k) => s - shown[k]!);
    expect(new Set(perFrame)).toEqual(new Set([2, 3]));
  });

  it('a run that does not end on a display frame takes its last steps and shows a last frame', async () => {
    const inst = counter(0.03);
    const out = join(dir, 'b');
    const r = await record(inst, {
      seconds: 1,
      fps: 10,
      view: { width: 8, height: 8, cx: 0, cy: 0, scale: 1 },
      outDir: out,
      name: 'c',
      gif: true,
      plot: false,
    });
    expect(r.frames).toBe(33);
    expect(inst.steps).toBe(33);
    const gif = parseGif(readFileSync(join(out, 'c.gif')));
    expect(gif.frames.every((f) => f.delayCs === 10)).toBe(true);
    const shown = inst.drawnAt.slice(0, gif.frames.length);
    expect(shown[shown.length - 1]).toBe(33);
    for (let k = 1; k < shown.length; k++) expect(shown[k]!).toBeGreaterThan(shown[k - 1]!);
  });
});
