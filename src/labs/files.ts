/**
 * A lab's output: named files (text or bytes) produced by pure code, and the one Node-only
 * part, {@link writeLabFiles}, which loads `node:fs` lazily so the rest of the labs stays
 * browser-safe.
 */
import { PhysicsError } from '../core/errors.js';

/** One file a lab produces: its name and its text or bytes. */
export interface LabFile {
  /** file name inside the output folder, e.g. `03-conserve.txt` */
  name: string;
  /** text (written as UTF-8) or bytes */
  content: string | Uint8Array;
}

/** A zlib compressor for PNG data when running under Node (smaller files); stored blocks otherwise. */
export async function nodeDeflate(): Promise<((raw: Uint8Array) => Uint8Array) | undefined> {
  try {
    const zlib = await import('node:zlib');
    return (raw) => new Uint8Array(zlib.deflateSync(raw, { level: 9 }));
  } catch {
    return undefined;
  }
}

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EEXIST: 'a file is in the way',
  EISDIR: 'a folder is in the way',
  ENOSPC: 'no space left on device',
};

/**
 * Writes the files into `outDir` (created if missing) and returns their names. Any failure —
 * the folder cannot be created, is a file, is read-only — becomes one line:
 * `PhysicsError('io', "cannot write lab output to '<dir>': <reason>")`.
 */
export async function writeLabFiles(outDir: string, files: readonly LabFile[]): Promise<string[]> {
  if (typeof outDir !== 'string' || outDir.length === 0) {
    throw new PhysicsError(
      'io',
      `lab output folder: must be a non-empty path, got ${JSON.stringify(outDir)}`,
    );
  }
  const fs = await import('node:fs/promises');
  const path = await import('node:path');
  try {
    await fs.mkdir(outDir, { recursive: true });
    for (const f of files) await fs.writeFile(path.join(outDir, f.name), f.content);
  } catch (err) {
    ioFail(outDir, err);
  }
  return files.map((f) => f.name);
}

function ioFail(outDir: string, err: unknown): never {
  const e = err as { code?: string; message?: string };
  const reason = e.code
    ? `${e.code}${REASONS[e.code] ? ` (${REASONS[e.code]})` : ''}`
    : String(e.message ?? err).split('\n')[0];
  throw new PhysicsError('io', `cannot write lab output to '${outDir}': ${reason}`);
}

/** Creates `outDir` and checks that a file can be written there (same one-line error as writeLabFiles). */
export async function checkWritable(outDir: string): Promise<void> {
  if (typeof outDir !== 'string' || outDir.length === 0) {
    throw new PhysicsError(
      'io',
      `lab output folder: must be a non-empty path, got ${JSON.stringify(outDir)}`,
    );
  }
  const fs = await import('node:fs/promises');
  const path = await import('node:path');
  try {
    await fs.mkdir(outDir, { recursive: true });
    const probe = path.join(outDir, '.rikigaku-write-test');
    await fs.writeFile(probe, '');
    await fs.rm(probe);
  } catch (err) {
    ioFail(outDir, err);
  }
}
