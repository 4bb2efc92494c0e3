/**
 * The labs (seeds 003 and 004) as commands: each writes its files, with the exact names and
 * formats the seed specifies, into a chosen folder. `run` is Node-only (it writes files; the
 * Node modules are loaded lazily), the computations behind it are browser-safe.
 */
import { PhysicsError } from '../errors.js';
import { nodeDeflate, writeLabFiles } from './files.js';
import { impulseLabFiles } from './impulse-lab.js';

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
    title: 'Impulses, restitution and friction (seed 003)',
    async run(outDir) {
      const files = impulseLabFiles({ deflate: await nodeDeflate() });
      return { files: await writeLabFiles(outDir, files) };
    },
  },
];

/** The lab with this id, or a one-line `not-found` PhysicsError naming the available ones. */
export function findLab(id: string): Lab {
  const lab = labs.find((l) => l.id === id);
  if (!lab) {
    throw new PhysicsError('not-found', `unknown lab '${id}' (available: ${labs.map((l) => l.id).join(', ')})`);
  }
  return lab;
}

/** Runs the lab `id`, writing its files into `outDir`. */
export function runLab(id: string, outDir: string): Promise<LabResult> {
  return findLab(id).run(outDir);
}
