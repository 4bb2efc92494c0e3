/**
 * The `rikigaku/rigid2d@1` scene format: a 2D rigid-body world as JSON (documented in
 * docs/scene-format.md). `parseRigid2dScene` validates a parsed file — every field is checked
 * for type, finiteness and range, unknown fields are rejected, polygons must be convex with
 * non-zero area, joints name two different existing bodies and keep lower ≤ upper — and throws
 * PhysicsError('invalid-scene') with the path of the bad field and what was expected, e.g.
 * `scene.bodies[3].shapes[0].vertices: polygon is not convex` or
 * `scene.joints[2].bodyB: unknown body 'wheel' (…)`.
 * Building the world is in rigid2d-build.ts, running it in rigid2d-instance.ts.
 */
import { PhysicsError } from '../core/errors.js';
import { clean, type NumRule, type Obj, quoteList, sceneChecks as v } from '../core/validate.js';
import { validateConvexPolygon } from '../geometry/polygon2d.js';
import { MAX_COORDINATE, MAX_DENSITY, MAX_FORCE, MAX_SPEED } from '../rigid2d/body.js';
import type {
  BodyDef,
  ChainDef,
  FilterDef,
  PositionCorrection,
  ShapeDef,
  SolverSettings,
  Vec2Tuple,
} from '../rigid2d/types.js';

/** The `format` field of a 2D rigid-body scene file (docs/scene-format.md). */
export const RIGID2D_FORMAT = 'rikigaku/rigid2d@1';

/** The most bodies, joints, and shapes in all (a chain counts its points) a scene may have. */
export const MAX_SCENE_BODIES = 100_000;
/** The most joints a scene may have. */
export const MAX_SCENE_JOINTS = 100_000;
/** The most shapes of all bodies together, a chain counting one per point. */
export const MAX_SCENE_SHAPES = 200_000;

/** A material: density (kg/m²), friction μ, restitution e. */
export interface SceneMaterial {
  /** kg/m² ≥ 0 (engine default 1) */
  density?: number;
  /** Coulomb μ ≥ 0 (engine default 0.6); a contact uses √(μA μB) */
  friction?: number;
  /** e in [0, 1] (engine default 0); a contact uses max(eA, eB) */
  restitution?: number;
}

/** A shape of a scene body: an engine shape or chain definition, with an optional name and material. */
export type SceneShape = (ShapeDef | ({ kind: 'chain' } & ChainDef)) & { name?: string; material?: string };

/** A body of a scene file: the engine's body definition, a name, a total mass and its shapes. */
export interface SceneBody extends Omit<BodyDef, 'userData'> {
  /**
   * a unique name: the body is found again by it (and it becomes the body's `userData`); a jointed body needs
   * one
   */
  name?: string;
  /** total mass of a dynamic body (kg): its shapes' densities are scaled to give this mass */
  mass?: number;
  /** the body's shapes, in the body frame */
  shapes: SceneShape[];
}

/** The joint kinds a scene may hold (the rigid2d joint kinds, textbook §26.2). */
export const SCENE_JOINT_KINDS = [
  'revolute',
  'prismatic',
  'distance',
  'weld',
  'wheel',
  'motor',
  'mouse',
] as const;
/** The kind of a scene joint (one of {@link SCENE_JOINT_KINDS}). */
export type SceneJointKind = (typeof SCENE_JOINT_KINDS)[number];

/**
 * A joint of a scene file: the fields of the engine's joint definition of its `kind`, with the two
 * bodies given by their `name` in `bodies`, and an optional unique `name` of its own.
 */
export interface SceneJoint {
  /** the joint kind; it decides which of the fields below are allowed */
  kind: SceneJointKind;
  /** a unique name among the joints: found again by it (and it becomes the joint's `userData`) */
  name?: string;
  /** the `name` of a body */
  bodyA: string;
  /** the `name` of another body */
  bodyB: string;
  /** do the two bodies' shapes still collide with each other, default false */
  collideConnected?: boolean;
  /** N > 0: the joint breaks (a `jointBreak` event) when its reaction force exceeds this; default never */
  breakForce?: number;
  /** N·m > 0: the same for the reaction torque; default never */
  breakTorque?: number;
  /** the anchor in A's frame (relative to A's origin), default [0, 0]; not for motor and mouse joints */
  localAnchorA?: Vec2Tuple;
  /** the anchor in B's frame (relative to B's origin), default [0, 0]; not for motor and mouse joints */
  localAnchorB?: Vec2Tuple;
  /** prismatic and wheel: the axis in A's frame (non-zero, normalised), default [1, 0] and [0, 1] */
  localAxisA?: Vec2Tuple;
  /** revolute, prismatic, weld: angleB − angleA at rest (rad), default 0 */
  referenceAngle?: number;
  /** revolute, prismatic, distance, wheel: switch the limits on, default false */
  enableLimit?: boolean;
  /** revolute: the lower limit of the joint angle (rad), default 0 */
  lowerAngle?: number;
  /** revolute: the upper limit (rad) ≥ lowerAngle, default 0 */
  upperAngle?: number;
  /** prismatic, wheel: the lower limit of the translation along the axis (m), default 0 */
  lowerTranslation?: number;
  /** prismatic, wheel: the upper limit (m) ≥ lowerTranslation, default 0 */
  upperTranslation?: number;
  /** distance: the rest length (m > 0), default the anchors' distance at creation */
  length?: number;
  /** distance: the shortest allowed length (m ≥ 0), default 0 */
  minLength?: number;
  /** distance: the longest allowed length (m ≥ minLength), default Infinity */
  maxLength?: number;
  /** revolute, prismatic, distance, wheel: switch the motor on, default false */
  enableMotor?: boolean;
  /** the motor's target speed: rad/s (revolute, wheel) or m/s (prismatic, distance), default 0 */
  motorSpeed?: number;
  /** revolute, wheel: the motor's torque budget (N·m ≥ 0), default 0 */
  maxMotorTorque?: number;
  /** prismatic, distance: the motor's force budget (N ≥ 0), default 0 */
  maxMotorForce?: number;
  /** revolute, prismatic, distance, wheel: switch the spring on, default false (true for wheel) */
  enableSpring?: boolean;
  /** spring frequency (Hz ≥ 0; mouse: > 0), default 0 (wheel 1, mouse 5) */
  hertz?: number;
  /** spring damping ratio ζ ≥ 0 (1 = critical), default 0 (wheel and mouse 0.7) */
  dampingRatio?: number;
  /** weld: frequency of the linear part (Hz ≥ 0), default 0 (rigid) */
  linearHertz?: number;
  /** weld: damping ratio of the linear part, default 0 */
  linearDampingRatio?: number;
  /** weld: frequency of the angular part (Hz ≥ 0), default 0 (rigid) */
  angularHertz?: number;
  /** weld: damping ratio of the angular part, default 0 */
  angularDampingRatio?: number;
  /** motor: B's target position in A's frame (m), default [0, 0] */
  linearOffset?: Vec2Tuple;
  /** motor: B's target angle relative to A (rad), default 0 */
  angularOffset?: number;
  /** motor (N ≥ 0, default 1) and mouse (default 1000 · mass of B · |g|): the force budget */
  maxForce?: number;
  /** motor: the torque budget (N·m ≥ 0), default 1 */
  maxTorque?: number;
  /** motor: how much of the pose error is corrected per step, in [0, 1], default 0.3 */
  correctionFactor?: number;
  /** mouse (required): the world point B's anchor is pulled towards (m) */
  target?: Vec2Tuple;
}

/** A validated `rikigaku/rigid2d@1` scene. */
export interface Rigid2dScene {
  /** always 'rikigaku/rigid2d@1' (selects this loader) */
  format: typeof RIGID2D_FORMAT;
  /** a title, shown by the CLI and the playground */
  title?: string;
  /** a description, shown by the CLI and the playground */
  description?: string;
  /** fixed frame step in seconds, default 1/60 */
  dt: number;
  /** m/s², default [0, -10] */
  gravity: Vec2Tuple;
  /** the solver settings, and `continuous` (the world's continuous collision, default true) */
  solver: Omit<SolverSettings, 'trace'> & { continuous?: boolean };
  /**
   * may islands sleep (default true), after `timeToSleep` s (default 0.5) below `tolerance` m/s (default
   * 0.05)
   */
  sleep: { enabled: boolean; timeToSleep?: number; tolerance?: number };
  /** named materials the shapes refer to by their `material` field */
  materials: Record<string, SceneMaterial>;
  /** the bodies, created in file order */
  bodies: SceneBody[];
  /** joints between named bodies, in file order */
  joints: SceneJoint[];
  /** the camera: the world point at the canvas centre and pixels per metre; default fit to the shapes */
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
  'continuous',
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
  'bullet',
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

const JOINT_COMMON_FIELDS = [
  'kind',
  'name',
  'bodyA',
  'bodyB',
  'collideConnected',
  'breakForce',
  'breakTorque',
];
const ANCHORS = ['localAnchorA', 'localAnchorB'];
const SPRING = ['enableSpring', 'hertz', 'dampingRatio'];
const JOINT_FIELDS: Record<SceneJointKind, readonly string[]> = {
  revolute: [
    ...JOINT_COMMON_FIELDS,
    ...ANCHORS,
    'referenceAngle',
    'enableLimit',
    'lowerAngle',
    'upperAngle',
    'enableMotor',
    'motorSpeed',
    'maxMotorTorque',
    ...SPRING,
  ],
  prismatic: [
    ...JOINT_COMMON_FIELDS,
    ...ANCHORS,
    'localAxisA',
    'referenceAngle',
    'enableLimit',
    'lowerTranslation',
    'upperTranslation',
    'enableMotor',
    'motorSpeed',
    'maxMotorForce',
    ...SPRING,
  ],
  distance: [
    ...JOINT_COMMON_FIELDS,
    ...ANCHORS,
    'length',
    'enableLimit',
    'minLength',
    'maxLength',
    ...SPRING,
    'enableMotor',
    'motorSpeed',
    'maxMotorForce',
  ],
  weld: [
    ...JOINT_COMMON_FIELDS,
    ...ANCHORS,
    'referenceAngle',
    'linearHertz',
    'linearDampingRatio',
    'angularHertz',
    'angularDampingRatio',
  ],
  wheel: [
    ...JOINT_COMMON_FIELDS,
    ...ANCHORS,
    'localAxisA',
    ...SPRING,
    'enableLimit',
    'lowerTranslation',
    'upperTranslation',
    'enableMotor',
    'motorSpeed',
    'maxMotorTorque',
  ],
  motor: [
    ...JOINT_COMMON_FIELDS,
    'linearOffset',
    'angularOffset',
    'maxForce',
    'maxTorque',
    'correctionFactor',
  ],
  mouse: [...JOINT_COMMON_FIELDS, 'target', 'hertz', 'dampingRatio', 'maxForce'],
};
/** Number fields of joints and their ranges (a field absent from a kind's list is never read). */
const JOINT_NUMBERS: Record<string, NumRule> = {
  breakForce: { above: 0 },
  breakTorque: { above: 0 },
  referenceAngle: {},
  lowerAngle: {},
  upperAngle: {},
  lowerTranslation: {},
  upperTranslation: {},
  length: { above: 0 },
  minLength: { min: 0 },
  maxLength: { above: 0 },
  motorSpeed: {},
  maxMotorTorque: { min: 0 },
  maxMotorForce: { min: 0 },
  hertz: { min: 0 },
  dampingRatio: { min: 0 },
  linearHertz: { min: 0 },
  linearDampingRatio: { min: 0 },
  angularHertz: { min: 0 },
  angularDampingRatio: { min: 0 },
  angularOffset: {},
  maxForce: { min: 0 },
  maxTorque: { min: 0 },
  correctionFactor: { min: 0, max: 1 },
};
const JOINT_BOOLS = ['collideConnected', 'enableLimit', 'enableMotor', 'enableSpring'];
/** The magnitude limit of each joint number (anything else: forces, torques, frequencies ≤ 1e30). */
const JOINT_LIMITS: Record<string, number> = {
  referenceAngle: MAX_COORDINATE,
  lowerAngle: MAX_COORDINATE,
  upperAngle: MAX_COORDINATE,
  lowerTranslation: MAX_COORDINATE,
  upperTranslation: MAX_COORDINATE,
  length: MAX_COORDINATE,
  minLength: MAX_COORDINATE,
  maxLength: MAX_COORDINATE,
  angularOffset: MAX_COORDINATE,
  motorSpeed: MAX_SPEED,
};
const JOINT_VECTORS = ['localAnchorA', 'localAnchorB', 'localAxisA', 'linearOffset', 'target'];
/** Pairs that must be ordered: lower ≤ upper. */
const JOINT_RANGES: Array<[string, string]> = [
  ['lowerAngle', 'upperAngle'],
  ['lowerTranslation', 'upperTranslation'],
  ['minLength', 'maxLength'],
];

/** A body reference of a joint: the name of a body in `bodies`. */
function bodyRef(o: Obj, key: 'bodyA' | 'bodyB', path: string, names: Map<string, number>): string {
  if (o[key] === undefined) v.fail(`${path}.${key}`, 'required (the name of a body)');
  const name = v.optString(o, key, path)!;
  if (!names.has(name)) {
    const known = [...names.keys()];
    v.fail(
      `${path}.${key}`,
      `unknown body '${name}' (${known.length ? `the named bodies are ${quoteList(known)}` : 'no body has a name'})`,
    );
  }
  return name;
}

function joint(value: unknown, path: string, names: Map<string, number>): SceneJoint {
  const kind = v.oneOf(v.object(value, path, null).kind, `${path}.kind`, SCENE_JOINT_KINDS);
  const fields = JOINT_FIELDS[kind];
  const o = v.object(value, path, fields);
  const bodyA = bodyRef(o, 'bodyA', path, names);
  const bodyB = bodyRef(o, 'bodyB', path, names);
  if (bodyA === bodyB) v.fail(`${path}.bodyB`, `is bodyA ('${bodyA}'): a joint needs two different bodies`);
  const out: Obj = { kind, name: v.optString(o, 'name', path), bodyA, bodyB };
  for (const key of fields) {
    if (o[key] === undefined || key in out) continue;
    if (JOINT_BOOLS.includes(key)) out[key] = v.optBool(o, key, path);
    else if (JOINT_VECTORS.includes(key)) out[key] = v.optVec2(o, key, path);
    else out[key] = v.optNumber(o, key, path, JOINT_NUMBERS[key]);
  }
  // the engine's magnitude limits: lengths and points in m, speeds, forces and torques
  for (const key of fields) {
    const x = out[key];
    if (JOINT_VECTORS.includes(key))
      boundedPair(x as Vec2Tuple | undefined, MAX_COORDINATE, `${path}.${key}`);
    else if (typeof x === 'number' && x !== Number.POSITIVE_INFINITY)
      bounded(x, JOINT_LIMITS[key] ?? MAX_FORCE, `${path}.${key}`);
  }
  const axis = out.localAxisA as Vec2Tuple | undefined;
  if (axis !== undefined && !(Math.hypot(axis[0], axis[1]) > 1e-9))
    v.fail(`${path}.localAxisA`, 'must not be the zero vector (it is normalised)');
  // An absent end of a range takes the engine's default (0, or no maximum length).
  for (const [lo, hi] of JOINT_RANGES) {
    if (!fields.includes(lo) || (out[lo] === undefined && out[hi] === undefined)) continue;
    const a = (out[lo] as number | undefined) ?? 0;
    const b = (out[hi] as number | undefined) ?? (hi === 'maxLength' ? Number.POSITIVE_INFINITY : 0);
    if (!(a <= b)) {
      if (out[lo] === undefined) v.fail(`${path}.${hi}`, `must be >= ${lo} (0, the default), got ${b}`);
      v.fail(
        `${path}.${lo}`,
        `must be <= ${hi} (${b}${out[hi] === undefined ? ', the default' : ''}), got ${a}`,
      );
    }
  }
  if (kind === 'mouse') {
    if (o.target === undefined) v.fail(`${path}.target`, 'required for a mouse joint ([x, y])');
    if (out.hertz === 0) v.fail(`${path}.hertz`, 'must be > 0 for a mouse joint, got 0');
  }
  return clean(out) as unknown as SceneJoint;
}

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
      boundedPoints(vertices, MAX_COORDINATE, `${path}.vertices`);
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

/** Throws unless |x| ≤ max (the engine's magnitude limits: a larger value can only overflow). */
function bounded(x: number | undefined, max: number, path: string): void {
  if (x !== undefined && !(x <= max && x >= -max)) v.fail(path, `magnitude must be <= ${max}, got ${x}`);
}

/** Checks every number of `[x, y]` points against the limit. */
function boundedPoints(list: readonly Vec2Tuple[] | undefined, max: number, path: string): void {
  if (list === undefined) return;
  for (let j = 0; j < list.length; j++) {
    bounded(list[j]![0], max, `${path}[${j}][0]`);
    bounded(list[j]![1], max, `${path}[${j}][1]`);
  }
}

/** Checks both numbers of an `[x, y]` pair against the limit. */
function boundedPair(q: Vec2Tuple | undefined, max: number, path: string): void {
  if (q === undefined) return;
  bounded(q[0], max, `${path}[0]`);
  bounded(q[1], max, `${path}[1]`);
}

/** The engine's magnitude limits on a body's numbers and its shapes' coordinates and sizes. */
function bodyLimits(b: SceneBody, path: string): void {
  boundedPair(b.position, MAX_COORDINATE, `${path}.position`);
  boundedPair(b.linearVelocity, MAX_SPEED, `${path}.linearVelocity`);
  bounded(b.angularVelocity, MAX_SPEED, `${path}.angularVelocity`);
  bounded(b.gravityScale, MAX_SPEED, `${path}.gravityScale`);
  for (let i = 0; i < b.shapes.length; i++) {
    const s = b.shapes[i]!;
    const p = `${path}.shapes[${i}]`;
    const o = s as unknown as Record<string, unknown>;
    for (const key of ['halfWidth', 'halfHeight', 'radius', 'angle'])
      bounded(o[key] as number | undefined, MAX_COORDINATE, `${p}.${key}`);
    bounded(s.density, MAX_DENSITY, `${p}.density`);
    for (const key of ['center', 'p1', 'p2'])
      boundedPair(o[key] as Vec2Tuple | undefined, MAX_COORDINATE, `${p}.${key}`);
    for (const key of ['vertices', 'points'])
      boundedPoints(o[key] as Vec2Tuple[] | undefined, MAX_COORDINATE, `${p}.${key}`);
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
    .array(rawShapes, `${path}.shapes`, 0, MAX_SCENE_SHAPES)
    .map((s, i) => shape(s, `${path}.shapes[${i}]`, materials));
  const mass = v.optNumber(o, 'mass', path, { above: 0 });
  if (mass !== undefined) {
    if (type !== 'dynamic') v.fail(`${path}.mass`, `only a dynamic body has a mass (this body is ${type})`);
    if (!shapes.some((s) => s.kind !== 'segment' && s.kind !== 'chain' && !s.isSensor)) {
      v.fail(`${path}.mass`, 'needs at least one solid shape with area to carry it');
    }
  }
  const out = clean({
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
    bullet: v.optBool(o, 'bullet', path),
    mass,
    shapes,
  });
  bodyLimits(out, path);
  return out;
}

function gravity(o: Obj, root: string): Vec2Tuple {
  const g = v.optVec2(o, 'gravity', root) ?? [0, -10];
  boundedPair(g, MAX_SPEED, `${root}.gravity`);
  return g;
}

/**
 * Validates a parsed `rikigaku/rigid2d@1` scene and returns it with defaults filled in.
 * Throws PhysicsError('invalid-scene') naming the first bad field (paths start at `root`).
 */
export function parseRigid2dScene(json: unknown, root = 'scene'): Rigid2dScene {
  // `joints` came after the first files: it is accepted, but the list an unknown top-level field
  // prints stays the one of version 1's first fields (a misspelt `joints` is named separately).
  const o = v.object(json, root, null);
  for (const key of Object.keys(o)) {
    if (key === 'joints' || TOP_FIELDS.includes(key)) continue;
    if (/^joint/i.test(key)) v.fail(`${root}.${key}`, "unknown field (the joints are listed in 'joints')");
    v.object({ [key]: o[key] }, root, TOP_FIELDS);
  }
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
  let solver: Rigid2dScene['solver'] = {};
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
      continuous: v.optBool(s, 'continuous', path),
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
    .array(o.bodies, `${root}.bodies`, 0, MAX_SCENE_BODIES)
    .map((b, i) => body(b, `${root}.bodies[${i}]`, materials));
  let shapeCount = 0;
  for (const b of bodies) for (const s of b.shapes) shapeCount += s.kind === 'chain' ? s.points.length : 1;
  if (shapeCount > MAX_SCENE_SHAPES)
    v.fail(
      `${root}.bodies`,
      `at most ${MAX_SCENE_SHAPES} shapes in all (a chain counts its points), got ${shapeCount}`,
    );
  const names = new Map<string, number>();
  bodies.forEach((b, i) => {
    if (b.name === undefined) return;
    if (names.has(b.name))
      v.fail(`${root}.bodies[${i}].name`, `'${b.name}' is already the name of bodies[${names.get(b.name)}]`);
    names.set(b.name, i);
  });
  const joints =
    o.joints === undefined
      ? []
      : v
          .array(o.joints, `${root}.joints`, 0, MAX_SCENE_JOINTS)
          .map((j, i) => joint(j, `${root}.joints[${i}]`, names));
  const jointNames = new Map<string, number>();
  joints.forEach((j, i) => {
    if (j.name === undefined) return;
    if (jointNames.has(j.name))
      v.fail(
        `${root}.joints[${i}].name`,
        `'${j.name}' is already the name of joints[${jointNames.get(j.name)}]`,
      );
    jointNames.set(j.name, i);
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
    gravity: gravity(o, root),
    solver,
    sleep,
    materials,
    bodies,
    joints,
    view,
  });
}
