/**
 * The `rikigaku/rigid2d@1` scene format: a 2D rigid-body world as JSON (documented in
 * docs/scene-format.md). `parseRigid2dScene` validates a parsed file — every field is checked
 * for type, finiteness and range, unknown fields are rejected, polygons must be convex with
 * non-zero area — and throws PhysicsError('invalid-scene') with the path of the bad field and what
 * was expected, e.g. `scene.bodies[3].shapes[0].vertices: polygon is not convex`.
 * `buildRigid2dWorld` turns a validated scene into a `World`; `loadRigid2dScene` (registered for
 * `rikigaku run scene.json`) returns a running instance that steps and draws like a demo (and lets
 * the pointer drag dynamic bodies with a spring).
 */
import type { DemoInstance } from '../core/demo-instance.js';
import { PhysicsError } from '../core/errors.js';
import { applyView, type View } from '../core/view.js';
import { validateConvexPolygon } from '../geometry/polygon2d.js';
import {
  makeBox,
  makeCapsule,
  makeCircle,
  makePolygon,
  shapeMass,
  Transform2,
} from '../geometry/shapes2d.js';
import { queriesOf } from '../rigid2d/queries.js';
import type {
  BodyDef,
  BodyId,
  ChainDef,
  FilterDef,
  PositionCorrection,
  ShapeDef,
  ShapeId,
  SolverSettings,
  Vec2Tuple,
} from '../rigid2d/types.js';
import { World } from '../rigid2d/world.js';

export const RIGID2D_FORMAT = 'rikigaku/rigid2d@1';

/** A material: density (kg/m²), friction μ, restitution e. */
export interface SceneMaterial {
  density?: number;
  friction?: number;
  restitution?: number;
}

export type SceneShape = (ShapeDef | ({ kind: 'chain' } & ChainDef)) & { name?: string; material?: string };

export interface SceneBody extends Omit<BodyDef, 'userData'> {
  name?: string;
  /** total mass of a dynamic body (kg): its shapes' densities are scaled to give this mass */
  mass?: number;
  shapes: SceneShape[];
}

/** A validated `rikigaku/rigid2d@1` scene. */
export interface Rigid2dScene {
  format: typeof RIGID2D_FORMAT;
  title?: string;
  description?: string;
  /** fixed frame step in seconds, default 1/60 */
  dt: number;
  gravity: Vec2Tuple;
  solver: Omit<SolverSettings, 'trace'>;
  sleep: { enabled: boolean; timeToSleep?: number; tolerance?: number };
  materials: Record<string, SceneMaterial>;
  bodies: SceneBody[];
  view?: { center: Vec2Tuple; scale?: number };
}

// ---- validation helpers -----------------------------------------------------------------------

function bad(path: string, what: string): never {
  throw new PhysicsError('invalid-scene', `${path}: ${what}`);
}

function show(value: unknown): string {
  if (typeof value === 'string') return `string ${JSON.stringify(value)}`;
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

type Obj = Record<string, unknown>;

function object(value: unknown, path: string, known: readonly string[]): Obj {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    bad(path, `expected an object, got ${show(value)}`);
  const o = value as Obj;
  for (const key of Object.keys(o)) {
    if (!known.includes(key)) bad(`${path}.${key}`, `unknown field (expected one of: ${known.join(', ')})`);
  }
  return o;
}

interface NumRule {
  /** value must be ≥ min */
  min?: number;
  /** value must be > above */
  above?: number;
  max?: number;
  integer?: boolean;
}

function number(value: unknown, path: string, rule: NumRule = {}): number {
  if (typeof value !== 'number') bad(path, `expected a number, got ${show(value)}`);
  // JSON cannot hold NaN or ±Infinity, but 1e999 parses to Infinity and the API can pass anything.
  if (!Number.isFinite(value)) bad(path, `must be a finite number, got ${value}`);
  if (rule.integer && !Number.isInteger(value)) bad(path, `must be an integer, got ${value}`);
  if (rule.above !== undefined && !(value > rule.above)) bad(path, `must be > ${rule.above}, got ${value}`);
  if (rule.min !== undefined && !(value >= rule.min)) bad(path, `must be >= ${rule.min}, got ${value}`);
  if (rule.max !== undefined && !(value <= rule.max)) bad(path, `must be <= ${rule.max}, got ${value}`);
  return value;
}

function optNumber(o: Obj, key: string, path: string, rule?: NumRule): number | undefined {
  return o[key] === undefined ? undefined : number(o[key], `${path}.${key}`, rule);
}

function optBool(o: Obj, key: string, path: string): boolean | undefined {
  const v = o[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') bad(`${path}.${key}`, `expected true or false, got ${show(v)}`);
  return v;
}

function optString(o: Obj, key: string, path: string): string | undefined {
  const v = o[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') bad(`${path}.${key}`, `expected a string, got ${show(v)}`);
  return v;
}

function vec2(value: unknown, path: string): Vec2Tuple {
  if (!Array.isArray(value) || value.length !== 2) bad(path, `expected [x, y], got ${show(value)}`);
  return [number(value[0], `${path}[0]`), number(value[1], `${path}[1]`)];
}

function optVec2(o: Obj, key: string, path: string): Vec2Tuple | undefined {
  return o[key] === undefined ? undefined : vec2(o[key], `${path}.${key}`);
}

function oneOf<T extends string>(value: unknown, path: string, options: readonly T[]): T {
  if (typeof value !== 'string' || !options.includes(value as T)) {
    bad(path, `expected one of ${options.map((x) => `'${x}'`).join(', ')}, got ${show(value)}`);
  }
  return value as T;
}

/** Drops undefined fields so the result reads cleanly and spreads without overriding defaults. */
function clean<T extends object>(o: T): T {
  for (const k of Object.keys(o) as (keyof T)[]) if (o[k] === undefined) delete o[k];
  return o;
}

// ---- the format --------------------------------------------------------------------------------

const TOP_FIELDS = [
  'format',
  'title',
  'description',
  'dt',
  'gravity',
  'solver',
  'sleep',
  'materials',
  'bodies',
  'view',
];
const SOLVER_FIELDS = [
  'positionCorrection',
  'substeps',
  'iterations',
  'relaxIterations',
  'positionIterations',
  'slop',
  'beta',
  'percent',
  'warmStarting',
  'contactHertz',
  'contactDampingRatio',
  'staticStiffness',
  'maxPushOutSpeed',
  'restitutionThreshold',
];
const BODY_FIELDS = [
  'name',
  'type',
  'position',
  'angle',
  'linearVelocity',
  'angularVelocity',
  'linearDamping',
  'angularDamping',
  'gravityScale',
  'fixedRotation',
  'sleepEnabled',
  'awake',
  'mass',
  'shapes',
];
const MATERIAL_FIELDS = ['density', 'friction', 'restitution'];
const COMMON_SHAPE_FIELDS = [
  'kind',
  'name',
  'material',
  ...MATERIAL_FIELDS,
  'isSensor',
  'filter',
  'enableContactEvents',
];
const SHAPE_FIELDS: Record<string, readonly string[]> = {
  box: [...COMMON_SHAPE_FIELDS, 'halfWidth', 'halfHeight', 'center', 'angle', 'radius'],
  circle: [...COMMON_SHAPE_FIELDS, 'radius', 'center'],
  capsule: [...COMMON_SHAPE_FIELDS, 'p1', 'p2', 'radius'],
  segment: [...COMMON_SHAPE_FIELDS, 'p1', 'p2'],
  polygon: [...COMMON_SHAPE_FIELDS, 'vertices', 'radius'],
  chain: [...COMMON_SHAPE_FIELDS, 'points', 'loop', 'oneSided'],
};
const SHAPE_KINDS = ['box', 'circle', 'capsule', 'segment', 'polygon', 'chain'] as const;
const MODES: readonly PositionCorrection[] = ['soft-step', 'baumgarte', 'split-impulse', 'none'];

function material(value: unknown, path: string): SceneMaterial {
  const o = object(value, path, MATERIAL_FIELDS);
  return clean({
    density: optNumber(o, 'density', path, { min: 0 }),
    friction: optNumber(o, 'friction', path, { min: 0 }),
    restitution: optNumber(o, 'restitution', path, { min: 0, max: 1 }),
  });
}

function filter(value: unknown, path: string): FilterDef {
  const o = object(value, path, ['categoryBits', 'maskBits', 'groupIndex']);
  const bits = { min: 0, max: 0xffffffff, integer: true };
  return clean({
    categoryBits: optNumber(o, 'categoryBits', path, bits),
    maskBits: optNumber(o, 'maskBits', path, bits),
    groupIndex: optNumber(o, 'groupIndex', path, { integer: true, min: -32768, max: 32767 }),
  });
}

function distinct(p: Vec2Tuple, q: Vec2Tuple, path: string, what: string): void {
  const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
  if (!(len > 1e-9)) bad(path, `${what} has zero length (p1 and p2 coincide)`);
}

function shape(value: unknown, path: string, materials: Record<string, SceneMaterial>): SceneShape {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    bad(path, `expected an object, got ${show(value)}`);
  const kind = oneOf((value as Obj).kind, `${path}.kind`, SHAPE_KINDS);
  const o = object(value, path, SHAPE_FIELDS[kind]!);
  const matName = optString(o, 'material', path);
  if (matName !== undefined && !Object.hasOwn(materials, matName)) {
    const names = Object.keys(materials);
    bad(
      `${path}.material`,
      `unknown material '${matName}' (scene.materials defines ${names.length ? names.map((n) => `'${n}'`).join(', ') : 'none'})`,
    );
  }
  const common = clean({
    name: optString(o, 'name', path),
    material: matName,
    density: optNumber(o, 'density', path, { min: 0 }),
    friction: optNumber(o, 'friction', path, { min: 0 }),
    restitution: optNumber(o, 'restitution', path, { min: 0, max: 1 }),
    isSensor: optBool(o, 'isSensor', path),
    enableContactEvents: optBool(o, 'enableContactEvents', path),
    filter: o.filter === undefined ? undefined : filter(o.filter, `${path}.filter`),
  });
  const need = (key: string) => {
    if (o[key] === undefined) bad(`${path}.${key}`, `required for a ${kind}`);
    return o[key];
  };
  switch (kind) {
    case 'box':
      return clean({
        ...common,
        kind,
        halfWidth: number(need('halfWidth'), `${path}.halfWidth`, { above: 0 }),
        halfHeight: number(need('halfHeight'), `${path}.halfHeight`, { above: 0 }),
        center: optVec2(o, 'center', path),
        angle: optNumber(o, 'angle', path),
        radius: optNumber(o, 'radius', path, { min: 0 }),
      });
    case 'circle':
      return clean({
        ...common,
        kind,
        radius: number(need('radius'), `${path}.radius`, { above: 0 }),
        center: optVec2(o, 'center', path),
      });
    case 'capsule': {
      const p1 = vec2(need('p1'), `${path}.p1`);
      const p2 = vec2(need('p2'), `${path}.p2`);
      const radius = number(need('radius'), `${path}.radius`, { above: 0 });
      distinct(p1, p2, path, 'capsule');
      return { ...common, kind, p1, p2, radius };
    }
    case 'segment': {
      const p1 = vec2(need('p1'), `${path}.p1`);
      const p2 = vec2(need('p2'), `${path}.p2`);
      distinct(p1, p2, path, 'segment');
      return { ...common, kind, p1, p2 };
    }
    case 'polygon': {
      const raw = need('vertices');
      if (!Array.isArray(raw))
        bad(`${path}.vertices`, `expected an array of [x, y] points, got ${show(raw)}`);
      const vertices = raw.map((p, i) => vec2(p, `${path}.vertices[${i}]`));
      try {
        validateConvexPolygon(vertices.flat(), `${path}.vertices`);
      } catch (e) {
        if (e instanceof PhysicsError) throw new PhysicsError('invalid-scene', e.message);
        throw e;
      }
      return clean({ ...common, kind, vertices, radius: optNumber(o, 'radius', path, { min: 0 }) });
    }
    default: {
      const raw = need('points');
      if (!Array.isArray(raw) || raw.length < 2)
        bad(`${path}.points`, `expected at least 2 [x, y] points, got ${show(raw)}`);
      const points = raw.map((p, i) => vec2(p, `${path}.points[${i}]`));
      const loop = optBool(o, 'loop', path) ?? false;
      const links = loop ? points.length : points.length - 1;
      for (let k = 0; k < links; k++) {
        const a = points[k]!;
        const b = points[(k + 1) % points.length]!;
        if (!(Math.hypot(b[0] - a[0], b[1] - a[1]) > 1e-9)) {
          bad(`${path}.points[${(k + 1) % points.length}]`, `repeats point ${k} (zero-length link)`);
        }
      }
      const oneSided = optBool(o, 'oneSided', path) ?? false;
      return clean({ ...common, kind: 'chain' as const, points, loop, oneSided });
    }
  }
}

function body(value: unknown, path: string, materials: Record<string, SceneMaterial>): SceneBody {
  const o = object(value, path, BODY_FIELDS);
  const type =
    o.type === undefined
      ? 'dynamic'
      : oneOf(o.type, `${path}.type`, ['static', 'kinematic', 'dynamic'] as const);
  const rawShapes = o.shapes ?? [];
  if (!Array.isArray(rawShapes)) bad(`${path}.shapes`, `expected an array, got ${show(rawShapes)}`);
  const shapes = rawShapes.map((s, i) => shape(s, `${path}.shapes[${i}]`, materials));
  const mass = optNumber(o, 'mass', path, { above: 0 });
  if (mass !== undefined) {
    if (type !== 'dynamic') bad(`${path}.mass`, `only a dynamic body has a mass (this body is ${type})`);
    if (!shapes.some((s) => s.kind !== 'segment' && s.kind !== 'chain' && !s.isSensor)) {
      bad(`${path}.mass`, 'needs at least one solid shape with area to carry it');
    }
  }
  return clean({
    name: optString(o, 'name', path),
    type,
    position: optVec2(o, 'position', path),
    angle: optNumber(o, 'angle', path),
    linearVelocity: optVec2(o, 'linearVelocity', path),
    angularVelocity: optNumber(o, 'angularVelocity', path),
    linearDamping: optNumber(o, 'linearDamping', path, { min: 0 }),
    angularDamping: optNumber(o, 'angularDamping', path, { min: 0 }),
    gravityScale: optNumber(o, 'gravityScale', path),
    fixedRotation: optBool(o, 'fixedRotation', path),
    sleepEnabled: optBool(o, 'sleepEnabled', path),
    awake: optBool(o, 'awake', path),
    mass,
    shapes,
  });
}

/**
 * Validates a parsed `rikigaku/rigid2d@1` scene and returns it with defaults filled in.
 * Throws PhysicsError('invalid-scene') naming the first bad field (paths start at `root`).
 */
export function parseRigid2dScene(json: unknown, root = 'scene'): Rigid2dScene {
  const o = object(json, root, TOP_FIELDS);
  if (o.format !== RIGID2D_FORMAT)
    bad(`${root}.format`, `expected '${RIGID2D_FORMAT}', got ${show(o.format)}`);
  const materials: Record<string, SceneMaterial> = {};
  if (o.materials !== undefined) {
    const m = o.materials;
    if (typeof m !== 'object' || m === null || Array.isArray(m)) {
      bad(`${root}.materials`, `expected an object of named materials, got ${show(m)}`);
    }
    for (const [name, def] of Object.entries(m as Obj))
      materials[name] = material(def, `${root}.materials.${name}`);
  }
  let solver: Omit<SolverSettings, 'trace'> = {};
  if (o.solver !== undefined) {
    const path = `${root}.solver`;
    const s = object(o.solver, path, SOLVER_FIELDS);
    solver = clean({
      positionCorrection:
        s.positionCorrection === undefined
          ? undefined
          : oneOf(s.positionCorrection, `${path}.positionCorrection`, MODES),
      substeps: optNumber(s, 'substeps', path, { integer: true, min: 1, max: 64 }),
      iterations: optNumber(s, 'iterations', path, { integer: true, min: 1, max: 1000 }),
      relaxIterations: optNumber(s, 'relaxIterations', path, { integer: true, min: 0, max: 1000 }),
      positionIterations: optNumber(s, 'positionIterations', path, { integer: true, min: 0, max: 1000 }),
      slop: optNumber(s, 'slop', path, { min: 0 }),
      beta: optNumber(s, 'beta', path, { min: 0, max: 1 }),
      percent: optNumber(s, 'percent', path, { min: 0, max: 1 }),
      warmStarting: optBool(s, 'warmStarting', path),
      contactHertz: optNumber(s, 'contactHertz', path, { above: 0 }),
      contactDampingRatio: optNumber(s, 'contactDampingRatio', path, { min: 0 }),
      staticStiffness: optNumber(s, 'staticStiffness', path, { above: 0 }),
      maxPushOutSpeed: optNumber(s, 'maxPushOutSpeed', path, { min: 0 }),
      restitutionThreshold: optNumber(s, 'restitutionThreshold', path, { min: 0 }),
    });
  }
  let sleep: Rigid2dScene['sleep'] = { enabled: true };
  if (o.sleep !== undefined) {
    const path = `${root}.sleep`;
    const s = object(o.sleep, path, ['enabled', 'timeToSleep', 'tolerance']);
    sleep = clean({
      enabled: optBool(s, 'enabled', path) ?? true,
      timeToSleep: optNumber(s, 'timeToSleep', path, { min: 0 }),
      tolerance: optNumber(s, 'tolerance', path, { min: 0 }),
    });
  }
  if (o.bodies === undefined) bad(`${root}.bodies`, 'required (an array of bodies, may be empty)');
  if (!Array.isArray(o.bodies)) bad(`${root}.bodies`, `expected an array, got ${show(o.bodies)}`);
  const bodies = o.bodies.map((b, i) => body(b, `${root}.bodies[${i}]`, materials));
  const names = new Map<string, number>();
  bodies.forEach((b, i) => {
    if (b.name === undefined) return;
    if (names.has(b.name))
      bad(`${root}.bodies[${i}].name`, `'${b.name}' is already the name of bodies[${names.get(b.name)}]`);
    names.set(b.name, i);
  });
  let view: Rigid2dScene['view'];
  if (o.view !== undefined) {
    const path = `${root}.view`;
    const v = object(o.view, path, ['center', 'scale']);
    view = clean({
      center: optVec2(v, 'center', path) ?? [0, 0],
      scale: optNumber(v, 'scale', path, { above: 0 }),
    });
  }
  return clean({
    format: RIGID2D_FORMAT,
    title: optString(o, 'title', root),
    description: optString(o, 'description', root),
    dt: optNumber(o, 'dt', root, { above: 0, max: 1 }) ?? 1 / 60,
    gravity: optVec2(o, 'gravity', root) ?? [0, -10],
    solver,
    sleep,
    materials,
    bodies,
    view,
  });
}

/** The world built from a scene, with its bodies' and shapes' handles in file order. */
export interface BuiltRigid2dScene {
  world: World;
  /** body handles in file order */
  bodies: BodyId[];
  /** body handles by name */
  byName: Map<string, BodyId>;
  /** shape handles per body, in file order (a chain contributes all its segments) */
  shapes: ShapeId[][];
}

/** Area-weighted mass of a scene shape at density 1 (0 for segments, chains and sensors). */
function unitMass(s: SceneShape): number {
  if (s.kind === 'segment' || s.kind === 'chain' || s.isSensor) return 0;
  let g: ReturnType<typeof makeBox>;
  if (s.kind === 'box')
    g = makeBox(s.halfWidth, s.halfHeight, s.center?.[0], s.center?.[1], s.angle ?? 0, s.radius ?? 0);
  else if (s.kind === 'circle') g = makeCircle(s.radius, s.center?.[0], s.center?.[1]);
  else if (s.kind === 'capsule') g = makeCapsule(s.p1[0], s.p1[1], s.p2[0], s.p2[1], s.radius);
  else g = makePolygon(s.vertices, s.radius ?? 0);
  return shapeMass(g, 1).mass;
}

/** Runs an engine call for shape `si` of body `bi`; its own errors (e.g. its convexity tolerance) get the path. */
function withPath<T>(bi: number, si: number, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof PhysicsError) {
      throw new PhysicsError('invalid-scene', `scene.bodies[${bi}].shapes[${si}]: ${e.message}`);
    }
    throw e;
  }
}

/** Creates the world of a validated scene (see `parseRigid2dScene`). */
export function buildRigid2dWorld(scene: Rigid2dScene): BuiltRigid2dScene {
  const world = new World({
    gravity: scene.gravity,
    solver: scene.solver,
    enableSleep: scene.sleep.enabled,
    ...(scene.sleep.timeToSleep !== undefined ? { timeToSleep: scene.sleep.timeToSleep } : {}),
    ...(scene.sleep.tolerance !== undefined ? { sleepTolerance: scene.sleep.tolerance } : {}),
  });
  const bodies: BodyId[] = [];
  const shapes: ShapeId[][] = [];
  const byName = new Map<string, BodyId>();
  scene.bodies.forEach((b, bi) => {
    const { shapes: shapeDefs, name, mass, ...def } = b;
    const id = world.createBody({ ...def, userData: name ?? bi });
    bodies.push(id);
    if (name !== undefined) byName.set(name, id);
    // A given total mass scales every shape's density by mass / Σ(density·area).
    const resolved = shapeDefs.map((s) => {
      const mat = s.material !== undefined ? scene.materials[s.material]! : {};
      return { ...mat, ...s };
    });
    let scale = 1;
    if (mass !== undefined) {
      let m = 0;
      resolved.forEach((s, si) => {
        m += (s.density ?? 1) * withPath(bi, si, () => unitMass(s));
      });
      if (!(m > 0)) bad(`scene.bodies[${bi}].mass`, 'its shapes have no area (or density 0) to carry a mass');
      scale = mass / m;
    }
    const ids: ShapeId[] = [];
    resolved.forEach((s, si) => {
      const { material: _m, name: shapeName, ...rest } = s;
      const density = (rest.density ?? 1) * scale;
      const userData = shapeName ?? `${name ?? bi}/${si}`;
      withPath(bi, si, () => {
        if (rest.kind === 'chain') {
          const { kind: _k, ...chain } = rest;
          ids.push(...world.createChain(id, { ...chain, density, userData }));
        } else {
          ids.push(world.createShape(id, { ...rest, density, userData } as ShapeDef));
        }
      });
    });
    shapes.push(ids);
  });
  return { world, bodies, byName, shapes };
}

// ---- running and drawing -----------------------------------------------------------------------

const COLORS = {
  background: '#f6f5f0',
  static: '#8d99a6',
  kinematic: '#5b8bd9',
  awake: '#e08a3c',
  asleep: '#9fb4c7',
  sensor: 'rgba(80, 170, 90, 0.25)',
  outline: '#2b2b2b',
};

/** Draws every shape of a world (world units, y up). */
export function drawRigid2dWorld(ctx: CanvasRenderingContext2D, view: View, world: World): void {
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = COLORS.background;
  ctx.fillRect(0, 0, view.width, view.height);
  applyView(ctx, view);
  ctx.lineWidth = 1 / view.scale;
  ctx.lineJoin = 'round';
  const b = world.bodies;
  const sh = world.shapes;
  for (let s = 0; s < sh.count; s++) {
    if (!sh.alive[s]) continue;
    const bi = sh.body[s]!;
    const g = sh.geom[s]!;
    // Body origin transform: centre of mass minus the rotated local centre.
    const c = b.qc[bi]!;
    const sn = b.qs[bi]!;
    const ox = b.cx[bi]! - (c * b.lcx[bi]! - sn * b.lcy[bi]!);
    const oy = b.cy[bi]! - (sn * b.lcx[bi]! + c * b.lcy[bi]!);
    const px = (i: number) => ox + c * g.vx[i]! - sn * g.vy[i]!;
    const py = (i: number) => oy + sn * g.vx[i]! + c * g.vy[i]!;
    const type = world.getBodyType(world.bodyId(bi));
    ctx.fillStyle = sh.sensor[s]
      ? COLORS.sensor
      : type === 'static'
        ? COLORS.static
        : type === 'kinematic'
          ? COLORS.kinematic
          : b.awake[bi]
            ? COLORS.awake
            : COLORS.asleep;
    ctx.strokeStyle = COLORS.outline;
    ctx.beginPath();
    if (g.count === 1) {
      ctx.arc(px(0), py(0), g.radius, 0, 2 * Math.PI);
      ctx.fill();
      ctx.stroke();
      // a spoke shows the rotation
      ctx.beginPath();
      ctx.moveTo(px(0), py(0));
      ctx.lineTo(px(0) + g.radius * c, py(0) + g.radius * sn);
      ctx.stroke();
      continue;
    }
    if (g.count === 2 && g.radius === 0) {
      ctx.moveTo(px(0), py(0));
      ctx.lineTo(px(1), py(1));
      ctx.lineWidth = 2 / view.scale;
      ctx.stroke();
      ctx.lineWidth = 1 / view.scale;
      continue;
    }
    ctx.moveTo(px(0), py(0));
    for (let i = 1; i < g.count; i++) ctx.lineTo(px(i), py(i));
    ctx.closePath();
    if (g.radius > 0) {
      // A rounded shape: the core outline stroked with a round pen of twice the radius.
      ctx.save();
      ctx.lineWidth = 2 * g.radius;
      ctx.strokeStyle = ctx.fillStyle;
      ctx.stroke();
      ctx.restore();
    }
    ctx.fill();
    if (g.radius === 0) ctx.stroke();
  }
  ctx.restore();
}

/** The suggested camera for a scene: its `view` field, else a box around every shape. */
export function sceneView(
  built: BuiltRigid2dScene,
  scene: Rigid2dScene,
  width: number,
  height: number,
): View {
  if (scene.view) {
    return {
      width,
      height,
      cx: scene.view.center[0],
      cy: scene.view.center[1],
      scale: scene.view.scale ?? 30,
    };
  }
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const s of built.world.shapeIds()) {
    const [a, b, c, d] = built.world.getShapeAabb(s);
    minX = Math.min(minX, a);
    minY = Math.min(minY, b);
    maxX = Math.max(maxX, c);
    maxY = Math.max(maxY, d);
  }
  if (!Number.isFinite(minX)) return { width, height, cx: 0, cy: 0, scale: 30 };
  const scale = 0.9 * Math.min(width / Math.max(maxX - minX, 1e-3), height / Math.max(maxY - minY, 1e-3));
  return { width, height, cx: 0.5 * (minX + maxX), cy: 0.5 * (minY + maxY), scale };
}

/** A running scene: a `DemoInstance` plus the world and the validated scene. */
export interface Rigid2dSceneInstance extends DemoInstance {
  readonly world: World;
  readonly scene: Rigid2dScene;
  readonly built: BuiltRigid2dScene;
  /** the suggested camera for a canvas of the given size */
  view(width: number, height: number): View;
}

/** The `rikigaku/rigid2d@1` scene loader: validate, build, and run. */
export function loadRigid2dScene(json: unknown, options: { dt?: number } = {}): Rigid2dSceneInstance {
  const scene = parseRigid2dScene(json);
  const dt = options.dt === undefined ? scene.dt : number(options.dt, 'options.dt', { above: 0, max: 1 });
  const built = buildRigid2dWorld(scene);
  const world = built.world;
  // Mouse drag: a stiff damped spring (5 Hz, damping ratio 0.7) from a point of the grabbed body
  // to the pointer, applied as a force each step.
  const xf = new Transform2();
  let drag: { body: BodyId; lx: number; ly: number; tx: number; ty: number } | null = null;
  const dragForce = () => {
    if (!drag) return;
    world.getTransform(drag.body, xf);
    const ax = xf.px + xf.c * drag.lx - xf.s * drag.ly;
    const ay = xf.py + xf.s * drag.lx + xf.c * drag.ly;
    const m = world.getMass(drag.body);
    const omega = 2 * Math.PI * 5;
    const [vx, vy] = world.getLinearVelocity(drag.body);
    let fx = m * (omega * omega * (drag.tx - ax) - 2 * 0.7 * omega * vx);
    let fy = m * (omega * omega * (drag.ty - ay) - 2 * 0.7 * omega * vy);
    const cap = 1000 * m;
    const f = Math.hypot(fx, fy);
    if (f > cap) {
      fx *= cap / f;
      fy *= cap / f;
    }
    world.applyForce(drag.body, [fx, fy], [ax, ay]);
  };
  return {
    world,
    scene,
    built,
    dt,
    get time() {
      return world.time;
    },
    step() {
      dragForce();
      world.step(dt);
    },
    pointer(event) {
      if (event.kind === 'up') {
        drag = null;
        return;
      }
      if (event.kind === 'move') {
        if (drag) {
          drag.tx = event.x;
          drag.ty = event.y;
        }
        return;
      }
      const hit = queriesOf(world)
        .queryPoint(event.x, event.y)
        .map((s) => world.getShapeBody(s))
        .find((b) => world.getBodyType(b) === 'dynamic');
      if (hit === undefined) return;
      world.getTransform(hit, xf);
      const dx = event.x - xf.px;
      const dy = event.y - xf.py;
      drag = { body: hit, lx: xf.c * dx + xf.s * dy, ly: -xf.s * dx + xf.c * dy, tx: event.x, ty: event.y };
    },
    draw(ctx, view) {
      drawRigid2dWorld(ctx, view, world);
    },
    view(width, height) {
      return sceneView(built, scene, width, height);
    },
    series() {
      return { kineticEnergy: world.kineticEnergy() };
    },
    stats() {
      let awake = 0;
      for (const id of built.bodies) if (world.getBodyType(id) === 'dynamic' && world.isAwake(id)) awake++;
      return {
        time: world.time,
        bodies: built.bodies.length,
        awakeBodies: awake,
        contacts: world.contactCount,
        kineticEnergy: world.kineticEnergy(),
        maxPenetration: world.maxPenetration(),
      };
    },
  };
}
