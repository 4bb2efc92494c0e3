/**
 * The friction ramp shows what its text says: a contact's coefficient is √(μA·μB) (the ramp's is 1,
 * each box's shape μ²), so the boxes with μ = 0.1 … 0.5 (below tan 30° ≈ 0.577) slide and the
 * three with μ = 0.6 … 0.8 stay put.
 */
import { describe, expect, it } from 'vitest';
import { findDemo } from '../../src/demos/index.js';
import type { RigidDemoInstance } from '../../src/demos/rigid2d.js';

describe('rigid2d-friction-ramp', () => {
  it('five of the eight boxes slide, the lowest five, as the description says', () => {
    const demo = findDemo('rigid2d-friction-ramp')!;
    expect(demo.description).toMatch(/five slide/);
    expect(demo.description).toMatch(/√\(μA·μB\)/);
    const inst = demo.create() as RigidDemoInstance;
    const w = inst.world;
    const boxes = w.bodyIds().filter((b) => w.getBodyType(b) === 'dynamic');
    expect(boxes).toHaveLength(8);
    const start = boxes.map((b) => w.getPosition(b));
    for (let f = 0; f < 90; f++) inst.step(); // 1.5 s
    const moved = boxes.map((b, i) => {
      const [x, y] = w.getPosition(b);
      return Math.hypot(x - start[i]![0], y - start[i]![1]);
    });
    // the slowest slider (μ = 0.5) accelerates at g (sin 30° − 0.5 cos 30°) ≈ 0.67 m/s²: 0.75 m in 1.5 s
    const sliding = moved.map((d) => d > 0.2);
    expect(sliding).toEqual([true, true, true, true, true, false, false, false]);
    for (const d of moved.slice(5)) expect(d).toBeLessThan(0.02);
  });
});
