import { type SolverSettings, World, type WorldDef } from '../../src/rigid2d/index.js';

/** A world with a wide static ground whose top is y = 0. */
export function groundWorld(def: WorldDef = {}): { world: World; ground: number } {
  const world = new World(def);
  const ground = world.createBody({ type: 'static' });
  world.createShape(ground, { kind: 'box', halfWidth: 200, halfHeight: 0.5, center: [0, -0.5] });
  return { world, ground };
}

/** A vertical stack of `n` unit boxes standing on the ground. */
export function stack(world: World, n: number, gap = 0): number[] {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const b = world.createBody({ position: [0, 0.5 + i * (1 + gap)] });
    world.createShape(b, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5 });
    ids.push(b);
  }
  return ids;
}

/** Box2D's pyramid: `base` unit boxes in the bottom row, each row shifted by half a box. */
export function pyramid(world: World, base: number): number[] {
  const ids: number[] = [];
  for (let row = 0; row < base; row++) {
    const n = base - row;
    for (let i = 0; i < n; i++) {
      const b = world.createBody({ position: [i - (n - 1) / 2, 0.5 + row] });
      world.createShape(b, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5 });
      ids.push(b);
    }
  }
  return ids;
}

export const MODES: SolverSettings['positionCorrection'][] = ['soft-step', 'baumgarte', 'split-impulse'];
