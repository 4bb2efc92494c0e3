/**
 * glTF physics import: a `.gltf` / `.glb` file with `KHR_physics_rigid_bodies` and
 * `KHR_implicit_shapes` becomes the equivalent `rikigaku/rigid3d@1` scene (scene/rigid3d-format.ts),
 * built into a `World3` by the scene builder. The container (GLB chunks, data URIs, buffers) and the
 * accessors are read by glTF-Transform (`@gltf-transform/core`, an optional peer dependency of this
 * entry only); the physics extensions are read from the file's JSON and validated here
 * (khr-physics.ts).
 *
 * The mapping:
 * - a node with `motion` is a body (dynamic, or kinematic when `isKinematic` or its mass is 0 —
 *   infinite), placed at the node's world translation and rotation; its own collider and those of
 *   descendants without a motion of their own are its compound shapes; a collider outside any
 *   motion is a static body; a `trigger` is a sensor shape;
 * - node scale goes into the shapes (|scale| per axis, as the extension says); a sphere, capsule or
 *   cylinder scaled unevenly, or tapered (two radii), becomes a convex hull of sampled points;
 *   a plane becomes a box 1 m thick under it (2 km where it is unbounded);
 * - mesh geometry is the referenced node's mesh and its children's: a triangle mesh on static and
 *   kinematic bodies, a convex hull when `convexHull` is set or the body is dynamic;
 * - `mass` is met by the density mass / volume of the body's shapes; velocities and the centre of
 *   mass are given in the node's frame and rotated to the world; `gravityFactor` is the gravity
 *   scale;
 * - physics materials give friction (the dynamic μ) and restitution; the engine combines them as
 *   √(μA μB) and max(eA, eB), so another combine mode, where it could matter, gets a warning;
 * - collision filters become category / mask bits: bit 0 for colliders without a filter, one bit
 *   per named system (at most 31);
 * - joints are read into `GltfJoint3` records (bodies, attachment frames, limits, drives), which
 *   build.ts turns into rigid3d six-dof joints (joints.ts);
 * - what cannot be represented (an explicit inertia, static and dynamic friction that differ,
 *   animations, skins, morph weights) gets a warning naming the
 *   node. A malformed file — a bad accessor, a missing buffer, an unknown shape type — throws
 *   PhysicsError naming the path (`gltf.accessors[2]: …`, `gltf.nodes[4].extensions…`).
 */
import type { Document, Node as GltfNode, JSONDocument, WebIO } from '@gltf-transform/core';
import { PhysicsError } from '../core/errors.js';
import { type Obj, sceneChecks as v } from '../core/validate.js';
import { quickhull3 } from '../geometry/quickhull3d.js';
import { parseRigid3dScene, RIGID3D_FORMAT, type Rigid3dScene } from '../scene/rigid3d-format.js';
import {
  type GltfGeometry,
  type GltfJointDescription,
  type GltfNodePhysics,
  type GltfPhysicsDocument,
  KHR_IMPLICIT_SHAPES,
  KHR_PHYSICS_RIGID_BODIES,
  parseNodePhysics,
  parsePhysicsDocument,
} from './khr-physics.js';

type V3 = [number, number, number];
type Q4 = [number, number, number, number];

/** What to read: the bytes of a `.glb`, the text of a `.gltf`, or a parsed `.gltf` JSON object. */
export type GltfPhysicsInput = Uint8Array | string | Record<string, unknown>;

/** Options of {@link importGltfPhysics}. */
export interface GltfImportOptions {
  /** external files the `.gltf` names by uri (its `.bin` buffers), by uri */
  resources?: Record<string, Uint8Array>;
  /** gravity of the scene, default [0, −10, 0] (glTF is y up) */
  gravity?: [number, number, number];
  /** fixed step of the scene (s), default 1/60 */
  dt?: number;
  /** a title for the scene, default the file's asset / scene name */
  title?: string;
}

/** A joint of the file: the two bodies (indices into the scene's bodies; −1 is the world) and the frames. */
export interface GltfJoint3 {
  /** the node that holds the joint */
  node: number;
  /** the connected node */
  connectedNode: number;
  /** body of the joint node (index into `scene.bodies`, −1: the world) */
  bodyA: number;
  /** body of the connected node */
  bodyB: number;
  /** the attachment frame in body A's frame (or the world's) */
  frameA: { position: V3; orientation: Q4 };
  /** the attachment frame in body B's frame */
  frameB: { position: V3; orientation: Q4 };
  /** the limits and drives */
  description: GltfJointDescription;
  /** may the two bodies collide */
  enableCollision: boolean;
}

/** The result of an import: the equivalent scene, the joints, and what could not be represented. */
export interface GltfPhysicsImport {
  /** the `rikigaku/rigid3d@1` scene (validated) */
  scene: Rigid3dScene;
  /** per scene body, the node it comes from */
  bodyNodes: number[];
  /** the joints of the file */
  joints: GltfJoint3[];
  /** collision system names by filter bit (bit 0: colliders without a filter) */
  collisionSystems: string[];
  /** one line per thing that was approximated or left out, naming the node */
  warnings: string[];
}

// ---------------------------------------------------------------------------------------------
// small rigid-transform algebra (column-major 4 × 4 as glTF)

/** A rigid placement plus a per-axis scale, decomposed from a node matrix. */
interface Placement {
  t: V3;
  q: Q4;
  s: V3;
  /** the full matrix (column-major) */
  m: number[];
  /** whether the matrix had shear (not a rotation times a scale) */
  shear: boolean;
}

function quatFromMatrix(r: number[]): Q4 {
  // r row-major 3 × 3
  const [m00, m01, m02, m10, m11, m12, m20, m21, m22] = r as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const tr = m00 + m11 + m22;
  let q: Q4;
  if (tr > 0) {
    const s = Math.sqrt(tr + 1) * 2;
    q = [(m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s, 0.25 * s];
  } else if (m00 > m11 && m00 > m22) {
    const s = Math.sqrt(1 + m00 - m11 - m22) * 2;
    q = [0.25 * s, (m01 + m10) / s, (m02 + m20) / s, (m21 - m12) / s];
  } else if (m11 > m22) {
    const s = Math.sqrt(1 + m11 - m00 - m22) * 2;
    q = [(m01 + m10) / s, 0.25 * s, (m12 + m21) / s, (m02 - m20) / s];
  } else {
    const s = Math.sqrt(1 + m22 - m00 - m11) * 2;
    q = [(m02 + m20) / s, (m12 + m21) / s, 0.25 * s, (m10 - m01) / s];
  }
  const n = Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  if (q[3] < 0) return [-q[0] / n, -q[1] / n, -q[2] / n, -q[3] / n];
  return [q[0] / n, q[1] / n, q[2] / n, q[3] / n];
}

function decompose(m: ArrayLike<number>): Placement {
  const c = [0, 1, 2].map((k) => [m[4 * k]!, m[4 * k + 1]!, m[4 * k + 2]!]) as V3[];
  const s = c.map((x) => Math.sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2])) as V3;
  const det =
    c[0]![0] * (c[1]![1] * c[2]![2] - c[1]![2] * c[2]![1]) -
    c[1]![0] * (c[0]![1] * c[2]![2] - c[0]![2] * c[2]![1]) +
    c[2]![0] * (c[0]![1] * c[1]![2] - c[0]![2] * c[1]![1]);
  if (det < 0) s[0] = -s[0];
  const u = c.map((x, k) =>
    s[k] === 0 ? [k === 0 ? 1 : 0, k === 1 ? 1 : 0, k === 2 ? 1 : 0] : x.map((y) => y / s[k]!),
  ) as V3[];
  const dot = (a: V3, b: V3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  const shear =
    Math.abs(dot(u[0]!, u[1]!)) > 1e-6 ||
    Math.abs(dot(u[0]!, u[2]!)) > 1e-6 ||
    Math.abs(dot(u[1]!, u[2]!)) > 1e-6;
  // columns of R are u0, u1, u2
  const q = quatFromMatrix([
    u[0]![0],
    u[1]![0],
    u[2]![0],
    u[0]![1],
    u[1]![1],
    u[2]![1],
    u[0]![2],
    u[1]![2],
    u[2]![2],
  ]);
  return { t: [m[12]!, m[13]!, m[14]!], q, s: [Math.abs(s[0]), s[1], s[2]], m: Array.from(m), shear };
}

function rotate(q: Q4, v3: V3): V3 {
  const [qx, qy, qz, qw] = q;
  const tx = 2 * (qy * v3[2] - qz * v3[1]);
  const ty = 2 * (qz * v3[0] - qx * v3[2]);
  const tz = 2 * (qx * v3[1] - qy * v3[0]);
  return [
    v3[0] + qw * tx + (qy * tz - qz * ty),
    v3[1] + qw * ty + (qz * tx - qx * tz),
    v3[2] + qw * tz + (qx * ty - qy * tx),
  ];
}
function conj(q: Q4): Q4 {
  return [-q[0], -q[1], -q[2], q[3]];
}
function qmul(a: Q4, b: Q4): Q4 {
  return [
    a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
    a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
    a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
    a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
  ];
}
/** Applies a column-major 4 × 4 to a point. */
function apply(m: number[], x: number, y: number, z: number): V3 {
  return [
    m[0]! * x + m[4]! * y + m[8]! * z + m[12]!,
    m[1]! * x + m[5]! * y + m[9]! * z + m[13]!,
    m[2]! * x + m[6]! * y + m[10]! * z + m[14]!,
  ];
}
/** a × b of column-major 4 × 4 matrices. */
function mul4(a: number[], b: number[]): number[] {
  const out = new Array<number>(16).fill(0);
  for (let c = 0; c < 4; c++)
    for (let r = 0; r < 4; r++) {
      let s = 0;
      for (let k = 0; k < 4; k++) s += a[4 * k + r]! * b[4 * c + k]!;
      out[4 * c + r] = s;
    }
  return out;
}
/** The inverse of the rigid part (t, q) as a column-major 4 × 4. */
function invRigid(t: V3, q: Q4): number[] {
  const qi = conj(q);
  const ex = rotate(qi, [1, 0, 0]);
  const ey = rotate(qi, [0, 1, 0]);
  const ez = rotate(qi, [0, 0, 1]);
  const ti = rotate(qi, t);
  return [ex[0], ex[1], ex[2], 0, ey[0], ey[1], ey[2], 0, ez[0], ez[1], ez[2], 0, -ti[0], -ti[1], -ti[2], 1];
}

// ---------------------------------------------------------------------------------------------
// container and accessors

const COMPONENT_SIZE: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
const TYPE_SIZE: Record<string, number> = {
  SCALAR: 1,
  VEC2: 2,
  VEC3: 3,
  VEC4: 4,
  MAT2: 4,
  MAT3: 9,
  MAT4: 16,
};

/** Checks buffers, buffer views and accessors against each other and the bytes given. */
function checkContainer(json: Obj, resources: Record<string, Uint8Array>): void {
  const buffers = v.array(json.buffers ?? [], 'gltf.buffers');
  const bufferLength: number[] = buffers.map((b, i) => {
    const p = `gltf.buffers[${i}]`;
    const o = v.object(b, p, null);
    // an empty buffer (some writers leave one) has no byteLength; a view into it fails below
    const byteLength = v.optNumber(o, 'byteLength', p, { integer: true, min: 0 }) ?? 0;
    const uri = v.optString(o, 'uri', p);
    let have: number | undefined;
    if (uri === undefined) have = resources['@glb.bin']?.byteLength;
    else if (uri.startsWith('data:')) have = undefined;
    else {
      const r = resources[uri] ?? resources[decodeURIComponent(uri)];
      if (r === undefined)
        throw new PhysicsError(
          'not-found',
          `${p}.uri: the buffer file '${uri}' was not given (options.resources)`,
        );
      have = r.byteLength;
    }
    if (uri === undefined && have === undefined && byteLength > 0)
      throw new PhysicsError('not-found', `${p}: no uri and no binary chunk (a .gltf buffer needs a uri)`);
    if (have !== undefined && have < byteLength)
      v.fail(`${p}.byteLength`, `is ${byteLength} but the data holds only ${have} bytes`);
    return byteLength;
  });
  const views = v.array(json.bufferViews ?? [], 'gltf.bufferViews');
  const viewLength = views.map((bv, i): { len: number; stride: number | undefined } => {
    const p = `gltf.bufferViews[${i}]`;
    const o = v.object(bv, p, null);
    const buffer = v.needNumber(o, 'buffer', p, { integer: true, min: 0 });
    if (buffer >= buffers.length)
      v.fail(`${p}.buffer`, `buffer ${buffer} does not exist (the file has ${buffers.length})`);
    const off = v.optNumber(o, 'byteOffset', p, { integer: true, min: 0 }) ?? 0;
    const len = v.needNumber(o, 'byteLength', p, { integer: true, min: 1 });
    if (off + len > bufferLength[buffer]!)
      v.fail(
        p,
        `bytes ${off}…${off + len} run past the end of buffer ${buffer} (${bufferLength[buffer]} bytes)`,
      );
    return { len, stride: v.optNumber(o, 'byteStride', p, { integer: true, min: 4, max: 252 }) };
  });
  v.array(json.accessors ?? [], 'gltf.accessors').forEach((a, i) => {
    const p = `gltf.accessors[${i}]`;
    const o = v.object(a, p, null);
    const ct = v.needNumber(o, 'componentType', p, { integer: true });
    if (COMPONENT_SIZE[ct] === undefined) v.fail(`${p}.componentType`, `unknown component type ${ct}`);
    const type = o.type;
    if (typeof type !== 'string' || TYPE_SIZE[type] === undefined)
      v.failGot(`${p}.type`, 'expected SCALAR, VEC2, VEC3, VEC4, MAT2, MAT3 or MAT4', type);
    const count = v.needNumber(o, 'count', p, { integer: true, min: 1 });
    if (o.bufferView === undefined) return;
    const view = v.number(o.bufferView, `${p}.bufferView`, { integer: true, min: 0 });
    if (view >= views.length)
      v.fail(`${p}.bufferView`, `buffer view ${view} does not exist (the file has ${views.length})`);
    const off = v.optNumber(o, 'byteOffset', p, { integer: true, min: 0 }) ?? 0;
    const elem = COMPONENT_SIZE[ct]! * TYPE_SIZE[type as string]!;
    const stride = viewLength[view]!.stride ?? elem;
    const need = off + (count - 1) * stride + elem;
    if (need > viewLength[view]!.len)
      v.fail(
        p,
        `${count} elements of ${elem} bytes from byte ${off} need ${need} bytes, buffer view ${view} has ${viewLength[view]!.len}`,
      );
  });
}

/** Reads the input into its JSON document (GLB chunks unpacked) with glTF-Transform. */
async function readContainer(
  io: WebIO,
  input: GltfPhysicsInput,
  resources: Record<string, Uint8Array>,
): Promise<JSONDocument> {
  let jsonDoc: JSONDocument;
  if (input instanceof Uint8Array) {
    const magic = input.length >= 4 ? String.fromCharCode(input[0]!, input[1]!, input[2]!, input[3]!) : '';
    if (magic === 'glTF') {
      try {
        jsonDoc = await io.binaryToJSON(input);
      } catch (e) {
        throw new PhysicsError('invalid-scene', `gltf: not a valid .glb file (${(e as Error).message})`);
      }
      jsonDoc.resources = { ...(resources as Record<string, Uint8Array<ArrayBuffer>>), ...jsonDoc.resources };
      return jsonDoc;
    }
    input = new TextDecoder().decode(input);
  }
  const json: unknown = typeof input === 'string' ? parseJson(input) : input;
  const o = v.object(json, 'gltf', null);
  return {
    json: structuredClone(o) as unknown as JSONDocument['json'],
    resources: { ...(resources as Record<string, Uint8Array<ArrayBuffer>>) },
  };
}

// ---------------------------------------------------------------------------------------------
// the import

type SceneShapeJson = Record<string, unknown>;
interface BodyJson {
  node: number;
  json: Record<string, unknown>;
  shapes: SceneShapeJson[];
  /** volumes of the shapes that carry mass */
  volumes: number[];
  mass?: number;
  place: { t: V3; q: Q4 };
}

/** The convex hull volume of points (0 for a cloud without volume). */
function hullVolume(points: number[]): number {
  try {
    return quickhull3(points).volume;
  } catch {
    return 0;
  }
}

/** Points on a tapered cylinder (two rings) or capsule (two sampled spheres), scaled. */
function taperedPoints(
  kind: 'capsule' | 'cylinder',
  h: number,
  rTop: number,
  rBottom: number,
  s: V3,
): number[] {
  const pts: number[] = [];
  const N = 24;
  const ring = (y: number, r: number) => {
    for (let k = 0; k < N; k++) {
      const a = (2 * Math.PI * k) / N;
      pts.push(r * Math.cos(a) * s[0], y * s[1], r * Math.sin(a) * s[2]);
    }
  };
  if (kind === 'cylinder') {
    ring(h / 2, rTop);
    ring(-h / 2, rBottom);
  } else {
    for (const [yc, r, sign] of [
      [h / 2, rTop, 1],
      [-h / 2, rBottom, -1],
    ] as const) {
      for (let l = 0; l <= 6; l++) {
        const phi = (Math.PI / 2) * (l / 6);
        ring(yc + sign * r * Math.sin(phi), r * Math.cos(phi));
      }
    }
  }
  return pts;
}

/**
 * The node hierarchy as the import sees it (from glTF-Transform's document, or from the JSON alone
 * for files without buffers): indices are the file's node indices.
 */
interface NodeGraph {
  /** number of nodes */
  count: number;
  /** the node's name ('' when none) */
  name(i: number): string;
  /** the node's world matrix (column-major) */
  world(i: number): number[];
  /** the node's local matrix */
  local(i: number): number[];
  /** child node indices */
  children(i: number): number[];
  /** parent index, −1 for a root */
  parent(i: number): number;
  /** the roots of the scene shown */
  roots: number[];
  /** the scene's name ('' when none) */
  sceneName: string;
  /** nodes an animation targets */
  animated: Set<number>;
  /** the node's own mesh as triangles in its local frame (null: none); `warn` for what is left out */
  mesh(i: number, at: string, warn: (what: string) => void): { vertices: number[]; indices: number[] } | null;
}

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/** A node's local matrix from its `matrix` or its translation, rotation and scale. */
function localMatrix(n: Obj, path: string): number[] {
  if (n.matrix !== undefined) {
    if (!Array.isArray(n.matrix) || n.matrix.length !== 16)
      v.failGot(`${path}.matrix`, 'expected 16 numbers', n.matrix);
    return (n.matrix as unknown[]).map((x, i) => v.number(x, `${path}.matrix[${i}]`));
  }
  const t = (n.translation ?? [0, 0, 0]) as unknown[];
  const r = (n.rotation ?? [0, 0, 0, 1]) as unknown[];
  const sc = (n.scale ?? [1, 1, 1]) as unknown[];
  const num = (a: unknown[], k: number, key: string, len: number) => {
    if (!Array.isArray(a) || a.length !== len) v.failGot(`${path}.${key}`, `expected ${len} numbers`, a);
    return v.number(a[k], `${path}.${key}[${k}]`);
  };
  const [x, y, z, w] = [0, 1, 2, 3].map((k) => num(r, k, 'rotation', 4)) as Q4;
  const [sx, sy, sz] = [0, 1, 2].map((k) => num(sc, k, 'scale', 3)) as V3;
  return [
    (1 - 2 * (y * y + z * z)) * sx,
    2 * (x * y + z * w) * sx,
    2 * (x * z - y * w) * sx,
    0,
    2 * (x * y - z * w) * sy,
    (1 - 2 * (x * x + z * z)) * sy,
    2 * (y * z + x * w) * sy,
    0,
    2 * (x * z + y * w) * sz,
    2 * (y * z - x * w) * sz,
    (1 - 2 * (x * x + y * y)) * sz,
    0,
    num(t, 0, 'translation', 3),
    num(t, 1, 'translation', 3),
    num(t, 2, 'translation', 3),
    1,
  ];
}

/** The graph of a glTF JSON alone (no buffers: a mesh collider is refused with a clear error). */
function jsonGraph(json: Obj): NodeGraph {
  const nodes = v.array(json.nodes ?? [], 'gltf.nodes').map((n, i) => v.object(n, `gltf.nodes[${i}]`, null));
  const parent = new Array<number>(nodes.length).fill(-1);
  const children = nodes.map((n, i) => {
    const c = n.children === undefined ? [] : v.array(n.children, `gltf.nodes[${i}].children`);
    return c.map((k, j) => {
      const ci = v.number(k, `gltf.nodes[${i}].children[${j}]`, {
        integer: true,
        min: 0,
        max: nodes.length - 1,
      });
      if (parent[ci] !== -1) v.fail(`gltf.nodes[${i}].children[${j}]`, `node ${ci} already has a parent`);
      parent[ci] = i;
      return ci;
    });
  });
  const local = nodes.map((n, i) => localMatrix(n, `gltf.nodes[${i}]`));
  const world: (number[] | null)[] = nodes.map(() => null);
  const worldOf = (i: number, depth = 0): number[] => {
    if (depth > nodes.length) v.fail(`gltf.nodes[${i}]`, 'the node hierarchy has a cycle');
    const cached = world[i];
    if (cached) return cached;
    const m = parent[i]! < 0 ? local[i]! : mul4(worldOf(parent[i]!, depth + 1), local[i]!);
    world[i] = m;
    return m;
  };
  const scenes = v.array(json.scenes ?? [], 'gltf.scenes');
  const sceneIdx = typeof json.scene === 'number' ? json.scene : 0;
  const scene =
    scenes.length > 0 ? v.object(scenes[sceneIdx] ?? scenes[0], `gltf.scenes[${sceneIdx}]`, null) : null;
  const roots = scene
    ? v.array(scene.nodes ?? [], `gltf.scenes[${sceneIdx}].nodes`).map((k, j) =>
        v.number(k, `gltf.scenes[${sceneIdx}].nodes[${j}]`, {
          integer: true,
          min: 0,
          max: nodes.length - 1,
        }),
      )
    : nodes.map((_, i) => i).filter((i) => parent[i] === -1);
  const animated = new Set<number>();
  for (const a of v.array(json.animations ?? [], 'gltf.animations') as Obj[])
    for (const c of (a.channels ?? []) as Obj[]) {
      const node = (c.target as Obj | undefined)?.node;
      if (typeof node === 'number') animated.add(node);
    }
  return {
    count: nodes.length,
    name: (i) => (typeof nodes[i]!.name === 'string' ? (nodes[i]!.name as string) : ''),
    world: (i) => worldOf(i),
    local: (i) => local[i]!,
    children: (i) => children[i]!,
    parent: (i) => parent[i]!,
    roots,
    sceneName: scene && typeof scene.name === 'string' ? scene.name : '',
    animated,
    mesh(i, at) {
      if (nodes[i]!.mesh === undefined) return null;
      return v.fail(
        at,
        `node ${i}'s mesh needs its accessors: read the file with importGltfPhysics (async), not importGltfPhysicsJson`,
      );
    },
  };
}

/** The graph of a glTF-Transform document (mesh accessors read through glTF-Transform). */
function documentGraph(document: Document, json: Obj): NodeGraph {
  const root = document.getRoot();
  const nodes = root.listNodes();
  const indexOf = new Map<GltfNode, number>();
  nodes.forEach((n, i) => {
    indexOf.set(n, i);
  });
  const meshes = root.listMeshes();
  const scenes = root.listScenes();
  const sceneIdx = typeof json.scene === 'number' ? json.scene : 0;
  const scene = scenes[sceneIdx] ?? scenes[0];
  const animated = new Set<number>();
  for (const anim of root.listAnimations())
    for (const ch of anim.listChannels()) {
      const t = ch.getTargetNode();
      if (t) animated.add(indexOf.get(t)!);
    }
  return {
    count: nodes.length,
    name: (i) => nodes[i]!.getName(),
    world: (i) => Array.from(nodes[i]!.getWorldMatrix()),
    local: (i) => Array.from(nodes[i]!.getMatrix()),
    children: (i) => nodes[i]!.listChildren().map((c) => indexOf.get(c)!),
    parent: (i) => {
      const p = nodes[i]!.getParentNode();
      return p ? indexOf.get(p)! : -1;
    },
    roots: scene
      ? scene.listChildren().map((c) => indexOf.get(c)!)
      : nodes.map((_, i) => i).filter((i) => nodes[i]!.getParentNode() === null),
    sceneName: scene?.getName() ?? '',
    animated,
    mesh(i, at, warn) {
      const n = nodes[i]!;
      const mesh = n.getMesh();
      if (!mesh) return null;
      if (n.getSkin()) warn('skinning is not applied to its collision mesh (the bind pose is used)');
      if (mesh.getWeights().length > 0 || n.getWeights().length > 0)
        warn('morph target weights are not applied to its collision mesh');
      const mp = `gltf.meshes[${meshes.indexOf(mesh)}]`;
      const vertices: number[] = [];
      const indices: number[] = [];
      mesh.listPrimitives().forEach((prim, pi) => {
        if (prim.getMode() !== 4) {
          warn(
            `mesh primitive ${pi} is not a triangle list (mode ${prim.getMode()}): left out of the collision mesh`,
          );
          return;
        }
        const pos = prim.getAttribute('POSITION');
        const pp = `${mp}.primitives[${pi}]`;
        if (!pos) {
          v.fail(`${pp}.attributes.POSITION`, 'required for a collision mesh');
          return;
        }
        if (pos.getType() !== 'VEC3')
          v.fail(`${pp}.attributes.POSITION`, `must be VEC3, got ${pos.getType()}`);
        const base = vertices.length / 3;
        const count = pos.getCount();
        const el = [0, 0, 0];
        for (let k = 0; k < count; k++) {
          pos.getElement(k, el);
          for (let c = 0; c < 3; c++) {
            if (!Number.isFinite(el[c]!)) v.fail(`${pp}.attributes.POSITION`, `vertex ${k} is not finite`);
            vertices.push(el[c]!);
          }
        }
        const idx = prim.getIndices();
        if (idx) {
          const ic = idx.getCount();
          if (ic % 3 !== 0) v.fail(`${pp}.indices`, `${ic} indices, not a multiple of 3`);
          for (let k = 0; k < ic; k++) {
            const x = idx.getScalar(k);
            if (!Number.isInteger(x) || x < 0 || x >= count)
              v.fail(`${pp}.indices`, `index ${k} is ${x}, outside the ${count} vertices`);
            indices.push(base + x);
          }
        } else {
          if (count % 3 !== 0) v.fail(pp, `${count} vertices without indices, not a multiple of 3`);
          for (let k = 0; k < count; k++) indices.push(base + k);
        }
      });
      void at;
      return { vertices, indices };
    },
  };
}

/**
 * Reads a glTF physics file — `.glb` bytes, `.gltf` text or parsed JSON, with its external buffers
 * in `options.resources` — into the equivalent `rikigaku/rigid3d@1` scene (see the file comment).
 * Async because glTF-Transform's reader is; it is loaded on first use.
 */
export async function importGltfPhysics(
  input: GltfPhysicsInput,
  options: GltfImportOptions = {},
): Promise<GltfPhysicsImport> {
  let core: typeof import('@gltf-transform/core');
  try {
    core = await import('@gltf-transform/core');
  } catch {
    throw new PhysicsError(
      'not-found',
      "importGltfPhysics: needs the package '@gltf-transform/core' (npm install @gltf-transform/core)",
    );
  }
  const io = new core.WebIO();
  const jsonDoc = await readContainer(io, input, options.resources ?? {});
  const json = jsonDoc.json as unknown as Obj;
  checkContainer(json, jsonDoc.resources);
  const warnings: string[] = [];
  // glTF-Transform does not know the physics extensions: they must not be "required" for it
  // (nor any other: the import reads only nodes, meshes and accessors, not materials or lights)
  const forReader = structuredClone(json);
  if (Array.isArray(forReader.extensionsRequired)) {
    for (const e of forReader.extensionsRequired as unknown[])
      if (e !== KHR_IMPLICIT_SHAPES && e !== KHR_PHYSICS_RIGID_BODIES)
        warnings.push(
          `gltf.extensionsRequired: '${String(e)}' is not read (the physics import reads nodes, meshes and accessors)`,
        );
    delete forReader.extensionsRequired;
  }
  // glTF-Transform's own messages: unknown optional extensions are expected here and not reported
  io.setLogger({
    debug() {},
    info() {},
    warn(text: string) {
      if (!text.startsWith('Missing optional extension')) warnings.push(`gltf: ${text}`);
    },
    error(text: string) {
      warnings.push(`gltf: ${text}`);
    },
  });
  // the physics data is checked before glTF-Transform reads the rest
  const doc = parsePhysicsDocument(json);
  const nodeCount = v.array(json.nodes ?? [], 'gltf.nodes').length;
  const physics = ((json.nodes as unknown[] | undefined) ?? []).map((n, i) =>
    parseNodePhysics(v.object(n, `gltf.nodes[${i}]`, null), `gltf.nodes[${i}]`, doc, nodeCount),
  );
  let document: Document;
  try {
    document = await io.readJSON({
      json: forReader as unknown as JSONDocument['json'],
      resources: jsonDoc.resources,
    });
  } catch (e) {
    if (e instanceof PhysicsError) throw e;
    throw new PhysicsError('invalid-scene', `gltf: ${(e as Error).message}`);
  }
  return physicsScene(documentGraph(document, json), doc, physics, options, warnings);
}

/**
 * The synchronous import of a glTF JSON without buffers — implicit shapes only (a mesh collider
 * needs the accessors: use {@link importGltfPhysics}). Gives the same scene as the async import.
 */
export function importGltfPhysicsJson(json: unknown, options: GltfImportOptions = {}): GltfPhysicsImport {
  const o = typeof json === 'string' ? (parseJson(json) as unknown) : json;
  const j = v.object(o, 'gltf', null);
  const doc = parsePhysicsDocument(j);
  const nodes = v.array(j.nodes ?? [], 'gltf.nodes');
  const physics = nodes.map((n, i) =>
    parseNodePhysics(v.object(n, `gltf.nodes[${i}]`, null), `gltf.nodes[${i}]`, doc, nodes.length),
  );
  return physicsScene(jsonGraph(j), doc, physics, options, []);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new PhysicsError('invalid-scene', `gltf: not JSON (${(e as Error).message})`);
  }
}

/** The scene of a node graph and its physics (the common part of both imports). */
function physicsScene(
  graph: NodeGraph,
  doc: GltfPhysicsDocument,
  physics: (GltfNodePhysics | null)[],
  options: GltfImportOptions,
  warnings: string[],
): GltfPhysicsImport {
  const nodeName = (i: number) => {
    const n = graph.name(i);
    return n ? `gltf.nodes[${i}] '${n}'` : `gltf.nodes[${i}]`;
  };
  const warn = (i: number, what: string) => warnings.push(`${nodeName(i)}: ${what}`);
  const world = Array.from({ length: graph.count }, (_, i) => decompose(graph.world(i)));
  // --- materials and filters
  const materials: Record<string, { friction: number; restitution: number }> = {};
  const materialName = doc.materials.map((_, i) => `physicsMaterial${i}`);
  doc.materials.forEach((m, i) => {
    materials[materialName[i]!] = { friction: m.dynamicFriction, restitution: m.restitution };
  });
  const systems: string[] = ['(no filter)'];
  for (const f of doc.filters)
    for (const s of [
      ...f.collisionSystems,
      ...(f.collideWithSystems ?? []),
      ...(f.notCollideWithSystems ?? []),
    ])
      if (!systems.includes(s)) systems.push(s);
  if (systems.length > 32) {
    warnings.push(
      `gltf.extensions.${KHR_PHYSICS_RIGID_BODIES}.collisionFilters: ${systems.length - 1} collision systems, only the first 31 get a filter bit`,
    );
    systems.length = 32;
  }
  const bit = (s: string) => {
    const k = systems.indexOf(s);
    return k < 0 ? 0 : 2 ** k;
  };
  const all = systems.length >= 32 ? 0xffffffff : 2 ** systems.length - 1;
  const filterBits = doc.filters.map((f, i) => {
    let category = 0;
    for (const s of f.collisionSystems) category |= bit(s);
    if (f.collisionSystems.length === 0) category = 1;
    let mask = 0xffffffff;
    if (f.collideWithSystems) {
      mask = 1;
      for (const s of f.collideWithSystems) mask |= bit(s);
    } else if (f.notCollideWithSystems) {
      mask = all;
      for (const s of f.notCollideWithSystems) mask &= ~bit(s);
      mask |= 1;
    }
    if (f.collisionSystems.length > 1)
      warnings.push(
        `gltf.extensions.${KHR_PHYSICS_RIGID_BODIES}.collisionFilters[${i}]: several collision systems are matched by any of them (the extension asks for all)`,
      );
    return { categoryBits: category >>> 0, maskBits: mask >>> 0 };
  });

  const bodies: BodyJson[] = [];
  const bodyOfNode = new Map<number, number>();
  const usedMaterials = new Set<number>();

  /** Triangles of a geometry node's mesh and its children, in the geometry node's own frame. */
  const meshTriangles = (gi: number, at: string): { vertices: number[]; indices: number[] } => {
    const vertices: number[] = [];
    const indices: number[] = [];
    const visit = (ni: number, m: number[], depth: number) => {
      if (depth > graph.count) v.fail(at, 'the node hierarchy has a cycle');
      const mesh = graph.mesh(ni, at, (what) => warn(ni, what));
      if (mesh) {
        const base = vertices.length / 3;
        for (let k = 0; k < mesh.vertices.length; k += 3)
          vertices.push(...apply(m, mesh.vertices[k]!, mesh.vertices[k + 1]!, mesh.vertices[k + 2]!));
        for (const x of mesh.indices) indices.push(base + x);
      }
      for (const c of graph.children(ni)) visit(c, mul4(m, graph.local(c)), depth + 1);
    };
    visit(gi, IDENTITY, 0);
    if (indices.length === 0) v.fail(at, `node ${gi} has no triangle mesh (itself or below it)`);
    return { vertices, indices };
  };

  /** The shape of a geometry on a body of the given type, placed by `rel` (collider node → body frame). */
  const shapeOf = (
    g: GltfGeometry,
    rel: Placement,
    ni: number,
    at: string,
    bodyType: 'static' | 'kinematic' | 'dynamic',
  ): { shape: SceneShapeJson; volume: number } | null => {
    const s = rel.s;
    if (s[0] === 0 && s[1] === 0 && s[2] === 0) {
      warn(ni, 'its scale is zero: the collider is disabled');
      return null;
    }
    const place = { position: rel.t, orientation: rel.q };
    const even = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(a, b);
    if (g.shape !== undefined) {
      const sh = doc.shapes[g.shape]!;
      if (rel.shear)
        warn(ni, 'its transform has shear: the implicit shape is placed by rotation and scale only');
      const hullOf = (pts: number[]) => ({
        shape: { kind: 'hull', points: pts, ...place },
        volume: hullVolume(pts),
      });
      switch (sh.type) {
        case 'sphere': {
          if (even(s[0], s[1]) && even(s[0], s[2])) {
            const r = sh.radius * s[0];
            return { shape: { kind: 'sphere', radius: r, ...place }, volume: (4 / 3) * Math.PI * r * r * r };
          }
          warn(ni, 'a sphere scaled unevenly is approximated by a convex hull');
          const pts: number[] = [];
          for (let a = 0; a <= 8; a++)
            for (let b = 0; b < 16; b++) {
              const th = (Math.PI * a) / 8;
              const ph = (2 * Math.PI * b) / 16;
              pts.push(
                sh.radius * Math.sin(th) * Math.cos(ph) * s[0],
                sh.radius * Math.cos(th) * s[1],
                sh.radius * Math.sin(th) * Math.sin(ph) * s[2],
              );
            }
          return hullOf(pts);
        }
        case 'box': {
          const h: V3 = [0.5 * sh.size[0] * s[0], 0.5 * sh.size[1] * s[1], 0.5 * sh.size[2] * s[2]];
          return { shape: { kind: 'box', halfExtents: h, ...place }, volume: 8 * h[0] * h[1] * h[2] };
        }
        case 'capsule':
        case 'cylinder': {
          if (sh.radiusTop === sh.radiusBottom && even(s[0], s[2])) {
            const r = sh.radiusTop * s[0];
            const hh = 0.5 * sh.height * s[1];
            const vol =
              sh.type === 'capsule'
                ? Math.PI * r * r * 2 * hh + (4 / 3) * Math.PI * r * r * r
                : Math.PI * r * r * 2 * hh;
            return { shape: { kind: sh.type, halfHeight: hh, radius: r, ...place }, volume: vol };
          }
          warn(ni, `a tapered or unevenly scaled ${sh.type} is approximated by a convex hull`);
          return hullOf(taperedPoints(sh.type, sh.height, sh.radiusTop, sh.radiusBottom, s));
        }
        case 'plane': {
          if (bodyType === 'dynamic') {
            warn(ni, 'a plane cannot be part of a dynamic body: left out');
            return null;
          }
          const hx = sh.sizeX !== undefined ? 0.5 * sh.sizeX * s[0] : 1000;
          const hz = sh.sizeZ !== undefined ? 0.5 * sh.sizeZ * s[2] : 1000;
          const off = rotate(rel.q, [0, -0.5, 0]);
          if (sh.doubleSided) warn(ni, 'a double-sided plane is approximated by a box 1 m thick under it');
          return {
            shape: {
              kind: 'box',
              halfExtents: [hx, 0.5, hz],
              position: [rel.t[0] + off[0], rel.t[1] + off[1], rel.t[2] + off[2]],
              orientation: rel.q,
            },
            volume: 0,
          };
        }
      }
    }
    const { vertices, indices } = meshTriangles(g.node!, `${at}.node`);
    const pts: number[] = [];
    for (let k = 0; k < vertices.length; k += 3)
      pts.push(...apply(rel.m, vertices[k]!, vertices[k + 1]!, vertices[k + 2]!));
    if (g.convexHull || bodyType === 'dynamic') {
      if (!g.convexHull) warn(ni, 'a triangle mesh on a dynamic body is replaced by its convex hull');
      return { shape: { kind: 'hull', points: pts }, volume: hullVolume(pts) };
    }
    return { shape: { kind: 'mesh', vertices: pts, indices }, volume: 0 };
  };

  const addShape = (bodyIndex: number, ni: number, p: GltfNodePhysics) => {
    const body = bodies[bodyIndex]!;
    const w = world[ni]!;
    const rel = decompose(mul4(invRigid(body.place.t, body.place.q), w.m));
    const type = (body.json.type as 'static' | 'kinematic' | 'dynamic') ?? 'dynamic';
    const base = `gltf.nodes[${ni}].extensions.${KHR_PHYSICS_RIGID_BODIES}`;
    if (p.collider) {
      const r = shapeOf(p.collider.geometry, rel, ni, `${base}.collider.geometry`, type);
      if (r) {
        const c = p.collider;
        if (c.physicsMaterial !== undefined) {
          r.shape.material = materialName[c.physicsMaterial];
          usedMaterials.add(c.physicsMaterial);
        }
        if (c.collisionFilter !== undefined) r.shape.filter = { ...filterBits[c.collisionFilter]! };
        r.shape.name = `node${ni}`;
        body.shapes.push(r.shape);
        body.volumes.push(r.volume);
      }
    }
    if (p.trigger?.geometry) {
      const r = shapeOf(p.trigger.geometry, rel, ni, `${base}.trigger.geometry`, type);
      if (r) {
        r.shape.isSensor = true;
        r.shape.density = 0;
        if (p.trigger.collisionFilter !== undefined)
          r.shape.filter = { ...filterBits[p.trigger.collisionFilter]! };
        r.shape.name = `node${ni}.trigger`;
        body.shapes.push(r.shape);
        body.volumes.push(0);
      }
    }
  };

  const newBody = (ni: number, type: 'static' | 'kinematic' | 'dynamic'): number => {
    const w = world[ni]!;
    const name = graph.name(ni);
    bodies.push({
      node: ni,
      json: { name: name ? `${name}#${ni}` : `node${ni}`, type, position: w.t, orientation: w.q },
      shapes: [],
      volumes: [],
      place: { t: w.t, q: w.q },
    });
    bodyOfNode.set(ni, bodies.length - 1);
    return bodies.length - 1;
  };

  const visit = (ni: number, owner: number, depth: number) => {
    if (depth > graph.count) v.fail(`gltf.nodes[${ni}]`, 'the node hierarchy has a cycle');
    const p = physics[ni];
    let here = owner;
    if (p?.motion) {
      const m = p.motion;
      const kinematic = m.isKinematic || m.mass === 0;
      here = newBody(ni, kinematic ? 'kinematic' : 'dynamic');
      const b = bodies[here]!;
      const q = world[ni]!.q;
      b.json.linearVelocity = rotate(q, m.linearVelocity);
      b.json.angularVelocity = rotate(q, m.angularVelocity);
      if (m.gravityFactor !== 1) b.json.gravityScale = m.gravityFactor;
      if (m.mass !== undefined && m.mass > 0) b.mass = m.mass;
      if (m.inertiaDiagonal !== undefined)
        warn(
          ni,
          'motion.inertiaDiagonal is not applied: the inertia comes from the shapes at uniform density',
        );
      if (m.inertiaOrientation !== undefined)
        warn(ni, 'motion.inertiaOrientation is not applied (see inertiaDiagonal)');
      if (m.centerOfMass !== undefined)
        warn(
          ni,
          'motion.centerOfMass is not applied: the centre of mass comes from the shapes at uniform density',
        );
      if (graph.animated.has(ni)) warn(ni, 'its animation is not applied to the body');
    }
    if (p && (p.collider || p.trigger?.geometry)) {
      if (here < 0) here = bodyOfNode.get(ni) ?? newBody(ni, 'static');
      addShape(here, ni, p);
      if (here !== owner && !p.motion && graph.animated.has(ni))
        warn(ni, 'its animation is not applied to the static collider');
    }
    for (const c of graph.children(ni)) visit(c, p?.motion ? here : owner, depth + 1);
  };
  for (const r of graph.roots) visit(r, -1, 0);

  // mass by density
  for (const b of bodies) {
    const total = b.volumes.reduce((s, x) => s + x, 0);
    if (b.mass !== undefined) {
      if (!(total > 0)) {
        warn(b.node, `motion.mass ${b.mass} cannot be met: the body has no solid collider`);
        continue;
      }
      const density = b.mass / total;
      b.shapes.forEach((s, k) => {
        if (b.volumes[k]! > 0) s.density = density;
      });
    }
    if (b.shapes.length === 0 && b.json.type === 'dynamic')
      warn(b.node, 'a motion without colliders: a body without shapes');
  }

  // friction and restitution combine modes
  const used = [...usedMaterials].map((i) => doc.materials[i]!);
  const spread = (xs: number[]) => xs.length > 0 && Math.max(...xs) !== Math.min(...xs);
  const frictionMatters = spread(used.map((m) => m.dynamicFriction));
  const restitutionMatters = spread(used.map((m) => m.restitution));
  for (const i of usedMaterials) {
    const m = doc.materials[i]!;
    const p = `gltf.extensions.${KHR_PHYSICS_RIGID_BODIES}.physicsMaterials[${i}]`;
    if (m.staticFriction !== m.dynamicFriction)
      warnings.push(
        `${p}: one friction coefficient per material: the dynamic ${m.dynamicFriction} is used, the static ${m.staticFriction} is not`,
      );
    if (frictionMatters && m.frictionCombine !== undefined)
      warnings.push(
        `${p}: frictionCombine '${m.frictionCombine}' is replaced by the engine's geometric mean √(μA μB)`,
      );
    if (restitutionMatters && m.restitutionCombine !== undefined && m.restitutionCombine !== 'maximum')
      warnings.push(
        `${p}: restitutionCombine '${m.restitutionCombine}' is replaced by the engine's max(eA, eB)`,
      );
  }

  // joints
  const ownerBody = (ni: number): number => {
    for (let k = ni, d = 0; k >= 0 && d <= graph.count; k = graph.parent(k), d++) {
      if (physics[k]?.motion) return bodyOfNode.get(k) ?? -1;
    }
    return -1;
  };
  const frameIn = (ni: number, body: number) => {
    const w = world[ni]!;
    if (body < 0) return { position: w.t, orientation: w.q };
    const b = bodies[body]!.place;
    const qi = conj(b.q);
    const d = rotate(qi, [w.t[0] - b.t[0], w.t[1] - b.t[1], w.t[2] - b.t[2]]);
    return { position: d, orientation: qmul(qi, w.q) };
  };
  const joints: GltfJoint3[] = [];
  physics.forEach((p, ni) => {
    if (!p?.joint) return;
    const a = ownerBody(ni);
    const b = ownerBody(p.joint.connectedNode);
    if (a < 0 && b < 0) warn(ni, 'a joint between two nodes without motion has no effect');
    joints.push({
      node: ni,
      connectedNode: p.joint.connectedNode,
      bodyA: a,
      bodyB: b,
      frameA: frameIn(ni, a),
      frameB: frameIn(p.joint.connectedNode, b),
      description: doc.joints[p.joint.joint]!,
      enableCollision: p.joint.enableCollision,
    });
  });

  const sceneJson = {
    format: RIGID3D_FORMAT,
    title: options.title ?? (graph.sceneName || 'glTF scene'),
    description: 'Imported from glTF (KHR_physics_rigid_bodies, KHR_implicit_shapes).',
    dt: options.dt ?? 1 / 60,
    gravity: options.gravity ?? [0, -10, 0],
    materials,
    bodies: bodies.map((b) => ({ ...b.json, shapes: b.shapes })),
  };
  const scene = parseRigid3dScene(sceneJson, 'gltf(as scene)');
  return { scene, bodyNodes: bodies.map((b) => b.node), joints, collisionSystems: systems, warnings };
}
