/**
 * The labs (impulse and stacking) as commands: each writes its files, with the exact names and
 * formats the lab specifies, into a chosen folder. `run` is Node-only (it writes files; the
 * Node modules are loaded lazily), the computations behind it are browser-safe.
 */
import { PhysicsError } from '../core/errors.js';
import { checkWritable, nodeDeflate, writeLabFiles } from './files.js';
import { impulseLabFiles } from './impulse-lab.js';
import { stackingLabFiles } from './stacking-lab.js';

export interface LabResult {
  /** the files written, relative to the output folder */
  files: string[];
}

export interface Lab {
  id: string;
  title: string;
  run(outDir: string): Promise<LabResult>;
}

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
    async run(outDir) {
      await checkWritable(outDir); // fail before two seconds of simulation, not after
      // Node-only plotting (@napi-rs/canvas), loaded at run time so bundlers leave it out of browsers
      const plotModule = '../render/plot-node.js';
      const { plotToPng } = (await import(
        /* @vite-ignore */ plotModule
      )) as typeof import('../render/plot-node.js');
      const files = stackingLabFiles({
        deflate: await nodeDeflate(),
        plot: (series, options) =>
          new Uint8Array(plotToPng(series, { background: '#ffffff', ...options }, 800, 450)),
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
