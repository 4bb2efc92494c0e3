/** The fixed-step runner: display-rate independence, the catch-up cap, pause and single step. */
import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { World } from '../../src/rigid2d/world.js';
import { FixedStepRunner } from '../../src/sim/fixed-step.js';

function tumbler() {
  const world = new World({ gravity: [0, -10] });
  const ground = world.createBody({ type: 'static' });
  world.createShape(ground, { kind: 'box', halfWidth: 10, halfHeight: 0.5, center: [0, -0.5] });
  for (let i = 0; i < 6; i++) {
    const b = world.createBody({ position: [0.1 * i, 1 + 1.1 * i], angle: 0.2 * i });
    world.createShape(b, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5 });
  }
  return world;
}

function stateOf(world: World): number[] {
  const out = new Float64Array(3 * world.bodyCount);
  world.readTransforms(out);
  return Array.from(out);
}

describe('FixedStepRunner', () => {
  it('60, 120 and 144 Hz displays see the same states at the same times', () => {
    const dt = 1 / 60;
    const states: number[][][] = [];
    for (const hz of [60, 120, 144]) {
      const world = tumbler();
      const runner = new FixedStepRunner({ dt, step: () => world.step(dt) });
      const seen: number[][] = [];
      // 3 s of frames; record the state at every whole half second (a step boundary for all three)
      for (let f = 1; f <= 3 * hz; f++) {
        runner.advance(1 / hz);
        if ((f * 2) % hz === 0) {
          expect(runner.stepsTaken).toBe((f / hz) * 60);
          expect(runner.alpha).toBeLessThan(1e-6);
          seen.push(stateOf(world));
        }
      }
      expect(runner.stepsTaken).toBe(180);
      states.push(seen);
    }
    expect(states[1]).toEqual(states[0]);
    expect(states[2]).toEqual(states[0]);
  });

  it('alpha is the fraction of a step since the last one', () => {
    let n = 0;
    const runner = new FixedStepRunner({ dt: 0.1, step: () => n++ });
    runner.advance(0.25);
    expect(n).toBe(2);
    expect(runner.alpha).toBeCloseTo(0.5, 12);
    runner.advance(0.05);
    expect(n).toBe(3);
    expect(runner.alpha).toBeCloseTo(0, 9);
    for (let i = 0; i < 1000; i++) {
      runner.advance(0.0137);
      expect(runner.alpha).toBeGreaterThanOrEqual(0);
      expect(runner.alpha).toBeLessThan(1);
    }
    // round-off never adds or loses a step: 0.3 + 1000 × 0.0137 = 14 s → 140 steps
    expect(n).toBe(140);
  });

  it('caps the catch-up and drops the excess time', () => {
    let n = 0;
    const runner = new FixedStepRunner({ dt: 1 / 60, step: () => n++, maxStepsPerFrame: 8 });
    expect(runner.advance(1)).toBe(8);
    expect(runner.droppedSteps).toBe(52);
    expect(runner.advance(1 / 60)).toBe(1);
    expect(n).toBe(9);
    expect(runner.time).toBeCloseTo(9 / 60, 12);
  });

  it('pause stops time, singleStep advances exactly one step, resume does not catch up', () => {
    let n = 0;
    const before: number[] = [];
    const runner = new FixedStepRunner({ dt: 0.1, step: () => n++, beforeStep: () => before.push(n) });
    runner.advance(0.3);
    runner.pause();
    expect(runner.paused).toBe(true);
    expect(runner.advance(5)).toBe(0);
    runner.singleStep();
    runner.singleStep();
    expect(n).toBe(5);
    runner.resume();
    expect(runner.advance(0.1)).toBe(1);
    expect(n).toBe(6);
    expect(before).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('rejects bad options and times', () => {
    const step = () => {};
    expect(() => new FixedStepRunner({ dt: 0, step })).toThrow(PhysicsError);
    expect(() => new FixedStepRunner({ dt: Number.NaN, step })).toThrow(/dt/);
    expect(() => new FixedStepRunner({ dt: 0.1, step, maxStepsPerFrame: 0 })).toThrow(/maxStepsPerFrame/);
    const r = new FixedStepRunner({ dt: 0.1, step });
    expect(() => r.advance(-1)).toThrow(/elapsed/);
    expect(() => r.advance(Number.POSITIVE_INFINITY)).toThrow(/elapsed/);
  });
});
