import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { World } from '../../src/rigid2d/index.js';
import { addBoxScene, benchBoxScene } from '../../src/scene/builders/box-scenes.js';
import { steadyHeapGrowthPerCall } from '../support/steady-heap.js';

/**
 * "No allocation inside step once warmed up" on the benchmark's pyramid (base 20, 210 boxes),
 * whose boxes start 1.5 cm apart, so many contacts are speculative (cores apart, the closest
 * features measured) — a path the touching pyramid of allocation.test.ts does not take. The
 * polygon closest-feature test once stored its points to a generalised object field and returned
 * a clamped double from a call: about 6 KB per step here and 107 KB on the 5,050-box pyramid.
 * One simulation per file, without on-stack replacement (test/support/steady-heap.ts).
 */
setFlagsFromString('--no-use-osr');

describe('rigid2d step allocation with speculative contacts', () => {
  it('a warm spaced base-20 pyramid (sleeping off): heap grows by under 2 KB per step', () => {
    const world = new World({ gravity: [0, -10], enableSleep: false });
    addBoxScene(world, benchBoxScene('pyramid'));
    const growth = steadyHeapGrowthPerCall(() => world.step(1 / 60), { warm: 200, calls: 10, bound: 2048 });
    expect(world.lastStep.activeContacts).toBeGreaterThan(200);
    expect(growth).toBeLessThan(2048);
  });
});
