/**
 * The live plot of a demo's `series()` with uPlot: a rolling window of the latest samples, one
 * plot per unit (so that joules and metres never share an axis), each with its y axis named by
 * the unit, the legend above the curves, and the colours the demo declares (`resolveSeriesStyles`,
 * the same as its canvas and the CLI's `series.png`). The y range is always a drawable one
 * (`safeRange`); a plot that fails is reported once and switched off, never retried every frame.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatSig } from '../../src/render/format.js';
import { axisLabel, resolveSeriesStyles, type SeriesStyle, safeRange } from '../../src/render/plot.js';

const WINDOW = 1200;
const HEIGHT = 200;

/** uPlot's axis object with the internals the size function reads. */
interface AxisInternals {
  font?: string[];
  gap?: number;
  ticks?: { size?: number };
  _size?: number;
  _values?: string[];
}

/**
 * The y axis width that fits its longest tick label (the minus sign included): tick length, gap
 * and the measured text. uPlot calls it until the size stops changing.
 */
function axisSize(self: uPlot, values: string[] | null, axisIdx: number, cycleNum: number): number {
  const axis = self.axes[axisIdx] as unknown as AxisInternals;
  if (cycleNum > 1 && axis._size) return axis._size;
  let size = (axis.ticks?.size ?? 10) + (axis.gap ?? 5) + 4;
  const longest = (values ?? []).reduce((a, v) => (v.length > a.length ? v : a), '');
  if (longest !== '') {
    self.ctx.font = axis.font?.[0] ?? '12px system-ui';
    size += self.ctx.measureText(longest).width / (window.devicePixelRatio || 1);
  }
  return Math.ceil(size);
}

/** One uPlot: the series of one unit. */
interface UnitPlot {
  unit: string;
  styles: SeriesStyle[];
  plot: uPlot;
  host: HTMLElement;
  /** indices into the keys for this plot's columns */
  columns: number[];
}

/** The playground's live plot (see the file comment). */
export class SeriesPlot {
  private plots: UnitPlot[] = [];
  private keys: string[] = [];
  private data: (number | null)[][] = [];
  private dirty = false;
  /** called with the error when a plot fails; it is then switched off until the next reset */
  onError: (e: Error) => void = () => {};

  constructor(private readonly host: HTMLElement) {}

  /** Starts over with the given series names and the demo's declared styles (none: the plot is hidden). */
  reset(keys: string[], declared?: readonly SeriesStyle[]): void {
    for (const p of this.plots) p.plot.destroy();
    this.plots = [];
    this.host.replaceChildren();
    this.keys = keys;
    this.data = [[], ...keys.map(() => [])];
    this.dirty = false;
    this.host.hidden = keys.length === 0;
    if (keys.length === 0) return;
    try {
      this.build(resolveSeriesStyles(keys, declared));
    } catch (e) {
      this.fail(e as Error);
    }
  }

  private build(styles: SeriesStyle[]): void {
    const units = [...new Set(styles.map((s) => s.unit ?? ''))];
    for (const unit of units) {
      const columns = styles.flatMap((s, i) => ((s.unit ?? '') === unit ? [i] : []));
      const mine = columns.map((i) => styles[i]!);
      const yName = unit ? axisLabel(unit) : mine.map((s) => s.label ?? s.key).join(', ');
      const div = document.createElement('div');
      div.className = 'unit-plot';
      div.dataset.unit = unit;
      this.host.append(div);
      const opts: uPlot.Options = {
        width: this.width(),
        height: HEIGHT,
        scales: {
          x: { time: false },
          y: { range: (_u, min, max) => safeRange(min, max) },
        },
        series: [
          { label: 't [s]', value: (_u, v) => (v == null ? '–' : v.toFixed(3)) },
          ...mine.map((s) => ({
            label: s.label ?? s.key,
            stroke: s.color,
            width: 1.5,
            ...(s.dash ? { dash: s.dash } : {}),
            value: (_u: uPlot, v: number | null) => (v == null ? '–' : formatSig(v, 5)),
          })),
        ],
        axes: [
          { label: 'time [s]' },
          {
            label: yName,
            size: axisSize,
            values: (_u, splits) => splits.map((v) => (v == null ? '' : formatSig(v, 4))),
          },
        ],
        legend: { show: true, live: false },
        cursor: { drag: { x: false, y: false } },
      };
      const plot = new uPlot(opts, this.columnData(columns) as uPlot.AlignedData, div);
      this.plots.push({ unit, styles: mine, plot, host: div, columns });
    }
  }

  private width(): number {
    return Math.max(200, this.host.clientWidth || 600);
  }

  private columnData(columns: number[]): (number | null)[][] {
    return [this.data[0]!, ...columns.map((i) => this.data[i + 1]!)];
  }

  /** Appends one sample (non-finite values become gaps). */
  push(time: number, values: Record<string, number>): void {
    if (this.keys.length === 0 || !Number.isFinite(time)) return;
    this.data[0]!.push(time);
    this.keys.forEach((k, i) => {
      const v = values[k];
      this.data[i + 1]!.push(v !== undefined && Number.isFinite(v) ? v : null);
    });
    if (this.data[0]!.length > WINDOW) for (const col of this.data) col.splice(0, col.length - WINDOW);
    this.dirty = true;
  }

  /** Redraws when new samples arrived since the last call. */
  flush(): void {
    if (this.plots.length === 0 || !this.dirty) return;
    this.dirty = false;
    try {
      for (const p of this.plots) p.plot.setData(this.columnData(p.columns) as uPlot.AlignedData);
    } catch (e) {
      this.fail(e as Error);
    }
  }

  private fail(e: Error): void {
    for (const p of this.plots) p.plot.destroy();
    this.plots = [];
    this.host.replaceChildren();
    this.keys = [];
    this.onError(e);
  }

  /** Fits the plots to the host's width. */
  resize(): void {
    try {
      for (const p of this.plots) p.plot.setSize({ width: this.width(), height: HEIGHT });
    } catch (e) {
      this.fail(e as Error);
    }
  }

  /** What the browser test checks: per plot its unit, axis names, colours, and the y axis width vs its labels. */
  describe(): {
    unit: string;
    keys: string[];
    colors: string[];
    xLabel: string;
    yLabel: string;
    yAxisSize: number;
    yLabelsWidth: number;
    negativeLabels: boolean;
    samples: number;
    lastTime: number;
  }[] {
    return this.plots.map((p) => {
      const axis = p.plot.axes[1] as unknown as AxisInternals & { label?: string };
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = axis.font?.[0] ?? '12px system-ui';
      const dpr = window.devicePixelRatio || 1;
      const widest = Math.max(0, ...(axis._values ?? []).map((v) => ctx.measureText(v).width / dpr));
      return {
        unit: p.unit,
        keys: p.styles.map((s) => s.key),
        colors: p.plot.series.slice(1).map((s) => String((s.stroke as () => string)())),
        xLabel: String((p.plot.axes[0] as { label?: string }).label ?? ''),
        yLabel: String(axis.label ?? ''),
        yAxisSize: axis._size ?? 0,
        yLabelsWidth: widest + (axis.ticks?.size ?? 10) + (axis.gap ?? 5),
        negativeLabels: (axis._values ?? []).some((v) => /^[-−]/.test(v)),
        samples: this.data[0]!.length,
        lastTime: this.data[0]!.at(-1) ?? Number.NaN,
      };
    });
  }
}
