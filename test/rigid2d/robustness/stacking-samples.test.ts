/**
 * Box2D v3's stacking samples (Catto, Box2D v3 `sample_robustness.cpp`, `sample_stacking.cpp`:
 * OverlapRecovery, TinyPyramid, VerticalStack and the bullet fired into it, CardHouse), 60 Hz
 * steps with 4 substeps, each asserting what the sample is built to show. The figures in the
 * comments are native Box2D v3's on the same scenes.
 */
import { describe, expect, it } from 'vitest';
import { World } from '../../../src/rigid2d/index.js';
import {
  cardHouse,
  fireVerticalStackBullet,
  overlapRecovery,
  SAMPLE_DT,
  tinyPyramid,
  verticalStack,
} from '../../../src/scene/builders/box2d-samples.js';

describe('rigid2d stacking samples (Box2D v3)', () => {
  it('OverlapRecovery: boxes started a quarter into each other come apart gently and settle', () => {
    const world = new World();
    const { boxes } = overlapRecovery(world);
    const slop = world.solver.slop;
    let maxSpeed = 0;
    let asleepAt = -1;
    for (let s = 1; s <= 180; s++) {
      world.step(SAMPLE_DT);
      for (const b of boxes) {
        const v = world.getLinearVelocity(b);
        maxSpeed = Math.max(maxSpeed, Math.hypot(v[0], v[1]));
      }
      if (s === 60) expect(world.maxPenetration()).toBeLessThan(slop);
      if (asleepAt < 0 && boxes.every((b) => !world.isAwake(b))) asleepAt = s * SAMPLE_DT;
    }
    // pushed out by the soft contacts no faster than the push-out limit (3 m/s): no box is thrown
    expect(maxSpeed).toBeLessThan(3.2);
    expect(asleepAt).toBeGreaterThan(0);
    expect(asleepAt).toBeLessThan(2);
    // the pyramid stands: the top box is still the highest
    const ys = boxes.map((b) => world.getPosition(b)[1]);
    expect(Math.max(...ys)).toBe(ys[ys.length - 1]);
  });

  it('TinyPyramid: a pyramid of 465 boxes of 5 cm stands and sleeps', () => {
    const world = new World();
    const { boxes } = tinyPyramid(world);
    const start = boxes.map((b) => world.getPosition(b));
    for (let s = 0; s < 300; s++) world.step(SAMPLE_DT);
    let maxDx = 0;
    boxes.forEach((b, i) => {
      maxDx = Math.max(maxDx, Math.abs(world.getPosition(b)[0] - start[i]![0]));
    });
    // it keeps its shape: no box moves sideways by half its width (2.1 cm; native Box2D v3: 1.9 cm)
    expect(maxDx).toBeLessThan(0.025);
    // the top box settles with the soft contacts of 30 rows: native Box2D v3 to y = 1.408
    expect(world.getPosition(boxes[boxes.length - 1]!)[1]).toBeGreaterThan(1.4);
    expect(boxes.every((b) => !world.isAwake(b))).toBe(true);
  });

  it('VerticalStack: 12 rounded boxes, shifted ±1 cm in turn, stand and sleep', () => {
    const world = new World();
    const { boxes } = verticalStack(world);
    const start = boxes.map((b) => world.getPosition(b));
    let asleepAt = -1;
    for (let s = 1; s <= 600; s++) {
      world.step(SAMPLE_DT);
      if (asleepAt < 0 && boxes.every((b) => !world.isAwake(b))) asleepAt = s * SAMPLE_DT;
    }
    let maxDx = 0;
    boxes.forEach((b, i) => {
      maxDx = Math.max(maxDx, Math.abs(world.getPosition(b)[0] - start[i]![0]));
    });
    expect(maxDx).toBeLessThan(0.005);
    expect(world.getPosition(boxes[11]!)[1]).toBeGreaterThan(11.4);
    expect(asleepAt).toBeGreaterThan(0);
    expect(asleepAt).toBeLessThan(3);
  });

  it('VerticalStack hit by a bullet: the 200–300 m/s ball knocks the stack, nothing passes the wall or the ground', () => {
    for (const seed of [1, 2, 3]) {
      const world = new World();
      const { boxes } = verticalStack(world);
      for (let s = 0; s < 60; s++) world.step(SAMPLE_DT);
      const { bullet } = fireVerticalStackBullet(world, seed);
      const start = boxes.map((b) => world.getPosition(b));
      let maxX = -Infinity;
      let minY = Infinity;
      for (let s = 0; s < 300; s++) {
        world.step(SAMPLE_DT);
        for (const b of [...boxes, bullet]) {
          const p = world.getPosition(b);
          maxX = Math.max(maxX, p[0]);
          minY = Math.min(minY, p[1]);
        }
      }
      // the wall is at x = 10: no centre passes it, and at the end the bullet (radius 0.25) and the
      // boxes (half size 0.5) are out of it (a box thrown at the wall dips into it for a step)
      expect(maxX).toBeLessThan(10);
      const slop = world.solver.slop;
      expect(world.getPosition(bullet)[0]).toBeLessThan(10 - 0.25 + slop);
      for (const b of boxes) expect(world.getPosition(b)[0]).toBeLessThan(10 - 0.5 + slop);
      // (the bullet may end under a box, pressed 1–2 cm into the ground line, but never through it)
      expect(minY).toBeGreaterThan(0.2);
      // it hit the stack: the boxes around its height were thrown along +x
      const moved = boxes.filter((b, i) => world.getPosition(b)[0] - start[i]![0] > 0.5).length;
      expect(moved).toBeGreaterThan(0);
    }
  });

  it('CardHouse: five storeys of 2 mm cards settle within 5 cm and sleep within 1.5 s', () => {
    const world = new World();
    const { cards } = cardHouse(world);
    const start = cards.map((b) => world.getPosition(b));
    let asleepAt = -1;
    let maxMove = 0;
    for (let s = 1; s <= 300; s++) {
      world.step(SAMPLE_DT);
      cards.forEach((b, i) => {
        const p = world.getPosition(b);
        maxMove = Math.max(maxMove, Math.hypot(p[0] - start[i]![0], p[1] - start[i]![1]));
      });
      if (asleepAt < 0 && cards.every((b) => !world.isAwake(b))) asleepAt = s * SAMPLE_DT;
    }
    // measured 3.5 cm and 0.82 s (native Box2D v3: 3.8 cm, 0.88 s)
    expect(maxMove).toBeLessThan(0.05);
    expect(asleepAt).toBeGreaterThan(0);
    expect(asleepAt).toBeLessThan(1.5);
  });
});
