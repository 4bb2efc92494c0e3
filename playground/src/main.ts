/**
 * The playground: a three.js-examples-like page over the demo registry. The URL hash picks the
 * page: `#spring` opens a demo, `#workbook` or `#workbook/26.1` the workbook.
 * `window.__rikigaku` is a small hook for the browser test (exact frame stepping, no clock).
 */
import { demos as registryDemos } from '../../src/demos/index.js';
import { workbookSections } from '../../src/workbook/index.js';
import { addNetLink, markNetLink, NET_DEMO_ID, NetPushBoxesPage } from './net-push-boxes.js';
import { buildSidebar, markActive, orderedDomains } from './sidebar.js';
import './style.css';
import { sceneDemo, sceneDemos } from './scenes.js';
import { Viewer } from './viewer.js';
import { renderWorkbook } from './workbook-page.js';

/** The API reference's address next to the page ('' when `npm run docs` has not been run). */
declare const __RIKIGAKU_API_DOCS__: string;

/** The registry's demos, then the example scene files. */
const demos = [...registryDemos, ...sceneDemos];
const findDemo = (id: string) => demos.find((d) => d.id === id);

const list = document.getElementById('demo-list')!;
const demoPage = document.getElementById('demo-page')!;
const workbookPage = document.getElementById('workbook-page')!;
const emptyPage = document.getElementById('empty-page')!;
buildSidebar(list, document.getElementById('filter') as HTMLInputElement, demos);
const viewer = new Viewer();
const netPage = new NetPushBoxesPage(document.getElementById('main')!);
const netLink = addNetLink(list);

const apiSlot = document.getElementById('api-link')!;
if (__RIKIGAKU_API_DOCS__) {
  const a = document.createElement('a');
  a.href = __RIKIGAKU_API_DOCS__;
  a.className = 'api-link';
  a.id = 'api-link';
  a.textContent = 'API reference';
  apiSlot.replaceWith(a);
} else {
  // not generated: say how, and where the README explains the library's use
  apiSlot.textContent = 'API reference: run npm run docs';
  apiSlot.title =
    "Generates docs/api/ from the library's doc comments; the README's “Using it as a library” shows the entry points.";
}

/** The first demo in sidebar order (the spring when it exists). */
function defaultDemo() {
  return findDemo('spring') ?? demos.find((d) => d.domain === orderedDomains(demos)[0]);
}

function route(): void {
  const hash = decodeURIComponent(location.hash.slice(1));
  if (hash === NET_DEMO_ID) {
    // the networked demo: its own page, talking to the game server on /net
    demoPage.hidden = true;
    emptyPage.hidden = true;
    workbookPage.hidden = true;
    viewer.setRunning(false);
    netPage.show();
    markActive(list, NET_DEMO_ID);
    markNetLink(netLink, true);
    return;
  }
  const fromNet = netPage.hide();
  markNetLink(netLink, false);
  if (hash === 'workbook' || hash.startsWith('workbook/')) {
    demoPage.hidden = true;
    emptyPage.hidden = true;
    workbookPage.hidden = false;
    viewer.setRunning(false);
    renderWorkbook(workbookPage, workbookSections, hash.split('/')[1]);
    markActive(list, 'workbook');
    document.title = 'Workbook — rikigaku';
    return;
  }
  const asked = hash ? findDemo(hash) : undefined;
  const demo = asked ?? defaultDemo();
  const fromWorkbook = !workbookPage.hidden;
  workbookPage.hidden = true;
  if (!demo) {
    demoPage.hidden = true;
    emptyPage.hidden = false;
    return;
  }
  emptyPage.hidden = true;
  demoPage.hidden = false;
  if (viewer.demo !== demo) viewer.open(demo);
  else if ((fromWorkbook || fromNet) && !viewer.failed) viewer.setRunning(true); // back to the demo the workbook or the network page paused
  // an unknown name is said so, not silently replaced
  if (hash && !asked) viewer.notice(`There is no demo “${hash}”; showing “${demo.title}” instead.`);
  markActive(list, demo.id);
}

// Drop a scene file (.json) on the page to run it like the example scenes.
window.addEventListener('dragover', (e) => e.preventDefault());
window.addEventListener('drop', (e) => {
  e.preventDefault();
  const file = e.dataTransfer?.files[0];
  if (!file) return;
  file.text().then((text) => {
    const demo = sceneDemo(file.name, text);
    const at = demos.findIndex((d) => d.id === demo.id);
    if (at >= 0) demos.splice(at, 1, demo);
    else demos.push(demo);
    buildSidebar(list, document.getElementById('filter') as HTMLInputElement, demos);
    viewer.demo = undefined;
    location.hash = demo.id;
    route();
  });
});

window.addEventListener('hashchange', route);
route();

declare global {
  interface Window {
    __rikigaku?: {
      ready: boolean;
      demoIds(): string[];
      /** opens a demo (or `workbook`), paused and freshly reset, so that stepping is exact */
      open(id: string): void;
      stepFrames(n: number): { time: number; frames: number; painted: number; series: number; stats: number };
      /** the live plot: per unit its keys, colours, axis names and the y axis width against its labels */
      plot(): ReturnType<Viewer['plotInfo']>;
      /** whether the demo view is running (not paused) */
      running(): boolean;
      /** the current demo's parameter values and frame count */
      state(): { id: string | undefined; params: Record<string, number | boolean | string>; frames: number };
    };
  }
}

window.__rikigaku = {
  ready: true,
  demoIds: () => demos.map((d) => d.id),
  open(id: string) {
    viewer.setRunning(false);
    location.hash = id;
    route();
    viewer.setRunning(false);
    if (!demoPage.hidden) viewer.reset();
  },
  plot: () => viewer.plotInfo(),
  running: () => viewer.running,
  state: () => ({ id: viewer.demo?.id, params: { ...viewer.params }, frames: viewer.frames }),
  stepFrames(n: number) {
    viewer.setRunning(false);
    viewer.advance(n);
    return {
      time: viewer.instance?.time ?? Number.NaN,
      frames: viewer.frames,
      painted: viewer.paintedPixels(),
      series: Object.keys(viewer.instance?.series?.() ?? {}).length,
      stats: Object.keys(viewer.instance?.stats?.() ?? {}).length,
    };
  },
};
