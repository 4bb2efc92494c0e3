/**
 * The `rikigaku` command line (commander). `main(argv)` returns the exit code and never throws:
 * a bad argument or a bad file prints one line on stderr (PhysicsError messages pass through)
 * and returns non-zero. Node-only.
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { demos } from '../demos/index.js';
import { labs } from '../labs/registry.js';
import { workbookSections } from '../workbook/index.js';
import { labCommand } from './commands/lab.js';
import { listCommand } from './commands/list.js';
import { type RunOptions, runCommand } from './commands/run.js';
import { workbookCommand } from './commands/workbook.js';
import type { CliContext } from './context.js';
import { describeError } from './errors.js';

export type { CliContext } from './context.js';

/**
 * The version of the package this file ships in: the nearest package.json above it named
 * `rikigaku` or `rikigaku-cli` (src/cli and dist/cli in the repository, dist/ in the CLI package).
 */
function packageVersion(): string {
  for (const up of ['../package.json', '../../package.json', '../../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(up, import.meta.url), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'rikigaku' || pkg.name === 'rikigaku-cli') return pkg.version ?? '0.0.0';
    } catch {
      // not there: one folder further up
    }
  }
  return '0.0.0';
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

function buildProgram(ctx: CliContext, done: (code: number) => void): Command {
  const program = new Command('rikigaku')
    .description('rikigaku: physics simulation toolkit — demos, headless rendering, workbook, labs')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => ctx.stdout.write(s),
      writeErr: (s) => ctx.stderr.write(s),
      outputError: (s, write) => write(`rikigaku: ${s.replace(/^error: /, '').trim()}\n`),
    })
    .showSuggestionAfterError(true)
    .version(packageVersion(), '-V, --version')
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  rikigaku list',
        '  rikigaku run spring --gif --csv --out out/spring',
        '  rikigaku run spring --param h=0.25 --seconds 2',
        '  rikigaku run examples/scenes/pyramid.json --png-every 30',
        '  rikigaku workbook 26.1',
        '  rikigaku lab impulse --out out/impulse',
      ].join('\n'),
    );

  program
    .command('list')
    .description('list the demos (by domain), the labs and the workbook sections')
    .option('--json', 'machine-readable output')
    .action((opts: { json?: boolean }) => done(listCommand(ctx, opts)));

  program
    .command('run')
    .description('run a demo or a scene file headlessly and write images, a GIF, CSV and plots')
    .argument('<target>', 'a demo id (see `rikigaku list`) or a scene file ending in .json')
    .option('--seconds <S>', 'simulated seconds to run', '5')
    .option('--dt <H>', 'fixed time step in seconds (default: the demo’s)')
    .option('--out <DIR>', 'output folder (default: out/<name>)')
    .option('--gif', 'write an animated GIF')
    .option('--png-every <N>', 'write frames/frame-NNNNNN.png every N frames')
    .option(
      '--fps <N>',
      'GIF frames per simulated second (default 25); the fixed-step runner takes the steps of each frame',
    )
    .option('--csv', 'write the series as series.csv')
    .option('--size <WxH>', 'image size in pixels', '640x480')
    .option('--param <k=v>', 'set a demo parameter (repeatable)', collect, [])
    .option('--no-plot', 'do not write series.png')
    .action(async (target: string, opts: RunOptions) => done(await runCommand(ctx, target, opts)));

  program
    .command('workbook')
    .description("print the chapter's worked examples step by step, computed by the library")
    .argument('[section]', 'a section (26.1) or an example id; default: all')
    .option('--json', 'machine-readable output')
    .action((section: string | undefined, opts: { json?: boolean }) =>
      done(workbookCommand(ctx, section, opts)),
    );

  program
    .command('lab')
    .description('run a lab (impulse, stacking), writing its files into a folder')
    .argument('[name]', 'the lab id; without it, the labs are listed')
    .option('--out <DIR>', 'output folder (default: out/lab-<name>)')
    .action(async (name: string | undefined, opts: { out?: string }) =>
      done(await labCommand(ctx, name, opts)),
    );

  return program;
}

let pipeGuard = false;
/** `rikigaku list | head`: a reader that stops early closes the pipe; end quietly, as Unix tools do. */
function guardBrokenPipe(): void {
  if (pipeGuard) return;
  pipeGuard = true;
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
}

/** Runs the command line `argv` (without `node` and the script) and returns the exit code. */
export async function main(argv: string[], context: Partial<CliContext> = {}): Promise<number> {
  const ctx: CliContext = {
    stdout: context.stdout ?? process.stdout,
    stderr: context.stderr ?? process.stderr,
    demos: context.demos ?? demos,
    labs: context.labs ?? labs,
    sections: context.sections ?? workbookSections,
    cwd: context.cwd ?? process.cwd(),
  };
  if (ctx.stdout === process.stdout) guardBrokenPipe();
  let code = 0;
  const program = buildProgram(ctx, (c) => {
    code = c;
  });
  try {
    if (argv.length === 0) {
      program.outputHelp();
      return 0;
    }
    await program.parseAsync(argv, { from: 'user' });
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      // help and version exit 0; usage errors were already printed as one line
      return e.exitCode === 0 ? 0 : 2;
    }
    const { line, exitCode } = describeError(e);
    ctx.stderr.write(`rikigaku: ${line}\n`);
    if (process.env.RIKIGAKU_DEBUG && e instanceof Error && e.stack) ctx.stderr.write(`${e.stack}\n`);
    return exitCode;
  }
}
