/**
 * Worker threads for the rigid2d solver in Node (`worker_threads`): a factory for
 * `new World({ workerCount, threads: nodeSolverThreads() })`. Each worker runs
 * rigid2d-node-worker, which hands its messages to the engine's solver worker. Running from the
 * TypeScript sources (tsx, vitest), a worker first registers tsx's loader, then imports the entry.
 *
 * Nothing in the package imports a `node:` module statically. Where Node has
 * `process.getBuiltinModule` (20.16 and later) the modules are taken from it at once and a worker
 * is created when it is asked for, so a program that never returns to its event loop (a benchmark
 * stepping in one synchronous run) still gets its workers. Older Nodes load them by a dynamic
 * import: a worker is then created once `node:worker_threads` has loaded (the calling thread must
 * reach its event loop once), and the messages sent to it before then are queued. The solver
 * treats a worker that is still starting as absent (its steps run on the calling thread, with the
 * same result).
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

/** The parts of `node:module` and `node:url` that {@link workerSource} uses. */
interface NodeModules {
  createRequire(from: string): { resolve(id: string): string };
  pathToFileURL(path: string): URL;
}

/** The Worker constructor of `node:worker_threads`. */
type WorkerConstructor = new (
  code: string | URL,
  options: { eval: boolean; execArgv: string[] },
) => NodeWorker;

/** `process.getBuiltinModule` where this Node has it (20.16 and later), else undefined. */
function builtin(): ((id: string) => unknown) | undefined {
  const p = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  return typeof p?.getBuiltinModule === 'function' ? p.getBuiltinModule.bind(p) : undefined;
}

function workerSourceWith(m: NodeModules): WorkerSource {
  if (!import.meta.url.endsWith('.ts'))
    return { code: new URL('./rigid2d-node-worker.js', import.meta.url), eval: false };
  const entry = new URL('./rigid2d-node-worker.ts', import.meta.url).href;
  const { createRequire, pathToFileURL } = m;
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

/** The worker source and the Worker constructor: at once where Node has `getBuiltinModule`, else null. */
function loadNow(): { source: WorkerSource; Worker: WorkerConstructor } | null {
  const get = builtin();
  if (get === undefined) return null;
  const threads = get('node:worker_threads') as { Worker: WorkerConstructor };
  const mod = get('node:module') as Pick<NodeModules, 'createRequire'>;
  const url = get('node:url') as Pick<NodeModules, 'pathToFileURL'>;
  return {
    source: workerSourceWith({ createRequire: mod.createRequire, pathToFileURL: url.pathToFileURL }),
    Worker: threads.Worker,
  };
}

/** The same by dynamic imports (older Nodes). */
async function loadLater(): Promise<{ source: WorkerSource; Worker: WorkerConstructor }> {
  const [threads, mod, url] = await Promise.all([
    import('node:worker_threads'),
    import('node:module'),
    import('node:url'),
  ]);
  return {
    source: workerSourceWith({ createRequire: mod.createRequire, pathToFileURL: url.pathToFileURL }),
    Worker: threads.Worker as unknown as WorkerConstructor,
  };
}

/** The Node factory of rigid2d solver threads (the calling thread may block in `Atomics.wait`). */
export function nodeSolverThreads(): SolverThreadFactory {
  const now = loadNow();
  const ready = now === null ? loadLater() : null;
  return {
    callerCanBlock: true,
    spawn(): SolverWorkerHandle {
      let worker: NodeWorker | null = null;
      let stopped = false;
      const queue: unknown[] = [];
      const start = (loaded: { source: WorkerSource; Worker: WorkerConstructor }): void => {
        if (stopped) return;
        const w = new loaded.Worker(loaded.source.code, { eval: loaded.source.eval, execArgv: [] });
        // a world that is never disposed does not keep the process alive
        w.unref();
        for (const m of queue) w.postMessage(m);
        queue.length = 0;
        worker = w;
      };
      if (now !== null) start(now);
      else void ready!.then(start);
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
