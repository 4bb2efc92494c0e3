/**
 * Determinism across threads (textbook §26.5): a world stepped in a `worker_threads` worker (its
 * own V8 isolate, heap and JIT state) gives the state hashes the main thread gives, every 20
 * steps, for a rigid2d pyramid hit by a bullet, a rigid3d pyramid hit by a sphere and a cloth. The
 * worker runs a plain-JS bundle of the scenes built by esbuild into a temporary folder.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { type HashTrace, workerTraces } from './worker-scenes.js';

const STEPS = 240;
const EVERY = 20;
const dir = mkdtempSync(join(tmpdir(), 'rikigaku-worker-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function inWorker(): Promise<Record<string, HashTrace>> {
  const bundle = await build({
    entryPoints: [join(import.meta.dirname, 'worker-entry.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
  });
  const file = join(dir, 'worker-entry.mjs');
  writeFileSync(file, bundle.outputFiles[0]!.text);
  return new Promise((resolve, reject) => {
    const w = new Worker(file, { workerData: { steps: STEPS, every: EVERY } });
    w.once('message', (m) => {
      resolve(m as Record<string, HashTrace>);
      void w.terminate();
    });
    w.once('error', reject);
    w.once('exit', (code) => {
      if (code !== 0) reject(new Error(`worker exited with ${code}`));
    });
  });
}

describe('a world stepped in a worker thread equals the main thread (textbook §26.5)', () => {
  it('rigid2d pyramid, rigid3d pyramid and cloth: the same state hash every 20 steps', async () => {
    const fromWorker = await inWorker();
    const here = workerTraces(STEPS, EVERY);
    expect(Object.keys(fromWorker).sort()).toEqual(['cloth', 'rigid2d', 'rigid3d']);
    for (const name of Object.keys(here)) {
      expect(here[name]!.length).toBe(STEPS / EVERY);
      // the run moves: the hashes change along it
      expect(new Set(here[name]).size).toBe(STEPS / EVERY);
      expect(fromWorker[name], name).toEqual(here[name]);
    }
  }, 120_000);
});
