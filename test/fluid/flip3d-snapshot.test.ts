import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { undeclaredArrays } from '../../src/core/snapshot.js';
import { FlipSim2D } from '../../src/fluid/flip2d.js';
import { FREE_SURFACE_PROJECTOR_FIELDS } from '../../src/fluid/flip2d-snapshot.js';
import { FlipSim3D } from '../../src/fluid/flip3d.js';
import {
  FLIP3D_FIELDS,
  FLIP3D_PARTICLE_FIELDS,
  flip3dRestore,
  flip3dSnapshot,
  flip3dStateHash,
} from '../../src/fluid/flip3d-snapshot.js';

function damBreak(): FlipSim3D {
  const sim = new FlipSim3D({ nx: 16, ny: 12, nz: 8, h: 0.1, transfer: 'apic' });
  const h = sim.h;
  sim.addBlock([h, h, h], [0.6, 0.8, sim.depth - h]);
  return sim;
}

describe('FlipSim3D snapshots', () => {
  it('a round trip is bit-identical: restored and original step on to the same state, byte for byte', () => {
    const a = damBreak();
    for (let s = 0; s < 90; s++) a.step(1 / 60);
    const bytes = flip3dSnapshot(a);
    const reseededThen = a.reseeded;
    const hash = flip3dStateHash(a);
    const b = new FlipSim3D({ nx: 16, ny: 12, nz: 8, h: 0.1, transfer: 'apic' });
    flip3dRestore(b, bytes);
    expect(flip3dStateHash(b)).toBe(hash);
    expect(flip3dSnapshot(b)).toEqual(bytes);
    for (let s = 0; s < 30; s++) {
      a.step(1 / 60);
      b.step(1 / 60);
    }
    // the reseeding ran after the snapshot (the random state travelled with it) and the states agree
    expect(a.reseeded).toBeGreaterThan(reseededThen);
    expect(b.count).toBe(a.count);
    expect(flip3dStateHash(b)).toBe(flip3dStateHash(a));
    expect(flip3dSnapshot(b)).toEqual(flip3dSnapshot(a));
  });

  it('declares every typed array of the sim as state or scratch', () => {
    expect(
      undeclaredArrays(damBreak(), FLIP3D_PARTICLE_FIELDS).filter(
        (k) => !FLIP3D_FIELDS.arrays.some((f) => f[0] === k) && !(FLIP3D_FIELDS.scratch ?? []).includes(k),
      ),
    ).toEqual([]);
  });

  it('declares every typed array of the free-surface projector (2D and 3D) as state or scratch', () => {
    expect(undeclaredArrays(damBreak().projector, FREE_SURFACE_PROJECTOR_FIELDS)).toEqual([]);
    expect(
      undeclaredArrays(new FlipSim2D({ nx: 8, ny: 8 }).projector, FREE_SURFACE_PROJECTOR_FIELDS),
    ).toEqual([]);
  });

  it('refuses a snapshot of another grid, a tampered one, and leaves the sim as it was', () => {
    const a = damBreak();
    a.step(1 / 60);
    const bytes = flip3dSnapshot(a);
    const other = new FlipSim3D({ nx: 16, ny: 12, nz: 9, h: 0.1 });
    expect(() => flip3dRestore(other, bytes)).toThrow(PhysicsError);
    const b = damBreak();
    const before = flip3dStateHash(b);
    const bad = bytes.slice();
    bad[bad.length >> 1] = bad[bad.length >> 1]! ^ 1;
    expect(() => flip3dRestore(b, bad)).toThrow(/snapshot/);
    expect(flip3dStateHash(b)).toBe(before);
  });
});
