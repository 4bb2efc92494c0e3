/**
 * `rikigaku lab stacking`: the files of the stacking lab ("次のラボですること"), computed by
 * ./stacking.ts on the rigid2d engine. The lab names the experiments but not the files; they
 * follow the impulse lab's style (numbered text files `key=value`, CSV with a header, PNG images):
 *
 * - `01-sinking.csv` / `01-sinking.txt` / `sinking.png`: a dropped box's penetration per step,
 *   without correction vs split impulse vs Baumgarte vs soft step.
 * - `02-iterations.csv` / `02-iterations.txt` / `iterations.png`: three stacked boxes with 1, 4,
 *   10 iterations (split impulse and Baumgarte; warm starting off, and on for comparison).
 * - `stack-01.png` … `stack-12.png`: five boxes falling into a stable stack (split impulse).
 * - `03-stability.csv` / `03-stability.txt` / `stability-penetration.png` / `stability-diff.png`:
 *   the two stability measures per frame (and the number of boxes still awake), for split
 *   impulse, Baumgarte and soft step.
 * - `index.html`.
 *
 * Lengths are metres with 6 decimals; image differences are pixel counts.
 */
import type { PlotOptions, PlotSeries } from '../render/plot.js';
import type { LabFile } from './files.js';
import { pyFixed } from './format.js';
import { type HtmlItem, labIndexHtml } from './html.js';
import {
  fiveBoxStack,
  ITERATION_COUNTS,
  type IterationResult,
  iterationExperiment,
  SINKING_DROP,
  STACK_IMAGES,
  STACKING,
  type StackResult,
  sinkingExperiment,
  VARIANTS,
} from './stacking.js';

/** Options of {@link stackingLabFiles}: PNG compression and the plotter. */
export interface StackingLabOptions {
  /** zlib compressor for the PNGs (stored blocks when absent) */
  deflate?: (raw: Uint8Array) => Uint8Array;
  /** draws a line plot as PNG bytes; without it the plot images are left out */
  plot?: (series: PlotSeries[], options: PlotOptions) => Uint8Array;
}

/** The 12 frame images' names: stack-01.png … stack-12.png. */
export const STACK_IMAGE_NAMES: readonly string[] = Array.from(
  { length: STACK_IMAGES },
  (_, i) => `stack-${String(i + 1).padStart(2, '0')}.png`,
);

const f6 = (x: number): string => pyFixed(x, 6);
const lines = (ls: string[]): string => ls.map((l) => `${l}\n`).join('');
const times = (n: number): Float64Array => Float64Array.from({ length: n }, (_, i) => (i + 1) * STACKING.dt);

function maxOf(a: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, a[i]!);
  return m;
}

/** The results of the stacking lab's three experiments: sinking, iterations, stacks. */
export interface StackingLabData {
  /** the sinking experiment, per variant */
  sinking: ReturnType<typeof sinkingExperiment>[];
  /** the iteration experiment, per variant and iteration count */
  iterations: IterationResult[];
  /** the stack-stability experiment, per variant */
  stacks: StackResult[];
}

/** Runs every experiment of the lab (about two seconds of CPU). */
export function runStackingExperiments(): StackingLabData {
  const sinking = [VARIANTS.none, VARIANTS.split, VARIANTS.baumgarte, VARIANTS.soft].map((v) =>
    sinkingExperiment(v),
  );
  const iterations: IterationResult[] = [];
  for (const warm of [false, true]) {
    for (const v of [VARIANTS.split, VARIANTS.baumgarte]) {
      for (const it of ITERATION_COUNTS) iterations.push(iterationExperiment(v, it, warm));
    }
  }
  const stacks = [VARIANTS.split, VARIANTS.baumgarte, VARIANTS.soft].map((v, i) =>
    fiveBoxStack(v, undefined, i === 0),
  );
  return { sinking, iterations, stacks };
}

const iterKey = (r: IterationResult): string =>
  `${r.variant.key}_it${r.iterations}${r.warmStarting ? '_warm' : ''}`;

/** Runs (or takes) the stacking lab's experiments and returns its files with their exact names. */
export function stackingLabFiles(
  options: StackingLabOptions = {},
  data = runStackingExperiments(),
): LabFile[] {
  const files: LabFile[] = [];
  const html: HtmlItem[] = [];
  const text = (name: string, caption: string, content: string): void => {
    files.push({ name, content });
    html.push({ kind: 'text', file: name, caption, content });
  };
  const csv = (name: string, caption: string, content: string): void => {
    files.push({ name, content });
    html.push({ kind: 'link', file: name, caption });
  };
  const plot = (name: string, caption: string, series: PlotSeries[], opts: PlotOptions): void => {
    if (!options.plot) return;
    // every quantity here is ≥ 0: start the axis at 0
    const top = Math.max(...series.map((x) => maxOf(x.y)));
    files.push({ name, content: options.plot(series, { yRange: [0, top > 0 ? top * 1.08 : 1], ...opts }) });
    html.push({ kind: 'image', file: name, caption, pixelated: false });
  };
  const slopLine = (n: number): PlotSeries => ({
    name: `slop ${STACKING.slop} m`,
    x: [STACKING.dt, n * STACKING.dt],
    y: [STACKING.slop, STACKING.slop],
    color: '#888888',
    dash: [6, 4],
  });

  // 1. sinking ---------------------------------------------------------------------------------
  const sk = data.sinking;
  const n1 = sk[0]!.depth.length;
  const t1 = times(n1);
  const rows1 = [`step,time,${sk.map((r) => r.variant.key).join(',')}`];
  for (let s = 0; s < n1; s++)
    rows1.push(`${s + 1},${f6(t1[s]!)},${sk.map((r) => f6(r.depth[s]!)).join(',')}`);
  csv(
    '01-sinking.csv',
    'Largest contact penetration (m) of the dropped box after each step, per variant.',
    lines(rows1),
  );
  const txt1 = [`slop=${f6(STACKING.slop)}`, `percent=${f6(STACKING.percent)}`, `drop=${f6(SINKING_DROP)}`];
  for (const r of sk)
    txt1.push(`${r.variant.key}_max=${f6(maxOf(r.depth))}`, `${r.variant.key}_final=${f6(r.depth[n1 - 1]!)}`);
  text(
    '01-sinking.txt',
    'A 1 m box dropped from 1 m: without correction it stays in the overlap it landed with; with correction the overlap returns to the slop.',
    lines(txt1),
  );
  plot(
    'sinking.png',
    'Penetration over time: no correction freezes, the corrections return to the slop.',
    [...sk.map((r) => ({ name: r.variant.label, x: t1, y: r.depth })), slopLine(n1)],
    { title: 'Box on the floor: penetration', xLabel: 'time (s)', yLabel: 'penetration (m)' },
  );

  // 2. iterations ------------------------------------------------------------------------------
  const it = data.iterations;
  const n2 = it[0]!.depth.length;
  const t2 = times(n2);
  const rows2 = [`step,time,${it.map(iterKey).join(',')}`];
  for (let s = 0; s < n2; s++)
    rows2.push(`${s + 1},${f6(t2[s]!)},${it.map((r) => f6(r.depth[s]!)).join(',')}`);
  csv(
    '02-iterations.csv',
    'Largest penetration (m) in the three-box stack after each step, per variant and iteration count.',
    lines(rows2),
  );
  text(
    '02-iterations.txt',
    'Settled penetration (mean over the last second) and top box height for 1, 4 and 10 iterations; `_warm` = with warm starting.',
    lines([
      ...it.map((r) => `${iterKey(r)}=${f6(r.settled)}`),
      ...it.map((r) => `${iterKey(r)}_top=${f6(r.topHeight)}`),
    ]),
  );
  plot(
    'iterations.png',
    'Three stacked boxes, warm starting off: more iterations, less penetration.',
    [
      ...it
        .filter((r) => !r.warmStarting)
        .map((r) => ({
          name: `${r.variant.mode} ${r.iterations} it`,
          x: t2,
          y: r.depth,
          dash: r.variant.mode === 'baumgarte' ? [5, 3] : undefined,
        })),
      slopLine(n2),
    ],
    { title: 'Three-box stack: penetration vs iterations', xLabel: 'time (s)', yLabel: 'penetration (m)' },
  );

  // 3. five boxes --------------------------------------------------------------------------------
  const st = data.stacks;
  const main = st[0]!;
  main.images.forEach((img, i) => {
    files.push({ name: STACK_IMAGE_NAMES[i]!, content: img.toPNG({ deflate: options.deflate }) });
  });
  html.push({
    kind: 'note',
    html: `<h2>stack-01.png … stack-${String(STACK_IMAGES).padStart(2, '0')}.png</h2><p>Five boxes falling into a stack (split impulse), frames ${main.imageFrames.map((f) => f + 1).join(', ')}.</p><div class="frames">${main.images
      .map((_, i) => `<img src="${STACK_IMAGE_NAMES[i]}" alt="${STACK_IMAGE_NAMES[i]}">`)
      .join('')}</div>`,
  });
  const n3 = main.maxPenetration.length;
  const t3 = times(n3);
  const rows3 = [
    `frame,time,${st.map((r) => `${r.variant.key}_penetration,${r.variant.key}_image_diff,${r.variant.key}_awake`).join(',')}`,
  ];
  for (let f = 0; f < n3; f++) {
    rows3.push(
      `${f + 1},${f6(t3[f]!)},${st.map((r) => `${f6(r.maxPenetration[f]!)},${r.imageDiff[f]},${r.awake[f]}`).join(',')}`,
    );
  }
  csv(
    '03-stability.csv',
    'Per frame: largest contact penetration (m) and pixels changed since the previous frame.',
    lines(rows3),
  );
  const txt3 = [`slop=${f6(STACKING.slop)}`, `frames=${n3}`];
  for (const r of st) {
    const k = r.variant.key;
    txt3.push(
      `${k}_peak_penetration=${f6(maxOf(r.maxPenetration))}`,
      `${k}_final_penetration=${f6(r.maxPenetration[n3 - 1]!)}`,
      `${k}_final_image_diff=${r.imageDiff[n3 - 1]}`,
      `${k}_still_from_frame=${r.stillFrom < 0 ? -1 : r.stillFrom + 1}`,
      `${k}_asleep_from_frame=${r.asleepFrom < 0 ? -1 : r.asleepFrom + 1}`,
      `${k}_top=${f6(r.topHeight)}`,
    );
  }
  text(
    '03-stability.txt',
    'The two measures of the stacking lab: penetration stays near the slop; the image difference reaches 0 (still_from_frame: from then on every frame is identical; asleep_from_frame: from then on the engine sleeps the whole stack).',
    lines(txt3),
  );
  plot(
    'stability-penetration.png',
    'Largest contact penetration per frame.',
    [...st.map((r) => ({ name: r.variant.label, x: t3, y: r.maxPenetration })), slopLine(n3)],
    { title: 'Five-box stack: largest penetration', xLabel: 'time (s)', yLabel: 'penetration (m)' },
  );
  plot(
    'stability-diff.png',
    'Pixels changed since the previous frame: converges to 0.',
    st.map((r) => ({ name: r.variant.label, x: t3, y: Float64Array.from(r.imageDiff) })),
    {
      title: 'Five-box stack: frame-to-frame image difference',
      xLabel: 'time (s)',
      yLabel: 'pixels changed',
    },
  );

  files.push({
    name: 'index.html',
    content: labIndexHtml(
      'rikigaku lab stacking — keeping boxes from sinking',
      `Position correction with slop ${STACKING.slop} m and percent ${STACKING.percent}, iterations, and the stability of a stack; rigid2d engine, dt = 1/60 s, g = 9.8 m/s².`,
      html,
    ),
  });
  return files;
}
