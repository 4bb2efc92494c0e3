import { type BodyId, type SolverSettings, World, type WorldDef } from '../../src/rigid2d/index.js';
import { addBoxes, pyramidBoxes, stackBoxes } from '../../src/scene/builders/box-scenes.js';

/** A world with a wide static ground whose top is y = 0. */
export function groundWorld(def: WorldDef = {}): { world: World; ground: number } {
  const world = new World(def);
  const ground = world.createBody({ type: 'static' });
  world.createShape(ground, { kind: 'box', halfWidth: 200, halfHeight: 0.5, center: [0, -0.5] });
  return { world, ground };
}

/** A vertical stack of `n` unit boxes on the ground, `gap` apart and above it (scene/builders/box-scenes.ts). */
export function stack(world: World, n: number, gap = 0): BodyId[] {
  return addBoxes(world, stackBoxes(n, { gap }));
}

/** Box2D's pyramid: `base` unit boxes in the bottom row, each row shifted by half a box. */
export function pyramid(world: World, base: number): BodyId[] {
  return addBoxes(world, pyramidBoxes(base));
}

export const MODES: SolverSettings['positionCorrection'][] = ['soft-step', 'baumgarte', 'split-impulse'];
