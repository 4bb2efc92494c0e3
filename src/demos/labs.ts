/**
 * The labs running live (playground section "Lab"): the impulse lab (impulses, restitution and
 * Coulomb friction) and the stacking lab (keeping boxes from sinking), each stepping the same library functions the `rikigaku lab` command uses, with
 * `series()` for the live plot.
 */
import { BALLS_INITIAL, BallBox, bounce_with_friction, resolve } from '../labs/impulse.js';
import { BOUNCE_COLOR, ballPixel, bouncePixel, checkPattern } from '../labs/impulse-lab.js';
import {
  addBox,
  FIVE_BOXES,
  renderBoxes,
  SINKING_DROP,
  STACKING,
  type StackVariant,
  stackingWorld,
  VARIANTS,
} from '../labs/stacking.js';
import { pixelDifference, Raster } from '../render/raster.js';
import type { BodyId, World } from '../rigid2d/index.js';
import { clear, labelAt } from './kit/labels.js';
import { type Demo, type DemoInstance, toPxX, toPxY, type View } from './types.js';

const LAB_DT = 1 / 240; // every impulse-lab experiment steps at 1/240 s
const FRAME = 1 / 60;
const SUB = 4; // 4 lab steps per 1/60 s frame

function rgbCss(c: readonly [number, number, number]): string {
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}

function disc(
  ctx: CanvasRenderingContext2D,
  view: View,
  x: number,
  y: number,
  r: number,
  color: string,
): void {
  ctx.beginPath();
  ctx.arc(toPxX(view, x), toPxY(view, y), Math.max(1, r * view.scale), 0, 2 * Math.PI);
  ctx.fillStyle = color;
  ctx.fill();
}

function segment(
  ctx: CanvasRenderingContext2D,
  view: View,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  color: string,
): void {
  ctx.beginPath();
  ctx.moveTo(toPxX(view, x0), toPxY(view, y0));
  ctx.lineTo(toPxX(view, x1), toPxY(view, y1));
  ctx.strokeStyle = color;
  ctx.lineWidth = 1.5;
  ctx.stroke();
}

/** Copies a Raster's pixels onto the canvas at pixel (x, y), unscaled (putImageData ignores the transform). */
function blitRaster(ctx: CanvasRenderingContext2D, raster: Raster, x: number, y: number): void {
  if (typeof ctx.createImageData !== 'function' || typeof ctx.putImageData !== 'function') return;
  const img = ctx.createImageData(raster.width, raster.height);
  if (!img?.data) return;
  img.data.set(raster.data);
  ctx.putImageData(img, Math.round(x), Math.round(y));
  ctx.strokeStyle = '#555';
  ctx.lineWidth = 1;
  ctx.strokeRect(Math.round(x) - 0.5, Math.round(y) - 0.5, raster.width + 1, raster.height + 1);
}

/** A lab demo's own parts of its instance: one lab step, the picture, the plot and the stats. */
interface LabParts {
  /** advances the lab by one of its own steps (called `substeps` times a frame) */
  advance(): void;
  /** draws onto the cleared canvas */
  draw(ctx: CanvasRenderingContext2D, view: View): void;
  series(): Record<string, number>;
  stats?(): Record<string, number>;
}

/**
 * The instance scaffolding every lab demo shares: a frame of `dt` runs `substeps` lab steps and
 * advances the clock by `dt`; drawing starts from a black canvas.
 */
function labInstance(dt: number, substeps: number, parts: LabParts): DemoInstance {
  let t = 0;
  const instance: DemoInstance = {
    get time() {
      return t;
    },
    dt,
    step() {
      for (let s = 0; s < substeps; s++) parts.advance();
      t += dt;
    },
    draw(ctx, view) {
      clear(ctx, view, '#000');
      parts.draw(ctx, view);
    },
    series: () => parts.series(),
  };
  const stats = parts.stats;
  if (stats) instance.stats = () => stats();
  return instance;
}

/**
 * The impulse lab's images growing live: 00-check.png, bounce.png and balls.png painted with the same
 * exact-pixel Raster and the same pixel formulas as `rikigaku lab impulse`, step by step.
 */
const impulseImagesDemo: Demo = {
  id: 'lab-impulse-images',
  title: 'Lab: the impulse lab images (00-check, bounce, balls)',
  domain: 'lab',
  series: [
    { key: 'y', label: 'ball height', unit: 'm', color: '#1f77b4' },
    { key: 'ballEnergy', label: 'energy of the five balls', unit: 'J/kg', color: '#d62728' },
    { key: 'step', label: 'lab step', unit: 'step', color: '#7f7f7f' },
  ],
  description:
    'The impulse lab: the test pattern, then bounce.png (px = int(step·255/2400), py = 255 − int(y/5·255)) and balls.png (every 10th step) drawn as the experiments run, pixel for pixel as the lab files.',
  dt: FRAME,
  view: (w, h) => ({ width: w, height: h, cx: 0, cy: 0, scale: 1 }),
  create(_params = {}, options = {}): DemoInstance {
    const dt = options.dt ?? FRAME;
    const check = checkPattern();
    const bounce = new Raster(256, 256);
    const balls = new Raster(256, 256);
    const box = new BallBox();
    let y = 5.0;
    let v = 0;
    let step = 0; // lab steps done (both experiments advance together, 1/240 s each)
    bounce.point(...bouncePixel(0, y), BOUNCE_COLOR);
    return labInstance(dt, SUB, {
      advance() {
        if (step < 2400) {
          v += -9.8 * LAB_DT;
          y += v * LAB_DT;
          if (y < 0) {
            y = -y;
            v = -0.7 * v;
          }
          bounce.point(...bouncePixel(step + 1, y), BOUNCE_COLOR);
        }
        if (step < 1800) {
          box.step();
          if (step % 10 === 0) {
            for (let i = 0; i < box.count; i++)
              balls.point(...ballPixel(box.x[i]!, box.y[i]!), BALLS_INITIAL[i]!.color);
          }
        }
        step++;
      },
      draw(ctx, view) {
        const gap = 12;
        const x0 = Math.max(0, (view.width - (64 + 2 * 256 + 2 * gap)) / 2);
        blitRaster(ctx, check, x0, 10);
        blitRaster(ctx, bounce, x0 + 64 + gap, 10);
        blitRaster(ctx, balls, x0 + 64 + 256 + 2 * gap, 10);
      },
      series: () => ({ y, ballEnergy: box.energy(), step }),
    });
  },
};

/** The impulse lab's bouncing ball: the ball of bounce.csv; each apex is e² of the one before. */
const bounceDemo: Demo = {
  id: 'lab-bounce',
  title: 'Lab: bouncing ball (heights fall by e²)',
  domain: 'lab',
  series: [
    { key: 'y', label: 'height', unit: 'm', color: '#1f77b4' },
    { key: 'v', label: 'velocity', unit: 'm/s', color: '#ff7f0e' },
    { key: 'energy', label: 'energy', unit: 'J/kg', color: '#d62728' },
    { key: 'apexRatio', label: 'apex / previous apex', color: '#2ca02c' },
  ],
  description:
    'Newton’s restitution law: dropped from 5 m, v += g·dt, y += v·dt, and below the floor y = −y, v = −e·v; each apex is e² of the previous one.',
  dt: FRAME,
  view: (w, h) => ({ width: w, height: h, cx: 0, cy: 2.6, scale: Math.min(w / 4, h / 6) }),
  params: [{ key: 'e', label: 'restitution e', kind: 'number', default: 0.7, min: 0, max: 1, step: 0.05 }],
  create(params = {}, options = {}): DemoInstance {
    const e = Number(params.e ?? 0.7);
    const dt = options.dt ?? FRAME;
    const h = dt / SUB;
    let y = 5.0;
    let v = 0;
    let prev = 5.0; // the previous apex
    let apex = 5.0;
    let lastApex = 5.0;
    let rising = false;
    return labInstance(dt, SUB, {
      advance() {
        v += -9.8 * h;
        y += v * h;
        if (y < 0) {
          y = -y;
          v = -e * v;
        }
        if (v > 0) rising = true;
        else if (rising) {
          rising = false;
          prev = lastApex;
          lastApex = y;
        }
        apex = Math.max(apex, y);
      },
      draw(ctx, view) {
        segment(ctx, view, -2, 0, 2, 0, '#888');
        segment(ctx, view, -1.5, lastApex, 1.5, lastApex, '#446');
        segment(ctx, view, -1.5, lastApex * e * e, 1.5, lastApex * e * e, '#644');
        disc(ctx, view, 0, y + 0.15, 0.15, 'rgb(120,200,255)');
      },
      series: () => ({ y, v, energy: 0.5 * v * v + 9.8 * y, apexRatio: prev > 0 ? lastApex / prev : 0 }),
      stats: () => ({ y, v, apex }),
    });
  },
};

/** The impulse lab's sliding box: Coulomb friction is a constant deceleration; the box stops at v0²/(2·mu·g). */
const frictionDemo: Demo = {
  id: 'lab-friction',
  title: 'Lab: sliding box with Coulomb friction',
  domain: 'lab',
  series: [
    { key: 'v', label: 'velocity', unit: 'm/s', color: '#ff7f0e' },
    { key: 'x', label: 'distance', unit: 'm', color: '#1f77b4' },
    { key: 'analytic', label: 'stopping distance v0²/(2μg)', unit: 'm', color: '#7f7f7f' },
  ],
  description:
    'Coulomb friction as a constant deceleration: v = max(0, v − mu·g·dt), x += v·dt. The box stops after v0/(mu·g) s at v0²/(2·mu·g) m (1.7007 s, 4.2517 m for v0 = 5, mu = 0.3).',
  dt: FRAME,
  view: (w, h) => ({ width: w, height: h, cx: 2.6, cy: 0.5, scale: Math.min(w / 6.5, h / 3) }),
  params: [
    { key: 'v0', label: 'v0 (m/s)', kind: 'number', default: 5, min: 0, max: 10, step: 0.5 },
    { key: 'mu', label: 'mu', kind: 'number', default: 0.3, min: 0.05, max: 1, step: 0.05 },
  ],
  create(params = {}, options = {}): DemoInstance {
    const mu = Number(params.mu ?? 0.3);
    const v0 = Number(params.v0 ?? 5);
    const dt = options.dt ?? FRAME;
    const h = dt / SUB;
    let v = v0;
    let x = 0;
    const dStop = (v0 * v0) / (2 * mu * 9.8);
    return labInstance(dt, SUB, {
      advance() {
        v = Math.max(0, v - mu * 9.8 * h);
        x += v * h;
      },
      draw(ctx, view) {
        segment(ctx, view, -0.5, 0, 7, 0, '#888');
        segment(ctx, view, dStop + 0.25, -0.2, dStop + 0.25, 1.2, '#a44');
        ctx.fillStyle = '#fb4';
        const s = view.scale;
        ctx.fillRect(toPxX(view, x), toPxY(view, 0.5), 0.5 * s, 0.5 * s);
      },
      series: () => ({ v, x, analytic: dStop }),
      stats: () => ({ v, x }),
    });
  },
};

/** The impulse lab's five balls in a box: the lab's BallBox, energy falling at each wall hit. */
const fiveBallsDemo: Demo = {
  id: 'lab-five-balls',
  title: 'Lab: five balls in a box',
  domain: 'lab',
  series: [
    { key: 'energy', label: 'energy Σ ½v² + 9.8·y', unit: 'J/kg', color: '#d62728' },
    { key: 'start', label: 'energy at the start', unit: 'J/kg', color: '#7f7f7f' },
  ],
  description:
    'The impulse lab (textbook §26.2): five balls in a 10 × 10 box, gravity → positions → walls axis by axis (e = 0.9); the energy Σ ½v² + 9.8·y only falls.',
  dt: FRAME,
  view: (w, h) => ({ width: w, height: h, cx: 5, cy: 5, scale: Math.min(w, h) / 11 }),
  create(_params = {}, options = {}): DemoInstance {
    const dt = options.dt ?? FRAME;
    const sub = Math.max(1, Math.round(dt / LAB_DT));
    const box = new BallBox(dt / sub);
    const trailLen = 240;
    const trail = new Float64Array(box.count * trailLen * 2);
    let head = 0;
    let filled = 0;
    const e0 = box.energy();
    return labInstance(dt, 1, {
      advance() {
        for (let s = 0; s < sub; s++) box.step();
        for (let i = 0; i < box.count; i++) {
          trail[(i * trailLen + head) * 2] = box.x[i]!;
          trail[(i * trailLen + head) * 2 + 1] = box.y[i]!;
        }
        head = (head + 1) % trailLen;
        filled = Math.min(trailLen, filled + 1);
      },
      draw(ctx, view) {
        segment(ctx, view, 0, 0, 10, 0, '#888');
        segment(ctx, view, 10, 0, 10, 10, '#888');
        segment(ctx, view, 10, 10, 0, 10, '#888');
        segment(ctx, view, 0, 10, 0, 0, '#888');
        for (let i = 0; i < box.count; i++) {
          const color = rgbCss(BALLS_INITIAL[i]!.color);
          ctx.fillStyle = color;
          for (let k = 0; k < filled; k++) {
            const j = (i * trailLen + k) * 2;
            ctx.fillRect(toPxX(view, trail[j]!), toPxY(view, trail[j + 1]!), 1.5, 1.5);
          }
          disc(ctx, view, box.x[i]!, box.y[i]!, box.radius, color);
        }
      },
      series: () => ({ energy: box.energy(), start: e0 }),
      stats: () => ({ energy: box.energy() }),
    });
  },
};

/**
 * The impulse lab's what is conserved and what is lost: two balls on a line (masses 2 and 1) meet through
 * `resolve`; the walls are static bodies (inverse mass 0) handled by the same function.
 */
const collideDemo: Demo = {
  id: 'lab-collide',
  title: 'Lab: momentum kept, energy lost (resolve)',
  domain: 'lab',
  series: [
    { key: 'momentum', label: 'momentum', unit: 'kg·m/s', color: '#1f77b4' },
    { key: 'energy', label: 'kinetic energy', unit: 'J', color: '#d62728' },
  ],
  description:
    'The impulse lab (textbook §26.2): impulses conserve momentum. Masses 2 and 1 bounce between two walls through resolve(v1, inv_m1, v2, inv_m2, n, e); walls are inv_m = 0. Momentum between wall hits is constant; kinetic energy only survives e = 1.',
  dt: FRAME,
  view: (w, h) => ({ width: w, height: h, cx: 0, cy: 0.5, scale: Math.min(w / 11, h / 3) }),
  params: [{ key: 'e', label: 'restitution e', kind: 'number', default: 0.5, min: 0, max: 1, step: 0.05 }],
  create(params = {}, options = {}): DemoInstance {
    const e = Number(params.e ?? 0.5);
    const dt = options.dt ?? FRAME;
    const h = dt / SUB;
    const inv = [0.5, 1.0];
    const r = [0.4, 0.3];
    const x = [-2, 2];
    const v = [3, -1];
    const n12: [number, number] = [1, 0];
    const advance = (): void => {
      x[0]! += v[0]! * h;
      x[1]! += v[1]! * h;
      if (x[1]! - x[0]! < r[0]! + r[1]!) {
        const [a, b] = resolve([v[0]!, 0], inv[0]!, [v[1]!, 0], inv[1]!, n12, e);
        v[0] = a[0];
        v[1] = b[0];
      }
      // walls at ±5 are static bodies: the same resolve with inverse mass 0
      for (let i = 0; i < 2; i++) {
        if (x[i]! - r[i]! < -5) {
          const [, b] = resolve([0, 0], 0, [v[i]!, 0], inv[i]!, [1, 0], 1);
          v[i] = b[0];
        }
        if (x[i]! + r[i]! > 5) {
          const [a] = resolve([v[i]!, 0], inv[i]!, [0, 0], 0, [1, 0], 1);
          v[i] = a[0];
        }
      }
    };
    return labInstance(dt, SUB, {
      advance,
      draw(ctx, view) {
        segment(ctx, view, -5, -0.5, -5, 1.5, '#888');
        segment(ctx, view, 5, -0.5, 5, 1.5, '#888');
        segment(ctx, view, -5, -0.5, 5, -0.5, '#444');
        disc(ctx, view, x[0]!, 0.4, r[0]!, 'rgb(255,100,100)');
        disc(ctx, view, x[1]!, 0.3, r[1]!, 'rgb(100,150,255)');
      },
      series: () => ({
        momentum: v[0]! / inv[0]! + v[1]! / inv[1]!,
        energy: (0.5 * v[0]! * v[0]!) / inv[0]! + (0.5 * v[1]! * v[1]!) / inv[1]!,
      }),
      stats: () => ({ v1: v[0]!, v2: v[1]! }),
    });
  },
};

/**
 * The impulse lab's friction is an impulse too: a ball thrown at the floor bounces through bounce_with_friction;
 * low mu slides (the clamp is reached), high mu grips (the tangential velocity stops).
 */
const tangentDemo: Demo = {
  id: 'lab-friction-impulse',
  title: 'Lab: friction as an impulse',
  domain: 'lab',
  series: [
    { key: 'vx', label: 'vx', unit: 'm/s', color: '#1f77b4' },
    { key: 'vy', label: 'vy', unit: 'm/s', color: '#ff7f0e' },
    { key: 'hits', label: 'floor hits', unit: 'hits', color: '#7f7f7f' },
  ],
  description:
    'The impulse lab (textbook §26.2): friction is an impulse too. Each floor hit applies jn = −(1+e)·v·n/inv_m and jt = −v·t/inv_m clamped to ±mu·jn. The first hit (v = (3, −3), e = 0.5, mu = 0.4) gives (1.2, 1.5).',
  dt: FRAME,
  view: (w, h) => ({ width: w, height: h, cx: 3, cy: 1, scale: Math.min(w / 8, h / 3) }),
  params: [
    { key: 'e', label: 'restitution e', kind: 'number', default: 0.5, min: 0, max: 1, step: 0.05 },
    { key: 'mu', label: 'mu', kind: 'number', default: 0.4, min: 0, max: 1.5, step: 0.05 },
  ],
  create(params = {}, options = {}): DemoInstance {
    const e = Number(params.e ?? 0.5);
    const mu = Number(params.mu ?? 0.4);
    const dt = options.dt ?? FRAME;
    const h = dt / SUB;
    const r = 0.1;
    // start high enough that the ball meets the floor with the lab's velocity (3, −3)
    const y0 = r + 9 / (2 * 9.8);
    let x = -(3 * 3) / 9.8; // lands near x = 0
    let y = y0;
    let vx = 3;
    let vy = 0;
    let hits = 0;
    const floor: [number, number] = [0, 1];
    return labInstance(dt, SUB, {
      advance() {
        vy += -9.8 * h;
        x += vx * h;
        y += vy * h;
        if (y < r) {
          y = r;
          const [vo] = bounce_with_friction([vx, vy], 1, floor, e, mu);
          vx = vo[0];
          vy = vo[1];
          hits++;
        }
      },
      draw(ctx, view) {
        segment(ctx, view, -4, 0, 10, 0, '#888');
        disc(ctx, view, x, y, r, 'rgb(255,220,80)');
      },
      series: () => ({ vx, vy, hits }),
      stats: () => ({ x, y, vx, vy }),
    });
  },
};

// ---------------------------------------------------------------------------------------------
// the stacking lab on the rigid2d engine

const BOX_CSS = [
  'rgb(255,100,100)',
  'rgb(100,255,100)',
  'rgb(100,150,255)',
  'rgb(255,220,80)',
  'rgb(220,120,255)',
];

/** Draws a lab world's floor (top at y = 0) and 1 m boxes, shifted right by `dx` metres. */
function drawStack(
  ctx: CanvasRenderingContext2D,
  view: View,
  world: World,
  boxes: readonly BodyId[],
  dx: number,
  floorHalf: number,
): void {
  ctx.fillStyle = '#6e6e6e';
  const s = view.scale;
  ctx.fillRect(toPxX(view, dx - floorHalf), toPxY(view, 0), 2 * floorHalf * s, 0.5 * s);
  const h = STACKING.half;
  for (let i = 0; i < boxes.length; i++) {
    const [cx, cy] = world.getPosition(boxes[i]!);
    const a = world.getAngle(boxes[i]!);
    const c = Math.cos(a);
    const sn = Math.sin(a);
    ctx.beginPath();
    for (let k = 0; k < 4; k++) {
      const lx = k === 0 || k === 3 ? -h : h;
      const ly = k < 2 ? -h : h;
      const x = dx + cx + c * lx - sn * ly;
      const y = cy + sn * lx + c * ly;
      if (k === 0) ctx.moveTo(toPxX(view, x), toPxY(view, y));
      else ctx.lineTo(toPxX(view, x), toPxY(view, y));
    }
    ctx.closePath();
    ctx.fillStyle = BOX_CSS[i % BOX_CSS.length]!;
    ctx.fill();
  }
}

/**
 * Three lab worlds side by side, 3.2 m apart: each with its floor and boxes, its title at height
 * `titleY` and its largest penetration (mm) under the floor.
 */
function drawThree(
  ctx: CanvasRenderingContext2D,
  view: View,
  worlds: readonly World[],
  bodies: readonly (readonly BodyId[])[],
  titles: readonly string[],
  titleY: number,
): void {
  for (let i = 0; i < worlds.length; i++) {
    const x = 3.2 * (i - 1);
    drawStack(ctx, view, worlds[i]!, bodies[i]!, x, 1.4);
    labelAt(ctx, view, titles[i]!, x, titleY, '#ccc');
    labelAt(ctx, view, `${(worlds[i]!.maxPenetration() * 1000).toFixed(2)} mm`, x, -0.35, '#ccc');
  }
}

const correctionParams: Demo['params'] = [
  { key: 'slop', label: 'slop (m)', kind: 'number', default: STACKING.slop, min: 0, max: 0.02, step: 0.001 },
  {
    key: 'percent',
    label: 'percent',
    kind: 'number',
    default: STACKING.percent,
    min: 0.05,
    max: 1,
    step: 0.05,
  },
];

/** The stacking lab: the same dropped box without correction, with split impulse and with Baumgarte. */
const sinkingDemo: Demo = {
  id: 'lab-sinking',
  title: 'Lab: sinking without vs with position correction',
  domain: 'lab',
  series: [
    { key: 'none', label: 'no correction', unit: 'm', color: '#d62728' },
    { key: 'split_impulse', label: 'split impulse', unit: 'm', color: '#1f77b4' },
    { key: 'baumgarte', label: 'Baumgarte', unit: 'm', color: '#2ca02c' },
    { key: 'slop', label: 'slop', unit: 'm', color: '#7f7f7f' },
  ],
  description:
    'Position correction: a box lands already overlapping the floor. Without correction it stays sunk; split impulse (Catto 2006; max(d − slop, 0)/(Σ inv m)·percent, positions only) and Baumgarte (1972) bring it back to the slop.',
  dt: STACKING.dt,
  view: (w, h) => ({ width: w, height: h, cx: 0, cy: 1, scale: Math.min(w / 10, h / 3.5) }),
  params: correctionParams,
  create(params = {}, options = {}): DemoInstance {
    const solver = {
      slop: Number(params.slop ?? STACKING.slop),
      percent: Number(params.percent ?? STACKING.percent),
    };
    const dt = options.dt ?? STACKING.dt;
    const variants: StackVariant[] = [VARIANTS.none, VARIANTS.split, VARIANTS.baumgarte];
    const worlds = variants.map((v) => stackingWorld(v, solver));
    const boxes = worlds.map((w) => [addBox(w, 0, STACKING.half + SINKING_DROP)]);
    const titles = variants.map((v) => v.mode);
    return labInstance(dt, 1, {
      advance() {
        for (const w of worlds) w.step(dt);
      },
      draw(ctx, view) {
        drawThree(ctx, view, worlds, boxes, titles, 2.8);
      },
      series: () => ({
        none: worlds[0]!.maxPenetration(),
        split_impulse: worlds[1]!.maxPenetration(),
        baumgarte: worlds[2]!.maxPenetration(),
        slop: solver.slop,
      }),
    });
  },
};

/** The stacking lab: three-box stacks solved with 1, 4 and 10 iterations, side by side. */
const stackIterationsDemo: Demo = {
  id: 'lab-stack-iterations',
  title: 'Lab: stack of three, 1 / 4 / 10 iterations',
  domain: 'lab',
  series: [
    { key: 'it1', label: '1 iteration', unit: 'm', color: '#d62728' },
    { key: 'it4', label: '4 iterations', unit: 'm', color: '#ff7f0e' },
    { key: 'it10', label: '10 iterations', unit: 'm', color: '#2ca02c' },
  ],
  description:
    'Sequential impulses (Catto 2005): contacts floor–1, 1–2, 2–3 are coupled; the solver converges as the iterations grow. With warm starting off, 1 iteration leaves the stack squashed, 10 hold it near the slop.',
  dt: STACKING.dt,
  view: (w, h) => ({ width: w, height: h, cx: 0, cy: 1.5, scale: Math.min(w / 10, h / 4.2) }),
  params: [
    {
      key: 'mode',
      label: 'correction',
      kind: 'choice',
      default: 'split-impulse',
      options: ['split-impulse', 'baumgarte'],
    },
    { key: 'warmStarting', label: 'warm starting', kind: 'boolean', default: false },
  ],
  create(params = {}, options = {}): DemoInstance {
    const variant = params.mode === 'baumgarte' ? VARIANTS.baumgarte : VARIANTS.split;
    const warmStarting = params.warmStarting === true;
    const dt = options.dt ?? STACKING.dt;
    const counts = [1, 4, 10];
    const worlds = counts.map((iterations) => stackingWorld(variant, { iterations, warmStarting }));
    const stacks = worlds.map((w) => [0, 1, 2].map((k) => addBox(w, 0, STACKING.half + k)));
    const titles = counts.map((n) => `${n} iteration${n === 1 ? '' : 's'}`);
    return labInstance(dt, 1, {
      advance() {
        for (const w of worlds) w.step(dt);
      },
      draw(ctx, view) {
        drawThree(ctx, view, worlds, stacks, titles, 3.6);
      },
      series: () => ({
        it1: worlds[0]!.maxPenetration(),
        it4: worlds[1]!.maxPenetration(),
        it10: worlds[2]!.maxPenetration(),
      }),
    });
  },
};

/**
 * The stacking lab: five boxes fall into a stack; the two stability measures live — the largest contact
 * penetration, and the pixels changed since the last frame (rendered with the exact-pixel Raster).
 */
const fiveBoxStackDemo: Demo = {
  id: 'lab-five-box-stack',
  title: 'Lab: five boxes into a stable stack',
  domain: 'lab',
  series: [
    { key: 'penetration', label: 'largest penetration', unit: 'm', color: '#1f77b4' },
    { key: 'imageDiff', label: 'frame-to-frame image difference', color: '#d62728' },
  ],
  description:
    'The stacking lab: five boxes fall and settle. Stability is measured, not judged by eye: the largest penetration stays near the slop and the frame-to-frame image difference goes to 0.',
  dt: STACKING.dt,
  view: (w, h) => ({ width: w, height: h, cx: 0, cy: 3.5, scale: Math.min(w / 8, h / 8) }),
  params: [
    {
      key: 'mode',
      label: 'correction',
      kind: 'choice',
      default: 'split-impulse',
      options: ['split-impulse', 'baumgarte', 'soft-step'],
    },
  ],
  create(params = {}, options = {}): DemoInstance {
    const variant =
      params.mode === 'baumgarte'
        ? VARIANTS.baumgarte
        : params.mode === 'soft-step'
          ? VARIANTS.soft
          : VARIANTS.split;
    const dt = options.dt ?? STACKING.dt;
    const world = stackingWorld(variant);
    const boxes = FIVE_BOXES.map(([x, y]) => addBox(world, x, y));
    let prev = new Raster(128, 128);
    let cur = new Raster(128, 128);
    renderBoxes(world, boxes, prev);
    let diff = 0;
    return labInstance(dt, 1, {
      advance() {
        world.step(dt);
        renderBoxes(world, boxes, cur);
        diff = pixelDifference(prev, cur);
        [prev, cur] = [cur, prev];
      },
      draw(ctx, view) {
        drawStack(ctx, view, world, boxes, 0, 4);
        blitRaster(ctx, prev, 8, 8); // the exact-pixel frame the image difference is measured on
      },
      series: () => ({ penetration: world.maxPenetration(), imageDiff: diff }),
      stats: () => ({
        penetration: world.maxPenetration(),
        imageDiff: diff,
        top: world.getPosition(boxes[4]!)[1],
      }),
    });
  },
};

/** Demos of the labs domain, in the order the playground lists them. */
export const labsDemos: Demo[] = [
  bounceDemo,
  frictionDemo,
  collideDemo,
  tangentDemo,
  fiveBallsDemo,
  impulseImagesDemo,
  sinkingDemo,
  stackIterationsDemo,
  fiveBoxStackDemo,
];
