/** The sidebar: every demo of the registry grouped by domain (a "Lab" group for the labs), then the workbook. */
import type { Demo } from '../../src/demos/types.js';

const DOMAIN_ORDER = ['integrators', 'rigid2d', 'rigid3d', 'xpbd', 'fem', 'fluid', 'water', 'lab'];
const DOMAIN_LABEL: Record<string, string> = {
  integrators: 'Integrators (§26.1)',
  rigid2d: 'Rigid bodies 2D (§26.2)',
  rigid3d: 'Rigid bodies 3D (§26.2)',
  xpbd: 'PBD / XPBD (§26.3)',
  fem: 'FEM (§26.3)',
  fluid: 'Fluids (§26.4)',
  water: 'Water',
  lab: 'Lab',
  scene: 'Scene files',
};

/** The sidebar heading of a domain. */
export function domainLabel(domain: string): string {
  return DOMAIN_LABEL[domain] ?? domain.charAt(0).toUpperCase() + domain.slice(1);
}

/** The domains of the demos in display order: the known ones first, the labs last. */
export function orderedDomains(demos: readonly Demo[]): string[] {
  const present = [...new Set(demos.map((d) => d.domain))];
  const rank = (d: string) => {
    if (d === 'lab') return 1000;
    if (d === 'scene') return 900;
    const i = DOMAIN_ORDER.indexOf(d);
    return i < 0 ? 500 : i;
  };
  return present.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** Fills the sidebar with one link per demo, grouped by domain, and wires the filter box. */
export function buildSidebar(host: HTMLElement, filter: HTMLInputElement, demos: readonly Demo[]): void {
  host.replaceChildren();
  for (const domain of orderedDomains(demos)) {
    const group = document.createElement('div');
    group.className = 'group';
    group.dataset.domain = domain;
    const h = document.createElement('h2');
    h.textContent = domainLabel(domain);
    group.append(h);
    for (const d of demos.filter((x) => x.domain === domain)) {
      const a = document.createElement('a');
      a.href = `#${d.id}`;
      a.textContent = d.title;
      a.title = d.description;
      a.dataset.id = d.id;
      group.append(a);
    }
    host.append(group);
  }
  const wb = document.createElement('div');
  wb.className = 'group';
  const h = document.createElement('h2');
  h.textContent = 'Workbook (§26)';
  const a = document.createElement('a');
  a.href = '#workbook';
  a.textContent = 'Worked examples, step by step';
  a.dataset.id = 'workbook';
  wb.append(h, a);
  host.append(wb);
  const none = document.createElement('p');
  none.className = 'no-match';
  none.textContent = 'no demo matches';
  none.hidden = true;
  host.append(none);

  filter.oninput = () => {
    const q = filter.value.trim().toLowerCase();
    let total = 0;
    for (const group of Array.from(host.querySelectorAll<HTMLElement>('.group'))) {
      let visible = 0;
      for (const link of Array.from(group.querySelectorAll<HTMLAnchorElement>('a'))) {
        const show = q === '' || `${link.textContent} ${link.dataset.id}`.toLowerCase().includes(q);
        link.hidden = !show;
        if (show) visible++;
      }
      group.hidden = visible === 0;
      total += visible;
    }
    none.hidden = total > 0;
    none.textContent = `no demo matches “${filter.value.trim()}”`;
  };
}

/** Highlights the link of the open demo (or `workbook`) and scrolls it into view. */
export function markActive(host: HTMLElement, id: string): void {
  for (const a of Array.from(host.querySelectorAll<HTMLAnchorElement>('a')))
    a.classList.toggle('active', a.dataset.id === id);
  host.querySelector<HTMLAnchorElement>('a.active')?.scrollIntoView({ block: 'nearest' });
}
