/**
 * Drawing grid fluids on a standard Canvas 2D context (browser or @napi-rs/canvas), world y up:
 * smoke density as brightness (textbook §26.4), fire by blackbody colour, obstacles, 3D density
 * volumes by an emission–absorption ray march along z, velocity arrows.
 * Drawing never changes the simulation; the camera is the shared view transform of core/view.ts.
 */
import { applyView, type View } from '../core/view.js';
import { blackbodyColor } from '../fluid/blackbody.js';
import type { MacGrid } from '../fluid/mac-grid.js';
import type { SmokeSim } from '../fluid/smoke.js';

const GREYS: string[] = [];
for (let k = 0; k < 64; k++) {
  const v = Math.round((255 * k) / 63);
  GREYS.push(`rgb(${v},${v},${v})`);
}

/** Fills each cell of a 2D field: colour(value) → CSS colour or null (skip). Offset by (ox, oy). */
function fillCells(
  ctx: CanvasRenderingContext2D,
  grid: MacGrid,
  value: (c: number) => string | null,
  ox: number,
  oy: number,
  scale: number,
): void {
  const h = grid.h;
  const pad = 0.5 / scale; // half a pixel of overlap hides the anti-aliased seams between cells
  for (let j = 0; j < grid.ny; j++) {
    for (let i = 0; i < grid.nx; i++) {
      const col = value(grid.cellIndex(i, j));
      if (col === null) continue;
      ctx.fillStyle = col;
      ctx.fillRect(ox + i * h - pad, oy + j * h - pad, h + 2 * pad, h + 2 * pad);
    }
  }
}

function frame(ctx: CanvasRenderingContext2D, grid: MacGrid, ox: number, oy: number, scale: number): void {
  ctx.fillStyle = '#000';
  ctx.fillRect(ox, oy, grid.width, grid.height);
  ctx.strokeStyle = '#555';
  ctx.lineWidth = 1 / scale;
  ctx.strokeRect(ox, oy, grid.width, grid.height);
}

/** Smoke density as brightness (gain scales it), solid cells grey-blue. */
export function drawSmoke2D(
  ctx: CanvasRenderingContext2D,
  view: View,
  sim: SmokeSim,
  options: { ox?: number; oy?: number; gain?: number; clear?: boolean } = {},
): void {
  const ox = options.ox ?? 0;
  const oy = options.oy ?? 0;
  const gain = options.gain ?? 1;
  const g = sim.grid;
  ctx.save();
  if (options.clear !== false) {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#111';
    ctx.fillRect(0, 0, view.width, view.height);
  }
  applyView(ctx, view);
  frame(ctx, g, ox, oy, view.scale);
  const d = sim.density;
  fillCells(
    ctx,
    g,
    (c) => {
      if (g.solid[c]) return '#4a6a8a';
      const v = d[c]! * gain;
      if (v <= 0.01) return null;
      return GREYS[Math.min(63, Math.round(v * 63))]!;
    },
    ox,
    oy,
    view.scale,
  );
  ctx.restore();
}

/**
 * Fire: each cell glows with the blackbody colour of its temperature (kelvin = ambient + heat ×
 * kelvinPerUnit), brightness rising with temperature; smoke dims what is behind it.
 */
export function drawFire2D(
  ctx: CanvasRenderingContext2D,
  view: View,
  sim: SmokeSim,
  options: { kelvinPerUnit?: number; ambientKelvin?: number } = {},
): void {
  const g = sim.grid;
  const kpu = options.kelvinPerUnit ?? 400;
  const amb = options.ambientKelvin ?? 300;
  const rgb = new Float64Array(3);
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = '#111';
  ctx.fillRect(0, 0, view.width, view.height);
  applyView(ctx, view);
  frame(ctx, g, 0, 0, view.scale);
  fillCells(
    ctx,
    g,
    (c) => {
      if (g.solid[c]) return '#4a6a8a';
      const T = amb + sim.heat[c]! * kpu;
      const smoke = Math.min(1, sim.density[c]!);
      // glow: visible above ~900 K, brighter with T (a soft stand-in for σT⁴ with exposure)
      const glow = Math.max(0, Math.min(1, (T - 900) / 900));
      blackbodyColor(T, rgb);
      const r = 255 * (glow * rgb[0]! + (1 - glow) * 0.35 * smoke);
      const gg = 255 * (glow * rgb[1]! + (1 - glow) * 0.35 * smoke);
      const b = 255 * (glow * rgb[2]! + (1 - glow) * 0.38 * smoke);
      if (r + gg + b < 6) return null;
      return `rgb(${Math.round(r)},${Math.round(gg)},${Math.round(b)})`;
    },
    0,
    0,
    view.scale,
  );
  ctx.restore();
}

/**
 * A 3D density volume seen along −z: emission–absorption ray march through each column of cells
 * (front to back, transmittance T ← T·e^{−σ s h}), light from above attenuated by the smoke
 * above each cell, so the plume reads as a lit volume rather than a flat projection.
 */
export function drawSmoke3D(
  ctx: CanvasRenderingContext2D,
  view: View,
  sim: SmokeSim,
  options: { sigma?: number } = {},
): void {
  const g = sim.grid;
  const { nx, ny, nz, h } = g;
  const sigma = options.sigma ?? 12;
  const d = sim.density;
  // light reaching each cell from above
  const light = new Float64Array(g.cellCount);
  for (let k = 0; k < nz; k++)
    for (let i = 0; i < nx; i++) {
      let t = 1;
      for (let j = ny - 1; j >= 0; j--) {
        const c = g.cellIndex(i, j, k);
        light[c] = t;
        t *= Math.exp(-sigma * d[c]! * h);
      }
    }
  const image = new Float64Array(nx * ny);
  for (let j = 0; j < ny; j++)
    for (let i = 0; i < nx; i++) {
      let t = 1;
      let L = 0;
      for (let k = nz - 1; k >= 0; k--) {
        const c = g.cellIndex(i, j, k);
        const a = 1 - Math.exp(-sigma * d[c]! * h);
        L += t * a * (0.25 + 0.75 * light[c]!);
        t *= 1 - a;
        if (t < 0.01) break;
      }
      image[i + nx * j] = L;
    }
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = '#111';
  ctx.fillRect(0, 0, view.width, view.height);
  applyView(ctx, view);
  frame(ctx, g, 0, 0, view.scale);
  const pad = 0.5 / view.scale;
  for (let j = 0; j < ny; j++)
    for (let i = 0; i < nx; i++) {
      const v = image[i + nx * j]!;
      if (v <= 0.01) continue;
      ctx.fillStyle = GREYS[Math.min(63, Math.round(v * 63))]!;
      ctx.fillRect(i * h - pad, j * h - pad, h + 2 * pad, h + 2 * pad);
    }
  ctx.restore();
}

/** An arrow in world units from (x, y) along (dx, dy). */
export function drawArrow(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  dx: number,
  dy: number,
  head: number,
): void {
  const len = Math.hypot(dx, dy);
  if (len < 1e-9) return;
  const ux = dx / len;
  const uy = dy / len;
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.lineTo(x + dx, y + dy);
  ctx.moveTo(x + dx, y + dy);
  ctx.lineTo(x + dx - head * (ux - 0.5 * uy), y + dy - head * (uy + 0.5 * ux));
  ctx.moveTo(x + dx, y + dy);
  ctx.lineTo(x + dx - head * (ux + 0.5 * uy), y + dy - head * (uy - 0.5 * ux));
  ctx.stroke();
}
