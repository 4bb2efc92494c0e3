/**
 * Engine-agnostic box scenes: the stacks and pyramids of the rigid-body benchmarks (Catto's pyramid
 * of Box2D's samples, the large pyramid, many pyramids, the tumbler, a vertical stack) as lists of
 * boxes (centre, half extents, angle), plus `addBoxScene` / `addBoxes` that build them in a rikigaku
 * World. The benchmark feeds the same specs to the peer engines, the tests and demos build from
 * them, so every caller stands the same boxes at the same (bit-identical) positions.
 */
import type { BodyId, World } from '../../rigid2d/index.js';

/** One box: centre (x, y), rotation `angle`, half extents (hx, hy). */
export interface BoxSpec {
  x: number;
  y: number;
  angle: number;
  hx: number;
  hy: number;
}

/** A scene of boxes: static ones (one ground body), an optional turning kinematic body, dynamic ones. */
export interface BoxScene {
  /** static boxes, all shapes of one static body at the origin */
  statics: BoxSpec[];
  /** a kinematic compound body at (x, y) turning at `omega` rad/s; its boxes are in its frame */
  kinematic?: { x: number; y: number; omega: number; boxes: BoxSpec[] };
  /** one dynamic body per box */
  dynamic: BoxSpec[];
}

/** Layout of stacks and pyramids. */
export interface StackLayout {
  /** half size of the (square) boxes, default 0.5 */
  half?: number;
  /** gap between neighbouring boxes and between the bottom row and the ground, default 0 */
  gap?: number;
  /** x of the middle of the rows, default 0 */
  x0?: number;
}

/**
 * A pyramid standing on y = 0: `base` boxes in the bottom row, each row one box shorter and shifted
 * by half a box (Box2D's pyramid). Appends to `out` and returns it; the last box is the top.
 */
export function pyramidBoxes(base: number, layout: StackLayout = {}, out: BoxSpec[] = []): BoxSpec[] {
  const h = layout.half ?? 0.5;
  const gap = layout.gap ?? 0;
  const x0 = layout.x0 ?? 0;
  for (let row = 0; row < base; row++) {
    const n = base - row;
    for (let k = 0; k < n; k++) {
      const x = x0 + (k - (n - 1) / 2) * (2 * h + gap);
      const y = h + gap + row * (2 * h + gap);
      out.push({ x, y, angle: 0, hx: h, hy: h });
    }
  }
  return out;
}

/** A vertical stack of `n` boxes standing on y = 0 at x = x0, bottom first. Appends to `out`. */
export function stackBoxes(n: number, layout: StackLayout = {}, out: BoxSpec[] = []): BoxSpec[] {
  const h = layout.half ?? 0.5;
  const gap = layout.gap ?? 0;
  const x0 = layout.x0 ?? 0;
  for (let i = 0; i < n; i++) out.push({ x: x0, y: h + gap + i * (2 * h + gap), angle: 0, hx: h, hy: h });
  return out;
}

/** A ground slab 1 m thick whose top is y = 0. */
export function groundBox(halfWidth: number): BoxSpec {
  return { x: 0, y: -0.5, angle: 0, hx: halfWidth, hy: 0.5 };
}

/** The start gap of the benchmark scenes: Box2D 2.4's 0.01 m polygon skin must not push touching boxes apart. */
export const BENCH_GAP = 0.015;

/** The benchmark scenes by name (dynamic boxes in the order every engine creates them). */
export function benchBoxScene(
  name: 'pyramid' | 'large-pyramid' | 'many-pyramids' | 'tumbler' | 'vertical-stack',
): BoxScene {
  const layout = { gap: BENCH_GAP };
  switch (name) {
    case 'pyramid':
      return { statics: [groundBox(40)], dynamic: pyramidBoxes(20, layout) };
    case 'large-pyramid':
      return { statics: [groundBox(80)], dynamic: pyramidBoxes(100, layout) };
    case 'many-pyramids': {
      const dynamic: BoxSpec[] = [];
      for (let p = 0; p < 20; p++) pyramidBoxes(10, { gap: BENCH_GAP, x0: (p - 9.5) * 11 }, dynamic);
      return { statics: [groundBox(120)], dynamic };
    }
    case 'vertical-stack':
      return { statics: [groundBox(20)], dynamic: stackBoxes(10, layout) };
    case 'tumbler': {
      const dynamic: BoxSpec[] = [];
      for (let i = 0; i < 25; i++) {
        for (let j = 0; j < 40; j++)
          dynamic.push({ x: -6 + i * 0.5, y: 10 - 7 + j * 0.35, angle: 0, hx: 0.15, hy: 0.15 });
      }
      return {
        statics: [],
        kinematic: {
          x: 0,
          y: 10,
          omega: (25 * Math.PI) / 180,
          boxes: [
            { x: 10, y: 0, angle: 0, hx: 0.5, hy: 10 },
            { x: -10, y: 0, angle: 0, hx: 0.5, hy: 10 },
            { x: 0, y: 10, angle: 0, hx: 10, hy: 0.5 },
            { x: 0, y: -10, angle: 0, hx: 10, hy: 0.5 },
          ],
        },
        dynamic,
      };
    }
  }
}

/** Material of every box shape: friction 0.6 and density 1 unless told. */
export interface BoxMaterial {
  friction?: number;
  density?: number;
}

/** Adds one dynamic body per box to `world` and returns their handles, in order. */
export function addBoxes(world: World, boxes: readonly BoxSpec[], material: BoxMaterial = {}): BodyId[] {
  const friction = material.friction ?? 0.6;
  const density = material.density ?? 1;
  const ids: BodyId[] = [];
  for (const b of boxes) {
    const id = world.createBody({ type: 'dynamic', position: [b.x, b.y], angle: b.angle });
    world.createShape(id, { kind: 'box', halfWidth: b.hx, halfHeight: b.hy, density, friction });
    ids.push(id);
  }
  return ids;
}

/** The boxes of a static or kinematic body, placed in its frame. */
function addFixedBoxes(world: World, body: BodyId, boxes: readonly BoxSpec[], friction: number): void {
  for (const b of boxes) {
    world.createShape(body, {
      kind: 'box',
      halfWidth: b.hx,
      halfHeight: b.hy,
      center: [b.x, b.y],
      angle: b.angle,
      friction,
    });
  }
}

/**
 * Builds `scene` in `world`: one static body holding the static boxes, the kinematic body, then the
 * dynamic boxes. Returns the handles.
 */
export function addBoxScene(
  world: World,
  scene: BoxScene,
  material: BoxMaterial = {},
): { ground: BodyId; kinematic: BodyId | null; dynamic: BodyId[] } {
  const friction = material.friction ?? 0.6;
  const ground = world.createBody({ type: 'static' });
  addFixedBoxes(world, ground, scene.statics, friction);
  let kinematic: BodyId | null = null;
  if (scene.kinematic) {
    const k = scene.kinematic;
    kinematic = world.createBody({ type: 'kinematic', position: [k.x, k.y], angularVelocity: k.omega });
    addFixedBoxes(world, kinematic, k.boxes, friction);
  }
  return { ground, kinematic, dynamic: addBoxes(world, scene.dynamic, material) };
}
