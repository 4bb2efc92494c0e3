/**
 * Worker threads for the rigid2d solver in Node (`worker_threads`): a factory for
 * `new World({ workerCount, threads: nodeSolverThreads() })`. Each worker runs
 * rigid2d-worker-node, which hands its messages to the engine's solver worker. Running from the
 * TypeScript sources (tsx, vitest), a worker first registers tsx's loader, then imports the entry.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SolverThreadFactory, SolverWorkerHandle } from '../rigid2d/solver-threads.js';

/** The worker's code: the compiled entry, or tsx's loader registered and then the TypeScript entry. */
function workerSource(): { code: string | URL; eval: boolean } {
  if (!import.meta.url.endsWith('.ts'))
    return { code: new URL('./rigid2d-worker-node.js', import.meta.url), eval: false };
  const entry = new URL('./rigid2d-worker-node.ts', import.meta.url).href;
  const api = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  return {
    code: `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`,
    eval: true,
  };
}

/** The Node factory of rigid2d solver threads (the calling thread may block in `Atomics.wait`). */
export function nodeSolverThreads(): SolverThreadFactory {
  const source = workerSource();
  return {
    callerCanBlock: true,
    spawn(): SolverWorkerHandle {
      const worker = new Worker(source.code, { eval: source.eval, execArgv: [] });
      // a world that is never disposed does not keep the process alive
      worker.unref();
      return {
        postMessage: (message) => worker.postMessage(message),
        terminate: () => {
          void worker.terminate();
        },
      };
    },
  };
}
