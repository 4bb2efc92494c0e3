import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { World } from '../../src/rigid2d/index.js';
import { steadyHeapGrowthPerCall } from '../support/steady-heap.js';

/**
 * "No allocation inside step once warmed up" (docs/design.md) for the joint solver, warm in the
 * full sense: the 100-link chain of joints-allocation.test.ts (limits, a holding motor, a prismatic
 * slider and a weld) after 3,000 steps, when even the functions called once a step (a lone
 * prismatic or weld joint's prepare and readout, the joint softness) run optimised. The heap may
 * grow only by what the measurement itself allocates (process.memoryUsage returns a new object per
 * call): under 10 bytes per joint and step.
 */
setFlagsFromString('--no-use-osr');

describe('rigid2d joints: no allocation per step once warm', () => {
  it('a 100-link chain after 3,000 steps: heap grows by under 10 bytes per joint and step', () => {
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
      warm: 3000,
      calls: 20,
      windows: 12,
      bound: 10 * 102,
    });
    // measured ≈ 5 bytes per joint and step (≈ 500 B per step, most of it the measurement's own objects)
    expect(least).toBeLessThan(10 * 102);
    expect(world.jointCount).toBe(102);
  });
});
