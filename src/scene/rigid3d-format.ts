/**
 * The `rikigaku/rigid3d@1` scene format: a 3D rigid-body world as JSON (documented in
 * docs/scene-format.md). `parseRigid3dScene` validates a parsed file — every field is checked for
 * type, finiteness and range, unknown fields are rejected, quaternions must be of unit length
 * (within 1e-6, then normalised), sizes positive, meshes and heightfields only on static or
 * kinematic bodies, materials named before use — and throws PhysicsError('invalid-scene') with the
 * path of the bad field, e.g. `scene.bodies[2].shapes[0].halfExtents[1]: must be > 0, got 0`.
 * Building the world is in rigid3d-build.ts.
 */
import { clean, type Obj, sceneChecks as v } from '../core/validate.js';
import type { BodyType3, FrictionModel, GyroscopicMode, OrientationMode } from '../rigid3d/types.js';

/** The `format` field of a 3D rigid-body scene file (docs/scene-format.md). */
export const RIGID3D_FORMAT = 'rikigaku/rigid3d@1';

/** The most bodies a 3D scene may have. */
export const MAX_SCENE3_BODIES = 100_000;
/** The most numbers of one mesh, hull or heightfield array. */
export const MAX_SCENE3_ARRAY = 3_000_000;
/** The largest coordinate, speed or size (m, m/s, rad/s) a 3D scene may hold. */
export const MAX_SCENE3_COORDINATE = 1e9;

/** A named material: density (kg/m³), friction μ, restitution e. */
export interface Scene3Material {
  /** kg/m³ */
  density?: number;
  /** Coulomb μ */
  friction?: number;
  /** restitution e ∈ [0, 1] */
  restitution?: number;
}

/** The geometry of a scene shape. */
export type Scene3Geometry =
  | { kind: 'sphere'; radius: number }
  | { kind: 'box'; halfExtents: [number, number, number] }
  | { kind: 'capsule'; halfHeight: number; radius: number }
  | { kind: 'cylinder'; halfHeight: number; radius: number }
  | { kind: 'hull'; points: number[]; maxVertices?: number; radius?: number }
  | { kind: 'mesh'; vertices: number[]; indices: number[] }
  | {
      kind: 'heightfield';
      rows: number;
      cols: number;
      heights: number[];
      spacingX: number;
      spacingZ?: number;
    };

/** A shape of a scene body: a geometry, its placement in the body and its material. */
export type Scene3Shape = Scene3Geometry & {
  /** a name to find the shape again */
  name?: string;
  /** a material of the file's `materials` (its fields are defaults for this shape) */
  material?: string;
  /** placement in the body frame */
  position?: [number, number, number];
  /** orientation in the body frame [x, y, z, w] */
  orientation?: [number, number, number, number];
  /** kg/m³ */
  density?: number;
  /** Coulomb μ */
  friction?: number;
  /** restitution e */
  restitution?: number;
  /** rolling resistance lever arm (m) */
  rollingResistance?: number;
  /** torsional friction lever arm (m) */
  torsionalFriction?: number;
  /** detects overlap, never collides */
  isSensor?: boolean;
  /** collision filter */
  filter?: { categoryBits?: number; maskBits?: number; groupIndex?: number };
};

/** A body of a scene file. */
export interface Scene3Body {
  /** a name to find the body again */
  name?: string;
  /** default 'dynamic' */
  type?: BodyType3;
  /** default [0, 0, 0] */
  position?: [number, number, number];
  /** [x, y, z, w], default identity */
  orientation?: [number, number, number, number];
  /** m/s */
  linearVelocity?: [number, number, number];
  /** rad/s */
  angularVelocity?: [number, number, number];
  /** 1/s */
  linearDamping?: number;
  /** 1/s */
  angularDamping?: number;
  /** multiplies gravity */
  gravityScale?: number;
  /** no rotation */
  fixedRotation?: boolean;
  /** may sleep */
  sleepEnabled?: boolean;
  /** starts awake */
  awake?: boolean;
  /** its shapes */
  shapes: Scene3Shape[];
}

/** A validated `rikigaku/rigid3d@1` scene. */
export interface Rigid3dScene {
  /** the format tag */
  format: typeof RIGID3D_FORMAT;
  /** a title for the playground and the CLI */
  title?: string;
  /** a description for the user */
  description?: string;
  /** the fixed step (s), default 1/60 */
  dt: number;
  /** m/s², default [0, −10, 0] */
  gravity: [number, number, number];
  /** solver substeps (soft step), default 4 */
  substeps?: number;
  /** the gyroscopic term's integration */
  gyroscopic?: GyroscopicMode;
  /** the orientation update */
  orientation?: OrientationMode;
  /** friction cone or pyramid */
  friction?: FrictionModel;
  /** allow sleeping, default true */
  enableSleep?: boolean;
  /** the suggested camera */
  camera?: {
    eye: [number, number, number];
    target: [number, number, number];
    projection?: 'perspective' | 'orthographic';
  };
  /** named materials */
  materials: Record<string, Scene3Material>;
  /** the bodies */
  bodies: Scene3Body[];
}

const COORD = { min: -MAX_SCENE3_COORDINATE, max: MAX_SCENE3_COORDINATE };
const SIZE = { above: 0, max: MAX_SCENE3_COORDINATE };

function vec3(value: unknown, path: string): [number, number, number] {
  if (!Array.isArray(value) || value.length !== 3) v.failGot(path, 'expected [x, y, z]', value);
  const a = value as unknown[];
  return [
    v.number(a[0], `${path}[0]`, COORD),
    v.number(a[1], `${path}[1]`, COORD),
    v.number(a[2], `${path}[2]`, COORD),
  ];
}
function optVec3(o: Obj, key: string, path: string): [number, number, number] | undefined {
  return o[key] === undefined ? undefined : vec3(o[key], `${path}.${key}`);
}
/** A unit quaternion (within 1e-6, then normalised); anything further off is refused. */
function optQuat(o: Obj, key: string, path: string): [number, number, number, number] | undefined {
  if (o[key] === undefined) return undefined;
  const p = `${path}.${key}`;
  const value = o[key];
  if (!Array.isArray(value) || value.length !== 4) v.failGot(p, 'expected a quaternion [x, y, z, w]', value);
  const q = (value as unknown[]).map((x, i) => v.number(x, `${p}[${i}]`)) as [number, number, number, number];
  const n = Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  if (!(Math.abs(n - 1) <= 1e-6)) v.fail(p, `must be a unit quaternion [x, y, z, w], its length is ${n}`);
  return [q[0] / n, q[1] / n, q[2] / n, q[3] / n];
}
function numbers(value: unknown, path: string, min: number, multiple: number): number[] {
  const a = v.array(value, path, min, MAX_SCENE3_ARRAY);
  if (a.length % multiple !== 0) v.fail(path, `needs a multiple of ${multiple} numbers, got ${a.length}`);
  return a.map((x, i) => v.number(x, `${path}[${i}]`, COORD));
}

const SHAPE_COMMON = [
  'kind',
  'name',
  'material',
  'position',
  'orientation',
  'density',
  'friction',
  'restitution',
  'rollingResistance',
  'torsionalFriction',
  'isSensor',
  'filter',
];
const SHAPE_FIELDS: Record<string, string[]> = {
  sphere: ['radius'],
  box: ['halfExtents'],
  capsule: ['halfHeight', 'radius'],
  cylinder: ['halfHeight', 'radius'],
  hull: ['points', 'maxVertices', 'radius'],
  mesh: ['vertices', 'indices'],
  heightfield: ['rows', 'cols', 'heights', 'spacingX', 'spacingZ'],
};
const SHAPE_KINDS = Object.keys(SHAPE_FIELDS) as Scene3Geometry['kind'][];

function parseShape(
  value: unknown,
  path: string,
  bodyType: BodyType3,
  materials: Record<string, unknown>,
): Scene3Shape {
  const pre = v.object(value, path, null);
  const kind = v.oneOf(pre.kind, `${path}.kind`, SHAPE_KINDS);
  const o = v.object(value, path, [...SHAPE_COMMON, ...SHAPE_FIELDS[kind]!]);
  let geom: Scene3Geometry;
  switch (kind) {
    case 'sphere':
      geom = { kind, radius: v.needNumber(o, 'radius', path, SIZE) };
      break;
    case 'box': {
      if (o.halfExtents === undefined) v.fail(`${path}.halfExtents`, 'required ([hx, hy, hz])');
      const h = vec3(o.halfExtents, `${path}.halfExtents`);
      h.forEach((x, i) => {
        if (!(x > 0)) v.fail(`${path}.halfExtents[${i}]`, `must be > 0, got ${x}`);
      });
      geom = { kind, halfExtents: h };
      break;
    }
    case 'capsule':
    case 'cylinder':
      geom = {
        kind,
        halfHeight: v.needNumber(o, 'halfHeight', path, SIZE),
        radius: v.needNumber(o, 'radius', path, SIZE),
      };
      break;
    case 'hull': {
      if (o.points === undefined) v.fail(`${path}.points`, 'required (x, y, z per point)');
      geom = clean({
        kind,
        points: numbers(o.points, `${path}.points`, 12, 3),
        maxVertices: v.optNumber(o, 'maxVertices', path, { integer: true, min: 4 }),
        radius: v.optNumber(o, 'radius', path, { min: 0, max: MAX_SCENE3_COORDINATE }),
      });
      break;
    }
    case 'mesh': {
      if (o.vertices === undefined) v.fail(`${path}.vertices`, 'required (x, y, z per vertex)');
      if (o.indices === undefined) v.fail(`${path}.indices`, 'required (three vertex indices per triangle)');
      const vertices = numbers(o.vertices, `${path}.vertices`, 9, 3);
      const idx = v.array(o.indices, `${path}.indices`, 3, MAX_SCENE3_ARRAY);
      if (idx.length % 3 !== 0)
        v.fail(`${path}.indices`, `needs three indices per triangle, got ${idx.length}`);
      const nv = vertices.length / 3;
      const indices = idx.map((x, i) =>
        v.number(x, `${path}.indices[${i}]`, { integer: true, min: 0, max: nv - 1 }),
      );
      geom = { kind, vertices, indices };
      break;
    }
    case 'heightfield': {
      const rows = v.needNumber(o, 'rows', path, { integer: true, min: 2, max: 4096 });
      const cols = v.needNumber(o, 'cols', path, { integer: true, min: 2, max: 4096 });
      if (o.heights === undefined) v.fail(`${path}.heights`, 'required (rows × cols numbers)');
      const heights = numbers(o.heights, `${path}.heights`, 4, 1);
      if (heights.length !== rows * cols)
        v.fail(`${path}.heights`, `needs rows × cols = ${rows * cols} numbers, got ${heights.length}`);
      geom = clean({
        kind,
        rows,
        cols,
        heights,
        spacingX: v.needNumber(o, 'spacingX', path, SIZE),
        spacingZ: v.optNumber(o, 'spacingZ', path, SIZE),
      });
      break;
    }
  }
  if ((kind === 'mesh' || kind === 'heightfield') && bodyType === 'dynamic')
    v.fail(`${path}.kind`, `a ${kind} may only sit on a static or kinematic body`);
  const material = v.optString(o, 'material', path);
  if (material !== undefined && !Object.hasOwn(materials, material))
    v.fail(
      `${path}.material`,
      `unknown material '${material}' (the file's materials: ${Object.keys(materials).join(', ') || 'none'})`,
    );
  let filter: Scene3Shape['filter'];
  if (o.filter !== undefined) {
    const f = v.object(o.filter, `${path}.filter`, ['categoryBits', 'maskBits', 'groupIndex']);
    const bits = { integer: true, min: 0, max: 0xffffffff };
    filter = clean({
      categoryBits: v.optNumber(f, 'categoryBits', `${path}.filter`, bits),
      maskBits: v.optNumber(f, 'maskBits', `${path}.filter`, bits),
      groupIndex: v.optNumber(f, 'groupIndex', `${path}.filter`, { integer: true, min: -32768, max: 32767 }),
    });
  }
  return clean({
    ...geom,
    name: v.optString(o, 'name', path),
    material,
    position: optVec3(o, 'position', path),
    orientation: optQuat(o, 'orientation', path),
    density: v.optNumber(o, 'density', path, { min: 0, max: 1e9 }),
    friction: v.optNumber(o, 'friction', path, { min: 0, max: 1e3 }),
    restitution: v.optNumber(o, 'restitution', path, { min: 0, max: 1 }),
    rollingResistance: v.optNumber(o, 'rollingResistance', path, { min: 0, max: 1e3 }),
    torsionalFriction: v.optNumber(o, 'torsionalFriction', path, { min: 0, max: 1e3 }),
    isSensor: v.optBool(o, 'isSensor', path),
    filter,
  }) as Scene3Shape;
}

const BODY_FIELDS = [
  'name',
  'type',
  'position',
  'orientation',
  'linearVelocity',
  'angularVelocity',
  'linearDamping',
  'angularDamping',
  'gravityScale',
  'fixedRotation',
  'sleepEnabled',
  'awake',
  'shapes',
];

function parseBody(value: unknown, path: string, materials: Record<string, unknown>): Scene3Body {
  const o = v.object(value, path, BODY_FIELDS);
  const type = v.optOneOf(o, 'type', path, ['static', 'kinematic', 'dynamic'] as const) ?? 'dynamic';
  const shapes = v
    .array(o.shapes ?? [], `${path}.shapes`, 0, 10_000)
    .map((s, i) => parseShape(s, `${path}.shapes[${i}]`, type, materials));
  return clean({
    name: v.optString(o, 'name', path),
    type,
    position: optVec3(o, 'position', path),
    orientation: optQuat(o, 'orientation', path),
    linearVelocity: optVec3(o, 'linearVelocity', path),
    angularVelocity: optVec3(o, 'angularVelocity', path),
    linearDamping: v.optNumber(o, 'linearDamping', path, { min: 0, max: 1e6 }),
    angularDamping: v.optNumber(o, 'angularDamping', path, { min: 0, max: 1e6 }),
    gravityScale: v.optNumber(o, 'gravityScale', path, { min: -1e6, max: 1e6 }),
    fixedRotation: v.optBool(o, 'fixedRotation', path),
    sleepEnabled: v.optBool(o, 'sleepEnabled', path),
    awake: v.optBool(o, 'awake', path),
    shapes,
  });
}

const TOP_FIELDS = [
  'format',
  'title',
  'description',
  'dt',
  'gravity',
  'substeps',
  'gyroscopic',
  'orientation',
  'friction',
  'enableSleep',
  'camera',
  'materials',
  'bodies',
];

/** Validates a parsed `rikigaku/rigid3d@1` file (PhysicsError 'invalid-scene' naming the path of the bad field). */
export function parseRigid3dScene(json: unknown, path = 'scene'): Rigid3dScene {
  const o = v.object(json, path, TOP_FIELDS);
  if (o.format !== RIGID3D_FORMAT) v.failGot(`${path}.format`, `expected '${RIGID3D_FORMAT}'`, o.format);
  const materials: Record<string, Scene3Material> = {};
  if (o.materials !== undefined) {
    const m = v.object(o.materials, `${path}.materials`, null);
    for (const [name, def] of Object.entries(m)) {
      const p = `${path}.materials.${name}`;
      const d = v.object(def, p, ['density', 'friction', 'restitution']);
      materials[name] = clean({
        density: v.optNumber(d, 'density', p, { min: 0, max: 1e9 }),
        friction: v.optNumber(d, 'friction', p, { min: 0, max: 1e3 }),
        restitution: v.optNumber(d, 'restitution', p, { min: 0, max: 1 }),
      });
    }
  }
  if (o.bodies === undefined) v.fail(`${path}.bodies`, 'required (an array of bodies)');
  const bodies = v
    .array(o.bodies, `${path}.bodies`, 0, MAX_SCENE3_BODIES)
    .map((b, i) => parseBody(b, `${path}.bodies[${i}]`, materials));
  let camera: Rigid3dScene['camera'];
  if (o.camera !== undefined) {
    const c = v.object(o.camera, `${path}.camera`, ['eye', 'target', 'projection']);
    if (c.eye === undefined) v.fail(`${path}.camera.eye`, 'required ([x, y, z])');
    const eye = vec3(c.eye, `${path}.camera.eye`);
    const target = optVec3(c, 'target', `${path}.camera`) ?? [0, 0, 0];
    if (eye[0] === target[0] && eye[1] === target[1] && eye[2] === target[2])
      v.fail(`${path}.camera.eye`, 'must differ from the target');
    camera = clean({
      eye,
      target,
      projection: v.optOneOf(c, 'projection', `${path}.camera`, ['perspective', 'orthographic'] as const),
    });
  }
  return clean({
    format: RIGID3D_FORMAT,
    title: v.optString(o, 'title', path),
    description: v.optString(o, 'description', path),
    dt: v.optNumber(o, 'dt', path, { above: 0, max: 1 }) ?? 1 / 60,
    gravity: optVec3(o, 'gravity', path) ?? [0, -10, 0],
    substeps: v.optNumber(o, 'substeps', path, { integer: true, min: 1, max: 64 }),
    gyroscopic: v.optOneOf(o, 'gyroscopic', path, ['implicit', 'momentum', 'explicit', 'none'] as const),
    orientation: v.optOneOf(o, 'orientation', path, ['exponential', 'first-order'] as const),
    friction: v.optOneOf(o, 'friction', path, ['cone', 'pyramid'] as const),
    enableSleep: v.optBool(o, 'enableSleep', path),
    camera,
    materials,
    bodies,
  }) as Rigid3dScene;
}
