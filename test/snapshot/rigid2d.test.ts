import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { World } from '../../src/rigid2d/world.js';
import { bullets2, chain2, jointed2, pyramid2, type Scene2, sleeping2 } from './rigid2d-scenes.js';

/** Runs k steps, snapshots, records n hashes; restores into a new world and into the same one: the same hashes every step. */
function roundTrip(make: () => Scene2, k: number, n: number, during?: (a: Scene2) => void): void {
  const a = make();
  for (let s = 0; s < k; s++) a.step();
  const snap = a.snapshot();
  const h0 = a.stateHash();
  const ref: string[] = [];
  for (let s = 0; s < n; s++) {
    a.step();
    ref.push(a.stateHash());
  }
  expect(ref[n - 1]).not.toBe(h0);
  during?.(a);

  const fresh = make();
  fresh.step(); // a different state first: the restore must replace all of it
  fresh.restore(snap);
  expect(fresh.stateHash()).toBe(h0);
  // the events of the step before the restore belong to the other timeline
  for (const list of Object.values(fresh.world.events())) expect(list).toHaveLength(0);
  for (let s = 0; s < n; s++) {
    fresh.step();
    expect(fresh.stateHash(), `new world, step ${s + 1} after the restore`).toBe(ref[s]);
  }
  expect(fresh.world.readTransforms(new Float64Array(3 * fresh.world.bodyCount))).toBe(a.world.bodyCount);

  a.restore(snap);
  expect(a.stateHash()).toBe(h0);
  expect(Buffer.from(a.snapshot()).equals(Buffer.from(snap))).toBe(true);
  for (let s = 0; s < n; s++) {
    a.step();
    expect(a.stateHash(), `same world, step ${s + 1} after the restore`).toBe(ref[s]);
  }
}

describe('rigid2d snapshots: a restored world continues bit-identically (textbook §26.5)', () => {
  it('a pyramid of 55 boxes hit by a ball (contacts, warm starts, recycled manifolds)', () => {
    roundTrip(() => pyramid2(10), 30, 40);
  });

  it('every joint kind, a motor and a joint that breaks after the snapshot', () => {
    const joints = jointed2().world.jointCount;
    roundTrip(jointed2, 30, 30, (a) => {
      // the breakable joint broke after the snapshot in the reference run
      expect(a.world.jointCount).toBe(joints - 1);
    });
  });

  it('a scene asleep (islands, sleep timers, free slots) woken by a body created after the restore', () => {
    const a = sleeping2();
    for (let k = 0; k < 150; k++) a.step();
    let asleep = 0;
    for (let i = 0; i < a.world.bodies.count; i++) {
      if (a.world.bodies.alive[i] && a.world.bodies.type[i] === 2 && !a.world.bodies.awake[i]) asleep++;
    }
    expect(asleep).toBeGreaterThan(8);
    const snap = a.snapshot();
    const hit = (s: Scene2) => {
      const ball = s.world.createBody({ position: [-10, 1], linearVelocity: [10, 0] });
      s.world.createShape(ball, { kind: 'circle', radius: 0.4 });
    };
    hit(a);
    const ref: string[] = [];
    for (let k = 0; k < 40; k++) {
      a.step();
      ref.push(a.stateHash());
    }
    const b = sleeping2();
    b.restore(snap);
    hit(b); // takes the same free slot, with the same generation
    for (let k = 0; k < 40; k++) {
      b.step();
      expect(b.stateHash(), `step ${k + 1}`).toBe(ref[k]);
    }
    expect(b.world.bodyIds()).toEqual(a.world.bodyIds().map((id) => b.world.bodyId(a.world.bodySlot(id))));
  });

  it('bullets and a fast circle against thin walls (continuous collision)', () => {
    roundTrip(bullets2, 3, 30);
  });

  it('a chain ground, a kinematic paddle and a sensor', () => {
    roundTrip(chain2, 40, 40);
  });

  it('an empty world', () => {
    const a = new World();
    const b = new World({ gravity: [3, 0] });
    b.restore(a.snapshot());
    expect(b.stateHash()).toBe(a.stateHash());
    expect(b.gravityX).toBe(0);
  });

  it('settings that change the step travel with the snapshot', () => {
    const a = pyramid2(4);
    a.world.setGravity([1, -7]);
    a.world.setSolver({ substeps: 6, contactHertz: 25 });
    a.world.speculativeDistance = 0.02;
    a.world.aabbMargin = 0.05;
    a.world.timeToSleep = 0.3;
    for (let k = 0; k < 5; k++) a.step();
    const snap = a.snapshot();
    const b = pyramid2(4);
    b.restore(snap);
    expect(b.world.gravityX).toBe(1);
    expect(b.world.solver.substeps).toBe(6);
    expect(b.world.solver.contactHertz).toBe(25);
    expect(b.world.speculativeDistance).toBe(0.02);
    expect(b.world.aabbMargin).toBe(0.05);
    expect(b.world.broadphase.margin).toBe(0.05);
    expect(b.world.timeToSleep).toBe(0.3);
    for (let k = 0; k < 10; k++) {
      a.step();
      b.step();
      expect(b.stateHash()).toBe(a.stateHash());
    }
  });
});

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

describe('rigid2d snapshots: 200 truncations and 200 byte flips each rejected, the world untouched', () => {
  for (const [name, make, seed] of [
    ['pyramid', () => pyramid2(5), 11],
    ['jointed scene', jointed2, 12],
  ] as const) {
    it(name, () => {
      const w = make();
      for (let s = 0; s < 10; s++) w.step();
      const snap = w.snapshot();
      const target = make();
      target.step();
      const before = target.stateHash();
      const r = rng(seed);
      for (let t = 0; t < 200; t++) {
        const cut = snap.slice(0, Math.floor(r() * snap.length));
        expect(() => target.restore(cut)).toThrow(PhysicsError);
      }
      for (let t = 0; t < 200; t++) {
        const badBytes = snap.slice();
        const at = Math.floor(r() * badBytes.length);
        badBytes[at] = badBytes[at]! ^ (1 + Math.floor(r() * 255));
        let err: unknown = null;
        try {
          target.restore(badBytes);
        } catch (e) {
          err = e;
        }
        expect(err, `byte ${at} flipped`).toBeInstanceOf(PhysicsError);
        expect((err as Error).message).toMatch(/^snapshot: /);
      }
      expect(target.stateHash()).toBe(before);
      target.restore(snap);
      expect(target.stateHash()).toBe(w.stateHash());
    });
  }
});

describe('rigid2d snapshots: wrong version, wrong kind, another world', () => {
  it('a newer format version and another kind are refused', () => {
    const a = pyramid2(3);
    const snap = a.snapshot();
    const newer = snap.slice();
    new DataView(newer.buffer).setUint32(4, 2, true);
    const before = a.stateHash();
    expect(() => a.restore(newer)).toThrow(/format version 2, this build reads version 1/);
    expect(() => a.restore(a.world.dynamicSnapshot())).toThrow(
      /"rigid2d.dynamic" snapshot cannot be restored into a rigid2d world/,
    );
    expect(() => a.world.restoreDynamic(snap)).toThrow(/"rigid2d" snapshot cannot be restored/);
    expect(a.stateHash()).toBe(before);
  });

  it('a world built with other shapes is refused before anything changes', () => {
    const a = pyramid2(3);
    const b = pyramid2(3);
    b.world.createShape(b.world.createBody({ position: [9, 1] }), { kind: 'circle', radius: 0.5 });
    const c = pyramid2(3);
    c.world.createShape(c.world.createBody({ position: [9, 1] }), { kind: 'circle', radius: 0.25 });
    const before = a.stateHash();
    expect(() => a.restore(b.snapshot())).toThrow(/shape slot \d+ has no geometry of kind/);
    expect(() => c.restore(b.snapshot())).toThrow(/radius 0.5/);
    expect(a.stateHash()).toBe(before);
  });
});

describe('rigid2d state hash', () => {
  it('two worlds built and stepped alike hash alike at every step; a one-bit change is seen', () => {
    const a = jointed2();
    const b = jointed2();
    for (let k = 0; k < 10; k++) {
      a.step();
      b.step();
      expect(a.stateHash()).toBe(b.stateHash());
    }
    const i = a.world.bodies.count - 1;
    const buf = new Float64Array([a.world.bodies.vx[i]!]);
    new Uint32Array(buf.buffer)[0]! ^= 1;
    a.world.bodies.vx[i] = buf[0]!;
    expect(a.stateHash()).not.toBe(b.stateHash());
  });
});

describe('snapshot container: the checksum of the first builds still loads', () => {
  /** The two-lane checksum the first builds of format version 1 wrote. */
  function legacy(words: Uint32Array, n: number): [number, number] {
    let a = (0x811c9dc5 ^ n) | 0;
    let b = (0x9747b28c ^ Math.imul(n, 0x27d4eb2f)) | 0;
    for (let i = 0; i < n; i++) {
      a = Math.imul(a ^ words[i]!, 0x01000193);
      b = Math.imul(b ^ words[i]!, 0x5bd1e995);
      b ^= b >>> 13;
    }
    a ^= a >>> 16;
    a = Math.imul(a, 0x85ebca6b);
    a ^= a >>> 13;
    b = Math.imul(b ^ (b >>> 16), 0xc2b2ae35);
    b ^= b >>> 16;
    return [a >>> 0, b >>> 0];
  }
  it('a snapshot with the old checksum restores; with neither checksum it is refused', () => {
    const a = pyramid2(3);
    for (let k = 0; k < 5; k++) a.step();
    const snap = a.snapshot();
    const old = snap.slice();
    const dv = new DataView(old.buffer);
    const [h1, h2] = legacy(new Uint32Array(old.buffer), (old.length - 8) >> 2);
    dv.setUint32(old.length - 8, h1, true);
    dv.setUint32(old.length - 4, h2, true);
    expect(Buffer.from(old).equals(Buffer.from(snap))).toBe(false);
    const b = pyramid2(3);
    b.restore(old);
    expect(b.stateHash()).toBe(a.stateHash());
    dv.setUint32(old.length - 4, h2 ^ 1, true);
    expect(() => b.restore(old)).toThrow(/checksum mismatch/);
    // an unaligned copy is read from a private aligned copy, and gives the same world
    const shifted = new Uint8Array(snap.length + 4);
    shifted.set(snap, 4);
    const c = pyramid2(3);
    c.restore(shifted.subarray(4));
    expect(c.stateHash()).toBe(a.stateHash());
  });
});
