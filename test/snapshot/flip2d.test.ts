import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { undeclaredArrays } from '../../src/core/snapshot.js';
import { FlipSim2D } from '../../src/fluid/flip2d.js';
import { FLIP2D_FIELDS, FLIP2D_PARTICLE_FIELDS } from '../../src/fluid/flip2d-snapshot.js';
import { SmokeSim } from '../../src/fluid/smoke.js';
import { expectBitIdentical, expectDamageRejected } from './round-trip-checks.js';

/** A 32 × 24 APIC dam break (about 800 particles) with a floating box coupled two ways. */
function damBreak(withBody = true): FlipSim2D {
  const sim = new FlipSim2D({ nx: 32, ny: 24, h: 1 / 30, transfer: 'apic', fluidDensity: 1000 });
  const h = sim.h;
  sim.addBlock(h, h, 0.45, 0.55);
  if (withBody) {
    sim.bodies.push({
      x: 0.75,
      y: 0.2,
      angle: 0.3,
      vx: 0,
      vy: 0,
      omega: 0,
      halfWidth: 0.06,
      halfHeight: 0.04,
      fx: 0,
      fy: 0,
      torque: 0,
    });
  }
  return sim;
}

/** One step, the box integrated from the liquid's force (mass 2 kg/m, gravity) as a demo would. */
function step(sim: FlipSim2D): void {
  sim.step(1 / 60);
  for (const b of sim.bodies) {
    b.vx += (b.fx / 2) * (1 / 60);
    b.vy += (b.fy / 2 - 9.81) * (1 / 60);
    b.omega += b.torque * (1 / 60);
    b.x += b.vx / 60;
    b.y = Math.max(0.1, b.y + b.vy / 60);
    b.angle += b.omega / 60;
  }
}

describe('FlipSim2D snapshots', () => {
  it('a restored sim (the same one, and a new one built the same way) continues bit-identically', () => {
    const a = expectBitIdentical(() => damBreak(), step, 40, 25);
    expect(a.count).toBeGreaterThan(500);
  });

  it('carries the random state of the reseeding and the FLIP mode without a box', () => {
    const make = (): FlipSim2D => {
      const s = new FlipSim2D({ nx: 24, ny: 20, h: 1 / 24, transfer: 'flip', minPerCell: 3 });
      s.addBlock(s.h, s.h, 0.5, 0.6);
      return s;
    };
    const a = expectBitIdentical(make, (s) => s.step(1 / 60), 30, 20);
    expect(a.reseeded).toBeGreaterThan(0);
  });

  it('declares every typed array of the sim as state or scratch', () => {
    expect(
      undeclaredArrays(damBreak(), FLIP2D_PARTICLE_FIELDS).filter(
        (k) => !FLIP2D_FIELDS.arrays.some((f) => f[0] === k) && !(FLIP2D_FIELDS.scratch ?? []).includes(k),
      ),
    ).toEqual([]);
  });

  it('rejects 100 truncations and 100 byte flips with PhysicsError and leaves the sim as it was', () => {
    const a = damBreak();
    for (let s = 0; s < 10; s++) step(a);
    const bytes = a.snapshot();
    const b = damBreak();
    step(b);
    expectDamageRejected(b, bytes);
  });

  it('rejects another kind, another grid and another number of boxes', () => {
    const a = damBreak();
    step(a);
    const bytes = a.snapshot();
    const smoke = new SmokeSim({ nx: 8, ny: 8 });
    expect(() => a.restore(smoke.snapshot())).toThrow(/cannot be restored/);
    expect(() => smoke.restore(bytes)).toThrow(PhysicsError);
    const other = new FlipSim2D({ nx: 32, ny: 25, h: 1 / 30 });
    expect(() => other.restore(bytes)).toThrow(/grid/);
    const noBox = damBreak(false);
    const before = noBox.stateHash();
    expect(() => noBox.restore(bytes)).toThrow(/coupled bodies/);
    expect(noBox.stateHash()).toBe(before);
  });
});
