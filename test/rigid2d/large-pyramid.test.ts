import { describe, expect, it } from 'vitest';
import { groundWorld, pyramid } from './helpers.js';

describe('rigid2d large pyramid', () => {
  it('the large pyramid (base 100, 5050 boxes) stands 10 s', () => {
    const { world } = groundWorld();
    const ids = pyramid(world, 100);
    const start = ids.map((id) => world.getPosition(id));
    for (let s = 0; s < 600; s++) world.step(1 / 60);
    let maxDx = 0;
    let maxDy = 0;
    ids.forEach((id, i) => {
      const p = world.getPosition(id);
      expect(Number.isFinite(p[0]) && Number.isFinite(p[1])).toBe(true);
      maxDx = Math.max(maxDx, Math.abs(p[0] - start[i]![0]));
      maxDy = Math.max(maxDy, Math.abs(p[1] - start[i]![1]));
    });
    // standing: no box moved sideways by more than a quarter box; the top box is still on top
    // (the soft contacts compress 100 rows by about 0.7 m in all)
    expect(maxDx).toBeLessThan(0.25);
    expect(maxDy).toBeLessThan(1);
    const top = world.getPosition(ids[ids.length - 1]!);
    expect(Math.abs(top[0])).toBeLessThan(0.25);
    expect(top[1]).toBeGreaterThan(98.5);
    expect(world.maxPenetration()).toBeLessThan(0.05);
    expect(world.contactCount).toBeGreaterThanOrEqual(14950);
  });
});
