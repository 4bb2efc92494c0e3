import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { World3 } from '../../../src/rigid3d/index.js';
import { steadyHeapGrowthPerCall } from '../../support/steady-heap.js';

/**
 * "No allocation inside step once warm" with the continuous stage at work: bullet balls bounce at
 * 60–120 m/s between the thin walls of a closed room (restitution 1, no gravity), so every step
 * sweeps them and moves some back to a time of impact. One simulation in this file (see
 * test/mpm/allocation.test.ts), without on-stack replacement.
 *
 * Not zero yet: about 0.9 KB per step remain (2026-12, Node 20). A sampling heap profile puts them
 * in the contact begin/hit events (the packed shape ids are heap numbers) and the sweep's rotation
 * angle (patan2's result); GJK's sub-simplex solves, its search direction and the sweep's sine and
 * cosine no longer cross calls as doubles (they halved the figure from 1.9 KB). The bound catches a
 * stage that allocates per sweep (a sweep object, a closure, an array).
 */
setFlagsFromString('--no-use-osr');

describe('rigid3d continuous stage allocation', () => {
  it('grows the heap by under 2 KB per warm step with a few bullets', () => {
    const w = new World3({ gravity: [0, 0, 0], enableSleep: false });
    const room = w.createBody({ type: 'static' });
    const L = 2;
    const t = 0.01;
    for (let a = 0; a < 3; a++)
      for (const s of [-1, 1]) {
        const p: [number, number, number] = [0, 0, 0];
        const h: [number, number, number] = [L + t, L + t, L + t];
        p[a] = s * (L + t);
        h[a] = t;
        w.createShape(room, { kind: 'box', halfExtents: h, position: p, restitution: 1, friction: 0 });
      }
    const speeds: [number, number, number][] = [
      [120, 31, 7],
      [-90, 60, -20],
      [40, -100, 66],
      [-70, -35, -110],
    ];
    speeds.forEach((v, k) => {
      const b = w.createBody({
        position: [0.5 * k - 0.75, 0.2 * k, -0.1 * k],
        linearVelocity: v,
        bullet: true,
      });
      w.createShape(b, { kind: 'sphere', radius: 0.05, restitution: 1, friction: 0 });
    });
    let moved = 0;
    const step = (): void => {
      w.step(1 / 60);
      moved += w.lastStep.continuousMoved;
    };
    const perStep = steadyHeapGrowthPerCall(step, { warm: 300, calls: 30, bound: 2048 });
    expect(moved).toBeGreaterThan(100);
    expect(perStep).toBeLessThan(2048);
  });
});
