import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { World } from '../../src/rigid2d/index.js';
import { steadyHeapGrowthPerCall } from '../support/steady-heap.js';

/**
 * "No allocation inside step once warmed up" (docs/design.md) with joints: a hanging chain of 100
 * revolute links (limits on, a holding motor at the top) plus a prismatic slider and a weld,
 * sleeping off, measured like allocation.test.ts — the least heap growth per step over the windows
 * free of garbage collection. The scene hangs at rest: a moving body's broadphase proxy update
 * boxes its arguments (world.ts), which this test does not judge.
 */
setFlagsFromString('--no-use-osr');

describe('rigid2d step allocation with joints', () => {
  it('a warm 100-link chain: heap grows by under 40 bytes per joint and step', () => {
    const world = new World({ gravity: [0, -10], enableSleep: false });
    const ground = world.createBody({ type: 'static' });
    let prev = ground;
    for (let i = 0; i < 100; i++) {
      const link = world.createBody({ position: [0, -0.5 * i - 0.25], angle: -Math.PI / 2 });
      world.createShape(link, { kind: 'box', halfWidth: 0.25, halfHeight: 0.05, density: 1 });
      world.createJoint({
        kind: 'revolute',
        bodyA: prev,
        bodyB: link,
        localAnchorA: i === 0 ? [0, 0] : [0.25, 0],
        localAnchorB: [-0.25, 0],
        referenceAngle: i === 0 ? -Math.PI / 2 : 0,
        enableLimit: i > 0,
        lowerAngle: -1,
        upperAngle: 1,
        enableMotor: i === 0,
        motorSpeed: 0,
        maxMotorTorque: 10,
      });
      prev = link;
    }
    const slider = world.createBody({ position: [-3, 0] });
    world.createShape(slider, { kind: 'box', halfWidth: 0.2, halfHeight: 0.2, density: 1 });
    world.createJoint({
      kind: 'prismatic',
      bodyA: ground,
      bodyB: slider,
      localAxisA: [0, 1],
      localAnchorA: [-3, 0],
      enableLimit: true,
      lowerTranslation: -0.5,
      upperTranslation: 0,
    });
    const welded = world.createBody({ position: [-3, 1] });
    world.createShape(welded, { kind: 'circle', radius: 0.2, density: 1 });
    world.createJoint({ kind: 'weld', bodyA: slider, bodyB: welded, localAnchorA: [0, 1] });
    // measured in rounds until the step is optimised (test/support/steady-heap.ts)
    const least = steadyHeapGrowthPerCall(() => world.step(1 / 60), {
      warm: 200,
      calls: 20,
      windows: 12,
      bound: 40 * 102,
    });
    // measured: about 3.2 KB per step for the 102 joints (≈ 31 bytes per joint and step after 200
    // steps: functions called once a step — the prismatic and weld joints' prepare and readout,
    // the contact passes with no contact — still run unoptimised and box their numbers; after
    // 3,000 steps it is ≈ 5 bytes, see perf-joints-allocation.test.ts) — bounded here so it cannot
    // grow unnoticed
    expect(least).toBeLessThan(40 * 102);
    expect(world.jointCount).toBe(102);
  });
});
