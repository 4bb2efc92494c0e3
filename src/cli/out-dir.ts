/**
 * The `--out` folder of `rikigaku run`: a run leaves a list of the files it wrote
 * (`.rikigaku-run.json`), so that the next run into the same folder first removes exactly those
 * (no stale frames from a longer run), and a folder that holds other files and no such list is
 * refused rather than mixed with a run's output.
 */
import { readdir, readFile, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import { CliError } from './context.js';

/** The name of the list of files a run wrote, kept in its output folder. */
export const RUN_MANIFEST = '.rikigaku-run.json';

/** A manifest entry that stays inside the folder: relative, no `..`, no absolute path. */
function inside(name: unknown): name is string {
  if (typeof name !== 'string' || name === '' || name.includes('\0')) return false;
  const n = normalize(name);
  return !n.startsWith('..') && !n.startsWith('/') && !/^[A-Za-z]:/.test(n);
}

/**
 * Makes `dir` ready for a run: a missing folder is fine (the recorder creates it), a file is an
 * error, a folder written by an earlier run loses that run's files, any other non-empty folder
 * is refused. `shown` is the folder as the user wrote it, for messages.
 */
export async function prepareOutDir(dir: string, shown: string): Promise<void> {
  const st = await stat(dir).catch(() => undefined);
  if (st === undefined) return;
  if (!st.isDirectory()) throw new CliError(`run: --out '${shown}' is a file, not a folder`, 1);
  const entries = await readdir(dir);
  if (entries.length === 0) return;
  if (!entries.includes(RUN_MANIFEST)) {
    throw new CliError(
      `run: --out '${shown}' is not empty and was not written by 'rikigaku run' (no ${RUN_MANIFEST}); choose another folder or empty it`,
      1,
    );
  }
  let files: unknown;
  try {
    files = (JSON.parse(await readFile(join(dir, RUN_MANIFEST), 'utf8')) as { files?: unknown }).files;
  } catch {
    files = undefined;
  }
  if (!Array.isArray(files)) {
    throw new CliError(`run: --out '${shown}': ${RUN_MANIFEST} is not a list of files; remove the folder`, 1);
  }
  const folders = new Set<string>();
  for (const f of files) {
    if (!inside(f)) continue;
    await rm(join(dir, f), { force: true });
    const slash = f.lastIndexOf('/');
    if (slash > 0) folders.add(f.slice(0, slash));
  }
  // sub-folders the run made (frames/) go when the run's files were all they held
  for (const sub of folders) await rmdir(join(dir, sub)).catch(() => undefined);
  await rm(join(dir, RUN_MANIFEST), { force: true });
}

/** Records which files a run wrote into `dir` (paths relative to it). */
export async function writeRunManifest(dir: string, files: readonly string[]): Promise<void> {
  await writeFile(join(dir, RUN_MANIFEST), `${JSON.stringify({ files }, null, 1)}\n`);
}
