/**
 * Demos of the rigid2d engine (textbook §26.2, the impulse and stacking labs): the crate on a post
 * with its solver trace, a vertical stack, pyramids, a card house, dominoes, a friction ramp,
 * a restitution row, a tumbler and shapes raining into a chain bowl, the pyramids and the stack
 * built from the shared benchmark scenes (scene/builders). Every demo can be dragged with the mouse
 * (the demo kit's mouse joint) and draws through the engine's debug draw, on request with contact
 * points, normals, broadphase boxes, islands and sleep state.
 */

import { CanvasDebugDraw } from '../render/debug-draw-canvas.js';
import { type DebugDrawOptions, type PositionCorrection, World } from '../rigid2d/index.js';
import { addBoxes, pyramidBoxes, stackBoxes } from '../scene/builders/box-scenes.js';
import { crateTrace } from '../scene/builders/crate.js';
import { BodyGrabber } from './kit/body-grabber.js';
import { textPanel } from './kit/labels.js';
import type {
  Demo,
  DemoInstance,
  DemoParam,
  DemoParamValues,
  DemoPointer,
  SeriesStyle,
  View,
} from './types.js';

const DT = 1 / 60;

/** Parameters every rigid2d demo has: solver choice and what to draw. */
const COMMON_PARAMS: DemoParam[] = [
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
  { key: 'aabbs', label: 'draw broadphase boxes', kind: 'boolean', default: false, display: true },
  { key: 'islands', label: 'colour islands', kind: 'boolean', default: false, display: true },
  { key: 'sleepState', label: 'show sleeping', kind: 'boolean', default: true, display: true },
];

/** The plotted series of every rigid2d demo, in the colours all drawers use. */
export const RIGID_SERIES: readonly SeriesStyle[] = [
  { key: 'kineticEnergy', label: 'kinetic energy', unit: 'J', color: '#1f77b4' },
  { key: 'maxPenetration', label: 'largest penetration', unit: 'm', color: '#d62728' },
];

/** The debug-draw switches from the display parameters. */
function drawOptionsOf(p: DemoParamValues): DebugDrawOptions {
  return {
    contacts: p['contacts'] === true,
    normals: p['normals'] === true,
    aabbs: p['aabbs'] === true,
    islands: p['islands'] === true,
    sleep: p['sleepState'] !== false,
  };
}

type Builder = (world: World, p: DemoParamValues) => void;

/** A running rigid2d demo: a world, the mouse joint and the drawing options. */
export class RigidDemoInstance implements DemoInstance {
  readonly world: World;
  readonly dt: number;
  private readonly grabber: BodyGrabber;
  private readonly debugDraw = new CanvasDebugDraw();
  private drawOptions: DebugDrawOptions;

  constructor(build: Builder, p: DemoParamValues, dt: number) {
    this.dt = dt;
    const mode = String(p['solver'] ?? 'soft-step') as PositionCorrection;
    this.world = new World({
      gravity: [0, -10],
      enableSleep: p['sleep'] !== false,
      solver: {
        positionCorrection: mode,
        substeps: mode === 'soft-step' ? Number(p['substeps'] ?? 4) : 1,
        iterations: mode === 'soft-step' ? 1 : Number(p['iterations'] ?? 10),
      },
    });
    build(this.world, p);
    this.grabber = new BodyGrabber(this.world);
    this.drawOptions = drawOptionsOf(p);
  }

  /** The drawing switches change live; the world keeps running. */
  setDisplay(p: DemoParamValues): void {
    this.drawOptions = drawOptionsOf(p);
  }

  get time(): number {
    return this.world.time;
  }

  step(): void {
    this.grabber.apply();
    this.world.step(this.dt);
  }

  pointer(e: DemoPointer): void {
    this.grabber.pointer(e);
  }

  series(): Record<string, number> {
    return { kineticEnergy: this.world.kineticEnergy(), maxPenetration: this.world.maxPenetration() };
  }

  stats(): Record<string, number> {
    const w = this.world;
    return {
      time: w.time,
      bodies: w.bodyCount,
      contacts: w.contactCount,
      awakeBodies: w.lastStep.awakeBodies,
      kineticEnergy: w.kineticEnergy(),
      maxPenetration: w.maxPenetration(),
    };
  }

  draw(ctx: CanvasRenderingContext2D, view: View): void {
    this.world.draw(this.debugDraw.begin(ctx, view), this.drawOptions);
    this.debugDraw.end();
    this.grabber.draw(ctx, view);
  }
}

function makeDemo(
  id: string,
  title: string,
  description: string,
  /** the world point at the canvas centre and the world height (and width, when given) that must fit */
  camera: { cx: number; cy: number; height: number; width?: number },
  build: Builder,
  extraParams: DemoParam[] = [],
  defaults: Partial<Record<string, number | boolean | string>> = {},
): Demo {
  const params = [...extraParams, ...COMMON_PARAMS].map((p) =>
    defaults[p.key] !== undefined ? ({ ...p, default: defaults[p.key] } as DemoParam) : p,
  );
  return {
    id,
    title,
    domain: 'rigid2d',
    description,
    dt: DT,
    view: (width, height) => ({
      width,
      height,
      cx: camera.cx,
      cy: camera.cy,
      scale: Math.min(height / camera.height, camera.width ? width / camera.width : Number.POSITIVE_INFINITY),
    }),
    params,
    series: RIGID_SERIES,
    create: (p: DemoParamValues = {}, options?: { dt?: number }) => {
      const values: DemoParamValues = {};
      for (const q of params) values[q.key] = p[q.key] ?? q.default;
      return new RigidDemoInstance(build, values, options?.dt ?? DT);
    },
  };
}

function ground(world: World, halfWidth = 40): number {
  const g = world.createBody({ type: 'static' });
  world.createShape(g, { kind: 'box', halfWidth, halfHeight: 0.5, center: [0, -0.5] });
  return g;
}

function box(
  world: World,
  x: number,
  y: number,
  hw = 0.5,
  hh = 0.5,
  angle = 0,
  extra: Record<string, number> = {},
) {
  const b = world.createBody({ position: [x, y], angle });
  world.createShape(b, { kind: 'box', halfWidth: hw, halfHeight: hh, ...extra });
  return b;
}

/** The crate demo also shows the textbook §26.2 sequential-impulse table computed by the solver. */
class CrateDemoInstance extends RigidDemoInstance {
  private readonly panel = [
    '§26.2 sequential impulses (μ = 0.5)',
    'it   λn      λt       ω       vn',
    ...crateTrace(0.5, 5).rows.map(
      (r) => `${r.iteration}   ${r.pn.toFixed(4)}  ${r.pt.toFixed(4)}  ${r.w.toFixed(4)}  ${r.vn.toFixed(4)}`,
    ),
  ];
  override draw(ctx: CanvasRenderingContext2D, view: View): void {
    super.draw(ctx, view);
    textPanel(ctx, this.panel);
  }
}

const crateDemo: Demo = {
  ...makeDemo(
    'rigid2d-crate',
    'Crate on a post (§26.2)',
    'Sequential impulses (Catto 2005) on the textbook §26.2 crate (m = 1 kg, I = 1/6), falling at 2 m/s onto a thin post under its corner; the panel shows the solver trace of the first step (λn → 8/7).',
    { cx: 0, cy: 0, height: 5, width: 4 },
    () => {},
  ),
  create: (p: DemoParamValues = {}, options?: { dt?: number }) => {
    const params = crateDemo.params!;
    const values: DemoParamValues = {};
    for (const q of params) values[q.key] = p[q.key] ?? q.default;
    return new CrateDemoInstance(
      (world) => {
        // a thin post whose rounded top is at y = 0, under the crate's lower-right corner
        const post = world.createBody({ type: 'static', position: [0.5, 0] });
        world.createShape(post, {
          kind: 'capsule',
          p1: [0, -1.5],
          p2: [0, -0.05],
          radius: 0.05,
          friction: 0.5,
        });
        const floor = world.createBody({ type: 'static' });
        world.createShape(floor, { kind: 'box', halfWidth: 6, halfHeight: 0.5, center: [0, -2] });
        const crate = world.createBody({ position: [0, 0.5 + 0.01], linearVelocity: [0, -2] });
        world.createShape(crate, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5, friction: 0.5 });
      },
      values,
      options?.dt ?? DT,
    );
  },
};

/** Demos of the rigid2d domain, in the order the playground lists them. */
export const rigid2dDemos: Demo[] = [
  crateDemo,
  makeDemo(
    'rigid2d-stack',
    'Vertical stack of 10 boxes',
    'Ten unit boxes on the ground: compare soft step (Catto 2011), Baumgarte (1972) and split impulse (Catto 2006); watch the stack settle and fall asleep.',
    { cx: 0, cy: 5, height: 12, width: 4 },
    (world) => {
      ground(world);
      addBoxes(world, stackBoxes(10));
    },
  ),
  makeDemo(
    'rigid2d-pyramid',
    'Pyramid (base 20)',
    'The pyramid of Box2D’s benchmark (Catto): 210 unit boxes, each row shifted by half a box; it should stand without creeping.',
    { cx: 0, cy: 10, height: 24, width: 22 },
    (world) => {
      ground(world);
      addBoxes(world, pyramidBoxes(20));
    },
  ),
  makeDemo(
    'rigid2d-large-pyramid',
    'Large pyramid (base 100, 5050 boxes)',
    'The large pyramid of Box2D’s benchmark (Catto): 5050 boxes, about 15,000 contact pairs, solved by the soft step (Catto 2011; textbook §26.2); the whole pyramid is one island and falls asleep at once.',
    { cx: 0, cy: 50, height: 110, width: 104 },
    (world) => {
      ground(world, 80);
      addBoxes(world, pyramidBoxes(100));
    },
  ),
  makeDemo(
    'rigid2d-card-house',
    'Card house',
    'A card house (textbook §26.2): thin cards leaning in pairs with flat cards across, three storeys; Coulomb friction at their edges (μ = 0.9) holds them up.',
    { cx: 0, cy: 2, height: 6, width: 3.4 },
    (world) => {
      ground(world);
      const h = 0.5; // card half length
      const t = 0.01; // card half thickness
      const lean = 0.35; // radians from vertical
      const dx = h * Math.sin(lean) + t; // set-up only, not a simulation step
      const dy = h * Math.cos(lean);
      const span = 2 * dx + 0.05; // half the distance between neighbouring apexes
      let y = 0;
      for (let storey = 0; storey < 3; storey++) {
        const n = 3 - storey;
        for (let i = 0; i < n; i++) {
          const cx = (i - (n - 1) / 2) * (2 * span);
          for (const side of [-1, 1]) {
            // left card (side −1) leans right: its top points along (sin lean, cos lean)
            const b = world.createBody({ position: [cx + side * dx, y + dy], angle: side * lean });
            world.createShape(b, { kind: 'box', halfWidth: t, halfHeight: h, friction: 0.9 });
          }
          if (i < n - 1) {
            const b = world.createBody({ position: [cx + span, y + 2 * dy + 2 * t] });
            world.createShape(b, { kind: 'box', halfWidth: span + 0.1, halfHeight: t, friction: 0.9 });
          }
        }
        y += 2 * dy + 4 * t;
      }
    },
  ),
  makeDemo(
    'rigid2d-dominoes',
    'Dominoes',
    'Thirty dominoes (textbook §26.2): the first is tipped and the chain falls, each contact passing the push on through its impulses (sequential impulses, Catto 2005).',
    { cx: 7.3, cy: 2, height: 8, width: 16 },
    (world) => {
      ground(world);
      for (let i = 0; i < 30; i++) {
        const b = box(world, i * 0.5, 1, 0.1, 1, 0, { friction: 0.4 });
        if (i === 0) world.setAngularVelocity(b, -2);
      }
    },
  ),
  makeDemo(
    'rigid2d-friction-ramp',
    'Friction ramp (μ = 0.1 … 0.8)',
    'Eight boxes on a 30° ramp with friction coefficients μ = 0.1 … 0.8 from the bottom up (Coulomb friction): a box slides when μ < tan 30° ≈ 0.577, so the lower five slide and the upper three stay. A contact mixes the two shapes’ coefficients as √(μA·μB) (as Box2D does); the ramp’s own coefficient is 1, so each box’s shape is given μ² and its contact has the μ shown.',
    { cx: 0, cy: 2, height: 14, width: 19 },
    (world) => {
      ground(world);
      const theta = Math.PI / 6;
      const ramp = world.createBody({ type: 'static', position: [0, 4], angle: theta });
      world.createShape(ramp, {
        kind: 'box',
        halfWidth: 10,
        halfHeight: 0.25,
        center: [0, -0.25],
        friction: 1,
      });
      const c = Math.cos(theta);
      const s = Math.sin(theta);
      for (let i = 0; i < 8; i++) {
        const mu = 0.1 * (i + 1);
        const along = -6 + 1.6 * i;
        const b = world.createBody({
          position: [along * c - 0.3 * s, 4 + along * s + 0.3 * c],
          angle: theta,
        });
        // the contact's coefficient is √(μ_box · μ_ramp) = √(μ² · 1) = μ
        world.createShape(b, { kind: 'box', halfWidth: 0.3, halfHeight: 0.3, friction: mu * mu });
      }
    },
  ),
  makeDemo(
    'rigid2d-restitution',
    'Restitution row (e = 0 … 1)',
    'Balls with e = 0, 0.1, …, 1 dropped from 4 m: peak heights fall by e² per bounce (Newton’s restitution law).',
    { cx: 0, cy: 2.5, height: 7, width: 9.5 },
    (world) => {
      ground(world);
      world.setSolver({ restitutionThreshold: 0.1 });
      for (let i = 0; i <= 10; i++) {
        const b = world.createBody({ position: [(i - 5) * 0.8, 4.25] });
        world.createShape(b, { kind: 'circle', radius: 0.25, restitution: i / 10, friction: 0 });
      }
    },
  ),
  makeDemo(
    'rigid2d-tumbler',
    'Tumbler',
    'Box2D’s tumbler (Catto): a kinematic box turning at 0.25 rad/s, full of 144 small boxes, circles and capsules. A kinematic body moves at its set velocity and pushes the dynamic ones, never the other way (textbook §26.2).',
    // the turning box's corners reach 10.5·√2 ≈ 14.9 from the centre
    { cx: 0, cy: 0, height: 31, width: 31 },
    (world) => {
      const t = world.createBody({ type: 'kinematic', angularVelocity: 0.25 });
      for (const [hw, hh, cx, cy] of [
        [0.5, 10, 10, 0],
        [0.5, 10, -10, 0],
        [10, 0.5, 0, 10],
        [10, 0.5, 0, -10],
      ] as const) {
        world.createShape(t, { kind: 'box', halfWidth: hw, halfHeight: hh, center: [cx, cy] });
      }
      let k = 0;
      for (let i = 0; i < 12; i++) {
        for (let j = 0; j < 12; j++) {
          const b = world.createBody({ position: [-6 + i, -6 + j] });
          const kind = k++ % 3;
          if (kind === 0) world.createShape(b, { kind: 'box', halfWidth: 0.25, halfHeight: 0.25 });
          else if (kind === 1) world.createShape(b, { kind: 'circle', radius: 0.25 });
          else world.createShape(b, { kind: 'capsule', p1: [-0.2, 0], p2: [0.2, 0], radius: 0.15 });
        }
      }
    },
    [],
    { sleep: false },
  ),
  makeDemo(
    'rigid2d-bowl',
    'Shapes raining into a chain bowl',
    'Circles, boxes, capsules and polygons fall into a bowl built from a one-sided chain of segments (listed clockwise, so its front faces inwards; chains as in Box2D, Catto): contacts of textbook §26.2 against a smooth curved wall.',
    { cx: 0, cy: 6, height: 18, width: 17 },
    (world) => {
      const bowl = world.createBody({ type: 'static' });
      const pts: [number, number][] = [];
      for (let i = 0; i <= 24; i++) {
        const a = Math.PI + (i / 24) * Math.PI;
        pts.push([8 * Math.cos(a), 8 + 8 * Math.sin(a)]);
      }
      // right to left along the bottom: the one-sided chain's front (right-hand side) faces inwards
      pts.reverse();
      world.createChain(bowl, { points: pts, friction: 0.6, oneSided: true });
      let seed = 12345;
      const rnd = () => {
        seed = (seed * 1103515245 + 12345) >>> 0;
        return seed / 4294967296;
      };
      for (let i = 0; i < 120; i++) {
        const b = world.createBody({
          position: [-5 + (i % 10) + 0.3 * rnd(), 9 + 0.9 * Math.floor(i / 10)],
          angle: rnd() * 3,
        });
        const kind = i % 4;
        if (kind === 0) world.createShape(b, { kind: 'circle', radius: 0.2 + 0.2 * rnd() });
        else if (kind === 1)
          world.createShape(b, { kind: 'box', halfWidth: 0.2 + 0.2 * rnd(), halfHeight: 0.2 + 0.1 * rnd() });
        else if (kind === 2)
          world.createShape(b, { kind: 'capsule', p1: [-0.25, 0], p2: [0.25, 0], radius: 0.15 });
        else
          world.createShape(b, {
            kind: 'polygon',
            vertices: [
              [-0.3, -0.2],
              [0.3, -0.2],
              [0.4, 0.1],
              [0, 0.35],
              [-0.4, 0.1],
            ],
          });
      }
    },
  ),
];
