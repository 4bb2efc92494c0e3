/**
 * Cloth self-collision on the shared neighbour search: a long cloth falls and folds onto the ground
 * (the scene of Ten Minute Physics' self-collision cloth, smaller: 16 × 80 particles, spacing =
 * thickness = 1 cm, 10 substeps, its speed limit of 0.2 thickness per substep). No two particles that
 * are not mesh neighbours come closer than half the thickness, and the pair lists are rebuilt only
 * when the travel bound is passed, not every substep.
 */
import { describe, expect, it } from 'vitest';
import { NeighborSearch } from '../../src/spatial/neighbor-search.js';
import {
  addCloth,
  CollisionSet,
  clothMesh,
  plane,
  SelfCollisionSet,
  XpbdWorld,
} from '../../src/xpbd/index.js';

const NX = 16;
const NY = 80;
const T = 0.01;

function fallingCloth(maxSpeed: number) {
  const world = new XpbdWorld({ substeps: 10 });
  const mesh = clothMesh({
    nx: NX,
    ny: NY,
    width: (NX - 1) * T,
    height: (NY - 1) * T,
    plane: 'xy',
    mass: NX * NY,
    origin: [-0.08, 0.2 + (NY - 1) * T, 0],
  });
  addCloth(world, mesh, { pin: 'none', shearCompliance: 0.0001, bending: 'distance', bendCompliance: 1 });
  // a slight tilt so that the cloth folds over itself instead of crumpling straight down
  const x = world.particles.x;
  for (let i = 0; i < world.particles.count; i++) x[3 * i + 2] = 0.05 * (x[3 * i + 1] - 0.2);
  world.particles.prev.set(x);
  const ground = world.add(new CollisionSet(world.particles, { thickness: 0.5 * T, friction: 1 }));
  ground.addCollider(plane([0, 1, 0], 0));
  const self = world.add(new SelfCollisionSet(world.particles, { radius: 0.5 * T, maxSpeed }));
  return { world, self, rest: x.slice(0, 3 * world.particles.count) };
}

/** The closest pair farther apart than the thickness at rest, in thicknesses. */
function closest(x: Float64Array, rest: Float64Array, n: number): number {
  const s = new NeighborSearch({ dim: 3, radius: T, skin: 0 });
  s.build(x, 0, n);
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    for (let e = s.offsets[i]; e < s.offsets[i + 1]; e++) {
      const j = s.neighbors[e];
      if (j <= i) continue;
      const r2 =
        (rest[3 * i] - rest[3 * j]) ** 2 +
        (rest[3 * i + 1] - rest[3 * j + 1]) ** 2 +
        (rest[3 * i + 2] - rest[3 * j + 2]) ** 2;
      if (r2 < T * T * 1.0001) continue;
      best = Math.min(
        best,
        Math.hypot(x[3 * i] - x[3 * j], x[3 * i + 1] - x[3 * j + 1], x[3 * i + 2] - x[3 * j + 2]) / T,
      );
    }
  }
  return best;
}

describe('cloth self-collision on the neighbour search', () => {
  it('a falling, folding cloth keeps every non-neighbour pair at least half the thickness apart', () => {
    const substepSpeed = (0.2 * T) / (1 / 600);
    const { world, self, rest } = fallingCloth(substepSpeed);
    const n = world.particles.count;
    let worst = Number.POSITIVE_INFINITY;
    let lowest = Number.POSITIVE_INFINITY;
    for (let f = 0; f < 120; f++) {
      world.step(1 / 60);
      if (f % 4 === 3) worst = Math.min(worst, closest(world.particles.x, rest, n));
    }
    for (let i = 0; i < n; i++) lowest = Math.min(lowest, world.particles.x[3 * i + 1]);
    expect(lowest).toBeLessThan(0.02); // it reached the ground and piled up
    expect(worst).toBeGreaterThan(0.5);
    // the lists were kept for many substeps instead of being rebuilt every one
    expect(self.search.builds).toBeLessThan(0.7 * 1200);
    expect(self.search.reuses).toBeGreaterThan(0);
  });

  it('the speed limit holds: no particle moves faster than maxSpeed after a substep', () => {
    const { world } = fallingCloth(0.5);
    for (let f = 0; f < 30; f++) world.step(1 / 60);
    const v = world.particles.v;
    let fastest = 0;
    for (let i = 0; i < world.particles.count; i++)
      fastest = Math.max(fastest, Math.hypot(v[3 * i], v[3 * i + 1], v[3 * i + 2]));
    expect(fastest).toBeLessThanOrEqual(0.5 + 1e-12);
    expect(fastest).toBeGreaterThan(0.49); // free fall would be far faster; the limit is what stops it
  });

  it('rejects a negative skin or speed limit and a bad neighbour cap', () => {
    const world = new XpbdWorld();
    world.particles.add(0, 0, 0, 1);
    expect(() => new SelfCollisionSet(world.particles, { radius: 0.1, skin: -1 })).toThrow(
      /selfCollision.skin/,
    );
    expect(() => new SelfCollisionSet(world.particles, { radius: 0.1, maxSpeed: -1 })).toThrow(
      /selfCollision.maxSpeed/,
    );
    expect(() => new SelfCollisionSet(world.particles, { radius: 0.1, maxNeighbors: 0 })).toThrow(
      /maxNeighbors/,
    );
  });
});
