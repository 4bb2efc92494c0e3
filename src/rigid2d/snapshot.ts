/**
 * Snapshots and the state hash of the rigid2d `World` (determinism and rollback, textbook §26.5).
 * The full snapshot holds every store the step reads from one step to the next: the bodies (pose,
 * velocity, forces, mass, bullet flags, sleep timers, the step's displacement, slots with
 * generations and the free list), the shapes (material, filter, fat and tight boxes, proxies), the
 * joints (definition numbers, accumulated impulses for the warm start, reactions, break thresholds,
 * slots; a broken joint is a freed slot), the persistent contacts (manifold points, feature ids,
 * accumulated normal and tangent impulses, the poses and anchors the recycling compares against),
 * both edge lists, the persistent islands, the three broadphase trees (static, kinematic, dynamic:
 * nodes, free list, move buffer,
 * pairs), the settings that change the step (gravity, solver settings, sleep, continuous
 * collision, the tunables), the clock and the step count — so that a restored world continues
 * bit-identically, in the same world or in a new one built the same way.
 * Each store's fields are declared once below; the declarations drive the snapshot, its checks
 * on load and the state hash, and a test fails when a store gains a typed array that is declared
 * neither state nor scratch.
 *
 * Not in the snapshot: the shapes' geometry objects (restore into a world built with the same
 * shapes: every live shape's kind, vertex count and radius are checked), user data, the solver's
 * trace callback, the last step's events (a restore clears them) and timings, and the world's handle tag (a restored world
 * keeps its own, so its handles are `world.bodyId(slot)`; in the same world old handles stay valid).
 * Contacts are saved for the slots in use only: a new contact starts from zeros (contact-store.ts),
 * so a slot's history beyond the count is no part of the state.
 *
 * The dynamic-state snapshot ({@link rigid2dDynamicSnapshot}) is the small one for rollback: per
 * live body its centre of mass (2 doubles), rotation (cos, sin: 2), velocity (2), angular velocity
 * (1) and sleep timer with the awake flag in its sign bit (1): 64 bytes per body, exactly, plus
 * 4 bytes per free slot below the highest live one and a fixed container (under 200 bytes).
 */
import { PhysicsError } from '../core/errors.js';
import { StateHasher } from '../core/hash.js';
import {
  applyStore,
  checkStore,
  hashStore,
  readSnapshot,
  type Snapshot,
  SnapshotWriter,
  type StoreFields,
  writeStore,
} from '../core/snapshot.js';
import {
  EDGE_BODY_FIELDS,
  EDGE_FIELDS,
  ISLAND_BODY_FIELDS,
  ISLAND_FIELDS,
  SLOT_SCALARS,
  TREE_BUFFER_FIELDS,
  treeFields,
} from '../dynamics/snapshot-fields.js';
import type { PositionCorrection, ResolvedSolverSettings } from '../dynamics/solver-settings.js';
import { COLOR_SET_FIELDS } from './constraint-graph.js';
import { updateBodyBoxes } from './shape.js';
import type { World } from './world.js';

/** The world kind written in full rigid2d snapshots. */
export const RIGID2D_SNAPSHOT_KIND = 'rigid2d';
/** The world kind written in rigid2d dynamic-state (rollback) snapshots. */
export const RIGID2D_DYNAMIC_KIND = 'rigid2d.dynamic';

/** The body store's state. */
export const BODY2_FIELDS: StoreFields = {
  capacity: 'capacity',
  used: 'count',
  scalars: SLOT_SCALARS,
  lists: ['freeList'],
  arrays: [
    ['alive', 1],
    ['generation', 1],
    ['type', 1],
    ['awake', 1],
    ['fixedRotation', 1],
    ['sleepEnabled', 1],
    ['bullet', 1],
    ['cx', 1],
    ['cy', 1],
    ['qc', 1],
    ['qs', 1],
    ['lcx', 1],
    ['lcy', 1],
    ['vx', 1],
    ['vy', 1],
    ['w', 1],
    ['fx', 1],
    ['fy', 1],
    ['torque', 1],
    ['mass', 1],
    ['invMass', 1],
    ['inertia', 1],
    ['invI', 1],
    ['linearDamping', 1],
    ['angularDamping', 1],
    ['gravityScale', 1],
    ['maxExtent', 1],
    ['minExtent', 1],
    ['sleepTime', 1],
    ['dpx', 1],
    ['dpy', 1],
    ['dqc', 1],
    ['dqs', 1],
    ['firstShape', 1],
    ['shapeCount', 1],
  ],
};

/** The shape store's state (the geometry objects are configuration, see the file comment). */
export const SHAPE2_FIELDS: StoreFields = {
  capacity: 'capacity',
  used: 'count',
  scalars: [...SLOT_SCALARS, 'fixedCount'],
  lists: ['freeList'],
  arrays: [
    ['alive', 1],
    ['generation', 1],
    ['body', 1],
    ['next', 1],
    ['kind', 1],
    ['density', 1],
    ['friction', 1],
    ['restitution', 1],
    ['sensor', 1],
    ['events', 1],
    ['category', 1],
    ['mask', 1],
    ['group', 1],
    ['fat', 4],
    ['aabb', 4],
    ['proxy', 1],
  ],
  // the packed copies of each shape's vertices and normals and its box flag: derived from its geometry, which a restore keeps
  scratch: ['verts', 'norms', 'box'],
};

/** The joint store's state: kinds, bodies, definitions, warm-start impulses, reactions, break thresholds. */
export const JOINT2_FIELDS: StoreFields = {
  capacity: 'capacity',
  used: 'count',
  scalars: [...SLOT_SCALARS, 'live'],
  lists: ['freeList'],
  arrays: [
    ['alive', 1],
    ['generation', 1],
    ['kind', 1],
    ['bodyA', 1],
    ['bodyB', 1],
    ['collideConnected', 1],
    ['breakForce', 1],
    ['breakTorque', 1],
    ['param', 24],
    ['impulse', 8],
    ['forceX', 1],
    ['forceY', 1],
    ['torque', 1],
  ],
};

/** The contact store's state, for the slots in use (see the file comment): manifolds, feature ids, impulses, recycling poses. */
export const CONTACT2_FIELDS: StoreFields = {
  capacity: 'capacity',
  used: 'count',
  scalars: [...SLOT_SCALARS, 'recycled'],
  arrays: [
    ['shapeA', 1],
    ['shapeB', 1],
    ['bodyA', 1],
    ['bodyB', 1],
    ['flags', 1],
    ['pointCount', 1],
    ['nx', 1],
    ['ny', 1],
    ['friction', 1],
    ['restitution', 1],
    ['pose', 8],
    ['recycleValid', 1],
    ['px', 2],
    ['py', 2],
    ['qx', 2],
    ['qy', 2],
    ['separation', 2],
    ['normalImpulse', 2],
    ['tangentImpulse', 2],
    ['id', 2],
    ['anchor0', 10],
  ],
};

/** The world's own state: clock, step count, gravity, flags and tunables. */
export const WORLD2_FIELDS: StoreFields = {
  scalars: [
    'time',
    'stepCount',
    'kinematicCount',
    'gravityX',
    'gravityY',
    'enableSleep',
    'continuous',
    'sleepTimeField',
    'sleepToleranceField',
    'hitThresholdField',
    'speculativeField',
    'marginField',
  ],
  arrays: [],
};

/** The last step's figures (the sleep stage reads the awake count). */
export const LAST_STEP2_FIELDS: StoreFields = {
  scalars: ['pairTests', 'activeContacts', 'awakeBodies', 'newPairs'],
  arrays: [],
};

/** The solver settings that change the step (numbers and flags; the mode is saved as its index). */
export const SOLVER2_FIELDS: StoreFields = {
  scalars: [
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
    'jointHertz',
    'jointDampingRatio',
    'staticContactsLast',
    'recycleDistance',
  ],
  arrays: [],
};

/**
 * The narrowphase's manifold: scratch in the physics, but a collider that finds no points leaves
 * the previous pair's normal in it, and that normal is copied into the (pointless) contact, so its
 * bits are part of the exact state.
 */
export const MANIFOLD2_FIELDS: StoreFields = {
  scalars: ['pointCount', 'normalX', 'normalY', 'flip', 'referenceEdge', 'incidentEdge'],
  arrays: [
    ['px', 1],
    ['py', 1],
    ['ix', 1],
    ['iy', 1],
    ['separation', 1],
    ['id', 1],
  ],
};

const MODES: readonly PositionCorrection[] = ['soft-step', 'baumgarte', 'split-impulse', 'none'];

/** The 2D broadphase tree's nodes. */
export const TREE2_FIELDS: StoreFields = treeFields(2);

type Part = readonly [string, (w: World) => object, StoreFields];

/** Every store of the world with its declaration, in snapshot order (the solver settings are written apart). */
export const WORLD2_PARTS: readonly Part[] = [
  ['world', (w) => w, WORLD2_FIELDS],
  ['lastStep', (w) => w.lastStep, LAST_STEP2_FIELDS],
  ['bodies', (w) => w.bodies, BODY2_FIELDS],
  ['shapes', (w) => w.shapes, SHAPE2_FIELDS],
  ['joints', (w) => w.joints, JOINT2_FIELDS],
  ['joints.edges.body', (w) => w.joints.edges, EDGE_BODY_FIELDS],
  ['joints.edges', (w) => w.joints.edges, EDGE_FIELDS],
  ['contacts', (w) => w.contactStore, CONTACT2_FIELDS],
  ['contacts.edges.body', (w) => w.contactStore.edges, EDGE_BODY_FIELDS],
  ['contacts.edges', (w) => w.contactStore.edges, EDGE_FIELDS],
  ['islands', (w) => w.islands, ISLAND_FIELDS],
  ['islands.body', (w) => w.islands, ISLAND_BODY_FIELDS],
  ['tree', (w) => w.broadphase.trees[0], TREE2_FIELDS],
  ['tree.buffers', (w) => w.broadphase.trees[0], TREE_BUFFER_FIELDS],
  ['tree.kinematic', (w) => w.broadphase.trees[1], TREE2_FIELDS],
  ['tree.kinematic.buffers', (w) => w.broadphase.trees[1], TREE_BUFFER_FIELDS],
  ['tree.dynamic', (w) => w.broadphase.trees[2], TREE2_FIELDS],
  ['tree.dynamic.buffers', (w) => w.broadphase.trees[2], TREE_BUFFER_FIELDS],
  ['manifold', (w) => w.manifold, MANIFOLD2_FIELDS],
];

function bad(message: string): never {
  throw new PhysicsError('invalid-argument', `snapshot: ${message}`);
}

/** The full state of `world` as snapshot bytes. */
export function rigid2dSnapshot(world: World): Uint8Array {
  const w = new SnapshotWriter(RIGID2D_SNAPSHOT_KIND);
  for (const [name, get, decl] of WORLD2_PARTS) writeStore(w, name, get(world), decl);
  writeStore(w, 'solver', world.solver, SOLVER2_FIELDS);
  w.scalar('solver.mode', MODES.indexOf(world.solver.positionCorrection));
  w.array('shapes.geometry', shapeGeometryKey(world));
  // a world solving in colour order (workerCount ≥ 1) keeps its constraint colours
  if (world.scratch.colored) {
    writeStore(w, 'graph.contacts', world.scratch.graph.contacts, COLOR_SET_FIELDS);
    writeStore(w, 'graph.joints', world.scratch.graph.joints, COLOR_SET_FIELDS);
  }
  return w.finish();
}

/** Per used shape slot: its geometry's vertex count and radius (0, 0 for a free slot). */
function shapeGeometryKey(world: World): Float64Array {
  const sh = world.shapes;
  const out = new Float64Array(2 * sh.count);
  for (let i = 0; i < sh.count; i++) {
    const g = sh.geom[i];
    if (sh.alive[i] !== 1 || g === undefined) continue;
    out[2 * i] = g.count;
    out[2 * i + 1] = g.radius;
  }
  return out;
}

/** Checks that the snapshot's live shapes have the same geometry kind, vertex count and radius here. */
function checkShapes(s: Snapshot, world: World): void {
  const sh = world.shapes;
  const count = s.int('shapes.count', 0, s.int('shapes.capacity', 0, 1 << 26));
  const alive = s.get('shapes.alive', sh.alive);
  const kind = s.get('shapes.kind', sh.kind);
  const key = s.get('shapes.geometry', new Float64Array(0), 2 * count);
  for (let i = 0; i < count; i++) {
    if (alive[i] !== 1) continue;
    const g = sh.geom[i];
    if (
      g === undefined ||
      i >= sh.count ||
      sh.alive[i] !== 1 ||
      sh.kind[i] !== kind[i] ||
      g.count !== key[2 * i] ||
      g.radius !== key[2 * i + 1]
    ) {
      bad(
        `shape slot ${i} has no geometry of kind ${kind[i]} with ${key[2 * i]} vertices and radius ${key[2 * i + 1]} in this world (restore into a world built with the same shapes)`,
      );
    }
  }
}

/** Restores `world` from `bytes` (every check first: a bad snapshot throws and leaves the world as it was). */
export function rigid2dRestore(world: World, bytes: Uint8Array): void {
  const s = readSnapshot(bytes, RIGID2D_SNAPSHOT_KIND);
  for (const [name, get, decl] of WORLD2_PARTS) checkStore(s, name, get(world), decl);
  checkStore(s, 'solver', world.solver, SOLVER2_FIELDS);
  const mode = s.int('solver.mode', 0, MODES.length - 1);
  const bodyCap = s.int('bodies.capacity', 0, 1 << 26);
  s.int('bodies.count', 0, bodyCap);
  s.int('joints.count', 0, s.int('joints.capacity', 0, 1 << 26));
  s.int('contacts.count', 0, s.int('contacts.capacity', 0, 1 << 26));
  checkShapes(s, world);
  for (const [name, get, decl] of WORLD2_PARTS) applyStore(s, name, get(world), decl);
  const solver = { ...world.solver } as ResolvedSolverSettings;
  applyStore(s, 'solver', solver, SOLVER2_FIELDS);
  solver.positionCorrection = MODES[mode]!;
  world.solver = solver;
  const graph = world.scratch.graph;
  if (s.sections.has('graph.contacts.capacity')) {
    applyStore(s, 'graph.contacts', graph.contacts, COLOR_SET_FIELDS);
    applyStore(s, 'graph.joints', graph.joints, COLOR_SET_FIELDS);
  } else graph.clear();
  world.taggedSpeculative[0] = world.speculativeDistance;
  world.broadphase.margin = world.aabbMargin;
  // the last step's events belong to the timeline left behind
  world.stepEvents.clear();
}

const hasher = new StateHasher();

/** The 64-bit hash (16 hex digits) of the state a full snapshot holds. */
export function rigid2dStateHash(world: World): string {
  hasher.reset();
  for (const [, get, decl] of WORLD2_PARTS) hashStore(hasher, get(world), decl);
  hashStore(hasher, world.solver, SOLVER2_FIELDS);
  hasher.addInt(MODES.indexOf(world.solver.positionCorrection));
  return hasher.digest();
}

/** Doubles per body in the dynamic-state snapshot. */
const DYN = 8;

/**
 * The dynamic state for rollback: per live body slot (in slot order) its centre of mass, rotation
 * (cos, sin), velocity, angular velocity and sleep timer, the timer negated (−0 for 0) when the body
 * sleeps — 8 doubles, 64 bytes; the free slots below the highest live one are listed once.
 */
export function rigid2dDynamicSnapshot(world: World): Uint8Array {
  const b = world.bodies;
  const count = b.count;
  let live = 0;
  for (let i = 0; i < count; i++) live += b.alive[i]!;
  const holes = new Int32Array(count - live);
  const d = new Float64Array(DYN * live);
  const cx = b.cx;
  const cy = b.cy;
  const qc = b.qc;
  const qs = b.qs;
  const vx = b.vx;
  const vy = b.vy;
  const w = b.w;
  const sleep = b.sleepTime;
  const awake = b.awake;
  const alive = b.alive;
  let o = 0;
  let h = 0;
  for (let i = 0; i < count; i++) {
    if (alive[i] !== 1) {
      holes[h++] = i;
      continue;
    }
    d[o] = cx[i]!;
    d[o + 1] = cy[i]!;
    d[o + 2] = qc[i]!;
    d[o + 3] = qs[i]!;
    d[o + 4] = vx[i]!;
    d[o + 5] = vy[i]!;
    d[o + 6] = w[i]!;
    d[o + 7] = awake[i] === 1 ? sleep[i]! : -sleep[i]!;
    o += DYN;
  }
  const sw = new SnapshotWriter(RIGID2D_DYNAMIC_KIND);
  sw.scalar('stepCount', world.stepCount).scalar('time', world.time).scalar('count', count);
  return sw.array('state', d).array('holes', holes).finish();
}

/**
 * Writes a dynamic-state snapshot back: poses, velocities, sleep timers and awake flags (the same
 * body slots must be alive); the shapes' boxes and broadphase proxies follow the poses. Contacts,
 * joints, islands and the tree keep their current state, so the continuation equals the original
 * run exactly only when those are as they were (e.g. a correction at the same tick); across
 * several ticks it is close, not bit-identical (use the full snapshot for that).
 */
export function rigid2dDynamicRestore(world: World, bytes: Uint8Array): void {
  const s = readSnapshot(bytes, RIGID2D_DYNAMIC_KIND);
  const b = world.bodies;
  const count = s.int('count', 0, 1 << 26);
  if (count !== b.count) bad(`${count} body slots, this world has ${b.count}`);
  const holes = s.get('holes', new Int32Array(0));
  const live = count - holes.length;
  const d = s.get('state', new Float64Array(0), DYN * live);
  let h = 0;
  for (let i = 0; i < count; i++) {
    const hole = h < holes.length && holes[h] === i;
    if (hole) h++;
    if ((b.alive[i] === 1) === hole) bad(`body slot ${i} is ${hole ? 'alive' : 'not alive'} in this world`);
  }
  if (h !== holes.length) bad('free slots out of order');
  for (let k = 0; k < d.length; k++) if (!Number.isFinite(d[k]!)) bad(`state[${k}] is not finite`);
  const stepCount = s.int('stepCount', 0, Number.MAX_SAFE_INTEGER);
  const time = s.scalar('time');
  const cx = b.cx;
  const cy = b.cy;
  const qc = b.qc;
  const qs = b.qs;
  const vx = b.vx;
  const vy = b.vy;
  const w = b.w;
  const sleep = b.sleepTime;
  const awake = b.awake;
  let o = 0;
  for (let i = 0; i < count; i++) {
    if (b.alive[i] !== 1) continue;
    cx[i] = d[o]!;
    cy[i] = d[o + 1]!;
    qc[i] = d[o + 2]!;
    qs[i] = d[o + 3]!;
    vx[i] = d[o + 4]!;
    vy[i] = d[o + 5]!;
    w[i] = d[o + 6]!;
    const t = d[o + 7]!;
    const asleep = t < 0 || (t === 0 && 1 / t < 0);
    sleep[i] = asleep ? -t : t;
    awake[i] = asleep ? 0 : 1;
    o += DYN;
    updateBodyBoxes(world, i, false);
  }
  world.stepCount = stepCount;
  world.time = time;
}
