/**
 * Position Based Fluids on the XPBD substeps couple with the other XPBD constraint sets: a PBF blob
 * dropped into a rope hammock (distance constraints) is held by it through particle–particle
 * collisions, and its weight makes the rope sag.
 */
import { describe, expect, it } from 'vitest';
import { PbfSet } from '../../src/particles/pbf.js';
import { addRope, SelfCollisionSet, XpbdWorld } from '../../src/xpbd/index.js';

function hammock(withFluid: boolean) {
  const d = 0.02;
  const world = new XpbdWorld({ substeps: 8, iterations: 4 });
  const fluid = world.add(
    new PbfSet(world.particles, { dim: 2, spacing: d, domain: { min: [0, 0], max: [0.4, 0.6] } }),
  );
  if (withFluid) fluid.addBlock([0.12, 0.3], [0.28, 0.42]);
  const rope = addRope(world, {
    start: [0.005, 0.25, 0],
    end: [0.395, 0.25, 0],
    links: 39,
    particleMass: 0.2,
    compliance: 1e-6,
    pinFirst: true,
    pinLast: true,
  });
  // fluid and rope particles keep 0.8 d apart (the rope's own links are rest neighbours, skipped)
  world.add(new SelfCollisionSet(world.particles, { radius: 0.4 * d }));
  for (let f = 0; f < 120; f++) world.step(1 / 60);
  const x = world.particles.x;
  let lowest = 1;
  for (let k = 0; k < fluid.count; k++) lowest = Math.min(lowest, x[3 * (fluid.first + k) + 1]);
  let ropeLowest = 1;
  for (let k = 0; k <= 39; k++) ropeLowest = Math.min(ropeLowest, x[3 * (rope.first + k) + 1]);
  return { sag: 0.25 - ropeLowest, ropeLowest, lowest, count: fluid.count };
}

describe('PBF couples with ropes on the XPBD solver', () => {
  it('a blob of liquid rests in a rope hammock and makes it sag', () => {
    const empty = hammock(false);
    const loaded = hammock(true);
    expect(loaded.count).toBe(48);
    expect(loaded.sag).toBeGreaterThan(1.5 * empty.sag);
    // every fluid particle is held above the rope's lowest point (none fell through to the floor)
    expect(loaded.lowest).toBeGreaterThan(loaded.ropeLowest);
  });
});
