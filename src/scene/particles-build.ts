/**
 * Builds the liquid of a validated `rikigaku/particles@1` scene: an SPH / DFSPH fluid, a PBF set on an
 * XPBD world, or a FLIP liquid, with the blocks seeded on the rest lattice (particles inside an
 * obstacle left out) and the obstacles as boundary particles (SPH, PBF; Akinci et al. 2012) or fixed
 * solid boxes (FLIP). Engine errors are re-labelled with the scene's paths.
 */
import { PhysicsError } from '../core/errors.js';
import { FlipSim2D } from '../fluid/flip2d.js';
import type { TransferMode } from '../fluid/particle-transfer.js';
import { PbfSet } from '../particles/pbf.js';
import { SphFluid, type SphOptions } from '../particles/sph.js';
import { XpbdWorld } from '../xpbd/solver.js';
import type { ParticlesScene } from './particles-format.js';

/** A built particle liquid behind one face, whatever its method. */
export interface ParticleLiquid {
  /** the method's name as shown to a user */
  readonly name: string;
  /** advances by dt */
  step(dt: number): void;
  /** number of liquid particles */
  count(): number;
  /** positions for drawing: x and y of particle k at x[stride (first + k)], x[… + 1] (FLIP: xs, ys) */
  positions(): { x: Float64Array; y: Float64Array | null; stride: number; first: number };
  /** offset of the liquid's coordinates from the scene's (FLIP's grid starts one cell out) */
  readonly offset: [number, number];
  /** numbers for the CLI's stats */
  stats(): Record<string, number>;
}

/** Lattice points of a block (min + (i + ½) d), leaving out those inside an obstacle. */
function lattice(
  scene: ParticlesScene,
  b: ParticlesScene['blocks'][number],
  add: (x: number, y: number) => void,
): void {
  const d = scene.spacing;
  const nx = Math.floor((b.max[0] - b.min[0]) / d + 1e-9);
  const ny = Math.floor((b.max[1] - b.min[1]) / d + 1e-9);
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const x = b.min[0] + (i + 0.5) * d;
      const y = b.min[1] + (j + 0.5) * d;
      let blocked = false;
      for (const o of scene.obstacles) {
        if (x >= o.min[0] && x <= o.max[0] && y >= o.min[1] && y <= o.max[1]) blocked = true;
      }
      if (!blocked) add(x, y);
    }
  }
}

/** Re-labels an engine's argument error with the scene's path. */
function relabel(e: unknown, prefix: string): never {
  if (e instanceof PhysicsError && e.code !== 'invalid-scene') {
    const msg = e.message.replace(/^(sph|pbf|options)\./, '');
    throw new PhysicsError('invalid-scene', `${prefix}.${msg}`);
  }
  throw e;
}

function sphLiquid(scene: ParticlesScene): ParticleLiquid {
  const p = scene.parameters;
  const options: SphOptions = {
    dim: 2,
    spacing: scene.spacing,
    kernelRadius: scene.kernelRadius,
    restDensity: scene.restDensity,
    domain: { min: scene.domain.min, max: scene.domain.max, openTop: scene.domain.openTop },
    obstacles: scene.obstacles,
    gravity: scene.gravity,
    solver: scene.method === 'sph' ? 'wcsph' : 'dfsph',
    ...(p as object),
  };
  let f: SphFluid;
  try {
    f = new SphFluid(options);
  } catch (e) {
    relabel(e, 'scene.parameters');
  }
  scene.blocks.forEach((b, q) => {
    try {
      lattice(scene, b, (x, y) => f.addParticle(x, y, 0, b.velocity[0], b.velocity[1]));
    } catch (e) {
      relabel(e, `scene.blocks[${q}]`);
    }
  });
  const dfsph = scene.method === 'dfsph';
  return {
    name: dfsph ? 'DFSPH (Bender & Koschier 2015)' : 'WCSPH (Müller et al. 2003)',
    step: (dt) => f.step(dt),
    count: () => f.fluidCount,
    positions: () => ({ x: f.x, y: null, stride: 3, first: f.boundaryCount }),
    offset: [0, 0],
    stats: () => ({
      densityErrorPercent: 100 * f.stats.densityError,
      densityIterations: f.stats.densityIterations,
      divergenceIterations: f.stats.divergenceIterations,
      clamped: f.stats.clamped,
    }),
  };
}

function pbfLiquid(scene: ParticlesScene): ParticleLiquid {
  const { substeps, iterations, ...rest } = scene.parameters as Record<string, number>;
  const world = new XpbdWorld({
    substeps: substeps ?? 6,
    iterations: iterations ?? 4,
    gravity: [scene.gravity[0], scene.gravity[1], 0],
  });
  let f: PbfSet;
  try {
    f = world.add(
      new PbfSet(world.particles, {
        dim: 2,
        spacing: scene.spacing,
        kernelRadius: scene.kernelRadius,
        restDensity: scene.restDensity,
        domain: { min: scene.domain.min, max: scene.domain.max, openTop: scene.domain.openTop },
        obstacles: scene.obstacles,
        ...rest,
      }),
    );
  } catch (e) {
    relabel(e, 'scene.parameters');
  }
  scene.blocks.forEach((b, q) => {
    try {
      lattice(scene, b, (x, y) => {
        const k = f.addParticle(x, y);
        const i = 3 * (f.first + k);
        world.particles.v[i] = b.velocity[0];
        world.particles.v[i + 1] = b.velocity[1];
      });
    } catch (e) {
      relabel(e, `scene.blocks[${q}]`);
    }
  });
  let err = 0;
  let frame = 0;
  return {
    name: 'PBF (Macklin & Müller 2013)',
    step: (dt) => {
      world.step(dt);
      if (frame++ % 10 === 0) err = f.densityError();
    },
    count: () => f.count,
    positions: () => ({ x: world.particles.x, y: null, stride: 3, first: f.first }),
    offset: [0, 0],
    stats: () => ({ densityErrorPercent: 100 * err }),
  };
}

function flipLiquid(scene: ParticlesScene): ParticleLiquid {
  const h = scene.kernelRadius;
  const [x0, y0] = scene.domain.min;
  const nx = Math.round((scene.domain.max[0] - x0) / h) + 2;
  const ny = Math.round((scene.domain.max[1] - y0) / h) + 2;
  const p = scene.parameters;
  const substeps = (p.substeps as number | undefined) ?? 1;
  let sim: FlipSim2D;
  try {
    sim = new FlipSim2D({
      nx,
      ny,
      h,
      gravity: scene.gravity,
      fluidDensity: scene.restDensity,
      transfer: p.transfer as TransferMode | undefined,
      flipRatio: p.flipRatio as number | undefined,
      separationIterations: p.separationIterations as number | undefined,
      densityCorrection: p.densityCorrection as number | undefined,
      reseed: p.reseed as boolean | undefined,
    });
  } catch (e) {
    relabel(e, 'scene.parameters');
  }
  // the scene's domain is the grid's inside: scene (x, y) is grid (x − x0 + h, y − y0 + h); a particle
  // on the domain's edge is kept a hundredth of a cell inside the tank
  const lo = h * 1.01;
  const hiX = sim.width - lo;
  const hiY = sim.height - lo;
  scene.blocks.forEach((b, q) => {
    try {
      lattice(scene, b, (x, y) => {
        const gx = Math.min(hiX, Math.max(lo, x - x0 + h));
        const gy = Math.min(hiY, Math.max(lo, y - y0 + h));
        sim.addParticle(gx, gy, b.velocity[0], b.velocity[1]);
      });
    } catch (e) {
      relabel(e, `scene.blocks[${q}]`);
    }
  });
  sim.restDensity = (h / scene.spacing) ** 2;
  for (const o of scene.obstacles) {
    sim.bodies.push({
      x: 0.5 * (o.min[0] + o.max[0]) - x0 + h,
      y: 0.5 * (o.min[1] + o.max[1]) - y0 + h,
      angle: 0,
      vx: 0,
      vy: 0,
      omega: 0,
      halfWidth: 0.5 * (o.max[0] - o.min[0]),
      halfHeight: 0.5 * (o.max[1] - o.min[1]),
      fx: 0,
      fy: 0,
      torque: 0,
    });
  }
  const v0 = (sim.count / sim.restDensity) * h * h;
  const mode = sim.mode;
  return {
    name: mode === 'apic' ? 'APIC (Jiang et al. 2015)' : mode === 'pic' ? 'PIC' : 'FLIP (Zhu & Bridson 2005)',
    step: (dt) => {
      for (let s = 0; s < substeps; s++) sim.step(dt / substeps);
    },
    count: () => sim.count,
    positions: () => ({ x: sim.x, y: sim.y, stride: 1, first: 0 }),
    offset: [x0 - h, y0 - h],
    stats: () => ({
      volumePercent: v0 > 0 ? (100 * sim.volume()) / v0 : 0,
      pressureIterations: sim.lastIterations,
    }),
  };
}

/** The liquid of a validated particle scene. */
export function buildParticleLiquid(scene: ParticlesScene): ParticleLiquid {
  if (scene.method === 'pbf') return pbfLiquid(scene);
  if (scene.method === 'flip') return flipLiquid(scene);
  return sphLiquid(scene);
}
