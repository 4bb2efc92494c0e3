/**
 * Web Workers for the rigid2d solver in a browser: a factory for
 * `new World({ workerCount, threads: webSolverThreads() })`. The page must be cross-origin isolated
 * (served with `Cross-Origin-Opener-Policy: same-origin` and `Cross-Origin-Embedder-Policy:
 * require-corp`) to have `SharedArrayBuffer`; without it the world solves on one thread and says so
 * in `world.threads.reason`. A page's main thread may not block, so its barriers spin.
 */
import type { SolverThreadFactory, SolverWorkerHandle } from '../rigid2d/solver-threads.js';

/** The minimal Worker constructor this factory uses (the DOM's `Worker`). */
interface WorkerLike {
  postMessage(message: unknown): void;
  terminate(): void;
}

/**
 * The browser factory of rigid2d solver threads. `entry`: the URL of the worker module
 * (rigid2d-worker-web.js beside this file by default; a bundler may need its own URL).
 */
export function webSolverThreads(entry?: URL | string): SolverThreadFactory {
  const url = entry ?? new URL('./rigid2d-worker-web.js', import.meta.url);
  const g = globalThis as unknown as {
    Worker: new (url: URL | string, options: { type: 'module' }) => WorkerLike;
    document?: unknown;
  };
  return {
    callerCanBlock: g.document === undefined,
    spawn(): SolverWorkerHandle {
      const worker = new g.Worker(url, { type: 'module' });
      return {
        postMessage: (message) => worker.postMessage(message),
        terminate: () => worker.terminate(),
      };
    },
  };
}
