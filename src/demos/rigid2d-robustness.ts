/**
 * Box2D v3's robustness, stacking and continuous-collision samples as demos (Catto, Box2D v3
 * samples, built by scene/builders/box2d-samples.ts): high mass ratios, overlap recovery, tiny
 * boxes, tall columns, the card house, a cart on stiff contacts, and fast bodies against thin
 * static geometry. 60 Hz steps with 4 substeps, as Box2D's samples run; every demo can be dragged.
 */
import type { World } from '../rigid2d/index.js';
import {
  bounceHouse,
  boxColumn,
  CART_WORLD,
  cardHouse,
  cart,
  chainDrop,
  chainSlide,
  fireVerticalStackBullet,
  heavyOnLight,
  highMassRatio1,
  highMassRatio2,
  highMassRatio3,
  overlapRecovery,
  SAMPLE_DT,
  segmentSlide,
  skinnyBox,
  speculativeFallback,
  speculativeSliver,
  tinyPyramid,
  verticalStack,
  wedge,
} from '../scene/builders/box2d-samples.js';
import { RIGID_SERIES, RigidDemoInstance } from './rigid2d.js';
import type { Demo, DemoParam, DemoParamValues } from './types.js';

/** The parameters of these demos: the solver, the substeps and what to draw. */
const PARAMS: DemoParam[] = [
  {
    key: 'solver',
    label: 'position correction',
    kind: 'choice',
    default: 'soft-step',
    options: ['soft-step', 'baumgarte', 'split-impulse', 'none'],
  },
  { key: 'substeps', kind: 'number', default: 4, min: 1, max: 16, step: 1 },
  {
    key: 'iterations',
    label: 'iterations (PGS modes)',
    kind: 'number',
    default: 10,
    min: 1,
    max: 50,
    step: 1,
  },
  { key: 'sleep', label: 'sleeping', kind: 'boolean', default: true },
  { key: 'contacts', label: 'draw contacts', kind: 'boolean', default: false, display: true },
  { key: 'normals', label: 'draw normals', kind: 'boolean', default: false, display: true },
  { key: 'sleepState', label: 'show sleeping', kind: 'boolean', default: true, display: true },
];

type Build = (world: World) => void;

/** One sample demo: `camera` is the world point at the canvas centre and the height that must fit. */
function sampleDemo(
  id: string,
  title: string,
  description: string,
  camera: { cx: number; cy: number; height: number },
  build: Build,
  make: (build: Build, p: DemoParamValues, dt: number) => RigidDemoInstance = (b, p, dt) =>
    new RigidDemoInstance(b, p, dt),
): Demo {
  return {
    id,
    title,
    domain: 'rigid2d',
    description,
    dt: SAMPLE_DT,
    view: (width, height) => ({ width, height, cx: camera.cx, cy: camera.cy, scale: height / camera.height }),
    params: PARAMS,
    series: RIGID_SERIES,
    create: (p: DemoParamValues = {}, options?: { dt?: number }) => {
      const values: DemoParamValues = {};
      for (const q of PARAMS) values[q.key] = p[q.key] ?? q.default;
      return make(build, values, options?.dt ?? SAMPLE_DT);
    },
  };
}

/** The vertical stack with a bullet fired into it 1 s after the start and every 3 s after. */
class BulletStackInstance extends RigidDemoInstance {
  private frames = 0;

  override step(): void {
    super.step();
    this.frames++;
    if (this.frames % 180 === 60) fireVerticalStackBullet(this.world, this.frames);
  }
}

const SOURCE = 'Catto, Box2D v3 samples';

/** The demos of Box2D v3's robustness, stacking and continuous samples. */
export const rigid2dRobustnessDemos: readonly Demo[] = [
  sampleDemo(
    'rigid2d-high-mass-ratio-1',
    'High mass ratio 1',
    `Three pyramids of 2 m boxes, each topped by a box 100, 200 and 300 times as dense (${SOURCE}, HighMassRatio1). The soft-step solver with warm starting holds them: watch the pyramids splay a few centimetres and settle.`,
    { cx: 3, cy: 12, height: 30 },
    (w) => void highMassRatio1(w),
  ),
  sampleDemo(
    'rigid2d-high-mass-ratio-2',
    'High mass ratio 2',
    `A 20 m box dropped onto two 1 m boxes, 400 times lighter (${SOURCE}, HighMassRatio2). The small boxes carry it without being pressed into the ground.`,
    { cx: 0, cy: 14, height: 34 },
    (w) => void highMassRatio2(w),
  ),
  sampleDemo(
    'rigid2d-high-mass-ratio-3',
    'High mass ratio 3',
    `The 20 m box dropped onto two small triangles (${SOURCE}, HighMassRatio3): it comes to rest on their tips.`,
    { cx: 0, cy: 12, height: 30 },
    (w) => void highMassRatio3(w),
  ),
  sampleDemo(
    'rigid2d-overlap-recovery',
    'Overlap recovery',
    `A pyramid of boxes started a quarter of a box into each other (${SOURCE}, OverlapRecovery). The soft contacts push them apart no faster than the push-out speed, so the pile comes apart gently instead of exploding.`,
    { cx: -1, cy: 2, height: 6 },
    (w) => void overlapRecovery(w),
  ),
  sampleDemo(
    'rigid2d-tiny-pyramid',
    'Tiny pyramid',
    `A pyramid of 465 boxes of 5 cm (${SOURCE}, TinyPyramid). Small boxes are hard: the broadphase margin and the linear slop are close to their size. Turn on the contact drawing to see the speculative points.`,
    { cx: 0, cy: 0.75, height: 1.8 },
    (w) => void tinyPyramid(w),
  ),
  sampleDemo(
    'rigid2d-box2d-vertical-stack',
    'Vertical stack (Box2D)',
    `Twelve rounded boxes, each shifted 1 cm off the axis in turn (${SOURCE}, VerticalStack): the stack stands and falls asleep.`,
    { cx: 4, cy: 7, height: 16 },
    (w) => void verticalStack(w),
  ),
  sampleDemo(
    'rigid2d-vertical-stack-bullet',
    'Vertical stack hit by a bullet',
    `The vertical stack, hit by a 0.25 m bullet at 200–300 m/s every 3 s (${SOURCE}, VerticalStack): continuous collision stops the bullet at the boxes, and nothing passes the wall at x = 10 m.`,
    { cx: -8, cy: 7, height: 20 },
    (w) => void verticalStack(w),
    (b, p, dt) => new BulletStackInstance(b, p, dt),
  ),
  sampleDemo(
    'rigid2d-box2d-card-house',
    'Card house (Box2D)',
    `Five storeys of cards 0.4 m tall and 2 mm thin (${SOURCE}, CardHouse). The cards meet corner to corner; the vertex–vertex contacts and the persistent contact manifolds hold the house: it settles by a few centimetres and sleeps within a second.`,
    { cx: 0.75, cy: 0.9, height: 2.4 },
    (w) => void cardHouse(w),
  ),
  sampleDemo(
    'rigid2d-cart',
    'Cart on stiff contacts',
    `A heavy chassis (density 1000) on two light wheels (density 50) under 22 m/s² gravity, with 240 Hz contacts, 120 Hz joints and 12 substeps (${SOURCE}, Cart): it stands on its wheels without bouncing.`,
    { cx: 0, cy: 0.6, height: 2.5 },
    (w) => {
      w.setGravity(CART_WORLD.gravity);
      w.setSolver(CART_WORLD.solver);
      cart(w);
    },
  ),
  sampleDemo(
    'rigid2d-bounce-house',
    'Bounce house',
    `A weightless bullet with restitution 1 in a box of segments (${SOURCE}, BounceHouse): it bounces forever and never leaves.`,
    { cx: 0, cy: 0, height: 22 },
    (w) => void bounceHouse(w),
  ),
  sampleDemo(
    'rigid2d-segment-slide',
    'Segment slide',
    `A ball sliding at 100 m/s along a ground line into a wall (${SOURCE}, SegmentSlide): continuous collision stops it at the wall.`,
    { cx: 10, cy: 4, height: 24 },
    (w) => void segmentSlide(w),
  ),
  sampleDemo(
    'rigid2d-chain-slide',
    'Chain slide',
    `A frictionless ball at 100 m/s inside a loop of 80 chain segments (${SOURCE}, ChainSlide): it runs along the segments' joints without snagging.`,
    { cx: 0, cy: 10, height: 24 },
    (w) => void chainSlide(w),
  ),
  sampleDemo(
    'rigid2d-speculative-fallback',
    'Speculative fallback',
    `A plank falling at 100 m/s onto a thin static sliver (${SOURCE}, SpeculativeFallback): too fast for the speculative margin, it is caught by the time of impact.`,
    { cx: 0, cy: 5, height: 14 },
    (w) => void speculativeFallback(w),
  ),
  sampleDemo(
    'rigid2d-speculative-sliver',
    'Speculative sliver',
    `A thin triangle falling at 100 m/s (${SOURCE}, SpeculativeSliver): it stops on the ground line.`,
    { cx: 0, cy: 5, height: 14 },
    (w) => void speculativeSliver(w),
  ),
  sampleDemo(
    'rigid2d-wedge',
    'Wedge',
    `A ball fired at 200 m/s into a narrow V of two segments (${SOURCE}, Wedge): it ends in the V, through neither side.`,
    { cx: -1, cy: 5, height: 12 },
    (w) => void wedge(w),
  ),
  sampleDemo(
    'rigid2d-skinny-box',
    'Skinny box',
    `A 4 m × 0.1 m plank dropped at 100 m/s, spinning (${SOURCE}, SkinnyBox): it lands on the ground line, never through it.`,
    { cx: 0, cy: 4, height: 12 },
    (w) => void skinnyBox(w),
  ),
  sampleDemo(
    'rigid2d-chain-drop',
    'Chain drop',
    `A ball dropped at 42 m/s onto a closed chain (${SOURCE}, ChainDrop): it comes to rest on its top.`,
    { cx: 0, cy: 2, height: 18 },
    (w) => void chainDrop(w),
  ),
  sampleDemo(
    'rigid2d-column-100',
    'Column of 100 boxes',
    'One column of 100 unit boxes (Box2D v3 holds it): with persistent contact manifolds (contact recycling, Catto 2026) and flip-invariant contact ids the column stands; the soft contacts let it sag 3.5 m under its weight.',
    { cx: 0, cy: 50, height: 104 },
    (w) => void boxColumn(w, 100, 0.5),
  ),
  sampleDemo(
    'rigid2d-column-tiny',
    'Column of 1 cm boxes',
    'Five boxes of 1 cm in a column: smaller than the speculative margin, every box touches every other speculatively. They stand.',
    { cx: 0, cy: 0.03, height: 0.08 },
    (w) => void boxColumn(w, 5, 0.005),
  ),
  sampleDemo(
    'rigid2d-heavy-on-light',
    'Heavy on light (100:1)',
    'A unit box 100 times as dense as the one it stands on. The soft-step solver holds it; at 1000:1 every engine measured drops it.',
    { cx: 0, cy: 1, height: 3 },
    (w) => void heavyOnLight(w, 100),
  ),
];
