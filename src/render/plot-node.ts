/** Plots as PNG files: `drawPlot` on a headless canvas. Node-only. */
import { createNodeCanvas } from './canvas-node.js';
import { drawPlot, type PlotOptions, type PlotSeries } from './plot.js';

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
