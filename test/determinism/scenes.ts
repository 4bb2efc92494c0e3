/**
 * Scenes for the cross-engine determinism test (textbook §26.5): the same scenes run in Node and in
 * Chromium must end with the same state hash. Engine code only (no Node modules), so this file is
 * bundled for the browser as it is.
 */
import { StateHasher } from '../../src/core/hash.js';
import { SmokeSim } from '../../src/fluid/smoke.js';
import { MpmSim2D } from '../../src/mpm/mpm2d.js';
import { World } from '../../src/rigid2d/world.js';
import { World3 } from '../../src/rigid3d/index.js';
import { plane } from '../../src/xpbd/collision.js';
import { addCloth, CollisionSet, clothMesh, XpbdWorld } from '../../src/xpbd/index.js';

/** A rigid2d world's hash: every body's transform and velocities, bit for bit. */
function rigid2dHash(world: World): string {
  const h = new StateHasher();
  const xf = new Float64Array(3 * world.bodyCount);
  world.readTransforms(xf);
  h.addFloat64Array(xf);
  for (const b of world.bodyIds()) {
    const [vx, vy] = world.getLinearVelocity(b);
    h.addFloat(vx).addFloat(vy).addFloat(world.getAngularVelocity(b));
  }
  return h.digest();
}

function pyramid2d(steps: number): string {
  const world = new World({ gravity: [0, -10], enableSleep: false });
  const ground = world.createBody({ type: 'static' });
  world.createShape(ground, { kind: 'box', halfWidth: 20, halfHeight: 0.5, center: [0, -0.5] });
  for (let row = 0; row < 10; row++) {
    for (let i = 0; i < 10 - row; i++) {
      const b = world.createBody({ position: [i - (9 - row) / 2 + 0.01 * row, 0.5 + row] });
      world.createShape(b, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5 });
    }
  }
  for (let s = 0; s < steps; s++) world.step(1 / 60);
  return rigid2dHash(world);
}

function tumbler2d(steps: number): string {
  const world = new World({ gravity: [0, -10], enableSleep: false });
  const drum = world.createBody({ type: 'kinematic', angularVelocity: 0.8 });
  for (const [cx, cy, hw, hh] of [
    [0, -5, 5, 0.25],
    [0, 5, 5, 0.25],
    [-5, 0, 0.25, 5],
    [5, 0, 0.25, 5],
  ] as const) {
    world.createShape(drum, { kind: 'box', halfWidth: hw, halfHeight: hh, center: [cx, cy] });
  }
  for (let k = 0; k < 60; k++) {
    const b = world.createBody({ position: [-3.5 + (k % 8), -3.5 + Math.floor(k / 8)], angle: 0.1 * k });
    if (k % 3 === 0) world.createShape(b, { kind: 'circle', radius: 0.35 });
    else world.createShape(b, { kind: 'box', halfWidth: 0.3, halfHeight: 0.3 });
  }
  for (let s = 0; s < steps; s++) world.step(1 / 60);
  return rigid2dHash(world);
}

function chain2d(steps: number): string {
  const world = new World({ gravity: [0, -10], enableSleep: false });
  const anchor = world.createBody({ type: 'static', position: [0, 10] });
  let prev = anchor;
  for (let i = 0; i < 20; i++) {
    const link = world.createBody({ position: [0.5 * i + 0.25, 10] });
    world.createShape(link, { kind: 'capsule', p1: [-0.25, 0], p2: [0.25, 0], radius: 0.05 });
    world.createJoint({
      kind: 'revolute',
      bodyA: prev,
      bodyB: link,
      localAnchorA: i === 0 ? [0, 0] : [0.25, 0],
      localAnchorB: [-0.25, 0],
    });
    prev = link;
  }
  for (let s = 0; s < steps; s++) world.step(1 / 60);
  return rigid2dHash(world);
}

function cloth(steps: number): string {
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
  for (let s = 0; s < steps; s++) world.step(1 / 60);
  return world.stateHash();
}

function smoke(steps: number): string {
  const sim = new SmokeSim({
    nx: 32,
    ny: 32,
    open: { yMax: true },
    vorticity: 0.2,
    sources: [{ x: 0.5, y: 0.1, radius: 0.08, density: 1, temperature: 1 }],
  });
  for (let s = 0; s < steps; s++) sim.step(1 / 60);
  return sim.stateHash();
}

function pyramid3d(steps: number): string {
  const world = new World3({ enableSleep: false });
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
  for (let s = 0; s < steps; s++) world.step(1 / 60);
  return world.stateHash();
}

function mpm(frames: number): string {
  const sim = new MpmSim2D({ resolution: 32, dt: 2e-4 });
  const snow = sim.addMaterial({ kind: 'snow', youngsModulus: 2e4, poissonsRatio: 0.2, density: 400 });
  const sand = sim.addMaterial({ kind: 'sand', youngsModulus: 3.5e5, poissonsRatio: 0.3, density: 2200 });
  sim.addBox(0.2, 0.12, 0.5, 0.3, sand);
  sim.addBox(0.55, 0.4, 0.75, 0.6, snow, { velocity: [-2, -3] });
  for (let s = 0; s < frames * 8; s++) sim.step();
  return sim.stateHash();
}

/** The same scenes, shorter (for slow engines such as the QuickJS interpreter). */
export function shortDeterminismHashes(): Record<string, string> {
  return {
    'rigid2d pyramid (55 boxes, 120 steps)': pyramid2d(120),
    'rigid2d tumbler (60 shapes, 120 steps)': tumbler2d(120),
    'rigid2d chain (20 revolute joints, 120 steps)': chain2d(120),
    'xpbd cloth on a sphere (60 steps)': cloth(60),
    'smoke 32² (20 steps)': smoke(20),
    'rigid3d pyramid hit by a ball (60 steps)': pyramid3d(60),
    'mpm snow on sand (80 substeps)': mpm(10),
  };
}

/** Runs every scene and returns its final state hash. */
export function determinismHashes(): Record<string, string> {
  return {
    'rigid2d pyramid (55 boxes, 600 steps)': pyramid2d(600),
    'rigid2d tumbler (60 shapes, 600 steps)': tumbler2d(600),
    'rigid2d chain (20 revolute joints, 600 steps)': chain2d(600),
    'xpbd cloth on a sphere (300 steps)': cloth(300),
    'smoke 32² (120 steps)': smoke(120),
    'rigid3d pyramid hit by a ball (300 steps)': pyramid3d(300),
    'mpm snow on sand (800 substeps)': mpm(100),
  };
}
