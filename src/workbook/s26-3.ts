import type { WorkbookSection } from './types.js';

/** Workbook §26.3. */
export const section26_3: WorkbookSection = {
  id: '26.3',
  title: '',
  examples: () => [],
};
