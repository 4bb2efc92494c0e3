/** The worker side of worker.test.ts: steps the scenes and posts their state-hash traces. */
import { parentPort, workerData } from 'node:worker_threads';
import { workerTraces } from './worker-scenes.js';

const { steps, every } = workerData as { steps: number; every: number };
parentPort!.postMessage(workerTraces(steps, every));
