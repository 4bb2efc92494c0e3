/**
 * Material point method demos (textbook §26.4; MLS-MPM, Hu et al. 2018): a snowball smashing into a
 * wall (Stomakhin et al. 2013's snow plasticity), a sand column collapsing into a pile (Drucker–Prager,
 * Klár et al. 2016), jelly cubes falling and bouncing, and the classic three-material drop (water,
 * jelly, snow). Each frame runs as many MPM substeps as its stability limit needs.
 */
import type { MpmMaterialDef } from '../mpm/material.js';
import { MpmSim2D } from '../mpm/mpm2d.js';
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

  constructor(
    readonly sim: MpmSim2D,
    private readonly label: string,
  ) {
    // whole substeps per frame, so frames of 1/60 s are simulated exactly
    this.substeps = Math.max(1, Math.ceil(FRAME / sim.dt - 1e-9));
    sim.dt = FRAME / this.substeps;
    this.colors = sim.materials.map((m) => COLORS[m.kind] ?? '#888');
  }

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
    return {
      time: this.sim.time,
      particles: this.sim.count,
      substepsPerFrame: this.substeps,
      kineticEnergy: this.sim.kineticEnergy(),
      meanJp: this.sim.count > 0 ? jp / this.sim.count : 1,
    };
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
    for (let m = 0; m < this.colors.length; m++) {
      ctx.fillStyle = this.colors[m]!;
      for (let p = 0; p < sim.count; p++) {
        if (sim.material[p] !== m) continue;
        ctx.fillRect(toPxX(view, sim.x[p]!) - r, toPxY(view, sim.y[p]!) - r, 2 * r, 2 * r);
      }
    }
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
      const { sim, label } = build(resolveParams(demo, p));
      return new MpmDemoInstance(sim, label);
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
const SAND: MpmMaterialDef = {
  kind: 'sand',
  youngsModulus: 3.5e5,
  poissonsRatio: 0.3,
  density: 2200,
  frictionAngle: 35,
};
const JELLY: MpmMaterialDef = {
  kind: 'jelly',
  youngsModulus: 8e3,
  poissonsRatio: 0.3,
  density: 500,
  viscosity: 4,
};
const WATER: MpmMaterialDef = { kind: 'fluid', youngsModulus: 1e4, density: 1000 };

export const mpmDemos: readonly Demo[] = [
  makeDemo(
    'mpm-snowball',
    'Snowball hitting a wall (MPM snow)',
    'A snowball thrown at a wall, simulated with the material point method (MLS-MPM, Hu et al. 2018) and Stomakhin et al. 2013’s snow model: elastic until a critical compression or stretch, then plastic, with the compacted snow hardening. Watch it flatten against the wall and keep the dent instead of bouncing back like jelly.',
    [
      RESOLUTION,
      { key: 'speed', label: 'throw speed (m/s)', kind: 'number', default: 6, min: 1, max: 15, step: 0.5 },
    ],
    (p) => {
      const n = Number(p['resolution']);
      const sim = new MpmSim2D({ resolution: n, dt: stableDt(n, [SNOW]) });
      const m = sim.addMaterial(SNOW);
      sim.addDisc(0.3, 0.55, 0.1, m, { velocity: [Number(p['speed']), 1] });
      return { sim, label: 'snow (Stomakhin et al. 2013)' };
    },
  ),
  makeDemo(
    'mpm-sand-pile',
    'Sand column collapse (MPM, Drucker–Prager)',
    'A column of sand released on a rough floor spreads into a pile: Drucker–Prager plasticity in log strain (Klár et al. 2016) lets the grains slide past each other under shear but never pull apart. Compare the friction angle setting with the pile’s final slope.',
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
      sim.addBox(0.42, 3 / n, 0.58, 3 / n + 0.4, m);
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
    'The material point method’s classic demonstration: blocks of water, jelly and snow fall into one box and interact through the same background grid (MLS-MPM, Hu et al. 2018). The water splashes, the jelly bounces, the snow crumbles and packs.',
    [RESOLUTION],
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
];
