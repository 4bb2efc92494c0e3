import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { MacGrid } from '../../src/fluid/mac-grid.js';
import { GridTransfer2D, type TransferParticles } from '../../src/fluid/particle-transfer.js';
import { steadyHeapGrowthPerCall } from '../support/steady-heap.js';

/**
 * The PIC / FLIP transfers (P2G and G2P with the tent kernel, textbook §26.4) allocate nothing once warm:
 * one transfer object per file (other code's first calls deoptimise what this one warmed up), without
 * on-stack replacement, measured by the bounded rounds of test/support/steady-heap.ts.
 */
setFlagsFromString('--no-use-osr');
// and without inlining, so the figure does not depend on which function the (load-dependent) compiler
// optimised first: a double crossing a call left out of line is boxed (see test/mpm/allocation3d.test.ts).
setFlagsFromString('--no-turbo-inlining');

describe('FLIP transfers: allocation', () => {
  it('P2G then G2P (FLIP, 95%) of 4,096 particles: heap grows by under 64 bytes per round trip', () => {
    const n = 40;
    const h = 1 / n;
    const grid = new MacGrid({ nx: n, ny: n, h });
    const tr = new GridTransfer2D(grid, 'linear');
    const count = 4096;
    const ps: TransferParticles = {
      count,
      x: new Float64Array(count),
      y: new Float64Array(count),
      vx: new Float64Array(count),
      vy: new Float64Array(count),
      c: new Float64Array(4 * count),
    };
    for (let p = 0; p < count; p++) {
      ps.x[p] = (2 + (((p * 37) % 1000) / 1000) * (n - 4)) * h;
      ps.y[p] = (2 + (((p * 91) % 1000) / 1000) * (n - 4)) * h;
      ps.vx[p] = -(ps.y[p]! - 0.5);
      ps.vy[p] = ps.x[p]! - 0.5;
    }
    const perCall = steadyHeapGrowthPerCall(
      () => {
        tr.toGrid(ps, 'flip');
        tr.saveGrid();
        tr.toParticles(ps, 'flip', 0.95);
      },
      { warm: 200, calls: 20, bound: 64 },
    );
    expect(perCall).toBeLessThan(64);
  });
});
