/** Runs the CLI from source: `node --import tsx src/cli/entry.ts <args>` (the built bin uses dist/cli/main.js). */
import { main } from './main.js';

process.exitCode = await main(process.argv.slice(2));
