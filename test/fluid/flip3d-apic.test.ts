import { describe, expect, it } from 'vitest';
import { FlipSim3D } from '../../src/fluid/flip3d.js';
import { MacGrid } from '../../src/fluid/mac-grid.js';
import type { TransferKernel, TransferMode } from '../../src/fluid/particle-transfer.js';
import { GridTransfer3D, type TransferParticles3D } from '../../src/fluid/particle-transfer3d.js';

const OMEGA = [0.3, 0.6, 0.7] as const;

/** Points of a lattice of spacing h/2 inside the ball of radius r about c (8 per cell). */
function ball(h: number, n: number, c: number, r: number): number[][] {
  const out: number[][] = [];
  for (let k = 0; k < 2 * n; k++) {
    for (let j = 0; j < 2 * n; j++) {
      for (let i = 0; i < 2 * n; i++) {
        const x = ((i + 0.5) * h) / 2;
        const y = ((j + 0.5) * h) / 2;
        const z = ((k + 0.5) * h) / 2;
        if ((x - c) ** 2 + (y - c) ** 2 + (z - c) ** 2 < r * r) out.push([x, y, z]);
      }
    }
  }
  return out;
}

/** The rigid rotation ω × (x − c) and its gradient (the APIC matrix of a rigid rotation, [ω]×). */
function rigid(ps: TransferParticles3D, c: number, affine: boolean): void {
  const [wx, wy, wz] = OMEGA;
  for (let p = 0; p < ps.count; p++) {
    const rx = ps.x[p]! - c;
    const ry = ps.y[p]! - c;
    const rz = ps.z[p]! - c;
    ps.vx[p] = wy * rz - wz * ry;
    ps.vy[p] = wz * rx - wx * rz;
    ps.vz[p] = wx * ry - wy * rx;
    if (!affine) continue;
    const q = 9 * p;
    ps.c[q + 1] = -wz;
    ps.c[q + 2] = wy;
    ps.c[q + 3] = wz;
    ps.c[q + 5] = -wx;
    ps.c[q + 6] = -wy;
    ps.c[q + 7] = wx;
  }
}

/** A rotating ball moved by its own transfers only (P2G, G2P, x += dt v): L after / L before per axis, particles and grid. */
function transferLoop(mode: TransferMode, kernel: TransferKernel, steps: number): number[] {
  const n = 20;
  const h = 1 / n;
  const grid = new MacGrid({ nx: n, ny: n, nz: n, h });
  const tr = new GridTransfer3D(grid, kernel);
  const pts = ball(h, n, 0.5, 0.2);
  const k = pts.length;
  const ps: TransferParticles3D = {
    count: k,
    x: Float64Array.from(pts, (q) => q[0]!),
    y: Float64Array.from(pts, (q) => q[1]!),
    z: Float64Array.from(pts, (q) => q[2]!),
    vx: new Float64Array(k),
    vy: new Float64Array(k),
    vz: new Float64Array(k),
    c: new Float64Array(9 * k),
  };
  const apic = mode === 'apic';
  rigid(ps, 0.5, apic);
  const L0 = tr.particleAngularMomentum(ps, apic, 0.5, 0.5, 0.5, new Float64Array(3)).slice();
  for (let s = 0; s < steps; s++) {
    tr.toGrid(ps, mode);
    tr.saveGrid();
    tr.toParticles(ps, mode);
    for (let p = 0; p < k; p++) {
      ps.x[p] = ps.x[p]! + ps.vx[p]! / 60;
      ps.y[p] = ps.y[p]! + ps.vy[p]! / 60;
      ps.z[p] = ps.z[p]! + ps.vz[p]! / 60;
    }
  }
  tr.toGrid(ps, mode);
  const L = tr.particleAngularMomentum(ps, apic, 0.5, 0.5, 0.5, new Float64Array(3));
  const G = tr.gridAngularMomentum(0.5, 0.5, 0.5, new Float64Array(3));
  return [0, 1, 2].flatMap((a) => [L[a]! / L0[a]!, G[a]! / L0[a]!]);
}

describe('3D transfers', () => {
  it('reproduce an affine velocity field exactly with APIC (both kernels)', () => {
    for (const kernel of ['linear', 'quadratic'] as const) {
      const grid = new MacGrid({ nx: 10, ny: 10, nz: 10, h: 0.1 });
      const tr = new GridTransfer3D(grid, kernel);
      const pts = ball(0.1, 10, 0.5, 0.25);
      const k = pts.length;
      const ps: TransferParticles3D = {
        count: k,
        x: Float64Array.from(pts, (q) => q[0]!),
        y: Float64Array.from(pts, (q) => q[1]!),
        z: Float64Array.from(pts, (q) => q[2]!),
        vx: new Float64Array(k),
        vy: new Float64Array(k),
        vz: new Float64Array(k),
        c: new Float64Array(9 * k),
      };
      // v = (1 + 2y, 0.5x − 3z, 4x − y)
      for (let p = 0; p < k; p++) {
        ps.vx[p] = 1 + 2 * ps.y[p]!;
        ps.vy[p] = 0.5 * ps.x[p]! - 3 * ps.z[p]!;
        ps.vz[p] = 4 * ps.x[p]! - ps.y[p]!;
        ps.c.set([0, 2, 0, 0.5, 0, -3, 4, -1, 0], 9 * p);
      }
      const before = Float64Array.from(ps.vy);
      tr.toGrid(ps, 'apic');
      tr.saveGrid();
      tr.toParticles(ps, 'apic');
      for (let p = 0; p < k; p++) expect(Math.abs(ps.vy[p]! - before[p]!)).toBeLessThan(1e-13);
      expect(Math.abs(ps.c[9 * 7 + 6]! - 4)).toBeLessThan(1e-12);
      expect(Math.abs(ps.c[9 * 7 + 5]! + 3)).toBeLessThan(1e-12);
    }
  });

  it('a rotating ball (ω = (0.3, 0.6, 0.7)): APIC with the B-spline keeps L to round-off over 60 cycles with motion; PIC loses it', () => {
    // measured (particles / grid, each axis): APIC quadratic 1 ± 3e-14; PIC quadratic 0.0215, linear 0.079
    for (const r of transferLoop('apic', 'quadratic', 60)) expect(Math.abs(r - 1)).toBeLessThan(1e-12);
    for (const r of transferLoop('pic', 'quadratic', 60)) expect(r).toBeLessThan(0.1);
    for (const r of transferLoop('pic', 'linear', 60)) expect(r).toBeLessThan(0.2);
  });
});

function blob(mode: TransferMode): number[] {
  const n = 24;
  const sim = new FlipSim3D({
    nx: n,
    ny: n,
    nz: n,
    h: 1 / (n - 2),
    gravity: [0, 0, 0],
    transfer: mode,
    separationIterations: 0,
    reseed: false,
    densityCorrection: 0,
  });
  const c = 0.5;
  for (const [x, y, z] of ball(sim.h, n, c, 0.3)) sim.addParticle(x!, y!, z!);
  rigid(sim, c, mode === 'apic');
  const L0 = sim.angularMomentum(c, c, c).slice();
  for (let s = 0; s < 30; s++) sim.step(1 / 30);
  // the ball spreads (nothing holds a free surface in) but no particle reached a wall
  for (let p = 0; p < sim.count; p++) {
    expect(Math.hypot(sim.x[p]! - c, sim.y[p]! - c, sim.z[p]! - c)).toBeLessThan(0.4);
  }
  const L = sim.angularMomentum(c, c, c);
  return [L[0]! / L0[0]!, L[1]! / L0[1]!, L[2]! / L0[2]!];
}

describe('angular momentum in the full 3D liquid (free surface, projection, no gravity, 1 s)', () => {
  it('a ball of radius 6.6 cells (9,568 particles, tent kernel): APIC and FLIP keep it within 3 %, PIC loses over 30 %', () => {
    // measured (x, y, z): APIC 0.9825 0.9823 0.9821, FLIP (95 %) 0.9756 0.9755 0.9755,
    // PIC 0.6185 0.6188 0.6191; the losses sit at the free surface, where G2P sees air faces
    for (const r of blob('apic')) expect(Math.abs(r - 1)).toBeLessThan(0.03);
    for (const r of blob('flip')) expect(Math.abs(r - 1)).toBeLessThan(0.03);
    for (const r of blob('pic')) expect(r).toBeLessThan(0.7);
  });
});
