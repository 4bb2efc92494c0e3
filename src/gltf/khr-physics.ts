/**
 * The glTF physics extensions as validated data: `KHR_implicit_shapes` (sphere, box, capsule,
 * cylinder, plane — their schema defaults filled in) and `KHR_physics_rigid_bodies` (physics
 * materials with their combine modes, collision filters, joint descriptions with limits and drives,
 * and per node the motion, collider, trigger and joint). Every field is checked for type and range;
 * a bad one throws PhysicsError('invalid-scene') with its path in the file, e.g.
 * `gltf.extensions.KHR_implicit_shapes.shapes[2].type: unknown shape type 'cone'`.
 */
import { type Obj, sceneChecks as v } from '../core/validate.js';

/** The extension name of the implicit shapes. */
export const KHR_IMPLICIT_SHAPES = 'KHR_implicit_shapes';
/** The extension name of the rigid bodies. */
export const KHR_PHYSICS_RIGID_BODIES = 'KHR_physics_rigid_bodies';

/** An implicit shape of `KHR_implicit_shapes` (sizes in the node's local space, along y). */
export type GltfImplicitShape =
  | { type: 'sphere'; radius: number }
  | { type: 'box'; size: [number, number, number] }
  | { type: 'capsule'; height: number; radiusTop: number; radiusBottom: number }
  | { type: 'cylinder'; height: number; radiusTop: number; radiusBottom: number }
  | { type: 'plane'; sizeX?: number; sizeZ?: number; doubleSided: boolean };

/** How two materials' values combine in a contact. */
export type GltfCombineMode = 'average' | 'minimum' | 'maximum' | 'multiply';

/** A physics material of `KHR_physics_rigid_bodies`. */
export interface GltfPhysicsMaterial {
  /** μ at rest, default 0.6 */
  staticFriction: number;
  /** μ when sliding, default 0.6 */
  dynamicFriction: number;
  /** restitution e, default 0 */
  restitution: number;
  /** how two frictions combine (absent: the engine's choice) */
  frictionCombine?: GltfCombineMode;
  /** how two restitutions combine */
  restitutionCombine?: GltfCombineMode;
}

/** A collision filter: the systems a collider belongs to and those it collides (or not) with. */
export interface GltfCollisionFilter {
  /** the systems the collider is a member of */
  collisionSystems: string[];
  /** collide only with these systems */
  collideWithSystems?: string[];
  /** collide with every system but these */
  notCollideWithSystems?: string[];
}

/** A joint limit: 1–3 linear or angular axes of the joint frame kept within [min, max]. */
export interface GltfJointLimit {
  /** the linear axes (0 = x, 1 = y, 2 = z) */
  linearAxes?: number[];
  /** the angular axes */
  angularAxes?: number[];
  /** lower bound (m or rad), absent: none */
  min?: number;
  /** upper bound, absent: none */
  max?: number;
  /** a soft limit's stiffness (absent: hard) */
  stiffness?: number;
  /** a soft limit's damping */
  damping: number;
}

/** A joint drive: a damped spring on one axis towards a position and/or velocity target. */
export interface GltfJointDrive {
  /** linear or angular */
  type: 'linear' | 'angular';
  /** force, or acceleration (scaled by the effective mass) */
  mode: 'force' | 'acceleration';
  /** the axis of the joint frame */
  axis: number;
  /** the most force (torque) it applies, absent: unlimited */
  maxForce?: number;
  /** the position target */
  positionTarget?: number;
  /** the velocity target */
  velocityTarget?: number;
  /** spring stiffness, default 0 */
  stiffness: number;
  /** damping, default 0 */
  damping: number;
}

/** A shareable joint description: its limits and drives. */
export interface GltfJointDescription {
  /** the limits */
  limits: GltfJointLimit[];
  /** the drives */
  drives: GltfJointDrive[];
}

/** The geometry of a collider or trigger: an implicit shape or a node's mesh. */
export interface GltfGeometry {
  /** index into KHR_implicit_shapes.shapes */
  shape?: number;
  /** index of a node whose mesh (with its children's) is the geometry */
  node?: number;
  /** use the convex hull of the geometry */
  convexHull: boolean;
}

/** A node's `KHR_physics_rigid_bodies` properties. */
export interface GltfNodePhysics {
  /** present: the node is a rigid body */
  motion?: {
    /** kinematic (infinite mass, moves by its velocity) */
    isKinematic: boolean;
    /** kg; 0 means infinite */
    mass?: number;
    /** in the node's frame */
    centerOfMass?: [number, number, number];
    /** principal moments (kg·m²) */
    inertiaDiagonal?: [number, number, number];
    /** rotation from the principal axes to the node frame */
    inertiaOrientation?: [number, number, number, number];
    /** m/s, in the node's frame */
    linearVelocity: [number, number, number];
    /** rad/s, in the node's frame */
    angularVelocity: [number, number, number];
    /** multiplies gravity, default 1 */
    gravityFactor: number;
  };
  /** a collision shape */
  collider?: { geometry: GltfGeometry; physicsMaterial?: number; collisionFilter?: number };
  /** a sensor volume */
  trigger?: { geometry?: GltfGeometry; nodes?: number[]; collisionFilter?: number };
  /** a joint to another node */
  joint?: { connectedNode: number; joint: number; enableCollision: boolean };
}

/** The document-level physics data. */
export interface GltfPhysicsDocument {
  /** KHR_implicit_shapes.shapes */
  shapes: GltfImplicitShape[];
  /** physicsMaterials */
  materials: GltfPhysicsMaterial[];
  /** collisionFilters */
  filters: GltfCollisionFilter[];
  /** physicsJoints */
  joints: GltfJointDescription[];
}

const COMBINE = ['average', 'minimum', 'maximum', 'multiply'] as const;
const COMMON = ['name', 'extensions', 'extras'];

function vec(value: unknown, path: string, n: number): number[] {
  if (!Array.isArray(value) || value.length !== n) v.failGot(path, `expected ${n} numbers`, value);
  return (value as unknown[]).map((x, i) => v.number(x, `${path}[${i}]`));
}
function strings(value: unknown, path: string): string[] {
  return v.array(value, path).map((s, i) => {
    if (typeof s !== 'string') v.failGot(`${path}[${i}]`, 'expected a string', s);
    return s as string;
  });
}
function index(o: Obj, key: string, path: string, count: number, what: string): number | undefined {
  if (o[key] === undefined) return undefined;
  const i = v.number(o[key], `${path}.${key}`, { integer: true, min: 0 });
  if (i >= count) v.fail(`${path}.${key}`, `${what} ${i} does not exist (the file has ${count})`);
  return i;
}
function axes(o: Obj, key: string, path: string): number[] | undefined {
  if (o[key] === undefined) return undefined;
  return v
    .array(o[key], `${path}.${key}`, 1, 3)
    .map((a, i) => v.number(a, `${path}.${key}[${i}]`, { integer: true, min: 0, max: 2 }));
}

function parseShape(value: unknown, path: string): GltfImplicitShape {
  const o = v.object(value, path, null);
  const type = o.type;
  if (typeof type !== 'string') v.failGot(`${path}.type`, 'expected a shape type string', type);
  const params = (key: string): Obj => (o[key] === undefined ? {} : v.object(o[key], `${path}.${key}`, null));
  switch (type) {
    case 'sphere': {
      const p = params('sphere');
      return { type, radius: v.optNumber(p, 'radius', `${path}.sphere`, { above: 0 }) ?? 0.5 };
    }
    case 'box': {
      const p = params('box');
      const size = p.size === undefined ? [1, 1, 1] : vec(p.size, `${path}.box.size`, 3);
      size.forEach((s, i) => {
        if (!(s > 0)) v.fail(`${path}.box.size[${i}]`, `must be > 0, got ${s}`);
      });
      return { type, size: size as [number, number, number] };
    }
    case 'capsule':
    case 'cylinder': {
      const p = params(type);
      const pp = `${path}.${type}`;
      const height = v.optNumber(p, 'height', pp, { above: 0 }) ?? 0.5;
      const radiusTop = v.optNumber(p, 'radiusTop', pp, { min: 0 }) ?? 0.25;
      const radiusBottom = v.optNumber(p, 'radiusBottom', pp, { min: 0 }) ?? 0.25;
      if (!(radiusTop > 0 || radiusBottom > 0)) v.fail(pp, 'at least one radius must be > 0');
      return { type, height, radiusTop, radiusBottom };
    }
    case 'plane': {
      const p = params('plane');
      const sizeX = v.optNumber(p, 'sizeX', `${path}.plane`, { above: 0 });
      const sizeZ = v.optNumber(p, 'sizeZ', `${path}.plane`, { above: 0 });
      return {
        type,
        ...(sizeX !== undefined ? { sizeX } : {}),
        ...(sizeZ !== undefined ? { sizeZ } : {}),
        doubleSided: v.optBool(p, 'doubleSided', `${path}.plane`) ?? false,
      };
    }
    default:
      return v.fail(
        `${path}.type`,
        `unknown shape type '${type}' (known: sphere, box, capsule, cylinder, plane)`,
      );
  }
}

function parseMaterial(value: unknown, path: string): GltfPhysicsMaterial {
  const o = v.object(value, path, [
    ...COMMON,
    'staticFriction',
    'dynamicFriction',
    'restitution',
    'frictionCombine',
    'restitutionCombine',
  ]);
  const fc = v.optOneOf(o, 'frictionCombine', path, COMBINE);
  const rc = v.optOneOf(o, 'restitutionCombine', path, COMBINE);
  return {
    staticFriction: v.optNumber(o, 'staticFriction', path, { min: 0 }) ?? 0.6,
    dynamicFriction: v.optNumber(o, 'dynamicFriction', path, { min: 0 }) ?? 0.6,
    restitution: v.optNumber(o, 'restitution', path, { min: 0 }) ?? 0,
    ...(fc !== undefined ? { frictionCombine: fc } : {}),
    ...(rc !== undefined ? { restitutionCombine: rc } : {}),
  };
}

function parseFilter(value: unknown, path: string): GltfCollisionFilter {
  const o = v.object(value, path, [
    ...COMMON,
    'collisionSystems',
    'collideWithSystems',
    'notCollideWithSystems',
  ]);
  if (o.collideWithSystems !== undefined && o.notCollideWithSystems !== undefined)
    v.fail(path, 'give collideWithSystems or notCollideWithSystems, not both');
  return {
    collisionSystems:
      o.collisionSystems === undefined ? [] : strings(o.collisionSystems, `${path}.collisionSystems`),
    ...(o.collideWithSystems !== undefined
      ? { collideWithSystems: strings(o.collideWithSystems, `${path}.collideWithSystems`) }
      : {}),
    ...(o.notCollideWithSystems !== undefined
      ? { notCollideWithSystems: strings(o.notCollideWithSystems, `${path}.notCollideWithSystems`) }
      : {}),
  };
}

function parseJoint(value: unknown, path: string): GltfJointDescription {
  const o = v.object(value, path, [...COMMON, 'limits', 'drives']);
  const limits = v.array(o.limits ?? [], `${path}.limits`).map((l, i) => {
    const p = `${path}.limits[${i}]`;
    const lo = v.object(l, p, [...COMMON, 'linearAxes', 'angularAxes', 'min', 'max', 'stiffness', 'damping']);
    const linearAxes = axes(lo, 'linearAxes', p);
    const angularAxes = axes(lo, 'angularAxes', p);
    if ((linearAxes === undefined) === (angularAxes === undefined))
      v.fail(p, 'a limit needs exactly one of linearAxes and angularAxes');
    const min = v.optNumber(lo, 'min', p);
    const max = v.optNumber(lo, 'max', p);
    if (min !== undefined && max !== undefined && min > max)
      v.fail(`${p}.min`, `must be <= max (${max}), got ${min}`);
    const stiffness = v.optNumber(lo, 'stiffness', p, { min: 0 });
    return {
      ...(linearAxes ? { linearAxes } : {}),
      ...(angularAxes ? { angularAxes } : {}),
      ...(min !== undefined ? { min } : {}),
      ...(max !== undefined ? { max } : {}),
      ...(stiffness !== undefined ? { stiffness } : {}),
      damping: v.optNumber(lo, 'damping', p, { min: 0 }) ?? 0,
    };
  });
  const drives = v.array(o.drives ?? [], `${path}.drives`).map((d, i) => {
    const p = `${path}.drives[${i}]`;
    const dr = v.object(d, p, [
      ...COMMON,
      'type',
      'mode',
      'axis',
      'maxForce',
      'positionTarget',
      'velocityTarget',
      'stiffness',
      'damping',
    ]);
    const maxForce = v.optNumber(dr, 'maxForce', p, { min: 0 });
    const positionTarget = v.optNumber(dr, 'positionTarget', p);
    const velocityTarget = v.optNumber(dr, 'velocityTarget', p);
    return {
      type: v.oneOf(dr.type, `${p}.type`, ['linear', 'angular'] as const),
      mode: v.oneOf(dr.mode, `${p}.mode`, ['force', 'acceleration'] as const),
      axis: v.needNumber(dr, 'axis', p, { integer: true, min: 0, max: 2 }),
      ...(maxForce !== undefined ? { maxForce } : {}),
      ...(positionTarget !== undefined ? { positionTarget } : {}),
      ...(velocityTarget !== undefined ? { velocityTarget } : {}),
      stiffness: v.optNumber(dr, 'stiffness', p, { min: 0 }) ?? 0,
      damping: v.optNumber(dr, 'damping', p, { min: 0 }) ?? 0,
    };
  });
  return { limits, drives };
}

/** The document-level physics data of a parsed glTF JSON (absent extensions give empty lists). */
export function parsePhysicsDocument(json: Obj, path = 'gltf'): GltfPhysicsDocument {
  const ext = json.extensions === undefined ? {} : v.object(json.extensions, `${path}.extensions`, null);
  const sp = `${path}.extensions.${KHR_IMPLICIT_SHAPES}`;
  const shapesExt =
    ext[KHR_IMPLICIT_SHAPES] === undefined ? {} : v.object(ext[KHR_IMPLICIT_SHAPES], sp, null);
  const shapes = v
    .array(shapesExt.shapes ?? [], `${sp}.shapes`)
    .map((s, i) => parseShape(s, `${sp}.shapes[${i}]`));
  const rp = `${path}.extensions.${KHR_PHYSICS_RIGID_BODIES}`;
  const rb =
    ext[KHR_PHYSICS_RIGID_BODIES] === undefined ? {} : v.object(ext[KHR_PHYSICS_RIGID_BODIES], rp, null);
  return {
    shapes,
    materials: v
      .array(rb.physicsMaterials ?? [], `${rp}.physicsMaterials`)
      .map((m, i) => parseMaterial(m, `${rp}.physicsMaterials[${i}]`)),
    filters: v
      .array(rb.collisionFilters ?? [], `${rp}.collisionFilters`)
      .map((f, i) => parseFilter(f, `${rp}.collisionFilters[${i}]`)),
    joints: v
      .array(rb.physicsJoints ?? [], `${rp}.physicsJoints`)
      .map((j, i) => parseJoint(j, `${rp}.physicsJoints[${i}]`)),
  };
}

function parseGeometry(o: Obj, path: string, doc: GltfPhysicsDocument, nodeCount: number): GltfGeometry {
  // the current draft nests the geometry; earlier drafts put `shape` on the collider itself
  const g = o.geometry === undefined ? o : v.object(o.geometry, `${path}.geometry`, null);
  const gp = o.geometry === undefined ? path : `${path}.geometry`;
  const shape = index(g, 'shape', gp, doc.shapes.length, 'shape');
  const node = index(g, 'node', gp, nodeCount, 'node');
  if ((shape === undefined) === (node === undefined)) v.fail(gp, 'needs exactly one of shape and node');
  return {
    ...(shape !== undefined ? { shape } : {}),
    ...(node !== undefined ? { node } : {}),
    convexHull: v.optBool(g, 'convexHull', gp) ?? false,
  };
}

/** A node's `KHR_physics_rigid_bodies` properties (or null when it has none). */
export function parseNodePhysics(
  node: Obj,
  path: string,
  doc: GltfPhysicsDocument,
  nodeCount: number,
): GltfNodePhysics | null {
  if (node.extensions === undefined) return null;
  const ext = v.object(node.extensions, `${path}.extensions`, null);
  if (ext[KHR_PHYSICS_RIGID_BODIES] === undefined) return null;
  const p = `${path}.extensions.${KHR_PHYSICS_RIGID_BODIES}`;
  const o = v.object(ext[KHR_PHYSICS_RIGID_BODIES], p, [
    'motion',
    'collider',
    'trigger',
    'joint',
    'extensions',
    'extras',
  ]);
  const out: GltfNodePhysics = {};
  if (o.motion !== undefined) {
    const mp = `${p}.motion`;
    const m = v.object(o.motion, mp, [
      ...COMMON,
      'isKinematic',
      'mass',
      'centerOfMass',
      'inertiaDiagonal',
      'inertiaOrientation',
      'linearVelocity',
      'angularVelocity',
      'gravityFactor',
    ]);
    const mass = v.optNumber(m, 'mass', mp, { min: 0 });
    const inertiaDiagonal =
      m.inertiaDiagonal === undefined ? undefined : vec(m.inertiaDiagonal, `${mp}.inertiaDiagonal`, 3);
    inertiaDiagonal?.forEach((x, i) => {
      if (!(x >= 0)) v.fail(`${mp}.inertiaDiagonal[${i}]`, `must be >= 0, got ${x}`);
    });
    out.motion = {
      isKinematic: v.optBool(m, 'isKinematic', mp) ?? false,
      ...(mass !== undefined ? { mass } : {}),
      ...(m.centerOfMass !== undefined
        ? { centerOfMass: vec(m.centerOfMass, `${mp}.centerOfMass`, 3) as [number, number, number] }
        : {}),
      ...(inertiaDiagonal !== undefined
        ? { inertiaDiagonal: inertiaDiagonal as [number, number, number] }
        : {}),
      ...(m.inertiaOrientation !== undefined
        ? {
            inertiaOrientation: vec(m.inertiaOrientation, `${mp}.inertiaOrientation`, 4) as [
              number,
              number,
              number,
              number,
            ],
          }
        : {}),
      linearVelocity: (m.linearVelocity === undefined
        ? [0, 0, 0]
        : vec(m.linearVelocity, `${mp}.linearVelocity`, 3)) as [number, number, number],
      angularVelocity: (m.angularVelocity === undefined
        ? [0, 0, 0]
        : vec(m.angularVelocity, `${mp}.angularVelocity`, 3)) as [number, number, number],
      gravityFactor: v.optNumber(m, 'gravityFactor', mp) ?? 1,
    };
  }
  if (o.collider !== undefined) {
    const cp = `${p}.collider`;
    const c = v.object(o.collider, cp, null);
    const physicsMaterial = index(c, 'physicsMaterial', cp, doc.materials.length, 'physics material');
    const collisionFilter = index(c, 'collisionFilter', cp, doc.filters.length, 'collision filter');
    out.collider = {
      geometry: parseGeometry(c, cp, doc, nodeCount),
      ...(physicsMaterial !== undefined ? { physicsMaterial } : {}),
      ...(collisionFilter !== undefined ? { collisionFilter } : {}),
    };
  }
  if (o.trigger !== undefined) {
    const tp = `${p}.trigger`;
    const t = v.object(o.trigger, tp, null);
    const collisionFilter = index(t, 'collisionFilter', tp, doc.filters.length, 'collision filter');
    const nodes =
      t.nodes === undefined
        ? undefined
        : v.array(t.nodes, `${tp}.nodes`, 1).map((n, i) => {
            const k = v.number(n, `${tp}.nodes[${i}]`, { integer: true, min: 0 });
            if (k >= nodeCount)
              v.fail(`${tp}.nodes[${i}]`, `node ${k} does not exist (the file has ${nodeCount})`);
            return k;
          });
    out.trigger = {
      ...(t.geometry !== undefined || t.shape !== undefined || t.node !== undefined
        ? { geometry: parseGeometry(t, tp, doc, nodeCount) }
        : {}),
      ...(nodes !== undefined ? { nodes } : {}),
      ...(collisionFilter !== undefined ? { collisionFilter } : {}),
    };
  }
  if (o.joint !== undefined) {
    const jp = `${p}.joint`;
    const j = v.object(o.joint, jp, [...COMMON, 'connectedNode', 'joint', 'enableCollision']);
    if (j.connectedNode === undefined) v.fail(`${jp}.connectedNode`, 'required (a node index)');
    if (j.joint === undefined) v.fail(`${jp}.joint`, 'required (an index into physicsJoints)');
    out.joint = {
      connectedNode: index(j, 'connectedNode', jp, nodeCount, 'node')!,
      joint: index(j, 'joint', jp, doc.joints.length, 'physics joint')!,
      enableCollision: v.optBool(j, 'enableCollision', jp) ?? false,
    };
  }
  return out;
}
