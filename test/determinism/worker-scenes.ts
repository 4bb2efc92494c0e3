/**
 * Scenes for the worker-thread determinism test (textbook §26.5): each is built and stepped the
 * same way in the main thread and in a `worker_threads` worker, recording the full state hash
 * every `every` steps. Engine code only, so the file bundles for a worker as it is.
 */
import { World } from '../../src/rigid2d/world.js';
import { World3 } from '../../src/rigid3d/index.js';
import { plane } from '../../src/xpbd/collision.js';
import { addCloth, CollisionSet, clothMesh, XpbdWorld } from '../../src/xpbd/index.js';

/** State hashes of one scene, every `every` steps. */
export type HashTrace = string[];

function trace(step: () => void, hash: () => string, steps: number, every: number): HashTrace {
  const out: HashTrace = [];
  for (let s = 1; s <= steps; s++) {
    step();
    if (s % every === 0) out.push(hash());
  }
  return out;
}

/** A 2D pyramid of 78 boxes (base 12) hit by a heavy ball, with sleep on. */
export function pyramid2dTrace(steps: number, every: number): HashTrace {
  const world = new World({ gravity: [0, -10] });
  const ground = world.createBody({ type: 'static' });
  world.createShape(ground, { kind: 'box', halfWidth: 30, halfHeight: 0.5, center: [0, -0.5] });
  for (let row = 0; row < 12; row++) {
    for (let i = 0; i < 12 - row; i++) {
      const b = world.createBody({ position: [i - (11 - row) / 2, 0.5 + row] });
      world.createShape(b, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5 });
    }
  }
  const ball = world.createBody({ position: [-12, 2], linearVelocity: [12, 1], bullet: true });
  world.createShape(ball, { kind: 'circle', radius: 0.5, density: 5 });
  return trace(
    () => world.step(1 / 60),
    () => world.stateHash(),
    steps,
    every,
  );
}

/** A 3D pyramid of 30 boxes (base 4) hit by a sphere. */
export function pyramid3dTrace(steps: number, every: number): HashTrace {
  const world = new World3();
  const ground = world.createBody({ type: 'static' });
  world.createShape(ground, { kind: 'box', halfExtents: [40, 0.5, 40], position: [0, -0.5, 0] });
  for (let layer = 0; layer < 4; layer++) {
    const m = 4 - layer;
    for (let i = 0; i < m; i++) {
      for (let j = 0; j < m; j++) {
        const b = world.createBody({ position: [i - (m - 1) / 2, 0.5 + layer, j - (m - 1) / 2] });
        world.createShape(b, { kind: 'box', halfExtents: [0.5, 0.5, 0.5] });
      }
    }
  }
  const ball = world.createBody({ position: [-4, 1.5, 0.2], linearVelocity: [8, 1, 0] });
  world.createShape(ball, { kind: 'sphere', radius: 0.4, density: 3000 });
  return trace(
    () => world.step(1 / 60),
    () => world.stateHash(),
    steps,
    every,
  );
}

/** A 12 × 12 cloth with dihedral bending falling on a sphere and a floor. */
export function clothTrace(steps: number, every: number): HashTrace {
  const world = new XpbdWorld({ gravity: [0, -9.81, 0], substeps: 4 });
  addCloth(
    world,
    clothMesh({ nx: 12, ny: 12, width: 1, height: 1, plane: 'xz', origin: [-0.5, 0.6, -0.5] }),
    {
      bending: 'dihedral',
    },
  );
  const col = world.add(new CollisionSet(world.particles, { friction: 0.4, thickness: 0.01 }));
  col.addCollider(plane([0, 1, 0], 0));
  col.addCollider({ kind: 'sphere', center: [0.1, 0.3, 0], radius: 0.25 });
  return trace(
    () => world.step(1 / 60),
    () => world.stateHash(),
    steps,
    every,
  );
}

/** Every scene's trace. */
export function workerTraces(steps: number, every: number): Record<string, HashTrace> {
  return {
    rigid2d: pyramid2dTrace(steps, every),
    rigid3d: pyramid3dTrace(steps, every),
    cloth: clothTrace(steps, every),
  };
}
