/**
 * Snapshots and the state hash of `MpmSim2D` and `MpmSim3D` (determinism, textbook §26.5): the particles'
 * positions, velocities, affine matrices C, deformation gradients F, plastic J, materials, rest
 * volumes and masses, the clock, the substep and gravity. The grid (mass and momentum) is rebuilt
 * from the particles every substep, so it is scratch; the materials are configuration: restore
 * into a sim built with the same materials (their count is checked).
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
import type { MpmSim2D } from './mpm2d.js';
import type { MpmSim3D } from './mpm3d.js';

/** The world kind written in MPM snapshots. */
export const MPM_SNAPSHOT_KIND = 'mpm.2d';

/** The particle state of the sim (arrays grow with the particle capacity, the length of `x`). */
export const MPM_FIELDS: StoreFields = {
  capacity: '#x',
  arrays: [
    ['x', 1],
    ['y', 1],
    ['vx', 1],
    ['vy', 1],
    ['C', 4],
    ['F', 4],
    ['Jp', 1],
    ['material', 1],
    ['vol0', 1],
    ['mass', 1],
  ],
  scalars: ['time', 'count', 'dt', 'gravityX', 'gravityY'],
  scratch: [
    'gm',
    'gvx',
    'gvy',
    'mu',
    'lambda',
    'code',
    'eta',
    'alpha',
    'u',
    'v',
    'sig',
    'tau',
    'eps',
    'hard',
  ],
};

/** The full state of `sim` as snapshot bytes. */
export function mpmSnapshot(sim: MpmSim2D): Uint8Array {
  const w = new SnapshotWriter(MPM_SNAPSHOT_KIND);
  w.scalar('resolution', sim.resolution).scalar('materials', sim.materials.length);
  writeStore(w, 'mpm', sim, MPM_FIELDS);
  return w.finish();
}

/** Restores `sim` from `bytes` (all checks first: a bad snapshot throws and leaves `sim` as it was). */
export function mpmRestore(sim: MpmSim2D, bytes: Uint8Array): void {
  const s = readSnapshot(bytes, MPM_SNAPSHOT_KIND);
  if (s.scalar('resolution') !== sim.resolution) {
    throw new PhysicsError(
      'invalid-argument',
      `snapshot: resolution ${s.scalar('resolution')} cannot be restored into a sim of resolution ${sim.resolution}`,
    );
  }
  const nm = s.int('materials', 0, 255);
  if (nm !== sim.materials.length) {
    throw new PhysicsError(
      'invalid-argument',
      `snapshot: ${nm} materials, the sim has ${sim.materials.length}`,
    );
  }
  checkStore(s, 'mpm', sim, MPM_FIELDS);
  const cap = s.get('mpm.x', sim.x).length;
  const count = s.int('mpm.count', 0, cap);
  if (cap > sim.maxParticles)
    throw new PhysicsError('invalid-argument', 'snapshot: more particles than maxParticles');
  const mat = s.get('mpm.material', sim.material);
  for (let p = 0; p < count; p++) {
    if (mat[p]! >= nm)
      throw new PhysicsError('invalid-argument', `snapshot: particle ${p} has no material ${mat[p]}`);
  }
  applyStore(s, 'mpm', sim, MPM_FIELDS);
}

const hasher = new StateHasher();

/** The 64-bit hash (16 hex digits) of the state a snapshot holds. */
export function mpmStateHash(sim: MpmSim2D): string {
  hasher.reset();
  hashStore(hasher, sim, MPM_FIELDS);
  return hasher.digest();
}

/** The world kind written in 3D MPM snapshots. */
export const MPM3_SNAPSHOT_KIND = 'mpm.3d';

/** The particle state of the 3D sim (arrays grow with the particle capacity, the length of `x`). */
export const MPM3_FIELDS: StoreFields = {
  capacity: '#x',
  arrays: [
    ['x', 1],
    ['y', 1],
    ['z', 1],
    ['vx', 1],
    ['vy', 1],
    ['vz', 1],
    ['C', 9],
    ['F', 9],
    ['Jp', 1],
    ['material', 1],
    ['vol0', 1],
    ['mass', 1],
  ],
  scalars: ['time', 'count', 'dt', 'gravityX', 'gravityY', 'gravityZ'],
  scratch: [
    'gm',
    'gvx',
    'gvy',
    'gvz',
    'mu',
    'lambda',
    'code',
    'eta',
    'alpha',
    'thetaC',
    'thetaS',
    'xi',
    'maxHard',
    'jpMin',
    'u',
    'v',
    'sig',
    'eps',
    'tau',
    'hard',
  ],
};

/** The full state of the 3D `sim` as snapshot bytes. */
export function mpm3Snapshot(sim: MpmSim3D): Uint8Array {
  const w = new SnapshotWriter(MPM3_SNAPSHOT_KIND);
  w.scalar('resolution', sim.resolution).scalar('materials', sim.materials.length);
  writeStore(w, 'mpm', sim, MPM3_FIELDS);
  return w.finish();
}

/** Restores the 3D `sim` from `bytes` (all checks first: a bad snapshot throws and leaves `sim` as it was). */
export function mpm3Restore(sim: MpmSim3D, bytes: Uint8Array): void {
  const s = readSnapshot(bytes, MPM3_SNAPSHOT_KIND);
  if (s.scalar('resolution') !== sim.resolution) {
    throw new PhysicsError(
      'invalid-argument',
      `snapshot: resolution ${s.scalar('resolution')} cannot be restored into a sim of resolution ${sim.resolution}`,
    );
  }
  const nm = s.int('materials', 0, 255);
  if (nm !== sim.materials.length) {
    throw new PhysicsError(
      'invalid-argument',
      `snapshot: ${nm} materials, the sim has ${sim.materials.length}`,
    );
  }
  checkStore(s, 'mpm', sim, MPM3_FIELDS);
  const cap = s.get('mpm.x', sim.x).length;
  const count = s.int('mpm.count', 0, cap);
  if (cap > sim.maxParticles)
    throw new PhysicsError('invalid-argument', 'snapshot: more particles than maxParticles');
  const mat = s.get('mpm.material', sim.material);
  for (let p = 0; p < count; p++) {
    if (mat[p]! >= nm)
      throw new PhysicsError('invalid-argument', `snapshot: particle ${p} has no material ${mat[p]}`);
  }
  applyStore(s, 'mpm', sim, MPM3_FIELDS);
}

/** The 64-bit hash (16 hex digits) of the state a 3D snapshot holds. */
export function mpm3StateHash(sim: MpmSim3D): string {
  hasher.reset();
  hashStore(hasher, sim, MPM3_FIELDS);
  return hasher.digest();
}
