import { SmokeSim } from '../../src/fluid/smoke.js';
import { MpmSim2D } from '../../src/mpm/mpm2d.js';
import { World3 } from '../../src/rigid3d/index.js';
import { plane } from '../../src/xpbd/collision.js';
import { addCloth, CollisionSet, clothMesh, XpbdWorld } from '../../src/xpbd/index.js';

/** What the round-trip tests need of a world. */
export interface Snapshotable {
  step(): void;
  snapshot(): Uint8Array;
  restore(bytes: Uint8Array): void;
  stateHash(): string;
}

/** A cloth falling on a sphere and a floor (collision set with friction). */
export function clothScene(): Snapshotable {
  const world = new XpbdWorld({ gravity: [0, -9.81, 0], substeps: 4 });
  addCloth(world, clothMesh({ nx: 9, ny: 9, width: 1, height: 1, plane: 'xz', origin: [-0.5, 0.6, -0.5] }), {
    bending: 'none',
  });
  const col = world.add(new CollisionSet(world.particles, { friction: 0.4, thickness: 0.01 }));
  col.addCollider(plane([0, 1, 0], 0));
  col.addCollider({ kind: 'sphere', center: [0.1, 0.3, 0], radius: 0.25 });
  return {
    step: () => world.step(1 / 60),
    snapshot: () => world.snapshot(),
    restore: (b) => world.restore(b),
    stateHash: () => world.stateHash(),
  };
}

/** A 32² smoke plume with a source, buoyancy and vorticity confinement. */
export function smokeScene(): Snapshotable & { sim: SmokeSim } {
  const sim = new SmokeSim({
    nx: 32,
    ny: 32,
    open: { yMax: true },
    vorticity: 0.2,
    sources: [{ x: 0.5, y: 0.1, radius: 0.08, density: 1, temperature: 1 }],
  });
  return {
    sim,
    step: () => {
      sim.step(1 / 60);
    },
    snapshot: () => sim.snapshot(),
    restore: (b) => sim.restore(b),
    stateHash: () => sim.stateHash(),
  };
}

/** Snow thrown against a sand heap in a 32² MLS-MPM grid. */
export function mpmScene(): Snapshotable {
  const sim = new MpmSim2D({ resolution: 32, dt: 2e-4 });
  const snow = sim.addMaterial({ kind: 'snow', youngsModulus: 2e4, poissonsRatio: 0.2, density: 400 });
  const sand = sim.addMaterial({
    kind: 'sand',
    youngsModulus: 3.5e5,
    poissonsRatio: 0.3,
    density: 2200,
    frictionAngle: 30,
  });
  sim.addBox(0.2, 0.12, 0.5, 0.3, sand);
  sim.addBox(0.55, 0.4, 0.75, 0.6, snow, { velocity: [-2, -3] });
  return {
    step: () => {
      for (let k = 0; k < 4; k++) sim.step();
    },
    snapshot: () => sim.snapshot(),
    restore: (b) => sim.restore(b),
    stateHash: () => sim.stateHash(),
  };
}

/** A square pyramid of 20 unit boxes (base 3 → 14, plus a 6-box row) and a few spheres dropped on it. */
export function rigid3dScene(): Snapshotable & { world: World3 } {
  const world = rigid3dPyramid(3);
  for (let i = 0; i < 6; i++) {
    const b = world.createBody({ position: [-3 + i * 1.1, 0.5, 3] });
    world.createShape(b, { kind: 'box', halfExtents: [0.5, 0.5, 0.5] });
  }
  for (let i = 0; i < 3; i++) {
    const b = world.createBody({ position: [-0.6 + 0.6 * i, 4 + i, 0.1 * i], linearVelocity: [0, -1, 0] });
    world.createShape(b, { kind: 'sphere', radius: 0.3 });
  }
  return {
    world,
    step: () => world.step(1 / 60),
    snapshot: () => world.snapshot(),
    restore: (b) => world.restore(b),
    stateHash: () => world.stateHash(),
  };
}

/** A ground box (top face y = 0) and a pyramid of unit boxes `base` wide. */
export function rigid3dPyramid(base: number): World3 {
  const world = new World3();
  const ground = world.createBody({ type: 'static' });
  world.createShape(ground, { kind: 'box', halfExtents: [40, 0.5, 40], position: [0, -0.5, 0] });
  for (let layer = 0; layer < base; layer++) {
    const m = base - layer;
    for (let i = 0; i < m; i++)
      for (let j = 0; j < m; j++) {
        const b = world.createBody({ position: [i - (m - 1) / 2, 0.5 + layer, j - (m - 1) / 2] });
        world.createShape(b, { kind: 'box', halfExtents: [0.5, 0.5, 0.5] });
      }
  }
  return world;
}
