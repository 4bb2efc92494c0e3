import type { WorkbookSection } from './types.js';

/** Workbook §26.2. */
export const section26_2: WorkbookSection = {
  id: '26.2',
  title: '',
  examples: () => [],
};
