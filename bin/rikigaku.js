#!/usr/bin/env node
// The `rikigaku` command. The TypeScript sources are compiled to dist/ by `npm run build`
// (run automatically by `npm install` through the `prepare` script).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
if (!existsSync(main)) {
  console.error('rikigaku: dist/ is missing; run `npm run build` first');
  process.exit(1);
}
const { main: run } = await import(main);
process.exitCode = await run(process.argv.slice(2));
