/**
 * The labs (seeds 003 and 004) as commands: each writes its files, with the exact names and
 * formats the seed specifies, into a chosen folder. Node-only (they write files).
 */
export interface LabResult {
  /** the files written, relative to the output folder */
  files: string[];
}

export interface Lab {
  id: string;
  title: string;
  run(outDir: string): Promise<LabResult>;
}

export const labs: Lab[] = [];
