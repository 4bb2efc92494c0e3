/**
 * The package root re-exports every engine domain as a namespace (`import { rigid2d } from 'rikigaku'`)
 * and the one error class; the namespaces are the very modules of the subpath exports.
 */
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import * as root from '../src/index.js';
import * as rigid2dSub from '../src/rigid2d/index.js';
import * as xpbdSub from '../src/xpbd/index.js';

describe('package root', () => {
  it('re-exports each engine domain as a namespace', () => {
    for (const ns of [
      'math',
      'integrators',
      'geometry',
      'spatial',
      'rigid2d',
      'xpbd',
      'fem',
      'fluid',
      'water',
    ]) {
      expect(Object.keys((root as unknown as Record<string, object>)[ns] ?? {}).length, ns).toBeGreaterThan(
        0,
      );
    }
    expect(root.rigid2d.World).toBe(rigid2dSub.World);
    expect(root.xpbd).toEqual(xpbdSub);
    expect(new root.PhysicsError('invalid-argument', 'x')).toBeInstanceOf(Error);
  });

  it('a world built through the root namespace steps', () => {
    const world = new root.rigid2d.World({ gravity: [0, -10] });
    const box = world.createBody({ type: 'dynamic', position: [0, 4] });
    world.createShape(box, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5, density: 1 });
    for (let i = 0; i < 60; i++) world.step(1 / 60);
    expect(world.getPosition(box)[1]).toBeLessThan(4);
  });

  it('is tree-shakeable: using only rigid2d bundles no fluid, xpbd or fem code', async () => {
    const result = await build({
      stdin: {
        contents: "import { rigid2d } from './src/index.ts'; console.log(new rigid2d.World({}));",
        resolveDir: join(import.meta.dirname, '..'),
        loader: 'ts',
      },
      bundle: true,
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const output = Object.values(result.metafile.outputs)[0]!;
    const kept = Object.entries(output.inputs)
      .filter(([, v]) => v.bytesInOutput > 0)
      .map(([k]) => k);
    expect(kept.some((f) => f.includes('src/rigid2d/world.ts'))).toBe(true);
    expect(kept.filter((f) => /src\/(fluid|xpbd|fem|water)\//.test(f))).toEqual([]);
  });
});
