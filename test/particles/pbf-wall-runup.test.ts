/**
 * The run-up of a Position Based Fluids dam break (Macklin & Müller 2013; textbook §26.4) on the far
 * wall: the column of width a = 1 m and height 2a at the left of a 4a × 3a tank, 20,000 particles,
 * XPBD with 8 substeps of 4 iterations per 1/60 s frame. When the front (about 6.5 m/s, 1.3 spacings
 * a substep) hits the wall, particles that travelled past the compressed front or into the wall's
 * boundary layer in one substep get a correction of the order of a spacing, and the velocity update
 * v = (x − x_prev)/h must not turn all of it into velocity: that made a spray several times faster
 * than the flow, shot far above any physical run-up. Energy bounds the jet: nothing falls faster
 * than √(2 g · 2a) from the column's top; the impact may speed the jet up, but not to 2.5 times that,
 * and no particle may coast (y + v_y²/2g) higher than five column heights.
 */
import { describe, expect, it } from 'vitest';
import { PbfSet } from '../../src/particles/pbf.js';
import { XpbdWorld } from '../../src/xpbd/solver.js';

describe('PBF dam break on the far wall (1 m × 2 m column, 20,000 particles, 8 substeps × 4 iterations)', () => {
  it('the jet up the wall stays within the energy bounds through the impact (0.9 s)', () => {
    const a = 1;
    const g = 9.81;
    const d = Math.sqrt((2 * a * a) / 20000);
    const world = new XpbdWorld({ substeps: 8, iterations: 4 });
    const f = world.add(
      new PbfSet(world.particles, { dim: 2, spacing: d, domain: { min: [0, 0], max: [4 * a, 3 * a] } }),
    );
    f.addBlock([0, 0], [a, 2 * a]);
    const x = world.particles.x;
    const v = world.particles.v;
    let fastest = 0;
    let ceiling = 0;
    let atWall = 0;
    for (let s = 1; s <= 54; s++) {
      world.step(1 / 60);
      for (let k = 0; k < f.count; k++) {
        const i = 3 * (f.first + k);
        const vy = v[i + 1]!;
        fastest = Math.max(fastest, Math.sqrt(v[i]! * v[i]! + vy * vy));
        ceiling = Math.max(ceiling, x[i + 1]! + (vy > 0 ? (vy * vy) / (2 * g) : 0));
        if (x[i]! > 3.5 * a) atWall++;
      }
    }
    const fall = Math.sqrt(2 * g * 2 * a);
    const note = `fastest ${fastest.toFixed(2)} m/s (${(fastest / fall).toFixed(2)} × √(2g·2a)), ceiling ${ceiling.toFixed(2)} m (${(ceiling / (2 * a)).toFixed(2)} column heights)`;
    expect(atWall, 'the front reached the far wall').toBeGreaterThan(0);
    expect(fastest / fall, note).toBeLessThan(2.5);
    expect(ceiling / (2 * a), note).toBeLessThan(5);
  });
});
