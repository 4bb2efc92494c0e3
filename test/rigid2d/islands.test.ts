import { describe, expect, it } from 'vitest';
import type { World } from '../../src/rigid2d/index.js';
import { groundWorld, stack } from './helpers.js';

const dt = 1 / 60;

/** A frictionless box sliding on the ground at `vx`, starting at x. */
function slider(world: World, x: number, vx: number): number {
  const id = world.createBody({ position: [x, 0.5], linearVelocity: [vx, 0] });
  world.createShape(id, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5, friction: 0 });
  return id;
}

describe('rigid2d persistent islands (merge on touch, lazy split, sleep per island)', () => {
  it('a body that touched a stack and left it does not keep the stack awake: the island splits and the stack sleeps alone', () => {
    const { world } = groundWorld();
    const ids = stack(world, 3);
    // touching the bottom box's side, sliding away forever (frictionless)
    const c = slider(world, -1, -1);
    world.step(dt);
    expect(world.getIslandId(c)).toBe(world.getIslandId(ids[0]!)); // merged on touch
    let stackAsleepAt = -1;
    for (let s = 1; s < 240 && stackAsleepAt < 0; s++) {
      world.step(dt);
      if (ids.every((id) => !world.isAwake(id))) stackAsleepAt = s * dt;
    }
    expect(stackAsleepAt).toBeGreaterThan(0.5);
    expect(stackAsleepAt).toBeLessThan(2);
    expect(world.isAwake(c)).toBe(true);
    expect(world.getLinearVelocity(c)[0]).toBeCloseTo(-1, 6);
    expect(world.getIslandId(c)).not.toBe(world.getIslandId(ids[0]!));
    // the parts are independent: pushing the slider does not wake the stack
    world.applyForce(c, [-1, 0]);
    world.step(dt);
    expect(ids.every((id) => !world.isAwake(id))).toBe(true);
  });

  it('two stacks joined by a bridging box form one island; when it is lifted away they sleep separately', () => {
    const { world } = groundWorld();
    const left = stack(world, 2);
    const right = world.createBody({ position: [1.5, 0.5] });
    world.createShape(right, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5 });
    const right2 = world.createBody({ position: [1.5, 1.5] });
    world.createShape(right2, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5 });
    for (let s = 0; s < 10; s++) world.step(dt);
    expect(world.getIslandId(left[0]!)).not.toBe(world.getIslandId(right));
    // a plank across both stacks joins them
    const plank = world.createBody({ position: [0.75, 2.5] });
    world.createShape(plank, { kind: 'box', halfWidth: 1.2, halfHeight: 0.5 });
    for (let s = 0; s < 5; s++) world.step(dt);
    const joined = world.getIslandId(plank);
    expect(world.getIslandId(left[1]!)).toBe(joined);
    expect(world.getIslandId(right2)).toBe(joined);
    // lift the plank away and hold it up; the stacks settle and each falls asleep as its own island
    world.setTransform(plank, [20, 5], 0);
    world.setLinearVelocity(plank, [0, 0]);
    let asleep = false;
    for (let s = 0; s < 240 && !asleep; s++) {
      world.step(dt);
      asleep = [...left, right, right2].every((id) => !world.isAwake(id));
    }
    expect(asleep).toBe(true);
    expect(world.getIslandId(left[0]!)).not.toBe(world.getIslandId(right));
    expect(world.getIslandId(left[0]!)).toBe(world.getIslandId(left[1]!));
    expect(world.getIslandId(right)).toBe(world.getIslandId(right2));
    // waking one stack leaves the other asleep
    world.setAwake(right, true);
    expect(world.isAwake(right2)).toBe(true);
    expect(world.isAwake(left[0]!)).toBe(false);
    expect(world.isAwake(left[1]!)).toBe(false);
  });

  it('island ids persist across steps while the island lasts, and a whole island is put to sleep together', () => {
    const { world } = groundWorld({ enableSleep: false });
    const ids = stack(world, 4);
    world.step(dt);
    const id = world.getIslandId(ids[0]!);
    for (let s = 0; s < 60; s++) {
      world.step(dt);
      for (const b of ids) expect(world.getIslandId(b)).toBe(id);
    }
    world.setAwake(ids[2]!, false);
    expect(ids.every((b) => !world.isAwake(b))).toBe(true);
  });
});
