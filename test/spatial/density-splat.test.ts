import { describe, expect, it } from 'vitest';
import { MarchingSquares } from '../../src/geometry/marching-squares.js';
import { DensitySplat } from '../../src/spatial/density-splat.js';

describe('density splat', () => {
  it('a block on its rest lattice splats to ≈ 1 inside and 0 far outside; its half-density contour encloses the block', () => {
    const d = 0.02;
    const nxp = 20;
    const nyp = 15;
    const x = new Float64Array(3 * nxp * nyp);
    let p = 0;
    for (let j = 0; j < nyp; j++) {
      for (let i = 0; i < nxp; i++) {
        x[3 * p] = 0.1 + (i + 0.5) * d;
        x[3 * p + 1] = 0.1 + (j + 0.5) * d;
        p++;
      }
    }
    const s = new DensitySplat({ dim: 2, min: [0, 0], max: [1, 1], cell: d / 2, pad: 2 });
    s.splat(x, 3, 0, p, d);
    // the node at the block's centre
    const at = (px: number, py: number) =>
      s.field[Math.round((px - s.origin[0]) / s.cell) + s.nx * Math.round((py - s.origin[1]) / s.cell)]!;
    expect(at(0.1 + 0.2, 0.1 + 0.15)).toBeCloseTo(1, 2);
    expect(at(0.8, 0.8)).toBe(0);
    const ms = new MarchingSquares();
    ms.contour(s.field, s.nx, s.ny, 0.5, s.origin[0], s.origin[1], s.cell);
    expect(ms.loops()).toBe(1);
    // the block is 0.4 × 0.3; the contour rounds its corners and sits near the block's edge
    expect(Math.abs(ms.area() - 0.12) / 0.12).toBeLessThan(0.05);
  });

  it('3D: a lattice block splats to ≈ 1 inside', () => {
    const d = 0.1;
    const x: number[] = [];
    for (let k = 0; k < 8; k++)
      for (let j = 0; j < 8; j++)
        for (let i = 0; i < 8; i++) x.push((i + 0.5) * d, (j + 0.5) * d, (k + 0.5) * d);
    const s = new DensitySplat({ dim: 3, min: [0, 0, 0], max: [0.8, 0.8, 0.8], cell: d });
    s.splat(x, 3, 0, 512, d);
    const c = 5; // node at 0.4 (origin −0.1)
    expect(s.field[c + s.nx * (c + s.ny * c)]).toBeCloseTo(1, 1);
  });

  it('rejects a bad cell size or region', () => {
    expect(() => new DensitySplat({ dim: 2, min: [0, 0], max: [1, 1], cell: 0 })).toThrow(/cell/);
    expect(() => new DensitySplat({ dim: 2, min: [0, 0], max: [1, Number.NaN], cell: 0.1 })).toThrow(
      /max\[1\]/,
    );
  });
});
