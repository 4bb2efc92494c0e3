import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { clothScene, mpmScene, rigid3dScene, type Snapshotable, smokeScene } from './helpers.js';

const K = 30;
const N = 40;

/** Runs k steps, snapshots, records n hashes; then restores into a new world and into the same one. */
function roundTrip(make: () => Snapshotable, k = K, n = N): void {
  const a = make();
  for (let s = 0; s < k; s++) a.step();
  const snap = a.snapshot();
  const h0 = a.stateHash();
  const ref: string[] = [];
  for (let s = 0; s < n; s++) {
    a.step();
    ref.push(a.stateHash());
  }
  // the run changed the state
  expect(ref[n - 1]).not.toBe(h0);

  const fresh = make();
  fresh.restore(snap);
  expect(fresh.stateHash()).toBe(h0);
  for (let s = 0; s < n; s++) {
    fresh.step();
    expect(fresh.stateHash(), `new world, step ${s + 1} after the restore`).toBe(ref[s]);
  }
  // the snapshot of the restored world is the same bytes once it reaches the same state
  a.restore(snap);
  expect(a.stateHash()).toBe(h0);
  expect(Buffer.from(a.snapshot()).equals(Buffer.from(snap))).toBe(true);
  for (let s = 0; s < n; s++) {
    a.step();
    expect(a.stateHash(), `same world, step ${s + 1} after the restore`).toBe(ref[s]);
  }
}

/** A seeded 32-bit generator (xorshift) for the corruption tests. */
function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

function corruptions(make: () => Snapshotable, seed: number): void {
  const w = make();
  for (let s = 0; s < 10; s++) w.step();
  const snap = w.snapshot();
  const target = make();
  target.step();
  const before = target.stateHash();
  const r = rng(seed);
  let rejected = 0;
  for (let t = 0; t < 200; t++) {
    const cut = snap.slice(0, Math.floor(r() * snap.length));
    expect(() => target.restore(cut)).toThrow(PhysicsError);
    rejected++;
  }
  for (let t = 0; t < 200; t++) {
    const bad = snap.slice();
    const at = Math.floor(r() * bad.length);
    bad[at] = bad[at]! ^ (1 + Math.floor(r() * 255));
    let err: unknown = null;
    try {
      target.restore(bad);
    } catch (e) {
      err = e;
    }
    expect(err, `byte ${at} flipped`).toBeInstanceOf(PhysicsError);
    expect((err as Error).message).toMatch(/^snapshot: /);
    rejected++;
  }
  expect(rejected).toBe(400);
  // nothing was half-loaded
  expect(target.stateHash()).toBe(before);
  // and the world still takes a good snapshot
  target.restore(snap);
  expect(target.stateHash()).toBe(w.stateHash());
}

const scenes: [string, () => Snapshotable][] = [
  ['xpbd cloth with collisions', clothScene],
  ['smoke plume', smokeScene],
  ['mpm snow and sand', mpmScene],
  ['rigid3d pyramid of 20 boxes and 3 spheres', rigid3dScene],
];

describe('snapshots: a restored world continues bit-identically (textbook §26.5)', () => {
  for (const [name, make] of scenes) {
    it(name, () => roundTrip(make));
  }
});

describe('snapshots: 200 truncations and 200 byte flips are each rejected, the world untouched', () => {
  scenes.forEach(([name, make], i) => {
    it(name, () => corruptions(make, 0x9e3779b9 + i));
  });
});

describe('snapshots: wrong version and wrong kind', () => {
  it('a newer format version is refused with the version in the message', () => {
    const w = clothScene();
    const snap = w.snapshot();
    const bad = snap.slice();
    new DataView(bad.buffer).setUint32(4, 2, true);
    expect(() => w.restore(bad)).toThrow(/format version 2, this build reads version 1/);
  });
  it('a snapshot of another world kind is refused', () => {
    const cloth = clothScene().snapshot();
    const r3 = rigid3dScene();
    const before = r3.stateHash();
    expect(() => r3.restore(cloth)).toThrow(/"xpbd" snapshot cannot be restored into a rigid3d world/);
    expect(() => smokeScene().restore(r3.snapshot())).toThrow(PhysicsError);
    expect(() => mpmScene().restore(cloth)).toThrow(PhysicsError);
    expect(r3.stateHash()).toBe(before);
  });
  it('not a snapshot at all', () => {
    const w = mpmScene();
    expect(() => w.restore(new Uint8Array(64))).toThrow(/bad magic/);
    expect(() => w.restore(new Uint8Array(3))).toThrow(/truncated/);
  });
  it('a world built differently is refused before anything changes', () => {
    const a = rigid3dScene();
    for (let s = 0; s < 5; s++) a.step();
    const b = rigid3dScene();
    // a sphere where the snapshot has a box
    const id = b.world.createBody({ position: [9, 1, 9] });
    b.world.createShape(id, { kind: 'sphere', radius: 0.5 });
    const c = rigid3dScene();
    const snapC = c.snapshot();
    const x = rigid3dScene();
    x.world.createShape(x.world.createBody({ position: [9, 1, 9] }), {
      kind: 'box',
      halfExtents: [0.5, 0.5, 0.5],
    });
    for (let s = 0; s < 3; s++) x.step();
    const snapX = x.snapshot();
    const before = b.stateHash();
    expect(() => b.restore(snapX)).toThrow(/shape slot \d+ has no geometry of kind/);
    expect(b.stateHash()).toBe(before);
    b.restore(snapC);
    expect(b.stateHash()).toBe(c.stateHash());
  });
});

describe('snapshots: sleep, islands and independent runs', () => {
  it('a pyramid restored while asleep wakes and sleeps exactly like the original when hit', () => {
    const make = () => {
      const s = rigid3dScene();
      return s;
    };
    const a = make();
    for (let k = 0; k < 150; k++) a.step();
    let asleep = 0;
    for (let i = 0; i < a.world.bodies.count; i++) if (a.world.bodies.awake[i] === 0) asleep++;
    expect(asleep).toBeGreaterThan(5);
    const snap = a.snapshot();
    const hit = (s: ReturnType<typeof make>) => {
      const ball = s.world.createBody({ position: [-4, 1.2, 0], linearVelocity: [8, 0, 0] });
      s.world.createShape(ball, { kind: 'sphere', radius: 0.4 });
    };
    hit(a);
    const ref: string[] = [];
    for (let k = 0; k < 40; k++) {
      a.step();
      ref.push(a.stateHash());
    }
    const b = make();
    b.restore(snap);
    hit(b);
    for (let k = 0; k < 40; k++) {
      b.step();
      expect(b.stateHash(), `step ${k + 1}`).toBe(ref[k]);
    }
  });
  it('two worlds built and stepped alike hash alike at every step', () => {
    for (const [, make] of scenes) {
      const a = make();
      const b = make();
      for (let k = 0; k < 10; k++) {
        a.step();
        b.step();
        expect(a.stateHash()).toBe(b.stateHash());
      }
    }
  });
});
