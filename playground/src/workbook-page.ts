/**
 * The Workbook page: the chapter's sections, and for each worked example its steps revealed one
 * at a time (next / previous / all), with the values as the CLI prints them (5 significant digits).
 */
import { formatValue } from '../../src/render/format.js';
import type { WorkbookExample, WorkbookSection } from '../../src/workbook/types.js';

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  cls?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

const KIND: Record<WorkbookExample['kind'], string> = {
  example: 'worked example',
  exercise: 'exercise',
  task: 'hand-computation task',
};

function renderExample(ex: WorkbookExample): HTMLElement {
  const card = el('article', 'wb-example');
  card.dataset.id = ex.id;
  const h = el('h3', undefined, `${ex.id} — ${ex.title}`);
  h.append(el('span', 'wb-kind', KIND[ex.kind]));
  const body = el('div');
  const nav = el('div', 'wb-nav');
  const prev = el('button', undefined, '◀ previous');
  const next = el('button', undefined, 'next step ▶');
  const all = el('button', undefined, 'show all');
  const where = el('span');
  prev.type = next.type = all.type = 'button';
  nav.append(prev, next, all, where);
  card.append(h, nav, body);
  let shown = Math.min(1, ex.steps.length);

  const render = () => {
    body.replaceChildren();
    ex.steps.slice(0, shown).forEach((step, i) => {
      const s = el('div', 'wb-step');
      s.append(el('h4', undefined, `step ${i + 1}. ${step.title}`));
      if (step.lines?.length) s.append(el('pre', undefined, step.lines.join('\n')));
      const values = Object.entries(step.values ?? {});
      if (values.length > 0) {
        const w = Math.max(...values.map(([k]) => k.length));
        s.append(
          el('pre', 'wb-values', values.map(([k, v]) => `${k.padEnd(w)} = ${formatValue(v)}`).join('\n')),
        );
      }
      if (step.table) {
        const t = el('table');
        const head = el('tr');
        for (const c of step.table.columns) head.append(el('th', undefined, c));
        t.append(head);
        for (const row of step.table.rows) {
          const tr = el('tr');
          for (const c of row) tr.append(el('td', undefined, formatValue(c)));
          t.append(tr);
        }
        s.append(t);
      }
      body.append(s);
    });
    if (shown >= ex.steps.length) {
      for (const c of ex.checks ?? []) {
        body.append(el('div', `wb-check ${c.pass ? 'pass' : 'fail'}`, `${c.pass ? '✓' : '✗'} ${c.label}`));
      }
      if (ex.conclusion) body.append(el('p', 'wb-conclusion', ex.conclusion));
    }
    where.textContent = `step ${shown} of ${ex.steps.length}`;
    prev.disabled = shown <= 1;
    next.disabled = all.disabled = shown >= ex.steps.length;
  };
  prev.addEventListener('click', () => {
    shown = Math.max(1, shown - 1);
    render();
  });
  next.addEventListener('click', () => {
    shown = Math.min(ex.steps.length, shown + 1);
    render();
  });
  all.addEventListener('click', () => {
    shown = ex.steps.length;
    render();
  });
  render();
  return card;
}

export function renderWorkbook(
  host: HTMLElement,
  sections: readonly WorkbookSection[],
  which?: string,
): void {
  host.replaceChildren();
  host.append(el('h1', undefined, 'Workbook'));
  const intro = el(
    'p',
    undefined,
    "The chapter's worked examples, exercises and hand-computation tasks, computed by the library's own code. " +
      'Step through each one; in a terminal, ',
  );
  intro.append(el('code', undefined, 'rikigaku workbook <section>'), ' prints the same.');
  host.append(intro);
  const tabs = el('div', 'section-tabs');
  const current = sections.find((s) => s.id === which) ?? sections[0];
  for (const s of sections) {
    const a = el('a', s === current ? 'active' : undefined, `§${s.id} ${s.title}`.trim());
    a.href = `#workbook/${s.id}`;
    tabs.append(a);
  }
  host.append(tabs);
  if (!current) {
    host.append(el('p', undefined, 'No sections yet.'));
    return;
  }
  let examples: WorkbookExample[];
  try {
    examples = current.examples();
  } catch (e) {
    host.append(el('p', 'wb-check fail', `§${current.id}: ${(e as Error).message}`));
    console.error(e);
    return;
  }
  if (examples.length === 0) host.append(el('p', undefined, '(no examples yet)'));
  for (const ex of examples) host.append(renderExample(ex));
}
