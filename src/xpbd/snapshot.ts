/**
 * Snapshots and the state hash of `XpbdWorld` (determinism, textbook §26.5): the particles
 * (positions, previous positions, velocities, inverse masses), the clock, and every constraint
 * set's typed arrays and numbers (indices, rest values, Lagrange multipliers, collision caches),
 * in the world's set order. The particle fields are declared once below; a constraint set is
 * declared by its own typed-array and number properties (core/snapshot.ts `ownFields`). Colliders,
 * forces and settings are configuration: restore into a world built the same way (the sets' kinds,
 * order and field names are checked).
 */
import { PhysicsError } from '../core/errors.js';
import { StateHasher } from '../core/hash.js';
import {
  applyStore,
  checkStore,
  hashStore,
  ownFields,
  readSnapshot,
  SnapshotWriter,
  type StoreFields,
  writeStore,
} from '../core/snapshot.js';
import type { XpbdWorld } from './solver.js';

/** The world kind written in XPBD snapshots. */
export const XPBD_SNAPSHOT_KIND = 'xpbd';

/** The particle store's state (arrays grow with the capacity, the length of `invMass`). */
export const PARTICLE_FIELDS: StoreFields = {
  capacity: '#invMass',
  arrays: [
    ['x', 3],
    ['prev', 3],
    ['v', 3],
    ['invMass', 1],
  ],
  scalars: ['count'],
};

/** The world's own state: the clock (the rest are per-step buffers). */
export const XPBD_WORLD_FIELDS: StoreFields = {
  arrays: [['clock', 1]],
  scratch: ['acc', 'jdx', 'jcount'],
};

function setKinds(world: XpbdWorld): string {
  return world.sets.map((s) => s.kind).join(',');
}

/** The full state of `world` as snapshot bytes. */
export function xpbdSnapshot(world: XpbdWorld): Uint8Array {
  const w = new SnapshotWriter(XPBD_SNAPSHOT_KIND);
  const kinds = setKinds(world);
  w.array(
    'sets',
    Uint16Array.from(kinds, (c) => c.charCodeAt(0)),
  );
  writeStore(w, 'world', world, XPBD_WORLD_FIELDS);
  writeStore(w, 'particles', world.particles, PARTICLE_FIELDS);
  world.sets.forEach((set, i) => {
    const d = ownFields(set);
    w.array(
      `set${i}.fields`,
      Uint16Array.from([...d.arrays.map((a) => a[0]), ...(d.scalars ?? [])].join(','), (c) =>
        c.charCodeAt(0),
      ),
    );
    writeStore(w, `set${i}`, set, d);
  });
  return w.finish();
}

/** Restores `world` from `bytes` (all checks first: a bad snapshot throws and leaves the world as it was). */
export function xpbdRestore(world: XpbdWorld, bytes: Uint8Array): void {
  const s = readSnapshot(bytes, XPBD_SNAPSHOT_KIND);
  const text = (a: Uint16Array): string => String.fromCharCode(...a);
  const kinds = text(s.get('sets', new Uint16Array(0)));
  if (kinds !== setKinds(world)) {
    throw new PhysicsError(
      'invalid-argument',
      `snapshot: constraint sets [${kinds}] do not match the world's [${setKinds(world)}]`,
    );
  }
  checkStore(s, 'world', world, XPBD_WORLD_FIELDS);
  checkStore(s, 'particles', world.particles, PARTICLE_FIELDS);
  const cap = s.get('particles.invMass', world.particles.invMass).length;
  s.int('particles.count', 0, cap);
  const decls = world.sets.map((set, i) => {
    const d = ownFields(set);
    const names = [...d.arrays.map((a) => a[0]), ...(d.scalars ?? [])].join(',');
    if (text(s.get(`set${i}.fields`, new Uint16Array(0))) !== names) {
      throw new PhysicsError(
        'invalid-argument',
        `snapshot: set ${i} (${set.kind}) holds other fields than the world's`,
      );
    }
    checkStore(s, `set${i}`, set, d);
    return d;
  });
  applyStore(s, 'world', world, XPBD_WORLD_FIELDS);
  applyStore(s, 'particles', world.particles, PARTICLE_FIELDS);
  world.sets.forEach((set, i) => {
    applyStore(s, `set${i}`, set, decls[i]!);
  });
}

const hasher = new StateHasher();

/** The 64-bit hash (16 hex digits) of the state a snapshot holds. */
export function xpbdStateHash(world: XpbdWorld): string {
  hasher.reset();
  hashStore(hasher, world, XPBD_WORLD_FIELDS);
  hashStore(hasher, world.particles, PARTICLE_FIELDS);
  for (const set of world.sets) hashStore(hasher, set, ownFields(set));
  return hasher.digest();
}
