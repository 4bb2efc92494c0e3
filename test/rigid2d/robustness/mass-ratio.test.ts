/**
 * Box2D v3's high-mass-ratio samples (Catto, Box2D v3 `sample_robustness.cpp`: HighMassRatio1–3,
 * Cart), 60 Hz steps with 4 substeps (the Cart 12), each asserting what the sample is built to
 * show. The figures in the comments are native Box2D v3's on the same scenes.
 */
import { describe, expect, it } from 'vitest';
import { World } from '../../../src/rigid2d/index.js';
import {
  CART_WORLD,
  cart,
  highMassRatio1,
  highMassRatio2,
  highMassRatio3,
  SAMPLE_DT,
} from '../../../src/scene/builders/box2d-samples.js';

describe('rigid2d high mass ratios (Box2D v3 samples)', () => {
  it('HighMassRatio1: three pyramids hold boxes 100, 200 and 300 times as dense dropped on them', () => {
    const world = new World();
    const { boxes, tops } = highMassRatio1(world);
    const start = boxes.map((b) => world.getPosition(b));
    for (let s = 0; s < 600; s++) world.step(SAMPLE_DT);
    let maxDx = 0;
    let maxDy = 0;
    boxes.forEach((b, i) => {
      const p = world.getPosition(b);
      maxDx = Math.max(maxDx, Math.abs(p[0] - start[i]![0]));
      if (!tops.includes(b)) maxDy = Math.max(maxDy, Math.abs(p[1] - start[i]![1]));
    });
    // 2 m boxes: the pyramids splay by 6 cm and settle by 17 cm under the heavy tops
    expect(maxDx).toBeLessThan(0.1);
    expect(maxDy).toBeLessThan(0.25);
    // each heavy box sits on its pyramid's top row (nominally y = 19)
    for (const t of tops) {
      expect(world.getPosition(t)[1]).toBeGreaterThan(18.7);
      expect(Math.abs(world.getAngle(t))).toBeLessThan(0.01);
    }
    expect(boxes.every((b) => !world.isAwake(b))).toBe(true);
  });

  it('HighMassRatio2: two 1 m boxes carry a 20 m box 400 times their mass', () => {
    const world = new World();
    const { small, big } = highMassRatio2(world);
    for (let s = 0; s < 600; s++) world.step(SAMPLE_DT);
    // native Box2D v3: the big box at y = 10.914, the small ones at 0.481 and 0.483
    const p = world.getPosition(big);
    expect(p[1]).toBeGreaterThan(10.85);
    expect(Math.abs(world.getAngle(big))).toBeLessThan(0.01);
    for (const b of small) expect(world.getPosition(b)[1]).toBeGreaterThan(0.45);
  });

  it('HighMassRatio3: two small triangles carry the 20 m box on their tips', () => {
    const world = new World();
    const { small, big } = highMassRatio3(world);
    for (let s = 0; s < 600; s++) world.step(SAMPLE_DT);
    // native Box2D v3: the big box at y = 10.836, the triangles' bases 5 cm into the ground
    const p = world.getPosition(big);
    expect(p[1]).toBeGreaterThan(10.8);
    expect(Math.abs(p[0])).toBeLessThan(0.2);
    expect(Math.abs(world.getAngle(big))).toBeLessThan(0.01);
    for (const b of small) {
      expect(world.getPosition(b)[1]).toBeGreaterThan(-0.06);
      expect(Math.abs(world.getAngle(b))).toBeLessThan(0.01);
    }
  });

  it('Cart: a chassis 318 times its wheels’ mass stands on them, steady, under 22 m/s² gravity', () => {
    const world = new World(CART_WORLD);
    const { chassis, wheels } = cart(world);
    let lo = Infinity;
    let hi = -Infinity;
    for (let s = 1; s <= 600; s++) {
      world.step(SAMPLE_DT);
      if (s > 120) {
        const y = world.getPosition(chassis)[1];
        lo = Math.min(lo, y);
        hi = Math.max(hi, y);
      }
    }
    // wheel centres 0.15 m under the chassis origin, wheels of radius 0.1 on the ground
    for (const w of wheels) expect(world.getPosition(w)[1]).toBeGreaterThan(0.09);
    expect(lo).toBeGreaterThan(0.22);
    // no bounce: the chassis height stays within 1 mm after 2 s
    expect(hi - lo).toBeLessThan(0.001);
    expect(Math.abs(world.getAngle(chassis))).toBeLessThan(0.01);
  });
});
