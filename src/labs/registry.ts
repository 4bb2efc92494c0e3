/**
 * The labs (impulse and stacking) as commands: each writes its files, with the exact names and
 * formats the lab specifies, into a chosen folder. `run` is Node-only (it writes files; the
 * Node modules are loaded lazily), the computations behind it are browser-safe.
 */
import { PhysicsError } from '../core/errors.js';
import type { PlotOptions, PlotSeries } from '../render/plot.js';
import { checkWritable, nodeDeflate, writeLabFiles } from './files.js';
import { impulseLabFiles } from './impulse-lab.js';
import { stackingLabFiles } from './stacking-lab.js';

/** What a lab run wrote. */
export interface LabResult {
  /** the files written, relative to the output folder */
  files: string[];
}

/** Draws plot series as PNG bytes (a headless canvas), for the labs that write plots. */
export type LabPlotPng = (series: readonly PlotSeries[], options: PlotOptions) => Uint8Array;

/** What a lab may borrow from its host; the CLI passes its headless plotter. */
export interface LabTools {
  /** PNG plots (the stacking lab's figures); default: the repository's Node plotter, loaded lazily */
  plotPng?: LabPlotPng;
}

/** A lab of the course: an id, a title and `run`, which writes its files into a folder. */
export interface Lab {
  /** the name `rikigaku lab <id>` takes */
  id: string;
  /** one line on what the lab is about */
  title: string;
  /** computes the lab and writes its files into `outDir`; resolves with their names */
  run(outDir: string, tools?: LabTools): Promise<LabResult>;
}

/** The Node plotter beside this module (present in the repository, not in the published package). */
async function defaultPlotPng(): Promise<LabPlotPng> {
  // loaded at run time so that bundlers leave the headless canvas out of browsers
  const plotModule = '../render/plot-node.js';
  try {
    const { plotToPng } = (await import(/* @vite-ignore */ plotModule)) as {
      plotToPng(
        series: readonly PlotSeries[],
        options: PlotOptions,
        width: number,
        height: number,
      ): Uint8Array;
    };
    return (series, options) => new Uint8Array(plotToPng(series, options, 800, 450));
  } catch {
    throw new PhysicsError(
      'io',
      'the stacking lab draws its plots on a headless canvas: run it with the command line (npx rikigaku-cli lab stacking), or pass run(outDir, { plotPng })',
    );
  }
}

/** The labs of the course: the impulse lab and the stacking lab. */
export const labs: Lab[] = [
  {
    id: 'impulse',
    title: 'Impulses, restitution and friction',
    async run(outDir) {
      const files = impulseLabFiles({ deflate: await nodeDeflate() });
      return { files: await writeLabFiles(outDir, files) };
    },
  },
  {
    id: 'stacking',
    title: 'Keeping boxes from sinking: position correction, iterations, stack stability',
    async run(outDir, tools) {
      await checkWritable(outDir); // fail before two seconds of simulation, not after
      const plotPng = tools?.plotPng ?? (await defaultPlotPng());
      const files = stackingLabFiles({
        deflate: await nodeDeflate(),
        plot: (series, options) => plotPng(series, { background: '#ffffff', ...options }),
      });
      return { files: await writeLabFiles(outDir, files) };
    },
  },
];

/** The lab with this id, or a one-line `not-found` PhysicsError naming the available ones. */
export function findLab(id: string): Lab {
  const lab = labs.find((l) => l.id === id);
  if (!lab) {
    throw new PhysicsError(
      'not-found',
      `unknown lab '${id}' (available: ${labs.map((l) => l.id).join(', ')})`,
    );
  }
  return lab;
}

/** Runs the lab `id`, writing its files into `outDir`. */
export function runLab(id: string, outDir: string): Promise<LabResult> {
  return findLab(id).run(outDir);
}
