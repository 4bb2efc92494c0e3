/// <reference types="vite/client" />
/**
 * The repository's example scene files (examples/scenes/*.json) as playground entries: each is
 * loaded with the same `loadScene` the CLI's `rikigaku run scene.json` uses.
 */
import type { Demo, DemoInstance, View } from '../../src/demos/types.js';
import { loadScene } from '../../src/scene/index.js';

const files = import.meta.glob('../../examples/scenes/*.json', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** A scene file's text as a playground entry (`scene-<name>`). */
export function sceneDemo(path: string, text: string): Demo {
  const name = path
    .split('/')
    .pop()!
    .replace(/\.json$/, '');
  let meta: { title?: unknown; description?: unknown; dt?: unknown } = {};
  try {
    meta = JSON.parse(text);
  } catch {
    // loadScene reports the error when the scene is opened
  }
  let last: DemoInstance | undefined;
  const load = () => (last = loadScene(text, `${name}.json`));
  return {
    id: `scene-${name}`,
    title: typeof meta.title === 'string' ? meta.title : name,
    domain: 'scene',
    description: `${typeof meta.description === 'string' ? `${meta.description} ` : ''}(${path.replace(/^(\.\.\/)+/, '')})`,
    dt: typeof meta.dt === 'number' ? meta.dt : 1 / 60,
    view(width: number, height: number): View {
      const fallback = { width, height, cx: 0, cy: 0, scale: Math.min(width, height) / 20 };
      let inst = last;
      if (!inst) {
        try {
          inst = load();
        } catch {
          return fallback; // `create` reports the scene's error
        }
      }
      const suggest = (inst as { view?: unknown }).view;
      return typeof suggest === 'function' ? (suggest.call(inst, width, height) as View) : fallback;
    },
    create: load,
  };
}

/** One entry per example scene file, in file-name order. */
export const sceneDemos: Demo[] = Object.entries(files)
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([path, text]) => sceneDemo(path, text));
