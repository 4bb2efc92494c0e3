import type { WorkbookExample } from './types.js';

/** §26.3 worked examples on PBD/XPBD distance constraints, stiffness, cloth; exercise 26.8-4, task 26.9-4. */
export function pbdExamples(): WorkbookExample[] {
  return [];
}
