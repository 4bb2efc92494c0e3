import { pbdExamples } from './s26-3-pbd.js';
import { softExamples } from './s26-3-soft.js';
import type { WorkbookSection } from './types.js';

/** Workbook §26.3: position-based dynamics, shape matching, FEM. */
export const section26_3: WorkbookSection = {
  id: '26.3',
  title: 'Position-based dynamics (PBD / XPBD), shape matching, FEM',
  examples: () => [...pbdExamples(), ...softExamples()],
};
