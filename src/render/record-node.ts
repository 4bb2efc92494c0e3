/**
 * Records a running demo or scene headlessly: steps it for a number of simulated seconds and
 * writes what was asked for into a folder: PNG frames, an animated GIF, the `series()` as CSV and
 * as a plot, and the last frame. Node-only (writes files).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DemoInstance } from '../core/demo-instance.js';
import type { View } from '../core/view.js';
import { FixedStepRunner } from '../sim/fixed-step.js';
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
  /**
   * the GIF's frame rate, frames per second of simulated time (default 25, fewer for long runs so
   * the GIF keeps under 400 frames); the steps of each frame are taken by the fixed-step runner
   */
  fps?: number;
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
/** the GIF's display rate, frames per second of simulated time (40 ms a frame) */
const GIF_FPS = 25;
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
  // the GIF is a display running at `fps` frames per second of simulated time, whatever the
  // demo's dt: the fixed-step runner takes the steps that fall into each display frame (with
  // dt = 1/60 and 25 fps that is 2 or 3 steps a frame), so the GIF plays at the true speed
  const fps = options.fps ?? Math.min(GIF_FPS, GIF_MAX_FRAMES / options.seconds);
  if (!(fps > 0 && Number.isFinite(fps))) throw new RangeError(`fps: must be a positive number, got ${fps}`);
  const frameSeconds = 1 / fps;
  const gifDelay = Math.max(20, Math.round(frameSeconds * 100) * 10);
  const gif = options.gif ? new GifWriter(view.width, view.height) : undefined;

  const names = columnNames(instance);
  const row = new Array<number>(names.length).fill(0);
  const cols: number[][] = names.map(() => []);
  const take = () => {
    sampleRow(instance, names, row);
    for (let i = 0; i < names.length; i++) cols[i]!.push(row[i]!);
  };
  take();

  // PNG frames are per simulation step (every `pngEvery` steps); rendered at once, written after
  const writes: Promise<void>[] = [];
  const png = (step: number) => {
    if (pngEvery <= 0 || step % pngEvery !== 0) return;
    render();
    const name = `frames/frame-${String(step).padStart(6, '0')}.png`;
    writes.push(writeFile(join(outDir, name), canvas.png()));
    files.push(name);
  };
  const gifFrame = () => {
    if (!gif) return;
    render();
    gif.addFrame(canvas.rgba(), gifDelay);
  };
  const flush = async () => {
    await Promise.all(writes);
    writes.length = 0;
  };

  const stepsPerFrame = Math.ceil(frameSeconds / dt + 1e-9);
  const runner = new FixedStepRunner({
    dt,
    maxStepsPerFrame: Math.min(1000, Math.max(1, stepsPerFrame)),
    step: () => {
      instance.step();
      const f = runner.stepsTaken + 1;
      take();
      png(f);
      options.onProgress?.(f, frames);
    },
  });

  png(0);
  gifFrame();
  if (gif && stepsPerFrame <= 1000) {
    // whole display frames while they fit; a display frame never takes more than stepsPerFrame
    while (runner.stepsTaken + stepsPerFrame <= frames) {
      runner.advance(frameSeconds);
      gifFrame();
      await flush();
    }
  }
  // the rest (or the whole run without a GIF) one step at a time; a last GIF frame at the end
  const rest = runner.stepsTaken < frames;
  while (runner.stepsTaken < frames) {
    runner.singleStep();
    if (runner.stepsTaken % 64 === 0) await flush();
  }
  if (rest && gif) gifFrame();
  await flush();

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
