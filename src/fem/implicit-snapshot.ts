/**
 * Snapshots and the state hashes of the implicit FEM solvers (determinism, textbook §26.5):
 * `ImplicitFem` (positions, velocities, pinned nodes, the element rotations and the quaternions
 * that warm-start the 3D rotation extraction, the clock, the last CG result) and `ImplicitCloth`
 * (the spring network's positions, velocities, inverse masses — pins — and spring parameters, the
 * contact normal impulses, the clock, the last CG result). Mesh, material and options are
 * configuration: restore into a solver built the same way.
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
import type { CGResult } from '../math/cg.js';
import type { ImplicitCloth } from './implicit-cloth.js';
import type { ImplicitFem } from './implicit-fem.js';

/** The world kind written in `ImplicitFem` snapshots. */
export const IMPLICIT_FEM_SNAPSHOT_KIND = 'fem.implicit';

/** The world kind written in `ImplicitCloth` snapshots. */
export const IMPLICIT_CLOTH_SNAPSHOT_KIND = 'fem.implicitCloth';

/** The state of an `ImplicitFem` (fixed-length arrays). */
export const IMPLICIT_FEM_FIELDS: StoreFields = {
  arrays: [
    ['x', 1],
    ['v', 1],
    ['pinned', 1],
    ['rot', 1],
    ['quat', 1],
  ],
  scalars: ['time'],
  scratch: [
    'rest',
    'mass',
    'elements',
    'ke',
    'dmInv',
    'size',
    'f',
    'rhs',
    'dv',
    'tmp',
    'diag',
    'pe',
    'qe',
    'ye',
    'F',
  ],
};

/** The state of an `ImplicitCloth`'s spring network (fixed-length arrays). */
export const IMPLICIT_CLOTH_NET_FIELDS: StoreFields = {
  arrays: [
    ['x', 1],
    ['v', 1],
    ['invMass', 1],
    ['springI', 1],
    ['springJ', 1],
    ['restLength', 1],
    ['stiffness', 1],
    ['damping', 1],
  ],
  scalars: ['clampCompression'],
  scratch: ['fExt', 'f0', 'rhs', 'dv', 'blockB', 'blockK', 'precond'],
};

/** The cloth's own state. */
export const IMPLICIT_CLOTH_FIELDS: StoreFields = {
  arrays: [['normalImpulse', 1]],
  scalars: ['time', 'lastCGIterations'],
  scratch: ['constrained', 'normal', 'z', 'b', 'y', 'tmp', 'nScratch'],
};

const CG_FIELDS: StoreFields = { arrays: [], scalars: ['iterations', 'residualNorm', 'converged'] };

/** The full state of `sim` as snapshot bytes. */
export function implicitFemSnapshot(sim: ImplicitFem): Uint8Array {
  const w = new SnapshotWriter(IMPLICIT_FEM_SNAPSHOT_KIND);
  w.scalar('dim', sim.dim).scalar('nodes', sim.nodes).scalar('elements', sim.elements.length);
  writeStore(w, 'fem', sim, IMPLICIT_FEM_FIELDS);
  writeStore(w, 'cg', sim.lastCG, CG_FIELDS);
  return w.finish();
}

function fail(message: string): never {
  throw new PhysicsError('invalid-argument', `snapshot: ${message}`);
}

function finite(s: Snapshot, name: string): void {
  const a = s.get(name, new Float64Array(0));
  for (let i = 0; i < a.length; i++) if (!Number.isFinite(a[i]!)) fail(`${name}[${i}] is not finite`);
}

function loadCG(s: Snapshot): CGResult {
  const cg: CGResult = { iterations: 0, residualNorm: 0, converged: true };
  applyStore(s, 'cg', cg, CG_FIELDS);
  return cg;
}

/** Restores `sim` from `bytes` (all checks first: a bad snapshot throws and leaves `sim` as it was). */
export function implicitFemRestore(sim: ImplicitFem, bytes: Uint8Array): void {
  const s = readSnapshot(bytes, IMPLICIT_FEM_SNAPSHOT_KIND);
  if (
    s.scalar('dim') !== sim.dim ||
    s.scalar('nodes') !== sim.nodes ||
    s.scalar('elements') !== sim.elements.length
  ) {
    fail(
      `a ${s.scalar('dim')}D mesh of ${s.scalar('nodes')} nodes cannot be restored into a ${sim.dim}D one of ${sim.nodes}`,
    );
  }
  checkStore(s, 'fem', sim, IMPLICIT_FEM_FIELDS);
  checkStore(s, 'cg', sim.lastCG, CG_FIELDS);
  finite(s, 'fem.x');
  finite(s, 'fem.v');
  applyStore(s, 'fem', sim, IMPLICIT_FEM_FIELDS);
  sim.lastCG = loadCG(s);
}

const hasher = new StateHasher();

/** The 64-bit hash (16 hex digits) of the state an `ImplicitFem` snapshot holds. */
export function implicitFemStateHash(sim: ImplicitFem): string {
  hasher.reset();
  hashStore(hasher, sim, IMPLICIT_FEM_FIELDS);
  hashStore(hasher, sim.lastCG, CG_FIELDS);
  return hasher.digest();
}

/** The full state of `cloth` as snapshot bytes. */
export function implicitClothSnapshot(cloth: ImplicitCloth): Uint8Array {
  const w = new SnapshotWriter(IMPLICIT_CLOTH_SNAPSHOT_KIND);
  w.scalar('particles', cloth.net.n).scalar('springs', cloth.net.m);
  writeStore(w, 'net', cloth.net, IMPLICIT_CLOTH_NET_FIELDS);
  writeStore(w, 'cloth', cloth, IMPLICIT_CLOTH_FIELDS);
  writeStore(w, 'cg', cloth.lastCG, CG_FIELDS);
  return w.finish();
}

/** Restores `cloth` from `bytes` (all checks first: a bad snapshot throws and leaves `cloth` as it was). */
export function implicitClothRestore(cloth: ImplicitCloth, bytes: Uint8Array): void {
  const s = readSnapshot(bytes, IMPLICIT_CLOTH_SNAPSHOT_KIND);
  const net = cloth.net;
  if (s.scalar('particles') !== net.n || s.scalar('springs') !== net.m) {
    fail(
      `a cloth of ${s.scalar('particles')} particles and ${s.scalar('springs')} springs cannot be restored into one of ${net.n} and ${net.m}`,
    );
  }
  checkStore(s, 'net', net, IMPLICIT_CLOTH_NET_FIELDS);
  checkStore(s, 'cloth', cloth, IMPLICIT_CLOTH_FIELDS);
  checkStore(s, 'cg', cloth.lastCG, CG_FIELDS);
  finite(s, 'net.x');
  finite(s, 'net.v');
  for (const f of ['springI', 'springJ'] as const) {
    const a = s.get(`net.${f}`, net[f]);
    for (let k = 0; k < a.length; k++)
      if (a[k]! < 0 || a[k]! >= net.n) fail(`net.${f}[${k}] is out of range`);
  }
  applyStore(s, 'net', net, IMPLICIT_CLOTH_NET_FIELDS);
  applyStore(s, 'cloth', cloth, IMPLICIT_CLOTH_FIELDS);
  cloth.lastCG = loadCG(s);
}

/** The 64-bit hash (16 hex digits) of the state an `ImplicitCloth` snapshot holds. */
export function implicitClothStateHash(cloth: ImplicitCloth): string {
  hasher.reset();
  hashStore(hasher, cloth.net, IMPLICIT_CLOTH_NET_FIELDS);
  hashStore(hasher, cloth, IMPLICIT_CLOTH_FIELDS);
  hashStore(hasher, cloth.lastCG, CG_FIELDS);
  return hasher.digest();
}
