/**
 * Snapshots and the state hash of `SphFluid` (determinism, textbook §26.5), WCSPH and DFSPH alike:
 * the per-particle arrays of the boundary and fluid particles in use (positions, velocities,
 * masses, densities, pressures, the DFSPH factors α and κ with the warm start of the density solve
 * — Bender & Koschier 2015), the clock, the solver's last residuals, the last step's numbers, and
 * the neighbour search's state: its reference positions, the particle range it covers and whether a
 * rebuild is pending. The neighbour lists themselves are a function of the reference positions, so
 * a restore rebuilds them from the saved positions — the same lists, in the same order, as the
 * original held, and the next step decides to reuse or rebuild exactly as it would have. The
 * options are configuration: restore into a fluid built with the same options.
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
import type { SphFluid } from './sph.js';

/** The world kind written in SPH snapshots. */
export const SPH_SNAPSHOT_KIND = 'particles.sph';

/** The per-particle arrays (on a view of the fluid: `used` is boundary + fluid particles). */
export const SPH_PARTICLE_FIELDS: StoreFields = {
  capacity: 'capacity',
  used: 'used',
  scalars: ['capacity', 'used', 'fresh'],
  arrays: [
    ['x', 3],
    ['v', 3],
    ['acc', 3],
    ['work', 3],
    ['m', 1],
    ['density', 1],
    ['pressure', 1],
    ['alpha', 1],
    ['kappa', 1],
    ['kappaRho', 1],
    ['kappaDiv', 1],
  ],
};

/** The clock and the solver's scalar parameters and residuals. */
const SPH_SCALAR_FIELDS: StoreFields = {
  arrays: [
    ['clock', 1],
    ['params', 1],
  ],
};

/** The last step's numbers. */
const STATS_FIELDS: StoreFields = {
  arrays: [],
  scalars: [
    'densityError',
    'maxDensityError',
    'densityIterations',
    'divergenceIterations',
    'clamped',
    'rebuilds',
    'substeps',
    'converged',
  ],
};

/** The neighbour search's state (its lists are rebuilt from `ref` on restore). */
const NEIGHBOR_FIELDS: StoreFields = {
  capacity: 'capacity',
  used: 'count',
  scalars: ['capacity', 'count', 'first', 'forced', 'builds', 'reuses'],
  arrays: [['ref', 3]],
};

interface ParticleView {
  capacity: number;
  used: number;
  fresh: boolean;
  [k: string]: unknown;
}

interface SearchView {
  capacity: number;
  count: number;
  first: number;
  forced: boolean;
  builds: number;
  reuses: number;
  ref: Float64Array;
}

type Bag = Record<string, unknown>;

function particleView(sim: SphFluid): ParticleView {
  const o = sim as unknown as Bag;
  const view: ParticleView = {
    capacity: (o.m as Float64Array).length,
    used: sim.count,
    fresh: o.fresh as boolean,
  };
  for (const [f] of SPH_PARTICLE_FIELDS.arrays) view[f] = o[f];
  return view;
}

function searchView(sim: SphFluid): SearchView {
  const n = sim.neighbors as unknown as SearchView;
  return {
    capacity: n.count,
    count: n.count,
    first: n.first,
    forced: n.forced,
    builds: n.builds,
    reuses: n.reuses,
    ref: n.ref,
  };
}

/** The full state of `sim` as snapshot bytes. */
export function sphSnapshot(sim: SphFluid): Uint8Array {
  const w = new SnapshotWriter(SPH_SNAPSHOT_KIND);
  w.scalar('dim', sim.dim)
    .scalar('boundaryCount', sim.boundaryCount)
    .scalar('dfsph', sim.solver === 'dfsph');
  const p = particleView(sim);
  writeStore(w, 'particles', p, SPH_PARTICLE_FIELDS);
  writeStore(w, 'sph', sim, SPH_SCALAR_FIELDS);
  writeStore(w, 'stats', sim.stats, STATS_FIELDS);
  writeStore(w, 'neighbors', searchView(sim), NEIGHBOR_FIELDS);
  return w.finish();
}

function fail(message: string): never {
  throw new PhysicsError('invalid-argument', `snapshot: ${message}`);
}

/** Restores `sim` from `bytes` (all checks first: a bad snapshot throws and leaves `sim` as it was). */
export function sphRestore(sim: SphFluid, bytes: Uint8Array): void {
  const s = readSnapshot(bytes, SPH_SNAPSHOT_KIND);
  if (s.scalar('dim') !== sim.dim)
    fail(`a ${s.scalar('dim')}D fluid cannot be restored into a ${sim.dim}D one`);
  if (s.scalar('boundaryCount') !== sim.boundaryCount) {
    fail(`${s.scalar('boundaryCount')} boundary particles, this fluid has ${sim.boundaryCount}`);
  }
  if ((s.scalar('dfsph') !== 0) !== (sim.solver === 'dfsph'))
    fail(`solver differs from this fluid's (${sim.solver})`);
  const cap = s.int('particles.capacity', sim.boundaryCount, 1 << 26);
  const used = s.int('particles.used', sim.boundaryCount, cap);
  const p = particleView(sim);
  checkStore(s, 'particles', p, SPH_PARTICLE_FIELDS);
  checkStore(s, 'sph', sim, SPH_SCALAR_FIELDS);
  checkStore(s, 'stats', sim.stats, STATS_FIELDS);
  const search = searchView(sim);
  checkStore(s, 'neighbors', search, NEIGHBOR_FIELDS);
  const nCount = s.int('neighbors.count', 0, used);
  const nFirst = s.int('neighbors.first', 0, used - nCount);
  s.int('neighbors.builds', 0, Number.MAX_SAFE_INTEGER);
  s.int('neighbors.reuses', 0, Number.MAX_SAFE_INTEGER);
  const x = s.get('particles.x', new Float64Array(0));
  for (let i = 0; i < x.length; i++) if (!Number.isFinite(x[i]!)) fail(`particles.x[${i}] is not finite`);
  const ref = s.get('neighbors.ref', new Float64Array(0));
  for (let i = 0; i < ref.length; i++)
    if (!Number.isFinite(ref[i]!)) fail(`neighbors.ref[${i}] is not finite`);
  // all checked: load
  applyStore(s, 'particles', p, SPH_PARTICLE_FIELDS);
  const o = sim as unknown as Bag;
  for (const [f] of SPH_PARTICLE_FIELDS.arrays) o[f] = p[f];
  o.fresh = p.fresh;
  o.fluidCount = used - sim.boundaryCount;
  applyStore(s, 'sph', sim, SPH_SCALAR_FIELDS);
  applyStore(s, 'stats', sim.stats, STATS_FIELDS);
  applyStore(s, 'neighbors', search, NEIGHBOR_FIELDS);
  // rebuild the lists from the saved reference positions, then put back the counters and the flag
  const ns = sim.neighbors as unknown as SearchView;
  if (nCount > 0) {
    const at = new Float64Array(3 * (nFirst + nCount));
    at.set(search.ref.subarray(0, 3 * nCount), 3 * nFirst);
    sim.neighbors.build(at, nFirst, nCount);
  } else {
    ns.ref = new Float64Array(0);
  }
  ns.count = nCount;
  ns.first = nFirst;
  ns.forced = search.forced;
  ns.builds = search.builds;
  ns.reuses = search.reuses;
}

const hasher = new StateHasher();

/** The 64-bit hash (16 hex digits) of the state a snapshot holds. */
export function sphStateHash(sim: SphFluid): string {
  hasher.reset();
  hashStore(hasher, particleView(sim), SPH_PARTICLE_FIELDS);
  hashStore(hasher, sim, SPH_SCALAR_FIELDS);
  hashStore(hasher, sim.stats, STATS_FIELDS);
  hashStore(hasher, searchView(sim), NEIGHBOR_FIELDS);
  return hasher.digest();
}
