/** Shared checks of the snapshot tests: bit-identical continuation after a restore, and rejection of damaged bytes. */
import { expect } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { Prng } from '../../src/math/prng.js';

/** What these checks need of a sim. */
export interface SnapSim {
  snapshot(): Uint8Array;
  restore(bytes: Uint8Array): void;
  stateHash(): string;
}

/**
 * Runs `k` steps of `a`, snapshots, runs `n` more hashing each; restores the snapshot into `a` and
 * into a fresh `make()`, runs `n` steps of each: the hashes agree at every step.
 */
export function expectBitIdentical<S extends SnapSim>(
  make: () => S,
  step: (s: S) => void,
  k: number,
  n: number,
): S {
  const a = make();
  for (let s = 0; s < k; s++) step(a);
  const bytes = a.snapshot();
  const h0 = a.stateHash();
  const ref: string[] = [];
  for (let s = 0; s < n; s++) {
    step(a);
    ref.push(a.stateHash());
  }
  expect(ref[n - 1]).not.toBe(h0);
  const b = make();
  for (const sim of [a, b]) {
    sim.restore(bytes);
    expect(sim.stateHash()).toBe(h0);
    expect(sim.snapshot()).toEqual(bytes);
    for (let s = 0; s < n; s++) {
      step(sim);
      expect(sim.stateHash()).toBe(ref[s]);
    }
  }
  return a;
}

/** 100 random truncations and 100 single-byte flips of `bytes` are each a PhysicsError and leave `sim` unchanged. */
export function expectDamageRejected(sim: SnapSim, bytes: Uint8Array): void {
  const before = sim.stateHash();
  const rng = new Prng(7);
  let rejected = 0;
  for (let t = 0; t < 200; t++) {
    let bad: Uint8Array;
    if (t < 100) bad = bytes.slice(0, rng.int(bytes.length));
    else {
      bad = bytes.slice();
      const i = rng.int(bad.length);
      bad[i] = bad[i]! ^ (1 + rng.int(255));
    }
    try {
      sim.restore(bad);
    } catch (e) {
      if (e instanceof PhysicsError) rejected++;
      else throw e;
    }
  }
  expect(rejected).toBe(200);
  expect(sim.stateHash()).toBe(before);
}
