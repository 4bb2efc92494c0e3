/**
 * Box2D v3's robustness, stacking and continuous-collision samples (Catto, Box2D v3
 * `samples/sample_robustness.cpp`, `sample_stacking.cpp`, `sample_continuous.cpp`), rebuilt in a
 * rikigaku World with the same sizes, densities, frictions, speeds and placements: one builder per
 * sample, used by the tests (which assert the outcome each sample is built to show) and by the
 * demos. Box2D's defaults carry over: gravity −10 m/s², density 1, friction 0.6, restitution 0;
 * the samples step at 60 Hz with 4 substeps (the Cart at 12). Box2D's chains are one-sided, so the
 * chains here are too. Each builder returns the bodies its outcome is read from.
 */

import { Prng } from '../../math/prng.js';
import type { BodyId, ShapeId, Vec2Tuple, World } from '../../rigid2d/index.js';

/** The time step of Box2D's samples (s). */
export const SAMPLE_DT = 1 / 60;

/** A static body holding the given segments (Box2D's ground lines). */
function segments(world: World, lines: readonly [Vec2Tuple, Vec2Tuple][], friction?: number): BodyId {
  const g = world.createBody({ type: 'static' });
  for (const [p1, p2] of lines)
    world.createShape(g, { kind: 'segment', p1, p2, ...(friction === undefined ? {} : { friction }) });
  return g;
}

/** Box2D's ground box: a static box of half extents (hx, hy) centred at (x, y). */
function groundBox(world: World, hx: number, hy: number, x: number, y: number, friction?: number): BodyId {
  const g = world.createBody({ type: 'static' });
  world.createShape(g, {
    kind: 'box',
    halfWidth: hx,
    halfHeight: hy,
    center: [x, y],
    ...(friction === undefined ? {} : { friction }),
  });
  return g;
}

/** A dynamic box body. */
function dynamicBox(
  world: World,
  x: number,
  y: number,
  hx: number,
  hy: number,
  density = 1,
  friction?: number,
  angle = 0,
): BodyId {
  const b = world.createBody({ position: [x, y], angle });
  world.createShape(b, {
    kind: 'box',
    halfWidth: hx,
    halfHeight: hy,
    density,
    ...(friction === undefined ? {} : { friction }),
  });
  return b;
}

/** The pyramids of HighMassRatio1: their boxes (each pyramid's top box last) and the heavy top boxes. */
export interface HighMassRatio1Sample {
  /** every dynamic box, pyramid by pyramid, bottom row first */
  boxes: BodyId[];
  /** the top box of each pyramid, densities 100, 200 and 300 */
  tops: BodyId[];
}

/**
 * HighMassRatio1: three pyramids of 2 m boxes (base 10, density 1), each topped by a box 100, 200
 * and 300 times as dense dropped from 2 m above its place. The pyramids must hold the heavy boxes.
 */
export function highMassRatio1(world: World): HighMassRatio1Sample {
  const extent = 1;
  groundBox(world, 50, 1, 0, -1);
  const boxes: BodyId[] = [];
  const tops: BodyId[] = [];
  for (let j = 0; j < 3; j++) {
    let count = 10;
    const offset = -20 * extent + 2 * (count + 1) * extent * j;
    let y = extent;
    while (count > 0) {
      for (let i = 0; i < count; i++) {
        const coeff = i - 0.5 * count;
        const yy = count === 1 ? y + 2 : y;
        const b = dynamicBox(
          world,
          2 * coeff * extent + offset,
          yy,
          extent,
          extent,
          count === 1 ? (j + 1) * 100 : 1,
        );
        boxes.push(b);
        if (count === 1) tops.push(b);
      }
      count--;
      y += 2 * extent;
    }
  }
  return { boxes, tops };
}

/** A big box on two small bodies (HighMassRatio2 and 3). */
export interface BigOnSmallSample {
  /** the two small bodies under the big box */
  small: [BodyId, BodyId];
  /** the 20 m box (density 1, 400 times the mass of a small box) */
  big: BodyId;
}

/**
 * HighMassRatio2: a 20 m box (density 1) dropped from 16 m onto two 1 m boxes 18 m apart — a mass
 * ratio of 400. The small boxes must carry it, not be pressed into the ground.
 */
export function highMassRatio2(world: World): BigOnSmallSample {
  const extent = 1;
  groundBox(world, 50, 1, 0, -1);
  const a = dynamicBox(world, -9 * extent, 0.5 * extent, 0.5 * extent, 0.5 * extent);
  const b = dynamicBox(world, 9 * extent, 0.5 * extent, 0.5 * extent, 0.5 * extent);
  const big = dynamicBox(world, 0, (10 + 16) * extent, 10 * extent, 10 * extent);
  return { small: [a, b], big };
}

/**
 * HighMassRatio3: the 20 m box dropped from 4 m onto two small triangles (1 m base, 1 m high, apex
 * up) that start 0.5 m above the ground. The triangles' tips must carry it.
 */
export function highMassRatio3(world: World): BigOnSmallSample {
  const extent = 1;
  groundBox(world, 50, 1, 0, -1);
  const triangle: Vec2Tuple[] = [
    [-0.5 * extent, 0],
    [0.5 * extent, 0],
    [0, 1 * extent],
  ];
  const small: BodyId[] = [];
  for (const x of [-9 * extent, 9 * extent]) {
    const t = world.createBody({ position: [x, 0.5 * extent] });
    world.createShape(t, { kind: 'polygon', vertices: triangle });
    small.push(t);
  }
  const big = dynamicBox(world, 0, (10 + 4) * extent, 10 * extent, 10 * extent);
  return { small: [small[0]!, small[1]!], big };
}

/** Options of {@link overlapRecovery}. */
export interface OverlapRecoveryOptions {
  /** boxes in the bottom row, default 4 */
  baseCount?: number;
  /** the fraction of a box each neighbour overlaps, default 0.25 */
  overlap?: number;
  /** half size of the boxes (m), default 0.5 */
  extent?: number;
}

/**
 * OverlapRecovery: a pyramid (base 4) of boxes that start overlapping their neighbours by a quarter
 * of a box. The soft contacts push them apart at most at the push-out speed (Box2D's contact speed,
 * 3 m/s): the pile must come apart gently and settle, not explode.
 */
export function overlapRecovery(world: World, options: OverlapRecoveryOptions = {}): { boxes: BodyId[] } {
  const baseCount = options.baseCount ?? 4;
  const overlap = options.overlap ?? 0.25;
  const extent = options.extent ?? 0.5;
  segments(world, [
    [
      [-40, 0],
      [40, 0],
    ],
  ]);
  const fraction = 1 - overlap;
  const boxes: BodyId[] = [];
  let y = extent;
  for (let i = 0; i < baseCount; i++) {
    let x = fraction * extent * (i - baseCount);
    for (let j = i; j < baseCount; j++) {
      boxes.push(dynamicBox(world, x, y, extent, extent));
      x += 2 * fraction * extent;
    }
    y += 2 * fraction * extent;
  }
  return { boxes };
}

/**
 * TinyPyramid: a pyramid of 5 cm squares, base 30 (465 boxes). Tiny boxes are hard: the broadphase
 * margin and the linear slop are close to their size, so many pairs are speculative. It must stand.
 */
export function tinyPyramid(world: World, baseCount = 30): { boxes: BodyId[]; extent: number } {
  const extent = 0.025;
  groundBox(world, 5, 1, 0, -1);
  const boxes: BodyId[] = [];
  for (let i = 0; i < baseCount; i++) {
    const y = (2 * i + 1) * extent;
    for (let j = i; j < baseCount; j++) {
      const x = (i + 1) * extent + 2 * (j - i) * extent - baseCount * extent;
      boxes.push(dynamicBox(world, x, y, extent, extent));
    }
  }
  return { boxes, extent };
}

/** Options of {@link verticalStack}. */
export interface VerticalStackOptions {
  /** boxes per column, default 12 */
  rows?: number;
  /** columns, 3 m apart from x = 8 leftwards, default 1 */
  columns?: number;
}

/**
 * VerticalStack: a column of 12 rounded boxes (0.45 m half size + 0.05 m radius, friction 0.3),
 * each shifted ±1 cm off the axis in turn, on a ground line with a wall at x = 10. It must stand.
 */
export function verticalStack(world: World, options: VerticalStackOptions = {}): { boxes: BodyId[] } {
  const rows = options.rows ?? 12;
  const columns = options.columns ?? 1;
  segments(world, [
    [
      [10, 0],
      [10, 20],
    ],
    [
      [-30, 0],
      [30, 0],
    ],
  ]);
  const offset = 0.01;
  const boxes: BodyId[] = [];
  for (let j = 0; j < columns; j++) {
    const x = 8 - 3 * j;
    for (let i = 0; i < rows; i++) {
      const shift = i % 2 === 0 ? -offset : offset;
      const b = world.createBody({ position: [x + shift, 0.5 + i] });
      world.createShape(b, { kind: 'box', halfWidth: 0.45, halfHeight: 0.45, radius: 0.05, friction: 0.3 });
      boxes.push(b);
    }
  }
  return { boxes };
}

/**
 * The bullet of VerticalStack: a 0.25 m circle of density 4, a bullet body, fired along +x at
 * 200–300 m/s (the speed drawn from `seed`) from x = −26.7, 6 m up — into the stack's sixth box.
 */
export function fireVerticalStackBullet(world: World, seed = 1): { bullet: BodyId; speed: number } {
  const speed = new Prng(seed).range(200, 300);
  const bullet = world.createBody({ position: [-26.7, 6], linearVelocity: [speed, 0], bullet: true });
  world.createShape(bullet, { kind: 'circle', radius: 0.25, density: 4 });
  return { bullet, speed };
}

/**
 * CardHouse (sample_stacking.cpp): cards 0.4 m tall and 2 mm thick, friction 0.7, leaning in pairs
 * at ±25° with flat cards across, five storeys on a ground box. The house must settle (Box2D v3
 * settles within a few centimetres and sleeps) and stay up.
 */
export function cardHouse(world: World): { cards: BodyId[] } {
  const friction = 0.7;
  const g = world.createBody({ type: 'static', position: [0, -2] });
  world.createShape(g, { kind: 'box', halfWidth: 40, halfHeight: 2, friction });
  const cardHeight = 0.2;
  const cardThickness = 0.001;
  const angle0 = (25 * Math.PI) / 180;
  const angle1 = (-25 * Math.PI) / 180;
  const angle2 = 0.5 * Math.PI;
  const cards: BodyId[] = [];
  const card = (x: number, y: number, angle: number) => {
    cards.push(dynamicBox(world, x, y, cardThickness, cardHeight, 1, friction, angle));
  };
  let nb = 5;
  let z0 = 0;
  let y = cardHeight - 0.02;
  while (nb > 0) {
    let z = z0;
    for (let i = 0; i < nb; i++) {
      if (i !== nb - 1) card(z + 0.25, y + cardHeight - 0.015, angle2);
      card(z, y, angle1);
      z += 0.175;
      card(z, y, angle0);
      z += 0.175;
    }
    y += cardHeight * 2 - 0.03;
    z0 += 0.175;
    nb--;
  }
  return { cards };
}

/** The cart of the Cart sample: chassis and wheels. */
export interface CartSample {
  chassis: BodyId;
  wheels: [BodyId, BodyId];
}

/**
 * Cart (sample_robustness.cpp): a 2 m × 0.5 m chassis of density 1000 on two 0.1 m wheels of
 * density 50 (mass ratio ≈ 318), hinged by revolute joints, under gravity 22 m/s², with stiff
 * contacts (240 Hz, damping ratio 10, push-out 0.5 m/s) and 12 substeps — see
 * {@link CART_WORLD}. It must stand on its wheels without sinking or bouncing. (Box2D's wheels
 * also have rolling resistance 0.02, which rikigaku does not model.)
 */
export function cart(world: World): CartSample {
  groundBox(world, 20, 1, 0, -1);
  const yBase = 2;
  const chassis = world.createBody({ position: [0, yBase] });
  world.createShape(chassis, {
    kind: 'box',
    halfWidth: 1,
    halfHeight: 0.25,
    center: [0, 0.25],
    density: 1000,
  });
  const wheels: BodyId[] = [];
  for (const x of [-0.9, 0.9]) {
    const wheel = world.createBody({ position: [x, yBase - 0.15] });
    world.createShape(wheel, { kind: 'circle', radius: 0.1, density: 50 });
    world.createJoint({ kind: 'revolute', bodyA: chassis, bodyB: wheel, localAnchorA: [x, -0.15] });
    wheels.push(wheel);
  }
  return { chassis, wheels: [wheels[0]!, wheels[1]!] };
}

/** The world of the Cart sample: gravity 22 m/s², stiff contacts and joints, 12 substeps. */
export const CART_WORLD = {
  gravity: [0, -22] as Vec2Tuple,
  solver: {
    substeps: 12,
    contactHertz: 240,
    contactDampingRatio: 10,
    maxPushOutSpeed: 0.5,
    jointHertz: 120,
    jointDampingRatio: 0,
  },
} as const;

/** The shapes BounceHouse can launch. */
export type BounceShape = 'circle' | 'capsule' | 'box';

/**
 * BounceHouse (sample_continuous.cpp): a weightless bullet (restitution 1, friction 0) launched at
 * (10, 20) m/s inside a 20 m square of segments. It must bounce forever, never leaving the square.
 */
export function bounceHouse(world: World, shape: BounceShape = 'circle'): { body: BodyId; walls: BodyId } {
  const walls = segments(world, [
    [
      [-10, -10],
      [10, -10],
    ],
    [
      [10, -10],
      [10, 10],
    ],
    [
      [10, 10],
      [-10, 10],
    ],
    [
      [-10, 10],
      [-10, -10],
    ],
  ]);
  const body = world.createBody({ linearVelocity: [10, 20], gravityScale: 0, bullet: true });
  const material = { density: 1, restitution: 1, friction: 0 };
  if (shape === 'circle') world.createShape(body, { kind: 'circle', radius: 0.5, ...material });
  else if (shape === 'capsule')
    world.createShape(body, { kind: 'capsule', p1: [-0.5, 0], p2: [0.5, 0], radius: 0.25, ...material });
  else world.createShape(body, { kind: 'box', halfWidth: 2, halfHeight: 0.1, ...material });
  return { body, walls };
}

/**
 * SegmentSlide: a 0.5 m ball sliding at 100 m/s along an 80 m ground line into a wall at x = 40.
 * It must neither fall through the ground nor pass the wall.
 */
export function segmentSlide(world: World): { ball: BodyId } {
  segments(world, [
    [
      [-40, 0],
      [40, 0],
    ],
    [
      [40, 0],
      [40, 10],
    ],
  ]);
  const ball = world.createBody({ position: [-20, 0.7], linearVelocity: [100, 0] });
  world.createShape(ball, { kind: 'circle', radius: 0.5 });
  return { ball };
}

/**
 * ChainSlide: a frictionless 0.5 m ball at 100 m/s inside a closed chain — a 40 m × 20 m rectangle
 * of 80 short segments. It must stay inside, sliding along the segments' joints without snagging.
 */
export function chainSlide(world: World): { ball: BodyId; chain: ShapeId[] } {
  const g = world.createBody({ type: 'static' });
  const points: Vec2Tuple[] = [];
  const w = 2;
  const h = 1;
  let x = 20;
  let y = 0;
  for (let i = 0; i < 20; i++) {
    points.push([x, y]);
    x -= w;
  }
  for (let i = 20; i < 40; i++) {
    points.push([x, y]);
    y += h;
  }
  for (let i = 40; i < 60; i++) {
    points.push([x, y]);
    x += w;
  }
  for (let i = 60; i < 80; i++) {
    points.push([x, y]);
    y -= h;
  }
  const chain = world.createChain(g, { points, loop: true, oneSided: true });
  const ball = world.createBody({ position: [-19.5, 0.5], linearVelocity: [100, 0] });
  world.createShape(ball, { kind: 'circle', radius: 0.5, friction: 0 });
  return { ball, chain };
}

/**
 * SpeculativeFallback: a 4 m × 0.1 m plank (its shape 8 m from its body origin) falling at 100 m/s
 * onto a thin static sliver polygon (4 m wide, 0.1–0.2 m thick, 4 m up) over a ground line. The
 * speculative margin is too small at that speed: the fall-back (continuous collision) must catch
 * it on the sliver.
 */
export function speculativeFallback(world: World): { plank: BodyId } {
  const g = segments(world, [
    [
      [-10, 0],
      [10, 0],
    ],
  ]);
  world.createShape(g, {
    kind: 'polygon',
    vertices: [
      [-2, 4],
      [2, 4],
      [2, 4.1],
      [-0.5, 4.2],
      [-2, 4.2],
    ],
  });
  const offset = 8;
  const plank = world.createBody({ position: [offset, 12], linearVelocity: [0, -100] });
  world.createShape(plank, {
    kind: 'box',
    halfWidth: 2,
    halfHeight: 0.05,
    center: [-offset, 0],
    angle: Math.PI,
  });
  return { plank };
}

/**
 * SpeculativeSliver: a thin triangle (4 m long, 0.5 m high at one end) falling at 100 m/s onto a
 * ground line. It must not pass through.
 */
export function speculativeSliver(world: World): { sliver: BodyId } {
  segments(world, [
    [
      [-10, 0],
      [10, 0],
    ],
  ]);
  const sliver = world.createBody({ position: [0, 12], linearVelocity: [0, -100] });
  world.createShape(sliver, {
    kind: 'polygon',
    vertices: [
      [-2, 0],
      [-1, 0],
      [2, 0.5],
    ],
  });
  return { sliver };
}

/**
 * Wedge: a 0.3 m ball (friction 0.2) fired down at 200 m/s into the narrow V of two segments (a
 * slope from (−4, 8) to the origin and a wall up from it). It must end in the V, through neither side.
 */
export function wedge(world: World): { ball: BodyId } {
  segments(world, [
    [
      [-4, 8],
      [0, 0],
    ],
    [
      [0, 0],
      [0, 8],
    ],
  ]);
  const ball = world.createBody({ position: [-0.45, 10.75], linearVelocity: [0, -200] });
  world.createShape(ball, { kind: 'circle', radius: 0.3, friction: 0.2 });
  return { ball };
}

/**
 * SkinnyBox: a 4 m × 0.1 m plank (friction 0.9) dropped at 100 m/s, spinning at up to ±50 rad/s
 * (drawn from `seed`), onto a ground line with a thin post (0.2 m × 2 m). It must land on top,
 * never pass the ground.
 */
export function skinnyBox(world: World, seed = 1): { plank: BodyId; angularVelocity: number } {
  const g = segments(
    world,
    [
      [
        [-10, 0],
        [10, 0],
      ],
    ],
    0.9,
  );
  world.createShape(g, { kind: 'box', halfWidth: 0.1, halfHeight: 1, center: [0, 1], friction: 0.9 });
  const angularVelocity = new Prng(seed).range(-50, 50);
  const plank = world.createBody({ position: [0, 8], angularVelocity, linearVelocity: [0, -100] });
  world.createShape(plank, { kind: 'box', halfWidth: 2, halfHeight: 0.05, friction: 0.9 });
  return { plank, angularVelocity };
}

/**
 * ChainDrop: a 0.5 m ball that cannot turn, dropped at 42 m/s onto the top of a closed chain
 * (a 20 m × 3 m rectangle whose top is at y = −5). It must come to rest on the chain.
 */
export function chainDrop(world: World): { ball: BodyId } {
  const g = world.createBody({ type: 'static', position: [0, -6] });
  world.createChain(g, {
    points: [
      [-10, -2],
      [10, -2],
      [10, 1],
      [-10, 1],
    ],
    loop: true,
    oneSided: true,
  });
  const ball = world.createBody({
    position: [0, 10 - 0.1],
    linearVelocity: [0, -42],
    angle: 0.5 * Math.PI,
    fixedRotation: true,
  });
  world.createShape(ball, { kind: 'circle', radius: 0.5 });
  return { ball };
}

/**
 * A column of `n` square boxes of half size `half` (density 1, friction 0.6) standing on a ground
 * box whose top is y = 0 — the columns of 100 unit boxes and of five 1 cm boxes that Box2D v3 holds.
 */
export function boxColumn(world: World, n: number, half: number): { boxes: BodyId[] } {
  groundBox(world, 40, 0.5, 0, -0.5);
  const boxes: BodyId[] = [];
  for (let i = 0; i < n; i++) boxes.push(dynamicBox(world, 0, half + 2 * half * i, half, half, 1, 0.6));
  return { boxes };
}

/** A heavy unit box (density `ratio`) on a light one (density 1) on the ground: heavy-on-light. */
export function heavyOnLight(world: World, ratio = 100): { light: BodyId; heavy: BodyId } {
  groundBox(world, 40, 0.5, 0, -0.5);
  const light = dynamicBox(world, 0, 0.5, 0.5, 0.5, 1, 0.6);
  const heavy = dynamicBox(world, 0, 1.5, 0.5, 0.5, ratio, 0.6);
  return { light, heavy };
}
