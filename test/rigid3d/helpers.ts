import { type BodyId3, World3, type WorldDef3 } from '../../src/rigid3d/index.js';

/** A world with a static ground box whose top face is y = 0. */
export function groundWorld(def: WorldDef3 = {}, friction = 0.6): { world: World3; ground: BodyId3 } {
  const world = new World3(def);
  const ground = world.createBody({ type: 'static' });
  world.createShape(ground, { kind: 'box', halfExtents: [40, 0.5, 40], position: [0, -0.5, 0], friction });
  return { world, ground };
}

/** A column of `n` unit cubes (1000 kg/m³) standing on y = 0, `gap` metres apart. */
export function boxStack(world: World3, n: number, gap = 0): BodyId3[] {
  const ids: BodyId3[] = [];
  for (let k = 0; k < n; k++) {
    const b = world.createBody({ position: [0, 0.5 + k * (1 + gap), 0] });
    world.createShape(b, { kind: 'box', halfExtents: [0.5, 0.5, 0.5] });
    ids.push(b);
  }
  return ids;
}

/** A square pyramid of unit cubes with `base` × `base` at the bottom (base 10: 385 cubes); the top cube is last. */
export function pyramid3(world: World3, base: number, spacing = 1.0): BodyId3[] {
  const ids: BodyId3[] = [];
  for (let layer = 0; layer < base; layer++) {
    const m = base - layer;
    for (let i = 0; i < m; i++)
      for (let j = 0; j < m; j++) {
        const b = world.createBody({
          position: [(i - (m - 1) / 2) * spacing, 0.5 + layer, (j - (m - 1) / 2) * spacing],
        });
        world.createShape(b, { kind: 'box', halfExtents: [0.5, 0.5, 0.5] });
        ids.push(b);
      }
  }
  return ids;
}
