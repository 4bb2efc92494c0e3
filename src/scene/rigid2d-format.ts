/**
 * The `rikigaku/rigid2d@1` scene format: a 2D rigid-body world as JSON (documented in
 * docs/scene-format.md). `parseRigid2dScene` validates a parsed file — every field is checked
 * for type, finiteness and range, unknown fields are rejected, polygons must be convex with
 * non-zero area — and throws PhysicsError('invalid-scene') with the path of the bad field and what
 * was expected, e.g. `scene.bodies[3].shapes[0].vertices: polygon is not convex`.
 * Building the world is in rigid2d-build.ts, running it in rigid2d-instance.ts.
 */
import { PhysicsError } from '../core/errors.js';
import { clean, type Obj, quoteList, sceneChecks as v } from '../core/validate.js';
import { validateConvexPolygon } from '../geometry/polygon2d.js';
import type {
  BodyDef,
  ChainDef,
  FilterDef,
  PositionCorrection,
  ShapeDef,
  SolverSettings,
  Vec2Tuple,
} from '../rigid2d/types.js';

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
  const o = v.object(value, path, MATERIAL_FIELDS);
  return clean({
    density: v.optNumber(o, 'density', path, { min: 0 }),
    friction: v.optNumber(o, 'friction', path, { min: 0 }),
    restitution: v.optNumber(o, 'restitution', path, { min: 0, max: 1 }),
  });
}

function filter(value: unknown, path: string): FilterDef {
  const o = v.object(value, path, ['categoryBits', 'maskBits', 'groupIndex']);
  const bits = { min: 0, max: 0xffffffff, integer: true };
  return clean({
    categoryBits: v.optNumber(o, 'categoryBits', path, bits),
    maskBits: v.optNumber(o, 'maskBits', path, bits),
    groupIndex: v.optNumber(o, 'groupIndex', path, { integer: true, min: -32768, max: 32767 }),
  });
}

function distinct(p: Vec2Tuple, q: Vec2Tuple, path: string, what: string): void {
  const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
  if (!(len > 1e-9)) v.fail(path, `${what} has zero length (p1 and p2 coincide)`);
}

function shape(value: unknown, path: string, materials: Record<string, SceneMaterial>): SceneShape {
  const kind = v.oneOf(v.object(value, path, null).kind, `${path}.kind`, SHAPE_KINDS);
  const o = v.object(value, path, SHAPE_FIELDS[kind]!);
  const matName = v.optString(o, 'material', path);
  if (matName !== undefined && !Object.hasOwn(materials, matName)) {
    const names = Object.keys(materials);
    v.fail(
      `${path}.material`,
      `unknown material '${matName}' (scene.materials defines ${names.length ? quoteList(names) : 'none'})`,
    );
  }
  const common = clean({
    name: v.optString(o, 'name', path),
    material: matName,
    density: v.optNumber(o, 'density', path, { min: 0 }),
    friction: v.optNumber(o, 'friction', path, { min: 0 }),
    restitution: v.optNumber(o, 'restitution', path, { min: 0, max: 1 }),
    isSensor: v.optBool(o, 'isSensor', path),
    enableContactEvents: v.optBool(o, 'enableContactEvents', path),
    filter: o.filter === undefined ? undefined : filter(o.filter, `${path}.filter`),
  });
  const need = (key: string) => {
    if (o[key] === undefined) v.fail(`${path}.${key}`, `required for a ${kind}`);
    return o[key];
  };
  switch (kind) {
    case 'box':
      return clean({
        ...common,
        kind,
        halfWidth: v.number(need('halfWidth'), `${path}.halfWidth`, { above: 0 }),
        halfHeight: v.number(need('halfHeight'), `${path}.halfHeight`, { above: 0 }),
        center: v.optVec2(o, 'center', path),
        angle: v.optNumber(o, 'angle', path),
        radius: v.optNumber(o, 'radius', path, { min: 0 }),
      });
    case 'circle':
      return clean({
        ...common,
        kind,
        radius: v.number(need('radius'), `${path}.radius`, { above: 0 }),
        center: v.optVec2(o, 'center', path),
      });
    case 'capsule': {
      const p1 = v.vec2(need('p1'), `${path}.p1`);
      const p2 = v.vec2(need('p2'), `${path}.p2`);
      const radius = v.number(need('radius'), `${path}.radius`, { above: 0 });
      distinct(p1, p2, path, 'capsule');
      return { ...common, kind, p1, p2, radius };
    }
    case 'segment': {
      const p1 = v.vec2(need('p1'), `${path}.p1`);
      const p2 = v.vec2(need('p2'), `${path}.p2`);
      distinct(p1, p2, path, 'segment');
      return { ...common, kind, p1, p2 };
    }
    case 'polygon': {
      const raw = need('vertices');
      if (!Array.isArray(raw)) v.failGot(`${path}.vertices`, 'expected an array of [x, y] points', raw);
      const vertices = raw.map((p, i) => v.vec2(p, `${path}.vertices[${i}]`));
      try {
        validateConvexPolygon(vertices.flat(), `${path}.vertices`);
      } catch (e) {
        if (e instanceof PhysicsError) throw new PhysicsError('invalid-scene', e.message);
        throw e;
      }
      return clean({ ...common, kind, vertices, radius: v.optNumber(o, 'radius', path, { min: 0 }) });
    }
    default: {
      const raw = need('points');
      if (!Array.isArray(raw) || raw.length < 2)
        v.failGot(`${path}.points`, 'expected at least 2 [x, y] points', raw);
      const points = raw.map((p, i) => v.vec2(p, `${path}.points[${i}]`));
      const loop = v.optBool(o, 'loop', path) ?? false;
      const links = loop ? points.length : points.length - 1;
      for (let k = 0; k < links; k++) {
        const a = points[k]!;
        const b = points[(k + 1) % points.length]!;
        if (!(Math.hypot(b[0] - a[0], b[1] - a[1]) > 1e-9)) {
          v.fail(`${path}.points[${(k + 1) % points.length}]`, `repeats point ${k} (zero-length link)`);
        }
      }
      const oneSided = v.optBool(o, 'oneSided', path) ?? false;
      return clean({ ...common, kind: 'chain' as const, points, loop, oneSided });
    }
  }
}

function body(value: unknown, path: string, materials: Record<string, SceneMaterial>): SceneBody {
  const o = v.object(value, path, BODY_FIELDS);
  const type =
    o.type === undefined
      ? 'dynamic'
      : v.oneOf(o.type, `${path}.type`, ['static', 'kinematic', 'dynamic'] as const);
  const rawShapes = o.shapes ?? [];
  const shapes = v
    .array(rawShapes, `${path}.shapes`)
    .map((s, i) => shape(s, `${path}.shapes[${i}]`, materials));
  const mass = v.optNumber(o, 'mass', path, { above: 0 });
  if (mass !== undefined) {
    if (type !== 'dynamic') v.fail(`${path}.mass`, `only a dynamic body has a mass (this body is ${type})`);
    if (!shapes.some((s) => s.kind !== 'segment' && s.kind !== 'chain' && !s.isSensor)) {
      v.fail(`${path}.mass`, 'needs at least one solid shape with area to carry it');
    }
  }
  return clean({
    name: v.optString(o, 'name', path),
    type,
    position: v.optVec2(o, 'position', path),
    angle: v.optNumber(o, 'angle', path),
    linearVelocity: v.optVec2(o, 'linearVelocity', path),
    angularVelocity: v.optNumber(o, 'angularVelocity', path),
    linearDamping: v.optNumber(o, 'linearDamping', path, { min: 0 }),
    angularDamping: v.optNumber(o, 'angularDamping', path, { min: 0 }),
    gravityScale: v.optNumber(o, 'gravityScale', path),
    fixedRotation: v.optBool(o, 'fixedRotation', path),
    sleepEnabled: v.optBool(o, 'sleepEnabled', path),
    awake: v.optBool(o, 'awake', path),
    mass,
    shapes,
  });
}

/**
 * Validates a parsed `rikigaku/rigid2d@1` scene and returns it with defaults filled in.
 * Throws PhysicsError('invalid-scene') naming the first bad field (paths start at `root`).
 */
export function parseRigid2dScene(json: unknown, root = 'scene'): Rigid2dScene {
  const o = v.object(json, root, TOP_FIELDS);
  if (o.format !== RIGID2D_FORMAT) v.failGot(`${root}.format`, `expected '${RIGID2D_FORMAT}'`, o.format);
  const materials: Record<string, SceneMaterial> = {};
  if (o.materials !== undefined) {
    const m = o.materials;
    if (typeof m !== 'object' || m === null || Array.isArray(m)) {
      v.failGot(`${root}.materials`, 'expected an object of named materials', m);
    }
    for (const [name, def] of Object.entries(m as Obj))
      materials[name] = material(def, `${root}.materials.${name}`);
  }
  let solver: Omit<SolverSettings, 'trace'> = {};
  if (o.solver !== undefined) {
    const path = `${root}.solver`;
    const s = v.object(o.solver, path, SOLVER_FIELDS);
    solver = clean({
      positionCorrection:
        s.positionCorrection === undefined
          ? undefined
          : v.oneOf(s.positionCorrection, `${path}.positionCorrection`, MODES),
      substeps: v.optNumber(s, 'substeps', path, { integer: true, min: 1, max: 64 }),
      iterations: v.optNumber(s, 'iterations', path, { integer: true, min: 1, max: 1000 }),
      relaxIterations: v.optNumber(s, 'relaxIterations', path, { integer: true, min: 0, max: 1000 }),
      positionIterations: v.optNumber(s, 'positionIterations', path, { integer: true, min: 0, max: 1000 }),
      slop: v.optNumber(s, 'slop', path, { min: 0 }),
      beta: v.optNumber(s, 'beta', path, { min: 0, max: 1 }),
      percent: v.optNumber(s, 'percent', path, { min: 0, max: 1 }),
      warmStarting: v.optBool(s, 'warmStarting', path),
      contactHertz: v.optNumber(s, 'contactHertz', path, { above: 0 }),
      contactDampingRatio: v.optNumber(s, 'contactDampingRatio', path, { min: 0 }),
      staticStiffness: v.optNumber(s, 'staticStiffness', path, { above: 0 }),
      maxPushOutSpeed: v.optNumber(s, 'maxPushOutSpeed', path, { min: 0 }),
      restitutionThreshold: v.optNumber(s, 'restitutionThreshold', path, { min: 0 }),
    });
  }
  let sleep: Rigid2dScene['sleep'] = { enabled: true };
  if (o.sleep !== undefined) {
    const path = `${root}.sleep`;
    const s = v.object(o.sleep, path, ['enabled', 'timeToSleep', 'tolerance']);
    sleep = clean({
      enabled: v.optBool(s, 'enabled', path) ?? true,
      timeToSleep: v.optNumber(s, 'timeToSleep', path, { min: 0 }),
      tolerance: v.optNumber(s, 'tolerance', path, { min: 0 }),
    });
  }
  if (o.bodies === undefined) v.fail(`${root}.bodies`, 'required (an array of bodies, may be empty)');
  const bodies = v
    .array(o.bodies, `${root}.bodies`)
    .map((b, i) => body(b, `${root}.bodies[${i}]`, materials));
  const names = new Map<string, number>();
  bodies.forEach((b, i) => {
    if (b.name === undefined) return;
    if (names.has(b.name))
      v.fail(`${root}.bodies[${i}].name`, `'${b.name}' is already the name of bodies[${names.get(b.name)}]`);
    names.set(b.name, i);
  });
  let view: Rigid2dScene['view'];
  if (o.view !== undefined) {
    const path = `${root}.view`;
    const w = v.object(o.view, path, ['center', 'scale']);
    view = clean({
      center: v.optVec2(w, 'center', path) ?? [0, 0],
      scale: v.optNumber(w, 'scale', path, { above: 0 }),
    });
  }
  return clean({
    format: RIGID2D_FORMAT,
    title: v.optString(o, 'title', root),
    description: v.optString(o, 'description', root),
    dt: v.optNumber(o, 'dt', root, { above: 0, max: 1 }) ?? 1 / 60,
    gravity: v.optVec2(o, 'gravity', root) ?? [0, -10],
    solver,
    sleep,
    materials,
    bodies,
    view,
  });
}
