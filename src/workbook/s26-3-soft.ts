import type { WorkbookExample } from './types.js';

/** §26.3 worked examples on shape matching and FEM strains. */
export function softExamples(): WorkbookExample[] {
  return [];
}
