import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ParticleHashGrid } from '../../src/spatial/hash-grid.js';
import {
  addCloth,
  CollisionSet,
  clothMesh,
  plane,
  SelfCollisionSet,
  XpbdWorld,
} from '../../src/xpbd/index.js';

describe('particle hash grid', () => {
  it('a query returns exactly the particles within the distance (vs brute force)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.double({ min: -2, max: 2, noNaN: true }),
            fc.double({ min: -2, max: 2, noNaN: true }),
            fc.double({ min: -2, max: 2, noNaN: true }),
          ),
          { minLength: 1, maxLength: 200 },
        ),
        fc.integer({ min: 1, max: 64 }),
        (pts, table) => {
          const x = Float64Array.from(pts.flat());
          const grid = new ParticleHashGrid(0.3, table);
          grid.build(x, 0, pts.length);
          const out = new Int32Array(pts.length);
          for (let i = 0; i < pts.length; i += 7) {
            const n = grid.query(x, x[3 * i], x[3 * i + 1], x[3 * i + 2], 0.3, out);
            const got = Array.from(out.subarray(0, n)).sort((a, b) => a - b);
            const want = pts
              .map((p, j) => [j, Math.hypot(p[0] - pts[i][0], p[1] - pts[i][1], p[2] - pts[i][2])] as const)
              .filter(([, d]) => d <= 0.3)
              .map(([j]) => j);
            expect(got).toEqual(want);
          }
        },
      ),
      { numRuns: 60, seed: 3 },
    );
  });
});

describe('self-collision through the hash grid', () => {
  it('a column of particles dropped into a narrow shaft stacks at ≥ 2r apart instead of merging', () => {
    const r = 0.05;
    const world = new XpbdWorld({ substeps: 10, iterations: 2 });
    const p = world.particles;
    for (let k = 0; k < 10; k++) p.add(0.001 * k, 0.2 + 0.15 * k, 0, 1);
    const ground = world.add(new CollisionSet(p, { thickness: r }));
    ground.addCollider(plane([0, 1, 0], 0));
    // a shaft only slightly wider than one particle: x, z ∈ [−0.005, 0.005] for the centres
    ground.addCollider(plane([1, 0, 0], -0.055));
    ground.addCollider(plane([-1, 0, 0], -0.055));
    ground.addCollider(plane([0, 0, 1], -0.055));
    ground.addCollider(plane([0, 0, -1], -0.055));
    world.add(new SelfCollisionSet(p, { radius: r }));
    for (let f = 0; f < 240; f++) world.step(1 / 60);
    let minGap = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 10; i++) {
      for (let j = i + 1; j < 10; j++)
        minGap = Math.min(
          minGap,
          Math.hypot(
            p.x[3 * i] - p.x[3 * j],
            p.x[3 * i + 1] - p.x[3 * j + 1],
            p.x[3 * i + 2] - p.x[3 * j + 2],
          ),
        );
    }
    expect(minGap).toBeGreaterThan(2 * r * 0.95);
    // without self-collision they would all end at y = r; stacked, the top one is near r + 18r
    let maxY = 0;
    for (let i = 0; i < 10; i++) maxY = Math.max(maxY, p.x[3 * i + 1]);
    expect(maxY).toBeGreaterThan(0.9);
  });

  it('a cloth dropped on another cloth lying on the ground rests on it instead of passing through', () => {
    const run = (self: boolean) => {
      const world = new XpbdWorld({ substeps: 10, drag: 0.5 });
      const nx = 12;
      const spacing = 1 / (nx - 1);
      const r = 0.4 * spacing;
      const mesh = (y: number, off: number) =>
        clothMesh({ nx, ny: nx, width: 1, height: 1, plane: 'xz', origin: [-0.5 + off, y, -0.5 + off] });
      const a = addCloth(world, mesh(r, 0), { pin: 'none', bending: 'none' });
      const b = addCloth(world, mesh(0.4, spacing / 2), { pin: 'none', bending: 'none' });
      const ground = world.add(new CollisionSet(world.particles, { thickness: r, friction: 0.5 }));
      ground.addCollider(plane([0, 1, 0], 0));
      if (self) world.add(new SelfCollisionSet(world.particles, { radius: r }));
      for (let f = 0; f < 90; f++) world.step(1 / 60);
      const x = world.particles.x;
      const meanY = (first: number) => {
        let s = 0;
        for (let k = 0; k < nx * nx; k++) s += x[3 * (first + k) + 1];
        return s / (nx * nx);
      };
      return { gap: meanY(b.first) - meanY(a.first), r };
    };
    const withSelf = run(true);
    // b lies on a, its particles in the pits between a’s: √((2r)² − (spacing/√2)²) ≈ 0.93 r above
    expect(withSelf.gap).toBeGreaterThan(0.8 * withSelf.r);
    const without = run(false);
    expect(Math.abs(without.gap)).toBeLessThan(0.1 * without.r); // b fell through a onto the ground
  });
});
