/**
 * The stacking lab ("箱が沈み込まないように", "次のラボですること"; textbook §26.2), run on the rigid2d
 * engine's own contacts and solver: its position-correction modes ('none', 'split-impulse' — the
 * lab's own position correction, ./position-correction.ts —, 'baumgarte', 'soft-step'), its
 * iteration count and its per-contact penetration readout (`world.maxPenetration()`).
 * Browser-safe.
 *
 * 1. sinking: a box lands on the floor; without correction it freezes in the overlap it landed
 *    with, with correction the overlap returns to the slop.
 * 2. iterations: three stacked boxes solved with 1, 4 and 10 iterations; the penetration falls as
 *    the iterations grow (sequential impulses converge towards the exact simultaneous solution).
 * 3. five boxes: dropped one above the other, they settle into a stack; the two stability
 *    measures of the lab — the largest contact penetration staying near the slop, and the
 *    frame-to-frame image difference converging to 0 — are recorded for every frame.
 */

import { pixelDifference, Raster, type RGB } from '../render/raster.js';
import { type BodyId, type PositionCorrection, type SolverSettings, World } from '../rigid2d/index.js';

/** The lab's world: g = 9.8 m/s² down, 60 Hz frames, 1 m boxes, slop 0.005 m, percent 0.2, β 0.2. */
export const STACKING = {
  dt: 1 / 60,
  gravity: -9.8,
  half: 0.5,
  slop: 0.005,
  percent: 0.2,
  beta: 0.2,
} as const;

/** A solver variant the lab compares: the engine's position-correction mode plus overrides. */
export interface StackVariant {
  /** column name in the files, e.g. `split_impulse` */
  key: string;
  /** the variant's name in plots and tables */
  label: string;
  /** the position correction it runs */
  mode: PositionCorrection;
}

/** The four position-correction variants the stacking lab compares, by key: none, split impulse, Baumgarte, soft step. */
export const VARIANTS: Record<'none' | 'split' | 'baumgarte' | 'soft', StackVariant> = {
  none: { key: 'none', label: 'no correction', mode: 'none' },
  split: {
    key: 'split_impulse',
    label: 'split impulse (position correction only)',
    mode: 'split-impulse',
  },
  baumgarte: { key: 'baumgarte', label: 'Baumgarte (β·depth/dt in the velocity target)', mode: 'baumgarte' },
  soft: { key: 'soft_step', label: 'soft step (engine default)', mode: 'soft-step' },
};

/** A world with the lab's floor (top face at y = 0) and the variant's solver settings. */
export function stackingWorld(variant: StackVariant, solver: SolverSettings = {}): World {
  const world = new World({
    gravity: [0, STACKING.gravity],
    solver: {
      positionCorrection: variant.mode,
      slop: STACKING.slop,
      percent: STACKING.percent,
      beta: STACKING.beta,
      ...solver,
    },
  });
  const ground = world.createBody({ type: 'static' });
  world.createShape(ground, { kind: 'box', halfWidth: 6, halfHeight: 0.5, center: [0, -0.5], friction: 0.6 });
  return world;
}

/** Adds a 1 m box (density 1, friction 0.6) with its centre at (x, y). */
export function addBox(world: World, x: number, y: number): BodyId {
  const b = world.createBody({ type: 'dynamic', position: [x, y] });
  world.createShape(b, {
    kind: 'box',
    halfWidth: STACKING.half,
    halfHeight: STACKING.half,
    density: 1,
    friction: 0.6,
  });
  return b;
}

// ---------------------------------------------------------------------------------------------
// 1. sinking

/** One variant's sinking experiment: the penetration of a box dropped on the floor, step by step. */
export interface SinkingResult {
  /** the variant */
  variant: StackVariant;
  /** largest contact penetration (m) after each step */
  depth: Float64Array;
  /** the box centre's height after each step (1 m box: 0.5 means just touching) */
  height: Float64Array;
}

/** Frames of the sinking run (2 s) and the drop height of the box's bottom face. */
export const SINKING_STEPS = 120;
/** Height in metres from which the sinking experiment drops its box. */
export const SINKING_DROP = 1.0;

/**
 * The stacking lab: a box dropped from 1 m lands on the floor. The contact is found only once the
 * box already overlaps the floor; the velocity solver stops the fall but cannot undo the overlap.
 */
export function sinkingExperiment(variant: StackVariant, steps = SINKING_STEPS): SinkingResult {
  const world = stackingWorld(variant);
  const box = addBox(world, 0, STACKING.half + SINKING_DROP);
  const depth = new Float64Array(steps);
  const height = new Float64Array(steps);
  for (let s = 0; s < steps; s++) {
    world.step(STACKING.dt);
    depth[s] = world.maxPenetration();
    height[s] = world.getPosition(box)[1];
  }
  return { variant, depth, height };
}

// ---------------------------------------------------------------------------------------------
// 2. iterations

/** Solver iteration counts the iteration experiment compares. */
export const ITERATION_COUNTS = [1, 4, 10] as const;
/** Steps of 1/60 s each run of the iteration experiment takes. */
export const ITERATION_STEPS = 180;

/** One run of the iteration experiment: a variant, an iteration count, warm starting on or off, and how the stack settled. */
export interface IterationResult {
  /** the variant */
  variant: StackVariant;
  /** solver iterations per step */
  iterations: number;
  /** whether the impulses were warm-started */
  warmStarting: boolean;
  /** largest contact penetration in the stack after each step */
  depth: Float64Array;
  /** mean of `depth` over the last second (the settled value) */
  settled: number;
  /** the top box's centre height at the end (2.5 for a perfect stack of three 1 m boxes) */
  topHeight: number;
}

/**
 * The stacking lab: three boxes stacked on the floor (three contacts: floor–1, 1–2, 2–3) solved
 * with `iterations` sequential-impulse passes per step. With warm starting off (the default here)
 * each step starts from zero impulses, so the iteration count alone decides how far the coupled
 * contacts converge; warm starting carries last step's impulses over and hides the difference.
 */
export function iterationExperiment(
  variant: StackVariant,
  iterations: number,
  warmStarting = false,
  steps = ITERATION_STEPS,
): IterationResult {
  const world = stackingWorld(variant, { iterations, warmStarting });
  let top = -1;
  for (let k = 0; k < 3; k++) top = addBox(world, 0, STACKING.half + 2 * STACKING.half * k);
  const depth = new Float64Array(steps);
  for (let s = 0; s < steps; s++) {
    world.step(STACKING.dt);
    depth[s] = world.maxPenetration();
  }
  const tail = Math.min(60, steps);
  let sum = 0;
  for (let s = steps - tail; s < steps; s++) sum += depth[s]!;
  return {
    variant,
    iterations,
    warmStarting,
    depth,
    settled: sum / tail,
    topHeight: world.getPosition(top)[1],
  };
}

// ---------------------------------------------------------------------------------------------
// 3. five boxes into a stack

/** 256 × 256 frames covering x ∈ [−4, 4], y ∈ [−0.5, 7.5] (32 px per metre). */
export const FRAME_SIZE = 256;
/** Pixels per metre of the stack images. */
export const FRAME_SCALE = 32;
/** World x (m) at the left edge of the stack images. */
export const FRAME_X0 = -4;
/** World y (m) at the bottom edge of the stack images. */
export const FRAME_Y0 = -0.5;
/** Frames of 1/60 s each stack-stability run takes. */
export const STACK_FRAMES = 300;
/** Images saved per stack-stability run. */
export const STACK_IMAGES = 12;
/** frames between two of the 12 saved images */
export const STACK_IMAGE_EVERY = STACK_FRAMES / STACK_IMAGES;

const BOX_COLORS: readonly RGB[] = [
  [255, 100, 100],
  [100, 255, 100],
  [100, 150, 255],
  [255, 220, 80],
  [220, 120, 255],
];
const FLOOR_COLOR: RGB = [110, 110, 110];
/** pixel-space corners of the box being drawn (reused: no allocation per frame) */
const CORNER_SCRATCH = new Float64Array(8);

/** The five boxes' starting centres: one above the other with gaps, slightly staggered. */
export const FIVE_BOXES: readonly (readonly [number, number])[] = [
  [0, 1.0],
  [0.12, 2.4],
  [-0.1, 3.8],
  [0.08, 5.2],
  [-0.06, 6.6],
];

/**
 * Draws the floor and the boxes into a square raster showing x ∈ [−4, 4], y ∈ [−0.5, 7.5] (exact
 * pixels: a pixel is a box's when its centre is inside).
 */
export function renderBoxes(world: World, boxes: readonly BodyId[], raster: Raster): void {
  raster.clear([0, 0, 0]);
  const scale = (FRAME_SCALE * raster.width) / FRAME_SIZE; // the same 8 m × 8 m window at any size
  const px = (x: number): number => (x - FRAME_X0) * scale;
  const py = (y: number): number => raster.height - (y - FRAME_Y0) * scale;
  raster.fillRect(0, Math.round(py(0)), raster.width, raster.height, FLOOR_COLOR);
  const xy = CORNER_SCRATCH;
  const h = STACKING.half;
  for (let i = 0; i < boxes.length; i++) {
    const [cx, cy] = world.getPosition(boxes[i]!);
    const a = world.getAngle(boxes[i]!);
    const c = Math.cos(a);
    const s = Math.sin(a);
    for (let k = 0; k < 4; k++) {
      const lx = k === 0 || k === 3 ? -h : h;
      const ly = k < 2 ? -h : h;
      xy[2 * k] = px(cx + c * lx - s * ly);
      xy[2 * k + 1] = py(cy + s * lx + c * ly);
    }
    raster.fillConvex(xy, BOX_COLORS[i % BOX_COLORS.length]!);
  }
}

/** One variant's stack-stability run: the penetration and drift of the stack frame by frame, and its saved images. */
export interface StackResult {
  /** the variant */
  variant: StackVariant;
  /** largest contact penetration after each frame */
  maxPenetration: Float64Array;
  /** pixels that changed since the previous frame (frame 0 compares with the initial picture) */
  imageDiff: Int32Array;
  /** boxes still awake after each frame (the engine sleeps a resting island: the lab's スリープ) */
  awake: Int32Array;
  /** the 12 saved frames (frames STACK_IMAGE_EVERY·k + STACK_IMAGE_EVERY − 1) */
  images: Raster[];
  /** frame indices of the saved images */
  imageFrames: number[];
  /** the first frame from which the image never changes again (−1 if it still changes) */
  stillFrom: number;
  /** the first frame from which every box sleeps (−1 if some box is still awake at the end) */
  asleepFrom: number;
  /** top box's centre height at the end (4.5 for a perfect stack of five) */
  topHeight: number;
}

/**
 * The stacking lab, "箱5つが落ちて積み重なり": five boxes fall into a stack; every frame is rendered with
 * the exact-pixel Raster and compared with the previous one.
 */
export function fiveBoxStack(variant: StackVariant, frames = STACK_FRAMES, keepImages = true): StackResult {
  const world = stackingWorld(variant);
  const boxes = FIVE_BOXES.map(([x, y]) => addBox(world, x, y));
  let prev = new Raster(FRAME_SIZE, FRAME_SIZE);
  let cur = new Raster(FRAME_SIZE, FRAME_SIZE);
  renderBoxes(world, boxes, prev);
  const maxPenetration = new Float64Array(frames);
  const imageDiff = new Int32Array(frames);
  const awake = new Int32Array(frames);
  const images: Raster[] = [];
  const imageFrames: number[] = [];
  const every = Math.max(1, Math.floor(frames / STACK_IMAGES));
  for (let f = 0; f < frames; f++) {
    world.step(STACKING.dt);
    renderBoxes(world, boxes, cur);
    maxPenetration[f] = world.maxPenetration();
    imageDiff[f] = pixelDifference(prev, cur);
    for (const b of boxes) if (world.isAwake(b)) awake[f]!++;
    if (keepImages && f % every === every - 1 && images.length < STACK_IMAGES) {
      const copy = new Raster(FRAME_SIZE, FRAME_SIZE);
      copy.data.set(cur.data);
      images.push(copy);
      imageFrames.push(f);
    }
    [prev, cur] = [cur, prev];
  }
  const settledFrom = (a: Int32Array): number => {
    let k = frames;
    while (k > 0 && a[k - 1] === 0) k--;
    return k === frames ? -1 : k;
  };
  return {
    variant,
    maxPenetration,
    imageDiff,
    awake,
    images,
    imageFrames,
    stillFrom: settledFrom(imageDiff),
    asleepFrom: settledFrom(awake),
    topHeight: world.getPosition(boxes[boxes.length - 1]!)[1],
  };
}
