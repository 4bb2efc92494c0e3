import type { WorkbookSection } from './types.js';

/** Workbook §26.1. */
export const section26_1: WorkbookSection = {
  id: '26.1',
  title: '',
  examples: () => [],
};
