/**
 * The 3D liquid surface (textbook §26.4 "surfaces"): particles splatted onto a coarse node grid (two
 * particle spacings a cell) and marching cubes at half the rest density. A ball of particles on its
 * rest lattice gives a closed surface around the ball's volume (the volume the particles stand for,
 * N d³) with outward normals; the headless drawing paints the liquid's colour where the ball is and
 * nothing elsewhere, and a refresh of the same size reuses its buffers. The 3D FLIP and MPM liquid
 * demos surface their seeded liquid (5% and 7% less volume: the coarse field rounds the block's
 * edges) and hand out no surface when switched to dots.
 */

import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { flip3dDemo } from '../../src/demos/flip3d.js';
import { mpm3dWaterDemo } from '../../src/demos/mpm.js';
import { LiquidSurface3D } from '../../src/render/liquid-surface3d.js';
import { CameraFrame3, orbitCamera3 } from '../../src/render/view3d.js';

function ball(c: [number, number, number], r: number, d: number): Float64Array {
  const out: number[] = [];
  const k = Math.ceil(r / d);
  for (let i = -k; i <= k; i++)
    for (let j = -k; j <= k; j++)
      for (let l = -k; l <= k; l++) {
        const x = (i + 0.5) * d;
        const y = (j + 0.5) * d;
        const z = (l + 0.5) * d;
        if (x * x + y * y + z * z <= r * r) out.push(c[0] + x, c[1] + y, c[2] + z);
      }
  return Float64Array.from(out);
}

describe('LiquidSurface3D', () => {
  const d = 0.02;
  const c: [number, number, number] = [0.5, 0.45, 0.52];
  const pts = ball(c, 0.2, d);
  const n = pts.length / 3;
  const surf = new LiquidSurface3D({ min: [0, 0, 0], max: [1, 1, 1], spacing: d });

  it('encloses the particles’ volume with a closed, outward-facing surface', () => {
    surf.update(pts, 3, 0, n);
    expect(surf.triangleCount).toBeGreaterThan(100);
    // closed: every edge is shared by exactly two triangles, once in each direction
    const edges = new Map<string, number>();
    for (let f = 0; f < surf.triangleCount; f++)
      for (let k = 0; k < 3; k++) {
        const a = surf.indices[3 * f + k]!;
        const b = surf.indices[3 * f + ((k + 1) % 3)]!;
        const key = `${a},${b}`;
        edges.set(key, (edges.get(key) ?? 0) + 1);
      }
    for (const [key, m] of edges) {
      const [a, b] = key.split(',');
      expect(m).toBe(1);
      expect(edges.get(`${b},${a}`)).toBe(1);
    }
    const V = n * d * d * d;
    expect(Math.abs(surf.volume() / V - 1)).toBeLessThan(0.06);
    // every normal points away from the centre
    for (let q = 0; q < surf.vertexCount; q++) {
      const dot =
        (surf.positions[3 * q]! - c[0]) * surf.normals[3 * q]! +
        (surf.positions[3 * q + 1]! - c[1]) * surf.normals[3 * q + 1]! +
        (surf.positions[3 * q + 2]! - c[2]) * surf.normals[3 * q + 2]!;
      expect(dot).toBeGreaterThan(0);
    }
  });

  it('an update of the same particles reuses the buffers; no particles, no triangles', () => {
    surf.update(pts, 3, 0, n);
    const gen = surf.generation;
    const buf = surf.positions;
    surf.update(pts, 3, 0, n);
    expect(surf.generation).toBe(gen);
    expect(surf.positions).toBe(buf);
    surf.update(pts, 3, 0, 0);
    expect(surf.triangleCount).toBe(0);
  });

  it('draws the liquid headless: its colour at the ball’s centre, the background far from it', () => {
    surf.update(pts, 3, 0, n);
    const canvas = createCanvas(200, 200);
    const ctx = canvas.getContext('2d') as unknown as CanvasRenderingContext2D;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, 200, 200);
    const frame = new CameraFrame3(orbitCamera3(c, 2, 0.6, 0.4));
    const view = { width: 200, height: 200, cx: 0, cy: 0, scale: 200 / 1.2 };
    surf.draw(ctx, view, frame, [0.2, 0.5, 0.8]);
    const px = (x: number, y: number) => Array.from(ctx.getImageData(x, y, 1, 1).data);
    const mid = px(100, 100);
    expect(mid[2]!).toBeGreaterThan(mid[0]! + 40);
    expect(px(5, 5)).toEqual([255, 255, 255, 255]);
  });

  it('the 3D liquid demos surface their liquid: the seeded volume within 6–8%, none in dots mode', () => {
    const flip = flip3dDemo.create({}) as unknown as {
      readSurface3(): LiquidSurface3D | null;
      setDisplay(v: Record<string, string>): void;
      sim: { particleVolume(): number };
    };
    const fs = flip.readSurface3()!;
    expect(Math.abs(fs.volume() / flip.sim.particleVolume() - 1)).toBeLessThan(0.06);
    flip.setDisplay({ draw: 'dots' });
    expect(flip.readSurface3()).toBeNull();
    // the MPM water: a smaller block (14 × 21 × 19 particles) on a coarser field, within 8%
    const mpm = mpm3dWaterDemo.create({}) as unknown as {
      readSurface3(): LiquidSurface3D | null;
      sim: { count: number; vol0: Float64Array; material: Uint8Array };
    };
    let water = 0;
    for (let p = 0; p < mpm.sim.count; p++) if (mpm.sim.material[p] === 0) water += mpm.sim.vol0[p]!;
    const ms = mpm.readSurface3()!;
    expect(Math.abs(ms.volume() / water - 1)).toBeLessThan(0.08);
  });
});
