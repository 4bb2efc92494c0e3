/**
 * The 3D FLIP liquid demo (textbook §26.4, "PIC、FLIP、APIC"): a dam break in a tank, the liquid drawn
 * as a surface (density splat and marching cubes, `render/liquid-surface3d.ts`) or as its particles:
 * in the playground's three.js view one mesh (`readSurface3`) or lit instanced spheres
 * (`readParticles3`, `camera3`), headless (the CLI) flat-shaded triangles or a depth-sorted projection
 * of the particles.
 */
import { FlipSim3D } from '../fluid/flip3d.js';
import type { TransferMode } from '../fluid/particle-transfer.js';
import { LiquidSurface3D } from '../render/liquid-surface3d.js';
import { type Camera3, CameraFrame3, orbitCamera3 } from '../render/view3d.js';
import { textPanel } from './kit/labels.js';
import { drawParam3, type ParticleCloud3 } from './mpm.js';
import {
  type Demo,
  type DemoInstance,
  type DemoParamValues,
  resolveParams,
  toPxX,
  toPxY,
  type View,
} from './types.js';

const FRAME = 1 / 60;

/** The tank's inside, m: 1.2 long (x), 0.8 tall (y), 0.6 deep (z). */
const TANK = [1.2, 0.8, 0.6] as const;

/**
 * A running 3D FLIP demo: the simulation, its camera, and the liquid's surface or its particle cloud
 * (coloured by speed, slow blue to fast white) that the three.js view reads; `draw` draws the same
 * for the CLI.
 */
export class Flip3dDemoInstance implements DemoInstance {
  /** the fixed frame step */
  readonly dt = FRAME;
  /** the suggested camera (read by the three.js view) */
  readonly camera3: Camera3;
  private readonly frame: CameraFrame3;
  private readonly cloud: ParticleCloud3;
  private readonly proj = new Float64Array(2);
  private readonly seeded: number;
  private readonly surface: LiquidSurface3D;
  private dots: boolean;

  constructor(
    /** the simulation */
    readonly sim: FlipSim3D,
    private readonly label: string,
    draw = 'surface',
  ) {
    const h = sim.h;
    // the field's nodes two particle spacings (one cell) apart: cheap enough for software WebGL
    this.surface = new LiquidSurface3D({
      min: [h, h, h],
      max: [sim.width - h, sim.height - h, sim.depth - h],
      spacing: 0.5 * h,
      color: [0.2, 0.48, 0.78],
    });
    this.dots = draw === 'dots';
    this.camera3 = orbitCamera3([0.5 * sim.width, 0.3, 0.5 * sim.depth], 2.3, 0.55, 0.5);
    this.frame = new CameraFrame3(this.camera3);
    this.cloud = {
      count: 0,
      positions: new Float32Array(0),
      colors: new Float32Array(0),
      radius: 0.3 * sim.h,
    };
    this.seeded = sim.particleVolume();
  }

  /** simulated time (s) */
  get time(): number {
    return this.sim.time;
  }

  /** One frame: two steps of half a frame (the fastest particles then move under two cells a step). */
  step(): void {
    this.sim.step(0.5 * FRAME);
    this.sim.step(0.5 * FRAME);
  }

  /** Switches between the surface and the particles (the `draw` display parameter). */
  setDisplay(values: DemoParamValues): void {
    if (values.draw !== undefined) this.dots = String(values.draw) === 'dots';
  }

  /**
   * The liquid's surface now, refreshed from the particles, or null when the liquid is drawn as
   * particles (the buffers are reused between calls).
   */
  readSurface3(): LiquidSurface3D | null {
    if (this.dots) return null;
    const cloud = this.gather();
    this.surface.update(cloud.positions, 3, 0, cloud.count);
    return this.surface;
  }

  /**
   * The particles to draw as spheres now, with their colours: all of them when the liquid is drawn
   * as particles, none under its surface (the arrays are reused between calls).
   */
  readParticles3(): ParticleCloud3 {
    const cloud = this.gather();
    if (!this.dots) cloud.count = 0;
    return cloud;
  }

  /** Copies every particle's position and colour into the cloud's arrays. */
  private gather(): ParticleCloud3 {
    const { sim, cloud } = this;
    const n = sim.count;
    if (cloud.positions.length < 3 * n) {
      cloud.positions = new Float32Array(3 * n);
      cloud.colors = new Float32Array(3 * n);
    }
    for (let p = 0; p < n; p++) {
      cloud.positions[3 * p] = sim.x[p]!;
      cloud.positions[3 * p + 1] = sim.y[p]!;
      cloud.positions[3 * p + 2] = sim.z[p]!;
      const s = speedShade(sim, p);
      cloud.colors[3 * p] = 0.16 + 0.8 * s;
      cloud.colors[3 * p + 1] = 0.42 + 0.55 * s;
      cloud.colors[3 * p + 2] = 0.78 + 0.2 * s;
    }
    cloud.count = n;
    return cloud;
  }

  /** The plotted series. */
  series(): Record<string, number> {
    return { volume: (100 * this.sim.volume()) / this.seeded, kineticEnergy: this.sim.kineticEnergy() };
  }

  /** Numbers for the CLI and the tests. */
  stats(): Record<string, number> {
    const sim = this.sim;
    let front = 0;
    let top = 0;
    for (let p = 0; p < sim.count; p++) {
      front = Math.max(front, sim.x[p]!);
      top = Math.max(top, sim.y[p]!);
    }
    return {
      time: sim.time,
      particles: sim.count,
      volumePercent: (100 * sim.volume()) / this.seeded,
      front,
      highestParticle: top,
      pressureIterations: sim.lastIterations,
      maxSpeed: sim.maxSpeed(),
    };
  }

  /**
   * The tank's outline and the liquid: its surface as flat-shaded triangles, or a depth-sorted
   * projection of the particles (far first), shaded by speed and depth.
   */
  draw(ctx: CanvasRenderingContext2D, view: View): void {
    const { sim, frame, proj } = this;
    ctx.fillStyle = '#eef0f3';
    ctx.fillRect(0, 0, view.width, view.height);
    const n = sim.count;
    // the tank's floor and its back edges
    const h = sim.h;
    const x1 = sim.width - h;
    const y1 = sim.height - h;
    const z1 = sim.depth - h;
    ctx.strokeStyle = '#8a8f98';
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (const [x, y, z] of [
      [h, h, h],
      [x1, h, h],
      [x1, h, z1],
      [h, h, z1],
      [h, h, h],
      [h, y1, h],
      [x1, y1, h],
      [x1, h, h],
    ] as const) {
      frame.project(x, y, z, proj);
      ctx.lineTo(toPxX(view, proj[0]!), toPxY(view, proj[1]!));
    }
    ctx.stroke();
    if (!this.dots) {
      this.readSurface3();
      this.surface.draw(ctx, view, frame);
      textPanel(ctx, [
        this.label,
        `${n} particles, volume ${((100 * sim.volume()) / this.seeded).toFixed(1)} % of the seeded`,
      ]);
      return;
    }
    const depth = new Float64Array(n);
    const px = new Float64Array(2 * n);
    const order = new Uint32Array(n);
    for (let p = 0; p < n; p++) {
      depth[p] = frame.project(sim.x[p]!, sim.y[p]!, sim.z[p]!, proj);
      px[2 * p] = toPxX(view, proj[0]!);
      px[2 * p + 1] = toPxY(view, proj[1]!);
      order[p] = p;
    }
    order.sort((a, b) => depth[b]! - depth[a]!);
    const near = frame.distance - 0.8;
    const r = Math.max(1, 0.35 * h * view.scale);
    for (let k = 0; k < n; k++) {
      const p = order[k]!;
      const s = speedShade(sim, p);
      const shade = Math.max(0.5, Math.min(1, 1.15 - 0.5 * (depth[p]! - near)));
      const cr = Math.round(255 * shade * (0.16 + 0.8 * s));
      const cg = Math.round(255 * shade * (0.42 + 0.55 * s));
      const cb = Math.round(255 * shade * (0.78 + 0.2 * s));
      ctx.fillStyle = `rgb(${cr},${cg},${cb})`;
      ctx.fillRect(px[2 * p]! - r, px[2 * p + 1]! - r, 2 * r, 2 * r);
    }
    textPanel(ctx, [
      this.label,
      `${n} particles, volume ${((100 * sim.volume()) / this.seeded).toFixed(1)} % of the seeded`,
    ]);
  }
}

/** A particle's speed mapped to [0, 1] (3 m/s and above: 1). */
function speedShade(sim: FlipSim3D, p: number): number {
  const s = Math.sqrt(sim.vx[p]! * sim.vx[p]! + sim.vy[p]! * sim.vy[p]! + sim.vz[p]! * sim.vz[p]!);
  return Math.min(1, s / 3);
}

/** The 3D FLIP dam break, shown in the playground's three.js view. */
export const flip3dDemo: Demo = {
  id: 'flip-3d-dam-break',
  title: '3D FLIP dam break',
  domain: 'fluid',
  description:
    'A column of water released in a tank, simulated in 3D with FLIP (Brackbill & Ruppel 1986, as a liquid by Zhu & Bridson 2005) or APIC (Jiang et al. 2015) on a staggered grid with a free surface: particles carry the velocity, the grid makes it incompressible with zero pressure in the air. The liquid is drawn as its surface: the particles splatted into a density field and its iso-surface extracted by marching cubes (Lorensen & Cline 1987); switch “draw the liquid as” to dots to see the particles. Watch the front run along the floor, climb the far wall and fall back as a wave; the volume stays within a percent or two. Drag to orbit the camera.',
  dt: FRAME,
  view: (width, height) => ({ width, height, cx: 0, cy: -0.05, scale: Math.min(width, height) / 1.9 }),
  params: [
    {
      key: 'resolution',
      label: 'cells per metre',
      kind: 'number',
      default: 20,
      min: 10,
      max: 40,
      step: 5,
    },
    {
      key: 'transfer',
      label: 'transfer',
      kind: 'choice',
      default: 'flip',
      options: ['flip', 'apic', 'pic'],
    },
    drawParam3,
  ],
  series: [{ key: 'volume', label: 'volume', unit: '%', color: '#1d4ed8' }],
  create: (values: DemoParamValues = {}) => {
    const p = resolveParams(flip3dDemo, values);
    const n = Number(p['resolution']);
    const h = 1 / n;
    const sim = new FlipSim3D({
      nx: Math.round(TANK[0] * n) + 2,
      ny: Math.round(TANK[1] * n) + 2,
      nz: Math.round(TANK[2] * n) + 2,
      h,
      transfer: String(p['transfer']) as TransferMode,
    });
    sim.addBlock([h, h, h], [h + 0.4, h + 0.6, sim.depth - h]);
    return new Flip3dDemoInstance(
      sim,
      `${String(p['transfer']).toUpperCase()}, ${n} cells per metre`,
      String(p['draw']),
    );
  },
};

/** The 3D PIC / FLIP / APIC demos. */
export const flip3dDemos: readonly Demo[] = [flip3dDemo];
