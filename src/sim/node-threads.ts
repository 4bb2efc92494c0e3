/**
 * Worker threads for the rigid2d solver in Node (`worker_threads`): a factory for
 * `new World({ workerCount, threads: nodeSolverThreads() })`. Each worker runs
 * rigid2d-node-worker, which hands its messages to the engine's solver worker. Running from the
 * TypeScript sources (tsx, vitest), a worker first registers tsx's loader, then imports the entry.
 *
 * Node's modules are loaded on first use (a dynamic import), so nothing in the package imports a
 * `node:` module statically: a worker is created once `node:worker_threads` has loaded, and the
 * messages sent to it before then are queued. The solver already treats a worker that is still
 * starting as absent (its steps run on the calling thread, with the same result).
 */
import type { SolverThreadFactory, SolverWorkerHandle } from '../rigid2d/solver-threads.js';

/** What `new Worker` is given: the compiled entry, or tsx's loader registered and then the TypeScript entry. */
interface WorkerSource {
  code: string | URL;
  eval: boolean;
}

/** The minimal part of `node:worker_threads`' Worker used here. */
interface NodeWorker {
  postMessage(message: unknown): void;
  terminate(): Promise<number>;
  unref(): void;
}

async function workerSource(): Promise<WorkerSource> {
  if (!import.meta.url.endsWith('.ts'))
    return { code: new URL('./rigid2d-node-worker.js', import.meta.url), eval: false };
  const entry = new URL('./rigid2d-node-worker.ts', import.meta.url).href;
  const { createRequire } = await import('node:module');
  const { pathToFileURL } = await import('node:url');
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
  const ready = Promise.all([import('node:worker_threads'), workerSource()]);
  return {
    callerCanBlock: true,
    spawn(): SolverWorkerHandle {
      let worker: NodeWorker | null = null;
      let stopped = false;
      const queue: unknown[] = [];
      void ready.then(([threads, source]) => {
        if (stopped) return;
        const w = new threads.Worker(source.code, { eval: source.eval, execArgv: [] });
        // a world that is never disposed does not keep the process alive
        w.unref();
        for (const m of queue) w.postMessage(m);
        queue.length = 0;
        worker = w;
      });
      return {
        postMessage: (message) => {
          if (worker) worker.postMessage(message);
          else if (!stopped) queue.push(message);
        },
        terminate: () => {
          stopped = true;
          queue.length = 0;
          if (worker) void worker.terminate();
        },
      };
    },
  };
}
