/**
 * Snapshots and the state hash of `World3` (determinism and rollback, textbook §26.5). The full
 * snapshot holds every store the step reads from one step to the next: the bodies (pose, velocity,
 * forces, mass, sleep timers, slots with generations and the free list), the shapes (placement,
 * material, filter, fat and tight boxes, proxies), the persistent contacts (manifold points, feature
 * ids, accumulated normal, friction, rolling and torsional impulses for the warm start, and each
 * body's contact list), the persistent islands, the broadphase tree (nodes, free list, move buffer,
 * pairs), the clock and the step count, so that a restored world continues bit-identically.
 * Each store's fields are declared once below; the declarations drive the snapshot, its checks
 * on load and the state hash, and a test fails when a store gains a typed array that is declared
 * neither state nor scratch.
 *
 * Not in the snapshot: the shapes' geometry objects (hulls, meshes: restore into a world built with
 * the same shapes — every live shape's kind is checked), user data, settings and solver scratch.
 * Contacts are saved for the slots in use: a new contact starts from zeros (contact-store.ts), so a
 * slot's history beyond the count is no part of the state.
 *
 * The dynamic-state snapshot ({@link rigid3dDynamicSnapshot}) is the small one for rollback: per
 * live body its centre of mass (3 doubles), quaternion (4), velocity (3), angular velocity (3) and
 * sleep timer with the awake flag in its sign bit (1): 112 bytes per body, plus 4 bytes per free
 * slot and the container (under 200 bytes). The 13 doubles of pose and velocity (104 bytes) are
 * the floor of an exact representation: a unit quaternion's fourth component recomputed from the
 * other three is not bit-exact, nor is a float32 of any of them.
 */
import { PhysicsError } from '../core/errors.js';
import { StateHasher } from '../core/hash.js';
import {
  applyStore,
  checkStore,
  hashStore,
  readSnapshot,
  SnapshotWriter,
  type StoreFields,
  writeStore,
} from '../core/snapshot.js';
import {
  EDGE_BODY_FIELDS as SHARED_EDGE_BODY_FIELDS,
  EDGE_FIELDS as SHARED_EDGE_FIELDS,
  ISLAND_BODY_FIELDS as SHARED_ISLAND_BODY_FIELDS,
  ISLAND_FIELDS as SHARED_ISLAND_FIELDS,
  TREE_BUFFER_FIELDS as SHARED_TREE_BUFFER_FIELDS,
  SLOT_SCALARS,
  treeFields,
} from '../dynamics/snapshot-fields.js';
import { updateWorldInertia } from './inertia.js';
import { JOINT3_EDGE_BODY_FIELDS, JOINT3_EDGE_FIELDS, JOINT3_FIELDS } from './joints/joint-store.js';
import { updateBodyBoxes3 } from './shape.js';
import type { World3 } from './world.js';

/** The world kind written in full rigid3d snapshots. */
export const RIGID3D_SNAPSHOT_KIND = 'rigid3d';
/** The world kind written in rigid3d dynamic-state (rollback) snapshots. */
export const RIGID3D_DYNAMIC_KIND = 'rigid3d.dynamic';

/** The body store's state. */
export const BODY_FIELDS: StoreFields = {
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
    ['cx', 1],
    ['cy', 1],
    ['cz', 1],
    ['qx', 1],
    ['qy', 1],
    ['qz', 1],
    ['qw', 1],
    ['lcx', 1],
    ['lcy', 1],
    ['lcz', 1],
    ['vx', 1],
    ['vy', 1],
    ['vz', 1],
    ['wx', 1],
    ['wy', 1],
    ['wz', 1],
    ['fx', 1],
    ['fy', 1],
    ['fz', 1],
    ['tx', 1],
    ['ty', 1],
    ['tz', 1],
    ['mass', 1],
    ['invMass', 1],
    ['inertia', 6],
    ['invInertia', 6],
    ['invInertiaWorld', 6],
    ['linearDamping', 1],
    ['angularDamping', 1],
    ['gravityScale', 1],
    ['maxExtent', 1],
    ['sleepTime', 1],
    ['firstShape', 1],
    ['shapeCount', 1],
  ],
  // a body setting chosen at creation, like the geometry: kept by the world restored into
  scratch: ['bullet'],
};

/** The shape store's state (the geometry objects are configuration, see the file comment). */
export const SHAPE_FIELDS: StoreFields = {
  capacity: 'capacity',
  used: 'count',
  scalars: SLOT_SCALARS,
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
    ['rolling', 1],
    ['torsion', 1],
    ['sensor', 1],
    ['events', 1],
    ['category', 1],
    ['mask', 1],
    ['group', 1],
    ['local', 7],
    ['fat', 6],
    ['aabb', 6],
    ['proxy', 1],
  ],
};

/**
 * The contact store's state: manifolds, feature ids and accumulated impulses, for the slots in use
 * [0, count) (a new contact's slot is written in full before it is read; the normal a pointless
 * contact inherits comes from the manifold, {@link MANIFOLD3_FIELDS}).
 */
export const CONTACT_FIELDS: StoreFields = {
  capacity: 'capacity',
  used: 'count',
  scalars: SLOT_SCALARS,
  arrays: [
    ['shapeA', 1],
    ['shapeB', 1],
    ['bodyA', 1],
    ['bodyB', 1],
    ['flags', 1],
    ['pointCount', 1],
    ['nx', 1],
    ['ny', 1],
    ['nz', 1],
    ['friction', 1],
    ['restitution', 1],
    ['rolling', 1],
    ['torsion', 1],
    ['angularImpulse', 3],
    ['px', 4],
    ['py', 4],
    ['pz', 4],
    ['separation', 4],
    ['normalImpulse', 4],
    ['tangentImpulse1', 4],
    ['tangentImpulse2', 4],
    ['id', 4],
  ],
};

/** The per-body part of the contacts' edge lists (shared with rigid2d: dynamics/snapshot-fields.ts). */
export const EDGE_BODY_FIELDS: StoreFields = SHARED_EDGE_BODY_FIELDS;
/** The per-edge part of the contacts' edge lists (two edges per contact slot). */
export const EDGE_FIELDS: StoreFields = SHARED_EDGE_FIELDS;
/** The persistent islands, per island. */
export const ISLAND_FIELDS: StoreFields = SHARED_ISLAND_FIELDS;
/** The persistent islands, per body (the flood-fill buffers too: they are sized with the bodies). */
export const ISLAND_BODY_FIELDS: StoreFields = SHARED_ISLAND_BODY_FIELDS;
/** The broadphase tree's nodes (3D: 6 bounds per node). */
export const TREE_FIELDS: StoreFields = treeFields(3);
/** The broadphase tree's buffers of any length: proxies moved since the last pair update, and the pairs. */
export const TREE_BUFFER_FIELDS: StoreFields = SHARED_TREE_BUFFER_FIELDS;

/**
 * The narrowphase's manifold: scratch in the physics, but a collider that finds no points leaves
 * the previous pair's normal in it, and that normal is copied into the (pointless) contact, so its
 * bits are part of the exact state.
 */
export const MANIFOLD3_FIELDS: StoreFields = {
  scalars: ['pointCount', 'normalX', 'normalY', 'normalZ'],
  arrays: [
    ['px', 1],
    ['py', 1],
    ['pz', 1],
    ['separation', 1],
    ['id', 1],
  ],
};

/** The world's own state. */
export const WORLD3_FIELDS: StoreFields = {
  scalars: ['time', 'stepCount', 'kinematicCount', 'enableSleep'],
  arrays: [['gravity', 1]],
  scratch: [
    'collideXf',
    'shapeXf',
    'shapeXfStamp',
    'collideTick',
    'scratchXf',
    'scratchDisp',
    'keepImpulses',
    'keepIds',
  ],
};

type Part = readonly [string, (w: World3) => object, StoreFields];

/** Every store of the world with its declaration, in snapshot order. */
export const WORLD3_PARTS: readonly Part[] = [
  ['world', (w) => w, WORLD3_FIELDS],
  ['bodies', (w) => w.bodies, BODY_FIELDS],
  ['shapes', (w) => w.shapes, SHAPE_FIELDS],
  ['contacts', (w) => w.contactStore, CONTACT_FIELDS],
  ['edges.body', (w) => w.contactStore.edges, EDGE_BODY_FIELDS],
  ['edges', (w) => w.contactStore.edges, EDGE_FIELDS],
  ['islands', (w) => w.islands, ISLAND_FIELDS],
  ['islands.body', (w) => w.islands, ISLAND_BODY_FIELDS],
  ['tree', (w) => w.broadphase, TREE_FIELDS],
  ['tree.buffers', (w) => w.broadphase, TREE_BUFFER_FIELDS],
  ['manifold', (w) => w.manifold, MANIFOLD3_FIELDS],
  ['joints', (w) => w.joints, JOINT3_FIELDS],
  ['joints.edges.body', (w) => w.joints.edges, JOINT3_EDGE_BODY_FIELDS],
  ['joints.edges', (w) => w.joints.edges, JOINT3_EDGE_FIELDS],
];

function bad(message: string): never {
  throw new PhysicsError('invalid-argument', `snapshot: ${message}`);
}

/** The full state of `world` as snapshot bytes. */
export function rigid3dSnapshot(world: World3): Uint8Array {
  const w = new SnapshotWriter(RIGID3D_SNAPSHOT_KIND);
  for (const [name, get, decl] of WORLD3_PARTS) writeStore(w, name, get(world), decl);
  return w.finish();
}

/** Restores `world` from `bytes` (every check first: a bad snapshot throws and leaves the world as it was). */
export function rigid3dRestore(world: World3, bytes: Uint8Array): void {
  const s = readSnapshot(bytes, RIGID3D_SNAPSHOT_KIND);
  for (const [name, get, decl] of WORLD3_PARTS) checkStore(s, name, get(world), decl);
  // slot counts within capacities, live shapes with geometry of the same kind in the target world
  const bodyCap = s.int('bodies.capacity', 0, 1 << 26);
  s.int('bodies.count', 0, bodyCap);
  const shapeCap = s.int('shapes.capacity', 0, 1 << 26);
  const shapeCount = s.int('shapes.count', 0, shapeCap);
  s.int('contacts.count', 0, s.int('contacts.capacity', 0, 1 << 26));
  const alive = s.get('shapes.alive', world.shapes.alive);
  const kind = s.get('shapes.kind', world.shapes.kind);
  for (let i = 0; i < shapeCount; i++) {
    if (alive[i] !== 1) continue;
    const g = world.shapes.geom[i];
    if (g === undefined || world.shapes.alive[i] !== 1 || world.shapes.kind[i] !== kind[i]) {
      bad(
        `shape slot ${i} has no geometry of kind ${kind[i]} in this world (restore into a world built with the same shapes)`,
      );
    }
  }
  for (const [name, get, decl] of WORLD3_PARTS) applyStore(s, name, get(world), decl);
}

const hasher = new StateHasher();

/** The 64-bit hash (16 hex digits) of the state a full snapshot holds. */
export function rigid3dStateHash(world: World3): string {
  hasher.reset();
  for (const [, get, decl] of WORLD3_PARTS) hashStore(hasher, get(world), decl);
  return hasher.digest();
}

const DYN_DOUBLES = 14;

/**
 * The dynamic state for rollback: per live body slot (in slot order) its centre of mass,
 * quaternion, velocity, angular velocity and sleep timer, the timer negated (−0 for 0) when the
 * body sleeps — 14 doubles, 112 bytes; the free slots below the highest live one are listed once
 * (4 bytes each).
 */
export function rigid3dDynamicSnapshot(world: World3): Uint8Array {
  const b = world.bodies;
  const count = b.count;
  let live = 0;
  for (let i = 0; i < count; i++) live += b.alive[i]!;
  const holes = new Int32Array(count - live);
  const d = new Float64Array(DYN_DOUBLES * live);
  let o = 0;
  let h = 0;
  for (let i = 0; i < count; i++) {
    if (b.alive[i] !== 1) {
      holes[h++] = i;
      continue;
    }
    d[o] = b.cx[i]!;
    d[o + 1] = b.cy[i]!;
    d[o + 2] = b.cz[i]!;
    d[o + 3] = b.qx[i]!;
    d[o + 4] = b.qy[i]!;
    d[o + 5] = b.qz[i]!;
    d[o + 6] = b.qw[i]!;
    d[o + 7] = b.vx[i]!;
    d[o + 8] = b.vy[i]!;
    d[o + 9] = b.vz[i]!;
    d[o + 10] = b.wx[i]!;
    d[o + 11] = b.wy[i]!;
    d[o + 12] = b.wz[i]!;
    d[o + 13] = b.awake[i] === 1 ? b.sleepTime[i]! : -b.sleepTime[i]!;
    o += DYN_DOUBLES;
  }
  const w = new SnapshotWriter(RIGID3D_DYNAMIC_KIND);
  w.scalar('stepCount', world.stepCount).scalar('time', world.time).scalar('count', count);
  return w.array('state', d).array('holes', holes).finish();
}

/**
 * Writes a dynamic-state snapshot back (the same body slots must be alive): poses, velocities,
 * sleep timers and awake flags; the world inverse inertias and the broadphase boxes follow the
 * poses. Contacts keep their current impulses, so the continuation is close to, not bit-identical
 * with, the original (use the full snapshot for that).
 */
export function rigid3dDynamicRestore(world: World3, bytes: Uint8Array): void {
  const s = readSnapshot(bytes, RIGID3D_DYNAMIC_KIND);
  const b = world.bodies;
  const count = s.int('count', 0, 1 << 26);
  const holes = s.get('holes', new Int32Array(0));
  const live = count - holes.length;
  if (!(live >= 0)) bad(`${holes.length} free slots in ${count}`);
  const d = s.get('state', new Float64Array(0), DYN_DOUBLES * live);
  let h = 0;
  for (let i = 0; i < count; i++) {
    const hole = h < holes.length && holes[h] === i;
    if (hole) h++;
    else if (!(i < b.count && b.alive[i] === 1)) bad(`body slot ${i} is not alive in this world`);
  }
  if (h !== holes.length) bad('free slots out of order');
  for (let k = 0; k < d.length; k++) if (!Number.isFinite(d[k]!)) bad(`state[${k}] is not finite`);
  const stepCount = s.scalar('stepCount');
  const time = s.scalar('time');
  let o = 0;
  h = 0;
  for (let i = 0; i < count; i++) {
    if (h < holes.length && holes[h] === i) {
      h++;
      continue;
    }
    b.cx[i] = d[o]!;
    b.cy[i] = d[o + 1]!;
    b.cz[i] = d[o + 2]!;
    b.qx[i] = d[o + 3]!;
    b.qy[i] = d[o + 4]!;
    b.qz[i] = d[o + 5]!;
    b.qw[i] = d[o + 6]!;
    b.vx[i] = d[o + 7]!;
    b.vy[i] = d[o + 8]!;
    b.vz[i] = d[o + 9]!;
    b.wx[i] = d[o + 10]!;
    b.wy[i] = d[o + 11]!;
    b.wz[i] = d[o + 12]!;
    const t = d[o + 13]!;
    const asleep = t < 0 || (t === 0 && 1 / t < 0);
    b.sleepTime[i] = asleep ? -t : t;
    b.awake[i] = asleep ? 0 : 1;
    o += DYN_DOUBLES;
    updateWorldInertia(b, i);
    updateBodyBoxes3(world, i, false);
  }
  world.stepCount = stepCount;
  world.time = time;
}
