/**
 * Snapshots and the state hash of `SmokeSim` (determinism, textbook §26.5): the MAC grid's face
 * velocities and solid cells, the smoke, heat, fuel and expansion fields, the projection's last
 * two pressures (the next solve's extrapolated warm start), the clock and the step count. Everything else (advection
 * buffers, the Poisson system, preconditioners) is rebuilt from these each step. Each object's
 * fields are declared once below; the declarations drive the snapshot, its checks and the hash.
 * The sources and obstacles are configuration (obstacle motion is a function of the clock): restore
 * into a sim built with the same options.
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
import type { SmokeSim } from './smoke.js';

/** The world kind written in smoke snapshots. */
export const SMOKE_SNAPSHOT_KIND = 'fluid.smoke';

/** The MAC grid's state (fixed-length arrays). */
export const MAC_GRID_FIELDS: StoreFields = {
  arrays: [
    ['u', 1],
    ['v', 1],
    ['w', 1],
    ['solid', 1],
    ['solidU', 1],
    ['solidV', 1],
    ['solidW', 1],
  ],
};

/** The smoke sim's own state. */
export const SMOKE_FIELDS: StoreFields = {
  arrays: [
    ['density', 1],
    ['heat', 1],
    ['fuel', 1],
    ['expansion', 1],
  ],
  scalars: ['time', 'steps'],
  /** the obstacle pose buffer, recomputed from the clock */
  scratch: ['ostate'],
};

/** The projection's state: the scaled pressures kept as the next warm start (the last two, extrapolated). */
export const PROJECTOR_FIELDS: StoreFields = {
  arrays: [
    ['q', 1],
    ['qPrev', 1],
  ],
  scalars: ['history'],
  scratch: ['b', 'openDiag', 'lastSolid', 'rowFull'],
};

/** The full state of `sim` as snapshot bytes. */
export function smokeSnapshot(sim: SmokeSim): Uint8Array {
  const w = new SnapshotWriter(SMOKE_SNAPSHOT_KIND);
  w.scalar('nx', sim.grid.nx).scalar('ny', sim.grid.ny).scalar('nz', sim.grid.nz);
  writeStore(w, 'grid', sim.grid, MAC_GRID_FIELDS);
  writeStore(w, 'smoke', sim, SMOKE_FIELDS);
  writeStore(w, 'projector', sim.projector, PROJECTOR_FIELDS);
  return w.finish();
}

/** Restores `sim` from `bytes` (all checks first: a bad snapshot throws and leaves `sim` as it was). */
export function smokeRestore(sim: SmokeSim, bytes: Uint8Array): void {
  const s = readSnapshot(bytes, SMOKE_SNAPSHOT_KIND);
  const g = sim.grid;
  if (s.scalar('nx') !== g.nx || s.scalar('ny') !== g.ny || s.scalar('nz') !== g.nz) {
    throw new PhysicsError(
      'invalid-argument',
      `snapshot: a ${s.scalar('nx')}×${s.scalar('ny')}×${s.scalar('nz')} grid cannot be restored into a ${g.nx}×${g.ny}×${g.nz} sim`,
    );
  }
  checkStore(s, 'grid', g, MAC_GRID_FIELDS);
  checkStore(s, 'smoke', sim, SMOKE_FIELDS);
  checkStore(s, 'projector', sim.projector, PROJECTOR_FIELDS);
  applyStore(s, 'grid', g, MAC_GRID_FIELDS);
  applyStore(s, 'smoke', sim, SMOKE_FIELDS);
  // the Poisson system follows the restored solid cells now (a rebuild clears q, so before q is
  // loaded): the next projection then warm-starts from the saved pressure, as the original did
  (sim.projector as unknown as { updateSystem(): void }).updateSystem();
  applyStore(s, 'projector', sim.projector, PROJECTOR_FIELDS);
}

const hasher = new StateHasher();

/** The 64-bit hash (16 hex digits) of the state a snapshot holds. */
export function smokeStateHash(sim: SmokeSim): string {
  hasher.reset();
  hashStore(hasher, sim.grid, MAC_GRID_FIELDS);
  hashStore(hasher, sim, SMOKE_FIELDS);
  hashStore(hasher, sim.projector, PROJECTOR_FIELDS);
  return hasher.digest();
}
