import { Advector } from '../fluid/advection.js';
import { MacGrid } from '../fluid/mac-grid.js';
import { modernPlumeOptions, SEED_PLUME_DT, seedPlumeOptions } from '../fluid/presets.js';
import type { PressureSolverKind } from '../fluid/pressure-solvers.js';
import { Projector } from '../fluid/projection.js';
import type { SmokeOptions } from '../fluid/smoke.js';
import { drawArrow, drawSmoke2D } from '../render/smoke-draw.js';
import { SmokeInstance } from '../scene/smoke-instance.js';
import {
  applyView,
  type Demo,
  type DemoInstance,
  type DemoParamValues,
  type DemoPointer,
  resolveParams,
  type SeriesStyle,
  toPxX,
  toPxY,
  type View,
} from './types.js';

/** A camera that fits a w × h world rectangle with its lower-left corner at (x0, y0). */
function fitView(width: number, height: number, x0: number, y0: number, w: number, h: number): View {
  const scale = Math.min(width / (w * 1.06), height / (h * 1.06));
  return { width, height, cx: x0 + w / 2, cy: y0 + h / 2, scale };
}

const SOLVERS: PressureSolverKind[] = [
  'jacobi',
  'weighted-jacobi',
  'gauss-seidel',
  'sor',
  'cg',
  'mic-pcg',
  'mgpcg',
];

function smokeParams(p: DemoParamValues): Partial<SmokeOptions> {
  const solver = p.solver as PressureSolverKind;
  const stationary =
    solver === 'jacobi' || solver === 'weighted-jacobi' || solver === 'gauss-seidel' || solver === 'sor';
  const adv = p.advection as 'semi-lagrangian' | 'maccormack' | 'bfecc';
  return {
    solver,
    pressureIterations: stationary ? (p.iterations as number) : 200,
    tolerance: stationary ? 0 : 1e-5,
    vorticity: p.vorticity as number,
    buoyancyTemperature: p.buoyancy as number,
    velocityAdvection: adv,
    scalarAdvection: adv,
  };
}

const plumeParams: Demo['params'] = [
  { key: 'solver', kind: 'choice', default: 'jacobi', options: SOLVERS },
  {
    key: 'iterations',
    label: 'Jacobi/GS/SOR sweeps',
    kind: 'number',
    default: 60,
    min: 1,
    max: 400,
    step: 1,
  },
  {
    key: 'advection',
    kind: 'choice',
    default: 'semi-lagrangian',
    options: ['semi-lagrangian', 'maccormack'],
  },
  {
    key: 'vorticity',
    label: 'vorticity confinement ε',
    kind: 'number',
    default: 3,
    min: 0,
    max: 20,
    step: 0.5,
  },
  { key: 'buoyancy', label: 'buoyancy b', kind: 'number', default: 0.4, min: 0, max: 2, step: 0.05 },
];

const SEED_W = 72 / 112;

/** The smoke demos' series: total smoke (cell units) and the projection's relative divergence. */
const SMOKE_SERIES: readonly SeriesStyle[] = [
  { key: 'smoke', label: 'total smoke', unit: 'density × cells', color: '#7f7f7f' },
  { key: 'relativeDivergence', label: 'relative divergence after projection', color: '#1f77b4' },
];

const smokePlume: Demo = {
  id: 'fluid-smoke-plume',
  title: 'Smoke plume (the textbook’s basic solver, 72×112)',
  domain: 'fluid',
  description:
    'Textbook §26.4: 72×112 cells, semi-Lagrangian advection (Stam 1999), buoyancy, a little vorticity confinement ' +
    '(Fedkiw, Stam and Jensen 2001) and 60 Jacobi ' +
    'iterations per step; the column rises and rolls into a mushroom head (look at steps 60, 120, 180, 240). ' +
    'Press to add smoke and heat, drag to push.',
  dt: SEED_PLUME_DT,
  view: (w, h) => fitView(w, h, 0, 0, SEED_W, 1),
  series: SMOKE_SERIES,
  params: plumeParams,
  create(params, options) {
    const p = resolveParams(smokePlume, params);
    return new SmokeInstance(seedPlumeOptions(smokeParams(p)), options?.dt ?? SEED_PLUME_DT);
  },
};

/** Two simulations side by side, stepped together; the pointer goes to the one under it. */
class SideBySide implements DemoInstance {
  readonly dt: number;
  constructor(
    readonly left: SmokeInstance,
    readonly right: SmokeInstance,
    readonly gap: number,
  ) {
    this.dt = left.dt;
  }
  get time(): number {
    return this.left.time;
  }
  step(): void {
    this.left.step();
    this.right.step();
  }
  draw(ctx: CanvasRenderingContext2D, view: View): void {
    drawSmoke2D(ctx, view, this.left.sim);
    drawSmoke2D(ctx, view, this.right.sim, { ox: this.left.sim.grid.width + this.gap, clear: false });
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#ddd';
    ctx.font = '13px sans-serif';
    ctx.fillText('textbook: 60 Jacobi, semi-Lagrangian', toPxX(view, 0), toPxY(view, 1) - 6);
    ctx.fillText(
      'MGPCG 1e-5, MacCormack',
      toPxX(view, this.left.sim.grid.width + this.gap),
      toPxY(view, 1) - 6,
    );
    ctx.restore();
  }
  pointer(e: DemoPointer): void {
    const w = this.left.sim.grid.width;
    if (e.x <= w + this.gap / 2) this.left.pointer(e);
    else this.right.pointer({ ...e, x: e.x - w - this.gap });
  }
  series(): Record<string, number> {
    const a = this.left.stats();
    const b = this.right.stats();
    return {
      textbookRelativeDivergence: a.relativeDivergence!,
      mgpcgRelativeDivergence: b.relativeDivergence!,
    };
  }
  stats(): Record<string, number> {
    const a = this.left.stats();
    const b = this.right.stats();
    return {
      steps: a.steps!,
      textbookSmoke: a.smoke!,
      textbookRelativeDivergence: a.relativeDivergence!,
      mgpcgSmoke: b.smoke!,
      mgpcgIterations: b.pressureIterations!,
      mgpcgRelativeDivergence: b.relativeDivergence!,
    };
  }
}

const smokeCompare: Demo = {
  id: 'fluid-smoke-compare',
  title: 'Smoke plume: the textbook’s solver vs MGPCG + MacCormack',
  domain: 'fluid',
  description:
    'The textbook §26.4 plume twice: left the textbook’s basic solver (60 Jacobi sweeps from zero, semi-Lagrangian advection after Stam 1999), right ' +
    'MGPCG (McAdams, Sifakis and Teran 2010) to 1e-5 relative divergence with MacCormack advection (Selle et al. ' +
    '2008) — less numerical dissipation, sharper eddies.',
  dt: SEED_PLUME_DT,
  view: (w, h) => fitView(w, h, 0, 0, 2 * SEED_W + 0.05, 1),
  series: [
    { key: 'textbookRelativeDivergence', label: 'textbook solver: relative divergence', color: '#d62728' },
    { key: 'mgpcgRelativeDivergence', label: 'MGPCG: relative divergence', color: '#1f77b4' },
  ],
  params: [
    {
      key: 'vorticity',
      label: 'vorticity confinement ε',
      kind: 'number',
      default: 3,
      min: 0,
      max: 20,
      step: 0.5,
    },
  ],
  create(params, options) {
    const p = resolveParams(smokeCompare, params);
    const dt = options?.dt ?? SEED_PLUME_DT;
    const eps = p.vorticity as number;
    return new SideBySide(
      new SmokeInstance(seedPlumeOptions({ vorticity: eps }), dt),
      new SmokeInstance(modernPlumeOptions({ vorticity: eps }), dt),
      0.05,
    );
  },
};

const smokeObstacle: Demo = {
  id: 'fluid-smoke-obstacle',
  title: 'Smoke around a moving obstacle',
  domain: 'fluid',
  description:
    'Textbook §26.4 smoke rising past a disc that sweeps sideways: the solid cells carry the disc velocity, so the ' +
    'projection makes the moving disc push the fluid. MGPCG, open top.',
  dt: 1 / 60,
  view: (w, h) => fitView(w, h, 0, 0, 1, 1),
  series: SMOKE_SERIES,
  params: [
    {
      key: 'advection',
      kind: 'choice',
      default: 'maccormack',
      options: ['semi-lagrangian', 'maccormack', 'bfecc'],
    },
    {
      key: 'amplitude',
      label: 'sweep amplitude',
      kind: 'number',
      default: 0.25,
      min: 0,
      max: 0.35,
      step: 0.01,
    },
    { key: 'period', label: 'sweep period (s)', kind: 'number', default: 4, min: 1, max: 10, step: 0.5 },
  ],
  create(params, options) {
    const p = resolveParams(smokeObstacle, params);
    const adv = p.advection as 'semi-lagrangian' | 'maccormack' | 'bfecc';
    return new SmokeInstance(
      {
        nx: 96,
        ny: 96,
        open: { yMax: true },
        solver: 'mgpcg',
        velocityAdvection: adv,
        scalarAdvection: adv,
        vorticity: 2,
        buoyancyTemperature: 0.5,
        sources: [{ x: 0.5, y: 0.06, radius: 0.06, density: 1, temperature: 1 }],
        obstacles: [
          {
            shape: 'circle',
            x: 0.5,
            y: 0.45,
            radius: 0.07,
            motion: { kind: 'oscillate', amplitude: [p.amplitude as number, 0], period: p.period as number },
          },
        ],
      },
      options?.dt ?? 1 / 60,
    );
  },
};

const smoke3d: Demo = {
  id: 'fluid-smoke-3d',
  title: '3D smoke plume (32³, ray-marched)',
  domain: 'fluid',
  description:
    'The textbook §26.4 smoke on a 32³ MAC grid (trilinear semi-Lagrangian advection, buoyancy, 3D vorticity ' +
    'confinement, MGPCG), drawn as a density volume by an emission–absorption ray march lit from above.',
  dt: 1 / 30,
  view: (w, h) => fitView(w, h, 0, 0, 1, 1),
  series: SMOKE_SERIES,
  params: [
    { key: 'n', label: 'cells per side', kind: 'number', default: 32, min: 8, max: 64, step: 8 },
    {
      key: 'vorticity',
      label: 'vorticity confinement ε',
      kind: 'number',
      default: 2,
      min: 0,
      max: 10,
      step: 0.5,
    },
  ],
  create(params, options) {
    const p = resolveParams(smoke3d, params);
    const n = p.n as number;
    return new SmokeInstance(
      {
        nx: n,
        ny: n,
        nz: n,
        open: { yMax: true },
        solver: 'mgpcg',
        vorticity: p.vorticity as number,
        buoyancyTemperature: 0.6,
        sources: [{ x: 0.5, y: 0.1, z: 0.5, radius: 0.09, density: 1, temperature: 1 }],
      },
      options?.dt ?? 1 / 30,
      'volume',
    );
  },
};

const fire: Demo = {
  id: 'fluid-fire',
  title: 'Fire',
  domain: 'fluid',
  description:
    'Fire after Nguyen, Fedkiw and Jensen (2002), textbook §26.4: fuel carried by the flow burns above an ignition temperature, releasing heat and smoke and ' +
    'expanding where it burns (a divergence target for the projection); cells glow with the blackbody colour of ' +
    'their temperature. Press to pour fuel.',
  dt: 1 / 60,
  view: (w, h) => fitView(w, h, 0, 0, 64 / 96, 1),
  series: SMOKE_SERIES,
  params: [
    { key: 'expansion', kind: 'number', default: 0.6, min: 0, max: 3, step: 0.1 },
    {
      key: 'vorticity',
      label: 'vorticity confinement ε',
      kind: 'number',
      default: 4,
      min: 0,
      max: 20,
      step: 0.5,
    },
  ],
  create(params, options) {
    const p = resolveParams(fire, params);
    return new SmokeInstance(
      {
        nx: 64,
        ny: 96,
        open: { yMax: true },
        solver: 'mgpcg',
        velocityAdvection: 'maccormack',
        scalarAdvection: 'maccormack',
        vorticity: p.vorticity as number,
        buoyancyTemperature: 0.25,
        buoyancyDensity: 0.02,
        cooling: 3,
        dissipation: 0.3,
        fire: { ignition: 0.5, burnRate: 3, heat: 5, smoke: 0.5, expansion: p.expansion as number },
        sources: [{ x: 32 / 96, y: 0.05, radius: 0.07, fuel: 1, temperature: 1.5, velocity: [0, 0.3] }],
      },
      options?.dt ?? 1 / 60,
      'fire',
    );
  },
};

/**
 * The textbook §26.4 2×2 projection, one Gauss–Seidel cell update per step, then the new faces: each
 * state is produced by the projection code itself (its per-cell trace).
 */
class Projection2x2 implements DemoInstance {
  readonly dt = 1;
  time = 0;
  private readonly states: { label: string; p: (number | null)[]; faces: number[]; div: number[] }[] = [];
  private index = 0;
  constructor(start: string) {
    const set = (g: MacGrid) => {
      if (start === 'top u = −1 (26.8-5)') g.u[g.uIndex(1, 1)] = -1;
      else if (start === 'left v = 1 (26.9-5)') g.v[g.vIndex(0, 1)] = 1;
      else g.u[g.uIndex(1, 0)] = 1;
    };
    const read = (g: MacGrid) => [
      g.u[g.uIndex(1, 0)]!,
      g.u[g.uIndex(1, 1)]!,
      g.v[g.vIndex(0, 1)]!,
      g.v[g.vIndex(1, 1)]!,
    ];
    const g0 = new MacGrid({ nx: 2, ny: 2 });
    set(g0);
    const div0 = Array.from(g0.divergence(new Float64Array(4)));
    this.states.push({
      label: 'before: divergence per cell',
      p: [null, null, null, null],
      faces: read(g0),
      div: div0,
    });
    const g = new MacGrid({ nx: 2, ny: 2 });
    set(g);
    const proj = new Projector(g);
    const p: (number | null)[] = [null, null, null, null];
    let sweep = 0;
    proj.project(1, {
      solver: 'gauss-seidel',
      tolerance: 1e-12,
      maxIterations: 10,
      onCellUpdate: (cell, value) => {
        const i = (cell % proj.sys.px) - 1;
        const j = Math.floor(cell / proj.sys.px) - 1;
        p[i + 2 * j] = value;
        this.states.push({
          label: `Gauss–Seidel sweep ${sweep + 1}: cell (${i},${j})`,
          p: [...p],
          faces: read(g0),
          div: div0,
        });
      },
      trace: () => sweep++,
    });
    this.states.push({
      label: 'after: u_face − (p_right − p_left); divergence 0',
      p: [...p],
      faces: read(g),
      div: Array.from(g.divergence(new Float64Array(4))),
    });
  }
  step(): void {
    this.index = Math.min(this.index + 1, this.states.length - 1);
    this.time += this.dt;
  }
  draw(ctx: CanvasRenderingContext2D, view: View): void {
    const s = this.states[this.index]!;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#111';
    ctx.fillRect(0, 0, view.width, view.height);
    applyView(ctx, view);
    ctx.strokeStyle = '#888';
    ctx.lineWidth = 2 / view.scale;
    ctx.strokeRect(0, 0, 2, 2);
    ctx.beginPath();
    ctx.moveTo(1, 0);
    ctx.lineTo(1, 2);
    ctx.moveTo(0, 1);
    ctx.lineTo(2, 1);
    ctx.stroke();
    ctx.strokeStyle = '#ffb347';
    ctx.lineWidth = 3 / view.scale;
    const [bottom, top, left, right] = s.faces as [number, number, number, number];
    const k = 0.8;
    drawArrow(ctx, 1 - (k * bottom) / 2, 0.5, k * bottom, 0, 0.12);
    drawArrow(ctx, 1 - (k * top) / 2, 1.5, k * top, 0, 0.12);
    drawArrow(ctx, 0.5, 1 - (k * left) / 2, 0, k * left, 0.12);
    drawArrow(ctx, 1.5, 1 - (k * right) / 2, 0, k * right, 0.12);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#eee';
    ctx.font = '14px sans-serif';
    for (let c = 0; c < 4; c++) {
      const x = (c % 2) + 0.5;
      const y = (c >> 1) + 0.5;
      const pv = s.p[c];
      ctx.fillText(`div ${fmt(s.div[c]!)}`, toPxX(view, x - 0.4), toPxY(view, y + 0.3));
      if (pv !== null && pv !== undefined)
        ctx.fillText(`p ${fmt(pv)}`, toPxX(view, x - 0.4), toPxY(view, y - 0.25));
    }
    ctx.fillText(s.label, toPxX(view, 0), toPxY(view, 2) - 10);
    ctx.restore();
  }
  stats(): Record<string, number> {
    const s = this.states[this.index]!;
    return {
      state: this.index,
      bottom: s.faces[0]!,
      top: s.faces[1]!,
      left: s.faces[2]!,
      right: s.faces[3]!,
    };
  }
}

function fmt(x: number): string {
  return (Math.round(x * 1000) / 1000 + 0).toString();
}

const projection2x2: Demo = {
  id: 'fluid-projection-2x2',
  title: 'Pressure projection on a 2×2 MAC grid',
  domain: 'fluid',
  description:
    'Textbook §26.4: one face pushed, divergences, each Gauss–Seidel cell update in the order left-bottom, ' +
    'right-bottom, left-top, right-top, then the new face speeds — a loop with a quarter of the speed. ' +
    'Also the starts of exercise 26.8-5 and task 26.9-5. One step = one update.',
  dt: 1,
  view: (w, h) => fitView(w, h, -0.2, -0.2, 2.4, 2.6),
  params: [
    {
      key: 'start',
      kind: 'choice',
      default: 'bottom u = 1 (§26.4)',
      options: ['bottom u = 1 (§26.4)', 'top u = −1 (26.8-5)', 'left v = 1 (26.9-5)'],
    },
  ],
  create(params) {
    const p = resolveParams(projection2x2, params);
    return new Projection2x2(p.start as string);
  },
};

/** The textbook §26.4 1D advection row: semi-Lagrangian (top) and explicit upwind (bottom) on the same flow. */
class AdvectionRow implements DemoInstance {
  readonly dt = 1;
  time = 0;
  readonly grid: MacGrid;
  readonly sl: Float64Array;
  readonly up: Float64Array;
  private readonly tmp: Float64Array;
  private readonly adv: Advector;
  constructor(readonly uh: number) {
    const n = 16;
    this.grid = new MacGrid({ nx: n, ny: 2, open: { xMin: true, xMax: true } });
    this.grid.u.fill(uh);
    this.adv = new Advector(this.grid);
    this.sl = new Float64Array(this.grid.cellCount);
    for (let j = 0; j < 2; j++) for (const i of [2, 3]) this.sl[this.grid.cellIndex(i, j)] = 1;
    this.up = Float64Array.from(this.sl);
    this.tmp = new Float64Array(this.grid.cellCount);
  }
  step(): void {
    this.adv.advectScalar(this.sl, this.tmp, 1, { scheme: 'semi-lagrangian', backtrace: 'euler' });
    this.sl.set(this.tmp);
    this.adv.advectScalar(this.up, this.tmp, 1, { scheme: 'upwind' });
    this.up.set(this.tmp);
    this.time += 1;
  }
  draw(ctx: CanvasRenderingContext2D, view: View): void {
    const n = this.grid.nx;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#111';
    ctx.fillRect(0, 0, view.width, view.height);
    applyView(ctx, view);
    const rows: [Float64Array, number, string][] = [
      [this.sl, 5.6, '#7fd4ff'],
      [this.up, 1.6, '#ff9f7f'],
    ];
    for (const [f, y0, col] of rows) {
      ctx.strokeStyle = '#666';
      ctx.lineWidth = 1 / view.scale;
      ctx.beginPath();
      ctx.moveTo(0, y0);
      ctx.lineTo(n, y0);
      ctx.stroke();
      ctx.fillStyle = col;
      for (let i = 0; i < n; i++) {
        const v = Math.max(-1.4, Math.min(2.4, f[i]!));
        ctx.fillRect(i + 0.1, Math.min(y0, y0 + v), 0.8, Math.abs(v));
      }
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#eee';
    ctx.font = '13px sans-serif';
    const sum = (f: Float64Array) => f.subarray(0, n).reduce((a, b) => a + b, 0);
    const sl = this.sl.subarray(0, n);
    const up = this.up.subarray(0, n);
    ctx.fillText(
      `semi-Lagrangian, uh = ${this.uh}: sum ${fmt(sum(sl))}, range [${fmt(Math.min(...sl))}, ${fmt(Math.max(...sl))}]`,
      toPxX(view, 0),
      toPxY(view, 8.2),
    );
    ctx.fillText(
      `explicit upwind: sum ${fmt(sum(up))}, range [${fmt(Math.min(...up))}, ${fmt(Math.max(...up))}]`,
      toPxX(view, 0),
      toPxY(view, 4.2),
    );
    ctx.restore();
  }
  stats(): Record<string, number> {
    const n = this.grid.nx;
    return {
      slMin: Math.min(...this.sl.subarray(0, n)),
      slMax: Math.max(...this.sl.subarray(0, n)),
      upwindMin: Math.min(...this.up.subarray(0, n)),
      upwindMax: Math.max(...this.up.subarray(0, n)),
    };
  }
}

const advectionRow: Demo = {
  id: 'fluid-advection-row',
  title: '1D advection: semi-Lagrangian vs explicit upwind',
  domain: 'fluid',
  description:
    'Textbook §26.4: the row (0,0,1,1,0,0…) in a uniform flow. Semi-Lagrangian stays within the old range at any ' +
    'step; explicit upwind needs uh/Δx ≤ 1 (CFL) and at uh = 2.6 makes negative smoke and growing spikes.',
  dt: 1,
  view: (w, h) => fitView(w, h, 0, -0.2, 16, 8.6),
  params: [
    { key: 'uh', label: 'u·h (cells per step)', kind: 'number', default: 0.6, min: 0.1, max: 3, step: 0.1 },
  ],
  create(params) {
    const p = resolveParams(advectionRow, params);
    return new AdvectionRow(p.uh as number);
  },
};

/** Demos of the fluid domain, in the order the playground lists them. */
export const fluidDemos: Demo[] = [
  smokePlume,
  smokeCompare,
  smokeObstacle,
  smoke3d,
  fire,
  projection2x2,
  advectionRow,
];
