import { describe, expect, it } from 'vitest';
import { type StoreFields, undeclaredArrays } from '../../src/core/snapshot.js';
import { MAC_GRID_FIELDS, PROJECTOR_FIELDS, SMOKE_FIELDS } from '../../src/fluid/snapshot.js';
import { MpmSim2D } from '../../src/mpm/mpm2d.js';
import { MPM_FIELDS } from '../../src/mpm/snapshot.js';
import { WORLD3_PARTS } from '../../src/rigid3d/snapshot.js';
import { XpbdWorld } from '../../src/xpbd/index.js';
import { PARTICLE_FIELDS, XPBD_WORLD_FIELDS } from '../../src/xpbd/snapshot.js';
import { clothScene, mpmScene, rigid3dScene, smokeScene } from './helpers.js';

/** Merges the declarations that share one object (e.g. the tree's nodes and its buffers). */
function merged(decls: StoreFields[]): StoreFields {
  return {
    arrays: decls.flatMap((d) => d.arrays),
    scratch: decls.flatMap((d) => d.scratch ?? []),
  };
}

describe('every typed array of every store is declared state or scratch', () => {
  it('rigid3d: world, bodies, shapes, contacts, edge lists, islands, tree', () => {
    const s = rigid3dScene();
    for (let k = 0; k < 5; k++) s.step();
    const byObject = new Map<object, { names: string[]; decls: StoreFields[] }>();
    for (const [name, get, decl] of WORLD3_PARTS) {
      const o = get(s.world);
      const e = byObject.get(o) ?? { names: [], decls: [] };
      e.names.push(name);
      e.decls.push(decl);
      byObject.set(o, e);
    }
    expect(byObject.size).toBe(10); // with the joint store and its edge lists
    for (const [o, e] of byObject) {
      expect(undeclaredArrays(o, merged(e.decls)), e.names.join(' + ')).toEqual([]);
    }
    // the solver scratch is rebuilt every step: every field of it is scratch by construction
  });
  it('xpbd: particles and the world', () => {
    const w = new XpbdWorld();
    w.particles.add(0, 1, 0, 1);
    expect(undeclaredArrays(w.particles, PARTICLE_FIELDS)).toEqual([]);
    expect(undeclaredArrays(w, XPBD_WORLD_FIELDS)).toEqual([]);
    clothScene().step();
  });
  it('mpm: the particle arrays', () => {
    const sim = new MpmSim2D({ resolution: 16, dt: 1e-4 });
    expect(undeclaredArrays(sim, MPM_FIELDS)).toEqual([]);
    mpmScene().step();
  });
  it('smoke: the grid, the sim and the projection', () => {
    const { sim } = smokeScene();
    expect(undeclaredArrays(sim.grid, MAC_GRID_FIELDS)).toEqual([]);
    expect(undeclaredArrays(sim, SMOKE_FIELDS)).toEqual([]);
    expect(undeclaredArrays(sim.projector, PROJECTOR_FIELDS)).toEqual([]);
  });
  it('the check itself fails for an undeclared array', () => {
    const o = { a: new Float64Array(2), b: new Int32Array(1), c: 3 };
    expect(undeclaredArrays(o, { arrays: [['a', 1]] })).toEqual(['b']);
    expect(undeclaredArrays(o, { arrays: [['a', 1]], scratch: ['b'] })).toEqual([]);
  });
});
