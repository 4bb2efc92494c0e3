/**
 * The demo view: one running instance drawn on a canvas, with play / pause / single step /
 * reset, a fixed-step loop that follows the wall clock, pointer input in world coordinates,
 * the live plot, the parameter panel and a frame-time readout.
 */
import {
  type Demo,
  type DemoInstance,
  type DemoParamValues,
  type DemoPointer,
  resolveParams,
  toWorldX,
  toWorldY,
  type View,
} from '../../src/demos/types.js';
import { formatSig } from '../../src/render/format.js';
import { FixedStepRunner } from '../../src/sim/fixed-step.js';
import { ParamsPanel } from './params-panel.js';
import { SeriesPlot } from './series-plot.js';
import { ThreeView } from './three-view.js';

/** At most this many fixed steps per animation frame (slow demos run slower than real time). */
const MAX_STEPS_PER_FRAME = 8;
export const BACKGROUND = '#ffffff';

function $(id: string): HTMLElement {
  return document.getElementById(id)!;
}

export class Viewer {
  demo: Demo | undefined;
  instance: DemoInstance | undefined;
  params: DemoParamValues = {};
  running = true;
  frames = 0;
  private view: View = { width: 1, height: 1, cx: 0, cy: 0, scale: 1 };
  private readonly canvas = $('view') as HTMLCanvasElement;
  private readonly ctx = this.canvas.getContext('2d')!;
  private readonly plot = new SeriesPlot($('plot'));
  private readonly panel = new ParamsPanel($('gui-host'));
  private readonly readout = $('readout');
  private readonly three = new ThreeView(this.canvas);
  private readonly statsBox = $('stats');
  private readonly playButton = $('btn-play');
  private readonly errorBox = $('error');
  /** the fixed-step runner of the current instance (rikigaku/sim): whole steps of the instance's dt */
  private runner: FixedStepRunner | undefined;
  private last = 0;
  private stepMs = 0;
  private drawMs = 0;
  private frameMs = 0;
  /** the demo threw: it is stopped and its error is shown */
  failed = false;

  constructor() {
    this.plot.onError = (e) => {
      // a broken plot is switched off and reported; the simulation keeps running
      this.notice(`live plot switched off: ${e.message}`);
      console.warn(e);
    };
    this.playButton.addEventListener('click', () => this.setRunning(!this.running));
    $('btn-step').addEventListener('click', () => {
      this.setRunning(false);
      this.advance(1);
    });
    $('btn-reset').addEventListener('click', () => this.reset());
    window.addEventListener('keydown', (e) => {
      if (!this.demo || (e.target as HTMLElement).closest('input, select, textarea')) return;
      if (e.key === ' ') {
        e.preventDefault();
        this.setRunning(!this.running);
      } else if (e.key === '.') {
        this.setRunning(false);
        this.advance(1);
      } else if (e.key === 'r') this.reset();
      else if (this.instance?.key) {
        // keyboard-driven demos (the car, the character): arrows would scroll the page
        if (e.code.startsWith('Arrow')) e.preventDefault();
        const inst = this.instance;
        this.guard(() => inst.key!(e.code, true));
      }
    });
    window.addEventListener('keyup', (e) => {
      const inst = this.instance;
      if (inst?.key) this.guard(() => inst.key!(e.code, false));
    });
    new ResizeObserver(() => this.resize()).observe(this.canvas);
    const forward = (kind: DemoPointer['kind']) => (e: PointerEvent) => {
      if (!this.instance?.pointer || this.three.active) return;
      if (kind === 'down') this.canvas.setPointerCapture(e.pointerId);
      const r = this.canvas.getBoundingClientRect();
      const px = ((e.clientX - r.left) / r.width) * this.canvas.width;
      const py = ((e.clientY - r.top) / r.height) * this.canvas.height;
      this.guard(() =>
        this.instance!.pointer!({ kind, x: toWorldX(this.view, px), y: toWorldY(this.view, py) }),
      );
      if (!this.running) this.draw();
    };
    this.canvas.addEventListener('pointerdown', forward('down'));
    this.canvas.addEventListener('pointermove', forward('move'));
    this.canvas.addEventListener('pointerup', forward('up'));
    this.three.onChange = () => !this.running && this.draw();
    requestAnimationFrame((t) => this.tick(t));
  }

  /** Shows a demo with its default parameters, running (whatever the previous demo or page did). */
  open(demo: Demo): void {
    this.demo = demo;
    this.params = resolveParams(demo);
    $('demo-title').textContent = demo.title;
    $('demo-description').textContent = demo.description;
    document.title = `${demo.title} — rikigaku`;
    this.panel.show(demo, this.params, (values) => this.change(values));
    this.reset();
    this.setRunning(true);
  }

  /**
   * A panel edit: display-only parameters (`display: true`) go to the running instance's
   * `setDisplay`; any other change rebuilds the simulation from the new values.
   */
  change(values: DemoParamValues): void {
    const demo = this.demo;
    if (!demo) return;
    const changed = (demo.params ?? []).filter((p) => values[p.key] !== this.params[p.key]);
    this.params = values;
    const inst = this.instance;
    if (changed.length > 0 && changed.every((p) => p.display) && inst?.setDisplay && !this.failed) {
      const keys = () => Object.keys(this.guard(() => inst.series?.()) ?? {}).join('\n');
      const before = keys();
      this.guard(() => inst.setDisplay!(resolveParams(demo, values)));
      // a switch that shows or hides a curve changes the series: the plot starts over, the simulation does not
      if (keys() !== before) {
        this.plot.reset(Object.keys(this.guard(() => inst.series?.()) ?? {}), demo.series);
        this.sample();
        this.plot.flush();
      }
      this.draw();
      this.updateReadout();
      return;
    }
    if (changed.length > 0) this.reset();
  }

  /** A message in the page's notice line (not an error of the demo). */
  notice(text: string): void {
    const box = $('notice');
    box.textContent = text;
    box.hidden = text === '';
  }

  /** Rebuilds the instance from the current parameters. */
  reset(): void {
    if (!this.demo) return;
    this.failed = false;
    this.errorBox.hidden = true;
    this.frames = 0;
    this.runner = undefined;
    this.instance = undefined;
    this.guard(() => {
      this.instance = this.demo!.create(resolveParams(this.demo!, this.params));
      this.runner = new FixedStepRunner({
        dt: this.instance.dt,
        step: () => this.stepOnce(),
        maxStepsPerFrame: MAX_STEPS_PER_FRAME,
      });
    });
    this.guard(() => this.three.attach(this.instance));
    this.resize();
    this.notice('');
    this.plot.reset(Object.keys(this.guard(() => this.instance?.series?.()) ?? {}), this.demo.series);
    this.sample();
    this.plot.flush();
    this.draw();
    this.updateReadout();
  }

  setRunning(on: boolean): void {
    this.running = on;
    this.last = performance.now();
    this.playButton.textContent = on ? 'pause' : '▶ play';
  }

  /** Steps `n` frames, drawing after each (the browser test's exact, clock-free mode). */
  advance(n: number): void {
    for (let i = 0; i < n && !this.failed; i++) {
      this.stepOnce();
      this.draw();
    }
    this.plot.flush();
    this.updateReadout();
  }

  private guard<T>(fn: () => T): T | undefined {
    try {
      return fn();
    } catch (e) {
      this.failed = true;
      this.setRunning(false);
      this.errorBox.hidden = false;
      this.errorBox.textContent = `${this.demo?.id}: ${(e as Error).message}`;
      console.error(e);
      return undefined;
    }
  }

  private stepOnce(): void {
    const inst = this.instance;
    if (!inst || this.failed) return;
    const t0 = performance.now();
    this.guard(() => inst.step());
    this.stepMs = 0.9 * this.stepMs + 0.1 * (performance.now() - t0);
    this.frames++;
    this.sample();
  }

  private sample(): void {
    const inst = this.instance;
    if (!inst?.series || this.failed) return;
    const s = this.guard(() => inst.series!());
    if (s) this.plot.push(inst.time, s);
  }

  private draw(): void {
    const inst = this.instance;
    const ctx = this.ctx;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = BACKGROUND;
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    if (!inst || this.failed) return;
    const t0 = performance.now();
    ctx.save();
    this.guard(
      () => this.three.draw(ctx, this.canvas.width, this.canvas.height) || inst.draw(ctx, this.view),
    );
    ctx.restore();
    this.drawMs = 0.9 * this.drawMs + 0.1 * (performance.now() - t0);
  }

  /** The live plot's layout and colours (for the browser test). */
  plotInfo(): ReturnType<SeriesPlot['describe']> {
    return this.plot.describe();
  }

  private resize(): void {
    if (this.canvas.clientWidth === 0 || this.canvas.clientHeight === 0) return; // page hidden
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    const w = Math.max(1, Math.round(this.canvas.clientWidth * dpr));
    const h = Math.max(1, Math.round(this.canvas.clientHeight * dpr));
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w;
      this.canvas.height = h;
    }
    const demo = this.demo;
    const view = demo && !this.failed ? this.guard(() => demo.view(w, h)) : undefined;
    if (view) this.view = view;
    this.plot.resize();
    if (!this.running) this.draw();
  }

  private tick(now: number): void {
    requestAnimationFrame((t) => this.tick(t));
    // a frame's timestamp may precede a `performance.now()` taken after it was scheduled: never negative
    const elapsed = Math.max(0, Math.min(100, now - (this.last || now)));
    this.last = now;
    this.frameMs = 0.9 * this.frameMs + 0.1 * elapsed;
    if (!this.running || !this.instance || this.failed || document.hidden) return;
    // the fixed-step runner: the same states on 60, 120 or 144 Hz displays; a stalled frame drops time
    const n = this.runner?.advance(elapsed / 1000) ?? 0;
    if (n > 0) {
      this.draw();
      this.plot.flush();
    }
    this.updateReadout();
  }

  /** The demo's `stats()` as `name = value` pairs under the plot. */
  private updateStats(): void {
    const stats =
      this.instance?.stats && !this.failed ? this.guard(() => this.instance!.stats!()) : undefined;
    const text = Object.entries(stats ?? {})
      .map(([k, v]) => `${k} = ${formatSig(v)}`)
      .join('\n');
    if (this.statsBox.dataset.text === text) return;
    this.statsBox.dataset.text = text;
    this.statsBox.replaceChildren(
      ...text
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const span = document.createElement('span');
          span.textContent = line;
          return span;
        }),
    );
  }

  private updateReadout(): void {
    this.updateStats();
    const t = this.instance?.time ?? 0;
    const fps = this.frameMs > 0 ? 1000 / this.frameMs : 0;
    this.readout.textContent =
      `t = ${t.toFixed(3)} s · frame ${this.frames} · step ${this.stepMs.toFixed(2)} ms · ` +
      `draw ${this.drawMs.toFixed(2)} ms · ${fps.toFixed(0)} fps`;
  }

  /** Samples canvas pixels: how many differ from the background (the browser test's blank check). */
  paintedPixels(): number {
    const { width, height } = this.canvas;
    const data = this.ctx.getImageData(0, 0, width, height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4 * 7) {
      if (data[i] !== 255 || data[i + 1] !== 255 || data[i + 2] !== 255) n++;
    }
    return n;
  }
}
