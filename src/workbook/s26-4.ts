import type { WorkbookSection } from './types.js';

/** Workbook §26.4. */
export const section26_4: WorkbookSection = {
  id: '26.4',
  title: '',
  examples: () => [],
};
