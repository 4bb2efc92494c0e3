/**
 * Material point method demos (textbook §26.4; MLS-MPM, Hu et al. 2018): a snowball smashing into a
 * wall and splitting into clumps, two snowballs shattering in a collision (Stomakhin et al. 2013's snow plasticity), a sand column collapsing into a pile (Drucker–Prager,
 * Klár et al. 2016), jelly cubes falling and bouncing, and the classic three-material drop (water,
 * jelly, snow), and in 3D (MpmSim3D) jelly cubes dropped onto a sand heap, which the playground shows
 * in its three.js view as lit spheres (`readParticles3`) and the CLI as a depth-sorted projection.
 * Each frame runs as many MPM substeps as its stability limit needs.
 */
import type { MpmMaterialDef } from '../mpm/material.js';
import { MpmSim2D } from '../mpm/mpm2d.js';
import { MpmSim3D } from '../mpm/mpm3d.js';
import { LiquidSurface2D } from '../render/liquid-surface.js';
import { LiquidSurface3D } from '../render/liquid-surface3d.js';
import { type Camera3, CameraFrame3, orbitCamera3 } from '../render/view3d.js';
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

/** Particle colours per material kind. */
const COLORS: Record<string, string> = {
  jelly: '#e0684b',
  snow: '#9fb7d9',
  sand: '#d3a55c',
  fluid: '#3b82c4',
};

/** A running MPM demo: the simulation, substeps per frame, and the readouts. */
class MpmDemoInstance implements DemoInstance {
  readonly dt = FRAME;
  private readonly substeps: number;
  private readonly colors: string[];
  /** the fluid's surface (marching squares over a density splat), null without a fluid material */
  private readonly surface: LiquidSurface2D | null;
  private fluidXY = new Float64Array(0);
  private dots: boolean;

  constructor(
    readonly sim: MpmSim2D,
    private readonly label: string,
    draw = 'surface',
  ) {
    // whole substeps per frame, so frames of 1/60 s are simulated exactly
    this.substeps = Math.max(1, Math.ceil(FRAME / sim.dt - 1e-9));
    sim.dt = FRAME / this.substeps;
    this.colors = sim.materials.map((m) => COLORS[m.kind] ?? '#888');
    this.sand = sim.materials.some((m) => m.kind === 'sand');
    const b = sim.boundaryCells * sim.dx;
    this.surface = sim.materials.some((m) => m.kind === 'fluid')
      ? new LiquidSurface2D({ min: [b, b], max: [sim.size - b, sim.size - b], spacing: 0.5 * sim.dx })
      : null;
    this.dots = draw === 'dots';
  }

  /** Switches the fluid between its surface and its particles (the `draw` display parameter). */
  setDisplay(values: DemoParamValues): void {
    if (values.draw !== undefined) this.dots = String(values.draw) === 'dots';
  }

  private readonly sand: boolean;

  get time(): number {
    return this.sim.time;
  }

  step(): void {
    for (let i = 0; i < this.substeps; i++) this.sim.step();
  }

  series(): Record<string, number> {
    return { kineticEnergy: this.sim.kineticEnergy() };
  }

  stats(): Record<string, number> {
    let jp = 0;
    for (let p = 0; p < this.sim.count; p++) jp += this.sim.Jp[p]!;
    const out: Record<string, number> = {
      time: this.sim.time,
      particles: this.sim.count,
      substepsPerFrame: this.substeps,
      kineticEnergy: this.sim.kineticEnergy(),
      meanJp: this.sim.count > 0 ? jp / this.sim.count : 1,
    };
    if (this.sand) out['slopeDeg'] = pileSlope(this.sim);
    return out;
  }

  draw(ctx: CanvasRenderingContext2D, view: View): void {
    const { sim } = this;
    ctx.fillStyle = '#f4f1ea';
    ctx.fillRect(0, 0, view.width, view.height);
    // the walls' band
    const b = sim.boundaryCells * sim.dx;
    ctx.strokeStyle = '#8a8f98';
    ctx.lineWidth = 2;
    ctx.strokeRect(
      toPxX(view, b),
      toPxY(view, sim.size - b),
      (sim.size - 2 * b) * view.scale,
      (sim.size - 2 * b) * view.scale,
    );
    const r = Math.max(1, 0.35 * sim.dx * view.scale);
    const surfaced = this.surface !== null && !this.dots;
    if (surfaced) {
      if (this.fluidXY.length < 2 * sim.count) this.fluidXY = new Float64Array(2 * sim.count);
      let k = 0;
      for (let p = 0; p < sim.count; p++) {
        if (sim.materials[sim.material[p]!]!.kind !== 'fluid') continue;
        this.fluidXY[2 * k] = sim.x[p]!;
        this.fluidXY[2 * k + 1] = sim.y[p]!;
        k++;
      }
      this.surface!.update(this.fluidXY, 2, 0, k);
      this.surface!.draw(ctx, view);
    }
    for (let m = 0; m < this.colors.length; m++) {
      if (surfaced && sim.materials[m]!.kind === 'fluid') continue;
      ctx.fillStyle = this.colors[m]!;
      for (let p = 0; p < sim.count; p++) {
        if (sim.material[p] !== m) continue;
        ctx.fillRect(toPxX(view, sim.x[p]!) - r, toPxY(view, sim.y[p]!) - r, 2 * r, 2 * r);
      }
    }
    const lines = [this.label, `${sim.count} particles, ${this.substeps} substeps per frame`];
    if (this.sand) lines.push(`pile slope ${pileSlope(sim).toFixed(1)}°`);
    textPanel(ctx, lines);
  }
}

/**
 * The slope of a pile's flanks, degrees: the columns' top heights (one column per grid cell) on
 * each side of the highest, between 15% and 85% of the height, fitted by a least-squares line; the
 * mean of the two sides' slopes (0 for a pile too flat to measure).
 */
export function pileSlope(sim: MpmSim2D): number {
  const n = sim.resolution;
  const floor = sim.boundaryCells * sim.dx;
  const top = new Float64Array(n).fill(-1);
  for (let p = 0; p < sim.count; p++) {
    const b = Math.min(n - 1, Math.floor(sim.x[p]! * sim.invDx));
    top[b] = Math.max(top[b]!, sim.y[p]! - floor);
  }
  let peak = 0;
  for (let b = 0; b < n; b++) if (top[b]! > top[peak]!) peak = b;
  const hmax = top[peak]!;
  let sum = 0;
  let sides = 0;
  for (const dir of [-1, 1]) {
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let sxy = 0;
    let k = 0;
    for (let b = peak + dir; b >= 0 && b < n; b += dir) {
      const h = top[b]!;
      if (!(h > 0.15 * hmax && h < 0.85 * hmax)) continue;
      const x = (b - peak) * dir * sim.dx;
      sx += x;
      sy += h;
      sxx += x * x;
      sxy += x * h;
      k++;
    }
    if (k < 2) continue;
    const slope = -(k * sxy - sx * sy) / (k * sxx - sx * sx);
    sum += (Math.atan(slope) * 180) / Math.PI;
    sides++;
  }
  return sides > 0 ? sum / sides : 0;
}

/** The particles of a 3D demo as the three.js view draws them (positions and colours, float32). */
export interface ParticleCloud3 {
  /** particles in use */
  count: number;
  /** x, y, z per particle (m) */
  positions: Float32Array;
  /** r, g, b per particle in [0, 1] */
  colors: Float32Array;
  /** the radius to draw each particle with (m) */
  radius: number;
}

/** Particle colours per material kind, as r, g, b in [0, 1]. */
const RGB: Record<string, [number, number, number]> = {
  jelly: [0.88, 0.41, 0.29],
  snow: [0.72, 0.8, 0.92],
  sand: [0.83, 0.65, 0.36],
  fluid: [0.23, 0.51, 0.77],
};

/** The display switch of the demos with a liquid (2D and 3D): its surface, or its particles. */
export const drawParam3: DemoParam = {
  key: 'draw',
  label: 'draw the liquid as',
  kind: 'choice',
  default: 'surface',
  options: ['surface', 'dots'],
  display: true,
};

/**
 * A running 3D MPM demo: the simulation, its camera, the particle cloud that the playground's
 * three.js view reads (`readParticles3`) and, where a fluid material is present, the fluid's surface
 * (`readSurface3`: density splat and marching cubes); `draw` is a depth-sorted Canvas 2D projection
 * (the CLI), the fluid drawn as flat-shaded triangles sorted with the other particles.
 */
export class Mpm3dDemoInstance implements DemoInstance {
  /** the fixed frame step */
  readonly dt = FRAME;
  /** the suggested camera (read by the three.js view) */
  readonly camera3: Camera3;
  private readonly substeps: number;
  private readonly frame: CameraFrame3;
  private readonly cloud: ParticleCloud3;
  private readonly proj = new Float64Array(2);
  /** the fluid's surface (null without a fluid material) */
  private readonly surface: LiquidSurface3D | null;
  /** per material: 1 for the fluid the surface draws */
  private readonly liquid: Uint8Array;
  private liquidPositions = new Float32Array(0);
  private dots: boolean;

  constructor(
    /** the simulation */
    readonly sim: MpmSim3D,
    private readonly label: string,
    draw = 'surface',
  ) {
    this.liquid = Uint8Array.from(sim.materials, (m) => (m.kind === 'fluid' ? 1 : 0));
    const b = sim.boundaryCells * sim.dx;
    // seeded at Δx/2 (the default spacing); the field's nodes two spacings apart
    this.surface = this.liquid.includes(1)
      ? new LiquidSurface3D({
          min: [b, b, b],
          max: [sim.size - b, sim.size - b, sim.size - b],
          spacing: 0.5 * sim.dx,
          color: RGB['fluid']!,
        })
      : null;
    this.dots = draw === 'dots';
    this.substeps = Math.max(1, Math.ceil(FRAME / sim.dt - 1e-9));
    sim.dt = FRAME / this.substeps;
    this.camera3 = orbitCamera3([0.5, 0.3, 0.5], 1.7, 0.6, 0.45);
    this.frame = new CameraFrame3(this.camera3);
    this.cloud = {
      count: 0,
      positions: new Float32Array(0),
      colors: new Float32Array(0),
      radius: 0.3 * sim.dx,
    };
  }

  /** simulated time (s) */
  get time(): number {
    return this.sim.time;
  }

  /** One frame: whole substeps of the stable dt. */
  step(): void {
    for (let i = 0; i < this.substeps; i++) this.sim.step();
  }

  /** Switches the fluid between its surface and its particles (the `draw` display parameter). */
  setDisplay(values: DemoParamValues): void {
    if (values.draw !== undefined) this.dots = String(values.draw) === 'dots';
  }

  /** true while the fluid is drawn as a surface */
  private get surfaced(): boolean {
    return this.surface !== null && !this.dots;
  }

  /**
   * The fluid's surface now, refreshed from its particles, or null (no fluid, or the fluid drawn as
   * particles); the buffers are reused between calls.
   */
  readSurface3(): LiquidSurface3D | null {
    if (!this.surfaced) return null;
    const { sim } = this;
    if (this.liquidPositions.length < 3 * sim.count) this.liquidPositions = new Float32Array(3 * sim.count);
    const out = this.liquidPositions;
    let k = 0;
    for (let p = 0; p < sim.count; p++) {
      if (this.liquid[sim.material[p]!] === 0) continue;
      out[3 * k] = sim.x[p]!;
      out[3 * k + 1] = sim.y[p]!;
      out[3 * k + 2] = sim.z[p]!;
      k++;
    }
    this.surface!.update(out, 3, 0, k);
    return this.surface;
  }

  /**
   * The particles to draw as spheres now, with their colours — all of them, or those not under the
   * fluid's surface while it is drawn (the arrays are reused between calls).
   */
  readParticles3(): ParticleCloud3 {
    const { sim, cloud } = this;
    if (cloud.positions.length < 3 * sim.count) {
      cloud.positions = new Float32Array(3 * sim.count);
      cloud.colors = new Float32Array(3 * sim.count);
    }
    const skip = this.surfaced;
    let k = 0;
    for (let p = 0; p < sim.count; p++) {
      if (skip && this.liquid[sim.material[p]!] === 1) continue;
      cloud.positions[3 * k] = sim.x[p]!;
      cloud.positions[3 * k + 1] = sim.y[p]!;
      cloud.positions[3 * k + 2] = sim.z[p]!;
      const c = RGB[sim.materials[sim.material[p]!]!.kind] ?? [0.5, 0.5, 0.5];
      cloud.colors[3 * k] = c[0];
      cloud.colors[3 * k + 1] = c[1];
      cloud.colors[3 * k + 2] = c[2];
      k++;
    }
    cloud.count = k;
    return cloud;
  }

  /** The plotted series. */
  series(): Record<string, number> {
    return { kineticEnergy: this.sim.kineticEnergy() };
  }

  /** Numbers for the CLI and the tests. */
  stats(): Record<string, number> {
    let top = 0;
    for (let p = 0; p < this.sim.count; p++) top = Math.max(top, this.sim.y[p]!);
    return {
      time: this.sim.time,
      particles: this.sim.count,
      substepsPerFrame: this.substeps,
      kineticEnergy: this.sim.kineticEnergy(),
      highestParticle: top,
    };
  }

  /**
   * A depth-sorted projection of the particles (far first), shaded by depth; the fluid's surface
   * (when drawn) as flat-shaded triangles in the same far-to-near order.
   */
  draw(ctx: CanvasRenderingContext2D, view: View): void {
    const { sim, frame, proj } = this;
    ctx.fillStyle = '#eef0f3';
    ctx.fillRect(0, 0, view.width, view.height);
    const skip = this.surfaced;
    const order: number[] = [];
    const depth = new Float64Array(sim.count);
    const px = new Float64Array(2 * sim.count);
    for (let p = 0; p < sim.count; p++) {
      if (skip && this.liquid[sim.material[p]!] === 1) continue;
      depth[p] = frame.project(sim.x[p]!, sim.y[p]!, sim.z[p]!, proj);
      px[2 * p] = toPxX(view, proj[0]!);
      px[2 * p + 1] = toPxY(view, proj[1]!);
      order.push(p);
    }
    order.sort((a, b) => depth[b]! - depth[a]!);
    const n = order.length;
    // the floor's outline (the walls' band)
    const b = sim.boundaryCells * sim.dx;
    const hi = sim.size - b;
    ctx.strokeStyle = '#8a8f98';
    ctx.beginPath();
    for (const [x, z] of [
      [b, b],
      [hi, b],
      [hi, hi],
      [b, hi],
      [b, b],
    ] as const) {
      frame.project(x, b, z, proj);
      ctx.lineTo(toPxX(view, proj[0]!), toPxY(view, proj[1]!));
    }
    ctx.stroke();
    // the fluid's faces and the particles merged far to near (one painter's order)
    const surface = skip ? this.readSurface3()! : null;
    const faces = surface ? surface.sortFaces(view, frame) : 0;
    let face = 0;
    const near = frame.distance - 0.6;
    const r = Math.max(1, 0.5 * sim.dx * view.scale);
    for (let k = 0; k < n; k++) {
      const p = order[k]!;
      while (face < faces && surface!.faceDepth(face) >= depth[p]!) surface!.drawFace(ctx, face++);
      const c = RGB[sim.materials[sim.material[p]!]!.kind] ?? [0.5, 0.5, 0.5];
      const shade = Math.max(0.45, Math.min(1, 1.15 - 0.5 * (depth[p]! - near)));
      ctx.fillStyle = `rgb(${Math.round(255 * c[0] * shade)},${Math.round(255 * c[1] * shade)},${Math.round(255 * c[2] * shade)})`;
      ctx.fillRect(px[2 * p]! - r, px[2 * p + 1]! - r, 2 * r, 2 * r);
    }
    while (face < faces) surface!.drawFace(ctx, face++);
    textPanel(ctx, [this.label, `${sim.count} particles, ${this.substeps} substeps per frame`]);
  }
}

const RESOLUTION: DemoParam = {
  key: 'resolution',
  label: 'grid cells per side',
  kind: 'number',
  default: 64,
  min: 32,
  max: 128,
  step: 16,
};

function makeDemo(
  id: string,
  title: string,
  description: string,
  params: DemoParam[],
  build: (p: DemoParamValues) => { sim: MpmSim2D; label: string },
): Demo {
  const demo: Demo = {
    id,
    title,
    domain: 'mpm',
    description,
    dt: FRAME,
    view: (width, height) => ({ width, height, cx: 0.5, cy: 0.5, scale: Math.min(width, height) / 1.05 }),
    params,
    series: [{ key: 'kineticEnergy', label: 'kinetic energy', unit: 'J', color: '#c2410c' }],
    create: (p: DemoParamValues = {}) => {
      const values = resolveParams(demo, p);
      const { sim, label } = build(values);
      return new MpmDemoInstance(sim, label, String(values['draw'] ?? 'surface'));
    },
  };
  return demo;
}

/**
 * dt from a CFL-style limit: 0.3 Δx / c with c = √((λ + 2μ)/ρ) of the stiffest material, snow at its
 * largest hardening (and ≤ 1/600 s).
 */
function stableDt(n: number, defs: MpmMaterialDef[]): number {
  let c = 1;
  for (const d of defs) {
    const E = d.youngsModulus ?? 1e4;
    const nu = d.poissonsRatio ?? 0.2;
    const rho = d.density ?? 1000;
    const hard = d.kind === 'snow' ? (d.maxHardening ?? 20) : 1;
    const m = hard * (d.kind === 'fluid' ? E : (E * (1 - nu)) / ((1 + nu) * (1 - 2 * nu)));
    c = Math.max(c, Math.sqrt(m / rho));
  }
  return Math.min(1 / 600, (0.3 * (1 / n)) / c);
}

const SNOW: MpmMaterialDef = {
  kind: 'snow',
  youngsModulus: 1.4e4,
  poissonsRatio: 0.2,
  density: 400,
  criticalStretch: 7.5e-3,
};
/**
 * Stomakhin et al. 2013's snow (their E0, ν, θc, θs, ξ, ρ), the hardening capped at 20 and compaction
 * stopping at the cap (Jp ≥ 1 − ln 20 / 10), so a ball thrown at a wall splatters into clumps.
 */
const WALL_SNOW: MpmMaterialDef = {
  kind: 'snow',
  youngsModulus: 1.4e5,
  poissonsRatio: 0.2,
  density: 400,
  criticalCompression: 2.5e-2,
  criticalStretch: 7.5e-3,
  hardening: 10,
  maxHardening: 20,
  compactionLimit: 1 - Math.log(20) / 10,
};
const SAND: MpmMaterialDef = {
  kind: 'sand',
  youngsModulus: 3.5e5,
  poissonsRatio: 0.3,
  density: 2200,
  frictionAngle: 35,
  // damps the grain skeleton's elastic vibration, which otherwise keeps a pile creeping flatter
  viscosity: 50,
};
const JELLY: MpmMaterialDef = {
  kind: 'jelly',
  youngsModulus: 8e3,
  poissonsRatio: 0.3,
  density: 500,
  viscosity: 4,
};
const WATER: MpmMaterialDef = { kind: 'fluid', youngsModulus: 1e4, density: 1000 };

const SAND3: MpmMaterialDef = {
  kind: 'sand',
  youngsModulus: 5e4,
  poissonsRatio: 0.3,
  density: 2000,
  frictionAngle: 35,
  viscosity: 20,
};
const JELLY3: MpmMaterialDef = {
  kind: 'jelly',
  youngsModulus: 6e3,
  poissonsRatio: 0.3,
  density: 400,
  viscosity: 3,
};

/** The 3D MPM demo (jelly cubes onto a sand heap), shown in the playground's three.js view. */
export const mpm3dDemo: Demo = {
  id: 'mpm-3d-jelly-sand',
  title: '3D MPM: jelly cubes onto sand',
  domain: 'mpm',
  description:
    'The material point method in 3D (MLS-MPM, Hu et al. 2018): a column of Drucker–Prager sand (Klár et al. 2016) slumps into a heap while three cubes of fixed-corotated jelly fall onto it. The sand flows until its slope reaches about its friction angle; the jelly bounces, dents the heap and keeps its shape. Drag to orbit the camera.',
  dt: FRAME,
  view: (width, height) => ({ width, height, cx: 0, cy: 0.05, scale: Math.min(width, height) / 1.1 }),
  params: [
    {
      key: 'resolution',
      label: 'grid cells per side',
      kind: 'number',
      default: 24,
      min: 16,
      max: 48,
      step: 8,
    },
    {
      key: 'friction',
      label: 'sand friction angle (°)',
      kind: 'number',
      default: 35,
      min: 15,
      max: 50,
      step: 1,
    },
  ],
  series: [{ key: 'kineticEnergy', label: 'kinetic energy', unit: 'J', color: '#c2410c' }],
  create: (values: DemoParamValues = {}) => {
    const p = resolveParams(mpm3dDemo, values);
    const n = Number(p['resolution']);
    const sand = { ...SAND3, frictionAngle: Number(p['friction']) };
    const sim = new MpmSim3D({ resolution: n, dt: stableDt(n, [sand, JELLY3]), boundary: 'separate' });
    const s = sim.addMaterial(sand);
    const j = sim.addMaterial(JELLY3);
    const f = 3 / n;
    sim.addBox(0.4, f, 0.4, 0.6, f + 0.3, 0.6, s);
    sim.addBox(0.2, 0.45, 0.42, 0.34, 0.59, 0.56, j, { velocity: [1, 0, 0] });
    sim.addBox(0.6, 0.55, 0.6, 0.72, 0.67, 0.72, j, { velocity: [-0.8, 0, -0.8] });
    sim.addBox(0.45, 0.75, 0.3, 0.57, 0.87, 0.42, j);
    return new Mpm3dDemoInstance(sim, `sand (φ = ${p['friction']}°) and jelly, ${n}³ grid`);
  },
};

const WATER3: MpmMaterialDef = { kind: 'fluid', youngsModulus: 1e4, density: 1000 };

/** The 3D MPM demo with a liquid: a water column collapsing and a jelly cube dropped into it. */
export const mpm3dWaterDemo: Demo = {
  id: 'mpm-3d-water-jelly',
  title: '3D MPM: water and a jelly cube',
  domain: 'mpm',
  description:
    'The material point method in 3D (MLS-MPM, Hu et al. 2018): a column of weakly compressible water collapses and a cube of fixed-corotated jelly falls into the wave, both on one background grid. The water is drawn as its surface — its particles splatted into a density field and the iso-surface at half the rest density extracted by marching cubes (Lorensen & Cline 1987); switch “draw the liquid as” to dots to see the particles. Drag to orbit the camera.',
  dt: FRAME,
  view: (width, height) => ({ width, height, cx: 0, cy: -0.05, scale: Math.min(width, height) / 1.35 }),
  params: [
    {
      key: 'resolution',
      label: 'grid cells per side',
      kind: 'number',
      default: 24,
      min: 16,
      max: 40,
      step: 8,
    },
    drawParam3,
  ],
  series: [{ key: 'kineticEnergy', label: 'kinetic energy', unit: 'J', color: '#c2410c' }],
  create: (values: DemoParamValues = {}) => {
    const p = resolveParams(mpm3dWaterDemo, values);
    const n = Number(p['resolution']);
    const sim = new MpmSim3D({ resolution: n, dt: stableDt(n, [WATER3, JELLY3]), boundary: 'separate' });
    const w = sim.addMaterial(WATER3);
    const j = sim.addMaterial(JELLY3);
    const f = 3 / n;
    sim.addBox(f, f, 0.3, f + 0.3, f + 0.45, 0.7, w);
    sim.addBox(0.55, 0.5, 0.42, 0.7, 0.65, 0.57, j);
    return new Mpm3dDemoInstance(sim, `water and jelly, ${n}³ grid`, String(p['draw']));
  },
};

/** The material point method demos (2D, and the 3D scenes). */
export const mpmDemos: readonly Demo[] = [
  makeDemo(
    'mpm-snowball',
    'Snowball hitting a wall (MPM snow)',
    'A snowball thrown at a wall, simulated with the material point method (MLS-MPM, Hu et al. 2018) and Stomakhin et al. 2013’s snow with their parameters (Young’s modulus 140 kPa, Poisson’s ratio 0.2, critical compression 2.5%, critical stretch 0.75%, hardening 10): elastic until a critical compression or stretch, then plastic, compacted snow hardening and stretched snow softening. Watch the ball splatter along the wall and break into clumps that fall away. The hardening is capped at 20× for the explicit time step, so compaction stops where the cap is reached; switch “compaction stops at the cap” off and the snow compacts without bound into one hard pancake that bounces off whole.',
    [
      { ...RESOLUTION, default: 48, max: 96 },
      { key: 'speed', label: 'throw speed (m/s)', kind: 'number', default: 15, min: 5, max: 25, step: 1 },
      { key: 'limit', label: 'compaction stops at the cap', kind: 'boolean', default: true },
    ],
    (p) => {
      const n = Number(p['resolution']);
      const def: MpmMaterialDef = {
        ...WALL_SNOW,
        compactionLimit: p['limit'] === false ? 0 : WALL_SNOW.compactionLimit,
      };
      const sim = new MpmSim2D({ resolution: n, dt: stableDt(n, [def]), boundaryFriction: 0.5 });
      const m = sim.addMaterial(def);
      sim.addDisc(0.3, 0.55, 0.1, m, { velocity: [Number(p['speed']), 1] });
      return { sim, label: 'snow (Stomakhin et al. 2013) against a wall' };
    },
  ),
  makeDemo(
    'mpm-snowball-collision',
    'Snowballs colliding and shattering (MPM snow)',
    'Two snowballs thrown at each other slightly off-centre, with Stomakhin et al. 2013’s snow (Young’s modulus 140 kPa, critical compression 2.5%, critical stretch 0.75%, hardening 10): where the snow is stretched past its critical stretch it yields, its plastic volume grows and it softens, so the balls tear into clumps and crumbs instead of bouncing apart whole as jelly would.',
    [
      { ...RESOLUTION, default: 48, max: 96 },
      {
        key: 'speed',
        label: 'each ball’s speed (m/s)',
        kind: 'number',
        default: 15,
        min: 5,
        max: 25,
        step: 1,
      },
    ],
    (p) => {
      const n = Number(p['resolution']);
      const def: MpmMaterialDef = { ...SNOW, youngsModulus: 1.4e5 };
      const sim = new MpmSim2D({ resolution: n, dt: stableDt(n, [def]), gravity: [0, 0] });
      const m = sim.addMaterial(def);
      const v = Number(p['speed']);
      sim.addDisc(0.3, 0.45, 0.1, m, { velocity: [v, 0] });
      sim.addDisc(0.7, 0.55, 0.1, m, { velocity: [-v, 0] });
      return { sim, label: 'snow (Stomakhin et al. 2013), no gravity' };
    },
  ),
  makeDemo(
    'mpm-sand-pile',
    'Sand column collapse (MPM, Drucker–Prager)',
    'A column of sand released on a rough floor spreads into a pile: Drucker–Prager plasticity in log strain (Klár et al. 2016) lets the grains slide past each other under shear but never pull apart. The panel shows the pile’s measured slope: compare it with the friction angle (a collapsing column overshoots and ends a few degrees flatter than a slowly built heap, which stands at about the friction angle).',
    [
      RESOLUTION,
      {
        key: 'friction',
        label: 'friction angle (°)',
        kind: 'number',
        default: 35,
        min: 10,
        max: 55,
        step: 1,
      },
    ],
    (p) => {
      const n = Number(p['resolution']);
      const def = { ...SAND, frictionAngle: Number(p['friction']) };
      const sim = new MpmSim2D({ resolution: n, dt: stableDt(n, [def]), boundary: 'sticky' });
      const m = sim.addMaterial(def);
      sim.addBox(0.35, 3 / n, 0.65, 3 / n + 0.3, m);
      return { sim, label: `sand, friction angle ${p['friction']}° (Klár et al. 2016)` };
    },
  ),
  makeDemo(
    'mpm-jelly',
    'Jelly cubes (MPM, fixed-corotated elasticity)',
    'Three jelly cubes dropped onto each other: fixed-corotated elasticity (Stomakhin et al. 2012) with a little Kelvin–Voigt damping, moved by the material point method. The cubes squash, bounce and come to rest in their own shape.',
    [
      RESOLUTION,
      {
        key: 'stiffness',
        label: 'Young’s modulus (Pa)',
        kind: 'number',
        default: 8000,
        min: 1000,
        max: 40000,
        step: 1000,
      },
    ],
    (p) => {
      const n = Number(p['resolution']);
      const def = { ...JELLY, youngsModulus: Number(p['stiffness']) };
      const sim = new MpmSim2D({ resolution: n, dt: stableDt(n, [def]) });
      const m = sim.addMaterial(def);
      sim.addBox(0.3, 0.1, 0.5, 0.3, m);
      sim.addBox(0.45, 0.45, 0.6, 0.6, m);
      sim.addBox(0.35, 0.72, 0.48, 0.85, m, { velocity: [0.5, 0] });
      return { sim, label: 'jelly (fixed corotated)' };
    },
  ),
  makeDemo(
    'mpm-three-materials',
    'Water, jelly and snow (MLS-MPM)',
    'The material point method’s classic demonstration: blocks of water, jelly and snow fall into one box and interact through the same background grid (MLS-MPM, Hu et al. 2018). The water splashes, the jelly bounces, the snow crumbles and packs. The water is drawn as its surface (marching squares over a density splat of its particles); switch “draw the liquid as” to dots to see the particles.',
    [RESOLUTION, drawParam3],
    (p) => {
      const n = Number(p['resolution']);
      const sim = new MpmSim2D({ resolution: n, dt: stableDt(n, [WATER, JELLY, SNOW]) });
      const w = sim.addMaterial(WATER);
      const j = sim.addMaterial(JELLY);
      const s = sim.addMaterial(SNOW);
      sim.addBox(0.1, 0.1, 0.35, 0.45, w);
      sim.addBox(0.45, 0.45, 0.62, 0.62, j);
      sim.addBox(0.65, 0.7, 0.85, 0.88, s);
      return { sim, label: 'blue: water, red: jelly, grey-blue: snow' };
    },
  ),
  mpm3dDemo,
  mpm3dWaterDemo,
];
