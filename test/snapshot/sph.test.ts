import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { FlipSim2D } from '../../src/fluid/flip2d.js';
import { SphFluid, type SphOptions } from '../../src/particles/sph.js';
import { expectBitIdentical, expectDamageRejected } from './round-trip-checks.js';

const OPTIONS_2D: SphOptions = {
  dim: 2,
  spacing: 0.01,
  domain: { min: [0, 0], max: [0.5, 0.4] },
  substeps: 4,
};

/** A 2D dam break of 20 × 25 particles, with the given solver. */
function damBreak(solver: 'wcsph' | 'dfsph'): SphFluid {
  const f = new SphFluid({ ...OPTIONS_2D, solver, substeps: solver === 'wcsph' ? 12 : 4 });
  f.addBlock([0, 0], [0.2, 0.25]);
  return f;
}

const step = (f: SphFluid): void => f.step(1 / 120);

describe('SphFluid snapshots', () => {
  for (const solver of ['wcsph', 'dfsph'] as const) {
    it(`${solver}: a restored fluid (the same one, and a new one) continues bit-identically`, () => {
      const a = expectBitIdentical(() => damBreak(solver), step, 12, 12);
      expect(a.fluidCount).toBe(500);
      // the column collapsed: the neighbour lists were both reused and rebuilt over the run
      expect(a.neighbors.builds).toBeGreaterThan(1);
      expect(a.neighbors.reuses).toBeGreaterThan(0);
    });
  }

  it('3D DFSPH with the warm start: bit-identical after a restore', () => {
    const make = (): SphFluid => {
      const f = new SphFluid({ dim: 3, spacing: 0.02, domain: { min: [0, 0, 0], max: [0.16, 0.2, 0.12] } });
      f.addBlock([0, 0, 0], [0.08, 0.12, 0.12]);
      return f;
    };
    expectBitIdentical(make, step, 6, 6);
  });

  it('rejects 100 truncations and 100 byte flips with PhysicsError and leaves the fluid as it was', () => {
    const a = damBreak('dfsph');
    for (let s = 0; s < 4; s++) step(a);
    const b = damBreak('dfsph');
    step(b);
    expectDamageRejected(b, a.snapshot());
  });

  it('rejects another kind, another solver and another box', () => {
    const a = damBreak('dfsph');
    step(a);
    const bytes = a.snapshot();
    const flip = new FlipSim2D({ nx: 8, ny: 8 });
    expect(() => a.restore(flip.snapshot())).toThrow(/cannot be restored/);
    expect(() => flip.restore(bytes)).toThrow(PhysicsError);
    const w = damBreak('wcsph');
    const before = w.stateHash();
    expect(() => w.restore(bytes)).toThrow(/solver/);
    expect(w.stateHash()).toBe(before);
    const wide = new SphFluid({ ...OPTIONS_2D, domain: { min: [0, 0], max: [0.6, 0.4] } });
    expect(() => wide.restore(bytes)).toThrow(/boundary particles/);
  });
});
