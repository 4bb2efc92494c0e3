/**
 * Voronoi fracture demos (textbook §26.5): a glass pane that shatters where a ball hits it, and a
 * wall pre-cut into Voronoi pieces glued by breakable weld joints that crumbles under a cannon
 * ball. Seeds cluster around the impact, so the pieces are small there and large far away; every
 * piece is convex. Both run on the rigid2d engine's joint-demo host (mouse drag included).
 */
import { fractureBody, ImpactFracture, type World } from '../rigid2d/index.js';
import { JointDemoInstance } from './rigid2d-joints.js';
import type { Demo, DemoParam, DemoParamValues } from './types.js';

const DT = 1 / 60;

/** What a fracture scene hands the joint-demo host: per-step hooks and readouts. */
interface FractureScenario {
  beforeStep(frame: number): void;
  afterStep(): void;
  stats(): Record<string, number>;
  panel(): string[];
}

const PARAMS: DemoParam[] = [
  { key: 'pieces', label: 'Voronoi seeds', kind: 'number', default: 40, min: 2, max: 120, step: 1 },
  { key: 'speed', label: 'ball speed (m/s)', kind: 'number', default: 20, min: 2, max: 80, step: 1 },
  { key: 'contacts', label: 'draw contacts', kind: 'boolean', default: false },
  { key: 'jointLines', label: 'draw joints', kind: 'boolean', default: true },
];

function ground(world: World): void {
  const g = world.createBody({ type: 'static' });
  world.createShape(g, { kind: 'box', halfWidth: 30, halfHeight: 0.5, center: [0, -0.5] });
}

function ball(world: World, y: number, speed: number): void {
  const b = world.createBody({ position: [-8, y], linearVelocity: [speed, 2], bullet: true });
  world.createShape(b, { kind: 'circle', radius: 0.3, density: 8, friction: 0.4 });
}

/** The glass pane: fractured on impact above 4 N·s, around the hit point. */
function glass(world: World, p: DemoParamValues): FractureScenario {
  ground(world);
  const speed = Number(p['speed']);
  const pane = world.createBody({ position: [0, 2.5] });
  world.createShape(pane, { kind: 'box', halfWidth: 0.06, halfHeight: 2.5, density: 2.5, friction: 0.5 });
  const fx = new ImpactFracture(world);
  fx.add(pane, 4, { count: Number(p['pieces']), power: 3, radius: 2.5, friction: 0.5 });
  let shards = 0;
  return {
    beforeStep(frame: number) {
      if (frame === 30) ball(world, 3, speed);
    },
    afterStep() {
      for (const r of fx.update()) shards += r.bodies.length;
    },
    stats: () => ({ shards }),
    panel: () => [`shards: ${shards}`, 'a hit above 4 N·s shatters the pane around the impact'],
  };
}

/** The wall: cut into Voronoi pieces up front, glued by weld joints that break above 250 N. */
function wall(world: World, p: DemoParamValues): FractureScenario {
  ground(world);
  const w = world.createBody({ position: [0, 2.5] });
  world.createShape(w, { kind: 'box', halfWidth: 1, halfHeight: 2.5, density: 2, friction: 0.7 });
  const r = fractureBody(world, w, {
    impact: [-1, 2.6],
    count: Number(p['pieces']),
    power: 2,
    radius: 3,
    friction: 0.7,
    glue: { breakForce: 250, breakTorque: 60 },
  });
  let broken = 0;
  return {
    beforeStep(frame: number) {
      if (frame === 60) ball(world, 2.6, Number(p['speed']));
    },
    afterStep() {
      broken += world.events().jointBreak.length;
    },
    stats: () => ({ pieces: r.bodies.length, broken }),
    panel: () => [`pieces: ${r.bodies.length}`, `glue joints broken: ${broken} of ${r.joints.length}`],
  };
}

function makeDemo(
  id: string,
  title: string,
  description: string,
  build: (world: World, p: DemoParamValues) => FractureScenario,
): Demo {
  return {
    id,
    title,
    domain: 'rigid2d',
    description,
    dt: DT,
    view: (width, height) => ({ width, height, cx: -1, cy: 3, scale: height / 9 }),
    params: PARAMS,
    series: [{ key: 'kineticEnergy', label: 'kinetic energy', unit: 'J', color: '#c2410c' }],
    create: (p: DemoParamValues = {}, options?: { dt?: number }) => {
      const values: DemoParamValues = {};
      for (const q of PARAMS) values[q.key] = p[q.key] ?? q.default;
      return new JointDemoInstance(build, values, options?.dt ?? DT);
    },
  };
}

export const rigid2dFractureDemos: readonly Demo[] = [
  makeDemo(
    'fracture-glass',
    'Shattering glass (Voronoi fracture)',
    'A ball hits a glass pane; when the hit impulse passes the threshold the pane is cut into Voronoi cells whose seeds cluster around the impact point (textbook §26.5), so the shards are small where it was hit and large far away. Every shard is convex and the shards keep the pane’s mass, centre of mass and momentum.',
    glass,
  ),
  makeDemo(
    'fracture-wall',
    'Crumbling wall (glued Voronoi pieces)',
    'A wall pre-cut into convex Voronoi pieces (textbook §26.5) held together by breakable weld joints — the pre-fractured, glued pieces of game engines. A cannon ball pulls the joints near the impact past their break force and the wall crumbles from there; drag pieces with the mouse.',
    wall,
  ),
];
