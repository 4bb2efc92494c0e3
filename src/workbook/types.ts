/**
 * The workbook: the worked examples, exercises and hand-computation tasks of textbook
 * chapter 26 (§26.1–26.4), computed by the library's real code (never by separate formulas) and
 * reported step by step.
 */

/** A table printed with a step: a header row and rows of cells. */
export interface WorkbookTable {
  /** the column headings */
  columns: string[];
  /** the rows, one cell per column */
  rows: (string | number)[][];
}

/** One step of a worked example: a title, explanatory lines, named values and an optional table. */
export interface WorkbookStep {
  /** what this step does, e.g. "iteration 2: normal impulse" */
  title: string;
  /** explanatory lines, printed as they are */
  lines?: string[];
  /** named values of this step (numbers printed with 5 significant digits by the text printer) */
  values?: Record<string, number | string | boolean | number[]>;
  /** a table of this step (e.g. one row per iteration) */
  table?: WorkbookTable;
}

/** A self-check (the book's hint) evaluated on the computed values. */
export interface WorkbookCheck {
  /** what is checked, e.g. "energy does not grow" */
  label: string;
  /** did the computed values pass it */
  pass: boolean;
}

/** A worked example, exercise or task of the textbook, computed by the library and reported step by step. */
export interface WorkbookExample {
  /** stable id, e.g. `26.1-implicit-euler` or `26.9-1` */
  id: string;
  /** the heading, as in the book */
  title: string;
  /** 'example' (worked in the text), 'exercise' (26.8), 'task' (26.9) */
  kind: 'example' | 'exercise' | 'task';
  /** the computation, in order */
  steps: WorkbookStep[];
  /** the self-checks of the result (the book's hints) */
  checks?: WorkbookCheck[];
  /** a closing sentence: the answer and why */
  conclusion?: string;
}

/** One section of textbook chapter 26 with its examples. */
export interface WorkbookSection {
  /** '26.1', '26.2', ... */
  id: string;
  /** the section's title */
  title: string;
  /** computes every example of the section (deterministic, fast: well under a second) */
  examples(): WorkbookExample[];
}
