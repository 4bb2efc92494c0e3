import type { DemoInstance } from '../demos/types.js';

/**
 * Scene-file loaders by the file's `format` field (e.g. `rikigaku/rigid2d@1`).
 * A loader validates the parsed JSON (throwing PhysicsError 'invalid-scene' with the path of the
 * bad field) and returns a running instance that the CLI steps and draws like a demo.
 */
export type SceneLoader = (json: unknown, options?: { dt?: number }) => DemoInstance;

export const sceneLoaders: Record<string, SceneLoader> = {};
