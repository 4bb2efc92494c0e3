#!/usr/bin/env node
// The `rikigaku` command: run demos and scene files headlessly, the workbook, the labs.
import { main } from '../dist/main.js';

process.exitCode = await main(process.argv.slice(2));
