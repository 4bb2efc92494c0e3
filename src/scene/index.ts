import type { DemoInstance } from '../core/demo-instance.js';
import { PhysicsError, shorten } from '../core/errors.js';
import { show } from '../core/validate.js';
import { parseJsonText } from './json-text.js';
import { sceneLoaders } from './loaders.js';

export * from './fluid-grid-build.js';
export * from './fluid-grid-format.js';
export * from './fluid-grid-instance.js';
export * from './json-text.js';
export { type SceneLoader, sceneLoaders } from './loaders.js';
export * from './particles-build.js';
export * from './particles-format.js';
export * from './particles-instance.js';
export * from './rigid2d-build.js';
export * from './rigid2d-format.js';
export * from './rigid2d-instance.js';
export * from './rigid2d-world.js';
export * from './rigid3d-build.js';
export * from './rigid3d-format.js';
export * from './smoke-instance.js';

/** Parses a scene file's text and hands it to the loader its `format` field names. */
export function loadScene(text: string, source = 'scene', options?: { dt?: number }): DemoInstance {
  const json = parseJsonText(text, source);
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new PhysicsError('invalid-scene', `${source}: a scene must be a JSON object`);
  }
  const format = (json as Record<string, unknown>).format;
  if (typeof format !== 'string') {
    throw new PhysicsError(
      'invalid-scene',
      `${source}.format: expected one of ${
        Object.keys(sceneLoaders)
          .map((k) => `'${k}'`)
          .join(', ') || '(none registered)'
      }, got ${show(format)}`,
    );
  }
  const loader = sceneLoaders[format];
  if (!loader) {
    throw new PhysicsError(
      'invalid-scene',
      `${source}.format: unknown format '${shorten(format)}', expected one of ${Object.keys(sceneLoaders).join(', ') || '(none registered)'}`,
    );
  }
  return loader(json, options);
}
