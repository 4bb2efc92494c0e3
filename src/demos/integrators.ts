/**
 * Demos of the textbook §26.1 integrators: the stiff spring compared across integrators (the chapter's two
 * plots, h = 0.1 and h = 0.25 over 2 s) and the stability regions |R(z)| ≤ 1 in the complex plane.
 * Both draw in canvas pixels (the view is the identity: 1 px per unit, origin top-left).
 */
import {
  amplification,
  INTEGRATOR_NAMES,
  INTEGRATORS,
  type IntegratorId,
  springEnergy,
  springStep,
} from '../integrators/index.js';
import { pcos } from '../math/portable.js';
import type { Demo, DemoInstance, DemoParamValues, SeriesStyle, View } from './types.js';

/** One colour per integrator, used by both demos and their legends. */
const COLORS: Record<IntegratorId, string> = {
  'explicit-euler': '#d62728',
  'semi-implicit-euler': '#ff7f0e',
  'implicit-euler': '#1f77b4',
  'implicit-midpoint': '#2ca02c',
  'position-verlet': '#9467bd',
  'velocity-verlet': '#8c564b',
  rk4: '#e377c2',
};
const RGB: Record<IntegratorId, [number, number, number]> = {
  'explicit-euler': [214, 39, 40],
  'semi-implicit-euler': [255, 127, 14],
  'implicit-euler': [31, 119, 180],
  'implicit-midpoint': [44, 160, 44],
  'position-verlet': [148, 103, 189],
  'velocity-verlet': [140, 86, 75],
  rk4: [227, 119, 194],
};

/** The exact solution's curve: grey and dashed on the canvas, in the live plot and in `series.png`. */
const EXACT_COLOR = '#999999';
const EXACT_DASH = [5, 4];

/** The spring demo's series: x of each integrator (and the exact cos 10t), in the canvas colours. */
const SPRING_SERIES: readonly SeriesStyle[] = [
  { key: 'exact', label: 'exact cos 10t', unit: 'm', color: EXACT_COLOR, dash: EXACT_DASH },
  ...INTEGRATORS.map((id) => ({ key: id, label: INTEGRATOR_NAMES[id], unit: 'm', color: COLORS[id] })),
];

/** The stability demo's series: the probe hω and each integrator's |R(i·hω)|, in the canvas colours. */
const STABILITY_SERIES: readonly SeriesStyle[] = [
  { key: 'hOmega', label: 'hω', unit: 'rad', color: '#17becf' },
  ...INTEGRATORS.map((id) => ({ key: id, label: `|R| ${INTEGRATOR_NAMES[id]}`, color: COLORS[id] })),
];

/** The demos draw in pixels: identity camera. */
function pixelView(width: number, height: number): View {
  return { width, height, cx: width / 2, cy: height / 2, scale: 1 };
}

function resetTransform(ctx: CanvasRenderingContext2D): void {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
}

// ---------------------------------------------------------------------------------------------
// spring: k = 100 N/m, m = 1 kg, x0 = 1, v0 = 0, every integrator side by side
// ---------------------------------------------------------------------------------------------

const K = 100;
const M = 1;
const W2 = K / M;
const WINDOW = 2; // seconds shown, as in the chapter's plots; the run restarts after it
const X_RANGE = 1.5; // the plot's x range ±1.5: curves that leave it are clipped, as in the book
const H_CHOICES: Record<string, number> = { '0.1': 0.1, '0.25': 0.25, '0.05': 0.05, '1/60': 1 / 60 };
const DEFAULT_SHOWN: readonly IntegratorId[] = ['explicit-euler', 'semi-implicit-euler', 'implicit-euler'];

const showKey = (id: IntegratorId): string => `show-${id}`;

class SpringCompare implements DemoInstance {
  readonly dt: number;
  time = 0;
  private readonly h: number;
  private shown: boolean[];
  private showExact: boolean;
  /** number of integration steps done in the current 2 s run */
  private steps = 0;
  private runStart = 0;
  /** per integrator: x and v at every step of the current run (index step) */
  private readonly xs: Float64Array[];
  private readonly vs: Float64Array[];
  private readonly scratch = new Float64Array(2);

  constructor(params: DemoParamValues, dt: number) {
    this.dt = dt;
    this.h = H_CHOICES[String(params.h)] ?? 0.1;
    this.shown = INTEGRATORS.map((id) => params[showKey(id)] === true);
    this.showExact = params.exact !== false;
    const cap = Math.ceil(WINDOW / this.h) + 2;
    this.xs = INTEGRATORS.map(() => new Float64Array(cap));
    this.vs = INTEGRATORS.map(() => new Float64Array(cap));
    this.restart();
  }

  /** Which curves are drawn and plotted: display-only, the runs are computed for every integrator. */
  setDisplay(params: DemoParamValues): void {
    this.shown = INTEGRATORS.map((id) => params[showKey(id)] === true);
    this.showExact = params.exact !== false;
  }

  /** Starts a new 2 s run: all its steps are computed at once (a few dozen), then revealed in time. */
  private restart(): void {
    this.steps = 0;
    this.runStart = this.time;
    const last = this.xs[0]!.length - 1;
    for (let m = 0; m < INTEGRATORS.length; m++) {
      const xs = this.xs[m]!;
      const vs = this.vs[m]!;
      xs[0] = 1;
      vs[0] = 0;
      for (let n = 0; n < last; n++) {
        springStep(INTEGRATORS[m]!, xs[n]!, vs[n]!, this.h, W2, 0, this.scratch);
        xs[n + 1] = this.scratch[0]!;
        vs[n + 1] = this.scratch[1]!;
      }
    }
  }

  /** time since the current run began */
  private get local(): number {
    return this.time - this.runStart;
  }

  step(): void {
    this.time += this.dt;
    if (this.local > WINDOW + 1e-9) this.restart();
    // the integration steps of size h whose end time has been reached
    this.steps = Math.min(Math.floor(this.local / this.h + 1e-9), this.xs[0]!.length - 2);
  }

  /** x of each shown integrator, linear between its steps (as the chapter's plots join them), and the exact cos 10t. */
  series(): Record<string, number> {
    const out: Record<string, number> = { exact: pcos(10 * this.local) };
    for (let m = 0; m < INTEGRATORS.length; m++) if (this.shown[m]) out[INTEGRATORS[m]!] = this.xAt(m);
    return out;
  }

  /** x of integrator m at the current time, linear between its steps */
  private xAt(m: number): number {
    const n = this.steps;
    const f = Math.min(1, Math.max(0, this.local / this.h - n));
    const xs = this.xs[m]!;
    return xs[n]! + f * (xs[n + 1]! - xs[n]!);
  }

  stats(): Record<string, number> {
    const out: Record<string, number> = { h: this.h, step: this.steps };
    for (let m = 0; m < INTEGRATORS.length; m++) {
      out[`E-${INTEGRATORS[m]!}`] = springEnergy(this.xs[m]![this.steps]!, this.vs[m]![this.steps]!, K, M);
    }
    return out;
  }

  draw(ctx: CanvasRenderingContext2D, view: View): void {
    resetTransform(ctx);
    const W = view.width;
    const H = view.height;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, W, H);
    const font = Math.max(9, Math.round(Math.min(W, H) / 45));
    const pad = font * 1.2;
    // layout: live springs on the left (22%), plot on the right
    const leftW = Math.round(W * 0.22);
    const plot = { x0: leftW + pad * 2.5, y0: pad * 2.2, x1: W - pad, y1: H - pad * 2.4 };
    this.drawPlot(ctx, plot, font);
    this.drawSprings(ctx, 0, 0, leftW, H, font);
    // title
    ctx.fillStyle = '#222222';
    ctx.font = `${font + 2}px sans-serif`;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    ctx.fillText(
      `stiff spring k = 100 N/m, m = 1 kg — h = ${this.h === 1 / 60 ? '1/60' : this.h} s (hω = ${(this.h * 10).toFixed(2)})`,
      plot.x0,
      4,
    );
  }

  private visibleIds(): number[] {
    const ids: number[] = [];
    for (let m = 0; m < INTEGRATORS.length; m++) if (this.shown[m]) ids.push(m);
    return ids;
  }

  private drawPlot(
    ctx: CanvasRenderingContext2D,
    r: { x0: number; y0: number; x1: number; y1: number },
    font: number,
  ): void {
    const px = (t: number) => r.x0 + (t / WINDOW) * (r.x1 - r.x0);
    const py = (x: number) => r.y0 + ((X_RANGE - x) / (2 * X_RANGE)) * (r.y1 - r.y0);
    // frame, grid, ticks
    ctx.strokeStyle = '#dddddd';
    ctx.lineWidth = 1;
    ctx.font = `${font}px sans-serif`;
    ctx.fillStyle = '#555555';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    for (let t = 0; t <= WINDOW + 1e-9; t += 0.25) {
      ctx.beginPath();
      ctx.moveTo(px(t), r.y0);
      ctx.lineTo(px(t), r.y1);
      ctx.stroke();
      if (Math.abs(t - Math.round(t * 2) / 2) < 1e-9) ctx.fillText(t.toFixed(1), px(t), r.y1 + 3);
    }
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    for (let x = -1.5; x <= 1.5 + 1e-9; x += 0.5) {
      ctx.beginPath();
      ctx.moveTo(r.x0, py(x));
      ctx.lineTo(r.x1, py(x));
      ctx.stroke();
      ctx.fillText(x.toFixed(1), r.x0 - 4, py(x));
    }
    ctx.strokeStyle = '#888888';
    ctx.beginPath();
    ctx.moveTo(r.x0, py(0));
    ctx.lineTo(r.x1, py(0));
    ctx.stroke();
    ctx.strokeRect(r.x0, r.y0, r.x1 - r.x0, r.y1 - r.y0);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    ctx.fillText('t [s]', (r.x0 + r.x1) / 2, r.y1 + font + 6);
    ctx.save();
    ctx.beginPath();
    ctx.rect(r.x0, r.y0, r.x1 - r.x0, r.y1 - r.y0);
    ctx.clip();
    const tNow = Math.min(this.local, WINDOW);
    if (this.showExact) {
      ctx.strokeStyle = EXACT_COLOR;
      ctx.setLineDash(EXACT_DASH);
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      const n = 200;
      for (let i = 0; i <= n; i++) {
        const t = (tNow * i) / n;
        const y = py(pcos(10 * t));
        if (i === 0) ctx.moveTo(px(t), y);
        else ctx.lineTo(px(t), y);
      }
      ctx.stroke();
      ctx.setLineDash([]);
    }
    // each integrator: its step values joined by lines, dots at the steps
    for (const m of this.visibleIds()) {
      const id = INTEGRATORS[m]!;
      const xs = this.xs[m]!;
      ctx.strokeStyle = COLORS[id];
      ctx.fillStyle = COLORS[id];
      ctx.lineWidth = 2;
      ctx.beginPath();
      for (let n = 0; n <= this.steps; n++) {
        // clamp far-out values so the line still shows it left the plot
        const y = py(Math.max(-50, Math.min(50, xs[n]!)));
        if (n === 0) ctx.moveTo(px(n * this.h), y);
        else ctx.lineTo(px(n * this.h), y);
      }
      ctx.stroke();
      const dot = Math.max(2, font / 4);
      for (let n = 0; n <= this.steps; n++) {
        if (Math.abs(xs[n]!) > X_RANGE * 1.2) continue;
        ctx.beginPath();
        ctx.arc(px(n * this.h), py(xs[n]!), dot, 0, 2 * Math.PI);
        ctx.fill();
      }
    }
    ctx.restore();
    // legend (top right, inside the plot)
    const ids = this.visibleIds();
    const rows = ids.length + (this.showExact ? 1 : 0);
    const lw = font * 11;
    const lx = r.x1 - lw - 6;
    let ly = r.y0 + 6;
    ctx.fillStyle = 'rgba(255,255,255,0.85)';
    ctx.fillRect(lx, ly, lw, rows * (font + 6) + 6);
    ctx.strokeStyle = '#bbbbbb';
    ctx.strokeRect(lx, ly, lw, rows * (font + 6) + 6);
    ly += 6;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    const entry = (label: string, color: string, dashed: boolean) => {
      ctx.strokeStyle = color;
      ctx.lineWidth = 2;
      ctx.setLineDash(dashed ? [5, 4] : []);
      ctx.beginPath();
      ctx.moveTo(lx + 6, ly + font / 2);
      ctx.lineTo(lx + 6 + font * 1.8, ly + font / 2);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.fillStyle = '#222222';
      ctx.fillText(label, lx + 10 + font * 2, ly + font / 2);
      ly += font + 6;
    };
    for (const m of ids) entry(INTEGRATOR_NAMES[INTEGRATORS[m]!], COLORS[INTEGRATORS[m]!], false);
    if (this.showExact) entry('exact cos 10t', EXACT_COLOR, true);
  }

  private drawSprings(
    ctx: CanvasRenderingContext2D,
    x0: number,
    y0: number,
    w: number,
    h: number,
    font: number,
  ): void {
    const ids = this.visibleIds();
    ctx.fillStyle = '#f6f6f6';
    ctx.fillRect(x0, y0, w, h);
    if (ids.length === 0) return;
    // one vertical spring per visible integrator, hanging from a ceiling; x is the displacement
    const colW = w / ids.length;
    const ceil = y0 + font * 2.5;
    const rest = (h - font * 6) * 0.5; // rest length in px
    const amp = rest * 0.45; // px per metre of displacement (x = ±1 → ±45% of rest length)
    ctx.fillStyle = '#444444';
    ctx.fillRect(x0 + 4, ceil - 4, w - 8, 4);
    ids.forEach((m, k) => {
      const id = INTEGRATORS[m]!;
      const cx = x0 + colW * (k + 0.5);
      const x = this.xAt(m);
      const exploded = !(Math.abs(x) <= 2);
      const disp = Math.max(-2, Math.min(2, Number.isFinite(x) ? x : 0));
      const bottom = ceil + rest - disp * amp; // x up, like the plot
      // zig-zag spring
      ctx.strokeStyle = '#555555';
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.moveTo(cx, ceil);
      const coils = 12;
      const len = bottom - ceil - 10;
      for (let i = 1; i <= coils; i++) {
        const y = ceil + 5 + (len * i) / coils;
        ctx.lineTo(cx + (i % 2 === 0 ? -1 : 1) * Math.min(8, colW * 0.25), y);
      }
      ctx.lineTo(cx, bottom);
      ctx.stroke();
      // the mass
      const s = Math.min(colW * 0.6, font * 2.4);
      ctx.fillStyle = COLORS[id];
      ctx.fillRect(cx - s / 2, bottom, s, s);
      if (exploded) {
        ctx.fillStyle = '#d62728';
        ctx.font = `bold ${font}px sans-serif`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'top';
        ctx.fillText('!', cx, bottom + s + 2);
      }
      // rest position mark
      ctx.strokeStyle = '#bbbbbb';
      ctx.setLineDash([2, 3]);
      ctx.beginPath();
      ctx.moveTo(cx - s, ceil + rest + s / 2);
      ctx.lineTo(cx + s, ceil + rest + s / 2);
      ctx.stroke();
      ctx.setLineDash([]);
    });
  }
}

const springDemo: Demo = {
  id: 'spring',
  title: 'Stiff spring across integrators',
  domain: 'integrators',
  description:
    "A k = 100 N/m spring on 1 kg (ω = 10) integrated by every method of textbook §26.1 (explicit, semi-implicit and implicit Euler, implicit midpoint, position and velocity Verlet, RK4); the chapter's plots over 2 s: at h = 0.1 explicit Euler leaves the plot, semi-implicit Euler oscillates a little fast, implicit Euler decays to 0; at h = 0.25 only implicit Euler stays bounded.",
  dt: 1 / 60,
  view: pixelView,
  series: SPRING_SERIES,
  params: [
    { key: 'h', label: 'time step h [s]', kind: 'choice', default: '0.1', options: Object.keys(H_CHOICES) },
    { key: 'exact', label: 'exact solution', kind: 'boolean', default: true, display: true },
    ...INTEGRATORS.map((id) => ({
      key: showKey(id),
      label: INTEGRATOR_NAMES[id],
      kind: 'boolean' as const,
      default: DEFAULT_SHOWN.includes(id),
      display: true,
    })),
  ],
  create(params = {}, options = {}) {
    const values: DemoParamValues = { h: '0.1', exact: true };
    for (const id of INTEGRATORS) values[showKey(id)] = DEFAULT_SHOWN.includes(id);
    return new SpringCompare({ ...values, ...params }, options.dt ?? 1 / 60);
  },
};

// ---------------------------------------------------------------------------------------------
// stability-regions: |R(z)| ≤ 1 for each method, with the chapter's points z = hλ
// ---------------------------------------------------------------------------------------------

/** The plotted part of the complex plane. */
const RE_MIN = -4.2;
const RE_MAX = 2.2;
const IM_MAX = 3.4;

/** The chapter's example points z = hλ. */
const POINTS: { re: number; im: number; label: string }[] = [
  { re: 0, im: 1, label: 'spring h=0.1: ±i' },
  { re: 0, im: -1, label: '' },
  { re: 0, im: 2.5, label: 'spring h=0.25: ±2.5i' },
  { re: 0, im: -2.5, label: '' },
  { re: -200 / 60, im: 0, label: 'damper 60 Hz: −3.33' },
];

interface Panel {
  x: number;
  y: number;
  w: number;
  h: number;
  id: IntegratorId;
}

class StabilityRegions implements DemoInstance {
  readonly dt: number;
  time = 0;
  private readonly method: string;
  private cacheKey = '';
  private cache: { data: Uint8ClampedArray; w: number; h: number } | null = null;

  constructor(params: DemoParamValues, dt: number) {
    this.dt = dt;
    this.method = String(params.method ?? 'all');
  }

  /** the animated probe: z = i·hω, hω sweeping 0 … 3.5 every 7 s */
  private probe(): number {
    const t = this.time % 7;
    return t * 0.5;
  }

  step(): void {
    this.time += this.dt;
  }

  series(): Record<string, number> {
    const out: Record<string, number> = { hOmega: this.probe() };
    for (const id of INTEGRATORS) out[id] = amplification(id, 0, this.probe());
    return out;
  }

  private panels(W: number, H: number, top: number): Panel[] {
    const ids = this.method === 'all' ? INTEGRATORS : INTEGRATORS.filter((id) => id === this.method);
    if (ids.length === 1) return [{ x: 8, y: top, w: W - 16, h: H - top - 8, id: ids[0]! }];
    const cols = W >= H ? 4 : 2;
    const rows = Math.ceil((ids.length + 1) / cols);
    const pw = (W - 8) / cols;
    const ph = (H - top - 4) / rows;
    return ids.map((id, i) => ({
      x: 4 + (i % cols) * pw,
      y: top + Math.floor(i / cols) * ph,
      w: pw - 4,
      h: ph - 4,
      id,
    }));
  }

  /** Shades each panel's stable set |R(z)| ≤ 1 into one RGBA image (cached per size). */
  private regionImage(
    W: number,
    H: number,
    panels: Panel[],
  ): { data: Uint8ClampedArray; w: number; h: number } {
    const key = `${W}x${H}:${this.method}`;
    if (this.cache && this.cacheKey === key) return this.cache;
    const data = new Uint8ClampedArray(W * H * 4).fill(255);
    for (const p of panels) {
      const map = planeMap(p);
      const [r, g, b] = RGB[p.id];
      for (let py = Math.max(0, Math.floor(p.y)); py < Math.min(H, Math.ceil(p.y + p.h)); py++) {
        const im = map.im(py + 0.5);
        for (let px = Math.max(0, Math.floor(p.x)); px < Math.min(W, Math.ceil(p.x + p.w)); px++) {
          const re = map.re(px + 0.5);
          if (re < RE_MIN || re > RE_MAX || Math.abs(im) > IM_MAX) continue;
          const a = amplification(p.id, re, im);
          const o = 4 * (py * W + px);
          if (a <= 1) {
            // stable: tinted, darker where the decay is strong
            const mix = 0.25 + 0.2 * (1 - a);
            data[o] = 255 - (255 - r) * mix;
            data[o + 1] = 255 - (255 - g) * mix;
            data[o + 2] = 255 - (255 - b) * mix;
          } else {
            data[o] = 250;
            data[o + 1] = 250;
            data[o + 2] = 250;
          }
        }
      }
    }
    this.cache = { data, w: W, h: H };
    this.cacheKey = key;
    return this.cache;
  }

  draw(ctx: CanvasRenderingContext2D, view: View): void {
    resetTransform(ctx);
    const W = Math.round(view.width);
    const H = Math.round(view.height);
    const font = Math.max(9, Math.round(Math.min(W, H) / 50));
    const top = font * 2.2;
    const panels = this.panels(W, H, top);
    const img = this.regionImage(W, H, panels);
    const id = ctx.createImageData(W, H);
    id.data.set(img.data);
    ctx.putImageData(id, 0, 0);
    ctx.fillStyle = '#222222';
    ctx.font = `${font + 2}px sans-serif`;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    ctx.fillText('stability regions |R(z)| ≤ 1 (shaded), z = hλ', 8, 4);
    const hw = this.probe();
    for (const p of panels) this.drawPanel(ctx, p, font, hw);
    this.drawKey(ctx, W, H, panels, font);
  }

  private drawPanel(ctx: CanvasRenderingContext2D, p: Panel, font: number, hw: number): void {
    const map = planeMap(p);
    const X = (re: number) => map.x(re);
    const Y = (im: number) => map.y(im);
    ctx.strokeStyle = '#aaaaaa';
    ctx.lineWidth = 1;
    ctx.strokeRect(X(RE_MIN), Y(IM_MAX), X(RE_MAX) - X(RE_MIN), Y(-IM_MAX) - Y(IM_MAX));
    // axes and unit ticks
    ctx.strokeStyle = '#666666';
    ctx.beginPath();
    ctx.moveTo(X(RE_MIN), Y(0));
    ctx.lineTo(X(RE_MAX), Y(0));
    ctx.moveTo(X(0), Y(-IM_MAX));
    ctx.lineTo(X(0), Y(IM_MAX));
    for (let k = Math.ceil(RE_MIN); k <= RE_MAX; k++) {
      ctx.moveTo(X(k), Y(0) - 3);
      ctx.lineTo(X(k), Y(0) + 3);
    }
    for (let k = -3; k <= 3; k++) {
      ctx.moveTo(X(0) - 3, Y(k));
      ctx.lineTo(X(0) + 3, Y(k));
    }
    ctx.stroke();
    ctx.fillStyle = '#666666';
    ctx.font = `${Math.max(8, font - 2)}px sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    for (const k of [-4, -2, 2]) ctx.fillText(String(k), X(k), Y(0) + 4);
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.fillText('2i', X(0) + 5, Y(2));
    ctx.fillText('−2i', X(0) + 5, Y(-2));
    // the chapter's points
    for (const q of POINTS) {
      const stable = amplification(p.id, q.re, q.im) <= 1;
      ctx.fillStyle = stable ? '#1a7f1a' : '#c00000';
      ctx.beginPath();
      ctx.arc(X(q.re), Y(q.im), Math.max(3, font / 3), 0, 2 * Math.PI);
      ctx.fill();
    }
    // the animated probe z = i hω
    const a = amplification(p.id, 0, hw);
    ctx.strokeStyle = a <= 1 ? '#1a7f1a' : '#c00000';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(X(0), Y(hw), Math.max(5, font / 2), 0, 2 * Math.PI);
    ctx.stroke();
    // title
    ctx.fillStyle = COLORS[p.id];
    ctx.font = `bold ${font}px sans-serif`;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    ctx.fillText(INTEGRATOR_NAMES[p.id], p.x + 4, p.y + 2);
    ctx.fillStyle = '#333333';
    ctx.font = `${Math.max(8, font - 1)}px sans-serif`;
    ctx.fillText(`hω = ${hw.toFixed(2)}: |R| = ${a.toFixed(3)}`, p.x + 4, p.y + font + 5);
  }

  private drawKey(ctx: CanvasRenderingContext2D, W: number, H: number, panels: Panel[], font: number): void {
    // the free cell after the last panel
    const last = panels[panels.length - 1]!;
    // beside the last panel, or inside the top-right corner when one panel fills the canvas
    const single = panels.length === 1;
    const x = single ? W - font * 19 : last.x + last.w + 12;
    const y = single ? last.y + font * 3 : last.y + 6;
    if (x > W - 40 || y > H - 40) return;
    ctx.font = `${Math.max(8, font - 1)}px sans-serif`;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    const lines: [string, string][] = [
      ['#1a7f1a', 'point inside: stable'],
      ['#c00000', 'point outside: unstable'],
      ['', 'points: z = ±i (h = 0.1)'],
      ['', '±2.5i (h = 0.25), −3.33 (damper)'],
      ['', 'ring: z = i·hω, hω sweeping 0…3.5'],
    ];
    lines.forEach(([color, text], i) => {
      const ly = y + i * (font + 6) + font / 2;
      if (color) {
        ctx.fillStyle = color;
        ctx.beginPath();
        ctx.arc(x + 5, ly, 4, 0, 2 * Math.PI);
        ctx.fill();
      }
      ctx.fillStyle = '#333333';
      ctx.fillText(text, x + 14, ly);
    });
  }
}

/** Complex plane ↔ pixel mapping of a panel, equal scale on both axes, centred. */
function planeMap(p: Panel) {
  const top = p.y + 30;
  const avail = p.h - 34;
  const s = Math.min((p.w - 8) / (RE_MAX - RE_MIN), avail / (2 * IM_MAX));
  const cx = p.x + p.w / 2 - ((RE_MAX + RE_MIN) / 2) * s;
  const cy = top + avail / 2;
  return {
    x: (re: number) => cx + re * s,
    y: (im: number) => cy - im * s,
    re: (px: number) => (px - cx) / s,
    im: (py: number) => (cy - py) / s,
  };
}

const stabilityDemo: Demo = {
  id: 'stability-regions',
  title: 'Stability regions R(z)',
  domain: 'integrators',
  description:
    "Where |R(z)| ≤ 1 for each integrator of textbook §26.1 (shaded; R is the factor one step multiplies the solution of y′ = λy by), with the chapter's points z = hλ: the undamped spring z = ±ihω and the damper z = −3.33. Explicit Euler is the disc around −1, implicit Euler everything outside the disc around +1, implicit midpoint exactly the left half-plane.",
  dt: 1 / 60,
  view: pixelView,
  series: STABILITY_SERIES,
  params: [
    { key: 'method', label: 'method', kind: 'choice', default: 'all', options: ['all', ...INTEGRATORS] },
  ],
  create(params = {}, options = {}) {
    return new StabilityRegions({ method: 'all', ...params }, options.dt ?? 1 / 60);
  },
};

/** Demos of the integrators domain, in the order the playground lists them. */
export const integratorsDemos: Demo[] = [springDemo, stabilityDemo];
