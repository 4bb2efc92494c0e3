import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { World3 } from '../../../src/rigid3d/index.js';
import type { BodyId3 } from '../../../src/rigid3d/types.js';
import { steadyHeapGrowthPerCall } from '../../support/steady-heap.js';

/**
 * A warm 3D step with 100 joints allocates nothing per joint: a swinging chain of 100 hinges
 * (sleeping off, so every joint is solved every substep). The figure includes the step profile's
 * clock reads and the contact events of the chain's neighbouring links (a few hundred bytes per
 * step); one boxed double per body and substep (the portable sine of the rotation update was one,
 * about 13 KB per step here) would be far over the bound. One simulation per file (steady-heap.ts).
 */
setFlagsFromString('--no-use-osr');

describe('rigid3d joints: no allocation per warm step', () => {
  it('a swinging chain of 100 hinges: under 20 bytes per joint and step', () => {
    const w = new World3({ enableSleep: false });
    let prev: BodyId3 = w.createBody({ type: 'static' });
    for (let i = 0; i < 100; i++) {
      const b = w.createBody({ position: [(i + 1) * 0.1, 0, 0] });
      w.createShape(b, { kind: 'sphere', radius: 0.04, density: 1000 });
      w.createJoint({ kind: 'hinge', bodyA: prev, bodyB: b, anchor: [i * 0.1, 0, 0], axis: [0, 0, 1] });
      prev = b;
    }
    const growth = steadyHeapGrowthPerCall(() => w.step(1 / 60), {
      warm: 300,
      calls: 5,
      windows: 20,
      bound: 2000,
    });
    expect(w.jointCount).toBe(100);
    expect(growth).toBeLessThan(2000);
  });
});
