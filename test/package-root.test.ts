/**
 * The package root re-exports every engine domain as a namespace (`import { rigid2d } from 'rikigaku'`)
 * and the one error class; the namespaces are the very modules of the subpath exports.
 */
import { describe, expect, it } from 'vitest';
import * as root from '../src/index.js';
import * as rigid2dSub from '../src/rigid2d/index.js';
import * as xpbdSub from '../src/xpbd/index.js';

describe('package root', () => {
  it('re-exports each engine domain as a namespace', () => {
    for (const ns of ['math', 'integrators', 'geometry', 'spatial', 'rigid2d', 'xpbd', 'fem', 'fluid', 'water']) {
      expect(Object.keys((root as Record<string, object>)[ns] ?? {}).length, ns).toBeGreaterThan(0);
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
});
