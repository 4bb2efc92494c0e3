/** The live plot of a demo's `series()` with uPlot: a rolling window of the latest samples. */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { PLOT_PALETTE } from '../../src/render/plot.js';

const WINDOW = 1200;

export class SeriesPlot {
  private plot: uPlot | undefined;
  private keys: string[] = [];
  private data: (number | null)[][] = [];
  private dirty = false;

  constructor(private readonly host: HTMLElement) {}

  /** Starts over with the given series names (none: the plot is hidden). */
  reset(keys: string[]): void {
    this.plot?.destroy();
    this.plot = undefined;
    this.keys = keys;
    this.data = [[], ...keys.map(() => [])];
    this.host.hidden = keys.length === 0;
    if (keys.length === 0) return;
    const opts: uPlot.Options = {
      width: Math.max(200, this.host.clientWidth || 600),
      height: 220,
      scales: { x: { time: false } },
      series: [
        { label: 't [s]', value: (_u, v) => (v == null ? '–' : v.toFixed(3)) },
        ...keys.map((k, i) => ({
          label: k,
          stroke: PLOT_PALETTE[i % PLOT_PALETTE.length]!,
          width: 1.5,
          value: (_u: uPlot, v: number | null) => (v == null ? '–' : Number(v.toPrecision(5)).toString()),
        })),
      ],
      axes: [{ label: 'time [s]' }, {}],
      legend: { show: true, live: false },
      cursor: { drag: { x: false, y: false } },
    };
    this.plot = new uPlot(opts, this.data as uPlot.AlignedData, this.host);
  }

  push(time: number, values: Record<string, number>): void {
    if (this.keys.length === 0) return;
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
    this.plot.setData(this.data as uPlot.AlignedData);
  }

  resize(): void {
    if (this.plot) this.plot.setSize({ width: Math.max(200, this.host.clientWidth), height: 220 });
  }
}
