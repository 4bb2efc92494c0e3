/**
 * PIC / FLIP / APIC liquid demos (textbook §26.4, "PIC、FLIP、APIC"): a FLIP dam break with a free
 * surface, and a rotating blob of liquid under PIC, FLIP and APIC side by side, where PIC's damping
 * shows as the blob that stops turning. The liquid is drawn as a surface (marching squares over the
 * splatted particle density) or as dots.
 */
import { type FlipBody2D, FlipSim2D } from '../fluid/flip2d.js';
import type { TransferMode } from '../fluid/particle-transfer.js';
import { LiquidSurface2D } from '../render/liquid-surface.js';
import { type BodyId, World } from '../rigid2d/index.js';
import { textPanel } from './kit/labels.js';
import {
  type Demo,
  type DemoInstance,
  type DemoParam,
  type DemoParamValues,
  resolveParams,
  toPxX,
  toPxY,
  type View,
} from './types.js';

const FRAME = 1 / 60;

/** The liquid-surface drawer of one simulation: the tank's inside, the particles' spacing. */
function surfaceOf(sim: FlipSim2D): LiquidSurface2D {
  const h = sim.h;
  const d = h / Math.sqrt(sim.restDensity);
  return new LiquidSurface2D({
    min: [h, h],
    max: [sim.width - h, sim.height - h],
    spacing: d,
    cell: 0.5 * h,
  });
}

/** The display switch every FLIP demo offers. */
const drawParam: DemoParam = {
  key: 'draw',
  label: 'draw the liquid as',
  kind: 'choice',
  default: 'surface',
  options: ['surface', 'dots'],
  display: true,
};

/**
 * Draws the tank's inside and one simulation, offset by ox metres: the liquid's surface when a drawer is
 * given, else the particles coloured by speed.
 */
function drawSim(
  ctx: CanvasRenderingContext2D,
  view: View,
  sim: FlipSim2D,
  ox: number,
  surface: LiquidSurface2D | null = null,
): void {
  const h = sim.h;
  ctx.strokeStyle = '#5b6270';
  ctx.lineWidth = 2;
  ctx.strokeRect(
    toPxX(view, ox + h),
    toPxY(view, sim.height - h),
    (sim.width - 2 * h) * view.scale,
    (sim.height - 2 * h) * view.scale,
  );
  if (surface !== null) {
    surface.updateXY(sim.x, sim.y, sim.count);
    surface.draw(ctx, view, ox, 0);
    return;
  }
  const r = Math.max(1, 0.3 * h * view.scale);
  // three speed bands: slow deep blue, medium, fast foam-white
  const bands = ['#1d4e89', '#3b82c4', '#b9dcf5'];
  for (let band = 0; band < 3; band++) {
    ctx.fillStyle = bands[band]!;
    for (let p = 0; p < sim.count; p++) {
      const s2 = sim.vx[p]! * sim.vx[p]! + sim.vy[p]! * sim.vy[p]!;
      const b = s2 < 0.25 ? 0 : s2 < 2.25 ? 1 : 2;
      if (b !== band) continue;
      ctx.fillRect(toPxX(view, ox + sim.x[p]!) - r, toPxY(view, sim.y[p]!) - r, 2 * r, 2 * r);
    }
  }
}

/** The dam break: one FLIP (or PIC / APIC) liquid. */
class DamBreakInstance implements DemoInstance {
  readonly dt = FRAME;
  private readonly v0: number;
  private readonly surface: LiquidSurface2D;
  private dots: boolean;

  constructor(
    readonly sim: FlipSim2D,
    draw: string,
  ) {
    this.v0 = (sim.count / sim.restDensity) * sim.h * sim.h;
    this.surface = surfaceOf(sim);
    this.dots = draw === 'dots';
  }

  setDisplay(values: DemoParamValues): void {
    if (values.draw !== undefined) this.dots = String(values.draw) === 'dots';
  }

  get time(): number {
    return this.sim.time;
  }

  step(): void {
    this.sim.step(FRAME);
  }

  series(): Record<string, number> {
    return {
      volume: (this.sim.volume() / this.v0) * 100,
      kineticEnergy: this.sim.kineticEnergy() / this.sim.count,
    };
  }

  stats(): Record<string, number> {
    return {
      time: this.sim.time,
      particles: this.sim.count,
      pressureIterations: this.sim.lastIterations,
      volumePercent: (this.sim.volume() / this.v0) * 100,
      reseeded: this.sim.reseeded,
      maxSpeed: this.sim.maxSpeed(),
    };
  }

  draw(ctx: CanvasRenderingContext2D, view: View): void {
    ctx.fillStyle = '#f4f1ea';
    ctx.fillRect(0, 0, view.width, view.height);
    drawSim(ctx, view, this.sim, 0, this.dots ? null : this.surface);
    textPanel(ctx, [
      `${this.sim.mode.toUpperCase()}${this.sim.mode === 'flip' ? ` (${Math.round(this.sim.flipRatio * 100)} % FLIP)` : ''}, ${this.sim.count} particles`,
      `volume ${((this.sim.volume() / this.v0) * 100).toFixed(1)} % of the start, ${this.sim.lastIterations} pressure iterations`,
    ]);
  }
}

/** Three rotating blobs, PIC, FLIP and APIC, in three tanks side by side. */
class BlobInstance implements DemoInstance {
  readonly dt = FRAME;
  private readonly L0: number[];
  private readonly c: number;
  private readonly surfaces: LiquidSurface2D[];
  private dots: boolean;

  constructor(
    readonly sims: FlipSim2D[],
    draw: string,
  ) {
    this.c = sims[0]!.width / 2;
    this.L0 = sims.map((s) => s.angularMomentum(this.c, this.c));
    this.surfaces = sims.map(surfaceOf);
    this.dots = draw === 'dots';
  }

  setDisplay(values: DemoParamValues): void {
    if (values.draw !== undefined) this.dots = String(values.draw) === 'dots';
  }

  get time(): number {
    return this.sims[0]!.time;
  }

  step(): void {
    for (const s of this.sims) s.step(FRAME);
  }

  private kept(k: number): number {
    return (this.sims[k]!.angularMomentum(this.c, this.c) / this.L0[k]!) * 100;
  }

  series(): Record<string, number> {
    return { pic: this.kept(0), flip: this.kept(1), apic: this.kept(2) };
  }

  stats(): Record<string, number> {
    return {
      time: this.time,
      picPercent: this.kept(0),
      flipPercent: this.kept(1),
      apicPercent: this.kept(2),
    };
  }

  draw(ctx: CanvasRenderingContext2D, view: View): void {
    ctx.fillStyle = '#f4f1ea';
    ctx.fillRect(0, 0, view.width, view.height);
    const w = this.sims[0]!.width;
    for (let k = 0; k < 3; k++) {
      drawSim(ctx, view, this.sims[k]!, k * (w + 0.1), this.dots ? null : this.surfaces[k]!);
    }
    textPanel(ctx, [
      'angular momentum kept: ' +
        ['PIC', 'FLIP', 'APIC'].map((n, k) => `${n} ${this.kept(k).toFixed(1)} %`).join(', '),
    ]);
  }
}

function blob(mode: TransferMode): FlipSim2D {
  const n = 42;
  const sim = new FlipSim2D({
    nx: n,
    ny: n,
    h: 1 / (n - 2),
    gravity: [0, 0],
    transfer: mode,
    separationIterations: 1,
    reseed: false,
    densityCorrection: 0,
  });
  const c = sim.width / 2;
  const w = 2;
  const h = sim.h;
  for (let j = 1; j < n - 1; j++) {
    for (let i = 1; i < n - 1; i++) {
      for (let b = 0; b < 2; b++) {
        for (let a = 0; a < 2; a++) {
          const x = (i + 0.25 + 0.5 * a) * h;
          const y = (j + 0.25 + 0.5 * b) * h;
          if ((x - c) ** 2 + (y - c) ** 2 >= 0.04) continue;
          const p = sim.addParticle(x, y, -w * (y - c), w * (x - c));
          if (mode === 'apic') {
            sim.c[4 * p + 1] = -w;
            sim.c[4 * p + 2] = w;
          }
        }
      }
    }
  }
  return sim;
}

const damBreak: Demo = {
  id: 'flip-dam-break',
  title: 'Dam break (FLIP liquid with a free surface)',
  domain: 'fluid',
  description:
    'A column of water collapses in a tank, simulated with FLIP (Brackbill & Ruppel 1986; Zhu & Bridson 2005): particles carry the liquid, a MAC grid solves the pressure with p = 0 in the air cells. Watch the front run along the floor and climb the far wall; the plot shows that the volume stays within a few per cent. Switch to PIC to see the splash smear out, or APIC (Jiang et al. 2015) for a calm, detailed flow.',
  dt: FRAME,
  view: (width, height) => ({ width, height, cx: 0.9, cy: 0.5, scale: Math.min(width / 1.9, height / 1.1) }),
  params: [
    { key: 'transfer', label: 'transfer', kind: 'choice', default: 'flip', options: ['flip', 'pic', 'apic'] },
    { key: 'flipRatio', label: 'FLIP share', kind: 'number', default: 0.95, min: 0, max: 1, step: 0.05 },
    {
      key: 'resolution',
      label: 'cells across the height',
      kind: 'number',
      default: 50,
      min: 20,
      max: 100,
      step: 10,
    },
    drawParam,
  ],
  series: [
    { key: 'volume', label: 'volume', unit: '%', color: '#1d4e89' },
    { key: 'kineticEnergy', label: 'kinetic energy per particle', unit: 'J/kg', color: '#c2410c' },
  ],
  create: (p: DemoParamValues = {}) => {
    const v = resolveParams(damBreak, p);
    const ny = Math.round(Number(v['resolution'])) + 2;
    const h = 1 / (ny - 2);
    const nx = Math.round(1.8 / h) + 2;
    const sim = new FlipSim2D({
      nx,
      ny,
      h,
      transfer: String(v['transfer']) as TransferMode,
      flipRatio: Number(v['flipRatio']),
    });
    sim.addBlock(h, h, h + 0.6, h + 0.8);
    return new DamBreakInstance(sim, String(v['draw']));
  },
};

const rotatingBlob: Demo = {
  id: 'flip-rotating-blob',
  title: 'PIC vs FLIP vs APIC: a rotating blob',
  domain: 'fluid',
  description:
    'Three identical discs of liquid spin without gravity. PIC (left) copies the grid velocity back to the particles and loses the rotation within seconds; FLIP (middle, Brackbill & Ruppel 1986) adds only the grid change and keeps it, with noise; APIC (right, Jiang et al. 2015) keeps each particle’s velocity gradient and conserves the angular momentum in its transfers. The plot shows the percentage each keeps.',
  dt: FRAME,
  view: (width, height) => ({
    width,
    height,
    cx: 1.675,
    cy: 0.525,
    scale: Math.min(width / 3.45, height / 1.15),
  }),
  series: [
    { key: 'pic', label: 'PIC', unit: '%', color: '#c2410c' },
    { key: 'flip', label: 'FLIP', unit: '%', color: '#3b82c4' },
    { key: 'apic', label: 'APIC', unit: '%', color: '#15803d' },
  ],
  params: [drawParam],
  create: (p: DemoParamValues = {}) =>
    new BlobInstance(
      [blob('pic'), blob('flip'), blob('apic')],
      String(resolveParams(rotatingBlob, p)['draw']),
    ),
};

/**
 * Boxes in water: each rigid2d box is copied into the liquid's {@link FlipBody2D} interface, the
 * liquid steps (the box's cells move the water, the water's pressure pushes the box), and the
 * pressure force and torque go back to rigid2d as forces; two substeps per frame.
 */
class FloatingBoxesInstance implements DemoInstance {
  readonly dt = FRAME;
  readonly world: World;
  private readonly ids: BodyId[] = [];
  private readonly densities: number[];
  private readonly surface: LiquidSurface2D;
  private dots: boolean;

  constructor(
    readonly sim: FlipSim2D,
    densities: number[],
    draw: string,
  ) {
    this.densities = densities;
    this.surface = surfaceOf(sim);
    this.dots = draw === 'dots';
    const h = sim.h;
    const W = sim.width;
    const H = sim.height;
    this.world = new World({ gravity: [sim.gravityX, sim.gravityY] });
    const ground = this.world.createBody({ type: 'static' });
    // the tank's walls: the grid's outer ring of solid cells
    this.world.createShape(ground, {
      kind: 'box',
      halfWidth: W / 2,
      halfHeight: h / 2,
      center: [W / 2, h / 2],
    });
    this.world.createShape(ground, {
      kind: 'box',
      halfWidth: h / 2,
      halfHeight: H / 2,
      center: [h / 2, H / 2],
    });
    this.world.createShape(ground, {
      kind: 'box',
      halfWidth: h / 2,
      halfHeight: H / 2,
      center: [W - h / 2, H / 2],
    });
    this.world.createShape(ground, {
      kind: 'box',
      halfWidth: W / 2,
      halfHeight: h / 2,
      center: [W / 2, H - h / 2],
    });
    const half = 0.08;
    densities.forEach((d, k) => {
      const x = (W * (k + 1)) / (densities.length + 1);
      const id = this.world.createBody({ type: 'dynamic', position: [x, 0.85], angle: 0.3 * (k - 1) });
      this.world.createShape(id, {
        kind: 'box',
        halfWidth: half,
        halfHeight: half,
        density: d,
        friction: 0.4,
      });
      this.ids.push(id);
      const b: FlipBody2D = {
        x,
        y: 0.85,
        angle: 0,
        vx: 0,
        vy: 0,
        omega: 0,
        halfWidth: half,
        halfHeight: half,
        fx: 0,
        fy: 0,
        torque: 0,
      };
      sim.bodies.push(b);
    });
  }

  get time(): number {
    return this.sim.time;
  }

  step(): void {
    const sub = FRAME / 2;
    for (let s = 0; s < 2; s++) {
      for (let k = 0; k < this.ids.length; k++) {
        const id = this.ids[k]!;
        const b = this.sim.bodies[k]!;
        const [x, y] = this.world.getPosition(id);
        const [vx, vy] = this.world.getLinearVelocity(id);
        b.x = x;
        b.y = y;
        b.angle = this.world.getAngle(id);
        b.vx = vx;
        b.vy = vy;
        b.omega = this.world.getAngularVelocity(id);
      }
      this.sim.step(sub);
      for (let k = 0; k < this.ids.length; k++) {
        const b = this.sim.bodies[k]!;
        this.world.applyForce(this.ids[k]!, [b.fx, b.fy]);
        this.world.applyTorque(this.ids[k]!, b.torque);
      }
      this.world.step(sub);
    }
  }

  setDisplay(values: DemoParamValues): void {
    if (values.draw !== undefined) this.dots = String(values.draw) === 'dots';
  }

  series(): Record<string, number> {
    const out: Record<string, number> = {};
    this.ids.forEach((id, k) => {
      out[`box${k}`] = this.world.getPosition(id)[1];
    });
    return out;
  }

  stats(): Record<string, number> {
    return { time: this.time, particles: this.sim.count, ...this.series() };
  }

  draw(ctx: CanvasRenderingContext2D, view: View): void {
    ctx.fillStyle = '#f4f1ea';
    ctx.fillRect(0, 0, view.width, view.height);
    drawSim(ctx, view, this.sim, 0, this.dots ? null : this.surface);
    const colors = ['#d3a55c', '#8a6a3b', '#4b5563'];
    for (let k = 0; k < this.ids.length; k++) {
      const b = this.sim.bodies[k]!;
      const [x, y] = this.world.getPosition(this.ids[k]!);
      const a = this.world.getAngle(this.ids[k]!);
      ctx.save();
      ctx.translate(toPxX(view, x), toPxY(view, y));
      ctx.rotate(-a);
      ctx.fillStyle = colors[k % colors.length]!;
      ctx.fillRect(
        -b.halfWidth * view.scale,
        -b.halfHeight * view.scale,
        2 * b.halfWidth * view.scale,
        2 * b.halfHeight * view.scale,
      );
      ctx.restore();
    }
    textPanel(ctx, [
      `box densities ${this.densities.join(', ')} kg/m² in water of 1000: the light ones float, the heavy one sinks`,
    ]);
  }
}

const floatingBoxes: Demo = {
  id: 'flip-floating-boxes',
  title: 'Boxes floating in a FLIP liquid (two-way coupling with rigid2d)',
  domain: 'fluid',
  description:
    'Three rigid2d boxes dropped into FLIP water: the boxes’ cells move the liquid through the pressure projection, and the liquid’s pressure on the boxes’ faces pushes them back — buoyancy is ρ g times the submerged area (Archimedes). The light boxes bob and float with the part under water matching their density; the heavy one sinks to the floor.',
  dt: FRAME,
  view: (width, height) => ({ width, height, cx: 0.6, cy: 0.52, scale: Math.min(width / 1.3, height / 1.1) }),
  series: [
    { key: 'box0', label: 'light box height', unit: 'm', color: '#d3a55c' },
    { key: 'box1', label: 'medium box height', unit: 'm', color: '#8a6a3b' },
    { key: 'box2', label: 'heavy box height', unit: 'm', color: '#4b5563' },
  ],
  params: [drawParam],
  create: (p: DemoParamValues = {}) => {
    const sim = new FlipSim2D({ nx: 62, ny: 52, h: 1 / 50 });
    sim.addBlock(0, 0, sim.width, 0.45);
    return new FloatingBoxesInstance(sim, [500, 800, 2500], String(resolveParams(floatingBoxes, p)['draw']));
  },
};

/** The PIC / FLIP / APIC liquid demos. */
export const flipDemos: readonly Demo[] = [damBreak, rotatingBlob, floatingBoxes];
