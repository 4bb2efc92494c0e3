/** The entry of a browser Web Worker of the rigid2d solver (started by threads-web.ts). */
import { solverWorkerMessage } from '../rigid2d/solver-threads.js';

(globalThis as unknown as { onmessage: (event: { data: unknown }) => void }).onmessage = (event) =>
  solverWorkerMessage(event.data);
