/**
 * Demos of the particle fluids (textbook §26.4): a dam break side by side in weakly compressible SPH
 * (Müller, Charypar & Gross 2003), DFSPH (Bender & Koschier 2015) and Position Based Fluids
 * (Macklin & Müller 2013), the same column in the same tank; the liquid drawn as a surface (marching
 * squares over the splatted density) or as dots coloured by speed.
 */
import { PbfSet } from '../particles/pbf.js';
import { SphFluid } from '../particles/sph.js';
import { LiquidSurface2D } from '../render/liquid-surface.js';
import { XpbdWorld } from '../xpbd/solver.js';
import { clear, label } from './kit/labels.js';
import type { Demo, DemoInstance, DemoParamValues, View } from './types.js';
import { resolveParams, toPxX, toPxY } from './types.js';

const TANK_W = 0.6;
const TANK_H = 0.4;
const GAP = 0.15;
const COL_W = 0.15;
const COL_H = 0.3;

/** One method's fluid behind a common face: positions, count, a density error and a note. */
interface Panel {
  name: string;
  step(dt: number): void;
  count(): number;
  /** writes particle k's position and speed into out[0..2] */
  particle(k: number, out: Float64Array): void;
  /** the positions (stride 3) and the first fluid particle's index in them */
  positions(): { x: Float64Array; first: number };
  densityError(): number;
  note(): string;
}

function sphPanel(solver: 'wcsph' | 'dfsph', d: number): Panel {
  const f = new SphFluid({
    dim: 2,
    spacing: d,
    solver,
    domain: { min: [0, 0], max: [TANK_W, TANK_H] },
    // WCSPH: speed of sound c = √k = 14 m/s, about 6× the fastest flow; the substep keeps h c/Δt ≥ 2.5
    substeps: solver === 'wcsph' ? 30 : 6,
    stiffness: solver === 'wcsph' ? 50 * 9.81 * TANK_H : undefined,
  });
  f.addBlock([0, 0], [COL_W, COL_H]);
  return {
    name: solver === 'wcsph' ? 'WCSPH (Müller et al. 2003)' : 'DFSPH (Bender & Koschier 2015)',
    step: (dt) => f.step(dt),
    count: () => f.fluidCount,
    particle: (k, out) => {
      const i = f.index(k);
      out[0] = f.x[3 * i];
      out[1] = f.x[3 * i + 1];
      out[2] = Math.sqrt(f.v[3 * i] * f.v[3 * i] + f.v[3 * i + 1] * f.v[3 * i + 1]);
    },
    positions: () => ({ x: f.x, first: f.boundaryCount }),
    densityError: () => f.stats.densityError,
    note: () =>
      solver === 'dfsph'
        ? `iterations: density ${f.stats.densityIterations}, divergence ${f.stats.divergenceIterations}`
        : '30 substeps (p = k(ρ − ρ0), c = 14 m/s)',
  };
}

function pbfPanel(d: number): Panel {
  const world = new XpbdWorld({ substeps: 6, iterations: 4 });
  const f = world.add(
    new PbfSet(world.particles, {
      dim: 2,
      spacing: d,
      domain: { min: [0, 0], max: [TANK_W, TANK_H] },
      vorticity: 0.01,
    }),
  );
  f.addBlock([0, 0], [COL_W, COL_H]);
  let err = 0;
  let frame = 0;
  return {
    name: 'PBF (Macklin & Müller 2013)',
    step: (dt) => {
      world.step(dt);
      if (frame++ % 10 === 0) err = f.densityError();
    },
    count: () => f.count,
    particle: (k, out) => {
      const i = f.first + k;
      const x = world.particles.x;
      const v = world.particles.v;
      out[0] = x[3 * i];
      out[1] = x[3 * i + 1];
      out[2] = Math.sqrt(v[3 * i] * v[3 * i] + v[3 * i + 1] * v[3 * i + 1]);
    },
    positions: () => ({ x: world.particles.x, first: f.first }),
    densityError: () => err,
    note: () => '6 substeps × 4 iterations, on the XPBD solver',
  };
}

/** A speed in m/s as a colour: deep blue at rest to white at 2 m/s. */
function speedColor(s: number): string {
  const t = Math.min(1, s / 2);
  const r = Math.round(30 + 225 * t);
  const g = Math.round(90 + 165 * t);
  return `rgb(${r},${g},255)`;
}

class DamBreaks implements DemoInstance {
  dt = 1 / 60;
  private readonly panels: Panel[];
  private readonly spacing: number;
  private readonly clock = new Float64Array(1);
  private readonly tmp = new Float64Array(3);
  private readonly surfaces: LiquidSurface2D[];
  private surface: boolean;

  constructor(p: DemoParamValues) {
    this.spacing = Number(p.spacing);
    this.surface = String(p.draw) !== 'dots';
    const d = this.spacing;
    const m = String(p.methods);
    const all: Panel[] = [];
    if (m === 'all' || m === 'wcsph') all.push(sphPanel('wcsph', d));
    if (m === 'all' || m === 'dfsph') all.push(sphPanel('dfsph', d));
    if (m === 'all' || m === 'pbf') all.push(pbfPanel(d));
    this.panels = all;
    this.surfaces = all.map(
      () => new LiquidSurface2D({ min: [0, 0], max: [TANK_W, TANK_H], spacing: d, cell: 0.75 * d }),
    );
  }

  setDisplay(values: DemoParamValues): void {
    if (values.draw !== undefined) this.surface = String(values.draw) !== 'dots';
  }

  get time(): number {
    return this.clock[0];
  }

  step(): void {
    for (const panel of this.panels) panel.step(this.dt);
    this.clock[0] += this.dt;
  }

  draw(ctx: CanvasRenderingContext2D, view: View): void {
    clear(ctx, view);
    const r = Math.max(1, 0.5 * this.spacing * view.scale);
    this.panels.forEach((panel, k) => {
      const ox = k * (TANK_W + GAP);
      ctx.strokeStyle = '#555';
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.moveTo(toPxX(view, ox), toPxY(view, TANK_H));
      ctx.lineTo(toPxX(view, ox), toPxY(view, 0));
      ctx.lineTo(toPxX(view, ox + TANK_W), toPxY(view, 0));
      ctx.lineTo(toPxX(view, ox + TANK_W), toPxY(view, TANK_H));
      ctx.stroke();
      const p = this.tmp;
      if (this.surface) {
        const liquid = this.surfaces[k]!;
        const { x, first } = panel.positions();
        liquid.update(x, 3, first, panel.count());
        liquid.draw(ctx, view, ox, 0);
      } else
        for (let i = 0; i < panel.count(); i++) {
          panel.particle(i, p);
          ctx.fillStyle = speedColor(p[2]);
          ctx.beginPath();
          ctx.arc(toPxX(view, ox + p[0]), toPxY(view, p[1]), r, 0, 2 * Math.PI);
          ctx.fill();
        }
      const px = toPxX(view, ox);
      label(ctx, panel.name, px, toPxY(view, TANK_H) - 30);
      label(ctx, `density error ${(100 * panel.densityError()).toFixed(2)}%`, px, toPxY(view, TANK_H) - 16);
      label(ctx, panel.note(), px, toPxY(view, TANK_H) - 2, '#555', '11px sans-serif');
    });
  }

  series(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const panel of this.panels) out[panel.name.split(' ')[0]!] = 100 * panel.densityError();
    return out;
  }

  stats(): Record<string, number> {
    const out: Record<string, number> = { time: this.time };
    for (const panel of this.panels) {
      let front = 0;
      for (let i = 0; i < panel.count(); i++) {
        panel.particle(i, this.tmp);
        front = Math.max(front, this.tmp[0]);
      }
      out[`${panel.name.split(' ')[0]!.toLowerCase()}Front`] = front;
    }
    return out;
  }
}

/** Demos of the particle fluids, in the order the playground lists them. */
export const particlesDemos: Demo[] = [
  {
    id: 'particles-dam-break',
    title: 'Dam break: WCSPH, DFSPH and PBF side by side',
    domain: 'particles',
    description:
      'The same 0.15 m × 0.3 m water column collapsing in a 0.6 m tank, three ways: weakly compressible SPH (Müller, Charypar & Gross 2003) with poly6 density and spiky pressure, DFSPH (Bender & Koschier 2015) solving for constant density and zero divergence, and Position Based Fluids (Macklin & Müller 2013) on the XPBD solver. Walls are boundary particles (Akinci et al. 2012). Watch the fronts race and the density error each method keeps. The liquid is drawn as a surface (the particles splatted into a density field, its half-density contour traced by marching squares) or as dots coloured by speed.',
    dt: 1 / 60,
    view: (width, height) => {
      const w = 3 * TANK_W + 2 * GAP;
      const h = TANK_H + 0.12;
      return {
        width,
        height,
        cx: 0.5 * w - 0.0,
        cy: 0.5 * h - 0.02,
        scale: Math.min((width - 24) / w, (height - 24) / h),
      };
    },
    params: [
      { key: 'methods', kind: 'choice', default: 'all', options: ['all', 'wcsph', 'dfsph', 'pbf'] },
      {
        key: 'draw',
        label: 'draw the liquid as',
        kind: 'choice',
        default: 'surface',
        options: ['surface', 'dots'],
        display: true,
      },
      {
        key: 'spacing',
        label: 'particle spacing (m)',
        kind: 'number',
        default: 0.01,
        min: 0.006,
        max: 0.02,
        step: 0.002,
      },
    ],
    series: [
      { key: 'WCSPH', label: 'WCSPH density error', unit: '%', color: '#d62728' },
      { key: 'DFSPH', label: 'DFSPH density error', unit: '%', color: '#1f77b4' },
      { key: 'PBF', label: 'PBF density error', unit: '%', color: '#2ca02c' },
    ],
    create(params?: DemoParamValues, options?: { dt?: number }): DemoInstance {
      const inst = new DamBreaks(resolveParams(particlesDemos[0]!, params));
      inst.dt = options?.dt ?? 1 / 60;
      return inst;
    },
  },
];
