/** Plots as PNG files: `drawPlot` on a headless canvas. Node-only. */
import { createNodeCanvas } from './canvas-node.js';
import {
  axisLabel,
  drawPlot,
  groupByMagnitude,
  groupByUnit,
  PLOT_PALETTE,
  type PlotOptions,
  type PlotSeries,
  resolveSeriesStyles,
  type SeriesStyle,
} from './plot.js';

/**
 * Recorded columns (`time` and one per key) as plot series, styled as the demo declares
 * (`resolveSeriesStyles`): the same colours, names and units as its canvas and the live plot.
 */
export function styledSeries(
  time: ArrayLike<number>,
  columns: Record<string, ArrayLike<number>>,
  keys: readonly string[],
  declared?: readonly SeriesStyle[],
): PlotSeries[] {
  return resolveSeriesStyles(keys, declared).map((st) => ({
    name: st.label ?? st.key,
    x: time,
    y: columns[st.key] ?? [],
    color: st.color,
    ...(st.dash ? { dash: st.dash } : {}),
    ...(st.unit ? { unit: st.unit } : {}),
  }));
}

/** One plot as a PNG file's bytes. */
export function plotToPng(
  series: readonly PlotSeries[],
  options: PlotOptions = {},
  width = 800,
  height = 450,
): Buffer {
  const c = createNodeCanvas(width, height);
  drawPlot(c.ctx, { x: 0, y: 0, width, height }, series, options);
  return c.png();
}

/**
 * Several series as one PNG of stacked panels: one per unit when the series carry units (the
 * unit names the panel's y axis), otherwise one per group of similar magnitude
 * (`groupByMagnitude`); the title goes on the first panel, the x label on the last.
 * Series without a colour take the palette's in order.
 */
export function plotPanelsToPng(
  series: readonly PlotSeries[],
  options: PlotOptions = {},
  width = 900,
  panelHeight = 320,
): Buffer {
  const coloured = series.map((s, i) => ({ ...s, color: s.color ?? PLOT_PALETTE[i % PLOT_PALETTE.length]! }));
  const groups = coloured.some((s) => s.unit) ? groupByUnit(coloured) : groupByMagnitude(coloured);
  const c = createNodeCanvas(width, panelHeight * Math.max(1, groups.length));
  groups.forEach((g, k) => {
    const { title, xLabel, ...rest } = options;
    drawPlot(c.ctx, { x: 0, y: k * panelHeight, width, height: panelHeight }, g, {
      ...rest,
      legend: true,
      ...(g[0]?.unit && !rest.yLabel ? { yLabel: axisLabel(g[0].unit) } : {}),
      ...(k === 0 && title ? { title } : {}),
      ...(k === groups.length - 1 && xLabel ? { xLabel } : {}),
    });
  });
  return c.png();
}
