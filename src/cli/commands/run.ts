/**
 * `rikigaku run <demo|scene.json>`: steps a demo of the registry (or a scene file) for some
 * simulated seconds and renders it headlessly: the last frame, PNG frames, an animated GIF,
 * the series as CSV and as a plot.
 */
import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { type Demo, type DemoInstance, resolveParams, type View } from '../../demos/types.js';
import { fitView } from '../../render/fit-view-node.js';
import { formatSig, formatTable } from '../../render/format.js';
import { record } from '../../render/record-node.js';
import { loadScene } from '../../scene/index.js';
import { parseParams, parseSize, positiveInteger, positiveNumber } from '../args.js';
import { type CliContext, CliError, println } from '../context.js';
import { prepareOutDir, writeRunManifest } from '../out-dir.js';
import { createProgress } from '../progress.js';

/** The longest frame step `--dt` may ask for, in seconds: the scene format's limit on `dt`. */
export const MAX_DT = 1;

/** The options of `rikigaku run`, as commander hands them over (strings, parsed here). */
export interface RunOptions {
  seconds?: string;
  dt?: string;
  out?: string;
  gif?: boolean;
  pngEvery?: string;
  fps?: string;
  csv?: boolean;
  size?: string;
  param?: string[];
  plot?: boolean;
}

async function openTarget(
  ctx: CliContext,
  target: string,
  size: { width: number; height: number },
  dt: number | undefined,
  pairs: string[],
): Promise<{ instance: DemoInstance; view: View; name: string; title: string; series?: Demo['series'] }> {
  const demo = ctx.demos.find((d) => d.id === target);
  const dtOption = dt === undefined ? undefined : { dt };
  if (demo) {
    const params = resolveParams(demo, parseParams(demo, pairs));
    const instance = demo.create(params, dtOption);
    return {
      instance,
      view: demo.view(size.width, size.height),
      name: demo.id,
      title: demo.title,
      series: demo.series,
    };
  }
  if (!target.toLowerCase().endsWith('.json')) {
    throw new CliError(
      `run: unknown demo '${target}' (see 'rikigaku list'); a scene file must be a path ending in .json`,
    );
  }
  if (pairs.length > 0) throw new CliError('run: --param applies to demos, not to scene files');
  const path = resolve(ctx.cwd, target);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder' : (code ?? 'error');
    throw new CliError(`run: cannot read scene file '${target}': ${why}`, 1);
  }
  const name = basename(target).replace(/\.json$/i, '');
  const instance = loadScene(text, basename(target), dtOption);
  // a loader may suggest a camera (`view(width, height)`, like a demo); otherwise find one
  const suggest = (instance as { view?: unknown }).view;
  const view =
    typeof suggest === 'function'
      ? (suggest.call(instance, size.width, size.height) as View)
      : fitView(instance, size.width, size.height);
  return { instance, view, name, title: name };
}

/** `rikigaku run <target>`: checks the options, records the run and prints its summary; returns the exit code. */
export async function runCommand(ctx: CliContext, target: string, options: RunOptions): Promise<number> {
  const seconds = options.seconds === undefined ? 5 : positiveNumber('--seconds', options.seconds);
  const dt = options.dt === undefined ? undefined : positiveNumber('--dt', options.dt);
  if (dt !== undefined && dt > seconds) {
    throw new CliError(`--dt: ${options.dt} s is longer than --seconds ${formatSig(seconds)} s`);
  }
  if (dt !== undefined && dt > MAX_DT) {
    throw new CliError(`--dt: must be at most ${MAX_DT} s (the scene format's limit), got ${options.dt}`);
  }
  const pngEvery = options.pngEvery === undefined ? 0 : positiveInteger('--png-every', options.pngEvery);
  const fps = options.fps === undefined ? undefined : positiveNumber('--fps', options.fps);
  if (fps !== undefined && fps > 1000) throw new CliError(`--fps: must be at most 1000, got ${options.fps}`);
  const size = parseSize(options.size ?? '640x480');
  const { instance, view, name, title, series } = await openTarget(
    ctx,
    target,
    size,
    dt,
    options.param ?? [],
  );
  if (instance.dt > seconds) {
    throw new CliError(
      `--seconds: ${formatSig(seconds)} s is shorter than one frame of ${name} (dt = ${formatSig(instance.dt)} s)`,
    );
  }
  const outArg = options.out ?? `out/${name}`;
  const outDir = resolve(ctx.cwd, outArg);
  await prepareOutDir(outDir, outArg);
  const progress = createProgress(ctx.stderr, name);
  let result: Awaited<ReturnType<typeof record>>;
  try {
    result = await record(instance, {
      seconds,
      view,
      outDir,
      name,
      title,
      gif: options.gif ?? false,
      pngEvery,
      ...(fps !== undefined ? { fps } : {}),
      csv: options.csv ?? false,
      plot: options.plot ?? true,
      ...(series ? { series } : {}),
      onProgress: (f, n) => progress.update(f, n),
    });
  } finally {
    progress.stop();
  }
  await writeRunManifest(outDir, result.files);
  println(
    ctx,
    `${name}: ${result.frames} frames of dt = ${formatSig(instance.dt)} s, t = ${result.time.toFixed(4)} s`,
  );
  const keys = Object.keys(result.columns).filter((k) => k !== 'time');
  if (keys.length > 0) {
    const rows = keys.map((k) => {
      const col = result.columns[k]!;
      return [k, col[0]!, col[col.length - 1]!];
    });
    for (const l of formatTable(['value', 'start', 'end'], rows)) println(ctx, `  ${l}`);
  }
  println(ctx, `wrote ${result.files.length} file(s) to ${outArg}:`);
  const frames = result.files.filter((f) => f.startsWith('frames/'));
  for (const f of result.files) if (!f.startsWith('frames/')) println(ctx, `  ${f}`);
  if (frames.length > 0)
    println(ctx, `  frames/ (${frames.length} PNG: ${frames[0]} … ${frames[frames.length - 1]})`);
  return 0;
}
