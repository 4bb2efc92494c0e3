import { describe, expect, it } from 'vitest';
import { boxStack, groundWorld, pyramid3 } from './helpers.js';

describe('rigid3d stacking (soft step, 4 substeps, 60 Hz)', () => {
  it('a 10-box stack stands 60 s and falls asleep', () => {
    const { world } = groundWorld();
    const ids = boxStack(world, 10);
    const top = ids[9]!;
    let asleepAt = -1;
    for (let s = 0; s < 3600; s++) {
      world.step(1 / 60);
      if (asleepAt < 0 && !world.isAwake(top)) asleepAt = world.time;
    }
    const p = world.getPosition(top);
    expect(Math.abs(p[0])).toBeLessThan(0.01);
    expect(Math.abs(p[2])).toBeLessThan(0.01);
    expect(p[1]).toBeGreaterThan(9.45); // 9.5 minus ten contacts' penetration
    expect(asleepAt).toBeGreaterThan(0);
    expect(asleepAt).toBeLessThan(5);
    expect(ids.every((id) => !world.isAwake(id))).toBe(true);
    expect(world.maxPenetration()).toBeLessThan(0.01);
  });

  it('the base-10 pyramid (385 cubes) stands 30 s and falls asleep', () => {
    // sleeping on (the bench runs it with sleeping off): the first half second every body is solved
    const { world } = groundWorld();
    const ids = pyramid3(world, 10);
    expect(ids.length).toBe(385);
    const top = ids[ids.length - 1]!;
    let sleptAt = -1;
    for (let s = 0; s < 1800; s++) {
      world.step(1 / 60);
      if (s < 30) expect(world.lastStep.awakeBodies).toBe(385);
      if (sleptAt < 0 && world.lastStep.awakeBodies === 0) sleptAt = world.time;
    }
    expect(sleptAt).toBeGreaterThan(0.5);
    expect(sleptAt).toBeLessThan(5);
    const p = world.getPosition(top);
    expect(Math.abs(p[0])).toBeLessThan(0.01);
    expect(Math.abs(p[2])).toBeLessThan(0.01);
    expect(p[1]).toBeGreaterThan(9.45);
    expect(world.maxPenetration()).toBeLessThan(0.01);
    expect(ids.every((id) => !world.isAwake(id))).toBe(true);
  });

  it.each([
    ['baumgarte', { positionCorrection: 'baumgarte' as const }],
    ['split-impulse', { positionCorrection: 'split-impulse' as const }],
  ])('a 5-box stack stands 5 s with PGS + %s', (_name, solver) => {
    const { world } = groundWorld({ solver, enableSleep: false });
    const ids = boxStack(world, 5);
    for (let s = 0; s < 300; s++) world.step(1 / 60);
    const p = world.getPosition(ids[4]!);
    // PGS with Baumgarte (1 substep, 10 iterations) jitters the top box by about ±1.5 cm; it stands
    expect(Math.abs(p[0]) + Math.abs(p[2])).toBeLessThan(0.05);
    expect(p[1]).toBeGreaterThan(4.45);
    expect(world.maxPenetration()).toBeLessThan(0.03);
  });

  it('the same scene stepped twice gives identical bits', () => {
    const run = (): number[] => {
      const { world } = groundWorld({ enableSleep: false });
      const ids = pyramid3(world, 3);
      const b = world.createBody({ position: [0.3, 6, 0.2], angularVelocity: [1, 2, 3] });
      world.createShape(b, { kind: 'box', halfExtents: [0.4, 0.3, 0.2] });
      for (let s = 0; s < 120; s++) world.step(1 / 60);
      return [...ids, b].flatMap((id) => [...world.getPosition(id), ...world.getOrientation(id)]);
    };
    expect(run()).toEqual(run());
  });
});
