/**
 * A small line-plot renderer on the standard Canvas 2D API: axes, "nice" ticks, grid, a legend
 * and several series. The CLI draws it headlessly (@napi-rs/canvas) into PNG files; demos and the
 * playground may draw it into a browser canvas. Browser-safe: no Node imports.
 */
import { formatSig } from './format.js';

/** One curve of a plot: its name, its x and y values and optionally its colour. */
export interface PlotSeries {
  /** the name in the legend */
  name: string;
  /** x values */
  x: ArrayLike<number>;
  /** y values, one per x (non-finite values leave a gap) */
  y: ArrayLike<number>;
  /** CSS colour; defaults to the palette colour of the series index */
  color?: string;
  /** line dash pattern in pixels, e.g. [6, 4] */
  dash?: number[];
  /** line width in pixels (default 1.75) */
  width?: number;
  /** the physical unit; `plotPanelsToPng` puts each unit on its own panel */
  unit?: string;
}

/** How a plot looks: title, axis labels, fixed ranges, grid, legend, colours and font. */
export interface PlotOptions {
  /** title above the plot */
  title?: string;
  /** label of the x axis, with its unit */
  xLabel?: string;
  /** label of the y axis, with its unit */
  yLabel?: string;
  /** fixed axis ranges; by default each fits the finite data */
  xRange?: [number, number];
  /** fixed y range */
  yRange?: [number, number];
  /** CSS colour of the background (default transparent: the canvas shows through) */
  background?: string;
  /** CSS colour of the axes, ticks and text */
  foreground?: string;
  /** draw grid lines at the ticks (default true) */
  grid?: boolean;
  /** draw the legend (default: when there are two or more series) */
  legend?: boolean;
  /** CSS font family of the text */
  fontFamily?: string;
}

/** The rectangle of the canvas a plot is drawn into, in pixels. */
export interface PlotRect {
  /** left edge, px */
  x: number;
  /** top edge, px */
  y: number;
  /** width, px */
  width: number;
  /** height, px */
  height: number;
}

/** Ten distinguishable colours (in the spirit of the Tableau 10 palette). */
export const PLOT_PALETTE: readonly string[] = [
  '#1f77b4',
  '#d62728',
  '#2ca02c',
  '#ff7f0e',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#17becf',
  '#7f7f7f',
  '#bcbd22',
];

/**
 * How one named series of a demo is drawn, declared once by the demo and read by every drawer:
 * the demo's own canvas, the playground's live plot and the CLI's `series.png`.
 */
export interface SeriesStyle {
  /** the key in the instance's `series()` record */
  key: string;
  /** the name shown in legends (default: the key) */
  label?: string;
  /** the physical unit, e.g. `J` or `m`; series of one unit share an axis, others get their own */
  unit?: string;
  /** CSS colour, `#rrggbb` */
  color: string;
  /** line dash pattern in pixels, e.g. [6, 4] */
  dash?: number[];
}

/**
 * The style of each key, in the order given: the declared style when there is one, otherwise the
 * next palette colour not taken by a declared style. Every drawer of a demo's series calls this,
 * so the same curve has the same colour everywhere.
 */
export function resolveSeriesStyles(
  keys: readonly string[],
  declared: readonly SeriesStyle[] = [],
): SeriesStyle[] {
  const byKey = new Map(declared.map((s) => [s.key, s]));
  const taken = new Set(declared.map((s) => s.color.toLowerCase()));
  const free = PLOT_PALETTE.filter((c) => !taken.has(c));
  let next = 0;
  return keys.map((key) => {
    const d = byKey.get(key);
    if (d) return { ...d };
    const pool = free.length > 0 ? free : PLOT_PALETTE;
    return { key, color: pool[next++ % pool.length]! };
  });
}

/** The series of one unit together, in order of first appearance (series without a unit form one group). */
export function groupByUnit(series: readonly PlotSeries[]): PlotSeries[][] {
  const groups = new Map<string, PlotSeries[]>();
  for (const s of series) {
    const u = s.unit ?? '';
    const g = groups.get(u);
    if (g) g.push(s);
    else groups.set(u, [s]);
  }
  return [...groups.values()];
}

/** The axis name of a group of series: `label [unit]` or the unit alone. */
export function axisLabel(unit: string | undefined, label?: string): string {
  if (label && unit) return `${label} [${unit}]`;
  if (unit) return `[${unit}]`;
  return label ?? '';
}

/**
 * A drawable axis range for data in [min, max]: never empty, never non-finite, and never narrower
 * than a millionth of the values' magnitude (so that rounding noise on a constant series does not
 * ask an axis for billions of ticks); padded by 5% and rounded out to nice ticks.
 */
export function safeRange(min: number, max: number): [number, number] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) {
    if (Number.isFinite(min)) max = min;
    else if (Number.isFinite(max)) min = max;
    else return [0, 1];
  }
  if (min > max) [min, max] = [max, min];
  const big = 1e150;
  min = Math.max(-big, min);
  max = Math.min(big, max);
  const mag = Math.max(Math.abs(min), Math.abs(max));
  const minSpan = mag > 0 ? mag * 1e-6 : 1;
  if (max - min < minSpan) {
    const mid = 0.5 * (min + max);
    min = mid - 0.5 * minSpan;
    max = mid + 0.5 * minSpan;
  }
  const pad = 0.05 * (max - min);
  const step = niceStep(max - min + 2 * pad, 5);
  return [Math.floor((min - pad) / step) * step, Math.ceil((max + pad) / step) * step];
}

/** A "nice" tick step (1, 2 or 5 times a power of ten) giving about `target` intervals over `span`. */
export function niceStep(span: number, target = 6): number {
  if (!(span > 0) || !Number.isFinite(span)) return 1;
  const raw = span / Math.max(1, target);
  const p = 10 ** Math.floor(Math.log10(raw));
  const f = raw / p;
  const m = f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10;
  return m * p;
}

/** Tick positions covering [min, max] at a nice step (inclusive where they fall on the range). */
export function niceTicks(min: number, max: number, target = 6): number[] {
  const step = niceStep(max - min, target);
  const ticks: number[] = [];
  const first = Math.ceil(min / step - 1e-9);
  const last = Math.floor(max / step + 1e-9);
  for (let i = first; i <= last && ticks.length < 100; i++) {
    const t = i * step;
    ticks.push(Math.abs(t) < step * 1e-9 ? 0 : t);
  }
  return ticks;
}

/** Formats tick labels with just enough decimals for the step. */
export function tickLabel(value: number, step: number): string {
  const a = Math.abs(value);
  if (value !== 0 && (a >= 1e6 || a < 1e-4 || step < 1e-6)) return formatSig(value, 3);
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  return value.toFixed(Math.min(decimals, 10));
}

/** The finite [min, max] of the values, or undefined when there are none. */
function finiteRange(arrays: ArrayLike<number>[]): [number, number] | undefined {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const a of arrays) {
    for (let i = 0; i < a.length; i++) {
      const v = a[i]!;
      if (Number.isFinite(v)) {
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
    }
  }
  return lo <= hi ? [lo, hi] : undefined;
}

/** Widens a degenerate range so that it can be drawn. */
function padRange(r: [number, number]): [number, number] {
  if (r[1] > r[0]) return r;
  const d = r[0] === 0 ? 1 : Math.abs(r[0]) * 0.1;
  return [r[0] - d, r[1] + d];
}

/** Draws the plot into `rect` of the context (pixel coordinates, y down). Leaves the transform as it found it. */
export function drawPlot(
  ctx: CanvasRenderingContext2D,
  rect: PlotRect,
  series: readonly PlotSeries[],
  options: PlotOptions = {},
): void {
  const fg = options.foreground ?? '#222222';
  const family = options.fontFamily ?? 'sans-serif';
  const font = (px: number) => `${px}px ${family}`;
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = options.background ?? '#ffffff';
  ctx.fillRect(rect.x, rect.y, rect.width, rect.height);

  const xr = padRange(options.xRange ?? finiteRange(series.map((s) => s.x)) ?? [0, 1]);
  let yr = padRange(options.yRange ?? finiteRange(series.map((s) => s.y)) ?? [0, 1]);
  if (!options.yRange) {
    // pad by 3% and round out to whole ticks, so that no curve runs along the frame
    const pad = 0.03 * (yr[1] - yr[0]);
    yr = [yr[0] - pad, yr[1] + pad];
    const step = niceStep(yr[1] - yr[0], 5);
    yr = [Math.floor(yr[0] / step + 1e-9) * step, Math.ceil(yr[1] / step - 1e-9) * step];
    yr = padRange(yr);
  }
  const xTicks = niceTicks(xr[0], xr[1], Math.max(2, Math.floor(rect.width / 90)));
  const yTicks = niceTicks(yr[0], yr[1], Math.max(2, Math.floor(rect.height / 60)));
  const xStep = niceStep(xr[1] - xr[0], Math.max(2, Math.floor(rect.width / 90)));
  const yStep = niceStep(yr[1] - yr[0], Math.max(2, Math.floor(rect.height / 60)));
  const yLabels = yTicks.map((t) => tickLabel(t, yStep));

  ctx.font = font(12);
  const yLabelWidth = Math.max(0, ...yLabels.map((s) => ctx.measureText(s).width));
  const left = rect.x + 14 + yLabelWidth + (options.yLabel ? 18 : 0);
  const top = rect.y + (options.title ? 30 : 12);
  const right = rect.x + rect.width - 16;
  const bottom = rect.y + rect.height - (options.xLabel ? 42 : 26);
  const w = Math.max(1, right - left);
  const h = Math.max(1, bottom - top);
  const px = (x: number) => left + ((x - xr[0]) / (xr[1] - xr[0])) * w;
  const py = (y: number) => bottom - ((y - yr[0]) / (yr[1] - yr[0])) * h;

  // grid and ticks
  ctx.lineWidth = 1;
  ctx.textBaseline = 'top';
  ctx.textAlign = 'center';
  ctx.fillStyle = fg;
  for (const t of xTicks) {
    const x = Math.round(px(t)) + 0.5;
    if (options.grid !== false) {
      ctx.strokeStyle = '#e4e4e4';
      ctx.beginPath();
      ctx.moveTo(x, top);
      ctx.lineTo(x, bottom);
      ctx.stroke();
    }
    ctx.fillText(tickLabel(t, xStep), x, bottom + 6);
  }
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  yTicks.forEach((t, i) => {
    const y = Math.round(py(t)) + 0.5;
    if (options.grid !== false) {
      ctx.strokeStyle = t === 0 ? '#b0b0b0' : '#e4e4e4';
      ctx.beginPath();
      ctx.moveTo(left, y);
      ctx.lineTo(right, y);
      ctx.stroke();
    }
    ctx.fillText(yLabels[i]!, left - 6, y);
  });
  ctx.strokeStyle = fg;
  ctx.strokeRect(Math.round(left) + 0.5, Math.round(top) + 0.5, Math.round(w), Math.round(h));

  // labels
  ctx.textAlign = 'center';
  if (options.title) {
    ctx.font = font(15);
    ctx.textBaseline = 'middle';
    ctx.fillText(options.title, (left + right) / 2, rect.y + 15);
  }
  ctx.font = font(12);
  if (options.xLabel) {
    ctx.textBaseline = 'bottom';
    ctx.fillText(options.xLabel, (left + right) / 2, rect.y + rect.height - 4);
  }
  if (options.yLabel) {
    ctx.save();
    ctx.translate(rect.x + 4, (top + bottom) / 2);
    ctx.rotate(-Math.PI / 2);
    ctx.textBaseline = 'top';
    ctx.fillText(options.yLabel, 0, 0);
    ctx.restore();
  }

  // the curves, clipped to the frame; non-finite samples break the line
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, w, h);
  ctx.clip();
  ctx.lineJoin = 'round';
  series.forEach((s, k) => {
    ctx.strokeStyle = s.color ?? PLOT_PALETTE[k % PLOT_PALETTE.length]!;
    ctx.lineWidth = s.width ?? 1.75;
    ctx.setLineDash(s.dash ?? []);
    ctx.beginPath();
    let pen = false;
    const n = Math.min(s.x.length, s.y.length);
    for (let i = 0; i < n; i++) {
      const x = s.x[i]!;
      const y = s.y[i]!;
      if (!Number.isFinite(x) || !Number.isFinite(y)) {
        pen = false;
        continue;
      }
      // keep far-off points finite for the rasteriser
      const X = px(x);
      const Y = Math.max(top - 1e4, Math.min(bottom + 1e4, py(y)));
      if (pen) ctx.lineTo(X, Y);
      else ctx.moveTo(X, Y);
      pen = true;
    }
    if (n === 1 && pen) ctx.arc(px(s.x[0]!), py(s.y[0]!), 2, 0, 2 * Math.PI);
    ctx.stroke();
  });
  ctx.setLineDash([]);
  ctx.restore();

  // legend, top right inside the frame
  if (options.legend ?? series.length > 1) {
    ctx.font = font(12);
    const rowH = 17;
    const textW = Math.max(0, ...series.map((s) => ctx.measureText(s.name).width));
    const boxW = textW + 38;
    const boxH = series.length * rowH + 8;
    const bx = right - boxW - 8;
    const by = top + 8;
    ctx.fillStyle = 'rgba(255,255,255,0.88)';
    ctx.fillRect(bx, by, boxW, boxH);
    ctx.strokeStyle = '#bbbbbb';
    ctx.lineWidth = 1;
    ctx.strokeRect(bx + 0.5, by + 0.5, boxW, boxH);
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    series.forEach((s, k) => {
      const y = by + 4 + rowH * k + rowH / 2;
      ctx.strokeStyle = s.color ?? PLOT_PALETTE[k % PLOT_PALETTE.length]!;
      ctx.lineWidth = 2.5;
      ctx.setLineDash(s.dash ?? []);
      ctx.beginPath();
      ctx.moveTo(bx + 6, y);
      ctx.lineTo(bx + 28, y);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.fillStyle = fg;
      ctx.fillText(s.name, bx + 33, y);
    });
  }
  ctx.restore();
}

/**
 * Splits series into groups of similar magnitude (largest finite |y| within `factor` of each
 * other), so that a small quantity is not flattened against a large one on a shared axis.
 * Keeps the original order inside each group; groups are ordered by first appearance.
 */
export function groupByMagnitude(series: readonly PlotSeries[], factor = 10, maxGroups = 4): PlotSeries[][] {
  const mag = series.map((s) => {
    let m = 0;
    for (let i = 0; i < s.y.length; i++) {
      const v = Math.abs(s.y[i]!);
      if (Number.isFinite(v) && v > m) m = v;
    }
    return m;
  });
  const groups: { lo: number; hi: number; items: number[] }[] = [];
  series.forEach((_, i) => {
    const m = mag[i]!;
    const g = groups.find(
      (q) => (m === 0 && q.hi === 0) || (m > 0 && q.hi <= m * factor && m <= q.lo * factor),
    );
    if (g) {
      g.lo = Math.min(g.lo, m);
      g.hi = Math.max(g.hi, m);
      g.items.push(i);
    } else {
      groups.push({ lo: m, hi: m, items: [i] });
    }
  });
  while (groups.length > maxGroups) {
    const last = groups.pop()!;
    groups[groups.length - 1]!.items.push(...last.items);
  }
  return groups.map((g) => g.items.sort((a, b) => a - b).map((i) => series[i]!));
}
