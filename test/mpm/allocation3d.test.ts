import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { MpmSim3D } from '../../src/mpm/mpm3d.js';
import { steadyHeapGrowthPerCall } from '../support/steady-heap.js';

/**
 * "No allocation inside step once warm" for the 3D MLS-MPM: jelly, snow, sand and fluid in one box,
 * one simulation in this file, without on-stack replacement (see allocation.test.ts).
 */
setFlagsFromString('--no-use-osr');
// and without inlining: the step must box no double even when the compiler leaves every call out of
// line, so what it allocates does not depend on which function the (load-dependent, concurrent)
// compiler optimised first (CI once measured 16 KB per step here that no local run showed; the
// Hencky strain's scalar plog and its clamp boxed up to 48 bytes per sand particle when left out of
// line — with inlining off, the old code fails this test every time).
setFlagsFromString('--no-turbo-inlining');

describe('MpmSim3D step allocation', () => {
  it('allocates nothing per warm step (jelly, snow, sand, fluid)', () => {
    const sim = new MpmSim3D({ resolution: 16, dt: 3e-4 });
    const j = sim.addMaterial({ kind: 'jelly', youngsModulus: 1e4, viscosity: 5 });
    const s = sim.addMaterial({ kind: 'snow', youngsModulus: 1e4, density: 400 });
    const d = sim.addMaterial({ kind: 'sand', youngsModulus: 1e5, density: 1500 });
    const f = sim.addMaterial({ kind: 'fluid', youngsModulus: 4e3 });
    sim.addBox(0.2, 0.2, 0.2, 0.45, 0.45, 0.45, j);
    sim.addBox(0.55, 0.2, 0.2, 0.8, 0.45, 0.45, s, { velocity: [0, -2, 0] });
    sim.addBox(0.2, 0.2, 0.55, 0.45, 0.45, 0.8, d);
    sim.addBox(0.55, 0.2, 0.55, 0.8, 0.45, 0.8, f);
    const perStep = steadyHeapGrowthPerCall(() => sim.step(), { warm: 200, calls: 20, bound: 64 });
    expect(perStep).toBeLessThan(64);
  });
});
