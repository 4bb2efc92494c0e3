/** Plots as PNG files: `drawPlot` on a headless canvas. Node-only. */
import { createNodeCanvas } from './canvas-node.js';
import { drawPlot, groupByMagnitude, PLOT_PALETTE, type PlotOptions, type PlotSeries } from './plot.js';

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
 * Several series as one PNG of stacked panels, one per group of similar magnitude
 * (`groupByMagnitude`); the title goes on the first panel, the x label on the last.
 * Colours follow the series' order across all panels.
 */
export function plotPanelsToPng(
  series: readonly PlotSeries[],
  options: PlotOptions = {},
  width = 900,
  panelHeight = 320,
): Buffer {
  const coloured = series.map((s, i) => ({ ...s, color: s.color ?? PLOT_PALETTE[i % PLOT_PALETTE.length]! }));
  const groups = groupByMagnitude(coloured);
  const c = createNodeCanvas(width, panelHeight * Math.max(1, groups.length));
  groups.forEach((g, k) => {
    const { title, xLabel, ...rest } = options;
    drawPlot(c.ctx, { x: 0, y: k * panelHeight, width, height: panelHeight }, g, {
      ...rest,
      legend: true,
      ...(k === 0 && title ? { title } : {}),
      ...(k === groups.length - 1 && xLabel ? { xLabel } : {}),
    });
  });
  return c.png();
}
