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
import type { SeriesStyle } from './plot.js';
import { plotPanelsToPng, styledSeries } from './plot-node.js';

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
  /** how each series is drawn in `series.png`: the demo's declared colours, labels and units */
  series?: readonly SeriesStyle[];
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

/**
 * The column names of a run: `time` (the instance's clock) first, then the series, then the stats
 * not already among them — each name once. A series or stat called `time` is the clock itself
 * and gets no second column.
 */
function columnNames(instance: DemoInstance): string[] {
  const names = ['time'];
  for (const k of Object.keys(instance.series?.() ?? {})) if (!names.includes(k)) names.push(k);
  for (const k of Object.keys(instance.stats?.() ?? {})) if (!names.includes(k)) names.push(k);
  return names;
}

/** One row of values for `names`: the clock, then each series value, else the stat of that name (NaN when absent). */
function sampleRow(instance: DemoInstance, names: readonly string[], row: number[]): void {
  const s = instance.series?.() ?? {};
  const st = instance.stats?.() ?? {};
  row[0] = instance.time;
  for (let i = 1; i < names.length; i++) {
    const k = names[i]!;
    const v = k in s ? s[k] : st[k];
    row[i] = typeof v === 'number' ? v : Number.NaN;
  }
}

/** A CSV header field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
function csvField(name: string): string {
  return /[",\r\n]/.test(name) ? `"${name.replace(/"/g, '""')}"` : name;
}

/** Steps `instance` for `options.seconds` and writes the files asked for into `options.outDir`. */
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

  const names = columnNames(instance);
  const row = new Array<number>(names.length).fill(0);
  const cols: number[][] = names.map(() => []);
  const take = () => {
    sampleRow(instance, names, row);
    for (let i = 0; i < names.length; i++) cols[i]!.push(row[i]!);
  };
  take();

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
    take();
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
  const columns: Record<string, number[]> = {};
  names.forEach((k, i) => {
    columns[k] = cols[i]!;
  });
  if (options.csv) {
    const lines = [names.map(csvField).join(',')];
    for (let r = 0; r < cols[0]!.length; r++) lines.push(cols.map((c) => String(c[r])).join(','));
    await writeFile(join(outDir, 'series.csv'), `${lines.join('\n')}\n`);
    files.push('series.csv');
  }
  const seriesKeys = Object.keys(instance.series?.() ?? {}).filter((k) => k !== 'time');
  if ((options.plot ?? true) && seriesKeys.length > 0) {
    const png = plotPanelsToPng(styledSeries(columns.time!, columns, seriesKeys, options.series), {
      title: options.title ?? options.name,
      xLabel: 'time [s]',
    });
    await writeFile(join(outDir, 'series.png'), png);
    files.push('series.png');
  }
  return { frames, time: instance.time, files, columns };
}
