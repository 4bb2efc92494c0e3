/**
 * The entry of a Node worker thread of the rigid2d solver (started by node-threads.ts). Node's
 * module is loaded by a dynamic import, so the package has no static `node:` import.
 */
import { solverWorkerMessage } from '../rigid2d/solver-threads.js';

const { parentPort } = await import('node:worker_threads');
parentPort?.on('message', solverWorkerMessage);
