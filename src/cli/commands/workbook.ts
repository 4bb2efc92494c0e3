/**
 * `rikigaku workbook [section] [--json]`: the chapter's worked examples, computed by the library,
 * printed step by step (values with 5 significant digits, tables aligned) or as JSON.
 * The section may be a section id (`26.1`) or an example id (`26.9-1`). Exits 1 when a
 * self-check fails.
 */
import { formatTable, formatValue } from '../../render/format.js';
import type { WorkbookExample, WorkbookSection } from '../../workbook/types.js';
import { type CliContext, CliError, println } from '../context.js';

const KIND: Record<WorkbookExample['kind'], string> = {
  example: 'worked example',
  exercise: 'exercise',
  task: 'hand-computation task',
};

/** The text of one example, as lines. */
export function formatExample(ex: WorkbookExample): string[] {
  const out: string[] = [];
  out.push(`${ex.id} — ${ex.title} (${KIND[ex.kind]})`);
  ex.steps.forEach((step, i) => {
    out.push(`  step ${i + 1}. ${step.title}`);
    for (const l of step.lines ?? []) out.push(`    ${l}`);
    const values = Object.entries(step.values ?? {});
    if (values.length > 0) {
      const w = Math.max(...values.map(([k]) => k.length));
      for (const [k, v] of values) out.push(`    ${k.padEnd(w)} = ${formatValue(v)}`);
    }
    if (step.table) for (const l of formatTable(step.table.columns, step.table.rows)) out.push(`    ${l}`);
  });
  if (ex.checks && ex.checks.length > 0) {
    out.push('  checks:');
    for (const c of ex.checks) out.push(`    [${c.pass ? 'ok' : 'FAIL'}] ${c.label}`);
  }
  if (ex.conclusion) out.push(`  => ${ex.conclusion}`);
  return out;
}

interface Selected {
  section: WorkbookSection;
  examples: WorkbookExample[];
}

function select(ctx: CliContext, which: string | undefined): Selected[] {
  if (which === undefined) return ctx.sections.map((section) => ({ section, examples: section.examples() }));
  const key = which.replace(/^§/, '');
  const section = ctx.sections.find((s) => s.id === key);
  if (section) return [{ section, examples: section.examples() }];
  // an example id: search every section (prefix match on the id)
  const found: Selected[] = [];
  for (const s of ctx.sections) {
    const hits = s.examples().filter((e) => e.id === key || e.id.startsWith(`${key}-`));
    if (hits.length > 0) found.push({ section: s, examples: hits });
  }
  if (found.length > 0) return found;
  const known = ctx.sections.map((s) => s.id).join(', ') || '(none)';
  throw new CliError(`workbook: no section or example '${which}' (sections: ${known})`);
}

export function workbookCommand(
  ctx: CliContext,
  which: string | undefined,
  options: { json?: boolean },
): number {
  const selected = select(ctx, which);
  let failed = 0;
  for (const { examples } of selected) {
    for (const e of examples) failed += (e.checks ?? []).filter((c) => !c.pass).length;
  }
  if (options.json) {
    const data = selected.map(({ section, examples }) => ({
      id: section.id,
      title: section.title,
      examples,
    }));
    println(ctx, JSON.stringify(which === undefined || data.length > 1 ? data : data[0], null, 2));
  } else {
    selected.forEach(({ section, examples }, i) => {
      if (i > 0) println(ctx);
      const head = `§${section.id} ${section.title}`.trim();
      println(ctx, head);
      println(ctx, '='.repeat(head.length));
      if (examples.length === 0) println(ctx, '(no examples yet)');
      for (const ex of examples) {
        println(ctx);
        for (const l of formatExample(ex)) println(ctx, l);
      }
    });
  }
  if (failed > 0) {
    ctx.stderr.write(`rikigaku: workbook: ${failed} self-check(s) failed\n`);
    return 1;
  }
  return 0;
}
