/** `rikigaku lab <name> --out DIR`: runs a lab of the registry, which writes its files into DIR. */
import { constants } from 'node:fs';
import { access, mkdir, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { plotToPng } from '../../render/plot-node.js';
import { type CliContext, CliError, println } from '../context.js';

/** The lab's plots, drawn on the CLI's headless canvas. */
const plotPng = (...[series, options]: Parameters<typeof plotToPng>) =>
  new Uint8Array(plotToPng(series, options, 800, 450));

/** `rikigaku lab [name]`: lists the labs, or runs one into its `--out` folder; returns the exit code. */
export async function labCommand(
  ctx: CliContext,
  name: string | undefined,
  options: { out?: string },
): Promise<number> {
  const known = ctx.labs.map((l) => l.id).join(', ') || '(none registered)';
  if (name === undefined) {
    println(ctx, `labs: ${known}`);
    println(ctx, 'run one with: rikigaku lab <name> --out DIR');
    return 0;
  }
  const lab = ctx.labs.find((l) => l.id === name);
  if (!lab) throw new CliError(`lab: unknown lab '${name}' (known: ${known})`);
  const outArg = options.out ?? `out/lab-${lab.id}`;
  const out = resolve(ctx.cwd, outArg);
  const existing = await stat(out).catch(() => undefined);
  if (existing && !existing.isDirectory())
    throw new CliError(`lab: --out '${outArg}' exists and is not a folder`, 1);
  try {
    await mkdir(out, { recursive: true });
    await access(out, constants.W_OK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'error';
    throw new CliError(`lab: cannot write to --out '${outArg}' (${code})`, 1);
  }
  println(ctx, `lab ${lab.id}: ${lab.title}`);
  const result = await lab.run(out, { plotPng });
  println(ctx, `wrote ${result.files.length} file(s) to ${outArg}:`);
  for (const f of result.files) println(ctx, `  ${f}`);
  return 0;
}
