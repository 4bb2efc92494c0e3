/**
 * Snapshots and the state hash of `FlipSim3D` (determinism, textbook §26.5): the particles
 * (positions, velocities, APIC matrices; the used prefix of their arrays), the last step's cell
 * labels, counts and density (read by `volume()`), the projection's pressure (the next solve's warm
 * start), the random-number state of the reseeding, the clock and the counters. Face velocities are
 * rebuilt from the particles by P2G every step and are not state. The options are configuration:
 * restore into a sim built with the same options.
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
import { FREE_SURFACE_PROJECTOR_FIELDS } from './flip2d-snapshot.js';
import type { FlipSim3D } from './flip3d.js';

/** The world kind written in 3D FLIP snapshots. */
export const FLIP3D_SNAPSHOT_KIND = 'fluid.flip3d';

/** The particles: the used prefix of each growable array. */
export const FLIP3D_PARTICLE_FIELDS: StoreFields = {
  capacity: 'capacity',
  used: 'count',
  scalars: ['capacity', 'count'],
  arrays: [
    ['x', 1],
    ['y', 1],
    ['z', 1],
    ['vx', 1],
    ['vy', 1],
    ['vz', 1],
    ['c', 9],
  ],
  scratch: ['sorted', 'cellOf', 'tx', 'tc'],
};

/** The sim's own per-cell state and scalars. */
export const FLIP3D_FIELDS: StoreFields = {
  arrays: [
    ['labels', 1],
    ['counts', 1],
    ['density', 1],
  ],
  scalars: ['time', 'steps', 'restDensity', 'lastIterations', 'reseeded', 'removed'],
  scratch: ['target', 'cellStart'],
};

/** The random-number generator's four words. */
const RNG_FIELDS: StoreFields = { arrays: [], scalars: ['s0', 's1', 's2', 's3'] };

/** The full state of `sim` as snapshot bytes. */
export function flip3dSnapshot(sim: FlipSim3D): Uint8Array {
  const w = new SnapshotWriter(FLIP3D_SNAPSHOT_KIND);
  const g = sim.grid;
  w.scalar('nx', g.nx).scalar('ny', g.ny).scalar('nz', g.nz);
  writeStore(w, 'particles', sim, FLIP3D_PARTICLE_FIELDS);
  writeStore(w, 'flip', sim, FLIP3D_FIELDS);
  writeStore(w, 'rng', sim.rng, RNG_FIELDS);
  writeStore(w, 'projector', sim.projector, FREE_SURFACE_PROJECTOR_FIELDS);
  return w.finish();
}

/** Restores `sim` from `bytes` (all checks first: a bad snapshot throws and leaves `sim` as it was). */
export function flip3dRestore(sim: FlipSim3D, bytes: Uint8Array): void {
  const s = readSnapshot(bytes, FLIP3D_SNAPSHOT_KIND);
  const g = sim.grid;
  if (s.scalar('nx') !== g.nx || s.scalar('ny') !== g.ny || s.scalar('nz') !== g.nz) {
    throw new PhysicsError(
      'invalid-argument',
      `snapshot: a ${s.scalar('nx')}×${s.scalar('ny')}×${s.scalar('nz')} grid cannot be restored into a ${g.nx}×${g.ny}×${g.nz} sim`,
    );
  }
  const cap = s.scalar('particles.capacity');
  if (!Number.isInteger(cap) || cap < 1 || cap > sim.maxParticles * 2) {
    throw new PhysicsError('invalid-argument', `snapshot: particles.capacity ${cap} is out of range`);
  }
  checkStore(s, 'particles', sim, FLIP3D_PARTICLE_FIELDS);
  checkStore(s, 'flip', sim, FLIP3D_FIELDS);
  checkStore(s, 'rng', sim.rng, RNG_FIELDS);
  checkStore(s, 'projector', sim.projector, FREE_SURFACE_PROJECTOR_FIELDS);
  applyStore(s, 'particles', sim, FLIP3D_PARTICLE_FIELDS);
  applyStore(s, 'flip', sim, FLIP3D_FIELDS);
  applyStore(s, 'rng', sim.rng, RNG_FIELDS);
  applyStore(s, 'projector', sim.projector, FREE_SURFACE_PROJECTOR_FIELDS);
  sim.fitScratch();
}

const hasher = new StateHasher();

/** The 64-bit hash (16 hex digits) of the state a snapshot holds. */
export function flip3dStateHash(sim: FlipSim3D): string {
  hasher.reset();
  hashStore(hasher, sim, FLIP3D_PARTICLE_FIELDS);
  hashStore(hasher, sim, FLIP3D_FIELDS);
  hashStore(hasher, sim.rng, RNG_FIELDS);
  hashStore(hasher, sim.projector, FREE_SURFACE_PROJECTOR_FIELDS);
  return hasher.digest();
}
