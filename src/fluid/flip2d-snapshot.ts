/**
 * Snapshots and the state hash of `FlipSim2D` (determinism, textbook §26.5): the particles
 * (positions, velocities, APIC matrices; the used prefix of their arrays), the last step's cell
 * labels, counts and density, the MAC grid (face velocities and the solid cells with their
 * velocities, which the coupled boxes write), the projection's pressure (the next solve's warm
 * start), the random-number state of the jitter and the reseeding, the coupled boxes, the clock
 * and the counters. The options are configuration: restore into a sim built with the same options
 * and the same number of coupled boxes.
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
import type { FlipBody2D, FlipSim2D } from './flip2d.js';
import { MAC_GRID_FIELDS } from './snapshot.js';

/** The world kind written in 2D FLIP snapshots. */
export const FLIP2D_SNAPSHOT_KIND = 'fluid.flip2d';

/** The particles: the used prefix of each growable array. */
export const FLIP2D_PARTICLE_FIELDS: StoreFields = {
  capacity: 'capacity',
  used: 'count',
  scalars: ['capacity', 'count'],
  arrays: [
    ['x', 1],
    ['y', 1],
    ['vx', 1],
    ['vy', 1],
    ['c', 4],
  ],
  scratch: ['sorted', 'cellOf', 'tx', 'tc'],
};

/** The sim's own per-cell state and scalars. */
export const FLIP2D_FIELDS: StoreFields = {
  arrays: [
    ['labels', 1],
    ['counts', 1],
    ['density', 1],
  ],
  scalars: ['time', 'steps', 'restDensity', 'lastIterations', 'reseeded', 'removed'],
  scratch: ['target', 'cellStart', 'binStart', 'wallSolid', 'bodyOf', 'gravityDt'],
};

/**
 * The free-surface projection's state (fluid/free-surface.ts): the scaled pressure, the next
 * solve's warm start. Its own list, not the smoke projection's: the two projectors keep different
 * warm-start state.
 */
export const FREE_SURFACE_PROJECTOR_FIELDS: StoreFields = {
  arrays: [['q', 1]],
  scratch: ['b', 'openDiag'],
};

/** The random-number generator's four words. */
const RNG_FIELDS: StoreFields = { arrays: [], scalars: ['s0', 's1', 's2', 's3'] };

/** The fields of one coupled box, in the order they are saved. */
const BODY_KEYS = [
  'x',
  'y',
  'angle',
  'vx',
  'vy',
  'omega',
  'halfWidth',
  'halfHeight',
  'fx',
  'fy',
  'torque',
] as const satisfies readonly (keyof FlipBody2D)[];
const BK = BODY_KEYS.length;

/** The full state of `sim` as snapshot bytes. */
export function flip2dSnapshot(sim: FlipSim2D): Uint8Array {
  const w = new SnapshotWriter(FLIP2D_SNAPSHOT_KIND);
  const g = sim.grid;
  w.scalar('nx', g.nx).scalar('ny', g.ny);
  writeStore(w, 'particles', sim, FLIP2D_PARTICLE_FIELDS);
  writeStore(w, 'flip', sim, FLIP2D_FIELDS);
  writeStore(w, 'grid', g, MAC_GRID_FIELDS);
  writeStore(w, 'rng', sim.rng, RNG_FIELDS);
  writeStore(w, 'projector', sim.projector, FREE_SURFACE_PROJECTOR_FIELDS);
  const nb = sim.bodies.length;
  const bodies = new Float64Array(BK * nb);
  for (let k = 0; k < nb; k++) {
    const b = sim.bodies[k]!;
    for (let f = 0; f < BK; f++) bodies[BK * k + f] = b[BODY_KEYS[f]!];
  }
  w.array('bodies', bodies);
  return w.finish();
}

/** Restores `sim` from `bytes` (all checks first: a bad snapshot throws and leaves `sim` as it was). */
export function flip2dRestore(sim: FlipSim2D, bytes: Uint8Array): void {
  const s = readSnapshot(bytes, FLIP2D_SNAPSHOT_KIND);
  const g = sim.grid;
  if (s.scalar('nx') !== g.nx || s.scalar('ny') !== g.ny) {
    throw new PhysicsError(
      'invalid-argument',
      `snapshot: a ${s.scalar('nx')}×${s.scalar('ny')} grid cannot be restored into a ${g.nx}×${g.ny} sim`,
    );
  }
  const cap = s.scalar('particles.capacity');
  if (!Number.isInteger(cap) || cap < 1 || cap > sim.maxParticles * 2) {
    throw new PhysicsError('invalid-argument', `snapshot: particles.capacity ${cap} is out of range`);
  }
  const nb = sim.bodies.length;
  const bodies = s.get('bodies', new Float64Array(0));
  if (bodies.length !== BK * nb) {
    throw new PhysicsError(
      'invalid-argument',
      `snapshot: ${bodies.length / BK} coupled bodies cannot be restored into a sim with ${nb}`,
    );
  }
  for (let i = 0; i < bodies.length; i++) {
    if (!Number.isFinite(bodies[i]!)) {
      throw new PhysicsError(
        'invalid-argument',
        `snapshot: bodies[${Math.floor(i / BK)}].${BODY_KEYS[i % BK]} is not finite`,
      );
    }
  }
  checkStore(s, 'particles', sim, FLIP2D_PARTICLE_FIELDS);
  checkStore(s, 'flip', sim, FLIP2D_FIELDS);
  checkStore(s, 'grid', g, MAC_GRID_FIELDS);
  checkStore(s, 'rng', sim.rng, RNG_FIELDS);
  checkStore(s, 'projector', sim.projector, FREE_SURFACE_PROJECTOR_FIELDS);
  applyStore(s, 'particles', sim, FLIP2D_PARTICLE_FIELDS);
  applyStore(s, 'flip', sim, FLIP2D_FIELDS);
  applyStore(s, 'grid', g, MAC_GRID_FIELDS);
  applyStore(s, 'rng', sim.rng, RNG_FIELDS);
  applyStore(s, 'projector', sim.projector, FREE_SURFACE_PROJECTOR_FIELDS);
  for (let k = 0; k < nb; k++) {
    const b = sim.bodies[k]!;
    for (let f = 0; f < BK; f++) b[BODY_KEYS[f]!] = bodies[BK * k + f]!;
  }
  sim.fitScratch();
}

const hasher = new StateHasher();

/** The 64-bit hash (16 hex digits) of the state a snapshot holds. */
export function flip2dStateHash(sim: FlipSim2D): string {
  hasher.reset();
  hashStore(hasher, sim, FLIP2D_PARTICLE_FIELDS);
  hashStore(hasher, sim, FLIP2D_FIELDS);
  hashStore(hasher, sim.grid, MAC_GRID_FIELDS);
  hashStore(hasher, sim.rng, RNG_FIELDS);
  hashStore(hasher, sim.projector, FREE_SURFACE_PROJECTOR_FIELDS);
  hasher.addInt(sim.bodies.length);
  for (const b of sim.bodies) for (const k of BODY_KEYS) hasher.addFloat(b[k]);
  return hasher.digest();
}
