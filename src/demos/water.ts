import { Prng } from '../math/prng.js';
import { HeightFieldPool } from '../water/heightfield-pool.js';
import { Ocean } from '../water/ocean.js';
import type { Demo, DemoInstance, View } from './types.js';
import { toPxX, toPxY, toWorldX, toWorldY } from './types.js';

/**
 * Water surfaces without a volume solve (textbook §26.4, rendering water): an FFT ocean and a
 * height-field pool, shaded per pixel with Fresnel reflection (Schlick's approximation,
 * F = F0 + (1 − F0)(1 − cos θ)^5, F0 = 0.02 for water), refraction and depth absorption
 * (Beer–Lambert, T = e^{−σ d} per colour channel).
 */

const F0 = 0.02;
function fresnel(cosTheta: number): number {
  const m = 1 - Math.max(0, Math.min(1, cosTheta));
  return F0 + (1 - F0) * m * m * m * m * m;
}

/** A reusable pixel buffer for per-pixel shading (one allocation per canvas size). */
class PixelBuffer {
  private image: ImageData | undefined;
  get(ctx: CanvasRenderingContext2D, w: number, h: number): ImageData {
    if (!this.image || this.image.width !== w || this.image.height !== h)
      this.image = ctx.createImageData(w, h);
    return this.image;
  }
}

function skyColor(rz: number, out: Float64Array): void {
  // horizon (rz = 0) pale, zenith (rz = 1) deep blue
  const t = Math.max(0, Math.min(1, rz));
  out[0] = 0.78 + (0.22 - 0.78) * t;
  out[1] = 0.86 + (0.45 - 0.86) * t;
  out[2] = 0.95 + (0.82 - 0.95) * t;
}

const oceanDemo: Demo = {
  id: 'water-ocean',
  title: 'FFT ocean (Tessendorf)',
  domain: 'fluid',
  description:
    'Tessendorf’s ocean (2001): a tileable height field summed by FFT from a Phillips or JONSWAP spectrum with the dispersion relation ω² = gk tanh(kd); shaded with Fresnel reflection of the sky and a sun glint (water rendering, textbook §26.4). Four tiles are shown to make the seamless repeat visible.',
  dt: 1 / 30,
  view: (width, height) => ({ width, height, cx: 64, cy: 64, scale: Math.min(width, height) / 110 }),
  series: [
    { key: 'significantWaveHeight', label: 'significant wave height', unit: 'm', color: '#1f77b4' },
    { key: 'rmsSlope', label: 'rms slope', color: '#ff7f0e' },
  ],
  params: [
    { key: 'wind', label: 'wind speed (m/s)', kind: 'number', default: 12, min: 2, max: 30, step: 1 },
    { key: 'spectrum', kind: 'choice', default: 'phillips', options: ['phillips', 'jonswap'] },
    { key: 'choppiness', kind: 'number', default: 0.8, min: 0, max: 2, step: 0.1 },
    { key: 'resolution', kind: 'choice', default: '64', options: ['32', '64', '128'] },
  ],
  create(params = {}, options = {}): DemoInstance {
    const dt = options.dt ?? this.dt;
    const rng = new Prng(2001);
    const ocean = new Ocean({
      resolution: Number(params.resolution ?? 64),
      patchSize: 64,
      windSpeed: Number(params.wind ?? 12),
      windAngle: 0.4,
      spectrum: (params.spectrum as 'phillips' | 'jonswap') ?? 'phillips',
      choppiness: Number(params.choppiness ?? 0.8),
      amplitude: 1.2e-3,
      uniform: () => rng.next(),
    });
    const buffer = new PixelBuffer();
    const sky = new Float64Array(3);
    // camera looks down the −y, −z direction (oblique view); the sun is low in front
    const vx = 0;
    const vy = 0.8;
    const vz = -0.6;
    const sx = 0.2;
    const sy = 0.85;
    const sz = 0.49;
    return {
      get time() {
        return ocean.time;
      },
      dt,
      step() {
        ocean.step(dt);
      },
      series() {
        let s2 = 0;
        let slope = 0;
        for (let i = 0; i < ocean.height.length; i++) {
          s2 += ocean.height[i]! * ocean.height[i]!;
          slope += ocean.slopeX[i]! * ocean.slopeX[i]! + ocean.slopeY[i]! * ocean.slopeY[i]!;
        }
        const n = ocean.height.length;
        return { significantWaveHeight: 4 * Math.sqrt(s2 / n), rmsSlope: Math.sqrt(slope / n) };
      },
      draw(ctx: CanvasRenderingContext2D, view: View) {
        const block = 2;
        const w = Math.ceil(view.width / block);
        const h = Math.ceil(view.height / block);
        const img = buffer.get(ctx, view.width, view.height);
        const data = img.data;
        for (let j = 0; j < h; j++) {
          for (let i = 0; i < w; i++) {
            const wx = toWorldX(view, i * block + block / 2);
            const wy = toWorldY(view, j * block + block / 2);
            const gx = ocean.sampleSlopeX(wx, wy);
            const gy = ocean.sampleSlopeY(wx, wy);
            let nx = -gx;
            let ny = -gy;
            let nz = 1;
            const inv = 1 / Math.sqrt(nx * nx + ny * ny + 1);
            nx *= inv;
            ny *= inv;
            nz *= inv;
            const vn = vx * nx + vy * ny + vz * nz;
            const cos = -vn;
            // reflected view ray R = V − 2(V·N)N
            const rx = vx - 2 * vn * nx;
            const ry = vy - 2 * vn * ny;
            const rz = vz - 2 * vn * nz;
            skyColor(rz, sky);
            const F = fresnel(cos);
            const glint = Math.max(0, rx * sx + ry * sy + rz * sz) ** 150 * 1.5;
            const height = ocean.sampleHeight(wx, wy);
            const scatter = Math.max(0, Math.min(1, 0.5 + height * 0.35));
            const r = F * sky[0]! + (1 - F) * (0.0 + 0.05 * scatter) + glint;
            const g = F * sky[1]! + (1 - F) * (0.12 + 0.15 * scatter) + glint;
            const b = F * sky[2]! + (1 - F) * (0.22 + 0.12 * scatter) + glint;
            for (let by = 0; by < block; by++) {
              const py = j * block + by;
              if (py >= view.height) break;
              for (let bx = 0; bx < block; bx++) {
                const px = i * block + bx;
                if (px >= view.width) break;
                const o = (py * view.width + px) * 4;
                data[o] = Math.min(255, r * 255);
                data[o + 1] = Math.min(255, g * 255);
                data[o + 2] = Math.min(255, b * 255);
                data[o + 3] = 255;
              }
            }
          }
        }
        ctx.putImageData(img, 0, 0);
        // tile borders
        ctx.strokeStyle = 'rgba(255,255,255,0.25)';
        ctx.lineWidth = 1;
        ctx.setLineDash([4, 6]);
        for (let t = -1; t <= 3; t++) {
          const px = toPxX(view, t * 64);
          const py = toPxY(view, t * 64);
          ctx.beginPath();
          ctx.moveTo(px, 0);
          ctx.lineTo(px, view.height);
          ctx.moveTo(0, py);
          ctx.lineTo(view.width, py);
          ctx.stroke();
        }
        ctx.setLineDash([]);
      },
    };
  },
};

const poolDemo: Demo = {
  id: 'water-pool',
  title: 'Height-field pool with floating balls',
  domain: 'fluid',
  description:
    'A height-field pool (textbook §26.4): the shallow-water wave equation on a grid of water columns (c = √(gD), CFL-limited step), two-way coupled with floating balls; drawn from above with refraction of the tiled floor, depth absorption and Fresnel reflection. Click to drop water.',
  dt: 1 / 60,
  view: (width, height) => ({ width, height, cx: 1.5, cy: 1.0, scale: Math.min(width / 3.2, height / 2.2) }),
  series: [
    { key: 'waterVolume', label: 'water volume', unit: 'm³', color: '#1f77b4' },
    { key: 'waveEnergy', label: 'wave energy (discrete)', unit: 'm⁴/s²', color: '#d62728' },
  ],
  params: [
    { key: 'depth', label: 'depth (m)', kind: 'number', default: 0.4, min: 0.1, max: 1, step: 0.05 },
    { key: 'damping', kind: 'number', default: 0.15, min: 0, max: 2, step: 0.05 },
    { key: 'balls', kind: 'number', default: 3, min: 0, max: 8, step: 1 },
  ],
  create(params = {}, options = {}): DemoInstance {
    const dt = options.dt ?? this.dt;
    const spacing = 0.03;
    const pool = new HeightFieldPool({
      nx: 100,
      ny: 66,
      spacing,
      depth: Number(params.depth ?? 0.4),
      damping: Number(params.damping ?? 0.15),
    });
    const rng = new Prng(7);
    const nBalls = Number(params.balls ?? 3);
    for (let b = 0; b < nBalls; b++) {
      const r = 0.1 + 0.06 * rng.next();
      const density = 250 + 500 * rng.next();
      pool.addBall({
        x: 0.5 + 2 * rng.next(),
        y: 0.4 + 1.2 * rng.next(),
        z: pool.depth + r + 0.3 * rng.next(),
        vz: 0,
        radius: r,
        mass: density * (4 / 3) * Math.PI * r * r * r,
      });
    }
    // substeps so that each respects the CFL limit
    const sub = Math.max(1, Math.ceil(dt / (0.9 * pool.maxStableDt())));
    let rain = 0;
    const buffer = new PixelBuffer();
    const sky = new Float64Array(3);
    const width = pool.nx * spacing;
    const slopeX = new Float64Array(pool.nx * pool.ny);
    const slopeY = new Float64Array(pool.nx * pool.ny);
    const depthField = new Float64Array(pool.nx * pool.ny);
    const height = pool.ny * spacing;
    let time = 0;
    return {
      get time() {
        return time;
      },
      dt,
      step() {
        // a drop every 0.7 s keeps the pool alive (deterministic positions)
        rain += dt;
        if (rain > 0.7) {
          rain = 0;
          pool.disturb(0.3 + (width - 0.6) * rng.next(), 0.3 + (height - 0.6) * rng.next(), 0.12, 0.02);
        }
        for (let s = 0; s < sub; s++) pool.step(dt / sub);
        time += dt;
      },
      pointer(e) {
        if (e.kind === 'down' && e.x > 0 && e.x < width && e.y > 0 && e.y < height) {
          pool.disturb(e.x, e.y, 0.15, 0.04);
        }
      },
      series() {
        return { waterVolume: pool.waterVolume(), waveEnergy: pool.waveEnergy() };
      },
      stats() {
        return { waterVolume: pool.waterVolume(), meanHeight: pool.meanHeight() };
      },
      draw(ctx: CanvasRenderingContext2D, view: View) {
        ctx.fillStyle = '#2b2f36';
        ctx.fillRect(0, 0, view.width, view.height);
        const x0 = Math.max(0, Math.floor(toPxX(view, 0)));
        const x1 = Math.min(view.width, Math.ceil(toPxX(view, width)));
        const y0 = Math.max(0, Math.floor(toPxY(view, height)));
        const y1 = Math.min(view.height, Math.ceil(toPxY(view, 0)));
        const img = buffer.get(ctx, Math.max(1, x1 - x0), Math.max(1, y1 - y0));
        const data = img.data;
        // per-column slopes once per frame, then bilinear samples per pixel block
        const { nx, ny } = pool;
        for (let j = 0; j < ny; j++) {
          for (let i = 0; i < nx; i++) {
            const k = j * nx + i;
            const l = pool.height[i > 0 ? k - 1 : k]!;
            const r = pool.height[i < nx - 1 ? k + 1 : k]!;
            const d = pool.height[j > 0 ? k - nx : k]!;
            const u = pool.height[j < ny - 1 ? k + nx : k]!;
            slopeX[k] = (r - l) / (2 * spacing);
            slopeY[k] = (u - d) / (2 * spacing);
            depthField[k] = pool.height[k]! - pool.bodyHeight[k]!;
          }
        }
        const block = 2;
        for (let py = y0; py < y1; py += block) {
          for (let px = x0; px < x1; px += block) {
            const wx = toWorldX(view, px + block / 2);
            const wy = toWorldY(view, py + block / 2);
            const surface = pool.sample(pool.height, wx, wy);
            const d = pool.sample(depthField, wx, wy);
            const gx = pool.sample(slopeX, wx, wy);
            const gy = pool.sample(slopeY, wx, wy);
            const inv = 1 / Math.sqrt(gx * gx + gy * gy + 1);
            const cos = inv; // looking straight down: cos θ = n_z
            const F = fresnel(cos) * 3; // exaggerated a little: from straight above F0 alone is invisible
            // refraction (Snell, small angles): the floor point seen shifts by −(1 − 1/1.33)·d·∇h
            const fx = wx - 0.25 * d * gx;
            const fy = wy - 0.25 * d * gy;
            const tile = (Math.floor(fx / 0.15) + Math.floor(fy / 0.15)) & 1;
            const grout =
              fx / 0.15 - Math.floor(fx / 0.15) < 0.06 || fy / 0.15 - Math.floor(fy / 0.15) < 0.06;
            const base = grout ? 0.55 : tile ? 0.92 : 0.82;
            // Beer–Lambert absorption per channel (red absorbed most)
            const tr = Math.exp(-2.2 * d);
            const tg = Math.exp(-0.7 * d);
            const tb = Math.exp(-0.35 * d);
            skyColor(0.6 + 0.4 * cos, sky);
            // a cheap caustic: crests focus light (brighter), troughs spread it
            const caustic = 1 + Math.max(-0.4, Math.min(0.6, (surface - pool.depth) * 25));
            const r = F * sky[0]! + (1 - F) * (base * tr * caustic + (1 - tr) * 0.05);
            const g = F * sky[1]! + (1 - F) * (base * tg * caustic + (1 - tg) * 0.35);
            const b = F * sky[2]! + (1 - F) * (base * tb * caustic + (1 - tb) * 0.45);
            const R = Math.max(0, Math.min(255, r * 255));
            const G = Math.max(0, Math.min(255, g * 255));
            const B = Math.max(0, Math.min(255, b * 255));
            for (let by = py; by < Math.min(py + block, y1); by++) {
              for (let bx = px; bx < Math.min(px + block, x1); bx++) {
                const o = ((by - y0) * img.width + (bx - x0)) * 4;
                data[o] = R;
                data[o + 1] = G;
                data[o + 2] = B;
                data[o + 3] = 255;
              }
            }
          }
        }
        if (x1 > x0 && y1 > y0) ctx.putImageData(img, x0, y0);
        for (const ball of pool.balls) {
          const r = ball.radius * view.scale;
          ctx.beginPath();
          ctx.arc(toPxX(view, ball.x), toPxY(view, ball.y), r, 0, 2 * Math.PI);
          ctx.fillStyle = '#e8553d';
          ctx.fill();
          ctx.strokeStyle = '#7a2114';
          ctx.lineWidth = 1.5;
          ctx.stroke();
        }
        ctx.strokeStyle = '#c9c9c9';
        ctx.lineWidth = 3;
        ctx.strokeRect(toPxX(view, 0), toPxY(view, height), width * view.scale, height * view.scale);
      },
    };
  },
};

/** Demos of the water domain: the FFT ocean and the height-field pool. */
export const waterDemos: Demo[] = [oceanDemo, poolDemo];
