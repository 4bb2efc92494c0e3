/** The entry of a Node worker thread of the rigid2d solver (started by threads-node.ts). */
import { parentPort } from 'node:worker_threads';
import { solverWorkerMessage } from '../rigid2d/solver-threads.js';

parentPort?.on('message', solverWorkerMessage);
