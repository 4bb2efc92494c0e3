/**
 * Robustness of the soft-step contact solver on Box2D v3's column samples (Catto, Box2D v3
 * `sample_robustness.cpp` / `sample_stacking.cpp`): boxes of density 1, friction 0.6, 60 Hz steps,
 * 4 substeps, sleeping on (as in the samples).
 */
import { describe, expect, it } from 'vitest';
import { type BodyId, World } from '../../src/rigid2d/index.js';

function column(n: number, half: number): { world: World; ids: BodyId[] } {
  const world = new World();
  const ground = world.createBody({ type: 'static' });
  world.createShape(ground, { kind: 'box', halfWidth: 40, halfHeight: 0.5, center: [0, -0.5] });
  const ids: BodyId[] = [];
  for (let i = 0; i < n; i++) {
    const b = world.createBody({ type: 'dynamic', position: [0, half + 2 * half * i] });
    world.createShape(b, { kind: 'box', halfWidth: half, halfHeight: half, density: 1, friction: 0.6 });
    ids.push(b);
  }
  return { world, ids };
}

describe('rigid2d robustness (Box2D v3 samples)', () => {
  it('a column of 30 unit boxes stands 20 s: every box within 2 cm of the axis, the top box still on top', () => {
    const { world, ids } = column(30, 0.5);
    let maxDx = 0;
    for (let s = 0; s < 1200; s++) {
      world.step(1 / 60);
      for (const id of ids) maxDx = Math.max(maxDx, Math.abs(world.getPosition(id)[0]));
    }
    expect(maxDx).toBeLessThan(0.02);
    // the soft contacts carry the weight on springs: native Box2D v3 sags the same 0.31 m
    expect(world.getPosition(ids[29]!)[1]).toBeGreaterThan(29);
  });

  it('a column of five 3 cm boxes stands 10 s (drift under a tenth of a box width)', () => {
    const { world, ids } = column(5, 0.015);
    let maxDx = 0;
    for (let s = 0; s < 600; s++) {
      world.step(1 / 60);
      for (const id of ids) maxDx = Math.max(maxDx, Math.abs(world.getPosition(id)[0]));
    }
    expect(maxDx).toBeLessThan(0.003);
    expect(world.getPosition(ids[4]!)[1]).toBeGreaterThan(0.12);
  });
});
