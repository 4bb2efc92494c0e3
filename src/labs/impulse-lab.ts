/**
 * `rikigaku lab impulse`: every file of the impulse lab, with the exact names and formats,
 * computed by the functions of ./impulse.ts. Pure (returns the files); ./registry.ts writes them.
 *
 * Formats: `03-conserve.txt` has 6 decimals as the lab asks; every other number is printed as
 * the lab's Python prints a float (`repr`: `jn=4.5`, `vout=1.2,1.5`).
 */
import { Raster, type RGB } from '../render/raster.js';
import type { LabFile } from './files.js';
import { pyFixed, pyRepr } from './format.js';
import { type HtmlItem, labIndexHtml } from './html.js';
import {
  BALLS_INITIAL,
  BallBox,
  bounce_with_friction,
  bounceExperiment,
  conserveExperiment,
  frictionExperiment,
} from './impulse.js';

/** Options of {@link impulseLabFiles}. */
export interface ImpulseLabOptions {
  /** zlib compressor for the PNGs (stored blocks when absent) */
  deflate?: (raw: Uint8Array) => Uint8Array;
}

const WHITE: RGB = [255, 255, 255];
const RED: RGB = [255, 0, 0];
const BLACK: RGB = [0, 0, 0];
/** bounce.png's point colour */
export const BOUNCE_COLOR: RGB = [120, 200, 255];

/** 00-check.png: 64×64 black, white diagonal (0,0)–(63,63), then the red line (0,32)–(63,32) on top. */
export function checkPattern(): Raster {
  const c = new Raster(64, 64, BLACK);
  c.line(0, 0, 63, 63, WHITE);
  c.line(0, 32, 63, 32, RED);
  return c;
}

/** bounce.png's pixel formula: px = int(step·255/2400), py = 255 − int(y/5.0·255). */
export function bouncePixel(step: number, y: number, steps = 2400, y0 = 5.0): [number, number] {
  return [Math.trunc((step * 255) / steps), 255 - Math.trunc((y / y0) * 255)];
}

/** balls.png's pixel formula: sx = int(x·25.6), sy = int(255 − y·25.6). */
export function ballPixel(x: number, y: number): [number, number] {
  return [Math.trunc(x * 25.6), Math.trunc(255 - y * 25.6)];
}

/** The lab's plotting cadence for balls.png: after step i (0-based) when i % 10 === 0. */
export const BALLS_PLOT_EVERY = 10;
/** Steps the falling-balls run of the impulse lab takes. */
export const BALLS_STEPS = 1800;

/** Runs the impulse lab and returns its files (tables, plots and the index page) with their exact names. */
export function impulseLabFiles(options: ImpulseLabOptions = {}): LabFile[] {
  const png = (r: Raster): Uint8Array => r.toPNG({ deflate: options.deflate });
  const lines = (ls: string[]): string => ls.map((l) => `${l}\n`).join('');
  const files: LabFile[] = [];
  const html: HtmlItem[] = [];
  const text = (name: string, caption: string, content: string): void => {
    files.push({ name, content });
    html.push({ kind: 'text', file: name, caption, content });
  };
  const image = (name: string, caption: string, r: Raster): void => {
    files.push({ name, content: png(r) });
    html.push({ kind: 'image', file: name, caption });
  };

  image(
    '00-check.png',
    'Test pattern: 64×64, white diagonal, then the red horizontal line; (32,32) is red.',
    checkPattern(),
  );

  const c = conserveExperiment();
  const f6 = (x: number): string => pyFixed(x, 6);
  text(
    '03-conserve.txt',
    'Masses 2 and 1, velocities (3,0) and (−1,0), n = (1,0): momentum is the same for every e; kinetic energy only survives e = 1.',
    lines([
      `p_before=${f6(c.before.p)}`,
      `ke_before=${f6(c.before.ke)}`,
      `p_e1=${f6(c.e1.p)}`,
      `ke_e1=${f6(c.e1.ke)}`,
      `p_e05=${f6(c.e05.p)}`,
      `ke_e05=${f6(c.e05.ke)}`,
      `p_e0=${f6(c.e0.p)}`,
      `ke_e0=${f6(c.e0.ke)}`,
    ]),
  );

  const b = bounceExperiment();
  const csv = ['step,y,v'];
  for (let s = 0; s < b.y.length; s++) csv.push(`${s},${pyRepr(b.y[s]!)},${pyRepr(b.v[s]!)}`);
  files.push({ name: 'bounce.csv', content: lines(csv) });
  html.push({
    kind: 'link',
    file: 'bounce.csv',
    caption: `step, y, v for ${b.y.length} samples (dt = 1/240).`,
  });
  const peaks = b.peakSteps.slice(0, 3).map((i) => b.y[i]!);
  text(
    '04-bounce.txt',
    `First three bounce apexes; ratios ${peaks.length === 3 ? `${(peaks[1]! / peaks[0]!).toFixed(4)} and ${(peaks[2]! / peaks[1]!).toFixed(4)}` : '—'} ≈ e² = 0.49.`,
    lines(peaks.map((p, i) => `peak${i + 1}=${pyRepr(p)}`)),
  );
  const bp = new Raster(256, 256, BLACK);
  for (let s = 0; s < b.y.length; s++) {
    const [px, py] = bouncePixel(s, b.y[s]!);
    bp.point(px, py, BOUNCE_COLOR);
  }
  image('bounce.png', 'Height over time: each apex is e² = 0.49 of the one before.', bp);

  const fr = frictionExperiment();
  text(
    '05-friction.txt',
    'Sliding box, v0 = 5, mu = 0.3: analytic t = 1.7007 s, d = 4.2517 m.',
    lines([`steps=${fr.steps}`, `stop_time=${pyRepr(fr.stopTime)}`, `distance=${pyRepr(fr.distance)}`]),
  );

  const [vout, jn, jt] = bounce_with_friction([3, -3], 1, [0, 1], 0.5, 0.4);
  text(
    '06-tangent.txt',
    'v = (3,−3), inv_m = 1, n = (0,1), e = 0.5, mu = 0.4: jt = −3 is clamped to −mu·jn = −1.8.',
    lines([`vout=${pyRepr(vout[0])},${pyRepr(vout[1])}`, `jn=${pyRepr(jn)}`, `jt=${pyRepr(jt)}`]),
  );

  const box = new BallBox();
  const eStart = box.energy();
  const bb = new Raster(256, 256, BLACK);
  for (let s = 0; s < BALLS_STEPS; s++) {
    box.step();
    if (s % BALLS_PLOT_EVERY === 0) {
      for (let i = 0; i < box.count; i++) {
        const [sx, sy] = ballPixel(box.x[i]!, box.y[i]!);
        bb.point(sx, sy, BALLS_INITIAL[i]!.color);
      }
    }
  }
  image('balls.png', 'Five balls in a 10×10 box, every 10th step: parabolas joined at the walls.', bb);
  const ballLines: string[] = [];
  for (let i = 0; i < box.count; i++) {
    ballLines.push(
      `b${i + 1}=${pyRepr(box.x[i]!)},${pyRepr(box.y[i]!)},${pyRepr(box.vx[i]!)},${pyRepr(box.vy[i]!)}`,
    );
  }
  ballLines.push(`energy_start=${pyRepr(eStart)}`, `energy_end=${pyRepr(box.energy())}`);
  text('07-balls.txt', 'Final x, y, vx, vy of each ball; the energy falls (wall e = 0.9).', lines(ballLines));

  files.push({
    name: 'index.html',
    content: labIndexHtml(
      'rikigaku lab impulse — impulses, restitution and friction',
      'Every file this lab wrote, with its values.',
      html,
    ),
  });
  return files;
}
