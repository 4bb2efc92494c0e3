/**
 * The workbook: the worked examples, exercises and hand-computation tasks of textbook
 * chapter 26 (§26.1–26.4), computed by the library's real code (never by separate formulas) and
 * reported step by step.
 */

export interface WorkbookTable {
  columns: string[];
  rows: (string | number)[][];
}

export interface WorkbookStep {
  /** what this step does, e.g. "iteration 2: normal impulse" */
  title: string;
  /** explanatory lines, printed as they are */
  lines?: string[];
  /** named values of this step (numbers printed with 5 significant digits by the text printer) */
  values?: Record<string, number | string | boolean | number[]>;
  table?: WorkbookTable;
}

/** A self-check (the book's hint) evaluated on the computed values. */
export interface WorkbookCheck {
  label: string;
  pass: boolean;
}

export interface WorkbookExample {
  /** stable id, e.g. `26.1-implicit-euler` or `26.9-1` */
  id: string;
  title: string;
  /** 'example' (worked in the text), 'exercise' (26.8), 'task' (26.9) */
  kind: 'example' | 'exercise' | 'task';
  steps: WorkbookStep[];
  checks?: WorkbookCheck[];
  /** a closing sentence: the answer and why */
  conclusion?: string;
}

export interface WorkbookSection {
  /** '26.1', '26.2', ... */
  id: string;
  title: string;
  /** computes every example of the section (deterministic, fast: well under a second) */
  examples(): WorkbookExample[];
}
