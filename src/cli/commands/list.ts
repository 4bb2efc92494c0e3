/** `rikigaku list`: the demos by domain, then the labs and the workbook sections. */
import { formatTable } from '../../render/format.js';
import { type CliContext, println } from '../context.js';

export function listCommand(ctx: CliContext, options: { json?: boolean }): number {
  if (options.json) {
    const data = {
      demos: ctx.demos.map((d) => ({
        id: d.id,
        title: d.title,
        domain: d.domain,
        description: d.description,
      })),
      labs: ctx.labs.map((l) => ({ id: l.id, title: l.title })),
      workbook: ctx.sections.map((s) => ({ id: s.id, title: s.title })),
    };
    println(ctx, JSON.stringify(data, null, 2));
    return 0;
  }
  const domains: string[] = [];
  for (const d of ctx.demos) if (!domains.includes(d.domain)) domains.push(d.domain);
  println(ctx, `demos (${ctx.demos.length}) — run one with: rikigaku run <id>`);
  if (ctx.demos.length === 0) println(ctx, '  (none registered)');
  for (const domain of domains) {
    println(ctx);
    println(ctx, `  ${domain}`);
    const rows = ctx.demos.filter((d) => d.domain === domain).map((d) => [d.id, d.title]);
    for (const line of formatTable(['id', 'title'], rows).slice(2)) println(ctx, `    ${line}`);
  }
  println(ctx);
  println(ctx, `labs (${ctx.labs.length}) — rikigaku lab <id> --out DIR`);
  for (const line of formatTable(
    ['id', 'title'],
    ctx.labs.map((l) => [l.id, l.title]),
  ).slice(2))
    println(ctx, `    ${line}`);
  println(ctx);
  println(ctx, `workbook sections (${ctx.sections.length}) — rikigaku workbook <section>`);
  for (const line of formatTable(
    ['id', 'title'],
    ctx.sections.map((s) => [s.id, s.title]),
  ).slice(2))
    println(ctx, `    ${line}`);
  return 0;
}
