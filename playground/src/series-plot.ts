/**
 * The live plot of a demo's `series()` with uPlot: a rolling window of the latest samples, one
 * y axis per unit (so that joules and metres never share an axis: left, right, then outwards),
 * each named by its unit, the legend above the curves, and the colours the demo declares (`resolveSeriesStyles`,
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

/** One y axis: the series of one unit, on their own scale. */
interface UnitAxis {
  unit: string;
  /** the uPlot scale key */
  scale: string;
  /** the axis index in uPlot's `axes` */
  axis: number;
  styles: SeriesStyle[];
}

/** The playground's live plot (see the file comment). */
export class SeriesPlot {
  private plot: uPlot | undefined;
  private units: UnitAxis[] = [];
  private keys: string[] = [];
  private data: (number | null)[][] = [];
  private dirty = false;
  /** called with the error when the plot fails; it is then switched off until the next reset */
  onError: (e: Error) => void = () => {};

  constructor(private readonly host: HTMLElement) {}

  /** Starts over with the given series names and the demo's declared styles (none: the plot is hidden). */
  reset(keys: string[], declared?: readonly SeriesStyle[]): void {
    this.plot?.destroy();
    this.plot = undefined;
    this.units = [];
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

  /** One uPlot; one y scale and axis per unit (left, right, then outwards), each named by its unit. */
  private build(styles: SeriesStyle[]): void {
    const unitNames = [...new Set(styles.map((s) => s.unit ?? ''))];
    const scales: uPlot.Scales = { x: { time: false } };
    const axes: uPlot.Axis[] = [{ label: 'time [s]' }];
    this.units = unitNames.map((unit, i) => {
      const mine = styles.filter((s) => (s.unit ?? '') === unit);
      const scale = `y${i}`;
      scales[scale] = { range: (_u, min, max) => safeRange(min, max) };
      axes.push({
        scale,
        side: i % 2 === 0 ? 3 : 1,
        label: unit ? axisLabel(unit) : mine.map((s) => s.label ?? s.key).join(', '),
        size: axisSize,
        grid: { show: i === 0 },
        values: (_u, splits) => splits.map((v) => (v == null ? '' : formatSig(v, 4))),
      });
      return { unit, scale, axis: i + 1, styles: mine };
    });
    const scaleOf = (s: SeriesStyle) => this.units.find((u) => u.unit === (s.unit ?? ''))!.scale;
    const opts: uPlot.Options = {
      width: this.width(),
      height: HEIGHT,
      scales,
      series: [
        { label: 't [s]', value: (_u, v) => (v == null ? '–' : v.toFixed(3)) },
        ...styles.map((s) => ({
          label: s.unit ? `${s.label ?? s.key} [${s.unit}]` : (s.label ?? s.key),
          scale: scaleOf(s),
          stroke: s.color,
          width: 1.5,
          ...(s.dash ? { dash: s.dash } : {}),
          value: (_u: uPlot, v: number | null) => (v == null ? '–' : formatSig(v, 5)),
        })),
      ],
      axes,
      legend: { show: true, live: false },
      cursor: { drag: { x: false, y: false } },
    };
    this.plot = new uPlot(opts, this.data as uPlot.AlignedData, this.host);
  }

  private width(): number {
    return Math.max(200, this.host.clientWidth || 600);
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
    if (!this.plot || !this.dirty) return;
    this.dirty = false;
    try {
      this.plot.setData(this.data as uPlot.AlignedData);
    } catch (e) {
      this.fail(e as Error);
    }
  }

  private fail(e: Error): void {
    this.plot?.destroy();
    this.plot = undefined;
    this.units = [];
    this.host.replaceChildren();
    this.keys = [];
    this.onError(e);
  }

  /** Fits the plots to the host's width. */
  resize(): void {
    try {
      this.plot?.setSize({ width: this.width(), height: HEIGHT });
    } catch (e) {
      this.fail(e as Error);
    }
  }

  /** What the browser test checks: per y axis (unit) its keys, colours, names, and its width against its labels. */
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
    const plot = this.plot;
    if (!plot) return [];
    const ctx = document.createElement('canvas').getContext('2d')!;
    const dpr = window.devicePixelRatio || 1;
    return this.units.map((u) => {
      const axis = plot.axes[u.axis] as unknown as AxisInternals & { label?: string };
      ctx.font = axis.font?.[0] ?? '12px system-ui';
      const widest = Math.max(0, ...(axis._values ?? []).map((v) => ctx.measureText(v).width / dpr));
      const colors = plot.series
        .slice(1)
        .filter((s) => s.scale === u.scale)
        .map((s) => String((s.stroke as () => string)()));
      return {
        unit: u.unit,
        keys: u.styles.map((s) => s.key),
        colors,
        xLabel: String((plot.axes[0] as { label?: string }).label ?? ''),
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
