/**
 * What a CLI command works with: where it writes, and the registries it reads. `main` fills in
 * the real ones; tests pass captured streams and small fixture registries.
 */
import type { Demo } from '../demos/types.js';
import type { Lab } from '../labs/registry.js';
import type { WorkbookSection } from '../workbook/types.js';

export interface OutStream {
  write(text: string): unknown;
  /** a terminal: progress bars are shown only there */
  isTTY?: boolean;
}

export interface CliContext {
  stdout: OutStream;
  stderr: OutStream;
  demos: readonly Demo[];
  labs: readonly Lab[];
  sections: readonly WorkbookSection[];
  /** resolves relative paths (default: process.cwd()) */
  cwd: string;
}

/** A usage error or an expected failure: printed as one line, exit code `exitCode`. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Writes a line to stdout. */
export function println(ctx: CliContext, line = ''): void {
  ctx.stdout.write(`${line}\n`);
}
