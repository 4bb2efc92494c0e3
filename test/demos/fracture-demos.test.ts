/** The Voronoi fracture demos do what their descriptions say. */
import { describe, expect, it } from 'vitest';
import { findDemo } from '../../src/demos/index.js';

function run(id: string, params: Record<string, number | boolean | string> = {}, frames = 150) {
  const demo = findDemo(id)!;
  const inst = demo.create(params);
  for (let i = 0; i < frames; i++) inst.step();
  return inst.stats!() as Record<string, number>;
}

describe('fracture demos', () => {
  it('the glass pane shatters into many shards when the ball hits it, and not at a gentle speed', () => {
    expect(run('fracture-glass').shards).toBeGreaterThan(10);
    expect(run('fracture-glass', { speed: 2 }).shards).toBe(0);
  });
  it('the glued wall stands until the ball arrives, then loses joints', () => {
    expect(run('fracture-wall', {}, 59).broken).toBe(0);
    const s = run('fracture-wall', {}, 180);
    expect(s.pieces).toBeGreaterThan(10);
    expect(s.broken).toBeGreaterThan(0);
  });
});
