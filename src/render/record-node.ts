/**
 * Records a running demo or scene headlessly: steps it for a number of simulated seconds and
 * writes what was asked for into a folder: PNG frames, an animated GIF, the `series()` as CSV and
 * as a plot, and the last frame. Node-only (writes files).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DemoInstance } from '../core/demo-instance.js';
import type { View } from '../core/view.js';
import { createNodeCanvas } from './canvas-node.js';
import { GifWriter } from './gif-node.js';
import { plotPanelsToPng } from './plot-node.js';

export interface RecordOptions {
  /** simulated seconds to run */
  seconds: number;
  view: View;
  outDir: string;
  /** base name of the GIF file (`<name>.gif`) */
  name: string;
  gif?: boolean;
  /** write `frames/frame-NNNNNN.png` every N frames (0: none) */
  pngEvery?: number;
  csv?: boolean;
  /** write `series.png` when the instance has series (default true) */
  plot?: boolean;
  /** plot title */
  title?: string;
  background?: string;
  /** called after each frame */
  onProgress?: (frame: number, frames: number) => void;
}

export interface RecordResult {
  frames: number;
  /** simulated time at the end */
  time: number;
  /** files written, relative to outDir */
  files: string[];
  /** the sampled series (time first), one entry per recorded frame including the initial state */
  columns: Record<string, number[]>;
}

/** The most frames a GIF gets (longer runs skip frames); about 25 frames per second of simulation. */
const GIF_MAX_FRAMES = 400;
const GIF_FRAME_SECONDS = 0.04;
const MAX_FRAMES = 2_000_000;

function sample(instance: DemoInstance): Record<string, number> {
  const s = instance.series?.() ?? {};
  const st = instance.stats?.() ?? {};
  const out: Record<string, number> = { ...s };
  for (const k of Object.keys(st)) if (!(k in out)) out[k] = st[k]!;
  return out;
}

export async function record(instance: DemoInstance, options: RecordOptions): Promise<RecordResult> {
  const { view, outDir } = options;
  const dt = instance.dt;
  const frames = Math.max(1, Math.round(options.seconds / dt));
  if (!(frames <= MAX_FRAMES)) {
    throw new RangeError(
      `--seconds ${options.seconds} at dt ${dt} is ${frames} frames, more than ${MAX_FRAMES}`,
    );
  }
  await mkdir(outDir, { recursive: true });
  const files: string[] = [];
  const canvas = createNodeCanvas(view.width, view.height);
  const bg = options.background ?? '#ffffff';
  const render = () => {
    canvas.clear(bg);
    canvas.ctx.save();
    instance.draw(canvas.ctx, view);
    canvas.ctx.restore();
  };

  const pngEvery = options.pngEvery ?? 0;
  if (pngEvery > 0) await mkdir(join(outDir, 'frames'), { recursive: true });
  let gifEvery = Math.max(1, Math.round(GIF_FRAME_SECONDS / dt));
  if (frames / gifEvery > GIF_MAX_FRAMES) gifEvery = Math.ceil(frames / GIF_MAX_FRAMES);
  const gifDelay = Math.max(20, Math.round((gifEvery * dt * 1000) / 10) * 10);
  const gif = options.gif ? new GifWriter(view.width, view.height) : undefined;

  const first = sample(instance);
  const keys = Object.keys(first);
  const columns: Record<string, number[]> = { time: [instance.time] };
  for (const k of keys) columns[k] = [first[k]!];

  const emit = async (frame: number) => {
    const wantPng = pngEvery > 0 && frame % pngEvery === 0;
    const wantGif = gif !== undefined && frame % gifEvery === 0;
    if (!wantPng && !wantGif) return;
    render();
    if (wantPng) {
      const name = `frames/frame-${String(frame).padStart(6, '0')}.png`;
      await writeFile(join(outDir, name), canvas.png());
      files.push(name);
    }
    if (wantGif) gif.addFrame(canvas.rgba(), gifDelay);
  };

  await emit(0);
  for (let f = 1; f <= frames; f++) {
    instance.step();
    const s = sample(instance);
    columns.time!.push(instance.time);
    for (const k of keys) columns[k]!.push(s[k] ?? Number.NaN);
    await emit(f);
    options.onProgress?.(f, frames);
  }

  render();
  await writeFile(join(outDir, 'final.png'), canvas.png());
  files.push('final.png');
  if (gif) {
    const name = `${options.name}.gif`;
    await writeFile(join(outDir, name), gif.finish());
    files.push(name);
  }
  if (options.csv) {
    const head = ['time', ...keys];
    const lines = [head.join(',')];
    for (let i = 0; i < columns.time!.length; i++)
      lines.push(head.map((k) => String(columns[k]![i])).join(','));
    await writeFile(join(outDir, 'series.csv'), `${lines.join('\n')}\n`);
    files.push('series.csv');
  }
  const seriesKeys = Object.keys(instance.series?.() ?? {});
  if ((options.plot ?? true) && seriesKeys.length > 0) {
    const png = plotPanelsToPng(
      seriesKeys.map((k) => ({ name: k, x: columns.time!, y: columns[k]! })),
      { title: options.title ?? options.name, xLabel: 'time [s]' },
    );
    await writeFile(join(outDir, 'series.png'), png);
    files.push('series.png');
  }
  return { frames, time: instance.time, files, columns };
}
