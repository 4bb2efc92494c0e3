import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { createRagdoll3, World3 } from '../../src/rigid3d/index.js';
import { steadyHeapGrowthPerCall } from '../support/steady-heap.js';

/**
 * The whole step of a small ragdoll pile allocates nothing once warm: capsule–box (closed form),
 * capsule–capsule, sphere–capsule and box–box contacts with their manifolds, and the cone-twist and
 * hinge joints. The capsule pairs used to box their numbers (the eight of the closest-point contact
 * handed to a call, a bounding-sphere radius merged from two branches, a segment's ends): about
 * 200 KB per step on the bench's 100 ragdolls, and 319 KB per step here with inlining off (the
 * figure this test measured before the fix). One simulation per file (see steady-heap.ts), without
 * on-stack replacement.
 */
setFlagsFromString('--no-use-osr');
// inlining off: what a step allocates must not depend on which calls the optimiser inlined
setFlagsFromString('--no-turbo-inlining');

describe('rigid3d ragdoll pile allocation', () => {
  it('12 ragdolls dropped in a heap: under 2 KB per warm whole step', () => {
    const w = new World3({ enableSleep: false });
    const g = w.createBody({ type: 'static' });
    w.createShape(g, { kind: 'box', halfExtents: [20, 0.5, 20], position: [0, -0.5, 0] });
    for (let k = 0; k < 12; k++) {
      createRagdoll3(w, {
        position: [((k % 3) - 1) * 0.5, 0.2 + 0.45 * k, ((k % 2) - 0.5) * 0.4],
        maxFrictionTorque: 0,
      });
    }
    const growth = steadyHeapGrowthPerCall(() => w.step(1 / 60), {
      warm: 300,
      calls: 10,
      windows: 12,
      bound: 2048,
    });
    // a pile: the limbs touch the ground and each other
    expect(w.lastStep.activeContacts).toBeGreaterThan(40);
    expect(growth).toBeLessThan(2048);
  });
});
